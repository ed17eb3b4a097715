"""Coroutines: their type, name, that they are not iterable, and await of what is not awaitable."""
import asyncio


async def double(x):
    return 2 * x


async def main():
    coroutine = double(4)
    print(type(coroutine).__name__, coroutine.__name__, coroutine.__qualname__)
    print(await coroutine)
    try:
        await coroutine
    except RuntimeError as error:
        print("again:", error)
    unused = double(1)
    try:
        for item in unused:
            pass
    except TypeError as error:
        print(error)
    finally:
        unused.close()
    results = [await double(i) for i in range(3)]
    print(results)
    try:
        await 5
    except TypeError as error:
        print(error)
    return await asyncio.gather(*(double(i) for i in range(3)))


asyncio.run(main())


async def not_awaitable():
    for thing in (asyncio.Lock(), asyncio.timeout(1)):
        try:
            await thing
        except TypeError as error:
            print(error)


asyncio.run(not_awaitable())
