"""The machine that is running now, for host-side code that needs its limits.

Cost checks deep inside value operations (``'x' * n``, ``format`` widths) need
the running sandbox's budget without threading a machine argument through
every helper; the driver sets this around each step it runs.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from ..errors import MemoryLimitError

current: ContextVar[Any] = ContextVar("littrs_machine")

# Without a memory limit, one operation may still not build more than this.
HARD_CAP = 1 << 31


def check_size(size: int) -> None:
    """Refuse an allocation of about ``size`` bytes that the budget does not allow."""
    machine = current.get(None)
    limit = machine.limits.max_memory if machine is not None else None
    if limit is not None and size > limit:
        raise MemoryLimitError(f"Memory limit exceeded (limit: {limit} bytes)")
    if size > HARD_CAP:
        raise MemoryError()
