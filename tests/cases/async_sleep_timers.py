"""asyncio.sleep: shorter sleeps wake first, and sleep returns its result argument."""
import asyncio


async def nap(name, seconds):
    value = await asyncio.sleep(seconds, name)
    print("woke", value)
    return value


async def main():
    order = await asyncio.gather(nap("slow", 0.03), nap("fast", 0.001), nap("middle", 0.015))
    print(order)
    print(await asyncio.sleep(0), await asyncio.sleep(-1, "negative"))


asyncio.run(main())
