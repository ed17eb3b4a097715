"""Sandbox classes: a host class (the *carrier*) per class statement, the namespace apart.

A sandbox class is a host class the VM makes for it, whose metaclass is
:class:`ClassMeta` (or a carrier of a sandbox metaclass, itself a subclass of it). The
carrier gives the class CPython's own behaviour where the host does the work: its MRO
(C3, with CPython's error), the layout of its instances (``__slots__``; builtin bases
such as ``dict``, ``int`` or ``ValueError``), ``isinstance``/``issubclass``, ``raise``
and ``except`` of its instances, and its name in the host's error messages
("'Point' object is not subscriptable").

What the sandbox put in the class body (methods, class attributes, descriptors:
sandbox values) never enters the host's class dict. It is the namespace of the class's
:class:`ClassRecord`; attribute lookups go through the records along the MRO
(:func:`lookup`). The carrier's host dict holds only ``__module__``/``__qualname__``,
the ``__slots__`` members, the record, and a *dispatcher* for each special method the
class defines (see :mod:`.dispatch`), through which host code (hashing in a dict, a
comparison inside a sort, ``range(obj)``) reaches the sandbox method.
"""

from __future__ import annotations

from typing import Any

MISSING: Any = object()


class ClassMeta(type):
    """The metaclass of every carrier: it stands for ``type`` (and is named so in the
    host's messages). It adds nothing: the VM never lets the host call a carrier."""


ClassMeta.__name__ = ClassMeta.__qualname__ = "type"
ClassMeta.__module__ = "builtins"


class ClassRecord:
    """What the VM knows of a sandbox class beyond its carrier.

    ``namespace`` is the class's ``__dict__`` as the sandbox sees it. ``spaces`` pairs
    each class of the MRO with the table its attributes are looked up in (a record's
    namespace, or a builtin type's whitelisted table), built once with the class.
    """

    __slots__ = ("namespace", "qualname", "spaces", "abstract", "cache", "version", "bindings",
                 "bindings_version")

    def __init__(self, namespace: dict, qualname: str) -> None:
        self.namespace = namespace
        self.qualname = qualname
        self.spaces: tuple[tuple[type, dict], ...] = ()
        self.abstract: frozenset[str] = frozenset()  # __abstractmethods__, if set
        # Lookups along the MRO, remembered until any sandbox class changes (VERSION).
        self.cache: dict[str, tuple[Any, type | None]] = {}
        self.version = -1
        self.bindings: dict[str, tuple[int, Any]] = {}  # see protocols.attribute_binding
        self.bindings_version = -1


# Bumped whenever a sandbox class's namespace changes after it was made: every record's
# lookup cache is then stale. (Classes rarely change once made, so this is simple.)
VERSION = [0]


def changed() -> None:
    """A class's namespace changed: forget every remembered lookup."""
    VERSION[0] += 1


def is_class(value: Any) -> bool:
    """Whether ``value`` is a sandbox class (a carrier)."""
    return isinstance(value, ClassMeta)


def is_instance(value: Any) -> bool:
    """Whether ``value`` is an instance of a sandbox class."""
    return isinstance(type(value), ClassMeta)


def record(cls: type) -> ClassRecord:
    """The record of the sandbox class ``cls``."""
    return cls._littrs  # type: ignore[attr-defined]


def sandbox_type(value: Any) -> type:
    """``type(value)`` as the sandbox sees it: ``type`` for ClassMeta."""
    t = type(value)
    return type if t is ClassMeta else t


def shown(cls: type) -> type:
    """A class as the sandbox sees it in bases and MROs (``type``, not ClassMeta)."""
    return type if cls is ClassMeta else cls


def mro(cls: type) -> tuple[type, ...]:
    """``cls.__mro__`` as the sandbox sees it (a metaclass's ClassMeta is its ``type``)."""
    return tuple(klass for klass in cls.__mro__ if klass is not ClassMeta)


def bases(cls: type) -> tuple[type, ...]:
    return tuple(shown(base) for base in cls.__bases__)


def spaces_of(cls: type) -> tuple[tuple[type, dict], ...]:
    """The (class, table) pairs an attribute of ``cls`` is looked up in, MRO order."""
    if is_class(cls):
        return record(cls).spaces
    return tuple((klass, builtin_space(klass)) for klass in cls.__mro__)


def lookup(cls: type, name: str) -> tuple[Any, type | None]:
    """The first definition of ``name`` along ``cls``'s MRO and the class holding it
    (CPython's ``_PyType_Lookup``), or (MISSING, None)."""
    if isinstance(cls, ClassMeta):
        rec = cls._littrs  # type: ignore[attr-defined]
        cache = rec.cache
        if rec.version != VERSION[0]:
            cache.clear()
            rec.version = VERSION[0]
        found = cache.get(name)
        if found is None:
            found = cache[name] = _walk(rec.spaces, name)
        return found
    return _walk(spaces_of(cls), name)


def _walk(spaces: tuple[tuple[type, dict], ...], name: str) -> tuple[Any, type | None]:
    for klass, space in spaces:
        value = space.get(name, MISSING)
        if value is not MISSING:
            return value, klass
    return MISSING, None


def builtin_space(t: type) -> dict:
    """The attributes of the builtin type ``t`` itself that the sandbox may reach."""
    space = _BUILTIN_SPACES.get(t)
    if space is None:
        from .spaces import make_builtin_space

        space = _BUILTIN_SPACES[t] = make_builtin_space(t)
    return space


_BUILTIN_SPACES: dict[type, dict] = {}


def refresh_spaces(cls: type) -> None:
    """Build the lookup tables of ``cls`` from its carrier's MRO."""
    record(cls).spaces = tuple(
        (klass, record(klass).namespace if is_class(klass) else builtin_space(klass))
        for klass in cls.__mro__ if klass is not ClassMeta
    )


# Builtin types a sandbox class may derive from (CPython's Py_TPFLAGS_BASETYPE, among
# the types the sandbox can name).
SUBCLASSABLE = frozenset({object, int, float, complex, str, bytes, bytearray, list, tuple,
                          dict, set, frozenset, type})


def acceptable_base(base: Any) -> bool:
    """Whether a class statement may derive from ``base``: a sandbox class, or one of
    CPython's subclassable builtin types (never one of the VM's own host classes)."""
    if is_class(base):
        return True
    from .spaces import _BUILTIN_EXCEPTIONS

    return base in SUBCLASSABLE or base in _BUILTIN_EXCEPTIONS


def make_carrier(meta: type, name: str, class_bases: tuple, record_: ClassRecord,
                 slots: Any, dispatchers: dict[str, Any]) -> type:
    """The host class of a new sandbox class (the host's part of ``type.__new__``).

    ``meta`` is ``type`` or a sandbox metaclass; ``class_bases`` the sandbox bases. The
    host computes the MRO and the layout and raises CPython's errors for them.
    """
    host_meta = ClassMeta if meta is type else meta
    host_bases = tuple(ClassMeta if base is type else base for base in class_bases)
    host_namespace: dict[str, Any] = {
        "__module__": record_.namespace.get("__module__", "builtins"),
        "__qualname__": record_.qualname,
        "_littrs": record_,
    }
    if slots is not MISSING:
        host_namespace["__slots__"] = slots
    host_namespace.update(dispatchers)
    cls = type.__new__(host_meta, name, host_bases, host_namespace)
    refresh_spaces(cls)
    return cls
