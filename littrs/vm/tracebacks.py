"""CPython-style tracebacks of sandbox code, for the host and for the model.

The machine records ``(code, pc)`` entries on an exception as it unwinds
(innermost first); this module turns them into the text CPython would print,
chained exceptions and "Did you mean" suggestions included. Frames of the
prelude (builtins written in sandbox Python) are left out, as CPython leaves
out its C builtins.
"""

from __future__ import annotations

from typing import Any

from . import exception_data

CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def exception_line(exc: BaseException) -> str:
    """The last line: ``ValueError: message``, with a suggestion when there is one."""
    kind = type(exc)
    name = kind.__qualname__
    if kind.__module__ not in ("builtins", "__main__"):
        name = f"{kind.__module__}.{name}"
    message = exception_message(exc)
    if message is None:
        message = "<exception str() failed>"
    line = f"{name}: {message}" if message else name
    suggestion = exception_data.suggestion(exc)
    if suggestion is not None:
        line += f". Did you mean: '{suggestion}'?"
    for note in getattr(exc, "__dict__", {}).get("__notes__", ()):
        line += f"\n{note}"
    return line


def exception_message(exc: BaseException) -> str | None:
    """``str(exc)``; None if it fails, or would be longer than a traceback may be (an
    exception holding a structure shared along many paths renders without end)."""
    from .operations import render_width

    try:
        if render_width(exc) > MAX_LINES_SIZE:
            return None
        return str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ must not break the report
        return None


_RECURSIVE_CUTOFF = 3  # CPython prints a frame repeated more than this only once more
MAX_LINES_SIZE = 1_000_000


def frame_lines(exc: BaseException, budget: int = MAX_LINES_SIZE) -> list[str]:
    """The ``File ...`` lines, with CPython's "[Previous line repeated N more times]";
    past ``budget`` characters, the outermost frames are dropped."""
    lines: list[str] = []
    last: tuple[int, str] | None = None
    count = 0
    for code, pc in reversed(exception_data.recorded_traceback(exc)):
        if code.kind == "prelude":
            continue
        lineno = code.line_of(pc)
        if (lineno, code.name) != last:
            _repeated(lines, count)
            last = (lineno, code.name)
            count = 0
        count += 1
        if count > _RECURSIVE_CUTOFF:
            continue
        lines.append(f'  File "<sandbox>", line {lineno}, in {code.name}\n')
        if 0 < lineno <= len(code.source_lines):
            source = code.source_lines[lineno - 1].strip()
            if source:
                lines.append(f"    {source}\n")
    _repeated(lines, count)
    size = sum(map(len, lines))
    if size > budget:
        kept: list[str] = []
        for line in reversed(lines):  # the innermost frames tell most
            budget -= len(line)
            if budget < 0:
                break
            kept.append(line)
        lines = ["  [outer frames omitted]\n", *reversed(kept)]
    return lines


def _repeated(lines: list[str], count: int) -> None:
    if count > _RECURSIVE_CUTOFF:
        more = count - _RECURSIVE_CUTOFF
        lines.append(f"  [Previous line repeated {more} more time{'s' if more > 1 else ''}]\n")


# The most traceback text a run produces. CPython has no such bound, but sandbox code
# can chain thousands of exceptions through a long line; the newest part is kept.
MAX_TRACEBACK = 1_000_000


def format_exception(exc: BaseException) -> str:
    """The traceback text, chain included, as CPython prints it (the newest part of it
    when it would be longer than :data:`MAX_TRACEBACK` characters)."""
    chain: list[tuple[BaseException, str]] = []
    seen: set[int] = set()
    current: Any = exc
    link = ""
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append((current, link))
        if current.__cause__ is not None:
            current, link = current.__cause__, CAUSE
        elif current.__context__ is not None and not current.__suppress_context__:
            current, link = current.__context__, CONTEXT
        else:
            current = None
    blocks: list[str] = []  # newest first, while they fit
    size = 0
    omitted = False
    for item, link in chain:
        block = "".join(frame_lines(item, MAX_TRACEBACK - size))
        if block:
            block = "Traceback (most recent call last):\n" + block
        block += exception_line(item) + "\n" + link
        size += len(block)
        if size > MAX_TRACEBACK and blocks:
            omitted = True
            break
        blocks.append(block)
    text = "".join(reversed(blocks))
    if omitted:
        text = "[earlier exceptions of the chain omitted]\n\n" + text
    return text
