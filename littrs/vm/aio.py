"""The sandbox's event loop: tasks, futures, and tool calls outstanding at once.

``asyncio.run`` in the sandbox runs a loop written in sandbox Python (the
prelude's ``__asyncio_run``), so stepping a task is an ordinary VM resumption:
pausable, paid for, and part of a snapshot. This module holds what that loop
works on, all plain host data without sandbox code: the :class:`Loop` with its
queue of ready callbacks, timers and outstanding tool calls, and the futures
(:class:`Task`, :class:`Gather`, a tool call's :class:`ToolFuture`, a
:class:`Sleep`). The bookkeeping follows asyncio's (``base_events``,
``futures``, ``tasks``), callback for callback, so that the order in which
tasks run and print is CPython's.

When no task can run, the loop calls ``__wait``: the machine yields a
:class:`ToolBatch` of every outstanding call, and the host answers any of them
(by id); the rest stay outstanding.
"""

from __future__ import annotations

import heapq
import time
from typing import Any

from . import attributes
from .objects import Builtin, CallRequest, Coroutine


class CancelledError(BaseException):
    """asyncio's: raised where a cancelled task awaits (a BaseException, as since 3.8)."""


class InvalidStateError(Exception):
    """asyncio's: a future's result asked for before it is set."""


# Named as CPython names them in tracebacks; defined here because importing asyncio
# would cost every sandbox's cold start.
CancelledError.__module__ = InvalidStateError.__module__ = "asyncio.exceptions"

PENDING = 0
FINISHED = 1
CANCELLED = 2
_STATE_NAMES = ("pending", "finished", "cancelled")


def clock() -> float:
    """The loop's time: wall-clock seconds, so a timer survives a snapshot to another process."""
    return time.time()


class Future:
    """A result that is not there yet; what a task awaits."""

    __slots__ = ("state", "value", "error", "callbacks", "cancel_message")

    def __init__(self) -> None:
        self.state = PENDING
        self.value: Any = None
        self.error: BaseException | None = None
        self.callbacks: list[list[Any]] = []  # ready-queue entries to schedule when done
        self.cancel_message: Any = None

    def done(self) -> bool:
        return self.state != PENDING

    def cancelled(self) -> bool:
        return self.state == CANCELLED

    def result(self) -> Any:
        if self.state == CANCELLED:
            raise CancelledError(*(() if self.cancel_message is None else (self.cancel_message,)))
        if self.state == PENDING:
            raise InvalidStateError("Result is not set.")
        if self.error is not None:
            raise self.error
        return self.value

    def exception(self) -> BaseException | None:
        if self.state == CANCELLED:
            raise CancelledError(*(() if self.cancel_message is None else (self.cancel_message,)))
        if self.state == PENDING:
            raise InvalidStateError("Exception is not set.")
        return self.error

    def finish(self, loop: Loop, value: Any = None, error: BaseException | None = None) -> None:
        self.state = FINISHED
        self.value = value
        self.error = error
        self.schedule_callbacks(loop)

    def cancel(self, loop: Loop, message: Any = None) -> bool:
        if self.state != PENDING:
            return False
        self.state = CANCELLED
        self.cancel_message = message
        self.schedule_callbacks(loop)
        return True

    def on_done(self, loop: Loop, entry: list[Any]) -> None:
        """Schedule ``entry`` when this future is done (at once if it is)."""
        if self.state != PENDING:
            loop.ready.append(entry)
        else:
            self.callbacks.append(entry)

    def schedule_callbacks(self, loop: Loop) -> None:
        callbacks, self.callbacks = self.callbacks, []
        loop.ready.extend(callbacks)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {_STATE_NAMES[self.state]}>"


class Task(Future):
    """A coroutine the loop steps until it returns; awaiting a task awaits its end."""

    __slots__ = ("coro", "name", "waiting", "must_cancel", "pending_error", "cancel_requests")

    def __init__(self, coro: Coroutine, name: str) -> None:
        super().__init__()
        self.coro = coro
        self.name = name
        self.waiting: Future | None = None  # the future the task awaits
        self.must_cancel = False  # throw CancelledError in at the next step
        self.pending_error: BaseException | None = None  # ... or this error
        self.cancel_requests = 0  # what cancelling() counts and uncancel() takes back

    def cancel(self, loop: Loop, message: Any = None) -> bool:
        if self.state != PENDING:
            return False
        self.cancel_requests += 1
        waiting = self.waiting
        if waiting is not None and waiting.cancel(loop, message):
            return True  # the task wakes to the cancelled future and raises there
        self.must_cancel = True
        self.cancel_message = message
        return True

    def __repr__(self) -> str:
        state = _STATE_NAMES[self.state]
        return f"<Task {state} name={self.name!r} coro={self.coro!r}>"


class Gather(Future):
    """``asyncio.gather``: done when every child is, with their results in order."""

    __slots__ = ("children", "return_exceptions", "unfinished", "cancel_requested")

    def __init__(self, children: list[Future], return_exceptions: bool) -> None:
        super().__init__()
        self.children = children
        self.return_exceptions = return_exceptions
        self.unfinished = len({id(child) for child in children})
        self.cancel_requested = False

    def cancel(self, loop: Loop, message: Any = None) -> bool:
        if self.state != PENDING:
            return False
        cancelled = False
        for child in self.children:
            if child.cancel(loop, message):
                cancelled = True
        if cancelled:
            self.cancel_requested = True
        return cancelled

    def child_done(self, loop: Loop, child: Future) -> None:
        """asyncio's ``_done_callback`` of gather, for one child."""
        if self.state != PENDING:
            return
        if not self.return_exceptions:
            if child.state == CANCELLED:
                self.finish(loop, error=_cancelled_error(child))
                return
            if child.error is not None:
                self.finish(loop, error=child.error)
                return
        self.unfinished -= 1
        if self.unfinished:
            return
        results = [
            _cancelled_error(child) if child.state == CANCELLED
            else child.error if child.error is not None
            else child.value
            for child in self.children
        ]
        if self.cancel_requested:
            self.finish(loop, error=CancelledError())
        else:
            self.finish(loop, results)

    def __repr__(self) -> str:
        return f"<_GatheringFuture {_STATE_NAMES[self.state]}>"


class ToolFuture(Future):
    """A tool call made by async code: issued when first awaited, answered by the host."""

    __slots__ = ("call", "id")

    def __init__(self, call: Any) -> None:
        super().__init__()
        self.call = call  # the machine's ToolCall
        self.id = 0  # given when issued

    def cancel(self, loop: Loop, message: Any = None) -> bool:
        if not super().cancel(loop, message):
            return False
        loop.calls.pop(self.id, None)  # no longer outstanding: the host drops it
        return True


class Sleep(Future):
    """``asyncio.sleep``: done at ``deadline`` (loop time), or at once for a delay <= 0."""

    __slots__ = ("delay", "deadline")

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay
        self.deadline = 0.0


class Loop:
    """One ``asyncio.run``: its ready queue, timers and outstanding tool calls.

    ``ready`` holds callbacks as asyncio's ``_ready`` does: ``["step", task]``
    (run the task until it awaits), ``["child", gather, future]`` (a gather
    hears that a child is done), ``["stop"]`` (the main task ended). ``todo``
    counts what is left of the current iteration, as ``_run_once`` does.
    """

    __slots__ = ("ready", "todo", "timers", "calls", "next_id", "sequence", "task_count", "tasks",
                 "stopping", "current")

    def __init__(self) -> None:
        self.ready: list[list[Any]] = []
        self.todo = 0
        self.timers: list[tuple[float, int, Sleep]] = []
        self.calls: dict[int, ToolFuture] = {}
        self.next_id = 1
        self.sequence = 0  # orders timers of the same deadline
        self.task_count = 0  # names tasks: Task-1 is the main one
        self.tasks: list[Task] = []
        self.stopping = False
        self.current: Task | None = None

    def create_task(self, coro: Any, name: Any = None) -> Task:
        if type(coro) is not Coroutine:
            raise TypeError(f"a coroutine was expected, got {coro!r}")
        self.task_count += 1
        task = Task(coro, f"Task-{self.task_count}" if name is None else str(name))
        self.tasks.append(task)
        self.ready.append(["step", task])
        return task

    def call_later(self, delay: float, entry: list[Any]) -> Sleep:
        """A timer that schedules ``entry`` after ``delay`` seconds (``loop.call_later``)."""
        timer = Sleep(delay)
        timer.callbacks.append(entry)
        self.add_timer(timer)
        return timer

    def add_timer(self, sleep: Sleep) -> None:
        sleep.deadline = clock() + sleep.delay
        self.sequence += 1
        heapq.heappush(self.timers, (sleep.deadline, self.sequence, sleep))

    def fire_timers(self) -> None:
        """Timers whose time has come finish (asyncio: between two iterations)."""
        timers = self.timers
        if not timers:
            return
        now = clock()
        while timers and not timers[0][0] > now:  # as asyncio: a NaN deadline is due at once
            sleep = heapq.heappop(timers)[2]
            if sleep.state == PENDING:
                self.ready.append(["fire", sleep])  # its callbacks run in the next iteration

    def next_timeout(self) -> float | None:
        """Seconds until the next timer, or None without timers."""
        while self.timers and self.timers[0][2].state != PENDING:
            heapq.heappop(self.timers)
        if not self.timers:
            return None
        wait = self.timers[0][0] - clock()
        return wait if wait > 0.0 else 0.0  # NaN: due now

    def issue(self, future: ToolFuture) -> None:
        future.id = self.next_id
        self.next_id += 1
        self.calls[future.id] = future


def _cancelled_error(future: Future) -> CancelledError:
    message = future.cancel_message
    return CancelledError() if message is None else CancelledError(message)


class ToolBatch:
    """Yielded by the machine when the sandbox's loop waits: every outstanding call."""

    __slots__ = ("loop",)

    def __init__(self, loop: Loop) -> None:
        self.loop = loop

    @property
    def calls(self) -> list[ToolFuture]:
        return list(self.loop.calls.values())

    @property
    def timeout(self) -> float | None:
        return self.loop.next_timeout()


# -- the host side of the prelude's loop (see prelude.py) ----------------------------------


def _start(vm: Any, coro: Any) -> tuple[Loop, Task]:
    """``asyncio.run(coro)`` begins: a new loop, its main task."""
    if vm.loop is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    if type(coro) is not Coroutine:
        raise ValueError(f"a coroutine was expected, got {coro!r}")
    loop = Loop()
    main = loop.create_task(coro)
    main.callbacks.append(["stop"])
    vm.loop = loop
    return loop, main


def _next_step(vm: Any, loop: Loop) -> Any:
    """The next task to step, as ``(task, coroutine, exception)``; None when the loop must
    wait for the host; False when the run is over (the main future is done)."""
    vm.loop = loop
    ready = loop.ready
    while True:
        if loop.todo == 0:  # an iteration ends: asyncio's _run_once starts the next
            if loop.stopping:
                return False
            loop.fire_timers()
            loop.todo = len(ready)
            if not ready:
                return None
        loop.todo -= 1
        entry = ready.pop(0)
        kind = entry[0]
        if kind == "step":
            task = entry[1]
            if task.state != PENDING:
                continue
            task.waiting = None
            error = task.pending_error
            task.pending_error = None
            if task.must_cancel:
                task.must_cancel = False
                error = _cancelled_error(task)
            loop.current = task
            return task, task.coro, error
        if kind == "child":
            entry[1].child_done(loop, entry[2])
        elif kind == "release" or kind == "fire":
            if entry[1].state == PENDING:
                entry[1].finish(loop)
        elif kind == "call":
            return None, entry[1], entry[2]  # a sandbox callback: the prelude calls it
        elif kind == "completed":  # a host callback: a group, as_completed, wait, timeout
            entry[1].completed(loop, entry[2])
        elif kind == "stop":
            loop.stopping = True


def _task_done(vm: Any, loop: Loop, task: Task, raised: BaseException) -> None:
    """A step ended the task: with its return value (StopIteration) or an exception."""
    loop.current = None
    if task in loop.tasks:
        loop.tasks.remove(task)
    if type(raised) is StopIteration:
        task.finish(loop, raised.value)
    elif isinstance(raised, CancelledError):
        task.state = PENDING
        Future.cancel(task, loop, raised.args[0] if raised.args else None)
    else:
        task.finish(loop, error=raised)


def _task_wait(vm: Any, loop: Loop, task: Task, awaited: Any) -> None:
    """A step ended at an await of ``awaited``: wake the task when it is done."""
    loop.current = None
    if awaited is task:
        task.pending_error = RuntimeError(f"Task cannot await on itself: {task!r}")
        loop.ready.append(["step", task])
        return
    if awaited.state != PENDING:
        loop.ready.append(["step", task])
        return
    task.waiting = awaited
    awaited.callbacks.append(["step", task])
    if type(awaited) is ToolFuture and awaited.id == 0:
        loop.issue(awaited)
    elif type(awaited) is Sleep and awaited.deadline == 0.0:
        if awaited.delay <= 0:
            awaited.finish(loop)  # sleep(0): run again after everything ready now
        else:
            loop.add_timer(awaited)
    if task.must_cancel:
        if awaited.cancel(loop, task.cancel_message):
            task.must_cancel = False


def new_future(vm: Any) -> Future:
    running_loop(vm)
    return Future()


def call_later_release(vm: Any, delay: float, waiter: Future) -> Sleep:
    """A timer that finishes ``waiter`` after ``delay`` seconds (``loop.call_later``)."""
    return running_loop(vm).call_later(delay, ["release", waiter])


def timer_cancel(timer: Sleep) -> None:
    timer.state = CANCELLED
    timer.callbacks = []


def add_release(future: Future, waiter: Future) -> None:
    """When ``future`` is done, finish ``waiter`` (asyncio's ``_release_waiter``)."""
    future.callbacks.append(["release", waiter])


def remove_release(future: Future, waiter: Future) -> None:
    future.callbacks = [entry for entry in future.callbacks
                        if not (entry[0] == "release" and entry[1] is waiter)]


def add_done_callback(vm: Any, future: Future, fn: Any) -> None:
    """``future.add_done_callback(fn)``: ``fn(future)`` runs as sandbox code, soon after."""
    future.on_done(running_loop(vm), ["call", fn, future])


def remove_done_callback(future: Future, fn: Any) -> int:
    kept = [entry for entry in future.callbacks if not (entry[0] == "call" and entry[1] == fn)]
    removed = len(future.callbacks) - len(kept)
    future.callbacks = kept
    return removed


def _wait(vm: Any, loop: Loop) -> ToolBatch:
    """Nothing can run: wait for the host to answer a call (or for a timer)."""
    if not loop.calls and loop.next_timeout() is None:
        raise RuntimeError("the event loop is idle: every task waits for another")
    return ToolBatch(loop)


def _deliver(vm: Any, loop: Loop, answers: dict) -> None:
    """The host's answers, ``{id: (value, exception)}``: finish those calls."""
    vm.loop = loop
    for call_id, (value, error) in answers.items():
        future = loop.calls.pop(call_id, None)
        if future is not None and future.state == PENDING:
            future.finish(loop, value, error)


def _finish_run(vm: Any, loop: Loop) -> Gather | None:
    """The main task is done: cancel what still runs (asyncio's ``_cancel_all_tasks``)."""
    pending = [task for task in loop.tasks if task.state == PENDING]
    if not pending:
        return None
    for task in pending:
        task.cancel(loop)
    gather = _gather_of(loop, pending, True)
    gather.callbacks.append(["stop"])
    loop.stopping = False
    return gather


def _close(vm: Any, loop: Loop, main: Task | None) -> Any:
    """``asyncio.run`` ends: the main task's result, or its exception (None: it failed)."""
    vm.loop = None
    loop.calls.clear()
    return None if main is None else main.result()


def _future_result(future: Future) -> Any:
    """What ``await future`` gives once the future is done."""
    return future.result()


def _future_done(future: Future) -> bool:
    return future.state != PENDING


def _tool_future(call: Any) -> ToolFuture:
    return ToolFuture(call)


def _sleep(vm: Any, delay: Any) -> Sleep:
    running_loop(vm)
    return Sleep(delay)


def running_loop(vm: Any) -> Loop:
    loop = vm.loop
    if loop is None:
        raise RuntimeError("no running event loop")
    return loop


def _gather_of(loop: Loop, children: list[Future], return_exceptions: bool) -> Gather:
    gather = Gather(children, return_exceptions)
    seen: set[int] = set()
    for child in children:
        if id(child) in seen:
            continue
        seen.add(id(child))
        child.on_done(loop, ["child", gather, child])
    if not children:
        gather.finish(loop, [])
    return gather


def gather(vm: Any, *aws: Any, return_exceptions: bool = False) -> Gather:
    """``asyncio.gather``: coroutines become tasks; the result lists theirs in order."""
    loop = running_loop(vm)
    vm.charge(4 * len(aws))  # a task, a callback and a result each: paid as instructions
    children: list[Future] = []
    made: dict[int, Future] = {}
    for aw in aws:
        if isinstance(aw, Future):
            children.append(aw)
        elif type(aw) is Coroutine:
            child = made.get(id(aw))
            if child is None:
                child = made[id(aw)] = loop.create_task(aw)
            children.append(child)
        else:
            raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")
    return _gather_of(loop, children, bool(return_exceptions))


def create_task(vm: Any, coro: Any, *, name: Any = None) -> Task:
    """``asyncio.create_task``: schedule the coroutine; the task runs when the loop gets to it."""
    return running_loop(vm).create_task(coro, name)


def current_task(vm: Any) -> Task | None:
    return running_loop(vm).current


def ensure_future(vm: Any, aw: Any) -> Future:
    if isinstance(aw, Future):
        return aw
    if type(aw) is Coroutine:
        return running_loop(vm).create_task(aw)
    raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")


def cancel(vm: Any, future: Future, msg: Any = None) -> bool:
    """``task.cancel()``: throw CancelledError into it where it awaits."""
    loop = vm.loop
    if loop is None:
        if future.state != PENDING:
            return False
        raise RuntimeError("no running event loop")
    return future.cancel(loop, msg)


def coroutine_method(prelude_name: str) -> Any:
    """A method whose work is a prelude coroutine (``lock.acquire``, ``__aexit__``):
    calling it makes that coroutine, with the object first."""

    def method(obj: Any, *args: Any) -> CallRequest:
        from .prelude import prelude_function

        return CallRequest(prelude_function(prelude_name), [obj, *args])

    return method


PRELUDE_BUILTINS = {
    "__loop_start": Builtin("run", _start, needs_vm=True),
    "__loop_next": Builtin("run", _next_step, needs_vm=True),
    "__loop_wait": Builtin("run", _wait, needs_vm=True),
    "__loop_deliver": Builtin("run", _deliver, needs_vm=True),
    "__loop_finish": Builtin("run", _finish_run, needs_vm=True),
    "__loop_close": Builtin("run", _close, needs_vm=True),
    "__task_done": Builtin("run", _task_done, needs_vm=True),
    "__task_wait": Builtin("run", _task_wait, needs_vm=True),
    "__future_result": Builtin("result", _future_result),
    "__future_done": Builtin("done", _future_done),
    "__tool_future": Builtin("call", _tool_future),
    "__sleep_future": Builtin("sleep", _sleep, needs_vm=True),
    "__ensure_future": Builtin("ensure_future", ensure_future, needs_vm=True),
    "__new_future": Builtin("create_future", new_future, needs_vm=True),
    "__call_later_release": Builtin("call_later", call_later_release, needs_vm=True),
    "__timer_cancel": Builtin("cancel", timer_cancel),
    "__add_release": Builtin("add_done_callback", add_release),
    "__remove_release": Builtin("remove_done_callback", remove_release),
}
"""Host functions the prelude's loop calls; names with ``__`` are out of the sandbox's reach."""

AWAITABLE_TYPES = (Future, Task, Gather, ToolFuture, Sleep)
"""What ``await`` accepts besides coroutines (the group and waiting helpers are not)."""
LOOP_TYPES = (*AWAITABLE_TYPES, Loop)


def get_name(task: Task) -> str:
    return task.name


def set_name(task: Task, value: Any) -> None:
    task.name = str(value)


def get_coro(task: Task) -> Coroutine:
    return task.coro


def cancelling(task: Task) -> int:
    return task.cancel_requests


def uncancel(task: Task) -> int:
    if task.cancel_requests > 0:
        task.cancel_requests -= 1
    return task.cancel_requests


_FUTURE_METHODS = {
    "done": attributes.VMMethod(Future.done),
    "cancelled": attributes.VMMethod(Future.cancelled),
    "result": attributes.VMMethod(Future.result),
    "exception": attributes.VMMethod(Future.exception),
    "cancel": attributes.VMMethod(cancel, needs_vm=True),
    "add_done_callback": attributes.VMMethod(add_done_callback, needs_vm=True),
    "remove_done_callback": attributes.VMMethod(remove_done_callback),
}
for _type in (Future, Gather, ToolFuture, Sleep):
    attributes.METHODS[_type] = dict(_FUTURE_METHODS)
attributes.METHODS[Task] = {
    **_FUTURE_METHODS,
    "get_name": attributes.VMMethod(get_name),
    "set_name": attributes.VMMethod(set_name),
    "get_coro": attributes.VMMethod(get_coro),
    "cancelling": attributes.VMMethod(cancelling),
    "uncancel": attributes.VMMethod(uncancel),
}
