"""An exception in a task reaches whoever awaits it; gather can collect exceptions instead."""
import asyncio


async def fail(message):
    await asyncio.sleep(0)
    raise ValueError(message)


async def ok(value):
    await asyncio.sleep(0)
    return value


async def main():
    try:
        await fail("direct")
    except ValueError as error:
        print("caught", error)
    try:
        await asyncio.gather(ok(1), fail("in gather"), ok(3))
    except ValueError as error:
        print("gather raised", error)
    results = await asyncio.gather(ok(1), fail("kept"), return_exceptions=True)
    print([type(item).__name__ for item in results], results[1].args)
    task = asyncio.create_task(fail("task"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    print(task.done(), repr(task.exception()))
    try:
        task.result()
    except ValueError as error:
        print("result raised", error)


asyncio.run(main())
