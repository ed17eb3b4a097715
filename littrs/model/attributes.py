"""The attributes of the model's own objects: bound methods, ``classmethod``,
``staticmethod``, ``property``, ``super`` and the VM's getset descriptors."""

from __future__ import annotations

from typing import Any

from ..vm.objects import BoundBuiltin
from .classes import MISSING
from .descriptors import ClassMethod, GetSet, Method, Property, StaticMethod
from .protocols import Super, super_get

# What a classmethod or staticmethod shows of the function it wraps (CPython 3.10+).
_WRAPPED = ("__name__", "__qualname__", "__doc__", "__module__", "__annotations__")


def model_attribute(vm: Any, obj: Any, name: str) -> Any:
    """``obj.name`` for one of the model's objects; MISSING when it has none."""
    from ..vm.attributes import has_attr, load_attr

    t = type(obj)
    if t is Method:
        if name == "__self__":
            return obj.self
        if name == "__func__":
            return obj.function
        if name == "__class__":
            return Method
        return load_attr(obj.function, name)  # a method reads the function's attributes
    if t is ClassMethod or t is StaticMethod:
        if name in ("__func__", "__wrapped__"):
            return obj.function
        if name == "__isabstractmethod__":
            return has_attr(obj.function, name) and bool(load_attr(obj.function, name))
        if obj.attrs and name in obj.attrs:
            return obj.attrs[name]
        if name in _WRAPPED:
            return load_attr(obj.function, name)
        return MISSING
    if t is Property:
        if name in ("fget", "fset", "fdel"):
            return getattr(obj, name)
        if name == "__doc__":
            if obj.doc is None and obj.fget is not None and has_attr(obj.fget, "__doc__"):
                return load_attr(obj.fget, "__doc__")
            return obj.doc
        if name in ("getter", "setter", "deleter"):
            return BoundBuiltin(obj, _PROPERTY_COPIES[name], name, False)
        if name == "__isabstractmethod__":
            return any(has_attr(f, name) and bool(load_attr(f, name))
                       for f in (obj.fget, obj.fset, obj.fdel) if f is not None)
        if name == "__set_name__":
            return BoundBuiltin(obj, _property_set_name, name, False)
        return MISSING
    if t is GetSet:
        if name == "__name__":
            return obj.name
        if name == "__qualname__":
            return f"{obj.owner}.{obj.name}"
        if name == "__objclass__":
            return type if obj.owner == "type" else object
        return MISSING
    if t is Super:
        return super_get(vm, obj, name)
    return MISSING


def set_model_attribute(obj: Any, name: str, value: Any) -> bool:
    """``obj.name = value`` where the model's object keeps attributes; False otherwise."""
    t = type(obj)
    if t is ClassMethod or t is StaticMethod:
        if name.startswith("__") and name not in _WRAPPED:
            return False
        if obj.attrs is None:
            obj.attrs = {}
        obj.attrs[name] = value
        return True
    return False


def _property_copy(field: str) -> Any:
    def copy(prop: Property, *args: Any, **kwargs: Any) -> Property:
        from ..vm.clinic import exactly_one

        function = exactly_one(f"property.{field}", args, kwargs)
        fields = {"getter": "fget", "setter": "fset", "deleter": "fdel"}
        new = Property(prop.fget, prop.fset, prop.fdel, prop.doc)
        setattr(new, fields[field], function)
        new.name = prop.name
        return new

    return copy


_PROPERTY_COPIES = {name: _property_copy(name) for name in ("getter", "setter", "deleter")}


def _property_set_name(prop: Property, *args: Any) -> None:
    if len(args) != 2:
        raise TypeError(f"__set_name__() takes 2 positional arguments but {len(args)} were "
                        "given")
    if isinstance(args[1], str):
        prop.name = args[1]
