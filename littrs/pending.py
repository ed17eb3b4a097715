"""What the host holds while a run is paused: a pending tool call, or the end.

A :class:`PendingCall` is answered once, with :meth:`~PendingCall.resume`
(the tool's result) or :meth:`~PendingCall.throw` (its exception); either
returns the next PendingCall or a :class:`Complete`. :meth:`~PendingCall.dump`
turns the paused run into bytes that any process with a Sandbox offering the
same tools can :meth:`~littrs.Sandbox.load` and resume.
"""

from __future__ import annotations

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
    """A run paused at a tool call: ``name``, ``args`` and ``kwargs`` are host values."""

    def __init__(self, sandbox: Any, machine: Any, driver: Any, call: Any) -> None:
        self._sandbox = sandbox
        self._machine = machine
        self._driver = driver
        self._call = call
        self._answered = False
        self.name: str = call.tool.name
        self.args: list = [to_host(arg) for arg in call.args]
        self.kwargs: dict = {key: to_host(value) for key, value in (call.kwargs or {}).items()}

    def __repr__(self) -> str:
        return f"PendingCall(name={self.name!r}, args={self.args!r}, kwargs={self.kwargs!r})"

    def _answer(self) -> None:
        if self._answered:
            raise RuntimeError("this pending call was already answered")
        self._answered = True

    def resume(self, result: Any = None) -> PendingCall | Complete:
        """Answer the call with ``result``; run to the next tool call or the end."""
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, to_sandbox(result))

    def throw(self, exc: BaseException) -> PendingCall | Complete:
        """Answer the call by raising ``exc`` at the call site, inside the sandbox."""
        if not isinstance(exc, BaseException):
            raise TypeError(f"throw() needs an exception, not {type(exc).__name__}")
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, exc=tool_exception(exc))

    def call(self) -> PendingCall | Complete:
        """Answer the call with the tool's registered host function, as ``run()`` would."""
        tool = self._call.tool
        if tool.declared:
            raise RuntimeError(f"tool {tool.name!r} has no host function: answer with resume()")
        try:
            result = self._sandbox._call_tool(self._call)
        except Exception as error:  # noqa: BLE001 - the tool's exception goes in
            return self.throw(error)
        self._answer()
        return self._sandbox._resume(self._machine, self._driver, result)

    def dump(self, key: bytes | None = None) -> bytes:
        """The paused run as bytes (signed with an HMAC when ``key`` is given)."""
        from .snapshot import dump_state

        if self._answered:
            raise RuntimeError("this pending call was already answered")
        return dump_state(self._sandbox, self._machine, self._call, key)

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
