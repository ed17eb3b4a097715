"""wait_for: the result in time, TimeoutError and a cancelled inner task when late."""
import asyncio


async def slow(seconds, value):
    try:
        await asyncio.sleep(seconds)
        return value
    except asyncio.CancelledError:
        print("inner cancelled:", value)
        raise


async def main():
    print(await asyncio.wait_for(slow(0, "quick"), 1))
    print(await asyncio.wait_for(slow(0, "no timeout"), None))
    try:
        await asyncio.wait_for(slow(5, "late"), 0.01)
    except asyncio.TimeoutError:
        print("timed out")
    try:
        await asyncio.wait_for(slow(5, "at once"), 0)
    except TimeoutError:
        print("zero timeout")
    task = asyncio.create_task(slow(0, "done task"))
    await asyncio.sleep(0.001)
    print(await asyncio.wait_for(task, 0))


asyncio.run(main())
