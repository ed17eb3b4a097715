"""A task awaiting inside an except block re-raises its own exception, whatever ran meanwhile."""
import asyncio


async def first():
    try:
        raise ValueError("first")
    except ValueError:
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        raise


async def second():
    try:
        raise KeyError("second")
    except KeyError:
        await asyncio.sleep(0)
        return "handled"


async def main():
    results = await asyncio.gather(first(), second(), return_exceptions=True)
    print([repr(item) for item in results], repr(results[0].__context__))
    try:
        raise OSError("main")
    except OSError as error:
        print("main's context:", repr(error.__context__))


asyncio.run(main())
