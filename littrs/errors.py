"""Exceptions the host sees.

A sandbox exception that nobody caught reaches the host as one type,
:class:`SandboxError`, carrying the sandbox exception's type name, message,
a CPython-style traceback of the sandbox code and whatever the run printed.
Limit errors are a separate family: they are raised by the VM itself, unwind
the whole run, and no sandbox ``except`` or ``finally`` can see them.
"""

from __future__ import annotations


class SandboxError(Exception):
    """An exception raised by sandbox code and not caught there."""

    def __init__(
        self, type_name: str, message: str, traceback: str = "", printed: list[str] | None = None
    ) -> None:
        super().__init__(traceback or (f"{type_name}: {message}" if message else type_name))
        self.type_name = type_name
        self.message = message
        self.traceback = traceback
        self.printed: list[str] = printed if printed is not None else []


class LimitError(RuntimeError):
    """A resource limit was exceeded; the run is over and cannot catch it."""

    def __init__(self, message: str, printed: list[str] | None = None) -> None:
        super().__init__(message)
        self.printed: list[str] = printed if printed is not None else []


class InstructionLimitError(LimitError):
    """More instructions than ``max_instructions``."""


class RecursionLimitError(LimitError):
    """More nested sandbox frames than ``max_recursion_depth``."""


class MemoryLimitError(LimitError):
    """The values a run created grew past ``max_memory``."""


class TimeLimitError(LimitError):
    """The run took longer than ``max_duration`` seconds."""


class OutputLimitError(LimitError):
    """``print`` wrote more than ``max_output`` characters."""


class SnapshotError(ValueError):
    """Bytes that are not a loadable snapshot: truncated, tampered, another version or key."""
