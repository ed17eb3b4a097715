"""The host-facing Sandbox: tools, variables, runs.

A Sandbox owns the sandbox's globals, its builtins namespace (tools live
there) and its limits. Each run compiles the source (cached), builds a
machine over those and drives it: every tool call the machine yields is
answered by calling the host function, through the boundary both ways.
"""

from __future__ import annotations

import keyword
import os
import sys
from collections.abc import Callable
from typing import Any

from .boundary import to_host, to_sandbox
from .errors import LimitError, SandboxError, SnapshotError
from .files import FileSystem
from .modules import STANDARD_MODULES
from .pending import Complete, DetachedCall, Finished, PendingCall, PendingCalls
from .tools import bind_tool_call, describe_tool, tool_exception
from .vm.aio import Loop, ToolBatch, ToolFuture
from .vm.builtins import make_builtins
from .vm.code import Code
from .vm.compiler import compile_source
from .vm.context import current
from .vm.machine import Limits, Machine, Tool, ToolCall, Uncaught
from .vm.objects import Module
from .vm.tracebacks import format_exception

# The longest source a sandbox compiles, in characters: model-written code is far shorter.
MAX_SOURCE = 1_000_000

# A default sandbox cannot run forever or print without end; sb.limit() changes these.
DEFAULT_LIMITS: dict[str, Any] = {"max_duration": 30.0, "max_output": 1_000_000}

_LIMIT_NAMES = ("max_instructions", "max_recursion_depth", "max_duration", "max_memory", "max_output")


class Sandbox:
    """A Python sandbox for model-written code; see README.md for the tour."""

    def __init__(self, builtins: bool = True) -> None:
        self._globals: dict[str, Any] = {}
        self._builtins = make_builtins()
        self._limits = Limits(**DEFAULT_LIMITS)
        self._tools: dict[str, Tool] = {}
        self._allow_standard_modules = builtins
        self._modules: dict[str, Module] = {}  # imported or registered, one per sandbox
        self._module_tools: dict[str, list[Tool]] = {}
        self._files = FileSystem()
        self._builtins["open"] = self._files.open_builtin

    # -- files ---------------------------------------------------------------------

    def mount(
        self, virtual_path: str, host_path: str | os.PathLike[str], writable: bool = False
    ) -> None:
        """Let the code open ``host_path`` (a file, or a directory and every file below it)
        as ``virtual_path``; writes reach the host only with ``writable``, atomically on close."""
        self._files.mount(virtual_path, host_path, writable)

    def files(self) -> dict[str, str | bytes]:
        """Contents of the writable mounts as committed to the host, by virtual path."""
        return self._files.files()

    # -- modules -------------------------------------------------------------------

    def module(self, name: str, namespace: dict[str, Any]) -> None:
        """Make ``import name`` work: constants cross the boundary, functions become tools."""
        if not isinstance(name, str) or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"module name must be a dotted identifier, not {name!r}")
        contents: dict[str, Any] = {}
        tools = []
        for key, value in namespace.items():
            if callable(value) and not isinstance(value, type):
                tool = Tool(f"{name}.{key}", value)
                contents[key] = tool
                tools.append(tool)
            else:
                contents[key] = to_sandbox(value)
        self._modules[name] = Module(name, contents)
        self._module_tools[name] = tools

    def _import(self, name: str) -> Module | None:
        module = self._modules.get(name)
        if module is None and self._allow_standard_modules:
            factory = STANDARD_MODULES.get(name)
            if factory is not None:
                module = self._modules[name] = factory()
        return module

    # -- tools ---------------------------------------------------------------------

    def tool(
        self,
        fn: Callable[..., Any] | None = None,
        *,
        name: str | None = None,
        thread: bool = False,
    ) -> Any:
        """Register ``fn`` as a tool (``@sb.tool`` or ``@sb.tool(name=...)``); returns it.

        Coroutine functions are awaited by :meth:`run_async`; with ``thread=True`` a
        blocking function runs in a worker thread there, so it cannot freeze the loop.
        """

        def register(function: Callable[..., Any]) -> Callable[..., Any]:
            if not callable(function):
                raise TypeError(f"a tool must be callable, not {type(function).__name__}")
            tool_name = name or function.__name__
            self._add_tool(Tool(tool_name, function, thread=thread))
            return function

        if fn is not None:
            return register(fn)
        return register

    def register(self, name: str, fn: Callable[[list], Any]) -> None:
        """Register a low-level tool: ``fn`` receives the positional arguments as one list."""
        self._add_tool(Tool(name, fn, raw=True))

    def _add_tool(self, tool: Tool) -> None:
        if not callable(tool.fn) and not (tool.declared and tool.fn is None):
            raise TypeError(f"tool {tool.name!r} is not callable")
        name = tool.name
        if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
            raise ValueError(f"tool name must be an identifier that is not a keyword, not {name!r}")
        self._tools[tool.name] = tool
        self._builtins[tool.name] = tool

    def describe(self) -> str:
        """Python-style signatures and docstrings of the tools, for a system prompt."""
        blocks = [describe_tool(tool) for tool in self._tools.values()]
        for name, tools in self._module_tools.items():
            if tools:
                stubs = [describe_tool(tool, tool.name.rsplit(".", 1)[1]) for tool in tools]
                blocks.append(f"# module {name} (import {name})\n" + "\n\n".join(stubs))
        return "\n\n".join(blocks)

    # -- variables -------------------------------------------------------------------

    def __setitem__(self, name: str, value: Any) -> None:
        if not isinstance(name, str):
            raise TypeError(f"variable names are str, not {type(name).__name__}")
        self._globals[name] = to_sandbox(value)

    def __getitem__(self, name: str) -> Any:
        return to_host(self._globals[name])

    def __delitem__(self, name: str) -> None:
        del self._globals[name]

    def __contains__(self, name: str) -> bool:
        return name in self._globals

    # -- limits ------------------------------------------------------------------------

    def limit(self, **limits: Any) -> None:
        """Set limits: max_instructions, max_recursion_depth, max_memory, max_duration,
        max_output; None means unlimited."""
        for key, value in limits.items():
            if key not in _LIMIT_NAMES:
                raise TypeError(f"limit() got an unexpected keyword argument '{key}'")
            kinds = (int, float) if key == "max_duration" else (int,)
            if value is not None and (
                isinstance(value, bool)
                or not isinstance(value, kinds)
                or not value >= 0  # also refuses NaN, which every comparison lets through
                or value == float("inf")
            ):
                what = "a non-negative number" if key == "max_duration" else "a non-negative int"
                raise ValueError(f"{key} must be {what} or None, not {value!r}")
            setattr(self._limits, key, value)

    # -- running ----------------------------------------------------------------------

    def __call__(self, code: str) -> Any:
        return self.run(code)

    def run(self, code: str) -> Any:
        """Run ``code``; return the value of its final expression statement (else None).

        What the code prints goes to the host's standard output.
        """
        value, printed = self._run(code)
        if printed:
            sys.stdout.write(printed)
        return value

    async def run_async(self, code: str, *, timeout: float | None = None) -> Any:
        """Like :meth:`run`, from async code (trio or asyncio); see docs/async.md."""
        from .async_host.driver import drive  # anyio loads only for async hosts

        value, printed = await drive(self, code, timeout)  # as async_host.run_async
        if printed:
            sys.stdout.write(printed)
        return value

    async def capture_async(
        self, code: str, *, timeout: float | None = None
    ) -> tuple[Any, list[str]]:
        """Like :meth:`capture`, from async code (trio or asyncio)."""
        from .async_host.driver import drive

        value, printed = await drive(self, code, timeout)  # as async_host.capture_async
        return value, split_lines(printed)

    def capture(self, code: str) -> tuple[Any, list[str]]:
        """Run ``code``; return ``(value, printed_lines)``."""
        value, printed = self._run(code)
        return value, split_lines(printed)

    def _compile(self, source: str) -> Code:
        if not isinstance(source, str):
            raise TypeError(f"code must be a str, not {type(source).__name__}")
        if len(source) > MAX_SOURCE:
            raise ValueError(
                f"code is {len(source):,} characters long; the most a sandbox takes is "
                f"{MAX_SOURCE:,}"
            )
        try:
            return compile_source(source)
        except SyntaxError as error:
            from traceback import format_exception_only  # only a failing compile needs it

            raise SandboxError(
                type(error).__name__, str(error.msg), "".join(format_exception_only(error))
            ) from None
        except UnicodeEncodeError as error:  # a lone surrogate, from JSON-decoded output
            message = f"source cannot be encoded: {error.reason} at position {error.start}"
            raise SandboxError("SyntaxError", message, f"SyntaxError: {message}\n") from None
        except (RecursionError, MemoryError):
            message = "maximum recursion depth exceeded during compilation"
            raise SandboxError("RecursionError", message, f"RecursionError: {message}\n") from None

    def _machine(self) -> Machine:
        return Machine(self._globals, self._builtins, self._limits, self._import)

    def _advance(
        self, machine: Machine, driver: Any, value: Any = None, exc: BaseException | None = None
    ) -> ToolCall | Finished:
        """One step of a run; when the run ends, its open files are committed or discarded."""
        try:
            step = self._step(machine, driver, value, exc)
        except BaseException:
            self._files.end_run(success=False, machine=machine)
            raise
        if type(step) is Finished:
            self._files.end_run(success=True, machine=machine)
        return step

    def _step(
        self, machine: Machine, driver: Any, value: Any = None, exc: BaseException | None = None
    ) -> ToolCall | Finished:
        """One step of a run: up to its next tool call, or its end."""
        try:
            if exc is not None:
                return driver.throw(exc)
            return driver.send(value)
        except StopIteration as done:
            return Finished(done.value)
        except Uncaught as uncaught:
            error = uncaught.exc
            raise SandboxError(
                type(error).__name__,
                _message(error),
                format_exception(error),
                split_lines("".join(machine.output)),
            ) from None
        except LimitError as error:
            error.printed = split_lines("".join(machine.output))
            raise

    def _run(self, source: str) -> tuple[Any, str]:
        code = self._compile(source)
        machine = self._machine()
        token = current.set(machine)
        try:
            machine.start_budget()
            driver = machine.execute(machine.module_frame(code))
            step = self._advance(machine, driver)
            while True:
                if type(step) is ToolCall:
                    self._refuse_declared(step, driver)
                    try:
                        result = self._call_tool(step)
                    except Exception as exc:  # noqa: BLE001 - goes into the sandbox
                        step = self._advance(machine, driver, exc=tool_exception(exc))
                    else:
                        step = self._advance(machine, driver, result)
                elif type(step) is ToolBatch:
                    answers, exc = self._answer_batch(machine, driver, step)
                    step = self._advance(machine, driver, answers, exc)
                else:
                    return to_host(step.value), "".join(machine.output)
        finally:
            self._files.end_run(success=False, machine=machine)
            current.reset(token)

    def _refuse_declared(self, call: ToolCall, driver: Any) -> None:
        if call.tool.declared:
            driver.close()
            raise RuntimeError(
                f"tool {call.tool.name!r} is declared without a host function: "
                "drive this code with Sandbox.start() and answer the call with resume()"
            )

    def _answer_batch(
        self, machine: Machine, driver: Any, batch: ToolBatch
    ) -> tuple[dict | None, BaseException | None]:
        """Calls outstanding together, answered one after another: ``(answers, None)``.

        With no call outstanding the sandbox's loop waits for a timer: sleep,
        unless that passes the time limit (then ``(None, TimeLimitError)``).
        """
        calls = batch.calls
        answers = unbindable_calls(calls)
        if answers:  # failed at once, as start() and run_async fail them
            return answers, None
        for future in calls:
            self._refuse_declared(future.call, driver)
            try:
                answers[future.id] = (self._call_tool(future.call), None)
            except Exception as exc:  # noqa: BLE001 - goes into the sandbox
                answers[future.id] = (None, tool_exception(exc))
        if not calls:
            timeout = batch.timeout or 0.0
            error = machine.sleep(timeout)
            if error is not None:
                return None, error
        return answers, None

    # -- pausing -------------------------------------------------------------------------

    def declare(self, name: str, stub: Callable[..., Any] | None = None) -> None:
        """A tool the host answers only through :meth:`start`/``resume``.

        ``stub`` (optional) gives its signature and docstring, for binding the
        sandbox's arguments and for :meth:`describe`; it is never called.
        """
        self._add_tool(Tool(name, stub, declared=True))

    def start(self, code: str) -> PendingCall | PendingCalls | Complete:
        """Run ``code`` up to its first tool call: a PendingCall (PendingCalls when async
        code waits on several at once), or Complete if none."""
        machine = self._machine()
        compiled = self._compile(code)
        token = current.set(machine)
        try:
            machine.start_budget()
            driver = machine.execute(machine.module_frame(compiled))
            return self._outcome(machine, driver, self._advance(machine, driver))
        finally:
            current.reset(token)

    def _outcome(self, machine: Machine, driver: Any, step: Any) -> Any:
        """What the host sees after a step; a call that does not bind fails in the sandbox.

        A batch whose calls all fail to bind, or that waits only for a sandbox
        timer, is settled here without the host.
        """
        while True:
            if type(step) is ToolCall:
                try:
                    pending = PendingCall(self, machine, driver, step)  # arguments to host values
                    if not (step.tool.raw or step.tool.fn is None):
                        bind_tool_call(step.tool, pending.args, pending.kwargs)
                except TypeError as error:
                    driver, step = self._continue(machine, driver, exc=tool_exception(error))
                else:
                    return pending
            elif type(step) is ToolBatch:
                calls = step.calls
                answers = unbindable_calls(calls)
                if calls and not answers:
                    return PendingCalls(self, machine, driver, step)
                if not calls:
                    timeout = step.timeout or 0.0
                    wait_error = machine.sleep(timeout)
                    if wait_error is not None:
                        driver, step = self._continue(machine, driver, exc=wait_error)
                        continue
                driver, step = self._continue(machine, driver, answers)
            else:
                return Complete(to_host(step.value), split_lines("".join(machine.output)))

    def _continue(
        self, machine: Machine, driver: Any, value: Any = None, exc: BaseException | None = None
    ) -> tuple[Any, Any]:
        """Go on with an answer: ``(driver, step)``; a run loaded from bytes gets a driver."""
        if driver is None:  # loaded from bytes: build a driver over the frames
            frame, frames = machine.paused
            if exc is None:
                frame.stack.append(value)
            machine.unpause()
            driver = machine.execute(frame, frames, throw=exc)
            return driver, self._advance(machine, driver)
        return driver, self._advance(machine, driver, value, exc)

    def _resume(
        self, machine: Machine, driver: Any, value: Any = None, exc: BaseException | None = None
    ) -> PendingCall | PendingCalls | Complete:
        token = current.set(machine)
        try:
            driver, step = self._continue(machine, driver, value, exc)
            return self._outcome(machine, driver, step)
        finally:
            current.reset(token)

    def load(
        self, blob: bytes | DetachedCall, key: bytes | None = None
    ) -> PendingCall | PendingCalls:
        """A paused run from :meth:`PendingCall.dump`, resumable in this sandbox.

        This sandbox must offer the tools the run uses. Its globals become the
        run's. Raises :class:`~littrs.SnapshotError` for bytes that are not a
        valid snapshot (truncated, tampered, another format version, wrong key).
        """
        from .snapshot import parse, restore  # cattrs loads only when snapshots are used

        if isinstance(blob, DetachedCall):
            blob = blob.blob
        snapshot = parse(blob, key)
        machine = self._machine()
        machine.start_budget()
        token = current.set(machine)  # rebuilding a dict keyed by instances hashes them
        try:
            frame, frames, call, handled = restore(snapshot, self)
        finally:
            current.reset(token)
        machine.handled = handled
        machine.restore_budget(snapshot.steps, snapshot.elapsed)
        machine.output = list(snapshot.output)
        machine.output_size = sum(len(text) for text in machine.output)
        machine.paused = (frame, frames)
        loop = call[3]
        if loop is not None and type(loop) is not Loop:
            raise SnapshotError("malformed event loop in snapshot")
        machine.loop = loop
        if call[0] is None:  # async code waiting on a batch of calls: its loop holds them
            if loop is None:
                raise SnapshotError("malformed pending calls in snapshot")
            batch = ToolBatch(loop)
            if not batch.calls:
                raise SnapshotError("malformed pending calls in snapshot")
            return PendingCalls(self, machine, None, batch)
        name = call[0]
        tool = self._tools.get(name) if isinstance(name, str) else None
        if tool is None and isinstance(name, str) and "." in name:
            module = self._modules.get(name.rsplit(".", 1)[0])
            candidate = module.namespace.get(name.rsplit(".", 1)[1]) if module else None
            tool = candidate if type(candidate) is Tool else None
        if tool is None or type(call[1]) is not list or not isinstance(call[2], (dict, type(None))):
            raise SnapshotError(f"snapshot calls a tool this sandbox does not have: {name!r}")
        return PendingCall(self, machine, None, ToolCall(tool, call[1], call[2]))

    def _call_tool(self, request: ToolCall) -> Any:
        tool = request.tool
        args = [to_host(arg) for arg in request.args]
        kwargs = {key: to_host(value) for key, value in (request.kwargs or {}).items()}
        if tool.raw:
            if kwargs:
                raise TypeError(f"{tool.name}() takes no keyword arguments")
            return to_sandbox(tool.fn(args))
        bind_tool_call(tool, args, kwargs)
        return to_sandbox(tool.fn(*args, **kwargs))


def unbindable_calls(calls: list[ToolFuture]) -> dict[int, tuple[None, BaseException]]:
    """The calls of a batch that cannot be made, by id, with their sandbox-side error.

    Every driver (run, start/resume, run_async) answers these first and on their
    own, before any host call: a run then ends the same whichever drives it.
    """
    answers: dict[int, tuple[None, BaseException]] = {}
    for future in calls:
        error = _binding_error(future.call)
        if error is not None:
            answers[future.id] = (None, error)
    return answers


def _binding_error(call: ToolCall) -> BaseException | None:
    """The sandbox-side TypeError of a call whose arguments do not fit its tool, or None."""
    try:
        args = [to_host(arg) for arg in call.args]
        kwargs = {key: to_host(value) for key, value in (call.kwargs or {}).items()}
        if not (call.tool.raw or call.tool.fn is None):
            bind_tool_call(call.tool, args, kwargs)
    except TypeError as error:
        return tool_exception(error)
    return None


def split_lines(text: str) -> list[str]:
    """Printed text as lines: one trailing newline dropped, then split on newlines."""
    if not text:
        return []
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def _message(exc: BaseException) -> str:
    from .vm.tracebacks import exception_message

    message = exception_message(exc)
    return "" if message is None else message

