"""Waiting on several futures at once: ``as_completed``, ``wait`` and ``timeout``.

After CPython 3.11's ``asyncio.tasks`` and ``asyncio.timeouts``: the closures
asyncio registers as done callbacks are host objects here (each a future only
to ride the loop's ``["completed", self, future]`` callbacks), and the awaiting
halves are prelude coroutines (``__as_completed_one``, ``__asyncio_wait``).
"""

from __future__ import annotations

from typing import Any

from . import attributes
from .aio import (
    CANCELLED,
    PENDING,
    CancelledError,
    Future,
    Loop,
    Sleep,
    Task,
    ensure_future,
    running_loop,
    timer_cancel,
)
from .context import current
from .objects import Builtin, Coroutine

FIRST_COMPLETED = "FIRST_COMPLETED"
FIRST_EXCEPTION = "FIRST_EXCEPTION"
ALL_COMPLETED = "ALL_COMPLETED"


# -- as_completed ---------------------------------------------------------------------


class AsCompleted(Future):
    """``asyncio.as_completed``: futures queued as they finish; getters wait on the queue.

    It is a future only to ride the loop's callbacks; nothing awaits it.
    """

    __slots__ = ("todo", "queue", "getters", "timer")

    def __init__(self, todo: list[Future]) -> None:
        super().__init__()
        self.todo = todo
        self.queue: list[Future | None] = []
        self.getters: list[Future] = []
        self.timer: Sleep | None = None

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


def _as_completed_start(vm: Any, items: list, timeout: Any) -> AsCompleted:
    loop = running_loop(vm)
    vm.charge(4 * len(items))
    todo = _unique([ensure_future(vm, item) for item in _unique(items)])
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


class WaitAll(Future):
    """``asyncio.wait``'s state: ``waiter`` finishes when ``return_when`` is met."""

    __slots__ = ("futures", "return_when", "counter", "waiter", "timer")

    def __init__(self, futures: list[Future], return_when: str) -> None:
        super().__init__()
        self.futures = futures
        self.return_when = return_when
        self.counter = len(futures)
        self.waiter = Future()
        self.timer: Sleep | None = None

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


def _wait_start(vm: Any, fs: Any, timeout: Any, return_when: Any) -> WaitAll:
    if isinstance(fs, Future) or type(fs) is Coroutine:
        raise TypeError(f"expect a list of futures, not {type(fs).__name__}")
    if type(fs) not in (list, tuple, set, frozenset):
        raise TypeError(f"asyncio.wait() takes a list, tuple or set of tasks in littrs, "
                        f"not {type(fs).__name__}")
    if not fs:
        raise ValueError("Set of Tasks/Futures is empty.")
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError(f"Invalid return_when value: {return_when}")
    loop = running_loop(vm)
    vm.charge(4 * len(fs))
    items = _unique(fs)
    if any(type(item) is Coroutine for item in items):
        raise TypeError("Passing coroutines is forbidden, use tasks explicitly.")
    futures = _unique([ensure_future(vm, item) for item in items])
    state = WaitAll(futures, return_when)
    if timeout is not None:
        state.timer = loop.call_later(timeout, ["release", state.waiter])
    for future in futures:
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


class Timeout(Future):
    """``asyncio.timeout(delay)``: cancels the task if its block runs past the deadline."""

    __slots__ = ("deadline", "phase", "task", "timer")

    def __init__(self, deadline: float | None) -> None:
        super().__init__()
        self.deadline = deadline
        self.phase = _CREATED
        self.task: Task | None = None
        self.timer: Sleep | None = None

    def __repr__(self) -> str:
        info = [("created", "active", "expiring", "expired", "finished")[self.phase]]
        if self.phase == _ENTERED:
            info.append(f"when={self.deadline!r}" if self.deadline is not None else "when=None")
        return f"<Timeout [{' '.join(info)}]>"

    def reschedule(self, loop: Any, deadline: Any) -> None:
        if self.phase != _ENTERED:
            state = ("created", "active", "expiring", "expired", "finished")[self.phase]
            raise RuntimeError(f"Cannot change state of {state} Timeout")
        self.deadline = deadline
        if self.timer is not None:
            timer_cancel(self.timer)
            self.timer = None
        if deadline is None:
            return
        from .aio import clock

        self.timer = loop.call_later(max(0.0, deadline - clock()), ["completed", self, None])

    def completed(self, loop: Any, _: Any) -> None:
        """asyncio's ``_on_timeout``."""
        assert self.task is not None
        self.task.cancel(loop)
        self.phase = _EXPIRING
        self.timer = None


def timeout(vm: Any, delay: Any) -> Timeout:
    from .aio import clock

    running_loop(vm)
    return Timeout(clock() + delay if delay is not None else None)


def _timeout_enter(vm: Any, block: Timeout) -> Future:
    loop = running_loop(vm)
    block.phase = _ENTERED
    block.task = loop.current
    if block.task is None:
        raise RuntimeError("Timeout should be used inside a task")
    block.reschedule(loop, block.deadline)
    return _done(block)


def _timeout_exit(vm: Any, block: Timeout, kind: Any, value: Any, traceback: Any) -> Future:
    if block.timer is not None:
        timer_cancel(block.timer)
        block.timer = None
    if block.phase == _EXPIRING:
        block.phase = _EXPIRED
        assert block.task is not None
        if block.task.cancel_requests > 0:
            block.task.cancel_requests -= 1
        if block.task.cancel_requests == 0 and kind is CancelledError:
            raise TimeoutError
    elif block.phase == _ENTERED:
        block.phase = _EXITED
    return _done(None)


def _done(value: Any) -> Future:
    """A future that is already done: awaiting it gives ``value`` without suspending."""
    future = Future()
    future.state = 1
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
    "__ac_start": Builtin("as_completed", _as_completed_start, needs_vm=True),
    "__ac_count": Builtin("as_completed", _as_completed_count),
    "__ac_empty": Builtin("get", _as_completed_empty),
    "__ac_getter": Builtin("get", _as_completed_getter, needs_vm=True),
    "__ac_getter_failed": Builtin("get", _as_completed_getter_failed, needs_vm=True),
    "__ac_pop": Builtin("get", _as_completed_pop),
    "__wait_start": Builtin("wait", _wait_start, needs_vm=True),
    "__wait_waiter": Builtin("wait", _wait_waiter),
    "__wait_end": Builtin("wait", _wait_end),
}
"""Host halves of the prelude's waiting coroutines."""
