"""CPython 3.11, the oracle of every differential test, whatever Python runs pytest.

On a 3.11 host the oracle runs in-process; on any other it is a CPython 3.11 worker
process (found as fuzz/oracle_python.py says), and a test that needs it skips, saying
why, on a machine without one. Two ways in: :func:`run_program` runs a program as the
tests/cases runner does; :func:`evaluate` runs test code and hands back what it left
in ``result`` (JSON-able).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fuzz import _worker
from fuzz.oracle import CPythonWorker, NoOracle, Outcome
from fuzz.oracle_python import MISSING, host_is_oracle, oracle_python

ROOT = Path(__file__).resolve().parent.parent
_workers: dict[Path, CPythonWorker] = {}


def _worker_in(cwd: Path) -> CPythonWorker:
    if oracle_python() is None:
        pytest.skip(MISSING)
    worker = _workers.get(cwd)
    if worker is None:
        worker = _workers[cwd] = CPythonWorker(timeout=120.0, cwd=cwd)
    return worker


def run_program(source: str, prelude: str = "", filename: str = "<case>",
                cwd: Path = ROOT) -> Outcome:
    """The outcome of ``source`` under CPython 3.11 (value repr, printed, exception)."""
    if host_is_oracle():
        data = _worker.run(source, prelude, filename)
        return Outcome(data["value"], data["printed"], data["exc_type"],  # type: ignore[arg-type]
                       data["exc_message"])  # type: ignore[arg-type]
    try:
        outcome = _worker_in(cwd).run(source, prelude, filename)
    except NoOracle:
        pytest.skip(MISSING)
    if outcome is None:
        raise AssertionError(f"the CPython 3.11 oracle timed out on {filename}")
    return outcome


def evaluate(code: str, cwd: Path = ROOT) -> Any:
    """Exec ``code`` under CPython 3.11; the JSON-able value it left in ``result``."""
    if host_is_oracle():
        answer = _worker.evaluate(code)
        answer = json.loads(json.dumps(answer))  # the same values as across the pipe
    else:
        answer = _worker_in(cwd).evaluate(code)
        if answer is None:
            raise AssertionError("the CPython 3.11 oracle timed out")
    if "error" in answer:
        raise AssertionError(f"oracle code failed: {answer['error']}")
    return answer["result"]
