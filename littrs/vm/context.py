"""The machine that is running now, for host-side code that needs its limits.

Cost checks deep inside value operations (``'x' * n``, ``format`` widths) need
the running sandbox's budget without threading a machine argument through
every helper; the driver sets this around each step it runs.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

current: ContextVar[Any] = ContextVar("littrs_machine")

# Without a memory limit, one operation may still not build more than this.
HARD_CAP = 1 << 31


def check_size(size: int) -> None:
    """About ``size`` bytes are about to be allocated: refuse them if over budget."""
    machine = current.get(None)
    meter = machine.memory if machine is not None else None
    if meter is not None:
        meter.allocate(size)
    if size > HARD_CAP:
        raise MemoryError()


def charge(units: int) -> None:
    """Pay for ``units`` element operations the host is about to do for the sandbox."""
    machine = current.get(None)
    if machine is not None and units > 64:
        machine.charge(units)


def units_left() -> int | None:
    """How many element operations the running sandbox can still pay for; None: no limit.

    An operation whose cost is only bounded (a comparison that may stop at its
    first difference) is left to the host when its bound fits, and done step by
    step, paying as it goes, when it does not.
    """
    machine = current.get(None)
    return None if machine is None else machine.units_left()
