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
from collections.abc import Callable, Coroutine
from functools import partial
from inspect import isawaitable
from time import perf_counter
from types import CoroutineType
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread

from ..boundary import to_host, to_sandbox
from ..errors import TimeLimitError
from ..sandbox import split_lines, unbindable_calls
from ..tools import bind_tool_call, tool_exception
from ..vm.aio import ToolBatch
from ..vm.context import current
from ..vm.machine import CHECKPOINT, Machine, Tool, ToolCall
from .pacing import FIRST_SLICE, YIELD_SECONDS, loop_turns, slice_after

if TYPE_CHECKING:
    from ..sandbox import Sandbox


async def run_async(sandbox: Sandbox, code: str, *, timeout: float | None = None) -> Any:
    """Async ``sandbox.run(code)``: async tools are awaited, the event loop keeps running.

    ``timeout`` bounds the wall time of the whole run, tool waits included; past
    it the run stops and :class:`~littrs.TimeLimitError` is raised.
    """
    value, printed = await drive(sandbox, code, timeout)
    if printed:
        sys.stdout.write(printed)
    return value


async def capture_async(
    sandbox: Sandbox, code: str, *, timeout: float | None = None
) -> tuple[Any, list[str]]:
    """Async ``sandbox.capture(code)``: ``(value, printed_lines)``."""
    value, printed = await drive(sandbox, code, timeout)
    return value, split_lines(printed)


def runs_in_thread(tool: Tool) -> bool:
    """Whether a sync tool is called in a worker thread (``@sb.tool(thread=True)``)."""
    return bool(getattr(tool, "thread", False))


# What a run costs while it waits matters: a server has thousands waiting at once, and
# the cyclic garbage collector walks every object they keep alive, again and again. So
# a run waiting on a tool is two coroutines of ours (the public function's and
# :func:`_steps`, which awaits the tool itself), its state is in their locals, and
# nothing of it is made before it is needed.


def drive(sandbox: Sandbox, source: str, timeout: float | None) -> Coroutine[Any, Any, Any]:
    """Compile ``source`` and set up its run; the coroutine that drives it, which
    returns ``(value, printed text)``.

    A plain function, so that awaiting its result costs no coroutine of its own.
    """
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout < 0
    ):
        raise ValueError(f"timeout must be a non-negative number or None, not {timeout!r}")
    code = sandbox._compile(source)
    machine = sandbox._machine()
    machine.cooperative = True
    driver = machine.execute(machine.module_frame(code))
    if code.uses_async:
        steps = _steps_with_calls(sandbox, machine, driver)
    else:
        steps = _steps(sandbox, machine, driver)
    return steps if timeout is None else _timed(steps, machine, timeout)


async def _timed(steps: Coroutine[Any, Any, Any], machine: Machine, timeout: float) -> Any:
    """Await ``steps`` for at most ``timeout`` seconds, then raise TimeLimitError."""
    try:
        with anyio.move_on_after(timeout):
            return await steps
    finally:
        steps.close()  # if entering the scope failed: closed, not "never awaited"
    raise TimeLimitError(  # the deadline cancelled the run, and the scope caught it
        f"Time limit exceeded (timeout: {timeout} seconds)",
        split_lines("".join(machine.output)),
    )


async def _steps_with_calls(sandbox: Sandbox, machine: Machine, driver: Any) -> Any:
    """:func:`_steps` for async code: calls run concurrently in a task group of the run."""
    failure: Exception | None = None
    try:
        async with anyio.create_task_group() as group:
            try:
                value = await _steps(sandbox, machine, driver, Outstanding(machine, group))
            except Exception as error:  # noqa: BLE001 - raised after the group, unwrapped
                failure = error
            group.cancel_scope.cancel()  # calls still running when the run ends
    finally:
        _end(sandbox, machine, driver)  # also if the group never ran the steps
    if failure is not None:
        raise failure
    return value


def _end(sandbox: Sandbox, machine: Machine, driver: Any) -> None:
    driver.close()  # a no-op after the end; otherwise no more sandbox code runs
    sandbox._files.end_run(success=False, machine=machine)  # files a stopped run left open


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
        new = [future for call_id, future in outstanding.items()
               if call_id not in self.running and call_id not in self.answers]
        failed = unbindable_calls(new)
        if failed:  # answered first and alone, as run() and start() answer them
            return failed
        for future in new:
            call_id = future.id
            value, exc, waiting = _call(self.machine, future.call)
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
) -> tuple[Any, str]:
    """Advance the machine until it finishes; answer checkpoints and tool calls.

    Returns ``(value, printed text)``. The machine computes only while it holds
    the loop's turn, in slices that ``pacing`` sizes from what they cost.
    """
    turns = loop_turns()
    counted = 0  # machine.steps at the last checkpoint
    computed = 0.0  # seconds of computing since the last checkpoint
    since_yield = 0.0  # ... and since the event loop last ran
    machine.slice_size = FIRST_SLICE
    try:
        if turns.owner is not None:
            await turns.take(machine)
        turns.owner = machine
        machine.start_budget()
        started = perf_counter()
        step = _advance(sandbox, machine, driver, None, None, False)
        computed = since_yield = perf_counter() - started
        while True:
            answered = False  # value is a tool's host value, converted by _advance
            if step is CHECKPOINT:
                steps = machine.steps
                machine.slice_size = slice_after(machine.slice_size, steps - counted, computed)
                counted = steps
                computed = 0.0
                if since_yield >= YIELD_SECONDS:
                    since_yield = 0.0
                    await turns.pass_turn(machine)
                value = exc = None
            elif type(step) is ToolCall:
                value, exc, waiting = _call(machine, step)
                if waiting is not None:
                    turns.give(machine)
                    try:  # what _wait does, here: one coroutine fewer while waiting
                        if type(waiting) is partial:
                            value = await anyio.to_thread.run_sync(waiting, abandon_on_cancel=True)
                            if isawaitable(value):
                                value = await value
                        else:
                            value = await waiting
                        answered = True
                    except Exception as error:  # noqa: BLE001 - goes into the sandbox
                        exc = tool_exception(error)
                    waiting = None
                    if turns.owner is not None:
                        await turns.take(machine)
                    turns.owner = machine
                    since_yield = 0.0
            elif type(step) is ToolBatch and calls is not None:
                turns.give(machine)
                value, exc = await calls.answer(step), None
                if turns.owner is not None:
                    await turns.take(machine)
                turns.owner = machine
                since_yield = 0.0
            else:
                return _host_value(machine, step.value), "".join(machine.output)
            started = perf_counter()
            step = _advance(sandbox, machine, driver, value, exc, answered)
            started = perf_counter() - started
            computed += started
            since_yield += started
    finally:
        turns.give(machine)
        if calls is None:
            _end(sandbox, machine, driver)


def _advance(
    sandbox: Sandbox,
    machine: Machine,
    driver: Any,
    value: Any,
    exc: BaseException | None,
    answered: bool,
) -> Any:
    """One step of the run, with ``current`` naming its machine only meanwhile.

    With ``answered``, ``value`` is what an awaited tool returned, converted here
    first (a value that cannot cross goes into the sandbox as the tool's error).
    """
    token = current.set(machine)
    try:
        if answered:
            try:
                value = to_sandbox(value)
            except Exception as error:  # noqa: BLE001 - goes into the sandbox
                value, exc = None, tool_exception(error)
        return sandbox._advance(machine, driver, value, exc)
    finally:
        current.reset(token)


def _host_value(machine: Machine, value: Any) -> Any:
    """The run's value as a host value."""
    token = current.set(machine)
    try:
        return to_host(value)
    finally:
        current.reset(token)


def _call(machine: Machine, call: ToolCall) -> tuple[Any, BaseException | None, Any]:
    """Start a tool call: ``(value, exception, None)``, or what to await as third item.

    A sync tool runs here, as in ``run()``, with ``current`` naming the machine. An
    async tool's awaitable, or for a thread tool the call as a ``partial`` (never
    awaitable), is returned. A tool's ``Exception`` goes into the sandbox; anything
    else (KeyboardInterrupt) ends the run.
    """
    tool = call.tool
    if tool.declared:
        raise RuntimeError(
            f"tool {tool.name!r} is declared without a host function: "
            "drive this code with Sandbox.start() and answer the call with resume()"
        )
    token = current.set(machine)
    try:
        fn, args, kwargs = prepare_call(call)
        if runs_in_thread(tool):
            return None, None, partial(fn, *args, **kwargs)
        result = fn(*args, **kwargs)
        if type(result) is CoroutineType or isawaitable(result):  # an async def's, at once
            return None, None, result
        return to_sandbox(result), None, None
    except Exception as error:  # noqa: BLE001 - goes into the sandbox
        return None, tool_exception(error), None
    finally:
        current.reset(token)


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
