"""create_task schedules a coroutine; a task is done, has a result, a name; awaiting it twice is fine.

(Default task names count tasks in the whole process, so only given names are printed.)
"""
import asyncio


async def child(n):
    print("child", n, "starts")
    await asyncio.sleep(0)
    print("child", n, "ends")
    return n * n


async def main():
    first = asyncio.create_task(child(1), name="first")
    second = asyncio.create_task(child(2), name="second")
    print(first.done(), first.get_name(), second.get_name())
    print("main waits")
    print(await first, await second, await first)
    print(first.done(), first.result(), first.exception(), first.cancelled())
    asyncio.current_task().set_name("main")
    print(isinstance(first, asyncio.Task), asyncio.current_task().get_name())
    return first.result() + second.result()


asyncio.run(main())
