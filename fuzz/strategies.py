"""Hypothesis strategies for valid, short, terminating littrs programs.

Programs are built from small named pieces, each a function registered in one
of four tables by a decorator:

- ``@expression``: ``(draw, sub, names) -> str``, an expression whose operands
  come from ``sub`` (a strategy for smaller expressions) or ``names``;
- ``@statement``: ``(draw, ctx) -> str``, one simple statement;
- ``@compound``: ``(draw, ctx) -> str``, a block statement (if, loops, try, def, with,
  ``asyncio.run`` of a coroutine);
- ``@async_step``: ``(draw, ctx) -> str``, statements for the body of ``async def main``
  (tasks, gather, waits, timeouts, locks, futures).

Adding a construct is adding one such function (the ``weight`` says how often it
is drawn). ``fuzz/coverage.py`` then shows whether its opcodes, builtins and
methods ran. Every loop is bounded (counters are incremented first, ``for``
walks a short snapshot), ``**`` and ``<<`` take small right operands, and
``range`` only ever gets small literal bounds, so CPython always finishes quickly.

Excluded on purpose (nondeterministic under CPython, not littrs bugs): sets of
strings (hash seed decides the printed order), reprs with addresses (functions,
iterators, bound methods, modules, tasks, coroutines), the values of
``id``/``hash`` of strings/``dir()``, default task names, timers that really wait.
Calls that create classes (``type`` with three arguments, ``typing.NamedTuple``)
are refused by littrs on purpose and only generated with arguments that fail first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from littrs import Sandbox
from littrs.modules import STANDARD_MODULES
from littrs.vm.attributes import METHODS, VMMethod
from littrs.vm.builtins import EXCEPTIONS

INPUTS = ["a", "b", "c"]
LOCALS = ["x", "y", "z"]
NAMES = INPUTS + LOCALS
EXCEPTION_NAMES = ["ValueError", "TypeError", "KeyError", "IndexError", "ZeroDivisionError",
                   "AttributeError", "ArithmeticError", "LookupError", "Exception",
                   "OverflowError", "NameError", "RuntimeError", "StopIteration",
                   "NotImplementedError", "UnboundLocalError", "UnicodeError", "AssertionError",
                   "OSError"]
BINARY = ["+", "-", "*", "/", "//", "%", "&", "|", "^", "@"]
COMPARE = ["<", "<=", ">", ">=", "==", "!=", "in", "not in", "is", "is not"]
# Files every run may open (read-only): CPython's worker runs in a directory holding
# them, littrs mounts them (fuzz/oracle.py).
FILES = {"in.txt": "alpha\nbeta\n\ngamma", "data.json": '{"k": [1, 2.5, null, "\\u00e9"]}'}

# -- values: used both as literals in source and as host inputs injected with sb[name] = v

small_ints = st.integers(-20, 20)
large_ints = st.integers(2**62, 2**130).flatmap(lambda n: st.sampled_from([n, -n]))
ints = st.one_of(small_ints, small_ints, large_ints)
floats = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 0.5, -1.5, 1e308, 5e-324, math.inf, -math.inf, math.nan, 2.5]),
)
texts = st.one_of(st.sampled_from(["", "ab", "a,b", " x ", "12", "%s", "{}", "é", "日本"]),
                  st.text(max_size=6))
byte_strings = st.one_of(st.sampled_from([b"", b"ab", b"\xff\x00", b"a b"]), st.binary(max_size=5))
scalars = st.one_of(ints, floats, texts, byte_strings, st.sampled_from([None, True, False]))
hashables = st.one_of(small_ints, texts, st.sampled_from([None, True, (1, 2), 1.5]))
# Not None: its hash is its address, so two processes order a set holding it differently.
set_items = st.one_of(small_ints, large_ints, st.sampled_from([True, (1, 2), (1, (2, -1)), 2.5]))
host_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(hashables, inner, max_size=3),
        st.sets(set_items, max_size=4),
        st.frozensets(small_ints, max_size=3),
    ),
    max_leaves=8,
)


def to_source(value: Any) -> str:
    """A Python expression that rebuilds ``value`` (``repr`` fails for nan, inf, -0.0 inside)."""
    if isinstance(value, float):
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(to_source, value)) + "]"
    if isinstance(value, tuple):
        return "(" + "".join(to_source(v) + ", " for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{to_source(k)}: {to_source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, frozenset):
        return "frozenset({" + ", ".join(map(to_source, value)) + "})" if value else "frozenset()"
    if isinstance(value, set):
        return "{" + ", ".join(map(to_source, value)) + "}" if value else "set()"
    return repr(value)


literals = st.one_of(
    ints.map(repr), floats.map(to_source), texts.map(repr), byte_strings.map(repr),
    st.sampled_from(["None", "True", "False", "[]", "()", "{}", "set()", "[1, 2, 3]", "(1, 'a')",
                     "{'k': 1, 2: 'v'}", "{1, 2, 3}", "'abc'", "b'xy'", "-0.0"]),
)


# -- the tables of constructs ------------------------------------------------------------

Maker = Callable[..., str]
EXPRESSIONS: list[Maker] = []
STATEMENTS: list[Maker] = []
COMPOUNDS: list[Maker] = []


def _register(table: list[Maker], weight: int) -> Callable[[Maker], Maker]:
    def add(maker: Maker) -> Maker:
        table.extend([maker] * weight)
        return maker

    return add


def expression(weight: int = 1) -> Callable[[Maker], Maker]:
    """Register ``maker(draw, sub, names) -> str`` as a kind of expression."""
    return _register(EXPRESSIONS, weight)


def statement(weight: int = 1) -> Callable[[Maker], Maker]:
    """Register ``maker(draw, ctx) -> str`` as a kind of simple statement."""
    return _register(STATEMENTS, weight)


def compound(weight: int = 1) -> Callable[[Maker], Maker]:
    """Register ``maker(draw, ctx) -> str`` as a kind of block statement."""
    return _register(COMPOUNDS, weight)


def indent(block: str) -> str:
    """Indent a (multi-line) statement by one level."""
    return "\n".join("    " + line for line in block.split("\n"))


def _arguments(draw: st.DrawFn, sub: st.SearchStrategy[str], most: int = 3,
               keywords: tuple[str, ...] = ()) -> str:
    """Zero to ``most`` positional arguments, sometimes a keyword one (often a wrong one)."""
    args = [draw(sub) for _ in range(draw(st.integers(0, most)))]
    if draw(st.integers(0, 4)) == 0:
        keyword = draw(st.sampled_from(keywords + ("x", "key", "default", "start")))
        args.append(f"{keyword}={draw(sub)}")
    return ", ".join(args)


# -- expressions

@st.composite
def expressions(draw: st.DrawFn, depth: int = 2, names: tuple[str, ...] = tuple(NAMES)) -> str:
    """Any expression over literals and ``names``; about half of them raise something."""
    if depth <= 0 or draw(st.integers(0, 4)) == 0:
        if draw(st.integers(0, 15)) == 0:
            return draw(st.sampled_from(["Ellipsis", "NotImplemented", "__name__"]))
        return draw(st.sampled_from(names)) if draw(st.booleans()) else draw(literals)
    maker = draw(st.sampled_from(EXPRESSIONS))
    return maker(draw, expressions(depth - 1, names), names)


@expression(weight=2)
def binary_operation(draw: st.DrawFn, sub: Any, names: Any) -> str:
    return f"({draw(sub)} {draw(st.sampled_from(BINARY))} {draw(sub)})"


@expression()
def power_or_shift(draw: st.DrawFn, sub: Any, names: Any) -> str:
    operator = draw(st.sampled_from(["**", "<<", ">>"]))
    return f"({draw(sub)} {operator} {draw(st.integers(-3, 70 if operator != '**' else 6))})"


@expression(weight=2)
def comparison(draw: st.DrawFn, sub: Any, names: Any) -> str:
    ops = draw(st.lists(st.sampled_from(COMPARE), min_size=1, max_size=2))
    operands = [draw(sub) for _ in range(len(ops) + 1)]
    return "(" + " ".join(f"{operands[i]} {op}" for i, op in enumerate(ops)) + \
        f" {operands[-1]})"


@expression()
def boolean_operation(draw: st.DrawFn, sub: Any, names: Any) -> str:
    return f"({draw(sub)} {draw(st.sampled_from(['and', 'or']))} {draw(sub)})"


@expression()
def unary_operation(draw: st.DrawFn, sub: Any, names: Any) -> str:
    return f"({draw(st.sampled_from(['-', '+', '~', 'not ']))}{draw(sub)})"


@expression()
def conditional(draw: st.DrawFn, sub: Any, names: Any) -> str:
    return f"({draw(sub)} if {draw(sub)} else {draw(sub)})"


@expression()
def subscript(draw: st.DrawFn, sub: Any, names: Any) -> str:
    return f"({draw(sub)})[{draw(subscripts())}]"


@expression(weight=2)
def displays(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """Tuples, lists and dicts with ``*``/``**`` unpacking, sets of ints.

    A starred operand is parenthesised: ``*a == b`` is no valid display item.
    """
    left, right = draw(sub), draw(sub)
    kind = draw(st.integers(0, 7))
    if kind == 0:
        return f"[{left}, *({right})]"
    if kind == 1:
        return f"({left}, {right})"
    if kind == 2:
        return f"{{{left}: {right}, **({draw(sub)})}}"
    if kind == 3:
        return f"{{{draw(small_ints)}: {left}}}"
    if kind == 4:
        return f"len({{*({left}), 1}})"  # a set display with a star; len keeps hash order out
    if kind == 6:
        return f"({left}, *({right}))"  # a tuple display with a star
    if kind == 5:
        operator = draw(st.sampled_from(["|", "&", "-", "^"]))
        return f"{{{draw(small_ints)}, {draw(small_ints)}}} {operator} {{{draw(small_ints)}}}"
    return f"[{left}][0]"


@expression()
def attribute(draw: st.DrawFn, sub: Any, names: Any) -> str:
    name = draw(st.sampled_from(["real", "imag", "start", "stop", "step", "nope", "__class__",
                                 "args", "numerator", "__name__", "name"]))
    return f"({draw(sub)}).{name}"


@expression()
def percent_format(draw: st.DrawFn, sub: Any, names: Any) -> str:
    if draw(st.booleans()):
        return f"{draw(sub)} % {draw(sub)}"
    return f"'{draw(st.sampled_from(['%s-%r', '%d', '%5.2f|%x', '%(k)s', '%c%%']))}' % ({draw(sub)}, {draw(sub)})"  # noqa: E501


@expression()
def fstring(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """An f-string with conversions and format specs that may not fit the value."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        spec = draw(st.sampled_from(["", "!r", "!s", "!a", ":>6", ":<4", ":^7", ":.2f", ":x",
                                     ":,", ":08.3f", ":e", ":%", ":+d", ":b", ":_<5", "=",
                                     ":{width}"]))
        inner = draw(sub)
        if "'" in inner or '"' in inner or "\\" in inner or "{" in inner:
            inner = draw(st.sampled_from(names))  # 3.11: no quotes or backslashes inside
        if spec == ":{width}":  # a nested spec, from a name
            parts.append("{" + inner + ":{" + draw(st.sampled_from(names)) + "}}")
        else:
            parts.append("{" + inner + spec + "}")
        parts.append(draw(st.sampled_from(["", " ", "-", "{{", "é"])))
    return "f'" + "".join(parts) + "'"


@expression()
def comprehension(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """List, dict, int-set comprehensions and generator expressions fed to a reducer."""
    source = draw(st.one_of(sub, st.sampled_from(["range(4)", "'abc'", "[1, [2], 3]"])))
    element = draw(expressions(1, ("v", "w", "x", "a")))
    condition = draw(st.sampled_from(["", " if v", " if not v", " if w"]))
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return f"[{element} for v in {source}{condition}]"
    if kind == 1:
        return f"[(v, w) for v in {source} for w in range(2){condition}]"
    if kind == 2:
        return f"{{str(v): {element} for v in {source}}}"
    if kind == 3:
        return f"{{v % 5 for v in range({draw(st.integers(-1, 6))})}}"
    reducer = draw(st.sampled_from(["sum", "list", "tuple", "any", "all", "max"]))
    return f"{reducer}({element} for v in {source}{condition})"


@expression()
def lambda_call(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """An immediately called lambda with defaults and keyword arguments."""
    body = draw(expressions(1, ("p", "q", "a")))
    call = draw(st.sampled_from(["1", "1, 2", "", "q=3", "1, 2, 3", "p=1, q=2", "*[1, 2]", "1, *[2]",
                                 "**{'p': 1}", "*(1,), **{'q': 2}", "1, **{'p': 2}"]))
    return f"(lambda p, q=2: {body})({call})"


@st.composite
def subscripts(draw: st.DrawFn) -> str:
    """An index or a slice with small bounds, step 0 included."""
    bound = st.one_of(st.none(), st.integers(-4, 4))
    if draw(st.booleans()):
        return str(draw(st.one_of(st.integers(-4, 4), st.sampled_from(["'k'", "2**70", "1.5"]))))
    start, stop, step = draw(bound), draw(bound), draw(st.one_of(st.none(), st.integers(-2, 2)))
    text = f"{'' if start is None else start}:{'' if stop is None else stop}"
    return text if step is None else f"{text}:{step}"


# -- builtins: every name of the sandbox's builtins namespace, right and wrong arguments

BUILTIN_NAMES = sorted(name for name in Sandbox()._builtins
                       if name not in EXCEPTIONS and name not in ("__name__", "Ellipsis",
                                                                    "NotImplemented"))
ITERATORS = {"enumerate", "zip", "reversed", "iter", "map", "filter"}
CALLBACKS = ["len", "str", "abs", "bool", "None", "lambda v: -v", "lambda v: v", "int",
             "lambda v, w=0: (v, w)", "print"]
BUILTIN_KEYWORDS: dict[str, tuple[str, ...]] = {
    "sorted": ("key", "reverse"), "min": ("key", "default"), "max": ("key", "default"),
    "sum": ("start",), "zip": ("strict",), "enumerate": ("start",), "int": ("base",),
    "print": ("sep", "end", "file", "flush"), "round": ("ndigits",), "pow": ("exp", "mod"),
    "str": ("encoding", "errors"), "bytes": ("encoding", "errors"), "dict": ("k", "j"),
    "range": ("step",), "divmod": ("y",), "open": ("mode", "encoding"),
}
SPECIAL_CALLS: dict[str, Maker] = {}


def special_call(name: str) -> Callable[[Maker], Maker]:
    """Register how calls of builtin ``name`` are generated (when the generic way is unsafe)."""

    def add(maker: Maker) -> Maker:
        SPECIAL_CALLS[name] = maker
        return maker

    return add


@expression(weight=4)
def builtin_call(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """Any builtin with zero to three arguments, sometimes a keyword."""
    name = draw(st.sampled_from(BUILTIN_NAMES))
    special = SPECIAL_CALLS.get(name)
    if special is not None and draw(st.integers(0, 3)) > 0:
        return special(draw, sub)
    if name in ("map", "filter"):
        args = f"{draw(st.sampled_from(CALLBACKS))}, {_arguments(draw, sub, 2)}"
    elif name in ("sorted", "min", "max") and draw(st.booleans()):
        args = f"{draw(sub)}, key={draw(st.sampled_from(CALLBACKS))}"
    elif name in ("range", "pow", "iter", "id", "hash", "dir", "object", "open", "print",
                  "set", "frozenset", "property", "classmethod", "staticmethod", "super",
                  "vars"):
        # Unbounded work, or an answer CPython does not fix (dir() lists the caller's
        # names, object() and property() have an address, vars() holds the lambdas, a
        # set of strings has the hash seed's order): wrong arguments only.
        args = f"x={draw(sub)}" if draw(st.booleans()) else "1, 2, 3, 4, 5, 6, 7, 8, 9"
    else:
        args = _arguments(draw, sub, 3, BUILTIN_KEYWORDS.get(name, ()))
    call = f"{name}({args})"
    return f"list({call})" if name in ITERATORS else call


@special_call("range")
def _range_call(draw: st.DrawFn, sub: Any) -> str:
    bounds = [str(draw(st.integers(-3, 8))) for _ in range(draw(st.integers(1, 3)))]
    if draw(st.integers(0, 3)) == 0:
        bounds[-1] = draw(st.sampled_from(["0", "1.5", "'a'", "None"]))
    kind = draw(st.integers(0, 3))
    made = f"range({', '.join(bounds)})"
    return [f"list({made})", made, f"{made}[{draw(subscripts())}]", f"len({made})"][kind]


@special_call("pow")
def _pow_call(draw: st.DrawFn, sub: Any) -> str:
    exponent = draw(st.sampled_from(["0", "1", "2", "3", "-1", "-2", "0.5", "'a'", "None"]))
    if draw(st.booleans()):
        return f"pow({draw(sub)}, {exponent}, {draw(sub)})"
    return f"pow({draw(sub)}, {exponent})" if draw(st.booleans()) else \
        f"pow(base={draw(sub)}, exp={exponent})"


@special_call("iter")
def _iter_call(draw: st.DrawFn, sub: Any) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return f"list(iter({draw(sub)}))"
    if kind == 1:  # a callable and a sentinel: [..].pop always ends (IndexError at worst)
        items = draw(st.lists(small_ints, max_size=4))
        return f"list(iter({items}.pop, {draw(small_ints)}))"
    if kind == 2:
        return f"next(iter({draw(sub)}), 'end')"
    return f"type(iter({draw(sub)}, {draw(sub)})).__name__"  # not its repr: an address


@special_call("id")
def _id_call(draw: st.DrawFn, sub: Any) -> str:
    name = draw(st.sampled_from(NAMES))
    return draw(st.sampled_from([f"id({name}) == id({name})", f"type(id({name})).__name__",
                                 f"id({name}, {name})", f"id(*[{name}, 1])"]))


@special_call("hash")
def _hash_call(draw: st.DrawFn, sub: Any) -> str:
    # Only values whose hash CPython fixes: numbers, tuples of them; and the unhashable.
    value = draw(st.one_of(ints.map(repr), st.sampled_from(
        ["1.5", "-1", "True", "(1, 2)", "(1, (2.5, -3))", "0.0", "[]", "{}", "{1}", "(1, [])",
         "frozenset({1, 2})", "float('inf')", "2**64", "1j", "slice(1, 2)"])))
    return f"hash({value})"


@special_call("dir")
def _dir_call(draw: st.DrawFn, sub: Any) -> str:
    name = draw(st.sampled_from(["upper", "append", "real", "keys", "bit_length", "nope",
                                 "__class__", "add", "hex", "count"]))
    return draw(st.sampled_from([f"'{name}' in dir({draw(sub)})", "type(dir()).__name__",
                                 f"dir({draw(sub)}, 1)"]))


@special_call("object")
def _object_call(draw: st.DrawFn, sub: Any) -> str:
    return draw(st.sampled_from(["type(object()).__name__", "object() == object()",
                                 f"object({draw(sub)})", "isinstance(1, object)",
                                 "str(type(object()))"]))


@special_call("open")
def _open_call(draw: st.DrawFn, sub: Any) -> str:
    name = draw(st.sampled_from([*FILES, "missing.txt"]))
    mode = draw(st.sampled_from(["", ", 'r'", ", 'rb'", ", mode='r'", ", 'rt'", ", 'r', -1"]))
    method = draw(st.sampled_from(["read()", "readline()", "readlines()", "read(3)",
                                   "tell()", "readable()", "seekable()", "writable()",
                                   "write('x')", "seek(2)", "name", "mode", "closed"]))
    return f"open('{name}'{mode}).{method}"


@special_call("set")
@special_call("frozenset")
def _set_call(draw: st.DrawFn, sub: Any) -> str:
    # Its elements may be strings, whose order the hash seed decides: show them sorted.
    kind = draw(st.sampled_from(["set", "frozenset"]))
    made = f"{kind}({_arguments(draw, sub, 2)})"
    return draw(st.sampled_from([f"sorted({made}, key=repr)", f"len({made})",
                                 f"type({made}).__name__", f"{made} == {{1, 2}}"]))


@special_call("print")
def _print_call(draw: st.DrawFn, sub: Any) -> str:
    return f"print({_arguments(draw, sub, 3, ('sep', 'end', 'flush'))})"


@special_call("getattr")
def _getattr_call(draw: st.DrawFn, sub: Any) -> str:
    attribute = draw(st.sampled_from(["'real'", "'imag'", "'start'", "'nope'", "'args'", "1",
                                      "'__class__'"]))
    default = f", {draw(sub)}" if draw(st.booleans()) else ""
    if draw(st.integers(0, 3)) == 0:  # a method: called, its repr would show an address
        method = draw(st.sampled_from(["'upper'", "'bit_length'", "'copy'", "'keys'"]))
        return f"getattr({draw(sub)}, {method})()"
    return f"getattr({draw(sub)}, {attribute}{default})"


@special_call("isinstance")
def _isinstance_call(draw: st.DrawFn, sub: Any) -> str:
    kinds = draw(st.sampled_from(["int", "str", "(int, float)", "bool", "object", "list",
                                  "Exception", "(list, (tuple, dict))", "type", "1"]))
    return f"isinstance({draw(sub)}, {kinds})"


@special_call("issubclass")
def _issubclass_call(draw: st.DrawFn, sub: Any) -> str:
    left = draw(st.sampled_from(["bool", "int", "KeyError", "float", "type", "1", "object"]))
    right = draw(st.sampled_from(["int", "LookupError", "(str, int)", "object", "'a'"]))
    return f"issubclass({left}, {right})"


@special_call("setattr")
def _setattr_call(draw: st.DrawFn, sub: Any) -> str:
    attribute = draw(st.sampled_from(["'real'", "'attr'", "'__doc__'", "1"]))
    return f"setattr({draw(sub)}, {attribute}, {draw(sub)})"


@special_call("delattr")
def _delattr_call(draw: st.DrawFn, sub: Any) -> str:
    attribute = draw(st.sampled_from(["'real'", "'attr'", "'append'", "1"]))
    return f"delattr({draw(sub)}, {attribute})"


@special_call("type")
def _type_call(draw: st.DrawFn, sub: Any) -> str:
    # Three well-typed arguments would make a class (refused by littrs): keep one wrong.
    wrong = draw(st.sampled_from(["1, (), {}", "'T', 1, {}", "'T', (), 1", "1, 2", ""]))
    return f"type({draw(sub)})" if draw(st.booleans()) else f"type({wrong})"


@expression(weight=2)
def exception_value(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """Any builtin exception made with some arguments, and what it shows."""
    name = draw(st.sampled_from(sorted(EXCEPTIONS)))
    args = _arguments(draw, sub, 2)
    if name in ("ExceptionGroup", "BaseExceptionGroup") and draw(st.booleans()):
        args = f"'eg', [ValueError(1), {draw(st.sampled_from(['KeyError(2)', 'TypeError()']))}]"
    elif name.startswith("Unicode") and draw(st.booleans()):
        args = "'utf-8', b'\\xff', 0, 1, 'bad'" if "Decode" in name else "'ascii', 'é', 0, 1, 'bad'"
    made = f"{name}({args})"
    view = draw(st.sampled_from(["args", "str", "repr", "type", "raise"]))
    if view == "args":
        return f"{made}.args"
    if view == "type":
        return f"type({made}).__name__"
    if view == "raise":
        return f"(lambda: (_ for _ in ()).throw({made}))()"  # raise as an expression
    return f"{view}({made})"


# -- methods: every method of every builtin type, on a receiver of that type

RECEIVERS: dict[str, list[str]] = {
    "str": ["'a,b'", "'Hello World'", "' x '", "''", "'12'", "'{}-{0}'", "'a\\tb'", "'é'"],
    "bytes": ["b'ab'", "b'a b'", "b''", "b'\\xff1'"],
    "bytearray": ["bytearray(b'ab')", "bytearray()"],
    "list": ["[3, 1, 2]", "[]", "['b', 'a']", "[1, [2]]"],
    "tuple": ["(1, 2, 1)", "()", "('a',)"],
    "dict": ["{'k': 1, 'j': 2}", "{}", "{1: 'a'}"],
    "set": ["{1, 2, 3}", "set()", "{0}"],
    "frozenset": ["frozenset({1, 2})", "frozenset()"],
    "int": ["5", "-3", "0", "2**70", "255"],
    "bool": ["True", "False"],
    "float": ["2.5", "-0.0", "1e300", "float('nan')", "0.1"],
    "complex": ["(1+2j)", "0j"],
    "range": ["range(5)", "range(1, 9, 2)"],
    "slice": ["slice(1, 5, 2)", "slice(3)"],
    "dict_keys": ["{'k': 1}.keys()"],
    "dict_values": ["{'k': 1}.values()"],
    "dict_items": ["{'k': 1}.items()"],
    "generator": ["(v for v in 'ab')", "(v * 2 for v in range(3))"],
    "exception": ["ValueError('v')", "KeyError('k', 2)"],
    "file": ["open('in.txt')", "open('in.txt', 'rb')"],
}
METHOD_ARGUMENTS = st.sampled_from([
    "1", "0", "-1", "2", "'a'", "','", "'ab'", "b'a'", "[1, 2]", "(1,)", "{'k': 2}", "None",
    "'utf-8'", "'ascii'", "'big'", "'little'", "'{}'", "len", "True", "2.5", "'nope'", "3",
    "'x' * 3", "{1, 5}", "b'ff'", "'ff'", "range(2)",
])


def _method_names() -> dict[str, list[str]]:
    names = {}
    for t, table in METHODS.items():
        if t.__name__ in RECEIVERS:
            names[t.__name__] = sorted(
                name for name, entry in table.items()
                if type(entry) is VMMethod or callable(entry) or hasattr(entry, "descriptor"))
    names = {kind: methods for kind, methods in names.items() if methods}  # dict_values: none
    names["generator"] = ["send", "throw", "close"]
    names["exception"] = ["with_traceback", "add_note"]
    names["file"] = ["read", "readline", "readlines", "seek", "tell", "close", "readable",
                     "seekable", "writable", "write", "flush", "truncate", "read1", "peek"]
    return names


METHOD_NAMES = _method_names()
METHOD_PAIRS = [(kind, method) for kind, methods in sorted(METHOD_NAMES.items())
                for method in methods]
SET_RESULTS = ("copy", "union", "intersection", "difference", "symmetric_difference")
METHOD_KEYWORDS = ("key", "reverse", "sep", "maxsplit", "encoding", "errors", "keepends",
                   "length", "byteorder", "signed", "tabsize", "x")


@expression(weight=5)
def method_call(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """A method of a builtin type, called on a receiver of that type (or on anything)."""
    if draw(st.booleans()):  # a type, then one of its methods: small types get their turn
        kind = draw(st.sampled_from(sorted(METHOD_NAMES)))
        method = draw(st.sampled_from(METHOD_NAMES[kind]))
    else:  # any method: str's fifty get theirs
        kind, method = draw(st.sampled_from(METHOD_PAIRS))
    receiver = draw(st.one_of(st.sampled_from(RECEIVERS[kind]), sub)) if draw(
        st.integers(0, 4)) == 0 else draw(st.sampled_from(RECEIVERS[kind]))
    args = [draw(st.one_of(METHOD_ARGUMENTS, sub)) for _ in range(draw(st.integers(0, 3)))]
    if draw(st.integers(0, 5)) == 0:
        args.append(f"{draw(st.sampled_from(METHOD_KEYWORDS))}={draw(METHOD_ARGUMENTS)}")
    if kind in ("generator", "exception", "file") or not draw(st.integers(0, 5)) == 0:
        call = f"({receiver}).{method}({', '.join(args)})"
    else:  # through the type: self is the first argument, maybe a wrong one or none
        call = f"{kind}.{method}({', '.join([receiver, *args][draw(st.integers(0, 1)):])})"
    if kind in ("set", "frozenset") and method in SET_RESULTS:
        return f"sorted({call}, key=repr)"  # it may hold strings: the hash seed orders them
    if kind == "generator" or method in ("keys", "values", "items", "copy"):
        return call
    if kind == "exception" and method == "with_traceback":
        return f"repr({call})"
    return call


# -- modules: the functions of json, math and typing

MODULE_FUNCTIONS = {
    module: sorted(name for name, value in make().namespace.items()
                   if type(value).__name__ == "builtin_function_or_method"
                   and not name.startswith("_"))
    for module, make in STANDARD_MODULES.items()
}
MATH_ARGUMENTS = st.sampled_from([
    "0", "1", "2", "-1", "3", "10", "0.5", "-2.5", "1e308", "float('inf')", "float('nan')",
    "-0.0", "2**64", "'a'", "None", "[1, 2, 3]", "(1.5, 2)", "True", "1j", "[]", "range(4)",
])
TYPES = st.sampled_from(["int", "str", "None", "float", "typing.List[int]", "typing.Any",
                         "'Node'", "list", "typing.Optional[str]", "1", "(int, str)"])
TYPING_CALLS = [
    "typing.cast({type}, {sub})", "typing.cast({sub})", "typing.assert_type({sub}, {type})",
    "typing.assert_never({sub})", "typing.reveal_type({sub})", "typing.TypeVar('T')",
    "typing.TypeVar({sub})", "typing.TypeVar('T', {type}, {type})", "typing.TypeVar('T', {type})",
    "typing.TypeVar('T', bound={type})", "typing.TypeVar('T', covariant={sub})",
    "typing.TypeVar('T', covariant=True, contravariant=True)", "typing.ParamSpec('P')",
    "typing.ParamSpec('P', bound={type})", "typing.TypeVarTuple('Ts')", "typing.TypeVarTuple()",
    "typing.ForwardRef('int')", "typing.ForwardRef({sub})", "typing.ForwardRef('List[int]')",
    "typing.NewType('UserId', {type})({sub})", "typing.NewType({sub}, int) is None",
    "callable(typing.overload(len))", "typing.final({sub})", "typing.no_type_check({sub})",
    "typing.runtime_checkable({sub})", "typing.runtime_checkable(typing.Protocol)",
    "typing.get_overloads({sub})", "typing.clear_overloads()", "typing.is_typeddict({sub})",
    "typing.get_origin({type})", "typing.get_args({type})", "typing.get_origin({sub})",
    "typing.get_args(typing.Dict[str, {type}])", "typing.NamedTuple()", "typing.TypedDict()",
    "typing.NamedTuple(1, 2, 3)", "callable(typing.dataclass_transform())",
    "callable(typing.no_type_check_decorator(len))", "typing.no_type_check_decorator()",
    "typing.overload()", "typing.dataclass_transform(1)", "typing.cast(typing.List[{type}], [])",
    # forms as values, for the rest of the program to combine, iterate, call, compare
    "typing.{form}", "typing.{form}[{type}]", "typing.{form}[{type}, {type}]",
    "typing.{form} | {type}", "{type} | typing.{form}", "typing.Literal[{sub}]",
    "typing.Annotated[{type}, {sub}]", "typing.Callable[[{type}], {type}]",
    "typing.Tuple[{type}, ...]", "typing.Generic[typing.TypeVar('T')]",
    "typing.Unpack[typing.TypeVarTuple('Ts')]",
]
FORM_NAMES = st.sampled_from([
    "Any", "Union", "Optional", "List", "Dict", "Tuple", "Callable", "Literal", "Final",
    "ClassVar", "Annotated", "Generic", "Protocol", "SupportsInt", "SupportsAbs", "IO",
    "TextIO", "Iterable", "Sequence", "Type", "NoReturn", "Never", "Unpack", "Concatenate",
])


@expression(weight=3)
def module_call(draw: st.DrawFn, sub: Any, names: Any) -> str:
    """A function of json, math or typing (the program imports them), right or wrong."""
    module = draw(st.sampled_from(["math", "math", "json", "typing"]))
    if module == "typing":
        template = draw(st.sampled_from(TYPING_CALLS))
        return template.format(type=draw(TYPES), sub=draw(sub), form=draw(FORM_NAMES))
    name = draw(st.sampled_from(MODULE_FUNCTIONS[module]))
    if module == "json":
        return _json_call(draw, sub, name)
    args = [draw(st.one_of(MATH_ARGUMENTS, MATH_ARGUMENTS, MATH_ARGUMENTS, sub))
            for _ in range(draw(st.integers(0, 3)))]
    if draw(st.integers(0, 6)) == 0:
        args.append(f"{draw(st.sampled_from(['x', 'start', 'rel_tol', 'abs_tol']))}=1")
    return f"math.{name}({', '.join(args)})"


def _json_call(draw: st.DrawFn, sub: Any, name: str) -> str:
    options = draw(st.sampled_from([
        "", ", indent=2", ", sort_keys=True", ", separators=(',', ':')", ", ensure_ascii=False",
        ", default=str", ", allow_nan=False", ", x=1", ", indent='--'", ", skipkeys=True",
    ]))
    if name == "dumps":
        return f"json.dumps({draw(sub)}{options})"
    if name == "dump":
        target = draw(st.sampled_from(["1", "open('in.txt')"]))
        return f"json.dump({draw(sub)}, {target})"
    if name == "load":
        source = draw(st.sampled_from(["open('data.json')", "open('in.txt')", "1", ""]))
        return f"json.load({source})"
    text = draw(st.one_of(sub, st.sampled_from([
        "'[1, 2]'", "'{\"a\": null}'", "'[1,'", "'NaN'", "'1e400'", "b'[1]'", "'\"\\\\ud800\"'",
        "' 7 '", "'{\"a\": 1, \"a\": 2}'", "'[1] x'", "''",
    ])))
    hook = draw(st.sampled_from(["", ", parse_int=str", ", object_hook=len", ", x=1",
                                 ", parse_constant=str"]))
    return f"json.loads({text}{hook})"


# -- statements and blocks

@dataclass
class Context:
    """What a statement may use where it is generated."""

    depth: int = 0
    in_loop: bool = False
    in_function: bool = False
    counters: list[int] = field(default_factory=lambda: [0])
    names: tuple[str, ...] = tuple(NAMES)
    in_async: bool = False  # in an ``async def``: ``await`` and ``async with`` may stand here

    def fresh(self) -> str:
        """A loop counter name no other statement assigns."""
        self.counters[0] += 1
        return f"_n{self.counters[0]}"

    def inner(self, *, loop: bool | None = None) -> Context:
        """The context one block deeper."""
        return Context(self.depth + 1, self.in_loop if loop is None else loop, self.in_function,
                       self.counters, self.names, self.in_async)

    def expressions(self, depth: int = 2) -> st.SearchStrategy[str]:
        return expressions(depth, self.names)


@st.composite
def simple_statements(draw: st.DrawFn, ctx: Context) -> str:
    """One simple statement of any registered kind."""
    return draw(st.sampled_from(STATEMENTS))(draw, ctx)


@st.composite
def compound_statements(draw: st.DrawFn, ctx: Context) -> str:
    """One block statement of any registered kind."""
    return draw(st.sampled_from(COMPOUNDS))(draw, ctx)


@st.composite
def blocks(draw: st.DrawFn, ctx: Context, size: int = 3) -> str:
    """A sequence of statements, compound ones only while the nesting is shallow."""
    statements = []
    for _ in range(draw(st.integers(1, size))):
        if ctx.depth < 2 and draw(st.integers(0, 2)) == 0:
            statements.append(draw(compound_statements(ctx)))
        else:
            statements.append(draw(simple_statements(ctx)))
    return "\n".join(statements)


def _target(draw: st.DrawFn, ctx: Context) -> str:
    return draw(st.sampled_from(LOCALS if ctx.in_function else NAMES))


@statement(weight=4)
def assignment(draw: st.DrawFn, ctx: Context) -> str:
    return f"{_target(draw, ctx)} = {draw(ctx.expressions())}"


@statement()
def augmented_assignment(draw: st.DrawFn, ctx: Context) -> str:
    operator = draw(st.sampled_from(["+=", "-=", "*=", "|=", "//=", "%=", "&=", "**=", "<<=",
                                     "/=", "^=", ">>=", "@="]))
    value = draw(st.integers(-2, 5)) if operator in ("**=", "<<=", ">>=") else \
        draw(ctx.expressions())
    return f"{_target(draw, ctx)} {operator} {value}"


@statement()
def unpacking(draw: st.DrawFn, ctx: Context) -> str:
    pattern = draw(st.sampled_from(["x, y", "x, *y", "*x, y", "(x, y), z", "x, y, z", "[x, y]",
                                    "x, = ", "x, *y, z"]))
    return f"{pattern.rstrip(' =')} = {draw(ctx.expressions())}"


@statement(weight=3)
def printing(draw: st.DrawFn, ctx: Context) -> str:
    args = [draw(ctx.expressions()) for _ in range(draw(st.integers(0, 3)))]
    args += draw(st.sampled_from([[], ["sep='|'"], ["end='!\\n'"], ["sep=None"]]))
    return f"print({', '.join(args)})"


@statement()
def subscript_assignment(draw: st.DrawFn, ctx: Context) -> str:
    return f"{_target(draw, ctx)}[{draw(subscripts())}] = {draw(ctx.expressions())}"


@statement()
def deletion(draw: st.DrawFn, ctx: Context) -> str:
    kind = draw(st.integers(0, 3))
    target = _target(draw, ctx)
    if kind == 0:
        return f"del {target}[{draw(subscripts())}]"
    if kind == 1:
        return f"del {target}"
    if kind == 2:
        return f"print(({target} := {draw(ctx.expressions())}), {target})"
    return f"del {target}, {draw(st.sampled_from(LOCALS))}"


@statement()
def attribute_assignment(draw: st.DrawFn, ctx: Context) -> str:
    attribute = draw(st.sampled_from(["real", "attr", "append", "__doc__", "args"]))
    target = draw(st.sampled_from(ctx.names))
    return f"{target}.{attribute} = 1" if draw(st.booleans()) else f"del {target}.{attribute}"


@statement()
def raising(draw: st.DrawFn, ctx: Context) -> str:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return f"raise {draw(st.sampled_from(EXCEPTION_NAMES))}({draw(ctx.expressions())})"
    if kind == 1:
        cause = draw(st.sampled_from(["None", "ValueError('cause')", "KeyError", "1", "x"]))
        return f"raise {draw(st.sampled_from(EXCEPTION_NAMES))} from {cause}"
    if kind == 2:
        return f"raise {draw(ctx.expressions(1))}"
    if kind == 3:
        return "raise"
    return f"assert {draw(ctx.expressions())}, {draw(ctx.expressions())}"


@statement()
def jump(draw: st.DrawFn, ctx: Context) -> str:
    if ctx.in_loop:
        return draw(st.sampled_from(["break", "continue"]))
    if ctx.in_function:
        return f"return {draw(ctx.expressions())}" if draw(st.booleans()) else "return"
    return "pass"


@statement()
def importing(draw: st.DrawFn, ctx: Context) -> str:
    return draw(st.sampled_from([
        "import math\nprint(math.floor(2.5), math.sqrt(2), math.pi)",
        "from math import gcd, isqrt\nprint(gcd(12, 18), isqrt(17))",
        "import json\nprint(json.dumps({'a': [1, 2.5, None, 'é']}), json.loads('[1, 2]'))",
        "from typing import List, Optional\nprint(List[int], Optional[str])",
        # Not "from math import nope": CPython's message holds the module's file path.
        "import nope", "import json as j, math as m\nprint(j.loads('1'))",
    ]))


@statement()
def global_declaration(draw: st.DrawFn, ctx: Context) -> str:
    name = "G"  # not "g": closures bind g to a function, whose repr has an address
    if ctx.in_function:  # in a function of its own: a second one in the same body is no error
        return (f"def set_global():\n    global {name}\n    {name} = {draw(ctx.expressions(1))}\n"
                f"set_global()")
    return f"{name} = {draw(ctx.expressions(1))}\ndel {name}" if draw(st.booleans()) else \
        f"print({name})"


@statement(weight=2)
def expression_statement(draw: st.DrawFn, ctx: Context) -> str:
    return draw(ctx.expressions())


@statement(weight=4)
def battery(draw: st.DrawFn, ctx: Context) -> str:
    """Several calls of builtins, exceptions, methods and module functions, each one guarded.

    Every call runs and is compared (its value or its error), whatever the others do.
    """
    makers = (builtin_call, exception_value, method_call, module_call)
    sub = ctx.expressions(1)
    calls = [draw(st.sampled_from(makers))(draw, sub, ctx.names)
             for _ in range(draw(st.integers(3, 8)))]
    listed = ",\n    ".join(f"lambda: {call}" for call in calls)
    return (f"for _call in [\n    {listed},\n]:\n    try:\n        print(repr(_call()))\n"
            f"    except Exception as e:\n        print(type(e).__name__, e)")


# Callbacks that fail on some items (StopIteration too): a builtin iterator goes on after them.
FALLIBLE_CALLBACKS = ["lambda v: 1 // v", "lambda v: v + 1", "lambda v: [v][v]", "int", "abs",
                      "lambda v: next(iter([v] if v else []))", "lambda v: -v"]


@statement(weight=2)
def iterator_steps(draw: st.DrawFn, ctx: Context) -> str:
    """A builtin iterator over sandbox code (``map``, ``filter``, ``zip``, ``enumerate``,
    ``iter(f, sentinel)``), stepped by hand with its errors caught: each step goes on
    where the last ended, as CPython's C iterators do, and its type is CPython's."""
    callback = draw(st.sampled_from(FALLIBLE_CALLBACKS))
    items = ctx.fresh()
    source = draw(ctx.expressions(1))
    if draw(st.booleans()) or "iter(" in source:  # iter(f, s) may never end: a filter would not
        source = draw(st.sampled_from(ctx.names))
    if draw(st.booleans()):
        source = f"(v for v in {source})"
    iterator = draw(st.sampled_from([
        f"map({callback}, {source})", f"filter({callback}, {source})",
        f"enumerate(map({callback}, {source}), {draw(small_ints)})",
        f"zip(map({callback}, {source}), {draw(st.sampled_from(ctx.names))})",
        f"iter(lambda: ({callback})({items}.pop()), {draw(small_ints)})",
    ]))
    name, step = ctx.fresh(), ctx.fresh()
    return (f"{items} = {draw(st.lists(small_ints, max_size=5))}\n"  # popped: iter(f, s) ends
            f"try:\n    {name} = {iterator}\n    for {step} in range(4):\n        try:\n"
            f"            print(repr(next({name}, 'end')))\n        except Exception as e:\n"
            f"            print(type(e).__name__, e)\n"
            f"    print(type({name}).__name__, list({name}))\n"
            f"except Exception as e:\n    print(type(e).__name__, e)")


@statement(weight=4)
def guarded(draw: st.DrawFn, ctx: Context) -> str:
    """A statement whose exception is printed, so the program goes on (and errors compare)."""
    kinds = [k for k in STATEMENTS if k is not guarded and k is not jump]
    inner = draw(st.sampled_from(kinds))(draw, ctx)
    return f"try:\n{indent(inner)}\nexcept Exception as e:\n    print(type(e).__name__, e)"


def _condition(draw: st.DrawFn, ctx: Context) -> str:
    """A condition: often a bare comparison, so the fused compare-and-jump instructions run."""
    if draw(st.booleans()):
        operator = draw(st.sampled_from(["<", "<=", ">", ">=", "==", "!=", "in", "is not"]))
        left = draw(st.sampled_from(ctx.names))
        right = draw(st.one_of(st.sampled_from(ctx.names), small_ints.map(str),
                               st.just(f"len({draw(st.sampled_from(ctx.names))})")))
        return f"{left} {operator} {right}"
    return draw(ctx.expressions(1))


@compound(weight=2)
def if_statement(draw: st.DrawFn, ctx: Context) -> str:
    text = f"if {_condition(draw, ctx)}:\n{indent(draw(blocks(ctx.inner())))}"
    if draw(st.booleans()):
        text += f"\nelif {_condition(draw, ctx)}:\n{indent(draw(blocks(ctx.inner())))}"
    if draw(st.booleans()):
        text += f"\nelse:\n{indent(draw(blocks(ctx.inner())))}"
    return text


@compound()
def while_loop(draw: st.DrawFn, ctx: Context) -> str:
    counter = ctx.fresh()
    body = draw(blocks(ctx.inner(loop=True)))
    test = f"{counter} < {draw(st.integers(0, 4))}"
    if draw(st.booleans()):
        test += f" and {_condition(draw, ctx)}"
    text = (f"{counter} = 0\nwhile {test}:\n"
            f"    {counter} += 1\n{indent(body)}")
    return text + (f"\nelse:\n    print('done', {counter})" if draw(st.booleans()) else "")


@compound(weight=2)
def for_loop(draw: st.DrawFn, ctx: Context) -> str:
    source = draw(st.one_of(
        st.integers(-1, 4).map(lambda n: f"range({n})"), ctx.expressions(1),
        st.sampled_from(["'héllo'", "{'k': 1, 'j': 2}", "[(1, 2), (3, 4)]", "b'ab'",
                         "{'k': 1}.items()", "enumerate('ab')", "zip('ab', 'cd')"])))
    target = draw(st.sampled_from(["x", "y", "x, y", "z", "(x, y)", "x, *y"]))
    body = draw(blocks(ctx.inner(loop=True)))
    # Walk a snapshot: a body that appends to what it iterates would never stop.
    text = f"for {target} in list({source})[:6]:\n{indent(body)}"
    return text + (f"\nelse:\n    print('exhausted', {target.split(',')[0].strip('(* ')})"
                   if draw(st.booleans()) else "")


@compound(weight=2)
def try_statement(draw: st.DrawFn, ctx: Context) -> str:
    """try with typed handlers, bare except, else and finally in random combinations."""
    text = f"try:\n{indent(draw(blocks(ctx.inner())))}"
    handlers = draw(st.integers(0, 2))
    for index in range(handlers):
        options = EXCEPTION_NAMES + ["(KeyError, IndexError)", "BaseException", "1"] + (
            [""] if index == handlers - 1 else [])
        kind = draw(st.sampled_from(options))
        name = " as e" if kind and draw(st.booleans()) else ""
        if name:
            body = draw(st.sampled_from([
                "print(type(e).__name__, e)", "print(repr(e), e.args)",
                "print(e.__context__ is None, e.__cause__)", "raise", "raise e from None",
                "e.add_note('n')\nprint(e.__notes__)",
            ]))
        else:
            body = draw(blocks(ctx.inner(), 2))
        text += f"\nexcept {kind}{name}:\n{indent(body)}"
    if handlers and draw(st.booleans()):
        text += f"\nelse:\n{indent(draw(blocks(ctx.inner(), 2)))}"
    if not handlers or draw(st.booleans()):
        text += f"\nfinally:\n{indent(draw(blocks(ctx.inner(), 2)))}"
    return text


@compound()
def with_statement(draw: st.DrawFn, ctx: Context) -> str:
    """``with`` over a mounted file (read, iterate, close twice) or over what is no context manager."""
    if draw(st.integers(0, 3)) == 0:
        manager = draw(ctx.expressions(1))
    else:
        name = draw(st.sampled_from(list(FILES)))
        mode = draw(st.sampled_from(["", ", 'rb'"]))
        manager = f"open('{name}'{mode})"
    body = draw(st.sampled_from([
        "print(f.read())", "for line in f:\n    print(repr(line))", "print(f.readline(), f.tell())",
        "print(f.readlines())", "f.close()\nprint(f.closed)", "print(f.read(2), f.seek(0))",
    ]))
    inner = draw(blocks(ctx.inner(), 1)) if draw(st.booleans()) else body
    return f"with {manager} as f:\n{indent(inner)}\nprint(f.closed)"


PARAMETER_LISTS = [
    "p", "p, q=2", "p, /, q", "p, /, q=1, *r, s, t=3, **u", "*r", "**u", "p, *, s",
    "p=1, *r, **u", "p, q, /", "*, s=0", "", "p, /, *, s",
]
CALL_ARGUMENTS = [
    "", "1", "1, 2", "1, 2, 3, 4", "p=1", "q=2", "1, q=2", "1, s=5", "s=1, p=2", "1, 2, s=3, k=4",
    "*[1, 2]", "**{'p': 1}", "1, p=1", "*(1,), **{'s': 2}", "1, 2, 3, s=4, t=5, v=6",
    "*'ab'", "**{'s': 1}, **{'s': 2}", "**{1: 2}", "*1", "**[]",
]


@compound(weight=2)
def function_definition(draw: st.DrawFn, ctx: Context) -> str:
    """A function with a random parameter list, called with valid and invalid arguments.

    Its body works on its parameters and locals (fast locals, fused instructions).
    """
    if ctx.in_function:
        return closure(draw, ctx)
    params = draw(st.sampled_from(PARAMETER_LISTS))
    names = tuple(n for n in ("p", "q", "r", "s", "t", "u") if n in params.replace("/", ""))
    body_ctx = Context(1, False, True, ctx.counters, names + tuple(LOCALS) + ("a",))
    body = draw(blocks(body_ctx, 3))
    result = draw(expressions(1, names or ("a",)))
    calls = draw(st.lists(st.sampled_from(CALL_ARGUMENTS), min_size=1, max_size=3))
    test = draw(st.sampled_from(["p < q", "p == s", "q >= 2", "p", "p + q > s"]))
    guard = f"    if {test}:\n        print('lt')\n" if draw(st.booleans()) else ""
    local = ""
    if "q" in names and draw(st.booleans()):  # fused instructions on two fast locals
        local = "    x, y = p, q\n    z = x + y\n    if x < y:\n        print('<', z - x)\n"
    decorator = draw(st.sampled_from(["", "", "@(lambda f: f)\n", "@len\n"]))
    lines = [f"{decorator}def f({params}):\n{guard}{local}{indent(body)}\n    return {result}"]
    lines += [f"print(f({args}))" for args in calls]
    if draw(st.booleans()):
        lines.append(draw(st.sampled_from([
            "print(f.__name__, f.__qualname__, f.__defaults__, f.__kwdefaults__)",
            "f.attr = 1\nprint(f.attr)\ndel f.attr", "print(f.__doc__, f.__module__)",
        ])))
    return "\n".join(lines)


@compound()
def fast_locals(draw: st.DrawFn, ctx: Context) -> str:
    """A function whose body works on two fast locals: the fused instructions all run."""
    operator = draw(st.sampled_from(BINARY))
    comparison = draw(st.sampled_from(["<", "<=", "==", "!=", ">"]))
    args = ", ".join(draw(st.one_of(literals, st.sampled_from(NAMES))) for _ in range(2))
    return (f"def h(p, q):\n    x, y = p, q\n    z = x {operator} y\n"
            f"    if x {comparison} y:\n        print('cmp', z)\n    del x\n    return z, y\n"
            f"print(h({args}))")


@compound()
def closure(draw: st.DrawFn, ctx: Context) -> str:
    """A closure over a cell, with nonlocal rebinding and late binding in a loop."""
    step = draw(expressions(1, ("n", "k")))
    return (f"def make(k):\n    n = 0\n    def inc():\n        nonlocal n\n        n = {step}\n"
            f"        return n\n    def drop():\n        nonlocal n\n        del n\n"
            f"    return drop if k == 0 else inc\ng = make({draw(literals)})\n"
            f"print(g(), g())\nfs = [lambda: i for i in range(3)]\nprint([h() for h in fs])")


@compound()
def generator(draw: st.DrawFn, ctx: Context) -> str:
    """A generator with yield, yield from and early return, driven by list, next, send, throw."""
    item = draw(expressions(1, ("i", "a")))
    source = draw(st.sampled_from(["[i for i in 'ab']", "range(2)", "inner()", "'xy'"]))
    drive = draw(st.sampled_from([
        "print(next(it), next(it))", "print(it.send(None), it.send(5))",
        "print(next(it), it.throw(ValueError('t')))", "print(next(it), it.close(), list(it))",
        "print(list(it), next(it, 'end'))", "print(it.send(1))",
        "print(next(it), it.throw(StopIteration))", "print(it.throw(KeyError, 'k'))",
    ]))
    return (f"def inner():\n    got = yield 'i'\n    print('got', got)\n    return 'r'\n"
            f"def gen(m):\n    for i in range(m):\n        received = yield {item}\n"
            f"        print('received', received)\n"
            f"    result = yield from {source}\n    print('result', result)\n    return 7\n"
            f"print(list(gen({draw(st.integers(-1, 3))})))\nit = gen(1)\n{drive}")


# -- async: coroutines run by asyncio.run; tasks, waits, timeouts, locks, futures
#
# Only schedules that are the same on every run: every sleep is asyncio.sleep(0) (one turn
# of the loop), every timeout is None, already passed (0, -1) or longer than what runs
# under it takes, and nothing waits for what no task will ever set or release (CPython
# would wait forever). Default task names are never printed (CPython numbers tasks per
# process), nor reprs of tasks, futures, locks and coroutines (addresses).

ASYNC_STEPS: list[Maker] = []


def async_step(weight: int = 1) -> Callable[[Maker], Maker]:
    """Register ``maker(draw, ctx) -> str``: statements for the body of ``async def main``."""
    return _register(ASYNC_STEPS, weight)


WORK = """async def work(v, n=0):
    for _ in range(n):
        await asyncio.sleep(0)
    print('work', v, n)
    return {result}"""
CAUGHT = "except (Exception, asyncio.CancelledError) as e:\n    print(type(e).__name__, e)"


def _work(draw: st.DrawFn) -> str:
    """A call of ``work``: a coroutine that takes 0-2 turns of the loop, then returns or raises."""
    value = draw(st.one_of(st.integers(-2, 3).map(str),
                           st.sampled_from(["'s'", "None", "[1]", "2.5", "'ab'"])))
    return f"work({value}, {draw(st.integers(0, 2))})"


def _works(draw: st.DrawFn, least: int = 1, most: int = 3) -> str:
    return ", ".join(_work(draw) for _ in range(draw(st.integers(least, most))))


def _guarded(text: str) -> str:
    """``text`` in a try whose handler prints any error (cancellation included)."""
    return f"try:\n{indent(text)}\n{CAUGHT}"


@compound(weight=2)
def async_program(draw: st.DrawFn, ctx: Context) -> str:
    """``asyncio.run(main())``: steps over tasks and the asyncio module, with ordinary
    statements (that may await) between them."""
    result = draw(expressions(1, ("v", "n")))
    steps = [draw(st.sampled_from(ASYNC_STEPS))(draw, ctx) for _ in range(draw(st.integers(1, 4)))]
    if draw(st.booleans()):
        body_ctx = Context(1, False, True, ctx.counters, tuple(LOCALS) + ("a",), in_async=True)
        steps.insert(draw(st.integers(0, len(steps))), draw(blocks(body_ctx, 2)))
    main = f"async def main():\n    x = y = z = 0\n{indent(chr(10).join(steps))}\n    return x, y, z"
    run = _guarded("print(asyncio.run(main()))")
    return f"{WORK.format(result=result)}\n{main}\n{run}"


@statement()
def awaiting(draw: st.DrawFn, ctx: Context) -> str:
    """``await`` in an async def; at the top level (the program then runs in asyncio.run);
    elsewhere an ``asyncio.run`` of one coroutine."""
    value = draw(ctx.expressions(1))
    if ctx.in_async:
        return draw(st.sampled_from([
            f"print(await asyncio.sleep(0, {value}))",
            f"{_target(draw, ctx)} = await asyncio.sleep(0, {value})",
            f"print(await asyncio.gather(asyncio.sleep(0, {value}), asyncio.sleep(0)))",
            f"await {value}",
        ]))
    if not ctx.in_function and ctx.depth == 0 and draw(st.integers(0, 7)) == 0:
        return f"print(await asyncio.sleep(0, {value}))"
    return f"print(asyncio.run(asyncio.sleep(0, {value})))"


@async_step(weight=2)
def gathering(draw: st.DrawFn, ctx: Context) -> str:
    """``gather``: order of results, errors (returned or raised), one coroutine twice, cancel."""
    options = draw(st.sampled_from(["", ", return_exceptions=True", ", return_exceptions=0"]))
    some = _works(draw, 0)
    only = options if some else options.lstrip(", ")  # after no argument: no comma
    return _guarded(draw(st.sampled_from([
        f"print(await asyncio.gather({some}{only}))",
        f"c = {_work(draw)}\nprint(await asyncio.gather(c, c, {_work(draw)}{options}))",
        f"g = asyncio.gather({some}{only})\nprint(g.done())\n"
        f"print(await g, g.done(), g.cancelled(), g.exception())",
        f"g = asyncio.gather({_works(draw)}{options})\nprint(g.cancel())\n"
        f"await asyncio.sleep(0)\nprint(g.cancelled(), g.done())\nprint(await g)",
    ])))


TASK_USES = [
    "print(t1.done(), t1.cancelled())", "print(await t1)", "print(t1.result())",
    "print(t1.exception())", "await asyncio.sleep(0)",
    "t1.set_name('renamed')\nprint(t1.get_name())", "print(t1.get_coro().__name__)",
    "print(t1.cancelling(), t1.uncancel(), t1.cancelling())",
    "t1.add_done_callback(lambda f: print('callback', f.cancelled(), f.done()))",
    "print(t1.remove_done_callback(print))", "print(t1 is asyncio.ensure_future(t1))",
    "print(asyncio.current_task() is t1, asyncio.current_task() is not None)",
    "print(t1.cancel(), t1.cancelling())", "t1.set_name()", "print(t1.result(1))",
    "t1.set_result(1)", "t1.set_exception(ValueError())",
]


@async_step(weight=3)
def task_methods(draw: st.DrawFn, ctx: Context) -> str:
    """A task and its methods, in any order (awaited or not, done or not)."""
    name = draw(st.sampled_from(["", ", name='w'", ", name=7"]))
    uses = draw(st.lists(st.sampled_from(TASK_USES), min_size=1, max_size=4))
    if name:
        uses.insert(0, "print(t1.get_name())")
    return f"t1 = asyncio.create_task({_work(draw)}{name})\n" + "\n".join(map(_guarded, uses))


@async_step()
def cancelling(draw: st.DrawFn, ctx: Context) -> str:
    """Cancel a task before it starts or while it waits; await what comes back."""
    turn = "await asyncio.sleep(0)\n" if draw(st.booleans()) else ""
    message = draw(st.sampled_from(["", "'stop'"]))
    return (f"t2 = asyncio.create_task({_work(draw)})\n{turn}print(t2.cancel({message}))\n"
            + _guarded("print(await t2)") + "\nprint(t2.cancelled(), t2.done())")


@async_step()
def waiting_for(draw: st.DrawFn, ctx: Context) -> str:
    """``wait_for`` that finishes in time, or times out at once (nothing waits for long)."""
    timeout = draw(st.sampled_from(["None", "0", "-1", "5"]))
    awaited = _work(draw)
    if timeout in ("0", "-1") and draw(st.booleans()):
        awaited = draw(st.sampled_from(["asyncio.Event().wait()", "asyncio.sleep(0, 's')"]))
    return _guarded(f"print(await asyncio.wait_for({awaited}, {timeout}))")


@async_step()
def timing_out(draw: st.DrawFn, ctx: Context) -> str:
    """``async with asyncio.timeout(...)``: expiring at once, never, or moved."""
    delay = draw(st.sampled_from(["None", "0", "-1", "5"]))
    move = draw(st.sampled_from(["", "cm.reschedule(None)\n", "cm.reschedule(0)\n"]))
    body = f"print(cm.when() is None, cm.expired())\n{move}print(await {_work(draw)})"
    return _guarded(f"async with asyncio.timeout({delay}) as cm:\n{indent(body)}") + \
        "\nprint(cm.expired(), cm.when() is None)"


@async_step()
def locking(draw: st.DrawFn, ctx: Context) -> str:
    """Tasks taking turns through a Lock, Semaphore or BoundedSemaphore, and their misuse."""
    primitive = draw(st.sampled_from(["Lock()", "Semaphore(1)", "Semaphore(2)",
                                      "BoundedSemaphore(2)"]))
    misuse = draw(st.sampled_from([
        "", "lock.release()", "print(await lock.acquire(), lock.locked())\nlock.release()",
        "lock.release()\nlock.release()",
    ]))
    return (f"lock = asyncio.{primitive}\nasync def locked(v):\n    async with lock:\n"
            f"        print('in', v, lock.locked())\n        await asyncio.sleep(0)\n"
            f"    return v\n"
            + _guarded(f"print(await asyncio.gather(locked(1), locked(2), {_work(draw)}))\n"
                       f"print(lock.locked())\n{misuse}"))


@async_step()
def signalling(draw: st.DrawFn, ctx: Context) -> str:
    """An Event a task waits for: set before or after the task starts, cleared."""
    early = "ev.set()\n" if draw(st.booleans()) else ""
    return (f"ev = asyncio.Event()\n{early}t3 = asyncio.create_task(ev.wait())\n"
            f"await asyncio.sleep(0)\nprint(ev.is_set(), t3.done())\nev.set()\n"
            f"print(await t3, ev.is_set())\nev.clear()\nprint(ev.is_set(), await ev.wait() "
            f"if ev.is_set() else 'clear')")


@async_step()
def waiting(draw: st.DrawFn, ctx: Context) -> str:
    """``asyncio.wait`` over tasks: every return_when, no timeout or one that passes at once."""
    when = draw(st.sampled_from(["", ", return_when=asyncio.FIRST_COMPLETED",
                                 ", return_when=asyncio.FIRST_EXCEPTION",
                                 ", return_when=asyncio.ALL_COMPLETED", ", timeout=0",
                                 ", return_when='x'"]))
    tasks = ", ".join(f"asyncio.create_task({_work(draw)})" for _ in range(draw(st.integers(1, 3))))
    return _guarded(f"ts = [{tasks}]\ndone, pending = await asyncio.wait(ts{when})\n"
                    f"print(len(done), len(pending), [t.done() for t in ts])")


@async_step()
def completing(draw: st.DrawFn, ctx: Context) -> str:
    """``as_completed``: results in the order they come, errors, an immediate timeout.

    Over tasks: CPython makes coroutines into tasks in the order of a set of them
    (by address), so their schedule would change from run to run.
    """
    timeout = draw(st.sampled_from(["", ", timeout=None", ", timeout=5", ", timeout=0"]))
    tasks = ", ".join(f"asyncio.create_task({_work(draw)})" for _ in range(draw(st.integers(1, 3))))
    return (f"for f in asyncio.as_completed([{tasks}]{timeout}):\n"
            + indent(_guarded("print(await f)")))


@async_step()
def grouping(draw: st.DrawFn, ctx: Context) -> str:
    """A TaskGroup: its tasks' results, a failing task cancelling the rest, a failing body."""
    inside = draw(st.sampled_from(["", "print(await g1)\n", "raise ValueError('body')\n",
                                   "await asyncio.sleep(0)\n"]))
    return (f"try:\n    async with asyncio.TaskGroup() as tg:\n"
            f"        g1 = tg.create_task({_work(draw)})\n"
            f"        g2 = tg.create_task({_work(draw)}, name='g')\n{indent(indent(inside))}\n"
            f"    print(g1.result(), g2.result(), g2.get_name())\n"
            f"except Exception as e:\n"
            f"    print(type(e).__name__, e, [type(x).__name__ for x in getattr(e, 'exceptions', ())])")


@async_step()
def futures(draw: st.DrawFn, ctx: Context) -> str:
    """A Future another task finishes: result or exception, callbacks, setting it twice."""
    setting = draw(st.sampled_from([
        f"fut.set_result({draw(ctx.expressions(1))})", "fut.set_exception(ValueError('boom'))",
        "fut.set_exception(KeyError)", "fut.cancel()", "fut.set_exception(StopIteration())",
        "fut.set_exception(1)",
    ]))
    twice = draw(st.sampled_from(["", "fut.set_result(2)", "fut.set_exception(ValueError())",
                                  "print(fut.remove_done_callback(print), fut.cancel())"]))
    return (f"fut = asyncio.Future()\nprint(fut.done(), fut.cancelled())\n"
            f"fut.add_done_callback(lambda f: print('callback', f.done()))\n"
            f"async def setter():\n    await asyncio.sleep(0)\n{indent(_guarded(setting))}\n"
            f"    if not fut.done():  # the setting failed: main must not wait forever\n"
            f"        fut.set_result('fallback')\n"
            f"t4 = asyncio.create_task(setter())\n"
            + _guarded(f"print(await fut)\nprint(fut.exception())\n{twice}") + "\n"
            + _guarded("print(fut.result())"))


@async_step()
def coroutine_objects(draw: st.DrawFn, ctx: Context) -> str:
    """A coroutine driven by hand, closed, awaited twice, and awaits of what is not awaitable."""
    use = draw(st.sampled_from([
        "print(type(c).__name__, c.__name__, c.__qualname__)", "c.close()\nawait c",
        "print(await c)\nawait c", "print(c.send(None))\nprint(await c)",
        "print(c.throw(ValueError('thrown')))", f"await {draw(ctx.expressions(1))}",
        "c.close()\nprint(c.close())", "print(c.send(1))",
    ]))
    return f"c = {_work(draw)}\n" + _guarded(use) + "\nc.close()"


ASYNC_MISUSES = [
    "asyncio.gather({sub})", "await asyncio.gather({sub}, work(1))", "asyncio.create_task({sub})",
    "asyncio.ensure_future({sub})", "await asyncio.sleep({delay})",
    # wait() makes a set of what it gets: one item, or the hash seed orders its errors
    "await asyncio.sleep(0, {sub})", "await asyncio.wait([{sub}])", "await asyncio.wait([])",
    "await asyncio.wait(work(1))",
    "await asyncio.wait_for({sub}, 0)", "await asyncio.wait_for(work(1), {sub})",
    "asyncio.timeout({sub})", "asyncio.Semaphore({sub})", "asyncio.BoundedSemaphore({sub})",
    "asyncio.Lock({sub})", "asyncio.Event({sub})", "asyncio.run({sub})", "asyncio.run(work(1))",
    "asyncio.current_task({sub})", "asyncio.TaskGroup({sub})",
    "list(asyncio.as_completed({sub}))", "await {sub}", "asyncio.Future({sub})",
    "asyncio.create_task(work(1), {sub})", "asyncio.gather(work(1), x={sub})",
]


@async_step()
def async_misuse(draw: st.DrawFn, ctx: Context) -> str:
    """Calls of the asyncio module with wrong arguments, awaited where they are awaitable."""
    uses = [draw(st.sampled_from(ASYNC_MISUSES)).format(
        sub=draw(ctx.expressions(1)),
        delay=draw(st.sampled_from(["'x'", "None", "-1", "0", "[]", "float('nan')", "1j"])))
        for _ in range(draw(st.integers(1, 4)))]
    return "\n".join(_guarded(f"r = {use}\nprint(type(r).__name__)") for use in uses)


@async_step()
def async_with_misuse(draw: st.DrawFn, ctx: Context) -> str:
    """``async with`` over what is no asynchronous context manager (a plain one included)."""
    manager = draw(st.one_of(ctx.expressions(1), st.sampled_from(["open('in.txt')", "lock"])))
    return _guarded(f"lock = asyncio.Lock()\nasync with {manager} as held:\n    print(held)")


IMPORTS = f"import {', '.join(STANDARD_MODULES)}\n"


@dataclass
class Program:
    """A program body plus the host values injected as its inputs before it runs."""

    inputs: dict[str, Any]
    body: str

    def prelude(self) -> str:
        """The inputs as assignments."""
        return "".join(f"{name} = {to_source(v)}\n" for name, v in self.inputs.items())

    def source(self) -> str:
        """The whole program as plain source: inputs become assignments."""
        return self.prelude() + self.body


@st.composite
def programs(draw: st.DrawFn) -> Program:
    """A module: random inputs a, b, c, locals x, y, z, statements, a final expression."""
    inputs = {name: draw(host_values) for name in INPUTS}
    body = "x = y = z = 0\n" + draw(blocks(Context(), 5))
    final = draw(st.one_of(st.just("(a, b, c, x, y, z)"), expressions(2)))
    body += "\n" + final
    if any(f"{module}." in body for module in STANDARD_MODULES):
        body = IMPORTS + body
    return Program(inputs, body)


@st.composite
def call_programs(draw: st.DrawFn) -> Program:
    """Batteries of guarded calls only: the quickest way through every builtin and method."""
    inputs = {name: draw(host_values) for name in INPUTS}
    body = "\n".join(battery(draw, Context()) for _ in range(draw(st.integers(1, 3))))
    if any(f"{module}." in body for module in STANDARD_MODULES):
        body = IMPORTS + body
    return Program(inputs, "x = y = z = 0\n" + body)


@st.composite
def tool_programs(draw: st.DrawFn) -> str:
    """Programs calling the tool ``t`` from expressions, loops, handlers, closures, generators;
    one in four is async (several calls outstanding at once)."""
    if draw(st.integers(0, 3)) == 0:
        return draw(async_tool_programs())
    lines = ["x = 1", "y = [0]"]
    for _ in range(draw(st.integers(1, 4))):
        expr = draw(expressions(1, ("x", "y")))
        kind = draw(st.integers(0, 5))
        if kind == 0:
            lines.append(f"x = t({expr})")
        elif kind == 1:
            lines.append(f"try:\n    y.append(t({expr}))\nexcept Exception as e:\n"
                         f"    print('caught', type(e).__name__, e)\nfinally:\n    print(t('f'))")
        elif kind == 2:
            lines.append(f"def f(p=x, *r, **k):\n    return t(p) + [t(k)]\nprint(f({expr}))")
        elif kind == 3:
            lines.append(f"for i in range({draw(st.integers(0, 3))}):\n    print(i, t([i, {expr}]))")
        elif kind == 4:
            lines.append(f"def g():\n    yield t(1)\n    yield t({expr})\nprint(list(g()))")
        else:
            lines.append(f"print({{k: t(k) for k in 'ab'}}, [t(v) for v in ({expr}, x)])")
    lines.append(draw(st.sampled_from(["(x, y)", "t(y)", "x"])))
    # A tool argument that cannot cross the boundary (a type, a dict view) ends both runs
    # alike since that mismatch was fixed: such arguments are generated too.
    return "\n".join(lines)


ASYNC_TOOL_USES = [
    "x = await t({expr})",
    "print(await asyncio.gather(t({expr}), t('g'), return_exceptions=True))",
    "task = asyncio.create_task(t({expr}))\nawait asyncio.sleep(0)\nprint(task.done())\n"
    "try:\n    print(await task)\nexcept Exception as e:\n    print('caught', type(e).__name__, e)",
    "for f in asyncio.as_completed([t(1), t({expr})]):\n    try:\n        print(await f)\n"
    "    except Exception as e:\n        print('caught', type(e).__name__, e)",
    "try:\n    print(await asyncio.wait_for(t({expr}), 5))\nexcept Exception as e:\n"
    "    print('caught', type(e).__name__, e)",
    "async with asyncio.Semaphore(1):\n    print(await t({expr}), await t(x))",
    "done, _ = await asyncio.wait([asyncio.create_task(t(v)) for v in (1, {expr})])\n"
    "print(len(done))",
    "async with asyncio.TaskGroup() as tg:\n    k = tg.create_task(t({expr}))\n"
    "    tg.create_task(t('in group'))\nprint(k.result())",
]


@st.composite
def async_tool_programs(draw: st.DrawFn) -> str:
    """Async code calling ``t``: calls outstanding together in gathers, tasks and waits."""
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        use = draw(st.sampled_from(ASYNC_TOOL_USES))
        lines.append(use.format(expr=draw(expressions(1, ("x",)))))
    main = "async def main():\n    x = 1\n" + indent("\n".join(lines)) + "\n    return x"
    run = draw(st.sampled_from(["asyncio.run(main())", "await main()"]))
    return f"import asyncio\n{main}\n{run}"


@st.composite
def cyclic_values(draw: st.DrawFn) -> Any:
    """A host list or dict that contains itself somewhere inside (the boundary allows cycles)."""
    outer = draw(st.lists(host_values, max_size=3))
    holder: Any = {"k": outer} if draw(st.booleans()) else [outer]
    outer.append(holder if draw(st.booleans()) else outer)
    return holder


boundary_values = st.one_of(host_values, cyclic_values())
