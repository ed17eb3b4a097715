"""What the host holds while a run is paused: pending tool calls, or the end.

A :class:`PendingCall` is answered once, with :meth:`~PendingCall.resume`
(the tool's result) or :meth:`~PendingCall.throw` (its exception); either
returns what comes next: a PendingCall, :class:`PendingCalls`, or a
:class:`Complete`. Async sandbox code waits on several calls at once: the host
then gets :class:`PendingCalls` and answers any of them by id.
:meth:`~PendingCall.dump` turns the paused run into bytes that any process with
a Sandbox offering the same tools can :meth:`~littrs.Sandbox.load` and resume.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .boundary import to_host, to_sandbox
from .tools import tool_exception


class Finished:
    """The end of a run, inside the driver: the value of its final expression."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class Complete:
    """A run that ended: its value and the lines it printed."""

    __slots__ = ("value", "printed")

    def __init__(self, value: Any, printed: list[str]) -> None:
        self.value = value
        self.printed = printed

    def __repr__(self) -> str:
        return f"Complete(value={self.value!r}, printed={self.printed!r})"


class PendingCall:
    """A run paused at a tool call: ``name``, ``args`` and ``kwargs`` are host values.

    ``id`` is None for a call that stops the whole run (sync code); in a
    :class:`PendingCalls` batch it is the call's id, and answering the call
    answers the batch with this one answer.
    """

    def __init__(
        self, sandbox: Any, machine: Any, driver: Any, call: Any,
        id: int | None = None, batch: PendingCalls | None = None,
    ) -> None:
        self._sandbox = sandbox
        self._machine = machine
        self._driver = driver
        self._call = call
        self._answered = False
        self._batch = batch
        self.id = id
        self.name: str = call.tool.name
        self.args: list = [to_host(arg) for arg in call.args]
        self.kwargs: dict = {key: to_host(value) for key, value in (call.kwargs or {}).items()}

    def __repr__(self) -> str:
        shown = "" if self.id is None else f"id={self.id}, "
        return f"PendingCall({shown}name={self.name!r}, args={self.args!r}, kwargs={self.kwargs!r})"

    def _answer(self) -> None:
        if self._answered:
            raise RuntimeError("this pending call was already answered")
        self._answered = True

    def resume(self, result: Any = None) -> PendingCall | PendingCalls | Complete:
        """Answer the call with ``result``; run to the next tool call or the end."""
        if self._batch is not None:
            return self._batch.resume({self.id: result})
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, to_sandbox(result))

    def throw(self, exc: BaseException) -> PendingCall | PendingCalls | Complete:
        """Answer the call by raising ``exc`` at the call site, inside the sandbox."""
        if not isinstance(exc, BaseException):
            raise TypeError(f"throw() needs an exception, not {type(exc).__name__}")
        if self._batch is not None:
            return self._batch.resume(errors={self.id: exc})
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, exc=tool_exception(exc))

    def call(self) -> PendingCall | PendingCalls | Complete:
        """Answer the call with the tool's registered host function, as ``run()`` would."""
        tool = self._call.tool
        if tool.declared:
            raise RuntimeError(f"tool {tool.name!r} has no host function: answer with resume()")
        try:
            result = self._sandbox._call_tool(self._call)
        except Exception as error:  # noqa: BLE001 - the tool's exception goes in
            return self.throw(error)
        if self._batch is not None:
            return self._batch._answer_with({self.id: (result, None)})
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, result)

    def dump(self, key: bytes | None = None) -> bytes:
        """The paused run as bytes (signed with an HMAC when ``key`` is given)."""
        from .snapshot import dump_state

        if self._batch is not None:
            return self._batch.dump(key)
        if self._answered:
            raise RuntimeError("this pending call was already answered")
        return dump_state(self._sandbox, self._machine, self._call, key)

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return DetachedCall, (self.dump(),)


class PendingCalls:
    """A run whose async code waits on several tool calls at once.

    ``calls`` are the outstanding calls (each a :class:`PendingCall` with its
    ``id``). Answer any of them, by id, in one :meth:`resume`; the others stay
    outstanding and come back, with the same ids, in the next batch.
    ``timeout`` is the seconds until a sandbox timer (``asyncio.sleep``) is
    due, or None: the sandbox may be resumed with no answers after it.
    """

    def __init__(self, sandbox: Any, machine: Any, driver: Any, batch: Any) -> None:
        self._sandbox = sandbox
        self._machine = machine
        self._driver = driver
        self._batch = batch
        self._answered = False
        self.calls: list[PendingCall] = [
            PendingCall(sandbox, machine, driver, future.call, future.id, self)
            for future in batch.calls
        ]
        self.timeout: float | None = batch.timeout

    def __repr__(self) -> str:
        return f"PendingCalls({self.calls!r})"

    def __iter__(self) -> Any:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def resume(
        self,
        results: Mapping[int, Any] | None = None,
        *,
        errors: Mapping[int, BaseException] | None = None,
    ) -> PendingCall | PendingCalls | Complete:
        """Answer calls by id: ``results`` with their values, ``errors`` with exceptions
        raised at their await. Calls not answered stay outstanding."""
        results = dict(results or {})
        errors = dict(errors or {})
        outstanding = {call.id for call in self.calls}
        for call_id in (*results, *errors):
            if call_id not in outstanding:
                raise KeyError(f"no outstanding call with id {call_id!r}")
        both = results.keys() & errors.keys()
        if both:
            raise ValueError(f"call {min(both)!r} answered with a result and an error")
        for error in errors.values():
            if not isinstance(error, BaseException):
                raise TypeError(f"errors must be exceptions, not {type(error).__name__}")
        answers = {call_id: (to_sandbox(value), None) for call_id, value in results.items()}
        answers.update((call_id, (None, tool_exception(error))) for call_id, error in errors.items())
        return self._answer_with(answers)

    def call(self) -> PendingCall | PendingCalls | Complete:
        """Answer every call with its tool's registered host function, as ``run()`` would."""
        answers = {}
        for pending in self.calls:
            tool = pending._call.tool
            if tool.declared:
                raise RuntimeError(f"tool {tool.name!r} has no host function: answer with resume()")
            try:
                answers[pending.id] = (self._sandbox._call_tool(pending._call), None)
            except Exception as error:  # noqa: BLE001 - the tool's exception goes in
                answers[pending.id] = (None, tool_exception(error))
        return self._answer_with(answers)

    def _answer_with(self, answers: dict) -> PendingCall | PendingCalls | Complete:
        """Go on with ``{id: (sandbox value, exception)}``."""
        if self._answered:
            raise RuntimeError("these pending calls were already answered")
        self._answered = True
        return self._sandbox._resume(self._machine, self._driver, answers)

    def dump(self, key: bytes | None = None) -> bytes:
        """The paused run as bytes (signed with an HMAC when ``key`` is given)."""
        from .snapshot import dump_state

        if self._answered:
            raise RuntimeError("these pending calls were already answered")
        return dump_state(self._sandbox, self._machine, self._batch, key)

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return DetachedCall, (self.dump(),)


class DetachedCall:
    """A pending call unpickled without its sandbox: give it to ``Sandbox.load``."""

    def __init__(self, blob: bytes) -> None:
        self.blob = blob

    def resume(self, result: Any = None) -> Any:
        raise RuntimeError(
            "this pending call was unpickled without its sandbox: pass it to Sandbox.load() first"
        )

    throw = resume

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return DetachedCall, (self.blob,)
