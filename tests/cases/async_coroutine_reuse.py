"""A coroutine that has finished cannot be sent to, thrown into or run again."""
import asyncio


async def answer():
    return 1


def attempt(label, call):
    try:
        print(label, repr(call()))
    except BaseException as error:
        print(label, type(error).__name__, error, type(error.__context__).__name__)


finished = answer()
try:
    finished.send(None)
except StopIteration as stop:
    print("first send returns", stop.value)
attempt("send(None)", lambda: finished.send(None))
attempt("send(1)", lambda: finished.send(1))
attempt("throw", lambda: finished.throw(ValueError("v")))
attempt("throw StopIteration", lambda: finished.throw(StopIteration))
attempt("close", lambda: finished.close())
attempt("run", lambda: asyncio.run(finished))

closed = answer()
closed.close()
attempt("send after close", lambda: closed.send(None))
attempt("throw after close", lambda: closed.throw(KeyError))

thrown = answer()
attempt("throw first", lambda: thrown.throw(ValueError("first")))
attempt("send after throw", lambda: thrown.send(None))


async def main():
    again = answer()
    print(await again)
    try:
        await again
    except RuntimeError as error:
        print("await again:", error)
    try:
        await asyncio.create_task(again)
    except RuntimeError as error:
        print("a task of it:", error)


asyncio.run(main())
ran = answer()
print(asyncio.run(ran))
attempt("run twice", lambda: asyncio.run(ran))


def drive(label, coroutine):
    try:
        coroutine.send(None)
        print(label, "yielded")
    except StopIteration as stop:
        print(label, "returned", stop.value)
    except Exception as error:
        print(label, type(error).__name__, error)


# Driven by hand, outside a loop: what needs no waiting works, waiting fails as in CPython.
event = asyncio.Event()
drive("event.wait() unset", event.wait())
event.set()
drive("event.wait() set", event.wait())
lock = asyncio.Lock()
drive("lock.acquire()", lock.acquire())
drive("lock.acquire() held", lock.acquire())
semaphore = asyncio.Semaphore(1)
drive("semaphore.acquire()", semaphore.acquire())
drive("semaphore.acquire() at 0", semaphore.acquire())
drive("wait_for(..., None)", asyncio.wait_for(answer(), None))

fresh = answer()
attempt("send(1) to a fresh coroutine", lambda: fresh.send(1))
fresh.close()
