"""The methods of sandbox generators: send, throw and close.

Each returns a request for the machine, which resumes the generator's frame
on its own frame stack: the generator's code runs as VM frames, pausable
like any other.
"""

from __future__ import annotations

from typing import Any

from .frames import RESUME_CLOSE, RESUME_NEXT
from .objects import Generator, ResumeRequest


def _send(vm: Any, generator: Generator, value: Any) -> ResumeRequest:
    return ResumeRequest(generator, value, None, RESUME_NEXT)


def _throw(
    vm: Any, generator: Generator, kind: Any = None, value: Any = None, traceback: Any = None
) -> ResumeRequest:
    if isinstance(kind, type) and issubclass(kind, BaseException):
        if isinstance(value, kind):
            exc = value
        elif value is None:
            exc = kind()
        elif isinstance(value, tuple):
            exc = kind(*value)
        else:
            exc = kind(value)
    elif isinstance(kind, BaseException):
        if value is not None:
            raise TypeError("instance exception may not have a separate value")
        exc = kind
    else:
        raise TypeError(
            "exceptions must be classes or instances deriving from BaseException, "
            f"not {type(kind).__name__}"
        )
    return ResumeRequest(generator, None, exc, RESUME_NEXT)


def _close(vm: Any, generator: Generator) -> ResumeRequest | None:
    return ResumeRequest(generator, None, GeneratorExit(), RESUME_CLOSE)


GENERATOR_METHODS = {"send": _send, "throw": _throw, "close": _close}
