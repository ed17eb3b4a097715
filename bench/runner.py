"""Time each workload under CPython ``exec`` and under littrs, and format the results.

Samples of the two engines alternate so that machine drift hits both alike; the
median is reported because a few slow samples (GC, scheduler) should not move it.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from littrs import Sandbox

from .workloads import Workload, add


@dataclass
class Result:
    """Medians in seconds per run, plus the figures the table and JSON show."""

    name: str
    kind: str
    target: float
    cpython_s: float
    littrs_s: float
    samples: int
    calls: int

    @property
    def ratio(self) -> float:
        return self.littrs_s / self.cpython_s

    @property
    def measured(self) -> float:
        """The figure compared with the target: a ratio or µs (per call)."""
        if self.kind == "ratio":
            return self.ratio
        return self.littrs_s * 1e6 / self.calls

    @property
    def met(self) -> bool:
        return self.measured <= self.target

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ratio": self.ratio, "measured": self.measured, "met": self.met}


def _cpython_runner(work: Workload) -> Callable[[], Any]:
    """Return a callable doing one CPython run in a fresh namespace; returns ``result``."""
    code = compile(work.source, f"<{work.name}>", "exec")

    def run() -> Any:
        namespace: dict[str, Any] = {"add": add} if work.uses_tool else {}
        exec(code, namespace)
        return namespace["result"]

    return run


def _littrs_runner(work: Workload) -> Callable[[], Any]:
    """Return a callable doing one littrs run in a fresh Sandbox (code cache warm)."""

    def run() -> Any:
        sandbox = Sandbox()
        if work.uses_tool:
            sandbox.tool(add)
        return sandbox.run(work.source)

    return run


def _sample(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def measure(work: Workload, repeat: int) -> Result:
    """Warm both engines, check they agree, then time ``repeat`` alternating samples."""
    cpython, littrs = _cpython_runner(work), _littrs_runner(work)
    expected, got = cpython(), littrs()
    if expected != got:
        raise AssertionError(f"{work.name}: littrs gave {got!r}, CPython gave {expected!r}")
    samples = repeat * work.samples_scale
    cpython_times: list[float] = []
    littrs_times: list[float] = []
    gc.collect()
    for _ in range(samples):
        cpython_times.append(_sample(cpython))
        littrs_times.append(_sample(littrs))
    return Result(
        name=work.name,
        kind=work.kind,
        target=work.target,
        cpython_s=statistics.median(cpython_times),
        littrs_s=statistics.median(littrs_times),
        samples=samples,
        calls=work.calls,
    )


def _time(seconds: float, kind: str, calls: int) -> str:
    if kind == "ratio":
        return f"{seconds * 1e3:.2f} ms"
    if kind == "per_call":
        return f"{seconds * 1e6 / calls:.3f} µs/call"
    return f"{seconds * 1e6:.1f} µs"


def _target(result: Result) -> str:
    if result.kind == "ratio":
        return f"≤ {result.target:g}x"
    unit = "µs/call" if result.kind == "per_call" else "µs"
    return f"≤ {result.target:g} {unit}"


def table(results: list[Result]) -> str:
    """A Markdown table, readable both in a terminal and pasted into docs."""
    header = ["workload", "CPython median", "littrs median", "littrs/CPython", "target", "met"]
    rows = [
        [
            r.name,
            _time(r.cpython_s, r.kind, r.calls),
            _time(r.littrs_s, r.kind, r.calls),
            f"{r.ratio:.1f}x",
            _target(r),
            "yes" if r.met else "no",
        ]
        for r in results
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(header), rule, *(line(row) for row in rows)])
