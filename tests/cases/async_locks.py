"""Lock, Semaphore and Event: async with, waiters woken in order, counts and errors."""
import asyncio


async def worker(name, semaphore, log):
    async with semaphore:
        log.append(f"{name} in")
        await asyncio.sleep(0)
        log.append(f"{name} out")


async def guarded(name, lock, shared):
    async with lock:
        value = shared["count"]
        await asyncio.sleep(0)
        shared["count"] = value + 1
        print(name, "saw", value, lock.locked())


async def waiter(name, event):
    print(name, "waits")
    await event.wait()
    print(name, "woke", event.is_set())
    return name


async def main():
    log = []
    semaphore = asyncio.Semaphore(2)
    await asyncio.gather(*[worker(n, semaphore, log) for n in "abcde"])
    print(log, semaphore.locked())
    lock = asyncio.Lock()
    shared = {"count": 0}
    await asyncio.gather(*[guarded(n, lock, shared) for n in "xyz"])
    print(shared, lock.locked())
    try:
        lock.release()
    except RuntimeError as error:
        print("release:", error)
    event = asyncio.Event()
    tasks = [asyncio.create_task(waiter(n, event)) for n in "pq"]
    await asyncio.sleep(0)
    event.set()
    print(await asyncio.gather(*tasks))
    event.clear()
    print(event.is_set(), await lock.acquire(), lock.locked())
    lock.release()
    bounded = asyncio.BoundedSemaphore(1)
    try:
        bounded.release()
    except ValueError as error:
        print("bounded:", error)
    try:
        asyncio.Semaphore(-1)
    except ValueError as error:
        print(error)


asyncio.run(main())
