"""``json.loads`` for the sandbox: CPython's values and errors, without host recursion.

The host's C decoder recurses once per nesting level, up to the host's
recursion limit, where it raises RecursionError cleanly. Nearly every real
document is shallow and goes to it, at C speed. A document too deep for it
is parsed here instead, with an explicit stack: CPython's RecursionError once
it is nested deeper than the sandbox's recursion depth (a deterministic
point, whatever the host's own stack), and CPython's JSONDecodeError (same
message, same position) for anything malformed before that. When the sandbox
allows less depth than the host's limit, a cheap scan (in C: a regular
expression and an accumulate) bounds the document's depth first. Strings
are scanned by the host's own C ``scanstring`` either way.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from itertools import accumulate
from json import JSONDecodeError
from typing import Any

from ..vm.context import charge, check_size

_scanstring: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring
_NUMBER = re.compile(r"(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}

# Documents with no more brackets than this are not scanned for their depth.
FAST_DEPTH = 100

# Strings (a lone backslash or an unterminated string included, so the scan is
# linear) and runs of other characters: removing them leaves only the brackets.
_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"\[\]{}]+', re.DOTALL)
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def _trailing_comma_errors() -> bool:
    """Whether this CPython says "Illegal trailing comma" (3.13+) for ``[1,]``."""
    try:
        json.loads("[1,]")
    except ValueError as error:
        return "trailing comma" in str(error)
    return False  # pragma: no cover


_TRAILING_COMMA = _trailing_comma_errors()


class Hooks:
    """The decoder's callbacks, already made safe to call from host code."""

    __slots__ = ("object_hook", "object_pairs_hook", "parse_float", "parse_int",
                 "parse_constant")

    def __init__(
        self,
        object_hook: Callable[[dict], Any] | None = None,
        object_pairs_hook: Callable[[list], Any] | None = None,
        parse_float: Callable[[str], Any] | None = None,
        parse_int: Callable[[str], Any] | None = None,
        parse_constant: Callable[[str], Any] | None = None,
    ) -> None:
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant

    def host_arguments(self) -> dict[str, Any]:
        """The keyword arguments for the host's ``json.loads``."""
        return {name: getattr(self, name) for name in self.__slots__
                if getattr(self, name) is not None}


def nesting_bound(text: str) -> int:
    """An upper bound of the nesting depth the parser reaches before any error."""
    brackets = text.count("[") + text.count("{")
    if brackets <= FAST_DEPTH:
        return brackets
    brackets_only = _NOT_BRACKETS.sub("", text)
    return max(accumulate(map(_DELTA.__getitem__, brackets_only)), default=0)


def decode(text: str, strict: bool, hooks: Hooks, max_depth: int) -> Any:
    """The value of the JSON document ``text`` (a str), as ``json.loads`` makes it."""
    # Every value made is at most a few pointers per character of input (a list
    # of n items needs about 2n characters): refuse what the budget cannot hold.
    check_size(max(len(text), 8 * text.count(",")))
    charge(len(text) // 8)  # a pass over the text, in C or here
    # The host's C decoder is used when it cannot accept a document nested deeper
    # than the sandbox allows: either the sandbox allows as much as the host's
    # recursion limit, or the document is shallow enough. If the host's own stack
    # is too deep for the document, its RecursionError sends it to the parser here.
    if max_depth >= sys.getrecursionlimit() or nesting_bound(text) <= max_depth:
        arguments = hooks.host_arguments()
        if strict is not True:
            arguments["strict"] = strict
        try:
            return json.loads(text, **arguments)
        except RecursionError:
            pass
    return parse(text, strict, hooks, max_depth)


def parse(text: str, strict: bool, hooks: Hooks, max_depth: int) -> Any:
    """The value of the JSON document ``text``, parsed here, without host recursion."""
    end = _skip(text, 0)
    value, end = _Parser(text, strict, hooks, max_depth).value(end)
    end = _skip(text, end)
    if end != len(text):
        raise JSONDecodeError("Extra data", text, end)
    return value


def _skip(text: str, position: int) -> int:
    match = _WHITESPACE.match(text, position)
    assert match is not None
    return match.end()


class _Parser:
    """CPython's ``_json`` scanner, with a stack instead of recursion."""

    __slots__ = ("text", "strict", "hooks", "max_depth")

    def __init__(self, text: str, strict: bool, hooks: Hooks, max_depth: int) -> None:
        self.text = text
        self.strict = strict
        self.hooks = hooks
        self.max_depth = max_depth

    def key(self, position: int) -> tuple[str, int]:
        """The property name at ``position`` and its colon; returns where the value starts."""
        text = self.text
        if text[position:position + 1] != '"':
            raise JSONDecodeError(
                "Expecting property name enclosed in double quotes", text, position
            )
        key, position = _scanstring(text, position + 1, self.strict)
        position = _skip(text, position)
        if text[position:position + 1] != ":":
            raise JSONDecodeError("Expecting ':' delimiter", text, position)
        return key, _skip(text, position + 1)

    def make_object(self, pairs: list) -> Any:
        hooks = self.hooks
        if hooks.object_pairs_hook is not None:
            return hooks.object_pairs_hook(pairs)
        result = dict(pairs)
        if hooks.object_hook is not None:
            return hooks.object_hook(result)
        return result

    def depth_error(self, what: str) -> RecursionError:
        return RecursionError(
            f"maximum recursion depth exceeded while decoding a JSON {what} from a unicode string"
        )

    def value(self, position: int) -> tuple[Any, int]:  # noqa: C901 - one state machine
        """The value starting at ``position`` and where it ends."""
        text = self.text
        # Each open container: [items, key] for an object (items are pairs), [items] for an array.
        stack: list[list[Any]] = []
        while True:
            # -- a value starts at `position` --
            char = text[position:position + 1]
            if char == '"':
                value, position = _scanstring(text, position + 1, self.strict)
            elif char == "{" or char == "[":
                if len(stack) >= self.max_depth:
                    raise self.depth_error("object" if char == "{" else "array")
                position = _skip(text, position + 1)
                if char == "{":
                    if text[position:position + 1] == "}":
                        value, position = self.make_object([]), position + 1
                    else:
                        key, position = self.key(position)
                        stack.append([[], key])
                        continue
                elif text[position:position + 1] == "]":
                    value, position = [], position + 1
                else:
                    stack.append([[]])
                    continue
            else:
                value, position = self.scalar(position)
            # -- a value ended at `position`: hand it to the open containers --
            while True:
                if not stack:
                    return value, position
                entry = stack[-1]
                is_object = len(entry) == 2
                if is_object:
                    entry[0].append((entry[1], value))
                else:
                    entry[0].append(value)
                position = _skip(text, position)
                char = text[position:position + 1]
                if char == ("}" if is_object else "]"):
                    stack.pop()
                    value = self.make_object(entry[0]) if is_object else entry[0]
                    position += 1
                    continue
                if char != ",":
                    raise JSONDecodeError("Expecting ',' delimiter", text, position)
                comma = position
                position = _skip(text, position + 1)
                if _TRAILING_COMMA and text[position:position + 1] == ("}" if is_object else "]"):
                    raise JSONDecodeError(
                        "Illegal trailing comma before end of "
                        + ("object" if is_object else "array"), text, comma
                    )
                if is_object:
                    entry[1], position = self.key(position)
                break

    def scalar(self, position: int) -> tuple[Any, int]:
        """A number, constant or literal at ``position``; "Expecting value" if there is none."""
        text = self.text
        char = text[position:position + 1]
        if char == "n" and text.startswith("null", position):
            return None, position + 4
        if char == "t" and text.startswith("true", position):
            return True, position + 4
        if char == "f" and text.startswith("false", position):
            return False, position + 5
        for name in ("NaN", "Infinity", "-Infinity"):
            if char == name[0] and text.startswith(name, position):
                parse_constant = self.hooks.parse_constant
                value = _CONSTANTS[name] if parse_constant is None else parse_constant(name)
                return value, position + len(name)
        match = _NUMBER.match(text, position)
        if match is None:
            raise JSONDecodeError("Expecting value", text, position)
        integer, fraction, exponent = match.groups()
        hooks = self.hooks
        if fraction or exponent:
            number = integer + (fraction or "") + (exponent or "")
            value = float(number) if hooks.parse_float is None else hooks.parse_float(number)
        else:
            value = int(integer) if hooks.parse_int is None else hooks.parse_int(integer)
        return value, match.end()
