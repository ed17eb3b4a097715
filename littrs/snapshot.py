"""Snapshots: a paused run as bytes, and back (DESIGN invariant 6).

The paused state is a graph: the sandbox's globals, the frames, their
stacks and locals, functions, cells, generators, iterators, exceptions.
:class:`Encoder` numbers every object that has identity (containers, VM
objects) in one table, so sharing and cycles survive, and writes atoms
(None, bools, ints, floats, strings) inline; a reference to row ``n`` is
``[n]``. The whole is an attrs record, :class:`Snapshot`, that cattrs'
preconfigured JSON converter turns into bytes: JSON because the stdlib reads
it without running any code, and because a paused run's data is mostly the
program's own JSON-like values.

Those values are most of the work, so their rows are what JSON holds
natively: a dict with str keys is a JSON object (the dict itself, when all
its values are atoms), and a list is ``["l", item, ...]``. Loading takes
the object JSON decoded as the sandbox's dict, and a list row's tail as the
list, after replacing the references in them.

Code is not serialised: a code object is named by its source and its path
of nested functions, and loading recompiles the source (deterministic, and
cached). Builtins, tools and modules are named, and resolved against the
loading sandbox. Host iterators are rebuilt from their ``__reduce__`` with a
fixed set of constructors; a set's iterator keeps its remaining items as a
list, so a resumed loop never skips or repeats an item whatever the hash
order of the new process.

Loading checks a magic string, the format version and (with a key) an
HMAC, and validates every row; anything wrong raises :class:`SnapshotError`.
No host code outside this module and the VM's own constructors runs.
"""

from __future__ import annotations

import base64
import gc
import hashlib
import hmac
import json
import sys
from typing import Any

import attrs
from cattrs.preconf.json import make_converter

from .errors import SnapshotError
from .model.classes import MISSING as NO_SLOTS
from .model.classes import ClassMeta, ClassRecord, is_class, is_instance, make_carrier, record
from .model.descriptors import ClassMethod, GetSet, Method, Property, StaticMethod
from .model.dispatch import dispatchers_for
from .model.protocols import Super, _add_layout_descriptors
from .model.spaces import OBJECT_SPACE, TYPE_SPACE, solid_base
from .modules.typing_module import SNAPSHOT_NAMES, TypingForm
from .modules.typing_module import rebuild as rebuild_form
from .vm import aio, aio_locks, aio_taskgroup, aio_wait, exception_data
from .vm.aio import ToolBatch
from .vm.builtins import CONSTRUCTIBLE, EXCEPTIONS
from .vm.code import NO_SELF, UNBOUND, Code
from .vm.compiler import compile_source, nested_codes
from .vm.exception_data import recorded_traceback, set_traceback
from .vm.frames import Frame
from .vm.machine import ENTER, Tool, ToolCall
from .vm.objects import (
    BUILTIN_ITERATORS,
    BoundBuiltin,
    Builtin,
    Cell,
    Coroutine,
    Function,
    Generator,
    Module,
    Raised,
)
from .vm.prelude import MISSING, prelude_code, prelude_namespace
from .vm.prelude import SOURCE as PRELUDE_SOURCE
from .vm.special import FINISH_CODE, Finish

MAGIC = b"littrs-snapshot\n"
FORMAT_VERSION = 4  # 2: async rows; 3: dicts with str keys as JSON objects, container rows
# flat; 4: classes, their instances, bound methods and descriptors; frames of class bodies
_HMAC_PREFIX = b"hmac-sha256:"
_BIG_INT = 10**4000  # beyond it, JSON readers refuse the digits: write hex instead
_BIG_NEGATIVE = -_BIG_INT  # (negating _BIG_INT at every check would copy 1.7 kB)
_PLAIN_ATOMS = frozenset({str, float, bool, type(None)})  # JSON as they are
_INTEGERS = frozenset({int, bool})  # JSON as they are below _BIG_INT
_NOTHING = object()

_HostMethod = type([].append)
_MethodDescriptor = type(str.join)
_REBUILDERS = {"iter": iter, "enumerate": enumerate, "zip": zip, "map": map,
               "filter": filter, "reversed": reversed}
_GENERIC_ALIAS = type(list[int])
_UNION_TYPE = type(int | None)
_DICT_VIEWS = {type({}.keys()): "keys", type({}.values()): "values", type({}.items()): "items"}
_ITERATOR_TYPES = frozenset(
    type(x)
    for x in (iter([]), iter(()), iter(""), iter("\u20ac"), iter(b""), iter(bytearray()),
              iter(range(1)), iter(range(1 << 70)), iter(set()), iter({}), iter({}.values()),
              iter({}.items()), reversed([]), reversed(range(1)), reversed({}),
              reversed({}.values()), reversed({}.items()), enumerate([]), zip(), map(str, []),
              filter(None, []), reversed(""))
)


def _all_slots(cls: type) -> tuple[str, ...]:
    return tuple(slot for klass in reversed(cls.__mro__) for slot in getattr(klass, "__slots__", ()))


# Plain records of the VM (the sandbox's event loop and its futures), saved slot by slot.
_SLOTTED: dict[type, tuple[str, ...]] = {
    cls: _all_slots(cls)
    for cls in (*aio.LOOP_TYPES, *aio_locks.PRIMITIVE_TYPES, aio_taskgroup.TaskGroup,
                *aio_wait.WAIT_TYPES, ToolCall, Finish)
}


class Rows:
    """The object table: already plain data, so the converter passes it through whole."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items


@attrs.define
class Snapshot:
    """A paused run as plain data: the rows of the object table and the roots."""

    littrs: str
    sources: list[str]
    objects: Rows
    globals: Any
    frame: Any
    frames: list[Any]
    handled: Any
    modules: dict[str, Any]
    steps: int
    elapsed: float
    output: list[str]
    call: list[Any]


_converter = make_converter()
_converter.register_unstructure_hook(Rows, lambda rows: rows.items)


def _structure_rows(data: Any, _: type) -> Rows:
    if type(data) is not list:
        raise SnapshotError("malformed object table in snapshot")
    return Rows(data)


_converter.register_structure_hook(Rows, _structure_rows)


def type_registry() -> dict[str, type]:
    """Every type a sandbox value can be (or name), by a stable name."""
    if _TYPES:
        return _TYPES
    from .modules import snapshot_types

    types: dict[str, type] = {}
    for cls in (*CONSTRUCTIBLE, *EXCEPTIONS.values(), Function, *_GENERATOR_TAGS, Builtin, BoundBuiltin,
                Module, Cell, Tool, _HostMethod, _MethodDescriptor, *_ITERATOR_TYPES, *_DICT_VIEWS,
                type(Ellipsis), type(NotImplemented), _GENERIC_ALIAS, _UNION_TYPE,
                *snapshot_types(), Finish):
        name = _type_name(cls)
        if types.setdefault(name, cls) is not cls:
            raise RuntimeError(f"two snapshot types are named {name!r}")
    _TYPES.update(types)
    return _TYPES


_TYPES: dict[str, type] = {}  # type_registry(), made once: the types are fixed
# The objects of a suspended frame, by the tag of their rows.
_GENERATOR_TAGS = {Generator: "gen", Coroutine: "coro",
                   **{cls: f"it:{cls.__name__}" for cls in BUILTIN_ITERATORS}}
_GENERATOR_CLASSES = {tag: cls for cls, tag in _GENERATOR_TAGS.items()}


def _type_name(cls: type) -> str:
    return _OWN_NAMES.get(cls) or f"{cls.__module__}.{cls.__qualname__}"


# Classes shown under another class's name: the VM's own are shown as CPython's builtins
# (three are builtin_function_or_method, as the host's bound methods are), and typing's
# stand-ins as builtins and types classes.
_OWN_NAMES = {**SNAPSHOT_NAMES, **{cls: f"littrs.{cls.__qualname__}" for cls in _GENERATOR_TAGS},
              Function: "littrs.function", Builtin: "littrs.builtin", BoundBuiltin: "littrs.BoundBuiltin",
              Module: "littrs.module", Cell: "littrs.cell", Tool: "littrs.tool"}


class Encoder:
    """Turns the objects of a paused run into table rows."""

    def __init__(self, sandbox: Any) -> None:
        self.rows: list[Any] = []
        self.index: dict[int, int] = {}
        # Objects waiting for their row; holding them also keeps the ids of
        # objects made while encoding (a set iterator's remaining items) unique.
        self.pending: list[tuple[int, Any]] = []
        self.keep: list[Any] = []
        self.sources: list[str] = []
        self.source_index: dict[str, int] = {}
        self.sandbox = sandbox
        self.names: dict[int, list[Any]] | None = None  # made when first needed
        self.prelude = prelude_namespace()

    def value(self, obj: Any) -> Any:
        t = type(obj)
        if obj is None or t is bool or t is str or t is float:
            return obj
        if t is int:
            if _BIG_NEGATIVE < obj < _BIG_INT:
                return obj
        key = id(obj)
        found = self.index.get(key)
        if found is not None:
            return [found]
        position = len(self.rows)
        self.index[key] = position
        self.rows.append(None)
        self.pending.append((position, obj))  # rows are made by drain(): no recursion
        return [position]

    def drain(self) -> None:
        """Make the rows of every object seen so far (and of what they hold).

        Dicts and lists are most of a run's data: their rows are made here, in
        one loop with the references inline (see :meth:`mapping`, :meth:`value`).
        """
        pending = self.pending
        rows = self.rows
        index = self.index
        prelude = self.prelude
        value = self.value
        big = _BIG_INT
        negative = _BIG_NEGATIVE
        plain = _PLAIN_ATOMS.issuperset
        while pending:
            position, obj = pending.pop()
            t = type(obj)
            if t is dict and obj is not prelude:
                row = obj  # copied at the first value that needs a reference
                for key, item in obj.items():
                    if type(key) is not str:
                        row = self.flat_mapping(obj)
                        break
                    t = type(item)
                    if t is str or t is float or t is bool or item is None or (
                        t is int and negative < item < big
                    ):
                        continue
                    if row is obj:
                        row = obj.copy()
                    found = index.get(id(item))
                    if found is None:
                        if t is not list or not plain(map(type, item)):
                            row[key] = value(item)
                            continue
                        # A list of atoms (a record's tags): its row now, not via pending.
                        found = index[id(item)] = len(rows)
                        rows.append(["l", *item])
                    row[key] = [found]
                rows[position] = row
            elif t is list:
                rows[position] = self.sequence("l", obj)
            else:
                rows[position] = self.row(obj)

    def values(self, items: Any) -> list[Any]:
        """Encoded items; atoms are checked inline, as most items are atoms."""
        value = self.value
        return [
            item
            if (type(item) is str or item is None or type(item) is bool or type(item) is float
                or (type(item) is int and _BIG_NEGATIVE < item < _BIG_INT))
            else value(item)
            for item in items
        ]

    def sequence(self, tag: str, items: Any) -> list[Any]:
        """``[tag, item, ...]``; a run of atoms is checked by type in one C-level pass."""
        kinds = set(map(type, items))
        if kinds <= _PLAIN_ATOMS or (
            kinds <= _INTEGERS and _BIG_NEGATIVE < min(items) and max(items) < _BIG_INT
        ):
            return [tag, *items]
        # Containers among them (a list of records): their references, registered here.
        row = [tag]
        append = row.append
        rows = self.rows
        index = self.index
        pending = self.pending
        big = _BIG_INT
        negative = _BIG_NEGATIVE
        for item in items:
            t = type(item)
            if t is str or (t is int and negative < item < big) or t is float or t is bool \
                    or item is None:
                append(item)
                continue
            key = id(item)
            found = index.get(key)
            if found is None:
                found = index[key] = len(rows)
                rows.append(None)
                pending.append((found, item))
            append([found])
        return row

    def flat_mapping(self, obj: dict) -> list[Any]:
        """``["d", key, value, ...]``: a dict with a key that is not a str.

        (A dict with str keys only is a JSON object: see :meth:`drain`.)
        """
        flat: list[Any] = ["d"]
        for pair in obj.items():
            flat += self.values(pair)
        return flat

    def row(self, obj: Any) -> list[Any]:  # noqa: C901 - one case per kind of object
        t = type(obj)
        if t is dict:  # the prelude's namespace: the loading side has its own
            return ["prelude"]
        if t is tuple:
            return self.sequence("t", obj)
        if t is set:
            return self.sequence("s", obj)
        if t is frozenset:
            return self.sequence("fs", obj)
        if t is int:
            return ["I", hex(obj)]
        if t is bytes:
            return ["b", base64.b64encode(obj).decode("ascii")]
        if t is bytearray:
            return ["ba", base64.b64encode(bytes(obj)).decode("ascii")]
        if t is complex:
            return ["c", obj.real, obj.imag]
        if t is range:
            return ["r", obj.start, obj.stop, obj.step]
        if t is slice:
            return ["sl", self.value(obj.start), self.value(obj.stop), self.value(obj.step)]
        if obj is UNBOUND:
            return ["unbound"]
        if obj is MISSING:
            return ["missing"]
        if obj is NO_SELF:
            return ["noself"]
        if obj is Ellipsis:
            return ["ellipsis"]
        if obj is NotImplemented:
            return ["notimplemented"]
        if t is Cell:
            return ["cell", self.value(obj.contents)]
        if t is Code:
            if obj is FINISH_CODE:
                return ["finishcode"]
            if obj.library is not None:  # a library module's: named, not written out
                return ["libcode", obj.library, list(obj.path)]
            return ["code", self.source(obj.source), list(obj.path)]
        if t is Function:
            return ["fn", self.value(obj.code), self.value(obj.globals), self.value(obj.defaults),
                    self.value(obj.kwdefaults), self.value(obj.closure), obj.name, obj.qualname,
                    self.value(obj.doc), self.value(obj.attrs)]
        if t is Frame:
            return ["frame", self.value(obj.code), self.values(obj.fast), self.value(obj.cells),
                    self.values(obj.stack), obj.pc, self.value(obj.globals),
                    self.value(obj.generator), self.value(getattr(obj, "locals", None)),
                    self.value(getattr(obj, "replay", None))]
        if t in _GENERATOR_TAGS:
            return [_GENERATOR_TAGS[t], self.value(obj.frame), obj.name,
                    obj.qualname, obj.running,
                    obj.started, self.value(obj.delegate), obj.resume_mode, obj.resume_target,
                    self.value(obj.resume_default), self.value(obj.throw), obj.exc_depth,
                    self.value(obj.exc_state), self.value(obj.outer)]
        if t is Module:
            return ["mod", obj.name, self.value(obj.namespace)]
        if t in _SLOTTED:
            return ["obj", _type_name(t), [self.value(getattr(obj, slot)) for slot in _SLOTTED[t]]]
        if t is _GENERIC_ALIAS and not obj.__unpacked__:  # list[int]
            return ["galias", self.value(obj.__origin__), self.values(obj.__args__)]
        if t is _UNION_TYPE:  # int | None
            return ["utype", self.values(obj.__args__)]
        if isinstance(obj, TypingForm):
            tag, args = obj.recipe()
            return ["typing", tag, self.values(args)]
        if t is ClassMeta or isinstance(t, ClassMeta):
            row = self.model_row(obj)
            if row is not None:
                return row
        if t in _MODEL_ROWS:
            return self.model_row(obj)
        if isinstance(obj, BaseException):
            return self.exception(obj)
        if isinstance(obj, type):
            return ["type", _type_name(obj)]
        if self.names is None:
            self.names = _named_objects(self.sandbox)
        named = self.names.get(id(obj))
        if named is not None:
            return named
        if t is BoundBuiltin:
            space_name = _SPACE_METHODS.get(id(obj.fn))
            if space_name is not None:  # a method of object or type, bound to a sandbox value
                return ["spacebound", *space_name, self.value(obj.self)]
            return ["bound", self.value(obj.self), obj.name]
        if t is _HostMethod and not _is_module(obj.__self__):
            return ["bound", self.value(obj.__self__), obj.__name__]
        if t is _MethodDescriptor:
            return ["tattr", self.value(obj.__objclass__), obj.__name__]
        if t in _ITERATOR_TYPES:
            return self.iterator(obj)
        if t in _DICT_VIEWS:  # a live view: made again from its dict (its only referent)
            return ["dview", _DICT_VIEWS[t], self.value(gc.get_referents(obj)[0])]
        raise SnapshotError(f"cannot snapshot a value of type '{t.__name__}'")

    def model_row(self, obj: Any) -> list[Any] | None:
        """Rows of the object model: classes, instances, methods and descriptors."""
        t = type(obj)
        if is_class(obj):
            if self.names is None:
                self.names = _named_objects(self.sandbox)
            named = self.names.get(id(obj))
            if named is not None:  # a module's class: the loading sandbox's own
                return named
            rec = record(obj)
            meta = type if t is ClassMeta else t
            slots = obj.__dict__.get("__slots__")
            return ["class", obj.__name__, rec.qualname, self.value(meta),
                    self.values(tuple(type if b is ClassMeta else b for b in obj.__bases__)),
                    self.value(rec.namespace),
                    None if slots is None else list(slots),
                    obj.__dict__.get("__hash__", MISSING) is None, sorted(rec.abstract)]
        if is_instance(obj):
            if isinstance(obj, BaseException):
                return self.exception(obj)
            base = solid_base(t)
            namespace = getattr(obj, "__dict__", None)
            slot_values = {}
            for klass in t.__mro__:
                for name in klass.__dict__.get("__slots__", ()) if is_class(klass) else ():
                    member = klass.__dict__.get(name)
                    if member is not None and type(member) is _MEMBER:
                        try:
                            slot_values[name] = member.__get__(obj, t)
                        except AttributeError:
                            pass
            return ["inst", self.value(t), base.__name__, self.payload(obj, base),
                    self.value(namespace), self.value(slot_values)]
        if t is Method:
            return ["method", self.value(obj.function), self.value(obj.self)]
        if t is ClassMethod or t is StaticMethod:
            return ["cm" if t is ClassMethod else "sm", self.value(obj.function),
                    self.value(obj.attrs)]
        if t is Property:
            return ["prop", self.value(obj.fget), self.value(obj.fset), self.value(obj.fdel),
                    self.value(obj.doc), obj.name]
        if t is GetSet:
            return ["getset", obj.owner, obj.name]
        if t is Super:
            return ["super", self.value(obj.cls), self.value(obj.obj), self.value(obj.obj_type)]
        if t is Raised:
            return ["raised", self.value(obj.exc)]
        if obj is ENTER:
            return ["enter"]
        if t in _LAYOUT:  # a slot or __dict__ of a sandbox class: made again with it
            owner = obj.__objclass__
            if is_class(owner):
                return ["layout", self.value(owner), obj.__name__]
        return None

    def payload(self, obj: Any, base: type) -> Any:
        """What an instance of a subclass of a builtin type holds as that type, read with
        the type's own C code (the subclass's methods would be sandbox code)."""
        if base is object:
            return None
        if base in (list, tuple):
            return self.values(base.__getitem__(obj, slice(None)))
        if base is dict:
            return self.values([item for pair in dict.items(obj) for item in pair])
        if base in (set, frozenset):
            return self.values(list(base.copy(obj)))
        if base is bytearray:
            return base64.b64encode(bytes(obj)).decode("ascii")
        if base is bytes:
            return base64.b64encode(bytes.__getitem__(obj, slice(None))).decode("ascii")
        if base is str:
            return str.__str__(obj)
        if base is int:
            return self.value(int.__int__(obj))
        if base is float:
            return float.__float__(obj)
        if base is complex:
            return [obj.real, obj.imag]
        if base is type:  # an instance of a sandbox metaclass is a class: its own row
            return None
        raise SnapshotError(f"cannot snapshot an instance of a subclass of '{base.__name__}'")

    def source(self, text: str) -> int:
        position = self.source_index.get(text)
        if position is None:
            position = self.source_index[text] = len(self.sources)
            self.sources.append(text)
        return position

    def exception(self, exc: BaseException) -> list[Any]:
        """An exception by its constructor arguments (``__reduce__``) and its attributes."""
        tb = [[self.value(code), pc] for code, pc in recorded_traceback(exc)]
        _, args, *rest = exc.__reduce__()
        state = {key: value for key, value in (rest[0] if rest and rest[0] else {}).items()
                 if key != exception_data.KEY}
        kind = type(exc)
        return ["exc", self.value(kind) if is_class(kind) else _type_name(kind), self.values(args),
                self.value(exc.__context__), self.value(exc.__cause__),
                exc.__suppress_context__, tb, self.value(state)]

    def iterator(self, obj: Any) -> list[Any]:
        rebuild, args, *state = obj.__reduce__()
        name = getattr(rebuild, "__name__", "")
        if _REBUILDERS.get(name) is not rebuild:
            raise SnapshotError(f"cannot snapshot a value of type '{type(obj).__name__}'")
        self.keep.append(args)
        return ["iter", name, self.values(args), self.value(state[0] if state else None)]


def _space_methods() -> dict[int, tuple[str, str]]:
    from .vm.attributes import VMMethod

    found = {}
    for owner, space in (("object", OBJECT_SPACE), ("type", TYPE_SPACE)):
        for name, entry in space.items():
            if type(entry) is VMMethod:
                found[id(entry.fn)] = (owner, name)
    return found


_SPACE_METHODS = _space_methods()
_MEMBER = type(BaseException.__dict__["__suppress_context__"])
_LAYOUT = frozenset({_MEMBER, type(type.__dict__["__dict__"])})
_MODEL_ROWS = frozenset({Method, ClassMethod, StaticMethod, Property, GetSet, Super, Raised,
                         type(ENTER), *_LAYOUT})


def _is_module(owner: Any) -> bool:
    return type(owner).__name__ == "module"


def _named_objects(sandbox: Any) -> dict[int, list[Any]]:
    """Builtins, tools and module functions, by the name the loading sandbox resolves."""
    names: dict[int, list[Any]] = {}
    for name, value in sandbox._builtins.items():
        if not isinstance(value, (type, str)) and value is not None:
            names[id(value)] = ["builtin", name]
    for module_name, module in sandbox._modules.items():
        for attribute, value in module.namespace.items():
            if (is_class(value) or not isinstance(value, (type, str, int, float))) and (
                id(value) not in names
            ):
                names[id(value)] = ["modattr", module_name, attribute]
    for name, value in prelude_namespace().items():
        if type(value) is Builtin:
            names[id(value)] = ["preludeattr", name]
    return names


def dump_state(sandbox: Any, machine: Any, call: Any, key: bytes | None = None) -> bytes:
    """The bytes of a run paused at ``call``."""
    frame, frames = machine.paused
    encoder = Encoder(sandbox)
    roots = {
        "globals": encoder.value(sandbox._globals),
        "frame": encoder.value(frame),
        "frames": encoder.values(frames),
        "handled": encoder.value(machine.handled),
        "modules": {name: encoder.value(module) for name, module in sandbox._modules.items()},
        # The call (None: a batch, whose calls its loop holds), and the running loop.
        "call": (
            [None, None, None] if type(call) is ToolBatch
            else [call.tool.name, encoder.value(call.args), encoder.value(call.kwargs)]
        ) + [encoder.value(machine.loop)],
    }
    encoder.drain()
    snapshot = Snapshot(
        littrs=_version(),
        sources=encoder.sources,
        objects=Rows(encoder.rows),
        steps=machine.steps + machine.charged,
        elapsed=machine.elapsed,
        output=list(machine.output),
        **roots,
    )
    payload = json.dumps(
        _converter.unstructure(snapshot), separators=(",", ":"), check_circular=False
    ).encode()
    header = MAGIC + f"{FORMAT_VERSION}\n".encode()
    if key is not None:
        digest = hmac.new(key, header + payload, hashlib.sha256).hexdigest().encode()
        header += _HMAC_PREFIX + digest + b"\n"
    return header + payload


def _version() -> str:
    from . import __version__

    return __version__


class Decoder:
    """Rebuilds objects from table rows, checking every row on the way."""

    def __init__(self, snapshot: Snapshot, sandbox: Any) -> None:
        self.snapshot = snapshot
        self.rows = snapshot.objects.items
        self.sandbox = sandbox
        self.built: dict[int, Any] = {}
        self.types = type_registry()
        self.preset: dict[int, Any] = {}  # rows to decode into existing objects
        # Dicts and sets whose keys hash with sandbox code: filled once every row is built.
        self.deferred: list[tuple[Any, list[Any]]] = []

    def finish(self) -> None:
        """Fill the dicts and sets keyed by instances: their ``__hash__`` runs now (a
        nested run); two keys that hash alike are unequal without asking their ``__eq__``
        (they were two keys), which may call tools that cannot answer while loading."""
        from .vm.context import current

        machine = current.get()
        machine.rebuilding = True
        try:
            for target, fields in self.deferred:
                if type(target) is set:
                    target.update(fields)
                else:
                    for index in range(0, len(fields), 2):
                        target[fields[index]] = fields[index + 1]
        except RuntimeError as error:
            raise SnapshotError(f"a key of a dict in the snapshot cannot be hashed: {error}") \
                from error
        finally:
            machine.rebuilding = False

    def value(self, encoded: Any) -> Any:
        if type(encoded) is not list:
            if type(encoded) is dict:
                raise SnapshotError("malformed value in snapshot")
            return encoded  # an atom: JSON makes nothing else
        if len(encoded) != 1 or type(encoded[0]) is not int:
            raise SnapshotError("malformed value in snapshot")
        position = encoded[0]
        result = self.built.get(position, _NOTHING)
        if result is not _NOTHING:
            return result
        if not 0 <= position < len(self.rows):
            raise SnapshotError("reference out of range in snapshot")
        return self.build(position)

    def containers(self) -> None:
        """Make every dict and list row's object first, then replace the references in them.

        These rows are most of a run's data: two flat passes over the table
        instead of a descent from the roots, so they cost no dispatch and no
        depth. A dict row is the dict JSON decoded; a list row's tail is the list.
        """
        rows = self.rows
        built = self.built
        dicts = []
        lists = []
        for position, row in enumerate(rows):
            if type(row) is dict:
                built[position] = row
                dicts.append(position)
            elif type(row) is list and row and row[0] == "l":
                built[position] = row[1:]
                lists.append(position)
        for position, target in self.preset.items():  # the globals: the sandbox's own dict
            if position in built and type(rows[position]) is dict:
                target.update(rows[position])
                built[position] = target
        value = self.value
        for position in dicts:
            target = built[position]
            for key, item in rows[position].items():
                if type(item) is list:
                    target[key] = (
                        built[item[0]]
                        if len(item) == 1 and type(item[0]) is int and item[0] in built
                        else value(item)
                    )
                elif type(item) is dict:
                    raise SnapshotError("malformed value in snapshot")
        for position in lists:
            self.resolve(built[position])

    def resolve(self, items: list) -> None:
        """Replace the references among decoded items by their objects, in place."""
        kinds = set(map(type, items))
        if dict in kinds:
            raise SnapshotError("malformed value in snapshot")
        if list in kinds:
            built = self.built
            value = self.value
            for index, item in enumerate(items):
                if type(item) is list:
                    items[index] = (
                        built[item[0]]
                        if len(item) == 1 and type(item[0]) is int and item[0] in built
                        else value(item)
                    )

    def values(self, encoded: Any) -> list[Any]:
        """Decoded items; atoms (everything but a one-item list) pass as they are."""
        if type(encoded) is not list:
            raise SnapshotError("malformed list in snapshot")
        value = self.value
        return [item if type(item) is not list else value(item) for item in encoded]

    def build(self, position: int) -> Any:  # noqa: C901 - one case per kind of row
        row = self.rows[position]
        built = self.built
        if type(row) is not list or not row or type(row[0]) is not str:
            raise SnapshotError("malformed row in snapshot")
        tag, *fields = row
        if tag == "d":
            result = self.preset.get(position, {})
            built[position] = result
            self.resolve(fields)
            if len(fields) % 2:
                raise SnapshotError("malformed dict in snapshot")
            if _hashes_sandbox_code(fields[::2]):
                self.deferred.append((result, fields))
            else:
                for index in range(0, len(fields), 2):
                    result[fields[index]] = fields[index + 1]
        elif tag == "s":
            result = set()
            built[position] = result
            self.resolve(fields)
            if _hashes_sandbox_code(fields):
                self.deferred.append((result, fields))
            else:
                result.update(fields)
        elif tag == "t":
            self.resolve(fields)
            result = built[position] = tuple(fields)
        elif tag == "fs":
            self.resolve(fields)
            result = built[position] = frozenset(fields)
        elif tag == "I":
            result = built[position] = int(_text(fields[0]), 16)
        elif tag == "b":
            result = built[position] = base64.b64decode(_text(fields[0]), validate=True)
        elif tag == "ba":
            result = built[position] = bytearray(base64.b64decode(_text(fields[0]), validate=True))
        elif tag == "c":
            result = built[position] = complex(_number(fields[0]), _number(fields[1]))
        elif tag == "r":
            result = built[position] = range(*(_integer(field) for field in fields))
        elif tag == "sl":
            result = built[position] = slice(*(self.value(field) for field in fields))
        elif tag in _SINGLETONS:
            result = built[position] = _SINGLETONS[tag]
        elif tag == "prelude":
            result = built[position] = prelude_namespace()
        elif tag == "cell":
            result = Cell()
            built[position] = result
            result.contents = self.value(fields[0])
        elif tag == "code":
            result = built[position] = self.code(fields[0], fields[1])
        elif tag == "finishcode":
            result = built[position] = FINISH_CODE
        elif tag == "libcode":
            result = built[position] = self.library_code(fields[0], fields[1])
        elif tag == "fn":
            result = self.function(position, fields)
        elif tag == "frame":
            result = self.frame(position, fields)
        elif tag in _GENERATOR_CLASSES:
            result = self.generator(position, fields, _GENERATOR_CLASSES[tag])
        elif tag == "obj":
            result = self.slotted(position, fields)
        elif tag == "mod":
            result = Module(_text(fields[0]), {})
            built[position] = result
            result.namespace = self.mapping(fields[1])
        elif tag == "exc":
            result = self.exception(position, fields)
        elif tag == "type":
            result = built[position] = self.type(fields[0])
        elif tag in ("builtin", "modattr", "preludeattr", "bound", "tattr"):
            result = built[position] = self.named(tag, fields)
        elif tag == "iter":
            result = built[position] = self.iterator(fields)
        elif tag == "dview":
            if fields[0] not in _DICT_VIEWS.values():
                raise SnapshotError("malformed dict view in snapshot")
            result = built[position] = getattr(self.mapping(fields[1]), fields[0])()
        elif tag == "galias":
            origin, args = self.value(fields[0]), tuple(self.values(fields[1]))
            if not isinstance(origin, type):
                raise SnapshotError("malformed generic alias in snapshot")
            result = built[position] = _GENERIC_ALIAS(origin, args)
        elif tag == "utype":
            args = self.values(fields[0])
            if len(args) < 2 or not all(isinstance(arg, (type, _GENERIC_ALIAS)) for arg in args):
                raise SnapshotError("malformed union in snapshot")
            result = args[0]
            for arg in args[1:]:  # type.__or__ of classes: no code of the snapshot's runs
                result = result | arg
            built[position] = result
        elif tag in _MODEL_TAGS:
            result = self.model(position, tag, fields)
        elif tag == "typing":
            try:
                result = rebuild_form(_text(fields[0]), tuple(self.values(fields[1])))
            except ValueError as error:
                raise SnapshotError("malformed typing form in snapshot") from error
            built[position] = result
        else:
            raise SnapshotError(f"unknown row {tag!r} in snapshot")
        return result

    def model(self, position: int, tag: str, fields: list[Any]) -> Any:  # noqa: C901
        built = self.built
        if tag == "class":
            name, qualname = _text(fields[0]), _text(fields[1])
            meta = self.value(fields[2])
            bases = tuple(self.values(fields[3]))
            namespace = self.mapping(fields[4])
            slots = fields[5]
            if not (meta is type or is_class(meta)) or not bases or not all(
                    isinstance(base, type) for base in bases):
                raise SnapshotError("malformed class in snapshot")
            if slots is not None and (type(slots) is not list or
                                      not all(type(slot) is str for slot in slots)):
                raise SnapshotError("malformed class slots in snapshot")
            dispatchers = dispatchers_for({key: None for key in namespace})
            dispatchers.pop("__hash__", None)
            if fields[6] is True:
                dispatchers["__hash__"] = None
            elif "__hash__" in namespace:
                dispatchers.update(dispatchers_for({"__hash__": 0}))
            try:
                cls = make_carrier(meta, name, bases, ClassRecord(namespace, qualname),
                                   NO_SLOTS if slots is None else tuple(slots), dispatchers)
            except (TypeError, ValueError) as error:
                raise SnapshotError("malformed class in snapshot") from error
            built[position] = cls
            _add_layout_descriptors(cls, namespace)
            abstract = fields[7]
            if type(abstract) is not list or not all(type(n) is str for n in abstract):
                raise SnapshotError("malformed class in snapshot")
            record(cls).abstract = frozenset(abstract)
            return cls
        if tag == "layout":
            owner = self.value(fields[0])
            if not is_class(owner):
                raise SnapshotError("malformed class member in snapshot")
            member = owner.__dict__.get(_text(fields[1]))
            if type(member) not in _LAYOUT:
                raise SnapshotError("malformed class member in snapshot")
            built[position] = member
            return member
        if tag == "inst":
            return self.instance(position, fields)
        if tag == "method":
            result = Method(None, None)
            built[position] = result
            result.function = self.value(fields[0])
            result.self = self.value(fields[1])
            return result
        if tag in ("cm", "sm"):
            result = (ClassMethod if tag == "cm" else StaticMethod)(None)
            built[position] = result
            result.function = self.value(fields[0])
            result.attrs = self.value(fields[1])
            return result
        if tag == "prop":
            result = Property()
            built[position] = result
            result.fget, result.fset, result.fdel, result.doc = (
                self.value(field) for field in fields[:4])
            result.name = fields[4] if type(fields[4]) is str else None
            return result
        if tag == "getset":
            space = TYPE_SPACE if fields[0] == "type" else OBJECT_SPACE
            value = space.get(_text(fields[1]))
            if type(value) is not GetSet:
                raise SnapshotError("unknown attribute in snapshot")
            built[position] = value
            return value
        if tag == "super":
            result = Super(None, None, None)  # type: ignore[arg-type]
            built[position] = result
            result.cls = self.value(fields[0])
            result.obj = self.value(fields[1])
            result.obj_type = self.value(fields[2])
            return result
        if tag == "spacebound":
            from .vm.attributes import VMMethod

            space = TYPE_SPACE if fields[0] == "type" else OBJECT_SPACE
            entry = space.get(_text(fields[1]))
            if type(entry) is not VMMethod:
                raise SnapshotError("unknown method in snapshot")
            owner = self.value(fields[2])
            result = BoundBuiltin(owner, entry.fn, entry.fn.__name__, entry.needs_vm)
            built[position] = result
            return result
        if tag == "raised":
            result = Raised(None)  # type: ignore[arg-type]
            built[position] = result
            result.exc = self.value(fields[0])
            if not isinstance(result.exc, BaseException):
                raise SnapshotError("malformed logged exception in snapshot")
            return result
        built[position] = ENTER  # "enter"
        return ENTER

    def instance(self, position: int, fields: list[Any]) -> Any:
        """An instance of a sandbox class: its builtin part, then its attributes."""
        cls = self.value(fields[0])
        if not is_class(cls):
            raise SnapshotError("instance of a non-class in snapshot")
        base = solid_base(cls)
        if base.__name__ != fields[1]:
            raise SnapshotError("instance does not fit its class in snapshot")
        payload = fields[2]
        try:
            if base in (object, list, dict, set, bytearray):
                obj = base.__new__(cls)
            elif base in (tuple, frozenset):
                obj = base.__new__(cls, self.values(payload))
            elif base in (bytes,):
                obj = base.__new__(cls, base64.b64decode(_text(payload), validate=True))
            elif base is complex:
                obj = base.__new__(cls, _number(payload[0]), _number(payload[1]))
            elif base in (str, int, float):
                obj = base.__new__(cls, self.value(payload) if base is int else payload)
            else:
                raise SnapshotError("malformed instance in snapshot")
        except (TypeError, ValueError) as error:
            raise SnapshotError("malformed instance in snapshot") from error
        self.built[position] = obj
        if base is list:
            list.extend(obj, self.values(payload))
        elif base is dict:
            items = self.values(payload)
            for index in range(0, len(items) - 1, 2):
                dict.__setitem__(obj, items[index], items[index + 1])
        elif base is set:
            set.update(obj, self.values(payload))
        elif base is bytearray:
            bytearray.extend(obj, base64.b64decode(_text(payload), validate=True))
        namespace = self.value(fields[3])
        if namespace is not None:
            if type(namespace) is not dict:
                raise SnapshotError("malformed instance in snapshot")
            try:
                obj.__dict__ = namespace
            except (AttributeError, TypeError) as error:
                raise SnapshotError("instance does not fit its class in snapshot") from error
        for name, value in self.mapping(fields[4]).items():
            try:
                object.__setattr__(obj, _text(name), value)
            except (AttributeError, TypeError) as error:
                raise SnapshotError("instance does not fit its class in snapshot") from error
        return obj

    def mapping(self, encoded: Any) -> dict:
        value = self.value(encoded)
        if type(value) is not dict:
            raise SnapshotError("expected a dict in snapshot")
        return value

    def code(self, source_index: Any, path: Any) -> Code:
        sources = self.snapshot.sources
        if type(source_index) is not int or not 0 <= source_index < len(sources):
            raise SnapshotError("code reference out of range in snapshot")
        if type(path) is not list or any(type(step) is not int for step in path):
            raise SnapshotError("malformed code path in snapshot")
        source = sources[source_index]
        try:
            code = compile_source(source)
        except SyntaxError as error:
            raise SnapshotError("snapshot holds source that does not compile") from error
        if source == PRELUDE_SOURCE:
            code = prelude_code()
        for step in path:
            inner = nested_codes(code)
            if not 0 <= step < len(inner):
                raise SnapshotError("code path out of range in snapshot")
            code = inner[step]
        return code

    def library_code(self, name: Any, path: Any) -> Code:
        from .modules.library import _CODES

        code = _CODES.get(_text(name))
        if code is None:  # not imported in this process yet: the loading sandbox imports it
            self.sandbox._import(name)
            code = _CODES.get(name)
        if code is None or type(path) is not list or any(type(step) is not int for step in path):
            raise SnapshotError(f"snapshot names code of a module this sandbox lacks: {name!r}")
        for step in path:
            inner = nested_codes(code)
            if not 0 <= step < len(inner):
                raise SnapshotError("code path out of range in snapshot")
            code = inner[step]
        return code

    def function(self, position: int, fields: list[Any]) -> Function:
        code = self.value(fields[0])
        if type(code) is not Code:
            raise SnapshotError("function without code in snapshot")
        function = Function(code, {})
        self.built[position] = function
        function.globals = self.mapping(fields[1])
        function.defaults = self.value(fields[2])
        function.kwdefaults = self.value(fields[3])
        function.closure = self.value(fields[4])
        function.name = _text(fields[5])
        function.qualname = _text(fields[6])
        function.doc = self.value(fields[7])
        function.attrs = self.value(fields[8])
        if type(function.defaults) is not tuple or type(function.closure) is not tuple:
            raise SnapshotError("malformed function in snapshot")
        if len(function.closure) != len(code.freevars):
            raise SnapshotError("closure does not fit its code in snapshot")
        return function

    def frame(self, position: int, fields: list[Any]) -> Frame:
        code = self.value(fields[0])
        if type(code) is not Code:
            raise SnapshotError("frame without code in snapshot")
        frame = Frame(code, [], None, {})
        self.built[position] = frame
        frame.fast = self.values(fields[1])
        frame.cells = self.value(fields[2])
        frame.stack = self.values(fields[3])
        frame.pc = fields[4]
        frame.globals = self.mapping(fields[5])
        frame.generator = self.value(fields[6])
        frame.locals = self.value(fields[7])
        frame.replay = self.value(fields[8])
        if frame.replay is not None and type(frame.replay) is not list:
            raise SnapshotError("malformed frame in snapshot")
        if type(frame.pc) is not int or not 0 <= frame.pc <= len(code.instrs):
            raise SnapshotError("frame position out of range in snapshot")
        if len(frame.fast) != code.nlocals:
            raise SnapshotError("frame locals do not fit its code in snapshot")
        return frame

    def slotted(self, position: int, fields: list[Any]) -> Any:
        cls = self.type(fields[0])
        slots = _SLOTTED.get(cls)
        if slots is None or type(fields[1]) is not list or len(fields[1]) != len(slots):
            raise SnapshotError("malformed object in snapshot")
        obj = object.__new__(cls)
        self.built[position] = obj
        for slot, field in zip(slots, fields[1]):
            setattr(obj, slot, self.value(field))
        return obj

    def generator(self, position: int, fields: list[Any], cls: type = Generator) -> Generator:
        generator = object.__new__(cls)
        self.built[position] = generator
        generator.frame = self.value(fields[0])
        generator.name = _text(fields[1])
        generator.qualname = _text(fields[2])
        generator.running = bool(fields[3])
        generator.started = bool(fields[4])
        generator.delegate = self.value(fields[5])
        generator.resume_mode = _integer(fields[6])
        generator.resume_target = _integer(fields[7])
        generator.resume_default = self.value(fields[8])
        generator.throw = self.value(fields[9])
        generator.exc_depth = _integer(fields[10])
        generator.exc_state = self.value(fields[11])
        generator.outer = self.value(fields[12])
        return generator

    def exception(self, position: int, fields: list[Any]) -> BaseException:
        cls = self.value(fields[0]) if type(fields[0]) is list else self.type(fields[0])
        if not isinstance(cls, type):
            raise SnapshotError("exception row of a non-exception type in snapshot")
        if not issubclass(cls, BaseException):
            raise SnapshotError("exception row of a non-exception type in snapshot")
        args = self.values(fields[1])
        try:
            exc = cls(*args)  # an allowlisted exception class: the host's own constructor
        except Exception as error:  # noqa: BLE001 - any failure means a bad row
            raise SnapshotError("malformed exception in snapshot") from error
        self.built[position] = exc
        exc.__context__ = self.value(fields[2])
        exc.__cause__ = self.value(fields[3])
        exc.__suppress_context__ = bool(fields[4])
        set_traceback(exc, [(self.value(code), _integer(pc)) for code, pc in fields[5]])
        state = self.mapping(fields[6])
        if is_class(cls):
            exc.__dict__.update(state)  # its attributes, without the class's __setattr__
        else:
            for key, value in state.items():
                setattr(exc, _text(key), value)
        return exc

    def type(self, name: Any) -> type:
        cls = self.types.get(_text(name))
        if cls is None:
            raise SnapshotError(f"unknown type {name!r} in snapshot")
        return cls

    def named(self, tag: str, fields: list[Any]) -> Any:
        from .vm import attributes

        try:
            if tag == "builtin":
                return self.sandbox._builtins[_text(fields[0])]
            if tag == "modattr":
                module = self.sandbox._import(_text(fields[0]))
                return module.namespace[_text(fields[1])]
            if tag == "preludeattr":
                value = prelude_namespace()[_text(fields[0])]
                if type(value) is not Builtin:
                    raise KeyError(fields[0])
                return value
            owner, name = self.value(fields[0]), _text(fields[1])
            if name in _WITH_METHODS:  # bound by a with statement paused in its body
                return attributes.load_special(owner, name)
            return attributes.load_attr(owner, name)
        except (KeyError, AttributeError, TypeError) as error:
            raise SnapshotError(f"snapshot names something this sandbox lacks: {fields}") from error

    def iterator(self, fields: list[Any]) -> Any:
        rebuild = _REBUILDERS.get(_text(fields[0]))
        if rebuild is None:
            raise SnapshotError("unknown iterator in snapshot")
        args = self.values(fields[1])
        state = self.value(fields[2])
        try:
            iterator = rebuild(*args)
            if state is not None:
                iterator.__setstate__(state)
        except (TypeError, ValueError) as error:
            raise SnapshotError("malformed iterator in snapshot") from error
        if type(iterator) not in _ITERATOR_TYPES:
            raise SnapshotError("malformed iterator in snapshot")
        return iterator


_WITH_METHODS = frozenset(("__enter__", "__exit__", "__aenter__", "__aexit__"))
_MODEL_TAGS = frozenset({"class", "layout", "inst", "method", "cm", "sm", "prop", "getset",
                         "super", "raised", "enter", "spacebound"})
_SINGLETONS = {"unbound": UNBOUND, "missing": MISSING, "ellipsis": Ellipsis,
               "notimplemented": NotImplemented, "noself": NO_SELF}


def _hashes_sandbox_code(keys: list[Any]) -> bool:
    """Whether hashing one of ``keys`` may run a sandbox class's ``__hash__``."""
    return any(is_instance(key) or type(key) in (tuple, frozenset) for key in keys)


def _text(value: Any) -> str:
    if type(value) is not str:
        raise SnapshotError("expected a string in snapshot")
    return value


def _integer(value: Any) -> int:
    if type(value) is not int:
        raise SnapshotError("expected an integer in snapshot")
    return value


def _number(value: Any) -> float:
    if type(value) not in (int, float):
        raise SnapshotError("expected a number in snapshot")
    return value


def parse(blob: bytes, key: bytes | None = None) -> Snapshot:
    """The snapshot record in ``blob``, after checking its header and integrity."""
    if not isinstance(blob, (bytes, bytearray)):
        raise SnapshotError(f"a snapshot is bytes, not {type(blob).__name__}")
    blob = bytes(blob)
    if not blob.startswith(MAGIC):
        raise SnapshotError("not a littrs snapshot")
    rest = blob[len(MAGIC):]
    version_line, _, rest = rest.partition(b"\n")
    if version_line != str(FORMAT_VERSION).encode():
        raise SnapshotError(
            f"snapshot format version {version_line.decode(errors='replace')!r} is not "
            f"{FORMAT_VERSION}"
        )
    header = MAGIC + version_line + b"\n"
    if rest.startswith(_HMAC_PREFIX):
        digest_line, _, rest = rest.partition(b"\n")
        if key is None:
            raise SnapshotError("snapshot is signed: load it with its key")
        expected = hmac.new(key, header + rest, hashlib.sha256).hexdigest().encode()
        if not hmac.compare_digest(digest_line[len(_HMAC_PREFIX):], expected):
            raise SnapshotError("snapshot signature does not match: tampered or wrong key")
    elif key is not None:
        raise SnapshotError("snapshot is not signed but a key was given")
    try:
        data = json.loads(rest)
        snapshot = _converter.structure(data, Snapshot)
    except Exception as error:  # noqa: BLE001 - any parse failure is a bad snapshot
        raise SnapshotError("snapshot is truncated or corrupt") from error
    if snapshot.littrs != _version():
        raise SnapshotError(
            f"snapshot was made by littrs {snapshot.littrs}, this is {_version()}"
        )
    return snapshot


def restore(snapshot: Snapshot, sandbox: Any) -> tuple[Any, list[Any], Any, Any]:
    """Rebuild the paused run into ``sandbox``: (frame, frames, call, machine state)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _DECODE_DEPTH))  # rebuilding nests as deep as the data
    try:
        return _restore(snapshot, sandbox)
    finally:
        sys.setrecursionlimit(limit)


_DECODE_DEPTH = 60_000


def _restore(snapshot: Snapshot, sandbox: Any) -> tuple[Any, list[Any], Any, Any]:
    decoder = Decoder(snapshot, sandbox)
    globals_ref = snapshot.globals
    if type(globals_ref) is not list or len(globals_ref) != 1 or type(globals_ref[0]) is not int:
        raise SnapshotError("malformed globals in snapshot")
    sandbox._globals.clear()
    decoder.preset[globals_ref[0]] = sandbox._globals
    try:
        decoder.containers()
        modules = {name: decoder.value(ref) for name, ref in snapshot.modules.items()}
        for module in modules.values():
            if type(module) is not Module:
                raise SnapshotError("malformed module in snapshot")
        sandbox._modules.update(modules)
        globals_ = decoder.mapping(snapshot.globals)
        frame = decoder.value(snapshot.frame)
        frames = decoder.values(snapshot.frames)
        handled = decoder.value(snapshot.handled)
        if len(snapshot.call) != 4:
            raise SnapshotError("malformed call in snapshot")
        call = [snapshot.call[0], *decoder.values(snapshot.call[1:])]
        decoder.finish()
    except SnapshotError:
        raise
    except RecursionError as error:
        raise SnapshotError("snapshot is nested too deeply to load") from error
    except (IndexError, KeyError, TypeError, ValueError) as error:
        raise SnapshotError("snapshot is malformed") from error
    if type(frame) is not Frame or any(type(f) is not Frame for f in frames):
        raise SnapshotError("malformed frames in snapshot")
    if globals_ is not sandbox._globals:
        raise SnapshotError("malformed globals in snapshot")
    return frame, frames, call, handled
