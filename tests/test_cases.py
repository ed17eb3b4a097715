"""Differential tests: every program in tests/cases/ runs under CPython and littrs.

CPython 3.11 is the oracle (tests/oracle.py: in-process on a 3.11 host, a 3.11
worker process on any other). For each program both sides produce an :class:`Outcome`: the repr of the value of the final expression
statement (like a REPL; ``'None'`` if the program does not end with one; see
:func:`value_repr`), the printed lines, and, if the program ended with an uncaught
exception, its type name and message. The two outcomes must be equal. See
tests/cases/README.md.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import NamedTuple

import pytest

from fuzz._worker import value_repr  # one rule for both oracles

from .oracle import run_program

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*.py"))


class Outcome(NamedTuple):
    value: (
        str | None
    )  # value_repr() of the final expression's value; None if an exception ended the run
    printed: list[str]  # printed lines, see output_lines()
    exc_type: str | None  # type name of the uncaught exception, or None
    exc_message: str | None  # str() of the uncaught exception, or None


def run_cpython(source: str, filename: str = "<case>") -> Outcome:
    """Run ``source`` under CPython 3.11 (tests/oracle.py) and describe what happened."""
    return Outcome(*run_program(source, filename=filename))


def run_littrs(source: str) -> Outcome:
    """Run ``source`` in a fresh littrs sandbox and describe what happened."""
    from littrs import Sandbox, SandboxError

    sandbox = Sandbox()
    try:
        value, printed = sandbox.capture(source)
    except SandboxError as exc:
        return Outcome(None, list(exc.printed), exc.type_name, exc.message)
    return Outcome(value_repr(value), list(printed), None, None)


def describe_mismatch(expected: Outcome, got: Outcome) -> str:
    """A readable report of how the littrs outcome differs from CPython's."""
    lines: list[str] = []
    for field in ("exc_type", "exc_message", "value"):
        want, have = getattr(expected, field), getattr(got, field)
        if want != have:
            lines.append(f"{field}:")
            lines.append(f"    cpython: {want!r}")
            lines.append(f"    littrs:  {have!r}")
    if expected.printed != got.printed:
        lines.append("printed (--- cpython, +++ littrs):")
        diff = difflib.unified_diff(
            [repr(line) for line in expected.printed],
            [repr(line) for line in got.printed],
            fromfile="cpython",
            tofile="littrs",
            lineterm="",
        )
        lines.extend("    " + line for line in diff)
    return "\n".join(lines)


@pytest.mark.parametrize("path", CASE_FILES, ids=[path.stem for path in CASE_FILES])
def test_case(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    expected = run_cpython(source, str(path))
    got = run_littrs(source)
    if got != expected:
        pytest.fail(
            f"{path.name}: littrs differs from CPython\n{describe_mismatch(expected, got)}",
            pytrace=False,
        )
