"""Tool calls: binding the sandbox's arguments, and what a tool's exception becomes.

Binding uses the tool function's own signature, so a call that does not fit
fails inside the sandbox with CPython's TypeError wording, before the host
function runs. A tool's exception enters the sandbox as the same builtin
exception type when it is one, otherwise as a RuntimeError with its message:
no host exception object, traceback or frame crosses.
"""

from __future__ import annotations

import inspect
from typing import Any

from .vm.builtins import EXCEPTIONS

_BUILTIN_EXCEPTIONS = frozenset(EXCEPTIONS.values())


def _signature(tool: Any) -> inspect.Signature | None:
    if tool.signature is None:
        try:
            tool.signature = inspect.signature(tool.fn)
        except (TypeError, ValueError):
            tool.signature = False
    return tool.signature or None


def bind_tool_call(tool: Any, args: list, kwargs: dict) -> None:
    """Raise CPython's TypeError when ``args``/``kwargs`` do not fit the tool."""
    signature = _signature(tool)
    if signature is None:
        return
    try:
        signature.bind(*args, **kwargs)
    except TypeError as error:
        raise TypeError(_cpython_wording(tool.name, str(error))) from None


def _cpython_wording(name: str, message: str) -> str:
    """inspect's binding errors, reworded as CPython's call errors."""
    if message.startswith("missing a required argument: "):
        return f"{name}() missing 1 required positional argument: {message.split(': ', 1)[1]}"
    if message.startswith("missing a required keyword-only argument: "):
        return f"{name}() missing 1 required keyword-only argument: {message.split(': ', 1)[1]}"
    if message == "too many positional arguments":
        return f"{name}() got too many positional arguments"
    if message.startswith("got an unexpected keyword argument"):
        return f"{name}() {message}"
    if message.startswith("multiple values for argument"):
        return f"{name}() got {message}"
    return f"{name}(): {message}"


def tool_exception(exc: BaseException) -> BaseException:
    """What the sandbox sees when a tool raised ``exc``."""
    kind = type(exc)
    if kind in _BUILTIN_EXCEPTIONS:
        try:
            return kind(*[_plain(arg) for arg in exc.args])
        except Exception:  # noqa: BLE001 - odd constructor signatures
            return kind(str(exc))
    return RuntimeError(str(exc))


def _plain(value: Any) -> Any:
    if type(value) in (str, int, float, bool, type(None), bytes):
        return value
    return str(value)
