"""The CPython side of the oracle: a long-lived worker that runs programs sent as JSON lines.

It imports nothing from littrs, so the oracle is plain CPython. ``value_repr`` and
``output_lines`` follow tests/cases/README.md, so fuzz outcomes compare like case files.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import gc
import inspect
import io
import json
import sys


def output_lines(text: str) -> list[str]:
    """Captured stdout as littrs reports ``printed``: drop one trailing newline, split."""
    if not text:
        return []
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def value_repr(value: object, _active: frozenset[int] = frozenset()) -> str:
    """``repr`` with set elements sorted: the boundary rebuilds sets in another order."""
    kind = type(value)
    if kind not in (list, tuple, dict, set, frozenset):
        return repr(value)
    if id(value) in _active:
        return "[...]" if kind is list else "{...}" if kind is dict else "(...)"
    active = _active | {id(value)}
    if kind is list:
        return "[" + ", ".join(value_repr(item, active) for item in value) + "]"  # type: ignore[attr-defined]
    if kind is tuple:
        items = [value_repr(item, active) for item in value]  # type: ignore[attr-defined]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if kind is dict:
        pairs = (
            f"{value_repr(k, active)}: {value_repr(v, active)}"
            for k, v in value.items()  # type: ignore[attr-defined]
        )
        return "{" + ", ".join(pairs) + "}"
    items = sorted(value_repr(item, active) for item in value)  # type: ignore[attr-defined]
    body = "{" + ", ".join(items) + "}" if items else ""
    if kind is frozenset:
        return f"frozenset({body})"
    return body or "set()"


REPR_FAILED = "repr of the final value failed"
FINAL = "__fuzz_final__"


def _parse(source: str) -> ast.Module:
    """``ast.parse`` with the cyclic collector off.

    An earlier program's garbage may have finalizers that run Python code (a task
    that failed unobserved logs, a generator runs its ``finally``); collected inside
    ``ast.parse``, they break CPython 3.11's AST constructor ("recursion depth
    mismatch"), which is no outcome of the program.
    """
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        gc.enable()


def _awaits(tree: ast.Module, final: ast.expr | None) -> bool:
    """Whether the program awaits at its top level (asyncio's REPL allows it, and littrs)."""
    module = ast.Module(body=[*tree.body, *([ast.Expr(final)] if final else [])], type_ignores=[])
    ast.fix_missing_locations(module)
    code = compile(module, "<fuzz>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    return bool(code.co_flags & inspect.CO_COROUTINE)


def _run_awaiting(tree: ast.Module, final: ast.expr | None, namespace: dict,
                  filename: str) -> object:
    """Run a module that awaits at the top level as littrs does: as the main task of
    ``asyncio.run``, its final expression evaluated inside it."""
    body = list(tree.body)
    if final is not None:
        body.append(ast.Assign(targets=[ast.Name(FINAL, ast.Store())], value=final))
    module = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    code = compile(module, filename, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    asyncio.run(eval(code, namespace))  # noqa: S307 - the generated program is trusted
    return namespace.pop(FINAL, None)


def run(source: str, prelude: str = "", filename: str = "<fuzz>") -> dict[str, object]:
    """Exec ``source`` in a fresh namespace; the outcome as a JSON-able dict.

    ``prelude`` (the inputs' assignments) runs first, compiled on its own as the
    host values injected into a sandbox are: its constants are not merged with
    the program's (``a is 0.0`` is False for an input ``a = 0.0``).
    """
    buffer = io.StringIO()
    value: object = None
    try:
        tree = _parse(source)
        final = tree.body.pop().value if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        namespace: dict[str, object] = {"__name__": "__main__"}
        exec(compile(prelude, "<inputs>", "exec"), namespace)
        with contextlib.redirect_stdout(buffer):
            if _awaits(tree, final):
                value = _run_awaiting(tree, final, namespace, filename)
            else:
                exec(compile(tree, filename, "exec"), namespace)
                if final is not None:
                    value = eval(compile(ast.Expression(body=final), filename, "eval"), namespace)
    except BaseException as exc:  # noqa: BLE001 - the program's own exception is data
        return {
            "value": None,
            "printed": output_lines(buffer.getvalue()),
            "exc_type": type(exc).__name__,
            "exc_message": str(exc),
        }
    try:
        shown = value_repr(value)
    except Exception as exc:  # noqa: BLE001 - the final value has no repr: not the program's
        return {"value": None, "printed": output_lines(buffer.getvalue()),
                "exc_type": REPR_FAILED, "exc_message": f"{type(exc).__name__}: {exc}"}
    return {"value": shown, "printed": output_lines(buffer.getvalue()), "exc_type": None,
            "exc_message": None}


def evaluate(code: str) -> dict[str, object]:
    """Exec ``code`` (test code, not a program under test) in a fresh namespace: what it
    leaves in ``result``, which must be JSON-able, or the exception that ended it."""
    namespace: dict[str, object] = {"__name__": "__oracle__"}
    try:
        exec(compile(code, "<oracle>", "exec"), namespace)  # noqa: S102 - the tests' own code
    except BaseException as exc:  # noqa: BLE001 - reported to the test
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {"result": namespace.get("result")}


def main() -> None:
    """Serve forever: one request per line in (JSON: a program's source, prelude and
    filename; or code to ``evaluate``), one JSON answer out."""
    sys.setrecursionlimit(1000)
    for line in sys.stdin:
        request = json.loads(line)
        if "evaluate" in request:
            outcome = evaluate(request["evaluate"])
        else:
            outcome = run(request["source"], request["prelude"], request["filename"])
        sys.stdout.write(json.dumps(outcome) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
