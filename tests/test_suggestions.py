"""littrs's "Did you mean" hints against CPython's own, read from its default excepthook."""

from __future__ import annotations

import contextlib
import io
import keyword
import sys
import types

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from littrs.vm.suggestions import MAX_CANDIDATE_ITEMS, suggest, suggest_name

_MARK = ". Did you mean: '"


def _cpython_hint(exc: BaseException) -> str | None:
    """The hint CPython prints for an uncaught exc (3.11's traceback module prints none)."""
    out = io.StringIO()
    with contextlib.redirect_stderr(out):
        sys.__excepthook__(type(exc), exc, exc.__traceback__)
    last = out.getvalue()
    if _MARK not in last:
        return None
    assert last.endswith("'?\n")
    return last.rsplit(_MARK, 1)[1][: -len("'?\n")]


def _attribute_hint(name: str, attrs: list[str]) -> tuple[str | None, list[str]] | None:
    """CPython's hint and dir() for a missing attribute; None if the attribute exists."""
    obj = types.SimpleNamespace()
    obj.__dict__.update(dict.fromkeys(attrs, 0))
    try:
        getattr(obj, name)
    except AttributeError as exc:
        return _cpython_hint(exc), dir(obj)
    return None


def _name_hint(
    name: str, local_names: list[str], global_names: list[str], builtin_names: list[str]
) -> tuple[str | None, list[list[str]]] | None:
    """CPython's hint and scopes for a NameError raised inside a function; None if no error."""
    body = "".join(f"    {local} = 0\n" for local in local_names)
    source = f"def f():\n{body}    return {name}\n"
    namespace: dict = {"__builtins__": dict.fromkeys(builtin_names, 0)}
    namespace.update(dict.fromkeys(global_names, 0))
    exec(source, namespace)
    try:
        namespace["f"]()
    except NameError as exc:
        scopes = [
            list(namespace["f"].__code__.co_varnames),
            list(namespace),
            list(namespace["__builtins__"]),
        ]
        return _cpython_hint(exc), scopes
    return None


ATTRIBUTE_CASES = [
    ("abd", ["abc"]),
    ("ABC", ["abc"]),
    ("Abc", ["abc", "ABC"]),
    ("e", ["é"]),
    ("cafe", ["café"]),
    ("café", ["cafe"]),
    ("x", ["y"]),
    ("xy", ["yx"]),
    ("ab", ["a"]),
    ("a", ["ab"]),
    ("a" * 41 + "b", ["a" * 41 + "c"]),
    ("b" + "a" * 45, ["c" + "a" * 45]),
    ("x" * 45, ["y" * 45]),
    ("x" * 38, ["x" * 38 + "ab"]),
    ("foo_bar", ["foobar", "foo_baz"]),
    ("foo_bar", ["foo_baz", "foobar"]),
    ("a\0b", ["a"]),
    ("a", ["a\0b"]),
    ("a\0b", ["a\0c"]),
    ("\ud800x", ["\ud800y"]),
    ("ab", ["\ud800", "ac"]),
    ("", ["a"]),
    ("", ["__"]),
    ("ß", ["ss", "SS"]),
]


@pytest.mark.parametrize("name,attrs", ATTRIBUTE_CASES)
def test_attribute_table(name: str, attrs: list[str]) -> None:
    found = _attribute_hint(name, attrs)
    assert found is not None
    expected, candidates = found
    assert suggest(name, candidates) == expected


def test_non_str_candidate_spoils_the_list() -> None:
    assert suggest("ab", ["ac", 1]) is None  # type: ignore[list-item]


@pytest.mark.parametrize("count", [MAX_CANDIDATE_ITEMS - 1, MAX_CANDIDATE_ITEMS])
def test_candidate_limit(count: int) -> None:
    names = ["prnt_"] + [f"zz{i:04}" for i in range(count - 1)]
    try:
        eval("print_", dict.fromkeys(names, 0) | {"__builtins__": {}})
    except NameError as exc:
        expected = _cpython_hint(exc)
    # The exec'd globals also hold '__builtins__', so CPython saw count + 1 names.
    assert suggest("print_", names + ["__builtins__"]) == expected
    assert (expected is None) == (count + 1 >= MAX_CANDIDATE_ITEMS)


def test_candidates_may_be_a_lazy_iterable() -> None:
    assert suggest("prnt", iter(["print", "len"])) == "print"


NAME_CASES = [
    ("prnt", [], [], ["print", "len"]),
    ("valeu", ["value"], ["valeu2", "values"], ["print"]),
    ("valeu", [], ["values", "value"], []),
    ("lenght", ["length"], ["lenght_"], []),
    ("lenght", [], [], ["length", "len"]),
    ("total", ["totl"], ["totals"], []),
    ("a", ["b"], ["ab"], []),
    ("xyzzy", ["abc"], ["def"], ["ghi"]),
]


@pytest.mark.parametrize("name,local_names,global_names,builtin_names", NAME_CASES)
def test_name_table(
    name: str, local_names: list[str], global_names: list[str], builtin_names: list[str]
) -> None:
    found = _name_hint(name, local_names, global_names, builtin_names)
    assert found is not None
    expected, scopes = found
    assert suggest_name(name, *scopes) == expected


def test_builtins_of_the_real_interpreter() -> None:
    import builtins

    for typo in ["prnt", "lenn", "sortd", "Tru", "NOne", "rnage", "isinstanc", "Exceptoin"]:
        try:
            exec(typo, {})
        except NameError as exc:
            expected = _cpython_hint(exc)
        assert suggest_name(typo, [], ["__builtins__"], list(vars(builtins))) == expected


_letters = st.sampled_from("abcdeABCDE_xyzé1ßΩ")
_words = st.text(_letters, min_size=0, max_size=12)


@st.composite
def _near(draw: st.DrawFn, base: str) -> str:
    """A few random edits of base: the interesting candidates are close ones."""
    word = list(base)
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "case", "swap"]))
        at = draw(st.integers(0, len(word)))
        if op == "insert":
            word.insert(at, draw(_letters))
        elif word and at < len(word):
            if op == "delete":
                del word[at]
            elif op == "replace":
                word[at] = draw(_letters)
            elif op == "case":
                word[at] = word[at].swapcase()
            elif at + 1 < len(word):
                word[at], word[at + 1] = word[at + 1], word[at]
    return "".join(word)


@st.composite
def _scene(draw: st.DrawFn) -> tuple[str, list[str]]:
    base = draw(st.text(_letters, min_size=1, max_size=draw(st.sampled_from([6, 12, 45]))))
    others = draw(st.lists(st.one_of(_near(base), _words), max_size=12))
    name = draw(_near(base))
    return name, list(dict.fromkeys([base, *others]))


@settings(max_examples=400, deadline=None)
@given(_scene())
def test_attribute_property(scene: tuple[str, list[str]]) -> None:
    name, attrs = scene
    found = _attribute_hint(name, attrs)
    assume(found is not None)
    expected, candidates = found
    event(f"hint: {expected is not None}")
    assert suggest(name, candidates) == expected


def _is_name(word: str) -> bool:
    return word.isidentifier() and not keyword.iskeyword(word) and word != "f"


@st.composite
def _name_scene(draw: st.DrawFn) -> tuple[str, list[str], list[str], list[str]]:
    base = draw(st.text(_letters, min_size=1, max_size=10).filter(_is_name))
    near = st.one_of(_near(base), _words).filter(_is_name)
    name = draw(_near(base).filter(_is_name))
    local_names, global_names, builtin_names = (
        [word for word in draw(st.lists(near, max_size=4)) if word != name] for _ in range(3)
    )
    draw(st.sampled_from([local_names, global_names, builtin_names])).append(base)
    return name, local_names, global_names, builtin_names


@settings(max_examples=200, deadline=None)
@given(_name_scene())
def test_name_property(scene: tuple[str, list[str], list[str], list[str]]) -> None:
    name, local_names, global_names, builtin_names = scene
    found = _name_hint(name, local_names, global_names, builtin_names)
    assume(found is not None)
    expected, scopes = found
    event(f"hint: {expected is not None}")
    assert suggest_name(name, *scopes) == expected
