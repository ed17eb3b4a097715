"""Resource attacks: each must end in a clean limit error, quickly, with the host alive.

Every attack runs in a child interpreter whose address space is capped with
``resource.setrlimit(RLIMIT_AS)`` and whose wall time is bounded by ``timeout=``,
so an attack that gets through is a failing test, not a dead CI: a hang becomes
``kind == "timeout"``, a segfault ``kind == "crash"``, an allocation the VM did
not check a host ``MemoryError`` at the cap. The children run a few at a time
in a thread pool, started once for every selected case, so the whole file takes
about as long as its slowest few cases.

The child reports one JSON line: what the run ended with (``limit``: a
LimitError; ``sandbox``: a SandboxError; ``value``: it completed; ``host``: any
other exception reached the host), how long ``run()`` took, and whether the same
sandbox still answers ``1 + 1`` afterwards.

A case marked ``xfail(strict=True)`` is an attack that succeeds today; its
reason says why. Remove the mark when it is fixed.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ADDRESS_SPACE = 1 << 30  # RLIMIT_AS of a child: enough for the VM, far less than an attack wants
MARGIN = 1.0  # seconds a limit may overshoot: one slice of instructions plus a busy machine
WORKERS = min(4, max(2, os.cpu_count() or 2))


# -- running host code in a capped child --------------------------------------------------


def run_host(source: str, timeout: float, address_space: int = ADDRESS_SPACE) -> tuple[int | None, str]:
    """Run host Python ``source`` in a fresh interpreter capped at ``address_space`` bytes.

    Returns ``(exit code, stdout)``; the exit code is None when ``timeout`` seconds
    passed and the child was killed, negative when a signal killed it (-11: SIGSEGV).
    """
    preamble = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({address_space}, {address_space}))\n"
        "resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONFAULTHANDLER": ""}
    try:
        done = subprocess.run(
            [sys.executable, "-c", preamble + source],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=ROOT,
            env=env,
        )
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout or ""
        return None, out if isinstance(out, str) else out.decode(errors="replace")
    return done.returncode, done.stdout


@dataclasses.dataclass
class Outcome:
    kind: str  # limit | sandbox | value | host | timeout | crash
    type: str = ""
    message: str = ""
    seconds: float = 0.0
    after: Any = None
    extra: Any = None
    peak: int = 0  # bytes the child's peak resident set grew by during the run
    returncode: int | None = 0

    def __str__(self) -> str:
        return (f"{self.kind} {self.type}: {self.message[:120]!r} after {self.seconds:.2f}s "
                f"(exit {self.returncode}, then 1 + 1 -> {self.after!r}, extra {self.extra!r}, "
                f"peak +{self.peak / 2**20:.0f} MiB)")


def outcome_of(returncode: int | None, stdout: str, timeout: float) -> Outcome:
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if returncode is None:
        return Outcome("timeout", seconds=timeout, returncode=None)
    if returncode != 0 or not lines:
        return Outcome("crash", message=stdout[-200:], returncode=returncode)
    data = json.loads(lines[-1])
    return Outcome(**data, returncode=returncode)


# The child's side of an attack: run CODE under LIMITS in a fresh sandbox.
ATTACK = textwrap.dedent(
    """
    import json, resource, time
    from littrs import LimitError, Sandbox, SandboxError

    sb = Sandbox()
    sb.limit(**LIMITS)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    extra = None
    try:
        value, printed = sb.capture(CODE)
        outcome = {"kind": "value", "type": type(value).__name__}
        extra = len(printed)
    except LimitError as error:
        outcome = {"kind": "limit", "type": type(error).__name__, "message": str(error)}
        extra = error.printed[-3:]
    except SandboxError as error:
        outcome = {"kind": "sandbox", "type": error.type_name, "message": error.message[:300]}
        extra = len(error.traceback)
    except BaseException as error:
        outcome = {"kind": "host", "type": type(error).__name__, "message": str(error)[:300]}
    outcome["seconds"] = time.monotonic() - started
    outcome["extra"] = extra
    outcome["peak"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak) * 1024
    try:
        sb.limit(max_instructions=1000, max_memory=None, max_duration=5)
        outcome["after"] = sb.run("1 + 1")
    except BaseException as error:
        outcome["after"] = repr(error)[:200]
    print(json.dumps(outcome), flush=True)
    """
)

LIMITS = {
    "max_instructions": 5_000_000,
    "max_memory": 64 * 1024 * 1024,
    "max_duration": 2.0,
    "max_output": 100_000,
    "max_recursion_depth": 200,
}


@dataclasses.dataclass
class Case:
    source: str  # host code run in the child; prints one JSON outcome line
    timeout: float


def attack(code: str, timeout: float = 20.0, **limits: Any) -> Case:
    """A case running sandbox ``code`` under LIMITS updated with ``limits``."""
    chosen = {**LIMITS, **limits}
    source = f"CODE = {code!r}\nLIMITS = {chosen!r}\n" + ATTACK
    return Case(source, timeout)


def host(source: str, timeout: float = 20.0) -> Case:
    return Case(textwrap.dedent(source), timeout)


# -- the cases ------------------------------------------------------------------------------

DEEP = {"max_instructions": None, "max_memory": 512 * 1024 * 1024, "max_duration": None}

# A case that hangs today is given a short timeout, so the file stays fast while it is open.
HANGS = 3.0

CASES: dict[str, Case] = {
    # one instruction asking for a huge allocation
    "str-repeat": attack("'x' * 10**10"),
    "list-repeat": attack("[0] * 10**10"),
    "tuple-repeat": attack("(0,) * 10**10"),
    "bytes-repeat": attack("b'x' * 10**10"),
    "inplace-repeat": attack("x = [0]\nx *= 10**10"),
    "pow": attack("10 ** 10**9"),
    "inplace-pow": attack("x = 10\nx **= 10**9"),
    "shift": attack("1 << 10**10"),
    "percent-width": attack("'%0999999999d' % 1"),
    "percent-star-width": attack("'%*d' % (999999999, 1)"),
    "fstring-width": attack("f'{1:>999999999}'"),
    "format-precision": attack("format(1.5, '.999999999f')"),
    "str-format-width": attack("'{:>{}}'.format(1, 999999999)"),
    "ljust": attack("'x'.ljust(10**10)"),
    "center": attack("'x'.center(10**10)"),
    "zfill": attack("'1'.zfill(10**10)"),
    "expandtabs": attack("'a\\tb'.expandtabs(10**9)"),
    "replace": attack("s = 'x' * 10**5\ns.replace('x', 'y' * 10**5)"),
    "range-list-huge": attack("list(range(10**12))"),
    "range-list": attack("list(range(10**8))"),
    "range-list-ints": attack("x = list(range(7 * 10**6))"),
    "range-tuple": attack("tuple(range(10**8))"),
    "range-set": attack("set(range(10**8))"),
    "range-star": attack("[*range(10**8)]"),
    "range-extend": attack("x = []\nx.extend(range(10**8))"),
    "range-fromkeys": attack("dict.fromkeys(range(10**8))"),
    "range-sorted": attack("sorted(range(10**9))"),
    "bytes": attack("bytes(10**10)"),
    "bytearray": attack("bytearray(10**10)"),
    "to-bytes": attack("(1).to_bytes(10**9, 'big')"),
    "join-growth": attack("x = ['a'] * 10**6\nfor i in range(100):\n    s = 'x'.join(x)\n    x = [s] * 10"),
    "doubling": attack("s = 'x'\nwhile True:\n    s += s"),
    "list-doubling": attack("x = [0]\nwhile True:\n    x = x + x"),
    "self-copies": attack("x = []\nwhile True:\n    x.append(x[:])", max_instructions=None,
                          max_duration=10.0),
    # n, not 1000: 'y' * 1000 is one folded constant (as in CPython), appended by reference.
    "small-appends": attack("n = 1000\nx = []\nwhile True:\n    x.append('y' * n)",
                            max_instructions=None, max_duration=10.0),
    "dict-growth": attack("d = {}\ni = 0\nwhile True:\n    d[i] = str(i) * 100\n    i += 1",
                          max_instructions=None, max_duration=10.0),
    "repr-of-shared": attack("a = ['x' * 1000] * 1000\nb = [a] * 1000\ns = repr(b)"),
    "str-of-dag": attack("x = [0]\nfor i in range(22):\n    x = [x, x]\ns = str(x)",
                         max_memory=8 * 1024 * 1024),
    "host-infinite-iterator": attack("list(iter(int, 1))"),
    "str-bigint": attack("str(10**100000)"),  # CPython's own 4300-digit limit
    # time: each of these is one instruction doing a lot of work
    "while-true-duration": attack("while True:\n    pass", max_instructions=None, max_duration=1.0),
    "dag-equality": attack(
        "x = [0]\ny = [0]\nfor i in range(40):\n    x = [x, x]\n    y = [y, y]\nx == y",
        max_duration=0.5, timeout=HANGS),
    "dag-hash": attack("t = (0,)\nfor i in range(60):\n    t = (t, t)\nhash(t)",
                       max_duration=0.5, timeout=HANGS),
    "hash-collisions": attack("{i * (2**61 - 1) for i in range(10**5)}", max_duration=0.5,
                              max_instructions=None),
    "bigint-multiply": attack("x = (1 << 10**8) - 1\ny = x * x", max_duration=0.5,
                              max_memory=256 * 1024 * 1024, timeout=HANGS),
    "bigint-divide": attack("a = (1 << 10**7) - 1\nb = (1 << 5 * 10**6) - 1\nc = a // b",
                            max_duration=0.5, timeout=HANGS),
    "modular-pow": attack("x = pow(3, 1 << 10**6, (1 << 20000) + 1)", max_duration=0.5,
                          timeout=HANGS),
    "math-factorial": attack("import math\nx = math.factorial(2 * 10**6)", max_duration=0.5,
                             timeout=HANGS),
    "math-isqrt": attack("import math\nx = math.isqrt((1 << 10**8) - 1)", max_duration=0.5,
                         max_memory=256 * 1024 * 1024, timeout=HANGS),
    "punycode": attack(
        "s = ''.join([chr(0x100 + i % 30000) for i in range(10**5)])\nb = s.encode('punycode')",
        max_duration=0.5, timeout=HANGS),
    # loops the host runs for one builtin call, over an iterable that costs nothing to make
    "host-loop-sum": attack("sum(range(10**7))", max_instructions=10_000, max_duration=None),
    "host-loop-all": attack("all(range(1, 10**7))", max_instructions=10_000, max_duration=None),
    "host-loop-max": attack("max(range(10**7))", max_instructions=10_000, max_duration=None),
    "host-loop-in": attack("-1 in map(abs, range(10**7))", max_instructions=10_000,
                           max_duration=None),
    "host-loop-fsum": attack("import math\nmath.fsum(range(10**7))", max_instructions=10_000,
                             max_duration=None),
    "host-loop-forever": attack("any(iter(int, 1))", max_duration=0.5, timeout=HANGS),
    # instructions
    "while-true-instructions": attack("while True:\n    pass", max_instructions=1_000_000,
                                      max_duration=None),
    # a generator of 30,000 items runs about 150,000 instructions: far past the limit
    "generator-steps-are-paid": attack(
        "def g():\n    for i in range(30_000):\n        yield 1\nset().update(g())",
        max_instructions=20_000, max_duration=None),
    "generator-steps-in": attack(
        "def g():\n    for i in range(30_000):\n        yield 0\n-1 in g()",
        max_instructions=20_000, max_duration=None),
    "generator-steps-unpack": attack(
        "def g():\n    for i in range(30_000):\n        yield 0\na, *b = g()",
        max_instructions=20_000, max_duration=None),
    # recursion
    "recursion": attack("def f():\n    f()\nf()"),
    "recursion-retry": attack("def f():\n    try:\n        f()\n    except BaseException:\n        f()\nf()"),
    "recursion-finally": attack("def f():\n    try:\n        f()\n    finally:\n        f()\nf()"),
    "recursion-default": attack("def f():\n    f()\nf()", max_recursion_depth=None),
    "recursion-through-host": attack(
        "def g(n):\n    s = set()\n    s.update(g(n + 1))\n    yield n\nset().update(g(0))"),
    # output
    "print-loop": attack("while True:\n    print('hello')", max_output=10_000),
    "print-huge": attack("print('x' * 10**7)", max_output=1000),
    "print-sep": attack("print(1, 2, sep='x' * 10**7)", max_output=1000),
    # deep structures: CPython guards repr and == with its recursion limit
    "deep-print": attack("x = []\nfor i in range(10**5):\n    x = [x]\nprint(x)"),
    "deep-repr": attack("x = []\nfor i in range(10**5):\n    x = [x]\nrepr(x)"),
    "deep-str": attack("x = []\nfor i in range(10**5):\n    x = [x]\nstr(x)"),
    "deep-eq-self": attack("x = []\nfor i in range(10**5):\n    x = [x]\nx == x"),
    "deep-eq": attack("x = []\ny = []\nfor i in range(10**5):\n    x = [x]\n    y = [y]\nx == y"),
    "deep-dict-print": attack("x = {}\nfor i in range(10**5):\n    x = {1: x}\nprint(x)"),
    # host crashes: C recursion that CPython 3.11 does not guard (the limits leave room to
    # build the chain, so that what ends the run is what happens to the chain)
    "deep-tuple-hash": attack("t = ()\nfor i in range(10**6):\n    t = (t,)\nhash(t)", **DEEP),
    "deep-tuple-set": attack("t = ()\nfor i in range(10**6):\n    t = (t,)\n{t}", **DEEP),
    "deep-filter": attack("x = iter([1])\nfor i in range(4 * 10**5):\n    x = filter(None, x)\nnext(x)", **DEEP),
    "deep-map": attack("x = iter([1])\nfor i in range(4 * 10**5):\n    x = map(abs, x)\nlist(x)", **DEEP),
}

# Structures that share one object along many paths: compared, hashed, searched, sorted or
# shown, the host would go down every path in one call. x and y are equal lists with 2**40
# paths each, t and u equal tuples with 2**60; s and t2 equal strings of a million characters,
# listed a hundred thousand times (one string, shared).
DAG_LISTS = "x = [0]\ny = [0]\nfor i in range(40):\n    x = [x, x]\n    y = [y, y]\n"
DAG_TUPLES = "t = (0,)\nu = (0,)\nfor i in range(60):\n    t = (t, t)\n    u = (u, u)\n"
SHARED_STRINGS = "s = 'x' * 10**6\nt2 = 'x' * 10**6\na = [s] * 10**5\nb = [t2] * 10**5\n"
SHARED_INTS = "s = (1 << 10**6) - 1\nt2 = (1 << 10**6) - 1\na = [s] * 10**5\nb = [t2] * 10**5\n"
SHARED = {
    "dag-lt": DAG_LISTS + "x < y",
    "dag-le": DAG_LISTS + "x <= y",
    "dag-ne": DAG_LISTS + "x != y",
    "dag-sorted": DAG_LISTS + "sorted([x, y])",
    "dag-sort": DAG_LISTS + "z = [x, y]\nz.sort()",
    "dag-max": DAG_LISTS + "max([x, y])",
    "dag-min-key": DAG_LISTS + "min([x, y], key=list)",
    "dag-in-list": DAG_LISTS + "x in [y]",
    "dag-in-generator": DAG_LISTS + "x in (v for v in [y])",
    "dag-index": DAG_LISTS + "[y].index(x)",
    "dag-count": DAG_LISTS + "[y].count(x)",
    "dag-remove": DAG_LISTS + "[y].remove(x)",
    "dag-dict-eq": DAG_LISTS + "{1: x} == {1: y}",
    "dag-items-eq": DAG_LISTS + "{1: x}.items() == {1: y}.items()",
    "dag-items-in": DAG_LISTS + "(1, x) in {1: y}.items()",
    "dag-items-and": DAG_LISTS + "{1: x}.items() & [(1, y)]",
    "dag-items-isdisjoint": DAG_LISTS + "{1: x}.items().isdisjoint(iter([(1, y)]))",
    "dag-values-in": DAG_LISTS + "x in {1: y}.values()",
    "dag-slice-eq": DAG_LISTS + "slice(x) == slice(y)",
    "dag-tuple-eq": DAG_TUPLES + "t == u",
    "dag-tuple-set": DAG_TUPLES + "{t}",
    "dag-tuple-set-comprehension": DAG_TUPLES + "{v for v in [t]}",
    "dag-tuple-dict": DAG_TUPLES + "{t: 1}",
    "dag-tuple-store": DAG_TUPLES + "d = {}\nd[t] = 1",
    "dag-tuple-load": DAG_TUPLES + "d = {}\nd[t]",
    "dag-tuple-in-set": DAG_TUPLES + "t in {1}",
    "dag-tuple-get": DAG_TUPLES + "{}.get(t)",
    "dag-tuple-add": DAG_TUPLES + "set().add(t)",
    "dag-tuple-set-of": DAG_TUPLES + "set([t])",
    "dag-tuple-frozenset-of": DAG_TUPLES + "frozenset(iter([t]))",
    "dag-tuple-dict-of": DAG_TUPLES + "dict([(t, 1)])",
    "dag-tuple-dict-zip": DAG_TUPLES + "dict(zip([t], [1]))",
    "dag-tuple-update": DAG_TUPLES + "set().update([t])",
    "dag-tuple-fromkeys": DAG_TUPLES + "dict.fromkeys([t])",
    "dag-tuple-isdisjoint": DAG_TUPLES + "{1}.isdisjoint(iter([t]))",
    "dag-tuple-view-and": DAG_TUPLES + "{1: 1}.keys() & [t]",
    "dag-tuple-star-set": DAG_TUPLES + "{*[t]}",
    "dag-tuple-map-hash": DAG_TUPLES + "list(map(hash, [t]))",
    "dag-literal": "from typing import Literal\n" + DAG_TUPLES + "hash(Literal[t])",
    "dag-literal-dedup": "from typing import Literal\n" + DAG_LISTS + "Literal[x, y]",
    "shared-strings-eq": SHARED_STRINGS + "a == b",
    "shared-strings-sort": SHARED_STRINGS + "c = [s, t2] * 10**4\nc.sort()",
    "shared-ints-eq": SHARED_INTS + "a == b",
    "shared-ints-hash": "s = (1 << 10**6) - 1\nhash((s,) * 10**5)",
    "shared-ints-sum": "sum([(1 << 10**6) - 1] * 10**5)",
    "dag-json": "import json\n" + DAG_LISTS + "json.dumps(x)",
}
for _name, _code in SHARED.items():
    CASES[_name] = attack(_code, max_duration=0.5, timeout=HANGS, **(
        {"max_memory": None} if _name == "dag-json" else {}))

# One builtin call that loops on the host: each must pay per item (max_instructions=10,000).
HOST_LOOPS = {
    "prod": "import math\nmath.prod(range(1, 10**7))",
    "prod-map": "import math\nmath.prod(map(abs, range(1, 10**7)))",
    "fsum-map": "import math\nmath.fsum(map(float, range(10**7)))",
    "hypot": "import math\nmath.hypot(*[1.0] * 10**6)",
    "dist": "import math\nmath.dist([1.0] * 10**6, [2.0] * 10**6)",
    "extend": "x = []\nx.extend(map(abs, range(10**7)))",
    "star": "[*map(abs, range(10**7))]",
    "iadd": "x = []\nx += map(abs, range(10**7))",
    "set-update": "set().update(map(abs, range(10**7)))",
    "issubset": "set().issubset(map(abs, range(10**7)))",
    "issuperset": "{True}.issuperset(map(bool, range(1, 10**7)))",
    "dict-zip": "dict(zip(range(10**5), range(10**5)))",
    "bytes": "bytes(map(bool, range(1, 10**7)))",
    "filter": "next(filter({}.get, range(10**12)), 0)",
    # a range compares anything but an int with each of its items
    "range-in": "1.5 in range(10**12)",
    "range-index": "range(10**12).index(1.5)",
    "range-count": "range(10**12).count(1.5)",
    "list-in": "x = [0] * 10**6\n-1 in x",
    "list-index": "x = [0] * 10**6\nx.index(-1)",
    "list-count": "x = [0] * 10**6\nx.count(-1)",
    "list-sort": "x = [0] * 10**6\nx.sort()",
    "values-in": "d = dict.fromkeys(range(10**5))\n-1 in d.values()",
}
for _name, _code in HOST_LOOPS.items():
    CASES[f"host-loop-{_name}"] = attack(_code, max_instructions=10_000, max_duration=None)

# Big-int work the host does in one call, quadratic in the sizes (max_duration=0.5).
CASES.update({
    "bigint-divmod": attack("a = (1 << 10**7) - 1\nb = (1 << 5 * 10**6) - 1\nc = divmod(a, b)",
                            max_duration=0.5, timeout=HANGS),
    "bigint-round": attack("x = (1 << 10**7) - 1\ny = round(x, -10**6)", max_duration=0.5,
                           timeout=HANGS),
    "round-power": attack("y = round(5, -10**8)", max_duration=0.5, timeout=HANGS),
    "bigint-gcd": attack(  # two 1.6-million-bit ints without a short Euclid
        "import math\n"
        "def mk(p, q):\n"
        "    n = 200000\n"
        "    return (int.from_bytes(bytes(range(p)) * (n // p), 'big')\n"
        "            ^ int.from_bytes(bytes(range(q)) * (n // q), 'big'))\n"
        "c = math.gcd(mk(251, 241), mk(239, 233))", max_duration=0.5, timeout=HANGS),
    "sum-of-lists": attack("x = [[0] * 1000] * 3000\ny = sum(x, [])", max_duration=0.5,
                           max_instructions=None, timeout=HANGS),
})

# Text that one call would make from a shared structure, or multiply (max_memory=8 MiB).
RENDERED = {
    "format-dag": "'{}'.format(x)",
    "format-field-dag": "'{!r}'.format(x)",
    "format-builtin-dag": "format(x)",
    "percent-dag": "'%s' % (x,)",
    "ascii-dag": "ascii(x)",
    "view-dag": "str({1: x}.values())",
    "slice-dag": "repr(slice(x))",
    "exception-dag": "str(ValueError(x))",
    "index-message-dag": "[].index(x)",
    "literal-dag": "from typing import Literal\nrepr(Literal[x])",
}
for _name, _code in RENDERED.items():
    CASES[_name] = attack(DAG_LISTS + _code, max_memory=8 * 1024 * 1024)

# Memory one call would allocate for the items of a lazy iterator, or for its text.
CASES.update({
    "map-extend": attack("x = []\nx.extend(map(abs, range(10**9)))", max_instructions=None),
    "map-star": attack("x = [*map(abs, range(10**9))]", max_instructions=None),
    "zip-dict": attack("x = dict(zip(range(10**9), range(10**9)))", max_instructions=None),
    "map-bytes": attack("x = bytes(map(bool, range(1, 10**10)))", max_instructions=None),
    "map-set-update": attack("x = set()\nx.update(map(abs, range(10**9)))",
                             max_instructions=None),
    "bin-huge": attack("x = 1 << (4 * 10**8)\ny = bin(x)", max_memory=128 * 1024 * 1024),
    "translate": attack("s = 'x' * 10**6\ny = s.translate({120: 'y' * 1000})"),
    "dist-range": attack("import math\nx = math.dist(range(10**8), range(10**8))",
                         max_instructions=None),
})

# Answered at once, as CPython would (in far longer): a nested tuple of classes is looked
# through once per object, and a traceback shows that a message would be too long.
CASES["isinstance-dag"] = attack(
    "t = (int,)\nfor i in range(60):\n    t = (t, t)\nisinstance('a', t)", max_duration=0.5,
    timeout=HANGS)
CASES["raise-dag"] = attack(DAG_LISTS + "raise ValueError(x)", max_duration=0.5, timeout=HANGS)

# Limit errors are not exceptions of the sandbox: nothing in it can stop one.
UNCATCHABLE = {
    "except-exception": "try:\n    while True:\n        pass\nexcept Exception:\n    pass\n'caught'",
    "bare-except": "try:\n    while True:\n        pass\nexcept:\n    pass\n'caught'",
    "except-base": "try:\n    while True:\n        pass\nexcept BaseException:\n    pass\n'caught'",
    "except-runtime": "try:\n    while True:\n        pass\nexcept RuntimeError:\n    pass\n'caught'",
    "finally-continue": "while True:\n    try:\n        while True:\n            pass\n    finally:\n        continue",
    "finally-return": "def f():\n    try:\n        while True:\n            pass\n    finally:\n        return 5\nf()",
    "finally-raise": "try:\n    try:\n        while True:\n            pass\n    finally:\n        raise ValueError\nexcept ValueError:\n    'caught'",
    "generator-finally": (
        "def g():\n    try:\n        yield 1\n    finally:\n        while True:\n            pass\n"
        "for x in g():\n    while True:\n        pass"
    ),
    "generator-catches": (
        "def g():\n    while True:\n        try:\n            yield 1\n        except BaseException:\n"
        "            pass\nset().update(g())"
    ),
    "finally-print": "try:\n    while True:\n        pass\nfinally:\n    print('cleanup')",
}
for _name, _code in UNCATCHABLE.items():
    for _limit, _value in (("max_instructions", 200_000), ("max_duration", 0.5)):
        CASES[f"uncatchable-{_name}-{_limit}"] = attack(
            _code, timeout=HANGS, **{"max_instructions": None, "max_duration": None, _limit: _value}
        )

CASES["keyboard-interrupt"] = host(
    """
    import json, os, signal, threading, time
    from littrs import LimitError, Sandbox, SandboxError
    sb = Sandbox()
    sb.limit(max_duration=2)
    # Python's own Ctrl-C handler, even when this child inherits SIGINT ignored (started
    # from a background job): the host's signal is what the test sends.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    code = "while True:\\n    try:\\n        while True:\\n            pass\\n    except BaseException:\\n        pass"
    try:
        sb.run(code)
        outcome = {"kind": "value"}
    except KeyboardInterrupt:
        outcome = {"kind": "host", "type": "KeyboardInterrupt"}
    except LimitError as error:
        outcome = {"kind": "limit", "type": type(error).__name__}
    except SandboxError as error:
        outcome = {"kind": "sandbox", "type": error.type_name}
    outcome["seconds"] = time.monotonic() - started
    print(json.dumps(outcome), flush=True)
    """,
)

CASES["late-finally"] = host(
    """
    import gc, json, sys
    from littrs import LimitError, Sandbox
    sb = Sandbox()
    sb.limit(max_instructions=100_000)
    code = (
        "def g():\\n    try:\\n        yield 1\\n    finally:\\n        print('late')\\n"
        "it = g()\\nnext(it)\\nwhile True:\\n    pass"
    )
    try:
        sb.capture(code)
        outcome = {"kind": "value"}
    except LimitError as error:
        outcome = {"kind": "limit", "type": type(error).__name__, "extra": error.printed}
    sb.run("it = None")
    del sb
    gc.collect()
    outcome["after"] = 2
    print(json.dumps(outcome), flush=True)
    """,
)

CASES["punycode-file"] = host(
    """
    import json, tempfile, time
    from littrs import LimitError, Sandbox, SandboxError
    sb = Sandbox()
    sb.mount("out", tempfile.mkdtemp(), writable=True)
    sb.limit(max_duration=0.5)
    code = (
        "s = ''.join([chr(0x100 + i % 30000) for i in range(10**5)])\\n"
        "f = open('out/x.txt', 'w', encoding='punycode')\\nf.write(s)\\nf.close()"
    )
    started = time.monotonic()
    try:
        sb.run(code)
        outcome = {"kind": "value"}
    except LimitError as error:
        outcome = {"kind": "limit", "type": type(error).__name__}
    except SandboxError as error:
        outcome = {"kind": "sandbox", "type": error.type_name}
    outcome["seconds"] = time.monotonic() - started
    outcome["after"] = sb.run("1 + 1")
    print(json.dumps(outcome), flush=True)
    """,
    timeout=HANGS,
)

CASES["huge-source"] = host(
    """
    import json, time
    from littrs import LimitError, Sandbox, SandboxError
    sb = Sandbox()
    sb.limit(max_duration=1, max_memory=256 * 1024 * 1024)
    source = "x = 1\\n" * (10 * 1024 * 1024 // 6)
    started = time.monotonic()
    try:
        sb.run(source)
        outcome = {"kind": "value"}
    except (LimitError, SandboxError, ValueError) as error:
        outcome = {"kind": "refused", "type": type(error).__name__}
    except BaseException as error:
        outcome = {"kind": "host", "type": type(error).__name__}
    outcome["seconds"] = time.monotonic() - started
    print(json.dumps(outcome), flush=True)
    """,
    timeout=HANGS,
)

CASES["traceback-amplification"] = host(
    """
    import json
    from littrs import Sandbox, SandboxError
    sb = Sandbox()
    sb.limit(max_memory=16 * 1024 * 1024, max_instructions=1_000_000, max_recursion_depth=None)
    line = "x" * 100_000
    code = f"def f(n):\\n    return f(n + 1) if n < 10**9 else {line!r}\\nf(0)\\n"
    try:
        sb.run(code)
        outcome = {"kind": "value"}
    except BaseException as error:
        outcome = {"kind": "sandbox", "type": type(error).__name__,
                   "extra": len(getattr(error, "traceback", ""))}
    print(json.dumps(outcome), flush=True)
    """,
)

CASES["traceback-chain"] = host(
    """
    import json
    from littrs import Sandbox, SandboxError
    sb = Sandbox()
    sb.limit(max_memory=16 * 1024 * 1024, max_instructions=1_000_000)
    line = "x" * 100_000
    code = (
        "e = None\\nfor i in range(3000):\\n    try:\\n"
        f"        raise ValueError(i) if True else {line!r}\\n"
        "    except ValueError as x:\\n        x.__context__ = e\\n        e = x\\n"
        "raise RuntimeError() from e\\n"
    )
    try:
        sb.run(code)
        outcome = {"kind": "value"}
    except BaseException as error:
        outcome = {"kind": "sandbox", "type": type(error).__name__,
                   "extra": len(getattr(error, "traceback", ""))}
    print(json.dumps(outcome), flush=True)
    """,
)


# -- running the selected cases in parallel -------------------------------------------------

# Async code: tasks, gathers and sleeps meet the same limits as any code.
ASYNC = {
    "async-task-flood": "import asyncio\nasync def f():\n    return 1\n"
                        "async def main():\n    while True:\n        asyncio.create_task(f())\n"
                        "asyncio.run(main())",
    "async-gather-huge": "import asyncio\nawait asyncio.gather(*[asyncio.sleep(0) for _ in range(10**7)])",
    "async-spin": "import asyncio\nasync def spin():\n    while True:\n        await asyncio.sleep(0)\n"
                  "await asyncio.gather(spin(), spin())",
    "async-sleep-forever": "import asyncio\nawait asyncio.sleep(10**6)",
    "async-deep-await": "async def f(n):\n    return await f(n + 1)\nawait f(0)",
}
for _name, _code in ASYNC.items():
    CASES[_name] = attack(_code, max_duration=0.5)


@pytest.fixture(scope="module")
def outcomes(request: pytest.FixtureRequest) -> dict[str, concurrent.futures.Future]:
    """Start every selected case at once (a few at a time); a test waits for its own."""
    selected = []
    for item in request.session.items:
        if item.module is sys.modules[__name__] and hasattr(item, "callspec"):
            name = item.callspec.params.get("case")
            if name in CASES and name not in selected:
                selected.append(name)
    pool = concurrent.futures.ThreadPoolExecutor(WORKERS)

    def go(name: str) -> Outcome:
        case = CASES[name]
        return outcome_of(*run_host(case.source, case.timeout), case.timeout)

    selected.sort(key=lambda name: CASES[name].timeout != HANGS)  # the slowest first
    futures = {name: pool.submit(go, name) for name in selected}
    yield futures
    pool.shutdown(wait=True)


def result(outcomes: dict[str, concurrent.futures.Future], case: str) -> Outcome:
    if case not in outcomes:  # run on its own, outside the session's selection
        spec = CASES[case]
        return outcome_of(*run_host(spec.source, spec.timeout), spec.timeout)
    return outcomes[case].result()


def assert_limit(got: Outcome, *types: str, within: float) -> None:
    """A limit error of one of ``types`` ended the run within ``within`` seconds, and the
    sandbox is usable again."""
    assert got.kind == "limit" and (not types or got.type in types), str(got)
    assert got.seconds <= within, str(got)
    assert got.after == 2, str(got)


def _xfail(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=reason)


def _cases(names: list[str], marks: dict[str, pytest.MarkDecorator]) -> list[Any]:
    return [pytest.param(name, id=name, marks=marks.get(name, ())) for name in names]


MEMORY = "MemoryLimitError"
TIME = "TimeLimitError"

_MEMORY_MARKS = {
}

MEMORY_CASES = [
    "str-repeat", "list-repeat", "tuple-repeat", "bytes-repeat", "inplace-repeat", "pow",
    "inplace-pow", "shift", "percent-width", "percent-star-width", "fstring-width",
    "format-precision", "str-format-width", "ljust", "center", "zfill", "expandtabs", "replace",
    "range-list-huge", "range-list", "range-tuple", "range-set", "range-star", "range-extend",
    "range-fromkeys", "range-sorted", "bytes", "bytearray", "to-bytes", "join-growth", "doubling",
    "list-doubling", "self-copies", "small-appends", "dict-growth", "repr-of-shared", "str-of-dag",
    "host-infinite-iterator", "range-list-ints", "map-extend", "map-star", "zip-dict",
    "map-bytes", "map-set-update", "bin-huge", "translate", "dist-range", *RENDERED,
]


@pytest.mark.parametrize("case", _cases(MEMORY_CASES, _MEMORY_MARKS))
def test_memory_attacks_end_in_the_memory_limit(case: str, outcomes: dict) -> None:
    """A MemoryLimitError, and the host's peak memory stayed near max_memory meanwhile."""
    got = result(outcomes, case)
    # An endless iterator is drained by prelude code that pays per item: it may meet the
    # instruction or time limit before the memory limit.
    endless = case == "host-infinite-iterator"
    kinds = (MEMORY, "InstructionLimitError", TIME) if endless else (MEMORY,)
    assert_limit(got, *kinds, within=15.0 if endless else 5.0)
    limit = {"str-of-dag": 8 * 2**20, "bin-huge": 128 * 2**20, **dict.fromkeys(RENDERED, 8 * 2**20)}
    limit = limit.get(case, LIMITS["max_memory"])
    assert got.peak <= limit + 32 * 2**20, str(got)


def test_int_to_str_keeps_cpythons_digit_limit(outcomes: dict) -> None:
    got = result(outcomes, "str-bigint")
    assert (got.kind, got.type, got.after) == ("sandbox", "ValueError", 2), str(got)
    assert "4300" in got.message


_TIME_MARKS: dict[str, pytest.MarkDecorator] = {}
TIME_CASES = ["dag-equality", "dag-hash", "hash-collisions", "bigint-multiply", "bigint-divide",
              "modular-pow", "math-factorial", "math-isqrt", "bigint-divmod", "bigint-round",
              "round-power", "bigint-gcd", "sum-of-lists", *SHARED]


@pytest.mark.parametrize("case", _cases(TIME_CASES, _TIME_MARKS))
def test_slow_work_ends_in_the_time_limit(case: str, outcomes: dict) -> None:
    """max_duration is 0.5 s: the run must stop within the margin of it.

    Work the host would do in one instruction is charged as instructions before it
    starts, so the instruction budget may be what stops it, sooner still.
    """
    assert_limit(result(outcomes, case), TIME, MEMORY, "InstructionLimitError",
                 within=0.5 + MARGIN)


@pytest.mark.parametrize("case", [
    "punycode",
    "punycode-file",
])
def test_slow_codecs_are_refused_or_limited(case: str, outcomes: dict) -> None:
    got = result(outcomes, case)
    refused = (got.kind, got.type) == ("sandbox", "LookupError")
    assert refused or (got.kind == "limit" and got.seconds <= 0.5 + MARGIN), str(got)
    assert got.after == 2, str(got)


def test_while_true_ends_at_max_duration(outcomes: dict) -> None:
    got = result(outcomes, "while-true-duration")
    assert_limit(got, TIME, within=1.0 + 0.25)
    assert got.seconds >= 1.0, str(got)


@pytest.mark.parametrize("case", ["while-true-instructions", "generator-steps-are-paid",
                                  "generator-steps-in", "generator-steps-unpack"])
def test_instruction_limit(case: str, outcomes: dict) -> None:
    assert_limit(result(outcomes, case), "InstructionLimitError", within=5.0)


@pytest.mark.parametrize("case", [
    "host-loop-sum", "host-loop-all", "host-loop-max", "host-loop-in", "host-loop-fsum",
    *(f"host-loop-{name}" for name in HOST_LOOPS),
])
def test_host_side_loops_are_paid(case: str, outcomes: dict) -> None:
    assert_limit(result(outcomes, case), "InstructionLimitError", within=2.0)


def test_nested_class_tuples_are_looked_through_once(outcomes: dict) -> None:
    got = result(outcomes, "isinstance-dag")
    assert (got.kind, got.type, got.after) == ("value", "bool", 2), str(got)
    assert got.seconds <= 0.5, str(got)


def test_an_exception_too_long_to_show_still_makes_a_traceback(outcomes: dict) -> None:
    got = result(outcomes, "raise-dag")
    assert (got.kind, got.type, got.after) == ("sandbox", "ValueError", 2), str(got)
    assert got.seconds <= 0.5 + MARGIN and got.extra < 1000, str(got)


def test_endless_host_loop_ends_at_max_duration(outcomes: dict) -> None:
    assert_limit(result(outcomes, "host-loop-forever"), TIME, within=0.5 + MARGIN)


@pytest.mark.parametrize("case", ["recursion", "recursion-retry", "recursion-finally"])
def test_recursion_limit(case: str, outcomes: dict) -> None:
    assert_limit(result(outcomes, case), "RecursionLimitError", within=2.0)


def test_recursion_without_a_limit_is_cpythons_catchable_error(outcomes: dict) -> None:
    got = result(outcomes, "recursion-default")
    assert (got.kind, got.type, got.after) == ("sandbox", "RecursionError", 2), str(got)


def test_recursion_through_host_iteration_is_a_clean_error(outcomes: dict) -> None:
    got = result(outcomes, "recursion-through-host")
    assert got.kind in ("limit", "sandbox") and got.after == 2, str(got)
    assert got.type in ("RecursionLimitError", "RecursionError"), str(got)


@pytest.mark.parametrize("case", ["print-loop", "print-huge", "print-sep"])
def test_output_limit(case: str, outcomes: dict) -> None:
    got = result(outcomes, case)
    assert_limit(got, "OutputLimitError", within=2.0)
    assert sum(len(line) for line in got.extra) <= 10_000


@pytest.mark.parametrize("case", ["deep-print", "deep-repr", "deep-str", "deep-eq", "deep-dict-print"])
def test_deep_nesting_is_cpythons_recursion_error(case: str, outcomes: dict) -> None:
    got = result(outcomes, case)
    assert (got.kind, got.type, got.after) == ("sandbox", "RecursionError", 2), str(got)


def test_deep_self_comparison_is_answered_by_identity(outcomes: dict) -> None:
    got = result(outcomes, "deep-eq-self")
    assert (got.kind, got.type, got.after) == ("value", "bool", 2), str(got)


@pytest.mark.parametrize("case", ["deep-tuple-hash", "deep-tuple-set", "deep-filter", "deep-map"])
def test_deep_host_recursion_does_not_kill_the_host(case: str, outcomes: dict) -> None:
    got = result(outcomes, case)
    assert got.kind in ("limit", "sandbox") and got.after == 2, str(got)


@pytest.mark.parametrize("case", [f"uncatchable-{name}-{limit}" for name in UNCATCHABLE
                                  for limit in ("max_instructions", "max_duration")])
def test_limit_errors_cannot_be_caught(case: str, outcomes: dict) -> None:
    expected = "InstructionLimitError" if case.endswith("max_instructions") else TIME
    got = result(outcomes, case)
    assert_limit(got, expected, within=0.5 + MARGIN)
    assert "cleanup" not in (got.extra or [])  # a finally block did not run on the way out


def test_keyboard_interrupt_reaches_the_host(outcomes: dict) -> None:
    got = result(outcomes, "keyboard-interrupt")
    assert (got.kind, got.type) == ("host", "KeyboardInterrupt"), str(got)
    assert got.seconds < 2.0, str(got)


def test_generator_finally_never_runs_after_a_limit(outcomes: dict) -> None:
    got = result(outcomes, "late-finally")
    assert (got.kind, got.type, got.after) == ("limit", "InstructionLimitError", 2), str(got)
    assert got.extra == []
    assert got.returncode == 0


def test_huge_source_ends_quickly(outcomes: dict) -> None:
    """10 MB of source: refused (a limit, a SandboxError or the host's ValueError), quickly."""
    got = result(outcomes, "huge-source")
    assert got.kind == "refused" and got.seconds <= 1.0 + MARGIN, str(got)


@pytest.mark.parametrize("case", [
    "traceback-amplification",
    "traceback-chain",
])
def test_traceback_size_is_bounded(case: str, outcomes: dict) -> None:
    got = result(outcomes, case)
    assert got.kind == "sandbox" and got.returncode == 0, str(got)
    assert got.extra <= 16 * 1024 * 1024, str(got)


def test_run_host_reports_exit_codes() -> None:
    """The helper itself: a crash, a hang and a clean exit are told apart."""
    assert run_host("print('hi')", timeout=20) == (0, "hi\n")
    code, _ = run_host("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)", timeout=20)
    assert code == -11
    assert run_host("import time\ntime.sleep(30)", timeout=1)[0] is None
    assert run_host("x = bytearray(1 << 31)", timeout=20)[0] == 1  # the address-space cap holds


@pytest.mark.parametrize("case", sorted(ASYNC))
def test_async_code_ends_in_a_limit(case: str, outcomes: dict) -> None:
    """A task flood, a gather of ten million, two spinning tasks, a long sleep, endless
    awaits: each ends at a limit (the deep one at the recursion limit), the host intact."""
    got = result(outcomes, case)
    if case == "async-deep-await":
        assert_limit(got, "RecursionLimitError", within=0.5 + MARGIN)
    else:
        assert_limit(got, MEMORY, TIME, "InstructionLimitError", within=0.5 + MARGIN)
        assert got.peak <= LIMITS["max_memory"] + 32 * 2**20, str(got)
