"""Snapshot cost: dump + load of a paused run, beside pickle of the same data.

The run is paused with a list of 1,000 dicts in a variable and three frames on
the stack. Targets: dump + load under 5 ms; the blob smaller than 1.5x the JSON
encoding of the same data.
"""

from __future__ import annotations

import json
import pickle
import statistics
import time

from littrs import Sandbox

SOURCE = """
records = [{"id": i, "name": "item" + str(i), "price": i * 1.5, "tags": ["a", "b"],
            "active": i % 2 == 0} for i in range(1000)]
def outer(rows):
    return middle(rows)
def middle(rows):
    return inner(rows)
def inner(rows):
    return approve(len(rows))
outer(records)
"""

DUMP_LOAD_TARGET_MS = 5.0
SIZE_TARGET_RATIO = 1.5


def _sandbox() -> Sandbox:
    sb = Sandbox()
    sb.declare("approve")
    return sb


def measure(repeat: int) -> dict[str, float]:
    """Medians of dump, load, pickle round trips; blob and JSON sizes."""
    step = _sandbox().start(SOURCE)
    loader = _sandbox()
    loader.load(step.dump())
    data = loader["records"]  # the same data, as host values
    dumps, loads, pickles = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        blob = step.dump()
        middle = time.perf_counter()
        loader.load(blob)
        end = time.perf_counter()
        dumps.append(middle - start)
        loads.append(end - middle)
        start = time.perf_counter()
        pickle.loads(pickle.dumps(data))
        pickles.append(time.perf_counter() - start)
    blob = step.dump()
    return {
        "dump_ms": statistics.median(dumps) * 1e3,
        "load_ms": statistics.median(loads) * 1e3,
        "pickle_roundtrip_ms": statistics.median(pickles) * 1e3,
        "blob_bytes": len(blob),
        "json_bytes": len(json.dumps(data)),
        "pickle_bytes": len(pickle.dumps(data)),
    }


def report(figures: dict[str, float]) -> str:
    total = figures["dump_ms"] + figures["load_ms"]
    ratio = figures["blob_bytes"] / figures["json_bytes"]
    return "\n".join(
        [
            "| snapshot (1,000 dicts, 3 frames) | figure | target | met |",
            "|---|---|---|---|",
            f"| dump + load | {figures['dump_ms']:.2f} + {figures['load_ms']:.2f} = "
            f"{total:.2f} ms | ≤ {DUMP_LOAD_TARGET_MS:g} ms | "
            f"{'yes' if total <= DUMP_LOAD_TARGET_MS else 'no'} |",
            f"| pickle round trip of the data alone | {figures['pickle_roundtrip_ms']:.2f} ms | |"
            " |",
            f"| blob size | {figures['blob_bytes']:,} B = {ratio:.2f}x the data's JSON "
            f"({figures['json_bytes']:,} B; pickle {figures['pickle_bytes']:,} B) | "
            f"≤ {SIZE_TARGET_RATIO:g}x | {'yes' if ratio <= SIZE_TARGET_RATIO else 'no'} |",
        ]
    )
