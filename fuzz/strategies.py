"""Hypothesis strategies for valid, short, terminating littrs programs.

Programs are built from small named pieces (literals, expressions, statements,
blocks, functions) so each piece can be reused or tightened on its own. Every
loop is bounded (counters are incremented first, ``for`` walks finite values),
``**`` and ``<<`` take small literal right operands, and ``range`` never reaches
the random builtin calls, so CPython always finishes quickly.

Excluded on purpose (nondeterministic under CPython, not littrs bugs): sets of
strings (hash seed decides the printed order), reprs with addresses (functions,
iterators), ``id``/``hash``/``dir``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

INPUTS = ["a", "b", "c"]
LOCALS = ["x", "y", "z"]
NAMES = INPUTS + LOCALS
EXCEPTIONS = ["ValueError", "TypeError", "KeyError", "IndexError", "ZeroDivisionError",
              "AttributeError", "ArithmeticError", "LookupError", "Exception", "OverflowError",
              "NameError", "RuntimeError", "StopIteration", "NotImplementedError",
              "UnboundLocalError", "UnicodeError", "AssertionError", "OSError"]
BINARY = ["+", "-", "*", "/", "//", "%", "&", "|", "^", "@"]
COMPARE = ["<", "<=", ">", ">=", "==", "!=", "in", "not in", "is", "is not"]
BUILTINS_1 = ["abs", "all", "any", "ascii", "bin", "bool", "chr", "float", "hex", "int", "len",
              "list", "max", "min", "oct", "ord", "repr", "round", "sorted", "str", "sum",
              "tuple", "bytes", "callable", "type", "dict", "bytearray", "complex"]
BUILTINS_2 = ["divmod", "pow", "round", "max", "min", "isinstance", "int", "format", "sum",
              "getattr", "hasattr"]
WRAPPED = ["enumerate", "reversed", "zip", "map", "filter", "iter"]
METHODS = {
    "str": ["upper", "lower", "strip", "split", "join", "replace", "find", "index", "count",
            "startswith", "endswith", "center", "zfill", "encode", "title", "isdigit",
            "partition", "rsplit", "format", "ljust", "casefold", "swapcase", "splitlines"],
    "list": ["append", "pop", "index", "count", "insert", "extend", "remove", "reverse",
             "sort", "copy", "clear"],
    "dict": ["get", "keys", "values", "items", "pop", "setdefault", "update", "popitem", "copy"],
    "bytes": ["decode", "hex", "upper", "split", "find", "startswith"],
    "num": ["bit_length", "is_integer", "as_integer_ratio", "conjugate", "to_bytes", "hex"],
}
ALL_METHODS = sorted({m for ms in METHODS.values() for m in ms})


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
set_items = st.one_of(small_ints, large_ints, st.sampled_from([None, True, (1, 2)]))
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


# -- expressions

def indent(block: str) -> str:
    """Indent a (multi-line) statement by one level."""
    return "\n".join("    " + line for line in block.split("\n"))


@st.composite
def expressions(draw: st.DrawFn, depth: int = 2, names: tuple[str, ...] = tuple(NAMES)) -> str:
    """Any expression over literals and ``names``; about half of them raise something."""
    if depth <= 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(names)) if draw(st.booleans()) else draw(literals)
    sub = expressions(depth - 1, names)
    kind = draw(st.integers(0, 17))
    left, right = draw(sub), draw(sub)
    if kind == 0:
        return f"({left} {draw(st.sampled_from(BINARY))} {right})"
    if kind == 1:
        operator = draw(st.sampled_from(["**", "<<", ">>"]))
        return f"({left} {operator} {draw(st.integers(-3, 70 if operator != '**' else 6))})"
    if kind == 2:
        ops = draw(st.lists(st.sampled_from(COMPARE), min_size=1, max_size=2))
        operands = [left, right, draw(sub)]
        return "(" + " ".join(f"{operands[i]} {op}" for i, op in enumerate(ops)) + \
            f" {operands[len(ops)]})"
    if kind == 3:
        return f"({left} {draw(st.sampled_from(['and', 'or']))} {right})"
    if kind == 4:
        return f"({draw(st.sampled_from(['-', '+', '~', 'not ']))}{left})"
    if kind == 5:
        return f"({left} if {right} else {draw(sub)})"
    if kind == 6:
        return f"({left})[{draw(subscripts())}]"
    if kind == 7:
        return draw(builtin_calls(sub))
    if kind == 8:
        return draw(method_calls(sub))
    if kind == 9:
        return draw(fstrings(sub))
    if kind == 10:
        return draw(comprehensions(sub))
    if kind == 11:
        return draw(lambda_calls())
    if kind == 12:
        star = draw(st.booleans())
        return f"[{left}, *{right}]" if star else f"({left}, {right})"
    if kind == 13:
        return f"{{{left}: {right}, **{draw(sub)}}}" if draw(st.booleans()) else \
            f"{{{draw(small_ints)}: {left}}}"
    if kind == 14:
        return f"({left}).{draw(st.sampled_from(['real', 'imag', 'start', 'nope', '__class__']))}"
    if kind == 15:
        return f"{left} % {right}" if draw(st.booleans()) else f"'%s-%r' % ({left}, {right})"
    if kind == 16 and draw(st.booleans()):
        return f"len({{*{left}, 1}})"  # a set display with a star; len keeps hash order out
    if kind == 16:
        return f"{{{draw(small_ints)}, {draw(small_ints)}}} {draw(st.sampled_from(['|', '&', '-', '^']))} {{{draw(small_ints)}}}"  # noqa: E501
    return f"[{left}][0]"


@st.composite
def subscripts(draw: st.DrawFn) -> str:
    """An index or a slice with small bounds, step 0 included."""
    bound = st.one_of(st.none(), st.integers(-4, 4))
    if draw(st.booleans()):
        return str(draw(st.one_of(st.integers(-4, 4), st.sampled_from(["'k'", "2**70", "1.5"]))))
    start, stop, step = draw(bound), draw(bound), draw(st.one_of(st.none(), st.integers(-2, 2)))
    text = f"{'' if start is None else start}:{'' if stop is None else stop}"
    return text if step is None else f"{text}:{step}"


@st.composite
def builtin_calls(draw: st.DrawFn, sub: st.SearchStrategy[str]) -> str:
    """A builtin called with one, two, or a wrong number of arguments."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return f"{draw(st.sampled_from(BUILTINS_1))}({draw(sub)})"
    if kind == 1:
        return f"{draw(st.sampled_from(BUILTINS_2))}({draw(sub)}, {draw(sub)})"
    if kind == 2:
        name = draw(st.sampled_from(WRAPPED))
        args = draw(sub)
        if name in ("map", "filter"):
            args = f"lambda v: v, {args}"
        return f"list({name}({args}))"
    if kind == 3:
        key = draw(st.sampled_from(["len", "str", "abs", "lambda v: -v", "None"]))
        return f"sorted({draw(sub)}, key={key}, reverse={draw(st.booleans())})"
    count = draw(st.integers(0, 4))
    args = ", ".join(draw(sub) for _ in range(count))
    return f"{draw(st.sampled_from(BUILTINS_1 + BUILTINS_2))}({args})"


@st.composite
def method_calls(draw: st.DrawFn, sub: st.SearchStrategy[str]) -> str:
    """A method call on an arbitrary receiver, with zero to two arguments."""
    receiver = draw(st.one_of(sub, st.sampled_from(["'a,b'", "[3, 1, 2]", "{'k': 1}", "b'ab'"])))
    method = draw(st.sampled_from(ALL_METHODS))
    args = ", ".join(draw(sub) for _ in range(draw(st.integers(0, 2))))
    return f"({receiver}).{method}({args})"


@st.composite
def fstrings(draw: st.DrawFn, sub: st.SearchStrategy[str]) -> str:
    """An f-string with conversions and format specs that may not fit the value."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        spec = draw(st.sampled_from(["", "!r", "!s", "!a", ":>6", ":<4", ":^7", ":.2f", ":x",
                                     ":,", ":08.3f", ":e", ":%", ":+d", ":b", ":_<5"]))
        inner = draw(sub)
        if "'" in inner or '"' in inner or "\\" in inner or "{" in inner:
            inner = draw(st.sampled_from(NAMES))  # 3.11: no quotes or backslashes inside
        parts.append("{" + inner + spec + "}")
        parts.append(draw(st.sampled_from(["", " ", "-", "{{", "é"])))
    return "f'" + "".join(parts) + "'"


@st.composite
def comprehensions(draw: st.DrawFn, sub: st.SearchStrategy[str]) -> str:
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


@st.composite
def lambda_calls(draw: st.DrawFn) -> str:
    """An immediately called lambda with defaults and keyword arguments."""
    body = draw(expressions(1, ("p", "q", "a")))
    call = draw(st.sampled_from(["1", "1, 2", "", "q=3", "1, 2, 3", "p=1, q=2", "*[1, 2]"]))
    return f"(lambda p, q=2: {body})({call})"


# -- statements and blocks

@dataclass
class Context:
    """What a statement may use where it is generated."""

    depth: int = 0
    in_loop: bool = False
    in_function: bool = False
    counters: list[int] = field(default_factory=lambda: [0])

    def fresh(self) -> str:
        """A loop counter name no other statement assigns."""
        self.counters[0] += 1
        return f"_n{self.counters[0]}"


@st.composite
def simple_statements(draw: st.DrawFn, ctx: Context) -> str:
    """One-line statements: assignments, unpacking, print, del, raise, assert."""
    target = draw(st.sampled_from(NAMES))
    expr = expressions()
    kind = draw(st.integers(0, 11))
    if kind <= 2:
        return f"{target} = {draw(expr)}"
    if kind == 3:
        return f"{target} {draw(st.sampled_from(['+=', '-=', '*=', '|=', '//=', '%=']))} {draw(expr)}"  # noqa: E501
    if kind == 4:
        pattern = draw(st.sampled_from(["x, y", "x, *y", "*x, y", "(x, y), z", "x, y, z", "[x, y]"]))
        return f"{pattern} = {draw(expr)}"
    if kind <= 6:
        args = [draw(expr) for _ in range(draw(st.integers(0, 3)))]
        args += draw(st.sampled_from([[], ["sep='|'"], ["end='!\\n'"]]))
        return f"print({', '.join(args)})"
    if kind == 7:
        return f"{target}[{draw(subscripts())}] = {draw(expr)}"
    if kind == 8 and draw(st.booleans()):
        return f"print((x := {draw(expr)}), x)"
    if kind == 8:
        return f"del {target}[{draw(subscripts())}]" if draw(st.booleans()) else f"del {target}"
    if kind == 9 and draw(st.booleans()):
        attribute = draw(st.sampled_from(["real", "attr", "append"]))
        return f"{target}.{attribute} = 1" if draw(st.booleans()) else f"del {target}.{attribute}"
    if kind == 9:
        if draw(st.booleans()):
            return f"raise {draw(st.sampled_from(EXCEPTIONS))}({draw(expr)})"
        return f"assert {draw(expr)}, {draw(expr)}"
    if kind == 10 and ctx.in_loop:
        return draw(st.sampled_from(["break", "continue"]))
    if kind == 10 and ctx.in_function:
        return f"return {draw(expr)}"
    if kind == 11 and draw(st.booleans()):
        return draw(st.sampled_from([
            "import math\nprint(math.floor(2.5), math.sqrt(2), math.pi)",
            "from math import gcd, isqrt\nprint(gcd(12, 18), isqrt(17))",
            "import json\nprint(json.dumps({'a': [1, 2.5, None, 'é']}), json.loads('[1, 2]'))",
        ]))
    return f"{draw(expr)}"


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


def _inner(ctx: Context, *, loop: bool | None = None) -> Context:
    return Context(ctx.depth + 1, ctx.in_loop if loop is None else loop, ctx.in_function,
                   ctx.counters)


@st.composite
def compound_statements(draw: st.DrawFn, ctx: Context) -> str:
    """if/while/for/try/def blocks, each loop bounded."""
    kind = draw(st.integers(0, 6))
    cond = draw(expressions(1))
    if kind == 0:
        text = f"if {cond}:\n{indent(draw(blocks(_inner(ctx))))}"
        if draw(st.booleans()):
            text += f"\nelif {draw(expressions(1))}:\n{indent(draw(blocks(_inner(ctx))))}"
        if draw(st.booleans()):
            text += f"\nelse:\n{indent(draw(blocks(_inner(ctx))))}"
        return text
    if kind == 1:
        counter = ctx.fresh()
        body = draw(blocks(_inner(ctx, loop=True)))
        text = (f"{counter} = 0\nwhile {counter} < {draw(st.integers(0, 4))}:\n"
                f"    {counter} += 1\n{indent(body)}")
        return text + (f"\nelse:\n    print('done', {counter})" if draw(st.booleans()) else "")
    if kind == 2:
        source = draw(st.one_of(
            st.integers(-1, 4).map(lambda n: f"range({n})"), expressions(1),
            st.sampled_from(["'héllo'", "{'k': 1, 'j': 2}", "[(1, 2), (3, 4)]", "b'ab'"])))
        target = draw(st.sampled_from(["x", "y", "x, y", "z"]))
        body = draw(blocks(_inner(ctx, loop=True)))
        # Walk a snapshot: a body that appends to what it iterates would never stop.
        return f"for {target} in list({source})[:6]:\n{indent(body)}"
    if kind == 3:
        return draw(try_statements(ctx))
    if kind == 4 and not ctx.in_function:
        return draw(function_definitions(ctx))
    if kind == 5:
        return draw(closures())
    return draw(generators())


@st.composite
def try_statements(draw: st.DrawFn, ctx: Context) -> str:
    """try with typed handlers, bare except, else and finally in random combinations."""
    text = f"try:\n{indent(draw(blocks(_inner(ctx))))}"
    handlers = draw(st.integers(0, 2))
    for index in range(handlers):
        options = EXCEPTIONS + ["(KeyError, IndexError)"] + ([""] if index == handlers - 1 else [])
        kind = draw(st.sampled_from(options))
        name = " as e" if kind and draw(st.booleans()) else ""
        body = "print(type(e).__name__, e)" if name else draw(blocks(_inner(ctx), 2))
        text += f"\nexcept {kind}{name}:\n{indent(body)}"
    if handlers and draw(st.booleans()):
        text += f"\nelse:\n{indent(draw(blocks(_inner(ctx), 2)))}"
    if not handlers or draw(st.booleans()):
        text += f"\nfinally:\n{indent(draw(blocks(_inner(ctx), 2)))}"
    return text


PARAMETER_LISTS = [
    "p", "p, q=2", "p, /, q", "p, /, q=1, *r, s, t=3, **u", "*r", "**u", "p, *, s",
    "p=1, *r, **u", "p, q, /", "*, s=0", "", "p, /, *, s",
]
CALL_ARGUMENTS = [
    "", "1", "1, 2", "1, 2, 3, 4", "p=1", "q=2", "1, q=2", "1, s=5", "s=1, p=2", "1, 2, s=3, k=4",
    "*[1, 2]", "**{'p': 1}", "1, p=1", "*(1,), **{'s': 2}", "1, 2, 3, s=4, t=5, v=6",
]


@st.composite
def function_definitions(draw: st.DrawFn, ctx: Context) -> str:
    """A function with a random parameter list, called with valid and invalid arguments."""
    params = draw(st.sampled_from(PARAMETER_LISTS))
    names = tuple(n for n in ("p", "q", "r", "s", "t", "u") if n in params.replace("/", ""))
    body_ctx = Context(1, False, True, ctx.counters)
    body = draw(blocks(body_ctx, 2))
    result = draw(expressions(1, names or ("a",)))
    calls = draw(st.lists(st.sampled_from(CALL_ARGUMENTS), min_size=1, max_size=3))
    test = draw(st.sampled_from(["p < q", "p == s", "q >= 2", "p"]))
    guard = f"    if {test}:\n        print('lt')\n" if draw(st.booleans()) else ""
    lines = [f"def f({params}):\n{guard}{indent(body)}\n    return {result}"]
    lines += [f"print(f({args}))" for args in calls]
    return "\n".join(lines)


@st.composite
def closures(draw: st.DrawFn) -> str:
    """A closure over a cell, with nonlocal rebinding and late binding in a loop."""
    step = draw(expressions(1, ("n", "k")))
    return (f"def make(k):\n    n = 0\n    def inc():\n        nonlocal n\n        n = {step}\n"
            f"        return n\n    def drop():\n        nonlocal n\n        del n\n"
            f"    return drop if k == 0 else inc\ng = make({draw(literals)})\n"
            f"print(g(), g())\nfs = [lambda: i for i in range(3)]\nprint([h() for h in fs])")


@st.composite
def generators(draw: st.DrawFn) -> str:
    """A generator with yield, yield from and early return, consumed by list and next."""
    item = draw(expressions(1, ("i", "a")))
    return (f"def gen(m):\n    for i in range(m):\n        yield {item}\n"
            f"    yield from [i for i in 'ab']\n    return 7\n"
            f"print(list(gen({draw(st.integers(-1, 3))})))\nit = gen(1)\nprint(next(it), next(it))")


@dataclass
class Program:
    """A program body plus the host values injected as its inputs before it runs."""

    inputs: dict[str, Any]
    body: str

    def source(self) -> str:
        """The whole program as plain source: inputs become assignments."""
        prelude = "".join(f"{name} = {to_source(v)}\n" for name, v in self.inputs.items())
        return prelude + self.body


@st.composite
def programs(draw: st.DrawFn) -> Program:
    """A module: random inputs a, b, c, locals x, y, z, statements, a final expression."""
    inputs = {name: draw(host_values) for name in INPUTS}
    body = "x = y = z = 0\n" + draw(blocks(Context(), 5))
    final = draw(st.one_of(st.just("(a, b, c, x, y, z)"), expressions(2)))
    return Program(inputs, body + "\n" + final)


@st.composite
def tool_programs(draw: st.DrawFn) -> str:
    """Programs calling the tool ``t`` from expressions, loops, handlers, closures, generators."""
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
    source = "\n".join(lines)
    # Known mismatch (fuzz/known.py, PAUSE_KNOWN): a tool argument that cannot cross the
    # boundary (a type, a dict view) is a sandbox TypeError in a straight run but a host TypeError
    # from start()/resume(). Such arguments are left out here.
    for view in (".keys(", ".values(", ".items(", "__class__", "type("):
        source = source.replace(view, ".copy(" if view.startswith(".") else "str(")
    return source


@st.composite
def cyclic_values(draw: st.DrawFn) -> Any:
    """A host list or dict that contains itself somewhere inside (the boundary allows cycles)."""
    outer = draw(st.lists(host_values, max_size=3))
    holder: Any = {"k": outer} if draw(st.booleans()) else [outer]
    outer.append(holder if draw(st.booleans()) else outer)
    return holder


boundary_values = st.one_of(host_values, cyclic_values())
