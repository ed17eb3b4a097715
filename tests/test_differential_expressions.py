"""Generated programs, CPython as the oracle: arithmetic, comparisons and control flow.

Each program is a function over local variables (the machine's fused fast-path
instructions) and the same statements at module level (globals), run under
CPython and under littrs; value or exception type and message must agree.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from littrs import Sandbox, SandboxError

NAMES = ["a", "b", "c"]
BINARY = ["+", "-", "*", "/", "//", "%", "<<", ">>", "&", "|", "^", "**"]
COMPARE = ["<", "<=", ">", ">=", "==", "!="]

values = st.one_of(
    st.integers(-20, 20),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True, width=32),
    st.sampled_from(["", "ab", "x", "%d", "%s!"]),
    st.sampled_from([[], [1, 2], (3,), True, False, None, 1j]),
)


def _operand(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.sampled_from(NAMES))
    return repr(draw(st.one_of(st.integers(-5, 9), st.sampled_from([0.5, 2.0, "s", 3]))))


@st.composite
def expressions(draw: st.DrawFn, depth: int = 2) -> str:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return _operand(draw)
    left = draw(expressions(depth - 1))
    right = draw(expressions(depth - 1))
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return f"({left} {draw(st.sampled_from(COMPARE))} {right})"
    if kind == 4:
        middle = draw(expressions(depth - 1))
        first, second = draw(st.sampled_from(COMPARE)), draw(st.sampled_from(COMPARE))
        return f"({left} {first} {middle} {second} {right})"
    if kind == 5:
        return f"({left} {draw(st.sampled_from(['and', 'or']))} {right})"
    if kind == 1:
        return f"({left} if {right} else {draw(expressions(depth - 1))})"
    operator = draw(st.sampled_from(BINARY))
    if operator == "**":
        right = repr(draw(st.integers(-2, 4)))
    if operator in ("<<", ">>"):
        right = repr(draw(st.integers(0, 40)))
    return f"({left} {operator} {right})"


@st.composite
def programs(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        target = draw(st.sampled_from(NAMES))
        expression = draw(expressions())
        kind = draw(st.integers(0, 4))
        if kind == 3:
            lines.append(
                f"n = 0\n    while n < {draw(st.integers(0, 5))}:\n"
                f"        n += 1\n        {target} = {expression}"
            )
        elif kind == 4:
            lines.append(
                f"for {target} in [{expression}, {draw(expressions(1))}]:\n"
                f"        if not {draw(expressions(1))}:\n            break"
            )
        elif kind == 0:
            lines.append(f"{target} = {expression}")
        elif kind == 1:
            lines.append(f"{target} += {expression}")
        else:
            lines.append(f"if {expression}:\n        {target} = {draw(expressions(1))}")
    lines.append("result = (a, b, c)")
    return "\n".join("    " + line.replace("\n", "\n") for line in lines)


def _run_cpython(source: str) -> tuple:
    namespace: dict = {}
    try:
        exec(source, namespace)
        return ("value", repr(namespace["out"]))
    except Exception as error:  # noqa: BLE001 - any outcome is data here
        return ("error", type(error).__name__, str(error))


def _run_littrs(source: str) -> tuple:
    sb = Sandbox()
    try:
        sb.run(source)
        return ("value", repr(sb["out"]))
    except SandboxError as error:
        return ("error", error.type_name, error.message)


@settings(max_examples=500)
@given(a=values, b=values, c=values, body=programs())
def test_generated_programs_agree_with_cpython(a, b, c, body) -> None:
    function = f"def f(a, b, c):\n{body}\n    return result\nout = f({a!r}, {b!r}, {c!r})\n"
    module = f"a, b, c = {a!r}, {b!r}, {c!r}\n" + "\n".join(
        line[4:] for line in body.split("\n")
    ) + "\nout = result\n"
    for source in (function, module):
        assert _run_littrs(source) == _run_cpython(source), source
