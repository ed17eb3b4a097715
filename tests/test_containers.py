"""Comparing, hashing, searching and sorting containers step by step gives the host's answers.

``littrs/vm/containers.py`` leaves an operation to the host when its bound can be
paid, and otherwise does it itself with CPython's algorithm, paying as it goes.
These tests drive the step-by-step side directly (no limits, no machine) on
generated values, with shared parts, NaNs and mixed types, and compare it with
the host operator: the same value, or the same exception type and message.
Then a few runs under tiny budgets check that an answer CPython gives early
comes early in the sandbox too.
"""

from __future__ import annotations

import math
import operator

from hypothesis import given, settings
from hypothesis import strategies as st

from littrs import InstructionLimitError, Sandbox
from littrs.vm import containers
from littrs.vm.containers import Walk

OPERATORS = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]
NAN = float("nan")

atoms = st.one_of(
    st.integers(-3, 3),
    st.sampled_from([0.0, 1.0, -0.0, NAN, True, False, None, "", "a", "ab", b"a", 2**80, 1j]),
)


def _containers(children: st.SearchStrategy) -> st.SearchStrategy:
    hashable = st.one_of(atoms.filter(lambda v: v == v), st.tuples(atoms, atoms))
    return st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=4).map(tuple),
        st.dictionaries(hashable, children, max_size=3),
        st.sets(hashable, max_size=3),
        st.frozensets(hashable, max_size=3),
        st.dictionaries(hashable, children, max_size=3).map(lambda d: d.keys()),
        st.dictionaries(hashable, children, max_size=3).map(lambda d: d.items()),
        st.tuples(children, children).map(lambda pair: slice(*pair)),
    )


values = st.recursive(atoms, _containers, max_leaves=12)


@st.composite
def pairs(draw: st.DrawFn) -> tuple:
    """Two values that often share parts, or are built alike (equal but not identical)."""
    left = draw(values)
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return left, draw(values)
    if kind == 1:
        return left, left
    shared = draw(values)
    if kind == 2:
        return [left, shared, shared], [left, shared, draw(values)]
    return (shared, [shared, left]), (shared, [shared, draw(values)])


def outcome(function: object, *args: object) -> tuple:
    try:
        result = function(*args)  # type: ignore[operator]
    except (TypeError, ValueError, RecursionError) as error:
        return ("error", type(error).__name__, str(error))
    if isinstance(result, float) and math.isnan(result):
        return ("value", "nan")
    return ("value", result)


@settings(max_examples=600, deadline=None)
@given(pairs(), st.sampled_from(OPERATORS))
def test_a_walked_comparison_answers_as_the_host(pair: tuple, op: object) -> None:
    left, right = pair
    assert outcome(lambda a, b: Walk().run(Walk.rich, op, a, b), left, right) == outcome(
        op, left, right
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(values, max_size=6), values, st.integers(-8, 8), st.integers(-8, 8))
def test_a_walked_search_answers_as_the_host(items: list, item: object, start: int,
                                              stop: int) -> None:
    length = len(items)
    lo = max(start + length, 0) if start < 0 else min(start, length)
    hi = max(stop + length, 0) if stop < 0 else min(stop, length)

    def host_index() -> int:
        try:
            return items.index(item, start, stop)
        except ValueError:
            return -1

    walked = outcome(lambda: Walk().run(Walk.find, items, item, lo, hi, False))
    assert walked == outcome(host_index)
    counted = outcome(lambda: Walk().run(Walk.find, items, item, 0, length, True))
    assert counted == outcome(lambda: items.count(item))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(atoms, st.lists(atoms, max_size=3), st.tuples(atoms, atoms)),
                max_size=8),
       st.booleans())
def test_a_walked_sort_sorts_as_the_host(items: list, reverse: bool) -> None:
    walked, host = list(items), list(items)
    expected = outcome(lambda: host.sort(reverse=reverse))
    got = outcome(lambda: containers.sort_paid(walked, None, reverse))
    assert got == expected
    assert [id(item) for item in walked] == [id(item) for item in host]  # same order, even after
    # an error, and equal items keep theirs


@settings(max_examples=300, deadline=None)
@given(values)
def test_hash_cost_stops_where_the_host_hash_fails(value: object) -> None:
    cost = containers.hash_cost(value, 10**9)
    assert 1 <= cost <= 10**9
    try:
        hash(value)
    except TypeError:
        return
    if type(value) is tuple:
        assert cost >= 1 + len(value)


def test_tree_sizes_count_shared_parts_per_path() -> None:
    x: list = [0]
    for _ in range(40):
        x = [x, x]
    sizes = containers.Sizes(10**15)
    assert sizes.of(x) == 3 * 2**40 - 1  # [0] is 2; each level doubles and adds 1
    assert containers.Sizes(1000).of(x) == 1001  # stops past its cap
    cycle: list = []
    cycle.append(cycle)
    assert containers.Sizes(1000).of(cycle) == 1001  # endless


def test_hash_cost_of_a_dag_of_tuples() -> None:
    t: tuple = (0,)
    for _ in range(60):
        t = (t, t)
    assert containers.hash_cost(t, 10**30) == 3 * 2**60 - 1
    assert containers.hash_cost(t, 10**6) == 10**6 + 1


def test_early_answers_stay_early_under_a_small_budget() -> None:
    """The bound cannot be paid, so the comparison is walked: it stops where CPython does."""
    sb = Sandbox()
    sb.run("a = [0] + [1] * 100000\nb = [1] + [1] * 100000\nc = [[1] * 100000, 0]")
    sb.limit(max_instructions=5_000)
    assert sb.run("a == b") is False
    assert sb.run("a < b") is True
    assert sb.run("a != b") is True
    assert sb.run("[a, 1] in [[b, 1], [a, 1]]") is True
    assert sb.run("[c, a].index(a)") == 1
    try:
        sb.run("a[1:] == b[1:]")  # equal all the way: the walk runs out of budget
    except InstructionLimitError:
        pass
    else:
        raise AssertionError("a comparison of 100,000 pairs fitted in 5,000 instructions")


def test_shared_dags_compare_and_hash_only_within_the_budget() -> None:
    sb = Sandbox()
    sb.limit(max_instructions=100_000)
    code = "x = [0]\ny = [1]\nfor i in range(40):\n    x = [x, x]\n    y = [y, y]\n"
    assert sb.run(code + "(x == y, x < y, x == x, x != y)") == (False, True, True, True)
    assert sb.run("t = (1,)\nfor i in range(8):\n    t = (t, t)\nhash(t) == hash(t)") is True
