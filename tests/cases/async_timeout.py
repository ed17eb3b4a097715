"""asyncio.timeout: a block that runs late is cancelled and raises TimeoutError."""
import asyncio


async def main():
    async with asyncio.timeout(1) as block:
        await asyncio.sleep(0)
    print("in time", block.expired())
    try:
        async with asyncio.timeout(0.01) as block:
            try:
                await asyncio.sleep(5)
            except asyncio.CancelledError:
                print("cancelled inside")
                raise
    except TimeoutError as error:
        print("timed out", repr(error), type(error.__context__).__name__, block.expired())
    async with asyncio.timeout(None) as block:
        print(block.when())
        await asyncio.sleep(0)
    print(asyncio.current_task().cancelling())


asyncio.run(main())
