"""Frames and argument binding: how a sandbox call becomes a frame.

A frame is plain data (code, locals, cells, value stack, pc), so a paused
run is nothing but a list of frames. Binding follows CPython's rules and
error messages exactly ("f() missing 1 required positional argument: 'x'").
"""

from __future__ import annotations

from typing import Any

from .code import UNBOUND, Code
from .objects import Cell, Function

# How a generator frame hands its yields and its return back to whoever resumed it.
RESUME_FOR = 0  # a FOR_ITER: push the value, or pop the iterator and jump on return
RESUME_NEXT = 1  # next()/send(): push the value, or raise StopIteration on return
RESUME_SEND = 2  # a yield from's SEND: push the value, or replace the iterator and jump
RESUME_CLOSE = 3  # close(): a yield is an error, GeneratorExit/return give None
RESUME_NESTED = 4  # a host-driven nested run: the run itself returns


class Frame:
    """One activation of a code object.

    ``locals`` is a class body's namespace (None elsewhere). ``replay`` is the log of
    what sandbox code answered to the instruction at ``pc`` while it waits to run again
    (see ``Machine.run_direct``). The machine's fastest call path leaves both unset: read
    them with ``getattr(frame, name, None)``.
    """

    __slots__ = (
        "code",
        "fast",
        "cells",
        "stack",
        "pc",
        "globals",
        "generator",
        "locals",
        "replay",
    )

    def __init__(self, code: Code, fast: list, cells: list | None, globals: dict) -> None:
        self.code = code
        self.fast = fast
        self.cells = cells
        self.stack: list = []
        self.pc = 0
        self.globals = globals
        self.generator: Any = None
        self.locals: Any = None
        self.replay: list | None = None

    def __repr__(self) -> str:
        return f"<frame {self.code.qualname} pc={self.pc}>"


def make_cells(code: Code, fast: list, closure: tuple) -> list | None:
    """The cell list of a new frame: its own cells (arguments copied in), then the closure."""
    if not code.cellvars:
        return list(closure) if closure else None
    cells = [Cell() for _ in code.cellvars]
    for slot, index in code.cell_args:
        cells[index].contents = fast[slot]
        fast[slot] = UNBOUND
    if closure:
        cells.extend(closure)
    return cells


def _names(names: list[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"


def bind_arguments(function: Function, args: list, kwargs: dict | None) -> list:
    """Fast locals for a call of ``function``, or CPython's TypeError."""
    code = function.code
    name = function.qualname
    argcount = code.argcount
    fast = [UNBOUND] * code.nlocals
    varnames = code.varnames
    nargs = len(args)
    fast[: min(nargs, argcount)] = args[:argcount]
    slot = argcount + code.kwonlyargcount
    if code.has_varargs:
        fast[slot] = tuple(args[argcount:])
        slot += 1
    if code.has_varkw:
        extra: dict = {}
        fast[slot] = extra
    else:
        extra = None  # type: ignore[assignment]
    if kwargs:
        posonly = code.posonlyargcount
        wrongly_positional = []
        for key, value in kwargs.items():
            try:
                index = varnames.index(key, 0, argcount + code.kwonlyargcount)
            except ValueError:
                index = -1
            if index < posonly:
                if index >= 0 and extra is None:
                    wrongly_positional.append(key)
                    continue
                if extra is None:
                    # CPython names positional-only arguments passed by keyword first.
                    named = [k for k in kwargs if k in varnames[:posonly]]
                    if named:
                        raise TypeError(
                            f"{name}() got some positional-only arguments passed as keyword "
                            f"arguments: '{', '.join(named)}'"
                        )
                    raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
                extra[key] = value
                continue
            if fast[index] is not UNBOUND:
                raise TypeError(f"{name}() got multiple values for argument '{key}'")
            fast[index] = value
        if wrongly_positional:
            raise TypeError(
                f"{name}() got some positional-only arguments passed as keyword arguments: "
                f"'{', '.join(wrongly_positional)}'"
            )
    if nargs > argcount and not code.has_varargs:
        defaults = function.defaults
        kwonly_given = sum(
            1 for key in (kwargs or ()) if key in varnames[argcount : argcount + code.kwonlyargcount]
        )
        if defaults:
            takes = f"from {argcount - len(defaults)} to {argcount}"
        else:
            takes = str(argcount)
        plural = "" if (not defaults and argcount == 1) else "s"
        if kwonly_given:
            given = (
                f"{nargs} positional argument{'s' if nargs != 1 else ''} "
                f"(and {kwonly_given} keyword-only argument{'s' if kwonly_given != 1 else ''}) were"
            )
        else:
            given = f"{nargs} {'was' if nargs == 1 else 'were'}"
        raise TypeError(f"{name}() takes {takes} positional argument{plural} but {given} given")
    if nargs < argcount:
        defaults = function.defaults
        first_default = argcount - len(defaults)
        missing = []
        for index in range(nargs, argcount):
            if fast[index] is UNBOUND:
                if index >= first_default:
                    fast[index] = defaults[index - first_default]
                else:
                    missing.append(varnames[index])
        if missing:
            raise TypeError(
                f"{name}() missing {len(missing)} required positional argument"
                f"{'s' if len(missing) > 1 else ''}: {_names(missing)}"
            )
    if code.kwonlyargcount:
        kwdefaults = function.kwdefaults or {}
        missing = []
        for index in range(argcount, argcount + code.kwonlyargcount):
            if fast[index] is UNBOUND:
                key = varnames[index]
                if key in kwdefaults:
                    fast[index] = kwdefaults[key]
                else:
                    missing.append(key)
        if missing:
            raise TypeError(
                f"{name}() missing {len(missing)} required keyword-only argument"
                f"{'s' if len(missing) > 1 else ''}: {_names(missing)}"
            )
    return fast
