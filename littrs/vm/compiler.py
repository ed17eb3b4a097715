"""The compiler: Python source to littrs code objects.

CPython validates the source first (``compile`` to its own bytecode, which is
never run), so every SyntaxError has CPython's message, line and column. Then
``ast`` gives the tree, :mod:`littrs.vm.scopes` the name facts, and this module
emits instructions. Constructs littrs does not support are refused here with a
SyntaxError naming the construct, so nothing unsupported can run wrongly.

Exceptions use a table of protected ranges (like CPython 3.11): entering a
``try`` costs nothing at run time. ``finally`` bodies are copied onto every
exit path (normal, return, break, continue), and the exception path keeps one
copy that re-raises.
"""

from __future__ import annotations

import ast
import operator
import sys
from collections import OrderedDict
from typing import Any

from . import opcodes as op
from . import operations, syntax
from .code import Code, FunctionTemplate, method_arity
from .peephole import optimize
from .scopes import CELL, FREE, GLOBAL_EXPLICIT, Scope, analyse, mangle

COMPARE_OPERATORS = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
UNARY_OPERATORS = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}

UNSUPPORTED: dict[type, str] = {
    ast.AsyncFor: "async for loops",
    ast.Match: "match statements",
}
if hasattr(ast, "TryStar"):  # Python 3.11+ (a 3.10 host: syntax.rewrite_for_310)
    UNSUPPORTED[ast.TryStar] = "except* clauses"

_CACHE_SIZE = 512
_cache: OrderedDict[str, Code] = OrderedDict()


def compile_source(source: str) -> Code:
    """Compile module source to a code object, through a cache keyed by source."""
    code = _cache.get(source)
    if code is not None:
        _cache.move_to_end(source)
        return code
    code = compile_uncached(source)
    _cache[source] = code
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return code


def compile_uncached(source: str) -> Code:
    """Compile without the cache."""
    tree = parse(source)
    _refuse_unsupported(tree, source)
    _Constants().visit(tree)
    scopes = analyse(tree, source)
    # CPython accepted the nesting; generating code for it recurses in pure Python
    # (no C stack in 3.11), so the limit is raised for this step only.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _GENERATE_DEPTH))
    try:
        code = _generate(tree, source, scopes)
    finally:
        sys.setrecursionlimit(limit)
    _locate(code, source, (), code.uses_async)
    return code


_GENERATE_DEPTH = 20_000


def parse(source: str) -> ast.Module:
    """The tree of ``source`` as CPython 3.11 parses it, on any host (see syntax.py)."""
    if syntax.HOST >= (3, 12):
        syntax.check_fstrings(source)
    rewritten = syntax.rewrite_for_310(source) if syntax.HOST < (3, 11) else None
    text = rewritten.source if rewritten is not None else source
    # CPython's SyntaxErrors; `await` may stand at the top level, as in asyncio's REPL.
    compile(text, "<sandbox>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
    tree = ast.parse(text, "<sandbox>")
    if rewritten is not None:
        syntax.restore_310(tree, rewritten)
    if syntax.HOST >= (3, 12):
        syntax.check_tree(tree, source)
    return tree


def _generate(tree: ast.Module, source: str, scopes: dict) -> Code:
    unit = _Unit(scopes[tree], "<module>", "<module>", source.splitlines(), scopes, kind="module")
    unit.future_annotations = _future_annotations(tree)
    unit.is_coroutine = _contains_await(tree)
    body = tree.body
    if _has_annotations(body):
        unit.emit(op.SETUP_ANNOTATIONS)
    last = body[-1] if body and isinstance(body[-1], ast.Expr) else None
    unit.statements(body[:-1] if last else body)
    if last is not None:
        unit.lineno = last.lineno
        unit.expr(last.value)
    else:
        unit.emit(op.LOAD_CONST, None)
    unit.emit(op.RETURN_VALUE)
    code = unit.finish(firstlineno=1)
    code.uses_async = any(
        isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncWith)) for node in ast.walk(tree)
    )
    return code


class _Constants(ast.NodeTransformer):
    """Fold and merge constants as CPython 3.11's compiler does, so identity agrees with it.

    ``-1.5``, ``2 ** 70``, ``(1, 'a')`` and ``((1, 2), 3)`` become single
    constants (``Python/ast_opt.c``: only where the result stays small and the
    operation raises nothing), and equal constants of one source are one
    object: ``0.0 is 0.0``, ``10 ** 20 is 10 ** 20`` and ``(1, 2) is (1, 2)``
    are True, as under CPython.
    """

    def __init__(self) -> None:
        self.seen: dict[Any, Any] = {}

    def merged(self, node: ast.AST, value: Any) -> ast.Constant:
        value = self.seen.setdefault(_constant_key(value), value)
        return ast.copy_location(ast.Constant(value=value), node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return self.merged(node, node.value)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.operand, ast.Constant):
            return node
        return self.folded(node, _UNARY[type(node.op)], node.operand.value)

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        fold = _BINARY.get(type(node.op))
        if fold is None or not isinstance(node.left, ast.Constant) or not isinstance(
            node.right, ast.Constant
        ):
            return node
        return self.folded(node, fold, node.left.value, node.right.value)

    def folded(self, node: ast.AST, fold: Any, *operands: Any) -> ast.AST:
        try:
            value = fold(*operands)
        except Exception:  # noqa: BLE001 - CPython leaves it to run time, and its error
            return node
        return node if value is _NOT_FOLDED else self.merged(node, value)

    def visit_Tuple(self, node: ast.Tuple) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and all(isinstance(e, ast.Constant) for e in node.elts):
            return self.merged(node, tuple(e.value for e in node.elts))  # type: ignore[attr-defined]
        return node


_NOT_FOLDED = object()
_MAX_INT_BITS, _MAX_ITEMS, _MAX_STR, _MAX_TOTAL = 128, 256, 4096, 1024  # Python/ast_opt.c


def _safe_multiply(left: Any, right: Any) -> Any:
    if type(left) in (int, bool) and type(right) in (int, bool):
        if left and right and left.bit_length() + right.bit_length() > _MAX_INT_BITS:
            return _NOT_FOLDED
    elif type(left) in (int, bool) and type(right) in (tuple, str, bytes):
        size = len(right)
        limit = _MAX_ITEMS if type(right) is tuple else _MAX_STR
        if size and (left < 0 or left > limit // size):
            return _NOT_FOLDED
        if size and left and type(right) is tuple and _items(right) > _MAX_TOTAL // left:
            return _NOT_FOLDED
    elif type(right) in (int, bool) and type(left) in (tuple, str, bytes):
        return _safe_multiply(right, left)
    return left * right


def _items(value: tuple) -> int:
    return sum(1 + (_items(item) if type(item) is tuple else 0) for item in value)


def _safe_power(left: Any, right: Any) -> Any:
    if type(left) in (int, bool) and type(right) in (int, bool) and left and right > 0:
        if left.bit_length() > _MAX_INT_BITS // right:
            return _NOT_FOLDED
    return left ** right


def _safe_lshift(left: Any, right: Any) -> Any:
    if type(left) in (int, bool) and type(right) in (int, bool) and left and right:
        if right > _MAX_INT_BITS or left.bit_length() > _MAX_INT_BITS - right:
            return _NOT_FOLDED
    return left << right


def _safe_mod(left: Any, right: Any) -> Any:
    if type(left) in (str, bytes):
        return _NOT_FOLDED  # a format: left to run time
    return left % right


_BINARY: dict[type, Any] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: _safe_multiply,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: _safe_mod,
    ast.Pow: _safe_power, ast.LShift: _safe_lshift, ast.RShift: operator.rshift,
    ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.BitAnd: operator.and_,
}
_UNARY: dict[type, Any] = {
    ast.Invert: operator.invert, ast.Not: operator.not_, ast.UAdd: operator.pos,
    ast.USub: operator.neg,
}


def _constant_key(value: Any) -> Any:
    """Equal keys for constants CPython merges: same type and value (``-0.0`` is not ``0.0``)."""
    if type(value) is tuple:
        return (tuple, tuple(_constant_key(item) for item in value))
    if type(value) in (float, complex):
        return (type(value), repr(value))
    return (type(value), value)


def _locate(code: Code, source: str, path: tuple[int, ...], uses_async: bool) -> None:
    """Give every code object its address: the source and the path of nested templates.

    A snapshot names code by this address; loading recompiles the source
    (deterministically) and follows the path. Every code of a program that uses
    async learns it: there, calling a tool makes a coroutine.
    """
    code.source = source
    code.path = path
    code.uses_async = uses_async
    for index, inner in enumerate(nested_codes(code)):
        _locate(inner, source, (*path, index), uses_async)


def nested_codes(code: Code) -> list[Code]:
    """The code objects of the functions a code object makes, in instruction order."""
    return [arg.code for _, arg in code.instrs if isinstance(arg, FunctionTemplate)]


def _refuse_unsupported(tree: ast.AST, source: str) -> None:
    for node in ast.walk(tree):
        what = UNSUPPORTED.get(type(node))
        if what is None and getattr(node, "_littrs_except_star", False):  # a 3.10 host
            what = "except* clauses"
        if what is None and isinstance(node, ast.comprehension) and node.is_async:
            what = "async comprehensions"
        if what is not None:
            lineno = node.lineno  # type: ignore[attr-defined]
            raise SyntaxError(
                f"{what} are not supported by littrs",
                ("<sandbox>", lineno, node.col_offset + 1, _line(source, lineno) + "\n"),  # type: ignore[attr-defined]
            )


def _line(source: str, lineno: int) -> str:
    lines = source.splitlines()
    return lines[lineno - 1] if 0 < lineno <= len(lines) else ""


class Label:
    """A jump target, resolved to an instruction index when the code is finished."""

    __slots__ = ("pc",)

    def __init__(self) -> None:
        self.pc = -1


class Region:
    """A protected range of instructions whose exceptions go to ``handler``.

    It may be split into several intervals: code copied for an exit path (a
    ``finally`` body inlined before a ``return``) must not be protected by the
    regions it is leaving.
    """

    __slots__ = ("handler", "depth", "start")

    def __init__(self, handler: Label, depth: int) -> None:
        self.handler = handler
        self.depth = depth
        self.start: int | None = None


class Block:
    """An enclosing construct that an exit path (return/break/continue) must unwind."""

    __slots__ = ("kind", "region", "stack_items", "data", "break_label", "continue_label")

    def __init__(
        self,
        kind: str,
        stack_items: int = 0,
        region: Region | None = None,
        data: Any = None,
        break_label: Label | None = None,
        continue_label: Label | None = None,
    ) -> None:
        self.kind = kind  # loop, try, finally, handler, finally_handler, with (data: async)
        self.stack_items = stack_items
        self.region = region
        self.data = data
        self.break_label = break_label
        self.continue_label = continue_label


_LOADS = {"fast": op.LOAD_FAST, "deref": op.LOAD_DEREF, "global": op.LOAD_GLOBAL,
          "name": op.LOAD_NAME}
_STORES = {"fast": op.STORE_FAST, "deref": op.STORE_DEREF, "global": op.STORE_GLOBAL,
           "name": op.STORE_NAME}
_DELETES = {"fast": op.DELETE_FAST, "deref": op.DELETE_DEREF, "global": op.DELETE_GLOBAL,
            "name": op.DELETE_NAME}


class _Unit:
    """Code generation for one code object."""

    def __init__(
        self,
        scope: Scope,
        name: str,
        qualname: str,
        source_lines: list[str],
        scopes: dict[ast.AST, Scope],
        kind: str = "function",
    ) -> None:
        self.scope = scope
        self.name = name
        self.qualname = qualname
        self.source_lines = source_lines
        self.scopes = scopes
        self.kind = kind
        self.instrs: list[list[Any]] = []
        self.lines: list[int] = []
        self.exc_entries: list[tuple[int, int, Label, int]] = []
        self.varnames: list[str] = []
        self.cellvars = list(scope.cells)
        self.freevars = list(scope.frees)
        self.blocks: list[Block] = []
        self.lineno = 1
        self.temp_count = 0
        self.is_generator = False
        self.is_coroutine = False
        self.private = scope.private  # the class name that mangles ``__x`` here
        self.future_annotations = False  # ``from __future__ import annotations``: strings

    # -- emission -------------------------------------------------------

    def emit(self, opcode: int, arg: Any = None) -> None:
        self.instrs.append([opcode, arg])
        self.lines.append(self.lineno)

    def mark(self, label: Label) -> None:
        label.pc = len(self.instrs)

    def open_region(self, region: Region) -> None:
        region.start = len(self.instrs)

    def close_region(self, region: Region) -> None:
        start = region.start
        if start is not None and start < len(self.instrs):
            self.exc_entries.append((start, len(self.instrs), region.handler, region.depth))
        region.start = None

    def stack_depth(self) -> int:
        return sum(block.stack_items for block in self.blocks)

    def fast(self, name: str) -> int:
        if name not in self.varnames:
            self.varnames.append(name)
        return self.varnames.index(name)

    def temp(self) -> int:
        self.temp_count += 1
        return self.fast(f".t{self.temp_count}")

    def finish(self, firstlineno: int, **signature: Any) -> Code:
        for instr in self.instrs:
            if isinstance(instr[1], Label):
                instr[1] = instr[1].pc
        exc_table = [(s, e, label.pc, depth) for s, e, label, depth in self.exc_entries]
        instrs, lines, exc_table = optimize(
            [(o, a) for o, a in self.instrs], self.lines, exc_table
        )
        docstring = signature.pop("docstring", None)
        return Code(
            name=self.name,
            qualname=self.qualname,
            instrs=instrs,
            lines=lines,
            exc_table=exc_table,
            varnames=self.varnames,
            cellvars=self.cellvars,
            freevars=self.freevars,
            is_generator=self.is_generator or self.is_coroutine,
            is_coroutine=self.is_coroutine,
            docstring=docstring,
            firstlineno=firstlineno,
            source_lines=self.source_lines,
            kind=self.kind,
            **signature,
        )

    # -- names ------------------------------------------------------------

    def load_name(self, name: str) -> None:
        kind, where = self.resolve(name)
        if kind == "deref" and self.kind == "class":
            self.emit(op.LOAD_CLASSDEREF, where)
            return
        self.emit(_LOADS[kind], where)

    def store_name(self, name: str) -> None:
        kind, where = self.resolve(name)
        self.emit(_STORES[kind], where)

    def delete_name(self, name: str) -> None:
        kind, where = self.resolve(name)
        self.emit(_DELETES[kind], where)

    def mangled(self, name: str) -> str:
        return mangle(self.private, name)

    def resolve(self, name: str) -> tuple[str, Any]:
        name = self.mangled(name)
        scope = self.scope
        if scope.is_module:
            return "global", name
        if scope.kind == "class":
            if name == "__class__" and scope.needs_class_cell:
                return "deref", 0
            resolved = scope.names.get(name)
            if resolved == FREE or resolved == CELL:
                return "deref", self.cell_index(name)
            if resolved == GLOBAL_EXPLICIT:
                return "global", name
            return "name", name
        if name in scope.cells:
            return "deref", self.cellvars.index(name)
        if name in scope.frees:
            return "deref", len(self.cellvars) + self.freevars.index(name)
        if name in scope.locals:
            return "fast", self.fast(name)
        return "global", name

    def cell_index(self, name: str) -> int:
        if name in self.cellvars:
            return self.cellvars.index(name)
        return len(self.cellvars) + self.freevars.index(name)

    # -- statements ---------------------------------------------------------

    def statements(self, body: list[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        self.lineno = node.lineno
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:
            raise _unsupported(node, type(node).__name__)
        method(node)

    def stmt_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):
            return  # a docstring or a bare constant does nothing
        self.expr(node.value)
        self.emit(op.POP_TOP)

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Global(self, node: ast.Global) -> None:
        pass

    def stmt_Nonlocal(self, node: ast.Nonlocal) -> None:
        pass

    def stmt_Assign(self, node: ast.Assign) -> None:
        self.expr(node.value)
        for index, target in enumerate(node.targets):
            if index < len(node.targets) - 1:
                self.emit(op.COPY, 1)
            self.store(target)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        """As CPython 3.11: the value is stored first; in a module or a class body a
        simple name's annotation goes into ``__annotations__``, another target's is
        evaluated; in a function no annotation is evaluated."""
        target = node.target
        if node.value is not None:
            self.expr(node.value)
            self.store(target)
        in_namespace = self.kind in ("module", "class")
        if isinstance(target, ast.Name):
            if node.simple and in_namespace:
                self.annotation(node.annotation)
                self.load_name("__annotations__")
                self.emit(op.LOAD_CONST, self.mangled(target.id))
                self.emit(op.STORE_SUBSCR)
                return
        elif node.value is None:
            if isinstance(target, ast.Attribute):
                self.expr(target.value)
                self.emit(op.POP_TOP)
            elif isinstance(target, ast.Subscript):
                self.expr(target.value)
                self.emit(op.POP_TOP)
                self.subscript_key(target.slice)
                self.emit(op.POP_TOP)
        if in_namespace and not node.simple and not self.future_annotations:
            self.expr(node.annotation)
            self.emit(op.POP_TOP)

    def annotation(self, node: ast.expr) -> None:
        """An annotation's value: the expression, or its text under the annotations future."""
        if self.future_annotations:
            self.emit(op.LOAD_CONST, ast.unparse(node))
        else:
            self.expr(node)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        function = operations.INPLACE[type(node.op)]
        target = node.target
        if isinstance(target, ast.Name):
            self.load_name(target.id)
            self.expr(node.value)
            self.lineno = node.lineno
            if isinstance(node.op, ast.Add):
                self.emit(op.INPLACE_ADD)
            else:
                self.emit(op.INPLACE_OP, function)
            self.store_name(target.id)
        elif isinstance(target, ast.Attribute):
            attr = self.mangled(target.attr)
            self.expr(target.value)
            self.emit(op.COPY, 1)
            self.emit(op.LOAD_ATTR, attr)
            self.expr(node.value)
            self.lineno = node.lineno
            self.emit(op.INPLACE_OP, function)
            self.emit(op.SWAP, 2)
            self.emit(op.STORE_ATTR, attr)
        else:
            assert isinstance(target, ast.Subscript)
            self.expr(target.value)
            self.subscript_key(target.slice)
            self.emit(op.COPY, 2)
            self.emit(op.COPY, 2)
            self.emit(op.BINARY_SUBSCR)
            self.expr(node.value)
            self.lineno = node.lineno
            self.emit(op.INPLACE_OP, function)
            self.emit(op.SWAP, 3)
            self.emit(op.SWAP, 2)
            self.emit(op.STORE_SUBSCR)

    def stmt_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self.delete(target)

    def delete(self, target: ast.expr) -> None:
        self.lineno = target.lineno
        if isinstance(target, ast.Name):
            self.delete_name(target.id)
        elif isinstance(target, ast.Attribute):
            self.expr(target.value)
            self.emit(op.DELETE_ATTR, self.mangled(target.attr))
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)
            self.subscript_key(target.slice)
            self.emit(op.DELETE_SUBSCR)
        else:
            assert isinstance(target, (ast.Tuple, ast.List))
            for element in target.elts:
                self.delete(element)

    def stmt_If(self, node: ast.If) -> None:
        orelse = Label()
        end = Label()
        self.jump_if(node.test, False, orelse)
        self.statements(node.body)
        if node.orelse:
            self.emit(op.JUMP, end)
        self.mark(orelse)
        if node.orelse:
            self.statements(node.orelse)
        self.mark(end)

    def stmt_While(self, node: ast.While) -> None:
        top = Label()
        orelse = Label()
        end = Label()
        self.mark(top)
        self.jump_if(node.test, False, orelse)
        self.blocks.append(Block("loop", break_label=end, continue_label=top))
        self.statements(node.body)
        self.blocks.pop()
        self.lineno = node.lineno
        self.emit(op.JUMP_BACKWARD, top)
        self.mark(orelse)
        self.statements(node.orelse)
        self.mark(end)

    def stmt_For(self, node: ast.For) -> None:
        top = Label()
        done = Label()
        end = Label()
        self.expr(node.iter)
        self.lineno = node.lineno
        self.emit(op.GET_ITER)
        self.mark(top)
        self.emit(op.FOR_ITER, done)
        self.blocks.append(Block("loop", stack_items=1, break_label=end, continue_label=top))
        self.store(node.target)
        self.statements(node.body)
        self.blocks.pop()
        self.lineno = node.lineno
        self.emit(op.JUMP_BACKWARD, top)
        self.mark(done)
        self.statements(node.orelse)
        self.mark(end)

    def stmt_Break(self, node: ast.Break) -> None:
        self.exit_to_loop(node, is_break=True)

    def stmt_Continue(self, node: ast.Continue) -> None:
        self.exit_to_loop(node, is_break=False)

    def exit_to_loop(self, node: ast.stmt, is_break: bool) -> None:
        for index in range(len(self.blocks) - 1, -1, -1):
            if self.blocks[index].kind == "loop":
                break
        else:  # pragma: no cover - CPython's compile() refuses this first
            raise _unsupported(node, "'break' outside loop")
        loop = self.blocks[index]
        suspended = self.unwind(index + 1)
        if is_break:
            if loop.stack_items:
                self.emit(op.POP_TOP)
            self.emit(op.JUMP, loop.break_label)
        else:
            self.emit(op.JUMP_BACKWARD, loop.continue_label)
        self.resume(suspended)

    def stmt_Return(self, node: ast.Return) -> None:
        if node.value is None:
            self.emit(op.LOAD_CONST, None)
        else:
            self.expr(node.value)
        self.lineno = node.lineno
        if not any(block.kind != "loop" for block in self.blocks):
            self.emit(op.RETURN_VALUE)
            return
        slot = self.temp()
        self.emit(op.STORE_FAST, slot)
        suspended = self.unwind(0)
        self.emit(op.LOAD_FAST, slot)
        self.emit(op.RETURN_VALUE)
        self.resume(suspended)

    def unwind(self, down_to: int) -> list[Region]:
        """Emit the code that leaves every block above ``down_to``; suspend their regions."""
        suspended: list[Region] = []
        saved_blocks = self.blocks
        for index in range(len(saved_blocks) - 1, down_to - 1, -1):
            block = saved_blocks[index]
            if block.region is not None and block.region.start is not None:
                self.close_region(block.region)
                suspended.append(block.region)
            # While a block's exit code runs, only the blocks outside it are active.
            self.blocks = saved_blocks[:index]
            if block.kind == "loop":
                if block.stack_items:
                    self.emit(op.POP_TOP)
            elif block.kind == "finally":
                self.statements(block.data)
            elif block.kind == "handler":
                self.emit(op.POP_EXCEPT)
                if block.data is not None:
                    self.clear_name(block.data)
            elif block.kind == "finally_handler":
                self.emit(op.POP_TOP)
                self.emit(op.POP_EXCEPT)
            elif block.kind == "with":
                for _ in range(3):
                    self.emit(op.LOAD_CONST, None)
                self.emit(op.CALL, 3)
                if block.data:  # async with: await what __aexit__ returns
                    self.await_top()
                self.emit(op.POP_TOP)
        self.blocks = saved_blocks
        return suspended

    def resume(self, suspended: list[Region]) -> None:
        for region in reversed(suspended):
            self.open_region(region)

    def clear_name(self, name: str) -> None:
        self.emit(op.LOAD_CONST, None)
        self.store_name(name)
        self.delete_name(name)

    def stmt_Raise(self, node: ast.Raise) -> None:
        if node.exc is None:
            self.emit(op.RAISE, 0)
            return
        self.expr(node.exc)
        if node.cause is not None:
            self.expr(node.cause)
            self.lineno = node.lineno
            self.emit(op.RAISE, 2)
        else:
            self.lineno = node.lineno
            self.emit(op.RAISE, 1)

    def stmt_Assert(self, node: ast.Assert) -> None:
        end = Label()
        self.jump_if(node.test, True, end)
        self.emit(op.LOAD_ASSERTION_ERROR)
        if node.msg is not None:
            self.expr(node.msg)
            self.emit(op.CALL, 1)
        self.lineno = node.lineno
        self.emit(op.RAISE, 1)
        self.mark(end)

    def stmt_Try(self, node: ast.Try) -> None:
        if node.finalbody:
            self.try_finally(node)
        else:
            self.try_except(node)

    def try_finally(self, node: ast.Try) -> None:
        handler = Label()
        end = Label()
        region = Region(handler, self.stack_depth())
        self.blocks.append(Block("finally", region=region, data=node.finalbody))
        self.open_region(region)
        if node.handlers:
            self.try_except(node)
        else:
            self.statements(node.body)
        self.close_region(region)
        self.blocks.pop()
        # The normal path runs a copy of the finally body.
        self.statements(node.finalbody)
        self.emit(op.JUMP, end)
        # The exception path: stack holds the exception.
        self.mark(handler)
        self.emit(op.PUSH_EXC_INFO)
        cleanup = Label()
        cleanup_region = Region(cleanup, self.stack_depth() + 1)
        self.blocks.append(Block("finally_handler", stack_items=2, region=cleanup_region))
        self.open_region(cleanup_region)
        self.statements(node.finalbody)
        self.close_region(cleanup_region)
        self.blocks.pop()
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(cleanup)
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(end)

    def try_except(self, node: ast.Try) -> None:
        handler = Label()
        end = Label()
        depth = self.stack_depth()
        region = Region(handler, depth)
        self.blocks.append(Block("try", region=region))
        self.open_region(region)
        self.statements(node.body)
        self.close_region(region)
        self.blocks.pop()
        self.statements(node.orelse)
        self.emit(op.JUMP, end)

        self.mark(handler)
        self.lineno = node.handlers[0].lineno
        self.emit(op.PUSH_EXC_INFO)
        cleanup = Label()
        cleanup_region = Region(cleanup, depth + 1)
        self.open_region(cleanup_region)
        for clause in node.handlers:
            self.lineno = clause.lineno
            next_clause = Label()
            if clause.type is not None:
                self.emit(op.COPY, 1)
                self.expr(clause.type)
                self.lineno = clause.lineno
                self.emit(op.CHECK_EXC_MATCH)
                self.emit(op.POP_JUMP_IF_FALSE, next_clause)
            if clause.name is not None:
                self.store_name(clause.name)
                named_cleanup = Label()
                self.close_region(cleanup_region)
                body_region = Region(named_cleanup, depth + 1)
                self.blocks.append(
                    Block("handler", stack_items=1, region=body_region, data=clause.name)
                )
                self.open_region(body_region)
                self.statements(clause.body)
                self.close_region(body_region)
                self.blocks.pop()
                self.emit(op.POP_EXCEPT)
                self.clear_name(clause.name)
                self.emit(op.JUMP, end)
                self.mark(named_cleanup)
                self.clear_name(clause.name)
                self.emit(op.POP_EXCEPT_RERAISE)
                self.open_region(cleanup_region)
            else:
                self.emit(op.POP_TOP)
                self.blocks.append(Block("handler", stack_items=1, region=cleanup_region))
                self.statements(clause.body)
                self.blocks.pop()
                if cleanup_region.start is None:
                    self.open_region(cleanup_region)
                self.emit(op.POP_EXCEPT)
                self.emit(op.JUMP, end)
            self.mark(next_clause)
        self.close_region(cleanup_region)
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(cleanup)
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(end)

    def stmt_With(self, node: ast.With) -> None:
        self.with_items(node, node.items, is_async=False)

    def stmt_AsyncWith(self, node: ast.AsyncWith) -> None:
        self.with_items(node, node.items, is_async=True)

    def with_items(
        self, node: ast.With | ast.AsyncWith, items: list[ast.withitem], is_async: bool
    ) -> None:
        """A with statement; ``async with`` awaits what ``__aenter__``/``__aexit__`` return."""
        item, rest = items[0], items[1:]
        self.expr(item.context_expr)
        self.lineno = node.lineno
        self.emit(op.COPY, 1)
        self.emit(op.LOAD_SPECIAL, "__aexit__" if is_async else "__exit__")
        self.emit(op.SWAP, 2)
        self.emit(op.LOAD_SPECIAL, "__aenter__" if is_async else "__enter__")
        self.emit(op.CALL, 0)
        if is_async:
            self.await_top()
        handler = Label()
        end = Label()
        region = Region(handler, self.stack_depth() + 1)
        self.blocks.append(Block("with", stack_items=1, region=region, data=is_async))
        self.open_region(region)
        if item.optional_vars is not None:
            self.store(item.optional_vars)
        else:
            self.emit(op.POP_TOP)
        if rest:
            self.with_items(node, rest, is_async)
        else:
            self.statements(node.body)
        self.close_region(region)
        self.blocks.pop()
        self.lineno = node.lineno
        for _ in range(3):
            self.emit(op.LOAD_CONST, None)
        self.emit(op.CALL, 3)
        if is_async:
            self.await_top()
        self.emit(op.POP_TOP)
        self.emit(op.JUMP, end)
        # Exception path: stack is [exit, exc].
        self.mark(handler)
        self.emit(op.PUSH_EXC_INFO)  # [exit, prev, exc]
        cleanup = Label()
        cleanup_region = Region(cleanup, self.stack_depth() + 2)
        self.open_region(cleanup_region)
        self.emit(op.COPY, 3)  # exit
        self.emit(op.COPY, 2)  # exc
        self.emit(op.UNARY_OP, type)
        self.emit(op.COPY, 3)  # exc
        self.emit(op.LOAD_CONST, None)
        self.emit(op.CALL, 3)
        if is_async:
            self.await_top()
        suppress = Label()
        self.emit(op.POP_JUMP_IF_TRUE, suppress)
        self.close_region(cleanup_region)
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(suppress)
        self.emit(op.POP_TOP)  # exc
        self.emit(op.POP_EXCEPT)
        self.emit(op.POP_TOP)  # exit
        self.emit(op.JUMP, end)
        self.mark(cleanup)
        self.emit(op.POP_EXCEPT_RERAISE)
        self.mark(end)

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        for decorator in node.decorator_list:
            self.expr(decorator)
        self.lineno = node.lineno
        self.make_function(node, node.name, node.body, is_lambda=False)
        for _ in node.decorator_list:
            self.emit(op.CALL, 1)
        self.store_name(node.name)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    def stmt_ClassDef(self, node: ast.ClassDef) -> None:
        """As CPython 3.11: ``__build_class__(body, name, *bases, **keywords)``, then the
        decorators, innermost first."""
        for decorator in node.decorator_list:
            self.expr(decorator)
        self.lineno = node.lineno
        self.emit(op.LOAD_BUILD_CLASS)
        code = self.class_body(node)
        self.emit_closure(code)
        self.emit(op.MAKE_FUNCTION, FunctionTemplate(code, False, False, bool(code.freevars)))
        self.emit(op.LOAD_CONST, node.name)
        self.call_with(node, node.bases, node.keywords, pushed=2)
        for _ in node.decorator_list:
            self.emit(op.CALL, 1)
        self.store_name(node.name)

    def class_body(self, node: ast.ClassDef) -> Code:
        """The code of a class body: it runs with the class namespace as its names and
        returns the ``__class__`` cell when a method uses ``super()`` or ``__class__``."""
        scope = self.scopes[node]
        qualname = self.child_qualname(node.name)
        unit = _Unit(scope, node.name, qualname, self.source_lines, self.scopes, kind="class")
        unit.future_annotations = self.future_annotations
        if scope.needs_class_cell:
            unit.cellvars = ["__class__", *unit.cellvars]
        unit.lineno = node.lineno
        unit.load_name("__name__")
        unit.store_name("__module__")
        unit.emit(op.LOAD_CONST, qualname)
        unit.store_name("__qualname__")
        body = node.body
        docstring = _docstring(body)
        if docstring is not None:
            unit.lineno = body[0].lineno
            unit.emit(op.LOAD_CONST, docstring)
            unit.store_name("__doc__")
        if _has_annotations(body):
            unit.emit(op.SETUP_ANNOTATIONS)
        unit.statements(body)
        if scope.needs_class_cell:
            unit.emit(op.LOAD_CLOSURE, 0)
            unit.emit(op.COPY, 1)
            unit.emit(op.STORE_NAME, "__classcell__")
        else:
            unit.emit(op.LOAD_CONST, None)
        unit.emit(op.RETURN_VALUE)
        return unit.finish(firstlineno=node.lineno, docstring=docstring)

    def stmt_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.emit(op.IMPORT_NAME, alias.name)
            if alias.asname is not None:
                for part in alias.name.split(".")[1:]:
                    self.emit(op.IMPORT_FROM, part)
                    self.emit(op.SWAP, 2)
                    self.emit(op.POP_TOP)
                self.store_name(alias.asname)
            else:
                self.store_name(alias.name.split(".")[0])

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            raise _unsupported(node, "a relative import")
        if any(alias.name == "*" for alias in node.names):
            raise _unsupported(node, "'from ... import *'")
        self.emit(op.IMPORT_NAME, node.module)
        for alias in node.names:
            self.emit(op.IMPORT_FROM, self.mangled(alias.name))
            self.store_name(alias.asname or alias.name)
        self.emit(op.POP_TOP)

    # -- assignment targets ---------------------------------------------------

    def store(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.store_name(target.id)
        elif isinstance(target, ast.Attribute):
            self.expr(target.value)
            self.emit(op.STORE_ATTR, self.mangled(target.attr))
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)
            self.subscript_key(target.slice)
            self.emit(op.STORE_SUBSCR)
        elif isinstance(target, (ast.Tuple, ast.List)):
            starred = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
            self.lineno = target.lineno
            if starred:
                index = starred[0]
                self.emit(op.UNPACK_EX, (index, len(target.elts) - index - 1))
            else:
                self.emit(op.UNPACK_SEQUENCE, len(target.elts))
            for element in target.elts:
                self.store(element.value if isinstance(element, ast.Starred) else element)
        else:
            raise _unsupported(target, "this assignment target")

    # -- expressions ------------------------------------------------------------

    def expr(self, node: ast.expr) -> None:
        saved = self.lineno
        self.lineno = node.lineno
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            raise _unsupported(node, type(node).__name__)
        method(node)
        self.lineno = saved

    def expr_Constant(self, node: ast.Constant) -> None:
        if node.value is Ellipsis:
            self.emit(op.LOAD_CONST, ...)
        else:
            self.emit(op.LOAD_CONST, node.value)

    def expr_Name(self, node: ast.Name) -> None:
        self.load_name(node.id)

    def expr_BinOp(self, node: ast.BinOp) -> None:
        self.expr(node.left)
        self.expr(node.right)
        kind = type(node.op)
        if kind is ast.Add:
            self.emit(op.BINARY_ADD)
        elif kind is ast.Sub:
            self.emit(op.BINARY_SUB)
        elif kind is ast.Mult:
            self.emit(op.BINARY_MUL)
        else:
            self.emit(op.BINARY_OP, operations.BINARY[kind])

    def expr_UnaryOp(self, node: ast.UnaryOp) -> None:
        self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            self.emit(op.UNARY_NOT)
        else:
            self.emit(op.UNARY_OP, UNARY_OPERATORS[type(node.op)])

    def expr_BoolOp(self, node: ast.BoolOp) -> None:
        end = Label()
        jump = op.JUMP_IF_FALSE_OR_POP if isinstance(node.op, ast.And) else op.JUMP_IF_TRUE_OR_POP
        for value in node.values[:-1]:
            self.expr(value)
            self.emit(jump, end)
        self.expr(node.values[-1])
        self.mark(end)

    def compare_op(self, node_op: ast.cmpop) -> None:
        kind = type(node_op)
        if kind is ast.Is:
            self.emit(op.IS_OP, 0)
        elif kind is ast.IsNot:
            self.emit(op.IS_OP, 1)
        elif kind is ast.In:
            self.emit(op.CONTAINS_OP, 0)
        elif kind is ast.NotIn:
            self.emit(op.CONTAINS_OP, 1)
        else:
            self.emit(op.COMPARE_OP, COMPARE_OPERATORS[kind])

    def expr_Compare(self, node: ast.Compare) -> None:
        self.expr(node.left)
        if len(node.ops) == 1:
            self.expr(node.comparators[0])
            self.compare_op(node.ops[0])
            return
        cleanup = Label()
        end = Label()
        for node_op, comparator in zip(node.ops[:-1], node.comparators[:-1]):
            self.expr(comparator)
            self.emit(op.SWAP, 2)
            self.emit(op.COPY, 2)
            self.compare_op(node_op)
            self.emit(op.JUMP_IF_FALSE_OR_POP, cleanup)
        self.expr(node.comparators[-1])
        self.compare_op(node.ops[-1])
        self.emit(op.JUMP, end)
        self.mark(cleanup)
        self.emit(op.SWAP, 2)
        self.emit(op.POP_TOP)
        self.mark(end)

    def jump_if(self, test: ast.expr, value: bool, target: Label) -> None:
        """Jump to ``target`` when ``test`` is ``value``; short-circuit and/or/not."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self.jump_if(test.operand, not value, target)
            return
        if isinstance(test, ast.BoolOp):
            is_and = isinstance(test.op, ast.And)
            if is_and != value:
                # and-jump-if-false / or-jump-if-true: any operand decides.
                for operand in test.values:
                    self.jump_if(operand, value, target)
            else:
                skip = Label()
                for operand in test.values[:-1]:
                    self.jump_if(operand, not value, skip)
                self.jump_if(test.values[-1], value, target)
                self.mark(skip)
            return
        self.expr(test)
        self.emit(op.POP_JUMP_IF_TRUE if value else op.POP_JUMP_IF_FALSE, target)

    def expr_IfExp(self, node: ast.IfExp) -> None:
        orelse = Label()
        end = Label()
        self.jump_if(node.test, False, orelse)
        self.expr(node.body)
        self.emit(op.JUMP, end)
        self.mark(orelse)
        self.expr(node.orelse)
        self.mark(end)

    def expr_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.expr(node.value)
        self.emit(op.COPY, 1)
        self.store(node.target)

    def expr_Attribute(self, node: ast.Attribute) -> None:
        self.expr(node.value)
        self.lineno = node.end_lineno or node.lineno
        self.emit(op.LOAD_ATTR, self.mangled(node.attr))

    def expr_Subscript(self, node: ast.Subscript) -> None:
        self.expr(node.value)
        self.subscript_key(node.slice)
        self.emit(op.BINARY_SUBSCR)

    def subscript_key(self, key: ast.expr) -> None:
        self.expr(key)

    def expr_Slice(self, node: ast.Slice) -> None:
        for part in (node.lower, node.upper):
            if part is None:
                self.emit(op.LOAD_CONST, None)
            else:
                self.expr(part)
        if node.step is not None:
            self.expr(node.step)
            self.emit(op.BUILD_SLICE, 3)
        else:
            self.emit(op.BUILD_SLICE, 2)

    def sequence(self, elements: list[ast.expr], build: int, extend: int) -> None:
        """Build a list/tuple/set display, with ``*x`` unpacking when present."""
        if not any(isinstance(e, ast.Starred) for e in elements):
            for element in elements:
                self.expr(element)
            self.emit(build, len(elements))
            return
        self.emit(op.BUILD_SET if build == op.BUILD_SET else op.BUILD_LIST, 0)
        pending = 0
        for element in elements:
            if isinstance(element, ast.Starred):
                if pending:
                    self.emit(op.BUILD_SET if build == op.BUILD_SET else op.BUILD_LIST, pending)
                    self.emit(extend, 1)
                    pending = 0
                self.expr(element.value)
                self.emit(extend, 1)
            else:
                self.expr(element)
                pending += 1
        if pending:
            self.emit(op.BUILD_SET if build == op.BUILD_SET else op.BUILD_LIST, pending)
            self.emit(extend, 1)
        if build == op.BUILD_TUPLE:
            self.emit(op.LIST_TO_TUPLE)

    def expr_List(self, node: ast.List) -> None:
        self.sequence(node.elts, op.BUILD_LIST, op.LIST_EXTEND)

    def expr_Tuple(self, node: ast.Tuple) -> None:
        if all(isinstance(e, ast.Constant) for e in node.elts):
            self.emit(op.LOAD_CONST, tuple(e.value for e in node.elts))  # type: ignore[attr-defined]
            return
        self.sequence(node.elts, op.BUILD_TUPLE, op.LIST_EXTEND)

    def expr_Set(self, node: ast.Set) -> None:
        self.sequence(node.elts, op.BUILD_SET, op.SET_UPDATE)

    def expr_Dict(self, node: ast.Dict) -> None:
        if None not in node.keys:
            for key, value in zip(node.keys, node.values):
                self.expr(key)  # type: ignore[arg-type]
                self.expr(value)
            self.emit(op.BUILD_MAP, len(node.keys))
            return
        self.emit(op.BUILD_MAP, 0)
        pending = 0
        for key, value in zip(node.keys, node.values):
            if key is None:
                if pending:
                    self.emit(op.BUILD_MAP, pending)
                    self.emit(op.DICT_UPDATE, 1)
                    pending = 0
                self.expr(value)
                self.emit(op.DICT_UPDATE, 1)
            else:
                self.expr(key)
                self.expr(value)
                pending += 1
        if pending:
            self.emit(op.BUILD_MAP, pending)
            self.emit(op.DICT_UPDATE, 1)

    def expr_JoinedStr(self, node: ast.JoinedStr) -> None:
        for value in node.values:
            if isinstance(value, ast.Constant):
                self.emit(op.LOAD_CONST, value.value)
            else:
                self.expr(value)
        if len(node.values) != 1 or not isinstance(node.values[0], ast.Constant):
            self.emit(op.BUILD_STRING, len(node.values))

    def expr_FormattedValue(self, node: ast.FormattedValue) -> None:
        self.expr(node.value)
        conversion = chr(node.conversion) if node.conversion != -1 else None
        if node.format_spec is not None:
            self.expr(node.format_spec)
        self.emit(op.FORMAT_VALUE, (conversion, node.format_spec is not None))

    def expr_Starred(self, node: ast.Starred) -> None:
        raise _unsupported(node, "a starred expression here")

    def expr_Call(self, node: ast.Call) -> None:
        func = node.func
        if (isinstance(func, ast.Attribute) and not node.keywords
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            # obj.method(args): LOAD_METHOD leaves (function, obj) for a method, so the
            # call makes no bound method object.
            self.expr(func.value)
            self.lineno = func.end_lineno or func.lineno
            self.emit(op.LOAD_METHOD, self.mangled(func.attr))
            for argument in node.args:
                self.expr(argument)
            self.lineno = node.lineno
            self.emit(op.CALL, method_arity(len(node.args)))
            return
        self.expr(func)
        self.call_with(node, node.args, node.keywords)

    def call_with(self, node: ast.AST, args: list[ast.expr], keywords: list[ast.keyword],
                  pushed: int = 0) -> None:
        """Call what is ``pushed + 1`` down the stack, the ``pushed`` values above it first."""
        simple = not any(isinstance(a, ast.Starred) for a in args) and all(
            k.arg is not None for k in keywords
        )
        if simple:
            for argument in args:
                self.expr(argument)
            for keyword in keywords:
                self.expr(keyword.value)
            self.lineno = node.lineno  # type: ignore[attr-defined]
            if keywords:
                names = tuple(k.arg for k in keywords)
                self.emit(op.CALL_KW, (pushed + len(args), names))
            else:
                self.emit(op.CALL, pushed + len(args))
            return
        if not pushed and len(args) == 1 and isinstance(args[0], ast.Starred):
            # f(*args): CALL_EX takes the iterable itself and names f if it is none.
            self.expr(args[0].value)
        elif pushed:
            self.emit(op.BUILD_LIST, pushed)
            for argument in args:
                if isinstance(argument, ast.Starred):
                    self.expr(argument.value)
                else:
                    self.expr(argument)
                    self.emit(op.BUILD_LIST, 1)
                self.emit(op.LIST_EXTEND, 1)
            self.emit(op.LIST_TO_TUPLE)
        else:
            self.sequence(args, op.BUILD_TUPLE, op.LIST_EXTEND)
        if keywords:
            self.emit(op.BUILD_MAP, 0)
            for keyword in keywords:
                if keyword.arg is None:
                    self.expr(keyword.value)
                    self.emit(op.DICT_MERGE, 1)
                else:
                    self.emit(op.LOAD_CONST, keyword.arg)
                    self.expr(keyword.value)
                    self.emit(op.BUILD_MAP, 1)
                    self.emit(op.DICT_MERGE, 1)
            self.lineno = node.lineno  # type: ignore[attr-defined]
            self.emit(op.CALL_EX, 1)
        else:
            self.lineno = node.lineno  # type: ignore[attr-defined]
            self.emit(op.CALL_EX, 0)

    def expr_Lambda(self, node: ast.Lambda) -> None:
        self.make_function(node, "<lambda>", node.body, is_lambda=True)

    def expr_Yield(self, node: ast.Yield) -> None:
        if node.value is None:
            self.emit(op.LOAD_CONST, None)
        else:
            self.expr(node.value)
        self.emit(op.YIELD_VALUE)

    def expr_YieldFrom(self, node: ast.YieldFrom) -> None:
        self.expr(node.value)
        self.delegate(op.GET_YIELD_FROM_ITER)

    def expr_Await(self, node: ast.Await) -> None:
        self.expr(node.value)
        self.await_top()

    def await_top(self) -> None:
        """Await TOS: drive its awaitable like a ``yield from``, leaving the result."""
        self.delegate(op.GET_AWAITABLE)

    def delegate(self, get_iterator: int) -> None:
        """Drive TOS, made an iterator by ``get_iterator``, to its end: its yields go
        through, what is sent comes back in; its return value is left on the stack."""
        self.emit(get_iterator)
        self.emit(op.LOAD_CONST, None)
        top = Label()
        done = Label()
        self.mark(top)
        self.emit(op.SEND, done)
        self.emit(op.YIELD_VALUE)
        self.emit(op.JUMP, top)
        self.mark(done)

    def expr_ListComp(self, node: ast.ListComp) -> None:
        self.comprehension(node, "<listcomp>", op.BUILD_LIST)

    def expr_SetComp(self, node: ast.SetComp) -> None:
        self.comprehension(node, "<setcomp>", op.BUILD_SET)

    def expr_DictComp(self, node: ast.DictComp) -> None:
        self.comprehension(node, "<dictcomp>", op.BUILD_MAP)

    def expr_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self.comprehension(node, "<genexpr>", None)

    # -- functions ------------------------------------------------------------

    def child_qualname(self, name: str) -> str:
        if self.kind == "module":
            return name
        if self.scope.names.get(self.mangled(name)) == GLOBAL_EXPLICIT:
            return name  # declared global here: CPython names it as a module-level one
        if self.kind in ("comprehension", "class"):  # CPython: <listcomp>.<lambda>, C.f
            return f"{self.qualname}.{name}"
        return f"{self.qualname}.<locals>.{name}"

    def make_function(
        self, node: ast.FunctionDef | ast.Lambda, name: str, body: Any, is_lambda: bool
    ) -> None:
        args = node.args
        if args.defaults:
            for default in args.defaults:
                self.expr(default)
            self.emit(op.BUILD_TUPLE, len(args.defaults))
        kw_defaults = [
            (a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None
        ]
        if kw_defaults:
            for key, default in kw_defaults:
                self.emit(op.LOAD_CONST, self.mangled(key))
                self.expr(default)
            self.emit(op.BUILD_MAP, len(kw_defaults))
        scope = self.scopes[node]
        unit = _Unit(scope, name, self.child_qualname(name), self.source_lines, self.scopes)
        unit.future_annotations = self.future_annotations
        positional = args.posonlyargs + args.args
        for parameter in positional + args.kwonlyargs:
            unit.varnames.append(unit.mangled(parameter.arg))
        if args.vararg:
            unit.varnames.append(unit.mangled(args.vararg.arg))
        if args.kwarg:
            unit.varnames.append(unit.mangled(args.kwarg.arg))
        docstring = None
        if is_lambda:
            unit.lineno = node.lineno
            unit.expr(body)
            unit.emit(op.RETURN_VALUE)
        else:
            docstring = _docstring(body)
            unit.lineno = node.lineno
            unit.statements(body)
            unit.emit(op.LOAD_CONST, None)
            unit.emit(op.RETURN_VALUE)
        unit.is_generator = unit.is_generator or _contains_yield(node)
        unit.is_coroutine = isinstance(node, ast.AsyncFunctionDef)
        if unit.is_generator and unit.is_coroutine:
            raise _unsupported(node, "an async generator")
        code = unit.finish(
            firstlineno=node.lineno,
            argcount=len(positional),
            posonlyargcount=len(args.posonlyargs),
            kwonlyargcount=len(args.kwonlyargs),
            has_varargs=args.vararg is not None,
            has_varkw=args.kwarg is not None,
            docstring=docstring,
        )
        self.emit_closure(code)
        self.emit(
            op.MAKE_FUNCTION,
            FunctionTemplate(code, bool(args.defaults), bool(kw_defaults), bool(code.freevars)),
        )

    def emit_closure(self, code: Code) -> None:
        if not code.freevars:
            return
        for name in code.freevars:
            kind, where = self.resolve(name)
            assert kind == "deref", (name, kind)
            self.emit(op.LOAD_CLOSURE, where)
        self.emit(op.BUILD_TUPLE, len(code.freevars))

    def comprehension(self, node: Any, name: str, build: int | None) -> None:
        scope = self.scopes[node]
        unit = _Unit(
            scope, name, self.child_qualname(name), self.source_lines, self.scopes,
            kind="comprehension",
        )
        unit.future_annotations = self.future_annotations
        unit.varnames.append(".0")
        unit.lineno = node.lineno
        unit.is_generator = build is None
        # A comprehension that awaits is a coroutine, awaited where it stands (as in CPython).
        unit.is_coroutine = _contains_await(node)
        if unit.is_generator and unit.is_coroutine:
            raise _unsupported(node, "an asynchronous generator expression")
        if build is not None:
            unit.emit(build, 0)
        unit.comprehension_body(node, 0, build)
        if build is None:
            unit.emit(op.LOAD_CONST, None)
        unit.emit(op.RETURN_VALUE)
        code = unit.finish(firstlineno=node.lineno, argcount=1)
        self.emit_closure(code)
        self.emit(op.MAKE_FUNCTION, FunctionTemplate(code, False, False, bool(code.freevars)))
        self.expr(node.generators[0].iter)
        self.emit(op.GET_ITER)
        self.emit(op.CALL, 1)
        if unit.is_coroutine:
            self.await_top()

    def comprehension_body(self, node: Any, index: int, build: int | None) -> None:
        generator = node.generators[index]
        top = Label()
        done = Label()
        if index == 0:
            self.emit(op.LOAD_FAST, 0)
        else:
            self.expr(generator.iter)
            self.emit(op.GET_ITER)
        self.mark(top)
        self.emit(op.FOR_ITER, done)
        self.store(generator.target)
        for condition in generator.ifs:
            self.jump_if(condition, False, top)
        if index + 1 < len(node.generators):
            self.comprehension_body(node, index + 1, build)
        elif build is None:
            self.expr(node.elt)
            self.emit(op.YIELD_VALUE)
            self.emit(op.POP_TOP)
        elif build == op.BUILD_MAP:
            self.expr(node.key)
            self.expr(node.value)
            self.emit(op.MAP_ADD, index + 2)
        else:
            self.expr(node.elt)
            self.emit(op.LIST_APPEND if build == op.BUILD_LIST else op.SET_ADD, index + 2)
        self.emit(op.JUMP_BACKWARD, top)
        self.mark(done)


def _docstring(body: list[ast.stmt]) -> str | None:
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        return body[0].value.value
    return None


def _has_annotations(body: list[ast.stmt]) -> bool:
    """Whether a module or class body annotates a name (CPython's find_ann): then it
    starts by making ``__annotations__``. Nested functions and classes do not count."""
    for statement in body:
        if isinstance(statement, ast.AnnAssign):
            return True
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            if _has_annotations(getattr(statement, field, []) or []):
                return True
        for handler in getattr(statement, "handlers", []) or []:
            if _has_annotations(handler.body):
                return True
        for case in getattr(statement, "cases", []) or []:
            if _has_annotations(case.body):
                return True
    return False


def _future_annotations(tree: ast.Module) -> bool:
    """Whether the module starts with ``from __future__ import annotations``."""
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            if any(alias.name == "annotations" for alias in statement.names):
                return True
        elif not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)):
            if not isinstance(statement, ast.ImportFrom) or statement.module != "__future__":
                return False
    return False


def _contains_yield(node: ast.AST) -> bool:
    """Whether a function body yields (not counting nested scopes)."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(child.generators[0].iter)
            continue
        stack.extend(ast.iter_child_nodes(child))
    return False


def _contains_await(node: ast.AST) -> bool:
    """Whether a scope awaits, ``async with`` included (not counting nested functions;
    comprehensions count, as an awaiting comprehension is awaited where it stands)."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.Await, ast.AsyncWith, ast.AsyncFor)):
            return True
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(child))
    return False


def _unsupported(node: ast.AST, what: str) -> SyntaxError:
    lineno = getattr(node, "lineno", 1)
    return SyntaxError(
        f"{what} is not supported by littrs",
        ("<sandbox>", lineno, getattr(node, "col_offset", 0) + 1, ""),
    )
