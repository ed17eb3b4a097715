"""Drive a sandbox run from async code (trio or asyncio, through anyio).

The machine runs cooperatively: it yields a checkpoint every slice of
instructions, where the driver lets the event loop run once about a
millisecond of computing has passed (``pacing``), and a tool call, where the
driver awaits the tool. Cancellation can only arrive at those awaits; the
driver then closes the machine's generator (no more sandbox code runs) and
lets the cancellation through, so the sandbox is usable again at once.

The contextvar naming the running machine is set only while the machine is
being advanced (and while a sync tool or the boundary runs, as in ``run()``),
never across an ``await``.

Async sandbox code (``asyncio.gather`` of tool calls) yields a batch of
outstanding calls: each new one starts as a task of a task group that lives
as long as the run (:class:`Outstanding`), and the sandbox goes on as soon as
any of them is answered, or a sandbox timer is due.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from inspect import isawaitable
from time import perf_counter
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread

from ..boundary import to_host, to_sandbox
from ..errors import TimeLimitError
from ..sandbox import split_lines
from ..tools import bind_tool_call, tool_exception
from ..vm.aio import ToolBatch
from ..vm.context import current
from ..vm.machine import CHECKPOINT, Machine, Tool, ToolCall
from .pacing import Pacer, loop_turns

if TYPE_CHECKING:
    from ..sandbox import Sandbox


async def run_async(sandbox: Sandbox, code: str, *, timeout: float | None = None) -> Any:
    """Async ``sandbox.run(code)``: async tools are awaited, the event loop keeps running.

    ``timeout`` bounds the wall time of the whole run, tool waits included; past
    it the run stops and :class:`~littrs.TimeLimitError` is raised.
    """
    value, printed = await _run(sandbox, code, timeout)
    if printed:
        sys.stdout.write(printed)
    return value


async def capture_async(
    sandbox: Sandbox, code: str, *, timeout: float | None = None
) -> tuple[Any, list[str]]:
    """Async ``sandbox.capture(code)``: ``(value, printed_lines)``."""
    value, printed = await _run(sandbox, code, timeout)
    return value, split_lines(printed)


def runs_in_thread(tool: Tool) -> bool:
    """Whether a sync tool is called in a worker thread (``@sb.tool(thread=True)``)."""
    return bool(getattr(tool, "thread", False))


async def _run(sandbox: Sandbox, source: str, timeout: float | None) -> tuple[Any, str]:
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout < 0
    ):
        raise ValueError(f"timeout must be a non-negative number or None, not {timeout!r}")
    code = sandbox._compile(source)
    machine = sandbox._machine()
    machine.cooperative = True
    driver = machine.execute(machine.module_frame(code))
    steps = _steps_with_calls if code.uses_async else _steps
    try:
        if timeout is None:
            return await steps(sandbox, machine, driver), "".join(machine.output)
        with anyio.move_on_after(timeout):
            return await steps(sandbox, machine, driver), "".join(machine.output)
        raise TimeLimitError(  # the deadline cancelled the run, and the scope caught it
            f"Time limit exceeded (timeout: {timeout} seconds)",
            split_lines("".join(machine.output)),
        )
    finally:
        driver.close()  # a no-op after the end; otherwise no more sandbox code runs
        sandbox._files.end_run(success=False, machine=machine)  # files a stopped run left open


async def _steps_with_calls(sandbox: Sandbox, machine: Machine, driver: Any) -> Any:
    """:func:`_steps` for async code: calls run concurrently in a task group of the run."""
    failure: Exception | None = None
    async with anyio.create_task_group() as group:
        try:
            value = await _steps(sandbox, machine, driver, Outstanding(machine, group))
        except Exception as error:  # noqa: BLE001 - raised after the group, unwrapped
            failure = error
        group.cancel_scope.cancel()  # calls still running when the run ends
    if failure is not None:
        raise failure
    return value


class Outstanding:
    """The tool calls an async run has in flight, each a task of the run's task group."""

    def __init__(self, machine: Machine, group: Any) -> None:
        self.machine = machine
        self.group = group
        self.running: dict[int, anyio.CancelScope] = {}
        self.answers: dict[int, tuple[Any, BaseException | None]] = {}
        self.fatal: BaseException | None = None
        self.changed = anyio.Event()

    async def answer(self, batch: ToolBatch) -> dict:
        """Start the batch's new calls, cancel the dropped ones; wait for some answers."""
        outstanding = {future.id: future for future in batch.calls}
        for call_id in [call_id for call_id in self.running if call_id not in outstanding]:
            self.running.pop(call_id).cancel()  # the sandbox cancelled its task
        for call_id, future in outstanding.items():
            if call_id in self.running or call_id in self.answers:
                continue
            token = current.set(self.machine)
            try:
                value, exc, waiting = _call(future.call)
            finally:
                current.reset(token)
            if waiting is None:
                self.answers[call_id] = (value, exc)
            else:
                scope = anyio.CancelScope()
                self.running[call_id] = scope
                self.group.start_soon(self._await, call_id, waiting, scope)
        if not self.answers:
            timeout = batch.timeout
            with anyio.move_on_after(float("inf") if timeout is None else timeout):
                await self.changed.wait()
            self.changed = anyio.Event()
        if self.fatal is not None:
            raise self.fatal
        answers, self.answers = self.answers, {}
        return answers

    async def _await(self, call_id: int, waiting: Any, scope: anyio.CancelScope) -> None:
        with scope:
            try:
                answer = await _wait(self.machine, waiting)
            except anyio.get_cancelled_exc_class():
                raise
            except BaseException as error:  # noqa: BLE001 - KeyboardInterrupt: ends the run
                self.fatal = error
            else:
                self.answers[call_id] = answer
            self.running.pop(call_id, None)
            self.changed.set()


async def _steps(
    sandbox: Sandbox, machine: Machine, driver: Any, calls: Outstanding | None = None
) -> Any:
    """Advance the machine until it finishes; answer checkpoints and tool calls.

    The machine computes only while it holds the loop's turn (see ``pacing``).
    """
    advance = sandbox._advance
    pacer = Pacer(machine)
    turns = loop_turns()
    if turns.owner is not None:
        await turns.take(machine)
    turns.owner = machine
    try:
        token = current.set(machine)
        started = perf_counter()
        try:
            machine.start_budget()
            step = advance(machine, driver)
        finally:
            current.reset(token)
        pacer.add(perf_counter() - started)
        while True:
            if step is CHECKPOINT:
                if pacer.checkpoint():
                    await turns.pass_turn(machine)
                value = exc = None
            elif type(step) is ToolCall:
                token = current.set(machine)
                try:
                    value, exc, waiting = _call(step)
                finally:
                    current.reset(token)
                if waiting is not None:
                    turns.give(machine)
                    value, exc = await _wait(machine, waiting)
                    if turns.owner is not None:
                        await turns.take(machine)
                    turns.owner = machine
                    pacer.awaited()
            elif type(step) is ToolBatch and calls is not None:
                turns.give(machine)
                value, exc = await calls.answer(step), None
                if turns.owner is not None:
                    await turns.take(machine)
                turns.owner = machine
                pacer.awaited()
            else:
                token = current.set(machine)
                try:
                    return to_host(step.value)
                finally:
                    current.reset(token)
            token = current.set(machine)
            started = perf_counter()
            try:
                step = advance(machine, driver, value, exc)
            finally:
                current.reset(token)
            pacer.add(perf_counter() - started)
    finally:
        turns.give(machine)


def _call(call: ToolCall) -> tuple[Any, BaseException | None, Any]:
    """Start a tool call: ``(value, exception, None)``, or what to await as third item.

    A sync tool runs here, as in ``run()``. An async tool's awaitable, or for a
    thread tool the call as a ``partial`` (never awaitable), is returned. A tool's
    ``Exception`` goes into the sandbox; anything else (KeyboardInterrupt)
    ends the run.
    """
    tool = call.tool
    if tool.declared:
        raise RuntimeError(
            f"tool {tool.name!r} is declared without a host function: "
            "drive this code with Sandbox.start() and answer the call with resume()"
        )
    try:
        fn, args, kwargs = prepare_call(call)
        if runs_in_thread(tool):
            return None, None, partial(fn, *args, **kwargs)
        result = fn(*args, **kwargs)
        if isawaitable(result):
            return None, None, result
        return to_sandbox(result), None, None
    except Exception as error:  # noqa: BLE001 - goes into the sandbox
        return None, tool_exception(error), None


async def _wait(machine: Machine, waiting: Any) -> tuple[Any, BaseException | None]:
    """Await a tool (its coroutine, or a call in a worker thread); its sandbox result.

    Cancellation and other non-``Exception`` errors pass through and end the run.
    """
    try:
        if type(waiting) is partial:
            waiting = await anyio.to_thread.run_sync(waiting, abandon_on_cancel=True)
            if not isawaitable(waiting):
                return _result(machine, waiting)
        return _result(machine, await waiting)
    except Exception as error:  # noqa: BLE001 - goes into the sandbox
        return None, tool_exception(error)


def _result(machine: Machine, result: Any) -> tuple[Any, BaseException | None]:
    token = current.set(machine)
    try:
        return to_sandbox(result), None
    finally:
        current.reset(token)


def prepare_call(call: ToolCall) -> tuple[Callable[..., Any], list, dict]:
    """The tool's host function and host copies of the arguments: ``fn(*args, **kwargs)``.

    Raises CPython's TypeError when the arguments do not fit the tool, before
    the host function runs (the same steps as ``Sandbox._call_tool``).
    """
    tool = call.tool
    args = [to_host(arg) for arg in call.args]
    kwargs = {key: to_host(value) for key, value in call.kwargs.items()} if call.kwargs else {}
    if tool.raw:
        if kwargs:
            raise TypeError(f"{tool.name}() takes no keyword arguments")
        return tool.fn, [args], kwargs
    bind_tool_call(tool, args, kwargs)
    return tool.fn, args, kwargs
