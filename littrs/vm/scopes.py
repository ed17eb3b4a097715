"""Scope analysis: which names are fast locals, cells, free variables or globals.

The rules are CPython 3.11's (``Python/symtable.c``), written out here rather than
read from the host's ``symtable`` module, so that the sandbox resolves names as 3.11
does on every host: CPython 3.12 inlines comprehensions (PEP 709) and its symbol
table no longer shows them as scopes of their own. Two passes, as in CPython: the
first collects, per block, how each name is used (bound, used, declared global or
nonlocal); the second resolves every name to a scope, turning the locals that inner
functions use into cells.

The SyntaxErrors of scoping (``nonlocal`` without a binding, a name used before its
``global`` declaration) are the host compiler's, which validates the source first;
this module assumes valid source.
"""

from __future__ import annotations

import ast

# How a block uses a name (symtable.c's DEF_* flags).
DEF_GLOBAL = 1
DEF_LOCAL = 2
DEF_PARAM = 4
DEF_NONLOCAL = 8
USE = 16
DEF_FREE_CLASS = 32
DEF_IMPORT = 64
DEF_ANNOT = 128
DEF_BOUND = DEF_LOCAL | DEF_PARAM | DEF_IMPORT

# What a name resolves to.
LOCAL = "local"
GLOBAL_EXPLICIT = "global_explicit"
GLOBAL_IMPLICIT = "global_implicit"
FREE = "free"
CELL = "cell"

FUNCTION_NODES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def mangle(private: str | None, name: str) -> str:
    """A private name inside a class body, as CPython mangles it (``__x`` -> ``_C__x``)."""
    if private is None or not name.startswith("__") or name.endswith("__") or "." in name:
        return name
    stripped = private.lstrip("_")
    if not stripped:
        return name
    return f"_{stripped}{name}"


class Scope:
    """Name facts for one block: the module, a function (lambda, comprehension) or a class.

    ``kind`` is "module", "function" or "class". ``names`` maps every name the block
    mentions to what it resolves to; ``cells`` and ``frees`` are in CPython's order.
    A class body whose methods use ``super()`` or ``__class__`` has
    ``needs_class_cell``. ``private`` is the class name that mangles ``__x`` here.
    """

    __slots__ = ("kind", "names", "flags", "cells", "frees", "locals", "globals",
                 "needs_class_cell", "private", "is_generator", "is_coroutine")

    def __init__(self, kind: str, private: str | None) -> None:
        self.kind = kind
        self.private = private
        self.flags: dict[str, int] = {}
        self.names: dict[str, str] = {}
        self.cells: list[str] = []
        self.frees: list[str] = []
        self.locals: set[str] = set()
        self.globals: set[str] = set()
        self.needs_class_cell = False

    @property
    def is_module(self) -> bool:
        return self.kind == "module"

    def add(self, name: str, flag: int) -> None:
        name = mangle(self.private, name)
        self.flags[name] = self.flags.get(name, 0) | flag


class _Block:
    __slots__ = ("scope", "node", "children", "is_comprehension")

    def __init__(self, scope: Scope, node: ast.AST, is_comprehension: bool = False) -> None:
        self.scope = scope
        self.node = node
        self.children: list[_Block] = []
        self.is_comprehension = is_comprehension


def analyse(tree: ast.Module, source: str = "") -> dict[ast.AST, Scope]:
    """Pair every scope-making node (and the module) with its :class:`Scope`."""
    top = _Block(Scope("module", None), tree)
    collector = _Collector(top)
    for statement in tree.body:
        collector.visit(statement)
    _analyse_block(top, None, set(), set())
    scopes: dict[ast.AST, Scope] = {}
    stack = [top]
    while stack:
        block = stack.pop()
        scopes[block.node] = block.scope
        stack.extend(block.children)
    return scopes


class _Collector(ast.NodeVisitor):
    """The first pass: how each block uses each name (symtable_visit_stmt/expr)."""

    def __init__(self, top: _Block) -> None:
        self.stack = [top]

    @property
    def block(self) -> _Block:
        return self.stack[-1]

    def add(self, name: str, flag: int) -> None:
        self.block.scope.add(name, flag)

    def enter(self, node: ast.AST, kind: str, is_comprehension: bool = False,
              private: str | None = None) -> _Block:
        parent = self.block
        if kind != "class":
            private = parent.scope.private
        block = _Block(Scope(kind, private), node, is_comprehension)
        parent.children.append(block)
        self.stack.append(block)
        return block

    def leave(self) -> None:
        self.stack.pop()

    def visit_all(self, nodes: list) -> None:
        for node in nodes:
            if node is not None:
                self.visit(node)

    # -- statements ----------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.add(node.name, DEF_LOCAL)
        self.visit_all(node.args.defaults)
        self.visit_all(node.args.kw_defaults)
        self.annotations(node.args, node.returns)
        self.visit_all(node.decorator_list)
        self.enter(node, "function")
        self.parameters(node.args)
        self.visit_all(node.body)
        self.leave()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.add(node.name, DEF_LOCAL)
        self.visit_all(node.bases)
        self.visit_all([keyword.value for keyword in node.keywords])
        self.visit_all(node.decorator_list)
        self.enter(node, "class", private=node.name)
        self.visit_all(node.body)
        self.leave()

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        target = node.target
        if isinstance(target, ast.Name):
            if node.simple:
                self.add(target.id, DEF_ANNOT | DEF_LOCAL)
            elif node.value is not None:
                self.add(target.id, DEF_LOCAL)
        else:
            self.visit(target)
        self.visit(node.annotation)
        if node.value is not None:
            self.visit(node.value)

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                continue
            stored = alias.asname or alias.name.split(".")[0]
            self.add(stored, DEF_IMPORT)

    visit_ImportFrom = visit_Import

    def visit_Global(self, node: ast.Global) -> None:
        for name in node.names:
            self.add(name, DEF_GLOBAL)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        for name in node.names:
            self.add(name, DEF_NONLOCAL)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.type is not None:
            self.visit(node.type)
        if node.name is not None:
            self.add(node.name, DEF_LOCAL)
        self.visit_all(node.body)

    def visit_MatchAs(self, node: ast.AST) -> None:
        if node.pattern is not None:  # type: ignore[attr-defined]
            self.visit(node.pattern)  # type: ignore[attr-defined]
        if node.name is not None:  # type: ignore[attr-defined]
            self.add(node.name, DEF_LOCAL)  # type: ignore[attr-defined]

    def visit_MatchStar(self, node: ast.AST) -> None:
        if node.name is not None:  # type: ignore[attr-defined]
            self.add(node.name, DEF_LOCAL)  # type: ignore[attr-defined]

    def visit_MatchMapping(self, node: ast.AST) -> None:
        self.visit_all(node.keys)  # type: ignore[attr-defined]
        self.visit_all(node.patterns)  # type: ignore[attr-defined]
        if node.rest is not None:  # type: ignore[attr-defined]
            self.add(node.rest, DEF_LOCAL)  # type: ignore[attr-defined]

    # -- expressions -----------------------------------------------------------

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.add(node.id, USE)
            if node.id == "super" and self.block.scope.kind == "function":
                self.add("__class__", USE)
        else:
            self.add(node.id, DEF_LOCAL)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        if self.block.is_comprehension:
            self.extend_named_expression_scope(node.target.id)  # type: ignore[union-attr]
        self.visit(node.value)
        self.visit(node.target)

    def extend_named_expression_scope(self, name: str) -> None:
        """A walrus in a comprehension binds in the nearest enclosing non-comprehension."""
        for block in reversed(self.stack):
            if block.is_comprehension:
                continue
            if block.scope.kind == "function":
                self.add(name, DEF_NONLOCAL)
                block.scope.add(name, DEF_LOCAL)
            elif block.scope.kind == "module":
                self.add(name, DEF_GLOBAL)
                block.scope.add(name, DEF_GLOBAL)
            return  # a class body: the host compiler refused it already

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.visit_all(node.args.defaults)
        self.visit_all(node.args.kw_defaults)
        self.enter(node, "function")
        self.parameters(node.args)
        self.visit(node.body)
        self.leave()

    def visit_ListComp(self, node: ast.AST) -> None:
        generators = node.generators  # type: ignore[attr-defined]
        self.visit(generators[0].iter)
        self.enter(node, "function", is_comprehension=True)
        self.add(".0", DEF_PARAM)
        first = generators[0]
        self.visit(first.target)
        self.visit_all(first.ifs)
        for generator in generators[1:]:
            self.visit(generator.target)
            self.visit(generator.iter)
            self.visit_all(generator.ifs)
        if isinstance(node, ast.DictComp):
            self.visit(node.value)
            self.visit(node.key)
        else:
            self.visit(node.elt)  # type: ignore[attr-defined]
        self.leave()

    visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_ListComp

    # -- helpers -------------------------------------------------------------

    def parameters(self, args: ast.arguments) -> None:
        for arg in args.posonlyargs + args.args + args.kwonlyargs:
            self.add(arg.arg, DEF_PARAM)
        if args.vararg is not None:
            self.add(args.vararg.arg, DEF_PARAM)
        if args.kwarg is not None:
            self.add(args.kwarg.arg, DEF_PARAM)

    def annotations(self, args: ast.arguments, returns: ast.expr | None) -> None:
        every = args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
        self.visit_all([arg.annotation for arg in every if arg is not None])
        if returns is not None:
            self.visit(returns)


def _analyse_block(block: _Block, bound: set | None, free: set, global_: set) -> None:
    """The second pass (symtable.c's analyze_block): resolve every name of ``block``."""
    scope = block.scope
    local: set[str] = set()
    new_global: set[str] = set()
    new_bound: set[str] = set()
    if scope.kind == "class":
        new_global |= global_
        if bound is not None:
            new_bound |= bound
    for name, flags in scope.flags.items():
        _analyse_name(scope, name, flags, bound, local, free, global_)
    if scope.kind != "class":
        if scope.kind == "function":
            new_bound |= local
        if bound is not None:
            new_bound |= bound
        new_global |= global_
    else:
        new_bound.add("__class__")
    all_free: set[str] = set()
    for child in block.children:
        child_free: set[str] = set()
        _analyse_block(child, set(new_bound), child_free, set(new_global))
        all_free |= child_free
    new_free = all_free
    if scope.kind == "function":
        for name, resolved in scope.names.items():
            if resolved == LOCAL and name in new_free:
                scope.names[name] = CELL
                new_free.discard(name)
    elif scope.kind == "class" and "__class__" in new_free:
        new_free.discard("__class__")
        scope.needs_class_cell = True
    for name in new_free:
        flags = scope.flags.get(name)
        if flags is not None:
            if scope.kind == "class" and flags & (DEF_BOUND | DEF_GLOBAL):
                scope.flags[name] = flags | DEF_FREE_CLASS
            continue
        if bound is not None and name not in bound:
            continue  # a global
        scope.flags[name] = 0
        scope.names[name] = FREE
    free |= new_free
    _summarise(scope)


def _analyse_name(scope: Scope, name: str, flags: int, bound: set | None, local: set,
                  free: set, global_: set) -> None:
    if flags & DEF_GLOBAL:
        scope.names[name] = GLOBAL_EXPLICIT
        global_.add(name)
        if bound is not None:
            bound.discard(name)
    elif flags & DEF_NONLOCAL:
        scope.names[name] = FREE
        free.add(name)
    elif flags & DEF_BOUND:
        scope.names[name] = LOCAL
        local.add(name)
        global_.discard(name)
    elif bound is not None and name in bound:
        scope.names[name] = FREE
        free.add(name)
    else:
        scope.names[name] = GLOBAL_IMPLICIT


def _summarise(scope: Scope) -> None:
    """The sets the code generator reads, from the resolved names."""
    for name, resolved in scope.names.items():
        if resolved == CELL:
            scope.cells.append(name)
        elif resolved == FREE or scope.flags.get(name, 0) & DEF_FREE_CLASS:
            scope.frees.append(name)
        if resolved == LOCAL:
            scope.locals.add(name)
        elif resolved in (GLOBAL_EXPLICIT, GLOBAL_IMPLICIT):
            scope.globals.add(name)
    scope.cells.sort()
    scope.frees.sort()
