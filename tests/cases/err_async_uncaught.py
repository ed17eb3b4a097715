"""An exception escaping the main coroutine ends asyncio.run with it."""
import asyncio


async def main():
    print("about to fail")
    await asyncio.sleep(0)
    return {}["missing"]


asyncio.run(main())
