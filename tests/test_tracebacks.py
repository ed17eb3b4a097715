"""Tracebacks of uncaught sandbox exceptions read exactly as CPython prints them.

CPython is the oracle: each program is written to a file and run by the host
interpreter; its stderr, with the file name replaced by ``<sandbox>`` and 3.11's
caret lines dropped, must equal ``SandboxError.traceback``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from littrs import Sandbox, SandboxError

PROGRAMS = {
    "nested_calls": """
def inner(x):
    return 1 / x

def outer(x):
    return inner(x) + 1

outer(0)
""",
    "name_error_suggestion": """
values = [1, 2, 3]
print(valuse)
""",
    "attribute_error_suggestion": """
items = []
items.apend(1)
""",
    "chained_context": """
try:
    {}["missing"]
except KeyError:
    raise ValueError("bad key")
""",
    "chained_cause": """
def parse(text):
    try:
        return int(text)
    except ValueError as error:
        raise RuntimeError("cannot parse") from error

parse("x")
""",
    "suppressed_context": """
try:
    1 / 0
except ZeroDivisionError:
    raise KeyError("k") from None
""",
    "reraise_keeps_frames": """
def f():
    raise IndexError("deep")

def g():
    try:
        f()
    except IndexError:
        raise

g()
""",
    "generator_frames": """
def numbers():
    yield 1
    raise ValueError("in generator")

for n in numbers():
    pass
""",
    "lambda_and_comprehension": """
convert = lambda s: int(s)
[convert(s) for s in ["1", "x"]]
""",
    "map_callback": """
def check(x):
    if x > 1:
        raise ValueError(f"too big: {x}")
    return x

list(map(check, [0, 1, 2]))
""",
    "sorted_key": """
sorted([3, "a"], key=lambda v: v)
""",
    "unbound_local": """
def f():
    print(x)
    x = 1

f()
""",
    "recursion_collapsed": """
def down(n):
    if n == 0:
        raise ValueError("bottom")
    return down(n - 1)

down(50)
""",
    "assert_message": """
def check(n):
    assert n > 0, f"n must be positive, got {n}"

check(-1)
""",
}


def _cpython_traceback(source: str, tmp_path: Path) -> str:
    script = tmp_path / "program.py"
    script.write_text(source)
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=30
    )
    text = result.stderr.replace(f'File "{script}"', 'File "<sandbox>"')
    lines = [line for line in text.splitlines() if not re.fullmatch(r"\s*[\^~]+\s*", line)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_traceback_matches_cpython(name: str, tmp_path: Path) -> None:
    source = PROGRAMS[name]
    with pytest.raises(SandboxError) as caught:
        Sandbox().run(source)
    assert caught.value.traceback == _cpython_traceback(source, tmp_path)


def test_syntax_error_reads_as_cpython_prints_it() -> None:
    with pytest.raises(SandboxError) as caught:
        Sandbox().run("x = (")
    error = caught.value
    assert (error.type_name, error.message) == ("SyntaxError", "'(' was never closed")
    assert error.traceback == '  File "<sandbox>", line 1\n    x = (\n        ^\nSyntaxError: \'(\' was never closed\n'


@pytest.mark.parametrize(
    ("source", "construct"),
    [
        ("async def f(xs):\n    async for x in xs:\n        pass", "async for loops"),
        ("match 1:\n    case 1:\n        pass", "match statements"),
        ("try:\n    pass\nexcept* ValueError:\n    pass", "except* clauses"),
    ],
)
def test_unsupported_constructs_are_refused_before_running(source: str, construct: str) -> None:
    sb = Sandbox()
    with pytest.raises(SandboxError) as caught:
        sb.capture("print('ran')\n" + source)
    assert caught.value.type_name == "SyntaxError"
    assert caught.value.message == f"{construct} are not supported by littrs"
    assert caught.value.printed == []


@pytest.mark.parametrize(
    ("source", "construct"),
    [
        ("async def f():\n    yield 1", "an async generator"),
        ("async def f(xs):\n    return (await x for x in xs)", "an asynchronous generator expression"),
    ],
)
def test_async_generators_are_refused_before_running(source: str, construct: str) -> None:
    with pytest.raises(SandboxError) as caught:
        Sandbox().capture("print('ran')\n" + source)
    assert (caught.value.type_name, caught.value.message) == (
        "SyntaxError", f"{construct} is not supported by littrs")
