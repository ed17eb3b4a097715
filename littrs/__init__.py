"""littrs: a Python sandbox for code written by language models."""

from .errors import (
    InstructionLimitError,
    LimitError,
    MemoryLimitError,
    OutputLimitError,
    RecursionLimitError,
    SandboxError,
    SnapshotError,
    TimeLimitError,
)
from .pending import Complete, PendingCall, PendingCalls
from .sandbox import Sandbox

__all__ = [  # noqa: RUF022 - grouped: eager names, then the lazy async ones
    "RunResult",
    "run_many",
    "Complete",
    "PendingCall",
    "PendingCalls",
    "SnapshotError",
    "InstructionLimitError",
    "LimitError",
    "MemoryLimitError",
    "OutputLimitError",
    "RecursionLimitError",
    "Sandbox",
    "SandboxError",
    "TimeLimitError",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """The async helpers load anyio, so they are imported on first use."""
    if name in ("run_many", "RunResult"):
        from . import async_host

        return getattr(async_host, name)
    raise AttributeError(f"module 'littrs' has no attribute {name!r}")
