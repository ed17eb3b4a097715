"""Pausing at tool calls, answering later, and resuming from bytes in another process.

The oracle for every program is the same program run straight through with
``Sandbox.run``: pausing at each call, dumping, loading into a fresh Sandbox
(in this process or a new one) and resuming must end with the same value,
the same printed lines, or the same exception.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from littrs import (
    Complete,
    InstructionLimitError,
    PendingCall,
    Sandbox,
    SandboxError,
    SnapshotError,
)
from littrs.snapshot import FORMAT_VERSION
from tests.oracle import run_program

ROOT = Path(__file__).resolve().parent.parent


def answer(name: str, args: list) -> object:
    """What every tool returns: deterministic, so runs can be compared."""
    if name == "fail":
        raise ValueError(f"failed on {args[0]!r}")
    return [name, *args] if name == "echo" else (args[0] * 10 if args else 7)


def make_sandbox() -> Sandbox:
    sb = Sandbox()
    sb.register("t", lambda args: answer("t", args))
    sb.register("echo", lambda args: answer("echo", args))
    sb.register("fail", lambda args: answer("fail", args))
    return sb


def straight(source: str) -> tuple:
    try:
        value, printed = make_sandbox().capture(source)
        return ("value", repr(value), printed)
    except SandboxError as error:
        return ("error", error.type_name, error.message, error.printed)


def paused(source: str, via_bytes: bool = True) -> tuple:
    """Run with start/resume, reloading from bytes into a fresh sandbox at every pause."""
    try:
        step = make_sandbox().start(source)
        while isinstance(step, PendingCall):
            if via_bytes:
                step = make_sandbox().load(step.dump())
            try:
                result = answer(step.name, step.args)
            except Exception as error:  # noqa: BLE001 - the tool's exception goes in
                step = step.throw(error)
            else:
                step = step.resume(result)
    except SandboxError as error:
        return ("error", error.type_name, error.message, error.printed)
    assert isinstance(step, Complete)
    return ("value", repr(step.value), step.printed)


PAUSE_SITES = {
    "nested_calls": "def a(x):\n    return b(x) + 1\ndef b(x):\n    return t(x)\na(2)",
    "loop": "out = []\nfor i in range(3):\n    out.append(t(i))\nout",
    "while_loop": "i = 0\nwhile t(i) < 30:\n    i += 1\ni",
    "try_except": "try:\n    fail(1)\nexcept ValueError as e:\n    r = (str(e), t(2))\nr",
    "finally": "out = []\ntry:\n    out.append(t(1))\nfinally:\n    out.append(t(2))\nout",
    "except_state_kept": (
        "try:\n    1 / 0\nexcept ZeroDivisionError:\n    t(1)\n    try:\n        raise\n"
        "    except ZeroDivisionError as e:\n        r = str(e)\nr"
    ),
    "comprehensions": "[t(i) for i in range(3)], {i: t(i) for i in range(2)}, {t(1)}",
    "generator_expression": "sum(t(i) for i in range(4))",
    "generator_function": (
        "def g():\n    for i in range(3):\n        yield t(i)\n    return 'done'\n"
        "def outer():\n    r = yield from g()\n    yield r\nlist(outer())"
    ),
    "map_filter_sorted": (
        "(list(map(lambda x: t(x), [1, 2])), list(filter(lambda x: t(x) > 10, [1, 2])),"
        " sorted([3, 1, 2], key=lambda x: -t(x)), min([4, 2], key=t), max([4, 2], key=t))"
    ),
    "callable_iterator": (
        "n = [0]\ndef step():\n    n[0] += 1\n    if n[0] == 2:\n        raise ValueError(t(n[0]))\n"
        "    return t(n[0])\nit = iter(step, 40)\nfirst = next(it)\ntry:\n    next(it)\n"
        "except ValueError as e:\n    caught = e.args\n(first, caught, list(it), type(it).__name__)"
    ),
    "builtin_iterators_outlive_errors": (
        "def f(x):\n    if t(x) == 20:\n        raise ValueError(x)\n    return x\n"
        "e = enumerate(map(f, [1, 2, 3]), 5)\nout = [next(e)]\ntry:\n    next(e)\n"
        "except ValueError as error:\n    out.append(error.args)\n(out, list(e), type(e).__name__)"
    ),
    "fstring_field": "f'a{t(1)}b{t(2):>5}c'",
    "default_argument": "def f(x=t(3)):\n    return x\nf()",
    "augmented_assignment": "d = {'k': 1}\nd['k'] += t(1)\nd",
    "chained_comparison": "1 < t(1) < t(2) < 5, 0 < t(1) < 5",
    "short_circuit": "(t(0) and t(1)), (t(1) or t(2)), (t(0) or t(3))",
    "closures_and_cells": (
        "def counter():\n    n = 0\n    def bump():\n        nonlocal n\n        n += t(1)\n"
        "        return n\n    return bump\nb = counter()\nb(), b()"
    ),
    "shared_and_cyclic": (
        "a = [1]\nb = a\na.append(a)\nd = {'x': a}\nt(1)\nb.append(2)\n"
        "(a is b, a[1] is a, d['x'] is a, len(a))"
    ),
    "iterator_mid_loop": "seen = []\nfor k in {'a': 1, 'b': 2, 'c': 3}:\n    seen.append((k, t(1)))\nseen",
    "tool_exception_uncaught": "print('before')\nfail('x')",
    "keyword_arguments": "echo(1, 2)",
    "print_across_pauses": "print('a', t(1))\nprint('b', t(2))\n'end'",
    "unpacking": "a, (b, *c) = t(1), [t(2), t(3), 4]\n(a, b, c)",
    "global_state": "g = []\ndef add():\n    global g\n    g = g + [t(len(g))]\nadd()\nadd()\ng",
    "lambda_default_late_binding": (
        "fs = [lambda i=i: t(i) for i in range(2)]\ngs = [lambda: t(i) for i in range(2)]\n"
        "[f() for f in fs], [g() for g in gs]"
    ),
}


# Sandbox classes: every place the object model calls a special method can pause.
CLASS_PAUSE_SITES = {
    "class_method": (
        "class A:\n    def __init__(self, x):\n        self.x = t(x)\n"
        "    def double(self):\n        return self.x * 2 + t(1)\nA(2).double()"
    ),
    "class_body": "class A:\n    size = t(2)\n    names = [t(i) for i in range(2)]\nA.size, A.names",
    "class_property": (
        "class A:\n    @property\n    def v(self):\n        return t(3)\n"
        "    @v.setter\n    def v(self, value):\n        self.seen = t(value)\n"
        "a = A()\na.v = 4\na.v, a.seen"
    ),
    "class_classmethod_staticmethod": (
        "class A:\n    @classmethod\n    def make(cls):\n        return cls.__name__, t(1)\n"
        "    @staticmethod\n    def s(x):\n        return t(x)\nA.make(), A().s(2)"
    ),
    "class_super_init": (
        "class Base:\n    def __init__(self, x):\n        self.x = t(x)\n"
        "class Child(Base):\n    def __init__(self):\n        super().__init__(2)\n"
        "        self.y = t(3)\nc = Child()\nc.x, c.y"
    ),
    "class_eq_hash_in_dict": (
        "class K:\n    def __init__(self, n):\n        self.n = n\n"
        "    def __eq__(self, o):\n        return t(self.n) == t(o.n)\n"
        "    def __hash__(self):\n        return self.n % 2\n"
        "d = {K(1): 'a', K(3): 'b'}\nd[K(3)], K(1) in d, len(d)"
    ),
    "class_lt_in_sorted": (
        "class K:\n    def __init__(self, n):\n        self.n = n\n"
        "    def __lt__(self, o):\n        return t(self.n) < t(o.n)\n"
        "    def __repr__(self):\n        return f'K({self.n})'\n"
        "repr(sorted([K(3), K(1), K(2)])), repr(min(K(5), K(4)))"
    ),
    "class_iter_in_loop": (
        "class Count:\n    def __init__(self, n):\n        self.i, self.n = 0, n\n"
        "    def __iter__(self):\n        return self\n"
        "    def __next__(self):\n        if self.i >= self.n:\n            raise StopIteration\n"
        "        self.i += 1\n        return t(self.i)\n"
        "out = [x for x in Count(2)]\nfor y in Count(2):\n    out.append(y)\nout, list(Count(1))"
    ),
    "class_iterated_by_builtins": (
        "class Pager:\n    def __init__(self, n):\n        self.n = n\n"
        "    def __iter__(self):\n        for i in range(self.n):\n            yield t(i)\n"
        "(list(Pager(2)), sum(Pager(3)), sorted(Pager(2), reverse=True), max(Pager(2)),"
        " list(enumerate(Pager(2))), dict(zip('ab', Pager(2))), any(Pager(2)), set(Pager(1)),"
        " ', '.join(str(x) for x in Pager(2)), list(map(str, Pager(1))))"
    ),
    "class_operators": (
        "class V:\n    def __init__(self, x):\n        self.x = x\n"
        "    def __add__(self, o):\n        if isinstance(o, V):\n            return V(self.x + t(o.x))\n"
        "        return NotImplemented\n    def __radd__(self, o):\n        return V(t(o) + self.x)\n"
        "    def __lt__(self, o):\n        return t(self.x) < o.x\n"
        "    def __bool__(self):\n        return t(self.x) > 10\n"
        "    def __len__(self):\n        return t(1)\n"
        "a = V(1) + V(2)\nb = 5 + V(1)\n(a.x, b.x, V(1) < V(2), bool(V(1)), len(V(1)),"
        " 'yes' if V(2) else 'no')"
    ),
    "class_items_and_calls": (
        "class Box:\n    def __init__(self):\n        self.d = {}\n"
        "    def __getitem__(self, k):\n        return self.d[k] + t(1)\n"
        "    def __setitem__(self, k, v):\n        self.d[k] = t(v)\n"
        "    def __contains__(self, k):\n        return t(1) > 0 and k in self.d\n"
        "    def __call__(self, x):\n        return t(x)\n"
        "b = Box()\nb['a'] = 2\nb['a'], 'a' in b, b(3)"
    ),
    "class_repr_str_format": (
        "class P:\n    def __repr__(self):\n        return f'P<{t(1)}>'\n"
        "    def __str__(self):\n        return f's{t(2)}'\n"
        "    def __format__(self, spec):\n        return f'f{t(3)}{spec}'\n"
        "print(P())\n(repr(P()), str(P()), f'{P():x}', f'{P()!r}', format(P(), '>3'))"
    ),
    "class_getattr_and_descriptor": (
        "class D:\n    def __get__(self, obj, owner):\n        return t(5)\n"
        "    def __set__(self, obj, value):\n        obj.__dict__['stored'] = t(value)\n"
        "class A:\n    d = D()\n    def __getattr__(self, name):\n        return (name, t(1))\n"
        "a = A()\na.d = 2\na.d, a.stored, a.missing"
    ),
    "class_context_manager": (
        "class CM:\n    def __enter__(self):\n        return t(1)\n"
        "    def __exit__(self, *exc):\n        self.exited = t(2)\n        return True\n"
        "cm = CM()\nwith cm as v:\n    raise ValueError(v)\nv, cm.exited"
    ),
    "class_metaclass_and_init_subclass": (
        "class Meta(type):\n    def __call__(cls, *args):\n        t(1)\n"
        "        return super().__call__(*args)\n"
        "class Base(metaclass=Meta):\n    registry = []\n"
        "    def __init_subclass__(cls, **kw):\n        Base.registry.append((cls.__name__, t(2)))\n"
        "    def __init__(self, x):\n        self.x = x\n"
        "class Sub(Base):\n    pass\nSub(4).x, Base.registry"
    ),
    "class_generator_method_and_exception": (
        "class Err(Exception):\n    def __init__(self, code):\n        super().__init__(code)\n"
        "        self.code = t(code)\n"
        "class G:\n    def items(self):\n        for i in range(2):\n            yield t(i)\n"
        "        raise Err(3)\n"
        "out = []\ntry:\n    for x in G().items():\n        out.append(x)\n"
        "except Err as e:\n    out.append((e.code, e.args))\nout"
    ),
}
PAUSE_SITES.update(CLASS_PAUSE_SITES)


@pytest.mark.parametrize("name", sorted(CLASS_PAUSE_SITES))
def test_class_pause_sites_agree_with_cpython(name: str) -> None:
    """The straight run, the oracle of the paused ones, is CPython's (``t`` as a function)."""
    source = CLASS_PAUSE_SITES[name]
    expected = run_program(source, prelude="def t(*args):\n    return args[0] * 10 if args else 7\n")
    assert expected.exc_type is None
    assert straight(source) == ("value", expected.value, expected.printed)


@pytest.mark.parametrize("name", sorted(PAUSE_SITES))
def test_pause_resume_from_bytes_equals_straight_run(name: str) -> None:
    source = PAUSE_SITES[name]
    expected = straight(source)
    assert paused(source, via_bytes=False) == expected
    assert paused(source, via_bytes=True) == expected


RESUMER = """
import json, sys
sys.path.insert(0, {root!r})
from tests.test_pause import make_sandbox, answer
from littrs import PendingCall, SandboxError
step = make_sandbox().load(sys.stdin.buffer.read())
try:
    while isinstance(step, PendingCall):
        try:
            result = answer(step.name, step.args)
        except Exception as error:
            step = step.throw(error)
        else:
            step = step.resume(result)
    print(json.dumps(["value", repr(step.value), step.printed]))
except SandboxError as error:
    print(json.dumps(["error", error.type_name, error.message, error.printed]))
"""


def _resume_in_subprocess(blob: bytes, hash_seed: str = "123") -> list:
    result = subprocess.run(
        [sys.executable, "-c", RESUMER.format(root=str(ROOT))],
        input=blob,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        check=True,
    )
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    "name", ["nested_calls", "generator_function", "closures_and_cells", "shared_and_cyclic",
             "except_state_kept", "map_filter_sorted", "print_across_pauses", "class_property",
             "class_eq_hash_in_dict", "class_lt_in_sorted", "class_iter_in_loop",
             "class_metaclass_and_init_subclass"]
)
def test_resume_in_a_fresh_process(name: str) -> None:
    source = PAUSE_SITES[name]
    expected = straight(source)
    step = make_sandbox().start(source)
    assert isinstance(step, PendingCall)
    outcome = _resume_in_subprocess(step.dump())
    assert outcome == list(expected)


def test_set_iteration_resumed_under_another_hash_seed_sees_every_item_once() -> None:
    source = (
        "words = {'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'}\n"
        "seen = []\nfor w in words:\n    seen.append(w)\n    t(1)\nsorted(seen) == sorted(words)"
        ", len(seen)"
    )
    step = make_sandbox().start(source)
    step = step.resume(1)  # one item done in this process
    for seed in ("1", "2", "3"):
        outcome = _resume_in_subprocess(step.dump(), hash_seed=seed)
        assert outcome == ["value", "(True, 8)", []]


def test_a_pending_call_is_answered_once() -> None:
    step = make_sandbox().start("t(1) + t(2)")
    step.resume(1)
    with pytest.raises(RuntimeError, match="already answered"):
        step.resume(1)
    with pytest.raises(RuntimeError, match="already answered"):
        step.dump()


def test_pending_call_reports_host_values_and_keywords() -> None:
    sb = Sandbox()
    sb.declare("approve")
    step = sb.start("approve([1, 2], reason={'why': 'x'})")
    assert (step.name, step.args, step.kwargs) == ("approve", [[1, 2]], {"reason": {"why": "x"}})
    step.args[0].append(3)  # the host's copy: the sandbox's list is untouched
    done = step.resume("ok")
    assert isinstance(done, Complete) and done.value == "ok"


def test_declared_tools_bind_their_stub_signature_and_refuse_run() -> None:
    sb = Sandbox()

    def approve(amount: int, *, note: str = "") -> bool:
        """Ask a person to approve a payment."""

    sb.declare("approve", approve)
    assert "def approve(amount: int, *, note: str = '') -> bool:" in sb.describe()
    step = sb.start("try:\n    approve()\nexcept TypeError as e:\n    r = str(e)\nr")
    assert isinstance(step, Complete)
    assert step.value == "approve() missing 1 required positional argument: 'amount'"
    with pytest.raises(RuntimeError, match="declared without a host function"):
        sb.run("approve(1)")


def test_pickle_goes_through_the_same_format() -> None:
    step = make_sandbox().start("t(4) + 1")
    detached = pickle.loads(pickle.dumps(step))
    with pytest.raises(RuntimeError, match="Sandbox.load"):
        detached.resume(1)
    assert make_sandbox().load(detached).resume(40) .value == 41


def test_signed_snapshots_check_their_key() -> None:
    step = make_sandbox().start("t(1)")
    blob = step.dump(key=b"secret")
    assert make_sandbox().load(blob, key=b"secret").resume(5).value == 5
    with pytest.raises(SnapshotError, match="signature"):
        make_sandbox().load(blob, key=b"wrong")
    with pytest.raises(SnapshotError, match="signed"):
        make_sandbox().load(blob)
    tampered = blob.replace(b'"littrs"', b'"littrs" ', 1)
    with pytest.raises(SnapshotError):
        make_sandbox().load(tampered, key=b"secret")


@pytest.mark.parametrize(
    "mutate",
    [
        lambda blob: blob[: len(blob) // 2],
        lambda blob: blob.replace(b"littrs-snapshot", b"other-snapshot"),
        lambda blob: blob.replace(b"snapshot\n%d\n" % FORMAT_VERSION, b"snapshot\n99\n"),
        lambda blob: blob.replace(b'"frame"', b'"framez"'),
        lambda blob: blob.replace(b'["l",', b'["zz",'),
        lambda blob: blob.replace(b'"objects":[{', b'"objects":[{"nested":{"x":1},', 1),
        lambda blob: blob.replace(b'["l",', b'["l",[true],', 1),
        lambda blob: blob.replace(b'["l",', b'["l",[99999],', 1),
        lambda blob: blob.replace(b'"objects":[', b'"objects":[["frame",[0],[],null,[],999999,[0],null],'),
        lambda blob: b"",
    ],
)
def test_bad_bytes_raise_one_clear_error(mutate) -> None:
    blob = make_sandbox().start("x = [1, 2]\nt(1)").dump()
    with pytest.raises(SnapshotError):
        make_sandbox().load(mutate(blob))


def test_loading_needs_the_same_tools() -> None:
    blob = make_sandbox().start("t(1)").dump()
    with pytest.raises(SnapshotError, match="tool"):
        Sandbox().load(blob)


def test_loading_refuses_non_bytes() -> None:
    with pytest.raises(SnapshotError):
        make_sandbox().load("not bytes")  # type: ignore[arg-type]


def test_instruction_budget_spans_pauses_and_reloads() -> None:
    source = "for i in range(3):\n    for j in range(300):\n        pass\n    t(i)"
    sb = make_sandbox()
    sb.limit(max_instructions=2_000)
    step = sb.start(source)
    step = step.resume(0)
    reloaded = make_sandbox()
    reloaded.limit(max_instructions=2_000)
    step = reloaded.load(step.dump())
    with pytest.raises(InstructionLimitError, match=r"limit: 2000"):
        step.resume(0)


def test_globals_from_earlier_runs_survive_a_snapshot() -> None:
    sb = make_sandbox()
    sb.run("def helper(x):\n    return x + 1\ncache = {'k': [1, 2]}")
    blob = sb.start("cache['k'].append(t(1))\nhelper(cache['k'][-1])").dump()
    fresh = make_sandbox()
    assert fresh.load(blob).resume(10).value == 11
    assert fresh["cache"] == {"k": [1, 2, 10]}


def test_container_rows_keep_values_sharing_and_cycles() -> None:
    """Every kind of dict and list row comes back equal, with its sharing and cycles."""
    source = (
        "tags = ['a', 'b']\n"
        "rows = [{'id': i, 'tags': tags, 'own': [i, None, 1.5, True], 'big': 10**5000 + i}"
        " for i in range(3)]\n"
        "d = {1: 'int key', (2, 3): [4], 'k': {}, 'nan': float('nan'), 'inf': float('-inf')}\n"
        "d['self'] = d\n"
        "ints = [True, 3, -(10**4001), 2]\n"
        # (Sets whose order cannot depend on the hash seed: see the set-order entry of
        # fuzz/known.py.)
        "mixed = ({'t': (1, [2])}, frozenset({'x'}), frozenset({5, 6}), {6, 7}, [], {}, [[]],"
        " b'raw')\n"
        "t(1)\n"
        "(rows[0]['tags'] is rows[2]['tags'] is tags, rows[1]['own'], rows[2]['big'] % 1000,"
        " d['self'] is d, d[1], d[(2, 3)], d['k'], str(d['nan']), d['inf'], ints,"
        " mixed, [r['own'] is r['own'] for r in rows])"
    )
    assert paused(source) == straight(source)


# -- a property: any program, paused at every call and reloaded, ends as the straight run

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ATOMS = ["x", "y", "1", "2", "'s'", "[1, 2]", "(3, 4)", "None"]


@st.composite
def _expressions(draw: st.DrawFn, depth: int = 2) -> str:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(_ATOMS))
    inner = draw(_expressions(depth - 1))
    other = draw(_expressions(depth - 1))
    return draw(
        st.sampled_from(
            [
                f"t({inner})" if "[" not in inner else f"len(t({inner}))",
                f"echo({inner}, {other})",
                f"({inner} + {other})",
                f"({inner} == {other})",
                f"[{inner}, {other}]",
                f"({inner} if t(1) else {other})",
                f"[t(v) for v in ({inner}, {other})]",
                f"fail({inner})",
            ]
        )
    )


@st.composite
def _programs(draw: st.DrawFn) -> str:
    lines = ["x = 1", "y = [0]"]
    for _ in range(draw(st.integers(1, 4))):
        expression = draw(_expressions())
        kind = draw(st.integers(0, 3))
        if kind == 0:
            lines.append(f"x = {expression}")
        elif kind == 1:
            lines.append(f"try:\n    y.append({expression})\nexcept ValueError as e:\n    print(e)")
        elif kind == 2:
            lines.append(f"def f(a=x):\n    return {expression}\nprint(f())")
        else:
            lines.append(f"for i in range(2):\n    print(i, {expression})")
    lines.append("(x, y)")
    return "\n".join(lines)


@settings(max_examples=100)
@given(_programs())
def test_generated_programs_resume_from_bytes_like_a_straight_run(source: str) -> None:
    assert paused(source, via_bytes=True) == straight(source)


def test_approval_example_pauses_in_one_process_and_finishes_in_another(tmp_path: Path) -> None:
    database = str(tmp_path / "approvals.db")
    script = str(ROOT / "examples" / "approval.py")

    def run(*args: str) -> str:
        return subprocess.run(
            [sys.executable, script, *args], capture_output=True, text=True, check=True,
            timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)},
        ).stdout

    assert run("start", database) == "request 1: Pay 1250 EUR to ACME?\n"
    assert run("answer", database, "1", "yes") == (
        "invoice INV-42: 1250 EUR to ACME\npaid, receipt R-INV-42-001\n"
    )


def test_deeply_nested_values_survive_a_snapshot() -> None:
    source = "x = []\nfor _ in range(20000):\n    x = [x]\nt(1)\nn = 0\nwhile x:\n    x = x[0]\n    n += 1\nn"
    step = make_sandbox().start(source)
    assert make_sandbox().load(step.dump()).resume(1).value == 20000


@pytest.mark.parametrize("value", [
    "None", "...", "NotImplemented", "len", "[].append", "str.join", "iter([])", "{}.keys()",
    "list[int]", "int | str", "ValueError()", "range(1)", "(x for x in ())", "typing.Generic",
    "typing.Annotated", "typing.Any | int", "typing.List[int]", "iter(int, 1)",
    "map(lambda x: x, [])", "enumerate(x for x in ())",
])
def test_the_type_of_a_value_comes_back_as_the_same_class(value: str) -> None:
    source = (f"import typing\nk = type({value})\nt(1)\n"
              f"repr(k), k is type({value}), k.__name__")
    assert paused(source) == straight(source)


@pytest.mark.parametrize("value", [
    "list[int]", "dict[str, list[int]]", "tuple[int, ...]", "type[int]", "int | None",
    "int | list[str] | None",
])
def test_generic_aliases_and_unions_survive_a_snapshot(value: str) -> None:
    source = f"k = {value}\nt(1)\nrepr(k), k == {value}, k.__args__"
    assert paused(source) == straight(source)


def test_dict_views_stay_live_views_of_their_dict_across_a_snapshot() -> None:
    source = (
        "d = {'a': 1}\nkeys, values, items = d.keys(), d.values(), d.items()\n"
        "kinds = type(keys), type(values), type(items)\nt(1)\nd['b'] = 2\n"
        "(list(keys), list(values), list(items), type(keys) is kinds[0], 'b' in keys,"
        " keys.mapping == {'a': 1, 'b': 2})"
    )
    assert paused(source) == straight(source)


def test_snapshots_hold_module_values_and_typing_forms() -> None:
    source = (
        "import json\nfrom typing import Any, List, Optional, SupportsInt\n"
        "X = Optional[List[int]]\nY = Any | SupportsInt | None\nZ = [*List[int]][0]\n"
        "try:\n    json.loads('{')\nexcept json.JSONDecodeError as e:\n    err = e\n"
        "t(1)\n(repr(X), repr(Y), Y == (None | SupportsInt | Any), repr(Z), type(Z).__name__, err.msg,"
        " err.pos,"
        " type(err).__name__, json.dumps([1]))"
    )
    assert paused(source) == straight(source)


def test_typing_forms_keep_their_attributes_across_a_snapshot() -> None:
    source = (
        "import typing\nP = typing.ParamSpec('P')\nT = typing.TypeVar('T', bound=int)\n"
        "a, k, g = P.args, P.kwargs, typing.Dict[str, T]\nt(1)\n"
        "(repr(a), a.__origin__ is P, k == P.kwargs, g.__parameters__[0] is T, repr(T.__bound__),"
        " repr(g.__args__), type(a).__name__)"
    )
    assert straight(source)[0] == "value"
    assert paused(source) == straight(source)
