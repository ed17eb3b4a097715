"""gather, create_task and ensure_future check their arguments in CPython's order."""
import asyncio


def attempt(label, call, *args, **kwargs):
    try:
        result = call(*args, **kwargs)
        print(label, "gives", type(result).__name__)
        return result
    except Exception as error:
        print(label, type(error).__name__, error)


# No loop is needed to find a bad argument: each is hashed, then checked.
attempt("gather(1)", asyncio.gather, 1)
attempt("gather([1])", asyncio.gather, [1])
attempt("gather((1, [2]))", asyncio.gather, (1, [2]))
attempt("gather((1, 2))", asyncio.gather, (1, 2))
attempt("gather(1, [1])", asyncio.gather, 1, [1])
attempt("gather({1: 2}, 1)", asyncio.gather, {1: 2}, 1)
attempt("ensure_future(1)", asyncio.ensure_future, 1)
attempt("ensure_future([1])", asyncio.ensure_future, [1])
attempt("create_task(1)", asyncio.create_task, 1)
attempt("current_task()", asyncio.current_task)


async def job(name):
    await asyncio.sleep(0)
    print("ran", name)
    return name


kept = []


async def main():
    attempt("create_task(1)", asyncio.create_task, 1)
    attempt("create_task([1])", asyncio.create_task, [1])
    attempt("create_task()", asyncio.create_task)
    attempt("create_task(coro, 'name')", asyncio.create_task, job("x"), "name")
    attempt("create_task(coro, x=1)", asyncio.create_task, job("y"), x=1)
    attempt("ensure_future()", asyncio.ensure_future)
    attempt("ensure_future(1)", asyncio.ensure_future, 1)
    attempt("current_task(1)", asyncio.current_task, 1)
    attempt("current_task(loop=None)", asyncio.current_task, loop=None)
    attempt("timeout()", asyncio.timeout)
    attempt("timeout(1, 2)", asyncio.timeout, 1, 2)
    named = attempt("create_task(name=)", asyncio.create_task, job("named"), name=42)
    print(named.get_name(), repr(named.get_name()))
    made = attempt("create_task(coro=, context=None)", asyncio.create_task, coro=job("kw"), context=None)
    same = attempt("ensure_future(coro_or_future=)", asyncio.ensure_future, coro_or_future=made)
    print(same is made)
    # A coroutine before a bad argument has already become a task: it runs.
    attempt("gather(coro, [2])", asyncio.gather, job(1), [2])
    attempt("gather(coro, 3)", asyncio.gather, job(2), 3)
    future = asyncio.Future()
    gathered = attempt("gather(f, f, coro)", asyncio.gather, future, future, job(3))
    kept.append((future, gathered))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    future.set_result("f")
    print(await gathered, await named, await made)
    print(await asyncio.gather(), await asyncio.gather(return_exceptions=True))


asyncio.run(main())
future, gathered = kept[0]
print(gathered.done(), gathered.result())
# A done future of a loop that has ended: its callback cannot be scheduled.
attempt("gather(done future)", asyncio.gather, future)
attempt("add_done_callback", future.add_done_callback, print)
