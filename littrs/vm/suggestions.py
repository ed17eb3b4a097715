"""The "Did you mean" hints of CPython 3.11 tracebacks, ported from Python/suggestions.c.

Models fix their code from these hints, so they must be CPython's exactly: the
distance works on the UTF-8 bytes, the limits and the tie-breaking (first best
candidate wins) are the C ones. (3.11's traceback.py prints no hint at all; the hint
comes from the C code behind the default excepthook.)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

MAX_CANDIDATE_ITEMS = 750
MAX_STRING_SIZE = 40
MOVE_COST = 2
CASE_COST = 1


def _substitution_cost(a: int, b: int) -> int:
    """Cost of replacing byte a by byte b: a case flip of an ASCII letter is cheap."""
    if a & 31 != b & 31:
        return MOVE_COST
    if a == b:
        return 0
    if 65 <= a <= 90:
        a += 32
    if 65 <= b <= 90:
        b += 32
    return CASE_COST if a == b else MOVE_COST


def _distance(a: bytes, b: bytes, max_cost: int) -> int:
    """Levenshtein distance, or any value above max_cost once it is sure to exceed it."""
    start = 0
    limit = min(len(a), len(b))
    while start < limit and a[start] == b[start]:
        start += 1
    a_end, b_end = len(a), len(b)
    while a_end > start and b_end > start and a[a_end - 1] == b[b_end - 1]:
        a_end -= 1
        b_end -= 1
    a, b = a[start:a_end], b[start:b_end]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    row = list(range(MOVE_COST, (len(a) + 1) * MOVE_COST, MOVE_COST))
    result = 0
    for b_index, code in enumerate(b):
        distance = result = b_index * MOVE_COST
        for index, other in enumerate(a):
            substitute = distance + _substitution_cost(code, other)
            distance = row[index]
            result = min(min(result, distance) + MOVE_COST, substitute)
            row[index] = result
        if min(row) > max_cost:
            return max_cost + 1
    return result


def _is_same_name(name: str, item: bytes) -> bool:
    """C's PyUnicode_CompareWithASCIIString(name, item_utf8) == 0: the bytes up to a NUL,
    read as Latin-1, equal the name. Only such a candidate is skipped."""
    return name == item.split(b"\0", 1)[0].decode("latin-1")


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate CPython would offer for `name`, or None.

    As in C, any candidate that is not a str or not encodable spoils the whole list.
    """
    items = list(islice(candidates, MAX_CANDIDATE_ITEMS))
    if len(items) >= MAX_CANDIDATE_ITEMS:
        return None
    try:
        wanted = name.encode("utf-8")
    except UnicodeEncodeError:
        return None
    best: str | None = None
    best_distance = None
    for item in items:
        if not isinstance(item, str):
            return None
        try:
            encoded = item.encode("utf-8")
        except UnicodeEncodeError:
            return None
        if _is_same_name(name, encoded):
            continue
        max_distance = (len(wanted) + len(encoded) + 3) * MOVE_COST // 6
        if best_distance is not None:
            max_distance = min(max_distance, best_distance - 1)
        current = _distance(wanted, encoded, max_distance)
        if current > max_distance:
            continue
        if best is None or current < best_distance:
            best, best_distance = item, current
    return best


def suggest_name(name: str, *scopes: Iterable[str]) -> str | None:
    """A NameError's hint: the first scope (locals, globals, builtins) that offers one.

    CPython's locals here are the code's co_varnames (arguments, then locals; no free
    variables), and each scope has its own MAX_CANDIDATE_ITEMS limit.
    """
    for scope in scopes:
        found = suggest(name, scope)
        if found is not None:
            return found
    return None
