"""asyncio.gather runs its coroutines as tasks, in order, and lists their results in order."""
import asyncio


async def work(name, steps):
    for step in range(steps):
        print(name, step)
        await asyncio.sleep(0)
    return name * steps


async def main():
    results = await asyncio.gather(work("a", 3), work("b", 1), work("c", 2))
    print(results)
    print(await asyncio.gather())
    return len(results)


asyncio.run(main())
