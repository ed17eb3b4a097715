"""asyncio.run takes a coroutine."""
import asyncio

asyncio.run(5)
