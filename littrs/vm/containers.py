"""Comparing, hashing and searching containers: bounded before the host does it, or paid
step by step.

CPython compares (``==``, ``<``), hashes and searches (``in``, ``list.index``,
sorting) containers element by element in C, in one call. A structure that
shares one object along many paths (``x = [x, x]`` forty times, or a list of a
million references to one long string) makes that one call visit far more
elements than the memory it holds, and no limit can interrupt it. Every such
operation of the sandbox goes through this module:

- The *tree size* of a value (each container and atom counted once per path
  that reaches it, long strings and big ints by their length) bounds how many
  element operations comparing it can take; the *hash cost* of a tuple, the
  same through nested tuples, is what hashing it takes. Both are computed over
  the object graph, each object once, in C loops where the containers are
  flat, and stop as soon as they pass what the run can still pay
  (:func:`~littrs.vm.context.units_left`).
- When the bound fits, it is charged (``Machine.charge``) and the host does the
  operation in C: its answers, its errors, its speed.
- When it does not fit, a comparison or a search runs here, with CPython's
  algorithm (identity shortcuts, the first difference decides, lengths last),
  paying as it goes (:class:`Walk`): an answer that comes early in CPython comes
  early here, and one that would take too long ends at a limit. Hashing has no
  early answer, so a hash that cannot be paid is refused at once.
"""

from __future__ import annotations

import operator
from itertools import chain
from operator import itemgetter
from sys import getsizeof
from typing import Any

from .context import charge, units_left

_KEYS = type({}.keys())
_ITEMS = type({}.items())
_VALUES = type({}.values())
_SETS = (set, frozenset)
_VIEWS = (_KEYS, _ITEMS)

# Values whose comparison looks inside them. Any other value compares with any
# value in one step: numbers, strings and bytes in their own C loops (see
# _atom), everything else by type or identity.
DEEP = frozenset({list, tuple, dict, set, frozenset, _KEYS, _ITEMS, slice})
# Values whose hash looks inside them, every time: tuples (and slices, which are
# hashable from CPython 3.12). Strings cache their hash; frozensets too.
HASHED_INSIDE = frozenset({tuple, slice} if slice.__hash__ is not None else {tuple})
# Containers that keep their items' hashes: building a set from one hashes nothing.
_KEEPS_HASHES = frozenset({set, frozenset, dict})
# Containers check_keys may look through (an iterator would be used up).
_CONTAINERS = frozenset({list, tuple, set, frozenset, dict, _KEYS, _ITEMS, _VALUES})
# Containers whose items are never tuples.
_NO_TUPLES = frozenset({str, bytes, bytearray, range})

SMALL = 64  # element operations the host may do unpaid (see context.charge)
_BATCH = 1024  # units a walk gathers before it pays them (and the clock is read)

_EQ, _NE, _LT, _LE, _GT, _GE = (
    operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge
)
_REFLECTED = {_EQ: _EQ, _NE: _NE, _LT: _GT, _LE: _GE, _GT: _LT, _GE: _LE}
_MISSING: Any = object()
_IS_STR = str.__instancecheck__
_IS_INT = int.__instancecheck__
_IS_BYTES = bytes.__instancecheck__
_IS_BYTEARRAY = bytearray.__instancecheck__
_IS_TUPLE = tuple.__instancecheck__
_FIRST = operator.itemgetter(0)
# Hashable atoms: hashing one is one step (a str or bytes caches its hash; an int's is
# linear in its size, priced apart).
_FLAT_KEYS = frozenset({int, float, bool, str, bytes, complex, type(None), frozenset, range})


def _atom(value: Any) -> int:
    """Units of comparing ``value`` (not a container) with another value."""
    t = type(value)
    if t is str:
        return 1 + (len(value) >> 6)
    if t is int:
        return 1 + (value.bit_length() >> 9)
    if t is bytes or t is bytearray:
        return 1 + (len(value) >> 8)
    return 1


def _atoms(values: Any, kinds: set) -> int:
    """Units of ``values()`` (atoms of the types ``kinds``) beyond one each, counted in
    C loops: a unit per 64 characters of a string, 512 bits of an int, 256 bytes."""
    units = 0
    if str in kinds:
        units += sum(map(len, filter(_IS_STR, values()))) >> 6
    if int in kinds:
        units += sum(map(int.bit_length, filter(_IS_INT, values()))) >> 9
    if bytes in kinds:
        units += sum(map(len, filter(_IS_BYTES, values()))) >> 8
    if bytearray in kinds:
        units += sum(map(len, filter(_IS_BYTEARRAY, values()))) >> 8
    return units


def _parts(node: Any) -> tuple[Any, int]:
    """The values comparing the container ``node`` looks at, and how many there are."""
    t = type(node)
    if t is dict:
        return chain(node, node.values()), 2 * len(node)
    if t is _ITEMS:
        return chain.from_iterable(node), 2 * len(node)
    if t is slice:
        return (node.start, node.stop, node.step), 3
    return node, len(node)


class Sizes:
    """Tree sizes of values, each object measured once; ``cap + 1`` stands for "more".

    A cycle makes a tree endless: a value on one measures as ``cap + 1``.
    """

    __slots__ = ("cap", "known")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.known: dict[int, int] = {}

    def of(self, value: Any) -> int:
        if type(value) not in DEEP:
            return _atom(value)
        size = self.known.get(id(value))
        if size is None:
            size = self._flat(value)
            if size is None:
                size = self._walk(value)
        return size

    def _flat(self, node: Any) -> int | None:
        """The size of ``node`` if it holds no containers (C loops only), else None."""
        parts, count = _parts(node)
        over = self.cap + 1
        if count >= over:
            size = over
        else:
            kinds = set(map(type, parts))
            if not kinds.isdisjoint(DEEP):
                return None
            size = min(count + 1 + _atoms(lambda: _parts(node)[0], kinds), over)
        self.known[id(node)] = size
        return size

    def _walk(self, root: Any) -> int:
        cap = self.cap
        over = cap + 1
        known = self.known
        on_path = {id(root)}
        stack: list[list[Any]] = [[root, iter(_parts(root)[0]), 1]]
        while stack:
            top = stack[-1]
            node, children, total = top
            descend = None
            for child in children:
                if type(child) not in DEEP:
                    total += _atom(child)
                else:
                    key = id(child)
                    size = known.get(key)
                    if size is None:
                        if key in on_path:
                            size = over
                        else:
                            size = self._flat(child)
                            if size is None:
                                descend = child
                                break
                    total += size
                if total > cap:
                    break
            if descend is not None:
                top[2] = total
                stack.append([descend, iter(_parts(descend)[0]), 1])
                on_path.add(id(descend))
                continue
            stack.pop()
            on_path.discard(id(node))
            if total > cap:  # and so is everything that holds it
                known[id(node)] = over
                for entry in stack:
                    known[id(entry[0])] = over
                return over
            known[id(node)] = total
            if stack:
                stack[-1][2] += total
        return known[id(root)]


def hash_cost(value: Any, cap: int, known: dict[int, int] | None = None) -> int:
    """Units of looking ``value`` up as a key in CPython: hashing it, up to its first
    unhashable part, and comparing it with a stored key that hashes alike (a nested
    frozenset hashes once, but compares item by item: its items count too); ``cap + 1``
    for more. ``known`` remembers the costs of tuples already walked."""
    if type(value) not in HASHED_INSIDE:
        return 1 + (value.bit_length() >> 9) if type(value) is int else 1
    if known is None:
        known = {}
    over = cap + 1
    stack: list[list[Any]] = [[value, iter(_parts(value)[0]), 1]]
    while stack:
        top = stack[-1]
        node, children, total = top
        descend = None
        for child in children:
            t = type(child)
            if t in HASHED_INSIDE or t is frozenset:
                size = known.get(id(child))
                if size is None:
                    descend = child
                    break
                total += size
            elif t.__hash__ is None:  # the host raises its TypeError here
                return min(total + 1 + sum(entry[2] for entry in stack[:-1]), over)
            else:
                total += 1 + (child.bit_length() >> 9) if t is int else 1
            if total > cap:
                return over
        if descend is not None:
            top[2] = total
            stack.append([descend, iter(_parts(descend)[0]), 1])
            continue
        stack.pop()
        known[id(node)] = total
        if stack:
            stack[-1][2] += total
            if stack[-1][2] > cap:
                return over
    return min(known[id(value)], over)


# -- hashing ---------------------------------------------------------------------------


def check_key(key: Any) -> None:
    """The host is about to hash ``key`` (a dict or set lookup or insertion): pay for it.

    A tuple of a few values that are not tuples is free; callers on hot paths test
    ``type(key) is tuple`` before calling.
    """
    if type(key) in HASHED_INSIDE:
        if type(key) is tuple and len(key) <= 16 and HASHED_INSIDE.isdisjoint(map(type, key)):
            return
        left = units_left()
        if left is not None:
            charge(hash_cost(key, left))


def hash_value(*args: Any) -> int:
    """The builtin ``hash``."""
    if len(args) == 1:
        check_key(args[0])
    return hash(*args)


def check_keys(items: Any, pairs: bool = False, stored: bool = True) -> None:
    """The host is about to hash every item of the container ``items`` (with ``pairs``,
    the first item of each tuple or list in it, a dict's keys): pay for it.

    A set or a dict keeps its items' hashes, so building from one hashes nothing;
    with ``stored=False`` its items are paid for all the same, as the comparisons an
    operation between two sets makes (``a & b`` compares the items that hash alike).
    Iterators, and pairs of other kinds, are the caller's business: it must not give
    them to the host (see ``builtins._dict``).
    """
    t = type(items)
    if (stored and t in _KEEPS_HASHES) or t in _NO_TUPLES or t not in _CONTAINERS:
        return
    if not stored and HASHED_INSIDE.isdisjoint(map(type, items)):
        return  # stored hashes; atoms that hash alike compare in a step
    left = units_left()
    if left is None:
        return
    if pairs:
        if set(map(len, items)) == {2} and set(map(type, items)) <= {tuple, list}:
            items = list(map(_FIRST, items))
        else:
            keys = []
            for pair in items:
                if type(pair) not in (tuple, list) or len(pair) != 2:
                    break  # the host raises its error here
                keys.append(pair[0])
            items = keys
    kinds = set(map(type, items))
    if kinds.isdisjoint(HASHED_INSIDE):
        if int in kinds and stored:
            charge(sum(map(int.bit_length, filter(_IS_INT, items))) >> 9)
        return
    if kinds <= {tuple, *_FLAT_KEYS}:
        tuples = items if len(kinds) == 1 else list(filter(_IS_TUPLE, items))
        inner = set(map(type, chain.from_iterable(tuples)))
        if inner <= _FLAT_KEYS:  # tuples of atoms: priced in C loops
            parts = sum(map(len, tuples))
            cost = len(items) + parts
            if int in inner:
                try:  # each int's hash is linear in its size: bound them by the longest
                    longest = max(map(int.bit_length, chain.from_iterable(tuples)), default=0)
                except TypeError:
                    longest = max(map(int.bit_length,
                                      filter(_IS_INT, chain.from_iterable(tuples))), default=0)
                cost += parts * (longest >> 9)
            charge(cost)
            return
    known: dict[int, int] = {}
    total = 0
    for item in items:
        if type(item).__hash__ is None:
            break  # the host raises its TypeError here
        total += hash_cost(item, left - total, known)
        if total > left:
            break
    charge(total)


def check_items_view(*operands: Any) -> None:
    """Before the host looks items of one of ``operands`` up in a dict's items view (an
    operator, ``isdisjoint``): each lookup compares a value, so their trees are paid."""
    budget = units_left()
    if budget is not None:
        sizes = Sizes(budget)
        charge(2 * sum(sizes.of(operand) for operand in operands))


def pairs_inspectable(items: Any) -> bool:
    """Whether every item of the container ``items`` is a tuple or a list (so that
    :func:`check_keys` can see the keys a dict built from them gets)."""
    return set(map(type, items)) <= {tuple, list}


# -- comparing ---------------------------------------------------------------------------


def _cost(sizes: Sizes, left: Any, right: Any) -> int:
    """A bound on the units of comparing ``left`` with ``right``.

    Sequences, dicts and sets compare in step (each pair of parts at most once), so
    the smaller tree bounds the work; a dict view looks each item up again, hashing it.
    """
    if type(left) in _VIEWS or type(right) in _VIEWS:
        return 2 * (sizes.of(left) + sizes.of(right))
    cost = sizes.of(left)
    if cost > SMALL:
        cost = min(cost, sizes.of(right))
    return cost


_CHEAP = 4096  # units a flat comparison pays without asking what the run has left
_WEIGHTED = frozenset({str, int, bytes, bytearray})


def _flat_cost(sequence: Any) -> int | None:
    """The units of comparing the list or tuple ``sequence`` item by item, if it holds
    no containers; None if it does. A long one is priced in C loops."""
    count = len(sequence)
    if count <= 8:
        cost = count + 1
        for item in sequence:
            t = type(item)
            if t in DEEP:
                return None
            if t is str:
                cost += len(item) >> 6
            elif t is int:
                cost += item.bit_length() >> 9
            elif t is bytes or t is bytearray:
                cost += len(item) >> 8
        return cost
    try:  # all ints (the usual thing), priced by the longest: one C loop
        return 1 + count * (1 + (max(map(int.bit_length, sequence), default=0) >> 9))
    except TypeError:
        pass
    try:  # all strings
        return 1 + count * (1 + (max(map(str.__len__, sequence), default=0) >> 6))
    except TypeError:
        pass
    kinds = set(map(type, sequence))
    if not kinds.isdisjoint(DEEP):
        return None
    if kinds.isdisjoint(_WEIGHTED):
        return count + 1
    return count + 1 + _atoms(lambda: sequence, kinds)


def compare(op: Any, left: Any, right: Any) -> Any:
    """``op(left, right)`` for one of the six comparison operators.

    The machine calls this when ``right`` is a container (anything else compares
    with anything in one step); it answers exactly as the host would.
    """
    tl = type(left)
    if tl not in DEEP or type(right) not in DEEP:
        return op(left, right)
    cost = None
    if tl is list or tl is tuple:
        if left is right:
            charge(len(left))  # each pair of items is one object: none is looked into
            return op(left, right)
        cost = _flat_cost(left)
        if cost is not None and cost <= _CHEAP:
            if cost > SMALL:
                charge(cost)  # (near the end of a budget, an early answer may be refused)
            return op(left, right)
    budget = units_left()
    if budget is None:
        return op(left, right)
    if cost is None:
        cost = _cost(Sizes(budget), left, right)
    if cost <= budget:
        charge(cost)
        return op(left, right)
    return Walk().run(Walk.rich, op, left, right)


def equal(left: Any, right: Any) -> bool:
    """CPython's ``PyObject_RichCompareBool(left, right, Py_EQ)``: identity first."""
    if left is right:
        return True
    if type(right) in DEEP:
        return bool(compare(_EQ, left, right))
    return bool(left == right)


class Walk:
    """Comparisons too costly to leave to the host, done with CPython's algorithm.

    Pairs small enough go to the host (paying their size); the rest is compared
    part by part, one unit a step, paid in batches so that a limit (and the clock)
    is checked as the walk goes. The walk recurses through nested containers as
    CPython does, so nesting too deep for CPython raises its RecursionError here too.
    """

    __slots__ = ("sizes", "keys", "unpaid")

    def __init__(self) -> None:
        self.sizes = Sizes(SMALL)
        self.keys: Sizes | None = None
        self.unpaid = 0

    def run(self, method: Any, *args: Any) -> Any:
        """``method(self, *args)``, with CPython's RecursionError for nesting too deep."""
        try:
            result = method(self, *args)
        except RecursionError:
            result = _MISSING
        if result is _MISSING:
            raise RecursionError("maximum recursion depth exceeded in comparison")
        charge(self.unpaid)
        return result

    def pay(self, units: int) -> None:
        self.unpaid += units
        if self.unpaid >= _BATCH:
            units, self.unpaid = self.unpaid, 0
            charge(units)

    def key_cost(self, key: Any) -> int:
        """Units of looking ``key`` up in a dict or set: hashing it, comparing it."""
        if type(key) not in DEEP:
            return _atom(key)
        if self.keys is None:
            left = units_left()
            self.keys = Sizes(left if left is not None else 1 << 62)
        return 2 * self.keys.of(key)

    def rich(self, op: Any, a: Any, b: Any) -> Any:
        """``PyObject_RichCompare(a, b, op)``."""
        ta = type(a)
        tb = type(b)
        if ta not in DEEP or tb not in DEEP:
            self.pay(_atom(a) if ta not in DEEP else 1)
            return op(a, b)
        cost = _cost(self.sizes, a, b)
        if cost <= SMALL:
            self.pay(cost)
            return op(a, b)
        self.pay(1)
        if ta is tb and (ta is list or ta is tuple):
            la = len(a)
            lb = len(b)
            if la != lb and ta is list and (op is _EQ or op is _NE):
                return op is _NE
            count = min(la, lb)
            rich = self.rich
            i = 0
            while i < count:  # a batch of steps at a time, each paid (identical pairs too)
                end = min(i + _BATCH, count)
                self.pay(end - i)
                while i < end:
                    x = a[i]
                    y = b[i]
                    if x is not y and not rich(_EQ, x, y):
                        break
                    i += 1
                if i < end:
                    break
            if i >= count:
                return op(la, lb)
            if op is _EQ:
                return False
            if op is _NE:
                return True
            return rich(op, a[i], b[i])
        if ta is dict and tb is dict and (op is _EQ or op is _NE):
            same = self.dicts_equal(a, b)
            return same if op is _EQ else not same
        if ta in _SETS and tb in _SETS:
            return self.sets(op, a, b)
        if ta in _VIEWS and (tb in _VIEWS or tb in _SETS):
            return self.views(op, a, b)
        if tb in _VIEWS and ta in _SETS:  # the set declines; the view answers, reflected
            return self.views(_REFLECTED[op], b, a)
        if ta is slice and tb is slice:
            if a is b:
                return op is _EQ or op is _LE or op is _GE
            return self.rich(op, (a.start, a.stop, a.step), (b.start, b.stop, b.step))
        return op(a, b)  # different kinds of container: answered at once

    def dicts_equal(self, a: dict, b: dict) -> bool:
        if len(a) != len(b):
            return False
        for key, value in a.items():
            self.pay(self.key_cost(key))
            other = b.get(key, _MISSING)
            if other is _MISSING:
                return False
            if value is not other and not self.rich(_EQ, value, other):
                return False
        return True

    def sets(self, op: Any, a: Any, b: Any) -> bool:
        if op is _EQ or op is _NE:
            same = len(a) == len(b) and self.subset(a, b)
            return same if op is _EQ else not same
        if op is _LE:
            return self.subset(a, b)
        if op is _GE:
            return self.subset(b, a)
        if op is _LT:
            return len(a) < len(b) and self.subset(a, b)
        return len(a) > len(b) and self.subset(b, a)

    def subset(self, a: Any, b: Any) -> bool:
        if len(a) > len(b):
            return False
        for item in a:
            self.pay(self.key_cost(item))
            if item not in b:
                return False
        return True

    def views(self, op: Any, a: Any, b: Any) -> bool:
        """CPython's dictview_richcompare."""
        la = len(a)
        lb = len(b)
        if op is _EQ or op is _NE:
            same = la == lb and self.contained(a, b)
            return same if op is _EQ else not same
        if op is _LT:
            return la < lb and self.contained(a, b)
        if op is _LE:
            return la <= lb and self.contained(a, b)
        if op is _GT:
            return la > lb and self.contained(b, a)
        return la >= lb and self.contained(b, a)

    def contained(self, a: Any, b: Any) -> bool:
        for item in a:
            if not self.set_contains(b, item):
                return False
        return True

    def set_contains(self, container: Any, item: Any) -> bool:
        """``item in container`` for a set, a frozenset or a dict's keys or items."""
        if type(container) is _ITEMS:
            if type(item) is not tuple or len(item) != 2:
                return False
            key, value = item
            self.pay(self.key_cost(key))
            found = container.mapping.get(key, _MISSING)
            if found is _MISSING:
                return False
            return found is value or bool(self.rich(_EQ, found, value))
        self.pay(self.key_cost(item))
        return item in container

    def find(self, sequence: Any, item: Any, start: int, stop: int, counting: bool) -> int:
        """The first index in ``sequence[start:stop]`` holding ``item`` (or -1); with
        ``counting``, how many do. Items compare as ``x is item or x == item``."""
        found = 0
        rich = self.rich
        for index in range(start, stop):
            if not (index - start) % _BATCH:
                self.pay(min(_BATCH, stop - index))
            value = sequence[index]
            if value is item or rich(_EQ, value, item):
                if not counting:
                    return index
                found += 1
        return found if counting else -1


# -- searching ---------------------------------------------------------------------------


def _search_cost(sequence: Any, item: Any, length: int, budget: int) -> int:
    """A bound on the units of comparing ``item`` with ``length`` items of ``sequence``."""
    if type(item) not in DEEP:
        return length * _atom(item)
    sizes = Sizes(budget)
    cost = length * sizes.of(item)
    if cost > budget and type(sequence) in DEEP:
        cost = min(cost, sizes.of(sequence))
    return cost


def search(sequence: Any, item: Any, start: int, stop: int, counting: bool, host: Any) -> Any:
    """Look for ``item`` in ``sequence[start:stop]`` (clipped bounds), comparing as
    ``x is item or x == item``.

    When the bound fits it is paid and ``host()`` answers; otherwise a Walk does,
    returning the first index (-1 if none) or, with ``counting``, how many there are.
    """
    budget = units_left()
    if budget is not None:
        cost = _search_cost(sequence, item, max(stop - start, 0), budget)
        if cost > budget:
            return Walk().run(Walk.find, sequence, item, start, stop, counting)
        charge(cost)
    return host()


def range_length(r: range) -> int:
    """``len(r)``, also for a range too long for a C length."""
    if r.step > 0:
        return max(0, (r.stop - r.start + r.step - 1) // r.step)
    return max(0, (r.start - r.stop - r.step - 1) // -r.step)


def _found(sequence: Any, item: Any) -> bool:
    length = range_length(sequence) if type(sequence) is range else len(sequence)
    found = search(sequence, item, 0, length, False, lambda: item in sequence)
    return found is True or (found is not False and found >= 0)


def contains(container: Any, item: Any) -> bool:
    """``item in container`` for a host container (the machine's CONTAINS_OP)."""
    t = type(container)
    if t is dict or t is set or t is frozenset or t is _KEYS:
        if type(item) in HASHED_INSIDE:
            check_key(item)
        return item in container
    if t is list or t is tuple:
        if type(item) not in DEEP and len(container) * _atom(item) <= SMALL:
            return item in container
        return _found(container, item)
    if t is range:
        if type(item) is int or type(item) is bool:
            return item in container
        return _found(container, item)
    if t is _VALUES:
        return _found(list(container), item)
    if t is _ITEMS:
        budget = units_left()
        if budget is not None:
            cost = 2 * Sizes(budget).of(item)
            if cost > budget:
                return Walk().run(Walk.set_contains, container, item)
            charge(cost)
    return item in container


# -- ordering ---------------------------------------------------------------------------


def _largest_two(sizes: Any) -> int:
    """The second largest of ``sizes`` (an iterable of ints), or the only one."""
    values = list(sizes)
    if len(values) < 2:
        return values[0] if values else 0
    first = max(values)
    values[values.index(first)] = 0
    return max(values)


def order_cost(items: Any, comparisons: int, budget: int) -> int:
    """A bound on the units of ``comparisons`` comparisons between items of ``items``.

    Each comparison costs at most the smaller tree of its two items, so at most
    the second largest tree of all. A list of ints or of strings, the usual
    thing to sort, is priced in one C loop.
    """
    try:
        return comparisons * (1 + (max(map(int.bit_length, items)) >> 9))
    except TypeError:
        pass
    try:
        longest = max(map(str.__len__, items))
    except TypeError:
        pass
    else:
        if longest < 64:
            return comparisons
        return comparisons * (1 + (_largest_two(map(str.__len__, items)) >> 6))
    kinds = set(map(type, items))
    if kinds.isdisjoint(DEEP):
        if kinds.isdisjoint((str, int, bytes, bytearray)):
            return comparisons
        return comparisons * _largest_two(map(_atom, items))
    if kinds == {tuple}:
        widths = set(map(len, items))
        if len(widths) == 1:  # keys of one shape, (name, number): priced column by column
            unit = 1
            for column in range(widths.pop()):
                heaviest = _heaviest(list(map(itemgetter(column), items)))
                if heaviest is None:
                    break
                unit += heaviest
            else:
                return comparisons * unit
        inner = set(map(type, chain.from_iterable(items)))
        if inner.isdisjoint(DEEP):  # flat tuples: bound each by its length
            widest = max(map(len, items), default=0)
            unit = 1
            if not inner.isdisjoint(_WEIGHTED):  # one C loop: an object's size bounds its units
                unit += max(map(getsizeof, chain.from_iterable(items)), default=0) >> 6
            return comparisons * (1 + widest * unit)
    sizes = Sizes(max(budget // max(comparisons, 1), SMALL))
    return comparisons * _largest_two(map(sizes.of, items))


def _heaviest(values: list) -> int | None:
    """The units of the heaviest of ``values`` if they are all ints or all strings (one
    C loop), else None."""
    try:
        return 1 + (max(map(int.bit_length, values), default=0) >> 9)
    except TypeError:
        pass
    try:
        return 1 + (max(map(str.__len__, values), default=0) >> 6)
    except TypeError:
        return None


def sort_comparisons(count: int) -> int:
    """At most how many comparisons sorting ``count`` items makes (and a floor of 16 a
    item, what sorting has always been charged)."""
    return count * max(16, count.bit_length() + 1)


def check_order(items: Any, comparisons: int) -> bool:
    """Pay for ``comparisons`` host comparisons between the items of the container
    ``items``; False (nothing paid) if they may cost more than the run can pay."""
    budget = units_left()
    if budget is None:
        return True
    if len(items) < 2:
        return True
    cost = order_cost(items, comparisons, budget)
    if cost > budget:
        return False
    charge(cost)
    return True


class Ordered:
    """A sort key comparing its value with a :class:`Walk`, paying as it goes: for a
    host sort whose worst case the run cannot pay in advance."""

    __slots__ = ("value", "walk")

    def __init__(self, value: Any, walk: Walk) -> None:
        self.value = value
        self.walk = walk

    def __lt__(self, other: Ordered) -> Any:
        return self.walk.rich(_LT, self.value, other.value)


def sort_paid(items: list, keys: list | None, reverse: Any) -> None:
    """Sort ``items`` in place by ``keys`` (or by themselves), comparing as a Walk: the
    host's own sort, so the order (and what an error leaves) is the host's."""
    walk = Walk()

    def host_sort(_walk: Walk) -> None:
        if keys is None:
            items.sort(key=lambda value: Ordered(value, walk), reverse=reverse)
            return
        wrapped = [Ordered(key, walk) for key in keys]
        order = sorted(range(len(items)), key=wrapped.__getitem__, reverse=bool(reverse))
        items[:] = [items[index] for index in order]

    walk.run(host_sort)
