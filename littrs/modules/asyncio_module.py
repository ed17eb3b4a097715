"""The sandbox's ``asyncio`` module: run, gather, sleep, create_task and friends.

Enough of asyncio for code that issues several tool calls at once: in a
program that uses ``async def`` or ``await``, calling a tool makes a
coroutine, and ``await asyncio.gather(*calls)`` has all of them outstanding
together. The loop itself is sandbox code (``littrs.vm.prelude``) over the
host bookkeeping of ``littrs.vm.aio``; time comes from the host's clock.
"""

from __future__ import annotations

import builtins
from typing import Any

from ..vm import aio, aio_locks, aio_taskgroup, aio_wait
from ..vm.objects import Builtin, Function, Module
from ..vm.prelude import prelude_function, prelude_namespace


def _prelude(name: str, public: str, defaults: tuple = (), kwdefaults: dict | None = None) -> Function:
    """A fresh function object over prelude code, named as asyncio names it."""
    function = Function(prelude_function(name).code, prelude_namespace(), defaults, kwdefaults)
    function.name = function.qualname = public
    return function


_BUILTINS = {
    "gather": Builtin("gather", aio.gather, needs_vm=True),
}


def make_module() -> Module:
    """A fresh ``asyncio`` module for one sandbox."""
    namespace: dict[str, Any] = {"__name__": "asyncio"}
    namespace["run"] = _prelude("__asyncio_run", "run", kwdefaults={"debug": None})
    namespace["sleep"] = _prelude("__asyncio_sleep", "sleep", defaults=(None,))
    namespace["wait_for"] = _prelude("__wait_for", "wait_for")
    namespace["as_completed"] = _prelude("__as_completed", "as_completed", kwdefaults={"timeout": None})
    namespace["wait"] = _prelude(
        "__asyncio_wait", "wait", kwdefaults={"timeout": None, "return_when": aio_wait.ALL_COMPLETED}
    )
    namespace["timeout"] = _prelude("__asyncio_timeout", "timeout")
    namespace["create_task"] = _prelude(
        "__asyncio_create_task", "create_task", kwdefaults={"name": None, "context": None}
    )
    namespace["ensure_future"] = _prelude("__asyncio_ensure_future", "ensure_future",
                                          kwdefaults={"loop": None})
    namespace["current_task"] = _prelude("__asyncio_current_task", "current_task", defaults=(None,))
    for constant in ("FIRST_COMPLETED", "FIRST_EXCEPTION", "ALL_COMPLETED"):
        namespace[constant] = constant
    for primitive in aio_locks.PRIMITIVE_TYPES:
        namespace[primitive.__name__] = primitive
    if hasattr(builtins, "BaseExceptionGroup"):  # Python 3.11+, as in CPython
        namespace["TaskGroup"] = aio_taskgroup.TaskGroup
    namespace.update(_BUILTINS)
    namespace["Task"] = aio.Task
    namespace["Future"] = aio.Future
    namespace["CancelledError"] = aio.CancelledError
    namespace["InvalidStateError"] = aio.InvalidStateError
    namespace["TimeoutError"] = TimeoutError
    return Module("asyncio", namespace)
