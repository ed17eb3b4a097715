"""The fuzzed properties, one checker per property; each raises AssertionError on a failure.

They are plain functions so pytest (tests/test_fuzz.py) and the campaign
(``python -m fuzz``) drive the same checks with their own hypothesis settings.
"""

from __future__ import annotations

import math
import time
from typing import Any

from littrs import Complete, LimitError, PendingCall, PendingCalls, Sandbox, SandboxError
from littrs.vm.compiler import compile_source, nested_codes
from littrs.vm.machine import Machine

from ._worker import value_repr
from .known import known_mismatch, known_pause_mismatch
from .oracle import CPythonWorker, Verdict, compare, describe
from .strategies import Program


def check_differential(worker: CPythonWorker, program: Program,
                       allow_known: bool = True) -> Verdict:
    """(a) littrs ends like CPython: value repr, printed lines, exception type and message.

    A mismatch listed in fuzz/known.py comes back as verdict ``known`` unless
    ``allow_known`` is false.
    """
    verdict = compare(worker, program)
    if verdict.kind == "mismatch" and allow_known:
        assert verdict.expected is not None and verdict.got is not None
        known = known_mismatch(verdict.expected, verdict.got)
        if known is not None:
            return Verdict("known", verdict.expected, verdict.got, known.name)
    assert verdict.kind != "mismatch", describe(program, verdict)
    return verdict


def tool(args: list[Any]) -> Any:
    """The tool ``t``: deterministic, and it raises for 0 so handlers see tool errors."""
    value = args[0] if args else None
    if value == 0 and not isinstance(value, bool):
        raise ValueError("t refuses 0")
    return [value, len(args)] if isinstance(value, str) else value


def tool_sandbox() -> Sandbox:
    """A sandbox offering ``t``."""
    sb = Sandbox()
    sb.register("t", tool)
    return sb


def _ending(run: Any) -> tuple[Any, ...]:
    try:
        return ("value", *run())
    except SandboxError as error:
        return ("error", error.type_name, error.message, list(error.printed))
    except TypeError as error:  # a tool argument or result that cannot cross the boundary
        return ("host TypeError", str(error))


def check_pause_resume(source: str, allow_known: bool = True) -> str:
    """(b) Paused at every tool call, dumped, loaded in a fresh sandbox, resumed ≡ straight run.

    Returns ``"agree"``, or ``"known"`` for a difference fuzz/known.py explains
    (unless ``allow_known`` is false); raises AssertionError for any other.
    """

    def straight() -> tuple[str, list[str]]:
        value, printed = tool_sandbox().capture(source)
        return value_repr(value), list(printed)

    def paused() -> tuple[str, list[str]]:
        step = tool_sandbox().start(source)
        while isinstance(step, (PendingCall, PendingCalls)):
            step = tool_sandbox().load(step.dump())
            if isinstance(step, PendingCalls):  # async code: every outstanding call at once,
                answers, errors = {}, {}         # as run() answers them
                for call in step.calls:
                    try:
                        answers[call.id] = tool(list(call.args))
                    except ValueError as error:
                        errors[call.id] = error
                step = step.resume(answers, errors=errors)
                continue
            try:
                result = tool(list(step.args))
            except ValueError as error:
                step = step.throw(error)
            else:
                step = step.resume(result)
        assert isinstance(step, Complete)
        return value_repr(step.value), list(step.printed)

    expected, got = _ending(straight), _ending(paused)
    if expected == got:
        return "agree"
    assert allow_known and known_pause_mismatch(expected, got) is not None, source
    return "known"


def _counting(sb: Sandbox) -> list[Machine]:
    """Keep the machines a sandbox makes, to read their instruction counters (private hook)."""
    machines: list[Machine] = []
    make = sb._machine

    def keep() -> Machine:
        machine = make()
        machines.append(machine)
        return machine

    sb._machine = keep  # type: ignore[method-assign]
    return machines


def _length(source: str) -> int:
    """Instructions in ``source``'s code objects: the most straight-line code can run."""
    stack, total = [compile_source(source)], 0
    while stack:
        code = stack.pop()
        total += len(code.instrs)
        stack.extend(nested_codes(code))
    return total


def check_limits(source: str, limits: dict[str, Any], time_bound: float = 10.0) -> str:
    """(c) Under any budget a run finishes or raises SandboxError/LimitError, within bounds.

    A finished run has used at most ``max_instructions`` instructions (read from the
    machine's counter) plus the program's own length: the count is only checked at
    back-edges and calls, so straight-line code may overshoot by its length
    (docs/security.md). It printed at most ``max_output`` characters; a run that
    finishes under a budget ends exactly as it does without one.
    """
    sb = Sandbox()
    sb.limit(**limits)
    machines = _counting(sb)
    started = time.monotonic()
    try:
        value, printed = sb.capture(source)
        outcome = "complete"
    except LimitError:
        return "limit"
    except SandboxError:
        return "error"
    except TypeError:  # the final value cannot leave the sandbox (a type, a function)
        return "error"
    finally:
        assert time.monotonic() - started < time_bound, f"ran too long: {source}"
    budget = limits.get("max_instructions")
    if budget is not None:
        used = machines[-1].steps + machines[-1].charged
        assert used <= budget + _length(source), (used, budget, source)
    if limits.get("max_output") is not None:
        assert sum(len(line) + 1 for line in printed) - 1 <= limits["max_output"], source
    free = Sandbox()
    free.limit(max_duration=time_bound)
    assert (value_repr(value), list(printed)) == tuple(
        (value_repr(v), list(p)) for v, p in [free.capture(source)]
    )[0], source
    return outcome


def _same(original: Any, copy: Any, seen: dict[int, int]) -> None:
    """Equal (nan equals nan, -0.0 keeps its sign) and no shared mutable object."""
    if isinstance(original, (list, dict, set, bytearray)):
        assert copy is not original, "shares a mutable object with the host value"
    if id(original) in seen:
        assert seen[id(original)] == id(copy), "cycle not rebuilt as a cycle"
        return
    seen[id(original)] = id(copy)
    assert type(copy) is type(original), (original, copy)
    if isinstance(original, float):
        assert (math.isnan(original) and math.isnan(copy)) or (
            original == copy and math.copysign(1, original) == math.copysign(1, copy))
    elif isinstance(original, (list, tuple)):
        assert len(copy) == len(original)
        for left, right in zip(original, copy):
            _same(left, right, seen)
    elif isinstance(original, dict):
        assert list(copy) == list(original)
        for key in original:
            _same(original[key], copy[key], seen)
    else:
        assert copy == original, (original, copy)


def check_boundary(value: Any) -> None:
    """(d) ``sb["x"] = v`` then ``sb["x"]`` is equal to ``v`` and shares nothing mutable."""
    sb = Sandbox()
    sb["x"] = value
    back = sb["x"]
    _same(value, back, {})
    # The sandbox side holds its own copy: mutating it inside leaves the host value alone.
    before = repr(value)
    sb.run("if type(x) is list:\n    x.append(1)\nelif type(x) is dict:\n    x.clear()")
    assert repr(value) == before
