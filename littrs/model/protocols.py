"""Attribute access, calls and class creation for sandbox classes and their instances.

Written as CPython's C code is (``Objects/object.c``, ``typeobject.c``,
``bltinmodule.c``), with one difference: where CPython calls a method, these call
:meth:`vm.call <littrs.vm.machine.Machine.call>`. Run for an instruction, that call
becomes a VM frame (pausable, paid for) and the instruction runs again once the frame
has answered, every earlier call answered from a log. So the code between two calls
must be free of side effects, and what it makes that outlives a call (the namespace of
a class body, the class itself) is made by a call too (:data:`NEW_DICT`), so that the
run again gets the same object from the log.
"""

from __future__ import annotations

from typing import Any

from ..vm.objects import Builtin, Cell, Function
from . import descriptors
from .classes import (
    MISSING,
    VERSION,
    ClassMeta,
    ClassRecord,
    acceptable_base,
    changed,
    is_class,
    is_instance,
    lookup,
    make_carrier,
    record,
)
from .descriptors import ClassMethod, Method, StaticMethod


class ClassBody:
    """A class body to run with ``namespace`` as its names (``__build_class__``)."""

    __slots__ = ("function", "namespace")

    def __init__(self, function: Function, namespace: Any) -> None:
        self.function = function
        self.namespace = namespace


# -- attributes of instances ---------------------------------------------------------


def context_method(vm: Any, obj: Any, name: str) -> Any:
    """``__enter__``/``__exit__`` (or the async pair) of ``obj`` for a with statement,
    looked up on its class and bound, as 3.11's BEFORE_WITH does."""
    from ..vm.attributes import context_error

    cls = type(obj)
    method = lookup(cls, name)[0]
    if method is MISSING:
        entered = lookup(cls, name.replace("exit", "enter"))[0] is not MISSING
        raise context_error(cls.__name__, name, entered)
    return descriptors.get(vm, method, obj, cls)


def instance_dict(obj: Any) -> dict | None:
    """The instance's ``__dict__``, or None when its class has ``__slots__`` only."""
    return getattr(obj, "__dict__", None)


def missing_attribute(obj: Any, name: str) -> AttributeError:
    from ..vm.attributes import attribute_error

    return attribute_error(obj, name)


def get_attribute(vm: Any, obj: Any, name: str) -> Any:
    """``obj.name`` for an instance of a sandbox class (slot_tp_getattr_hook)."""
    cls = type(obj)
    getattribute = lookup(cls, "__getattribute__")[0]
    getattr_hook = lookup(cls, "__getattr__")[0]
    try:
        if getattribute is OBJECT_GETATTRIBUTE:
            return generic_get(vm, obj, name)
        return vm.call(descriptors.get(vm, getattribute, obj, cls), [name])
    except AttributeError:
        if getattr_hook is MISSING:
            raise
    return vm.call(descriptors.get(vm, getattr_hook, obj, cls), [name])


def generic_get(vm: Any, obj: Any, name: str) -> Any:
    """``object.__getattribute__(obj, name)`` (PyObject_GenericGetAttr)."""
    cls = type(obj)
    attr, _ = lookup(cls, name)
    if attr is not MISSING and descriptors.is_data_descriptor(attr):
        return descriptors.get(vm, attr, obj, cls)
    namespace = instance_dict(obj)
    if namespace is not None:
        value = namespace.get(name, MISSING)
        if value is not MISSING:
            return value
    if attr is not MISSING:
        if descriptors.has_get(attr):
            return descriptors.get(vm, attr, obj, cls)
        return attr
    raise missing_attribute(obj, name)


def fast_get(obj: Any, name: str) -> Any:
    """``obj.name`` when it needs no sandbox code (the usual case), else MISSING."""
    rec = type(obj)._littrs
    bindings = rec.bindings
    if rec.bindings_version != VERSION[0]:
        bindings.clear()
        rec.bindings_version = VERSION[0]
    binding = bindings.get(name)
    if binding is None:
        binding = bindings[name] = _binding(type(obj), name)
    kind = binding[0]
    if kind >= _PROPERTY:
        return MISSING
    try:
        value = obj.__dict__.get(name, MISSING)
    except AttributeError:  # __slots__ only
        value = MISSING
    if value is not MISSING:
        return value
    if kind == _FUNCTION:
        return Method(binding[1], obj)
    if kind == _PLAIN:
        return binding[1]
    return MISSING  # absent: __getattr__, or the AttributeError; the full path says which


def method_of(obj: Any, name: str) -> Any:
    """The sandbox function ``obj.name`` binds, when the instance's ``__dict__`` does not
    shadow it (LOAD_METHOD pushes it with ``obj``); else MISSING."""
    rec = type(obj)._littrs
    bindings = rec.bindings
    if rec.bindings_version != VERSION[0]:
        bindings.clear()
        rec.bindings_version = VERSION[0]
    binding = bindings.get(name)
    if binding is None:
        binding = bindings[name] = _binding(type(obj), name)
    if binding[0] != _FUNCTION:
        return MISSING
    try:
        if name in obj.__dict__:
            return MISSING
    except AttributeError:  # __slots__ only
        pass
    return binding[1]


# How an attribute of a class is reached through an instance, remembered per class and
# name until any class changes (classes.VERSION): a function to bind, a plain class
# attribute, nothing in the class (the instance's __dict__ decides), a property whose
# getter is sandbox code (its frame is pushed: see vm/special.py), or only by the full
# protocol. ``settable`` says whether ``obj.name = v`` is a store into the ``__dict__``.
_FUNCTION, _PLAIN, _ABSENT, _PROPERTY, _SLOW = 0, 1, 2, 3, 4


def attribute_binding(cls: type, name: str) -> tuple[int, Any, bool]:
    rec = cls._littrs  # type: ignore[attr-defined]
    bindings = rec.bindings
    if rec.bindings_version != VERSION[0]:
        bindings.clear()
        rec.bindings_version = VERSION[0]
    found = bindings.get(name)
    if found is None:
        found = bindings[name] = _binding(cls, name)
    return found


def _binding(cls: type, name: str) -> tuple[int, Any, bool]:
    attr = lookup(cls, name)[0]
    data = attr is not MISSING and descriptors.is_data_descriptor(attr)
    settable = lookup(cls, "__setattr__")[0] is OBJECT_SETATTR and not data
    if lookup(cls, "__getattribute__")[0] is not OBJECT_GETATTRIBUTE:
        return _SLOW, None, settable
    if attr is MISSING:
        return _ABSENT, None, settable
    if data:
        if (type(attr) is descriptors.Property and type(attr.fget) is Function
                and lookup(cls, "__getattr__")[0] is MISSING):
            return _PROPERTY, attr.fget, settable
        return _SLOW, None, settable
    if type(attr) is Function:
        return _FUNCTION, attr, settable
    if descriptors.has_get(attr):
        return _SLOW, None, settable
    return _PLAIN, attr, settable


def fast_set(obj: Any, name: str, value: Any) -> bool:
    """``obj.name = value`` into the instance's ``__dict__`` when that is all it takes
    (object's ``__setattr__``, no data descriptor of that name); False otherwise."""
    if not attribute_binding(type(obj), name)[2]:
        return False
    try:
        obj.__dict__[name] = value
    except AttributeError:  # __slots__ only
        return False
    return True


def set_attribute(vm: Any, obj: Any, name: str, value: Any) -> None:
    """``obj.name = value`` (slot_tp_setattro)."""
    cls = type(obj)
    setter = lookup(cls, "__setattr__")[0]
    if setter is OBJECT_SETATTR:
        generic_set(vm, obj, name, value)
    else:
        vm.call(descriptors.get(vm, setter, obj, cls), [name, value])


def generic_set(vm: Any, obj: Any, name: str, value: Any) -> None:
    """``object.__setattr__(obj, name, value)`` (PyObject_GenericSetAttr)."""
    cls = type(obj)
    attr, _ = lookup(cls, name)
    if attr is not MISSING and descriptors.is_data_descriptor(attr):
        descriptors.set(vm, attr, obj, value)
        return
    namespace = instance_dict(obj)
    if namespace is None:
        if attr is MISSING:
            raise missing_attribute(obj, name)
        raise AttributeError(f"'{cls.__name__}' object attribute '{name}' is read-only")
    namespace[name] = value


def delete_attribute(vm: Any, obj: Any, name: str) -> None:
    """``del obj.name`` (slot_tp_setattro with no value)."""
    cls = type(obj)
    deleter = lookup(cls, "__delattr__")[0]
    if deleter is OBJECT_DELATTR:
        generic_delete(vm, obj, name)
    else:
        vm.call(descriptors.get(vm, deleter, obj, cls), [name])


def generic_delete(vm: Any, obj: Any, name: str) -> None:
    cls = type(obj)
    attr, _ = lookup(cls, name)
    if attr is not MISSING and descriptors.is_data_descriptor(attr):
        descriptors.delete(vm, attr, obj)
        return
    namespace = instance_dict(obj)
    if namespace is not None and name in namespace:
        del namespace[name]
        return
    if namespace is None and attr is not MISSING:
        raise AttributeError(f"'{cls.__name__}' object attribute '{name}' is read-only")
    raise missing_attribute(obj, name)


def truth(vm: Any, value: Any) -> bool:
    """``bool(value)``: an instance's ``__bool__`` (which must return a bool), else its
    ``__len__``, through ``vm.call`` (PyObject_IsTrue)."""
    if not is_instance(value):
        return bool(value)
    cls = type(value)
    method = lookup(cls, "__bool__")[0]
    if method is not MISSING:
        result = vm.call(descriptors.get(vm, method, value, cls), [])
        if type(result) is not bool:
            raise TypeError(f"__bool__ should return bool, returned {type(result).__name__}")
        return result
    method = lookup(cls, "__len__")[0]
    if method is not MISSING:
        result = vm.call(descriptors.get(vm, method, value, cls), [])
        return operator_index_length(result) > 0
    return True


def operator_index_length(result: Any) -> int:
    """``__len__``'s result as CPython takes it: an int (``__index__``), not negative."""
    import operator

    try:
        length = operator.index(result)
    except TypeError:
        raise TypeError(f"'{type(result).__name__}' object cannot be interpreted as an "
                        "integer") from None
    if length < 0:
        raise ValueError("__len__() should return >= 0")
    return length


# -- attributes of classes -----------------------------------------------------------


def class_get(vm: Any, cls: type, name: str) -> Any:
    """``cls.name`` for a sandbox class (type_getattro)."""
    meta = type(cls)
    meta_attr, _ = lookup(meta, name)
    if meta_attr is not MISSING and descriptors.is_data_descriptor(meta_attr):
        return descriptors.get(vm, meta_attr, cls, meta)
    attr, _ = lookup(cls, name)
    if attr is not MISSING:
        if descriptors.has_get(attr):
            return descriptors.get(vm, attr, None, cls)
        return attr
    if meta_attr is not MISSING:
        if descriptors.has_get(meta_attr):
            return descriptors.get(vm, meta_attr, cls, meta)
        return meta_attr
    hook = lookup(meta, "__getattr__")[0] if meta is not ClassMeta else MISSING
    if hook is not MISSING:
        return vm.call(descriptors.get(vm, hook, cls, meta), [name])
    raise missing_class_attribute(cls, name)


def missing_class_attribute(cls: type, name: str) -> AttributeError:
    error = AttributeError(f"type object '{cls.__name__}' has no attribute '{name}'")
    error.name = name  # type: ignore[attr-defined]
    error.obj = cls  # type: ignore[attr-defined]
    return error


def class_set(vm: Any, cls: type, name: str, value: Any) -> None:
    """``cls.name = value`` (type_setattro); a sandbox metaclass may override it."""
    meta = type(cls)
    if meta is not ClassMeta:
        setter = lookup(meta, "__setattr__")[0]
        if setter is not TYPE_SETATTR:
            vm.call(descriptors.get(vm, setter, cls, meta), [name, value])
            return
    type_set(vm, cls, name, value)


def type_set(vm: Any, cls: type, name: str, value: Any) -> None:
    meta = type(cls)
    meta_attr, _ = lookup(meta, name)
    if meta_attr is not MISSING and descriptors.is_data_descriptor(meta_attr):
        descriptors.set(vm, meta_attr, cls, value)
        return
    record(cls).namespace[name] = value
    changed()
    from .dispatch import update_dispatcher

    update_dispatcher(cls, name)


def class_delete(vm: Any, cls: type, name: str) -> None:
    meta = type(cls)
    if meta is not ClassMeta:
        deleter = lookup(meta, "__delattr__")[0]
        if deleter is not TYPE_DELATTR:
            vm.call(descriptors.get(vm, deleter, cls, meta), [name])
            return
    type_delete(vm, cls, name)


def type_delete(vm: Any, cls: type, name: str) -> None:
    meta = type(cls)
    meta_attr, _ = lookup(meta, name)
    if meta_attr is not MISSING and descriptors.is_data_descriptor(meta_attr):
        descriptors.delete(vm, meta_attr, cls)
        return
    namespace = record(cls).namespace
    if name not in namespace:
        raise missing_class_attribute(cls, name)
    del namespace[name]
    changed()
    from .dispatch import update_dispatcher

    update_dispatcher(cls, name)


# -- calls ----------------------------------------------------------------------------


def call_class(vm: Any, cls: type, args: list, kwargs: dict | None) -> Any:
    """``cls(*args, **kwargs)``: the metaclass's ``__call__`` (type_call for ``type``)."""
    meta = type(cls)
    if meta is not ClassMeta:
        caller = lookup(meta, "__call__")[0]
        if caller is not TYPE_CALL:
            return vm.call(descriptors.get(vm, caller, cls, meta), args, kwargs)
    return type_call(vm, cls, args, kwargs)


def type_call(vm: Any, cls: type, args: list, kwargs: dict | None) -> Any:
    """``type.__call__(cls, *args, **kwargs)``: ``__new__``, then ``__init__`` when
    ``__new__`` made an instance of ``cls``."""
    new = lookup(cls, "__new__")[0]
    obj = vm.call(descriptors.get(vm, new, None, cls), [cls, *args], kwargs)
    if not isinstance(obj, cls):
        return obj
    kind = type(obj)
    init = lookup(kind, "__init__")[0]
    result = vm.call(descriptors.get(vm, init, obj, kind), args, kwargs)
    if result is not None:
        raise TypeError(f"__init__() should return None, not '{type(result).__name__}'")
    return obj


def call_instance(vm: Any, obj: Any, args: list, kwargs: dict | None) -> Any:
    """``obj(*args)`` for an instance whose class defines ``__call__``."""
    cls = type(obj)
    caller = lookup(cls, "__call__")[0]
    if caller is MISSING:
        raise TypeError(f"'{cls.__name__}' object is not callable")
    return vm.call(descriptors.get(vm, caller, obj, cls), args, kwargs)


# -- making classes -------------------------------------------------------------------


def build_class(vm: Any, *args: Any, **kwargs: Any) -> Any:
    """``__build_class__``: run a class body and call the metaclass on what it made."""
    if len(args) < 2:
        raise TypeError("__build_class__: not enough arguments")
    function, name, *rest = args
    bases = tuple(rest)
    if type(function) is not Function:
        raise TypeError("__build_class__: func must be a function")
    if not isinstance(name, str):
        raise TypeError("__build_class__: name is not a string")
    original = bases
    bases = _update_bases(vm, bases)
    meta = kwargs.pop("metaclass", MISSING)
    if meta is MISSING:
        meta = class_of(bases[0]) if bases else type
        meta = winner(meta, bases)
    elif isinstance(meta, type):
        meta = winner(meta, bases)
    prepare = _prepare_of(vm, meta)
    if prepare is MISSING:
        namespace: Any = vm.call(NEW_DICT, [])
    else:
        namespace = vm.call(prepare, [name, bases], kwargs)
        if not _is_mapping(namespace):
            shown = meta.__name__ if isinstance(meta, type) else "<metaclass>"
            raise TypeError(f"{shown}.__prepare__() must return a mapping, not "
                            f"{type(namespace).__name__}")
    cell = vm.call(ClassBody(function, namespace), [])
    if bases is not original:
        namespace["__orig_bases__"] = original
    cls = vm.call(meta, [name, bases, namespace], kwargs)
    if isinstance(cls, type) and type(cell) is Cell:
        from ..vm.code import UNBOUND

        if cell.contents is not cls:
            if cell.contents is UNBOUND:
                raise RuntimeError(f"__class__ not set defining {name!r} as {_repr(cls)}. "
                                   "Was __classcell__ propagated to type.__new__?")
            raise TypeError(f"__class__ set to {_repr(cell.contents)} defining {name!r} as "
                            f"{_repr(cls)}")
    return cls


def _repr(value: Any) -> str:
    return repr(value)


def _is_mapping(value: Any) -> bool:
    return isinstance(value, dict) or (is_instance(value) and
                                       lookup(type(value), "__getitem__")[0] is not MISSING)


def _prepare_of(vm: Any, meta: Any) -> Any:
    """The metaclass's ``__prepare__``, bound; MISSING for ``type``'s (an empty dict)."""
    if meta is type or meta is ClassMeta or not is_class(meta):
        return MISSING
    try:
        return class_get(vm, meta, "__prepare__")
    except AttributeError:
        return MISSING


def _update_bases(vm: Any, bases: tuple) -> tuple:
    """Bases that are not classes give their ``__mro_entries__`` (PEP 560)."""
    if all(isinstance(base, type) for base in bases):
        return bases
    updated: list = []
    changed = False
    for base in bases:
        if isinstance(base, type):
            updated.append(base)
            continue
        entries = _mro_entries(vm, base, bases)
        if entries is MISSING:
            updated.append(base)
            continue
        if not isinstance(entries, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        updated.extend(entries)
        changed = True
    return tuple(updated) if changed else bases


def _mro_entries(vm: Any, base: Any, bases: tuple) -> Any:
    hook = getattr(type(base), "__mro_entries__", None) if not is_instance(base) else None
    if hook is not None:  # a host stand-in (typing's generic aliases)
        return hook(base, bases)
    if is_instance(base):
        method = lookup(type(base), "__mro_entries__")[0]
        if method is not MISSING:
            return vm.call(descriptors.get(vm, method, base, type(base)), [bases])
    return MISSING


def class_of(value: Any) -> Any:
    """``type(value)`` as a metaclass: ClassMeta stands for ``type``."""
    t = type(value)
    return type if t is ClassMeta else t


def winner(meta: Any, bases: tuple) -> Any:
    """The most derived metaclass of ``meta`` and the bases' (_PyType_CalculateMetaclass)."""
    best = meta
    for base in bases:
        kind = class_of(base)
        if _is_subclass(best, kind):
            continue
        if _is_subclass(kind, best):
            best = kind
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a "
                        "(non-strict) subclass of the metaclasses of all its bases")
    return best


def _is_subclass(a: Any, b: Any) -> bool:
    a = ClassMeta if a is type else a
    b = ClassMeta if b is type else b
    return isinstance(a, type) and isinstance(b, type) and issubclass(a, b)


# Special methods that type_new wraps when they are plain functions.
_IMPLICIT_CLASSMETHODS = ("__init_subclass__", "__class_getitem__")


def type_new(vm: Any, meta: Any, name: Any, bases: Any, namespace: Any,
             kwargs: dict | None = None) -> type:
    """``type.__new__(meta, name, bases, namespace, **kwargs)``: a new sandbox class."""
    if not isinstance(name, str):
        raise TypeError(f"type.__new__() argument 1 must be str, not {type(name).__name__}")
    if not isinstance(bases, tuple):
        raise TypeError(f"type.__new__() argument 2 must be tuple, not {type(bases).__name__}")
    if not isinstance(namespace, dict):
        raise TypeError(f"type.__new__() argument 3 must be dict, not "
                        f"{type(namespace).__name__}")
    best = winner(meta, bases)
    if best is not meta and best is not type:
        new = lookup(best, "__new__")[0]
        if new is not TYPE_NEW:
            return vm.call(descriptors.get(vm, new, None, best), [best, name, bases, namespace],
                           kwargs)
    meta = best
    for base in bases:
        if not acceptable_base(base):
            shown = base.__name__ if isinstance(base, type) else type(base).__name__
            if isinstance(base, type):
                raise TypeError(f"type '{shown}' is not an acceptable base type")
            raise TypeError(f"bases must be types, not {shown}")
    class_bases = bases or (object,)
    space = dict(namespace)
    qualname = space.pop("__qualname__", name)
    if not isinstance(qualname, str):
        raise TypeError(f"type __qualname__ must be a str, not {type(qualname).__name__}")
    cell = space.pop("__classcell__", None)
    if cell is not None and type(cell) is not Cell:
        raise TypeError(f"__classcell__ must be a nonlocal cell, not {type(cell)!r}")
    if "__module__" not in space:
        space["__module__"] = vm.current_module()
    space.setdefault("__doc__", None)
    for special in _IMPLICIT_CLASSMETHODS:
        if type(space.get(special)) is Function:
            space[special] = ClassMethod(space[special])
    if type(space.get("__new__")) is Function:
        space["__new__"] = StaticMethod(space["__new__"])
    if "__eq__" in space and "__hash__" not in space:
        space["__hash__"] = None
    slots = space.get("__slots__", MISSING)
    if slots is not MISSING:
        slots = _slot_names(slots, space)
    cls = vm.call(_CREATE, [meta, name, class_bases, space, qualname, slots, cell])
    _set_names(vm, cls)
    _init_subclass(vm, cls, kwargs or {})
    return cls


def _create(meta: Any, name: str, class_bases: tuple, space: dict, qualname: str,
            slots: Any, cell: Any) -> type:
    from .dispatch import dispatchers_for

    cls = make_carrier(meta, name, class_bases, ClassRecord(space, qualname), slots,
                       dispatchers_for(space))
    _add_layout_descriptors(cls, space)
    if cell is not None:
        cell.contents = cls
    return cls


def _set_names(vm: Any, cls: type) -> None:
    """``__set_name__`` of every attribute that has one (type_new_set_names)."""
    for key, value in list(record(cls).namespace.items()):
        if type(value) is descriptors.Property:
            value.name = key
            continue
        if not is_instance(value):
            continue
        hook = lookup(type(value), "__set_name__")[0]
        if hook is MISSING:
            continue
        try:
            vm.call(descriptors.get(vm, hook, value, type(value)), [cls, key])
        except Exception as error:
            wrapped = RuntimeError(f"Error calling __set_name__ on '{type(value).__name__}' "
                                   f"instance {key!r} in '{cls.__name__}'")
            wrapped.__cause__ = error
            raise wrapped from error


def _init_subclass(vm: Any, cls: type, kwargs: dict) -> None:
    """``super(cls, cls).__init_subclass__(**kwargs)``."""
    hook = super_get(vm, Super(cls, cls, cls), "__init_subclass__")
    vm.call(hook, [], kwargs or None)


def _slot_names(slots: Any, space: dict) -> Any:
    """``__slots__`` as the host takes it, after CPython's checks against the namespace."""
    names = (slots,) if isinstance(slots, str) else slots
    if not isinstance(names, (str, tuple, list)):
        try:
            names = tuple(names)
        except TypeError:
            raise TypeError(f"'{type(slots).__name__}' object is not iterable") from None
    for slot in names:
        if not isinstance(slot, str):
            raise TypeError(f"__slots__ items must be strings, not '{type(slot).__name__}'")
        if slot in space and slot not in ("__dict__", "__weakref__"):
            raise ValueError(f"{slot!r} in __slots__ conflicts with class variable")
    return tuple(names)


_LAYOUT_DESCRIPTORS = (type(type.__dict__["__dict__"]),
                       type(BaseException.__dict__["__suppress_context__"]))


def _add_layout_descriptors(cls: type, space: dict) -> None:
    """The members the host made (slots, ``__dict__``, ``__weakref__``) go into the
    sandbox's namespace, as CPython puts them in the class's ``__dict__``."""
    for name, value in cls.__dict__.items():
        if type(value) in _LAYOUT_DESCRIPTORS:
            space.setdefault(name, value)


def _new_dict() -> dict:
    return {}



# -- super ------------------------------------------------------------------------------


class Super:
    """``super(cls, obj)``: attribute lookup along ``obj``'s MRO after ``cls``."""

    __slots__ = ("cls", "obj", "obj_type")

    def __init__(self, cls: type, obj: Any, obj_type: type | None) -> None:
        self.cls = cls
        self.obj = obj
        self.obj_type = obj_type


Super.__name__ = Super.__qualname__ = "super"
Super.__module__ = "builtins"


def make_super(cls: Any, obj: Any) -> Super:
    """``super(cls, obj)`` with CPython's checks (super_init)."""
    if not isinstance(cls, type):
        raise TypeError(f"super() argument 1 must be a type, not {type(cls).__name__}")
    if obj is None:
        return Super(cls, None, None)
    if isinstance(obj, type) and issubclass(obj, cls):
        return Super(cls, obj, obj)
    if isinstance(obj, cls):
        return Super(cls, obj, type(obj))
    raise TypeError("super(type, obj): obj must be an instance or subtype of type")


def super_get(vm: Any, sup: Super, name: str) -> Any:
    """``super().name`` (super_getattro)."""
    start = sup.obj_type
    if start is not None and name != "__class__":
        from .classes import spaces_of

        found = False
        for klass, space in spaces_of(start):
            if not found:
                found = klass is sup.cls or (sup.cls is type and klass is ClassMeta)
                continue
            value = space.get(name, MISSING)
            if value is not MISSING:
                if descriptors.has_get(value):
                    obj = None if sup.obj is start else sup.obj
                    return descriptors.get(vm, value, obj, start)
                return value
    if name == "__thisclass__":
        return sup.cls
    if name == "__self__":
        return sup.obj
    if name == "__self_class__":
        return sup.obj_type
    if name == "__class__":
        return Super
    raise AttributeError(f"'super' object has no attribute '{name}'")


def is_sandbox_object(value: Any) -> bool:
    """Whether ``value`` is a sandbox class or an instance of one."""
    return is_class(value) or is_instance(value)


NEW_DICT = Builtin("dict", _new_dict)
_CREATE = Builtin("type", _create)

# Set by .spaces: the VM's own methods of object and type, compared by identity above.
OBJECT_GETATTRIBUTE: Any = None
OBJECT_SETATTR: Any = None
OBJECT_DELATTR: Any = None
TYPE_SETATTR: Any = None
TYPE_DELATTR: Any = None
TYPE_CALL: Any = None
TYPE_NEW: Any = None
