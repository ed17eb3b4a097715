"""The attribute tables of builtin types as bases of sandbox classes.

``object`` and ``type`` are the VM's own: their methods decide how instances and
classes behave, and look at the sandbox's class (does it define ``__init__``? is it
abstract?), which the host's C code cannot see. Every other builtin type contributes
what the sandbox may already reach on it (its public methods, with the VM's
overrides) and a whitelist of its special methods, as the host's descriptors: C code
on host values, safe to call on an instance of a subclass (``super().__init__()`` of a
``dict`` subclass, ``int.__add__(self, other)``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..vm.attributes import METHODS, VMMethod
from ..vm.objects import Builtin
from . import descriptors, protocols
from .classes import MISSING, ClassMeta, is_class, is_instance, lookup, mro, record, shown
from .descriptors import GetSet

# Special methods of builtin types that a subclass's instances may call (CPython's slot
# wrappers): arithmetic, comparisons, containers, conversions, text.
SPECIAL_WHITELIST = frozenset("""
__init__ __new__ __repr__ __str__ __format__ __hash__ __bool__ __len__ __length_hint__
__iter__ __next__ __reversed__ __contains__ __getitem__ __setitem__ __delitem__
__eq__ __ne__ __lt__ __le__ __gt__ __ge__
__add__ __radd__ __iadd__ __sub__ __rsub__ __isub__ __mul__ __rmul__ __imul__
__truediv__ __rtruediv__ __itruediv__ __floordiv__ __rfloordiv__ __ifloordiv__
__mod__ __rmod__ __imod__ __divmod__ __rdivmod__ __pow__ __rpow__ __ipow__
__lshift__ __rlshift__ __ilshift__ __rshift__ __rrshift__ __irshift__
__and__ __rand__ __iand__ __or__ __ror__ __ior__ __xor__ __rxor__ __ixor__
__matmul__ __rmatmul__ __imatmul__
__neg__ __pos__ __abs__ __invert__ __int__ __float__ __complex__ __index__
__round__ __trunc__ __floor__ __ceil__ __getnewargs__ __class_getitem__ __missing__
""".split())

# What the sandbox may read on exceptions (their host members and getsets).
EXCEPTION_WHITELIST = frozenset("""
args __cause__ __context__ __suppress_context__ __notes__ name obj msg path errno strerror
filename filename2 characters_written code value encoding reason object start end lineno
offset text print_file_and_line end_lineno end_offset exceptions message
""".split())


_OTHER_BUILTINS = frozenset({bool, range, slice, type(None), type(Ellipsis),
                             type(NotImplemented)})
_BUILTIN_EXCEPTIONS = frozenset(
    value for value in vars(__import__("builtins")).values()
    if isinstance(value, type) and issubclass(value, BaseException)
)


def make_builtin_space(t: type) -> dict:
    """The table of the builtin type ``t``'s own attributes, for its subclasses."""
    if t is object:
        return OBJECT_SPACE
    if t is type or t is ClassMeta:
        return TYPE_SPACE
    table = METHODS.get(t, {})
    space: dict = {}
    for name, entry in vars(t).items():
        if name.startswith("_"):
            if name in SPECIAL_WHITELIST:
                space[name] = entry
            elif issubclass(t, BaseException) and name in EXCEPTION_WHITELIST:
                space[name] = entry
        elif name in table:
            space[name] = table[name]
        elif issubclass(t, BaseException) and name in EXCEPTION_WHITELIST:
            space[name] = entry
    if t is BaseException:
        from ..vm.attributes import EXCEPTION_METHODS

        space.update(EXCEPTION_METHODS)
        space["__dict__"] = vars(t)["__dict__"]  # an instance of a sandbox subclass has one
    return space


def builtin_special(obj: Any, name: str) -> Any:
    """A special method of a builtin type, as CPython binds it (``int.__add__``,
    ``object.__setattr__``, ``dict.__init__``): the whitelisted ones and the VM's methods
    of ``object`` and ``type``; MISSING for any other, for the VM's own types, and on
    builtin values themselves (``(1).__add__`` stays unknown to the sandbox)."""
    from ..vm.context import current

    if name in _NOT_ON_BUILTINS or not _exposed(name):
        return MISSING
    if not isinstance(obj, type) or is_class(obj) or not is_builtin_type(obj):
        return MISSING
    vm = current.get(None)
    meta_attr = lookup(type, name)[0]
    if meta_attr is not MISSING and descriptors.is_data_descriptor(meta_attr):
        return descriptors.get(vm, meta_attr, obj, type)
    attr = lookup(obj, name)[0]
    if attr is not MISSING:
        return descriptors.get(vm, attr, None, obj) if descriptors.has_get(attr) else attr
    if meta_attr is not MISSING:
        return descriptors.get(vm, meta_attr, obj, type)
    return MISSING


# A builtin type's own __dict__ and subclasses are the host's.
_NOT_ON_BUILTINS = frozenset({"__dict__", "__subclasses__"})


def is_builtin_type(t: type) -> bool:
    """Whether ``t`` is one of CPython's builtin types (not one the VM defines)."""
    from .classes import SUBCLASSABLE

    return t in SUBCLASSABLE or t in _OTHER_BUILTINS or t in _BUILTIN_EXCEPTIONS


def _exposed(name: str) -> bool:
    return name in SPECIAL_WHITELIST or name in OBJECT_SPACE or name in TYPE_SPACE


def _method(name: str, fn: Any, needs_vm: bool = True, classmethod: bool = False,
            owner: type = object) -> VMMethod:
    from ..vm.attributes import unbound_method

    fn.__name__ = fn.__qualname__ = name
    unbound = None if classmethod else unbound_method(owner, name, fn, needs_vm)
    return VMMethod(fn, needs_vm, classmethod, unbound)


def call_special(vm: Any, obj: Any, name: str, args: list) -> Any:
    """``type(obj).name(obj, *args)`` as a slot calls it (the special method of the type)."""
    cls = type(obj)
    method = lookup(cls, name)[0]
    if method is MISSING:
        raise AttributeError(name)
    return vm.call(descriptors.get(vm, method, obj, cls), args)


# -- object ---------------------------------------------------------------------------


def _excess(args: tuple, kwargs: dict) -> bool:
    return bool(args or kwargs)


def _object_new(vm: Any, *args: Any, **kwargs: Any) -> Any:
    if not args:
        raise TypeError("object.__new__(): not enough arguments")
    cls, rest = args[0], args[1:]
    if not isinstance(cls, type):
        raise TypeError(f"object.__new__(X): X is not a type object ({type(cls).__name__})")
    if not is_class(cls):
        if cls is not object:
            raise TypeError(f"object.__new__({cls.__name__}) is not safe, use "
                            f"{cls.__name__}.__new__()")
        if _excess(rest, kwargs):
            raise TypeError("object() takes no arguments")
        return object()
    base = solid_base(cls)
    if base is not object:
        raise TypeError(f"object.__new__({cls.__name__}) is not safe, use "
                        f"{base.__name__}.__new__()")
    if _excess(rest, kwargs):
        if lookup(cls, "__new__")[0] is not OBJECT_NEW:
            raise TypeError("object.__new__() takes exactly one argument (the type to "
                            "instantiate)")
        if lookup(cls, "__init__")[0] is OBJECT_INIT:
            raise TypeError(f"{cls.__name__}() takes no arguments")
    abstract = record(cls).abstract
    if abstract:
        names = ", ".join(sorted(abstract))
        plural = "s" if len(abstract) > 1 else ""
        raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract "
                        f"method{plural} {names}")
    return object.__new__(cls)


def solid_base(cls: type) -> type:
    """The first builtin type along the MRO of ``cls``: what its instances are."""
    return next(klass for klass in cls.__mro__ if not is_class(klass))


def _object_init(vm: Any, self: Any, *args: Any, **kwargs: Any) -> None:
    if _excess(args, kwargs):
        cls = type(self)
        if lookup(cls, "__init__")[0] is not OBJECT_INIT:
            raise TypeError("object.__init__() takes exactly one argument (the instance to "
                            "initialize)")
        if lookup(cls, "__new__")[0] is OBJECT_NEW:
            raise TypeError(f"{cls.__name__}() takes no arguments")


def _object_repr(vm: Any, self: Any) -> str:
    return object.__repr__(self)


def _object_str(vm: Any, self: Any) -> str:
    return call_special(vm, self, "__repr__", [])


def _one(name: str, args: tuple) -> Any:
    if len(args) != 1:
        raise TypeError(f"expected 1 argument, got {len(args)}")
    return args[0]


def _object_eq(vm: Any, self: Any, *args: Any) -> Any:
    other = _one("__eq__", args)
    return True if self is other else NotImplemented


def _object_ne(vm: Any, self: Any, *args: Any) -> Any:
    other = _one("__ne__", args)
    result = call_special(vm, self, "__eq__", [other])
    if result is NotImplemented:
        return result
    return not protocols.truth(vm, result)


def _not_implemented(name: str) -> Any:
    def compare(vm: Any, self: Any, *args: Any) -> Any:
        _one(name, args)
        return NotImplemented

    return compare


def _object_hash(vm: Any, self: Any) -> int:
    return object.__hash__(self)


def _object_format(vm: Any, self: Any, *args: Any) -> str:
    spec = _one("__format__", args)
    if not isinstance(spec, str):
        raise TypeError(f"__format__() argument must be str, not {type(spec).__name__}")
    if spec:
        raise TypeError(f"unsupported format string passed to {type(self).__name__}.__format__")
    return _text(vm, self)


def _text(vm: Any, value: Any) -> str:
    """``str(value)``: the type's ``__str__``, which must return a str."""
    if not is_instance(value):
        return str(value)
    result = call_special(vm, value, "__str__", [])
    if not isinstance(result, str):
        raise TypeError(f"__str__ returned non-string (type {type(result).__name__})")
    return result


def _name_argument(name: Any) -> str:
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    return name


def _object_getattribute(vm: Any, self: Any, *args: Any) -> Any:
    name = _name_argument(_one("__getattribute__", args))
    if not is_instance(self):
        from ..vm.attributes import load_attr

        return load_attr(self, name)
    return protocols.generic_get(vm, self, name)


def _object_setattr(vm: Any, self: Any, *args: Any) -> None:
    if len(args) != 2:
        raise TypeError(f"expected 2 arguments, got {len(args)}")
    name = _name_argument(args[0])
    if not is_instance(self):
        from ..vm.attributes import store_attr

        store_attr(self, name, args[1])
        return
    protocols.generic_set(vm, self, name, args[1])


def _object_delattr(vm: Any, self: Any, *args: Any) -> None:
    name = _name_argument(_one("__delattr__", args))
    if not is_instance(self):
        from ..vm.attributes import delete_attr

        delete_attr(self, name)
        return
    protocols.generic_delete(vm, self, name)


def _init_subclass(vm: Any, cls: Any, *args: Any, **kwargs: Any) -> None:
    if args:
        raise TypeError(f"{cls.__name__}.__init_subclass__() takes no arguments "
                        f"({len(args)} given)")
    if kwargs:
        raise TypeError(f"{cls.__name__}.__init_subclass__() takes no keyword arguments")


def _subclasshook(vm: Any, cls: Any, *args: Any) -> Any:
    return NotImplemented


def _object_dir(vm: Any, self: Any) -> list:
    from ..vm.attributes import visible_names

    return visible_names(self)


def _get_class(vm: Any, obj: Any) -> Any:
    from ..vm.objects import shown_type

    return shown(shown_type(obj))


def _set_class(vm: Any, obj: Any, value: Any) -> None:
    if value is MISSING:
        raise TypeError("can't delete __class__ attribute")
    if not isinstance(value, type):
        raise TypeError(f"__class__ must be set to a class, not '{type(value).__name__}' "
                        "object")
    if not (is_instance(obj) and is_class(value)):
        raise TypeError("__class__ assignment only supported for mutable types or ModuleType "
                        "subclasses")
    obj.__class__ = value  # the host checks the layouts, in CPython's words


OBJECT_NEW = Builtin("__new__", _object_new, needs_vm=True)
OBJECT_INIT = _method("__init__", _object_init)

OBJECT_SPACE: dict = {
    "__new__": OBJECT_NEW,
    "__init__": OBJECT_INIT,
    "__repr__": _method("__repr__", _object_repr),
    "__str__": _method("__str__", _object_str),
    "__eq__": _method("__eq__", _object_eq),
    "__ne__": _method("__ne__", _object_ne),
    "__lt__": _method("__lt__", _not_implemented("__lt__")),
    "__le__": _method("__le__", _not_implemented("__le__")),
    "__gt__": _method("__gt__", _not_implemented("__gt__")),
    "__ge__": _method("__ge__", _not_implemented("__ge__")),
    "__hash__": _method("__hash__", _object_hash),
    "__format__": _method("__format__", _object_format),
    "__getattribute__": _method("__getattribute__", _object_getattribute),
    "__setattr__": _method("__setattr__", _object_setattr),
    "__delattr__": _method("__delattr__", _object_delattr),
    "__init_subclass__": _method("__init_subclass__", _init_subclass, classmethod=True),
    "__subclasshook__": _method("__subclasshook__", _subclasshook, classmethod=True),
    "__dir__": _method("__dir__", _object_dir),
    "__class__": GetSet("__class__", "object", _get_class, _set_class),
    "__doc__": object.__doc__,
}


# -- type -------------------------------------------------------------------------------


def _type_call(vm: Any, cls: Any, *args: Any, **kwargs: Any) -> Any:
    if cls is type or cls is ClassMeta:
        return _type_new(vm, type, *args, **kwargs)
    if not is_class(cls):

        return vm.call(cls, list(args), kwargs or None)
    return protocols.type_call(vm, cls, list(args), kwargs or None)


def _type_new(vm: Any, *args: Any, **kwargs: Any) -> Any:
    if not args:
        raise TypeError("type.__new__(): not enough arguments")
    meta, rest = args[0], args[1:]
    if not isinstance(meta, type):
        raise TypeError(f"type.__new__(X): X is not a type object ({type(meta).__name__})")
    if meta is ClassMeta:
        meta = type
    if meta is type and len(rest) == 1 and not kwargs:
        from ..vm.objects import shown_type

        return shown(shown_type(rest[0]))
    if len(rest) != 3:
        raise TypeError("type() takes 1 or 3 arguments" if meta is type else
                        "type.__new__() takes exactly 3 arguments (" + str(len(rest)) +
                        " given)")
    return protocols.type_new(vm, meta, *rest, kwargs)


def _type_init(vm: Any, cls: Any, *args: Any, **kwargs: Any) -> None:
    if kwargs and len(args) == 1:
        raise TypeError("type.__init__() takes no keyword arguments")
    if len(args) not in (1, 3):
        raise TypeError("type.__init__() takes 1 or 3 arguments")


def _type_prepare(vm: Any, cls: Any, *args: Any, **kwargs: Any) -> dict:
    return {}


def _type_mro(vm: Any, cls: Any, *args: Any) -> list:
    if args:
        raise TypeError(f"{cls.__name__}.mro() takes no arguments ({len(args)} given)")
    return list(mro(cls))


def _type_subclasses(vm: Any, cls: Any, *args: Any) -> list:
    if args:
        raise TypeError(f"{cls.__name__}.__subclasses__() takes no arguments "
                        f"({len(args)} given)")
    if not is_class(cls):
        raise TypeError(f"{cls.__name__}.__subclasses__() is not available in littrs: a "
                        "builtin type's subclasses belong to the host")
    return type.__subclasses__(cls)


def _type_instancecheck(vm: Any, cls: Any, *args: Any) -> bool:
    return isinstance(_one("__instancecheck__", args), ClassMeta if cls is type else cls)


def _type_subclasscheck(vm: Any, cls: Any, *args: Any) -> bool:
    sub = _one("__subclasscheck__", args)
    if not isinstance(sub, type):
        raise TypeError("issubclass() arg 1 must be a class")
    return issubclass(sub, ClassMeta if cls is type else cls)


def _type_repr(vm: Any, cls: Any) -> str:
    return type.__repr__(type if cls is ClassMeta else cls)


def _type_getattribute(vm: Any, cls: Any, *args: Any) -> Any:
    name = _name_argument(_one("__getattribute__", args))
    if not is_class(cls):
        from ..vm.attributes import load_attr

        return load_attr(cls, name)
    return protocols.class_get(vm, cls, name)


def _type_setattr(vm: Any, cls: Any, *args: Any) -> None:
    if len(args) != 2:
        raise TypeError(f"expected 2 arguments, got {len(args)}")
    name = _name_argument(args[0])
    if not is_class(cls):
        from ..vm.attributes import immutable_type

        raise immutable_type(cls, name)
    protocols.type_set(vm, cls, name, args[1])


def _type_delattr(vm: Any, cls: Any, *args: Any) -> None:
    name = _name_argument(_one("__delattr__", args))
    if not is_class(cls):
        from ..vm.attributes import immutable_type

        raise immutable_type(cls, name)
    protocols.type_delete(vm, cls, name)


def _type_dir(vm: Any, cls: Any) -> list:
    names: set[str] = set()
    for klass in mro(cls):
        names.update(record(klass).namespace if is_class(klass) else
                     (n for n in make_builtin_space(klass) if not n.startswith("_") or
                      n in SPECIAL_WHITELIST))
    return sorted(names)


def _namespace(cls: Any) -> dict:
    return record(cls).namespace


def _changing(cls: Any) -> dict:
    """A class's namespace, about to change: every remembered lookup is forgotten."""
    from .classes import changed

    changed()
    return record(cls).namespace


def _sandbox_only(name: str) -> Any:
    """A getter of ``type``'s attribute ``name``: a sandbox class's from its record, a
    builtin type's from the host where it is plain data."""

    def getter(vm: Any, cls: Any) -> Any:
        if is_class(cls):
            return _GETTERS[name](cls)
        if name in _HOST_TYPE_ATTRIBUTES:
            value = getattr(cls, name)
            return tuple(shown(klass) for klass in value) if type(value) is tuple else (
                shown(value))
        from .protocols import missing_class_attribute

        raise missing_class_attribute(cls, name)

    return getter


_HOST_TYPE_ATTRIBUTES = frozenset({"__name__", "__qualname__", "__module__", "__doc__",
                                   "__bases__", "__base__", "__mro__"})


def _set_name(vm: Any, cls: Any, value: Any) -> None:
    _check_mutable(cls, "__name__", value)
    if not isinstance(value, str):
        raise TypeError(f"can only assign string to {cls.__name__}.__name__, not "
                        f"'{type(value).__name__}'")
    if "\x00" in value:
        raise ValueError("type name must not contain null characters")
    cls.__name__ = value


def _set_qualname(vm: Any, cls: Any, value: Any) -> None:
    _check_mutable(cls, "__qualname__", value)
    if not isinstance(value, str):
        raise TypeError(f"can only assign string to {cls.__name__}.__qualname__, not "
                        f"'{type(value).__name__}'")
    record(cls).qualname = value
    cls.__qualname__ = value


def _set_module(vm: Any, cls: Any, value: Any) -> None:
    _check_mutable(cls, "__module__", value)
    _changing(cls)["__module__"] = value
    if isinstance(value, str):
        cls.__module__ = value


def _set_doc(vm: Any, cls: Any, value: Any) -> None:
    _check_mutable(cls, "__doc__", value)
    _changing(cls)["__doc__"] = value


def _check_mutable(cls: Any, name: str, value: Any) -> None:
    if not is_class(cls):
        from ..vm.attributes import immutable_type

        raise immutable_type(cls, name)
    if value is MISSING:
        raise TypeError(f"cannot delete '{name}' attribute of immutable type '{cls.__name__}'")


def _get_annotations(cls: Any) -> Any:
    namespace = _namespace(cls) if "__annotations__" in _namespace(cls) else _changing(cls)
    if "__annotations__" not in namespace:
        namespace["__annotations__"] = {}
    return namespace["__annotations__"]


def _set_annotations(vm: Any, cls: Any, value: Any) -> None:
    if not is_class(cls):
        from ..vm.attributes import immutable_type

        raise immutable_type(cls, "__annotations__")
    namespace = _changing(cls)
    if value is MISSING:
        if "__annotations__" not in namespace:
            raise AttributeError("__annotations__")
        del namespace["__annotations__"]
    else:
        namespace["__annotations__"] = value


def _get_abstract(cls: Any) -> Any:
    namespace = _namespace(cls)
    if "__abstractmethods__" not in namespace:
        raise AttributeError("__abstractmethods__")
    return namespace["__abstractmethods__"]


def _set_abstract(vm: Any, cls: Any, value: Any) -> None:
    if not is_class(cls):
        from ..vm.attributes import immutable_type

        raise immutable_type(cls, "__abstractmethods__")
    namespace = _changing(cls)
    if value is MISSING:
        if "__abstractmethods__" not in namespace:
            raise AttributeError("__abstractmethods__")
        del namespace["__abstractmethods__"]
        record(cls).abstract = frozenset()
        return
    namespace["__abstractmethods__"] = value
    abstract = protocols.truth(vm, value)
    record(cls).abstract = frozenset(value) if abstract else frozenset()


_GETTERS = {
    "__name__": lambda cls: cls.__name__,
    "__qualname__": lambda cls: record(cls).qualname,
    "__module__": lambda cls: _namespace(cls).get("__module__"),
    "__doc__": lambda cls: _namespace(cls).get("__doc__"),
    "__dict__": lambda cls: MappingProxyType(_namespace(cls)),
    "__bases__": lambda cls: tuple(shown(base) for base in cls.__bases__),
    "__base__": lambda cls: shown(cls.__base__),
    "__mro__": mro,
    "__annotations__": _get_annotations,
    "__abstractmethods__": _get_abstract,
}
_SETTERS = {"__name__": _set_name, "__qualname__": _set_qualname, "__module__": _set_module,
            "__doc__": _set_doc, "__annotations__": _set_annotations,
            "__abstractmethods__": _set_abstract}

TYPE_SPACE: dict = {
    "__call__": _method("__call__", _type_call, owner=type),
    "__new__": Builtin("__new__", _type_new, needs_vm=True),
    "__init__": _method("__init__", _type_init, owner=type),
    "__prepare__": _method("__prepare__", _type_prepare, classmethod=True, owner=type),
    "mro": _method("mro", _type_mro, owner=type),
    "__subclasses__": _method("__subclasses__", _type_subclasses, owner=type),
    "__instancecheck__": _method("__instancecheck__", _type_instancecheck, owner=type),
    "__subclasscheck__": _method("__subclasscheck__", _type_subclasscheck, owner=type),
    "__repr__": _method("__repr__", _type_repr, owner=type),
    "__or__": type.__dict__["__or__"],
    "__ror__": type.__dict__["__ror__"],
    "__getattribute__": _method("__getattribute__", _type_getattribute, owner=type),
    "__setattr__": _method("__setattr__", _type_setattr, owner=type),
    "__delattr__": _method("__delattr__", _type_delattr, owner=type),
    "__dir__": _method("__dir__", _type_dir, owner=type),
    **{name: GetSet(name, "type", _sandbox_only(name), _SETTERS.get(name))
       for name in _GETTERS},
}

protocols.OBJECT_GETATTRIBUTE = OBJECT_SPACE["__getattribute__"]
protocols.OBJECT_SETATTR = OBJECT_SPACE["__setattr__"]
protocols.OBJECT_DELATTR = OBJECT_SPACE["__delattr__"]
protocols.TYPE_SETATTR = TYPE_SPACE["__setattr__"]
protocols.TYPE_DELATTR = TYPE_SPACE["__delattr__"]
protocols.TYPE_CALL = TYPE_SPACE["__call__"]
protocols.TYPE_NEW = TYPE_SPACE["__new__"]
