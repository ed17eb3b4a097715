"""Bound methods, ``classmethod``, ``staticmethod``, ``property``, and the descriptor
protocol that binds what a class holds to the instance it is reached through.

Each type is named after CPython's (so host messages read "'property' object is not
callable") and is plain data, for snapshots. Binding follows CPython's
``PyObject_GenericGetAttr``: a *data* descriptor (one with ``__set__`` or
``__delete__``: a property, a slot, a sandbox class defining them) wins over the
instance's ``__dict__``; a *non-data* one (a function, a class method) loses to it.
Where binding runs sandbox code (a property's getter, a sandbox ``__get__``) it goes
through :meth:`Machine.call <littrs.vm.machine.Machine.call>`.
"""

from __future__ import annotations

from typing import Any

from ..vm.objects import Function
from .classes import MISSING, is_instance, lookup

_GetSetDescriptor = type(type.__dict__["__dict__"])
_HostMember = type(BaseException.__dict__["__suppress_context__"])
_HOST_DATA = (_GetSetDescriptor, _HostMember)


class Method:
    """A function bound to an object: ``obj.method`` (CPython's ``method``)."""

    __slots__ = ("function", "self")

    def __init__(self, function: Any, bound: Any) -> None:
        self.function = function
        self.self = bound

    def __eq__(self, other: object) -> bool:
        if type(other) is not Method:
            return NotImplemented
        return self.self is other.self and self.function == other.function

    def __hash__(self) -> int:
        return hash((id(self.self), self.function))

    def __repr__(self) -> str:
        from ..vm.attributes import load_attr

        try:
            name = load_attr(self.function, "__qualname__")
        except AttributeError:
            name = "?"
        return f"<bound method {name} of {self.self!r}>"


class ClassMethod:
    """``classmethod(function)``: bound to the class it is reached through."""

    __slots__ = ("function", "attrs")

    def __init__(self, function: Any) -> None:
        self.function = function
        self.attrs: dict | None = None

    def __repr__(self) -> str:
        return f"<classmethod({self.function!r})>"


class StaticMethod:
    """``staticmethod(function)``: the function itself, through a class or an instance."""

    __slots__ = ("function", "attrs")

    def __init__(self, function: Any) -> None:
        self.function = function
        self.attrs: dict | None = None

    def __repr__(self) -> str:
        return f"<staticmethod({self.function!r})>"


class Property:
    """``property(fget, fset, fdel, doc)``."""

    __slots__ = ("fget", "fset", "fdel", "doc", "name")

    def __init__(self, fget: Any = None, fset: Any = None, fdel: Any = None,
                 doc: Any = None) -> None:
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.doc = doc
        self.name: str | None = None  # set by __set_name__: error messages name it


class GetSet:
    """A data descriptor of ``object`` or ``type`` that the VM implements (``__name__``,
    ``__class__``, ``__dict__``...). ``getter(vm, obj)``; ``setter(vm, obj, value)``,
    given MISSING to delete; None when the attribute is read-only."""

    __slots__ = ("name", "owner", "getter", "setter")

    def __init__(self, name: str, owner: str, getter: Any, setter: Any = None) -> None:
        self.name = name
        self.owner = owner
        self.getter = getter
        self.setter = setter


for _cls, _name in ((Method, "method"), (ClassMethod, "classmethod"),
                    (StaticMethod, "staticmethod"), (Property, "property"),
                    (GetSet, "getset_descriptor")):
    _cls.__name__ = _cls.__qualname__ = _name
    _cls.__module__ = "builtins"

DESCRIPTOR_TYPES = frozenset({Method, ClassMethod, StaticMethod, Property, GetSet})


def is_data_descriptor(value: Any) -> bool:
    """Whether ``value`` in a class binds before the instance's ``__dict__`` is looked at."""
    t = type(value)
    if t is Property or t is GetSet or t in _HOST_DATA:
        return True
    if is_instance(value):
        return (lookup(t, "__set__")[0] is not MISSING
                or lookup(t, "__delete__")[0] is not MISSING)
    return False


def get(vm: Any, value: Any, obj: Any, owner: type) -> Any:
    """``value.__get__(obj, owner)``: what a class attribute is when reached through
    ``obj`` (None: through the class ``owner`` itself)."""
    t = type(value)
    if t is Function:
        return value if obj is None else Method(value, obj)
    if t is ClassMethod:
        return Method(value.function, owner)
    if t is StaticMethod:
        return value.function
    if t is GetSet:
        return value if obj is None else value.getter(vm, obj)
    if t is Property:
        if obj is None:
            return value
        if value.fget is None:
            raise AttributeError(f"property {_property_name(value)}of '{type(obj).__name__}' "
                                 "object has no getter")
        return vm.call(value.fget, [obj])
    if is_instance(value):
        getter = lookup(t, "__get__")[0]
        if getter is MISSING:
            return value
        return vm.call(getter, [value, obj, owner])
    from ..vm.attributes import VMMethod, bind_builtin

    if t is VMMethod or hasattr(t, "__get__"):
        return bind_builtin(value, obj, owner)
    return value


def has_get(value: Any) -> bool:
    """Whether a class attribute binds at all (a plain value is returned as it is)."""
    t = type(value)
    if t is Function or t in DESCRIPTOR_TYPES:
        return True
    if is_instance(value):
        return lookup(t, "__get__")[0] is not MISSING
    from ..vm.attributes import VMMethod

    return t is VMMethod or (hasattr(t, "__get__") and t is not type and not
                             isinstance(value, type))


def set(vm: Any, descriptor: Any, obj: Any, value: Any) -> Any:
    """``descriptor.__set__(obj, value)`` for a data descriptor."""
    t = type(descriptor)
    if t is Property:
        if descriptor.fset is None:
            raise AttributeError(f"property {_property_name(descriptor)}of "
                                 f"'{type(obj).__name__}' object has no setter")
        return vm.call(descriptor.fset, [obj, value])
    if t in _HOST_DATA:
        descriptor.__set__(obj, value)
        return None
    if t is GetSet:
        return _set_getset(vm, descriptor, obj, value)
    setter = lookup(t, "__set__")[0]
    if setter is MISSING:
        raise AttributeError("__set__")
    return vm.call(setter, [descriptor, obj, value])


def delete(vm: Any, descriptor: Any, obj: Any) -> Any:
    """``descriptor.__delete__(obj)`` for a data descriptor."""
    t = type(descriptor)
    if t is Property:
        if descriptor.fdel is None:
            raise AttributeError(f"property {_property_name(descriptor)}of "
                                 f"'{type(obj).__name__}' object has no deleter")
        return vm.call(descriptor.fdel, [obj])
    if t in _HOST_DATA:
        descriptor.__delete__(obj)
        return None
    if t is GetSet:
        return _set_getset(vm, descriptor, obj, MISSING)
    deleter = lookup(t, "__delete__")[0]
    if deleter is MISSING:
        raise AttributeError("__delete__")
    return vm.call(deleter, [descriptor, obj])


def _set_getset(vm: Any, descriptor: GetSet, obj: Any, value: Any) -> None:
    if descriptor.setter is None:
        raise AttributeError(f"attribute '{descriptor.name}' of '{descriptor.owner}' objects "
                             "is not writable")
    descriptor.setter(vm, obj, value)


def _property_name(prop: Property) -> str:
    """CPython 3.11 names the property in these errors when it knows its name."""
    return f"'{prop.name}' " if prop.name else ""
