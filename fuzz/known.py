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
from typing import Any

from .oracle import Outcome


@dataclass(frozen=True)
class Known:
    """A known littrs-vs-CPython mismatch."""

    name: str
    source: str
    matches: Callable[[Outcome, Outcome], bool]


def _parting_at(missing: str) -> Callable[[Outcome, Outcome], bool]:
    """Known when the two runs part at an AttributeError of littrs's matching ``missing``
    (a regex), where CPython had the attribute: the first printed line that differs is
    one (a program prints what it catches), or littrs printed what CPython did up to
    there and then raised one. What follows may differ in any way, as the program went
    on differently."""
    pattern = rf"(AttributeError )?{missing}"

    def about_it(text: str | None) -> bool:
        return bool(text and re.fullmatch(pattern, text))

    def matches(expected: Outcome, got: Outcome) -> bool:
        for left, right in zip(expected.printed, got.printed):
            if left != right:
                return about_it(right)
        if len(got.printed) > len(expected.printed):
            return about_it(got.printed[len(expected.printed)])
        return (got.exc_type == "AttributeError" and about_it(got.exc_message)
                and expected.exc_message != got.exc_message)

    return matches


KNOWN: list[Known] = [
    Known("the properties of typing's IO classes (typing.IO.name, a property object): "
          "not in the sandbox",
          "import typing\nprint(typing.TextIO.name is not None)",
          _parting_at(r"type object '(IO|TextIO|BinaryIO)' has no attribute '\w+'")),
    Known("what typing's aliases read from a collections.abc class (typing.Sequence.count, "
          "a host function): not in the sandbox",
          "import typing\nprint(typing.Sequence.count is not None)",
          _parting_at(r"'\w+' of collections\.abc\.\w+ is not available in the sandbox")),
    Known("typing forms refuse attribute assignment and deletion where CPython would change "
          "its own (process-wide) typing objects: they are shared in the sandbox",
          "import typing\nT = typing.TypeVar('T')\nT.attr = 1\nprint(T.attr)",
          _parting_at(r"cannot (set|delete) '\w+' of a typing object: they are shared in the "
                      r"sandbox")),
]


def known_mismatch(expected: Outcome, got: Outcome) -> Known | None:
    """The known entry explaining this mismatch, if any."""
    return next((known for known in KNOWN if known.matches(expected, got)), None)


# Pause/resume: a straight run and a paused run end differently.

@dataclass(frozen=True)
class KnownPause:
    """A known difference between a straight run and the same run paused at every call."""

    name: str
    source: str
    matches: Callable[[Any, Any], bool]  # (straight ending, paused ending)


_DISPLAY_TOKENS = re.compile(r"([{}\[\]() ,:])")


def _set_order_only(straight: Any, paused: Any) -> bool:
    """The endings differ only where a line shows a set, and only in the order of tokens."""
    if straight == paused:
        return True
    if type(straight) is not type(paused):
        return False
    if isinstance(straight, (list, tuple)):
        return len(straight) == len(paused) and all(
            _set_order_only(left, right) for left, right in zip(straight, paused))
    if isinstance(straight, str):
        return "{" in straight and (sorted(_DISPLAY_TOKENS.split(straight))
                                    == sorted(_DISPLAY_TOKENS.split(paused)))
    return False


PAUSE_KNOWN: list[KnownPause] = [
    KnownPause("a set whose items collide in its hash table may iterate in another order "
               "after a snapshot: loading rebuilds it from its items, not its table",
               "print(t({-3, 5} | {0}))", _set_order_only),
]


def known_pause_mismatch(straight: Any, paused: Any) -> KnownPause | None:
    """The known entry explaining this pause/resume difference, if any."""
    return next((known for known in PAUSE_KNOWN if known.matches(straight, paused)), None)
