"""async with over instances of sandbox classes: awaited __aenter__/__aexit__, a true answer swallows, CPython's errors for the wrong protocol or a missing method."""
import asyncio

class Resource:
    def __init__(self, name):
        self.name = name
        self.events = []
    async def __aenter__(self):
        await asyncio.sleep(0)
        self.events.append("open")
        return self
    async def __aexit__(self, et, ev, tb):
        self.events.append(("close", et.__name__ if et else None))
        return et is KeyError

class OnlyAenter:
    async def __aenter__(self):
        return 1

async def main():
    r = Resource("r")
    async with r as x:
        x.events.append("inside")
    async with r:
        raise KeyError("swallowed")
    try:
        async with r:
            raise ValueError("kept")
    except ValueError as e:
        print("kept", e)
    for k in (OnlyAenter, Resource):
        try:
            with k("x") if k is Resource else k():
                pass
        except TypeError as e:
            print(e)
    try:
        async with OnlyAenter():
            pass
    except TypeError as e:
        print(e)
    return r.events

print(asyncio.run(main()))
