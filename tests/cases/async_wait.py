"""asyncio.wait: done and pending sets for each return_when, and its errors."""
import asyncio


async def nap(seconds, fail=False):
    await asyncio.sleep(seconds)
    if fail:
        raise ValueError(seconds)
    return seconds


def names(tasks):
    return sorted(task.get_name() for task in tasks)


async def main():
    fast = asyncio.create_task(nap(0.001), name="fast")
    slow = asyncio.create_task(nap(0.05), name="slow")
    done, pending = await asyncio.wait([fast, slow], return_when=asyncio.FIRST_COMPLETED)
    print(names(done), names(pending))
    done, pending = await asyncio.wait({fast, slow})
    print(names(done), names(pending), slow.result())
    bad = asyncio.create_task(nap(0.001, fail=True), name="bad")
    later = asyncio.create_task(nap(0.05), name="later")
    done, pending = await asyncio.wait([bad, later], return_when=asyncio.FIRST_EXCEPTION)
    print(names(done), names(pending), repr(bad.exception()))
    done, pending = await asyncio.wait([later], timeout=0.001)
    print(names(done), names(pending))
    later.cancel()
    for wrong in ([], [nap(0)], later):
        try:
            await asyncio.wait(wrong)
        except (TypeError, ValueError) as error:
            print(type(error).__name__, error)
        if type(wrong) is list and wrong:
            wrong[0].close()
    try:
        await asyncio.wait([fast], return_when="SOMETIMES")
    except ValueError as error:
        print(error)


asyncio.run(main())
