"""Command line: ``python -m bench [--quick] [--only NAME] [--json PATH]``."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys

from . import limits, snapshots
from .runner import Result, measure, table
from .workloads import WORKLOADS

REPEAT = 15
QUICK_REPEAT = 3


def main(argv: list[str] | None = None) -> int:
    names = [w.name for w in WORKLOADS] + ["snapshot", "limits"]
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke run)")
    parser.add_argument(
        "--only",
        action="append",
        choices=names,
        metavar="NAME",
        help=f"run only this workload (repeatable): {', '.join(names)}",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)

    repeat = QUICK_REPEAT if args.quick else REPEAT
    selected = [w for w in WORKLOADS if not args.only or w.name in args.only]
    results: list[Result] = []
    for work in selected:
        print(f"  {work.name} ...", file=sys.stderr, flush=True)
        results.append(measure(work, repeat))
    if results:
        print(table(results))
    snapshot_figures = None
    if not args.only or "snapshot" in args.only:
        print("  snapshot ...", file=sys.stderr, flush=True)
        snapshot_figures = snapshots.measure(repeat * 2)
        print()
        print(snapshots.report(snapshot_figures))
    limit_rows = None
    if not args.only or "limits" in args.only:
        print("  limits ...", file=sys.stderr, flush=True)
        limit_rows = limits.measure(max(3, repeat // 2))
        print()
        print(limits.report(limit_rows))

    if args.json:
        payload = {
            "date": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "repeat": repeat,
            "results": [r.as_dict() for r in results],
            "snapshot": snapshot_figures,
            "limits": limit_rows,
        }
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
