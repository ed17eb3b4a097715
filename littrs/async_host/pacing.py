"""Pacing: how often a computing sandbox lets the event loop run, and who computes next.

Two problems, two parts.

*Slices of unknown cost.* The machine checks in every ``slice_size``
instructions, but one instruction may do O(n) work (``sorted`` of a long
list), so a slice of a fixed size can take a microsecond or a second.
The driver measures each slice's cost per instruction and sizes the
following slices to about ``CHECK_SECONDS`` (:func:`slice_after`); the first
is ``FIRST_SLICE``, small, so that costly code is caught early. Checkpoints
are cheap when nothing else waits, so the driver awaits the loop only once
``YIELD_SECONDS`` of computing have passed.

*Many busy sandboxes.* If every busy sandbox answered its checkpoint with a
plain ``sleep(0)``, all of them would sit in the loop's ready queue and each
would run a slice between two polls of the loop: 100 busy sandboxes would
stall a waiting request for 100 slices. Instead a sandbox computes only while
it holds the loop's single turn (:class:`Turns`); when it yields, it hands the
turn to the next sandbox in line, first come first served, and queues again.
At most one sandbox is runnable at a time, so any other task waits for about
one slice however many sandboxes compute.
"""

from __future__ import annotations

import asyncio
from collections import deque

import anyio
from anyio.lowlevel import RunVar, checkpoint

from ..vm.machine import SLICE

CHECK_SECONDS = 0.0002  # aim of a slice: between two checkpoints
YIELD_SECONDS = 0.001  # computing between two awaits of the event loop
FIRST_SLICE = 64  # instructions: costly instructions are found before they stall the loop
MIN_SLICE = 1
MAX_SLICE = SLICE


def slice_after(size: int, steps: int, computed: float) -> int:
    """The size of the slice after next, from the last: ``steps`` instructions in
    ``computed`` seconds, run by a machine whose next slice has ``size``.

    The slice sized now runs after the next one: aim it at ``CHECK_SECONDS``, but
    grow at most 4x a step. The driver keeps the counts in its own locals: a run
    that never computes a whole slice (it waits on tools) has no pacing object.
    """
    if steps <= 0:
        return size
    if computed > 0.0:
        size = min(int(steps * CHECK_SECONDS / computed), size * 4)
    else:
        size *= 4
    return max(MIN_SLICE, min(MAX_SLICE, size))


class Turns:
    """The turn to compute, for the sandboxes of one event loop."""

    __slots__ = ("owner", "queue", "two_passes")

    def __init__(self, two_passes: bool = False) -> None:
        self.owner: object | None = None
        self.queue: deque[tuple[object, anyio.Event]] = deque()
        # asyncio wakes a task that slept two loop passes after its timer is due (the
        # timer sets a future, the future schedules the task): let both passes go by.
        self.two_passes = two_passes

    async def take(self, who: object) -> None:
        """Wait for the turn (return at once when it is free)."""
        if self.owner is None:
            self.owner = who
            return
        entry = (who, anyio.Event())
        self.queue.append(entry)
        try:
            await entry[1].wait()
        except BaseException:
            if self.owner is who:  # handed over, then cancelled before running
                self.give(who)
            else:
                self.queue.remove(entry)
            raise

    def give(self, who: object) -> None:
        """Hand the turn to the next in line; a no-op unless ``who`` holds it."""
        if self.owner is not who:
            return
        if self.queue:
            self.owner, event = self.queue.popleft()
            event.set()
        else:
            self.owner = None

    async def pass_turn(self, who: object) -> None:
        """Let the event loop run, and a waiting sandbox compute first."""
        if self.queue:
            self.give(who)
            await self.take(who)
        else:
            await checkpoint()
        if self.two_passes:
            await checkpoint()


_TURNS: RunVar[Turns] = RunVar("littrs_turns")


def loop_turns() -> Turns:
    """The turns of the running event loop."""
    try:
        return _TURNS.get()
    except LookupError:
        turns = Turns(two_passes=_on_asyncio())
        _TURNS.set(turns)
        return turns


def _on_asyncio() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
