"""Attribute access: every name-based lookup goes through these tables.

The VM never calls the host ``getattr`` with a name the sandbox chose
(DESIGN invariant 2). Each builtin type has a table of the attributes the
sandbox may see; a name that is not in the table does not exist, and the
sandbox gets CPython's AttributeError for it.

A table entry is either a host method descriptor (``list.append``), bound on
access with ``__get__`` (safe: it cannot call back into sandbox code), or a
:class:`VMMethod`: the VM's own implementation, for methods that take
callbacks, consume sandbox iterators or must be cost-checked.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

from ..model.classes import MISSING as _MODEL_MISSING
from ..model.classes import ClassMeta
from ..model.descriptors import DESCRIPTOR_TYPES
from ..model.protocols import Super
from . import exception_data
from .clinic import exactly_one, no_arguments
from .context import current
from .objects import (
    NO_ATTRIBUTE,
    BoundBuiltin,
    Builtin,
    Coroutine,
    Function,
    Generator,
    Module,
    OwnAttributes,
    shown_type,
)
from .suggestions import suggest

_DICT_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))

_HOST_CALLABLES = (type(len), type(str.join), type(dict.__dict__["fromkeys"]))
_MethodDescriptor = type(str.join)
_call_slot = _MethodDescriptor.__call__


def call_descriptor(descriptor: Any, args: Any, kwargs: dict | None = None) -> Any:
    """``descriptor(*args, **kwargs)`` for a host method descriptor (``str.join``), traced or not.

    CPython 3.11 calls a method descriptor unpacked with ``*args`` through a bound
    method while a trace or profile function is set (coverage, debuggers,
    hypothesis's explain phase), and the bound method's argument errors read
    differently (``count() takes no keyword arguments``, not ``bytearray.count()
    ...``). Calling through the type's ``__call__`` slot never binds.
    """
    if type(descriptor) is not _MethodDescriptor:  # a Python function (io's), a class method
        return descriptor(*args, **kwargs) if kwargs else descriptor(*args)
    return _call_slot(descriptor, *args, **kwargs) if kwargs else _call_slot(descriptor, *args)


class VMMethod:
    """A method the VM implements itself; ``fn(self, *args)`` or ``fn(vm, self, *args)``.

    A class method (``dict.fromkeys``) receives the type instead, whether it is
    reached through an instance or through the type. ``unbound`` is the method
    reached through its type (``str.join``): it takes ``self`` as its first
    argument and checks it as CPython's method descriptors do.
    """

    __slots__ = ("fn", "needs_vm", "is_classmethod", "unbound")

    def __init__(
        self, fn: Callable[..., Any], needs_vm: bool = False, is_classmethod: bool = False,
        unbound: Callable[..., Any] | None = None,
    ) -> None:
        self.fn = fn
        self.needs_vm = needs_vm
        self.is_classmethod = is_classmethod
        self.unbound = unbound if unbound is not None else fn


def unbound_method(owner: type, name: str, fn: Callable[..., Any], needs_vm: bool) -> Callable[..., Any]:
    """``owner.name`` called with ``self`` first, with CPython's errors for a missing or wrong self."""
    qualname = f"{owner.__name__}.{name}"

    def check(args: tuple) -> None:
        if not args:
            raise TypeError(f"unbound method {qualname}() needs an argument")
        if not isinstance(args[0], owner):
            raise TypeError(
                f"descriptor '{name}' for '{owner.__name__}' objects doesn't apply to a "
                f"'{type(args[0]).__name__}' object"
            )

    if needs_vm:
        def unbound_vm(vm: Any, *args: Any, **kwargs: Any) -> Any:
            check(args)
            return fn(vm, *args, **kwargs)

        return unbound_vm

    def unbound(*args: Any, **kwargs: Any) -> Any:
        check(args)
        return fn(*args, **kwargs)

    return unbound


class _AsInt:
    """An int method reached through a bool (``True.bit_length``): bound to the int.

    CPython's ``True.bit_length(1)`` calls the method descriptor, whose errors
    name ``int.bit_length()``; a method bound to ``True`` would name
    ``bool.bit_length()``. Every int method gives the same result for ``True``
    and ``1``, so binding to the int changes nothing else.
    """

    __slots__ = ("descriptor",)

    def __init__(self, descriptor: Any) -> None:
        self.descriptor = descriptor

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self.descriptor
        return self.descriptor.__get__(int(obj), int)


def _public(t: type, exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    table = {}
    for name in dir(t):
        if name.startswith("_") or name in exclude:
            continue
        # The descriptor itself, from the class that defines it: getattr would bind a
        # class method inherited from a base (bool.from_bytes) to that type.
        entry = next(vars(k)[name] for k in t.__mro__ if name in vars(k))
        if t is bool and type(entry) is _MethodDescriptor:
            entry = _AsInt(entry)
        table[name] = entry
    return table



# Methods and data attributes per builtin type, before VM overrides.
METHODS: dict[type, dict[str, Any]] = {
    t: _public(t, exclude=("mapping",))
    for t in (str, bytes, bytearray, list, tuple, dict, set, frozenset, int, bool, float,
              complex, range, slice) + _DICT_VIEWS
}

EXCEPTION_ATTRIBUTES = ("args", "__cause__", "__context__", "__suppress_context__", "with_traceback",
                        "add_note", "__notes__")


def override(t: type, name: str, fn: Callable[..., Any], needs_vm: bool = False) -> None:
    """Install the VM's implementation of ``t.name`` (and of subclasses' tables).

    The function takes the method's name, so that an argument error reads
    ``ljust() takes ...``, never the name of a helper inside littrs.
    """
    fn.__name__ = fn.__qualname__ = name
    is_classmethod = isinstance(t.__dict__.get(name), classmethod) or type(
        t.__dict__.get(name)
    ).__name__ == "classmethod_descriptor"
    unbound = None if is_classmethod else unbound_method(t, name, fn, needs_vm)
    for table_type, table in METHODS.items():
        if issubclass(table_type, t) and (table_type is t or name in table):
            table[name] = VMMethod(fn, needs_vm, is_classmethod, unbound)


def visible_names(obj: Any) -> list[str]:
    """What ``dir(obj)`` shows in the sandbox."""
    t = type(obj)
    if t is Module:
        return sorted(obj.namespace)
    if isinstance(t, ClassMeta) or t is ClassMeta:
        from ..model.classes import is_class, mro, record
        from ..model.spaces import make_builtin_space

        names = set(getattr(obj, "__dict__", None) or ()) if not is_class(obj) else set()
        for klass in mro(obj if is_class(obj) else t):
            space = record(klass).namespace if is_class(klass) else make_builtin_space(klass)
            names.update(name for name in space if isinstance(name, str))
        return sorted(names)
    names = set(METHODS.get(t, ()))
    names.add("__class__")
    if isinstance(obj, BaseException):
        names.update(("args", "__cause__", "__context__", "__suppress_context__", "with_traceback"))
    elif t is Function:
        names.update(("__name__", "__qualname__", "__doc__", "__defaults__", "__kwdefaults__"))
        if obj.attrs:
            names.update(obj.attrs)
    elif t is Generator or t is Coroutine:
        names.update(("send", "throw", "close", "__name__", "__qualname__"))
    elif t is type:
        names.update(("__name__", "__qualname__", "mro"))
        names.update(METHODS.get(obj, ()))
    return sorted(names)


def type_name(t: type) -> str:
    """A type as CPython's messages name it: ``list``, but ``_io.TextIOWrapper``.

    CPython's C types carry their module in their name; of those the sandbox
    can meet, only the io classes and ``types.GenericAlias``/``types.UnionType``
    (typing's stand-in for one included) have one.
    """
    name = t.__name__
    if t.__module__ in ("_io", "types") and "." not in name:
        return f"{t.__module__}.{name}"
    return name


def attribute_error(obj: Any, name: str) -> AttributeError:
    """CPython's AttributeError for a missing attribute, with its suggestion."""
    t = type(obj)
    if isinstance(obj, OwnAttributes):
        error = obj.missing_attribute(name)
        if error is not None:
            return error
    if t is Module:
        message = f"module '{obj.name}' has no attribute '{name}'"
    elif t is type or t is ClassMeta or isinstance(obj, ClassMeta):
        message = f"type object '{obj.__name__}' has no attribute '{name}'"
    else:
        message = f"'{type_name(t)}' object has no attribute '{name}'"
    error = AttributeError(message)
    error.name = name  # type: ignore[attr-defined]
    error.obj = None  # type: ignore[attr-defined]
    suggestion = suggest(name, visible_names(obj))
    if suggestion is not None:
        exception_data.set_suggestion(error, suggestion)
    return error


def load_attr(obj: Any, name: str) -> Any:
    """``obj.name`` in the sandbox."""
    t = type(obj)
    table = METHODS.get(t)
    if table is not None:
        entry = table.get(name)
        if entry is not None:
            if type(entry) is VMMethod:
                owner = t if entry.is_classmethod else obj
                return BoundBuiltin(owner, entry.fn, name, entry.needs_vm)
            return entry.__get__(obj, t)
    elif t is Module:
        try:
            return obj.namespace[name]
        except KeyError:
            raise attribute_error(obj, name) from None
    elif isinstance(t, ClassMeta):
        from ..model import protocols

        return protocols.get_attribute(current.get(), obj, name)
    elif t is ClassMeta or isinstance(obj, ClassMeta):
        from ..model import protocols

        return protocols.class_get(current.get(), obj, name)
    elif t in MODEL_TYPES:
        from ..model.attributes import model_attribute

        value = model_attribute(current.get(), obj, name)
        if value is not _MISSING:
            return value
    elif t is Function:
        value = _function_attribute(obj, name)
        if value is not _MISSING:
            return value
    elif t is Generator or t is Coroutine:
        value = _generator_attribute(obj, name)
        if value is not _MISSING:
            return value
    elif t is type:
        value = _type_attribute(obj, name)
        if value is not _MISSING:
            return value
    elif t is _GenericAlias and name not in _GENERIC_ALIAS_OWN:
        return load_attr(obj.__origin__, name)  # ``list[0].real``: CPython asks ``list``
    elif isinstance(obj, OwnAttributes):
        value = obj.sandbox_attribute(name)
        if value is not NO_ATTRIBUTE:
            return value
    elif isinstance(obj, BaseException):
        if name in EXCEPTION_ATTRIBUTES:
            if name == "with_traceback":
                return BoundBuiltin(obj, _with_traceback, name, False)
            if name == "add_note":
                return BoundBuiltin(obj, _add_note, name, False)
            if name == "__notes__":
                if "__notes__" in getattr(obj, "__dict__", {}):
                    return obj.__notes__  # type: ignore[attr-defined]
                raise attribute_error(obj, name)
            return getattr(obj, name)
        if isinstance(obj, (StopIteration,)) and name == "value":
            return obj.value
        if isinstance(obj, (AttributeError, NameError, ImportError)) and name == "name":
            return getattr(obj, "name", None)
        if isinstance(obj, ImportError) and name in ("msg", "path"):
            return getattr(obj, name)
        if isinstance(obj, OSError) and name in ("errno", "strerror", "filename"):
            return getattr(obj, name)
        if type(obj).__name__ == "JSONDecodeError" and name in (
            "msg", "doc", "pos", "lineno", "colno"
        ):
            return getattr(obj, name)
        if isinstance(obj, SystemExit) and name == "code":
            return obj.code
        if isinstance(obj, _EXCEPTION_GROUP) and name in _GROUP_ATTRIBUTES:
            if name in ("subgroup", "split"):
                return BoundBuiltin(obj, _GROUP_METHODS[name], name, False)
            return getattr(obj, name)
        if isinstance(obj, UnicodeError) and name in ("encoding", "reason", "object", "start", "end"):
            return getattr(obj, name)
    if name == "__class__":
        return shown_type(obj)
    if name == "__doc__" and t is Builtin:
        return None
    if name == "__name__" and t in (Builtin, BoundBuiltin):
        return obj.name
    if name in ("__name__", "__qualname__") and t in _HOST_CALLABLES:
        return getattr(obj, name)
    if name == "__self__" and t is BoundBuiltin:
        raise attribute_error(obj, name)
    if name[:2] == "__" == name[-2:]:
        from ..model.spaces import builtin_special

        value = builtin_special(obj, name)
        if value is not _MISSING_SPECIAL:
            return value
    raise attribute_error(obj, name)


_MISSING = object()
_MISSING_SPECIAL: Any = _MODEL_MISSING
# Bound methods, classmethod, property, super...: the model answers for their attributes.
MODEL_TYPES = DESCRIPTOR_TYPES | {Super}
_EXCEPTION_GROUP = getattr(builtins, "BaseExceptionGroup", ())  # Python 3.11+
_GROUP_ATTRIBUTES = frozenset(("exceptions", "message", "subgroup", "split", "derive"))


def _group_condition(condition: Any) -> Any:
    """A subgroup/split condition the host may apply: exception types only (a sandbox
    function would have to run inside the host's recursion)."""
    types = condition if isinstance(condition, tuple) else (condition,)
    if not all(isinstance(t, type) and issubclass(t, BaseException) for t in types):
        raise TypeError(
            "expected a function, exception type or tuple of exception types; littrs "
            "supports exception types only"
        )
    return condition


_GROUP_METHODS = {
    "subgroup": lambda group, condition: group.subgroup(_group_condition(condition)),
    "split": lambda group, condition: group.split(_group_condition(condition)),
}
_GenericAlias = type(list[int])
# What a GenericAlias answers itself; any other name is looked up on its origin.
_GENERIC_ALIAS_OWN = frozenset(("__class__", "__origin__", "__args__", "__parameters__",
                                "__mro_entries__", "__reduce_ex__", "__reduce__", "__copy__",
                                "__deepcopy__", "__unpacked__", "__typing_unpacked_tuple_args__"))


def _function_attribute(f: Function, name: str) -> Any:
    if name == "__name__":
        return f.name
    if name == "__qualname__":
        return f.qualname
    if name == "__doc__":
        return f.doc
    if name == "__defaults__":
        return f.defaults or None
    if name == "__kwdefaults__":
        return dict(f.kwdefaults) if f.kwdefaults else None
    if f.attrs and name in f.attrs:
        return f.attrs[name]
    if name == "__module__":
        module = f.globals.get("__name__", "__main__")
        return module if isinstance(module, str) else "__main__"
    if name == "__annotations__":  # made empty on first read, as CPython does
        if f.attrs is None:
            f.attrs = {}
        return f.attrs.setdefault("__annotations__", {})
    return _MISSING


def _generator_attribute(g: Generator, name: str) -> Any:
    if name in ("send", "throw", "close"):
        from .generators import GENERATOR_METHODS

        return BoundBuiltin(g, GENERATOR_METHODS[name], name, True)
    if name == "__name__":
        return g.name
    if name == "__qualname__":
        return g.qualname
    return _MISSING


def _type_attribute(t: type, name: str) -> Any:
    if name == "__name__":  # a C type's name after its module: "types.UnionType" -> UnionType
        return t.__name__.rpartition(".")[2]
    if name == "__qualname__":
        return t.__qualname__
    if name == "__doc__":
        return t.__doc__
    if name == "__module__":  # the VM's own types stand for builtins ones
        module = t.__module__
        return "builtins" if module.startswith("littrs.") else module
    if name == "mro":
        return Builtin("mro", _mro_of(t))
    if name == "__mro__":
        return t.__mro__
    if name == "__bases__":
        return tuple(b for b in t.__bases__)
    table = METHODS.get(t)
    if table is not None and name in table:
        entry = table[name]
        if type(entry) is VMMethod:
            if entry.is_classmethod:
                return BoundBuiltin(t, entry.fn, name, entry.needs_vm)
            return Builtin(f"{_defining_type(t, name).__name__}.{name}", entry.unbound,
                           entry.needs_vm)
        return entry.__get__(None, t)
    return _MISSING


def _defining_type(t: type, name: str) -> type:
    """The class whose method ``name`` is (``int`` for ``bool.to_bytes``), as CPython names it."""
    return next((k for k in t.__mro__ if name in vars(k)), t)


def _mro_of(t: type) -> Callable[..., list]:
    """``int.mro()``, and ``type.mro(int)``."""

    def mro(*args: Any, **kwargs: Any) -> list:
        if t is type:
            if len(args) != 1 or not isinstance(args[0], type):
                raise TypeError("descriptor 'mro' of 'type' object needs an argument")
            return list(args[0].__mro__)
        no_arguments(f"{t.__name__}.mro", args, kwargs)
        return list(t.__mro__)

    return mro


def bind_builtin(entry: Any, obj: Any, owner: type) -> Any:
    """A builtin type's method (a host descriptor or a VMMethod) reached through ``obj``
    (None: through the class ``owner``)."""
    if type(entry) is VMMethod:
        if entry.is_classmethod:
            return BoundBuiltin(owner, entry.fn, entry.fn.__name__, entry.needs_vm)
        if obj is None:
            return Builtin(f"{owner.__name__}.{entry.fn.__name__}", entry.unbound,
                           entry.needs_vm)
        return BoundBuiltin(obj, entry.fn, entry.fn.__name__, entry.needs_vm)
    return entry.__get__(obj, owner)


def _with_traceback(exc: BaseException, *args: Any, **kwargs: Any) -> BaseException:
    tb = exactly_one("BaseException.with_traceback", args, kwargs)
    if tb is not None:
        raise TypeError("__traceback__ must be a traceback or None")
    return exc


def _add_note(exc: BaseException, *args: Any, **kwargs: Any) -> None:
    note = exactly_one("BaseException.add_note", args, kwargs)
    if not isinstance(note, str):
        raise TypeError(f"note must be a str, not '{type(note).__name__}'")
    notes = exc.__dict__.setdefault("__notes__", [])
    notes.append(note)


EXCEPTION_METHODS = {
    "with_traceback": VMMethod(_with_traceback),
    "add_note": VMMethod(_add_note),
}


def store_attr(obj: Any, name: str, value: Any) -> None:
    """``obj.name = value`` in the sandbox."""
    t = type(obj)
    if isinstance(t, ClassMeta):
        from ..model import protocols

        protocols.set_attribute(current.get(), obj, name, value)
        return
    if t is ClassMeta or isinstance(obj, ClassMeta):
        from ..model import protocols

        protocols.class_set(current.get(), obj, name, value)
        return
    if t in MODEL_TYPES:
        from ..model.attributes import set_model_attribute

        if set_model_attribute(obj, name, value):
            return
    if t is Function and name not in _FUNCTION_OWN:
        if obj.attrs is None:
            obj.attrs = {}
        obj.attrs[name] = value
        return
    if t is Function and name in ("__defaults__", "__kwdefaults__"):
        if name == "__defaults__":
            if value is not None and type(value) is not tuple:
                raise TypeError("__defaults__ must be set to a tuple object")
            obj.defaults = value or ()
        else:
            if value is not None and type(value) is not dict:
                raise TypeError("__kwdefaults__ must be set to a dict object")
            obj.kwdefaults = value or None
        return
    if t is Function and name in _FUNCTION_READ_ONLY:
        raise AttributeError("readonly attribute")
    if t is Function and name in ("__doc__", "__name__", "__qualname__"):
        if name == "__doc__":
            obj.doc = value
        elif not isinstance(value, str):
            raise TypeError(f"{name} must be set to a string object")
        elif name == "__name__":
            obj.name = value
        else:
            obj.qualname = value
        return
    if t is Module:
        obj.namespace[name] = value
        return
    if isinstance(obj, BaseException) and name in ("__cause__", "__context__", "__suppress_context__"):
        if name != "__suppress_context__" and value is not None and not isinstance(value, BaseException):
            raise TypeError(
                f"exception {'cause' if name == '__cause__' else 'context'} must be None "
                "or derive from BaseException"
            )
        setattr(obj, name, value)
        return
    if isinstance(obj, BaseException) and name == "args":
        obj.args = tuple(value)
        return
    if t is type:
        raise immutable_type(obj, name)
    if isinstance(obj, OwnAttributes):
        raise obj.refuse_change(name, deleting=False)
    table = METHODS.get(t)
    if table is not None and name in table:
        raise _read_only(t, name, table[name])
    if table is not None or t in _PLAIN:
        if name == "__class__" and not isinstance(value, type):
            raise TypeError(f"__class__ must be set to a class, not '{type(value).__name__}' object")
        _refuse_type_attribute(t, name, "assignment")
    raise AttributeError(f"'{t.__name__}' object has no attribute '{name}'")


_PLAIN = (type(None), type(Ellipsis), type(NotImplemented))  # values without an attribute table
# A function's attributes that are not entries of its __dict__ (the rest are).
_FUNCTION_OWN = frozenset({"__doc__", "__name__", "__qualname__", "__defaults__",
                           "__kwdefaults__", "__code__", "__globals__", "__closure__",
                           "__builtins__", "__dict__", "__class__"})
_FUNCTION_READ_ONLY = frozenset({"__code__", "__globals__", "__closure__", "__builtins__",
                                 "__dict__"})


def _refuse_type_attribute(t: type, name: str, action: str) -> None:
    """CPython's error for setting or deleting what the type defines (``__doc__``, ``__add__``).

    A membership test on the classes' own dicts: no host attribute lookup runs.
    """
    if name == "__class__":
        raise TypeError("__class__ assignment only supported for mutable types or ModuleType "
                        "subclasses" if action == "assignment" else "can't delete __class__ attribute")
    if any(name in vars(klass) for klass in t.__mro__):
        raise AttributeError(f"'{t.__name__}' object attribute '{name}' is read-only")


def _read_only(t: type, name: str, entry: Any) -> AttributeError:
    """CPython's error for setting or deleting what a builtin type defines."""
    if type(entry).__name__ == "member_descriptor":  # slice.start, range.stop, complex.real
        return AttributeError("readonly attribute")
    if type(entry).__name__ == "getset_descriptor":
        owner = getattr(entry, "__objclass__", t)  # the class defining it: int for True.real
        owner_name = owner.__name__ if isinstance(owner, type) else t.__name__
        return AttributeError(f"attribute '{name}' of '{owner_name}' objects is not writable")
    return AttributeError(f"'{t.__name__}' object attribute '{name}' is read-only")


def delete_attr(obj: Any, name: str) -> None:
    """``del obj.name`` in the sandbox."""
    t = type(obj)
    if isinstance(t, ClassMeta):
        from ..model import protocols

        protocols.delete_attribute(current.get(), obj, name)
        return
    if t is ClassMeta or isinstance(obj, ClassMeta):
        from ..model import protocols

        protocols.class_delete(current.get(), obj, name)
        return
    if type(obj) is Function and obj.attrs and name in obj.attrs:
        del obj.attrs[name]
        return
    if type(obj) is Module and name in obj.namespace:
        del obj.namespace[name]
        return
    if type(obj) is type:
        raise immutable_type(obj, name)
    if isinstance(obj, OwnAttributes):
        raise obj.refuse_change(name, deleting=True)
    table = METHODS.get(type(obj))
    if table is not None and name in table:
        raise _read_only(type(obj), name, table[name])
    if table is not None or type(obj) in _PLAIN:
        _refuse_type_attribute(type(obj), name, "deletion")
    raise attribute_error(obj, name)


def immutable_type(t: type, name: str) -> TypeError:
    """Every type the sandbox sees is a builtin one: no attribute can be set or deleted."""
    return TypeError(f"cannot set '{name}' attribute of immutable type '{type_name(t)}'")


def has_attr(obj: Any, name: str) -> bool:
    try:
        load_attr(obj, name)
    except AttributeError:
        return False
    return True


def load_special(obj: Any, name: str) -> Any:
    """``__enter__``/``__exit__`` for a with statement, through the tables."""
    table = SPECIAL_METHODS.get(type(obj))
    entry = table.get(name) if table else None
    if entry is None:
        entered = table is not None and name.replace("exit", "enter") in table
        raise context_error(type_name(type(obj)), name, entered)
    return BoundBuiltin(obj, entry, name, False)


def context_error(shown: str, name: str, entered: bool) -> TypeError:
    """The TypeError of a with statement over an object of type ``shown`` that misses
    ``name``; ``entered``: it has the ``__enter__`` of a missing ``__exit__``."""
    kind = "asynchronous context manager" if name.startswith("__a") else "context manager"
    missed = f" (missed {name} method)" if entered and "exit" in name else ""
    return TypeError(f"'{shown}' object does not support the {kind} protocol{missed}")


# Context managers by type: name -> fn(self, *args). File objects register here.
SPECIAL_METHODS: dict[type, dict[str, Callable[..., Any]]] = {}
