"""Builtins written in sandbox Python, for the cases that must run sandbox code.

When ``sorted`` gets a sandbox key function, or ``sum`` a sandbox generator,
the host cannot call the sandbox back (DESIGN invariant 3). The builtin then
hands the work to one of these functions, which the machine runs as ordinary
VM frames: pausable at any tool call, paid for instruction by instruction,
and part of a snapshot like any other frame. Their frames are left out of
tracebacks, as C builtins are in CPython's.
"""

from __future__ import annotations

from typing import Any

from .code import Code, FunctionTemplate

SOURCE = '''
def __list(iterable):
    result = []
    for item in iterable:
        result.append(item)
    return result

def __tuple(iterable):
    return tuple(__list(iterable))

def __set(iterable):
    return set(__list(iterable))

def __frozenset(iterable):
    return frozenset(__list(iterable))

def __dict(iterable, kwargs):
    result = {}
    __dict_update(result, iterable, kwargs)
    return result

def __dict_update(target, iterable, kwargs):
    index = 0
    for pair in iterable:
        if not __is_iterable(pair):
            raise TypeError("cannot convert dictionary update sequence element #"
                            + str(index) + " to a sequence")
        items = __list(pair)
        if len(items) != 2:
            raise ValueError("dictionary update sequence element #" + str(index)
                             + " has length " + str(len(items)) + "; 2 is required")
        target[items[0]] = items[1]
        index += 1
    target.update(kwargs)

def __join(separator, iterable):
    return separator.join(__list(iterable))

def __extend(target, iterable):
    target.extend(__list(iterable))

def __sorted(iterable, key, reverse):
    items = __list(iterable)
    __sort(items, key, reverse)
    return items

def __sort(items, key, reverse):
    if key is None:
        __sort_by_keys(items, None, reverse)
    else:
        __sort_by_keys(items, [key(item) for item in items], reverse)

def __minmax(iterable, key, default, is_max, name):
    best = __missing
    best_key = None
    for item in iterable:
        item_key = item if key is None else key(item)
        if best is __missing or (item_key > best_key if is_max else item_key < best_key):
            best = item
            best_key = item_key
    if best is __missing:
        if default is __missing:
            raise ValueError(name + "() arg is an empty sequence")
        return default
    return best

def __sum(iterable, start):
    total = start
    for item in iterable:
        total = total + item
    return total

def __fsum(iterable):
    state = [[], 0.0, 0.0]
    for item in iterable:
        __fsum_add(state, item)
    return __fsum_result(state)

def __prod(iterable, start):
    total = start
    for item in iterable:
        total = total * item
    return total

def __any(iterable):
    for item in iterable:
        if item:
            return True
    return False

def __all(iterable):
    for item in iterable:
        if not item:
            return False
    return True

def __map(function, iterators):
    while True:
        arguments = []
        for iterator in iterators:
            for value in iterator:
                arguments.append(value)
                break
            else:
                return
        yield function(*arguments)

def __filter(function, iterable):
    for item in iterable:
        if (bool(item) if function is None else function(item)):
            yield item

def __enumerate(iterable, start):
    index = start
    for item in iterable:
        yield index, item
        index += 1

def __zip(iterators, strict):
    if not iterators:
        return
    while True:
        items = []
        for position, iterator in enumerate(iterators):
            for value in iterator:
                items.append(value)
                break
            else:
                if strict:
                    if position:
                        plural = "" if position == 1 else "s"
                        raise ValueError(
                            "zip() argument " + str(position + 1) + " is shorter than argument"
                            + plural + " 1" + ("" if position == 1 else "-" + str(position)))
                    for other_position, other in enumerate(iterators[1:]):
                        for value in other:
                            plural = "" if other_position == 0 else "s"
                            raise ValueError(
                                "zip() argument " + str(other_position + 2)
                                + " is longer than argument" + plural + " 1"
                                + ("" if other_position == 0 else "-" + str(other_position + 1)))
                return
        yield tuple(items)

def __call_iter(function, sentinel):
    while True:
        value = function()
        if value == sentinel:
            return
        yield value
'''


class _Missing:
    """The prelude's marker for "no argument given"."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()

_functions: dict[str, Any] | None = None
_code: Code | None = None


def prelude_function(name: str) -> Any:
    """The prelude function ``name`` (compiled once per process, on first use)."""
    return prelude_namespace()[name]


def prelude_namespace() -> dict[str, Any]:
    """The prelude's globals: its functions and helpers."""
    global _functions
    if _functions is None:
        _functions = _build()
    return _functions


def prelude_code() -> Code:
    """The prelude's module code (its functions' code objects hang below it)."""
    prelude_namespace()
    assert _code is not None
    return _code


def _build() -> dict[str, Any]:
    global _code
    from .compiler import compile_uncached
    from .objects import Function

    # Compiled apart from the cache: the prelude's code objects are its own.
    code = _code = compile_uncached(SOURCE)
    _hide(code)
    namespace: dict[str, Any] = {"__missing": MISSING}
    for _, arg in code.instrs:
        if isinstance(arg, FunctionTemplate):
            function = Function(arg.code, namespace)
            namespace[arg.code.name] = function
    from .builtins import sort_by_keys
    from .objects import Builtin

    namespace["__sort_by_keys"] = Builtin("sort", sort_by_keys)
    from .machine import _is_iterable

    namespace["__is_iterable"] = Builtin("iter", _is_iterable)
    from ..modules.math_module import fsum_add, fsum_result

    namespace["__fsum_add"] = Builtin("fsum", fsum_add)
    namespace["__fsum_result"] = Builtin("fsum", fsum_result)
    return namespace


def _hide(code: Code) -> None:
    code.kind = "prelude"
    for _, arg in code.instrs:
        if isinstance(arg, FunctionTemplate):
            _hide(arg.code)
