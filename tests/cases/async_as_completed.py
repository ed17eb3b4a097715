"""as_completed yields awaitables that give results in the order the work finishes."""
import asyncio


async def nap(seconds, value):
    await asyncio.sleep(seconds)
    return value


async def fail():
    await asyncio.sleep(0.005)
    raise ValueError("failed")


async def main():
    tasks = [asyncio.create_task(nap(s, v)) for s, v in [(0.03, "slow"), (0.001, "fast"), (0.015, "mid")]]
    for next_done in asyncio.as_completed(tasks):
        print(await next_done)
    for next_done in asyncio.as_completed([asyncio.create_task(fail())]):
        try:
            await next_done
        except ValueError as error:
            print("raised", error)
    late = [asyncio.create_task(nap(5, "never")), asyncio.create_task(nap(0, "soon"))]
    results = []
    try:
        for next_done in asyncio.as_completed(late, timeout=0.02):
            results.append(await next_done)
    except TimeoutError:
        print("timed out after", results)
    late[0].cancel()
    print(len(list(asyncio.as_completed([]))))


asyncio.run(main())
