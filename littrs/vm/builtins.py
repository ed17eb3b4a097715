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
from .attributes import call_descriptor, override
from .clinic import (
    bad_argument,
    check_positional,
    exactly_one,
    no_keywords,
    positional_only,
    unpack_keywords,
)
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
from .operations import check_growth, check_nesting, check_render, power
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


# Host iterators whose length is unknown (and may be endless).
LAZY_ITERATORS = frozenset({map, filter, zip, enumerate, reversed, type(iter(int, 0))})


def _has_generator(values: Any) -> bool:
    return any(type(value) in _WRAPPERS for value in values)


# -- constructors -----------------------------------------------------------------


def construct(vm: Any, cls: type, args: list, kwargs: dict | None) -> Any:
    """``cls(*args, **kwargs)`` for a type called from the sandbox."""
    special = _CONSTRUCTORS.get(cls)
    if special is not None:
        return special(vm, args, kwargs or {})
    if cls in EXCEPTIONS.values():
        # The host's own checks: most take no keywords, ImportError takes name= and path=.
        return cls(*args, **(kwargs or {}))
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
    if len(args) == 1:
        if kwargs:
            raise TypeError("type() takes no keyword arguments")
        return type(args[0])
    if len(args) != 3:
        raise TypeError("type() takes 1 or 3 arguments")
    for index, (value, expected) in enumerate(zip(args, (str, tuple, dict))):
        if not isinstance(value, expected):
            raise bad_argument("type.__new__", f"argument {index + 1}", expected.__name__, value)
    raise TypeError("type() with three arguments (creating classes) is not supported by littrs")


def _enumerate(vm: Any, args: list, kwargs: dict) -> Any:
    iterable = args[0] if args else kwargs.get("iterable", MISSING)
    if type(iterable) in _WRAPPERS:
        start = args[1] if len(args) > 1 else kwargs.get("start", 0)
        if not isinstance(start, int):
            raise TypeError(f"'{type(start).__name__}' object cannot be interpreted as an integer")
        return CallRequest(prelude_function("__enumerate"), [iterable, start])
    return enumerate(*args, **kwargs)


def _zip(vm: Any, args: list, kwargs: dict) -> Any:
    (strict,) = unpack_keywords("zip", (), kwargs, ("strict",), maxpos=0)
    strict = strict is not MISSING and bool(strict)
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


_PRINT_KEYWORDS = ("sep", "end", "file", "flush")


def _print(vm: Any, *args: Any, **kwargs: Any) -> None:
    for keyword in kwargs:
        if keyword not in _PRINT_KEYWORDS:
            raise TypeError(f"'{keyword}' is an invalid keyword argument for print()")
    sep = kwargs.get("sep", " ")
    end = kwargs.get("end", "\n")
    file = kwargs.get("file")
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


def _next(vm: Any, *args: Any, **kwargs: Any) -> Any:
    positional_only("next", args, kwargs, 1, 2)
    iterator = args[0]
    default = args[1] if len(args) == 2 else MISSING
    if type(iterator) is Generator:
        return ResumeRequest(
            iterator, None, None, RESUME_NEXT, default if default is not MISSING else UNBOUND
        )
    if not hasattr(type(iterator), "__next__") or type(iterator) in (Function, Builtin, Module):
        raise TypeError(f"'{type(iterator).__name__}' object is not an iterator")
    if default is MISSING:
        return next(iterator)
    return next(iterator, default)


def _iter(vm: Any, *args: Any, **kwargs: Any) -> Any:
    positional_only("iter", args, kwargs, 1, 2)
    value = args[0]
    sentinel = args[1] if len(args) == 2 else MISSING
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


def _sorted(vm: Any, *args: Any, **kwargs: Any) -> Any:
    check_positional("sorted", args, 1, 1)
    iterable = args[0]
    if type(iterable) is not Generator:
        check_growth(iterable)
    if kwargs:  # sorted copies the iterable to a list, then parses list.sort's keywords
        _iterate(vm, iterable)
    key, reverse = _sort_keywords(kwargs)
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


def _sort_keywords(kwargs: dict) -> tuple[Any, Any]:
    """``key`` and ``reverse`` as list.sort parses them."""
    if not kwargs:
        return None, False
    key, reverse = unpack_keywords("sort", (), kwargs, ("key", "reverse"), maxpos=0)
    return (None if key is MISSING else key), (False if reverse is MISSING else reverse)


def _list_sort(vm: Any, items: list, *args: Any, **kwargs: Any) -> Any:
    if args:
        unpack_keywords("sort", args, kwargs, ("key", "reverse"), maxpos=0)
    key, reverse = _sort_keywords(kwargs)
    if key is None or host_callable(key):
        items.sort(key=key, reverse=reverse)
        return None
    return CallRequest(prelude_function("__sort"), [items, key, reverse])


def _minmax(name: str, is_max: bool) -> Any:
    host = max if is_max else min

    def choose(vm: Any, *args: Any, **kwargs: Any) -> Any:
        if not args:
            raise TypeError(f"{name} expected at least 1 argument, got 0")
        key, default = unpack_keywords(name, (), kwargs, ("key", "default"), maxpos=0)
        if key is MISSING:
            key = None
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


def _sum(vm: Any, *args: Any, **kwargs: Any) -> Any:
    iterable, start = unpack_keywords("sum", args, kwargs, ("start",), posonly=1, minpos=1)
    if start is MISSING:
        start = 0
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

    def test(vm: Any, *args: Any, **kwargs: Any) -> Any:
        if len(args) != 1 or kwargs:
            return host(*args, **kwargs)  # the host's own argument error
        iterable = args[0]
        if type(iterable) is Generator or not _paid(iterable):
            return CallRequest(prelude_function("__" + name), [iterable])
        return host(iterable)

    return test


def _getattr(*args: Any, **kwargs: Any) -> Any:
    positional_only("getattr", args, kwargs, 2, 3)
    obj, name = args[0], args[1]
    default = args[2] if len(args) == 3 else MISSING
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    try:
        return attributes.load_attr(obj, name)
    except AttributeError:
        if default is MISSING:
            raise
        return default


def _hasattr(*args: Any, **kwargs: Any) -> bool:
    positional_only("hasattr", args, kwargs, 2, 2)
    obj, name = args
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    return attributes.has_attr(obj, name)


def _setattr(*args: Any, **kwargs: Any) -> None:
    positional_only("setattr", args, kwargs, 3, 3)
    obj, name, value = args
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    attributes.store_attr(obj, name, value)


def _delattr(*args: Any, **kwargs: Any) -> None:
    positional_only("delattr", args, kwargs, 2, 2)
    obj, name = args
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    attributes.delete_attr(obj, name)


def _dir(vm: Any, *args: Any, **kwargs: Any) -> list:
    positional_only("dir", args, kwargs, 0, 1)
    if not args:
        return sorted(vm.globals)
    return attributes.visible_names(args[0])


def _callable(*args: Any, **kwargs: Any) -> bool:
    return is_callable(exactly_one("callable", args, kwargs))


def _format(vm: Any, *args: Any, **kwargs: Any) -> str:
    positional_only("format", args, kwargs, 1, 2)
    value = args[0]
    spec = args[1] if len(args) == 2 else ""
    if not isinstance(spec, str):
        raise bad_argument("format", "argument 2", "str", spec)
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


def _repr(*args: Any, **kwargs: Any) -> str:
    value = exactly_one("repr", args, kwargs)
    check_render(value)
    return repr(value)


def _str_join(vm: Any, separator: Any, *args: Any, **kwargs: Any) -> Any:
    if len(args) != 1 or kwargs:
        return call_descriptor(type(separator).join, [separator, *args], kwargs)  # host's error
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


def _codec_arguments(name: str, args: tuple, kwargs: dict, use: str) -> None:
    """Parse ``encode``/``decode`` arguments (``args``: self first) as CPython does, then
    refuse an unknown codec."""
    values = unpack_keywords(name, args[1:], kwargs, ("encoding", "errors"))
    for keyword, value in zip(("encoding", "errors"), values):
        if value is MISSING:
            continue
        if not isinstance(value, str):
            raise bad_argument(name, f"argument '{keyword}'", "str", value)
        if "\0" in value:
            raise ValueError("embedded null character")
    if values[0] is not MISSING and (name == "encode" or len(args[0])):
        check_codec(values[0], use)  # decoding nothing looks no codec up: it is ''.


def _encode(self: str, *args: Any, **kwargs: Any) -> bytes:
    _codec_arguments("encode", (self, *args), kwargs, "codecs.encode()")
    return call_descriptor(str.encode, [self, *args], kwargs)


def _decoder(t: type) -> Any:
    def decode(self: Any, *args: Any, **kwargs: Any) -> str:
        _codec_arguments("decode", (self, *args), kwargs, "codecs.decode()")
        return call_descriptor(t.decode, [self, *args], kwargs)

    return decode


def _to_bytes(self: int, *args: Any, **kwargs: Any) -> bytes:
    length, _, _ = unpack_keywords("to_bytes", args, kwargs, ("length", "byteorder", "signed"),
                                   maxpos=2)
    if type(length) is int:
        check_size(length)
    return call_descriptor(int.to_bytes, [self, *args], kwargs)


def _list_extend(vm: Any, target: list, *args: Any, **kwargs: Any) -> Any:
    iterable = exactly_one("list.extend", args, kwargs)
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
        return call_descriptor(method, [self, *args], kwargs)

    return grow


def _fromkeys(cls: type, *args: Any, **kwargs: Any) -> dict:
    no_keywords(f"{cls.__name__}.fromkeys", kwargs)
    check_positional("fromkeys", args, 1, 2)
    iterable = args[0]
    value = args[1] if len(args) == 2 else None
    check_growth(iterable)
    return cls.fromkeys(iterable, value)


def _str_format(vm: Any, template: str, *args: Any, **kwargs: Any) -> str:
    from .formatting import str_format

    return str_format(template, args, kwargs, attributes.load_attr, _getitem, vm.check_size)


def _str_format_map(vm: Any, template: str, *args: Any, **kwargs: Any) -> str:
    from .formatting import str_format

    mapping = exactly_one("str.format_map", args, kwargs)

    return str_format(template, None, mapping, attributes.load_attr, _getitem, vm.check_size)


def _getitem(container: Any, key: Any) -> Any:
    from .machine import _subscript

    return _subscript(container, key)


def _padding(name: str, t: type) -> Any:
    method = getattr(t, name)
    most = 1 if name == "zfill" else 2

    def pad(self: Any, *args: Any, **kwargs: Any) -> Any:
        if args and type(args[0]) is int and not kwargs and len(args) <= most:
            check_size(args[0])
        return call_descriptor(method, [self, *args], kwargs)  # wrong ones: the host's error

    return pad


def _expandtabs(self: Any, *args: Any, **kwargs: Any) -> Any:
    (tabsize,) = unpack_keywords("expandtabs", args, kwargs, ("tabsize",))
    if type(tabsize) is int and tabsize > 0:
        check_size(len(self) * tabsize)
    return self.expandtabs(*args, **kwargs)


def _replace(t: type) -> Any:
    method = t.replace

    def replace(self: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs or not 2 <= len(args) <= 3:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        old, new = args[0], args[1]
        count = args[2] if len(args) == 3 else -1
        kinds = str if t is str else (bytes, bytearray)  # else the host's TypeError, unsized
        if isinstance(old, kinds) and isinstance(new, kinds) and len(new) > len(old):
            occurrences = self.count(old) if old else len(self) + 1
            if type(count) is int and count >= 0:
                occurrences = min(occurrences, count)
            check_size(len(self) + occurrences * (len(new) - len(old)))
        return call_descriptor(method, [self, *args])

    return replace


def _range_search(name: str) -> Any:
    """range.count/index: O(1) for an int, a comparison with every item for anything else."""
    method = getattr(range, name)

    def search(self: range, *args: Any, **kwargs: Any) -> Any:
        if len(args) == 1 and not kwargs and type(args[0]) not in (int, bool):
            from .machine import range_length

            charge(range_length(self))
        return call_descriptor(method, [self, *args], kwargs)

    return search


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
    for name in ("count", "index"):
        override(range, name, _range_search(name))
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
