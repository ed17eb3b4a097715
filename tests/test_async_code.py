"""Async sandbox code calling tools: several calls outstanding at once, under every host.

The language side (task order, cancellation, gather's results) is compared with
CPython in tests/cases/async_*.py. Here: tools. In a program that uses async,
calling a tool makes a coroutine; the sync host answers a batch call by call,
start()/resume() report PendingCalls answered by id (also after a snapshot, also
in another process), and the async hosts run the calls concurrently.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from littrs import (
    Complete,
    InstructionLimitError,
    PendingCall,
    PendingCalls,
    RecursionLimitError,
    Sandbox,
    SandboxError,
    TimeLimitError,
)

ROOT = Path(__file__).resolve().parent.parent

GATHER = """
import asyncio

async def main():
    first, second = await asyncio.gather(lookup("a"), lookup("b"))
    return first + second

asyncio.run(main())
"""


def sandbox(log: list | None = None) -> Sandbox:
    sb = Sandbox()

    @sb.tool
    def lookup(key: str) -> str:
        if log is not None:
            log.append(key)
        return key.upper()

    @sb.tool
    def fail(message: str) -> None:
        raise ValueError(message)

    return sb


# -- the sync host ---------------------------------------------------------------------


def test_run_answers_a_batch_call_by_call_in_the_order_issued() -> None:
    log: list = []
    assert sandbox(log).run(GATHER) == "AB"
    assert log == ["a", "b"]


def test_a_tool_in_async_code_is_a_coroutine_and_in_sync_code_a_function() -> None:
    sb = sandbox()
    value, printed = sb.capture(
        "async def f():\n    return 1\n"
        "call = lookup('x')\nprint(type(call).__name__, call.__name__)\nawait call"
    )
    assert (value, printed) == ("X", ["coroutine lookup"])
    assert sb.run("lookup('x')") == "X"  # a program without async: a plain call
    # A sync helper in an async program makes a coroutine too, as an async tool would.
    assert sb.run("def helper():\n    return lookup('y')\nawait helper()") == "Y"


def test_tool_errors_are_raised_at_the_await() -> None:
    sb = sandbox()
    source = (
        "import asyncio\n"
        "results = await asyncio.gather(lookup('a'), fail('no'), return_exceptions=True)\n"
        "try:\n    await fail('again')\nexcept ValueError as error:\n    caught = str(error)\n"
        "[repr(item) for item in results], caught"
    )
    assert sb.run(source) == (["'A'", "ValueError('no')"], "again")


def test_arguments_that_do_not_fit_raise_typeerror_at_the_await() -> None:
    sb = sandbox()
    source = "try:\n    await lookup()\nexcept TypeError as error:\n    message = str(error)\nmessage"
    assert sb.run(source) == "lookup() missing 1 required positional argument: 'key'"
    assert isinstance(sb.start(source), Complete)


UNBINDABLE = """
import asyncio
order = []
for done in asyncio.as_completed([lookup('a'), lookup(...), lookup(), lookup('b')]):
    try:
        order.append(await done)
    except TypeError as error:
        order.append(type(error).__name__)
order
"""


def test_calls_that_cannot_be_made_fail_first_under_every_host() -> None:
    """A call whose arguments cannot leave the sandbox (or do not fit) fails before any
    host answer, whichever drives the run: run, start/resume, run_async."""
    expected = ["TypeError", "TypeError", "A", "B"]
    assert sandbox().run(UNBINDABLE) == expected
    step = sandbox().start(UNBINDABLE)
    assert isinstance(step, PendingCalls) and [c.args for c in step.calls] == [["a"], ["b"]]
    assert step.call().value == expected
    for backend in ("asyncio", "trio"):
        assert anyio.run(sandbox().run_async, UNBINDABLE, backend=backend) == expected


def test_top_level_await_gives_the_last_expression() -> None:
    assert sandbox().run("import asyncio\nx = await asyncio.gather(lookup('q'))\nx[0] * 2") == "QQ"
    # async with alone makes the top level a coroutine too; the tools in it awaitable.
    source = "import asyncio\nasync with asyncio.Lock():\n    x = lookup('w')\nawait x"
    assert sandbox().run(source) == "W"


def test_an_idle_loop_is_an_error_not_a_hang() -> None:
    source = (
        "import asyncio\n"
        "async def wait_for_other():\n    await other\n"
        "async def main():\n    global other\n"
        "    other = asyncio.current_task()\n"
        "    await asyncio.create_task(wait_for_other())\n"
        "asyncio.run(main())"
    )
    with pytest.raises(SandboxError) as caught:
        sandbox().run(source)
    assert caught.value.type_name == "RuntimeError"
    assert "idle" in caught.value.message


def test_a_sleep_past_the_time_limit_is_the_time_limit() -> None:
    sb = sandbox()
    sb.limit(max_duration=0.2)
    with pytest.raises(TimeLimitError):
        sb.run("import asyncio\nawait asyncio.sleep(30)")
    with pytest.raises(TimeLimitError):
        sb.start("import asyncio\nawait asyncio.sleep(30)")
    assert sb.run("1 + 1") == 2


def test_odd_sleeps_end_as_in_cpython_or_at_the_limit() -> None:
    sb = sandbox()
    # asyncio treats a NaN deadline as due: the sleep ends at the next iteration.
    assert sb.run("import asyncio\nawait asyncio.sleep(float('nan'), 'woke')") == "woke"
    sb.limit(max_duration=0.2)
    with pytest.raises(TimeLimitError):
        sb.run("import asyncio\nawait asyncio.sleep(float('inf'))")
    with pytest.raises(SandboxError) as caught:
        sb.run("import asyncio\nawait asyncio.sleep(10 ** 400)")
    assert caught.value.type_name == "OverflowError"


def test_deep_awaits_meet_the_recursion_limits() -> None:
    source = (
        "import asyncio\n"
        "async def depth(n):\n    return 0 if n == 0 else 1 + await depth(n - 1)\n"
        "try:\n    result = await depth(5000)\nexcept RecursionError as error:\n"
        "    result = str(error)\nresult"
    )
    sb = sandbox()
    assert sb.run(source) == "maximum recursion depth exceeded"  # CPython's, catchable
    sb.limit(max_recursion_depth=50)
    with pytest.raises(RecursionLimitError):
        sb.run(source)
    assert sb.run(source.replace("5000", "20")) == 20


def test_the_loop_is_paid_for_like_any_code() -> None:
    sb = sandbox()
    sb.limit(max_instructions=5_000)
    source = (
        "import asyncio\n"
        "async def spin():\n    while True:\n        await asyncio.sleep(0)\n"
        "await asyncio.gather(spin(), spin())"
    )
    with pytest.raises(InstructionLimitError):
        sb.run(source)


# -- start / resume ----------------------------------------------------------------------


def test_start_reports_every_outstanding_call_with_an_id() -> None:
    step = sandbox().start(GATHER)
    assert isinstance(step, PendingCalls)
    assert [(call.id, call.name, call.args) for call in step.calls] == [
        (1, "lookup", ["a"]),
        (2, "lookup", ["b"]),
    ]
    assert all(isinstance(call, PendingCall) for call in step)
    assert step.timeout is None


def test_calls_answered_in_any_order_and_the_rest_stay_outstanding() -> None:
    step = sandbox().start(GATHER)
    second = step.resume({2: "y"})
    assert isinstance(second, PendingCalls)
    assert [(call.id, call.args) for call in second.calls] == [(1, ["a"])]
    done = second.calls[0].resume("x")  # answering one member answers the batch
    assert isinstance(done, Complete) and done.value == "xy"


def test_errors_are_raised_at_their_await() -> None:
    source = GATHER.replace("return first + second", "return 'unreachable'")
    source = "try:\n" + "".join("    " + line + "\n" for line in source.strip().splitlines())
    source += "except KeyError as error:\n    message = str(error)\nmessage"
    step = sandbox().start(source)
    done = step.resume({1: "x"}, errors={2: KeyError("gone")})
    assert isinstance(done, Complete) and done.value == "'gone'"


def test_call_answers_with_the_registered_functions() -> None:
    log: list = []
    step = sandbox(log).start(GATHER)
    done = step.call()
    assert isinstance(done, Complete) and (done.value, log) == ("AB", ["a", "b"])


def test_a_batch_is_answered_once_and_only_by_outstanding_ids() -> None:
    step = sandbox().start(GATHER)
    with pytest.raises(KeyError, match="no outstanding call with id 7"):
        step.resume({7: "x"})
    with pytest.raises(ValueError, match="a result and an error"):
        step.resume({1: "x"}, errors={1: ValueError()})
    step.resume({1: "x"})
    with pytest.raises(RuntimeError, match="already answered"):
        step.resume({2: "y"})
    with pytest.raises(RuntimeError, match="already answered"):
        step.dump()


def test_declared_tools_are_answered_through_batches() -> None:
    sb = Sandbox()

    def approve(item: str) -> bool:
        """Ask a person."""

    sb.declare("approve", approve)
    step = sb.start(
        "import asyncio\nawait asyncio.gather(*[approve(item) for item in ['a', 'b', 'c']])"
    )
    assert [call.args for call in step.calls] == [["a"], ["b"], ["c"]]
    step = step.resume({1: True, 3: False})
    done = step.resume({2: True})
    assert done.value == [True, True, False]
    with pytest.raises(RuntimeError, match="declared without a host function"):
        sb.run("await approve('x')")


def test_a_cancelled_task_drops_its_call_from_the_batch() -> None:
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    slow = asyncio.create_task(lookup('slow'))\n"
        "    fast = asyncio.create_task(lookup('fast'))\n"
        "    await fast\n"
        "    slow.cancel()\n"
        "    try:\n        await slow\n    except asyncio.CancelledError:\n"
        "        return 'cancelled'\n"
        "asyncio.run(main())"
    )
    step = sandbox().start(source)
    assert [call.args for call in step.calls] == [["slow"], ["fast"]]
    done = step.resume({2: "FAST"})
    assert isinstance(done, Complete) and done.value == "cancelled"


def test_a_timer_is_reported_with_the_calls() -> None:
    source = (
        "import asyncio\n"
        "async def tick():\n    await asyncio.sleep(0.05)\n    return 'tick'\n"
        "await asyncio.gather(tick(), lookup('a'))"
    )
    step = sandbox().start(source)
    assert isinstance(step, PendingCalls) and 0 < step.timeout <= 0.05
    done = step.resume({1: "A"})
    assert isinstance(done, Complete) and done.value == ["tick", "A"]


# -- snapshots while calls are outstanding ---------------------------------------------------


def test_a_batch_survives_dump_and_load() -> None:
    source = (
        "import asyncio\n"
        "seen = []\n"
        "async def one(key):\n"
        "    value = await lookup(key)\n"
        "    seen.append(value)\n"
        "    return value * 2\n"
        "results = await asyncio.gather(*[one(key) for key in 'abc'])\n"
        "print(seen)\nresults"
    )
    sb = sandbox()
    step = sb.start(source).resume({2: "B"})
    restored = sandbox().load(step.dump())
    assert isinstance(restored, PendingCalls)
    assert [(call.id, call.args) for call in restored.calls] == [(1, ["a"]), (3, ["c"])]
    done = restored.resume({3: "C"}).resume({1: "A"})
    assert isinstance(done, Complete)
    assert (done.value, done.printed) == (["AA", "BB", "CC"], ["['B', 'C', 'A']"])


def test_a_semaphore_survives_a_snapshot_with_tasks_waiting_on_it() -> None:
    source = (
        "import asyncio\n"
        "limit = asyncio.Semaphore(2)\n"
        "async def one(key):\n"
        "    async with limit:\n"
        "        return await lookup(key)\n"
        "await asyncio.gather(*[one(key) for key in 'abcd'])"
    )
    sb = sandbox()
    step = sb.start(source)
    assert [call.args for call in step.calls] == [["a"], ["b"]]  # two at a time
    step = sandbox().load(step.dump()).resume({1: "A"})
    assert [call.args for call in step.calls] == [["b"], ["c"]]
    step = sandbox().load(step.dump()).call()
    assert [call.args for call in step.calls] == [["d"]]
    step = step.call()
    assert isinstance(step, Complete) and step.value == ["A", "B", "C", "D"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    keys=st.lists(st.sampled_from("abcdef"), min_size=1, max_size=6),
    limit=st.integers(min_value=1, max_value=4),
    chooser=st.randoms(use_true_random=False),
)
def test_answers_in_any_order_through_snapshots_give_the_straight_runs_value(
    keys: list[str], limit: int, chooser: Any
) -> None:
    source = (
        "import asyncio\n"
        f"gate = asyncio.Semaphore({limit})\n"
        "async def one(key):\n"
        "    async with gate:\n"
        "        first = await lookup(key)\n"
        "    second = await lookup(first + '!')\n"
        "    return first + second\n"
        f"await asyncio.gather(*[one(key) for key in {keys!r}])"
    )
    expected = sandbox().run(source)
    step = sandbox().start(source)
    while isinstance(step, PendingCalls):
        assert 0 < len(step.calls) <= limit + len(keys)
        chosen = chooser.sample(step.calls, chooser.randint(1, len(step.calls)))
        if chooser.random() < 0.5:
            step = sandbox().load(step.dump())
        step = step.resume({call.id: call.args[0].upper() for call in chosen})
    assert isinstance(step, Complete) and step.value == expected


def test_a_plain_call_inside_a_running_loop_resumes_from_bytes_in_that_loop() -> None:
    # map() calls the tool on the sandbox's behalf: a plain call, pausing the whole run
    # while the loop runs; after a load the loop must still be the running one.
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    keys = list(map(lookup, ['a', 'b']))\n"
        "    task = asyncio.create_task(asyncio.sleep(0, keys))\n"
        "    return await task, asyncio.current_task().get_name()\n"
        "asyncio.run(main())"
    )
    step = sandbox().start(source)
    assert isinstance(step, PendingCall) and step.id is None
    step = sandbox().load(step.dump()).resume("A")
    done = sandbox().load(step.dump()).resume("B")
    assert isinstance(done, Complete) and done.value == (["A", "B"], "Task-1")


def test_a_user_future_survives_a_snapshot_with_tasks_waiting_on_it() -> None:
    source = (
        "import asyncio\n"
        "async def waiter(future, name):\n"
        "    return name + ':' + await future\n"
        "async def main():\n"
        "    future = asyncio.Future()\n"
        "    future.add_done_callback(lambda f: print('callback', f))\n"
        "    waiters = asyncio.gather(waiter(future, 'x'), waiter(future, 'y'))\n"
        "    await asyncio.sleep(0)\n"
        "    print(future)\n"
        "    future.set_result(await lookup('a'))\n"
        "    return await waiters\n"
        "asyncio.run(main())"
    )
    step = sandbox().start(source)
    assert isinstance(step, PendingCalls) and [call.args for call in step.calls] == [["a"]]
    done = sandbox().load(step.dump()).call()
    assert isinstance(done, Complete) and done.value == ["x:A", "y:A"]
    assert done.printed == [
        "<Future pending cb=[main.<locals>.<lambda>(), <1 more>, Task.task_wakeup()]>",
        "callback <Future finished result='A'>",
    ]


def test_a_passed_deadline_survives_a_snapshot_on_the_ready_queue() -> None:
    # timeout(0) puts its expiry straight on the ready queue (asyncio's call_soon); a
    # plain call right after pauses the run with it there.
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    try:\n"
        "        async with asyncio.timeout(0):\n"
        "            keys = list(map(lookup, ['a']))\n"
        "            await asyncio.sleep(0)\n"
        "    except TimeoutError:\n"
        "        return 'expired', keys\n"
        "asyncio.run(main())"
    )
    step = sandbox().start(source)
    assert isinstance(step, PendingCall) and step.id is None
    done = sandbox().load(step.dump()).resume("A")
    assert isinstance(done, Complete) and done.value == ("expired", ["A"])


def test_a_timeout_and_wait_for_survive_a_snapshot_with_their_timers() -> None:
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    async with asyncio.timeout(60) as block:\n"
        "        first = await asyncio.wait_for(lookup('a'), 60)\n"
        "    return first, block.expired()\n"
        "asyncio.run(main())"
    )
    step = sandbox().start(source)
    assert isinstance(step, PendingCalls) and 0 < step.timeout <= 60
    done = sandbox().load(step.dump()).call()
    assert isinstance(done, Complete) and done.value == ("A", False)


RESUMER = """
import json, sys
sys.path.insert(0, {root!r})
from littrs import Sandbox

sb = Sandbox()

@sb.tool
def lookup(key: str) -> str:
    return key.upper()

step = sb.load(sys.stdin.buffer.read())
ids = [call.id for call in step.calls]
step = step.call()
print(json.dumps([ids, step.value, step.printed]))
"""


def test_a_batch_resumes_in_a_fresh_process() -> None:
    blob = sandbox().start("import asyncio\nprint('started')\n" + GATHER).dump()
    result = subprocess.run(
        [sys.executable, "-c", RESUMER.format(root=str(ROOT))],
        input=blob, capture_output=True, timeout=60, check=True,
        env={**os.environ, "PYTHONHASHSEED": "7"},
    )
    assert json.loads(result.stdout) == [[1, 2], "AB", ["started"]]


# -- async hosts --------------------------------------------------------------------------


@pytest.fixture(params=["asyncio", "trio"])
def anyio_backend(request: pytest.FixtureRequest) -> str:
    return request.param


def async_sandbox(in_flight: list[int], cancelled: list[str]) -> Sandbox:
    sb = Sandbox()
    running = [0]

    @sb.tool
    async def fetch(key: str, seconds: float = 0.01) -> str:
        running[0] += 1
        in_flight.append(running[0])
        try:
            await anyio.sleep(seconds)
        except anyio.get_cancelled_exc_class():
            cancelled.append(key)
            raise
        finally:
            running[0] -= 1
        return key.upper()

    @sb.tool
    def quick(key: str) -> str:
        return key

    return sb


@pytest.mark.anyio
async def test_the_async_host_runs_the_calls_of_a_gather_at_once() -> None:
    in_flight: list[int] = []
    sb = async_sandbox(in_flight, [])
    source = "import asyncio\nawait asyncio.gather(*[fetch(str(i)) for i in range(50)])"
    assert await sb.run_async(source) == [str(i) for i in range(50)]
    assert max(in_flight) == 50  # all fifty were outstanding together


@pytest.mark.anyio
async def test_a_semaphore_bounds_the_calls_in_flight() -> None:
    in_flight: list[int] = []
    sb = async_sandbox(in_flight, [])
    source = (
        "import asyncio\n"
        "limit = asyncio.Semaphore(5)\n"
        "async def one(i):\n"
        "    async with limit:\n"
        "        return await fetch(str(i))\n"
        "await asyncio.gather(*[one(i) for i in range(20)])"
    )
    assert await sb.run_async(source) == [str(i) for i in range(20)]
    assert max(in_flight) == 5


@pytest.mark.anyio
async def test_a_failing_call_in_a_task_group_cancels_its_siblings_calls() -> None:
    cancelled: list[str] = []
    sb = async_sandbox([], cancelled)
    source = (
        "import asyncio\n"
        "async def boom():\n"
        "    await fetch('quick', 0)\n"
        "    raise ValueError('boom')\n"
        "try:\n"
        "    async with asyncio.TaskGroup() as group:\n"
        "        group.create_task(fetch('slow', 30))\n"
        "        group.create_task(boom())\n"
        "except ExceptionGroup as error:\n"
        "    outcome = [repr(e) for e in error.exceptions]\n"
        "outcome"
    )
    with anyio.fail_after(10):
        assert await sb.run_async(source) == ["ValueError('boom')"]
    assert cancelled == ["slow"]


@pytest.mark.anyio
async def test_wait_for_cancels_a_slow_call() -> None:
    cancelled: list[str] = []
    sb = async_sandbox([], cancelled)
    source = (
        "import asyncio\n"
        "try:\n"
        "    await asyncio.wait_for(fetch('slow', 30), 0.02)\n"
        "except TimeoutError:\n"
        "    outcome = 'timed out'\n"
        "outcome"
    )
    with anyio.fail_after(10):
        assert await sb.run_async(source) == "timed out"
    assert cancelled == ["slow"]


@pytest.mark.anyio
async def test_tasks_go_on_as_their_own_calls_finish() -> None:
    sb = async_sandbox([], [])
    source = (
        "import asyncio\n"
        "order = []\n"
        "async def job(key, seconds):\n"
        "    value = await fetch(key, seconds)\n"
        "    order.append(value)\n"
        "    order.append(await quick(key))\n"
        "await asyncio.gather(job('slow', 0.2), job('fast', 0.0))\n"
        "order"
    )
    assert await sb.run_async(source) == ["FAST", "fast", "SLOW", "slow"]


@pytest.mark.anyio
async def test_a_cancelled_sandbox_task_cancels_its_host_call() -> None:
    cancelled: list[str] = []
    sb = async_sandbox([], cancelled)
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    slow = asyncio.create_task(fetch('slow', 30))\n"
        "    await fetch('fast', 0)\n"
        "    slow.cancel()\n"
        "    await asyncio.sleep(0)\n"
        "    return await quick('done')\n"
        "asyncio.run(main())"
    )
    with anyio.fail_after(10):
        assert await sb.run_async(source) == "done"
    assert cancelled == ["slow"]


@pytest.mark.anyio
async def test_calls_still_running_when_the_run_ends_are_cancelled() -> None:
    cancelled: list[str] = []
    sb = async_sandbox([], cancelled)
    source = (
        "import asyncio\n"
        "async def main():\n"
        "    asyncio.create_task(fetch('left', 30))\n"
        "    await asyncio.sleep(0.01)\n"
        "    return 'main'\n"
        "asyncio.run(main())"
    )
    with anyio.fail_after(10):
        assert await sb.run_async(source) == "main"
    assert cancelled == ["left"]


@pytest.mark.anyio
async def test_cancelling_the_host_task_stops_an_async_run() -> None:
    cancelled: list[str] = []
    sb = async_sandbox([], cancelled)
    with anyio.move_on_after(0.05) as scope:
        await sb.run_async("import asyncio\nawait asyncio.gather(fetch('a', 30), fetch('b', 30))")
    assert scope.cancelled_caught
    assert sorted(cancelled) == ["a", "b"]
    assert await sb.run_async("1 + 1") == 2


@pytest.mark.anyio
async def test_errors_of_an_async_run_reach_the_caller_unwrapped() -> None:
    sb = async_sandbox([], [])
    with pytest.raises(SandboxError) as caught:
        await sb.run_async("import asyncio\nawait fetch('a')\n1 / 0")
    assert caught.value.type_name == "ZeroDivisionError"
    sb.limit(max_duration=0.1)
    with pytest.raises(TimeLimitError):
        await sb.run_async("import asyncio\nawait fetch('a')\nwhile True:\n    pass")


@pytest.mark.anyio
async def test_sandbox_sleep_waits_on_the_host_clock() -> None:
    sb = async_sandbox([], [])
    source = (
        "import asyncio\n"
        "async def late():\n    await asyncio.sleep(0.05)\n    return 'late'\n"
        "await asyncio.gather(late(), fetch('now', 0))"
    )
    assert await sb.run_async(source) == ["late", "NOW"]
