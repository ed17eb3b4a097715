"""TaskGroup waits for its tasks; a failure cancels the others and raises an ExceptionGroup.

(CPython cancels a group's tasks in set order: one task at a time is cancelled here.)
"""
import asyncio


async def job(name, steps, fail=False):
    try:
        for _ in range(steps):
            await asyncio.sleep(0)
        if fail:
            raise ValueError(name)
        print(name, "done")
        return name
    except asyncio.CancelledError:
        print(name, "cancelled")
        raise


async def main():
    async with asyncio.TaskGroup() as group:
        first = group.create_task(job("a", 2))
        second = group.create_task(job("b", 1), name="bee")
        print("inside", second.get_name())
    print("after", first.result(), second.result())
    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(job("slow", 5))
            group.create_task(job("bad", 1, fail=True))
    except ExceptionGroup as error:
        print("group:", error.message, [repr(e) for e in error.exceptions])
    print(asyncio.current_task().cancelling())
    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(job("sibling", 3))
            raise KeyError("body")
    except ExceptionGroup as error:
        print("body error:", [repr(e) for e in error.exceptions])
    group = asyncio.TaskGroup()
    unused = job("x", 0)
    try:
        group.create_task(unused)
    except RuntimeError as error:
        print(error)
    unused.close()
    async with group:
        pass
    try:
        async with group:
            pass
    except RuntimeError as error:
        print(error)


asyncio.run(main())
