"""CPython's argument errors for the builtins littrs implements in Python.

A builtin written in C parses its arguments with one of a few helpers
(Argument Clinic and ``Python/getargs.c``), and each has its own wording:
``next expected at least 1 argument, got 0``, ``repr() takes exactly one
argument (2 given)``, ``'x' is an invalid keyword argument for sort()``. A
Python function with the same parameters would say ``missing 1 required
positional argument`` instead, so the VM's builtins take ``*args, **kwargs``
and check them here, with the wording of the C helper their CPython
counterpart uses (the name of each function below is that helper's).

Methods called as ``obj.method(...)`` name themselves by their qualified name
(``str.join() takes no keyword arguments``) where CPython's method descriptors
do; the callers pass the name CPython prints.
"""

from __future__ import annotations

from typing import Any

from .prelude import MISSING

__all__ = ["MISSING", "bad_argument", "check_positional", "exactly_one", "no_arguments",
           "no_keywords", "positional_only", "unpack_keywords"]


def no_keywords(name: str, kwargs: dict | None) -> None:
    """``_PyArg_NoKeywords``: ``next() takes no keyword arguments``."""
    if kwargs:
        raise TypeError(f"{name}() takes no keyword arguments")


def check_positional(name: str, args: tuple | list, minimum: int, maximum: int) -> None:
    """``_PyArg_CheckPositional``: ``next expected at least 1 argument, got 0``."""
    count = len(args)
    if count < minimum:
        qualifier = "" if minimum == maximum else "at least "
        plural = "" if minimum == 1 else "s"
        raise TypeError(f"{name} expected {qualifier}{minimum} argument{plural}, got {count}")
    if count > maximum:
        qualifier = "" if minimum == maximum else "at most "
        plural = "" if maximum == 1 else "s"
        raise TypeError(f"{name} expected {qualifier}{maximum} argument{plural}, got {count}")


def positional_only(name: str, args: tuple | list, kwargs: dict | None, minimum: int,
                    maximum: int) -> None:
    """A ``METH_FASTCALL`` function: keywords refused first, then the count checked."""
    no_keywords(name, kwargs)
    check_positional(name, args, minimum, maximum)


def exactly_one(name: str, args: tuple | list, kwargs: dict | None) -> Any:
    """``METH_O``: ``repr() takes exactly one argument (2 given)``; the argument."""
    no_keywords(name, kwargs)
    if len(args) != 1:
        raise TypeError(f"{name}() takes exactly one argument ({len(args)} given)")
    return args[0]


def no_arguments(name: str, args: tuple | list, kwargs: dict | None) -> None:
    """``METH_NOARGS``: ``generator.close() takes no arguments (1 given)``."""
    no_keywords(name, kwargs)
    if args:
        raise TypeError(f"{name}() takes no arguments ({len(args)} given)")


def unpack_keywords(
    name: str,
    args: tuple | list,
    kwargs: dict | None,
    keywords: tuple[str, ...],
    *,
    posonly: int = 0,
    minpos: int = 0,
    maxpos: int | None = None,
    minkw: int = 0,
) -> list:
    """``_PyArg_UnpackKeywords``: the values of all parameters, :data:`MISSING` where absent.

    ``keywords`` names the parameters that may be passed by keyword, after the
    ``posonly`` positional-only ones; ``minpos``/``maxpos`` bound the positional
    arguments and ``minkw`` counts the required keyword-only parameters, as in
    the clinic declaration of the CPython function.
    """
    maxargs = posonly + len(keywords)
    if maxpos is None:
        maxpos = maxargs
    reqlimit = maxpos + minkw if minkw else minpos
    nargs = len(args)
    kwargs = kwargs or {}
    nkwargs = len(kwargs)
    values = list(args) + [MISSING] * (maxargs - nargs)
    if nkwargs == 0 and minkw == 0 and minpos <= nargs <= maxpos:
        return values
    if nargs + nkwargs > maxargs:
        raise TypeError(
            f"{name}() takes at most {maxargs} {'keyword ' if nargs == 0 else ''}"
            f"argument{'' if maxargs == 1 else 's'} ({nargs + nkwargs} given)"
        )
    if nargs > maxpos:
        if maxpos == 0:
            raise TypeError(f"{name}() takes no positional arguments")
        raise TypeError(
            f"{name}() takes {'at most' if minpos < maxpos else 'exactly'} {maxpos} "
            f"positional argument{'' if maxpos == 1 else 's'} ({nargs} given)"
        )
    minposonly = min(posonly, minpos)
    if nargs < minposonly:
        raise TypeError(
            f"{name}() takes {'at least' if minposonly < maxpos else 'exactly'} {minposonly} "
            f"positional argument{'' if minposonly == 1 else 's'} ({nargs} given)"
        )
    remaining = nkwargs
    for index in range(max(nargs, posonly), maxargs):
        if remaining:
            value = kwargs.get(keywords[index - posonly], MISSING)
        elif index >= reqlimit:
            break
        else:
            value = MISSING
        values[index] = value
        if value is not MISSING:
            remaining -= 1
        elif index < minpos or maxpos <= index < reqlimit:
            raise TypeError(
                f"{name}() missing required argument '{keywords[index - posonly]}' "
                f"(pos {index + 1})"
            )
    if remaining:
        for index in range(posonly, nargs):
            keyword = keywords[index - posonly]
            if keyword in kwargs:
                raise TypeError(
                    f"argument for {name}() given by name ('{keyword}') and position ({index + 1})"
                )
        for keyword in kwargs:
            if keyword not in keywords:
                raise TypeError(f"'{keyword}' is an invalid keyword argument for {name}()")
    return values


def bad_argument(name: str, argument: str, expected: str, value: Any) -> TypeError:
    """``_PyArg_BadArgument``: ``encode() argument 'encoding' must be str, not int``."""
    got = "None" if value is None else type(value).__name__
    return TypeError(f"{name}() {argument} must be {expected}, not {got}")
