"""Async hosts: run sandboxes under trio or asyncio (through anyio).

``run_async``/``capture_async`` drive one run, awaiting async tools and
letting the event loop run between slices of instructions; ``run_many`` runs
many sandboxes at once with a bound on concurrency. See docs/async.md.
"""

from .driver import capture_async, run_async
from .many import RunResult, run_many

__all__ = ["RunResult", "capture_async", "run_async", "run_many"]
