"""The boundary: deep copies both ways, conversions going in, refusals, no user code run."""

from __future__ import annotations

import collections
import copy
import dataclasses
import enum
import math
import sys
import typing
from types import NoneType

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from littrs.boundary import to_host, to_sandbox

MUTABLE = (list, dict, set, bytearray)
SCALARS = (NoneType, bool, int, str, bytes, range)


# --- helpers ---------------------------------------------------------------------------


def same_number(a: float | complex, b: float | complex) -> bool:
    """Equal, with nan equal to nan and -0.0 distinct from 0.0."""
    return repr(a) == repr(b)


def check_copy(orig: object, conv: object) -> None:
    """conv equals orig with exactly the same types, the same sharing and cycles among
    mutable containers, and not one mutable container in common with orig."""
    mapping: dict[int, object] = {}  # id(mutable of orig) -> its copy
    copies: dict[int, object] = {}  # id(mutable of conv) -> its original
    stack = [(orig, conv)]
    while stack:
        a, b = stack.pop()
        assert type(a) is type(b), (a, b)
        if type(a) in (float, complex):
            assert same_number(a, b), (a, b)
            continue
        if type(a) in SCALARS:
            assert a == b
            continue
        if type(a) in MUTABLE:
            if id(a) in mapping:
                assert mapping[id(a)] is b, "sharing not kept"
                continue
            assert id(b) not in copies, "two originals copied to one container"
            mapping[id(a)], copies[id(b)] = b, a
        if type(a) is bytearray:
            assert a == b
        elif type(a) in (list, tuple):
            assert len(a) == len(b)
            stack.extend(zip(a, b))
        elif type(a) is dict:
            assert len(a) == len(b)
            for (ka, va), (kb, vb) in zip(a.items(), b.items()):
                stack += [(ka, kb), (va, vb)]
        elif type(a) in (set, frozenset):
            assert a == b  # members are hashable atoms/tuples/frozensets: no sharing issue
        else:
            assert type(a) is slice, type(a)
            stack += [(a.start, b.start), (a.stop, b.stop), (a.step, b.step)]
    assert mapping.keys().isdisjoint(copies.keys()), "a mutable container is shared"


def mutables(value: object) -> list[object]:
    """Every mutable container reachable from value (iteratively; cycles allowed)."""
    found: dict[int, object] = {}
    stack = [value]
    while stack:
        x = stack.pop()
        if type(x) in MUTABLE:
            if id(x) in found:
                continue
            found[id(x)] = x
        if type(x) in (list, tuple, set, frozenset):
            stack.extend(x)
        elif type(x) is dict:
            stack.extend(x.keys())
            stack.extend(x.values())
        elif type(x) is slice:
            stack += [x.start, x.stop, x.step]
    return list(found.values())


def mutate_all(value: object) -> None:
    for x in mutables(value):
        if type(x) is list:
            x.append("mutated")
        elif type(x) is dict:
            x["mutated"] = True
        elif type(x) is set:
            x.add("mutated")
        else:
            x.append(0)


def depth(value: object) -> int:
    n = 0
    while value:
        value = value[0] if type(value) in (list, tuple) else value["a"]
        n += 1
    return n


def message(excinfo: pytest.ExceptionInfo[TypeError]) -> str:
    return str(excinfo.value)


def qualname(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


# --- strategies -------------------------------------------------------------------------

atoms = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**300), max_value=2**300),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, math.inf, -math.inf, math.nan]),
    st.complex_numbers(allow_nan=True, allow_infinity=True),
    st.text(),
    st.binary(),
    st.builds(range, st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 3)),
    st.builds(slice, st.none() | st.integers(), st.none() | st.integers()),
)
hashables = st.recursive(
    atoms.filter(lambda x: type(x) is not slice),  # slices are unhashable before 3.12
    lambda kids: st.lists(kids, max_size=3).map(tuple) | st.frozensets(kids, max_size=3),
    max_leaves=8,
)
values = st.recursive(
    atoms | st.binary().map(bytearray),
    lambda kids: st.one_of(
        st.lists(kids, max_size=5),
        st.lists(kids, max_size=5).map(tuple),
        st.dictionaries(hashables, kids, max_size=5),
        st.sets(hashables, max_size=5),
        st.frozensets(hashables, max_size=5),
        st.builds(slice, kids, kids, kids),
    ),
    max_leaves=40,
)


# --- round trips, copies, sharing -----------------------------------------------------


@given(values)
def test_round_trip_is_an_equal_deep_copy(value: object) -> None:
    inside = to_sandbox(value)
    check_copy(value, inside)
    outside = to_host(inside)
    check_copy(inside, outside)
    check_copy(value, outside)


@given(values)
def test_mutating_the_copy_leaves_the_original_alone(value: object) -> None:
    for convert in (to_sandbox, to_host):
        snapshot = copy.deepcopy(value)
        converted = convert(value)
        mutate_all(converted)
        check_copy(snapshot, value)

        converted = convert(value)
        snapshot = copy.deepcopy(converted)
        mutate_all(value)
        check_copy(snapshot, converted)
        value = copy.deepcopy(snapshot)


@given(values, st.data())
def test_sharing_and_cycles_are_kept(value: object, data: st.DataObject) -> None:
    root = [value, value]
    containers = [x for x in mutables(root) if type(x) in (list, dict)]
    for n in range(data.draw(st.integers(0, 6))):
        target = data.draw(st.sampled_from(containers))
        member = data.draw(st.sampled_from(containers))
        if type(target) is list:
            target.append(member)
        else:
            target[f"link{n}"] = member
    inside = to_sandbox(root)
    check_copy(root, inside)
    check_copy(inside, to_host(inside))


def test_shared_and_self_containing_containers() -> None:
    shared, blob = [1, 2], bytearray(b"x")
    loop: list[object] = []
    loop.append(loop)
    table: dict[str, object] = {}
    table["self"] = table
    for convert in (to_sandbox, to_host):
        a, b, c, d, e, f = convert([shared, shared, blob, blob, loop, table])
        assert a is b and a is not shared
        assert c is d and c is not blob
        assert e[0] is e and e is not loop
        assert f["self"] is f and f is not table


@pytest.mark.parametrize("list_first", [True, False])
def test_cycle_through_a_tuple(list_first: bool) -> None:
    inner: list[object] = []
    pair = (inner, 1)
    inner.append(pair)
    for convert in (to_sandbox, to_host):
        if list_first:
            got = convert(inner)
            assert got[0][0] is got and type(got[0]) is tuple
        else:
            got = convert(pair)
            assert got[0][0] is got and got[1] == 1 and got[0] is not inner


def test_atoms_and_immutable_containers_cross_as_they_are() -> None:
    big = 10**400
    for value in (None, True, big, 1.5, 2j, "s", b"b", range(3), slice(1, None)):
        assert to_sandbox(value) is value and to_host(value) is value
    frozen = ((1, "a"), frozenset({(2, 3)}), slice(1, (2,)))
    assert to_sandbox(frozen) is frozen and to_host(frozen) is frozen
    with_list = ((1,), [2])
    got = to_sandbox(with_list)
    assert got is not with_list and got[0] is with_list[0] and got[1] is not with_list[1]


@pytest.mark.parametrize("convert", [to_sandbox, to_host])
def test_deep_nesting_does_not_touch_the_host_stack(convert: typing.Callable) -> None:
    n = 100_000
    assert n > sys.getrecursionlimit() * 10
    nested_list: list[object] = []
    nested_dict: dict[str, object] = {}
    nested_tuple: tuple = ()
    nested_mixed: tuple = ()
    for _ in range(n):
        nested_list = [nested_list]
        nested_dict = {"a": nested_dict}
        nested_tuple = (nested_tuple,)
        nested_mixed = ([nested_mixed],)
    for value in (nested_list, nested_dict, nested_tuple):
        assert depth(convert(value)) == n
    got = convert(nested_mixed)
    for _ in range(n):
        got = got[0][0]
    assert got == ()


# --- conversions going in ---------------------------------------------------------------


@dataclasses.dataclass
class Point:
    x: int
    y: int
    tags: list[str] = dataclasses.field(default_factory=list)
    scale: typing.ClassVar[int] = 10


@dataclasses.dataclass(frozen=True, slots=True)
class Frozen:
    a: int


@attrs.define
class Box:
    point: Point
    label: str = "box"


@attrs.frozen
class Pin:
    name: str


class Pair(typing.NamedTuple):
    left: object
    right: object


class Color(enum.IntEnum):
    RED = 1


class Flag(enum.IntFlag):
    A = 1
    B = 2


class Word(str):
    pass


class Shade(enum.Enum):
    DARK = 1


def test_dataclasses_and_attrs_become_dicts_of_their_fields() -> None:
    point = Point(1, 2, ["a"])
    point.extra = "not a field"  # type: ignore[attr-defined]
    got = to_sandbox([point, point, Box(point), Pin("p"), Frozen(3)])
    assert got == [
        {"x": 1, "y": 2, "tags": ["a"]},
        {"x": 1, "y": 2, "tags": ["a"]},
        {"point": {"x": 1, "y": 2, "tags": ["a"]}, "label": "box"},
        {"name": "p"},
        {"a": 3},
    ]
    assert got[0] is got[1] is got[2]["point"]
    assert got[0]["tags"] is not point.tags
    check_copy(got, to_host(got))


def test_subclasses_become_their_base_type() -> None:
    ordered = collections.OrderedDict([("a", 1), ("b", [2]), ("c", 3)])
    ordered.move_to_end("a")
    counts = collections.Counter("aab")
    default = collections.defaultdict(list, {"k": [1]})
    value = [
        Color.RED,
        Flag.A | Flag.B,
        Word("w"),
        Pair(Color.RED, [1]),
        collections.namedtuple("P", "a b")(1, 2),
        ordered,
        counts,
        default,
        {Word("key"): Pair(1, 2)},
    ]
    got = to_sandbox(value)
    assert got == [
        1,
        3,
        "w",
        (1, [1]),
        (1, 2),
        {"b": [2], "c": 3, "a": 1},
        {"a": 2, "b": 1},
        {"k": [1]},
        {"key": (1, 2)},
    ]
    assert list(got[5]) == ["b", "c", "a"]  # the OrderedDict's order, not the dict's
    check_copy(got, to_host(got))  # every member is of an exact builtin type


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (type("F", (float,), {})(1.5), 1.5),
        (type("C", (complex,), {})(1, -0.0), complex(1, -0.0)),
        (type("B", (bytes,), {})(b"ab"), b"ab"),
        (type("A", (bytearray,), {})(b"ab"), bytearray(b"ab")),
        (type("L", (list,), {})([1, [2]]), [1, [2]]),
        (type("S", (set,), {})({1, (2,)}), {1, (2,)}),
        (type("Z", (frozenset,), {})({Color.RED}), frozenset({1})),
        (slice(Color.RED, Word("x")), slice(1, "x")),
    ],
)
def test_more_subclasses(value: object, expected: object) -> None:
    got = to_sandbox(value)
    check_copy(expected, got)


def test_the_host_refuses_what_is_not_a_sandbox_value() -> None:
    for value in (Color.RED, Word("w"), collections.OrderedDict(), Pair(1, 2), Point(1, 2)):
        with pytest.raises(TypeError, match="from the sandbox"):
            to_host(value)


# --- refusals -----------------------------------------------------------------------------


def generator() -> typing.Iterator[int]:
    yield 1


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: len, "builtin_function_or_method"),
        (lambda: generator, "function"),
        (lambda: lambda: 1, "function"),
        (lambda: math, "module"),
        (lambda: Point, "type"),
        (lambda: int, "type"),
        (lambda: object(), "object"),
        (lambda: generator(), "generator"),
        (lambda: ValueError("boom"), "ValueError"),
        (lambda: memoryview(b"x"), "memoryview"),
        (lambda: Shade.DARK, qualname(Shade)),
        (lambda: sys._getframe(), "frame"),
    ],
)
def test_refused_values_name_their_type(make: typing.Callable[[], object], name: str) -> None:
    with pytest.raises(TypeError) as excinfo:
        to_sandbox(make())
    assert message(excinfo) == f"cannot pass a value of type {name!r} into the sandbox"
    with pytest.raises(TypeError) as excinfo:
        to_host([make()])
    assert message(excinfo) == f"cannot return a value of type {name!r} from the sandbox (at [0])"


def test_a_file_is_refused() -> None:
    with open(__file__) as file, pytest.raises(TypeError) as excinfo:
        to_sandbox({"f": file})
    assert message(excinfo) == (
        "cannot pass a value of type '_io.TextIOWrapper' into the sandbox (at ['f'])"
    )


def test_refusals_say_where() -> None:
    cases = [
        ({"items": [1, 2, 3, object()]}, "['items'][3]"),
        ([Point(1, 2, [len])], "[0]['tags'][0]"),
        ({1: {(1, "a"): [None, math]}}, "[1][(1, 'a')][1]"),
        ({1: {(1, 2): 3, (1, Shade.DARK): 3}}, "[1]<key>[1]"),
        ({"s": {(1, Shade.DARK)}}, "['s']<element>[1]"),
        ([slice(None, [object()])], "[0].stop[0]"),
        ({Shade.DARK: 1}, "<key>"),
        ({"x" * 100: [object()]}, f"[{repr('x' * 100)[:37]}...][0]"),
    ]
    for value, path in cases:
        with pytest.raises(TypeError) as excinfo:
            to_sandbox(value)
        assert message(excinfo).endswith(f" into the sandbox (at {path})")


def test_deep_refusal_has_a_short_path() -> None:
    value: object = [object()]
    for _ in range(100_000):
        value = [value]
    with pytest.raises(TypeError) as excinfo:
        to_sandbox(value)
    assert message(excinfo).endswith("(at " + "[0]" * 10 + "..." + "[0]" * 10 + ")")


def test_unhashable_after_conversion_is_refused() -> None:
    frozen = Frozen(1)
    cases = [
        ({frozen}, "set element", qualname(Frozen), "<element>"),
        ([frozenset({frozen})], "set element", qualname(Frozen), "[0]<element>"),
        ({"d": {frozen: 1}}, "dict key", qualname(Frozen), "['d']<key>"),
        ({(1, frozen): 1}, "dict key", "tuple", "<key>"),
        ({Pin("p")}, "set element", qualname(Pin), "<element>"),
    ]
    for value, what, name, path in cases:
        with pytest.raises(TypeError) as excinfo:
            to_sandbox(value)
        assert message(excinfo) == (
            f"cannot pass a {what} of type {name!r} into the sandbox: "
            f"it is unhashable once converted (at {path})"
        )


class Loose(str):
    """Distinct instances with equal text: they collide once they are plain str."""

    __hash__ = object.__hash__

    def __eq__(self, other: object) -> bool:
        return self is other


def test_members_that_become_equal_are_refused() -> None:
    for value, what in [
        ({"k": {Loose("a"): 1, Loose("a"): 2}}, "keys"),
        ({"k": {Loose("a"), Loose("a")}}, "elements"),
        ({"k": frozenset({Loose("a"), Loose("a")})}, "elements"),
    ]:
        with pytest.raises(TypeError) as excinfo:
            to_sandbox(value)
        kind = type(value["k"]).__name__
        assert message(excinfo) == (
            f"cannot pass a value of type {kind!r} into the sandbox: "
            f"two of its {what} become equal (at ['k'])"
        )


# --- no code of the value's classes runs -----------------------------------------------------

ARMED = False

TRAPS = {
    dict: ["__getitem__", "__iter__", "keys", "items", "values", "__len__", "get", "copy",
           "__contains__", "__eq__", "__reduce_ex__", "__getattribute__"],
    list: ["__getitem__", "__iter__", "__len__", "copy", "__eq__", "__reversed__",
           "__reduce_ex__", "__getattribute__"],
    tuple: ["__getitem__", "__iter__", "__len__", "__eq__", "__hash__", "__getattribute__"],
    set: ["__iter__", "__len__", "__contains__", "copy", "__eq__", "__getattribute__"],
    frozenset: ["__iter__", "__len__", "__contains__", "copy", "__eq__", "__hash__",
                "__getattribute__"],
    str: ["__str__", "__repr__", "__hash__", "__eq__", "__iter__", "__getitem__", "__len__",
          "__getattribute__", "__format__"],
    int: ["__int__", "__index__", "__repr__", "__hash__", "__eq__", "__getattribute__"],
    float: ["__float__", "__repr__", "__hash__", "__eq__", "__getattribute__"],
    complex: ["__complex__", "__repr__", "__hash__", "__eq__", "__getattribute__"],
    bytes: ["__bytes__", "__getitem__", "__iter__", "__len__", "__hash__", "__eq__",
            "__getattribute__"],
    bytearray: ["__getitem__", "__iter__", "__len__", "copy", "__eq__", "__getattribute__"],
    collections.OrderedDict: ["__getitem__", "__iter__", "keys", "items", "values",
                              "__len__", "__reversed__", "__eq__", "__getattribute__"],
}  # fmt: skip


def trapped(base: type) -> type:
    """A subclass of base whose overrides fail once ARMED: the boundary must not call them."""

    def trap(name: str) -> typing.Callable:
        original = getattr(base, name)

        def method(self: object, *args: object) -> object:
            if ARMED:
                raise AssertionError(f"{base.__name__}.{name} was called")
            return original(self, *args)

        return method

    namespace: dict[str, object] = {name: trap(name) for name in TRAPS[base]}
    if base is complex:
        namespace["real"] = property(trap("__complex__"))
    return type(f"Trapped{base.__name__}", (base,), namespace)


def test_no_subclass_hook_is_called() -> None:
    global ARMED
    T = {base: trapped(base) for base in TRAPS}
    key = T[str]("key")
    inner = T[list]([1, T[int](2), T[tuple]((3, [4]))])
    ordered = T[collections.OrderedDict]([("z", 1), ("y", [2])])
    ordered.move_to_end("z")
    value = T[dict](
        {
            key: inner,
            T[int](5): T[set]({T[frozenset]({T[str]("f")}), T[float](1.5)}),
            T[tuple]((1, 2)): T[bytes](b"b"),
            "c": [T[complex](1, 2), T[bytearray](b"a"), T[list]([1, 2])],
            "d": T[dict]({1: 2}),
            "o": ordered,
            "p": T[collections.OrderedDict]([(key, [1]), ("q", 2)]),
        }
    )
    ARMED = True
    try:
        got = to_sandbox(value)
    finally:
        ARMED = False
    check_copy(
        {
            "key": [1, 2, (3, [4])],
            5: {frozenset({"f"}), 1.5},
            (1, 2): b"b",
            "c": [1 + 2j, bytearray(b"a"), [1, 2]],
            "d": {1: 2},
            "o": {"y": [2], "z": 1},
            "p": {"key": [1], "q": 2},
        },
        got,
    )


def test_a_spoofed_class_is_refused_by_its_real_type() -> None:
    class Spoof:
        __class__ = property(lambda self: dict)  # type: ignore[assignment]

    assert isinstance(Spoof(), dict)
    with pytest.raises(TypeError) as excinfo:
        to_sandbox([Spoof()])
    assert (
        message(excinfo)
        == f"cannot pass a value of type {qualname(Spoof)!r} into the sandbox (at [0])"
    )
