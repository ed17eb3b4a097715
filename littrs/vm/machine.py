"""The machine: the dispatch loop over frames.

:meth:`Machine.execute` is a Python generator and only a driver: all state
lives in the frames it runs, so a run paused at a tool call is its frames.
It yields a :class:`ToolCall` whenever sandbox code calls a tool and receives
the tool's result by ``send()`` (or its exception by ``throw()``).

Sandbox calls never recurse on the host: a call pushes the caller on
``frames`` and switches the loop's locals to the callee; a return pops it.
Builtins that must run sandbox code (``sorted`` with a key, ``next`` of a
generator) return a request and the machine pushes the frame for them.

The loop tests opcodes hottest first and keeps everything it touches in
locals. Instructions are counted down in slices: the count is checked only
at back-edges and calls, which is enough because straight-line code is
bounded by its length. Counting costs nothing per instruction: what is left
of the slice is ``slice_end - pc``, so only what moves ``pc`` other than by
one (a taken jump, a call, a return, a frame switch, an exception) adjusts
``slice_end``; between frames the loop carries the count as ``budget``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Generator as PyGenerator
from typing import Any

from ..errors import (
    InstructionLimitError,
    LimitError,
    OutputLimitError,
    RecursionLimitError,
    TimeLimitError,
)
from ..model import protocols
from ..model.classes import MISSING, ClassMeta, is_instance, lookup
from ..model.descriptors import Method, StaticMethod
from . import aio, attributes, containers, exception_data, operations, special
from . import opcodes as op
from .builtins import LAZY_ITERATORS, OBJECT_CALLS, construct
from .code import NO_SELF, UNBOUND, Code, MethodArity
from .containers import HASHED_INSIDE
from .context import check_size, current
from .formatting import format_value
from .frames import (
    RESUME_CLOSE,
    RESUME_FOR,
    RESUME_NESTED,
    RESUME_SEND,
    Frame,
    bind_arguments,
    make_cells,
)
from .memory import MemoryMeter
from .objects import (
    BUILTIN_ITERATORS,
    FRAME_ITERATORS,
    BoundBuiltin,
    Builtin,
    CallRequest,
    Cell,
    Coroutine,
    Function,
    Generator,
    Module,
    NeedCall,
    Raised,
    RefusesCalls,
    ResumeRequest,
    Suspended,
)
from .prelude import prelude_function
from .special import PushFrames

_HostMethod = type([].append)
_MethodDescriptor = type(str.join)
# The host's slot wrappers, unbound and bound (``int.__add__``, ``(1).__add__``): C code on
# host values, reached as the special methods of a builtin base of a sandbox class.
_SLOT_WRAPPERS = (type(int.__add__), type((1).__add__))
_MISSING = object()
SLICE = 10_000  # instructions between limit checks
MEMORY_SLICE = 2_000  # with a memory limit: measuring is cheap, overshooting is not
HOST_SECONDS_PER_UNIT = 1e-8  # a generous estimate of one element operation in C
MAX_SLEEP = 3600.0  # seconds one wait of the sandbox's loop sleeps at most (sleep(inf))
DEFAULT_RECURSION_DEPTH = 1000  # CPython's default: beyond it, a catchable RecursionError
NESTED_LIMIT = 60  # nested runs inside one another (host code calling sandbox code) at most


class _Enter:
    """In a log: a call of host code that called back; it runs again on replay."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<enter>"


ENTER = _Enter()


class Direct:
    """The state of direct mode: what sandbox code answered so far to the instruction
    being run (``log``, shared with its frame's ``replay``) and how much of it was used."""

    __slots__ = ("log", "index")

    def __init__(self, log: list) -> None:
        self.log = log
        self.index = 0


class Checkpoint:
    """Yielded between instruction slices when the machine is cooperative (async hosts)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<checkpoint>"


CHECKPOINT = Checkpoint()


class Uncaught(Exception):
    """Carries a sandbox exception that no sandbox frame handled out of the machine.

    A wrapper, because a StopIteration escaping the driver generator would be
    turned into a RuntimeError by the host.
    """

    def __init__(self, exc: BaseException) -> None:
        super().__init__(exc)
        self.exc = exc


class ToolCall:
    """A pending call of a host tool, yielded by :meth:`Machine.execute`."""

    __slots__ = ("tool", "args", "kwargs")

    def __init__(self, tool: Any, args: list, kwargs: dict | None) -> None:
        self.tool = tool
        self.args = args
        self.kwargs = kwargs


class Tool:
    """A host function registered with the sandbox, as the sandbox sees it."""

    __slots__ = ("name", "fn", "signature", "raw", "binder", "declared", "thread")

    def __init__(
        self,
        name: str,
        fn: Any,
        signature: Any = None,
        raw: bool = False,
        declared: bool = False,
        thread: bool = False,
    ) -> None:
        self.name = name
        self.fn = fn  # for a declared tool: an optional stub giving signature and docstring
        self.signature = signature
        self.raw = raw
        self.declared = declared
        self.thread = thread  # under run_async, a sync tool runs in a worker thread
        self.binder: Any = None  # a stub with the tool's parameters, made on first call

    def __repr__(self) -> str:
        return f"<built-in function {self.name}>"


Tool.__name__ = Tool.__qualname__ = "builtin_function_or_method"
Tool.__module__ = "builtins"


class Limits:
    """The budgets of one run; None means unlimited."""

    __slots__ = ("max_instructions", "max_recursion_depth", "max_duration", "max_memory", "max_output")

    def __init__(
        self,
        max_instructions: int | None = None,
        max_recursion_depth: int | None = None,
        max_duration: float | None = None,
        max_memory: int | None = None,
        max_output: int | None = None,
    ) -> None:
        self.max_instructions = max_instructions
        self.max_recursion_depth = max_recursion_depth
        self.max_duration = max_duration
        self.max_memory = max_memory
        self.max_output = max_output


class Machine:
    """Runs code objects against one sandbox's globals, builtins and limits."""

    def __init__(
        self,
        globals: dict,
        builtins: dict,
        limits: Limits | None = None,
        importer: Any = None,
    ) -> None:
        self.globals = globals
        self.builtins = builtins
        self.limits = limits or Limits()
        self.importer = importer
        self.handled: BaseException | None = None
        self.output: list[str] = []
        self.output_size = 0
        self.steps = 0
        self.deadline: float | None = None
        self.slice_size = SLICE
        self.reraising = False
        self.cooperative = False  # yield CHECKPOINT between slices, so an event loop can run
        self.charged = 0  # host work paid for as instructions (see charge); steps are real
        self.memory: MemoryMeter | None = None
        self.elapsed = 0.0
        self.resumed_at = 0.0
        self.paused: tuple[Frame, list[Frame]] | None = None
        self.raised_context: tuple[BaseException, BaseException | None] | None = None
        self.loop: aio.Loop | None = None  # the sandbox's running asyncio loop
        self.direct: Direct | None = None  # set while an instruction runs in direct mode
        self.frame: Frame | None = None  # the frame of that instruction
        self.pending: Any = None  # what a __replay frame runs next (see run_direct)
        self.replayed: BaseException | None = None  # an exception raised again from a log
        self.nesting = 0  # nested runs now running, one inside the other
        # Set while a snapshot refills a dict or a set keyed by instances (dispatch.py).
        self.rebuilding = False
        self.running_frames: list[Frame] = []  # the frames under the running one

    # -- limits -------------------------------------------------------------

    def start_budget(self) -> None:
        """Reset the per-run counters (instructions, clock, memory)."""
        self.steps = 0
        self.charged = 0
        limit = self.limits.max_memory
        self.memory = MemoryMeter(limit) if limit is not None else None
        if self.memory is not None:
            self.slice_size = MEMORY_SLICE
        self.elapsed = 0.0
        self.resumed_at = time.monotonic()
        duration = self.limits.max_duration
        self.deadline = self.resumed_at + duration if duration is not None else None

    def restore_budget(self, steps: int, elapsed: float) -> None:
        """Counters of a run loaded from a snapshot: it goes on with what it had used."""
        self.start_budget()
        self.steps = steps
        self.elapsed = elapsed

    def pause(self, frame: Frame, frames: list[Frame]) -> None:
        """The run stops at a tool call: remember where, and stop the clock."""
        self.paused = (frame, frames)
        self.elapsed += time.monotonic() - self.resumed_at
        if self.memory is not None:
            self.memory.pause()

    def unpause(self) -> None:
        """The run goes on: the clock runs again, with what it had used."""
        self.paused = None
        self.resumed_at = time.monotonic()
        if self.memory is not None:
            self.memory.resume()
        duration = self.limits.max_duration
        if duration is not None:
            self.deadline = self.resumed_at + duration - self.elapsed

    def next_slice(self, used: int) -> int:
        """Account for ``used`` instructions; check the limits; size of the next slice."""
        self.steps += used
        limit = self.limits.max_instructions
        if limit is not None and self.steps + self.charged > limit:
            raise InstructionLimitError(f"Instruction limit exceeded (limit: {limit})")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeLimitError(
                f"Time limit exceeded (limit: {self.limits.max_duration} seconds)"
            )
        if self.memory is not None:
            self.memory.measure()
        if limit is not None:
            return max(0, min(self.slice_size, limit - self.steps - self.charged))
        return self.slice_size

    def charge(self, units: int) -> None:
        """Pay for host work one instruction does (``units`` element operations).

        The units count as instructions, and work that could not finish before
        the time limit is refused before the host starts it.
        """
        self.charged += units
        limit = self.limits.max_instructions
        if limit is not None and self.steps + self.charged > limit:
            raise InstructionLimitError(f"Instruction limit exceeded (limit: {limit})")
        if self.deadline is not None and (
            time.monotonic() + units * HOST_SECONDS_PER_UNIT > self.deadline
        ):
            raise TimeLimitError(
                f"Time limit exceeded (limit: {self.limits.max_duration} seconds)"
            )

    def sleep(self, seconds: float) -> TimeLimitError | None:
        """Wait while the sandbox's loop waits for a timer; the time limit error if the
        wait would pass ``max_duration`` (after waiting out what is left)."""
        deadline = self.deadline
        if deadline is not None and time.monotonic() + seconds > deadline:
            time.sleep(max(0.0, deadline - time.monotonic()))
            return TimeLimitError(f"Time limit exceeded (limit: {self.limits.max_duration} seconds)")
        time.sleep(min(seconds, MAX_SLEEP))  # the loop asks again for what is left
        return None

    def units_left(self) -> int | None:
        """Units of host work :meth:`charge` would still accept now; None without limits."""
        left = None
        limit = self.limits.max_instructions
        if limit is not None:
            left = limit - self.steps - self.charged
        if self.deadline is not None:
            seconds = int((self.deadline - time.monotonic()) / HOST_SECONDS_PER_UNIT)
            left = seconds if left is None else min(left, seconds)
        return None if left is None else max(left, 0)

    def recursion_error(self, depth: int) -> BaseException:
        limit = self.limits.max_recursion_depth
        if limit is not None:
            return RecursionLimitError(f"Recursion limit exceeded (limit: {limit})")
        return RecursionError("maximum recursion depth exceeded")

    @property
    def max_depth(self) -> int:
        limit = self.limits.max_recursion_depth
        return limit if limit is not None else DEFAULT_RECURSION_DEPTH

    # -- frames ---------------------------------------------------------------

    def module_frame(self, code: Code) -> Frame:
        """The frame a run starts with; code that awaits at the top level runs in asyncio.run."""
        frame = Frame(code, [UNBOUND] * code.nlocals, None, self.globals)
        if not code.is_coroutine:
            return frame
        coroutine = Coroutine(frame, code)
        frame.generator = coroutine
        return self.frame_for(prelude_function("__run_module"), [coroutine], None)  # type: ignore[return-value]

    def tool_coroutine(self, call: ToolCall) -> Coroutine:
        """A tool called by async code: a coroutine that makes the call when awaited."""
        coroutine = self.frame_for(prelude_function("__tool_call"), [call], None)
        coroutine.name = coroutine.qualname = call.tool.name
        return coroutine  # type: ignore[return-value]

    def frame_for(self, function: Function, args: list, kwargs: dict | None) -> Frame | Generator:
        """A new frame for calling ``function`` (or the generator object it returns)."""
        code = function.code
        if kwargs is None and code.simple and len(args) == code.argcount:
            fast = list(args)
            fast += code.padding
        else:
            fast = bind_arguments(function, list(args), kwargs)
        cells = make_cells(code, fast, function.closure) if (code.cellvars or code.freevars) else None
        frame = Frame(code, fast, cells, function.globals)
        if code.is_generator:
            generator = (Coroutine if code.is_coroutine else Generator)(frame, code)
            frame.generator = generator
            return generator
        return frame

    def invoke(self, func: Any, args: list, kwargs: dict | None) -> Any:
        """Call anything callable: a value, a Frame to push, or a ToolCall to yield."""
        tf = type(func)
        if tf is Function:
            return self.frame_for(func, args, kwargs)
        if tf is Builtin:
            if func.needs_vm:
                result = func.fn(self, *args, **kwargs) if kwargs else func.fn(self, *args)
            else:
                result = func.fn(*args, **kwargs) if kwargs else func.fn(*args)
        elif tf is BoundBuiltin:
            if func.needs_vm:
                result = (
                    func.fn(self, func.self, *args, **kwargs)
                    if kwargs
                    else func.fn(self, func.self, *args)
                )
            else:
                result = func.fn(func.self, *args, **kwargs) if kwargs else func.fn(func.self, *args)
        elif tf is _HostMethod:
            return _call_host_method(func, args, kwargs) if kwargs else func(*args)
        elif tf is _MethodDescriptor:
            return attributes.call_descriptor(func, args, kwargs)
        elif tf in _SLOT_WRAPPERS:
            return func(*args, **kwargs) if kwargs else func(*args)
        elif tf is Tool:
            return ToolCall(func, args, kwargs)
        elif tf is Method:
            function = func.function
            if type(function) is Function:
                return self.frame_for(function, [func.self, *args], kwargs)
            return self.invoke(function, [func.self, *args], kwargs)
        elif isinstance(tf, ClassMeta):
            result = protocols.call_instance(self, func, args, kwargs)
        elif tf is ClassMeta or isinstance(func, ClassMeta):
            result = protocols.call_class(self, func, args, kwargs)
        elif tf is protocols.ClassBody:
            return self.class_body_frame(func)
        elif tf is StaticMethod:
            return self.invoke(func.function, args, kwargs)
        elif tf is type or (isinstance(func, type) and tf is not Generator):
            result = construct(self, func, args, kwargs)
        elif isinstance(func, RefusesCalls):
            func(*args, **(kwargs or {}))  # raises
            raise AssertionError(f"{tf.__name__}.__call__ returned")
        else:
            raise TypeError(f"'{attributes.type_name(tf)}' object is not callable")
        if isinstance(result, CallRequest):
            return self.invoke(result.function, result.args, result.kwargs)
        if isinstance(result, ResumeRequest):
            return self.resume_generator(
                result.generator, result.value, result.exc, result.mode, result.default
            )
        return result

    def class_body_frame(self, body: protocols.ClassBody) -> Frame:
        """The frame of a class body: its names live in the class namespace."""
        function = body.function
        code = function.code
        fast = [UNBOUND] * code.nlocals
        cells = make_cells(code, fast, function.closure) if (code.cellvars or code.freevars) else None
        frame = Frame(code, fast, cells, function.globals)
        frame.locals = body.namespace
        return frame

    # -- sandbox code called by host code ----------------------------------------------

    def call(self, function: Any, args: list, kwargs: dict | None = None) -> Any:
        """Call ``function`` from host code (the object model, a builtin), and its result.

        In direct mode (an instruction is being run: see :meth:`run_direct`) every call
        has its place in the instruction's log, in the order the calls are made. A call
        of host code that returns without calling back is logged with its result; one
        that calls back leaves a marker (:data:`ENTER`), and runs again when the
        instruction does, its own calls answered from the log in turn. Sandbox code
        makes the instruction stop (NeedCall) to run it as a frame, whose answer the
        frame logs. Outside direct mode, sandbox code runs as a nested run.
        """
        direct = self.direct
        if direct is None:
            return self.nested_call(function, args, kwargs)
        log = direct.log
        index = direct.index
        direct.index = index + 1
        if index < len(log):
            entry = log[index]
            if entry is not ENTER:
                return self.answer(entry)
        else:
            log.append(ENTER)
        try:
            result = self.invoke(function, list(args), kwargs)
        except NeedCall:
            raise
        except BaseException as exc:
            if not isinstance(exc, LimitError) and len(log) == index + 1:
                log[index] = Raised(exc)
            raise
        tr = type(result)
        if tr is Frame and self.nesting < NESTED_LIMIT and len(log) == index + 1:
            # Sandbox code runs at once, nested; only a tool call inside makes it frames.
            try:
                result = self.run_nested(result, suspendable=True)
            except NeedCall:
                log.pop()  # the code's answer takes the marker's place
                raise
            except BaseException as exc:
                if not isinstance(exc, LimitError):
                    log[index] = Raised(exc)
                raise
            log[index] = result
            return result
        if tr is Frame or tr is ToolCall or tr is aio.ToolBatch:
            if len(log) == index + 1:  # the sandbox code's answer takes the marker's place
                log.pop()
                raise NeedCall(result)
            if direct.index < len(log):  # host code that called back, then asked for a frame
                _discard_pending(result)
                direct.index += 1
                return self.answer(log[direct.index - 1])
            raise NeedCall(result)
        if len(log) == index + 1:
            log[index] = result
        return result

    def answer(self, entry: Any) -> Any:
        """A logged answer: the value, or the exception raised again."""
        if type(entry) is Raised:
            exc = entry.exc
            self.replayed = exc
            self.raised_context = (exc, exc.__context__)
            raise exc
        return entry

    def nested_call(self, function: Any, args: list, kwargs: dict | None = None) -> Any:
        """Call ``function`` to completion inside the host's call: a nested run."""
        result = self.invoke(function, list(args), kwargs)
        tr = type(result)
        if tr is ToolCall or tr is aio.ToolBatch:
            raise RuntimeError("a tool cannot be called from code that the host runs here "
                               "(a special method called by a builtin or a container)")
        if tr is not Frame:
            return result
        return self.run_nested(result)

    def run_nested(self, frame: Frame, suspendable: bool = False) -> Any:
        """Run ``frame`` to its return, inside the host's call.

        A tool call there is refused, unless the run is ``suspendable`` (in direct mode):
        then its frames are handed over (NeedCall of a Suspended), to go on as the
        machine's own, and the host code that called will run again.
        """
        if self.nesting >= NESTED_LIMIT:
            raise RecursionError("maximum recursion depth exceeded")
        saved = (self.direct, self.frame, self.running_frames, self.cooperative)
        self.direct = self.frame = None
        self.cooperative = False
        self.nesting += 1
        depth = len(self.running_frames) + 1
        driver = self.execute(frame, [], depth_used=depth)
        try:
            step = driver.send(None)
        except Uncaught as uncaught:
            exc = uncaught.exc
            self.raised_context = (exc, exc.__context__)
            raise exc from None
        except StopIteration as stop:
            return stop.value
        finally:
            self.nesting -= 1
            self.direct, self.frame, self.running_frames, self.cooperative = saved
        if suspendable and type(step) is ToolCall:
            top, below = self.paused  # type: ignore[misc]
            self.unpause()
            driver.close()
            raise NeedCall(Suspended([*below, top], step))
        driver.close()
        raise RuntimeError("a tool cannot be called from code that the host runs here (a "
                           "special method called by a builtin or a container)")

    def run_direct(self, frame: Frame, function: Any, args: tuple, restore: tuple) -> Any:
        """Run ``function(*args)``, host code doing an instruction's work, in direct mode.

        When it needs sandbox code run (NeedCall), the instruction's operands
        (``restore``: what it already took off the stack) go back on the stack, and the
        execute loop runs that code as a frame, logs its answer in ``frame.replay`` and
        runs the instruction again: the host code then finds its earlier calls answered.
        """
        log = getattr(frame, "replay", None)
        saved = (self.direct, self.frame)
        self.direct = Direct(log if log is not None else [])
        self.frame = frame
        try:
            result = function(*args)
        except NeedCall as need:
            frame.replay = self.direct.log
            need.restore = restore
            raise
        except BaseException:
            frame.replay = None
            raise
        finally:
            self.direct, self.frame = saved
        frame.replay = None
        return result

    def current_module(self) -> str:
        """``__name__`` of the code running now (a class made by ``type()`` takes it)."""
        frame = self.frame
        namespace = frame.globals if frame is not None else self.globals
        name = namespace.get("__name__", "__main__")
        return name if isinstance(name, str) else "__main__"

    def resume_generator(
        self,
        generator: Generator,
        value: Any,
        exc: BaseException | None,
        mode: int,
        default: Any = UNBOUND,
        target: int = 0,
    ) -> Any:
        """The generator's frame, readied to run; or the value/exception if it is done."""
        frame = generator.frame
        if frame is None:
            if mode == RESUME_CLOSE:
                return None
            if type(generator) is Coroutine:  # a generator says StopIteration; a coroutine:
                raise RuntimeError("cannot reuse already awaited coroutine")
            if mode == RESUME_FOR:
                return _MISSING
            if exc is not None:
                self.raised_context = (exc, exc.__context__)
                raise exc
            if default is not UNBOUND:
                return default
            raise StopIteration
        if generator.running:
            raise ValueError("generator already executing")
        if not generator.started:
            if exc is not None:
                generator.frame = None
                if mode == RESUME_CLOSE:
                    return None
                if isinstance(exc, StopIteration):  # PEP 479: it left the generator's frame
                    converted = RuntimeError(f"{type(generator).__name__} raised StopIteration")
                    converted.__cause__ = converted.__context__ = exc
                    exc = converted
                self.raised_context = (exc, exc.__context__)
                raise exc
            if value is not None:
                kind = "coroutine" if type(generator) is Coroutine else "generator"
                raise TypeError(f"can't send non-None value to a just-started {kind}")
            generator.started = True
        else:
            if exc is None:
                frame.stack.append(value)
            else:
                generator.throw = exc
        generator.running = True
        generator.outer = self.handled
        if generator.exc_depth:
            self.handled = generator.exc_state
        generator.resume_mode = mode
        generator.resume_target = target
        generator.resume_default = default
        return frame

    def loop_iterator(self, iterable: Any) -> Any:
        """What a for loop over a sandbox object steps (in direct mode): ``iter(obj)``,
        and when that is a sandbox iterator (or the object's ``__getitem__`` is the way
        in), a prelude generator that calls its methods as frames."""
        if is_instance(iterable) and lookup(type(iterable), "__iter__")[0] is MISSING and (
            lookup(type(iterable), "__getitem__")[0] is not MISSING
        ):
            return self.frame_for(prelude_function("__sequence_iterator"), [iterable], None)
        iterator = iter(iterable)
        if is_instance(iterator):
            return self.frame_for(prelude_function("__instance_iterator"), [iterator], None)
        return iterator

    def store_attribute(self, frame: Frame, obj: Any, name: str, value: Any) -> None:
        """``obj.name = value``: in direct mode for a sandbox object (a property's setter,
        a ``__setattr__``, is a frame)."""
        if _is_sandbox_object(obj):
            self.run_direct(frame, attributes.store_attr, (obj, name, value), (value, obj))
        else:
            attributes.store_attr(obj, name, value)

    def attribute_of(self, frame: Frame, obj: Any, name: str) -> Any:
        """``obj.name`` for a sandbox class or instance: without sandbox code when the
        attribute needs none, else in direct mode (a property's getter is a frame)."""
        if type(type(obj)) is ClassMeta:
            special.get_property(self, frame, obj, name)
        return self.run_direct(frame, attributes.load_attr, (obj, name), ())

    # -- the dispatch loop -----------------------------------------------------

    def execute(  # noqa: C901, PLR0913
        self, frame: Frame, frames: list[Frame] | None = None, throw: BaseException | None = None,
        depth_used: int = 0,
        # The loop's constants (opcodes, helpers): positional defaults, copied into the
        # frame at once when a run starts (a nested run too), instead of looked up one by one.
        LOAD_FAST: Any = op.LOAD_FAST,
        BINOP_FAST_CONST: Any = op.BINOP_FAST_CONST,
        CMPJUMP_FAST_CONST: Any = op.CMPJUMP_FAST_CONST,
        BINOP_FAST_FAST: Any = op.BINOP_FAST_FAST,
        CMPJUMP_FAST_FAST: Any = op.CMPJUMP_FAST_FAST,
        BINOP_CONST: Any = op.BINOP_CONST,
        CMPJUMP_CONST: Any = op.CMPJUMP_CONST,
        UNPACK2_STORE_FAST: Any = op.UNPACK2_STORE_FAST,
        UNPACK_SEQUENCE: Any = op.UNPACK_SEQUENCE,
        MAP_ADD: Any = op.MAP_ADD,
        LOAD_FAST_CONST: Any = op.LOAD_FAST_CONST,
        LOAD_FAST2: Any = op.LOAD_FAST2,
        STORE_LOAD_FAST: Any = op.STORE_LOAD_FAST,
        COMPARE_JUMP: Any = op.COMPARE_JUMP,
        INPLACE_ADD: Any = op.INPLACE_ADD,
        STORE_FAST: Any = op.STORE_FAST,
        LOAD_CONST: Any = op.LOAD_CONST,
        BINARY_ADD: Any = op.BINARY_ADD,
        FOR_ITER: Any = op.FOR_ITER,
        JUMP_BACKWARD: Any = op.JUMP_BACKWARD,
        COMPARE_OP: Any = op.COMPARE_OP,
        POP_JUMP_IF_FALSE: Any = op.POP_JUMP_IF_FALSE,
        POP_JUMP_IF_TRUE: Any = op.POP_JUMP_IF_TRUE,
        frame_iterators: Any = FRAME_ITERATORS,
        LOAD_GLOBAL: Any = op.LOAD_GLOBAL,
        CALL: Any = op.CALL,
        RETURN_VALUE: Any = op.RETURN_VALUE,
        BINARY_SUB: Any = op.BINARY_SUB,
        BINARY_MUL: Any = op.BINARY_MUL,
        BINARY_OP: Any = op.BINARY_OP,
        INPLACE_OP: Any = op.INPLACE_OP,
        BINARY_SUBSCR: Any = op.BINARY_SUBSCR,
        LOAD_ATTR: Any = op.LOAD_ATTR,
        POP_TOP: Any = op.POP_TOP,
        JUMP: Any = op.JUMP,
        LOAD_DEREF: Any = op.LOAD_DEREF,
        STORE_DEREF: Any = op.STORE_DEREF,
        STORE_GLOBAL: Any = op.STORE_GLOBAL,
        STORE_SUBSCR: Any = op.STORE_SUBSCR,
        BUILD_TUPLE: Any = op.BUILD_TUPLE,
        BUILD_LIST: Any = op.BUILD_LIST,
        LIST_APPEND: Any = op.LIST_APPEND,
        YIELD_VALUE: Any = op.YIELD_VALUE,
        IS_OP: Any = op.IS_OP,
        CONTAINS_OP: Any = op.CONTAINS_OP,
        UNARY_OP: Any = op.UNARY_OP,
        UNARY_NOT: Any = op.UNARY_NOT,
        JUMP_IF_FALSE_OR_POP: Any = op.JUMP_IF_FALSE_OR_POP,
        JUMP_IF_TRUE_OR_POP: Any = op.JUMP_IF_TRUE_OR_POP,
        GET_ITER: Any = op.GET_ITER,
        COPY: Any = op.COPY,
        SWAP: Any = op.SWAP,
        CALL_KW: Any = op.CALL_KW,
        MAKE_FUNCTION: Any = op.MAKE_FUNCTION,
        SEND: Any = op.SEND,
        RESUME_REPLAY: Any = op.RESUME_REPLAY,
        FINISH_SPECIAL: Any = op.FINISH_SPECIAL,
        finish_special: Any = special.finish,
        fast_get: Any = protocols.fast_get,
        method_of: Any = protocols.method_of,
        LOAD_METHOD: Any = op.LOAD_METHOD,
        fast_set: Any = protocols.fast_set,
        MISSING: Any = protocols.MISSING,
        STORE_ATTR: Any = op.STORE_ATTR,
        DEEP: Any = containers.DEEP,
    ) -> PyGenerator[ToolCall, Any, Any]:
        """Run ``frame`` (its callers below it in ``frames``) to completion.

        Yields a ToolCall at every tool call and receives the result. ``throw``
        is raised first, at the frame's current instruction: how a run resumed
        from a snapshot receives a tool's exception. Callers pass at most the first
        four arguments: the rest are the loop's constants.
        """
        if frames is None:
            frames = []
        self.running_frames = frames
        new_frame = object.__new__
        builtins = self.builtins
        invoke = self.invoke
        load_attr = attributes.load_attr
        add = operations.add
        max_depth = self.max_depth - depth_used
        budget = self.next_slice(0)  # instructions left in the slice (slice_end - pc in a frame)
        slice_start = budget
        reraising = False
        while True:
            code = frame.code
            instrs = code.instrs
            stack = frame.stack
            fast = frame.fast
            cells = frame.cells
            globals_ = frame.globals
            pc = frame.pc
            # Instructions left in the slice: slice_end - pc. Whatever sets pc other than
            # the fetch's pc += 1 moves slice_end by as much first (slice_end += target - pc),
            # and sets budget = slice_end - pc before leaving the frame (break).
            slice_end = budget + pc
            try:
                if throw is not None:
                    thrown, throw = throw, None
                    self.raised_context = (thrown, thrown.__context__)
                    raise thrown
                generator = frame.generator
                if generator is not None and generator.throw is not None:
                    thrown = generator.throw
                    generator.throw = None
                    delegate = generator.delegate
                    if type(delegate) is Generator or type(delegate) is Coroutine:
                        # Forward the exception to the generator a yield from runs.
                        frame.pc = pc = pc - 1
                        resumed = self.resume_generator(
                            delegate, None, thrown, RESUME_SEND, UNBOUND, instrs[pc - 1][1]
                        )
                        frames.append(frame)
                        frame = resumed
                        continue
                    self.raised_context = (thrown, thrown.__context__)
                    raise thrown
                while True:
                    opcode, arg = instrs[pc]
                    pc += 1
                    if opcode is LOAD_FAST:
                        value = fast[arg]
                        if value is UNBOUND:
                            raise _unbound_local(code, arg)
                        stack.append(value)
                    elif opcode is LOAD_GLOBAL:
                        value = globals_.get(arg, _MISSING)
                        if value is _MISSING:
                            value = builtins.get(arg, _MISSING)
                            if value is _MISSING:
                                raise _name_error(arg, code, fast, globals_, builtins)
                        stack.append(value)
                    elif opcode is BINOP_FAST_CONST:
                        value = fast[arg[1]]
                        if type(value) is int:
                            stack.append(arg[3](value, arg[2]))
                        elif value is UNBOUND:
                            raise _unbound_local(code, arg[1])
                        elif type(type(value)) is type:
                            stack.append(arg[0](value, arg[2]))
                        else:
                            stack.append(self.run_direct(frame, arg[0], (value, arg[2]), ()))
                    elif opcode is CMPJUMP_FAST_CONST:
                        value = fast[arg[1]]
                        if type(value) is int:
                            if not arg[0](value, arg[2]):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                        elif value is UNBOUND:
                            raise _unbound_local(code, arg[1])
                        elif type(type(value)) is type:
                            if not arg[0](value, arg[2]):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                        else:
                            special.operate(self, frame, pc - 1, arg[0], value, arg[2], (),
                                            arg[3])
                            if not self.run_direct(frame, _truth_of, (arg[0], value, arg[2]), ()):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                    elif opcode is LOAD_CONST:
                        stack.append(arg)
                    elif opcode is CALL:
                        if arg == 1:
                            args = [stack.pop()]
                            func = stack.pop()
                        elif type(arg) is int:
                            if arg:
                                args = stack[-arg:]
                                del stack[-arg:]
                            else:
                                args = []
                            func = stack.pop()
                        elif type(arg) is MethodArity:  # after LOAD_METHOD
                            nargs = arg.n
                            if nargs:
                                args = stack[-nargs:]
                                del stack[-nargs:]
                            else:
                                args = []
                            value = stack.pop()
                            func = stack.pop()
                            if value is not NO_SELF:
                                args.insert(0, value)
                            arg = len(args)
                        else:  # fused: global(fast[arg[1]]) or global(fast[arg[1]] <op> constant)
                            func = globals_.get(arg[0], _MISSING)
                            if func is _MISSING:
                                func = builtins.get(arg[0], _MISSING)
                                if func is _MISSING:
                                    raise _name_error(arg[0], code, fast, globals_, builtins)
                            value = fast[arg[1]]
                            if value is UNBOUND:
                                raise _unbound_local(code, arg[1])
                            if arg[2] is not None:
                                if type(value) is int:
                                    value = arg[4](value, arg[3])
                                else:
                                    value = arg[2](value, arg[3])
                            args = [value]
                            arg = 1
                        tf = type(func)
                        if tf is Function:
                            fcode = func.code
                            if fcode.plain_argcount == arg:
                                if len(frames) >= max_depth:
                                    raise self.recursion_error(len(frames))
                                if fcode.padding:
                                    args += fcode.padding
                                # Built inline: frame.pc is first read after it is stored.
                                new = new_frame(Frame)
                                new.code = code = fcode
                                new.fast = fast = args
                                new.cells = cells = None
                                new.stack = stack = []
                                new.globals = globals_ = func.globals
                                new.generator = None
                                frame.pc = pc
                                frames.append(frame)
                                frame = new
                                instrs = fcode.instrs
                                slice_end -= pc
                                pc = 0
                                if slice_end < 0:
                                    budget = slice_start = self.next_slice(slice_start - slice_end)
                                    slice_end = budget
                                    if self.cooperative:
                                        frame.pc = 0
                                        self.pause(frame, frames)
                                        try:
                                            yield CHECKPOINT
                                        except GeneratorExit:
                                            self.steps += slice_start - budget
                                            return None
                                        self.unpause()
                                continue
                            else:
                                new = self.frame_for(func, args, None)
                                if type(new) is Generator or type(new) is Coroutine:
                                    stack.append(new)
                                    continue
                            if len(frames) >= max_depth:
                                raise self.recursion_error(len(frames))
                            frame.pc = pc
                            frames.append(frame)
                            frame = new
                            budget = slice_end - pc
                            if budget < 0:
                                budget = slice_start = self.next_slice(slice_start - budget)
                                if self.cooperative:
                                    self.pause(frame, frames)
                                    try:
                                        yield CHECKPOINT
                                    except GeneratorExit:
                                        self.steps += slice_start - budget
                                        return None
                                    self.unpause()
                            break
                        if tf is _HostMethod and not (
                            (func is len or func is abs) and _has_sandbox_object(args)
                        ):
                            stack.append(func(*args))
                            continue
                        if type(tf) is not type or tf is ClassMeta or (
                            (func.direct or func.calls_objects and _has_sandbox_object(args))
                            if tf is Builtin
                            else (tf is type or tf is _HostMethod)
                            and func in OBJECT_CALLS
                            and _has_sandbox_object(args)
                        ):
                            if tf is ClassMeta:
                                special.instantiate(self, frame, func, args, None)
                            result = self.run_direct(frame, invoke, (func, args, None),
                                                     (func, *args))
                        else:
                            result = invoke(func, args, None)
                        tr = type(result)
                        if tr is Suspended:  # __replay takes over a nested run's frames
                            frame.pc = pc
                            frames.append(frame)
                            frames.extend(result.frames[:-1])
                            frame = result.frames[-1]
                            budget = slice_end - pc
                            self.steps += slice_start - budget
                            slice_start = budget
                            self.pause(frame, frames)
                            try:
                                value = yield result.call
                            except GeneratorExit:
                                self.steps += slice_start - budget
                                return None
                            except BaseException as exc:  # noqa: BLE001 - the tool's error
                                throw = exc
                            else:
                                frame.stack.append(value)
                            self.unpause()
                            break
                        if tr is Frame:
                            if len(frames) >= max_depth:
                                if result.generator is not None:
                                    result.generator.running = False
                                raise self.recursion_error(len(frames))
                            frame.pc = pc
                            frames.append(frame)
                            frame = result
                            budget = slice_end - pc
                            break
                        if tr is ToolCall or tr is aio.ToolBatch:
                            if tr is ToolCall and code.uses_async:
                                stack.append(self.tool_coroutine(result))
                                continue
                            frame.pc = pc
                            budget = slice_end - pc
                            self.steps += slice_start - budget
                            slice_start = budget
                            self.pause(frame, frames)
                            try:
                                value = yield result
                            except GeneratorExit:
                                self.steps += slice_start - budget
                                return None
                            self.unpause()
                            stack.append(value)
                            continue
                        stack.append(result)
                    elif opcode is RETURN_VALUE:
                        if arg is None:
                            value = stack.pop()
                        elif arg is add:  # fused BINARY_ADD: return a + b
                            right = stack.pop()
                            value = stack.pop()
                            if (type(value) is int or type(value) is float) and (
                                type(right) is int or type(right) is float
                            ):
                                value = value + right
                            elif type(type(value)) is type and type(type(right)) is type:
                                value = add(value, right)
                            else:
                                value = self.run_direct(frame, add, (value, right),
                                                        (value, right))
                        else:
                            value = fast[arg]
                            if value is UNBOUND:
                                raise _unbound_local(code, arg)
                        generator = frame.generator
                        if generator is not None:
                            _end_step(generator, frame)
                            generator.running = False
                            generator.delegate = None
                            self.handled = generator.outer
                            mode = generator.resume_mode
                            if mode == RESUME_NESTED:
                                self.steps += slice_start - (slice_end - pc)
                                return value
                            caller = frames.pop()
                            if mode == RESUME_FOR:
                                caller.stack.pop()
                                caller.pc = generator.resume_target
                            elif mode == RESUME_SEND:
                                caller.stack[-1] = value
                                caller.pc = generator.resume_target
                                caller.generator.delegate = None
                            elif mode == RESUME_CLOSE:
                                caller.stack.append(None)
                            elif generator.resume_default is not UNBOUND:
                                caller.stack.append(generator.resume_default)
                            else:
                                frame = caller
                                slice_end += caller.pc - pc
                                pc = caller.pc
                                stop = StopIteration(value) if value is not None else StopIteration()
                                raise stop
                            frame = caller
                            budget = slice_end - pc
                            break
                        if not frames:
                            self.steps += slice_start - (slice_end - pc)
                            return value
                        frame = frames.pop()
                        code = frame.code
                        instrs = code.instrs
                        stack = frame.stack
                        stack.append(value)
                        fast = frame.fast
                        cells = frame.cells
                        globals_ = frame.globals
                        slice_end -= pc
                        pc = frame.pc
                        slice_end += pc
                    elif opcode is STORE_FAST:
                        fast[arg] = stack.pop()
                    elif opcode is FOR_ITER:
                        iterator = stack[-1]
                        if type(iterator) in frame_iterators:
                            resumed = self.resume_generator(iterator, None, None, RESUME_FOR, UNBOUND, arg)
                            if type(resumed) is Frame:
                                if len(frames) >= max_depth:
                                    iterator.running = False
                                    raise self.recursion_error(len(frames))
                                frame.pc = pc
                                frames.append(frame)
                                frame = resumed
                                budget = slice_end - pc
                                break
                            stack.pop()
                            slice_end += arg - pc
                            pc = arg
                            continue
                        value = next(iterator, _MISSING)
                        if value is _MISSING:
                            stack.pop()
                            slice_end += arg - pc
                            pc = arg
                        else:
                            stack.append(value)
                    elif opcode is JUMP_BACKWARD:
                        slice_end += arg - pc
                        pc = arg
                        if pc > slice_end:
                            budget = slice_start = self.next_slice(slice_start - (slice_end - pc))
                            slice_end = budget + pc
                            if self.cooperative:
                                frame.pc = pc
                                self.pause(frame, frames)
                                try:
                                    yield CHECKPOINT
                                except GeneratorExit:
                                    self.steps += slice_start - budget
                                    return None
                                self.unpause()
                    elif opcode is STORE_GLOBAL:
                        globals_[arg] = stack.pop()
                    elif opcode is LOAD_ATTR:
                        value = stack[-1]
                        tv = type(value)
                        if type(tv) is type and tv is not ClassMeta:
                            stack[-1] = load_attr(value, arg)
                        else:
                            right = fast_get(value, arg) if type(tv) is ClassMeta else MISSING
                            stack[-1] = right if right is not MISSING else (
                                self.attribute_of(frame, value, arg))
                    elif opcode is BINARY_ADD:
                        right = stack.pop()
                        left = stack[-1]
                        if (type(left) is int or type(left) is float) and (
                            type(right) is int or type(right) is float
                        ):
                            stack[-1] = left + right
                        elif type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = operations.add(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, operations.add, left, right,
                                            (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, operations.add, (left, right),
                                                        (right,))
                    elif opcode is STORE_LOAD_FAST:
                        fast[arg[0]] = stack.pop()
                        value = fast[arg[1]]
                        if value is UNBOUND:
                            raise _unbound_local(code, arg[1])
                        stack.append(value)
                    elif opcode is LOAD_FAST2:
                        value = fast[arg[0]]
                        right = fast[arg[1]]
                        if value is UNBOUND or right is UNBOUND:
                            raise _unbound_local(code, arg[0] if value is UNBOUND else arg[1])
                        stack.append(value)
                        stack.append(right)
                    elif opcode is LOAD_FAST_CONST:
                        value = fast[arg[0]]
                        if value is UNBOUND:
                            raise _unbound_local(code, arg[0])
                        stack.append(value)
                        stack.append(arg[1])
                    elif opcode is LIST_APPEND:
                        value = stack.pop()
                        stack[-arg].append(value)
                    elif opcode is COMPARE_JUMP:
                        right = stack.pop()
                        value = stack.pop()
                        if type(right) in DEEP:
                            if not containers.compare(arg[0], value, right):
                                slice_end += arg[1] - pc
                                pc = arg[1]
                        elif type(type(value)) is type and type(type(right)) is type:
                            if not arg[0](value, right):
                                slice_end += arg[1] - pc
                                pc = arg[1]
                        else:
                            special.operate(self, frame, pc - 1, arg[0], value, right,
                                            (value, right), arg[1])
                            if not self.run_direct(frame, _truth_of, (arg[0], value, right),
                                                   (value, right)):
                                slice_end += arg[1] - pc
                                pc = arg[1]
                    elif opcode is BINOP_FAST_FAST:
                        value = fast[arg[1]]
                        right = fast[arg[2]]
                        if type(value) is int and type(right) is int:
                            stack.append(arg[0](value, right))
                        elif value is UNBOUND or right is UNBOUND:
                            raise _unbound_local(code, arg[1] if value is UNBOUND else arg[2])
                        elif type(type(value)) is type and type(type(right)) is type:
                            stack.append(arg[0](value, right))
                        else:
                            stack.append(self.run_direct(frame, arg[0], (value, right), ()))
                    elif opcode is CMPJUMP_FAST_FAST:
                        value = fast[arg[1]]
                        right = fast[arg[2]]
                        if type(value) is int and type(right) is int:
                            if not arg[0](value, right):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                        elif value is UNBOUND or right is UNBOUND:
                            raise _unbound_local(code, arg[1] if value is UNBOUND else arg[2])
                        elif type(right) in DEEP:
                            if not containers.compare(arg[0], value, right):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                        elif type(type(value)) is type and type(type(right)) is type:
                            if not arg[0](value, right):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                        else:
                            special.operate(self, frame, pc - 1, arg[0], value, right, (), arg[3])
                            if not self.run_direct(frame, _truth_of, (arg[0], value, right), ()):
                                slice_end += arg[3] - pc
                                pc = arg[3]
                    elif opcode is BINOP_CONST:
                        value = stack[-1]
                        if type(value) is int:
                            stack[-1] = arg[2](value, arg[1])
                        elif type(type(value)) is type:
                            stack[-1] = arg[0](value, arg[1])
                        else:
                            stack[-1] = self.run_direct(frame, arg[0], (value, arg[1]), ())
                    elif opcode is INPLACE_ADD:
                        right = stack.pop()
                        left = stack[-1]
                        if (type(left) is int or type(left) is float) and (
                            type(right) is int or type(right) is float
                        ):
                            stack[-1] = left + right
                        elif type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = operations.inplace_add(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, operations.inplace_add, left, right,
                                            (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, operations.inplace_add, (left, right),
                                                        (right,))
                    elif opcode is BINARY_SUBSCR:
                        key = stack.pop()
                        container = stack[-1]
                        tc = type(container)
                        if type(key) is slice:
                            stack[-1] = operations.slice_of(container, key)
                        elif tc is list:
                            stack[-1] = container[key]
                        elif tc is dict:
                            tk = type(key)
                            if tk is str or tk is int:
                                stack[-1] = container[key]
                            elif tk is tuple:
                                containers.check_key(key)
                                stack[-1] = container[key]
                            elif type(tk) is type:
                                stack[-1] = container[key]
                            else:  # an instance's __hash__ and __eq__ are sandbox code
                                stack[-1] = self.run_direct(frame, _subscript, (container, key),
                                                            (key,))
                        elif tc is tuple or tc is str:
                            stack[-1] = container[key]
                        elif type(tc) is type and tc is not ClassMeta:
                            stack[-1] = _subscript(container, key)
                        else:
                            special.get_item(self, frame, container, key)
                            stack[-1] = self.run_direct(frame, _subscript, (container, key),
                                                        (key,))
                    elif opcode is LOAD_METHOD:
                        value = stack[-1]
                        tv = type(value)
                        if type(tv) is type and tv is not ClassMeta:
                            stack[-1] = load_attr(value, arg)
                            stack.append(NO_SELF)
                        else:
                            right = method_of(value, arg) if type(tv) is ClassMeta else MISSING
                            if right is not MISSING:
                                stack[-1] = right
                                stack.append(value)
                            else:
                                right = fast_get(value, arg) if type(tv) is ClassMeta else MISSING
                                stack[-1] = right if right is not MISSING else (
                                    self.attribute_of(frame, value, arg))
                                stack.append(NO_SELF)
                    elif opcode is STORE_ATTR:
                        value = stack.pop()
                        right = stack.pop()
                        if type(type(value)) is not ClassMeta or not fast_set(value, arg, right):
                            self.store_attribute(frame, value, arg, right)
                    elif opcode is POP_TOP:
                        stack.pop()
                    elif opcode is POP_JUMP_IF_FALSE:
                        value = stack.pop()
                        if type(value) is not bool and type(type(value)) is not type:
                            value = self.run_direct(frame, bool, (value,), (value,))
                        if not value:
                            slice_end += arg - pc
                            pc = arg
                    elif opcode is BINARY_MUL:
                        right = stack.pop()
                        left = stack[-1]
                        if type(left) is float or (
                            type(left) is int
                            and type(right) is int
                            and left.bit_length() + right.bit_length() < 4096
                        ):
                            stack[-1] = left * right
                        elif type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = operations.multiply(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, operations.multiply, left, right,
                                            (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, operations.multiply, (left, right),
                                                        (right,))
                    elif opcode is BINARY_OP or opcode is INPLACE_OP:
                        right = stack.pop()
                        left = stack[-1]
                        if type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = arg(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, arg, left, right, (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, arg, (left, right), (right,))
                    elif opcode is COMPARE_OP:
                        right = stack.pop()
                        left = stack[-1]
                        if type(right) in DEEP:
                            stack[-1] = containers.compare(arg, left, right)
                        elif type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = arg(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, arg, left, right, (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, arg, (left, right), (right,))
                    elif opcode is POP_JUMP_IF_TRUE:
                        value = stack.pop()
                        if type(value) is not bool and type(type(value)) is not type:
                            value = self.run_direct(frame, bool, (value,), (value,))
                        if value:
                            slice_end += arg - pc
                            pc = arg
                    elif opcode is BINARY_SUB:
                        right = stack.pop()
                        left = stack[-1]
                        if (type(left) is int or type(left) is float) and (
                            type(right) is int or type(right) is float
                        ):
                            stack[-1] = left - right
                        elif type(type(left)) is type and type(type(right)) is type:
                            stack[-1] = operations.subtract(left, right)
                        else:
                            stack.pop()
                            special.operate(self, frame, pc - 1, operations.subtract, left, right,
                                            (left, right))
                            stack.append(left)
                            stack[-1] = self.run_direct(frame, operations.subtract, (left, right),
                                                        (right,))
                    elif opcode is JUMP:
                        slice_end += arg - pc
                        pc = arg
                    elif opcode is UNPACK_SEQUENCE:
                        sequence = stack.pop()
                        ts = type(sequence)
                        if (ts is tuple or ts is list) and len(sequence) == arg:
                            stack.extend(sequence[::-1])
                        else:
                            stack.extend(reversed(self.unpack_values(sequence, arg, None)))
                    elif opcode is MAP_ADD:
                        value = stack.pop()
                        key = stack.pop()
                        tk = type(key)
                        if tk is tuple:
                            containers.check_key(key)
                        elif type(tk) is not type:
                            self.run_direct(frame, _store_subscript, (stack[-arg], key, value),
                                            (key, value))
                            continue
                        stack[-arg][key] = value
                    elif opcode is CMPJUMP_CONST:
                        value = stack.pop()
                        if type(value) is int or type(type(value)) is type:
                            if not arg[0](value, arg[1]):
                                slice_end += arg[2] - pc
                                pc = arg[2]
                        else:
                            special.operate(self, frame, pc - 1, arg[0], value, arg[1], (value,),
                                            arg[2])
                            if not self.run_direct(frame, _truth_of, (arg[0], value, arg[1]),
                                                   (value,)):
                                slice_end += arg[2] - pc
                                pc = arg[2]
                    elif opcode is UNPACK2_STORE_FAST:
                        sequence = stack.pop()
                        ts = type(sequence)
                        if (ts is tuple or ts is list) and len(sequence) == 2:
                            fast[arg[0]], fast[arg[1]] = sequence
                        else:
                            fast[arg[0]], fast[arg[1]] = self.unpack_values(sequence, 2, None)
                    elif opcode is LOAD_DEREF:
                        value = cells[arg].contents
                        if value is UNBOUND:
                            raise _unbound_cell(code, arg)
                        stack.append(value)
                    elif opcode is STORE_DEREF:
                        cells[arg].contents = stack.pop()
                    elif opcode is STORE_SUBSCR:
                        key = stack.pop()
                        container = stack.pop()
                        value = stack.pop()
                        tc = type(container)
                        if tc is list:
                            container[key] = value
                        elif tc is dict:
                            tk = type(key)
                            if tk is str or tk is int:
                                container[key] = value
                            elif tk is tuple:
                                containers.check_key(key)
                                container[key] = value
                            elif type(tk) is type:
                                container[key] = value
                            else:
                                self.run_direct(frame, _store_subscript, (container, key, value),
                                                (value, container, key))
                        elif type(tc) is type and tc is not ClassMeta:
                            _store_subscript(container, key, value)
                        else:
                            special.set_item(self, frame, container, key, value)
                            self.run_direct(frame, _store_subscript, (container, key, value),
                                            (value, container, key))
                    elif opcode is BUILD_TUPLE:
                        if arg:
                            value = tuple(stack[-arg:])
                            del stack[-arg:]
                            for item in value:
                                if type(item) is tuple or type(item) is frozenset:
                                    operations.check_nesting(value)
                                    break
                            stack.append(value)
                        else:
                            stack.append(())
                    elif opcode is BUILD_LIST:
                        if arg:
                            value = stack[-arg:]
                            del stack[-arg:]
                            stack.append(value)
                        else:
                            stack.append([])
                    elif opcode is YIELD_VALUE:
                        value = stack.pop()
                        generator = frame.generator
                        generator.running = False
                        if generator.exc_depth:
                            generator.exc_state = self.handled
                        self.handled = generator.outer
                        frame.pc = pc
                        mode = generator.resume_mode
                        if mode == RESUME_NESTED:
                            self.steps += slice_start - (slice_end - pc)
                            return value
                        caller = frames.pop()
                        if mode == RESUME_CLOSE:
                            frame = caller
                            slice_end += caller.pc - pc
                            pc = caller.pc
                            raise RuntimeError("generator ignored GeneratorExit")
                        caller.stack.append(value)
                        frame = caller
                        budget = slice_end - pc
                        break
                    elif opcode is IS_OP:
                        right = stack.pop()
                        stack[-1] = (stack[-1] is right) is not bool(arg)
                    elif opcode is CONTAINS_OP:
                        container = stack.pop()
                        if type(type(container)) is type and type(type(stack[-1])) is type:
                            stack[-1] = _contains(stack[-1], container) is not bool(arg)
                        else:
                            stack[-1] = self.run_direct(frame, _contains,
                                                        (stack[-1], container),
                                                        (container,)) is not bool(arg)
                    elif opcode is UNARY_OP:
                        value = stack[-1]
                        if type(type(value)) is type:
                            stack[-1] = arg(value)
                        else:
                            stack[-1] = self.run_direct(frame, arg, (value,), ())
                    elif opcode is UNARY_NOT:
                        value = stack[-1]
                        if type(type(value)) is not type:
                            value = self.run_direct(frame, bool, (value,), ())
                        stack[-1] = not value
                    elif opcode is JUMP_IF_FALSE_OR_POP:
                        value = stack[-1]
                        if type(type(value)) is not type:
                            value = self.run_direct(frame, bool, (value,), ())
                        if value:
                            stack.pop()
                        else:
                            slice_end += arg - pc
                            pc = arg
                    elif opcode is JUMP_IF_TRUE_OR_POP:
                        value = stack[-1]
                        if type(type(value)) is not type:
                            value = self.run_direct(frame, bool, (value,), ())
                        if value:
                            slice_end += arg - pc
                            pc = arg
                        else:
                            stack.pop()
                    elif opcode is GET_ITER:
                        iterable = stack[-1]
                        if type(iterable) not in frame_iterators:
                            if type(type(iterable)) is type:
                                stack[-1] = _get_iter(iterable)
                            else:
                                stack[-1] = self.run_direct(frame, self.loop_iterator,
                                                            (iterable,), ())
                    elif opcode is COPY:
                        stack.append(stack[-arg])
                    elif opcode is SWAP:
                        stack[-1], stack[-arg] = stack[-arg], stack[-1]
                    elif opcode is CALL_KW or opcode is op.CALL_EX:
                        # What follows invoke() repeats CALL's: it switches the loop's
                        # locals to a new frame or yields, which no helper can do.
                        if opcode is CALL_KW:
                            npos, names = arg
                            nkw = len(names)
                            kwargs = dict(zip(names, stack[-nkw:]))
                            del stack[-nkw:]
                            if npos:
                                args = stack[-npos:]
                                del stack[-npos:]
                            else:
                                args = []
                        else:
                            kwargs = stack.pop() if arg else None
                            args = stack.pop()
                            if type(args) is tuple:
                                args = list(args)
                            else:
                                args = self.star_arguments(stack[-1], args)
                        func = stack.pop()
                        tf = type(func)
                        if type(tf) is not type or tf is ClassMeta or (
                            (func.direct or func.calls_objects and _has_sandbox_object(args))
                            if tf is Builtin
                            else (tf is type or tf is _HostMethod)
                            and func in OBJECT_CALLS
                            and _has_sandbox_object(args)
                        ):
                            if tf is ClassMeta:
                                special.instantiate(self, frame, func, args, kwargs or None)
                            if opcode is CALL_KW:
                                restore = (func, *args, *kwargs.values())
                            elif arg:
                                restore = (func, tuple(args), kwargs)
                            else:
                                restore = (func, tuple(args))
                            result = self.run_direct(frame, invoke, (func, args, kwargs or None),
                                                     restore)
                        else:
                            result = invoke(func, args, kwargs or None)
                        tr = type(result)
                        if tr is Frame:
                            if len(frames) >= max_depth:
                                if result.generator is not None:
                                    result.generator.running = False
                                raise self.recursion_error(len(frames))
                            frame.pc = pc
                            frames.append(frame)
                            frame = result
                            budget = slice_end - pc
                            break
                        if tr is ToolCall or tr is aio.ToolBatch:
                            if tr is ToolCall and code.uses_async:
                                stack.append(self.tool_coroutine(result))
                                continue
                            frame.pc = pc
                            budget = slice_end - pc
                            self.steps += slice_start - budget
                            slice_start = budget
                            self.pause(frame, frames)
                            try:
                                value = yield result
                            except GeneratorExit:
                                self.steps += slice_start - budget
                                return None
                            self.unpause()
                            stack.append(value)
                            continue
                        stack.append(result)
                    elif opcode is MAKE_FUNCTION:
                        closure = stack.pop() if arg.has_closure else ()
                        kwdefaults = stack.pop() if arg.has_kwdefaults else None
                        defaults = stack.pop() if arg.has_defaults else ()
                        stack.append(Function(arg.code, globals_, defaults, kwdefaults, closure))
                    elif opcode is SEND:
                        value = stack.pop()
                        iterator = stack[-1]
                        if type(iterator) is Generator or type(iterator) is Coroutine or (
                            type(iterator) in BUILTIN_ITERATORS and value is None  # no send()
                        ):
                            if iterator.frame is None and value is None:
                                stack[-1] = None
                                slice_end += arg - pc
                                pc = arg
                                continue
                            resumed = self.resume_generator(
                                iterator, value, None, RESUME_SEND, UNBOUND, arg
                            )
                            if len(frames) >= max_depth:
                                iterator.running = False
                                raise self.recursion_error(len(frames))
                            frame.generator.delegate = iterator
                            frame.pc = pc
                            frames.append(frame)
                            frame = resumed
                            budget = slice_end - pc
                            break
                        try:
                            if value is None:
                                value = next(iterator)
                            else:
                                value = attributes.load_attr(iterator, "send")(value)
                        except StopIteration as stop:
                            stack[-1] = stop.value
                            slice_end += arg - pc
                            pc = arg
                        else:
                            stack.append(value)
                    elif opcode is FINISH_SPECIAL:
                        # A finish frame: the special method above it has answered.
                        push, value = finish_special(fast[0], stack.pop(), frames[-1])
                        frame = frames.pop()
                        if push:
                            frame.stack.append(value)
                        budget = slice_end - pc
                        break
                    elif opcode is RESUME_REPLAY:
                        # A __replay frame ends: what it ran answers its caller's
                        # instruction, which runs again (see run_direct).
                        value = stack.pop() if arg is None else fast[arg]
                        frame = frames.pop()
                        frame.replay.append(value)
                        budget = slice_end - pc
                        break
                    else:
                        self.rare(opcode, arg, frame, stack, cells)
            except LimitError:
                self.steps += slice_start - (slice_end - pc)
                raise
            except PushFrames as push:
                # The instruction pushes a special method's frame (see special.py).
                frame.pc = pc
                budget = slice_end - pc
                pushed = push.frames
                if len(frames) + len(pushed) >= max_depth:
                    for new in pushed:
                        _discard_pending(new)
                    try:
                        frame = self.handle(self.recursion_error(len(frames)), frame, frames,
                                            False)
                    except Uncaught:
                        self.steps += slice_start - budget
                        raise
                    continue
                frames.append(frame)
                frames.extend(pushed[:-1])
                frame = pushed[-1]
            except NeedCall as need:
                # The instruction at pc - 1 waits for sandbox code: run it in a __replay
                # frame; the instruction runs again when that frame has answered.
                frame.stack.extend(need.restore)
                frame.pc = pc - 1
                budget = slice_end - pc
                self.pending = need.pending
                replay = self.frame_for(prelude_function("__replay"), [], None)
                if len(frames) + 1 >= max_depth:
                    self.pending = None
                    _discard_pending(need.pending)
                    frame.replay = None
                    frame.pc = pc
                    del frame.stack[len(frame.stack) - len(need.restore):]
                    try:
                        frame = self.handle(self.recursion_error(len(frames)), frame, frames,
                                            False)
                    except Uncaught:
                        self.steps += slice_start - budget
                        raise
                    continue
                frames.append(frame)
                frame = replay
            except BaseException as exc:  # noqa: BLE001 - sandbox exceptions are values here
                if type(exc) is KeyboardInterrupt and not self._raised_here(exc):
                    raise  # the host's Ctrl-C or timeout signal: not the sandbox's to catch
                frame.pc = pc
                budget = slice_end - pc
                reraising = self.reraising
                self.reraising = False
                try:
                    frame = self.handle(exc, frame, frames, reraising)
                except Uncaught:
                    self.steps += slice_start - budget
                    raise

    # -- exceptions --------------------------------------------------------------

    def _raised_here(self, exc: BaseException) -> bool:
        """Whether sandbox code raised ``exc`` (a raise statement or a tool's answer)."""
        raised = self.raised_context
        return raised is not None and raised[0] is exc

    def handle(
        self, exc: BaseException, frame: Frame, frames: list[Frame], reraising: bool
    ) -> Frame:
        """Find the handler for ``exc``, unwinding frames; raise it out when there is none."""
        if exc is self.replayed:  # raised again from a log: its context stays as it was
            self.replayed = None
            _add_traceback(exc, frame)
        elif not reraising:
            self.set_context(exc)
            _add_traceback(exc, frame)
        else:
            context = self.raised_context
            if context is not None and context[0] is exc:
                exc.__context__ = context[1]
        self.raised_context = None
        exc.__traceback__ = None
        while True:
            pc = frame.pc - 1
            for start, end, handler, depth in frame.code.exc_table:
                if start <= pc < end:
                    del frame.stack[depth:]
                    frame.stack.append(exc)
                    frame.pc = handler
                    return frame
            generator = frame.generator
            if generator is not None:
                _end_step(generator, frame)
                generator.running = False
                generator.delegate = None
                generator.exc_depth = 0
                self.handled = generator.outer
                mode = generator.resume_mode
                if type(generator) in BUILTIN_ITERATORS:
                    if isinstance(exc, StopIteration) and mode != RESUME_NESTED and frames:
                        # A C iterator's NULL with StopIteration set: the end of this step.
                        caller = frames.pop()
                        if mode == RESUME_FOR:
                            caller.stack.pop()
                            caller.pc = generator.resume_target
                            return caller
                        if mode == RESUME_SEND:
                            caller.stack[-1] = exc.value
                            caller.pc = generator.resume_target
                            caller.generator.delegate = None
                            return caller
                        if generator.resume_default is not UNBOUND:
                            caller.stack.append(generator.resume_default)
                            return caller
                        frame = caller  # next() raises it as it is
                        _add_traceback(exc, frame)
                        continue
                elif isinstance(exc, StopIteration):
                    converted = RuntimeError(f"{type(generator).__name__} raised StopIteration")
                    converted.__cause__ = exc
                    converted.__context__ = exc
                    exception_data.set_traceback(converted, exception_data.recorded_traceback(exc))
                    exc = converted
                if mode == RESUME_NESTED or not frames:
                    raise Uncaught(exc)
                caller = frames.pop()
                if caller.generator is not None and caller.generator.delegate is generator:
                    caller.generator.delegate = None
                if mode == RESUME_CLOSE and isinstance(exc, GeneratorExit):
                    caller.stack.append(None)
                    return caller
            else:
                if not frames:
                    raise Uncaught(exc)
                caller = frames.pop()
            frame = caller
            _add_traceback(exc, frame)

    def set_context(self, exc: BaseException) -> None:
        """Chain ``exc`` to the exception being handled, as CPython does on raise."""
        handled = self.handled
        raised = self.raised_context
        previous = raised[1] if raised is not None and raised[0] is exc else None
        if handled is None or handled is exc:
            exc.__context__ = previous
            return
        # Break a cycle the new context would make.
        link = handled
        while link is not None:
            if link.__context__ is exc:
                link.__context__ = None
                break
            link = link.__context__
        exc.__context__ = handled

    # -- the rarer instructions -----------------------------------------------------

    def rare(self, opcode: int, arg: Any, frame: Frame, stack: list, cells: list | None) -> None:
        """Instructions off the hot path; none of them switches frames."""
        if opcode == op.BUILD_MAP:
            if arg:
                items = stack[-2 * arg :]
                del stack[-2 * arg :]
                keys = items[::2]
                if not HASHED_INSIDE.isdisjoint(map(type, keys)):
                    containers.check_keys(keys)
                if _holds_instances(keys):
                    stack.append(self.run_direct(frame, _dict_of, (keys, items[1::2]), items))
                else:
                    stack.append(dict(zip(keys, items[1::2])))
            else:
                stack.append({})
        elif opcode == op.BUILD_SET:
            if arg:
                items = stack[-arg:]
                del stack[-arg:]
                if not HASHED_INSIDE.isdisjoint(map(type, items)):
                    containers.check_keys(items)
                if _holds_instances(items):
                    stack.append(self.run_direct(frame, set, (items,), items))
                else:
                    stack.append(set(items))
            else:
                stack.append(set())
        elif opcode == op.BUILD_SLICE:
            if arg == 3:
                step = stack.pop()
                stop = stack.pop()
                stack[-1] = slice(stack[-1], stop, step)
            else:
                stop = stack.pop()
                stack[-1] = slice(stack[-1], stop)
        elif opcode == op.BUILD_STRING:
            parts = stack[-arg:]
            del stack[-arg:]
            stack.append("".join(parts))
        elif opcode == op.FORMAT_VALUE:
            conversion, has_spec = arg
            spec = stack.pop() if has_spec else ""
            value = stack[-1]
            if _is_sandbox_object(value):  # its __format__, __str__ or __repr__ may pause
                stack[-1] = self.run_direct(frame, self.format_field, (value, conversion, spec),
                                            (spec,) if has_spec else ())
                return
            operations.check_render(value)
            stack[-1] = self.format_field(value, conversion, spec)
        elif opcode == op.SET_ADD:
            value = stack.pop()
            if type(value) is tuple:
                containers.check_key(value)
            elif _is_sandbox_object(value):
                self.run_direct(frame, set.add, (stack[-arg], value), (value,))
                return
            stack[-arg].add(value)
        elif opcode == op.LIST_EXTEND:
            iterable = stack.pop()
            if type(iterable) in FRAME_ITERATORS:
                iterable = self.drain(iterable)
            elif not _unpackable(iterable):
                raise TypeError(f"Value after * must be an iterable, not {attributes.type_name(type(iterable))}")
            stack[-arg].extend(operations.host_iterable(iterable))
        elif opcode == op.SET_UPDATE:
            iterable = stack.pop()
            stack[-arg].update(operations.host_iterable(iterable, hashed=True))
        elif opcode == op.DICT_UPDATE:
            mapping = stack.pop()
            if not isinstance(mapping, dict):
                raise TypeError(f"'{attributes.type_name(type(mapping))}' object is not a mapping")
            operations.check_growth(mapping)
            stack[-arg].update(mapping)
        elif opcode == op.DICT_MERGE:
            mapping = stack.pop()
            target = stack[-arg]
            func = stack[-arg - 2]
            if not isinstance(mapping, dict):
                raise TypeError(
                    f"{_callable_name(func)} argument after ** must be a mapping, "
                    f"not {type(mapping).__name__}"
                )
            for key, value in mapping.items():
                if type(key) is not str:
                    raise TypeError("keywords must be strings")
                if key in target:
                    if self.handled is not None:
                        # CPython 3.11 words it only when no exception is being handled:
                        # in an except or finally block the dict's KeyError comes out as is.
                        raise KeyError(key)
                    raise TypeError(
                        f"{_callable_name(func)} got multiple values for keyword argument '{key}'"
                    )
                target[key] = value
        elif opcode == op.LIST_TO_TUPLE:
            operations.check_nesting(stack[-1])
            stack[-1] = tuple(stack[-1])
        elif opcode == op.UNPACK_EX:
            before, after = arg
            sequence = stack.pop()
            values = self.unpack_values(sequence, before, after)
            middle = values[before : len(values) - after]
            result = values[:before] + [middle] + values[len(values) - after :]
            stack.extend(reversed(result))
        elif opcode == op.LOAD_CLOSURE:
            stack.append(cells[arg])  # type: ignore[index]
        elif opcode == op.DELETE_FAST:
            if frame.fast[arg] is UNBOUND:
                raise _unbound_local(frame.code, arg)
            frame.fast[arg] = UNBOUND
        elif opcode == op.DELETE_DEREF:
            cell = cells[arg]  # type: ignore[index]
            if cell.contents is UNBOUND:
                raise _unbound_cell(frame.code, arg)
            cell.contents = UNBOUND
        elif opcode == op.DELETE_GLOBAL:
            if arg not in frame.globals:
                raise _name_error(arg, frame.code, [], {}, {})
            del frame.globals[arg]
        elif opcode == op.DELETE_SUBSCR:
            key = stack.pop()
            container = stack.pop()
            if isinstance(container, (list, dict, bytearray, set)) or not _is_vm_object(container):
                del container[key]
            else:
                raise TypeError(f"'{type(container).__name__}' object does not support item deletion")
        elif opcode == op.DELETE_ATTR:
            obj = stack.pop()
            if _is_sandbox_object(obj):
                self.run_direct(frame, attributes.delete_attr, (obj, arg), (obj,))
            else:
                attributes.delete_attr(obj, arg)
        elif opcode == op.LOAD_NAME:
            stack.append(self.load_name(frame, arg))
        elif opcode == op.STORE_NAME:
            value = stack.pop()
            namespace = frame.locals
            if type(namespace) is dict:
                namespace[arg] = value
            else:
                self.run_direct(frame, _set_item, (namespace, arg, value), (value,))
        elif opcode == op.DELETE_NAME:
            namespace = frame.locals
            if type(namespace) is dict:
                if arg not in namespace:
                    raise _name_error(arg, frame.code, [], {}, {})
                del namespace[arg]
            else:
                self.run_direct(frame, _delete_name, (namespace, arg, frame.code), ())
        elif opcode == op.LOAD_CLASSDEREF:
            namespace = frame.locals
            name = _cell_name(frame.code, arg)
            value = namespace.get(name, _MISSING) if type(namespace) is dict else (
                self.run_direct(frame, _get_item, (namespace, name), ()))
            if value is _MISSING:
                value = cells[arg].contents  # type: ignore[index]
                if value is UNBOUND:
                    raise _unbound_cell(frame.code, arg)
            stack.append(value)
        elif opcode == op.LOAD_BUILD_CLASS:
            build = self.builtins.get("__build_class__", _MISSING)
            if build is _MISSING:
                raise NameError("__build_class__ not found")
            stack.append(build)
        elif opcode == op.SETUP_ANNOTATIONS:
            namespace = frame.locals if frame.locals is not None else frame.globals
            if type(namespace) is dict:
                namespace.setdefault("__annotations__", {})
            else:
                self.run_direct(frame, _setup_annotations, (namespace,), ())
        elif opcode == op.RAISE:
            self.op_raise(arg, stack)
        elif opcode == op.PUSH_EXC_INFO:
            exc = stack.pop()
            stack.append(self.handled)
            stack.append(exc)
            self.handled = exc
            if frame.generator is not None:
                frame.generator.exc_depth += 1
        elif opcode == op.POP_EXCEPT:
            self.pop_except(frame, stack.pop())
        elif opcode == op.POP_EXCEPT_RERAISE:
            exc = stack.pop()
            self.pop_except(frame, stack.pop())
            self.reraising = True
            self.raised_context = (exc, exc.__context__)
            raise exc
        elif opcode == op.CHECK_EXC_MATCH:
            expected = stack.pop()
            _check_except_type(expected)
            stack[-1] = isinstance(stack[-1], expected)
        elif opcode == op.GET_YIELD_FROM_ITER:
            if type(stack[-1]) not in FRAME_ITERATORS:
                stack[-1] = _get_iter(stack[-1])
        elif opcode == op.LOAD_ASSERTION_ERROR:
            stack.append(AssertionError)
        elif opcode == op.LOAD_SPECIAL:
            obj = stack[-1]
            if _is_sandbox_object(obj):  # a descriptor's __get__ may be sandbox code
                stack[-1] = self.run_direct(frame, protocols.context_method, (self, obj, arg), ())
            else:
                stack[-1] = attributes.load_special(obj, arg)
        elif opcode == op.IMPORT_NAME:
            stack.append(self.import_module(arg))
        elif opcode == op.IMPORT_FROM:
            module = stack[-1]
            try:
                stack.append(module.namespace[arg])
            except KeyError:
                raise ImportError(
                    f"cannot import name '{arg}' from '{module.name}' (unknown location)"
                ) from None
        elif opcode == op.GET_AWAITABLE:
            stack[-1] = self.awaitable(stack[-1])
        else:  # pragma: no cover - the compiler emits only known opcodes
            raise SystemError(f"unknown opcode {opcode}")

    def pop_except(self, frame: Frame, previous: BaseException | None) -> None:
        """Leave an except block: what was handled before it is handled again.

        In a generator's outermost except block that is its caller's exception,
        which may have changed since the block began (the generator yielded).
        """
        generator = frame.generator
        if generator is not None:
            generator.exc_depth -= 1
            if not generator.exc_depth:
                previous = generator.outer
        self.handled = previous

    def awaitable(self, value: Any) -> Any:
        """What ``await value`` drives: the coroutine itself, or a generator awaiting a future."""
        if type(value) is Coroutine:
            if value.frame is None:
                raise RuntimeError("cannot reuse already awaited coroutine")
            if value.delegate is not None:  # suspended in an await of its own (driven by hand)
                raise RuntimeError("coroutine is being awaited already")
            return value
        if type(value) in aio.AWAITABLE_TYPES:
            return self.frame_for(prelude_function("__await_future"), [value], None)
        raise TypeError(f"object {attributes.type_name(type(value))} can't be used in 'await' expression")

    def op_raise(self, kind: int, stack: list) -> None:
        if kind == 0:
            exc = self.handled
            if exc is None:
                raise RuntimeError("No active exception to reraise")
            self.reraising = True
            self.raised_context = (exc, exc.__context__)
            raise exc
        cause: Any = _MISSING
        if kind == 2:
            cause = stack.pop()
        exc = _make_exception(stack.pop())
        if cause is not _MISSING:
            if cause is None:
                exc.__cause__ = None
            else:
                cause = _make_exception(cause, for_cause=True)
                exc.__cause__ = cause
            exc.__suppress_context__ = True
        self.raised_context = (exc, exc.__context__)
        raise exc

    def load_name(self, frame: Frame, name: str) -> Any:
        """A name in a class body: its namespace, then the globals, then the builtins."""
        namespace = frame.locals
        if type(namespace) is dict:
            value = namespace.get(name, _MISSING)
        else:
            value = self.run_direct(frame, _get_item, (namespace, name), ())
        if value is _MISSING:
            value = frame.globals.get(name, _MISSING)
            if value is _MISSING:
                value = self.builtins.get(name, _MISSING)
                if value is _MISSING:
                    raise _name_error(name, frame.code, [], frame.globals, self.builtins)
        return value

    def star_arguments(self, func: Any, iterable: Any) -> list:
        """The arguments of ``func(*iterable)``, with CPython's error when it is no iterable."""
        if type(iterable) in FRAME_ITERATORS:
            return self.drain(iterable)
        if not _unpackable(iterable):
            raise TypeError(
                f"{_callable_name(func)} argument after * must be an iterable, "
                f"not {attributes.type_name(type(iterable))}"
            )
        operations.check_growth(iterable)
        return list(iterable)

    def unpack_values(self, sequence: Any, count: int, after: int | None) -> list:
        """The items of ``sequence`` for an unpacking, with CPython's errors."""
        if type(sequence) in FRAME_ITERATORS:
            values = self.drain(sequence)
        else:
            if not _unpackable(sequence):
                raise TypeError(f"cannot unpack non-iterable {attributes.type_name(type(sequence))} object")
            if after is None:
                values = []
                for value in sequence:
                    values.append(value)
                    if len(values) > count:
                        raise ValueError(f"too many values to unpack (expected {count})")
            else:
                values = list(sequence)
        if after is None:
            if len(values) > count:
                raise ValueError(f"too many values to unpack (expected {count})")
            if len(values) < count:
                raise ValueError(
                    f"not enough values to unpack (expected {count}, got {len(values)})"
                )
        elif len(values) < count + after:
            raise ValueError(
                f"not enough values to unpack (expected at least {count + after}, "
                f"got {len(values)})"
            )
        return values

    def format_field(self, value: Any, conversion: str | None, spec: str) -> str:
        """An f-string's ``{value!conversion:spec}``."""
        if conversion == "r":
            value = repr(value)
        elif conversion == "s":
            value = str(value)
        elif conversion == "a":
            value = ascii(value)
        if type(value) is str and not spec:
            return value
        return self.format_value(value, spec)

    def format_value(self, value: Any, spec: str) -> str:
        return format_value(value, spec, self.check_size)

    def check_size(self, size: int) -> None:
        """Refuse to build a value of about ``size`` bytes beyond what the limits allow."""
        check_size(size)

    def write(self, text: str) -> None:
        """Output of ``print``, counted against ``max_output``."""
        self.output_size += len(text)
        limit = self.limits.max_output
        if limit is not None and self.output_size > limit:
            raise OutputLimitError(f"Output limit exceeded (limit: {limit} characters)")
        self.output.append(text)

    def import_module(self, name: str) -> Module:
        if self.importer is not None:
            module = self.importer(name)
            if module is not None:
                return module
        error = ModuleNotFoundError(f"No module named '{name}'")
        error.name = name
        raise error

    # -- host-driven iteration ------------------------------------------------------

    def nested_next(self, generator: Generator) -> Any:
        """One step of a generator driven by host code; tool calls are refused here."""
        frame = self.resume_generator(generator, None, None, RESUME_NESTED)
        if type(frame) is not Frame:
            return frame
        driver = self.execute(frame)
        try:
            driver.send(None)
        except Uncaught as uncaught:
            exc = uncaught.exc
            self.raised_context = (exc, exc.__context__)
            raise exc from None
        except StopIteration as stop:
            if generator.frame is None or not generator.started:  # it returned (or restarted)
                raise StopIteration from None
            return stop.value
        driver.close()
        generator.frame = None
        generator.running = False
        raise RuntimeError("a tool cannot be called from code that the host iterates here")

    def drain(self, generator: Generator) -> list:
        """All remaining items of a generator, run as nested host-driven steps."""
        values = []
        while True:
            try:
                values.append(self.nested_next(generator))
            except StopIteration:
                return values


def _holds_instances(values: list) -> bool:
    """Whether hashing or comparing one of ``values`` may run sandbox code."""
    return any(type(kind) is not type for kind in set(map(type, values)))


def _dict_of(keys: list, values: list) -> dict:
    return dict(zip(keys, values))


def _truth_of(compare: Any, left: Any, right: Any) -> bool:
    """``if left < right``: the comparison and the truth of its result."""
    return bool(compare(left, right))


def _has_sandbox_object(args: list) -> bool:
    """Whether one of ``args`` is a sandbox object (its methods may be sandbox code)."""
    for value in args:
        if type(type(value)) is not type:
            return True
    return False


def _is_sandbox_object(value: Any) -> bool:
    """Whether ``value`` is a sandbox class or an instance of one (or of a metaclass)."""
    t = type(value)
    return type(t) is not type or t is ClassMeta


def _get_item(namespace: Any, name: str) -> Any:
    """``namespace[name]`` for a class body's namespace that is no dict; MISSING for a
    KeyError (the name is looked up further)."""
    try:
        return namespace[name]
    except KeyError:
        return _MISSING


def _set_item(namespace: Any, name: str, value: Any) -> None:
    namespace[name] = value


def _delete_name(namespace: Any, name: str, code: Code) -> None:
    try:
        del namespace[name]
    except KeyError:
        raise _name_error(name, code, [], {}, {}) from None


def _setup_annotations(namespace: Any) -> None:
    try:
        namespace["__annotations__"]
    except KeyError:
        namespace["__annotations__"] = {}


def _cell_name(code: Code, index: int) -> str:
    if index < len(code.cellvars):
        return code.cellvars[index]
    return code.freevars[index - len(code.cellvars)]


def _discard_pending(pending: Any) -> None:
    """A frame made for sandbox code that will not run after all (a resumed generator's
    frame, readied by resume_generator, must not stay marked as running)."""
    if type(pending) is Frame and pending.generator is not None:
        pending.generator.running = False


def _end_step(generator: Generator, frame: Frame) -> None:
    """A generator's frame ended: the generator is finished; a builtin iterator's frame
    starts over at its next step (see BuiltinIterator)."""
    if type(generator) in BUILTIN_ITERATORS:
        frame.pc = 0
        frame.stack.clear()
        generator.started = False
    else:
        generator.frame = None


def _call_host_method(func: Any, args: list, kwargs: dict) -> Any:
    """``obj.method(*args, **kwargs)`` as CPython calls it: through the method descriptor.

    Its errors name the type (``str.count() takes no keyword arguments``); the
    bound method's would not (``count() takes ...``).
    """
    owner = func.__self__ if type(func) is _HostMethod else None
    if owner is not None and type(owner) in attributes.METHODS:
        descriptor = attributes.METHODS[type(owner)].get(func.__name__)
        if type(descriptor) is _MethodDescriptor:
            return attributes.call_descriptor(descriptor, [owner, *args], kwargs)
    return func(*args, **kwargs)


def _add_traceback(exc: BaseException, frame: Frame) -> None:
    exception_data.traceback_entries(exc).append((frame.code, frame.pc - 1))


def _make_exception(value: Any, for_cause: bool = False) -> BaseException:
    if isinstance(value, type) and issubclass(value, BaseException):
        return value()
    if isinstance(value, BaseException):
        return value
    if for_cause:
        raise TypeError("exception causes must derive from BaseException")
    raise TypeError("exceptions must derive from BaseException")


def _check_except_type(expected: Any) -> None:
    items = expected if type(expected) is tuple else (expected,)
    for item in items:
        if not (isinstance(item, type) and issubclass(item, BaseException)):
            raise TypeError(
                "catching classes that do not inherit from BaseException is not allowed"
            )


def _unbound_local(code: Code, slot: int) -> UnboundLocalError:
    name = code.varnames[slot]
    return UnboundLocalError(
        f"cannot access local variable '{name}' where it is not associated with a value"
    )


def _unbound_cell(code: Code, index: int) -> NameError:
    if index < len(code.cellvars):
        return UnboundLocalError(
            f"cannot access local variable '{code.cellvars[index]}' where it is not "
            "associated with a value"
        )
    name = code.freevars[index - len(code.cellvars)]
    return NameError(
        f"cannot access free variable '{name}' where it is not associated with a value"
        " in enclosing scope"
    )


def _name_error(name: str, code: Code, fast: list, globals_: dict, builtins: dict) -> NameError:
    from .suggestions import suggest_name

    error = NameError(f"name '{name}' is not defined")
    error.name = name  # type: ignore[attr-defined]
    local_names = [var for var, value in zip(code.varnames, fast) if value is not UNBOUND]
    suggestion = suggest_name(name, local_names, globals_, builtins)
    if suggestion is not None:
        exception_data.set_suggestion(error, suggestion)
    return error


def _callable_name(func: Any) -> str:
    """``func`` as CPython's call errors name it: ``__main__.f()``, ``len()``, ``str.join()``."""
    tf = type(func)
    if tf is Function:
        return f"__main__.{func.qualname}()"
    name = getattr(func, "name", None) if tf in (Builtin, Tool) else None
    if tf is BoundBuiltin:
        owner = func.self if isinstance(func.self, type) else type(func.self)
        name = f"{owner.__name__}.{func.name}"
    elif tf is _HostMethod or tf is _MethodDescriptor:
        name = func.__qualname__
    elif isinstance(func, type):
        name = func.__name__
    return f"{name}()" if name else f"{tf.__name__} object"


# The machine's own objects: no host protocol (iteration, subscription, ...) applies to them.
VM_OBJECT_TYPES = frozenset((Function, *FRAME_ITERATORS, Coroutine, Builtin, BoundBuiltin, Module,
                             Tool, Cell))


def _is_vm_object(value: Any) -> bool:
    return type(value) in VM_OBJECT_TYPES


def _is_iterable(value: Any) -> bool:
    if _is_vm_object(value):
        return type(value) in FRAME_ITERATORS
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _unpackable(value: Any) -> bool:
    """Whether ``*value`` or ``a, b = value`` goes on to iterate: CPython words its own
    error only for a type without ``__iter__`` (None marks one among typing's stand-ins)
    that is no sequence; for any other, iteration raises its own."""
    if _is_vm_object(value):
        return type(value) in FRAME_ITERATORS
    try:
        iter(value)
    except TypeError:
        return getattr(type(value), "__iter__", None) is not None
    return True


def _get_iter(value: Any) -> Any:
    if _is_vm_object(value):
        raise TypeError(f"'{type(value).__name__}' object is not iterable")
    return iter(value)


_SEARCHED = frozenset({list, tuple, dict, set, frozenset, str, range})


def _contains(item: Any, container: Any) -> bool:
    tc = type(container)
    if tc in _SEARCHED:
        return containers.contains(container, item)
    if tc in LAZY_ITERATORS or (hasattr(tc, "__next__") and not _is_vm_object(container)):
        # an iterator (endless, maybe): pay item by item
        for value in container:
            if containers.equal(value, item):
                return True
            check_charge(1)
        return False
    if _is_vm_object(container):
        if tc in FRAME_ITERATORS:
            return any(containers.equal(value, item) for value in container)
        raise TypeError(f"argument of type '{tc.__name__}' is not iterable")
    return containers.contains(container, item)


def range_length(value: range) -> int:
    """``len(value)``, or the most a host index can hold for a range longer than that."""
    try:
        return len(value)
    except OverflowError:
        return sys.maxsize


def check_charge(units: int) -> None:
    """Pay for element operations done here, one at a time (see Machine.charge)."""
    current.get().charge(units)


def _subscript(container: Any, key: Any) -> Any:
    if _is_vm_object(container):
        raise TypeError(f"'{type(container).__name__}' object is not subscriptable")
    return operations.subscript(container, key)


def _store_subscript(container: Any, key: Any, value: Any) -> None:
    if _is_vm_object(container) or isinstance(container, type):
        raise TypeError(f"'{type(container).__name__}' object does not support item assignment")
    container[key] = value
