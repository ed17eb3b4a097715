"""Operations on sandbox values whose cost is not O(1): checked before the host does them.

The dispatch loop handles the cheap common cases inline (``int + int``,
``list[i]``); everything that can allocate or compute in proportion to a
number the sandbox chose (``'x' * n``, ``2 ** n``, ``1 << n``) comes here first
and is refused with the memory limit error when it would exceed the budget.
"""

from __future__ import annotations

import operator
from typing import Any

from .context import check_size

_SEQUENCES = (str, bytes, bytearray, list, tuple)


def _size(value: Any) -> int:
    """A cheap estimate of the bytes a value holds (its own storage, not its items')."""
    t = type(value)
    if t is int:
        return value.bit_length() // 8 + 1
    if t in _SEQUENCES:
        return len(value) * (1 if t in (str, bytes, bytearray) else 8)
    return 8


def _repeat_size(sequence: Any, count: Any) -> None:
    if type(count) is bool or not isinstance(count, int) or count <= 0:
        return
    if isinstance(sequence, _SEQUENCES):
        check_size(_size(sequence) * count)


def multiply(left: Any, right: Any) -> Any:
    tl = type(left)
    tr = type(right)
    if tl is int and tr is int:
        if left.bit_length() + right.bit_length() > 64_000:
            check_size((left.bit_length() + right.bit_length()) // 8)
        return left * right
    if tl in _SEQUENCES:
        _repeat_size(left, right)
    elif tr in _SEQUENCES:
        _repeat_size(right, left)
    return left * right


def power(base: Any, exponent: Any, modulus: Any = None) -> Any:
    if (
        modulus is None
        and type(exponent) is int
        and isinstance(base, int)
        and exponent > 0
        and base not in (0, 1, -1)
    ):
        check_size(base.bit_length() * exponent // 8)
    if modulus is None:
        return base**exponent
    return pow(base, exponent, modulus)


def lshift(value: Any, shift: Any) -> Any:
    if type(shift) is int and isinstance(value, int) and value and shift > 0:
        check_size((value.bit_length() + shift) // 8)
    return value << shift


def add(left: Any, right: Any) -> Any:
    tl = type(left)
    if tl in _SEQUENCES and type(right) is tl:
        check_size(_size(left) + _size(right))
    return left + right


_CHECKED = {
    operator.mul: multiply,
    operator.imul: multiply,
    operator.pow: power,
    operator.ipow: power,
    operator.lshift: lshift,
    operator.ilshift: lshift,
    operator.add: add,
}


def binary(function: Any, left: Any, right: Any) -> Any:
    checked = _CHECKED.get(function)
    if checked is not None:
        return checked(left, right)
    return function(left, right)


def inplace(function: Any, left: Any, right: Any) -> Any:
    if function is operator.iadd:
        tl = type(left)
        if tl is list:
            if type(right) is not list and not isinstance(right, (tuple, str, bytes, range, dict, set, frozenset)):
                from .objects import Generator

                if type(right) is Generator:
                    from .context import current

                    right = current.get().drain(right)
            left += right
            return left
        return add(left, right)
    if function is operator.imul and type(left) is list:
        _repeat_size(left, right)
        left *= right
        return left
    checked = _CHECKED.get(function)
    if checked is not None:
        return checked(left, right)
    return function(left, right)


def subscript(container: Any, key: Any) -> Any:
    if isinstance(container, type):
        if container in (list, dict, tuple, set, frozenset, type):
            return container[key]
        raise TypeError(f"type '{container.__name__}' is not subscriptable")
    return container[key]
