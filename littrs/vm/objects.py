"""The VM's own object types: what sandbox code sees besides builtin values.

Each class is named after the CPython type it stands for (``function``,
``generator``, ``builtin_function_or_method``, ``module``, ``cell``) so that
host error messages that name the type ("'function' object is not
subscriptable") read exactly as CPython's. None of them defines ``__call__``,
``__iter__`` or ``__getattr__`` hooks that would let host code run sandbox code
behind the machine's back; the machine dispatches on their type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.classes import ClassMeta
from .code import UNBOUND, Code


class Cell:
    """A variable shared between a function and the closures made inside it."""

    __slots__ = ("contents",)

    def __init__(self, contents: Any = UNBOUND) -> None:
        self.contents = contents

    def __repr__(self) -> str:
        return f"<cell at {id(self):#x}>"


Cell.__name__ = Cell.__qualname__ = "cell"


class Function:
    """A sandbox function: code plus the environment it was made in."""

    __slots__ = ("code", "globals", "defaults", "kwdefaults", "closure", "name", "qualname", "doc", "attrs")

    def __init__(
        self,
        code: Code,
        globals: dict,
        defaults: tuple = (),
        kwdefaults: dict | None = None,
        closure: tuple = (),
    ) -> None:
        self.code = code
        self.globals = globals
        self.defaults = defaults
        self.kwdefaults = kwdefaults
        self.closure = closure
        self.name = code.name
        self.qualname = code.qualname
        self.doc = code.docstring
        self.attrs: dict | None = None

    def __repr__(self) -> str:
        return f"<function {self.qualname} at {id(self):#x}>"


Function.__name__ = Function.__qualname__ = "function"


class Generator:
    """A suspended sandbox frame of a generator function.

    ``frame`` is None once the generator has finished. ``running`` guards
    against re-entry ("generator already executing"). ``delegate`` is the
    sub-iterator of a ``yield from`` in progress, so ``throw`` and ``close``
    can be forwarded to it. ``resume_mode``/``resume_target``/``resume_default``
    say how the current resumption hands back a yield or a return (see
    :mod:`littrs.vm.frames`); ``throw`` is an exception to raise at the yield.

    As in CPython, a generator has its own exception being handled: suspended
    inside ``except`` blocks (``exc_depth`` deep) it keeps ``exc_state`` while
    its caller's (``outer``, saved at each resumption) is restored.
    """

    __slots__ = ("frame", "name", "qualname", "running", "started", "delegate",
                 "resume_mode", "resume_target", "resume_default", "throw",
                 "exc_depth", "exc_state", "outer")

    def __init__(self, frame: Any, code: Code) -> None:
        self.frame = frame
        self.name = code.name
        self.qualname = code.qualname
        self.running = False
        self.started = False
        self.delegate: Any = None
        self.resume_mode = 1
        self.resume_target = 0
        self.resume_default: Any = UNBOUND
        self.throw: BaseException | None = None
        self.exc_depth = 0
        self.exc_state: BaseException | None = None
        self.outer: BaseException | None = None

    def __repr__(self) -> str:
        return f"<generator object {self.qualname} at {id(self):#x}>"


Generator.__name__ = Generator.__qualname__ = "generator"


class BuiltinIterator(Generator):
    """A builtin iterator that CPython writes in C (``map``, ``filter``, ``zip``,
    ``enumerate``, ``callable_iterator``), run as a prelude generator because it may
    call sandbox code.

    Its next() runs the prelude frame as a generator's does (pausable, paid for), but
    to sandbox code it is the builtin: its type, no send/throw/close. Like the C
    iterator it keeps nothing between steps but what the prelude function holds in its
    arguments, so a step that ends without an item (a return, an exception) restarts
    the frame for the next step; a StopIteration from inside is the end of that step,
    not an error ("generator raised StopIteration").
    """

    __slots__ = ()
    shown_as: type  # what type() answers in the sandbox

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"


def _builtin_iterator(name: str, shown_as: type | None = None) -> type[BuiltinIterator]:
    cls = type(name, (BuiltinIterator,), {"__slots__": (), "__module__": "builtins"})
    cls.shown_as = shown_as or cls
    return cls


CallableIterator = _builtin_iterator("callable_iterator")
MapIterator = _builtin_iterator("map", map)
FilterIterator = _builtin_iterator("filter", filter)
ZipIterator = _builtin_iterator("zip", zip)
EnumerateIterator = _builtin_iterator("enumerate", enumerate)
BUILTIN_ITERATORS = frozenset((CallableIterator, MapIterator, FilterIterator, ZipIterator,
                               EnumerateIterator))
# The iterators whose next() runs a sandbox frame: the machine drives them, not the host.
FRAME_ITERATORS = frozenset((Generator, *BUILTIN_ITERATORS))


def shown_type(value: Any) -> type:
    """``type(value)`` as the sandbox sees it: a builtin iterator's builtin class, and
    ``type`` for a sandbox class (its carrier's metaclass stands for it)."""
    t = type(value)
    if t in BUILTIN_ITERATORS:
        return t.shown_as
    return type if t is ClassMeta else t


class Coroutine(Generator):
    """A suspended sandbox frame of an ``async def`` function: awaited, never iterated.

    It runs like a generator (``await`` is a ``yield from`` of an awaitable),
    but the machine tells the two apart by type: a coroutine is not iterable.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<coroutine object {self.qualname} at {id(self):#x}>"


Coroutine.__name__ = Coroutine.__qualname__ = "coroutine"


NO_ATTRIBUTE = object()  # what OwnAttributes.sandbox_attribute answers for a name it lacks


class OwnAttributes:
    """A host stand-in that answers the sandbox's attribute reads itself (typing's forms).

    ``sandbox_attribute`` gives the value of a name or NO_ATTRIBUTE; ``missing_attribute``
    the AttributeError CPython's object raises for a missing one (None: the usual words);
    ``refuse_change`` the error for setting or deleting one (nothing of it changes).
    """

    __slots__ = ()

    def sandbox_attribute(self, name: str) -> Any:
        return NO_ATTRIBUTE

    def missing_attribute(self, name: str) -> AttributeError | None:
        return None

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        return AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


class RefusesCalls:
    """A host stand-in that the sandbox may call only to be refused.

    typing's forms are callable in CPython, which refuses most of them
    (``List()``: "Type List cannot be instantiated"); their ``__call__`` only
    raises, running no sandbox code, so the machine calls it as it is.
    """

    __slots__ = ()


class Builtin:
    """A builtin function implemented by the host.

    ``fn`` is called with the positional arguments (and keyword arguments when
    there are any). With ``needs_vm`` it also receives the running machine as
    its first argument: print, iteration helpers and anything that calls back
    into sandbox code. A ``direct`` one calls sandbox code through ``vm.call``
    (``__build_class__``, ``super``): called by an instruction, it runs in the
    machine's direct mode, where such calls are frames. One that ``calls_objects``
    (``len``, ``repr``, ``print``) calls an argument's special methods, and may run
    again with their answers (it changes nothing before its last one): direct mode
    when an argument is a sandbox object, so that a tool called there pauses the run.
    """

    __slots__ = ("fn", "name", "needs_vm", "direct", "calls_objects")

    def __init__(
        self, name: str, fn: Callable[..., Any], needs_vm: bool = False, direct: bool = False,
        calls_objects: bool = False,
    ) -> None:
        self.fn = fn
        self.name = name
        self.needs_vm = needs_vm or direct
        self.direct = direct
        self.calls_objects = calls_objects

    def __repr__(self) -> str:
        return f"<built-in function {self.name}>"


Builtin.__name__ = Builtin.__qualname__ = "builtin_function_or_method"


class BoundBuiltin:
    """A method of a builtin type implemented by the VM (``list.sort`` with a key)."""

    __slots__ = ("self", "fn", "name", "needs_vm")

    def __init__(self, owner: Any, fn: Callable[..., Any], name: str, needs_vm: bool) -> None:
        self.self = owner
        self.fn = fn
        self.name = name
        self.needs_vm = needs_vm

    def __repr__(self) -> str:
        return (
            f"<built-in method {self.name} of {type(self.self).__name__} object"
            f" at {id(self.self):#x}>"
        )


BoundBuiltin.__name__ = BoundBuiltin.__qualname__ = "builtin_function_or_method"


class Module:
    """An importable module: a name and a namespace of sandbox values."""

    __slots__ = ("name", "namespace")

    def __init__(self, name: str, namespace: dict[str, Any]) -> None:
        self.name = name
        self.namespace = namespace

    def __repr__(self) -> str:
        return f"<module '{self.name}'>"


Module.__name__ = Module.__qualname__ = "module"


class NeedCall(BaseException):  # noqa: N818 - a signal between the model and the machine
    """Raised by host code that runs for an instruction in direct mode when it needs
    sandbox code to run (``pending``: the frame, or the tool call, to run); the machine
    runs it as a frame, logs what it answered and runs the instruction again.

    A BaseException, so that host code catching ``Exception`` lets it through.
    """

    def __init__(self, pending: Any) -> None:
        super().__init__()
        self.pending = pending
        self.restore: tuple = ()


class Suspended:
    """Sandbox code that a nested run was running when it called a tool: its frames
    (outermost first, the one at the tool call last) and the call. In direct mode they
    move onto the machine's own frames and the run pauses there (see Machine.call)."""

    __slots__ = ("frames", "call")

    def __init__(self, frames: list, call: Any) -> None:
        self.frames = frames
        self.call = call


class Raised:
    """A logged call that raised: answered from the log, it raises again."""

    __slots__ = ("exc",)

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


class Request:
    """What a builtin returns to ask the machine to run sandbox code for it."""

    __slots__ = ()


class CallRequest(Request):
    """Call ``function`` with ``args``/``kwargs`` as a VM frame; its result is the builtin's."""

    __slots__ = ("function", "args", "kwargs")

    def __init__(self, function: Any, args: list, kwargs: dict | None = None) -> None:
        self.function = function
        self.args = args
        self.kwargs = kwargs


class ResumeRequest(Request):
    """Resume ``generator`` with ``value`` (next/send) or raise ``exc`` into it (throw)."""

    __slots__ = ("generator", "value", "exc", "default", "mode")

    def __init__(
        self, generator: Generator, value: Any, exc: BaseException | None, mode: int,
        default: Any = UNBOUND,
    ) -> None:
        self.generator = generator
        self.value = value
        self.exc = exc
        self.mode = mode
        self.default = default


def _host_next(generator: Generator) -> Any:
    """Host code iterating a sandbox generator: a nested, non-pausable run."""
    from .context import current

    return current.get().nested_next(generator)


Generator.__iter__ = lambda self: self  # type: ignore[attr-defined]
Generator.__next__ = _host_next  # type: ignore[attr-defined]
Coroutine.__iter__ = None  # type: ignore[assignment,misc]
Coroutine.__next__ = None  # type: ignore[assignment,misc]

# Named as CPython names its own (``<class 'function'>``), not after the module here.
for _shown_as_builtin in (Cell, Function, Generator, Coroutine, Builtin, BoundBuiltin, Module):
    _shown_as_builtin.__module__ = "builtins"
