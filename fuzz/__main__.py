"""``python -m fuzz --minutes N [--seed S] [--save]``: a fuzzing campaign.

Runs the four properties in rounds until the time is up; each round is a
hypothesis run, so a failure is shrunk before it is reported. Prints programs
run, skipped (resource-bound), distinct mismatches with their shrunk programs,
and the coverage of what ran (fuzz/coverage.py): opcodes the machine
dispatched, builtins, module functions and methods sandbox code called, with
the names never reached. ``--save`` writes each differential mismatch as
``tests/cases/fuzz_<hash>.py``.
"""

from __future__ import annotations

import argparse
import collections
import time
import warnings
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from .coverage import Coverage
from .oracle import CPythonWorker, save_case
from .properties import check_boundary, check_differential, check_limits, check_pause_resume
from .strategies import Program, boundary_values, call_programs, programs, tool_programs

limits = st.fixed_dictionaries({}, optional={
    "max_instructions": st.integers(1, 20_000),
    "max_recursion_depth": st.integers(1, 60),
    "max_output": st.integers(0, 300),
    "max_memory": st.integers(1_000, 1_000_000),
})


def _round(test: Callable[..., Any], strategies: tuple[Any, ...], examples: int,
           round_seed: int, deadline: float) -> None:
    """One hypothesis run of ``test`` with ``examples`` examples, stopping early at the deadline."""

    def body(args: tuple[Any, ...]) -> None:
        if time.monotonic() > deadline:
            return
        test(*args)

    run = settings(max_examples=examples, database=None, deadline=None, derandomize=False,
                   suppress_health_check=list(HealthCheck), print_blob=False)(
        given(st.tuples(*strategies))(body))
    seed(round_seed)(run)()


def _leaves(error: BaseException) -> list[BaseException]:
    """The failures inside (nested) exception groups: a flaky failure wraps the real one."""
    inner = getattr(error, "exceptions", None)
    if not inner:
        return [error]
    return [leaf for sub in inner for leaf in _leaves(sub)]


def main(argv: list[str] | None = None) -> int:
    """Run a campaign; exit status 1 if any property failed."""
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__)
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", action="store_true", help="save mismatches as tests/cases")
    options = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    worker, coverage = CPythonWorker(), Coverage()
    counts: collections.Counter[str] = collections.Counter()
    failures: dict[str, str] = {}
    last: dict[str, Any] = {}

    def differential(program: Program) -> None:
        last["program"] = program
        counts["differential"] += 1
        verdict = check_differential(worker, program)
        counts[f"differential {verdict.kind} {verdict.reason}".strip()] += 1

    def pause(source: str) -> None:
        counts["pause/resume"] += 1
        counts[f"pause/resume {check_pause_resume(source)}"] += 1

    def limit(program: Program, budget: dict[str, Any]) -> None:
        counts["limits"] += 1
        counts["limits " + check_limits(program.source(), budget)] += 1

    def boundary(value: Any) -> None:
        counts["boundary"] += 1
        check_boundary(value)

    plan = [(differential, (programs(),), 300), (pause, (tool_programs(),), 50),
            (limit, (programs(), limits), 50), (boundary, (boundary_values,), 100),
            (differential, (programs(),), 300), (differential, (call_programs(),), 100)]
    deadline = time.monotonic() + options.minutes * 60
    round_number = 0

    def run_round(number: int) -> None:
        test, strategies, examples = plan[(number - 1) % len(plan)]
        try:
            _round(test, strategies, examples, options.seed * 100_003 + number, deadline)
        except Exception as group:  # noqa: BLE001 - a failed property: report, go on
            for error in _leaves(group):
                text = str(error).split("\nFalsifying example")[0]
                key = text.splitlines()[-1] if text else type(error).__name__
                if key not in failures:
                    failures[key] = f"[{test.__name__}] {type(error).__name__}: {text}"
            if options.save and test is differential and "program" in last:
                print("saved", save_case(last["program"]))

    try:
        with coverage.tracing():
            while time.monotonic() < deadline:
                round_number += 1
                run_round(round_number)
    finally:
        worker.close()
    print(f"rounds: {round_number}")
    for name, count in sorted(counts.items()):
        print(f"{name}: {count}")
    print(coverage.report())
    print(f"distinct failures: {len(failures)}")
    for report in failures.values():
        print("=" * 70)
        print(report)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
