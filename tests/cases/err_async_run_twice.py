"""asyncio.run refuses to run inside a running loop."""
import asyncio


async def inner():
    return 1


async def main():
    coroutine = inner()
    try:
        asyncio.run(coroutine)
    finally:
        await coroutine


asyncio.run(main())
