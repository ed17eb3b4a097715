"""format(), str.format and % against CPython itself, and the size checks before them."""

from __future__ import annotations

import operator
import tracemalloc
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from littrs.vm.formatting import format_value, percent_format, str_format


class TooBig(Exception):
    """What the tests' check_width raises in place of the VM's limit error."""


def _no_check(size: int) -> None:
    assert size >= 0


def _refuse(size: int) -> None:
    raise TooBig(size)


def _refuse_above(limit: int) -> Callable[[int], None]:
    def check(size: int) -> None:
        if size > limit:
            raise TooBig(size)

    return check


def outcome(run: Callable[[], object]) -> tuple:
    """("ok", value) or ("error", type, args), to compare two runs."""
    try:
        return ("ok", run())
    except Exception as exc:  # noqa: BLE001 - every error is an outcome here
        return ("error", type(exc), exc.args)


def ours_format(template: str, args: tuple, kwargs: dict, check=_no_check) -> tuple:
    return outcome(lambda: str_format(template, args, kwargs, getattr, operator.getitem, check))


def ours_format_map(template: str, mapping: object) -> tuple:
    return outcome(
        lambda: str_format(template, None, mapping, getattr, operator.getitem, _no_check)  # type: ignore[arg-type]
    )


class Obj:
    """A field value with attributes, for `{0.attr}`."""

    x = 5
    name = "obj"

    def __repr__(self) -> str:
        return "Obj()"


ARGS = (1, "two", 3.5, [10, 20, 30], {"k": "v", 1: "one"}, Obj(), -7, "é")
KWARGS = {"a": 1, "s": "text", "lst": [1, 2], "d": {"k": "v", 0: "zero"}, "o": Obj(), "w": 6}

FORMAT_CASES = [
    "",
    "plain",
    "{{",
    "}}",
    "{{}}",
    "{{{0}}}",
    "a{0}b{1}c",
    "{}{}{}",
    "{0}{0}",
    "{}",
    "{0}{}",
    "{}{0}",
    "{a}{}",
    "{}{a}",
    "{0.x}{}",
    "{[0]}{}",
    "{.x}",
    "}",
    "a}b",
    "{",
    "a{",
    "{0",
    "{0:",
    "{0!",
    "{0!r",
    "{0!r:",
    "{0!}",
    "{!}",
    "{0!x}",
    "{0!é}",
    "{0!€}",
    "{0! }",
    "{0!\x01}",
    "{0!rr}",
    "{0!r!s}",
    "{0!:}",
    "{0!\0}",
    "{0{}",
    "{0{1}}",
    "{a{}",
    "{0:{}",
    "{0:{1}",
    "{0:{{}",
    "{0:}}",
    "{0:{1}}",
    "{2:{6}.{0}}",
    "{:{}.{}}",
    "{0:{1:{2}}}",
    "{:{:{}}}",
    "{0:{9:{1}}}",
    "{8}",
    "{100}",
    "{99999999999999999999}",
    "{0[99999999999999999999]}",
    "{missing}",
    "{0.}",
    "{0..x}",
    "{0[]}",
    "{0[}",
    "{0[0}",
    "{0[0]x}",
    "{0[0].}",
    "{3[0]}",
    "{3[5]}",
    "{3[x]}",
    "{4[k]}",
    "{4[1]}",
    "{4[01]}",
    "{4[2]}",
    "{5.x}",
    "{5.nope}",
    "{5.x.real}",
    "{5.name[0]}",
    "{d[0]}",
    "{d[k]}",
    "{lst[1]}",
    "{o.x:>{w}}",
    "{s!r:^20}",
    "{s!a}",
    "{7!a}",
    "{7!r}",
    "{0:}",
    "{0:d}",
    "{1:d}",
    "{2:.{0}f}",
    "{2:{w}.2%}",
    "{1:=5}",
    "{0:x<+#08_b}",
    "{0:,_}",
    "{2:z.1f}",
    "{3:>10}",
    "{3!s:>12}",
    "{0:\x00>5}",
    "{0:{{}}}",
    "{0:}}}",
    "{0:{}}",
    "{0:{a}}",
    "{\u0663}",
    "{0[\u0663]}",
    "{ 0}",
    "{0 }",
    "{-1}",
    "{+1}",
    "{0x1}",
]


@pytest.mark.parametrize("template", FORMAT_CASES)
def test_format_table(template: str) -> None:
    assert ours_format(template, ARGS, KWARGS) == outcome(lambda: template.format(*ARGS, **KWARGS))


@pytest.mark.parametrize(
    "template",
    [
        "",
        "{}",
        "{0}",
        "{a}",
        "{s!r}",
        "{d[k]}",
        "{o.x}",
        "{nope}",
        "{a:{w}}",
        "{a:{0}}",
        "{:{}}",
        "{}}",
        "{a}{}",
    ],
)
def test_format_map_table(template: str) -> None:
    assert ours_format_map(template, KWARGS) == outcome(lambda: template.format_map(KWARGS))


def test_format_without_kwargs_raises_key_error() -> None:
    template = "{name}"
    assert ours_format(template, (), {}) == outcome(lambda: template.format())


def test_format_map_uses_get_item() -> None:
    seen = []

    def get_item(obj: object, key: object) -> object:
        seen.append(key)
        return f"<{key}>"

    assert str_format("{a}{b[0]}", None, {}, getattr, get_item, _no_check) == "<a><0>"
    assert seen == ["a", "b", 0]


def test_lookups_go_through_the_callbacks() -> None:
    calls = []

    def get_attr(obj: object, name: str) -> object:
        calls.append(("attr", name))
        return "A"

    def get_item(obj: object, key: object) -> object:
        calls.append(("item", key))
        return "I"

    assert (
        str_format(
            "{0.__class__}{0[__dict__]}{0[12]}", (object(),), {}, get_attr, get_item, _no_check
        )
        == "AII"
    )
    assert calls == [("attr", "__class__"), ("item", "__dict__"), ("item", 12)]


_template_chars = st.sampled_from(list("{}{}{}[]!:.0123rsaxk<>^=,_#%dfeg ") + ["é", "\0"])
_field_names = st.sampled_from(
    [
        "",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
        "7",
        "9",
        "a",
        "s",
        "lst",
        "d",
        "o",
        "w",
        "zz",
        "3[1]",
        "4[k]",
        "5.x",
        "o.name",
        "d[0]",
        "0.real",
        "3[",
        "0.",
        "5[x]",
        "2.imag",
    ]
)
_specs = st.sampled_from(
    [
        "",
        ">5",
        "<3",
        "^7",
        "=8",
        "+",
        "05",
        ",",
        "_",
        ".2",
        ".3f",
        "x",
        "#b",
        "{w}",
        "{}",
        "{0}",
        "{:{}}",
        ".{0}",
        "z.1f",
        "e",
        "%",
        "s",
        "d",
        "10.3g",
        "c",
        "n",
        "}",
        "{",
    ]
)


@st.composite
def _format_templates(draw: st.DrawFn) -> str:
    """Mostly well-formed fields among literal text, some raw noise."""
    pieces = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["field", "field", "text", "noise"]))
        if kind == "text":
            pieces.append(draw(st.sampled_from(["x", " ", "{{", "}}", "é"])))
        elif kind == "noise":
            pieces.append(draw(st.text(_template_chars, max_size=4)))
        else:
            conversion = draw(st.sampled_from(["", "", "!r", "!s", "!a", "!x"]))
            spec = draw(_specs)
            pieces.append(
                "{" + draw(_field_names) + conversion + (":" + spec if spec else "") + "}"
            )
    return "".join(pieces)


@settings(max_examples=1500, deadline=None)
@given(_format_templates())
def test_format_property(template: str) -> None:
    expected = outcome(lambda: template.format(*ARGS, **KWARGS))
    assert ours_format(template, ARGS, KWARGS) == expected
    expected_map = outcome(lambda: template.format_map(KWARGS))
    assert ours_format_map(template, KWARGS) == expected_map


@settings(max_examples=500, deadline=None)
@given(st.text(_template_chars, max_size=12))
def test_format_noise_property(template: str) -> None:
    assert ours_format(template, ARGS, KWARGS) == outcome(lambda: template.format(*ARGS, **KWARGS))


VALUES = [
    0,
    7,
    -42,
    255,
    10**20,
    True,
    False,
    1.5,
    -0.0,
    2.5e-5,
    1e300,
    float("inf"),
    float("nan"),
    1 + 2j,
    -1.5j,
    "",
    "text",
    "é",
    None,
    [1],
    (1, 2),
    b"by",
]

SPEC_CASES = [
    "",
    "5",
    ">5",
    "<5",
    "^5",
    "=5",
    "*^9",
    "0>5",
    "05",
    "010",
    "+",
    "-",
    " ",
    "+05",
    "z",
    "z.2f",
    "#",
    "#x",
    "#o",
    "#b",
    "#10x",
    ",",
    "_",
    ",_",
    "_,",
    ",,",
    ",d",
    "_x",
    ",x",
    ",b",
    ",s",
    ".3",
    ".0",
    ".",
    ".f",
    ".3f",
    ".3e",
    ".3g",
    ".3%",
    ".3s",
    ".3d",
    ".3c",
    "c",
    "d",
    "x",
    "X",
    "o",
    "b",
    "n",
    "e",
    "E",
    "f",
    "F",
    "g",
    "G",
    "%",
    "s",
    "r",
    "y",
    "xx",
    "5xx",
    ">5.3xx",
    "=",
    "=s",
    "^=5",
    "\0>5",
    "é^5",
    "}>5",
    "\u0665",
    "\u0665.\u0662f",
    "9" * 30,
    "." + "9" * 30,
    ".3000000000f",
    ".3000000000",
    ">5.3000000000",
    "0" * 40 + "5",
    "+#0,.2f",
    " 08_.3e",
    "-#x",
    "=+10,d",
    "<+z#010,.5%",
]


@pytest.mark.parametrize("spec", SPEC_CASES)
def test_format_value_table(spec: str) -> None:
    for value in VALUES:
        ours = outcome(lambda value=value: format_value(value, spec, _no_check))
        assert ours == outcome(lambda value=value: format(value, spec)), (value, spec)


_spec_strategy = st.builds(
    lambda *parts: "".join(parts),
    st.sampled_from(["", "", "<", ">", "^", "=", "x<", "0>", "*^", "{="]),
    st.sampled_from(["", "", "+", "-", " "]),
    st.sampled_from(["", "", "z"]),
    st.sampled_from(["", "", "#"]),
    st.sampled_from(["", "", "0"]),
    st.sampled_from(["", "", "1", "7", "12", "0", "00"]),
    st.sampled_from(["", "", ",", "_", ",_"]),
    st.sampled_from(["", "", ".0", ".2", ".10", "."]),
    st.sampled_from(
        [
            "",
            "",
            "d",
            "x",
            "b",
            "c",
            "o",
            "n",
            "e",
            "f",
            "g",
            "%",
            "s",
            "X",
            "q",
            "G",
            "E",
            "F",
            "ff",
        ]
    ),
)
_value_strategy = st.one_of(
    st.sampled_from(VALUES),
    st.integers(),
    st.floats(),
    st.complex_numbers(max_magnitude=1e10),
    st.text(max_size=5),
)


@settings(max_examples=2000, deadline=None)
@given(_value_strategy, _spec_strategy)
def test_format_value_property(value: object, spec: str) -> None:
    expected = outcome(lambda: format(value, spec))
    assert outcome(lambda: format_value(value, spec, _no_check)) == expected
    # With every size refused, CPython's own error still wins; otherwise the limit does.
    checked = []
    refused = outcome(lambda: format_value(value, spec, lambda n: checked.append(n) or _refuse(n)))
    if expected[0] == "error":
        assert refused == expected
    elif checked:
        assert refused[1] is TooBig
    else:
        assert refused == expected


def _sizes(run: Callable[[Callable[[int], None]], object]) -> list[int]:
    seen: list[int] = []
    run(lambda n: seen.append(n))
    return seen


def test_format_value_reports_width_and_precision() -> None:
    assert max(_sizes(lambda check: format_value("x", ">12", check))) == 12
    assert max(_sizes(lambda check: format_value(1.5, ".30f", check))) == 30
    assert max(_sizes(lambda check: format_value(1 + 1j, ".30", check))) == 60
    assert max(_sizes(lambda check: format_value(1.5, "\u0665\u0665", check))) == 55
    assert _sizes(lambda check: format_value("abc", ".1", check)) == []
    assert _sizes(lambda check: format_value(10**4000, ",", check)) == []


def _refused_cheaply(run: Callable[[], object]) -> tuple:
    """Run under tracemalloc: whatever happens, nothing big may be allocated."""
    tracemalloc.start()
    try:
        result = outcome(run)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000
    return result


HUGE_FORMAT_VALUE = [
    ("x", ">1000000000"),
    ("x", "\u0665" * 10),
    (1.5, ".1000000000f"),
    (1.5, ">1000000000.2f"),
    (7, "01000000000"),
    (7, ",.1000000000f"),
    (1j, ".1000000000"),
    (10**100, "_>1000000000,"),
]


@pytest.mark.parametrize("value,spec", HUGE_FORMAT_VALUE)
def test_format_value_refuses_huge_sizes(value: object, spec: str) -> None:
    result = _refused_cheaply(lambda: format_value(value, spec, _refuse_above(10**6)))
    assert result[:2] == ("error", TooBig)
    assert result[2][0] >= 10**9


HUGE_BUT_WRONG = [
    (5, ">1000000000.3d"),  # precision not allowed for an int
    (1j, "01000000000"),  # zero padding not allowed for a complex
    ("x", "=1000000000"),  # '=' not allowed for a str
    ("x", ">1000000000d"),  # unknown code for a str
    ("x", ">1000000000,"),  # ',' not allowed with 's'
    ("x", ">1000000000xx"),  # the message quotes the spec
    ([], ">1000000000"),  # not formattable with a spec
    (1.5, ">1000000000.3000000000f"),  # precision too big
    ("x", "9" * 30),  # too many digits
    (1.5, "." + "9" * 30),
]


@pytest.mark.parametrize("value,spec", HUGE_BUT_WRONG)
def test_format_value_prefers_cpython_errors(value: object, spec: str) -> None:
    expected = outcome(lambda: format(value, spec))
    assert expected[0] == "error"
    assert _refused_cheaply(lambda: format_value(value, spec, _refuse_above(10**6))) == expected


HUGE_STR_FORMAT = [
    ("{:>1000000000}", ("x",)),
    ("{:{}}", ("x", 10**9)),
    ("{0:>{1}}", ("x", 10**9)),
    ("{:.{}f}", (1.5, 10**9)),
    ("{0!r}" * 2000, ("x" * 1000,)),
    ("{0}" * 2000, ("x" * 1000,)),
    ("{0:>600000}{0:>600000}", ("x",)),
]


@pytest.mark.parametrize("template,args", HUGE_STR_FORMAT)
def test_str_format_refuses_huge_sizes(template: str, args: tuple) -> None:
    result = _refused_cheaply(
        lambda: str_format(template, args, {}, getattr, operator.getitem, _refuse_above(10**6))
    )
    assert result[:2] == ("error", TooBig)


def test_str_format_prefers_cpython_errors_in_the_field() -> None:
    template, args = "{:{}}", ("x", ">1000000000d")
    expected = outcome(lambda: template.format(*args))
    run = lambda: str_format(template, args, {}, getattr, operator.getitem, _refuse_above(10**6))  # noqa: E731
    assert _refused_cheaply(run) == expected


PERCENT_CASES = [
    ("", ()),
    ("plain", ()),
    ("%%", ()),
    ("%s", ()),
    ("%s", 1),
    ("%s", (1,)),
    ("%s", (1, 2)),
    ("%s %s", (1,)),
    ("%s", [1, 2]),
    ("%s %s", ([1], 2)),
    ("%d", "x"),
    ("%d", 2.5),
    ("%x", 2.5),
    ("%c", 65),
    ("%c", "ab"),
    ("%c", 10**9),
    ("%5.2f|%-8s|%+d", (1.234, "ab", 5)),
    ("%(a)s", {"a": 1}),
    ("%(a)s %(b)s", {"a": 1}),
    ("%(a)s", (1,)),
    ("%(a)s", "abc"),
    ("%(a)s", [1]),
    ("%(a", {"a": 1}),
    ("%((a))s", {"(a)": 1}),
    ("%s %(a)s", {"a": 1}),
    ("%(a)s %s", {"a": 1}),
    ("%(a)*d", {"a": 5}),
    ("%s", {"a": 1}),
    ("%s %s", {"a": 1}),
    ("%", ()),
    ("abc%", ()),
    ("%5", (1,)),
    ("%-", (1,)),
    ("%.", (1,)),
    ("%.5", (1,)),
    ("%*", (1,)),
    ("%*d", (5, 1)),
    ("%*d", (-5, 1)),
    ("%*d", ("5", 1)),
    ("%*d", (2.0, 1)),
    ("%*d", (5,)),
    ("%.*f", (2, 1.0)),
    ("%.*f", (-2, 1.0)),
    ("%*.*f", (8, 2, 1.0)),
    ("%*d", (10**30, 1)),
    ("%.*d", (10**10, 1)),
    ("%.*d", (-(10**10), 1)),
    ("%" + "9" * 30 + "d", (1,)),
    ("%." + "9" * 30 + "d", (1,)),
    ("%.3000000000f", (1.5,)),
    ("%y", (1,)),
    ("%5y", (1,)),
    ("%5%", ()),
    ("%5%", (1,)),
    ("%ld %hi %Lf", (1, 2, 3.0)),
    ("%lld", (1,)),
    ("%é", (1,)),
    ("%\0", (1,)),
    ("%a %r", ("é", "é")),
    ("%b", (b"x",)),
    ("%i %u %o %X %e %E %F %g %G", (1, 2, 8, 255, 1.5, 1.5, 1.5, 1.5, 1.5)),
    ("%#o %#x %08.3f % d %-5d|", (8, 255, 3.14159, 5, 3)),
    ("%.2s", ("abcdef",)),
    ("%s", (None,)),
    ("%d", (True,)),
    ("%.0s", ("abc",)),
    ("%.5c", ("x",)),
]


def _bytes_case(template: str, values: object) -> tuple[bytes, object] | None:
    """The same case for a bytes template, when it can be written in bytes."""
    try:
        template_bytes = template.encode("latin-1")
    except UnicodeEncodeError:
        return None

    def convert(value: object) -> object:
        if isinstance(value, str):
            return value.encode("utf-8")
        if isinstance(value, dict):
            return {convert(key): item for key, item in value.items()}
        return value

    if isinstance(values, tuple):
        return template_bytes, tuple(convert(value) for value in values)
    return template_bytes, convert(values)


@pytest.mark.parametrize("template,values", PERCENT_CASES)
def test_percent_table(template: str, values: object) -> None:
    ours = outcome(lambda: percent_format(template, values, _no_check))
    assert ours == outcome(lambda: template % values)
    case = _bytes_case(template, values)
    if case is not None:
        data, data_values = case
        ours = outcome(lambda: percent_format(data, data_values, _no_check))
        assert ours == outcome(lambda: data % data_values)


@st.composite
def _percent_templates(draw: st.DrawFn) -> str:
    pieces = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            pieces.append(draw(st.sampled_from(["x", "%%", " ", "é", "(", ")"])))
            continue
        pieces.append("%")
        pieces.append(draw(st.sampled_from(["", "", "", "(a)", "(b)", "(a", "((a))"])))
        pieces.append(draw(st.text(st.sampled_from("-+ #0"), max_size=2)))
        pieces.append(draw(st.sampled_from(["", "", "*", "3", "12"])))
        pieces.append(draw(st.sampled_from(["", "", ".", ".*", ".2", ".10"])))
        pieces.append(draw(st.sampled_from(["", "", "", "l", "h", "L", "ll"])))
        pieces.append(draw(st.sampled_from(list("sraidouxXeEfFgGcb%y") + [""])))
    return "".join(pieces)


_percent_items = st.one_of(
    st.integers(-20, 20),
    st.floats(allow_nan=False, width=32),
    st.sampled_from(["ab", "", "é", 1.5, None, [1], True, 10**30]),
)
_percent_values = st.one_of(
    st.lists(_percent_items, max_size=5).map(tuple),
    _percent_items,
    st.fixed_dictionaries({"a": _percent_items}, optional={"b": _percent_items}),
)


@settings(max_examples=2000, deadline=None)
@given(_percent_templates(), _percent_values)
def test_percent_property(template: str, values: object) -> None:
    cases = [(template, values)]
    case = _bytes_case(template, values)
    if case is not None:
        cases.append(case)
    for text, items in cases:
        expected = outcome(lambda text=text, items=items: text % items)
        assert (
            outcome(lambda text=text, items=items: percent_format(text, items, _no_check))
            == expected
        )
        # With every size refused, CPython's own error still wins; otherwise the limit does.
        refused = outcome(lambda text=text, items=items: percent_format(text, items, _refuse))
        assert refused == expected if expected[0] == "error" else refused[1] is TooBig


HUGE_PERCENT = [
    ("%1000000000d", 1),
    ("%1000000000s", ("x",)),
    ("%.1000000000f", (1.5,)),
    ("%.1000000000d", (1,)),
    ("%*d", (10**9, 1)),
    ("%-*s", (-(10**9), "x")),
    ("%.*f", (10**9, 1.5)),
    ("%(a)1000000000s", {"a": "x"}),
    (b"%1000000000b", (b"x",)),
    (b"%-1000000000s", b"x"),
    ("%s" * 2000, ("x" * 1000,) * 2000),
    ("%.1000000000s" * 2000, ("x" * 1000,) * 2000),
    (b"%s" * 2000, (b"x" * 1000,) * 2000),
]


@pytest.mark.parametrize("template,values", HUGE_PERCENT)
def test_percent_refuses_huge_sizes(template: str | bytes, values: object) -> None:
    result = _refused_cheaply(lambda: percent_format(template, values, _refuse_above(10**6)))
    assert result[:2] == ("error", TooBig)


HUGE_PERCENT_BUT_WRONG = [
    ("%1000000000d", "x"),
    ("%1000000000d %d", (1,)),
    ("%1000000000d", (1, 2)),
    ("%1000000000d%y", (1, 2)),
    ("%1000000000d %d %1000000000y", (1, 2, 3)),
    ("%*d%y", (10**9, 1, 2)),
    ("%*d", (10**9, "x")),
    ("%.*s %d", (10**9, "x", "y")),
    ("%1000000000s %*d", ("x", 10**30, 1)),
    ("%1000000000s %.3000000000f", ("x", 1.5)),
    ("%1000000000s %" + "9" * 30 + "d", ("x", 1)),
    ("%1000000000s %(a)s", ("x",)),
    ("%(a)1000000000d", {"a": "x"}),
    ("%(a)1000000000s %(b)s", {"a": "x"}),
    ("%1000000000s %", ("x",)),
    (b"%1000000000s", ("x",)),
    (b"%1000000000d%y", (1, 2)),
]


@pytest.mark.parametrize("template,values", HUGE_PERCENT_BUT_WRONG)
def test_percent_prefers_cpython_errors(template: str | bytes, values: object) -> None:
    expected = outcome(lambda: template % values)
    assert expected[0] == "error"
    result = _refused_cheaply(lambda: percent_format(template, values, _refuse_above(10**6)))
    assert result == expected


def test_percent_reports_the_result_size() -> None:
    assert _sizes(lambda check: percent_format("ab%5d", 1, check)) == [7]
    assert _sizes(lambda check: percent_format("%.3s|%s", ("abcdef", "xy"), check)) == [6]
    assert _sizes(lambda check: percent_format("%-*.*f", (-4, 9, 1.5), check)) == [9]
