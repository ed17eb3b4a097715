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


def _messages(cpython: str, littrs: str) -> Callable[[Outcome, Outcome], bool]:
    """Match when CPython's message fits ``cpython`` and littrs's fits ``littrs`` (regexes)."""

    def matches(expected: Outcome, got: Outcome) -> bool:
        return bool(expected.exc_message and got.exc_message
                    and re.fullmatch(cpython, expected.exc_message)
                    and re.fullmatch(littrs, got.exc_message))

    return matches


_FORM_TYPES = ("TypeVar|ParamSpec|TypeVarTuple|ForwardRef|type|_ProtocolMeta|_SpecialForm|"
               "_LiteralSpecialForm|_AnyMeta|types\\.UnionType|_SpecialGenericAlias|_CallableType|"
               "_TupleType|_GenericAlias|_UnionGenericAlias|_LiteralGenericAlias|"
               "_UnpackGenericAlias|_ConcatenateGenericAlias|_CallableGenericAlias|_AnnotatedAlias")


def _typing_attribute(expected: Outcome, got: Outcome) -> bool:
    """littrs's typing forms have no attributes; CPython's have ``__name__``, ``__args__``, ...

    Known when the two runs part at such an AttributeError of littrs's: the first
    printed line that differs is one (a program prints what it catches), or littrs
    printed what CPython did up to there and then raised one. What follows it
    may differ in any way, as the program went on differently.
    """
    missing = rf"(AttributeError )?'({_FORM_TYPES})' object has no attribute '\w+'"

    def about_a_form(text: str | None) -> bool:
        return bool(text and re.fullmatch(missing, text))

    for left, right in zip(expected.printed, got.printed):
        if left != right:
            return about_a_form(right)
    if len(got.printed) > len(expected.printed):
        return about_a_form(got.printed[len(expected.printed)])
    return (got.exc_type == "AttributeError" and about_a_form(got.exc_message)
            and expected.exc_message != got.exc_message)


KNOWN: list[Known] = [
    Known("typing forms have no attributes (T.__name__, List[int].__args__): not implemented",
          "import typing\ntyping.TypeVar('T').__name__", _typing_attribute),
]


def known_mismatch(expected: Outcome, got: Outcome) -> Known | None:
    """The known entry explaining this mismatch, if any."""
    for known in KNOWN:
        if known.matches(expected, got):
            return known
    return None


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
    for known in PAUSE_KNOWN:
        if known.matches(straight, paused):
            return known
    return None
