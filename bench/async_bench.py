"""Async hosts: many sandboxes waiting on tool I/O, and the event loop's worst stall.

``python -m bench.async_bench [--quick] [--json PATH] [--gc-threshold N]``

1. Waiting: 1,000 sandboxes in one event loop, each calling an async tool that
   sleeps 20 ms, three times in sequence; beside the same workload as plain
   tasks (three awaits of the same function), in the same run, samples
   alternating. Target: littrs ≤ 1.5x the plain tasks' wall time. Under asyncio
   (the target) and trio. The sandboxes are built inside the timed region, as a
   server building one per request would.
2. Gathering: one sandbox whose code gathers 50 calls of the same 20 ms tool
   (``await asyncio.gather(...)``). Target: under 60 ms in all.
3. Computing: the worst gap of a task ticking every 5 ms beside 1 and 100
   sandboxes computing ``while True: pass`` (gap minus the 5 ms tick).

``--gc-threshold N`` first sets the garbage collector's first threshold to N, as
a host application may (``gc.set_threshold(N, ...)``; CPython's default is 700):
the library never changes it, see docs/async.md.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from typing import Any

import anyio

from littrs import Sandbox, TimeLimitError
from littrs.async_host import capture_async

SANDBOXES = 1000
SLEEP = 0.020
TARGET_RATIO = 1.5
GATHERED = 50
GATHER_TARGET_MS = 60.0
GATHER_SOURCE = f"""
import asyncio
results = await asyncio.gather(*[fetch(i) for i in range({GATHERED})])
sum(results)
"""
SOURCE = """
a = fetch(1)
b = fetch(a + 1)
c = fetch(b + 1)
c
"""


async def fetch(x: int) -> int:
    await anyio.sleep(SLEEP)
    return x


def _sandbox() -> Sandbox:
    sb = Sandbox()
    sb.tool(fetch)
    return sb


async def _plain_job() -> int:
    a = await fetch(1)
    b = await fetch(a + 1)
    return await fetch(b + 1)


async def _littrs_job() -> int:
    value, _ = await capture_async(_sandbox(), SOURCE)
    return value


async def _all(job: Any, *args: Any) -> float:
    """Wall seconds for ``SANDBOXES`` copies of ``job`` in one task group."""
    gc.collect()  # every sample starts from the same heap
    start = time.perf_counter()
    async with anyio.create_task_group() as group:
        for index in range(SANDBOXES):
            group.start_soon(job, *args[index : index + 1])
    return time.perf_counter() - start


async def _prebuilt_job(sb: Sandbox) -> None:
    await capture_async(sb, SOURCE)


async def _waiting(repeat: int) -> dict[str, float]:
    assert await _littrs_job() == 3
    plain, sandboxed, prebuilt = [], [], []
    for _ in range(repeat):
        plain.append(await _all(_plain_job))
        sandboxed.append(await _all(_littrs_job))
        sandboxes = [_sandbox() for _ in range(SANDBOXES)]  # built, tools not yet bound
        prebuilt.append(await _all(_prebuilt_job, *sandboxes))
    p, s, b = (statistics.median(x) for x in (plain, sandboxed, prebuilt))
    return {"plain_ms": p * 1e3, "littrs_ms": s * 1e3, "ratio": s / p, "prebuilt_ms": b * 1e3}


async def _gathering(repeat: int) -> dict[str, float]:
    """Wall ms of one sandbox gathering ``GATHERED`` calls (median of ``repeat``)."""
    times = []
    for _ in range(repeat):
        sb = _sandbox()
        start = time.perf_counter()
        value, _ = await capture_async(sb, GATHER_SOURCE)
        times.append(time.perf_counter() - start)
        assert value == sum(range(GATHERED))
    return {"ms": statistics.median(times) * 1e3}


async def _stall(busy: int, seconds: float) -> dict[str, float]:
    """Gaps of a 5 ms ticker beside ``busy`` computing sandboxes (ms beyond the tick)."""
    gaps: list[float] = []
    done = False

    async def ticker() -> None:
        last = time.perf_counter()
        while not done:
            await anyio.sleep(0.005)
            now = time.perf_counter()
            gaps.append((now - last - 0.005) * 1e3)
            last = now

    async def compute() -> None:
        sb = Sandbox()
        sb.limit(max_duration=seconds / busy)  # counts this sandbox's own computing only
        try:
            await capture_async(sb, "while True: pass")
        except TimeLimitError:
            pass

    async with anyio.create_task_group() as outer:
        outer.start_soon(ticker)
        async with anyio.create_task_group() as group:
            for _ in range(busy):
                group.start_soon(compute)
        done = True
    gaps.sort()
    return {"p50_ms": statistics.median(gaps), "max_ms": gaps[-1], "ticks": len(gaps)}


async def _measure(repeat: int, seconds: float) -> dict[str, Any]:
    return {
        "waiting": await _waiting(repeat),
        "gathering": await _gathering(repeat),
        "stall_1": await _stall(1, seconds),
        "stall_100": await _stall(100, seconds),
    }


def report(backend: str, figures: dict[str, Any]) -> str:
    w = figures["waiting"]
    lines = [
        f"| {backend}: {SANDBOXES:,} sandboxes x 3 awaits of {SLEEP * 1e3:g} ms | figure "
        "| target | met |",
        "|---|---|---|---|",
        f"| plain tasks | {w['plain_ms']:.1f} ms | | |",
        f"| littrs | {w['littrs_ms']:.1f} ms = {w['ratio']:.2f}x | ≤ {TARGET_RATIO:g}x | "
        f"{'yes' if w['ratio'] <= TARGET_RATIO else 'no'} |",
        f"| littrs, sandboxes built before timing | {w['prebuilt_ms']:.1f} ms = "
        f"{w['prebuilt_ms'] / w['plain_ms']:.2f}x | | |",
    ]
    g = figures["gathering"]["ms"]
    lines.append(
        f"| one sandbox gathering {GATHERED} calls of {SLEEP * 1e3:g} ms | {g:.1f} ms | "
        f"< {GATHER_TARGET_MS:g} ms | {'yes' if g < GATHER_TARGET_MS else 'no'} |"
    )
    for busy in (1, 100):
        s = figures[f"stall_{busy}"]
        lines.append(
            f"| 5 ms ticker beside {busy} busy sandbox{'es' if busy > 1 else ''}: "
            f"lateness p50 / max | {s['p50_ms']:.2f} / {s['max_ms']:.2f} ms | | |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.async_bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke run)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--gc-threshold", type=int, metavar="N", help="host setting: gc.set_threshold(N, ...)"
    )
    args = parser.parse_args(argv)
    if args.gc_threshold is not None:
        gc.set_threshold(args.gc_threshold, *gc.get_threshold()[1:])
        print(f"(host setting: gc.set_threshold{gc.get_threshold()})\n")
    repeat, seconds = (3, 0.5) if args.quick else (9, 2.0)
    results = {}
    for backend in ("asyncio", "trio"):
        print(f"  {backend} ...", file=sys.stderr, flush=True)
        results[backend] = anyio.run(_measure, repeat, seconds, backend=backend)
        print(report(backend, results[backend]))
        print()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
