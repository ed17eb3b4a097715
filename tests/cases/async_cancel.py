"""Cancelling a task raises CancelledError where it awaits; finally blocks run; cancel() answers."""
import asyncio


async def sleeper(name):
    try:
        print(name, "sleeps")
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        print(name, "cancelled")
        raise
    finally:
        print(name, "cleans up")


async def main():
    task = asyncio.create_task(sleeper("a"))
    await asyncio.sleep(0)
    print(task.cancel(), task.cancelled())
    try:
        await task
    except asyncio.CancelledError:
        print("awaiting it raised CancelledError")
    print(task.cancelled(), task.done(), task.cancel())
    early = asyncio.create_task(sleeper("never started"))
    early.cancel()
    try:
        await early
    except asyncio.CancelledError:
        print("cancelled before it ran")
    left = asyncio.create_task(sleeper("left running"))
    await asyncio.sleep(0)
    return "main done"


print(asyncio.run(main()))
