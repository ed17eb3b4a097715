"""The cost of the limits: the compute workloads with every limit on, against every one off.

Target: at most 10% slower with all limits on. The limits are set high enough never
to stop these workloads, so what is measured is the accounting alone: instruction
counting, the clock, the memory meter's measures and checks, the output count.
"""

from __future__ import annotations

import statistics
import time

from littrs import Sandbox

from .workloads import WORKLOADS

ALL_ON = {
    "max_instructions": 10**10,
    "max_recursion_depth": 5_000,
    "max_memory": 2 * 2**30,
    "max_duration": 600.0,
    "max_output": 10**8,
}
ALL_OFF = dict.fromkeys(ALL_ON)
TARGET = 1.10


def _run(source: str, limits: dict) -> float:
    sandbox = Sandbox()
    sandbox.limit(**limits)
    start = time.perf_counter()
    sandbox.run(source)
    return time.perf_counter() - start


def measure(repeat: int) -> list[tuple[str, float, float]]:
    """(workload, median seconds with limits off, with limits on), alternating samples."""
    rows = []
    for work in WORKLOADS:
        if work.kind != "ratio":
            continue
        _run(work.source, ALL_OFF)  # warm the code cache
        off, on = [], []
        for _ in range(repeat):
            off.append(_run(work.source, ALL_OFF))
            on.append(_run(work.source, ALL_ON))
        rows.append((work.name, statistics.median(off), statistics.median(on)))
    return rows


def report(rows: list[tuple[str, float, float]]) -> str:
    lines = ["| limits (all on vs all off) | off | on | on/off | target | met |",
             "|---|---|---|---|---|---|"]
    for name, off, on in rows:
        ratio = on / off
        lines.append(
            f"| {name} | {off * 1e3:.2f} ms | {on * 1e3:.2f} ms | {ratio:.3f}x | "
            f"≤ {TARGET:.2f}x | {'yes' if ratio <= TARGET else 'no'} |"
        )
    return "\n".join(lines)
