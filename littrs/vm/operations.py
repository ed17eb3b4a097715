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
from itertools import chain, islice
from operator import length_hint
from typing import Any

from .containers import HASHED_INSIDE, check_key
from .context import charge, check_size
from .objects import FRAME_ITERATORS

# Host iterators whose length is unknown (and may be endless).
LAZY_ITERATORS = frozenset({map, filter, zip, enumerate, reversed, type(iter(int, 0))})

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
    _checks_multiply(left, right)
    return left * right


def power(base: Any, exponent: Any, modulus: Any = None) -> Any:
    if type(exponent) is int and isinstance(base, int) and exponent > 1:
        if modulus is None and base not in (0, 1, -1):
            size = base.bit_length() * exponent
            check_size(size // 8)
            charge(2 * big_int_cost(size // 30))
        elif isinstance(modulus, int) and modulus:
            # Square-and-multiply: two products of the modulus's size per exponent bit.
            charge(2 * exponent.bit_length() * big_int_cost(modulus.bit_length() // 30 + 1))
    if modulus is None:
        return base**exponent
    return pow(base, exponent, modulus)


def check_divide(left: Any, right: Any) -> None:
    if type(left) is int and type(right) is int:
        bits = left.bit_length()
        if bits > 64_000:  # schoolbook division: quadratic in the sizes
            charge((bits // 30) * (right.bit_length() // 30 + 1) // 8)


def floordiv(left: Any, right: Any) -> Any:
    check_divide(left, right)
    return left // right


def inplace_floordiv(left: Any, right: Any) -> Any:
    check_divide(left, right)
    return operator.ifloordiv(left, right)


def lshift(value: Any, shift: Any) -> Any:
    if type(shift) is int and isinstance(value, int) and value and shift > 0:
        check_size((value.bit_length() + shift) // 8)
    return value << shift


def add(left: Any, right: Any) -> Any:
    _checks_add(left, right)
    return left + right


def modulo(left: Any, right: Any) -> Any:
    if type(left) in _TEXT:
        from .formatting import percent_format

        return percent_format(left, right, check_size)
    check_divide(left, right)
    return left % right


def _checks_add(left: Any, right: Any) -> None:
    tl = type(left)
    if tl in _SEQUENCES and type(right) is tl:
        size = _size(left) + _size(right)
        check_size(size)
        if size > 4096:
            charge(size >> 6)  # the copy: a loop of concatenations is quadratic


def big_int_cost(words: int) -> int:
    """Units of work (see Machine.charge) of multiplying ``words``-word ints (Karatsuba).

    Measured on CPython 3.11: about 2.5 ns per ``words ** 1.585``, a quarter of a unit.
    """
    return int(words**1.585) // 4 if words > 64 else words * words // 4


def _checks_multiply(left: Any, right: Any) -> None:
    tl = type(left)
    if tl is int and type(right) is int:
        if left.bit_length() + right.bit_length() > 64_000:
            check_size((left.bit_length() + right.bit_length()) // 8)
            charge(big_int_cost(max(left.bit_length(), right.bit_length()) // 30))
    elif tl in _SEQUENCES:
        _check_repeat(left, right)
    elif type(right) in _SEQUENCES:
        _check_repeat(right, left)


def inplace_add(left: Any, right: Any) -> Any:
    if type(left) is list:
        right = host_iterable(right)
        if hasattr(right, "__len__"):
            check_size(_size(left) + 8 * len(right))
    else:
        _checks_add(left, right)
    return operator.iadd(left, right)


def inplace_multiply(left: Any, right: Any) -> Any:
    _checks_multiply(left, right)
    return operator.imul(left, right)


def inplace_power(left: Any, right: Any) -> Any:
    if type(right) is int and isinstance(left, int) and right > 1 and left not in (0, 1, -1):
        size = left.bit_length() * right
        check_size(size // 8)
        charge(2 * big_int_cost(size // 30))
    return operator.ipow(left, right)


def inplace_lshift(left: Any, right: Any) -> Any:
    if type(right) is int and isinstance(left, int) and left and right > 0:
        check_size((left.bit_length() + right) // 8)
    return operator.ilshift(left, right)


def inplace_modulo(left: Any, right: Any) -> Any:
    if type(left) in _TEXT:
        return modulo(left, right)
    check_divide(left, right)
    return operator.imod(left, right)


_SET_LIKE = frozenset({set, frozenset, type({}.keys()), type({}.items())})
_VIEWS = (type({}.keys()), type({}.items()))


def _set_operands(left: Any, right: Any) -> tuple[Any, Any]:
    """Before ``&``, ``|``, ``-`` or ``^`` of a set or a dict view: a view takes any
    iterable and hashes its items; sets compare the items that hash alike."""
    from .containers import check_items_view, check_keys

    if type(left) is _ITEMS_VIEW or type(right) is _ITEMS_VIEW:
        left = host_iterable(left)
        right = host_iterable(right)
        check_items_view(left, right)
    if type(left) in _VIEWS:
        right = host_iterable(right, hashed=True)
    elif type(right) in _VIEWS:
        left = host_iterable(left, hashed=True)
    elif type(left) in _SET_LIKE and type(right) in _SET_LIKE:
        # Two sets: only items that hash alike are compared, a pair at a time, so the
        # items of either side bound the work; the smaller is the quicker to price.
        smaller = left if len(left) <= len(right) else right
        check_keys(smaller, stored=False)
        return left, right
    check_keys(left, stored=False)
    check_keys(right, stored=False)
    return left, right


def _set_operator(host: Any) -> Any:
    def operate(left: Any, right: Any) -> Any:
        if type(left) in _SET_LIKE or type(right) in _SET_LIKE:
            left, right = _set_operands(left, right)
        return host(left, right)

    operate.__name__ = operate.__qualname__ = host.__name__.strip("_")
    return operate


bit_or = _set_operator(operator.or_)
bit_and = _set_operator(operator.and_)
bit_xor = _set_operator(operator.xor)
subtract = _set_operator(operator.sub)
inplace_or = _set_operator(operator.ior)
inplace_and = _set_operator(operator.iand)
inplace_xor = _set_operator(operator.ixor)
inplace_subtract = _set_operator(operator.isub)

BINARY: dict[type, Any] = {
    ast.Add: add,
    ast.Sub: subtract,
    ast.Mult: multiply,
    ast.Div: operator.truediv,
    ast.FloorDiv: floordiv,
    ast.Mod: modulo,
    ast.Pow: power,
    ast.LShift: lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: bit_or,
    ast.BitXor: bit_xor,
    ast.BitAnd: bit_and,
    ast.MatMult: operator.matmul,
}

# The in-place forms: containers that change in place keep their identity,
# and errors name the augmented operator ("for +=") as CPython's do.
INPLACE: dict[type, Any] = {
    ast.Add: inplace_add,
    ast.Sub: inplace_subtract,
    ast.Mult: inplace_multiply,
    ast.Div: operator.itruediv,
    ast.FloorDiv: inplace_floordiv,
    ast.Mod: inplace_modulo,
    ast.Pow: inplace_power,
    ast.LShift: inplace_lshift,
    ast.RShift: operator.irshift,
    ast.BitOr: inplace_or,
    ast.BitXor: inplace_xor,
    ast.BitAnd: inplace_and,
    ast.MatMult: operator.imatmul,
}

# Operators the host may run unchecked when the right operand is a number:
# their result is no bigger than their left operand.
SAFE_WITH_NUMBER = frozenset(
    {subtract, operator.truediv, operator.floordiv, operator.rshift, bit_and, bit_or, bit_xor}
)


def check_growth(added: Any) -> None:
    """Something is about to grow by the items of ``added`` (8 bytes a reference)."""
    try:
        size = len(added)
    except OverflowError:  # a range too long for a C length
        size = 1 << 62
    except TypeError:
        size = length_hint(added, 0) if hasattr(type(added), "__next__") else 0
    if size > 1024:
        # A range makes its ints as it goes: a reference and an int object each.
        per_item = 1 if type(added) in _TEXT else 36 if type(added) is range else 8
        check_size(size * per_item)


def drain(iterator: Any) -> list:
    """All items of a host iterator, paid for one unit an item as they come, with the
    list's memory checked as it grows: a loop the host would run in one instruction."""
    items: list = []
    while True:
        chunk = list(islice(iterator, _DRAINED))
        items += chunk
        if len(chunk) < _DRAINED:
            return items
        charge(_DRAINED)
        check_size(_DRAINED * 64)  # a reference and a new small object an item


_DRAINED = 4096  # items drained between two payments (and two reads of the clock)


def host_iterable(iterable: Any, hashed: bool = False) -> Any:
    """``iterable``, made safe for the host to go through in one call, all of it.

    A host iterator whose length is unknown (``map(abs, range(10**9))``), or whose
    items are about to be hashed, is drained first (:func:`drain`); a container's
    growth is checked; with ``hashed`` (a set or a dict is built from the items)
    hashing them is paid for. A generator is drained as the host would go through
    it, as nested runs of the VM (callers that can run it as frames do so first).
    """
    t = type(iterable)
    if t in FRAME_ITERATORS:
        from .context import current

        return current.get().drain(iterable)
    if hasattr(t, "__next__") and (hashed or t in LAZY_ITERATORS or length_hint(iterable, -1) < 0):
        iterable = drain(iterable)
    check_growth(iterable)
    if hashed:
        from .containers import check_keys

        check_keys(iterable)
    return iterable


def slice_of(container: Any, key: slice) -> Any:
    """``container[a:b:c]``: a copy, so its size is counted first."""
    t = type(container)
    if t in _SEQUENCES:  # a range's slice is a range: no copy
        length = len(range(*key.indices(len(container))))
        if length > 1024:
            check_size(length * (1 if t in _TEXT else 8))
        return container[key]
    from .machine import _subscript

    return _subscript(container, key)


def subscript(container: Any, key: Any) -> Any:
    if isinstance(container, type):
        if container in (list, dict, tuple, set, frozenset, type):
            return container[key]
        from .attributes import type_name

        raise TypeError(f"type '{type_name(container)}' is not subscriptable")
    if type(container) is dict and type(key) in HASHED_INSIDE:
        check_key(key)
    as_class = getattr(type(container), "subscript_as_class", None)
    if as_class is not None:  # a stand-in for a class (typing.Generic): no mapping itself
        return as_class(container, key)
    return container[key]


_CONTAINERS = (list, tuple, dict, set, frozenset)
_KEYS_VIEW = type({}.keys())
_VALUES_VIEW = type({}.values())
_ITEMS_VIEW = type({}.items())
# Values whose text shows other values: containers, dict views, slices, exceptions.
_RENDERED = frozenset({*_CONTAINERS, _KEYS_VIEW, _VALUES_VIEW, _ITEMS_VIEW, slice})


def _atom_width(value: Any) -> int:
    t = type(value)
    if t is str:
        return len(value) + 2
    if t is bytes or t is bytearray:
        return 4 * len(value) + 3
    if t is int:
        return value.bit_length() * 10 // 33 + 2
    return 24


_PLAIN = frozenset({int, float, str, bool, type(None), bytes, complex})


def _shows_others(value: Any) -> bool:
    t = type(value)
    return t in _RENDERED or (t not in _PLAIN and isinstance(value, BaseException))


def _shown(node: Any) -> Any:
    """The values the text of ``node`` shows (a dict's keys and values)."""
    t = type(node)
    if t is dict:
        return chain.from_iterable(node.items())
    if t is _ITEMS_VIEW:
        return chain.from_iterable(node)
    if t is slice:
        return (node.start, node.stop, node.step)
    if isinstance(node, BaseException):
        return node.args
    return node


def render_width(value: Any) -> int:
    """About how many characters ``repr``/``str`` of ``value`` makes, without making them.

    Shared references render once per path (``x = [x, x]`` doubles at each
    level), so the width is computed over the graph, each object once, with a
    cycle rendering as ``[...]``.
    """
    if not _shows_others(value):
        return _atom_width(value)
    widths: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            total = 16
            for part in _shown(node):
                total += 2 + (widths.get(id(part), 5) if _shows_others(part) else _atom_width(part))
            widths[key] = total
            continue
        if key in widths or key in on_path:
            continue
        on_path.add(key)
        stack.append((node, True))
        for part in _shown(node):
            if _shows_others(part) and id(part) not in widths:
                stack.append((part, False))
    return widths[id(value)]


def check_render(value: Any) -> None:
    """Before ``repr``/``str`` of a container (or a view, a slice, an exception): the
    text it would make must fit the budget; the host's own rendering comes after."""
    if not _shows_others(value):
        return
    width = render_width(value)
    check_size(width)
    charge(width // 16)


# Hashing a tuple recurses in C with no depth check (CPython 3.11): a tuple nested
# some 150,000 deep crashes the process when hashed. Nesting is bounded where
# tuples and frozensets are built from sandbox values; depths from _CACHED_DEPTH
# up are remembered, so each check walks at most that far down.
MAX_NESTING = 10_000
_CACHED_DEPTH = 16
_depths: dict[int, tuple[Any, int]] = {}


def _nesting(value: Any) -> int:
    """How deep tuples and frozensets nest inside ``value`` (itself one of them)."""
    cached = _depths.get(id(value))
    if cached is not None and cached[0] is value:
        return cached[1]
    depth = 1
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if level > depth:
            depth = level
        for item in node:
            if type(item) is tuple or type(item) is frozenset:
                known = _depths.get(id(item))
                if known is not None and known[0] is item:
                    depth = max(depth, level + known[1])
                else:
                    stack.append((item, level + 1))
    if depth >= _CACHED_DEPTH:
        if len(_depths) > 10_000:  # keeps tuples alive: bounded, and rebuilt on demand
            _depths.clear()
        _depths[id(value)] = (value, depth)
    return depth


def check_nesting(items: Any) -> None:
    """Before a tuple or frozenset of ``items`` is built: refuse one nested too deeply."""
    for item in items:
        if (type(item) is tuple or type(item) is frozenset) and _nesting(item) >= MAX_NESTING:
            raise RecursionError("maximum recursion depth exceeded while building a tuple")
