"""The benchmark workloads and their targets, as plain data.

Each source ends with a bare ``result`` expression so the runner can check that
CPython and littrs computed the same value before trusting the timings.
"""

from __future__ import annotations

from dataclasses import dataclass


def add(a: int, b: int) -> int:
    """The one host tool the workloads call (a plain function under CPython)."""
    return a + b


@dataclass(frozen=True)
class Workload:
    """One benchmark: the source both engines run and the target littrs must meet.

    ``kind`` says how the target reads: ``"ratio"`` (littrs/CPython at most ``target``),
    ``"cold"`` (littrs median at most ``target`` µs, sandbox creation included) or
    ``"per_call"`` (littrs µs per call at most ``target``, dividing by ``calls``).
    ``samples_scale`` multiplies the repetitions for runs too short to time once.
    """

    name: str
    source: str
    kind: str
    target: float
    calls: int = 1
    uses_tool: bool = False
    samples_scale: int = 1


FIB = """\
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

result = fib(22)
result
"""

LOOP = """\
total = 0
for i in range(300000):
    total += i * i
result = total
result
"""

STRINGS = """\
words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
parts = []
for i in range(20000):
    parts.append(words[i % 8] + str(i % 97))
text = " ".join(parts)
tokens = text.split()
joined = ",".join(tokens)
upper = joined.upper()
result = [len(tokens), upper.count("ALPHA"), len(upper.split(","))]
result
"""

COMPREHENSIONS = """\
squares = [i * i for i in range(50000)]
evens = [x for x in squares if x % 2 == 0]
index = {i: i % 7 for i in range(50000)}
buckets = {k: v for k, v in index.items() if v == 3}
result = [len(squares), len(evens), len(buckets), sum(evens) % 1000003]
result
"""

SORT_DICTS = """\
rows = [{"id": i, "score": (i * 7919) % 10007, "name": "n" + str(i % 113)} for i in range(20000)]
by_score = sorted(rows, key=lambda d: d["score"])
by_name = sorted(rows, key=lambda d: (d["name"], -d["id"]))
result = [by_score[0]["id"], by_score[-1]["id"], by_name[0]["id"], by_name[-1]["id"]]
result
"""

OBJECTS = """\
class Item:
    def __init__(self, key, weight):
        self.key = key
        self.weight = weight

    @property
    def score(self):
        return self.key * 3 + self.weight

    def bump(self, amount):
        self.weight += amount
        return self.weight

    def __eq__(self, other):
        return self.key == other.key and self.weight == other.weight

    def __hash__(self):
        return hash((self.key, self.weight))

    def __lt__(self, other):
        return self.key < other.key or (self.key == other.key and self.weight < other.weight)

items = [Item((i * 7919) % 10007, i % 7) for i in range(20000)]
ordered = sorted(items)
index = {item: item.score for item in items}
unique = set(items)
total = 0
for item in items:
    total += item.bump(1) + item.score
result = [ordered[0].key, ordered[-1].key, len(index), len(unique), total]
result
"""

COLD_START = """\
result = add(1, 2)
result
"""

TOOL_CALLS = """\
total = 0
for i in range(5000):
    total += add(i, 1)
result = total
result
"""

WORKLOADS: list[Workload] = [
    Workload("fib", FIB, "ratio", 25),
    Workload("loop", LOOP, "ratio", 25),
    Workload("strings", STRINGS, "ratio", 25),
    Workload("comprehensions", COMPREHENSIONS, "ratio", 25),
    Workload("sort_dicts", SORT_DICTS, "ratio", 25),
    Workload("objects", OBJECTS, "ratio", 25),
    Workload("cold_start", COLD_START, "cold", 150, uses_tool=True, samples_scale=40),
    Workload("tool_calls", TOOL_CALLS, "per_call", 5, calls=5000, uses_tool=True),
]
