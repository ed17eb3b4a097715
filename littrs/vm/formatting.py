"""format(), str.format and % for the sandbox, with sizes checked before the host allocates.

The host does the formatting: sandbox values are host values of the builtin types, so
the result and every error message are CPython's. What this module adds is a look at
widths and precisions first (`format('x', '>1000000000')` is one instruction asking
for a gigabyte), and, for str.format, field lookups through the VM's own attribute
and item rules instead of the host's.

When `check_width` refuses the size of one formatting (one spec, or a whole %
template), it is redone with every width and precision made small: if CPython would
have raised anyway (a bad spec, a wrong type), that error wins over the limit.
"""

from __future__ import annotations

import sys
from _string import formatter_field_name_split, formatter_parser
from collections.abc import Callable, Mapping

from .operations import check_render

CheckWidth = Callable[[int], None]

_SSIZE_MAX = sys.maxsize
_INT_MAX = 2**31 - 1
_HAS_Z = sys.version_info >= (3, 11)  # the "z" option of format specs (PEP 682)


def _decimal(text: str, start: int, limit: int) -> tuple[int, int] | None:
    """Read Unicode decimal digits from text[start:] as CPython's get_integer does.

    Returns (end, value), or None when the value overflows `limit` (CPython raises).
    """
    end = start
    while end < len(text) and text[end].isdecimal():
        end += 1
    digits = text[start:end]
    if len(digits) <= 18:
        return end, int(digits or "0")
    value = 0
    for digit in digits:
        value = value * 10 + int(digit)
        if value > limit:
            return None
    return end, value


def _spec_fields(spec: str) -> tuple[slice | None, int, slice | None, int] | None:
    """Where the width and precision of a format spec are, and their values.

    Follows parse_internal_render_format_spec; None for a spec CPython rejects while
    parsing with an error that depends on these numbers or quotes the spec.
    """
    pos, end = 0, len(spec)
    fill = end >= 2 and spec[1] in "<>=^"
    if fill:
        pos = 2
    elif end >= 1 and spec[0] in "<>=^":
        pos = 1
    if pos < end and spec[pos] in "+- ":
        pos += 1
    if _HAS_Z and pos < end and spec[pos] == "z":
        pos += 1
    if pos < end and spec[pos] == "#":
        pos += 1
    if not fill and pos < end and spec[pos] == "0":
        pos += 1
    parsed = _decimal(spec, pos, _SSIZE_MAX)
    if parsed is None:
        return None
    width_end, width = parsed
    width_at = slice(pos, width_end) if width_end > pos else None
    pos = width_end
    if pos < end and spec[pos] in ",_":
        pos += 1
    precision, precision_at = 0, None
    if pos < end and spec[pos] == ".":
        parsed = _decimal(spec, pos + 1, _SSIZE_MAX)
        if parsed is None or parsed[0] == pos + 1:
            return None
        precision_at = slice(pos + 1, parsed[0])
        pos, precision = parsed
    if end - pos > 1:
        return None
    return width_at, width, precision_at, precision


def _splice(text: str, edits: list[tuple[slice, str]]) -> str:
    """text with each (span, replacement) applied; spans are in order and disjoint."""
    pieces, pos = [], 0
    for span, replacement in edits:
        pieces += [text[pos : span.start], replacement]
        pos = span.stop
    pieces.append(text[pos:])
    return "".join(pieces)


def format_value(value: object, spec: str, check_width: CheckWidth) -> str:
    """`format(value, spec)`, after asking check_width for the size width and precision
    can make the result (the rest is bounded by the value itself)."""
    if spec and isinstance(value, (str, int, float, complex)):
        fields = _spec_fields(spec)
        if fields is not None:
            width_at, width, precision_at, precision = fields
            if isinstance(value, str):
                size = width  # a precision only truncates a str
            elif precision > _INT_MAX:
                size = 0  # CPython refuses such a precision for numbers
            else:
                size = max(width, precision * 2 if isinstance(value, complex) else precision)
            if size:
                try:
                    check_width(size)
                except BaseException:
                    edits = [
                        (at, small)
                        for at, small in ((width_at, "1"), (precision_at, "0"))
                        if at is not None
                    ]
                    format(value, _splice(spec, edits))  # CPython's own error comes first
                    raise
    if not spec:
        check_render(value)  # format(x, "") is str(x)
    return format(value, spec)


def _convert(value: object, conversion: str) -> str:
    """The `!r`, `!s` and `!a` of a replacement field."""
    if conversion in ("r", "s", "a"):
        check_render(value)
    if conversion == "r":
        return repr(value)
    if conversion == "s":
        return str(value)
    if conversion == "a":
        return ascii(value)
    code = ord(conversion)
    shown = conversion if 32 < code < 127 else f"\\x{code:x}"
    raise ValueError(f"Unknown conversion specifier {shown}")


class _Formatter:
    """One str.format call: CPython's build_string, whose numbering state spans the
    template and the specs nested in it."""

    def __init__(
        self,
        args: tuple | None,
        kwargs: Mapping,
        get_attr: Callable[[object, str], object],
        get_item: Callable[[object, object], object],
        check_width: CheckWidth,
    ):
        self.args = args
        self.kwargs = kwargs
        self.get_attr = get_attr
        self.get_item = get_item
        self.check_width = check_width
        self.auto: bool | None = None  # None until the first numeric field decides
        self.next_index = 0

    def build(self, template: str, depth: int) -> str:
        if depth <= 0:
            raise ValueError("Max string recursion exceeded")
        pieces: list[str] = []
        size = 0
        for literal, field_name, spec, conversion in formatter_parser(template):
            pieces.append(literal)
            size += len(literal)
            if field_name is None:
                continue
            value = self.field(field_name)
            if conversion is not None:
                value = _convert(value, conversion)
            if "{" in spec:
                spec = self.build(spec, depth - 1)
            piece = format_value(value, spec, lambda n, done=size: self.check_width(done + n))
            pieces.append(piece)
            size += len(piece)
            self.check_width(size)
        return "".join(pieces)

    def field(self, field_name: str) -> object:
        """Resolve `name`, `0`, `` (automatic), then `.attr` and `[key]` parts."""
        first, rest = formatter_field_name_split(field_name)
        if first == "" or isinstance(first, int):
            auto = first == ""
            if self.auto is None:
                self.auto = auto
            if self.auto and not auto:
                raise ValueError(
                    "cannot switch from automatic field numbering to manual field specification"
                )
            if auto and not self.auto:
                raise ValueError(
                    "cannot switch from manual field specification to automatic field numbering"
                )
            if auto:
                first = self.next_index
                self.next_index += 1
        if isinstance(first, str):
            value = self.get_item(self.kwargs, first)
        elif self.args is None:
            raise ValueError("Format string contains positional fields")
        elif first < len(self.args):
            value = self.args[first]
        else:
            raise IndexError(f"Replacement index {first} out of range for positional args tuple")
        for is_attribute, key in rest:
            value = self.get_attr(value, key) if is_attribute else self.get_item(value, key)
        return value


def str_format(
    template: str,
    args: tuple | None,
    kwargs: Mapping,
    get_attr: Callable[[object, str], object],
    get_item: Callable[[object, object], object],
    check_width: CheckWidth,
) -> str:
    """`template.format(*args, **kwargs)`; `template.format_map(kwargs)` with args=None.

    Names are looked up with get_item(kwargs, name), `.attr` with get_attr, `[key]`
    with get_item (digit keys as ints). check_width sees the size the result can reach
    before each field is padded and after each field is added, so a limit met in one
    field hides an error CPython would only raise in a later one.
    """
    return _Formatter(args, kwargs, get_attr, get_item, check_width).build(template, 2)


_NUMERIC = frozenset("diuoxXeEfFgG")
_STR_CONVERSIONS = frozenset("sraidouxXeEfFgGc")
_BYTES_CONVERSIONS = frozenset("sbraidouxXeEfFgGc")


class _PercentPlan:
    """A dry run of CPython's %-format parser (unicode_format_arg_parse and the bytes
    twin): the size the result can reach, and how to shrink every width and precision
    without moving any index an error message could quote."""

    def __init__(self, text: str, values: object, is_bytes: bool):
        self.text = text
        self.values = values
        self.is_bytes = is_bytes
        self.conversions = _BYTES_CONVERSIONS if is_bytes else _STR_CONVERSIONS
        self.size = 0
        self.edits: list[tuple[slice, str]] = []
        self.star_edits: dict[int, int] = {}
        if isinstance(values, tuple):
            self.args, self.arg_count, self.arg_index = values, len(values), 0
        else:
            self.args, self.arg_count, self.arg_index = values, -1, -2
        self.pos = 0
        self.run()

    def next_arg(self) -> tuple[object, int] | None:
        """getnextarg: the next value and its index in a values tuple (-1 otherwise)."""
        if self.arg_index >= self.arg_count:
            return None
        self.arg_index += 1
        if self.arg_count < 0:
            return self.args, -1
        return self.args[self.arg_index - 1], self.arg_index - 1

    def next_char(self) -> str | None:
        if self.pos >= len(self.text):
            return None
        self.pos += 1
        return self.text[self.pos - 1]

    def run(self) -> None:
        text = self.text
        while True:
            start = text.find("%", self.pos)
            if start < 0:
                self.size += len(text) - self.pos
                return
            self.size += start - self.pos
            self.pos = start + 1
            if text.startswith("%", self.pos):
                self.pos += 1
                self.size += 1
            elif not self.spec():
                return  # CPython raises at this spec, before it allocates anything for it

    def spec(self) -> bool:
        """Parse one conversion spec and count its size; False where CPython raises."""
        text = self.text
        if text.startswith("(", self.pos):
            if isinstance(self.values, tuple):
                return False
            depth, key_start = 1, self.pos + 1
            self.pos = key_start
            while depth and self.pos < len(text):
                depth += {"(": 1, ")": -1}.get(text[self.pos], 0)
                self.pos += 1
            if depth:
                return False
            key: str | bytes = text[key_start : self.pos - 1]
            if self.is_bytes:
                key = key.encode("latin-1")
            try:
                self.args = self.values[key]  # type: ignore[index]
            except Exception:  # CPython fails the same lookup, or finds no mapping
                return False
            self.arg_count, self.arg_index = -1, -2
        char = self.next_char()
        while char is not None and char in "-+ #0":
            char = self.next_char()
        width, precision = 0, -1
        if char == "*":
            width = self.star(_SSIZE_MAX, 1)
            if width is None:
                return False
            char = self.next_char()
        elif char is not None and "0" <= char <= "9":
            parsed = self.digits(char, _SSIZE_MAX, "1")
            if parsed is None:
                return False
            width, char = parsed
        if char == ".":
            precision = 0
            char = self.next_char()
            if char == "*":
                star = self.star(_INT_MAX, 0)
                if star is None:
                    return False
                precision = max(star, 0)
                char = self.next_char()
            elif char is not None and "0" <= char <= "9":
                parsed = self.digits(char, _INT_MAX, "0")
                if parsed is None:
                    return False
                precision, char = parsed
        if char is not None and char in "hlL":
            char = self.next_char()
        if char is None:
            return False
        arg = self.next_arg()
        if arg is None or char not in self.conversions:
            return False
        self.size += max(abs(width), _content_size(char, arg[0], precision))
        return True

    def star(self, limit: int, small: int) -> int | None:
        """A `*` width or precision taken from the values; None where CPython raises."""
        arg = self.next_arg()
        if arg is None or not isinstance(arg[0], int) or not -limit - 1 <= arg[0] <= limit:
            return None
        value, index = arg
        if index >= 0:
            self.star_edits[index] = -small if value < 0 else small
        return int(value)

    def digits(self, first: str, limit: int, small: str) -> tuple[int, str | None] | None:
        """ASCII digits from `first` on, and the char after them; None on overflow.

        The digits are noted to become zeros ending in `small`, of the same length.
        """
        start = self.pos - 1
        value = int(first)
        while True:
            char = self.next_char()
            if char is None or not "0" <= char <= "9":
                break
            value = value * 10 + int(char)
            if value > limit:
                return None
        stop = self.pos - 1 if char is not None else self.pos
        self.edits.append((slice(start, stop), small.rjust(stop - start, "0")))
        return value, char

    def shrunk(self) -> tuple[str, object]:
        """The template and values with every width 1 and precision 0, same positions."""
        values = self.values
        if self.star_edits:
            items = list(values)  # type: ignore[call-overload]
            for index, small in self.star_edits.items():
                items[index] = small
            values = tuple(items)
        return _splice(self.text, self.edits), values


def _content_size(conversion: str, value: object, precision: int) -> int:
    """What one conversion can write besides padding, where it is cheap to know."""
    if conversion in _NUMERIC:
        return max(precision, 0)
    if conversion in "sb" and isinstance(value, (str, bytes, bytearray)):
        return len(value) if precision < 0 else min(len(value), precision)
    return 0


def percent_format(template: str | bytes, values: object, check_width: CheckWidth) -> str | bytes:
    """`template % values`, after asking check_width for the size the result can reach."""
    is_bytes = isinstance(template, bytes)
    text = template.decode("latin-1") if is_bytes else template
    plan = _PercentPlan(text, values, is_bytes)
    try:
        check_width(plan.size)
    except BaseException:
        small_text, small_values = plan.shrunk()
        small = small_text.encode("latin-1") if is_bytes else small_text
        small % small_values  # CPython's own error comes first
        raise
    shown = values if type(values) is tuple else values.values() if type(values) is dict else (values,)
    for value in shown:
        check_render(value)  # %s, %r and %a show it
    return template % values
