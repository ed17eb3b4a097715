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
import reprlib
import time
from threading import get_ident
from typing import Any

from . import attributes
from .clinic import MISSING, exactly_one, no_arguments, unpack_keywords
from .containers import hash_value
from .objects import Builtin, CallRequest, Coroutine
from .operations import check_render


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

    __slots__ = ("state", "value", "error", "callbacks", "cancel_message", "cancelled_exc")

    def __init__(self) -> None:
        self.state = PENDING
        self.value: Any = None
        self.error: BaseException | None = None
        self.callbacks: list[list[Any]] = []  # ready-queue entries to schedule when done
        self.cancel_message: Any = None
        # The CancelledError a task's coroutine ended with: the first to ask gets it (with
        # its message); after that, a new one without (asyncio's _make_cancelled_error).
        self.cancelled_exc: CancelledError | None = None

    def done(self) -> bool:
        return self.state != PENDING

    def cancelled(self) -> bool:
        return self.state == CANCELLED

    def result(self) -> Any:
        if self.state == CANCELLED:
            raise _cancelled_error(self)
        if self.state == PENDING:
            raise InvalidStateError("Result is not set.")
        if self.error is not None:
            raise self.error
        return self.value

    def exception(self) -> BaseException | None:
        if self.state == CANCELLED:
            raise _cancelled_error(self)
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
        key = (id(self), get_ident())
        if key in _REPRS_RUNNING:  # asyncio's @reprlib.recursive_repr()
            return "..."
        _REPRS_RUNNING.add(key)
        try:
            return f"<{type(self).__name__} {' '.join(_repr_info(self))}>"
        finally:
            _REPRS_RUNNING.discard(key)


_REPRS_RUNNING: set[tuple[int, int]] = set()


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
            CancelledError("" if child.cancel_message is None else child.cancel_message)
            if child.state == CANCELLED
            else child.error if child.error is not None
            else child.value
            for child in self.children
        ]
        if self.cancel_requested:  # asyncio asks the last child for its error (a loop variable)
            self.finish(loop, error=_cancelled_error(self.children[-1]))
        else:
            self.finish(loop, results)



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
    """``asyncio.sleep(delay)`` for a delay > 0: done at ``deadline`` (loop time).

    Its timer fires in one iteration of the loop and the task that awaits it
    wakes in the next, as asyncio's ``_set_result_unless_cancelled`` timer does.
    """

    __slots__ = ("delay", "deadline")

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay
        self.deadline = 0.0


class Handle(Sleep):
    """What ``loop.call_later``/``call_at``/``call_soon`` return: one callback entry,
    run in the iteration in which the handle comes up. Cancelling it (``timer_cancel``)
    makes it a no-op, wherever it waits: in the timers or already on the ready queue."""

    __slots__ = ()


# Named as CPython names them (``<class '_asyncio.Future'>``); a gather's future is a
# Python subclass of it in asyncio.tasks.
Future.__module__ = Task.__module__ = "_asyncio"
Gather.__module__ = "asyncio.tasks"
Gather.__name__ = Gather.__qualname__ = "_GatheringFuture"


def _repr_info(future: Future) -> list[str]:
    """asyncio's ``_future_repr_info``: the state, the result or exception, the callbacks."""
    info = [_STATE_NAMES[future.state]]
    if future.state == FINISHED:
        if future.error is not None:
            check_render(future.error)
            info.append(f"exception={future.error!r}")
        else:
            info.append(f"result={_SHORT_REPR.repr(future.value)}")
    if future.callbacks:
        info.append(_format_callbacks(future.callbacks))
    return info


def _format_callbacks(callbacks: list[list[Any]]) -> str:
    """asyncio's ``_format_callbacks``. A task waiting shows as CPython shows it; what
    CPython shows with its own source path (gather's callback) is named without it."""
    names = [_callback_name(entry) for entry in callbacks]
    if len(names) > 2:
        names = [names[0], f"<{len(names) - 2} more>", names[-1]]
    return f"cb=[{', '.join(names)}]"


def _callback_name(entry: list[Any]) -> str:
    kind = entry[0]
    if kind == "step":
        return "Task.task_wakeup()"
    if kind == "call":
        fn = entry[1]
        name = getattr(fn, "qualname", None) or getattr(fn, "name", None)
        return f"{name}()" if type(name) is str else f"{type(fn).__name__}()"
    if kind == "child":
        return "gather.<locals>._done_callback()"
    if kind == "release":
        return "_release_waiter()"
    if kind == "stop":
        return "_run_until_complete_cb()"
    return type(entry[1]).__name__ + "._on_completion()"


class _ShortRepr(reprlib.Repr):
    """``reprlib.repr``, which a future's repr shows its result with, paid for: what it
    renders whole is checked first, and sorting a dict's keys or a set is a paid sort."""

    def repr_instance(self, x: Any, level: int) -> str:
        check_render(x)
        return super().repr_instance(x, level)

    def repr_set(self, x: Any, level: int) -> str:
        return "set()" if not x else self._repr_iterable(_sorted(x), level, "{", "}", self.maxset)

    def repr_frozenset(self, x: Any, level: int) -> str:
        if not x:
            return "frozenset()"
        return self._repr_iterable(_sorted(x), level, "frozenset({", "})", self.maxfrozenset)

    def repr_dict(self, x: Any, level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [f"{self.repr1(key, level - 1)}: {self.repr1(x[key], level - 1)}"
                  for key in _sorted(x)[: self.maxdict]]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


def _sorted(items: Any) -> list:
    """reprlib's ``_possibly_sorted``, with the sort paid as ``sorted()`` pays."""
    from ..errors import LimitError
    from .builtins import sort_by_keys

    listed = list(items)
    try:
        sort_by_keys(listed, None, False)
    except LimitError:
        raise
    except Exception:
        return list(items)
    return listed


_SHORT_REPR = _ShortRepr()


class _ClosedQueue(list):
    """The ready queue of a loop that has ended: scheduling on it is CPython's error."""

    def append(self, entry: Any) -> None:
        raise RuntimeError("Event loop is closed")

    def extend(self, entries: Any) -> None:
        if entries:
            raise RuntimeError("Event loop is closed")


class Loop:
    """One ``asyncio.run``: its ready queue, timers and outstanding tool calls.

    ``ready`` holds callbacks as asyncio's ``_ready`` does: ``["step", task]``
    (run the task until it awaits), ``["child", gather, future]`` (a gather
    hears that a child is done), ``["stop"]`` (the main task ended),
    ``["shutdown"]`` (a closing step of ``asyncio.run``). ``todo``
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

    def call_later(self, delay: float, entry: list[Any]) -> Handle:
        """``loop.call_later``: ``entry`` runs ``delay`` seconds from now."""
        return self.call_at(clock() + delay, entry)

    def call_at(self, deadline: float, entry: list[Any]) -> Handle:
        """``loop.call_at``: ``entry`` runs in the first iteration at or after ``deadline``."""
        handle = Handle(0.0)
        handle.callbacks.append(entry)
        self.push_timer(deadline, handle)
        return handle

    def call_soon(self, entry: list[Any]) -> Handle:
        """``loop.call_soon``, cancellable: ``entry`` runs in the next iteration."""
        handle = Handle(0.0)
        handle.callbacks.append(entry)
        self.ready.append(["fire", handle])
        return handle

    def add_timer(self, sleep: Sleep) -> None:
        self.push_timer(clock() + sleep.delay, sleep)

    def push_timer(self, deadline: float, timer: Sleep) -> None:
        timer.deadline = deadline
        self.sequence += 1
        heapq.heappush(self.timers, (deadline, self.sequence, timer))

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
    """asyncio's ``_make_cancelled_error``."""
    error = future.cancelled_exc
    if error is not None:
        future.cancelled_exc = None
        return error
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
        if kind == "fire":
            timer = entry[1]
            if timer.state != PENDING:
                continue  # cancelled
            if type(timer) is not Handle:
                timer.finish(loop)  # a sleep: its task wakes in the next iteration
                continue
            timer.state = FINISHED  # a handle: its callback runs now
            entry = timer.callbacks.pop()
            kind = entry[0]
        if kind == "step":
            task = entry[1]
            if task.state != PENDING:
                continue
            waited = task.waiting
            task.waiting = None
            error = task.pending_error
            task.pending_error = None
            if task.must_cancel:
                task.must_cancel = False
                # A CancelledError the task wakes to (its future was cancelled) stays:
                # cancel() asked again after the first one reached the future.
                if waited is None or waited.state != CANCELLED or error is not None:
                    error = _cancelled_error(task)
            loop.current = task
            return task, task.coro, error
        if kind == "child":
            entry[1].child_done(loop, entry[2])
        elif kind == "release":
            if entry[1].state == PENDING:
                entry[1].finish(loop)
        elif kind == "call":
            return None, entry[1], entry[2]  # a sandbox callback: the prelude calls it
        elif kind == "completed":  # a host listener (group, as_completed, wait, timeout)
            entry[1].completed(loop, entry[2])
        elif kind == "stop":
            loop.stopping = True
        elif kind == "shutdown":  # a shutdown coroutine's task ended: its callback stops the loop
            ready.append(["stop"])


def _task_done(vm: Any, loop: Loop, task: Task, raised: BaseException) -> None:
    """A step ended the task: with its return value (StopIteration) or an exception."""
    loop.current = None
    if task in loop.tasks:
        loop.tasks.remove(task)
    if type(raised) is StopIteration:
        task.finish(loop, raised.value)
    elif isinstance(raised, CancelledError):
        task.cancelled_exc = raised
        Future.cancel(task, loop, None)
    else:
        task.finish(loop, error=raised)


def _task_wait(vm: Any, loop: Loop, task: Task, awaited: Any) -> None:
    """A step ended at an await of ``awaited``: wake the task when it is done."""
    loop.current = None
    if awaited is None:  # a bare yield (sleep(0)): run again after what is ready now
        loop.ready.append(["step", task])
        return
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
        loop.add_timer(awaited)
    if task.must_cancel:
        if awaited.cancel(loop, task.cancel_message):
            task.must_cancel = False


def _check_running(vm: Any) -> None:
    """``events.get_running_loop()``, for its error only."""
    running_loop(vm)


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


def callback_loop(vm: Any) -> Loop:
    """The loop a future schedules its callbacks on: the running one. A future met
    outside of ``asyncio.run`` belongs to a loop that has ended (littrs makes futures
    only in a running loop), and scheduling on it is CPython's ``Event loop is closed``."""
    loop = vm.loop
    return _CLOSED_LOOP if loop is None else loop


def _method_name(future: Future, name: str) -> str:
    """A method as CPython's C methods name it in errors: ``Task.done``."""
    return f"{type(future).__name__}.{name}"


def _no_arguments(name: str, method: Any) -> attributes.VMMethod:
    """A ``METH_NOARGS`` method of futures: ``Future.done() takes no arguments (1 given)``."""

    def checked(future: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            no_arguments(_method_name(future, name), args, kwargs)
        return method(future)

    return attributes.VMMethod(checked)


def python_method(qualname: str, fn: Any, needs_vm: bool = False) -> attributes.VMMethod:
    """A method asyncio writes in Python that takes nothing but ``self`` (``Lock.locked``),
    with Python's errors for arguments: ``Lock.locked() takes 1 positional argument but 2
    were given``."""

    def check(args: tuple, kwargs: dict) -> None:
        if kwargs:
            raise TypeError(f"{qualname}() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        if args:
            raise TypeError(f"{qualname}() takes 1 positional argument but {len(args) + 1} "
                            "were given")

    if needs_vm:
        def with_vm(vm: Any, obj: Any, *args: Any, **kwargs: Any) -> Any:
            if args or kwargs:
                check(args, kwargs)
            return fn(vm, obj)

        return attributes.VMMethod(with_vm, needs_vm=True)

    def method(obj: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            check(args, kwargs)
        return fn(obj)

    return attributes.VMMethod(method)


def add_done_callback(vm: Any, future: Future, *args: Any, **kwargs: Any) -> None:
    """``future.add_done_callback(fn, *, context=None)``: ``fn(future)`` runs as sandbox
    code, soon after the future is done."""
    fn, context = unpack_keywords("add_done_callback", args, kwargs, ("context",), posonly=1,
                                  minpos=1, maxpos=1)
    if context is not MISSING and context is not None:
        raise TypeError("add_done_callback() context must be None in littrs")
    future.on_done(callback_loop(vm), ["call", fn, future])


def remove_done_callback(future: Future, *args: Any, **kwargs: Any) -> int:
    fn = exactly_one(_method_name(future, "remove_done_callback"), args, kwargs)
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


def _shutdown(vm: Any, loop: Loop) -> None:
    """One of ``asyncio.run``'s closing ``run_until_complete`` calls (``shutdown_asyncgens``,
    ``shutdown_default_executor``): a task that ends at once, so the loop runs two more
    iterations, where callbacks already scheduled still run."""
    loop.stopping = False
    loop.ready.append(["shutdown"])


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


def new_future_object(vm: Any, args: list, kwargs: dict) -> Future:
    """``asyncio.Future()``, in a running loop (CPython 3.11 would make a loop outside
    one, with a DeprecationWarning; littrs has no loop to make)."""
    if args:
        raise TypeError("Future() takes no positional arguments")
    for key in kwargs:
        if key != "loop":
            raise TypeError(f"'{key}' is an invalid keyword argument for Future()")
    loop = kwargs.get("loop")
    if loop is not None:  # there are no loop objects: what CPython says of any other value
        raise AttributeError(f"'{attributes.type_name(type(loop))}' object has no attribute "
                             "'get_debug'")
    running_loop(vm)
    return Future()


def set_result(vm: Any, future: Future, *args: Any, **kwargs: Any) -> None:
    value = exactly_one(_method_name(future, "set_result"), args, kwargs)
    if type(future) is Task:
        raise RuntimeError("Task does not support set_result operation")
    if future.state != PENDING:
        raise InvalidStateError("invalid state")
    future.finish(callback_loop(vm), value)


def set_exception(vm: Any, future: Future, *args: Any, **kwargs: Any) -> None:
    error = exactly_one(_method_name(future, "set_exception"), args, kwargs)
    if type(future) is Task:
        raise RuntimeError("Task does not support set_exception operation")
    if future.state != PENDING:
        raise InvalidStateError("invalid state")
    if isinstance(error, type) and issubclass(error, BaseException):
        error = error()  # a builtin exception class (the sandbox defines none)
    if not isinstance(error, BaseException):
        raise TypeError("invalid exception object")
    if type(error) is StopIteration:
        raise TypeError("StopIteration interacts badly with generators and cannot be raised "
                        "into a Future")
    future.finish(callback_loop(vm), error=error)


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


def gather(vm: Any, *aws: Any, return_exceptions: bool = False) -> Future:
    """``asyncio.gather``: coroutines become tasks; the result lists theirs in order.

    As in CPython, each argument is hashed and checked in turn, and a loop is needed
    only for a coroutine (it becomes a task) or for no arguments at all.
    """
    if not aws:
        future = Future()
        future.finish(running_loop(vm), [])
        return future
    vm.charge(4 * len(aws))  # a task, a callback and a result each: paid as instructions
    loop = callback_loop(vm)
    outer = Gather([], bool(return_exceptions))
    children = outer.children
    made: dict[int, Future] = {}
    for aw in aws:
        hash_value(aw)  # asyncio keeps the arguments in a dict: "unhashable type: 'list'"
        child = made.get(id(aw))
        if child is None:
            if isinstance(aw, Future):
                child = aw
            elif type(aw) is Coroutine:
                child = running_loop(vm).create_task(aw)
            else:
                raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")
            made[id(aw)] = child
            child.on_done(loop, ["child", outer, child])
        children.append(child)
    outer.unfinished = len(made)
    return outer


def create_task(vm: Any, coro: Any, name: Any, context: Any) -> Task:
    """``asyncio.create_task``: schedule the coroutine; the task runs when the loop gets to it."""
    loop = running_loop(vm)
    if context is not None:  # the sandbox has no contextvars.Context to give
        raise TypeError("create_task() context must be None in littrs")
    return loop.create_task(coro, name)


def current_task(vm: Any, loop: Any) -> Task | None:
    """``asyncio.current_task(loop=None)``: the running task (another loop has none)."""
    if loop is not None:
        hash_value(loop)  # asyncio looks it up in a dict
        return None
    return running_loop(vm).current


def ensure_future(vm: Any, aw: Any, *, loop: Any = None) -> Future:
    if loop is not None:
        raise TypeError("ensure_future() loop must be None in littrs")
    if isinstance(aw, Future):
        return aw
    if type(aw) is Coroutine:
        return running_loop(vm).create_task(aw)
    raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")


def cancel(vm: Any, future: Future, *args: Any, **kwargs: Any) -> bool:
    """``task.cancel(msg=None)``: throw CancelledError into it where it awaits."""
    if type(future) is Gather:
        if len(args) > 1:
            raise TypeError("_GatheringFuture.cancel() takes from 1 to 2 positional arguments "
                            f"but {len(args) + 1} were given")
        for key in kwargs:
            if key != "msg" or args:
                problem = ("got multiple values for argument 'msg'" if key == "msg"
                           else f"got an unexpected keyword argument '{key}'")
                raise TypeError(f"_GatheringFuture.cancel() {problem}")
        message = args[0] if args else kwargs.get("msg")
    else:
        (message,) = unpack_keywords("cancel", args, kwargs, ("msg",))
        if message is MISSING:
            message = None
    return future.cancel(callback_loop(vm), message)


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
    "__loop_shutdown": Builtin("run", _shutdown, needs_vm=True),
    "__loop_close": Builtin("run", _close, needs_vm=True),
    "__task_done": Builtin("run", _task_done, needs_vm=True),
    "__task_wait": Builtin("run", _task_wait, needs_vm=True),
    "__future_result": Builtin("result", _future_result),
    "__future_done": Builtin("done", _future_done),
    "__tool_future": Builtin("call", _tool_future),
    "__sleep_future": Builtin("sleep", _sleep, needs_vm=True),
    "__ensure_future": Builtin("ensure_future", ensure_future, needs_vm=True),
    "__new_future": Builtin("create_future", new_future, needs_vm=True),
    "__create_task": Builtin("create_task", create_task, needs_vm=True),
    "__current_task": Builtin("current_task", current_task, needs_vm=True),
    "__running_loop": Builtin("get_running_loop", _check_running, needs_vm=True),
    "__call_later_release": Builtin("call_later", call_later_release, needs_vm=True),
    "__timer_cancel": Builtin("cancel", timer_cancel),
    "__add_release": Builtin("add_done_callback", add_release),
    "__remove_release": Builtin("remove_done_callback", remove_release),
}
"""Host functions the prelude's loop calls; names with ``__`` are out of the sandbox's reach."""

AWAITABLE_TYPES = (Future, Task, Gather, ToolFuture, Sleep)
"""What ``await`` accepts besides coroutines (the group and waiting helpers are not)."""
LOOP_TYPES = (*AWAITABLE_TYPES, Handle, Loop)


def get_name(task: Task) -> str:
    return task.name


def set_name(task: Task, *args: Any, **kwargs: Any) -> None:
    value = exactly_one("Task.set_name", args, kwargs)
    task.name = value if type(value) is str else str(value)


def get_coro(task: Task) -> Coroutine:
    return task.coro


def cancelling(task: Task) -> int:
    return task.cancel_requests


def uncancel(task: Task) -> int:
    if task.cancel_requests > 0:
        task.cancel_requests -= 1
    return task.cancel_requests


from .builtins import register_constructor  # noqa: E402 (builtins needs the prelude first)

register_constructor(Future, new_future_object)
register_constructor(CancelledError)  # raise asyncio.CancelledError("why")
register_constructor(InvalidStateError)

_CLOSED_LOOP = Loop()
_CLOSED_LOOP.ready = _ClosedQueue()

_FUTURE_METHODS = {
    "done": _no_arguments("done", Future.done),
    "cancelled": _no_arguments("cancelled", Future.cancelled),
    "result": _no_arguments("result", Future.result),
    "exception": _no_arguments("exception", Future.exception),
    "set_result": attributes.VMMethod(set_result, needs_vm=True),
    "set_exception": attributes.VMMethod(set_exception, needs_vm=True),
    "cancel": attributes.VMMethod(cancel, needs_vm=True),
    "add_done_callback": attributes.VMMethod(add_done_callback, needs_vm=True),
    "remove_done_callback": attributes.VMMethod(remove_done_callback),
}
for _type in (Future, Gather, ToolFuture, Sleep):
    attributes.METHODS[_type] = dict(_FUTURE_METHODS)
attributes.METHODS[Task] = {
    **_FUTURE_METHODS,
    "get_name": _no_arguments("get_name", get_name),
    "set_name": attributes.VMMethod(set_name),
    "get_coro": _no_arguments("get_coro", get_coro),
    "cancelling": _no_arguments("cancelling", cancelling),
    "uncancel": _no_arguments("uncancel", uncancel),
}


def _c_type_name(t: type) -> str:
    return f"_asyncio.{t.__name__}" if t is Future or t is Task else attributes.type_name(t)


def _unbound(owner: type, name: str, method: attributes.VMMethod) -> attributes.VMMethod:
    """``asyncio.Future.done(f)``: the method descriptor of a C type, with its errors."""
    fn, needs_vm = method.fn, method.needs_vm

    def check(args: tuple) -> None:
        if not args:
            raise TypeError(f"unbound method {owner.__name__}.{name}() needs an argument")
        if not isinstance(args[0], owner):
            raise TypeError(f"descriptor '{name}' for '{_c_type_name(owner)}' objects doesn't "
                            f"apply to a '{_c_type_name(type(args[0]))}' object")

    def unbound(*args: Any, **kwargs: Any) -> Any:
        check(args[1:] if needs_vm else args)
        return fn(*args, **kwargs)

    return attributes.VMMethod(fn, needs_vm, unbound=unbound)


for _type in (Future, Task):
    _table = attributes.METHODS[_type]
    for _name in _table:
        _table[_name] = _unbound(_type, _name, _table[_name])
