"""asyncio.Future(): set_result/set_exception wake tasks, gather, wait and callbacks."""
import asyncio


def attempt(label, call, *args, **kwargs):
    try:
        print(label, repr(call(*args, **kwargs)))
    except Exception as error:
        print(label, type(error).__name__, error)


async def waiter(future, name):
    print(name, "waits")
    value = await future
    print(name, "got", value)
    return name


async def states():
    future = asyncio.Future()
    print(repr(future), future.done(), future.cancelled())
    attempt("result", future.result)
    attempt("exception", future.exception)
    future.set_result(3)
    print(repr(future), str(future), future.result(), future.exception(), await future)
    attempt("set again", future.set_result, 4)
    attempt("set exception", future.set_exception, ValueError())
    print(future.cancel(), future.cancelled())

    for result in ("x" * 50, list(range(20)), {i: [i] * i for i in range(8)}, {3, 1, 2},
                   (1, (2, (3, (4, (5, (6, (7,))))))), None, 10 ** 60, frozenset("ab") - {"a"}):
        done = asyncio.Future()
        done.set_result(result)
        print(repr(done))

    failed = asyncio.Future()
    failed.set_exception(KeyError)
    print(repr(failed), repr(failed.exception()))
    attempt("result of failed", failed.result)
    for bad in (StopIteration, StopIteration(1), 1, "x", None, int, ValueError("v")):
        other = asyncio.Future()
        attempt(f"set_exception({bad!r})", other.set_exception, bad)
        print("   ", repr(other), other.done() and repr(other.exception()))

    class_error = asyncio.Future()
    class_error.set_exception(asyncio.CancelledError)
    print(repr(class_error), class_error.cancelled())
    try:
        await class_error
    except asyncio.CancelledError as error:
        print("awaited a future whose exception is CancelledError:", repr(error))

    cancelled = asyncio.Future()
    print(cancelled.cancel("why"), repr(cancelled), cancelled.cancelled(), cancelled.done())
    for method in (cancelled.result, cancelled.exception):
        try:
            method()
        except asyncio.CancelledError as error:
            print(method.__name__, "CancelledError", error.args)
    attempt("set on cancelled", cancelled.set_result, 1)
    print(cancelled.cancel())


async def argument_errors():
    future = asyncio.Future()
    attempt("Future(1)", asyncio.Future, 1)
    attempt("Future(x=1)", asyncio.Future, x=1)
    attempt("Future(loop=None)", asyncio.Future, loop=None)
    attempt("Future(loop=1)", asyncio.Future, loop=1)
    attempt("set_result()", future.set_result)
    attempt("set_result(1, 2)", future.set_result, 1, 2)
    attempt("set_result(x=1)", future.set_result, x=1)
    attempt("set_exception()", future.set_exception)
    attempt("done(1)", future.done, 1)
    attempt("result(x=1)", future.result, x=1)
    attempt("cancelled(1)", future.cancelled, 1)
    attempt("exception(1)", future.exception, 1)
    attempt("cancel(1, 2)", future.cancel, 1, 2)
    attempt("cancel(x=1)", future.cancel, x=1)
    attempt("add_done_callback()", future.add_done_callback)
    attempt("add_done_callback(f, 1)", future.add_done_callback, print, 1)
    attempt("add_done_callback(f, x=1)", future.add_done_callback, print, x=1)
    attempt("add_done_callback(f, context=None)", future.add_done_callback, print, context=None)
    attempt("remove_done_callback()", future.remove_done_callback)
    attempt("remove_done_callback(print)", future.remove_done_callback, print)
    attempt("remove_done_callback(len)", future.remove_done_callback, len)

    task = asyncio.create_task(asyncio.sleep(0))
    attempt("task.set_result(1)", task.set_result, 1)
    attempt("task.set_exception(ValueError)", task.set_exception, ValueError)
    attempt("task.set_result()", task.set_result)
    attempt("task.done(1)", task.done, 1)
    attempt("task.get_name(1)", task.get_name, 1)
    attempt("task.set_name()", task.set_name)
    attempt("task.cancelling(1)", task.cancelling, 1)
    attempt("task.uncancel(1)", task.uncancel, 1)
    attempt("task.get_coro(1)", task.get_coro, 1)
    attempt("task.remove_done_callback()", task.remove_done_callback)
    await task
    gathered = asyncio.gather(task)
    attempt("gather.done(1)", gathered.done, 1)
    attempt("gather.cancel(1, 2)", gathered.cancel, 1, 2)
    attempt("gather.cancel(x=1)", gathered.cancel, x=1)
    await gathered
    print(repr(gathered), repr(asyncio.gather()))
    print(isinstance(future, asyncio.Future), isinstance(task, asyncio.Future),
          isinstance(gathered, asyncio.Future), isinstance(future, asyncio.Task))
    print(isinstance(asyncio.TaskGroup(), asyncio.Future), isinstance(asyncio.timeout(1), asyncio.Future))
    print(type(future), type(task), type(gathered), type(future).__name__, type(gathered).__name__)
    print(asyncio.Future.__module__, asyncio.Task.__module__, asyncio.Lock.__module__)
    future.cancel()


async def wake_ups():
    future = asyncio.Future()
    future.add_done_callback(lambda f: print("callback 1 sees", f.result()))
    tasks = [asyncio.create_task(waiter(future, name)) for name in "ab"]
    gathered = asyncio.gather(waiter(future, "c"), future)
    future.add_done_callback(lambda f: print("callback 2 sees", f.result()))
    await asyncio.sleep(0)
    print("pending:", repr(future).startswith("<Future pending cb=[<"))
    future.set_result("go")
    print("set; nothing ran yet")
    print(await gathered, [await task for task in tasks])

    futures = [asyncio.Future() for _ in range(3)]
    waiting = asyncio.create_task(asyncio.wait(futures, return_when=asyncio.FIRST_COMPLETED))
    completed = asyncio.create_task(next(iter(asyncio.as_completed(futures))))
    await asyncio.sleep(0)
    futures[1].set_result("second")
    done, pending = await waiting
    print(len(done), len(pending), await completed)
    futures[0].set_exception(ValueError("first failed"))
    print(await asyncio.gather(*futures[:2], return_exceptions=True))
    futures[2].cancel("stop")
    try:
        await futures[2]
    except asyncio.CancelledError as error:
        print("cancelled future raises", repr(error))

    slow = asyncio.Future()
    try:
        await asyncio.wait_for(slow, 0.01)
    except TimeoutError:
        print("wait_for cancelled it:", slow.cancelled())

    setter_future = asyncio.Future()

    async def setter():
        await asyncio.sleep(0)
        setter_future.set_exception(RuntimeError("from a task"))

    asyncio.create_task(setter())
    try:
        await setter_future
    except RuntimeError as error:
        print("awaiting task got", error)

    cancelled_waiter = asyncio.Future()
    task = asyncio.create_task(waiter(cancelled_waiter, "d"))
    await asyncio.sleep(0)
    task.cancel("no more")
    try:
        await task
    except asyncio.CancelledError as error:
        print("task cancelled:", error.args, "and its future:", cancelled_waiter.cancelled())


async def main():
    await states()
    await argument_errors()
    await wake_ups()


asyncio.run(main())


async def unbound():
    future = asyncio.Future()
    attempt("Future.set_result(f, 1)", asyncio.Future.set_result, future, 1)
    attempt("Future.done(f)", asyncio.Future.done, future)
    attempt("Future.done(1)", asyncio.Future.done, 1)
    attempt("Future.done()", asyncio.Future.done)
    task = asyncio.current_task()
    attempt("Task.cancelling(task)", asyncio.Task.cancelling, task)
    attempt("Future.done(task)", asyncio.Future.done, task)
    attempt("Task.done(f)", asyncio.Task.done, future)


asyncio.run(unbound())


async def recursive():
    itself = asyncio.Future()
    itself.set_result(itself)
    inside = asyncio.Future()
    inside.set_result([inside, "z" * 40])
    raised = asyncio.Future()
    raised.set_exception(ValueError(raised))
    print(repr(itself), repr(inside), repr(raised), sep="\n")
    print(raised.exception().args[0] is raised)


asyncio.run(recursive())
