"""Escape attempts: the tricks that broke other Python-in-Python sandboxes, and more.

Every attempt must end in a clean sandbox exception, the one CPython would raise
for an object that lacks what the code reaches for (AttributeError, NameError,
ModuleNotFoundError, TypeError...), and the host must be untouched. A canary makes
"untouched" concrete: a secret written to a file in ``tmp_path`` and put in an
environment variable. The sandbox code goes for it through each escape; the
secret must never appear in a value, printed output, message or traceback.

The resource attacks (limits, memory, time, crashes of the host process) are in
``test_limits.py``. A test marked ``xfail(strict=True)`` is a hole that is open
today: its reason says why; remove the mark when it is fixed.
"""

from __future__ import annotations

import dataclasses
import json as host_json
import keyword
import math as host_math
import os
import secrets
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from littrs import LimitError, Sandbox, SandboxError

# -- the canary -----------------------------------------------------------------------


@dataclasses.dataclass
class Canary:
    secret: str
    path: Path
    env: str = "LITTRS_CANARY"

    def assert_hidden(self, *texts: Any) -> None:
        for text in texts:
            assert self.secret not in repr(text), f"the secret leaked: {text!r}"


@pytest.fixture
def canary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Canary:
    secret = "CANARY-" + secrets.token_hex(12)
    path = tmp_path / "secret.txt"
    path.write_text(secret)
    monkeypatch.setenv("LITTRS_CANARY", secret)
    return Canary(secret, path)


def blocked(sb: Sandbox, code: str, expected: str | tuple[str, ...], canary: Canary) -> SandboxError:
    """Run ``code``: it must fail in the sandbox with ``expected`` and show no secret."""
    expected = (expected,) if isinstance(expected, str) else expected
    before = (dict(os.environ), canary.path.read_text())
    try:
        value, printed = sb.capture(code)
    except SandboxError as caught:
        error = caught
        canary.assert_hidden(error.message, error.traceback, error.printed, str(error))
        assert error.type_name in expected, (
            f"expected {expected}, got {error.type_name}: {error.message}\n{error.traceback}"
        )
    else:
        canary.assert_hidden(value, printed)
        pytest.fail(f"escape attempt ran to the end: value={value!r} printed={printed!r}")
    assert (dict(os.environ), canary.path.read_text()) == before  # the host is untouched
    return error


def sandbox(canary: Canary) -> Sandbox:
    """A sandbox holding the secret's path and name, as a model would guess them."""
    sb = Sandbox()
    sb["path"] = str(canary.path)
    sb["env"] = canary.env
    return sb


# -- the object graph -------------------------------------------------------------------

OBJECT_GRAPH = [
    # The classic: walk from a literal to object, then to every class in the process.
    ("().__class__.__bases__[0].__subclasses__()", "AttributeError"),
    (
        "cs = ().__class__.__bases__[0].__subclasses__()\n"
        "w = [c for c in cs if c.__name__ == '_wrap_close'][0]\n"
        "w.__init__.__globals__['environ'][env]",
        "AttributeError",
    ),
    ("''.__class__.__mro__[-1].__subclasses__()", "AttributeError"),
    ("type.__subclasses__(object)", "AttributeError"),
    ("object.__subclasses__()", "AttributeError"),
    ("type(object).__subclasses__(object)", "AttributeError"),
    ("[].__class__.__base__.__subclasses__", "AttributeError"),
    ("[].__class__.__base__.__subclasses__()", "AttributeError"),
    ("type.__dict__['__subclasses__']", "AttributeError"),
    ("int.__dict__", "AttributeError"),
    ("type(type).__dict__", "AttributeError"),
    # Functions: their globals, builtins, code and closure.
    ("def f(): pass\nf.__globals__", "AttributeError"),
    ("def f(): pass\nf.__globals__['__builtins__']", "AttributeError"),
    ("(lambda: 0).__builtins__", "AttributeError"),
    ("__builtins__", "NameError"),
    ("__builtins__.open", "NameError"),
    ("__builtins__['eval']", "NameError"),
    ("def f(): pass\nf.__code__", "AttributeError"),
    ("def f(): pass\nf.__code__.co_consts", "AttributeError"),
    ("def f():\n    x = 1\n    return lambda: x\nf().__closure__[0].cell_contents", "AttributeError"),
    ("def f(): pass\nf.__dict__", "AttributeError"),
    ("def f(): pass\nf.__init__", "AttributeError"),
    ("def f(): pass\nf.__call__", "AttributeError"),
    ("def f(): pass\nf.__get__", "AttributeError"),
    ("def f(): pass\nf.__reduce_ex__(2)", "AttributeError"),
    ("(1).__getattribute__('__class__')", "AttributeError"),
    ("object.__getattribute__(1, '__globals__')", "AttributeError"),
    ("''.__init__", "AttributeError"),
    ("''.__init__.__globals__", "AttributeError"),
    # A builtin type's special methods exist (CPython's), and lead nowhere.
    ("''.__class__.__init__.__globals__", "AttributeError"),
    ("''.__class__.__new__.__self__", "AttributeError"),
    ("''.__class__.__new__.__globals__", "AttributeError"),
    ("''.__class__.__call__.__self__", "AttributeError"),
    ("int.__add__.__objclass__", "AttributeError"),
    # Frames: through exceptions, tracebacks and generators.
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame.f_globals", "AttributeError"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.with_traceback(None).__traceback__", "AttributeError"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame.f_back.f_builtins", "AttributeError"),
    ("sys._getframe(0).f_back.f_globals", "NameError"),
    ("def g():\n    yield 1\ng().gi_frame.f_back.f_globals", "AttributeError"),
    ("def g():\n    yield 1\ng().gi_code", "AttributeError"),
    ("def g():\n    yield 1\nx = g()\nnext(x)\nx.gi_frame", "AttributeError"),
    ("def g():\n    yield 1\ng().gi_yieldframe", "AttributeError"),
    ("def g():\n    yield 1\ng().__reduce__()", "AttributeError"),
    ("(x for x in [1]).gi_frame", "AttributeError"),
    ("(x for x in [1]).__next__", "AttributeError"),
    # Coroutines, tasks and the asyncio module's functions, types and loop.
    ("async def c(): pass\nc().cr_frame", "AttributeError"),
    ("async def c(): pass\nc().cr_code", "AttributeError"),
    ("import asyncio\nasyncio.run.__globals__", "AttributeError"),
    ("import asyncio\nasyncio.sleep.__code__", "AttributeError"),
    ("import asyncio\nasyncio.Task.__subclasses__()", "AttributeError"),
    ("import asyncio\nasyncio.Task.mro()[-1].__subclasses__()", "AttributeError"),
    ("import asyncio\nasyncio.Lock.__init__", "AttributeError"),
    ("import asyncio\nasyncio.CancelledError.__subclasses__()", "AttributeError"),
    ("import asyncio\nasyncio.Task(None)", "TypeError"),
    ("import asyncio\nasyncio.Future()", "RuntimeError"),  # only in a running loop
    ("import asyncio\nasync def m():\n    return asyncio.Future()._callbacks\nasyncio.run(m())",
     "AttributeError"),
    ("import asyncio\nasync def m():\n    return asyncio.Future().get_loop()\nasyncio.run(m())",
     "AttributeError"),
    ("import asyncio\nasync def m():\n    return asyncio.current_task().coro\nasyncio.run(m())",
     "AttributeError"),
    ("import asyncio\nasync def m():\n    return asyncio.current_task()._loop\nasyncio.run(m())",
     "AttributeError"),
    ("import asyncio\nasync def m():\n    return asyncio.current_task().get_coro().cr_frame\n"
     "asyncio.run(m())", "AttributeError"),
    ("import asyncio\nasyncio.Lock().waiters", "AttributeError"),
    ("import asyncio\nasyncio.get_event_loop()", "AttributeError"),
    # A callable the host would call back (exception groups split by types only).
    ("ExceptionGroup('g', [ValueError()]).subgroup(lambda e: True)", "TypeError"),
    ("ExceptionGroup('g', [ValueError()]).split(print)", "TypeError"),
    # Pickling hooks, class creation, class hooks.
    ("(1).__reduce__()", "AttributeError"),
    ("[].__reduce_ex__(2)", "AttributeError"),
    ("ValueError('x').__reduce__()", "AttributeError"),
    ("ValueError('x').__setstate__({})", "AttributeError"),
    ("ValueError('x').__dict__", "AttributeError"),
    ("ValueError.__init__.__globals__", "AttributeError"),
    ("object.__init_subclass__.__func__", "AttributeError"),
    ("object.__new__.__self__", "AttributeError"),
    ("object.__reduce_ex__(object(), 2)", "AttributeError"),
    # Sandbox classes: their host carrier, its record and dispatchers stay out of reach,
    # and a class walk never leaves the sandbox's own classes.
    ("class X:\n    pass\nX._littrs", "AttributeError"),
    ("class X:\n    pass\nX.__dict__['_littrs']", "KeyError"),
    ("class X:\n    def __eq__(s, o): return 1\nX.__dict__['__eq__'].__globals__",
     "AttributeError"),
    ("class X:\n    pass\nX.__mro__[-1].__subclasses__()", "AttributeError"),
    ("class X:\n    pass\nX.__base__.__subclasses__()[0]", "AttributeError"),
    ("class X:\n    pass\ntype(X).__subclasses__(object)", "AttributeError"),
    ("class M(type):\n    pass\nM.__mro__[1].__subclasses__(object)", "AttributeError"),
    ("class X:\n    pass\nX.__init__.__globals__", "AttributeError"),
    ("class X:\n    def f(self): pass\nX().f.__func__.__globals__", "AttributeError"),
    ("class X:\n    def f(self): pass\nX().f.__func__.__code__", "AttributeError"),
    ("class X:\n    pass\nX().__reduce_ex__(2)", "AttributeError"),
    ("class X:\n    pass\nX.__reduce__", "AttributeError"),
    ("class X:\n    pass\nX.__dict__['__dict__'].__get__", "AttributeError"),
    ("class E(Exception):\n    pass\ntry:\n    raise E()\nexcept E as e:\n"
     "    e.__traceback__.tb_frame", "AttributeError"),
    ("class E(Exception):\n    pass\nE().__dict__['_littrs']", "KeyError"),
    ("class X:\n    pass\n'{0.__class__.__base__.__subclasses__}'.format(X())",
     "AttributeError"),
    ("class X:\n    pass\n'{0.__init__.__globals__}'.format(X())", "AttributeError"),
    ("class X:\n    def __init_subclass__(cls): cls.__globals__\nclass Y(X):\n    pass",
     "AttributeError"),
    ("class X:\n    pass\nX.__class__.__call__.__self__", "AttributeError"),
    ("super().__self__.__class__", "RuntimeError"),
    ("property(len).fget.__self__", "AttributeError"),
    ("class X(int.__class__):\n    pass\nX.__subclasses__(int)", "TypeError"),
    # Names that are not builtins in the sandbox.
    ("vars()['__builtins__']", "KeyError"),
    ("locals()", "NameError"),
    ("globals()", "NameError"),
    ("eval('1')", "NameError"),
    ("exec('x = 1')", "NameError"),
    ("compile('1', '<s>', 'eval')", "NameError"),
    ("input()", "NameError"),
    ("breakpoint()", "NameError"),
    ("help()", "NameError"),
    ("memoryview(b'abc')", "NameError"),
    ("__import__('os')", "NameError"),
    ("__loader__", "NameError"),
    ("__spec__", "NameError"),
    ("__file__", "NameError"),
    ("exit()", "NameError"),
    ("quit()", "NameError"),
    ("copyright", "NameError"),
]


@pytest.mark.parametrize(("code", "expected"), OBJECT_GRAPH, ids=[c for c, _ in OBJECT_GRAPH])
def test_object_graph_is_closed(code: str, expected: str, canary: Canary) -> None:
    blocked(sandbox(canary), code, expected, canary)


def test_open_reaches_no_host_file(canary: Canary) -> None:
    """``open`` only sees mounts: not the canary, not /proc, not a file descriptor."""
    sb = sandbox(canary)
    blocked(sb, "open(path).read()", "FileNotFoundError", canary)
    blocked(sb, "open('/proc/self/environ', 'rb').read()", "FileNotFoundError", canary)
    blocked(sb, "open('/etc/passwd').read()", "FileNotFoundError", canary)
    blocked(sb, "open(0).read()", "OSError", canary)
    blocked(sb, "open(path, 'w').write('x')", "PermissionError", canary)


def test_mounts_cannot_be_climbed_out_of(canary: Canary, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "ok.txt").write_text("fine")
    (data / "link").symlink_to(canary.path)
    (data / "dirlink").symlink_to(tmp_path)
    sb = sandbox(canary)
    sb.mount("data", data, writable=True)
    assert sb.run("open('data/ok.txt').read()") == "fine"
    for name in ["data/../secret.txt", "data/link", "data/dirlink/secret.txt", "/data/../../secret.txt",
                 "data/./../secret.txt", "data//..//secret.txt"]:
        with pytest.raises(SandboxError) as caught:
            sb.run(f"open({name!r}).read()")
        assert caught.value.type_name in ("FileNotFoundError", "PermissionError")
        canary.assert_hidden(caught.value.message, caught.value.traceback)
    with pytest.raises(SandboxError):
        sb.run("open('data/link', 'w').write('overwritten')")
    assert canary.path.read_text() == canary.secret


FILE_ATTRIBUTES = ["_stream", "_raw", "_run", "buffer", "raw", "__dict__", "_CHUNK_SIZE", "__init__",
                   "__reduce__", "__getstate__", "detach", "_checkClosed", "__del__"]


@pytest.mark.parametrize("attribute", FILE_ATTRIBUTES)
def test_file_objects_expose_only_their_whitelist(attribute: str, canary: Canary, tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text("hello")
    sb = sandbox(canary)
    sb.mount("in.txt", tmp_path / "in.txt")
    blocked(sb, f"f = open('in.txt')\nf.{attribute}", "AttributeError", canary)
    blocked(sb, f"f = open('in.txt')\ngetattr(f, {attribute!r})", "AttributeError", canary)
    blocked(sb, f"f = open('in.txt', 'rb')\nf.{attribute}", "AttributeError", canary)


def test_file_type_cannot_be_turned_on_a_host_path(canary: Canary, tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text("hello")
    sb = sandbox(canary)
    sb.mount("in.txt", tmp_path / "in.txt")
    blocked(sb, "type(open('in.txt'))(path)", "TypeError", canary)
    blocked(sb, "type(open('in.txt')).read(path)", "TypeError", canary)
    blocked(sb, "type(open('in.txt')).__mro__[1].__subclasses__()", "AttributeError", canary)


# -- getattr and friends with dunder strings ---------------------------------------------

def test_getattr_class_is_allowed_but_leads_nowhere(canary: Canary) -> None:
    sb = sandbox(canary)
    assert sb.run("getattr(1, '__class__') is int") is True
    assert sb.run("getattr(getattr(1, '__class__'), '__name__')") == "int"
    blocked(sb, "getattr(getattr(1, '__class__'), '__subclasses__')", "AttributeError", canary)
    blocked(sb, "getattr(type, '__subclasses__')(object)", "AttributeError", canary)
    blocked(sb, "getattr(object, '__subclasses__')()", "AttributeError", canary)
    blocked(sb, "getattr(lambda: 0, '__globals__')", "AttributeError", canary)
    blocked(sb, "getattr(lambda: 0, '__code__')", "AttributeError", canary)
    blocked(sb, "getattr(print, '__self__')", "AttributeError", canary)
    blocked(sb, "getattr(print, 'fn')", "AttributeError", canary)


@pytest.mark.parametrize(
    "name", ["__class__", "__subclasses__", "__globals__", "__dict__", "__mro__", "__bases__",
             "__code__", "__reduce__", "__init__", "__builtins__", "fn", "self", "code", "globals"]
)
def test_hasattr_never_sees_host_internals(name: str, canary: Canary) -> None:
    sb = sandbox(canary)
    found = sb.run(
        f"[hasattr(x, {name!r}) for x in (1, 'a', [], {{}}, print, len, [].append, lambda: 0, "
        f"(x for x in []), ValueError())]"
    )
    if name == "__class__":
        assert found == [True] * 10
    else:
        assert found == [False] * 10


def test_setattr_and_delattr_cannot_rewire_anything(canary: Canary) -> None:
    sb = sandbox(canary)
    blocked(sb, "setattr(print, '__class__', int)", ("AttributeError", "TypeError"), canary)
    blocked(sb, "setattr(int, '__add__', len)", "TypeError", canary)
    blocked(sb, "setattr(int, 'x', 1)", "TypeError", canary)
    blocked(sb, "setattr([], 'append', len)", "AttributeError", canary)
    blocked(sb, "setattr(ValueError(), '__traceback__', None)", "AttributeError", canary)
    blocked(sb, "def f(): pass\nsetattr(f, '__code__', None)", "AttributeError", canary)
    blocked(sb, "def f(): pass\nsetattr(f, '__globals__', {})", "AttributeError", canary)
    blocked(sb, "def f(): pass\nsetattr(f, '__class__', int)", "AttributeError", canary)
    blocked(sb, "delattr(print, '__name__')", "AttributeError", canary)
    blocked(sb, "delattr(int, 'bit_length')", "TypeError", canary)  # CPython's: immutable type
    blocked(sb, "print.x = 1", "AttributeError", canary)
    # a function's own attributes live in its own dict: setting 'code' does not touch its code
    assert sb.run("def f(): return 1\nf.code = None\nf.globals = None\nf()") == 1


# -- format strings ------------------------------------------------------------------------

def test_format_strings_resolve_fields_through_the_whitelist(canary: Canary) -> None:
    sb = sandbox(canary)
    # __class__ is allowed by design; what it leads to is not
    assert sb.run("'{0.__class__}'.format(1)") == "<class 'int'>"
    assert sb.run("'{0.__class__.__mro__}'.format(1)") == "(<class 'int'>, <class 'object'>)"
    assert sb.run("x = 1\nf'{x.__class__}'") == "<class 'int'>"
    attempts = [
        "def f(): pass\n'{0.__globals__}'.format(f)",
        "def f(): pass\n'{0.__globals__[__builtins__]}'.format(f)",
        "'{0.__class__.__base__.__subclasses__}'.format(1)",
        "'{0.__class__.__mro__[1].__subclasses__}'.format(1)",
        "'{0.__init__.__globals__}'.format('')",
        "'{0.__class__.__init__.__globals__}'.format(1)",
        "'{x.__globals__}'.format_map({'x': lambda: 0})",
        "'{x.__class__.__subclasses__}'.format_map({'x': 1})",
        "str.format('{0.__globals__}', lambda: 0)",
        "'{0:{1.__globals__}}'.format(1, lambda: 0)",
        "'{0.fn}'.format(print)",
        "x = 1\nf'{x.__class__.__subclasses__()}'",
        "def g():\n    yield\nf'{g().gi_frame}'",
    ]
    for code in attempts:
        blocked(sb, code, "AttributeError", canary)
    blocked(sb, "'{0[__builtins__]}'.format({})", "KeyError", canary)
    # %-formatting only renders values; a function renders as its repr
    assert sb.run("'%(x)s' % {'x': len}") == "<built-in function len>"
    assert sb.run("'%s' % (lambda: 0,)").startswith("<function <lambda> at 0x")


# -- imports ----------------------------------------------------------------------------------

IMPORTS = [
    ("import os", "ModuleNotFoundError"),
    ("import os.path", "ModuleNotFoundError"),
    ("import sys", "ModuleNotFoundError"),
    ("import importlib", "ModuleNotFoundError"),
    ("import builtins", "ModuleNotFoundError"),
    ("import subprocess", "ModuleNotFoundError"),
    ("import ctypes", "ModuleNotFoundError"),
    ("import gc", "ModuleNotFoundError"),
    ("import itertools", "ModuleNotFoundError"),
    ("import inspect", "ModuleNotFoundError"),
    ("import posix", "ModuleNotFoundError"),
    ("import _io", "ModuleNotFoundError"),
    ("import littrs", "ModuleNotFoundError"),
    ("import encodings", "ModuleNotFoundError"),
    ("from os import system", "ModuleNotFoundError"),
    ("from sys import modules", "ModuleNotFoundError"),
    ("import json.decoder", "ModuleNotFoundError"),
    ("import json.scanner", "ModuleNotFoundError"),
    ("from json import decoder", "ImportError"),
    ("from json import sys", "ImportError"),
    ("from math import __loader__", "ImportError"),
    ("from . import x", "SyntaxError"),
    ("from .. import x", "SyntaxError"),
    ("from .os import system", "SyntaxError"),
    ("from os import *", ("SyntaxError", "ModuleNotFoundError")),
    ("__import__('os')", "NameError"),
    ("import json\njson.__loader__", "AttributeError"),
    ("import json\njson.__spec__", "AttributeError"),
    ("import json\njson.__dict__", "AttributeError"),
    ("import json\njson.__file__", "AttributeError"),
    ("import json\njson.decoder", "AttributeError"),
    ("import json\njson.codecs", "AttributeError"),
    ("import json\njson.dumps.__globals__", "AttributeError"),
    ("import json\njson.dumps.__self__", "AttributeError"),
    ("import json\njson.JSONDecodeError.__init__.__globals__", "AttributeError"),
    ("import json\njson.JSONDecodeError.__module__.__class__.__subclasses__", "AttributeError"),
    ("import math\nmath.__loader__", "AttributeError"),
    ("import math\nmath.sqrt.__self__", "AttributeError"),
    ("import math\nmath.sys", "AttributeError"),
    ("import typing\ntyping.sys", "AttributeError"),
    ("import typing\ntyping.collections", "AttributeError"),
    ("import typing\ntyping.List.__module__.__class__.__subclasses__", "AttributeError"),
    ("import typing\ntyping.List.__origin__.__subclasses__()", "AttributeError"),
    ("import typing\ntype(typing.List).__init__.__globals__", "AttributeError"),
    ("import typing\ntyping.get_type_hints", "AttributeError"),
]


@pytest.mark.parametrize(("code", "expected"), IMPORTS, ids=[c for c, _ in IMPORTS])
def test_imports_in_every_spelling(code: str, expected: str | tuple[str, ...], canary: Canary) -> None:
    blocked(sandbox(canary), code, expected, canary)


def test_no_standard_module_without_builtins(canary: Canary) -> None:
    sb = Sandbox(builtins=False)
    for name in ("json", "math", "typing"):
        blocked(sb, f"import {name}", "ModuleNotFoundError", canary)


@pytest.mark.parametrize("name", ["json", "math", "typing"])
def test_standard_modules_hold_only_sandbox_values(name: str) -> None:
    """Everything in json/math/typing is a sandbox value, a builtin or an inert form."""
    sb = Sandbox()
    kinds = sb.run(
        f"import {name}\n"
        f"sorted(set(type(getattr({name}, n)).__name__ for n in dir({name})))"
    )
    assert "module" not in kinds
    assert "function" not in kinds  # a host Python function would be one
    names = sb.run(f"import {name}\ndir({name})")
    for attribute in names:
        for dunder in ("__globals__", "__code__", "__self__", "__wrapped__", "__dict__", "__closure__"):
            with pytest.raises(SandboxError) as caught:
                sb.run(f"import {name}\n{name}.{attribute}.{dunder}")
            assert caught.value.type_name == "AttributeError", (attribute, dunder)


# -- host objects smuggled in -------------------------------------------------------------


class _Plain:
    secret = "x"


class _Dynamic:
    def __getattr__(self, name: str) -> Any:
        return os.environ


class _Custom(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.secret = os.environ.get("LITTRS_CANARY")
        self.module = os


def _smuggled() -> list[tuple[str, Any]]:
    def closure() -> str:
        return os.environ["LITTRS_CANARY"]

    return [
        ("function", closure),
        ("builtin", open),
        ("bound method", os.environ.get),
        ("module", os),
        ("class", _Plain),
        ("instance", _Plain()),
        ("getattr object", _Dynamic()),
        ("exception", _Custom("boom")),
        ("builtin exception", ValueError("boom")),
        ("generator", (x for x in [1])),
        ("file", sys.stdout),
        ("type", int),
        ("frame", sys._getframe()),
        ("code", closure.__code__),
        ("environ", os.environ),
        ("nested", {"ok": [1, 2, {"deep": os.system}]}),
        ("in a tuple", (1, os)),
        ("set of host objects", frozenset([os.system])),
        ("dict key", {os: 1}),
        ("memoryview", memoryview(b"x")),
        ("ellipsis", ...),
        ("NotImplemented", NotImplemented),
        ("property", property(lambda self: 1)),
        ("SimpleNamespace", types.SimpleNamespace(a=1)),
    ]


SMUGGLED = _smuggled()


@pytest.mark.parametrize(("label", "value"), SMUGGLED, ids=[label for label, _ in SMUGGLED])
def test_injected_host_objects_are_refused_on_the_host_side(label: str, value: Any) -> None:
    sb = Sandbox()
    with pytest.raises(TypeError, match="cannot pass"):
        sb["x"] = value
    assert "x" not in sb
    with pytest.raises(TypeError, match="cannot pass"):
        sb.module("m", {"value": value} if not callable(value) or isinstance(value, type) else {"v": [value]})


@pytest.mark.parametrize(("label", "value"), SMUGGLED, ids=[label for label, _ in SMUGGLED])
def test_tool_results_that_are_host_objects_are_refused(label: str, value: Any, canary: Canary) -> None:
    sb = sandbox(canary)
    sb.tool(lambda: value, name="smuggle")
    error = blocked(sb, "x = smuggle()\nx", "TypeError", canary)
    assert "cannot pass" in error.message
    # the refusal is an ordinary exception of the sandbox: it can catch it and go on
    assert sb.run("try:\n    smuggle()\nexcept TypeError:\n    r = 'caught'\nr") == "caught"


def test_module_namespaces_refuse_host_objects() -> None:
    sb = Sandbox()
    with pytest.raises(TypeError, match="module"):
        sb.module("m", {"os": os})
    with pytest.raises(TypeError):
        sb.module("m", {"cls": _Plain})
    with pytest.raises(TypeError):
        sb.module("m", {"obj": _Plain()})
    with pytest.raises(SandboxError) as caught:
        sb.run("import m")
    assert caught.value.type_name == "ModuleNotFoundError"


def test_tool_exceptions_of_custom_classes_arrive_as_message_only(canary: Canary) -> None:
    sb = sandbox(canary)

    @sb.tool
    def explode() -> None:
        raise _Custom("public message")

    assert sb.run(
        "try:\n    explode()\nexcept RuntimeError as e:\n"
        "    r = (type(e).__name__, e.args, e.__cause__, e.__context__)\nr"
    ) == ("RuntimeError", ("public message",), None, None)
    for attribute in ("secret", "module", "__traceback__", "__dict__",
                      "__class__.__init__.__globals__", "__class__.__subclasses__",
                      "with_traceback(None).__traceback__"):
        blocked(sb, f"try:\n    explode()\nexcept Exception as e:\n    e.{attribute}", "AttributeError", canary)
    error = blocked(sb, "explode()", "RuntimeError", canary)
    assert "test_security" not in error.traceback and __file__ not in error.traceback
    assert "_Custom" not in error.traceback


def test_exceptions_thrown_into_a_paused_run_arrive_as_message_only(canary: Canary) -> None:
    sb = sandbox(canary)
    sb.declare("approve")
    step = sb.start(
        "try:\n    approve()\nexcept Exception as e:\n"
        "    r = (type(e).__name__, e.args, hasattr(e, 'secret'), hasattr(e, 'module'))\nr"
    )
    done = step.throw(_Custom("denied"))
    assert done.value == ("RuntimeError", ("denied",), False, False)


def test_tool_exceptions_of_builtin_classes_lose_their_attributes(canary: Canary) -> None:
    sb = sandbox(canary)

    @sb.tool
    def explode(kind: str) -> None:
        error: BaseException = ValueError("v") if kind == "value" else KeyError(os)
        error.secret = os.environ["LITTRS_CANARY"]  # type: ignore[attr-defined]
        error.__cause__ = RuntimeError(os.environ["LITTRS_CANARY"])
        raise error

    blocked(sb, "try:\n    explode('value')\nexcept ValueError as e:\n    e.secret", "AttributeError", canary)
    assert sb.run("try:\n    explode('value')\nexcept ValueError as e:\n    r = e.__cause__\nr") is None
    # a host object among the arguments arrives as its str(), not as itself
    assert sb.run("try:\n    explode('key')\nexcept KeyError as e:\n    r = type(e.args[0]).__name__\nr") == "str"


def test_tool_functions_expose_nothing_of_the_host(canary: Canary) -> None:
    sb = sandbox(canary)

    def helper() -> str:
        return os.environ["LITTRS_CANARY"]

    @sb.tool
    def my_tool(x: int = 1) -> int:
        """Documented."""
        helper()
        return x

    sb.register("raw_tool", lambda args: len(args))
    for tool in ("my_tool", "raw_tool"):
        for attribute in ("__self__", "__wrapped__", "__globals__", "__closure__", "__code__", "__call__",
                          "__func__", "__dict__", "__defaults__", "__kwdefaults__", "__annotations__",
                          "__module__", "fn", "signature", "binder", "raw", "__class__.__dict__",
                          "__class__.__init__", "__class__.__subclasses__", "__class__.__slots__",
                          "__reduce__", "__reduce_ex__", "__getattribute__"):
            blocked(sb, f"f = {tool}\nf.{attribute}", "AttributeError", canary)
            blocked(sb, f"getattr({tool}, {attribute.split('.')[0]!r}).x", "AttributeError", canary)
        blocked(sb, f"type({tool})('x', len)", "TypeError", canary)
        blocked(sb, f"{tool}.x = 1", "AttributeError", canary)
    assert sb.run("my_tool(5)") == 5


def test_bound_host_methods_expose_nothing(canary: Canary) -> None:
    sb = sandbox(canary)
    for code in ["[].append.__self__", "[].append.__func__", "[].append.__reduce__()",
                 "str.join.__objclass__", "str.join.__get__", "(1).__add__", "(1).__add__.__self__",
                 "dict.fromkeys.__self__", "[].append.__call__", "{}.keys().mapping",
                 "[].sort.__self__", "''.join.__self__", "''.format.__self__", "[].sort.fn",
                 "[].sort.self", "print.__self__", "print.__module__.__class__.__subclasses__",
                 "[].append.__class__.__dict__", "[].append.__class__.__call__",
                 "iter([]).__reduce__()", "iter([]).__setstate__(0)", "iter([]).__next__",
                 "reversed([]).__length_hint__()", "{}.items().__iter__", "range(3).__reduce__()"]:
        blocked(sb, code, "AttributeError", canary)
    # __class__ answers with the type, like everywhere; what the type offers is whitelisted
    assert sb.run("[].append.__class__.__name__") == "builtin_function_or_method"
    blocked(sb, "type([].append)(1)", "TypeError", canary)


# -- per-sandbox state ------------------------------------------------------------------------

def test_shadowing_a_builtin_stays_in_its_sandbox() -> None:
    one, two = Sandbox(), Sandbox()
    one.run("len = 5\nprint = None\nValueError = 1")
    assert one.run("len") == 5
    assert two.run("len([1, 2])") == 2
    assert two.capture("print('still here')") == (None, ["still here"])
    assert two.run("try:\n    int('x')\nexcept ValueError:\n    r = 'ok'\nr") == "ok"
    assert one.run("del len\nlen([1])") == 1  # the builtin was shadowed, never replaced
    assert Sandbox().run("len('abc')") == 3


def test_builtins_and_types_cannot_be_mutated_at_all(canary: Canary) -> None:
    sb = sandbox(canary)
    for code in ["print.x = 1", "len.__name__ = 'x'", "int.x = 1", "int.bit_length = len",
                 "ValueError.x = 1", "type.x = 1", "object.x = 1", "type(print).x = 1",
                 "del int.bit_length", "del print.__name__"]:
        blocked(sb, code, ("AttributeError", "TypeError"), canary)
    assert Sandbox().run("(5).bit_length()") == 3


def test_module_values_do_not_leak_between_sandboxes_or_to_the_host() -> None:
    config = {"users": ["ann"], "limits": {"n": 1}}
    one, two = Sandbox(), Sandbox()
    one.module("config", config)
    two.module("config", config)
    one.run("import config\nconfig.users.append('eve')\nconfig.limits['n'] = 99\nconfig.extra = 1")
    assert one.run("import config\nconfig.users") == ["ann", "eve"]  # a module is shared within one sandbox
    assert two.run("import config\n(config.users, config.limits, hasattr(config, 'extra'))") == (
        ["ann"], {"n": 1}, False
    )
    assert config == {"users": ["ann"], "limits": {"n": 1}}


def test_injected_values_are_copies_both_ways() -> None:
    data = {"items": [1, 2]}
    sb = Sandbox()
    sb["data"] = data
    sb.run("data['items'].append(3)")
    assert data == {"items": [1, 2]}
    out = sb["data"]
    out["items"].append(4)
    assert sb.run("data") == {"items": [1, 2, 3]}


def test_tool_arguments_and_results_are_copies() -> None:
    kept: list[Any] = []
    shared = [1]
    sb = Sandbox()

    @sb.tool
    def keep(value: list) -> list:
        kept.append(value)
        return shared

    sb.run("mine = [1, 2]\ngot = keep(mine)\ngot.append('sandbox')")
    kept[0].append("host")
    assert sb.run("mine") == [1, 2]
    assert shared == [1]


def test_json_patched_in_one_sandbox_is_unchanged_elsewhere() -> None:
    one, two = Sandbox(), Sandbox()
    try:
        one.run("import json")
    except SandboxError:
        pytest.skip("json is not importable yet")
    one.run("import json\njson.dumps = None\njson.loads = len\njson.extra = 1")
    assert one.run("import json\njson.dumps") is None
    assert two.run("import json\n(json.dumps([1]), hasattr(json, 'extra'))") == ("[1]", False)
    assert host_json.dumps([1]) == "[1]" and not hasattr(host_json, "extra")
    assert Sandbox().run("import json\njson.loads('[2]')") == [2]


def test_math_patched_in_one_sandbox_is_unchanged_elsewhere() -> None:
    one, two = Sandbox(), Sandbox()
    try:
        one.run("import math")
    except SandboxError:
        pytest.skip("math is not importable yet")
    one.run("import math\nmath.pi = 3\nmath.sqrt = None")
    assert (two.run("import math\nmath.pi"), two.run("import math\nmath.sqrt(4)")) == (host_math.pi, 2.0)
    assert host_math.pi != 3


def test_tool_named_like_a_builtin_replaces_it_in_its_own_sandbox_only() -> None:
    """Reported, not judged: ``@sb.tool(name="print")`` replaces ``print`` for that sandbox."""
    sb = Sandbox()
    calls: list[tuple] = []

    @sb.tool(name="print")
    def my_print(*args: Any) -> str:
        calls.append(args)
        return "tool"

    assert sb.capture("print('hi')") == ("tool", [])
    assert calls == [("hi",)]
    assert Sandbox().capture("print('hi')") == (None, ["hi"])


def test_suspended_generator_never_runs_after_the_run() -> None:
    import gc

    sb = Sandbox()
    value, printed = sb.capture(
        "def g():\n    try:\n        yield 1\n    finally:\n        print('late')\n"
        "it = g()\nnext(it)\nit2 = g()\nnext(it2)\ndel it2\n'done'"
    )
    assert (value, printed) == ("done", [])
    gc.collect()
    sb.run("it = None")  # dropping the last reference runs nothing either
    gc.collect()
    value, printed = sb.capture("1")
    assert (value, printed) == (1, [])
    del sb
    gc.collect()


# -- bad host input ---------------------------------------------------------------------------

@pytest.mark.parametrize("code", [b"1", None, 1, ["1"], bytearray(b"1")])
def test_code_must_be_a_str(code: Any) -> None:
    with pytest.raises(TypeError):
        Sandbox().run(code)
    with pytest.raises(TypeError):
        Sandbox().start(code)


def test_nul_bytes_in_source_are_a_syntax_error() -> None:
    for code in ["x = 1\0", "'a\0b'", "\0"]:
        with pytest.raises(SandboxError) as caught:
            Sandbox().run(code)
        assert caught.value.type_name == "SyntaxError"


def test_surrogates_in_source_are_a_sandbox_error() -> None:
    for code in ["'\ud800'", "x\udfff = 1"]:
        with pytest.raises(SandboxError):
            Sandbox().run(code)




@pytest.mark.parametrize(
    "code",
    [
        pytest.param("1" + "+1" * 100_000, id="long-binop-chain"),
        pytest.param("x" + ".a" * 100_000, id="long-attribute-chain"),
        pytest.param("f" + "()" * 100_000, id="long-call-chain"),
        pytest.param("-" * 100_000 + "1", id="deep-unary"),
        pytest.param("lambda: " * 1000 + "1", id="deep-lambda"),
        pytest.param("(" * 10_000 + "1" + ")" * 10_000, id="deep-parentheses"),
        pytest.param("[" * 5_000 + "]" * 5_000, id="deep-list-display"),
        pytest.param("".join("    " * i + "if 1:\n" for i in range(120)) + "    " * 120 + "pass\n",
                     id="deep-blocks"),
    ],
)
def test_deeply_nested_source_is_a_sandbox_error(code: str) -> None:
    """Source nested past what the compiler takes is refused as a SyntaxError, never a host error."""
    try:
        Sandbox().run(code)
    except (SandboxError, LimitError):
        pass


@pytest.mark.parametrize("value", [-1, -0.5, "x", True, False, [1], 1j])
@pytest.mark.parametrize("name", ["max_instructions", "max_recursion_depth", "max_memory",
                                  "max_duration", "max_output"])
def test_invalid_limit_values_are_refused(name: str, value: Any) -> None:
    sb = Sandbox()
    with pytest.raises((TypeError, ValueError)):
        sb.limit(**{name: value})
    assert sb.run("1 + 1") == 2


def test_unknown_limit_is_refused() -> None:
    with pytest.raises(TypeError):
        Sandbox().limit(max_cpu=1)


@pytest.mark.parametrize("name", ["max_instructions", "max_recursion_depth", "max_memory",
                                  "max_duration", "max_output"])
def test_nan_limit_is_refused(name: str) -> None:
    with pytest.raises(ValueError):
        Sandbox().limit(**{name: float("nan")})


def test_non_callable_tool_is_refused_by_register() -> None:
    sb = Sandbox()
    with pytest.raises(TypeError):
        sb.register("x", 5)


def test_non_callable_tool_is_refused_by_tool() -> None:
    with pytest.raises(TypeError):
        Sandbox().tool(5)
    with pytest.raises(TypeError):
        Sandbox().tool(name="five")(5)


@pytest.mark.parametrize("name", ["a b", "1x", "", "x.y", "x-y", 5, None])
def test_tool_name_must_be_an_identifier(name: Any) -> None:
    sb = Sandbox()
    with pytest.raises((TypeError, ValueError)):
        sb.register(name, lambda args: 1)


@pytest.mark.parametrize("name", ["class", "None", "True", "lambda", "import"])
def test_tool_name_must_not_be_a_keyword(name: str) -> None:
    assert keyword.iskeyword(name)
    with pytest.raises(ValueError):
        Sandbox().register(name, lambda args: 1)


@pytest.mark.parametrize("name", [5, None, ("a",)])
def test_injected_variable_name_must_be_a_str(name: Any) -> None:
    with pytest.raises(TypeError):
        Sandbox()[name] = 1


# -- information the host did not mean to give -----------------------------------------------

def test_error_messages_name_no_host_internals() -> None:
    sb = Sandbox()
    for code in ["print(foo=1)", "'x'.ljust()", "'x'.replace()", "getattr()", "next()",
                 "iter()", "'x'.join()", "type.mro()", "repr()", "pow()", "format()",
                 "[].extend()", "'x'.expandtabs(1, 2, 3)"]:
        with pytest.raises(SandboxError) as caught:
            sb.run(code)
        message = caught.value.message
        assert "<locals>" not in message and "_" != message[:1], (code, message)
    assert sb.run("[t.__name__ for t in type.mro(int)]") == ["int", "object"]


@pytest.mark.parametrize("kind", [KeyboardInterrupt, SystemExit])
def test_host_interrupts_in_a_tool_reach_the_host(kind: type) -> None:
    sb = Sandbox()

    @sb.tool
    def wait() -> None:
        raise kind()

    with pytest.raises(kind):
        sb.run("try:\n    wait()\nexcept BaseException:\n    pass\n'swallowed'")


RARE_CODECS = ["punycode", "idna", "uu_codec", "zlib_codec", "bz2_codec", "cp1006", "mac_arabic",
               "utf_7", "hz", "big5hkscs", "rot13", "hex"]


def test_sandbox_code_cannot_make_the_host_import_modules() -> None:
    """A codec name the code chooses imports nothing: str.encode and bytes.decode."""
    sb = Sandbox()
    before = set(sys.modules)
    for codec in RARE_CODECS:
        for code in (f"'x'.encode({codec!r})", f"b'x'.decode({codec!r})",
                     f"bytearray(b'x').decode({codec!r})", f"str(b'x', {codec!r})",
                     f"str(object=b'x', encoding={codec!r})", f"bytes('x', {codec!r})",
                     f"bytes(source='x', encoding={codec!r})", f"bytearray('x', {codec!r})"):
            with pytest.raises(SandboxError):
                sb.run(f"{code}\nraise ValueError")
    assert set(sys.modules) - before == set()


def test_open_encoding_cannot_make_the_host_import_modules(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text("hello")
    sb = Sandbox()
    sb.mount("in.txt", tmp_path / "in.txt")
    sb.mount("out", tmp_path, writable=True)
    before = set(sys.modules)
    for codec in RARE_CODECS:
        for code in (f"open('in.txt', encoding={codec!r}).read()",
                     f"open('out/new.txt', 'w', encoding={codec!r}).write('x')"):
            try:
                sb.run(code)
            except SandboxError:
                pass
    assert set(sys.modules) - before == set()
