"""The standard modules a sandbox may import (``Sandbox(builtins=True)``).

Each entry makes a fresh :class:`~littrs.vm.objects.Module` for one sandbox, so
one sandbox assigning ``json.dumps = f`` changes nothing anywhere else. The
implementations are imported on first use, to keep a sandbox's cold start short.
"""

from __future__ import annotations

from collections.abc import Callable

from ..vm.objects import Module


def _json() -> Module:
    from .json_module import make_module

    return make_module()


def _math() -> Module:
    from .math_module import make_module

    return make_module()


def _typing() -> Module:
    from .typing_module import make_module

    return make_module()


def _abc() -> Module:
    from .abc_module import make_module

    return make_module()


def _asyncio() -> Module:
    from .asyncio_module import make_module

    return make_module()


STANDARD_MODULES: dict[str, Callable[[], Module]] = {
    "abc": _abc,
    "asyncio": _asyncio,
    "json": _json,
    "math": _math,
    "typing": _typing,
}


def snapshot_types() -> list[type]:
    """The classes these modules put within reach of sandbox code, for snapshots to name.

    ``json.JSONDecodeError`` (raised and caught as a value) and the classes of the
    typing forms (``type(List[int])``). A typing form itself is rebuilt from
    :meth:`~littrs.modules.typing_module.TypingForm.recipe` by
    :func:`~littrs.modules.typing_module.rebuild`.
    """
    import json

    from ..vm.aio import LOOP_TYPES, CancelledError, InvalidStateError, ToolBatch
    from ..vm.aio_locks import PRIMITIVE_TYPES
    from ..vm.aio_taskgroup import TaskGroup
    from ..vm.aio_wait import WAIT_TYPES
    from ..vm.machine import ToolCall
    from .typing_module import FORM_TYPES

    return [json.JSONDecodeError, *FORM_TYPES, *LOOP_TYPES, *PRIMITIVE_TYPES, TaskGroup, *WAIT_TYPES,
            CancelledError,
            InvalidStateError, ToolBatch, ToolCall]
