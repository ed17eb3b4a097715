"""The sandbox's syntax is CPython 3.11's, whatever CPython parses it.

The compiler parses with the host's ``ast``. On a newer host that parser accepts
syntax 3.11 does not have; here it is refused as 3.11 refuses it, with 3.11's words:

- PEP 701 f-strings (3.12): a quote of the f-string's own kind inside a replacement
  field, a backslash or a ``#`` in one, replacement fields nested more than twice.
  :func:`check_fstrings` reads the source as 3.11's tokenizer does (where a string
  literal ends) and each f-string as 3.11's f-string parser does
  (``Parser/string_parser.c``); an error points at the token after the literals, as
  3.11's does.
- PEP 695 type parameters and the ``type`` statement (3.12): refused by
  :func:`check_tree`, as 3.11's parser does ("invalid syntax", "expected '('").

On a 3.10 host the parser lacks two things of 3.11's: ``except*`` and PEP 646's
starred subscripts (``tuple[*Ts]``, ``*args: *Ts``). :func:`rewrite_for_310` hides
them behind same-length stand-ins the 3.10 parser takes (``except ``, ``~``) and
:func:`restore_310` puts them back in the tree, so every host sees the same program.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize

HOST = sys.version_info[:2]


def _variants(prefix: str) -> set[str]:
    found = {""}
    for char in prefix:
        found = {head + c for head in found for c in (char, char.upper())}
    return found


STRING_PREFIXES = frozenset().union(
    *(_variants(p) for p in ("", "r", "u", "b", "br", "rb", "f", "fr", "rf"))
)


_NAME = re.compile(r"[^\W\d]\w*")
_WORD = re.compile(r"\w+")  # a name or a number: no string starts inside one
# What a string literal holds up to its closing quotes (or up to where it breaks off).
_BODIES = {
    "'": re.compile(r"(?:[^'\\\r\n]|\\(?:\r\n|.|\n))*", re.DOTALL),
    '"': re.compile(r'(?:[^"\\\r\n]|\\(?:\r\n|.|\n))*', re.DOTALL),
    "'''": re.compile(r"(?:[^'\\]|\\.|'(?!''))*", re.DOTALL),
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*', re.DOTALL),
}


def _error(message: str, lines: list[str], lineno: int, col: int) -> SyntaxError:
    text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    return SyntaxError(message, ("<sandbox>", lineno, col + 1, text))


class _Scanner:
    """Walks the source as 3.11's tokenizer would, far enough to find its string literals."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines(keepends=True) or [""]
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.depth = 0  # bracket depth: inside brackets, a newline is no token

    def position(self, index: int) -> tuple[int, int]:
        """(line, column) of a character index, 1-based line; the end of a source
        without a final newline is the end of its last line."""
        if index >= len(self.source) and not self.source.endswith(("\n", "\r")):
            return len(self.lines), len(self.lines[-1])
        low, high = 0, len(self.starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.starts[middle] <= index:
                low = middle
            else:
                high = middle - 1
        return low + 1, index - self.starts[low]

    def error(self, message: str, index: int) -> SyntaxError:
        line, col = self.position(index)
        return _error(message, [x.rstrip("\r\n") for x in self.lines], line, col)

    def skip_blank(self, index: int) -> int:
        """Past spaces, comments, line continuations (and newlines inside brackets)."""
        source = self.source
        while index < len(source):
            char = source[index]
            if char in " \t\f":
                index += 1
            elif char == "#":
                while index < len(source) and source[index] not in "\r\n":
                    index += 1
            elif char == "\\":
                following = source[index + 1 : index + 3]
                if following.startswith("\n"):
                    index += 2
                elif following.startswith("\r\n"):
                    index += 3
                elif following.startswith("\r"):
                    index += 2
                else:
                    raise self.error(
                        "unexpected character after line continuation character", index + 1
                    )
            elif char in "\r\n" and self.depth:
                index += 1
            else:
                break
        return index

    def string_at(self, index: int) -> tuple[str, int, int] | None:
        """(prefix, start of the quotes, end) of a string literal starting at ``index``."""
        source = self.source
        name = _NAME.match(source, index)
        end = name.end() if name else index
        prefix = source[index:end]
        if end >= len(source) or source[end] not in "'\"" or prefix not in STRING_PREFIXES:
            return None
        quote = source[end]
        triple = source.startswith(quote * 3, end)
        body = _BODIES[quote * 3 if triple else quote].match(source, end + (3 if triple else 1))
        closing = body.end()  # type: ignore[union-attr]
        if source.startswith(quote * 3 if triple else quote, closing):
            return prefix, end, closing + (3 if triple else 1)
        line, _ = self.position(closing)
        if triple:
            raise self.error(f"unterminated triple-quoted string literal (detected at line "
                             f"{line})", index)
        raise self.error(f"unterminated string literal (detected at line {line})", index)

    def literals(self) -> None:
        """Check every group of adjacent string literals as 3.11 parses it."""
        source = self.source
        index = 0
        group: list[tuple[str, int, int]] = []
        while True:
            index = self.skip_blank(index)
            literal = self.string_at(index) if index < len(source) else None
            if literal is not None:
                group.append(literal)
                index = literal[2]
                continue
            if group:
                for prefix, start, end in group:
                    if "f" in prefix.lower():
                        problem = _fstring_problem(source, start, end, "r" in prefix.lower())
                        if problem is not None:
                            raise self.error(problem, index)
                group = []
            if index >= len(source):
                return
            char = source[index]
            word = _WORD.match(source, index)
            if word is not None:
                index = word.end()
                continue
            if char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(0, self.depth - 1)
            index += 1


def _fstring_problem(source: str, start: int, end: int, raw: bool) -> str | None:
    """3.11's error for the f-string whose quotes run from ``start`` to ``end``, if any."""
    quote_size = 3 if source[start : start + 3] in ('"""', "'''") else 1
    body = source[start + quote_size : end - quote_size]
    try:
        _FString(body, raw).parse(0, 0)
    except _FStringError as error:
        return str(error)
    return None


class _FStringError(Exception):
    pass


class _FString:
    """3.11's f-string parser (fstring_find_literal/fstring_find_expr), checks only."""

    def __init__(self, body: str, raw: bool) -> None:
        self.body = body
        self.raw = raw

    def parse(self, index: int, level: int) -> int:
        """Literals and replacement fields from ``index``; in a format spec (``level``
        1) up to the ``}`` that closes it, whose index is returned."""
        body = self.body
        while index < len(body):
            index = self.literal(index, level)
            if index >= len(body):
                break
            if body[index] == "}":  # the end of a format spec
                return index
            index = self.expression(index + 1, level)
        return index

    def literal(self, index: int, level: int) -> int:
        body = self.body
        while index < len(body):
            char = body[index]
            if not self.raw and char == "\\" and body.startswith("N{", index + 1):
                closing = body.find("}", index + 3)
                index = len(body) if closing < 0 else closing + 1
                continue
            if char == "\\" and not self.raw:
                index += 2
                continue
            if char == "{":
                if level == 0 and body.startswith("{{", index):
                    index += 2
                    continue
                return index
            if char == "}":
                if level == 0:
                    if body.startswith("}}", index):
                        index += 2
                        continue
                    raise _FStringError("f-string: single '}' is not allowed")
                return index
            index += 1
        return index

    def expression(self, index: int, level: int) -> int:
        body = self.body
        if level >= 2:
            raise _FStringError("f-string: expressions nested too deeply")
        start = index
        quote = ""
        stack: list[str] = []
        while index < len(body):
            char = body[index]
            if char == "\\":
                raise _FStringError("f-string expression part cannot include a backslash")
            if quote:
                if body.startswith(quote, index):
                    index += len(quote)
                    quote = ""
                    continue
            elif char in "'\"":
                quote = char * 3 if body.startswith(char * 3, index) else char
                index += len(quote)
                continue
            elif char in "[{(":
                if len(stack) >= 200:
                    raise _FStringError("f-string: too many nested parenthesis")
                stack.append(char)
            elif char == "#":
                raise _FStringError("f-string expression part cannot include '#'")
            elif not stack and char in "!:}=<>":
                if body[index + 1 : index + 2] == "=" and char in "!=<>":
                    index += 2
                    continue
                if char in "<>":
                    index += 1
                    continue
                break
            elif char in "]})":
                if not stack:
                    raise _FStringError(f"f-string: unmatched '{char}'")
                opening = stack.pop()
                if {"(": ")", "[": "]", "{": "}"}[opening] != char:
                    raise _FStringError(f"f-string: closing parenthesis '{char}' does not "
                                        f"match opening parenthesis '{opening}'")
            index += 1
        if quote:
            raise _FStringError("f-string: unterminated string")
        if stack:
            raise _FStringError(f"f-string: unmatched '{stack[-1]}'")
        if index >= len(body):
            raise _FStringError("f-string: expecting '}'")
        if not body[start:index].strip():
            raise _FStringError("f-string: empty expression not allowed")
        if body[index] == "=":
            index += 1
            while index < len(body) and body[index].isspace():
                index += 1
            if index >= len(body):
                raise _FStringError("f-string: expecting '}'")
        if body[index] == "!":
            index += 1
            if index >= len(body):
                raise _FStringError("f-string: expecting '}'")
            if body[index] not in "sra":
                raise _FStringError(
                    "f-string: invalid conversion character: expected 's', 'r', or 'a'"
                )
            index += 1
        if index < len(body) and body[index] == ":":
            index += 1
            if index >= len(body):
                raise _FStringError("f-string: expecting '}'")
            index = self.parse(index, level + 1)
        if index >= len(body) or body[index] != "}":
            raise _FStringError("f-string: expecting '}'")
        return index + 1


def check_fstrings(source: str) -> None:
    """Refuse, in 3.11's words, the f-strings that only 3.12's parser takes."""
    _Scanner(source).literals()


def check_tree(tree: ast.AST, source: str) -> None:
    """Refuse the 3.12 statements and type parameters that 3.11's parser refuses."""
    lines = source.splitlines()
    for node in ast.walk(tree):
        kind = type(node).__name__
        if kind == "TypeAlias":
            name = node.name  # type: ignore[attr-defined]
            raise _error("invalid syntax", lines, name.lineno, name.col_offset)
        params = getattr(node, "type_params", None)
        if params:
            first = params[0]
            message = "invalid syntax" if kind == "ClassDef" else "expected '('"
            raise _error(message, lines, first.lineno, first.col_offset - 1)


# -- a 3.10 host ---------------------------------------------------------------------

class Rewritten:
    """Source the 3.10 parser takes, and where it stood in for 3.11's syntax."""

    __slots__ = ("source", "stars", "except_stars")

    def __init__(self, source: str, stars: set, except_stars: set) -> None:
        self.source = source
        self.stars = stars  # (line, col) of each ``*`` written as ``~``
        self.except_stars = except_stars  # (line, col) of each ``except*``'s ``except``


def rewrite_for_310(source: str) -> Rewritten:
    """Hide ``except*`` and starred subscripts/annotations from the 3.10 parser."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return Rewritten(source, set(), set())
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    stars: set = set()
    except_stars: set = set()
    brackets: list[str] = []  # "subscript" or "display" for each open [ (others: "other")
    previous = None
    for index, token in enumerate(tokens):
        kind, text = token.type, token.string
        if kind == tokenize.OP and text == "[":
            is_subscript = previous is not None and (
                previous.type in (tokenize.NAME, tokenize.STRING)
                and previous.string not in _KEYWORDS
                or previous.type == tokenize.OP and previous.string in (")", "]", "}")
            )
            brackets.append("subscript" if is_subscript else "display")
        elif kind == tokenize.OP and text in "({":
            brackets.append("other")
        elif kind == tokenize.OP and text in ")]}":
            if brackets:
                brackets.pop()
        elif kind == tokenize.OP and text == "*" and previous is not None:
            in_subscript = brackets and brackets[-1] == "subscript" and (
                previous.string in ("[", ",")
            )
            annotation = previous.string == ":" and _is_vararg_annotation(tokens, index)
            after_except = previous.type == tokenize.NAME and previous.string == "except"
            if in_subscript or annotation:
                edits.append((*token.start, "~"))
                stars.add(token.start)
            elif after_except:
                edits.append((*token.start, " "))
                except_stars.add(previous.start)
        if kind not in (tokenize.NL, tokenize.COMMENT):
            previous = token
    if not edits:
        return Rewritten(source, stars, except_stars)
    for line, col, replacement in edits:
        text = lines[line - 1]
        lines[line - 1] = text[:col] + replacement + text[col + 1 :]
    return Rewritten("".join(lines), stars, except_stars)


_KEYWORDS = frozenset(("in", "is", "not", "and", "or", "return", "yield", "else", "if",
                       "await", "lambda", "assert", "del", "print"))


def _is_vararg_annotation(tokens: list, index: int) -> bool:
    """Whether the ``:`` before ``tokens[index]`` annotates ``*args`` in a def."""
    if index < 3:
        return False
    name, star = tokens[index - 2], tokens[index - 3]
    return name.type == tokenize.NAME and star.string == "*"


def restore_310(tree: ast.AST, rewritten: Rewritten) -> ast.AST:
    """Put 3.11's nodes back where :func:`rewrite_for_310` wrote stand-ins."""
    if rewritten.stars:
        _Starred(rewritten.stars).visit(tree)
    if rewritten.except_stars:
        for node in ast.walk(tree):
            if isinstance(node, ast.Try):
                for handler in node.handlers:
                    if (handler.lineno, handler.col_offset) in rewritten.except_stars:
                        node._littrs_except_star = True  # type: ignore[attr-defined]
    return tree


class _Starred(ast.NodeTransformer):
    def __init__(self, stars: set) -> None:
        self.stars = stars

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Invert) and (node.lineno, node.col_offset) in self.stars:
            return ast.copy_location(ast.Starred(value=node.operand, ctx=ast.Load()), node)
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.slice, ast.Starred):  # x[*a] is x[(*a,)], as 3.11 parses it
            node.slice = ast.copy_location(ast.Tuple(elts=[node.slice], ctx=ast.Load()),
                                           node.slice)
        return node
