"""Operators on sandbox values, with the costly ones checked before the host does them.

The compiler resolves every operator to one of the functions in
:data:`BINARY` / :data:`INPLACE` at compile time, so the machine just calls
``arg(left, right)``. Operators whose cost is O(1) in their inputs' sizes are
the host's own C functions; those that can allocate or compute in proportion
to a number the sandbox chose (``'x' * n``, ``2 ** n``, ``1 << n``, ``s + s``,
``'%*d' % (n, 1)``) go through a check first and are refused with the memory
limit error when they would exceed the budget.
"""

from __future__ import annotations

import ast
import operator
from typing import Any

from .context import check_size
from .objects import Generator

_SEQUENCES = (str, bytes, bytearray, list, tuple)
_TEXT = (str, bytes, bytearray)


def _size(value: Any) -> int:
    """A cheap estimate of the bytes a value holds (its own storage, not its items')."""
    t = type(value)
    if t is int:
        return value.bit_length() // 8 + 1
    if t in _TEXT:
        return len(value)
    if t in _SEQUENCES:
        return len(value) * 8
    return 8


def _check_repeat(sequence: Any, count: Any) -> None:
    if type(count) is not bool and isinstance(count, int) and count > 1:
        check_size(_size(sequence) * count)


def multiply(left: Any, right: Any) -> Any:
    tl = type(left)
    if tl is int and type(right) is int:
        if left.bit_length() + right.bit_length() > 64_000:
            check_size((left.bit_length() + right.bit_length()) // 8)
    elif tl in _SEQUENCES:
        _check_repeat(left, right)
    elif type(right) in _SEQUENCES:
        _check_repeat(right, left)
    return left * right


def power(base: Any, exponent: Any, modulus: Any = None) -> Any:
    if (
        modulus is None
        and type(exponent) is int
        and isinstance(base, int)
        and exponent > 1
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


def modulo(left: Any, right: Any) -> Any:
    if type(left) in _TEXT:
        from .formatting import percent_format

        return percent_format(left, right, check_size)
    return left % right


def inplace_add(left: Any, right: Any) -> Any:
    if type(left) is list:
        if type(right) is Generator:
            from .context import current

            right = current.get().drain(right)
        check_size(_size(left) + 8 * len(right) if hasattr(right, "__len__") else 0)
        left += right
        return left
    return add(left, right)


def inplace_multiply(left: Any, right: Any) -> Any:
    if type(left) is list:
        _check_repeat(left, right)
        left *= right
        return left
    return multiply(left, right)


BINARY: dict[type, Any] = {
    ast.Add: add,
    ast.Sub: operator.sub,
    ast.Mult: multiply,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: modulo,
    ast.Pow: power,
    ast.LShift: lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
    ast.BitAnd: operator.and_,
    ast.MatMult: operator.matmul,
}

INPLACE: dict[type, Any] = {
    **BINARY,
    ast.Add: inplace_add,
    ast.Mult: inplace_multiply,
    # Containers that change in place (set |= s, dict |= d, list ... ) keep their identity.
    ast.BitOr: operator.ior,
    ast.BitXor: operator.ixor,
    ast.BitAnd: operator.iand,
    ast.Sub: operator.isub,
}

# Operators the host may run unchecked when the right operand is a number:
# their result is no bigger than their left operand.
SAFE_WITH_NUMBER = frozenset(
    {operator.sub, operator.truediv, operator.floordiv, operator.rshift, operator.and_,
     operator.or_, operator.xor}
)


def subscript(container: Any, key: Any) -> Any:
    if isinstance(container, type):
        if container in (list, dict, tuple, set, frozenset, type):
            return container[key]
        raise TypeError(f"type '{container.__name__}' is not subscriptable")
    return container[key]
