"""Run a program under CPython (a subprocess worker) and under littrs, and compare.

CPython runs in a long-lived worker process (fuzz/_worker.py) so a runaway or
memory-hungry program kills the worker, not the fuzzer; the worker is restarted.
Outcomes are ``(value_repr, printed, exc_type, exc_message)`` exactly as the
tests/cases runner builds them, so a mismatch saved as a case file fails there too.
Coverage of what ran is fuzz/coverage.py's.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import select
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from littrs import LimitError, Sandbox, SandboxError

from ._worker import REPR_FAILED, value_repr
from .oracle_python import MISSING, oracle_python
from .strategies import FILES, Program

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "cases"
# CPython outcomes that depend on the host's resources, not on semantics: not compared.
RESOURCE_ERRORS = {"MemoryError", "RecursionError"}
# CPython 3.11's specialised call of a method descriptor given no argument at all
# (CALL_NO_KW_METHOD_DESCRIPTOR_FAST) takes the stale stack slot above its arguments as
# ``self``; when that value happens to have the method's type, the method runs with -1
# arguments and says so. An interpreter bug, not Python's semantics: not compared.
_STALE_SELF_CALL = re.compile(r"\w+ expected (at least |at most )?\d+ arguments?, got -1")
LITTRS_LIMITS: dict[str, Any] = {
    "max_instructions": 2_000_000, "max_duration": 10.0, "max_memory": 50_000_000,
}


class Outcome(NamedTuple):
    """What a run did; equal outcomes mean the two interpreters agree."""

    value: str | None
    printed: list[str]
    exc_type: str | None
    exc_message: str | None


def fixture_directory() -> Path:
    """A directory holding :data:`~fuzz.strategies.FILES` (made once per process).

    CPython's worker runs in it, and littrs mounts its files read-only, so
    ``open('in.txt')`` reads the same text on both sides and no program can change it.
    """
    global _FIXTURES
    if _FIXTURES is None:
        _FIXTURES = Path(tempfile.mkdtemp(prefix="littrs-fuzz-"))
        for name, text in FILES.items():
            (_FIXTURES / name).write_text(text, encoding="utf-8")
    return _FIXTURES


_FIXTURES: Path | None = None


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


class NoOracle(RuntimeError):
    """This machine has no CPython 3.11 to compare with (see fuzz/oracle_python.py)."""


class CPythonWorker:
    """A CPython 3.11 child (fuzz/oracle_python.py) that execs programs sent as JSON
    lines, one fresh namespace each."""

    def __init__(self, timeout: float = 2.0, cwd: Path | None = None) -> None:
        self.timeout = timeout
        self.cwd = cwd
        self.process: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        executable = oracle_python()
        if executable is None:
            raise NoOracle(MISSING)
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT),
               "PYTHONWARNINGS": "ignore"}
        return subprocess.Popen(
            [executable, "-c", "from fuzz._worker import main; main()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, cwd=self.cwd or fixture_directory(), env=env, preexec_fn=_limit_memory,
        )

    def run(self, source: str, prelude: str = "", filename: str = "<fuzz>") -> Outcome | None:
        """The CPython outcome, or None when the program outran the timeout (worker restarted).

        ``prelude`` (inputs' assignments) is compiled and run before ``source``.
        """
        line = self._ask({"source": source, "prelude": prelude, "filename": filename})
        if line is None:
            return None
        data = json.loads(line)
        return Outcome(data["value"], data["printed"], data["exc_type"], data["exc_message"])

    def evaluate(self, code: str) -> dict[str, Any] | None:
        """Exec test code in the oracle (see _worker.evaluate); None on a timeout."""
        line = self._ask({"evaluate": code})
        return None if line is None else json.loads(line)

    def _ask(self, request: dict[str, Any]) -> str | None:
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            ready, _, _ = select.select([self.process.stdout], [], [], self.timeout)
            line = self.process.stdout.readline() if ready else ""
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            self.close()
            return None
        return line

    def close(self) -> None:
        """Kill the child (it is restarted on the next run)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def run_littrs(program: Program | str, limits: dict[str, Any] | None = None) -> Outcome:
    """The littrs outcome; inputs are injected through the boundary (``sb[name] = value``)."""
    sb = Sandbox()
    sb.limit(**(LITTRS_LIMITS if limits is None else limits))
    for name in FILES:
        sb.mount(name, fixture_directory() / name)
    source = program
    if isinstance(program, Program):
        # Rebuilt from the same prelude CPython runs (compiled alone there too): a set's
        # iteration order depends on its history, and equal constants of one compilation
        # are one object (a = b = 0.0 there makes a is b).
        inputs: dict[str, Any] = {}
        exec(program.prelude(), inputs)  # noqa: S102 - our own literals
        for name in program.inputs:
            sb[name] = inputs[name]
        source = program.body
    try:
        value, printed = sb.capture(source)
    except SandboxError as exc:
        return Outcome(None, list(exc.printed), exc.type_name, exc.message)
    except LimitError as exc:
        return Outcome(None, [], "LimitError:" + type(exc).__name__, str(exc))
    except TypeError as exc:  # the final value cannot leave the sandbox (a type, a function)
        return Outcome(None, [], "HostTypeError", str(exc))
    return Outcome(value_repr(value), list(printed), None, None)


@dataclass
class Verdict:
    """The result of one comparison: agree, skip (with why) or mismatch."""

    kind: str
    expected: Outcome | None = None
    got: Outcome | None = None
    reason: str = ""


def called_stale_self(outcome: Outcome) -> bool:
    """Whether CPython's run shows its stale-``self`` call (raised or caught and printed)."""
    texts = [outcome.exc_message or "", *outcome.printed]
    return any(_STALE_SELF_CALL.search(text) for text in texts)


def compare(worker: CPythonWorker, program: Program) -> Verdict:
    """Run ``program`` on both sides; resource-bound outcomes are skipped, not compared."""
    expected = worker.run(program.body, program.prelude())
    if expected is None:
        return Verdict("skip", reason="cpython timeout")
    if expected.exc_type in RESOURCE_ERRORS:
        return Verdict("skip", expected, reason=f"cpython {expected.exc_type}")
    if expected.exc_type == "SyntaxError":
        return Verdict("skip", expected, reason="generator made invalid syntax")
    if called_stale_self(expected):
        return Verdict("skip", expected, reason="cpython called a method on a stale stack slot")
    got = run_littrs(program)
    if got.exc_type is not None and got.exc_type.startswith("LimitError:"):
        return Verdict("skip", expected, got, reason="littrs limit")
    if got.exc_type == "HostTypeError" and expected.exc_type in (None, REPR_FAILED):
        return Verdict("skip", expected, got, reason="value cannot leave the sandbox")
    if got != expected:
        return Verdict("mismatch", expected, got)
    return Verdict("agree", expected, got)


def describe(program: Program | str, verdict: Verdict) -> str:
    """A readable mismatch report: the program and both outcomes."""
    source = program.source() if isinstance(program, Program) else program
    lines = ["--- program ---", source, "--- outcomes ---"]
    for name in Outcome._fields:
        want = getattr(verdict.expected, name, None)
        have = getattr(verdict.got, name, None)
        marker = "  " if want == have else "!="
        lines.append(f"{marker} {name}: cpython={want!r} littrs={have!r}")
    return "\n".join(lines)


def save_case(program: Program | str, note: str = "found by the fuzzer",
              directory: Path = CASES_DIR) -> Path:
    """Write ``program`` as ``tests/cases/fuzz_<hash>.py`` (the case runner compares it)."""
    source = program.source() if isinstance(program, Program) else program
    digest = hashlib.sha256(source.encode()).hexdigest()[:10]
    path = directory / f"fuzz_{digest}.py"
    path.write_text(f'"""Fuzz: {note}."""\n{source}\n', encoding="utf-8")
    return path
