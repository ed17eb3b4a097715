"""Run many sandboxes at once in one event loop, with a bound on how many run together."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import anyio

from .driver import capture_async

if TYPE_CHECKING:
    from ..sandbox import Sandbox


@dataclass
class RunResult:
    """One sandbox's outcome: its value and printed lines, or the error that ended it."""

    value: Any = None
    printed: list[str] = field(default_factory=list)
    error: Exception | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


async def run_many(
    jobs: Iterable[tuple[Sandbox, str]],
    *,
    limit: int | anyio.CapacityLimiter = 100,
    timeout: float | None = None,
) -> list[RunResult]:
    """Run each ``(sandbox, code)`` job; at most ``limit`` at a time; results in job order.

    An error of one job (a sandbox exception, a limit, its ``timeout``) is its
    result and does not stop the others; cancelling the caller stops them all.
    Pass a shared :class:`anyio.CapacityLimiter` as ``limit`` to bound runs
    across calls (say, across the requests of a web server).
    """
    if isinstance(limit, anyio.CapacityLimiter):
        limiter = limit
    elif isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1:
        limiter = anyio.CapacityLimiter(limit)
    else:
        raise ValueError(f"limit must be a positive int or a CapacityLimiter, not {limit!r}")
    jobs = list(jobs)
    results: list[RunResult] = [RunResult() for _ in jobs]

    async def one(result: RunResult, sandbox: Sandbox, code: str) -> None:
        async with limiter:
            try:
                result.value, result.printed = await capture_async(sandbox, code, timeout=timeout)
            except Exception as error:  # noqa: BLE001 - the job's outcome
                result.error = error
                result.printed = list(getattr(error, "printed", []))

    async with anyio.create_task_group() as group:
        for result, (sandbox, code) in zip(results, jobs):
            group.start_soon(one, result, sandbox, code)
    return results
