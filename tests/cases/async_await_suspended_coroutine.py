"""Awaiting a coroutine suspended in an await of its own (driven by hand) is refused."""
import asyncio


async def waits(ev):
    await ev.wait()
    return 'woken'


async def main():
    ev = asyncio.Event()
    c = waits(ev)
    print(type(c.send(None)).__name__)
    try:
        await c
    except RuntimeError as e:
        print('RuntimeError', e)
    ev.set()
    try:
        c.send(None)
    except StopIteration as e:
        print('stopped', e.value)
    try:
        await c
    except RuntimeError as e:
        print('RuntimeError', e)


asyncio.run(main())
