"""add_done_callback runs the callback soon after the task ends, with the task."""
import asyncio


async def job(value):
    await asyncio.sleep(0)
    return value


async def main():
    seen = []
    task = asyncio.create_task(job(7))
    task.add_done_callback(lambda t: seen.append(("first", t.result())))
    task.add_done_callback(lambda t: seen.append(("second", t.done())))
    print(await task, seen)
    await asyncio.sleep(0)
    print(seen)
    late = []
    task.add_done_callback(late.append)
    await asyncio.sleep(0)
    print(len(late), late[0] is task)
    removed = asyncio.create_task(job(1))
    callback = seen.append
    removed.add_done_callback(callback)
    print(removed.remove_done_callback(callback))
    await removed
    print(len(seen))


asyncio.run(main())
