"""What the VM keeps about an exception besides what CPython does: the frames it unwound
through (for the traceback) and a "Did you mean" suggestion.

An instance of a sandbox exception class keeps it beside itself (weakly keyed by the
instance): the sandbox reads and writes such an instance's ``__dict__``, and must find
there only what CPython would put there. An instance of a builtin exception type, whose
``__dict__`` the sandbox never sees, cannot be weakly referenced: it keeps it in its
``__dict__``.
"""

from __future__ import annotations

import weakref
from typing import Any


class _Data:
    __slots__ = ("ref", "traceback", "suggestion")

    def __init__(self, ref: weakref.ref | None) -> None:
        self.ref = ref
        self.traceback: list[tuple[Any, int]] = []
        self.suggestion: str | None = None


_DATA: dict[int, _Data] = {}


def _forget(key: int) -> Any:
    def callback(_: weakref.ref) -> None:
        _DATA.pop(key, None)

    return callback


KEY = "_littrs"  # in a builtin exception's __dict__: not the sandbox's state


def _data(exc: BaseException, create: bool) -> _Data | None:
    if not type(exc).__weakrefoffset__:
        data = exc.__dict__.get(KEY)
        if data is None and create:
            data = exc.__dict__[KEY] = _Data(None)  # type: ignore[arg-type]
        return data
    key = id(exc)
    data = _DATA.get(key)
    if data is not None and data.ref() is exc:
        return data
    if not create:
        return None
    data = _DATA[key] = _Data(weakref.ref(exc, _forget(key)))
    return data


def traceback_entries(exc: BaseException) -> list[tuple[Any, int]]:
    """The (code, pc) entries the exception unwound through, innermost first (a live list)."""
    return _data(exc, create=True).traceback  # type: ignore[union-attr]


def recorded_traceback(exc: BaseException) -> list[tuple[Any, int]]:
    """The entries, without recording anything for an exception that has none."""
    data = _data(exc, create=False)
    return data.traceback if data is not None else []


def set_traceback(exc: BaseException, entries: list[tuple[Any, int]]) -> None:
    _data(exc, create=True).traceback = list(entries)  # type: ignore[union-attr]


def suggestion(exc: BaseException) -> str | None:
    data = _data(exc, create=False)
    return data.suggestion if data is not None else None


def set_suggestion(exc: BaseException, name: str) -> None:
    _data(exc, create=True).suggestion = name  # type: ignore[union-attr]
