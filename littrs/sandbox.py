"""The host-facing Sandbox: tools, variables, runs.

A Sandbox owns the sandbox's globals, its builtins namespace (tools live
there) and its limits. Each run compiles the source (cached), builds a
machine over those and drives it: every tool call the machine yields is
answered by calling the host function, through the boundary both ways.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from traceback import format_exception_only
from typing import Any

from .boundary import to_host, to_sandbox
from .errors import SandboxError
from .modules import STANDARD_MODULES
from .tools import bind_tool_call, describe_tool, tool_exception
from .vm.builtins import make_builtins
from .vm.compiler import compile_source
from .vm.context import current
from .vm.machine import Limits, Machine, Tool, ToolCall, Uncaught
from .vm.objects import Module
from .vm.tracebacks import format_exception

_LIMIT_NAMES = ("max_instructions", "max_recursion_depth", "max_duration", "max_memory", "max_output")


class Sandbox:
    """A Python sandbox for model-written code; see README.md for the tour."""

    def __init__(self, builtins: bool = True) -> None:
        self._globals: dict[str, Any] = {}
        self._builtins = make_builtins()
        self._limits = Limits()
        self._tools: dict[str, Tool] = {}
        self._allow_standard_modules = builtins
        self._modules: dict[str, Module] = {}  # imported or registered, one per sandbox
        self._module_tools: dict[str, list[Tool]] = {}

    # -- modules -------------------------------------------------------------------

    def module(self, name: str, namespace: dict[str, Any]) -> None:
        """Make ``import name`` work: constants cross the boundary, functions become tools."""
        if not isinstance(name, str) or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"module name must be a dotted identifier, not {name!r}")
        contents: dict[str, Any] = {}
        tools = []
        for key, value in namespace.items():
            if callable(value) and not isinstance(value, type):
                tool = Tool(f"{name}.{key}", value)
                contents[key] = tool
                tools.append(tool)
            else:
                contents[key] = to_sandbox(value)
        self._modules[name] = Module(name, contents)
        self._module_tools[name] = tools

    def _import(self, name: str) -> Module | None:
        module = self._modules.get(name)
        if module is None and self._allow_standard_modules:
            factory = STANDARD_MODULES.get(name)
            if factory is not None:
                module = self._modules[name] = factory()
        return module

    # -- tools ---------------------------------------------------------------------

    def tool(self, fn: Callable[..., Any] | None = None, *, name: str | None = None) -> Any:
        """Register ``fn`` as a tool (``@sb.tool`` or ``@sb.tool(name=...)``); returns it."""

        def register(function: Callable[..., Any]) -> Callable[..., Any]:
            tool_name = name or function.__name__
            self._add_tool(Tool(tool_name, function))
            return function

        if fn is not None:
            return register(fn)
        return register

    def register(self, name: str, fn: Callable[[list], Any]) -> None:
        """Register a low-level tool: ``fn`` receives the positional arguments as one list."""
        self._add_tool(Tool(name, fn, raw=True))

    def _add_tool(self, tool: Tool) -> None:
        if not callable(tool.fn):
            raise TypeError(f"tool {tool.name!r} is not callable")
        if not isinstance(tool.name, str) or not tool.name.isidentifier():
            raise ValueError(f"tool name must be an identifier, not {tool.name!r}")
        self._tools[tool.name] = tool
        self._builtins[tool.name] = tool

    def describe(self) -> str:
        """Python-style signatures and docstrings of the tools, for a system prompt."""
        blocks = [describe_tool(tool) for tool in self._tools.values()]
        for name, tools in self._module_tools.items():
            if tools:
                stubs = [describe_tool(tool, tool.name.rsplit(".", 1)[1]) for tool in tools]
                blocks.append(f"# module {name} (import {name})\n" + "\n\n".join(stubs))
        return "\n\n".join(blocks)

    # -- variables -------------------------------------------------------------------

    def __setitem__(self, name: str, value: Any) -> None:
        self._globals[name] = to_sandbox(value)

    def __getitem__(self, name: str) -> Any:
        return to_host(self._globals[name])

    def __delitem__(self, name: str) -> None:
        del self._globals[name]

    def __contains__(self, name: str) -> bool:
        return name in self._globals

    # -- limits ------------------------------------------------------------------------

    def limit(self, **limits: Any) -> None:
        """Set limits: max_instructions, max_recursion_depth, max_memory, max_duration,
        max_output; None means unlimited."""
        for key, value in limits.items():
            if key not in _LIMIT_NAMES:
                raise TypeError(f"limit() got an unexpected keyword argument '{key}'")
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
                raise ValueError(f"{key} must be a non-negative number or None, not {value!r}")
            setattr(self._limits, key, value)

    # -- running ----------------------------------------------------------------------

    def __call__(self, code: str) -> Any:
        return self.run(code)

    def run(self, code: str) -> Any:
        """Run ``code``; return the value of its final expression statement (else None).

        What the code prints goes to the host's standard output.
        """
        value, printed = self._run(code)
        if printed:
            sys.stdout.write(printed)
        return value

    def capture(self, code: str) -> tuple[Any, list[str]]:
        """Run ``code``; return ``(value, printed_lines)``."""
        value, printed = self._run(code)
        return value, split_lines(printed)

    def _run(self, source: str) -> tuple[Any, str]:
        if not isinstance(source, str):
            raise TypeError(f"code must be a str, not {type(source).__name__}")
        try:
            code = compile_source(source)
        except SyntaxError as error:
            raise SandboxError(
                type(error).__name__, str(error.msg), "".join(format_exception_only(error))
            ) from None
        machine = Machine(self._globals, self._builtins, self._limits, self._import)
        token = current.set(machine)
        try:
            machine.start_budget()
            driver = machine.execute(machine.module_frame(code))
            try:
                request = driver.send(None)
                while True:
                    assert type(request) is ToolCall
                    try:
                        result = self._call_tool(request)
                    except BaseException as exc:  # noqa: BLE001 - goes into the sandbox
                        request = driver.throw(tool_exception(exc))
                    else:
                        request = driver.send(result)
            except StopIteration as done:
                value = done.value
            except Uncaught as uncaught:
                exc = uncaught.exc
                raise SandboxError(
                    type(exc).__name__,
                    _message(exc),
                    format_exception(exc),
                    split_lines("".join(machine.output)),
                ) from None
            except Exception as exc:
                if hasattr(exc, "printed"):
                    exc.printed = split_lines("".join(machine.output))  # type: ignore[attr-defined]
                raise
            return to_host(value), "".join(machine.output)
        finally:
            current.reset(token)

    def _call_tool(self, request: ToolCall) -> Any:
        tool = request.tool
        args = [to_host(arg) for arg in request.args]
        kwargs = {key: to_host(value) for key, value in (request.kwargs or {}).items()}
        if tool.raw:
            if kwargs:
                raise TypeError(f"{tool.name}() takes no keyword arguments")
            return to_sandbox(tool.fn(args))
        bind_tool_call(tool, args, kwargs)
        return to_sandbox(tool.fn(*args, **kwargs))


def split_lines(text: str) -> list[str]:
    """Printed text as lines: one trailing newline dropped, then split on newlines."""
    if not text:
        return []
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def _message(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # noqa: BLE001
        return ""

