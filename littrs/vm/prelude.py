"""Builtins written in sandbox Python, for the cases that must run sandbox code.

When ``sorted`` gets a sandbox key function, or ``sum`` a sandbox generator,
the host cannot call the sandbox back (DESIGN invariant 3). The builtin then
hands the work to one of these functions, which the machine runs as ordinary
VM frames: pausable at any tool call, paid for instruction by instruction,
and part of a snapshot like any other frame. Their frames are left out of
tracebacks, as C builtins are in CPython's. The prelude is never run as a
module, so its functions have no default values: where a public function needs
them (``asyncio.sleep``), its module sets them.
"""

from __future__ import annotations

from typing import Any

from .code import Code, FunctionTemplate

SOURCE = '''
def __replay():
    # Runs what an instruction in direct mode waits for (see Machine.run_direct); its
    # last instruction, RESUME_REPLAY, logs the answer and runs the instruction again.
    try:
        value = __pending()
    except BaseException as error:
        value = __raised(error)
    return value

def __instance_iterator(iterator):
    # A for loop over a sandbox iterator: its __next__ runs as a frame at each step.
    step = __next_method(iterator)
    while True:
        try:
            value = step()
        except StopIteration:
            return
        yield value

def __sequence_iterator(sequence):
    # A for loop over an object with __getitem__ and no __iter__ (CPython's seqiter).
    index = 0
    while True:
        try:
            value = sequence[index]
        except (IndexError, StopIteration):
            return
        yield value
        index += 1

def __list(iterable):
    result = []
    for item in iterable:
        result.append(item)
    return result

def __tuple(iterable):
    return tuple(__list(iterable))

def __set(iterable):
    return set(__list(iterable))

def __frozenset(iterable):
    return frozenset(__list(iterable))

def __dict(iterable, kwargs):
    result = {}
    __dict_update(result, iterable, kwargs)
    return result

def __dict_update(target, iterable, kwargs):
    index = 0
    for pair in iterable:
        if not __is_iterable(pair):
            raise TypeError("cannot convert dictionary update sequence element #"
                            + str(index) + " to a sequence")
        items = __list(pair)
        if len(items) != 2:
            raise ValueError("dictionary update sequence element #" + str(index)
                             + " has length " + str(len(items)) + "; 2 is required")
        target[items[0]] = items[1]
        index += 1
    target.update(kwargs)

def __join(separator, iterable):
    return separator.join(__list(iterable))

def __extend(target, iterable):
    target.extend(__list(iterable))

def __sorted(iterable, key, reverse):
    items = __list(iterable)
    __sort(items, key, reverse)
    return items

def __sort(items, key, reverse):
    if key is None:
        __sort_by_keys(items, None, reverse)
    else:
        __sort_by_keys(items, [key(item) for item in items], reverse)

def __minmax(iterable, key, default, is_max, name):
    best = __missing
    best_key = None
    for item in iterable:
        item_key = item if key is None else key(item)
        if best is __missing or (item_key > best_key if is_max else item_key < best_key):
            best = item
            best_key = item_key
    if best is __missing:
        if default is __missing:
            raise ValueError(name + "() arg is an empty sequence")
        return default
    return best

def __sum(iterable, start):
    total = start
    for item in iterable:
        total = total + item
    return total

def __fsum(iterable):
    state = [[], 0.0, 0.0]
    for item in iterable:
        __fsum_add(state, item)
    return __fsum_result(state)

def __prod(iterable, start):
    total = start
    for item in iterable:
        total = total * item
    return total

def __any(iterable):
    for item in iterable:
        if item:
            return True
    return False

def __all(iterable):
    for item in iterable:
        if not item:
            return False
    return True

def __map(function, iterators):
    while True:
        arguments = []
        for iterator in iterators:
            for value in iterator:
                arguments.append(value)
                break
            else:
                return
        yield function(*arguments)

def __filter(function, iterable):
    for item in iterable:
        if (bool(item) if function is None else function(item)):
            yield item

def __enumerate(iterator, counter):
    for item in iterator:
        index = counter[0]
        counter[0] = index + 1
        yield index, item

def __zip(iterators, strict):
    if not iterators:
        return
    while True:
        items = []
        for position, iterator in enumerate(iterators):
            for value in iterator:
                items.append(value)
                break
            else:
                if strict:
                    if position:
                        plural = "" if position == 1 else "s"
                        raise ValueError(
                            "zip() argument " + str(position + 1) + " is shorter than argument"
                            + plural + " 1" + ("" if position == 1 else "-" + str(position)))
                    for other_position, other in enumerate(iterators[1:]):
                        for value in other:
                            plural = "" if other_position == 0 else "s"
                            raise ValueError(
                                "zip() argument " + str(other_position + 2)
                                + " is longer than argument" + plural + " 1"
                                + ("" if other_position == 0 else "-" + str(other_position + 1)))
                return
        yield tuple(items)

def __call_iter(state):
    while state:  # [function, sentinel], emptied once exhausted (CPython drops both)
        try:
            value = state[0]()
        except StopIteration:
            state.clear()
            return
        if value is state[1] or state[1] == value:
            state.clear()
            return
        yield value

def __run_module(main):
    return __asyncio_run(main, debug=None)

def __asyncio_run(main, *, debug):
    loop, task = __loop_start(main)
    try:
        try:
            __loop_run(loop)
        except (SystemExit, KeyboardInterrupt):
            if __loop_finish(loop) is not None:
                __loop_run(loop)
            raise
        if __loop_finish(loop) is not None:
            __loop_run(loop)
        for _ in range(2):  # shutdown_asyncgens, shutdown_default_executor
            __loop_shutdown(loop)
            __loop_run(loop)
    except BaseException:
        __loop_close(loop, None)
        raise
    return __loop_close(loop, task)

def __loop_run(loop):
    while True:
        step = __loop_next(loop)
        if step is None:
            __loop_deliver(loop, __loop_wait(loop))
        elif step is False:
            return
        else:
            task, coro, error = step
            if task is None:
                try:
                    coro(error)
                except (SystemExit, KeyboardInterrupt):
                    raise
                except BaseException:
                    pass  # asyncio logs it to stderr, which the sandbox does not have
                continue
            try:
                if error is None:
                    awaited = coro.send(None)
                else:
                    awaited = coro.throw(error)
            except (SystemExit, KeyboardInterrupt) as raised:
                __task_done(loop, task, raised)
                raise  # out of the loop, as Task.__step lets them; asyncio.run cancels the rest
            except BaseException as raised:
                __task_done(loop, task, raised)
            else:
                __task_wait(loop, task, awaited)

def __await_future(future):
    if not __future_done(future):
        yield future
    return __future_result(future)

def __asyncio_create_task(coro, *, name, context):
    return __create_task(coro, name, context)

def __asyncio_ensure_future(coro_or_future, *, loop):
    return __ensure_future(coro_or_future, loop=loop)

def __asyncio_current_task(loop):
    return __current_task(loop)

def __asyncio_timeout(delay):
    return __timeout(delay)

async def __tool_call(call):
    return await __tool_future(call)

async def __asyncio_sleep(delay, result):
    if delay <= 0:
        await __sleep0()
        return result
    await __sleep_future(delay)
    return result

def __sleep0():
    yield

async def __lock_acquire(lock):
    waiter = __lock_try(lock)
    if waiter is None:
        return True
    try:
        try:
            await waiter
        finally:
            __forget(lock, waiter)
    except __CancelledError:
        if not lock.locked():
            __lock_wake_first(lock)
        raise
    __lock_take(lock)
    return True

async def __semaphore_acquire(semaphore):
    waiter = __semaphore_try(semaphore)
    if waiter is None:
        return True
    try:
        try:
            await waiter
        finally:
            __forget(semaphore, waiter)
    except __CancelledError:
        __semaphore_cancelled(semaphore, waiter)
        raise
    __semaphore_woken(semaphore)
    return True

async def __event_wait(event):
    if event.is_set():
        return True
    waiter = __waiter(event)
    try:
        await waiter
        return True
    finally:
        __forget(event, waiter)

async def __acquire_enter(primitive):
    await primitive.acquire()
    return None

async def __release_exit(primitive, kind, value, traceback):
    primitive.release()

async def __wait_for(fut, timeout):
    __running_loop()
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = __ensure_future(fut)
        if fut.done():
            return fut.result()
        await __cancel_and_wait(fut)
        try:
            return fut.result()
        except __CancelledError as exc:
            raise TimeoutError() from exc
    waiter = __new_future()
    timer = __call_later_release(timeout, waiter)
    fut = __ensure_future(fut)
    __add_release(fut, waiter)
    try:
        try:
            await waiter
        except __CancelledError:
            if fut.done():
                return fut.result()
            __remove_release(fut, waiter)
            await __cancel_and_wait(fut)
            raise
        if fut.done():
            return fut.result()
        __remove_release(fut, waiter)
        await __cancel_and_wait(fut)
        try:
            return fut.result()
        except __CancelledError as exc:
            raise TimeoutError() from exc
    finally:
        __timer_cancel(timer)

def __as_completed(fs, *, timeout):
    __ac_check(fs)
    waiting = __ac_start(__list(fs), timeout)
    for _ in range(__ac_count(waiting)):
        yield __as_completed_one(waiting)

async def __as_completed_one(waiting):
    while __ac_empty(waiting):
        getter = __ac_getter(waiting)
        try:
            await getter
        except BaseException:
            __ac_getter_failed(waiting, getter)
            raise
    future = __ac_pop(waiting)
    if future is None:
        raise TimeoutError
    return future.result()

def __taskgroup_create_task(self, coro, *, name, context):
    return __taskgroup_create_task_now(self, coro, name, context)

async def __taskgroup_enter(group):
    return __taskgroup_enter_now(group)

async def __taskgroup_exit(group, kind, error, traceback):
    propagate = __taskgroup_exit_start(group, kind, error)
    while __taskgroup_has_tasks(group):
        waiter = __taskgroup_waiter(group)
        try:
            await waiter
        except __CancelledError as cancelled:
            propagate = __taskgroup_cancelled(group, cancelled, propagate)
        __taskgroup_waited(group)
    __taskgroup_exit_finish(group, kind, error, propagate)

async def __asyncio_wait(fs, *, timeout, return_when):
    __wait_check(fs, return_when)
    state = __wait_start(__list(fs), timeout, return_when)
    try:
        await __wait_waiter(state)
    finally:
        result = __wait_end(state)
    return result

async def __cancel_and_wait(fut):
    waiter = __new_future()
    __add_release(fut, waiter)
    try:
        fut.cancel()
        await waiter
    finally:
        __remove_release(fut, waiter)
'''


class _Missing:
    """The prelude's marker for "no argument given"."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()

_functions: dict[str, Any] | None = None
_code: Code | None = None


def prelude_function(name: str) -> Any:
    """The prelude function ``name`` (compiled once per process, on first use)."""
    return prelude_namespace()[name]


def prelude_namespace() -> dict[str, Any]:
    """The prelude's globals: its functions and helpers."""
    global _functions
    if _functions is None:
        _functions = _build()
    return _functions


def prelude_code() -> Code:
    """The prelude's module code (its functions' code objects hang below it)."""
    prelude_namespace()
    assert _code is not None
    return _code


def _build() -> dict[str, Any]:
    global _code
    from .compiler import compile_uncached
    from .objects import Function

    # Compiled apart from the cache: the prelude's code objects are its own.
    code = _code = compile_uncached(SOURCE)
    _hide(code)
    namespace: dict[str, Any] = {"__missing": MISSING}
    for _, arg in code.instrs:
        if isinstance(arg, FunctionTemplate):
            if arg.code.name in _GENERATOR_COROUTINES:
                arg.code.is_coroutine = True
            function = Function(arg.code, namespace)
            namespace[arg.code.name] = function
    from .builtins import sort_by_keys
    from .objects import Builtin, Raised

    namespace["__sort_by_keys"] = Builtin("sort", sort_by_keys, direct=True)
    namespace["__pending"] = Builtin("pending", _take_pending, needs_vm=True)
    namespace["__raised"] = Builtin("raised", Raised)
    namespace["__next_method"] = Builtin("next", _next_method)
    _resume_replay(namespace["__replay"].code)
    from . import aio, aio_locks, aio_taskgroup, aio_wait

    namespace.update(aio.PRELUDE_BUILTINS)
    namespace.update(aio_locks.PRELUDE_BUILTINS)
    namespace.update(aio_taskgroup.PRELUDE_BUILTINS)
    namespace.update(aio_wait.PRELUDE_BUILTINS)
    namespace["__CancelledError"] = aio.CancelledError
    from .machine import _is_iterable

    namespace["__is_iterable"] = Builtin("iter", _is_iterable)
    from ..modules.math_module import fsum_add, fsum_result

    namespace["__fsum_add"] = Builtin("fsum", fsum_add)
    namespace["__fsum_result"] = Builtin("fsum", fsum_result)
    return namespace


def _take_pending(vm: Any) -> Any:
    """What the __replay frame runs: the frame (or tool call) the machine left for it."""
    pending, vm.pending = vm.pending, None
    return pending


def _next_method(iterator: Any) -> Any:
    """The bound ``__next__`` of a sandbox iterator (what ``next()`` calls)."""
    from ..model import descriptors
    from ..model.classes import MISSING, lookup

    method = lookup(type(iterator), "__next__")[0]
    if method is MISSING:
        raise TypeError(f"'{type(iterator).__name__}' object is not an iterator")
    return descriptors.get(None, method, iterator, type(iterator))


def _resume_replay(code: Code) -> None:
    """__replay ends with RESUME_REPLAY instead of a return (see Machine.run_direct)."""
    from . import opcodes

    code.instrs = [
        (opcodes.RESUME_REPLAY, arg) if opcode == opcodes.RETURN_VALUE else (opcode, arg)
        for opcode, arg in code.instrs
    ]


_GENERATOR_COROUTINES = frozenset({"__sleep0"})
"""Prelude generators that are coroutines, as ``@types.coroutine`` makes them in asyncio:
``__sleep0``'s bare ``yield`` hands None to the task stepping it, which runs again in the
next iteration of the loop ("a bare yield relinquishes control for one iteration")."""


def _hide(code: Code) -> None:
    code.kind = "prelude"
    code.uses_async = False  # tools called by builtins on the sandbox's behalf are plain calls
    for _, arg in code.instrs:
        if isinstance(arg, FunctionTemplate):
            _hide(arg.code)
