"""The one door between host values and sandbox values.

Every value that crosses — tool arguments and results, injected variables, module
contents, the result of a run — goes through :func:`to_sandbox` (host → sandbox) or
:func:`to_host` (sandbox → host). Both make a deep copy, so neither side can mutate,
or keep a reference to, a mutable value of the other. Sharing and cycles inside the
value are kept: two references to one list stay one list, and a list that contains
itself still does.

Sandbox values are values of these builtin types, exactly (never subclasses):

- ``None bool int float complex str bytes range``: immutable, they cross as they are;
- ``bytearray list dict set``: copied;
- ``tuple frozenset slice``: rebuilt when a member had to be converted, otherwise
  they cross as they are (they are immutable all the way down).

:func:`to_sandbox` also accepts, and converts:

- a subclass of one of those types → its base type: an ``IntEnum`` member → ``int``,
  a ``str`` subclass → ``str``, ``OrderedDict`` / ``defaultdict`` / ``Counter`` →
  ``dict`` (an ``OrderedDict`` keeps its own order), a ``NamedTuple`` → ``tuple``;
- a dataclass or attrs instance → a ``dict`` of its fields by name (``dataclasses.fields``
  / ``attrs.fields``, never ``__dict__``).

Anything else — functions, modules, classes, exceptions, generators, files, objects of
other classes — is refused with a :class:`TypeError` that names the type and where in
the value it was found. So is a dict key or set element that is unhashable once
converted (a frozen dataclass becomes a dict), and a dict or set whose members become
equal once converted. :func:`to_host` accepts the builtin types above only.

No code of a builtin subclass runs: its contents are read with the base type's methods
(``dict.items(d)``, never ``d.items()``), and only converted values — builtin types —
are ever hashed or compared. Both conversions are iterative, so nesting depth is
bounded by memory, not by the host's recursion limit.
"""

from __future__ import annotations

import dataclasses
import sys
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from operator import is_
from types import NoneType
from typing import Any

from .model.classes import is_class, is_instance, lookup

__all__ = ["to_host", "to_sandbox"]

_ATOMS = frozenset({NoneType, bool, int, float, complex, str, bytes, range})
"""Types whose values cross as they are; checked with ``type(x) in _ATOMS``."""

# A classifier maps a value to (kind, items). Kinds below _LIST are finished: items is
# the converted value. The others hold the members still to convert.
_ATOM = 0  # an immutable value, used as is
_COPY = 1  # a fresh copy of a mutable value, remembered so sharing is kept
_LIST = 2  # mutable kinds: an empty one is made at once and filled later, so
_DICT = 3  # cycles through them need no recursion; _DICT members are (key, value)
_SET = 4
_TUPLE = 5  # immutable kinds: built once their members are converted
_FROZENSET = 6
_SLICE = 7

_Found = tuple[int, Any]
_Classifier = Callable[[object], "_Found | None"]

_EMPTY = {_LIST: list, _DICT: dict, _SET: set}
_BUILT = {_TUPLE: tuple, _FROZENSET: frozenset, _SLICE: slice}
_ALL = slice(None)
_MISSING = object()
_UNHASHABLE = ": it is unhashable once converted"
_INTO = "cannot pass a {} of type {!r} into the sandbox"
_OUT = "cannot return a {} of type {!r} from the sandbox"
_mro = type.__dict__["__mro__"].__get__  # immune to a metaclass overriding __mro__


def to_sandbox(value: object) -> object:
    """Convert a host value into a sandbox value (a deep copy), or raise TypeError."""
    cls = type(value)
    if cls in _ATOMS:
        return value
    if cls in _EXACT:
        kind, items = _EXACT[cls](value)
        if kind <= _COPY:  # flat: no need for the general machinery
            return items
    return _Copier(value, _inbound, _INTO).run()


def to_host(value: object) -> object:
    """Convert a sandbox value into a host value (a deep copy), or raise TypeError."""
    cls = type(value)
    if cls in _ATOMS:
        return value
    if cls in _EXACT:
        kind, items = _EXACT[cls](value)
        if kind <= _COPY:
            return items
    return _Copier(value, _outbound, _OUT).run()


# Readers of the builtin types. They also serve subclasses, so they only use base-type
# methods, which never call a subclass's overrides, and give back exact builtin types.


def _list(x: list) -> _Found:
    items = list.copy(x)
    return (_COPY if _ATOMS.issuperset(map(type, items)) else _LIST), items


def _dict(x: dict) -> _Found:
    if _ATOMS.issuperset(map(type, dict.values(x))) and _ATOMS.issuperset(map(type, dict.keys(x))):
        # dict.copy would call the keys() and __getitem__ of a subclass overriding __iter__
        return _COPY, (dict.copy(x) if type(x) is dict else dict(dict.items(x)))
    return _DICT, dict.items(x)


def _ordered_dict(x: OrderedDict) -> _Found:
    """Keep an OrderedDict's order: ``move_to_end`` changes it, not the dict's."""
    if not _ATOMS.issuperset(map(type, dict.keys(x))):
        return _dict(x)  # reading its order hashes the keys, which could run their code
    return _DICT, [(key, dict.__getitem__(x, key)) for key in OrderedDict.__iter__(x)]


def _set(x: set) -> _Found:
    items = set.copy(x)
    return (_COPY if _ATOMS.issuperset(map(type, items)) else _SET), items


def _frozenset(x: frozenset) -> _Found:
    items = frozenset.copy(x)
    return (_ATOM if _ATOMS.issuperset(map(type, items)) else _FROZENSET), items


def _tuple(x: tuple) -> _Found:
    items = x if type(x) is tuple else tuple.__getitem__(x, _ALL)
    return (_ATOM if _ATOMS.issuperset(map(type, items)) else _TUPLE), items


def _slice(x: slice) -> _Found:
    items = (x.start, x.stop, x.step)
    return (_ATOM, x) if _ATOMS.issuperset(map(type, items)) else (_SLICE, items)


def _bytearray(x: bytearray) -> _Found:
    return _COPY, bytearray.copy(x)


def _complex(x: complex) -> _Found:
    return _ATOM, complex(complex.real.__get__(x), complex.imag.__get__(x))


_EXACT: dict[type, Callable[[Any], _Found]] = {
    list: _list,
    dict: _dict,
    tuple: _tuple,
    set: _set,
    frozenset: _frozenset,
    slice: _slice,
    bytearray: _bytearray,
}

_BASES: dict[type, Callable[[Any], _Found]] = {
    **_EXACT,
    OrderedDict: _ordered_dict,
    int: lambda x: (_ATOM, int.__int__(x)),
    float: lambda x: (_ATOM, float.__float__(x)),
    complex: _complex,
    str: lambda x: (_ATOM, str.__str__(x)),
    bytes: lambda x: (_ATOM, bytes.__getitem__(x, _ALL)),
}


def _outbound(x: object) -> _Found | None:
    """Classify a sandbox value: builtin types; an instance of a sandbox class that
    derives from one (a named tuple, a str enum) as that type; a sandbox dataclass as a
    dict of its fields. Its class's code never runs: the base type's methods read it."""
    cls = type(x)
    handler = _EXACT.get(cls)
    if handler is not None:
        return handler(x)
    if not is_instance(x):
        return None
    for base in _mro(cls):
        if is_class(base):
            continue
        handler = _BASES.get(base)
        if handler is not None:
            return handler(x)
    fields = lookup(cls, "__dataclass_fields__")[0]
    namespace = getattr(x, "__dict__", None)
    if type(fields) is dict and type(namespace) is dict:
        return _DICT, [(name, namespace[name]) for name in fields if name in namespace]
    return None


def _inbound(x: object) -> _Found | None:
    """Classify a host value: builtin types, their subclasses, dataclasses, attrs."""
    cls = type(x)
    handler = _EXACT.get(cls)
    if handler is not None:
        return handler(x)
    for base in _mro(cls):
        handler = _BASES.get(base)
        if handler is not None:
            return handler(x)
    if dataclasses.is_dataclass(cls):
        names = [field.name for field in dataclasses.fields(cls)]
    elif _is_attrs_class(cls):
        names = [field.name for field in sys.modules["attrs"].fields(cls)]
    else:
        return None
    read = object.__getattribute__  # not an overridden __getattribute__ or __getattr__
    return _DICT, [(name, read(x, name)) for name in names]


class _Frame:
    """An immutable container being rebuilt: an entry of the explicit build stack."""

    __slots__ = ("source", "kind", "items", "rest", "out")

    def __init__(self, source: object, kind: int, items: Any) -> None:
        self.source = source
        self.kind = kind
        self.items = items
        self.rest = iter(items)
        self.out: list[object] = []


class _Copier:
    """One deep copy: converted values by id of their source, and the work left."""

    __slots__ = ("root", "classify", "message", "memo", "keep", "pending")

    def __init__(self, root: object, classify: _Classifier, message: str) -> None:
        self.root = root
        self.classify = classify
        self.message = message
        self.memo: dict[int, object] = {}
        self.keep: list[object] = []  # sources stay alive, so their ids stay theirs
        self.pending: list[tuple[object, int, Any, Any]] = []

    def run(self) -> object:
        result = self.convert(self.root)
        pending = self.pending
        while pending:
            self.fill(*pending.pop())
        return result

    def convert(self, x: object) -> object:
        """Convert a non-atom; a mutable result may still be waiting to be filled."""
        got = self.step(x)
        return self.build(got) if type(got) is _Frame else got

    def step(self, x: object) -> object:
        """Like convert, but an immutable container to rebuild comes back as a _Frame."""
        got = self.memo.get(id(x), _MISSING)
        if got is not _MISSING:
            return got
        found = self.classify(x)
        if found is None:
            raise self.error(x)
        kind, items = found
        if kind == _ATOM:
            return items
        if kind >= _TUPLE:
            return _Frame(x, kind, items)
        if kind == _COPY:
            new = items
        else:
            new = _EMPTY[kind]()
            self.pending.append((x, kind, items, new))
        self.memo[id(x)] = new
        self.keep.append(x)
        return new

    def build(self, frame: _Frame) -> object:
        """Rebuild nested immutable containers, innermost first, without recursion."""
        stack = [frame]
        while True:
            frame = stack[-1]
            out = frame.out
            for member in frame.rest:
                got = member if type(member) in _ATOMS else self.step(member)
                if type(got) is _Frame:
                    stack.append(got)
                    break
                out.append(got)
            else:
                stack.pop()
                value = self.finish(frame)
                if not stack:
                    return value
                stack[-1].out.append(value)

    def finish(self, frame: _Frame) -> object:
        """Make the immutable value from its converted members, and remember it."""
        source, kind, items, out = frame.source, frame.kind, frame.items, frame.out
        if type(source) is _BUILT[kind] and all(map(is_, out, items)):
            value = source  # nothing inside changed: share the immutable original
        elif kind == _TUPLE:
            value = tuple(out)
        elif kind == _SLICE:
            value = slice(*out)
        else:
            members: set[object] = set()
            self.add_all(source, members, items, out)
            value = frozenset(members)
        self.memo[id(source)] = value
        self.keep.append(source)
        return value

    def fill(self, source: object, kind: int, items: Any, new: Any) -> None:
        """Convert the members of a mutable container into its empty copy."""
        convert = self.convert
        if kind == _LIST:
            append = new.append
            for member in items:
                append(member if type(member) in _ATOMS else convert(member))
        elif kind == _DICT:
            for key, member in items:
                converted = key if type(key) in _ATOMS else convert(key)
                value = member if type(member) in _ATOMS else convert(member)
                try:
                    new[converted] = value
                except TypeError:
                    raise self.error(key, "dict key", _UNHASHABLE) from None
            if len(new) != len(items):
                raise self.error(source, "value", ": two of its keys become equal")
        else:
            members = list(items)
            converted = [m if type(m) in _ATOMS else convert(m) for m in members]
            if all(map(is_, converted, members)):
                # Nothing changed (tuples of atoms): copying the table keeps the host
                # set's iteration order, which inserting one by one may not.
                new.update(items)
            else:
                self.add_all(source, new, members, converted)

    def add_all(self, source: object, new: set, items: Any, converted: Iterable[object]) -> None:
        """Add converted set members; hashing them runs no user code (builtin types)."""
        add = new.add
        for member, value in zip(items, converted):
            try:
                add(value)
            except TypeError:
                raise self.error(member, "set element", _UNHASHABLE) from None
        if len(new) != len(items):
            raise self.error(source, "value", ": two of its elements become equal")

    def error(self, culprit: object, what: str = "value", why: str = "") -> TypeError:
        message = self.message.format(what, _type_name(type(culprit))) + why
        path = _locate(self.root, culprit, self.classify)
        return TypeError(f"{message} (at {path})" if path else message)


def _is_attrs_class(cls: type) -> bool:
    """Whether ``cls`` is an attrs class; attrs is not imported for it (cold start)."""
    if "attrs" not in sys.modules and "attr" not in sys.modules:
        return False  # no attrs class can exist without attrs imported
    import attrs

    return attrs.has(cls)


def _type_name(cls: type) -> str:
    """The qualified name; builtin and littrs types (named after CPython's) go bare."""
    module = getattr(cls, "__module__", None) or "builtins"
    if module == "builtins" or module.startswith("littrs."):
        return cls.__qualname__
    return f"{module}.{cls.__qualname__}"


# Finding where a refused value was: only on errors, so conversion pays nothing for it.
# A step is an index (int), a dict key as (key,), or literal text.
_Step = int | tuple[object] | str


def _locate(root: object, target: object, classify: _Classifier) -> str:
    """The shortest subscript path from root to target ("['items'][3]"), or ""."""
    if target is root:
        return ""
    parents: dict[int, tuple[object, _Step] | None] = {id(root): None}
    keep = [root]
    queue = deque(keep)
    while queue:
        node = queue.popleft()
        for step, member in _members(node, classify):
            if type(member) in _ATOMS or id(member) in parents:
                continue
            parents[id(member)] = (node, step)
            keep.append(member)
            if member is target:
                return _render(member, parents)
            queue.append(member)
    return ""


def _members(node: object, classify: _Classifier) -> Iterator[tuple[_Step, object]]:
    found = classify(node)
    if found is None or found[0] <= _COPY:
        return
    kind, items = found
    if kind == _DICT:
        for key, value in items:
            yield "<key>", key
            yield (key,), value
    elif kind == _SET or kind == _FROZENSET:
        for member in items:
            yield "<element>", member
    elif kind == _SLICE:
        yield from zip((".start", ".stop", ".step"), items)
    else:
        yield from enumerate(items)


def _render(node: object, parents: dict[int, tuple[object, _Step] | None]) -> str:
    steps: list[_Step] = []
    link = parents[id(node)]
    while link is not None:
        node, step = link
        steps.append(step)
        link = parents[id(node)]
    steps.reverse()
    if len(steps) > 20:
        steps = [*steps[:10], "...", *steps[-10:]]
    return "".join(
        step if type(step) is str else f"[{step}]" if type(step) is int else f"[{_brief(step[0])}]"
        for step in steps
    )


def _brief(key: object) -> str:
    """A short repr of a dict key, computed without running code of the key's class."""
    if type(key) not in _ATOMS and not (type(key) is tuple and _ATOMS.issuperset(map(type, key))):
        return f"<{_type_name(type(key))}>"
    try:
        text = repr(key)
    except ValueError:  # an int with more digits than sys.get_int_max_str_digits()
        return "<int>"
    return text if len(text) <= 40 else text[:37] + "..."
