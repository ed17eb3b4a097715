"""``asyncio.TaskGroup`` for the sandbox, after CPython 3.11's ``asyncio.taskgroups``.

The group's state and its done-callback are host code here; ``__aenter__`` and
``__aexit__`` are prelude coroutines (``__taskgroup_enter``/``__taskgroup_exit``)
that await the futures made here. One difference by necessity: CPython keeps
the tasks in a set and cancels them in hash order; here they are cancelled in
the order they were created. Exception groups, and so task groups, need
Python 3.11.
"""

from __future__ import annotations

import builtins
from typing import Any

from . import attributes
from .aio import CANCELLED, PENDING, CancelledError, Future, Task, coroutine_method, running_loop
from .builtins import register_constructor
from .objects import Builtin, CallRequest, Coroutine, Function


class TaskGroup:
    """``asyncio.TaskGroup``; hears of its tasks' ends through ``completed``."""

    __slots__ = ("entered", "exiting", "aborting", "parent", "parent_cancel_requested",
                 "tasks", "errors", "base_error", "on_completed")

    def __init__(self) -> None:
        self.entered = False
        self.exiting = False
        self.aborting = False
        self.parent: Task | None = None
        self.parent_cancel_requested = False
        self.tasks: list[Task] = []
        self.errors: list[BaseException] | None = []
        self.base_error: BaseException | None = None
        self.on_completed: Future | None = None

    def __repr__(self) -> str:
        info = [""]
        if self.tasks:
            info.append(f"tasks={len(self.tasks)}")
        if self.errors:
            info.append(f"errors={len(self.errors)}")
        if self.aborting:
            info.append("cancelling")
        elif self.entered:
            info.append("entered")
        return f"<TaskGroup{' '.join(info)}>"

    def abort(self, loop: Any) -> None:
        self.aborting = True
        for task in self.tasks:
            if task.state == PENDING:
                task.cancel(loop)

    def completed(self, loop: Any, task: Task) -> None:
        """A task of the group is done (asyncio's ``_on_task_done``)."""
        if task in self.tasks:
            self.tasks.remove(task)
        if self.on_completed is not None and not self.tasks:
            if self.on_completed.state == PENDING:
                self.on_completed.finish(loop, True)
        if task.state == CANCELLED or task.error is None:
            return
        error = task.error
        assert self.errors is not None
        self.errors.append(error)
        if _is_base_error(error) and self.base_error is None:
            self.base_error = error
        assert self.parent is not None
        if self.parent.state != PENDING:
            return  # asyncio logs it: the parent is already done
        if not self.aborting and not self.parent_cancel_requested:
            self.abort(loop)
            self.parent_cancel_requested = True
            self.parent.cancel(loop)


TaskGroup.__module__ = "asyncio.taskgroups"


def _is_base_error(error: BaseException) -> bool:
    return isinstance(error, (SystemExit, KeyboardInterrupt))


def _enter(vm: Any, group: TaskGroup) -> TaskGroup:
    if group.entered:
        raise RuntimeError(f"TaskGroup {group!r} has already been entered")
    loop = running_loop(vm)
    group.parent = loop.current
    if group.parent is None:
        raise RuntimeError(f"TaskGroup {group!r} cannot determine the parent task")
    group.entered = True
    return group


def _exit_start(vm: Any, group: TaskGroup, kind: Any, error: Any) -> Any:
    """The start of ``__aexit__``: the cancellation to propagate, if any."""
    group.exiting = True
    if error is not None and _is_base_error(error) and group.base_error is None:
        group.base_error = error
    propagate = error if kind is CancelledError else None
    assert group.parent is not None
    if group.parent_cancel_requested:
        group.parent.cancel_requests = max(0, group.parent.cancel_requests - 1)
        if group.parent.cancel_requests == 0:
            propagate = None
    if kind is not None and not group.aborting:
        group.abort(running_loop(vm))
    return propagate


def _has_tasks(group: TaskGroup) -> bool:
    return bool(group.tasks)


def _waiter(vm: Any, group: TaskGroup) -> Future:
    running_loop(vm)
    if group.on_completed is None:
        group.on_completed = Future()
    return group.on_completed


def _waited(group: TaskGroup) -> None:
    group.on_completed = None


def _cancelled(vm: Any, group: TaskGroup, error: BaseException, propagate: Any) -> Any:
    if not group.aborting:
        group.abort(running_loop(vm))
        return error
    return propagate


def _exit_finish(group: TaskGroup, kind: Any, error: Any, propagate: Any) -> None:
    """The end of ``__aexit__``: raise what the group must."""
    if group.base_error is not None:
        raise group.base_error
    errors = group.errors
    assert errors is not None
    if propagate is not None and not errors:
        raise propagate
    if kind is not None and kind is not CancelledError:
        errors.append(error)
    if errors:
        group.errors = None
        group_error = builtins.BaseExceptionGroup("unhandled errors in a TaskGroup", errors)
        group_error.__suppress_context__ = True  # raise ... from None
        raise group_error


def create_task(vm: Any, group: TaskGroup, coro: Any, name: Any, context: Any) -> Task:
    if not group.entered:
        raise RuntimeError(f"TaskGroup {group!r} has not been entered")
    if group.exiting and not group.tasks:
        raise RuntimeError(f"TaskGroup {group!r} is finished")
    if group.aborting:
        raise RuntimeError(f"TaskGroup {group!r} is shutting down")
    if context is not None:  # the sandbox has no contextvars.Context to give
        raise TypeError("create_task() context must be None in littrs")
    if type(coro) is not Coroutine:
        raise TypeError(f"a coroutine was expected, got {coro!r}")
    task = running_loop(vm).create_task(coro, name)
    task.callbacks.append(["completed", group, task])
    group.tasks.append(task)
    return task


def _create_task_method(group: TaskGroup, *args: Any, **kwargs: Any) -> CallRequest:
    """``group.create_task(coro, *, name=None, context=None)``: through a prelude function,
    so that its arguments are bound, and refused, as CPython's Python method's are."""
    global _create_task_function
    if _create_task_function is None:
        from .prelude import prelude_function, prelude_namespace

        code = prelude_function("__taskgroup_create_task").code
        _create_task_function = Function(code, prelude_namespace(), (),
                                         {"name": None, "context": None})
        _create_task_function.name = "create_task"
        _create_task_function.qualname = "TaskGroup.create_task"
    return CallRequest(_create_task_function, [group, *args], kwargs or None)


_create_task_function: Function | None = None

attributes.METHODS[TaskGroup] = {"create_task": attributes.VMMethod(_create_task_method)}
attributes.SPECIAL_METHODS[TaskGroup] = {
    "__aenter__": coroutine_method("__taskgroup_enter"),
    "__aexit__": coroutine_method("__taskgroup_exit"),
}
register_constructor(TaskGroup)

PRELUDE_BUILTINS = {
    "__taskgroup_create_task_now": Builtin("create_task", create_task, needs_vm=True),
    "__taskgroup_enter_now": Builtin("__aenter__", _enter, needs_vm=True),
    "__taskgroup_exit_start": Builtin("__aexit__", _exit_start, needs_vm=True),
    "__taskgroup_has_tasks": Builtin("__aexit__", _has_tasks),
    "__taskgroup_waiter": Builtin("__aexit__", _waiter, needs_vm=True),
    "__taskgroup_waited": Builtin("__aexit__", _waited),
    "__taskgroup_cancelled": Builtin("__aexit__", _cancelled, needs_vm=True),
    "__taskgroup_exit_finish": Builtin("__aexit__", _exit_finish),
}
"""Host halves of the prelude's TaskGroup coroutines."""
