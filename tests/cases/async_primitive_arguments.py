"""Lock, Event, Semaphore and TaskGroup methods refuse bad arguments as CPython does."""
import asyncio


def attempt(label, call, *args, **kwargs):
    try:
        result = call(*args, **kwargs)
        print(label, "gives", type(result).__name__)
        return result
    except Exception as error:
        print(label, type(error).__name__, error)


async def job(value=1):
    await asyncio.sleep(0)
    return value


async def primitives():
    lock = asyncio.Lock()
    attempt("lock.release()", lock.release)
    attempt("lock.locked(1)", lock.locked, 1)
    attempt("lock.acquire(1)", lock.acquire, 1)
    attempt("lock.acquire(x=1)", lock.acquire, x=1)
    attempt("lock.release(1)", lock.release, 1)
    event = asyncio.Event()
    attempt("event.set(1)", event.set, 1)
    attempt("event.clear(1)", event.clear, 1)
    attempt("event.is_set(1)", event.is_set, 1)
    attempt("event.wait(1)", event.wait, 1)
    semaphore = asyncio.Semaphore(0)
    attempt("semaphore.release(1)", semaphore.release, 1)
    attempt("semaphore.locked(1)", semaphore.locked, 1)
    attempt("semaphore.acquire(1)", semaphore.acquire, 1)
    bounded = asyncio.BoundedSemaphore(1)
    attempt("bounded.release(1)", bounded.release, 1)
    attempt("bounded.release()", bounded.release)
    attempt("Semaphore(value=2)", asyncio.Semaphore, value=2)
    attempt("Semaphore(x=2)", asyncio.Semaphore, x=2)
    attempt("Semaphore(1, 2)", asyncio.Semaphore, 1, 2)
    attempt("Semaphore(None)", asyncio.Semaphore, None)
    attempt("BoundedSemaphore(-1)", asyncio.BoundedSemaphore, -1)
    attempt("Lock(1)", asyncio.Lock, 1)
    attempt("Event(loop=None)", asyncio.Event, loop=None)
    try:
        async with event:
            pass
    except TypeError as error:
        print(error)
    try:
        with lock:
            pass
    except TypeError as error:
        print(error)
    try:
        await lock
    except TypeError as error:
        print(error)
    print(await lock.acquire(), lock.locked())
    lock.release()
    semaphore.release()
    print(await semaphore.acquire(), semaphore.locked())
    event.set()
    print(await event.wait())


async def groups():
    group = asyncio.TaskGroup()
    attempt("create_task before entering", group.create_task, 1)
    async with group:
        attempt("create_task(1)", group.create_task, 1)
        attempt("create_task()", group.create_task)
        attempt("create_task(coro, 'n')", group.create_task, job(), "n")
        attempt("create_task(coro, context=None)", group.create_task, job(), context=None)
        task = attempt("create_task(coro, name=)", group.create_task, job(), name="nm")
        print(task.get_name())
        try:
            async with group:
                pass
        except RuntimeError as error:
            print(error)
    attempt("create_task after", group.create_task, job())
    try:
        async with group:
            pass
    except RuntimeError as error:
        print(error)
    print(repr(group))
    other = asyncio.TaskGroup()
    print(repr(other))
    async with other:
        print(repr(other))
        other.create_task(job())
        print(repr(other))
    print(repr(other))


attempt("TaskGroup(1)", asyncio.TaskGroup, 1)
attempt("create_task outside", asyncio.TaskGroup().create_task, 1)
asyncio.run(primitives())
asyncio.run(groups())
event = asyncio.Event()
event.set()
print(event.is_set())
