"""async with releases on every way out: return, break, continue, an exception."""
import asyncio


async def returning(lock):
    async with lock:
        return lock.locked()


async def looping(lock):
    seen = []
    for i in range(4):
        async with lock:
            if i == 1:
                continue
            if i == 3:
                break
            seen.append((i, lock.locked()))
    return seen


async def raising(lock):
    try:
        async with lock:
            raise KeyError("inside")
    except KeyError as error:
        return repr(error), lock.locked()


async def main():
    lock = asyncio.Lock()
    print(await returning(lock), lock.locked())
    print(await looping(lock), lock.locked())
    print(await raising(lock), lock.locked())
    try:
        async with 5:
            pass
    except TypeError as error:
        print(error)


asyncio.run(main())
