"""Waiting on several futures at once: ``as_completed``, ``wait`` and ``timeout``.

After CPython 3.11's ``asyncio.tasks`` and ``asyncio.timeouts``: the closures
asyncio registers as done callbacks are host objects here, whose ``completed``
method a loop callback ``["completed", self, future]`` calls (they are not
futures), and the awaiting halves are prelude coroutines (``__as_completed_one``,
``__asyncio_wait``).
"""

from __future__ import annotations

from typing import Any

from . import attributes
from .aio import (
    CANCELLED,
    FINISHED,
    PENDING,
    CancelledError,
    Future,
    Handle,
    Loop,
    Task,
    clock,
    ensure_future,
    running_loop,
    timer_cancel,
    uncancel,
)
from .attributes import type_name
from .containers import hash_value
from .context import current
from .objects import Builtin, Coroutine, Generator
from .operations import check_render

_COROUTINES = (Coroutine, Generator)
"""What ``asyncio.iscoroutine`` is true of in CPython 3.11: generators too."""

FIRST_COMPLETED = "FIRST_COMPLETED"
FIRST_EXCEPTION = "FIRST_EXCEPTION"
ALL_COMPLETED = "ALL_COMPLETED"


# -- as_completed ---------------------------------------------------------------------


class AsCompleted:
    """``asyncio.as_completed``: futures queued as they finish; getters wait on the queue."""

    __slots__ = ("todo", "queue", "getters", "timer")

    def __init__(self, todo: list[Future]) -> None:
        self.todo = todo
        self.queue: list[Future | None] = []
        self.getters: list[Future] = []
        self.timer: Handle | None = None

    def completed(self, loop: Loop, future: Future | None) -> None:
        """A future finished (None: the timeout passed), as asyncio's closures do."""
        if future is None:
            for pending in self.todo:
                pending.callbacks = [e for e in pending.callbacks
                                     if not (e[0] == "completed" and e[1] is self)]
                self.put(loop, None)
            self.todo = []
            return
        if not self.todo:
            return
        self.todo.remove(future)
        self.put(loop, future)
        if not self.todo and self.timer is not None:
            timer_cancel(self.timer)

    def put(self, loop: Loop, item: Future | None) -> None:
        self.queue.append(item)
        while self.getters:
            getter = self.getters.pop(0)
            if getter.state == PENDING:
                getter.finish(loop)
                return


def _as_completed_check(vm: Any, fs: Any) -> None:
    """The start of ``as_completed``, before the prelude lists ``fs``."""
    if isinstance(fs, Future) or type(fs) in _COROUTINES:
        raise TypeError(f"expect an iterable of futures, not {type_name(type(fs))}")
    running_loop(vm)


def _as_completed_start(vm: Any, items: list, timeout: Any) -> AsCompleted:
    loop = running_loop(vm)
    vm.charge(4 * len(items))
    todo = _unique([ensure_future(vm, item) for item in _hashed(items)])
    waiting = AsCompleted(todo)
    for future in todo:
        future.on_done(loop, ["completed", waiting, future])
    if todo and timeout is not None:
        waiting.timer = loop.call_later(timeout, ["completed", waiting, None])
    return waiting


def _as_completed_count(waiting: AsCompleted) -> int:
    return len(waiting.todo)


def _as_completed_empty(waiting: AsCompleted) -> bool:
    return not waiting.queue


def _as_completed_getter(vm: Any, waiting: AsCompleted) -> Future:
    running_loop(vm)
    getter = Future()
    waiting.getters.append(getter)
    return getter


def _as_completed_getter_failed(vm: Any, waiting: AsCompleted, getter: Future) -> None:
    loop = running_loop(vm)
    getter.cancel(loop)
    if getter in waiting.getters:
        waiting.getters.remove(getter)
    if waiting.queue and getter.state != CANCELLED:
        waiting.put(loop, waiting.queue.pop())  # wake the next getter (asyncio's _wakeup_next)


def _as_completed_pop(waiting: AsCompleted) -> Future | None:
    return waiting.queue.pop(0)


# -- wait ------------------------------------------------------------------------------


class WaitAll:
    """``asyncio.wait``'s state: ``waiter`` finishes when ``return_when`` is met."""

    __slots__ = ("futures", "return_when", "counter", "waiter", "timer")

    def __init__(self, futures: list[Future], return_when: str) -> None:
        self.futures = futures
        self.return_when = return_when
        self.counter = len(futures)
        self.waiter = Future()
        self.timer: Handle | None = None

    def completed(self, loop: Any, future: Future) -> None:
        """asyncio's ``_on_completion``."""
        self.counter -= 1
        if (
            self.counter <= 0
            or self.return_when == FIRST_COMPLETED
            or (self.return_when == FIRST_EXCEPTION and future.state != CANCELLED
                and future.error is not None)
        ):
            if self.timer is not None:
                timer_cancel(self.timer)
            if self.waiter.state == PENDING:
                self.waiter.finish(loop)


def _wait_check(fs: Any, return_when: Any) -> None:
    """The checks ``asyncio.wait`` makes before it makes a set of ``fs``."""
    if isinstance(fs, Future) or type(fs) in _COROUTINES:
        raise TypeError(f"expect a list of futures, not {type_name(type(fs))}")
    if not fs:
        raise ValueError("Set of Tasks/Futures is empty.")
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        check_render(return_when)
        raise ValueError(f"Invalid return_when value: {return_when}")


def _wait_start(vm: Any, items: list, timeout: Any, return_when: Any) -> WaitAll:
    """The rest of ``wait`` and the start of its ``_wait``, with ``items`` listed."""
    vm.charge(4 * len(items))
    futures = _hashed(items)
    if any(type(item) in _COROUTINES for item in futures):
        raise TypeError("Passing coroutines is forbidden, use tasks explicitly.")
    loop = running_loop(vm)
    if not futures:
        raise AssertionError("Set of Futures is empty.")
    state = WaitAll(futures, return_when)
    if timeout is not None:
        state.timer = loop.call_later(timeout, ["release", state.waiter])
    for future in futures:
        if not isinstance(future, Future):  # CPython 3.11.7 takes futures as they are
            raise AttributeError(f"'{type_name(type(future))}' object has no attribute "
                                 "'add_done_callback'")
        future.on_done(loop, ["completed", state, future])
    return state


def _wait_waiter(state: WaitAll) -> Future:
    return state.waiter


def _wait_end(state: WaitAll) -> tuple[set, set]:
    """The ``finally`` of ``_wait``, and its result: ``(done, pending)``."""
    if state.timer is not None:
        timer_cancel(state.timer)
    for future in state.futures:
        future.callbacks = [entry for entry in future.callbacks
                            if not (entry[0] == "completed" and entry[1] is state)]
    done = {future for future in state.futures if future.state != PENDING}
    return done, {future for future in state.futures if future.state == PENDING}


def _hashed(items: list) -> list:
    """``set(items)``, as asyncio makes it: each item hashed (a list is unhashable), and
    repeats dropped. Kept in order: a set's would depend on the host's addresses."""
    for item in items:
        hash_value(item)
    return _unique(items)


def _unique(items: Any) -> list:
    """The items without repeats (by identity, as a set of futures has them), in order."""
    seen: set[int] = set()
    unique = []
    for item in items:
        if id(item) not in seen:
            seen.add(id(item))
            unique.append(item)
    return unique


# -- timeout ---------------------------------------------------------------------------

_CREATED, _ENTERED, _EXPIRING, _EXPIRED, _EXITED = range(5)
_PHASES = ("created", "active", "expiring", "expired", "finished")


class Timeout:
    """``asyncio.timeout(delay)``: cancels the task if its block runs past the deadline."""

    __slots__ = ("deadline", "phase", "task", "timer", "cancelling")

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.phase = _CREATED
        self.task: Task | None = None
        self.timer: Handle | None = None
        self.cancelling = 0  # the task's cancel requests when the block began

    def __repr__(self) -> str:
        when = ""
        if self.phase == _ENTERED:
            when = f" when={None if self.deadline is None else round(self.deadline, 3)!r}"
        return f"<Timeout [{_PHASES[self.phase]}]{when}>"

    def reschedule(self, loop: Any, deadline: Any) -> None:
        if self.phase != _ENTERED:
            if self.phase == _CREATED:
                raise RuntimeError("Timeout has not been entered")
            raise RuntimeError(f"Cannot change state of {_PHASES[self.phase]} Timeout")
        self.deadline = deadline
        if self.timer is not None:
            timer_cancel(self.timer)
        if deadline is None:
            self.timer = None
        elif deadline <= clock():  # passed: expire in the next iteration, before any timer
            self.timer = loop.call_soon(["completed", self, None])
        else:
            self.timer = loop.call_at(deadline, ["completed", self, None])

    def completed(self, loop: Any, _: Any) -> None:
        """asyncio's ``_on_timeout``."""
        assert self.task is not None
        self.task.cancel(loop)
        self.phase = _EXPIRING
        self.timer = None


def timeout(vm: Any, delay: Any) -> Timeout:
    running_loop(vm)
    return Timeout(clock() + delay if delay is not None else None)


def _timeout_enter(vm: Any, block: Timeout) -> Future:
    loop = running_loop(vm)
    if block.phase != _CREATED:
        raise RuntimeError("Timeout has already been entered")
    task = loop.current
    if task is None:
        raise RuntimeError("Timeout should be used inside a task")
    block.phase = _ENTERED
    block.task = task
    block.cancelling = task.cancel_requests
    block.reschedule(loop, block.deadline)
    return _done(block)


def _timeout_exit(vm: Any, block: Timeout, kind: Any, value: Any, traceback: Any) -> Future:
    if block.phase not in (_ENTERED, _EXPIRING):
        raise AssertionError
    if block.timer is not None:
        timer_cancel(block.timer)
        block.timer = None
    if block.phase == _EXPIRING:
        block.phase = _EXPIRED
        assert block.task is not None
        if uncancel(block.task) <= block.cancelling and kind is CancelledError:
            raise TimeoutError from value
    elif block.phase == _ENTERED:
        block.phase = _EXITED
    return _done(None)


def _done(value: Any) -> Future:
    """A future that is already done: awaiting it gives ``value`` without suspending."""
    future = Future()
    future.state = FINISHED
    future.value = value
    return future


def _when(block: Timeout) -> Any:
    return block.deadline


def _expired(block: Timeout) -> bool:
    return block.phase in (_EXPIRING, _EXPIRED)


def _reschedule(vm: Any, block: Timeout, deadline: Any) -> None:
    block.reschedule(running_loop(vm), deadline)


Timeout.__module__ = "asyncio.timeouts"
attributes.METHODS[Timeout] = {
    "when": attributes.VMMethod(_when),
    "expired": attributes.VMMethod(_expired),
    "reschedule": attributes.VMMethod(_reschedule, needs_vm=True),
}


def _aenter(block: Timeout) -> Future:
    return _timeout_enter(current.get(), block)


def _aexit(block: Timeout, kind: Any, value: Any, traceback: Any) -> Future:
    return _timeout_exit(current.get(), block, kind, value, traceback)


attributes.SPECIAL_METHODS[Timeout] = {"__aenter__": _aenter, "__aexit__": _aexit}


WAIT_TYPES = (AsCompleted, WaitAll, Timeout)

PRELUDE_BUILTINS = {
    "__ac_check": Builtin("as_completed", _as_completed_check, needs_vm=True),
    "__ac_start": Builtin("as_completed", _as_completed_start, needs_vm=True),
    "__ac_count": Builtin("as_completed", _as_completed_count),
    "__ac_empty": Builtin("get", _as_completed_empty),
    "__ac_getter": Builtin("get", _as_completed_getter, needs_vm=True),
    "__ac_getter_failed": Builtin("get", _as_completed_getter_failed, needs_vm=True),
    "__ac_pop": Builtin("get", _as_completed_pop),
    "__timeout": Builtin("timeout", timeout, needs_vm=True),
    "__wait_check": Builtin("wait", _wait_check),
    "__wait_start": Builtin("wait", _wait_start, needs_vm=True),
    "__wait_waiter": Builtin("wait", _wait_waiter),
    "__wait_end": Builtin("wait", _wait_end),
}
"""Host halves of the prelude's waiting coroutines."""
