"""Scope analysis: which names are fast locals, cells, free variables or globals.

CPython's own symbol table (stdlib ``symtable``) does the analysis, so the
rules (comprehension scopes, walrus targets, ``global``/``nonlocal`` and their
SyntaxErrors) are exactly CPython's. This module turns its tables into the
facts the code generator needs and pairs each table with its AST node.
"""

from __future__ import annotations

import ast
import symtable
from _symtable import CELL, FREE, GLOBAL_EXPLICIT, GLOBAL_IMPLICIT, LOCAL
from collections import defaultdict, deque

SCOPE_NODES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)

_TABLE_NAMES = {
    ast.Lambda: "lambda",
    ast.ListComp: "listcomp",
    ast.SetComp: "setcomp",
    ast.DictComp: "dictcomp",
    ast.GeneratorExp: "genexpr",
}


class Scope:
    """Name facts for one function-like body (or the module)."""

    __slots__ = ("is_module", "locals", "cells", "frees", "globals", "table")

    def __init__(self, table: symtable.SymbolTable, is_module: bool) -> None:
        self.table = table
        self.is_module = is_module
        self.cells: list[str] = []
        self.frees: list[str] = []
        self.locals: set[str] = set()
        self.globals: set[str] = set()
        if is_module:
            return
        child_frees: set[str] = set()
        for child in table.get_children():
            if child.get_type() == "function":
                child_frees.update(child.get_frees())  # type: ignore[attr-defined]
        for symbol in table.get_symbols():
            name = symbol.get_name()
            # The scope field itself: symtable's is_global()/is_local() take any
            # function named "top" for the module.
            scope = symbol._Symbol__scope  # type: ignore[attr-defined]
            if scope == FREE:
                self.frees.append(name)
            elif scope in (GLOBAL_EXPLICIT, GLOBAL_IMPLICIT):
                self.globals.add(name)
            elif scope in (LOCAL, CELL):
                if name in child_frees:
                    self.cells.append(name)
                else:
                    self.locals.add(name)
        self.cells.sort()
        self.frees.sort()


def _node_key(node: ast.AST) -> tuple[str, int]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        # A decorated function's table carries the line of its first decorator.
        line = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        return node.name, line
    return _TABLE_NAMES[type(node)], node.lineno


def analyse(tree: ast.Module, source: str) -> dict[ast.AST, Scope]:
    """Pair every scope-making node (and the module) with its :class:`Scope`."""
    top = symtable.symtable(source, "<sandbox>", "exec")
    scopes: dict[ast.AST, Scope] = {tree: Scope(top, is_module=True)}

    def pair(node: ast.AST, table: symtable.SymbolTable) -> None:
        pending: dict[tuple[str, int], deque] = defaultdict(deque)
        for child in table.get_children():
            pending[(child.get_name(), child.get_lineno())].append(child)
        for inner in _direct_scopes(node):
            queue = pending.get(_node_key(inner))
            if not queue:
                queue = pending.get((_node_key(inner)[0], inner.lineno))
            if not queue:
                raise SyntaxError(f"internal error: no scope for line {inner.lineno}")
            child_table = queue.popleft()
            scopes[inner] = Scope(child_table, is_module=False)
            pair(inner, child_table)

    pair(tree, top)
    return scopes


class _Emit:
    """A marker on the walk's stack: the scope node it holds comes next in the order."""

    __slots__ = ("node",)

    def __init__(self, node: ast.AST) -> None:
        self.node = node


def _direct_scopes(node: ast.AST) -> list[ast.AST]:
    """Scope-making nodes inside ``node`` not nested in another scope, in symtable's order.

    CPython's symbol table visits what a scope-making node evaluates in the enclosing
    scope (defaults, decorators, a comprehension's first iterable) before it enters
    the node's own scope, so those come first here too.
    """
    found: list[ast.AST] = []
    stack: list[ast.AST | _Emit] = list(reversed(list(_children_of_scope(node))))
    while stack:
        child = stack.pop()
        if isinstance(child, _Emit):
            found.append(child.node)
        elif isinstance(child, SCOPE_NODES):
            stack.append(_Emit(child))
            stack.extend(reversed(_outer_parts(child)))
        else:
            stack.extend(reversed(list(ast.iter_child_nodes(child))))
    return found


def _children_of_scope(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Module):
        return list(node.body)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return list(node.body)
    if isinstance(node, ast.Lambda):
        return [node.body]
    if isinstance(node, ast.DictComp):
        parts: list[ast.AST] = [node.key, node.value]
    elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        parts = [node.elt]
    else:
        return list(ast.iter_child_nodes(node))
    for index, generator in enumerate(node.generators):
        parts.append(generator.target)
        if index:
            parts.append(generator.iter)
        parts.extend(generator.ifs)
    return parts


def _outer_parts(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        args = node.args
        parts: list[ast.AST] = list(getattr(node, "decorator_list", []))
        parts += [d for d in args.defaults] + [d for d in args.kw_defaults if d is not None]
        annotations = [
            a.annotation
            for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
            if a is not None and a.annotation is not None
        ]
        parts += annotations
        if getattr(node, "returns", None) is not None:
            parts.append(node.returns)  # type: ignore[union-attr]
        return parts
    return [node.generators[0].iter]  # type: ignore[attr-defined]
