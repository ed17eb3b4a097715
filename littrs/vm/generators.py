"""The methods of sandbox generators: send, throw and close.

Each returns a request for the machine, which resumes the generator's frame
on its own frame stack: the generator's code runs as VM frames, pausable
like any other.
"""

from __future__ import annotations

from typing import Any

from .clinic import check_positional, exactly_one, no_arguments, no_keywords
from .frames import RESUME_CLOSE, RESUME_NEXT
from .objects import Generator, ResumeRequest


def _send(vm: Any, generator: Generator, *args: Any, **kwargs: Any) -> ResumeRequest:
    value = exactly_one("generator.send", args, kwargs)
    return ResumeRequest(generator, value, None, RESUME_NEXT)


def _throw(vm: Any, generator: Generator, *args: Any, **kwargs: Any) -> ResumeRequest:
    no_keywords("generator.throw", kwargs)
    check_positional("throw", args, 1, 3)
    kind, value = args[0], args[1] if len(args) > 1 else None
    if len(args) == 3 and args[2] is not None:
        raise TypeError("throw() third argument must be a traceback object")
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


def _close(vm: Any, generator: Generator, *args: Any, **kwargs: Any) -> ResumeRequest | None:
    no_arguments("generator.close", args, kwargs)
    return ResumeRequest(generator, None, GeneratorExit(), RESUME_CLOSE)


GENERATOR_METHODS = {"send": _send, "throw": _throw, "close": _close}
