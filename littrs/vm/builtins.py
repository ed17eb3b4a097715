"""The builtins namespace: what sandbox code finds when a name is not global.

Builtins that only look at values (``len``, ``abs``, ``isinstance``) are the
host's own functions: they cannot call back into sandbox code, so the machine
calls them directly. Builtins that iterate, take callbacks or print are the
VM's: they do the work on the host when every input is a plain host value and
hand it to a prelude function (run as VM frames) when a sandbox function or
generator is involved.
"""

from __future__ import annotations

import builtins as host_builtins
from operator import length_hint
from typing import Any

from . import attributes
from .attributes import override
from .code import UNBOUND
from .context import charge, check_size
from .frames import RESUME_NEXT
from .objects import (
    BoundBuiltin,
    Builtin,
    CallRequest,
    Function,
    Generator,
    Module,
    ResumeRequest,
)
from .operations import LAZY_ITERATORS, check_growth, check_nesting, check_render, power
from .prelude import MISSING, prelude_function

_HostMethod = type([].append)
_MethodDescriptor = type(str.join)
_ClassMethodDescriptor = type(dict.__dict__["fromkeys"])
_WrapperDescriptor = type(int.__add__)

# Types whose constructors are safe for the host to call on plain host values.
CONSTRUCTIBLE = (bool, int, float, complex, str, bytes, bytearray, list, tuple, dict, set,
                 frozenset, range, slice, type, enumerate, zip, map, filter, reversed, object,
                 type(None))

EXCEPTIONS = {
    name: value
    for name, value in vars(host_builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def host_callable(value: Any) -> bool:
    """Whether the host may call ``value`` itself (it cannot run sandbox code)."""
    t = type(value)
    return (
        t is _HostMethod
        or t is _MethodDescriptor
        or t is _ClassMethodDescriptor
        or (isinstance(value, type) and (value in CONSTRUCTIBLE or value in EXCEPTIONS.values()))
    ) and value not in (list, tuple, set, frozenset, dict, bytes, bytearray, str, enumerate, zip,
                        map, filter, type, object, reversed)


def is_callable(value: Any) -> bool:
    from .machine import Tool

    t = type(value)
    return (
        t in (Function, Builtin, BoundBuiltin, Tool, _HostMethod, _MethodDescriptor,
              _ClassMethodDescriptor, _WrapperDescriptor)
        or isinstance(value, type)
    )


# Host iterators that wrap other iterators: a chain of them (map over map over ...)
# would recurse in C with no depth check, so wrapping one goes through the prelude,
# whose generators nest as VM frames (bounded by the recursion limit).
_WRAPPERS = (Generator, map, filter, zip, enumerate)


def _paid(iterable: Any) -> bool:
    """Pay for host iteration over ``iterable``; False if its length is unknown.

    An iterator of unknown length (``map``, ``filter``, an endless one) must be
    consumed by prelude code instead, which pays element by element.
    """
    size = length_hint(iterable, -1)
    if size < 0:
        return type(iterable) not in LAZY_ITERATORS  # not iterable at all: the host says so
    charge(size)
    return True




def _has_generator(values: Any) -> bool:
    return any(type(value) in _WRAPPERS for value in values)


# -- constructors -----------------------------------------------------------------


def construct(vm: Any, cls: type, args: list, kwargs: dict | None) -> Any:
    """``cls(*args, **kwargs)`` for a type called from the sandbox."""
    special = _CONSTRUCTORS.get(cls)
    if special is not None:
        return special(vm, args, kwargs or {})
    if cls in EXCEPTIONS.values():
        if kwargs:
            raise TypeError(f"{cls.__name__}() takes no keyword arguments")
        return cls(*args)
    if cls in CONSTRUCTIBLE:
        return cls(*args, **(kwargs or {}))
    raise TypeError(f"cannot create '{cls.__name__}' instances")


def _collection(cls: type, prelude_name: str) -> Any:
    def build(vm: Any, args: list, kwargs: dict) -> Any:
        if kwargs:
            raise TypeError(f"{cls.__name__}() takes no keyword arguments")
        if len(args) > 1:
            raise TypeError(f"{cls.__name__} expected at most 1 argument, got {len(args)}")
        if args:
            check_growth(args[0])  # memory first: the more telling limit for a copy
        if len(args) == 1 and (type(args[0]) is Generator or not _paid(args[0])):
            return CallRequest(prelude_function(prelude_name), [args[0]])
        if args and (cls is tuple or cls is frozenset) and type(args[0]) in _NESTABLE:
            check_nesting(args[0])
        return cls(*args)

    return build


_NESTABLE = (list, tuple, set, frozenset, dict)


def _dict(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1 and type(args[0]) is Generator:
        return CallRequest(prelude_function("__dict"), [args[0], kwargs])
    if args:
        check_growth(args[0])
    return dict(*args, **kwargs)


def _bytes_like(cls: type) -> Any:
    def build(vm: Any, args: list, kwargs: dict) -> Any:
        if args and type(args[0]) is int and not isinstance(args[0], bool):
            check_size(args[0])
        if args and type(args[0]) is Generator:
            args = [vm.drain(args[0])] + args[1:]
        return cls(*args, **kwargs)

    return build


def _type(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1 and not kwargs:
        return type(args[0])
    if len(args) == 3:
        raise TypeError("type() with three arguments (creating classes) is not supported by littrs")
    raise TypeError("type() takes 1 or 3 arguments")


def _enumerate(vm: Any, args: list, kwargs: dict) -> Any:
    iterable = args[0] if args else kwargs.get("iterable", MISSING)
    if type(iterable) in _WRAPPERS:
        start = args[1] if len(args) > 1 else kwargs.get("start", 0)
        if not isinstance(start, int):
            raise TypeError(f"'{type(start).__name__}' object cannot be interpreted as an integer")
        return CallRequest(prelude_function("__enumerate"), [iterable, start])
    return enumerate(*args, **kwargs)


def _zip(vm: Any, args: list, kwargs: dict) -> Any:
    strict = kwargs.pop("strict", False)
    if kwargs:
        raise TypeError(f"zip() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if _has_generator(args) or strict:
        iterators = [_iterate(vm, value, f"zip argument #{i + 1}") for i, value in enumerate(args)]
        return CallRequest(prelude_function("__zip"), [iterators, bool(strict)])
    return zip(*args)


def _iterate(vm: Any, value: Any, context: str = "") -> Any:
    if type(value) is Generator:
        return value
    from .machine import _get_iter

    return _get_iter(value)


def _map(vm: Any, args: list, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError("map() takes no keyword arguments")
    if len(args) < 2:
        raise TypeError("map() must have at least two arguments.")
    function, iterables = args[0], args[1:]
    if host_callable(function) and not _has_generator(iterables):
        return map(function, *iterables)
    iterators = [_iterate(vm, value) for value in iterables]
    return CallRequest(prelude_function("__map"), [function, iterators])


def _filter(vm: Any, args: list, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError("filter() takes no keyword arguments")
    if len(args) != 2:
        raise TypeError(f"filter expected 2 arguments, got {len(args)}")
    function, iterable = args
    if (function is None or host_callable(function)) and type(iterable) not in _WRAPPERS:
        return filter(function, iterable)
    return CallRequest(prelude_function("__filter"), [function, _iterate(vm, iterable)])


def _reversed(vm: Any, args: list, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError("reversed() takes no keyword arguments")
    if len(args) == 1 and type(args[0]) is Generator:
        raise TypeError("'generator' object is not reversible")
    return reversed(*args)


def _str(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1:
        check_render(args[0])
    return str(*args, **kwargs)


_CONSTRUCTORS = {
    list: _collection(list, "__list"),
    tuple: _collection(tuple, "__tuple"),
    set: _collection(set, "__set"),
    frozenset: _collection(frozenset, "__frozenset"),
    dict: _dict,
    bytes: _bytes_like(bytes),
    bytearray: _bytes_like(bytearray),
    type: _type,
    enumerate: _enumerate,
    zip: _zip,
    map: _map,
    filter: _filter,
    reversed: _reversed,
    str: _str,
}


# -- functions ----------------------------------------------------------------------


def _print(vm: Any, *args: Any, sep: Any = " ", end: Any = "\n", file: Any = None,
           flush: Any = False) -> None:
    if sep is not None and not isinstance(sep, str):
        raise TypeError(f"sep must be None or a string, not {type(sep).__name__}")
    if end is not None and not isinstance(end, str):
        raise TypeError(f"end must be None or a string, not {type(end).__name__}")
    for arg in args:
        check_render(arg)
    text = (" " if sep is None else sep).join([str(arg) for arg in args])
    text += "\n" if end is None else end
    if file is None:
        vm.write(text)
        return
    result = vm.invoke(attributes.load_attr(file, "write"), [text], None)
    if type(result).__name__ in ("Frame", "ToolCall"):
        raise TypeError("print(file=...) needs a file object")


def _next(vm: Any, iterator: Any, default: Any = MISSING) -> Any:
    if type(iterator) is Generator:
        return ResumeRequest(
            iterator, None, None, RESUME_NEXT, default if default is not MISSING else UNBOUND
        )
    if not hasattr(type(iterator), "__next__") or type(iterator) in (Function, Builtin, Module):
        raise TypeError(f"'{type(iterator).__name__}' object is not an iterator")
    if default is MISSING:
        return next(iterator)
    return next(iterator, default)


def _iter(vm: Any, value: Any, sentinel: Any = MISSING) -> Any:
    if sentinel is not MISSING:
        if not is_callable(value):
            raise TypeError("iter(v, w): v must be callable")
        # Even for a host callable: host code draining a host callable_iterator
        # (any(iter(int, 1))) would loop forever inside one instruction.
        return CallRequest(prelude_function("__call_iter"), [value, sentinel])
    if type(value) is Generator:
        return value
    from .machine import _get_iter

    return _get_iter(value)


def _sorted(vm: Any, iterable: Any = MISSING, /, *args: Any, key: Any = None,
            reverse: Any = False) -> Any:
    if iterable is MISSING:
        raise TypeError("sorted expected 1 argument, got 0")
    if args:
        raise TypeError(f"sorted expected 1 argument, got {1 + len(args)}")
    if type(iterable) is not Generator:
        check_growth(iterable)
    if (
        type(iterable) is Generator
        or not (key is None or host_callable(key))
        or not _paid(iterable)
    ):
        return CallRequest(prelude_function("__sorted"), [iterable, key, reverse])
    charge(len(iterable) * 16 if isinstance(iterable, (list, tuple)) else 0)  # n log n
    return sorted(iterable, key=key, reverse=reverse)


def sort_by_keys(items: list, keys: list | None, reverse: Any) -> None:
    """Sort ``items`` in place by precomputed ``keys``: a host sort, no callbacks."""
    if keys is None:
        items.sort(reverse=reverse)
        return
    order = sorted(range(len(items)), key=keys.__getitem__, reverse=bool(reverse))
    items[:] = [items[index] for index in order]


def _list_sort(vm: Any, items: list, *args: Any, key: Any = None, reverse: Any = False) -> Any:
    if args:
        raise TypeError("sort() takes no positional arguments")
    if key is None or host_callable(key):
        items.sort(key=key, reverse=reverse)
        return None
    return CallRequest(prelude_function("__sort"), [items, key, reverse])


def _minmax(name: str, is_max: bool) -> Any:
    host = max if is_max else min

    def choose(vm: Any, *args: Any, key: Any = None, default: Any = MISSING) -> Any:
        if not args:
            raise TypeError(f"{name} expected at least 1 argument, got 0")
        if len(args) > 1 and default is not MISSING:
            raise TypeError(
                f"Cannot specify a default for {name}() with multiple positional arguments"
            )
        iterable = args[0] if len(args) == 1 else args
        if (
            type(iterable) is not Generator
            and (key is None or host_callable(key))
            and _paid(iterable)
        ):
            if default is MISSING:
                return host(iterable, key=key)
            return host(iterable, key=key, default=default)
        return CallRequest(
            prelude_function("__minmax"), [_iterate(vm, iterable), key, default, is_max, name]
        )

    return choose


def _sum(vm: Any, iterable: Any = MISSING, /, start: Any = 0, *extra: Any) -> Any:
    if iterable is MISSING:
        raise TypeError("sum() takes at least 1 positional argument (0 given)")
    if extra:
        raise TypeError(f"sum() takes at most 2 arguments ({2 + len(extra)} given)")
    if type(iterable) is not Generator:
        from .machine import _get_iter

        _get_iter(iterable)  # CPython complains about the iterable before the start
    if isinstance(start, str):
        raise TypeError("sum() can't sum strings [use ''.join(seq) instead]")
    if isinstance(start, bytes):
        raise TypeError("sum() can't sum bytes [use b''.join(seq) instead]")
    if isinstance(start, bytearray):
        raise TypeError("sum() can't sum bytearray [use b''.join(seq) instead]")
    if type(iterable) is Generator or not _paid(iterable):
        return CallRequest(prelude_function("__sum"), [iterable, start])
    return sum(iterable, start)


def _any_all(name: str) -> Any:
    host = any if name == "any" else all

    def test(vm: Any, *args: Any) -> Any:
        if len(args) != 1:
            return host(*args)  # the host's own arity error
        iterable = args[0]
        if type(iterable) is Generator or not _paid(iterable):
            return CallRequest(prelude_function("__" + name), [iterable])
        return host(iterable)

    return test


def _getattr(obj: Any, name: Any = MISSING, default: Any = MISSING, *extra: Any) -> Any:
    if name is MISSING or extra:
        count = 1 if name is MISSING else 3 + len(extra)
        raise TypeError(f"getattr expected at least 2 arguments, got {count}" if count < 2
                        else f"getattr expected at most 3 arguments, got {count}")
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    try:
        return attributes.load_attr(obj, name)
    except AttributeError:
        if default is MISSING:
            raise
        return default


def _hasattr(*args: Any) -> bool:
    if len(args) != 2:
        return hasattr(*args)  # the host's own arity error
    obj, name = args
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    return attributes.has_attr(obj, name)


def _setattr(obj: Any, name: Any, value: Any) -> None:
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    attributes.store_attr(obj, name, value)


def _delattr(obj: Any, name: Any) -> None:
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    attributes.delete_attr(obj, name)


def _dir(vm: Any, *args: Any) -> list:
    if not args:
        return sorted(vm.globals)
    if len(args) > 1:
        raise TypeError(f"dir expected at most 1 argument, got {len(args)}")
    return attributes.visible_names(args[0])


def _callable(value: Any) -> bool:
    return is_callable(value)


def _format(vm: Any, value: Any, spec: Any = "") -> str:
    if not isinstance(spec, str):
        raise TypeError(f"format() argument 2 must be str, not {type(spec).__name__}")
    return vm.format_value(value, spec)


def _pow(*args: Any, **kwargs: Any) -> Any:
    names = ("base", "exp", "mod")
    bound = dict(zip(names, args))
    if len(args) > 3 or any(k not in names or k in bound for k in kwargs):
        return pow(*args, **kwargs)  # the host's own argument error, before any work
    bound.update(kwargs)
    if "base" not in bound or "exp" not in bound:
        return pow(*args, **kwargs)
    return power(bound["base"], bound["exp"], bound.get("mod"))


def _repr(value: Any) -> str:
    check_render(value)
    return repr(value)


def _str_join(vm: Any, separator: Any, *args: Any) -> Any:
    if len(args) != 1:
        return type(separator).join(separator, *args)  # the host's own arity error
    iterable = args[0]
    if type(iterable) is Generator:
        return CallRequest(prelude_function("__join"), [separator, iterable])
    if type(iterable) in (list, tuple):
        try:
            total = sum(map(len, iterable)) + len(separator) * len(iterable)
        except TypeError:
            total = 0  # not all strings: join raises CPython's TypeError itself
        check_size(total)
    if not _paid(iterable):
        return CallRequest(prelude_function("__join"), [separator, iterable])
    return separator.join(iterable)


# The codecs sandbox code may name: the host imports a codec's module on first use,
# and some (punycode, idna) run quadratic Python code. These are C codecs.
CODECS = frozenset(
    {"utf_8", "utf8", "u8", "utf", "utf_16", "utf16", "utf_16_le", "utf_16_be", "utf_32",
     "utf32", "utf_32_le", "utf_32_be", "ascii", "us_ascii", "646", "latin_1", "latin1",
     "latin", "iso_8859_1", "iso8859_1", "8859", "cp819", "l1", "cp1252", "windows_1252",
     "utf_8_sig", "unicode_escape", "raw_unicode_escape"}
)


# Codecs CPython knows that work on bytes, not text: named in its error, never looked up.
_BYTES_CODECS = frozenset(
    {"rot13", "rot_13", "base64", "base_64", "base64_codec", "hex", "hex_codec", "zlib",
     "zip", "zlib_codec", "bz2", "bz2_codec", "quopri", "quotedprintable", "quopri_codec",
     "uu", "uu_codec"}
)


def check_codec(name: Any, use: str = "codecs.open()") -> Any:
    """``name`` if it is one of :data:`CODECS`; CPython's LookupError otherwise."""
    if isinstance(name, str):
        normal = name.strip().lower().replace("-", "_").replace(" ", "_")
        if normal in _BYTES_CODECS:
            raise LookupError(
                f"'{name}' is not a text encoding; use {use} to handle arbitrary codecs"
            )
        if normal not in CODECS:
            raise LookupError(f"unknown encoding: {name}")
    return name


def _encode(self: str, encoding: Any = "utf-8", errors: Any = "strict") -> bytes:
    return str.encode(self, check_codec(encoding, "codecs.encode()"), errors)


def _decoder(t: type) -> Any:
    def decode(self: Any, encoding: Any = "utf-8", errors: Any = "strict") -> str:
        return t.decode(self, check_codec(encoding, "codecs.decode()"), errors)

    return decode


def _to_bytes(self: int, length: Any = 1, *args: Any, **kwargs: Any) -> bytes:
    if type(length) is int:
        check_size(length)
    return int.to_bytes(self, length, *args, **kwargs)


def _list_extend(vm: Any, target: list, iterable: Any) -> Any:
    if type(iterable) is Generator:
        return CallRequest(prelude_function("__extend"), [target, iterable])
    check_growth(iterable)
    target.extend(iterable)
    return None


def _growing(t: type, name: str) -> Any:
    """A method whose result or receiver grows by the size of its arguments (or copies)."""
    method = getattr(t, name)

    def grow(self: Any, *args: Any, **kwargs: Any) -> Any:
        check_growth(self if name == "copy" else args[0] if args else ())
        for other in args[1:]:
            check_growth(other)
        return method(self, *args, **kwargs)

    return grow


def _fromkeys(cls: type, iterable: Any = MISSING, value: Any = None, *rest: Any) -> dict:
    if iterable is MISSING or rest:
        count = 0 if iterable is MISSING else 2 + len(rest)
        raise TypeError(f"fromkeys expected at least 1 argument, got {count}" if not count
                        else f"fromkeys expected at most 2 arguments, got {count}")
    check_growth(iterable)
    return cls.fromkeys(iterable, value)


def _str_format(vm: Any, template: str, *args: Any, **kwargs: Any) -> str:
    from .formatting import str_format

    return str_format(template, args, kwargs, attributes.load_attr, _getitem, vm.check_size)


def _str_format_map(vm: Any, template: str, mapping: Any) -> str:
    from .formatting import str_format

    return str_format(template, None, mapping, attributes.load_attr, _getitem, vm.check_size)


def _getitem(container: Any, key: Any) -> Any:
    from .machine import _subscript

    return _subscript(container, key)


def _padding(name: str, t: type) -> Any:
    method = getattr(t, name)

    def pad(self: Any, *args: Any) -> Any:
        if args and type(args[0]) is int:
            check_size(args[0])
        return method(self, *args)  # a wrong argument count: the host's own error

    return pad


def _expandtabs(self: Any, tabsize: Any = 8) -> Any:
    if type(tabsize) is int and tabsize > 0:
        check_size(len(self) * tabsize)
    return self.expandtabs(tabsize)


def _replace(t: type) -> Any:
    method = t.replace

    def replace(self: Any, old: Any, new: Any, count: Any = -1) -> Any:
        if isinstance(old, (str, bytes)) and isinstance(new, (str, bytes)) and len(new) > len(old):
            occurrences = self.count(old) if old else len(self) + 1
            if type(count) is int and count >= 0:
                occurrences = min(occurrences, count)
            check_size(len(self) + occurrences * (len(new) - len(old)))
        return method(self, old, new, count)

    return replace


def _install_overrides() -> None:
    for t in (str, bytes, bytearray):
        for name in ("ljust", "rjust", "center", "zfill"):
            override(t, name, _padding(name, t))
        override(t, "expandtabs", _expandtabs)
        override(t, "replace", _replace(t))
        override(t, "join", _str_join, needs_vm=True)
    override(int, "to_bytes", _to_bytes)
    override(str, "encode", _encode)
    for t in (bytes, bytearray):
        override(t, "decode", _decoder(t))
    override(str, "format", _str_format, needs_vm=True)
    override(str, "format_map", _str_format_map, needs_vm=True)
    for t, names in (
        (list, ("copy",)),
        (dict, ("copy", "update")),
        (set, ("copy", "update", "union", "symmetric_difference", "difference", "intersection")),
        (frozenset, ("copy", "union", "symmetric_difference", "difference", "intersection")),
        (bytearray, ("copy", "extend")),
    ):
        for name in names:
            override(t, name, _growing(t, name))
    override(dict, "fromkeys", _fromkeys)
    override(list, "sort", _list_sort, needs_vm=True)
    override(list, "extend", _list_extend, needs_vm=True)


_install_overrides()


def _wrap(name: str, fn: Any, needs_vm: bool = False) -> Builtin:
    fn.__name__ = fn.__qualname__ = name  # argument errors name the builtin, not a helper
    return Builtin(name, fn, needs_vm)


_SHARED: dict[str, Any] | None = None


def make_builtins() -> dict[str, Any]:
    """A fresh builtins namespace for one sandbox (its tools are added to it).

    The entries are shared between sandboxes: none of them can be changed by
    sandbox code (no attribute of a builtin can be set), so only the dict is new.
    """
    global _SHARED
    if _SHARED is None:
        _SHARED = _build_builtins()
    return dict(_SHARED)


def _build_builtins() -> dict[str, Any]:
    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "Ellipsis": Ellipsis,
        "NotImplemented": NotImplemented,
    }
    for name in ("abs", "ascii", "bin", "chr", "divmod", "hash", "hex", "id", "len", "oct",
                 "ord", "round", "isinstance", "issubclass"):
        namespace[name] = getattr(host_builtins, name)
    for cls in (bool, int, float, complex, str, bytes, bytearray, list, tuple, dict, set,
                frozenset, range, slice, type, enumerate, zip, map, filter, reversed, object):
        namespace[cls.__name__] = cls
    namespace.update(EXCEPTIONS)
    namespace.update(
        print=_wrap("print", _print, True),
        next=_wrap("next", _next, True),
        iter=_wrap("iter", _iter, True),
        sorted=_wrap("sorted", _sorted, True),
        min=_wrap("min", _minmax("min", False), True),
        max=_wrap("max", _minmax("max", True), True),
        sum=_wrap("sum", _sum, True),
        any=_wrap("any", _any_all("any"), True),
        all=_wrap("all", _any_all("all"), True),
        getattr=_wrap("getattr", _getattr),
        hasattr=_wrap("hasattr", _hasattr),
        setattr=_wrap("setattr", _setattr),
        delattr=_wrap("delattr", _delattr),
        dir=_wrap("dir", _dir, True),
        callable=_wrap("callable", _callable),
        format=_wrap("format", _format, True),
        pow=_wrap("pow", _pow),
        repr=_wrap("repr", _repr),
    )
    return namespace
