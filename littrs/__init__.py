"""littrs: a Python sandbox for code written by language models."""

from .errors import (
    InstructionLimitError,
    LimitError,
    MemoryLimitError,
    OutputLimitError,
    RecursionLimitError,
    SandboxError,
    TimeLimitError,
)
from .sandbox import Sandbox

__all__ = [
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
