"""Memory accounting for ``max_memory``: measured, and checked before big allocations.

Two mechanisms meet here. Operations whose result can be big (repetition,
concatenation, slicing, copies, ``join``, format widths) report the size
they are about to allocate: one that alone exceeds the limit is refused
before the host allocates anything, and the sizes add up as *pressure*.
When the pressure reaches a fraction of the limit, and at every slice of
instructions, the meter measures what the process really holds (its
resident set) against what it held when the run started. So a program that
grows by many small steps stops at the limit too, with the host's peak
within the limit plus one slice's worth of small allocations.

The measure is per process: other sandboxes running in the same process at
the same time count against each other's budgets.
"""

from __future__ import annotations

import os

from ..errors import MemoryLimitError

try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
    _STATM: str | None = "/proc/self/statm" if os.path.exists("/proc/self/statm") else None
except (AttributeError, ValueError, OSError):  # pragma: no cover - not Linux
    _PAGE, _STATM = 4096, None


def resident_bytes() -> int:
    """The process's resident set size now (its peak where "now" is not available)."""
    if _STATM is not None:
        with open(_STATM, "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    import resource  # pragma: no cover - not Linux

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # pragma: no cover


class MemoryMeter:
    """One run's memory budget."""

    __slots__ = ("limit", "base", "pressure", "threshold", "used")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.base = resident_bytes()
        self.pressure = 0
        self.threshold = max(limit // 8, 1 << 16)
        self.used = 0

    def error(self) -> MemoryLimitError:
        return MemoryLimitError(f"Memory limit exceeded (limit: {self.limit} bytes)")

    def allocate(self, size: int) -> None:
        """About ``size`` bytes are about to be allocated: refuse or count them."""
        if size > self.limit:
            raise self.error()
        self.pressure += size
        if self.pressure >= self.threshold:
            self.measure(size)

    def measure(self, extra: int = 0) -> None:
        """Compare what the process holds now (plus ``extra`` to come) with the limit."""
        self.used = resident_bytes() - self.base
        self.pressure = 0
        if self.used + extra > self.limit:
            raise self.error()

    def pause(self) -> None:
        """The run stops at a tool call: what the host allocates meanwhile is not the run's."""
        self.used = resident_bytes() - self.base

    def resume(self) -> None:
        self.base = resident_bytes() - self.used
