"""Code objects: what the compiler produces and the machine runs.

A code object is immutable once built and shared by every function made from
it, so the machine can keep per-code facts (the padding for fast locals, which
arguments live in cells) precomputed here instead of on the call path.
"""

from __future__ import annotations

from typing import Any

from . import opcodes


class Unbound:
    """The marker in a fast-local slot that holds no value."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unbound>"


UNBOUND = Unbound()


class NoSelf:
    """What LOAD_METHOD pushes above a callable that is no method to bind: the call
    after it passes no ``self``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<no self>"


NO_SELF = NoSelf()


class MethodArity:
    """The argument of a CALL after LOAD_METHOD: ``n`` positional arguments, below them
    the callable and the object (or NO_SELF) LOAD_METHOD pushed."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __repr__(self) -> str:
        return f"<method call, {self.n} arguments>"


_ARITIES = [MethodArity(n) for n in range(16)]


def method_arity(n: int) -> MethodArity:
    return _ARITIES[n] if n < len(_ARITIES) else MethodArity(n)


class Code:
    """A compiled function body (or module body) and its calling convention."""

    __slots__ = (
        "name",
        "qualname",
        "instrs",
        "lines",
        "exc_table",
        "varnames",
        "cellvars",
        "freevars",
        "argcount",
        "posonlyargcount",
        "kwonlyargcount",
        "has_varargs",
        "has_varkw",
        "is_generator",
        "is_coroutine",
        "uses_async",
        "docstring",
        "firstlineno",
        "source_lines",
        "nlocals",
        "padding",
        "cell_args",
        "simple",
        "plain_argcount",
        "kind",
        "source",
        "path",
        "library",
    )

    def __init__(
        self,
        *,
        name: str,
        qualname: str,
        instrs: list[tuple[int, Any]],
        lines: list[int],
        exc_table: list[tuple[int, int, int, int]],
        varnames: list[str],
        cellvars: list[str],
        freevars: list[str],
        argcount: int = 0,
        posonlyargcount: int = 0,
        kwonlyargcount: int = 0,
        has_varargs: bool = False,
        has_varkw: bool = False,
        is_generator: bool = False,
        is_coroutine: bool = False,
        docstring: str | None = None,
        firstlineno: int = 1,
        source_lines: list[str] | None = None,
        kind: str = "function",
    ) -> None:
        self.name = name
        self.qualname = qualname
        self.instrs = instrs
        self.lines = lines
        self.exc_table = exc_table
        self.varnames = varnames
        self.cellvars = cellvars
        self.freevars = freevars
        self.argcount = argcount
        self.posonlyargcount = posonlyargcount
        self.kwonlyargcount = kwonlyargcount
        self.has_varargs = has_varargs
        self.has_varkw = has_varkw
        self.is_generator = is_generator  # a call makes a suspendable frame (a coroutine too)
        self.is_coroutine = is_coroutine  # ... and it is a coroutine (async def)
        self.uses_async = False  # module code with async def or await: tools are awaitable
        self.docstring = docstring
        self.firstlineno = firstlineno
        self.source_lines = source_lines or []
        self.kind = kind
        self.source = ""  # set by the compiler: the module source this code came from...
        self.path: tuple[int, ...] = ()  # ...and where in it (see compiler._locate)
        self.library: str | None = None  # the standard module written in sandbox Python
        self.nlocals = len(varnames)
        self.padding = [UNBOUND] * (self.nlocals - argcount)
        self.cell_args = [
            (varnames.index(name), index)
            for index, name in enumerate(cellvars)
            if name in varnames[: self.total_args]
        ]
        # A simple code takes exactly `argcount` positional arguments and
        # needs no binding beyond copying them into the first slots.
        self.simple = not (kwonlyargcount or has_varargs or has_varkw)
        # A plain code also needs no cells and makes no generator: the machine's
        # fastest call path takes it when a call passes exactly this many positionals.
        plain = self.simple and not (cellvars or freevars or is_generator)
        self.plain_argcount = argcount if plain else -1

    @property
    def total_args(self) -> int:
        """How many fast slots the parameters take."""
        return (
            self.argcount
            + self.kwonlyargcount
            + int(self.has_varargs)
            + int(self.has_varkw)
        )

    def line_of(self, pc: int) -> int:
        """The source line of the instruction at ``pc``."""
        if 0 <= pc < len(self.lines):
            return self.lines[pc]
        return self.firstlineno

    def __repr__(self) -> str:
        return f"<code {self.qualname}>"


class FunctionTemplate:
    """The argument of MAKE_FUNCTION: a code object and what the stack holds for it."""

    __slots__ = ("code", "has_defaults", "has_kwdefaults", "has_closure")

    def __init__(
        self, code: Code, has_defaults: bool, has_kwdefaults: bool, has_closure: bool
    ) -> None:
        self.code = code
        self.has_defaults = has_defaults
        self.has_kwdefaults = has_kwdefaults
        self.has_closure = has_closure

    def __repr__(self) -> str:
        return f"<template {self.code.qualname}>"


def disassemble(code: Code, *, recursive: bool = True) -> str:
    """A ``dis``-like listing, for debugging and for tests that pin code shape."""
    out = [f"code {code.qualname} (locals {code.varnames}, cells {code.cellvars}"
           f", free {code.freevars})"]
    targets = {
        arg for op, arg in code.instrs if op in opcodes.JUMPS
    } | {handler for _, _, handler, _ in code.exc_table}
    previous_line = None
    nested = []
    for pc, (op, arg) in enumerate(code.instrs):
        line = code.lines[pc]
        line_text = f"{line:>4}" if line != previous_line else "    "
        previous_line = line
        mark = ">>" if pc in targets else "  "
        shown = "" if arg is None else repr(getattr(arg, "__name__", None) or arg)
        out.append(f"{line_text} {mark} {pc:>4} {opcodes.OPCODES[op]:<22} {shown}")
        if isinstance(arg, FunctionTemplate):
            nested.append(arg.code)
    for start, end, handler, depth in code.exc_table:
        out.append(f"  exception [{start}, {end}) -> {handler} depth {depth}")
    if recursive:
        for inner in nested:
            out.append("")
            out.append(disassemble(inner))
    return "\n".join(out)
