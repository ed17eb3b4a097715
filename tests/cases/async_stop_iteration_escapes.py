"""A StopIteration escaping a coroutine becomes "coroutine raised StopIteration" (PEP 479)."""
import asyncio


async def leaky():
    raise StopIteration("inner")


async def main():
    try:
        await leaky()
    except RuntimeError as error:
        print(type(error).__name__, error, "| cause:", repr(error.__cause__))
    coroutine = leaky()
    try:
        coroutine.send(None)
    except RuntimeError as error:
        print("by hand:", error)


def gen():
    yield 1
    raise StopIteration


asyncio.run(main())
try:
    list(gen())
except RuntimeError as error:
    print("generator:", error)
asyncio.run(leaky())
