"""The sandbox's ``json`` module: ``dumps``, ``loads``, ``dump``, ``load``, ``JSONDecodeError``.

Signatures, defaults and error messages are CPython's. The encoder and the
decoder never recurse on the host and check their output against the memory
budget (see :mod:`.json_encode` and :mod:`.json_decode`).

Callbacks (``default=``, ``object_hook=``, ``parse_float=``, ...) are called
from host code in the middle of encoding or decoding, where the machine
cannot run a sandbox function as a frame (DESIGN invariant 3). So they may be
builtins (``default=str``, ``parse_float=str``, ``object_pairs_hook=dict``),
which the host calls itself, but not sandbox functions: those are refused
with a TypeError when they would be called. ``cls=`` is refused likewise.

``json.JSONDecodeError`` is the host's own class (a ValueError subclass): the
sandbox can catch it, read ``str(e)`` and ``type(e).__name__``, but not
create instances of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import JSONDecodeError
from typing import Any

from ..vm.context import current
from ..vm.frames import Frame
from ..vm.objects import Builtin, Function, Generator, Module
from . import json_decode, json_encode

_DEFAULT_DEPTH = 1000  # CPython's recursion limit, when no machine is running


def _max_depth() -> int:
    machine = current.get(None)
    return machine.max_depth if machine is not None else _DEFAULT_DEPTH


def _safe_callable(fn: Any, function: str, argument: str) -> Callable[[Any], Any]:
    """``fn`` as a host callable of one argument, if the host may call it at all."""
    from ..vm.machine import Tool, ToolCall

    def call(value: Any) -> Any:
        if type(fn) in (Function, Tool):
            raise TypeError(
                f"json.{function}() cannot call a sandbox function as {argument}= "
                "(the sandbox allows builtins such as str there); convert the value first"
            )
        machine = current.get()
        result = machine.invoke(fn, [value], None)
        if type(result) in (Frame, ToolCall):
            raise TypeError(
                f"json.{function}() cannot call {argument}={fn!r} on this value in the sandbox"
            )
        return result

    return call


def _not_serializable(value: Any) -> Any:
    # CPython names the class by __name__: "UnionType", for typing's types.UnionType too
    name = type(value).__name__.rpartition(".")[2]
    raise TypeError(f"Object of type {name} is not JSON serializable")


def _refuse_cls(cls: Any, function: str) -> None:
    if cls is not None:
        raise TypeError(f"json.{function}() does not support cls= in the sandbox")


def dumps(
    obj: Any,
    *,
    skipkeys: Any = False,
    ensure_ascii: Any = True,
    check_circular: Any = True,
    allow_nan: Any = True,
    cls: Any = None,
    indent: Any = None,
    separators: Any = None,
    default: Any = None,
    sort_keys: Any = False,
    **kw: Any,
) -> str:
    """Serialize ``obj`` to a JSON formatted ``str``."""
    options = _options("dumps", True, skipkeys, ensure_ascii, check_circular, allow_nan, cls,
                       indent, separators, default, sort_keys, kw)
    return json_encode.encode(obj, options)


def _options(function: str, one_shot: bool, skipkeys: Any, ensure_ascii: Any,
             check_circular: Any, allow_nan: Any, cls: Any, indent: Any, separators: Any,
             default: Any, sort_keys: Any, kw: dict) -> json_encode.Options:
    """The checked options of ``dumps`` (``one_shot``: CPython's C encoder when it can) or
    ``dump`` (always the Python encoder, whose messages differ a little)."""
    if kw:
        raise TypeError(
            f"JSONEncoder.__init__() got an unexpected keyword argument '{next(iter(kw))}'"
        )
    _refuse_cls(cls, function)
    if separators is not None:
        item_separator, key_separator = separators
    else:
        item_separator, key_separator = ("," if indent is not None else ", "), ": "
    for position, separator in ((5, key_separator), (6, item_separator)):
        if not isinstance(separator, str):
            raise TypeError(
                f"make_encoder() argument {position} must be str, not {type(separator).__name__}"
            )
    if indent is not None and not isinstance(indent, str):
        from ..vm.operations import multiply

        indent = multiply(" ", indent)  # CPython's ' ' * indent, size-checked
    return json_encode.Options(
        skipkeys=bool(skipkeys),
        ensure_ascii=bool(ensure_ascii),
        check_circular=bool(check_circular),
        allow_nan=bool(allow_nan),
        indent=indent,
        item_separator=item_separator,
        key_separator=key_separator,
        sort_keys=bool(sort_keys),
        default=_not_serializable if default is None else _safe_callable(
            default, function, "default"),
        max_depth=_max_depth(),
        one_shot=one_shot,
    )


def loads(
    s: Any,
    *,
    cls: Any = None,
    object_hook: Any = None,
    parse_float: Any = None,
    parse_int: Any = None,
    parse_constant: Any = None,
    object_pairs_hook: Any = None,
    **kw: Any,
) -> Any:
    """Deserialize ``s`` (a ``str``, ``bytes`` or ``bytearray`` holding JSON) to a value."""
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(
                f"the JSON object must be str, bytes or bytearray, not {type(s).__name__}"
            )
        s = s.decode(json.detect_encoding(s), "surrogatepass")
    strict = kw.pop("strict", True)
    if kw:
        raise TypeError(
            f"JSONDecoder.__init__() got an unexpected keyword argument '{next(iter(kw))}'"
        )
    _refuse_cls(cls, "loads")

    def hook(fn: Any, name: str) -> Callable[[Any], Any] | None:
        return _safe_callable(fn, "loads", name) if fn else None

    hooks = json_decode.Hooks(
        object_hook=hook(object_hook, "object_hook"),
        object_pairs_hook=hook(object_pairs_hook, "object_pairs_hook"),
        parse_float=hook(parse_float, "parse_float"),
        parse_int=hook(parse_int, "parse_int"),
        parse_constant=hook(parse_constant, "parse_constant"),
    )
    return json_decode.decode(s, strict, hooks, _max_depth())


def _method_result(fp: Any, name: str, args: list, function: str) -> Any:
    """``fp.name(*args)`` for a file object whose methods the host implements."""
    from ..vm.attributes import load_attr
    from ..vm.machine import ToolCall

    method = load_attr(fp, name)
    if type(method) is Function:
        raise TypeError(f"json.{function}() needs a file object, not {type(fp).__name__}")
    result = current.get().invoke(method, args, None)
    if type(result) in (Frame, ToolCall) or (type(result) is Generator and name == "write"):
        raise TypeError(f"json.{function}() cannot use this file object in the sandbox")
    return result


def load(fp: Any, **kw: Any) -> Any:
    """Deserialize the JSON document read from ``fp`` (``loads(fp.read())``)."""
    return loads(_method_result(fp, "read", [], "load"), **kw)


def dump(
    obj: Any,
    fp: Any,
    *,
    skipkeys: Any = False,
    ensure_ascii: Any = True,
    check_circular: Any = True,
    allow_nan: Any = True,
    cls: Any = None,
    indent: Any = None,
    separators: Any = None,
    default: Any = None,
    sort_keys: Any = False,
    **kw: Any,
) -> None:
    """Serialize ``obj`` as JSON and write it to ``fp`` (``fp.write(dumps(obj))``).

    CPython writes chunk by chunk: a container's first chunk reaches ``fp.write``
    before its first unserializable item is met, so a file that cannot be
    written fails first then. (Only that first chunk is written before the
    encoding error; CPython would also write the chunks after it, up to the
    item that fails.)
    """
    options = _options("dump", False, skipkeys, ensure_ascii, check_circular, allow_nan, cls,
                       indent, separators, default, sort_keys, kw)
    try:
        text = json_encode.encode(obj, options)
    except (TypeError, ValueError):
        chunk = _first_chunk(obj, options)
        if chunk is not None:
            _method_result(fp, "write", [chunk], "dump")
        raise
    _method_result(fp, "write", [text], "dump")


def _first_chunk(obj: Any, options: json_encode.Options) -> str | None:
    """What CPython's chunked encoder yields before it meets what fails, if anything."""
    if type(obj) not in (dict, list, tuple) or not obj:
        return None
    if type(obj) is dict:
        return "{"
    chunk = "[" if options.indent is None else "[\n" + options.indent
    first = obj[0]
    if first is None or type(first) in (str, bool, int, float):  # joined with the bracket
        try:
            return chunk + json_encode.encode(first, options)
        except ValueError:  # nan refused, an int too long: before any chunk
            return None
    return chunk


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "dumps": dumps,
    "loads": loads,
    "dump": dump,
    "load": load,
}
_BUILTINS = {name: Builtin(name, fn) for name, fn in FUNCTIONS.items()}


def make_module() -> Module:
    """A fresh ``json`` module for one sandbox."""
    namespace: dict[str, Any] = {"__name__": "json", "JSONDecodeError": JSONDecodeError}
    namespace.update(_BUILTINS)
    return Module("json", namespace)

