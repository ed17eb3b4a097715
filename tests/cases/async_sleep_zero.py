"""asyncio.sleep(delay <= 0) is a bare yield: no loop needed; sleep('x') fails at <=."""
import asyncio


async def pause(delay, result=None):
    return await asyncio.sleep(delay, result)


for delay in (0, -1, 0.0, False):
    coroutine = pause(delay, delay)
    print(repr(coroutine.send(None)))  # the bare yield, driven by hand
    try:
        coroutine.send(None)
    except StopIteration as stop:
        print("returned", repr(stop.value))

for delay in ("x", None, [0]):
    try:
        pause(delay).send(None)
    except TypeError as error:
        print(error)

try:
    pause(1).send(None)
except RuntimeError as error:
    print("a real sleep needs the loop:", error)

thrown = pause(0)
thrown.send(None)
try:
    thrown.throw(KeyError("into the yield"))
except KeyError as error:
    print("thrown", error)


async def worker(name, rounds):
    for round in range(rounds):
        print(name, round)
        await asyncio.sleep(0)
    return name


async def main():
    early = [asyncio.create_task(worker(name, 3)) for name in "ab"]
    results = await asyncio.gather(worker("c", 2), *early, worker("d", 1))
    print(results)
    task = asyncio.create_task(worker("e", 10))
    await asyncio.sleep(0)
    await asyncio.sleep(-5)
    print(task.cancel())
    try:
        await task
    except asyncio.CancelledError:
        print("cancelled at its sleep(0)", task.cancelled())
    return await asyncio.sleep(0, "result")


asyncio.run(main())
