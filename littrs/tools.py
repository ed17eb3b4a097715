"""Tool calls: binding the sandbox's arguments, and what a tool's exception becomes.

Binding uses the tool function's own signature, so a call that does not fit
fails inside the sandbox with CPython's TypeError wording, before the host
function runs. A tool's exception enters the sandbox as the same builtin
exception type when it is one, otherwise as a RuntimeError with its message:
no host exception object, traceback or frame crosses.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import inspect

from .vm.builtins import EXCEPTIONS

_BUILTIN_EXCEPTIONS = frozenset(EXCEPTIONS.values())


def _signature(tool: Any) -> inspect.Signature | None:
    import inspect  # only tools with signatures need it

    if tool.fn is None:
        return None
    if tool.signature is None:
        try:
            tool.signature = inspect.signature(tool.fn)
        except (TypeError, ValueError):
            tool.signature = False
    return tool.signature or None


def bind_tool_call(tool: Any, args: list, kwargs: dict) -> None:
    """Raise CPython's own TypeError when ``args``/``kwargs`` do not fit the tool.

    The check calls a stub with the tool's parameter list (no body, no
    annotations), compiled once per tool, so the wording is CPython's exactly.
    """
    stub = tool.binder
    if stub is None:
        stub = tool.binder = _cached_stub(tool) or False
    if stub:
        stub(*args, **kwargs)


_stubs: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def _cached_stub(tool: Any) -> Any:
    """One stub per function and name, shared by every sandbox that registers it."""
    try:
        by_name = _stubs.setdefault(tool.fn, {})
    except TypeError:  # a callable without weak references (a bound method, a builtin)
        return _binding_stub(tool)
    if tool.name not in by_name:
        by_name[tool.name] = _binding_stub(tool)
    return by_name[tool.name]


def _binding_stub(tool: Any) -> Any:
    import inspect  # only tools with signatures need it

    signature = _signature(tool)
    if signature is None:
        return None
    defaults: dict[str, Any] = {}
    stripped = []
    for index, parameter in enumerate(signature.parameters.values()):
        if parameter.default is not inspect.Parameter.empty:
            defaults[f"_default{index}"] = parameter.default
            parameter = parameter.replace(default=_Named(f"_default{index}"))
        stripped.append(parameter.replace(annotation=inspect.Parameter.empty))
    parameters = str(inspect.Signature(stripped))
    namespace = dict(defaults)
    short_name = tool.name.rsplit(".", 1)[-1]
    exec(f"def {short_name}{parameters}:\n    pass", namespace)  # noqa: S102 - names are identifiers
    return namespace[short_name]


class _Named:
    """A default rendered as a name in the stub's source."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


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


def describe_tool(tool: Any, name: str | None = None) -> str:
    """A Python-style stub of one tool, ready to paste into a prompt."""
    import inspect  # only tools with signatures need it

    name = name or tool.name
    if tool.raw:
        header = f"def {name}(*args):"
    else:
        signature = _signature(tool)
        header = f"def {name}{_render_signature(signature)}:" if signature else (
            f"def {name}(*args, **kwargs):"
        )
    doc = inspect.getdoc(tool.fn) if tool.fn is not None else None
    if not doc:
        return header + "\n    ..."
    body = "\n".join(("    " + line) if line else "" for line in doc.splitlines())
    return f'{header}\n    """{body.strip()}\n    """' if "\n" in doc else (
        f'{header}\n    """{doc}"""'
    )


def _render_signature(signature: inspect.Signature) -> str:
    import inspect  # only tools with signatures need it

    parameters = []
    seen_keyword_only = False
    previous_kind = None
    for parameter in signature.parameters.values():
        kind = parameter.kind
        if previous_kind == inspect.Parameter.POSITIONAL_ONLY and kind != previous_kind:
            parameters.append("/")
        if kind == inspect.Parameter.KEYWORD_ONLY and not seen_keyword_only:
            parameters.append("*")
        if kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_POSITIONAL):
            seen_keyword_only = True
        text = parameter.name
        if kind == inspect.Parameter.VAR_POSITIONAL:
            text = "*" + text
        elif kind == inspect.Parameter.VAR_KEYWORD:
            text = "**" + text
        if parameter.annotation is not inspect.Parameter.empty:
            text += f": {render_annotation(parameter.annotation)}"
            if parameter.default is not inspect.Parameter.empty:
                text += f" = {parameter.default!r}"
        elif parameter.default is not inspect.Parameter.empty:
            text += f"={parameter.default!r}"
        parameters.append(text)
        previous_kind = kind
    if previous_kind == inspect.Parameter.POSITIONAL_ONLY:
        parameters.append("/")
    rendered = f"({', '.join(parameters)})"
    if signature.return_annotation is not inspect.Signature.empty:
        rendered += f" -> {render_annotation(signature.return_annotation)}"
    return rendered


def render_annotation(annotation: Any) -> str:
    """An annotation as it was written: ``list[dict[str, int]]``, ``Optional[str]``, ``User``."""
    if isinstance(annotation, str):
        return annotation
    if annotation is None or annotation is type(None):
        return "None"
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__qualname__
    return repr(annotation).replace("typing.", "")
