"""Executed coverage: which opcodes the machine dispatched and which builtins sandbox code called.

The machine's dispatch loop has no hook, on purpose: a hook costs every
instruction of every run. The fuzzer instruments it from outside instead.
:func:`traced_execute` reads the source of :meth:`Machine.execute`, inserts one
call right after the instruction fetch (``opcode, arg = instrs[pc]``) and
compiles that copy against the machine module's globals; :meth:`Coverage.tracing`
installs the copy on :class:`Machine` for the duration of a ``with`` block.
Outside the block, and in every process that never imports this module, the
machine is the untouched original.

What counts:

- an **opcode** when the loop fetched it, which is when it is dispatched (its
  handler may then raise: it still ran). Code that is compiled but never
  reached (a dead branch, a function never called) counts for nothing;
- a **builtin** (a name of the sandbox's builtins namespace) when a ``CALL``,
  ``CALL_KW`` or ``CALL_EX`` instruction calls it, directly or through
  another name; the few that are values, not callables (``Ellipsis``,
  ``NotImplemented``, ``__name__``), when a ``LOAD_GLOBAL`` loads them;
- a **module function** (``math.floor``, ``json.dumps``, ``asyncio.run``, ...)
  the same way as a builtin;
- a **method** (``str.join``, ``list.sort``, ``generator.send``, ``Task.cancel``)
  when a call instruction calls it bound or unbound. It is named after the class
  that defines it (``True.bit_length`` is ``int.bit_length``).

A builtin the host calls for the sandbox (``map(abs, xs)`` calling ``abs`` in C),
or the prelude does (the event loop's ``coro.send``), is not counted: only what
the program's code calls.
"""

from __future__ import annotations
import __future__

import ast
import inspect
import textwrap
import types
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from littrs import Sandbox
from littrs.files import FileSystem
from littrs.modules import STANDARD_MODULES
from littrs.vm import aio, aio_locks, aio_taskgroup, aio_wait
from littrs.vm import machine as machine_module
from littrs.vm import opcodes as op
from littrs.vm.attributes import METHODS, VMMethod
from littrs.vm.code import MethodArity
from littrs.vm.generators import GENERATOR_METHODS
from littrs.vm.objects import BoundBuiltin, Builtin, Coroutine, Function, Generator

FETCH = "opcode, arg = instrs[pc]"
HOOK = "_fuzz_dispatched"


def traced_execute(hook: Callable[[int, Any, list, Any, dict, dict], None]) -> Callable[..., Any]:
    """A copy of ``Machine.execute`` that calls ``hook(opcode, arg, stack, code, globals,
    builtins)`` at each dispatch (the namespaces name what a fused call instruction calls)."""
    original = machine_module.Machine.execute
    tree = ast.parse(textwrap.dedent(inspect.getsource(original)))
    ast.increment_lineno(tree, original.__code__.co_firstlineno - 1)
    call = ast.parse(f"{HOOK}(opcode, arg, stack, code, globals_, builtins)").body[0]
    inserted = 0
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if not isinstance(block, list):
                continue
            for index, statement in enumerate(block):
                if isinstance(statement, ast.stmt) and ast.unparse(statement) == FETCH:
                    block.insert(index + 1, ast.copy_location(call, statement))
                    inserted += 1
                    break
    # The fetch is what the instrumentation hangs on: if the loop changed shape, say so.
    assert inserted == 1, f"Machine.execute has {inserted} '{FETCH}' lines, expected 1"
    ast.fix_missing_locations(tree)
    code = compile(tree, inspect.getfile(original), "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    namespace = dict(vars(machine_module))
    namespace[HOOK] = hook
    exec(code, namespace)  # noqa: S102 - our own source, rewritten
    traced = namespace[original.__name__]
    traced.__qualname__ = original.__qualname__
    traced.__doc__ = original.__doc__
    return traced


# -- what there is to cover -------------------------------------------------------------

_VALUES = ("Ellipsis", "NotImplemented", "__name__")  # builtins that are not called
ASYNC_TYPES = (aio.Future, aio.Task, *aio_locks.PRIMITIVE_TYPES, aio_taskgroup.TaskGroup,
               aio_wait.Timeout)
"""The asyncio types sandbox code gets instances of (gather's future is a Future to it)."""
_RUNS: dict[int, str] = {}
"""Module functions by what they run (a host function, a code object): some modules make
their function objects afresh for every sandbox (``asyncio.timeout``, ``asyncio.run``)."""
_EXCEPTION_METHODS = ("with_traceback", "add_note")


def _defining_class(t: type, name: str) -> type:
    for klass in t.__mro__:
        if name in vars(klass):
            return klass
    return t


def method_key(owner: Any, name: str) -> str:
    """``str.join``: the class that defines method ``name`` of ``owner`` (an object or a type)."""
    if type(owner) is Generator:
        return f"generator.{name}"
    if type(owner) is Coroutine:
        return f"coroutine.{name}"
    if isinstance(owner, BaseException) and name in _EXCEPTION_METHODS:
        return f"BaseException.{name}"
    t = owner if isinstance(owner, type) else type(owner)
    return f"{_defining_class(t, name).__name__}.{name}"


def _universe() -> tuple[dict[int, tuple[str, ...]], set[str], set[str], set[str]]:
    """Ids of the callables to name, and the builtin, module-function and method names.

    One object may have several names (``OSError``, ``IOError``, ``EnvironmentError``):
    calling it counts for all of them.
    """
    names: dict[int, tuple[str, ...]] = {}
    builtins = set()
    for name, value in Sandbox()._builtins.items():  # what every sandbox starts with
        builtins.add(name)
        if name not in _VALUES and name != "open":  # open: one per sandbox, see _method_name
            names[id(value)] = (*names.get(id(value), ()), name)
    functions = set()
    for module_name, make in STANDARD_MODULES.items():
        again = make().namespace
        for name, value in make().namespace.items():
            if name.startswith("_"):
                continue
            if type(value) is Builtin:
                names[id(value)] = (f"{module_name}.{name}",)
                if again[name] is not value:  # made afresh for each sandbox
                    _RUNS[id(value.fn)] = f"{module_name}.{name}"
                functions.add(f"{module_name}.{name}")
            elif type(value) is Function:  # asyncio.run, sleep, wait...: sandbox code (prelude)
                _RUNS[id(value.code)] = f"{module_name}.{name}"
                functions.add(f"{module_name}.{name}")
    methods = {f"{kind}.{name}" for kind in ("generator", "coroutine") for name in GENERATOR_METHODS}
    methods.update(f"BaseException.{name}" for name in _EXCEPTION_METHODS)
    for t, table in METHODS.items():
        if t.__module__ != "builtins" and t not in ASYNC_TYPES:  # file objects: only with mounts
            continue
        for name, entry in table.items():
            if type(entry) is VMMethod or callable(entry):
                methods.add(method_key(t, name))
    return names, builtins, functions, methods


_NAMES, BUILTINS, MODULE_FUNCTIONS, METHOD_NAMES = _universe()
# The ids above stay valid: the objects are shared and live as long as the process.
_DESCRIPTORS = (types.MethodDescriptorType, types.ClassMethodDescriptorType)


# -- recording ---------------------------------------------------------------------------------

@dataclass
class Coverage:
    """Opcodes dispatched and callables called while :meth:`tracing` is active."""

    opcodes: Counter[int] = field(default_factory=Counter)
    called: Counter[str] = field(default_factory=Counter)

    def dispatched(self, opcode: int, arg: Any, stack: list, code: Any, globals_: dict,
                   builtins: dict) -> None:
        """The hook: count ``opcode``; for a call in sandbox code, name what is called."""
        self.opcodes[opcode] += 1
        if code.kind == "prelude":  # the loop's coro.send(), sorted's key calls: not the program's
            return
        if opcode is op.CALL:
            if type(arg) is int:
                func = stack[-arg - 1]
            elif type(arg) is MethodArity:  # after LOAD_METHOD: the callable, then self
                func = stack[-arg.n - 2]
            else:  # fused: a global called with a fast local, arg[0] names the global
                func = globals_.get(arg[0], builtins.get(arg[0]))
        elif opcode is op.CALL_KW:
            func = stack[-arg[0] - len(arg[1]) - 1]
        elif opcode is op.CALL_EX:
            func = stack[-3 if arg else -2]
        elif opcode is op.LOAD_GLOBAL:
            if arg in _VALUES:
                self.called[arg] += 1
            return
        else:
            return
        names = _NAMES.get(id(func))
        if names is None:
            method = _method_name(func)
            names = () if method is None else (method,)
        for name in names:
            self.called[name] += 1

    @contextmanager
    def tracing(self) -> Iterator[Coverage]:
        """Run every machine with the traced dispatch loop inside the block."""
        original = machine_module.Machine.execute
        machine_module.Machine.execute = traced_execute(self.dispatched)  # type: ignore[method-assign]
        try:
            yield self
        finally:
            machine_module.Machine.execute = original  # type: ignore[method-assign]

    def missing(self) -> dict[str, list[str]]:
        """What was never exercised, by kind (opcodes in table order)."""
        return {
            "opcodes": [name for number, name in enumerate(op.OPCODES) if not self.opcodes[number]],
            "builtins": sorted(BUILTINS - set(self.called)),
            "module functions": sorted(MODULE_FUNCTIONS - set(self.called)),
            "methods": sorted(METHOD_NAMES - set(self.called)),
        }

    def report(self) -> str:
        """Covered counts and the names never exercised, one line per kind."""
        missing = self.missing()
        totals = {"opcodes": len(op.OPCODES), "builtins": len(BUILTINS),
                  "module functions": len(MODULE_FUNCTIONS), "methods": len(METHOD_NAMES)}
        lines = []
        for kind, total in totals.items():
            verb = "dispatched" if kind == "opcodes" else "called"
            lines.append(f"{kind} {verb}: {total - len(missing[kind])}/{total}")
            lines.append(f"  never {verb}: {', '.join(missing[kind]) or '-'}")
        rare = sorted((count, op.OPCODES[number]) for number, count in self.opcodes.items())[:8]
        lines.append("rarest opcodes: " + ", ".join(f"{name} ({count})" for count, name in rare))
        return "\n".join(lines)


def _method_name(func: Any) -> str | None:
    t = type(func)
    if t is Function:
        return _RUNS.get(id(func.code))
    if t is Builtin and type(func.fn) is FileSystem:  # open() calls the file system itself
        return "open"
    if t is BoundBuiltin:
        return method_key(func.self, func.name)
    if t is Builtin and id(func.fn) in _RUNS:
        return _RUNS[id(func.fn)]
    if t is Builtin and "." in func.name:  # an unbound VM method reached through its type
        owner, _, name = func.name.partition(".")
        return f"{owner}.{name}" if f"{owner}.{name}" in METHOD_NAMES else None
    if t is types.BuiltinFunctionType:  # a bound host method, or a function of a host module
        owner = func.__self__
        if owner is None:  # a static method: str.maketrans
            return func.__qualname__ if func.__qualname__ in METHOD_NAMES else None
        if isinstance(owner, types.ModuleType):
            return None
        return method_key(owner, func.__name__)
    if t in _DESCRIPTORS:  # an unbound host method: str.upper('a')
        return method_key(func.__objclass__, func.__name__)
    return None
