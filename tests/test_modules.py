"""The standard modules (json, math, typing): CPython is the oracle.

Most tests run one program under CPython (``exec`` with the real modules) and
under littrs, and compare the printed lines and the uncaught exception (type
and message). The rest check what only the sandbox has: per-sandbox modules,
``builtins=False``, the cost guards, and the JSON parser that runs without
host recursion (compared with the host's ``json.loads`` directly).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import math
import sys
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from littrs import MemoryLimitError, Sandbox, SandboxError, TimeLimitError
from littrs.modules import json_decode, json_module
from littrs.modules.typing_module import TypingForm
from littrs.vm.objects import Builtin, Module
from littrs.vm.operations import subscript

Outcome = tuple[list[str], "tuple[str, str] | None"]


def _lines(text: str) -> list[str]:
    if not text:
        return []
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def cpython(source: str) -> Outcome:
    out = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source, "<cpython>", "exec"), {"__name__": "__main__"})
    except Exception as exc:  # noqa: BLE001 - the outcome being compared
        error = (type(exc).__name__, str(exc))
    return _lines(out.getvalue()), error


def littrs(source: str, sandbox: Sandbox | None = None) -> Outcome:
    sandbox = sandbox if sandbox is not None else Sandbox()
    try:
        _, printed = sandbox.capture(source)
    except SandboxError as error:
        return error.printed, (error.type_name, error.message)
    return printed, None


def same_as_cpython(source: str) -> None:
    expected = cpython(source)
    assert littrs(source) == expected


# -- imports -------------------------------------------------------------------------------

IMPORTS = [
    "import json\nprint(json.dumps([1]))",
    "import json as j\nprint(j.loads('[1, 2]'))",
    "from json import dumps, loads as parse\nprint(parse(dumps({'a': 1})))",
    "import math, typing\nprint(math.floor(2.5), typing.List[int])",
    "from math import pi, sqrt as root\nprint(root(pi * pi))",
    "from typing import List, Optional\nprint(List, Optional[int])",
    "def f():\n    import math\n    return math.sqrt(9)\nprint(f())",
    "import json\nimport json as again\nprint(json is again)",
    "import math\nprint(math.__name__, math.pi, math.e, math.tau, math.inf, math.nan)",
    "import json\nprint(json.JSONDecodeError.__name__, json.JSONDecodeError.__bases__)",
]


@pytest.mark.parametrize("source", IMPORTS)
def test_import_spellings(source: str) -> None:
    same_as_cpython(source)


def test_missing_names_and_modules() -> None:
    assert littrs("from math import nope")[1] == (
        "ImportError", "cannot import name 'nope' from 'math' (unknown location)"
    )
    assert littrs("import math\nmath.nope")[1] == (
        "AttributeError", "module 'math' has no attribute 'nope'"
    )
    assert littrs("import os")[1] == ("ModuleNotFoundError", "No module named 'os'")


def test_without_builtins_nothing_imports_but_registered_modules() -> None:
    for name in ("json", "math", "typing"):
        sandbox = Sandbox(builtins=False)
        assert littrs(f"import {name}", sandbox)[1] == (
            "ModuleNotFoundError", f"No module named '{name}'"
        )
    sandbox = Sandbox(builtins=False)
    sandbox.module("config", {"version": "1.0"})
    assert sandbox.run("import config\nconfig.version") == "1.0"


def test_each_sandbox_has_its_own_modules() -> None:
    host_dumps = json.dumps
    first = Sandbox()
    first.run("import json, math\njson.dumps = None\njson.extra = 1\nmath.pi = 3")
    assert first.run("import json\njson.dumps") is None  # one module per sandbox, kept
    second = Sandbox()
    assert second.run("import json\njson.dumps([1])") == "[1]"
    assert second.run("import math\nmath.pi") == math.pi
    assert littrs("import json\njson.extra", second)[1] == (
        "AttributeError", "module 'json' has no attribute 'extra'"
    )
    assert json.dumps is host_dumps and not hasattr(json, "extra") and math.pi != 3


def test_module_contents_are_sandbox_values() -> None:
    """No host function, class or module is reachable: only Builtins, prelude functions,
    the VM's own types, forms and values."""
    from littrs.model.classes import is_class, record
    from littrs.modules import STANDARD_MODULES
    from littrs.vm import aio, aio_locks, aio_taskgroup, aio_wait
    from littrs.vm.objects import Function

    allowed = (Builtin, str, float, int, bool, json.JSONDecodeError.__class__)
    vm_types = (*aio.LOOP_TYPES, *aio_locks.PRIMITIVE_TYPES, aio_taskgroup.TaskGroup,
                *aio_wait.WAIT_TYPES,
                aio.CancelledError,
                aio.InvalidStateError, TimeoutError)
    for name, factory in STANDARD_MODULES.items():
        module = factory()
        assert type(module) is Module and module.name == name
        assert factory().namespace is not module.namespace
        for key, value in module.namespace.items():
            if is_class(value):  # a sandbox class of a library module (abc.ABC)
                assert record(value).namespace["__module__"] == name, key
                assert value is not factory().namespace[key], key  # one per sandbox
            elif isinstance(value, type):
                assert value in (json.JSONDecodeError, str, *vm_types), key
            elif type(value) is Function:  # sandbox code of the prelude (asyncio.run)
                assert value.code.kind == "prelude", key
                assert value is not factory().namespace[key], key  # one per sandbox
            elif isinstance(value, TypingForm):  # the typing module's inert forms
                # Named as CPython's: Generic is of type 'type', Protocol of '_ProtocolMeta'.
                assert type(value).__name__ in (
                    "_SpecialForm", "_LiteralSpecialForm", "_AnyMeta", "_SpecialGenericAlias",
                    "_CallableType", "_TupleType", "type", "_ProtocolMeta", "TypeVar"
                ), key
            else:
                assert isinstance(value, allowed), key


# -- json: dumps -----------------------------------------------------------------------------

JSON_VALUES = [
    "{'a': [1, 2.5, None, True, False], 'b': 'x'}",
    "[1, 'é', '\\U0001F600', 'tab\\there', '\"quote\"', '\\\\back', '\\x00\\x1f\\x7f']",
    "{'z': 1, 'a': {'y': [], 'b': {}}, 'm': (1, 2), 'e': ()}",
    "{2: 'int', 2.5: 'float', True: 'bool', None: 'none', 'k': 'str', -0.0: 'zero'}",
    "[float('nan'), float('inf'), -float('inf'), 1e300, -0.0, 1e-7, 12345678901234567890]",
    "{(1, 2): 'tuple key', 'ok': 1}",
    "[[[[]]], [{}], [[1, [2, [3]]]], {'a': {'b': {'c': [1, {'d': None}]}}}]",
    "'just a string'",
    "42",
    "None",
    "[]",
    "{}",
    "{'a': {1, 2}}",
    "[1, 1j]",
    "b'bytes'",
    "{'b': 1, 'a': 2, 'c': {'z': [3, 2, 1], 'y': 0}}",
    "[len, print]",
    "'x' * 3000 + '\\u20ac' * 2000",
]

DUMPS_OPTIONS = [
    "",
    "indent=2",
    "indent=0",
    "indent='\\t'",
    "indent=-1",
    "indent=True",
    "sort_keys=True",
    "separators=(',', ':')",
    "separators=(';', '=')",
    "ensure_ascii=False",
    "indent=2, sort_keys=True, separators=(', ', ' = ')",
    "skipkeys=True",
    "skipkeys=True, indent=1",
    "allow_nan=False",
    "allow_nan=False, indent=1",
    "check_circular=False",
    "default=str",
    "default=repr, indent=1",
    "default=list, sort_keys=True",
]

DUMPS_PROGRAM = """
import json
value = {value}
try:
    text = json.dumps(value, {options})
    print(text)
    print(json.loads(text) == value)
except (TypeError, ValueError) as error:
    print(type(error).__name__, error)
"""


@pytest.mark.parametrize("options", DUMPS_OPTIONS)
def test_dumps_matches_cpython(options: str) -> None:
    for value in JSON_VALUES:
        same_as_cpython(DUMPS_PROGRAM.format(value=value, options=options))


@pytest.mark.parametrize(
    "call",
    [
        "json.dumps([1], separators=(',',))",
        "json.dumps([1], separators=(',', 1))",
        "json.dumps([1], separators=(1, ':'))",
        "json.dumps([1], indent=2.0)",
        "json.dumps([1], indent=[])",
        "json.dumps([1], foo=1)",
        "json.dumps()",
        "json.dumps(1, 2)",
        "json.loads()",
        "json.loads(5)",
        "json.loads('1', foo=1)",
        "json.loads('\"a\\x01\"', strict=False)",
        "json.loads('[1.5, 2, NaN]', parse_float=str, parse_int=float, parse_constant=str)",
        "json.loads('{\"a\": {\"b\": 1}}', object_pairs_hook=list)",
        "json.loads('{\"a\": 1}', object_hook=dict)",
        "json.loads(b'[1, \"\\xc3\\xa9\"]')",
        "json.loads(bytearray(b'{}'))",
        "json.loads('[1]'.encode('utf-16'))",
        "json.loads(b'\\xff')",
        "json.loads('\\ufeff[1]')",
        "json.loads('1' * 5000)",
        "json.dumps(10 ** 5000)",
        "json.loads('[1.5]', parse_float=int)",
    ],
)
def test_json_arguments_match_cpython(call: str) -> None:
    same_as_cpython(f"import json\nprint(repr({call}))")


def test_circular_values() -> None:
    for options in ("", "indent=1", "check_circular=False", "check_circular=False, indent=1"):
        same_as_cpython(
            f"import json\nvalue = [1]\nvalue.append(value)\njson.dumps(value, {options})"
        )
        same_as_cpython(
            f"import json\nvalue = {{}}\nvalue['self'] = [value]\njson.dumps(value, {options})"
        )


def test_shared_values_are_not_cycles() -> None:
    same_as_cpython("import json\nshared = [1]\nprint(json.dumps([shared, shared, {'a': shared}]))")


def test_not_serializable_names_the_type() -> None:
    for value in ("{1}", "frozenset()", "1j", "b''", "range(3)", "len", "(lambda: 1)",
                  "(x for x in [])", "{}.keys()", "ValueError('x')", "json"):
        same_as_cpython(f"import json\njson.dumps([{value}])")


def test_sandbox_callbacks_are_refused_when_needed() -> None:
    source = "import json\ndef encode(o):\n    return list(o)\njson.dumps({1}, default=encode)"
    assert littrs(source)[1][0] == "TypeError"
    assert "sandbox function" in littrs(source)[1][1]
    # Never called: CPython does not call default for serializable values either.
    same_as_cpython("import json\nprint(json.dumps([1], default=lambda o: 0))")
    error = littrs("import json\njson.loads('{}', object_hook=lambda d: d)")[1]
    assert error is not None and error[0] == "TypeError" and "object_hook=" in error[1]
    error = littrs("import json\njson.dumps(1, cls=dict)")[1]
    assert error == ("TypeError", "json.dumps() does not support cls= in the sandbox")


def test_dump_and_load_need_a_file_object() -> None:
    same_as_cpython("import json\njson.load(5)")
    same_as_cpython("import json\njson.dump([1], 5)")


# -- json: loads and its errors -----------------------------------------------------------

DOCUMENTS = [
    "", "   ", "1 2", "[1,]", '{"a":1,}', '{"a" 1}', "{a: 1}", "[1 2]", "[1, 2", '{"a": 1',
    '{"a": ', '{"a"', "{", "[", "]", "-", "-Infinity", "NaN", "Infinity", "-Inf", "tru", "nul",
    "falsy", "01", "1.", "1.e5", "1e", "1E+", "-0", "-0.0e-0", "1e400", '"abc', '"abc\\',
    '"a\x01"', '"a\\x"', '"a\\u12"', '"a\\u12x4"', '"\\ud83d\\ude00"', '"\\ud83d"',
    '"\\ud83dx"', '"\\/\\b\\f\\n\\r\\t"', "[1,\n 2,\n x]", '{"a": 1, "a": 2}',
    '{"a": [1, {"b": null}], "c": true, "d": false}', "[[[]], {}, [{}]]", " [ 1 , 2 ] ",
    '\t{\n"k"\r:\n[ ] }\n', '{"a": 1 "b": 2}', '{"a": 1,, "b": 2}', "[,1]", "[1,,2]",
    '{"a": }', '{"": ""}', '[1, "2", [3, "4"]]x', "[]]", "{}}", '"\\"', "[-]", "[.5]",
    "[+1]", "[0x10]", "[1_000]", "[\u00a0]", '["\u20ac"]', "[1e5, 1E-5, -1.5e+3]",
]


def test_loads_and_decode_errors_match_cpython() -> None:
    program = f"""
import json
for doc in {DOCUMENTS!r}:
    try:
        print(repr(json.loads(doc)))
    except json.JSONDecodeError as error:
        print('JSONDecodeError', error, type(error).__name__, error.args)
    except ValueError as error:
        print('ValueError', error)
"""
    same_as_cpython(program)


def test_decode_errors_are_value_errors() -> None:
    same_as_cpython(
        "import json\ntry:\n    json.loads('{')\nexcept ValueError as e:\n"
        "    print(type(e).__name__, isinstance(e, json.JSONDecodeError), str(e))"
    )
    same_as_cpython("import json\njson.loads('[1, 2')")
    same_as_cpython("import json\nraise json.JSONDecodeError")


def _outcome(function: typing.Callable[[], object]) -> object:
    try:
        return ("value", repr(function()))
    except (ValueError, RecursionError) as error:
        return (type(error).__name__, str(error))


def _parse(text: str, strict: bool = True, max_depth: int = 1000,
           hooks: json_decode.Hooks | None = None) -> object:
    return json_decode.parse(text, strict, hooks or json_decode.Hooks(), max_depth)


@pytest.mark.parametrize("wrap", ["{}", "[{}]", '{{"key": {}}}', "[1, [2, {}]]", " {} "])
def test_stack_parser_matches_the_host(wrap: str) -> None:
    """The parser for deep documents gives CPython's values and errors, positions included."""
    for document in DOCUMENTS:
        text = wrap.format(document)
        assert _outcome(lambda t=text: _parse(t)) == _outcome(lambda t=text: json.loads(t))
        assert _outcome(lambda t=text: _parse(t, strict=False)) == _outcome(
            lambda t=text: json.loads(t, strict=False)
        )


def test_stack_parser_hooks_match_the_host() -> None:
    text = '[1.50, 2, NaN, -Infinity, {"a": {"b": [1e2]}}, {}]'
    hooks = json_decode.Hooks(object_pairs_hook=list, parse_float=str, parse_int=float,
                              parse_constant=str)
    assert _parse(text, hooks=hooks) == json.loads(
        text, object_pairs_hook=list, parse_float=str, parse_int=float, parse_constant=str
    )
    hooks = json_decode.Hooks(object_hook=lambda d: sorted(d))
    expected = json.loads(text, object_hook=lambda d: sorted(d))
    assert repr(_parse(text, hooks=hooks)) == repr(expected)


def test_stack_parser_depth() -> None:
    deep = _parse("[" * 5000 + "]" * 5000, max_depth=5000)
    for _ in range(4999):
        deep = deep[0]
    assert deep == []
    assert _outcome(lambda: _parse("[" * 11 + "]" * 11, max_depth=10)) == (
        "RecursionError",
        "maximum recursion depth exceeded while decoding a JSON array from a unicode string",
    )
    assert _outcome(lambda: _parse('{"a":' * 11 + "1" + "}" * 11, max_depth=10)) == (
        "RecursionError",
        "maximum recursion depth exceeded while decoding a JSON object from a unicode string",
    )
    # An error before the too-deep part is reported as CPython would.
    assert _outcome(lambda: _parse("[1 2" + "[" * 20, max_depth=10)) == _outcome(
        lambda: json.loads("[1 2" + "[" * 20)
    )


def test_deep_host_stack_falls_back_to_the_stack_parser() -> None:
    """The host decoder may run out of host stack; the answer is the same anyway."""
    text = "[" * 600 + "]" * 600

    def depth() -> int:
        frame, count = sys._getframe(), 0
        while frame is not None:
            frame, count = frame.f_back, count + 1
        return count

    def recurse(levels: int) -> object:
        if levels <= 0:
            return json_decode.decode(text, True, json_decode.Hooks(), 1000)
        return recurse(levels - 1)

    value = recurse(sys.getrecursionlimit() - depth() - 100)
    for _ in range(599):
        value = value[0]  # type: ignore[index]
    assert value == []


def test_nesting_bound_never_underestimates() -> None:
    for text in ('["[[[", [[1]]]', '"\\"[[[" [[', "[" * 150 + '"' + "[" * 10, "{" * 120,
                 '["\\\\", [[[[]]]]]' + "]" * 200):
        assert json_decode.nesting_bound(text) >= _true_depth(text)


def _true_depth(text: str) -> int:
    """The depth the parser reaches before its first error (for the test above)."""
    for limit in range(0, 1000):
        outcome = _outcome(lambda limit=limit: _parse(text, max_depth=limit))
        if outcome[0] != "RecursionError":
            return limit
    return 1000


# -- json: resource guards ----------------------------------------------------------------

DEEP_LIST = "x = []\ny = x\nfor i in range(100000):\n    z = []\n    y.append(z)\n    y = z\n"


def test_dumps_of_a_very_deep_value_is_cpythons_recursion_error() -> None:
    same_as_cpython("import json\n" + DEEP_LIST + "json.dumps(x)")
    same_as_cpython("import json\n" + DEEP_LIST + "json.dumps(x, indent=1)")
    same_as_cpython("import json\n" + DEEP_LIST + "json.dumps({'a': x}, sort_keys=True)")


def test_loads_of_a_very_deep_document_is_cpythons_recursion_error() -> None:
    same_as_cpython("import json\njson.loads('[' * 100000 + ']' * 100000)")
    same_as_cpython("import json\njson.loads('{\"a\":' * 100000 + '1' + '}' * 100000)")


def test_json_depth_follows_the_sandbox_recursion_limit() -> None:
    sandbox = Sandbox()
    sandbox.limit(max_recursion_depth=50)
    assert littrs("import json\nlen(json.dumps([[[[1]]]]))", sandbox)[1] is None
    assert littrs("import json\nx = []\nfor i in range(60):\n    x = [x]\njson.dumps(x)",
                  sandbox)[1] == (
        "RecursionError", "maximum recursion depth exceeded while encoding a JSON object"
    )
    assert littrs("import json\njson.loads('[' * 60 + ']' * 60)", sandbox)[1][0] == (
        "RecursionError"
    )
    assert littrs("import json\nlen(json.loads('[' * 40 + ']' * 40))", sandbox)[1] is None


@pytest.mark.parametrize(
    "source",
    [
        "json.dumps(['x' * 1000] * 20000)",
        "json.dumps(['\\u20ac' * 1000] * 5000)",
        "json.dumps([[[[[[1]]]]]] * 2000, indent=400)",
        "json.dumps([1], indent=10 ** 9)",
        "json.dumps({'k' * 100000: 1, 'v': ['x' * 100000] * 200})",
        "json.loads('[' + '1,' * 2_000_000 + '1]')",
    ],
)
def test_json_output_is_checked_against_the_memory_limit(source: str) -> None:
    sandbox = Sandbox()
    sandbox.limit(max_memory=10_000_000)
    with pytest.raises(MemoryLimitError):
        sandbox.run("import json\n" + source)


# -- json: the encoder against the host's, on generated values -----------------------------

_scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=20)
)
_values = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=4)
    | st.tuples(children, children)
    | st.dictionaries(st.text(max_size=5) | st.integers() | st.floats(allow_nan=False)
                      | st.booleans() | st.none(), children, max_size=4),
    max_leaves=25,
)
_options = st.fixed_dictionaries(
    {},
    optional={
        "indent": st.none() | st.integers(-1, 3) | st.sampled_from(["", "\t", "--"]),
        "sort_keys": st.booleans(),
        "ensure_ascii": st.booleans(),
        "allow_nan": st.booleans(),
        "skipkeys": st.booleans(),
        "separators": st.sampled_from([(",", ":"), (", ", ": "), (";", "=")]),
    },
)


@given(_values, _options)
def test_dumps_matches_the_host_encoder(value: object, options: dict) -> None:
    assert _outcome_any(lambda: json_module.dumps(value, **options)) == _outcome_any(
        lambda: json.dumps(value, **options)
    )


@given(st.text(alphabet='[]{}",:0123456789.eE+- \\ntrufalsNIy\n', max_size=30))
def test_stack_parser_matches_the_host_on_generated_text(text: str) -> None:
    assert _outcome(lambda: _parse(text)) == _outcome(lambda: json.loads(text))


def _outcome_any(function: typing.Callable[[], object]) -> object:
    try:
        return ("value", function())
    except (ValueError, TypeError) as error:
        return (type(error).__name__, str(error))


# -- math -------------------------------------------------------------------------------------

MATH_CASES = [
    ("sqrt", "16"), ("sqrt", "-1"), ("sqrt", "'x'"), ("sqrt", ""), ("sqrt", "1, 2"),
    ("log", "0"), ("log", "8, 2"), ("log", "10 ** 400"), ("log10", "1000"), ("log2", "-1"),
    ("exp", "1000"), ("exp", "1"), ("pow", "2, 10"), ("pow", "10, 400"), ("pow", "0, -1"),
    ("factorial", "-1"), ("factorial", "2.5"), ("factorial", "30"), ("factorial", "0"),
    ("factorial", "True"), ("factorial", "10 ** 30"),
    ("comb", "10, 3"), ("comb", "-1, 2"), ("comb", "5, -1"), ("comb", "3, 5"),
    ("comb", "1.5, 2"), ("comb", "5"), ("comb", "100, 50"), ("comb", "10 ** 20, 2"),
    ("perm", "5"), ("perm", "5, 2"), ("perm", "5, None"), ("perm", "-5"), ("perm", "5, 9"),
    ("perm", "5, -1"), ("perm", "10 ** 20, 2"),
    ("prod", "[1, 2, 3]"), ("prod", "[]"), ("prod", "range(1, 30)"), ("prod", "[2, 0.5, 3]"),
    ("prod", "5"), ("prod", "[2, 3], start=2"), ("prod", "['ab', 2]"),
    ("prod", "[3], start='x'"), ("prod", "[True, True]"), ("prod", "[], start=True"),
    ("prod", "[0, 10 ** 100, 2.5]"), ("prod", "[2, 1j]"), ("prod", "[1, 2], foo=1"),
    ("prod", "[10 ** 400, 1.5]"), ("prod", "(x for x in range(1, 10))"),
    ("prod", "[], start=[1]"), ("prod", "[2], start=[1]"), ("prod", "[None]"),
    ("gcd", "12, 18, 30"), ("gcd", ""), ("lcm", "4, 6, 10"), ("lcm", ""), ("lcm", "4, 1.5"),
    ("lcm", "*range(1, 40)"), ("lcm", "0, 5"), ("lcm", "-4, 6"),
    ("isqrt", "10 ** 20"), ("isqrt", "-1"), ("fsum", "[0.1] * 10"),
    ("fsum", "(x / 10 for x in range(10))"), ("floor", "-2.5"), ("ceil", "2.1"),
    ("trunc", "-2.7"), ("floor", "float('inf')"), ("hypot", "3, 4"), ("dist", "(0, 0), (3, 4)"),
    ("isclose", "1.0, 1.0 + 1e-10"), ("copysign", "1, -0.0"), ("atan2", "1, 1"),
    ("degrees", "math.pi"), ("radians", "180"), ("frexp", "8.0"), ("modf", "2.5"),
    ("fmod", "7, 3"), ("fmod", "1, 0"), ("remainder", "7, 3"), ("gamma", "0"),
    ("lgamma", "10"), ("erf", "1"), ("erfc", "1"), ("log1p", "-1"), ("expm1", "1e-10"),
    ("ldexp", "1, 2000"), ("nextafter", "1.0, 2.0"), ("ulp", "1.0"), ("cbrt", "27"),
    ("exp2", "10"), ("isnan", "float('nan')"), ("isinf", "math.inf"), ("isfinite", "1"),
    ("fabs", "-3"), ("sin", "math.pi / 2"), ("acos", "2"), ("tanh", "1"), ("atanh", "1"),
]


def test_math_matches_cpython() -> None:
    lines = ["import math"]
    for name, args in MATH_CASES:
        if not hasattr(math, name):
            continue
        lines.append(
            f"try:\n    print({name!r}, repr(math.{name}({args})))\n"
            f"except Exception as e:\n    print({name!r}, type(e).__name__, e)"
        )
    same_as_cpython("\n".join(lines))


def test_math_reprs_and_names() -> None:
    same_as_cpython("import math\nprint(math.sqrt, math.factorial, math.prod, math.sqrt.__name__)")
    exposed = set(Sandbox().run("import math\ndir(math)"))
    assert exposed == {name for name in dir(math) if not name.startswith("_")} | {"__name__"}


@pytest.mark.parametrize(
    "call",
    [
        "math.factorial(10 ** 7)",
        "math.factorial(10 ** 18)",
        "math.comb(10 ** 8, 5 * 10 ** 7)",
        "math.comb(10 ** 30, 10 ** 7)",
        "math.perm(10 ** 8)",
        "math.perm(10 ** 30, 10 ** 6)",
        "math.prod([10 ** 1000] * 100000)",
        "math.prod(x for x in [2 ** 100000] * 1000)",
        "math.prod(['x'], start=10 ** 9)",
        "math.prod([10 ** 9], start='x')",
        "math.lcm(*[2 ** 100000 + i for i in range(1000)])",
    ],
)
def test_math_refuses_results_beyond_the_budget(call: str) -> None:
    """These would take the host seconds to hours; each is refused before it starts.

    By the memory budget, or by the time budget when the work is charged first.
    """
    sandbox = Sandbox()
    sandbox.limit(max_memory=10_000_000)
    with pytest.raises((MemoryLimitError, TimeLimitError)):
        sandbox.run("import math\n" + call)


def test_math_big_but_allowed_results_are_exact() -> None:
    sandbox = Sandbox()
    sandbox.limit(max_memory=10_000_000)
    assert sandbox.run("import math\nmath.factorial(2000)") == math.factorial(2000)
    assert sandbox.run("import math\nmath.prod(range(1, 3000))") == math.prod(range(1, 3000))
    assert sandbox.run("import math\nmath.comb(4000, 2000)") == math.comb(4000, 2000)
    values = [3**i + 1 for i in range(200)]
    sandbox["values"] = values
    assert sandbox.run("import math\nmath.lcm(*values)") == math.lcm(*values)
    assert sandbox.run("import math\nmath.prod(values)") == math.prod(values)


# -- typing -------------------------------------------------------------------------------------

TYPING_PRELUDE = """
import typing
from typing import (Any, Annotated, Callable, ClassVar, Dict, Final, FrozenSet, Iterable,
                    List, Literal, Mapping, Optional, Sequence, Set, Tuple, Type, TypeVar,
                    Union, cast, get_args, get_origin, TYPE_CHECKING)
T = TypeVar('T')
"""

TYPING_FORMS = [
    "List", "List[int]", "Dict[str, Any]", "Optional[int]", "Union[int, str, None]",
    "Union[int]", "Union[int, int]", "Union[None, int]", "Tuple[int, ...]", "Tuple[()]",
    "Tuple[int, str]", "Tuple", "Callable[[int, str], bool]", "Callable[..., int]",
    "Callable[[], int]", "Callable", "Literal['a', 1, None, True]", "Literal[1, 1, True]",
    "Literal", "List[T]", "List[T][int]", "Dict[str, T][float]", "Optional[T][int]",
    "Optional[List[int]]", "List[int] | None", "int | List[int]", "Optional[int] | str",
    "List | None", "Iterable[int]", "Sequence[str]", "Mapping[str, int]", "Type[int]",
    "Final[int]", "ClassVar[int]", "Annotated[int, 'meta']", "List['Node']",
    "Union['X', int]", "Set[int]", "FrozenSet[str]", "T", "TypeVar('U', bound=int)",
    "TypeVar('V', covariant=True)", "TypeVar('W', contravariant=True)",
    "typing.Generator[int, None, None]", "Any", "Optional", "Union", "typing.Generic",
    "typing.Generic[T]", "typing.Protocol", "typing.SupportsInt", "typing.AnyStr",
    "typing.Text", "typing.Counter[str]", "typing.DefaultDict[str, int]", "typing.Deque[int]",
    "typing.NoReturn", "typing.Hashable", "typing.Pattern[str]", "typing.IO",
    "Optional[Union[int, str]]", "Union[int, Union[str, float]]", "List[None]",
    "Dict[str, list[int]]", "Union[int, list[int]]", "Optional[Any]", "typing.Never",
    "typing.LiteralString", "typing.Self", "typing.TypeGuard[int]", "typing.Required[int]",
    "typing.Concatenate[int, typing.ParamSpec('P')]", "typing.TypeVarTuple('Ts')",
    "typing.AsyncIterator[int]", "typing.Coroutine[int, int, int]", "typing.ChainMap",
    "typing.ItemsView[str, int]", "TYPE_CHECKING", "typing.ForwardRef('X')",
]


def test_typing_forms_print_like_cpython() -> None:
    body = "\n".join(f"print(repr({form}))" for form in TYPING_FORMS)
    same_as_cpython(TYPING_PRELUDE + body)


TYPING_CHECKS = [
    "Optional[int] == Union[None, int]", "Union[int, str] == Union[str, int]",
    "List[int] == List[int]", "List[int] == List[str]", "Literal[1] == Literal[True]",
    "hash(List[int]) == hash(List[int])", "hash(Optional[int]) == hash(Union[None, int])",
    "Callable[[int], str] == Callable[[int], str]", "T == T", "T == TypeVar('T')",
    "{List[int]: 1}[List[int]]", "str(List[int])", "f'{Dict[str, int]}'",
    "isinstance([], List)", "isinstance({}, Dict)", "isinstance((), Tuple)",
    "isinstance(1, Union[int, str])", "isinstance(1, Optional[int])",
    "isinstance(None, Optional[int])", "isinstance(len, Callable)",
    "isinstance(lambda: 1, Callable)", "isinstance(1, Callable)",
    "isinstance([], Iterable)", "isinstance('s', Sequence)", "isinstance({}, Mapping)",
    "isinstance(1, typing.Hashable)", "isinstance([], typing.Hashable)",
    "isinstance(1, typing.SupportsInt)", "isinstance('x', typing.SupportsInt)",
    "isinstance(1, typing.Generic)", "isinstance((x for x in []), typing.Iterator)",
    "isinstance([], (int, List))", "issubclass(list, Sequence)", "issubclass(dict, List)",
    "isinstance([], List[int])", "isinstance(1, Any)", "isinstance(1, Optional)",
    "isinstance(1, Literal[1])", "isinstance(1, T)", "isinstance(1, Union[List[int], str])",
    "isinstance(1, typing.Protocol)", "issubclass(list, List[int])",
    "Optional[int, str]", "List[int, str]", "Dict[int]", "Union[()]", "List[int][str]",
    "typing.Hashable[int]", "List[T][int, str]", "Final[int, str]", "typing.NoReturn[int]",
    "Any[int]", "Annotated[int]", "Union[Optional]", "List[Optional]",
    "TypeVar('T', int)", "TypeVar('T', covariant=True, contravariant=True)",
    "TypeVar('T', int, str, bound=int)", "typing.Generic[int]", "Union[int, str][int]",
    "cast(int, 'x')", "cast('List[int]', [1])", "get_args(Dict[str, int])",
    "get_args(Callable[[int], str])", "get_args(Callable[..., int])", "get_args(Optional[int])",
    "get_args(Literal[1, 2])", "get_args(Tuple[()])", "get_args(Tuple[int, ...])",
    "get_args(Annotated[int, 'x'])", "get_args(int)", "get_args(List)",
    "get_origin(List[int])", "get_origin(List)", "get_origin(Optional[int])",
    "get_origin(Literal[1])", "get_origin(int)", "get_origin(typing.Generic[T])",
    "get_origin(Final[int])", "get_origin(Tuple[int, str])", "get_origin(list[int])",
    "get_args(list[int])", "typing.assert_type(1, int)", "typing.assert_never(5)",
    "typing.reveal_type if False else 1", "typing.NewType('UserId', int)(5)",
    "typing.final(len) is len",
    "typing.get_overloads(len)", "typing.is_typeddict(dict)", "list(List)", "1 in List",
    "[x for x in Optional]",
]


class _MachineSubscript(ast.NodeTransformer):
    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:  # noqa: N802 - ast's name
        self.generic_visit(node)
        call = ast.Call(ast.Name("subscript", ast.Load()), [node.value, node.slice], [])
        return ast.copy_location(call, node)


def _subscribing_as_the_machine_does(source: str) -> ast.Expression:
    """``source`` with ``a[b]`` as the machine's subscript (typing's classes need it)."""
    tree = _MachineSubscript().visit(ast.parse(source, mode="eval"))
    return compile(ast.fix_missing_locations(tree), "<form>", "eval")


def test_typing_forms_rebuild_from_their_recipes() -> None:
    """Snapshots store a form as plain data (its recipe) and rebuild it from that."""
    import types

    from littrs.modules import snapshot_types, typing_module

    namespace = {
        name: value.fn if isinstance(value, Builtin) else value
        for name, value in typing_module.make_module().namespace.items()
    }
    scope = dict(namespace, typing=types.SimpleNamespace(**namespace), subscript=subscript)
    exec("T = TypeVar('T')", scope)
    for source in TYPING_FORMS:
        form = eval(_subscribing_as_the_machine_does(source), scope)
        if not isinstance(form, typing_module.TypingForm):
            continue
        assert type(form) in snapshot_types()
        tag, args = form.recipe()
        rebuilt = typing_module.rebuild(tag, args)
        assert repr(rebuilt) == repr(form) and type(rebuilt) is type(form)
        has_variables = "TypeVar" in source or "ParamSpec" in source or "~" in repr(form)
        if not has_variables:  # a type variable is equal only to itself
            assert rebuilt == form
    with pytest.raises(ValueError):
        typing_module.rebuild("subscript", (len, int))
    with pytest.raises(ValueError):
        typing_module.rebuild("form", ("__class__",))


def test_typing_behaviour_matches_cpython() -> None:
    lines = [TYPING_PRELUDE]
    for check in TYPING_CHECKS:
        lines.append(
            f"try:\n    print({check!r}, repr({check}))\n"
            f"except Exception as e:\n    print({check!r}, type(e).__name__, e)"
        )
    same_as_cpython("\n".join(lines))


@pytest.mark.parametrize(
    "call",
    [
        "math.lcm(x=1)", "math.lcm(1.5)", "math.factorial()", "math.comb(1, x=2)",
        "typing.TypeVar()", "typing.TypeVar('T', int)", "typing.TypeVar('T', bound=0)",
        "typing.TypeVar(1, covariant=1, contravariant=1)", "typing.ParamSpec('P', 1)",
        "typing.TypeVarTuple()", "typing.ForwardRef(1, 2, 3, 4)", "typing.NewType('a')",
        "typing.NewType('a.b', int)(5)", "typing.NewType(1, int)", "typing.NewType({'.': 1}, int)",
        "typing.NamedTuple()", "typing.TypedDict(1, 2, 3)", "typing.cast(1)",
        "typing.runtime_checkable(int)", "typing.runtime_checkable(typing.List)",
        "typing.runtime_checkable(typing.Protocol)", "typing.no_type_check([1])",
        "typing.no_type_check(int)", "typing.no_type_check(len)", "typing.get_overloads(None)",
        "typing.get_overloads(typing.List)", "typing.get_overloads(math)",
        "type(typing.ParamSpec('P')).__name__", "typing.TypeVarTuple('Ts')",
        "json.dumps()", "json.loads('1', x=1)", "json.dump([b''], 1)", "json.dump(b'', 1)",
        "json.dump([1, b''], 1)", "json.dump([float('nan')], 1, allow_nan=False)",
        "json.dump({}, 1)", "json.dump({1: b''}, 1, x=1)", "json.dump(1)",
        "Ellipsis + typing.Protocol", "type(typing.Generic).__name__",
        "type(typing.SupportsInt).__name__", "typing.TypeVar(1)", "typing.TypeVarTuple(1)",
        "typing.ParamSpec([1])", "type(typing.TypeVar('T'))", "type(typing.Any)",
        "type(typing.List[int])", "Ellipsis + typing.Any",
        "list(typing.TypeVarTuple('Ts'))", "typing.Unpack[int]", "typing.TypeVar('T')[:]",
        "typing.ForwardRef('x')[1]", "typing.ForwardRef('')", "typing.ForwardRef('1 +')",
        "typing.List['a b']", "typing.ForwardRef('*Ts')", "typing.ForwardRef('(yield)')",
    ],
)
def test_module_functions_refuse_wrong_arguments_as_cpython(call: str) -> None:
    """Argument errors of the module functions read as CPython's (the fuzzer calls them so)."""
    same_as_cpython(f"import json, math, typing\nprint(repr({call}))")


def test_typing_in_annotations() -> None:
    same_as_cpython(
        TYPING_PRELUDE
        + """
rows: Dict[str, List[int]] = {'a': [1, 2]}
count: int
def total(values: List[int], scale: Optional[float] = None) -> Tuple[int, ...]:
    return tuple(v * (scale or 1) for v in values)
def first(items: Sequence[T]) -> T:
    return items[0]
handler: Callable[[int], str] = str
print(total(rows['a'], 2.0), first('xyz'), handler(5), cast(List[int], rows['a']))
if TYPE_CHECKING:
    print('never')
"""
    )


def test_typing_overload() -> None:
    same_as_cpython(
        "from typing import overload\n@overload\ndef f(x: int) -> int: ...\n"
        "@overload\ndef f(x: str) -> str: ...\ndef f(x):\n    return x\nprint(f(1), f('a'))\n"
        "@overload\ndef g(x: int) -> int: ...\ng(1)"
    )


@pytest.mark.parametrize("change", [
    "T.attr = 1", "del T.__name__", "typing.Literal[1].attr = 1", "typing.Any.attr = 1",
    "typing.Iterable[int].attr = 1", "setattr(typing.Generic, 'x', 1)", "del typing.List.__doc__",
])
def test_typing_forms_refuse_changes_cpython_would_make_to_its_shared_objects(change: str) -> None:
    """CPython lets a program change its typing objects for the whole process; the
    sandbox's are shared by every sandbox, so it refuses (tests/cases/
    typing_form_attribute_changes.py: where CPython refuses too, its words)."""
    kind, message = littrs(f"import typing\nT = typing.TypeVar('T')\n{change}")[1]
    assert kind == "AttributeError" and message.endswith(
        "of a typing object: they are shared in the sandbox"), change


def test_typing_forms_cannot_be_called_nor_reach_host_classes() -> None:
    """They are inert: a call is refused (with CPython's words where CPython refuses it
    too, tests/cases/typing_forms_protocols.py), and a name an alias would read from its
    collections.abc class is refused (tests/cases/typing_form_attributes.py: the rest)."""
    for source in ("typing.Generic()", "typing.Generic[T]()", "typing.IO()",
                   "typing.Protocol(1)", "typing.DefaultDict()", "typing.Annotated[int, 1]()"):
        kind, message = littrs(f"import typing\nT = typing.TypeVar('T')\n{source}")[1]
        assert kind == "TypeError" and message.endswith("not supported in the sandbox"), source
    assert littrs("from typing import Iterable\nIterable[int].register")[1] == (
        "AttributeError",
        "'register' of collections.abc.Iterable is not available in the sandbox",
    )
    assert littrs("from typing import Iterable\nIterable.nope")[1] == (
        "AttributeError", "type object 'Iterable' has no attribute 'nope'"
    )
    assert littrs("import typing\ntyping.NamedTuple('P', [('x', int)])")[1][0] == "TypeError"
