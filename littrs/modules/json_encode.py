"""``json.dumps`` for the sandbox: CPython's output, without host recursion.

The host's encoder recurses once per nesting level (in C, or in Python with
``indent``), so a deep value would hit the host's recursion limit, or its C
stack. This encoder keeps its own stack of open containers, raises CPython's
RecursionError when that stack is deeper than the sandbox's recursion depth,
and checks the size of its output as it grows (DESIGN invariant 4). Strings,
ints and floats are still encoded by the host's own (C) helpers, so the text
is byte for byte CPython's.

CPython has two encoders with slightly different error messages: the C one
(``indent=None``) and the Python one (any ``indent``). :class:`Options.c_mode`
picks the wording of the one CPython would have used.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from ..vm.context import charge, check_size

_encode_ascii: Callable[[str], str] = json.encoder.encode_basestring_ascii
_encode_unicode: Callable[[str], str] = json.encoder.encode_basestring
_float_repr = float.__repr__
_int_repr = int.__repr__
_INF = float("inf")

# Check the output's size whenever it has grown by this much, and before encoding
# a string longer than _LONG.
_CHECK_EVERY = 1 << 16
_LONG = 1 << 10

_RECURSION_C = "maximum recursion depth exceeded while encoding a JSON object"
_RECURSION_PY = "maximum recursion depth exceeded" + (
    " while calling a Python object" if sys.version_info < (3, 12) else ""
)

_LIST = 0  # stack entry kinds: an open array (list or tuple),
_DICT = 1  # an open object,
_DEFAULT = 2  # a value that default() replaced, still marked for the cycle check


def _nan_message(c_mode: bool) -> Callable[[float], str]:
    """CPython's "Out of range float" wording, as the running host's encoders say it."""
    try:
        json.dumps([float("nan")], allow_nan=False, indent=None if c_mode else 0)
    except ValueError as error:
        text = str(error)
    else:  # pragma: no cover - every CPython refuses it
        text = "Out of range float values are not JSON compliant"
    if text.endswith(": nan"):
        prefix = text[: -len("nan")]
        return lambda value: prefix + repr(value)
    return lambda value: text


_NAN_MESSAGES = {True: _nan_message(True), False: _nan_message(False)}


class Options:
    """The resolved keyword arguments of one ``dumps`` call."""

    __slots__ = ("skipkeys", "ensure_ascii", "check_circular", "allow_nan", "indent",
                 "item_separator", "key_separator", "sort_keys", "default", "max_depth", "c_mode")

    def __init__(
        self,
        *,
        skipkeys: bool,
        ensure_ascii: bool,
        check_circular: bool,
        allow_nan: bool,
        indent: str | None,
        item_separator: str,
        key_separator: str,
        sort_keys: bool,
        default: Callable[[Any], Any],
        max_depth: int,
        one_shot: bool = True,
    ) -> None:
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.indent = indent
        self.item_separator = item_separator
        self.key_separator = key_separator
        self.sort_keys = sort_keys
        self.default = default
        self.max_depth = max_depth
        self.c_mode = indent is None and one_shot  # json.dump always uses the Python encoder


def encode(obj: Any, options: Options) -> str:
    """The JSON text of ``obj`` (a sandbox value), as ``json.dumps`` makes it."""
    return _Encoder(options).run(obj)


class _Encoder:
    """One walk over a value, which keeps the text's size and checks it against the
    budget every ``_CHECK_EVERY`` characters of growth, and before making any
    chunk that could be large (a long string, a deep indentation)."""

    __slots__ = ("options", "markers", "encode_str", "newlines", "size")

    def __init__(self, options: Options) -> None:
        self.options = options
        self.markers: dict[int, Any] | None = {} if options.check_circular else None
        self.encode_str = _encode_ascii if options.ensure_ascii else _encode_unicode
        self.newlines: dict[int, str] = {}
        self.size = 0  # the size of the text made so far, as of the last check

    # -- leaves ------------------------------------------------------------------------

    def string(self, value: str) -> str:
        if len(value) > _LONG:
            check_size(self.size + len(value) + 2)
        return self.encode_str(value)

    def floatstr(self, value: float) -> str:
        if value != value:
            text = "NaN"
        elif value == _INF:
            text = "Infinity"
        elif value == -_INF:
            text = "-Infinity"
        else:
            return _float_repr(value)
        if not self.options.allow_nan:
            raise ValueError(_NAN_MESSAGES[self.options.c_mode](value))
        return text

    def scalar(self, value: Any) -> str | None:
        """The text of a value that is not a container, or None if it is not one."""
        t = type(value)
        if t is str:
            return self.string(value)
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if t is int:
            return _int_repr(value)
        if t is float:
            return self.floatstr(value)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, int):
            return _int_repr(value)
        if isinstance(value, float):
            return self.floatstr(value)
        return None

    def key(self, key: Any) -> str | None:
        """A dict key as JSON text, or None when ``skipkeys`` drops it."""
        if isinstance(key, str):
            return self.string(key)
        if isinstance(key, float):
            text = self.floatstr(key)
        elif key is True:
            text = "true"
        elif key is False:
            text = "false"
        elif key is None:
            text = "null"
        elif isinstance(key, int):
            text = _int_repr(key)
        elif self.options.skipkeys:
            return None
        else:
            raise TypeError(
                f"keys must be str, int, float, bool or None, not {type(key).__name__}"
            )
        return self.encode_str(text)

    # -- layout ------------------------------------------------------------------------

    def newline(self, level: int) -> str:
        text = self.newlines.get(level)
        if text is None:
            indent = self.options.indent
            assert indent is not None
            check_size(self.size + len(indent) * level + 1)
            text = self.newlines[level] = "\n" + indent * level
        return text

    # -- the walk ----------------------------------------------------------------------

    def run(self, obj: Any) -> str:  # noqa: C901 - the hot loop, kept in one place
        options = self.options
        markers = self.markers
        indent = options.indent
        item_separator = options.item_separator
        key_separator = options.key_separator
        encode_str = self.encode_str
        floatstr = self.floatstr
        scalar = self.scalar
        chunks: list[str] = []
        append = chunks.append
        size = 0
        next_check = _CHECK_EVERY
        # Each entry: [kind, iterator, the object (for the cycle check), first item?]
        stack: list[list[Any]] = []
        value = obj
        prefix = ""  # text that goes right before `value` (separators, a key)
        while True:
            text = scalar(value)
            if text is None:
                if isinstance(value, (list, tuple, dict)):
                    self.size = size
                    text = self.open(value, stack)
                else:
                    self.enter(value, stack)
                    stack.append([_DEFAULT, None, value, False])
                    value = options.default(value)
                    continue  # encode the replacement in the same place
            chunk = prefix + text
            append(chunk)
            size += len(chunk)
            # Go on with the innermost open container, up to its next nested one.
            while stack:
                if size > next_check:
                    check_size(size)
                    charge(_CHECK_EVERY // 8)  # and the clock is read
                    self.size = size
                    next_check = size + _CHECK_EVERY
                entry = stack[-1]
                kind = entry[0]
                if kind == _DEFAULT:
                    stack.pop()
                    if markers is not None:
                        del markers[id(entry[2])]
                    continue
                if indent is None:
                    separator = item_separator
                else:
                    self.size = size
                    separator = item_separator + self.newline(len(stack))
                nested = False
                for item in entry[1]:
                    if kind == _DICT:
                        self.size = size
                        key = self.key(item[0])
                        if key is None:
                            continue
                        item = item[1]
                    if entry[3]:
                        entry[3] = False
                        prefix = ""
                    else:
                        prefix = separator
                    if kind == _DICT:
                        prefix = prefix + key + key_separator
                    t = type(item)
                    if t is str:
                        if len(item) > _LONG:
                            self.size = size
                        text = encode_str(item) if len(item) <= _LONG else self.string(item)
                    elif t is int:
                        text = _int_repr(item)
                    elif t is float:
                        text = floatstr(item)
                    else:
                        self.size = size
                        text = scalar(item)
                        if text is None:
                            value = item
                            nested = True
                            break
                    chunk = prefix + text
                    append(chunk)
                    size += len(chunk)
                    if size > next_check:
                        check_size(size)
                        charge(_CHECK_EVERY // 8)  # and the clock is read
                        next_check = size + _CHECK_EVERY
                if nested:
                    break
                stack.pop()
                if markers is not None:
                    del markers[id(entry[2])]
                bracket = "]" if kind == _LIST else "}"
                if indent is not None:
                    self.size = size
                    bracket = self.newline(len(stack)) + bracket
                append(bracket)
                size += len(bracket)
            else:
                check_size(size)
                return "".join(chunks)

    def open(self, value: Any, stack: list[list[Any]]) -> str:
        """Start a list, tuple or dict: push it on the stack (an empty one is done at once)."""
        is_list = not isinstance(value, dict)
        if not value:
            return "[]" if is_list else "{}"
        self.enter(value, stack)
        if is_list:
            stack.append([_LIST, iter(value), value, True])
            text = "["
        else:
            items = sorted(value.items()) if self.options.sort_keys else value.items()
            stack.append([_DICT, iter(items), value, True])
            text = "{"
        # CPython's Python encoder starts the first line as it opens (even if every
        # key is then skipped).
        return text if self.options.indent is None else text + self.newline(len(stack))

    def enter(self, value: Any, stack: list[list[Any]]) -> None:
        """One level deeper: CPython's RecursionError past the depth, and the cycle check."""
        if len(stack) >= self.options.max_depth:
            raise RecursionError(_RECURSION_C if self.options.c_mode else _RECURSION_PY)
        markers = self.markers
        if markers is not None:
            marker = id(value)
            if marker in markers:
                raise ValueError("Circular reference detected")
            markers[marker] = value

