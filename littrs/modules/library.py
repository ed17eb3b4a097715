"""Standard modules written in sandbox Python (``enum``, ``dataclasses``, ``abc``...).

A module whose functions call back into sandbox code (a dataclass's ``__init__``, an
enum's metaclass, ``functools.reduce``) is best written as sandbox code itself: its
functions run as VM frames, pausable and paid for like any other, and its classes are
sandbox classes. Its source is compiled once per process; each sandbox that imports
it runs the module body in a namespace of its own (holding the host helpers the
module needs), so no sandbox sees another's changes to it. Its frames are left out of
tracebacks, as CPython's C modules are; snapshots name its code by module, not by text.
"""

from __future__ import annotations

from typing import Any

from ..vm.code import UNBOUND, Code, FunctionTemplate
from ..vm.compiler import compile_uncached
from ..vm.context import current
from ..vm.frames import Frame
from ..vm.objects import Module

_CODES: dict[str, Code] = {}
SOURCES: dict[str, str] = {}  # module name -> source, for snapshots to find its code


def library_code(name: str, source: str) -> Code:
    """The code of the library module ``name`` (compiled on first use)."""
    code = _CODES.get(name)
    if code is None:
        code = _CODES[name] = compile_uncached(source)
        _mark(code, name)
        SOURCES[name] = source
    return code


def _mark(code: Code, name: str) -> None:
    code.library = name
    code.kind = "prelude"  # hidden from tracebacks, as a C module's frames are
    code.uses_async = False
    for _, arg in code.instrs:
        if isinstance(arg, FunctionTemplate):
            _mark(arg.code, name)


def load_library(name: str, source: str, helpers: dict[str, Any] | None = None) -> Module:
    """Run the module's body for the running sandbox; its module object."""
    code = library_code(name, source)
    namespace: dict[str, Any] = {"__name__": name, **(helpers or {})}
    frame = Frame(code, [UNBOUND] * code.nlocals, None, namespace)
    machine = current.get(None)
    if machine is not None:
        machine.run_nested(frame)
        return Module(name, namespace)
    from ..vm.builtins import make_builtins
    from ..vm.machine import Machine

    machine = Machine({}, make_builtins())  # made outside a run (listing a module's names)
    token = current.set(machine)
    try:
        machine.start_budget()
        machine.run_nested(frame)
    finally:
        current.reset(token)
    return Module(name, namespace)
