"""Mismatches the fuzzer found in littrs and that are not fixed yet.

Each entry names the construct, a minimal program, and a predicate that
recognises the mismatch in a fuzzed outcome. tests/test_fuzz.py pins every
example as a strict xfail (it starts failing when littrs is fixed: then delete
the entry) and lets the CI campaign skip outcomes matching a known predicate,
so only new mismatches fail CI.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .oracle import Outcome


@dataclass(frozen=True)
class Known:
    """A known littrs-vs-CPython mismatch.

    ``source`` reproduces it (pinned as a strict xfail); a mismatch that only some
    process states show has none, and ``sample`` gives a pair of outcomes
    (CPython's, littrs's) the predicate must recognise instead.
    """

    name: str
    source: str | None
    matches: Callable[[Outcome, Outcome], bool]
    sample: tuple[Outcome, Outcome] | None = None


def _messages(cpython: str, littrs: str) -> Callable[[Outcome, Outcome], bool]:
    """Match when CPython's message fits ``cpython`` and littrs's fits ``littrs`` (regexes)."""

    def matches(expected: Outcome, got: Outcome) -> bool:
        return bool(expected.exc_message and got.exc_message
                    and re.fullmatch(cpython, expected.exc_message)
                    and re.fullmatch(littrs, got.exc_message))

    return matches


def _bool_or_int_method(expected: Outcome, got: Outcome) -> bool:
    """The same message, but one names an int method of a bool ``bool.m()``, the other ``int.m()``.

    Not littrs's doing: the host CPython itself switches. ``int.as_integer_ratio(True,
    key=1)`` says ``int.as_integer_ratio() takes no keyword arguments`` in a fresh
    process and, after some hours' worth of other calls in the same process,
    ``bool.as_integer_ratio() ...`` (seen in a campaign with the host's own call,
    no sandbox involved). littrs calls the same descriptor the same way.
    """
    if not (expected.exc_message and got.exc_message) or expected.exc_type != got.exc_type:
        return False
    swap = {"bool.": "int.", "int.": "bool."}
    return any(expected.exc_message.replace(old, new, 1) == got.exc_message
               for old, new in swap.items())


KNOWN: list[Known] = [
    Known("CPython names an int method of a bool bool.m() or int.m(), depending on process state",
          None, _bool_or_int_method,
          (Outcome(None, [], "TypeError", "int.as_integer_ratio() takes no keyword arguments"),
           Outcome(None, [], "TypeError", "bool.as_integer_ratio() takes no keyword arguments"))),
]


def known_mismatch(expected: Outcome, got: Outcome) -> Known | None:
    """The known entry explaining this mismatch, if any."""
    for known in KNOWN:
        if known.matches(expected, got):
            return known
    return None


# Pause/resume: a straight run and a paused run end differently.
PAUSE_KNOWN: list[tuple[str, str]] = []
