"""The host-facing API over the VM: tools, variables, capture, limits."""

from __future__ import annotations

import sys

import pytest

from littrs import InstructionLimitError, RecursionLimitError, Sandbox, SandboxError


def test_tool_calls_bind_like_python_and_cross_the_boundary() -> None:
    sb = Sandbox()
    seen = []

    @sb.tool
    def record(items: list, label: str = "x") -> dict:
        seen.append(items)
        items.append("host")  # must not reach the sandbox's list
        return {"label": label, "n": len(items)}

    value, printed = sb.capture(
        "data = [1, 2]\nr = record(data, label='y')\nprint(data)\nr"
    )
    assert value == {"label": "y", "n": 3}
    assert printed == ["[1, 2]"]
    assert seen == [[1, 2, "host"]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("f()", "f() missing 1 required positional argument: 'a'"),
        ("f(1, 2, 3)", "f() takes from 1 to 2 positional arguments but 3 were given"),
        ("f(1, c=2)", "f() got an unexpected keyword argument 'c'"),
        ("f(1, a=2)", "f() got multiple values for argument 'a'"),
    ],
)
def test_tool_binding_errors_have_cpython_wording(call: str, message: str) -> None:
    sb = Sandbox()
    sb.tool(lambda a, b=1: a + b, name="f")

    def cpython(a, b=1):  # the same signature, called by CPython
        return a + b

    namespace = {"f": cpython}
    with pytest.raises(TypeError) as expected:
        exec(call, namespace)
    assert message.replace("f()", "cpython()") == str(expected.value).replace(
        "test_tool_binding_errors_have_cpython_wording.<locals>.", ""
    )
    with pytest.raises(SandboxError) as caught:
        sb.run(call)
    assert (caught.value.type_name, caught.value.message) == ("TypeError", message)


def test_tool_exceptions_arrive_as_builtin_types_and_are_catchable() -> None:
    sb = Sandbox()

    class Custom(Exception):
        pass

    @sb.tool
    def lookup(key: str) -> int:
        if key == "custom":
            raise Custom("host detail")
        raise KeyError(key)

    value = sb.run(
        "out = []\n"
        "for k in ['a', 'custom']:\n"
        "    try:\n"
        "        lookup(k)\n"
        "    except KeyError as e:\n"
        "        out.append(('KeyError', e.args))\n"
        "    except RuntimeError as e:\n"
        "        out.append(('RuntimeError', str(e)))\n"
        "out"
    )
    assert value == [("KeyError", ("a",)), ("RuntimeError", "host detail")]


def test_raw_tools_receive_a_list_and_refuse_keywords() -> None:
    sb = Sandbox()
    sb.register("total", lambda args: sum(args))
    assert sb.run("total(1, 2, 3)") == 6
    with pytest.raises(SandboxError, match="takes no keyword arguments"):
        sb.run("total(x=1)")


def test_variables_persist_and_are_copied_at_the_door() -> None:
    sb = Sandbox()
    host_list = [1, 2]
    sb["xs"] = host_list
    sb.run("xs.append(3)\ndef double(v):\n    return v * 2")
    assert host_list == [1, 2]
    assert sb["xs"] == [1, 2, 3]
    assert sb.run("double(21)") == 42
    del sb["xs"]
    with pytest.raises(KeyError):
        sb["xs"]


def test_capture_lines_follow_print_sep_and_end() -> None:
    value, printed = Sandbox().capture(
        "print('a', 'b', sep='-')\nprint('x', end='')\nprint('y')\nprint()\n7"
    )
    assert (value, printed) == (7, ["a-b", "xy", ""])


def test_printed_output_survives_a_failing_run() -> None:
    with pytest.raises(SandboxError) as caught:
        Sandbox().capture("print('before')\n1 / 0")
    assert caught.value.printed == ["before"]


def test_default_recursion_is_a_catchable_recursion_error_without_host_recursion() -> None:
    source = (
        "def down(n):\n    return down(n + 1)\n"
        "try:\n    down(0)\nexcept RecursionError as e:\n    caught = str(e)\ncaught"
    )
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # sandbox depth must not use the host stack
    try:
        assert Sandbox().run(source) == "maximum recursion depth exceeded"
        assert Sandbox().run("def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)\nd(900)") == 900
    finally:
        sys.setrecursionlimit(old)


def test_recursion_limit_is_not_catchable() -> None:
    sb = Sandbox()
    sb.limit(max_recursion_depth=50)
    with pytest.raises(RecursionLimitError, match=r"^Recursion limit exceeded \(limit: 50\)$"):
        sb.run(
            "def down(n):\n    return down(n + 1)\n"
            "try:\n    down(0)\nexcept BaseException:\n    pass"
        )


@pytest.mark.parametrize(
    "source",
    [
        "while True:\n    pass",
        "while True:\n    try:\n        pass\n    except BaseException:\n        pass",
        "try:\n    while True:\n        pass\nfinally:\n    print('cleanup')",
        "def g():\n    try:\n        while True:\n            yield 1\n    finally:\n        print('x')\nfor _ in g():\n    pass",
    ],
)
def test_instruction_limit_cannot_be_caught_or_delayed(source: str) -> None:
    sb = Sandbox()
    sb.limit(max_instructions=10_000)
    with pytest.raises(InstructionLimitError) as caught:
        sb.capture(source)
    assert str(caught.value) == "Instruction limit exceeded (limit: 10000)"
    assert caught.value.printed == []


def test_tool_call_inside_callbacks_and_generators() -> None:
    sb = Sandbox()
    sb.tool(lambda x: x * 10, name="scale")
    value = sb.run(
        "def gen():\n    for i in range(3):\n        yield scale(i)\n"
        "[list(map(lambda v: scale(v), [1, 2])), sorted([3, 1, 2], key=lambda v: -scale(v)),"
        " sum(gen()), max([1, 5, 2], key=scale)]"
    )
    assert value == [[10, 20], [3, 2, 1], 30, 5]


def test_print_to_a_mounted_file(tmp_path) -> None:
    sb = Sandbox()
    sb.mount("log.txt", tmp_path / "log.txt", writable=True)
    sb.run("with open('log.txt', 'w') as f:\n    print('a', 1, sep='-', file=f)\n    print('b', file=f)")
    assert (tmp_path / "log.txt").read_text() == "a-1\nb\n"
    with pytest.raises(SandboxError, match="object has no attribute 'write'"):
        sb.run("print('x', file=3)")


def test_describe_renders_annotations_as_written_and_lists_module_functions() -> None:
    from typing import Optional

    class User:
        pass

    sb = Sandbox()

    @sb.tool
    def find(name: Optional[str], rows: list[dict[str, int]], owner: User = None) -> dict:  # noqa: UP045 - the rendering of Optional is what is tested
        """Find things.

        Longer text.
        """

    sb.register("raw", lambda args: None)
    sb.module("geo", {"distance": lambda a, b: 0, "unit": "km"})
    text = sb.describe()
    assert text.startswith(
        "def find(name: Optional[str], rows: list[dict[str, int]], owner: User = None) -> dict:\n"
        '    """Find things.\n\n    Longer text.\n    """'
    )
    assert "def raw(*args):" in text
    assert "# module geo (import geo)\ndef distance(a, b):" in text
    assert text.index("def find") < text.index("def raw") < text.index("# module geo")


def test_tool_results_cross_the_boundary_as_plain_values() -> None:
    import dataclasses

    @dataclasses.dataclass
    class Row:
        id: int

    sb = Sandbox()
    sb.tool(lambda: [Row(1), Row(2)], name="rows")
    sb.tool(lambda: object(), name="bad")
    assert sb.run("[r['id'] for r in rows()]") == [1, 2]
    with pytest.raises(SandboxError) as caught:  # the call fails where the code made it
        sb.run("bad()")
    assert caught.value.type_name == "TypeError"
    assert caught.value.message == "cannot pass a value of type 'object' into the sandbox"


def test_a_dropped_sandbox_is_freed_at_once(tmp_path) -> None:
    """No reference cycle runs through a sandbox (its open builtin, its files, its runs):
    dropping it frees it, without waiting for the cyclic garbage collector."""
    import gc
    import weakref

    sb = Sandbox()
    sb.mount("out.txt", tmp_path / "out.txt", writable=True)
    sb.tool(lambda x: x, name="echo")
    assert sb.run("with open('out.txt', 'w') as f:\n    f.write('x')\necho(1)") == 1
    paused = sb.start("f = open('out.txt')\necho(2)")  # a run left paused, its file open
    refs = [weakref.ref(sb), weakref.ref(sb._files)]
    gc.disable()
    try:
        del sb, paused
        assert [ref() for ref in refs] == [None, None]
    finally:
        gc.enable()


def test_argument_errors_read_the_same_while_the_host_is_traced() -> None:
    """CPython 3.11 binds a method descriptor called with ``*args`` while a trace function is
    set (coverage, debuggers), which changes its argument errors; littrs's must not change."""
    import sys

    source = """
for call in [lambda: bool.as_integer_ratio(True, key=1), lambda: bytearray(b'a').count(key=1),
             lambda: int.bit_length(True, 1), lambda: 'a'.ljust(x=1), lambda: str.join('-', x=1),
             lambda: 'ab'.replace('a'), lambda: [].copy(1), lambda: 'a'.encode(1, 2, 3)]:
    try:
        call()
    except TypeError as e:
        print(e)
"""
    plain = Sandbox().capture(source)
    previous = sys.gettrace()
    sys.settrace(lambda *args: None)
    try:
        traced = Sandbox().capture(source)
    finally:
        sys.settrace(previous)
    assert traced == plain
    assert "int.as_integer_ratio() takes no keyword arguments" in plain[1]
