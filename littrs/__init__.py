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
from .pending import Complete, PendingCall
from .sandbox import Sandbox

__all__ = [
    "Complete",
    "PendingCall",
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
