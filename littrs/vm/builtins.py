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
import types
from itertools import islice
from operator import indexOf, length_hint
from typing import Any

from ..model.descriptors import ClassMethod, Property, StaticMethod
from ..model.protocols import build_class
from . import attributes, containers
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
from .context import charge, check_size, current
from .frames import RESUME_NEXT
from .objects import (
    BUILTIN_ITERATORS,
    FRAME_ITERATORS,
    BoundBuiltin,
    Builtin,
    BuiltinIterator,
    CallableIterator,
    CallRequest,
    EnumerateIterator,
    FilterIterator,
    Function,
    MapIterator,
    Module,
    NeedCall,
    RefusesCalls,
    ResumeRequest,
    ZipIterator,
    shown_type,
)
from .operations import (
    LAZY_ITERATORS,
    big_int_cost,
    check_divide,
    check_growth,
    check_nesting,
    check_render,
    drain,
    host_iterable,
    power,
)
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
        or isinstance(value, (type, RefusesCalls))
    )


# Host iterators that wrap other iterators: a chain of them (map over map over ...)
# would recurse in C with no depth check, so wrapping one goes through the prelude,
# whose generators nest as VM frames (bounded by the recursion limit).
_WRAPPERS = (*FRAME_ITERATORS, map, filter, zip, enumerate)


def _paid(iterable: Any) -> bool:
    """Pay for host iteration over ``iterable``; False if its length is unknown.

    An iterator of unknown length (``map``, ``filter``, an endless one) must be
    consumed by prelude code instead, which pays element by element.
    """
    if type(type(iterable)) is not type:
        return False  # a sandbox object: its __iter__ and __next__ are sandbox code
    size = length_hint(iterable, -1)
    if size < 0:
        return type(iterable) not in LAZY_ITERATORS  # not iterable at all: the host says so
    charge(size)
    return True


def _runs_frames(value: Any) -> bool:
    """Whether iterating ``value`` runs sandbox code, so the prelude must do it (with
    frames that may pause): a generator, a builtin iterator over one, a sandbox object."""
    return type(value) in _WRAPPERS or type(type(value)) is not type


def _has_generator(values: Any) -> bool:
    return any(map(_runs_frames, values))


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
        if len(args) == 1 and (type(args[0]) in FRAME_ITERATORS or not _paid(args[0])):
            return CallRequest(prelude_function(prelude_name), [args[0]])
        if args and (cls is set or cls is frozenset):
            args = [host_iterable(args[0], hashed=True)]
        if args and (cls is tuple or cls is frozenset) and type(args[0]) in _NESTABLE:
            check_nesting(args[0])
        return cls(*args)

    return build


_NESTABLE = (list, tuple, set, frozenset, dict)


def _dict(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1:
        pairs, ready = _pairs(args[0])
        if not ready:
            return CallRequest(prelude_function("__dict"), [pairs, kwargs])
        args = [pairs]
    return dict(*args, **kwargs)


def _pairs(source: Any) -> tuple[Any, bool]:
    """What ``dict(source)`` or ``d.update(source)`` adds, and whether the host may add
    it: a dict as it is, or pairs whose keys are paid for; otherwise (a generator,
    pairs that are not tuples or lists) the prelude adds them one by one."""
    from .machine import _is_iterable

    if type(source) in FRAME_ITERATORS:
        return source, False
    if type(source) is dict or not _is_iterable(source):
        return source, True  # a mapping, or the host's TypeError
    if type(source) is zip and _zip_of_plain_keys(source):
        return source, True
    check_growth(source)
    if type(source) not in (list, tuple):
        source = drain(iter(source))
    if not containers.pairs_inspectable(source):
        return source, False
    containers.check_keys(source, pairs=True)
    return source, True


def _zip_of_plain_keys(pairs: zip) -> bool:
    """``dict(zip(keys, values))``, the usual way: if ``keys`` is a list, tuple, range or
    str holding no tuples, the host may build the dict from the zip itself (paid)."""
    reduced = pairs.__reduce__()
    iterators = reduced[1]
    if len(iterators) != 2 or len(reduced) > 2:
        return False  # not two iterables, or strict=True (its error comes mid-way)
    source = iterators[0].__reduce__()
    if source[0] is not iter or len(source) != 3 or type(source[1][0]) not in (
        list, tuple, range, str,
    ):
        return False
    keys, start = source[1][0], source[2]
    count = min(length_hint(iterators[0]), length_hint(iterators[1], 0))
    if type(keys) in (list, tuple) and not containers.HASHED_INSIDE.isdisjoint(
        map(type, islice(keys, start, None))
    ):
        return False
    check_size(count * 100)  # a dict entry, and a pair the zip makes on the way
    charge(count)
    return True


def _dict_update(vm: Any, target: dict, *args: Any, **kwargs: Any) -> Any:
    if len(args) > 1:
        raise TypeError(f"update expected at most 1 argument, got {len(args)}")
    if args:
        pairs, ready = _pairs(args[0])
        if not ready:
            return CallRequest(prelude_function("__dict_update"), [target, pairs, kwargs])
        args = (pairs,)
    target.update(*args, **kwargs)
    return None


def _bytes_like(cls: type) -> Any:
    def build(vm: Any, args: list, kwargs: dict) -> Any:
        if args and type(args[0]) is int and not isinstance(args[0], bool):
            check_size(args[0])
        if args and type(args[0]) is not int and hasattr(type(args[0]), "__next__"):
            args = [host_iterable(args[0])] + args[1:]
        _check_encoding(args, kwargs, "codecs.encode()", (str,), "source")
        return cls(*args, **kwargs)

    return build


def _type(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1:
        if kwargs:
            raise TypeError("type() takes no keyword arguments")
        return shown_type(args[0])
    if len(args) != 3:
        raise TypeError("type() takes 1 or 3 arguments")
    from ..model.protocols import type_new

    return type_new(vm, type, *args, kwargs)


def _super(vm: Any, *args: Any, **kwargs: Any) -> Any:
    """``super()``, with no arguments: the class and first argument of the calling method."""
    from ..model.protocols import Super, make_super

    if kwargs:
        raise TypeError("super() takes no keyword arguments")
    if len(args) > 2:
        raise TypeError(f"super() expected at most 2 arguments, got {len(args)}")
    if len(args) == 1:
        if not isinstance(args[0], type):
            raise TypeError(f"super() argument 1 must be a type, not {type(args[0]).__name__}")
        return Super(args[0], None, None)
    if len(args) == 2:
        return make_super(*args)
    frame = vm.frame
    code = frame.code
    if code.argcount == 0:
        raise RuntimeError("super(): no arguments")
    first = frame.fast[0]
    if first is UNBOUND:
        for slot, index in code.cell_args:
            if slot == 0:
                first = frame.cells[index].contents
    if first is UNBOUND:
        raise RuntimeError("super(): arg[0] deleted")
    if "__class__" not in code.freevars:
        raise RuntimeError("super(): __class__ cell not found")
    cell = frame.cells[len(code.cellvars) + code.freevars.index("__class__")]
    cls = cell.contents
    if cls is UNBOUND:
        raise RuntimeError("super(): empty __class__ cell")
    if not isinstance(cls, type):
        raise RuntimeError(f"super(): __class__ is not a type ({type(cls).__name__})")
    return make_super(cls, first)


def _vars(vm: Any, *args: Any, **kwargs: Any) -> Any:
    """``vars(obj)``: its ``__dict__``."""
    if kwargs:
        raise TypeError("vars() takes no keyword arguments")
    if len(args) > 1:
        raise TypeError(f"vars expected at most 1 argument, got {len(args)}")
    if not args:  # locals(): the module's globals, a class body's namespace, a function's
        frame = vm.frame
        if frame.locals is not None:
            return frame.locals
        if frame.code.kind == "module":
            return frame.globals
        names = frame.code.varnames + frame.code.cellvars + frame.code.freevars
        values = frame.fast + [cell.contents for cell in frame.cells or ()]
        return {name: value for name, value in zip(names, values)
                if value is not UNBOUND and not name.startswith(".")}
    try:
        return vm.call(Builtin("getattr", attributes.load_attr), [args[0], "__dict__"])
    except AttributeError:
        raise TypeError("vars() argument must have __dict__ attribute") from None


def _property(vm: Any, args: list, kwargs: dict) -> Any:
    from ..model.descriptors import Property

    if len(args) > 4:
        raise TypeError(f"property() takes at most 4 arguments ({len(args)} given)")
    names = ("fget", "fset", "fdel", "doc")
    for key in kwargs:
        if key not in names:
            raise TypeError(f"'{key}' is an invalid keyword argument for property()")
    values = dict(zip(names, args))
    for key, value in kwargs.items():
        if key in values:
            raise TypeError(f"argument for property() given by name ('{key}') and position "
                            f"({names.index(key) + 1})")
        values[key] = value
    fields = [None if values.get(key) is None else values[key] for key in names]
    return Property(*fields)


def _wrapping(cls: type, name: str) -> Any:
    def build(vm: Any, args: list, kwargs: dict) -> Any:
        if kwargs:
            raise TypeError(f"{name}() takes no keyword arguments")
        if len(args) != 1:
            raise TypeError(f"{name} expected 1 argument, got {len(args)}")
        return cls(args[0])

    return build


def _enumerate(vm: Any, args: list, kwargs: dict) -> Any:
    iterable = args[0] if args else kwargs.get("iterable", MISSING)
    if _runs_frames(iterable):
        start = args[1] if len(args) > 1 else kwargs.get("start", 0)
        if not isinstance(start, int):
            raise TypeError(f"'{type(start).__name__}' object cannot be interpreted as an integer")
        return _builtin_iterator(vm, EnumerateIterator, "__enumerate", [iterable, [start]])
    return enumerate(*args, **kwargs)


def _zip(vm: Any, args: list, kwargs: dict) -> Any:
    (strict,) = unpack_keywords("zip", (), kwargs, ("strict",), maxpos=0)
    strict = strict is not MISSING and bool(strict)
    if _has_generator(args) or strict:
        iterators = [_iterate(vm, value, f"zip argument #{i + 1}") for i, value in enumerate(args)]
        return _builtin_iterator(vm, ZipIterator, "__zip", [iterators, bool(strict)])
    return zip(*args)


def _builtin_iterator(vm: Any, kind: type[BuiltinIterator], function: str, args: list) -> Any:
    """A builtin iterator run by the prelude generator ``function`` (see BuiltinIterator)."""
    iterator = vm.frame_for(prelude_function(function), args, None)
    iterator.__class__ = kind  # the same slots: only what the sandbox sees differs
    return iterator


def _iterate(vm: Any, value: Any, context: str = "") -> Any:
    if type(value) in FRAME_ITERATORS:
        return value
    if type(type(value)) is not type:
        return vm.loop_iterator(value)
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
    return _builtin_iterator(vm, MapIterator, "__map", [function, iterators])


def _filter(vm: Any, args: list, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError("filter() takes no keyword arguments")
    if len(args) != 2:
        raise TypeError(f"filter expected 2 arguments, got {len(args)}")
    function, iterable = args
    if (
        (function is None or host_callable(function))
        and not _runs_frames(iterable)
        and length_hint(iterable, 0) <= _FILTER_RUN
    ):
        return filter(function, iterable)
    return _builtin_iterator(vm, FilterIterator, "__filter", [function, _iterate(vm, iterable)])


# A host filter skips rejected items inside one next() call: over a long range that is
# a long loop in one instruction, so a long filter runs in the prelude, paid per item.
_FILTER_RUN = 4096


def _reversed(vm: Any, args: list, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError("reversed() takes no keyword arguments")
    if len(args) == 1 and type(args[0]) in FRAME_ITERATORS:
        raise TypeError(f"'{type(args[0]).__name__}' object is not reversible")
    return reversed(*args)


def _str(vm: Any, args: list, kwargs: dict) -> Any:
    if len(args) == 1 and not kwargs:
        check_render(args[0])
        return str(args[0])
    _check_encoding(args, kwargs, "codecs.decode()", (bytes, bytearray, memoryview), "object")
    return str(*args, **kwargs)


def _check_encoding(args: list, kwargs: dict, use: str, source: tuple[type, ...],
                    first: str) -> None:
    """``str(b, encoding)``/``bytes(s, encoding)`` name a codec too: only the C ones.

    Only a ``source`` the host would encode or decode, in a call whose arguments
    bind, is checked, so that a call the host refuses anyway keeps the host's error
    (``encoding without a string argument``, ``'x' is an invalid keyword argument``)."""
    named = (first, "encoding", "errors")[len(args):]
    if len(args) > 3 or any(key not in named for key in kwargs):
        return
    value = args[0] if args else kwargs.get(first)
    encoding = args[1] if len(args) > 1 else kwargs.get("encoding")
    errors = args[2] if len(args) > 2 else kwargs.get("errors", "")
    if encoding is not None and isinstance(value, source) and isinstance(errors, str) and not (
        use == "codecs.decode()" and len(value) == 0  # CPython: '' at once, no codec looked up
    ):
        check_codec(encoding, use)  # (a non-str errors: the host's TypeError comes first)


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


_CONSTRUCTORS[Property] = _property
_CONSTRUCTORS[ClassMethod] = _wrapping(ClassMethod, "classmethod")
_CONSTRUCTORS[StaticMethod] = _wrapping(StaticMethod, "staticmethod")


def register_constructor(cls: type, build: Any = None) -> None:
    """Let sandbox code call ``cls``, a VM type whose constructor runs no sandbox code:
    ``cls(*args, **kwargs)``, or ``build(vm, args, kwargs)``."""
    _CONSTRUCTORS[cls] = build or (lambda vm, args, kwargs: cls(*args, **kwargs))


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
    separator = " " if sep is None else sep
    pieces: list[str] = []
    try:
        for arg in args:
            check_render(arg)
            pieces.append(str(arg))
    except Exception:
        if pieces:  # CPython writes argument by argument: what came before is printed
            _print_text(vm, file, separator.join(pieces) + separator)
        raise
    _print_text(vm, file, separator.join(pieces) + ("\n" if end is None else end))


def _print_text(vm: Any, file: Any, text: str) -> None:
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
    if type(iterator) in FRAME_ITERATORS:
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
        return _builtin_iterator(vm, CallableIterator, "__call_iter", [[value, sentinel]])
    if type(value) in FRAME_ITERATORS:
        return value
    from .machine import _get_iter

    return _get_iter(value)


def _sorted(vm: Any, *args: Any, **kwargs: Any) -> Any:
    check_positional("sorted", args, 1, 1)
    iterable = args[0]
    if type(iterable) not in FRAME_ITERATORS:
        check_growth(iterable)
    if kwargs:  # sorted copies the iterable to a list, then parses list.sort's keywords
        _iterate(vm, iterable)
    key, reverse = _sort_keywords(kwargs)
    if (
        type(iterable) in FRAME_ITERATORS
        or not (key is None or host_callable(key))
        or not _paid(iterable)
        or _holds_sandbox_objects(iterable)
    ):
        return CallRequest(prelude_function("__sorted"), [iterable, key, reverse])
    items = list(iterable)
    keys = items if key is None else list(map(key, items))
    if not containers.check_order(keys, containers.sort_comparisons(len(keys))):
        containers.sort_paid(items, None if key is None else keys, reverse)
        return items
    if key is None:
        items.sort(reverse=reverse)
        return items
    order = sorted(range(len(items)), key=keys.__getitem__, reverse=reverse)
    return [items[index] for index in order]


def _holds_sandbox_objects(values: Any) -> bool:
    """Whether the list or tuple ``values`` holds sandbox objects, whose special methods
    the prelude or direct mode must call (so that a tool called there pauses).

    The first item decides: a list of instances is one of instances, and scanning every
    list that is sorted or summed would cost as much as the sort. In a mixed list whose
    first item is a plain value, an instance's methods run nested, where a tool call is
    refused with a RuntimeError.
    """
    return type(values) in _SEQUENCES and bool(values) and type(type(values[0])) is not type


_SEQUENCES = (list, tuple)


class _Keyed:
    """A key and its item, sorted by the key (the host's decorated sort, key by key)."""

    __slots__ = ("key", "item")

    def __init__(self, key: Any, item: Any) -> None:
        self.key = key
        self.item = item

    def __lt__(self, other: _Keyed) -> Any:
        return self.key < other.key


def _take_items(items: list) -> list:
    """The items of a list about to be sorted; the list stays empty while it is sorted,
    as CPython's does (logged: a run again of the sort takes them from the log)."""
    taken = items[:]
    items.clear()
    return taken


_TAKE_ITEMS = Builtin("sort", _take_items)


def sort_by_keys(vm: Any, items: list, keys: list | None, reverse: Any) -> None:
    """Sort ``items`` in place by precomputed ``keys`` (or by themselves).

    Plain values: a host sort, no callbacks. Instances of sandbox classes: the host's
    sort still (its comparisons and what an error leaves are CPython's), run in direct
    mode on a copy of the items, so that a tool called by a ``__lt__`` pauses the run
    and the sort runs again when it goes on, its comparisons answered from the log.
    """
    taken = vm.call(_TAKE_ITEMS, [items])  # on a run again: the items from the log
    if not _holds_sandbox_objects(taken if keys is None else keys):
        items[:] = taken
        _sort_plain(items, keys, reverse)
        return
    if keys is None:
        work = list(taken)
    else:
        work = [_Keyed(key, item) for key, item in zip(keys, taken)]
    try:
        work.sort(reverse=bool(reverse))
    except NeedCall:
        raise
    except BaseException:
        items[:] = work if keys is None else [keyed.item for keyed in work]
        raise
    modified = bool(items)
    items[:] = work if keys is None else [keyed.item for keyed in work]
    if modified:
        raise ValueError("list modified during sort")


def _sort_plain(items: list, keys: list | None, reverse: Any) -> None:
    if not containers.check_order(
        items if keys is None else keys, containers.sort_comparisons(len(items))
    ):
        containers.sort_paid(items, keys, reverse)
        return
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
    if (key is None or host_callable(key)) and not _holds_sandbox_objects(items):
        keys = items if key is None else list(map(key, items))
        if containers.check_order(keys, containers.sort_comparisons(len(keys))):
            items.sort(key=key, reverse=reverse)
        else:
            containers.sort_paid(items, None if key is None else keys, reverse)
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
            type(iterable) not in FRAME_ITERATORS
            and (key is None or host_callable(key))
            and _paid(iterable)
            and not _holds_sandbox_objects(iterable)
        ):
            items = iterable if type(iterable) in _SCANNABLE else list(iterable)
            keys = items if key is None else list(map(key, items))
            if containers.check_order(keys, len(keys)):
                if default is MISSING:
                    return host(items, key=key)
                return host(items, key=key, default=default)
            iterable = items
        return CallRequest(
            prelude_function("__minmax"), [_iterate(vm, iterable), key, default, is_max, name]
        )

    return choose


_ITEMS_VIEW = type({}.items())

# Containers min and max may look through twice (once to price the comparisons).
_SCANNABLE = frozenset({list, tuple, set, frozenset, dict, str, bytes, bytearray, range,
                        type({}.keys()), type({}.values()), type({}.items())})


def _sum(vm: Any, *args: Any, **kwargs: Any) -> Any:
    iterable, start = unpack_keywords("sum", args, kwargs, ("start",), posonly=1, minpos=1)
    if start is MISSING:
        start = 0
    if type(iterable) not in FRAME_ITERATORS:
        from .machine import _get_iter

        _get_iter(iterable)  # CPython complains about the iterable before the start
    if isinstance(start, str):
        raise TypeError("sum() can't sum strings [use ''.join(seq) instead]")
    if isinstance(start, bytes):
        raise TypeError("sum() can't sum bytes [use b''.join(seq) instead]")
    if isinstance(start, bytearray):
        raise TypeError("sum() can't sum bytearray [use b''.join(seq) instead]")
    if type(start) not in _NUMBERS:
        # Lists or tuples: each step copies the total so far, quadratic in one call;
        # the prelude adds them one instruction (and one size check) at a time.
        return CallRequest(prelude_function("__sum"), [iterable, start])
    if (
        type(iterable) in FRAME_ITERATORS
        or not _paid(iterable)
        or _holds_sandbox_objects(iterable)
    ):
        return CallRequest(prelude_function("__sum"), [iterable, start])
    if type(iterable) in (list, tuple) and len(iterable) > 1024:
        # each step makes a new total, as big as the biggest int so far
        try:
            bits = max(map(int.bit_length, iterable))
        except TypeError:  # not only ints
            bits = max(map(int.bit_length, filter(int.__instancecheck__, iterable)), default=0)
        charge(len(iterable) * (bits >> 9))
    return sum(iterable, start)


_NUMBERS = frozenset({int, float, complex, bool})


def _any_all(name: str) -> Any:
    host = any if name == "any" else all

    def test(vm: Any, *args: Any, **kwargs: Any) -> Any:
        if len(args) != 1 or kwargs:
            return host(*args, **kwargs)  # the host's own argument error
        iterable = args[0]
        if (
            type(iterable) in FRAME_ITERATORS
            or not _paid(iterable)
            or _holds_sandbox_objects(iterable)
        ):
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


def _ascii(*args: Any, **kwargs: Any) -> str:
    if len(args) == 1:
        check_render(args[0])
    return ascii(*args, **kwargs)


def _hash(*args: Any, **kwargs: Any) -> int:
    if len(args) == 1 and type(args[0]) in containers.HASHED_INSIDE:
        containers.check_key(args[0])
    return hash(*args, **kwargs)


def _class_check(host: Any, hook: str) -> Any:
    """``isinstance``/``issubclass``: a tuple of classes may nest tuples, shared along
    many paths; each is looked through once (a second visit answers False again)."""

    def check(*args: Any, **kwargs: Any) -> bool:
        if kwargs or len(args) != 2 or type(args[1]) is not tuple or tuple not in map(type, args[1]):
            return host(*args, **kwargs)
        value, classes = args
        seen: set[int] = set()

        def visit(options: tuple) -> bool:
            check_charge(len(options))
            for option in options:
                if type(option) is tuple:
                    if id(option) in seen:
                        continue
                    seen.add(id(option))
                    if visit(option):
                        return True
                elif host(value, option):
                    return True
            return False

        try:
            return visit(classes)
        except RecursionError:
            pass
        raise RecursionError(f"maximum recursion depth exceeded in {hook}")

    return check


def _isinstance(*args: Any, **kwargs: Any) -> bool:
    """``isinstance`` as the sandbox sees types: ``isinstance(map(f, x), map)``."""
    kind = type(args[0]) if args else None
    if kind in BUILTIN_ITERATORS and len(args) == 2 and not kwargs:
        classes = args[1]
        if type(classes) is type:
            return issubclass(kind.shown_as, classes)
        if type(classes) is tuple or type(classes) is types.UnionType:
            options = classes if type(classes) is tuple else classes.__args__
            if all(type(option) is type for option in options):
                return any(issubclass(kind.shown_as, option) for option in options)
    return isinstance(*args, **kwargs)


def _divmod(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 2:
        check_divide(*args)
    return divmod(*args, **kwargs)


def _round(*args: Any, **kwargs: Any) -> Any:
    number = args[0] if args else kwargs.get("number")
    digits = args[1] if len(args) > 1 else kwargs.get("ndigits")
    if type(number) is int and type(digits) is int and digits < 0:
        # CPython makes 10 ** -digits, then divides by it (quadratic in the sizes)
        power_bits = -digits * 10 // 3 + 1
        check_size(power_bits // 8)
        charge(2 * big_int_cost(power_bits // 30))
        words = max(number.bit_length(), power_bits) // 30
        if words > 2000:
            charge(words * words // 8)
    return round(*args, **kwargs)


def _digits(host: Any, bits: int) -> Any:
    """``bin``/``oct``/``hex``: a digit every ``bits`` bits of the int."""

    def text(*args: Any, **kwargs: Any) -> str:
        if len(args) == 1 and isinstance(args[0], int):
            check_size(args[0].bit_length() // bits)
        return host(*args, **kwargs)

    return text


def _str_join(vm: Any, separator: Any, *args: Any, **kwargs: Any) -> Any:
    if len(args) != 1 or kwargs:
        return call_descriptor(type(separator).join, [separator, *args], kwargs)  # host's error
    iterable = args[0]
    if type(iterable) in FRAME_ITERATORS:
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
    if type(iterable) in FRAME_ITERATORS:
        return CallRequest(prelude_function("__extend"), [target, iterable])
    target.extend(host_iterable(iterable))
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
    value = args[1] if len(args) == 2 else None
    return cls.fromkeys(host_iterable(args[0], hashed=True), value)


def _keyed(t: type, name: str) -> Any:
    """A method that hashes its first argument (``d.get(key)``, ``s.add(item)``)."""
    method = getattr(t, name)

    def keyed(self: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        if args and type(args[0]) in containers.HASHED_INSIDE:
            containers.check_key(args[0])
        return method(self, *args)

    return keyed


def _hashing(t: type, name: str) -> Any:
    """A set method that hashes (or compares) the items of its arguments."""
    method = getattr(t, name)

    def hashing(self: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        args = tuple(host_iterable(arg, hashed=True) for arg in args)
        containers.check_keys(self, stored=False)
        for arg in args:
            containers.check_keys(arg, stored=False)
        if name == "copy":
            check_growth(self)
        return method(self, *args)

    return hashing


def _looking_up(t: type, name: str) -> Any:
    """``isdisjoint``/``issuperset``: stop at the first item that decides, as the host
    does; an iterator is gone through here, each item paid for before it is looked up."""
    method = getattr(t, name)
    superset = name == "issuperset"

    def look(self: Any, *args: Any, **kwargs: Any) -> Any:
        if len(args) != 1 or kwargs:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        other = args[0]
        containers.check_keys(self, stored=False)
        if not hasattr(type(other), "__next__"):
            containers.check_keys(other, stored=False)
            if t is _ITEMS_VIEW:
                containers.check_items_view(self, other)
            return method(self, other)
        for item in other:
            check_charge(1)
            if type(item) in containers.HASHED_INSIDE:
                containers.check_key(item)
            if containers.contains(self, item) is not superset:
                return False
        return True

    return look


def check_charge(units: int) -> None:
    """Pay for ``units`` element operations done here, however few (see Machine.charge)."""
    machine = current.get(None)
    if machine is not None:
        machine.charge(units)


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


def _bound(value: Any, length: int, default: int) -> int:
    """A start or stop argument of ``index``, clipped as CPython clips it."""
    if value is MISSING:
        return default
    if value < 0:
        value = max(value + length, 0)
    return min(value, length)


def _index(t: type) -> Any:
    method = t.index

    def index(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not args or len(args) > 3 or kwargs:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        try:
            method(t(), 0, *args[1:])  # the host's errors for the bounds, on an empty sequence
        except ValueError:
            pass
        item = args[0]
        length = len(self)
        start = _bound(args[1] if len(args) > 1 else MISSING, length, 0)
        stop = _bound(args[2] if len(args) > 2 else MISSING, length, length)

        def host() -> int:
            try:  # indexOf: the host's loop, without the message showing the item
                return start + indexOf(islice(self, start, stop), item)
            except ValueError:
                return -1

        found = containers.search(self, item, start, stop, False, host)
        if found < 0:
            if t is list:
                check_render(item)  # the message shows it
            method(t(), item)  # the host's ValueError
        return found

    return index


def _count(t: type) -> Any:
    method = t.count

    def count(self: Any, *args: Any, **kwargs: Any) -> Any:
        if len(args) != 1 or kwargs:
            return call_descriptor(method, [self, *args], kwargs)  # the host's own error
        return containers.search(self, args[0], 0, len(self), True, lambda: method(self, args[0]))

    return count


def _remove(self: list, *args: Any, **kwargs: Any) -> None:
    if len(args) != 1 or kwargs:
        return call_descriptor(list.remove, [self, *args], kwargs)  # the host's own error

    def host() -> int:
        try:
            return indexOf(self, args[0])
        except ValueError:
            return -1

    found = containers.search(self, args[0], 0, len(self), False, host)
    if found < 0:
        raise ValueError("list.remove(x): x not in list")
    del self[found]
    return None


def _range_search(counting: bool) -> Any:
    method = range.count if counting else range.index

    def search(self: range, *args: Any, **kwargs: Any) -> Any:
        if len(args) != 1 or kwargs or type(args[0]) in (int, bool):
            return call_descriptor(method, [self, *args], kwargs)  # no loop: the host's answer
        item = args[0]
        found = containers.search(self, item, 0, containers.range_length(self), counting,
                                  lambda: method(self, item))
        if not counting and found < 0:
            raise ValueError("sequence.index(x): x not in sequence")
        return found

    return search


def _translate(self: str, *args: Any, **kwargs: Any) -> str:
    if kwargs:
        return call_descriptor(str.translate, [self, *args], kwargs)  # the host's own error
    if len(args) == 1:
        table = args[0]
        entries = table.items() if type(table) is dict else (
            enumerate(table) if type(table) in (list, tuple) else ()
        )
        extra = 0
        for code, value in entries:
            if type(value) is str and len(value) > 1 and type(code) is int and 0 <= code < 0x110000:
                extra += self.count(chr(code)) * (len(value) - 1)
        if extra:
            check_size(len(self) + extra)  # a character may become a long string
    return str.translate(self, *args)


def _install_overrides() -> None:
    override(str, "translate", _translate)
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
        (dict, ("copy",)),
        (bytearray, ("copy", "extend")),
    ):
        for name in names:
            override(t, name, _growing(t, name))
    for t, names in (
        (set, ("copy", "update", "union", "symmetric_difference", "difference", "intersection",
               "symmetric_difference_update", "difference_update", "intersection_update",
               "issubset")),
        (frozenset, ("copy", "union", "symmetric_difference", "difference", "intersection",
                     "issubset")),
    ):
        for name in names:
            override(t, name, _hashing(t, name))
    for t in (set, frozenset, type({}.keys()), type({}.items())):
        override(t, "isdisjoint", _looking_up(t, "isdisjoint"))
    for t in (set, frozenset):
        override(t, "issuperset", _looking_up(t, "issuperset"))
    for name in ("get", "pop", "setdefault"):
        override(dict, name, _keyed(dict, name))
    for name in ("add", "remove", "discard"):
        override(set, name, _keyed(set, name))
    override(dict, "update", _dict_update, needs_vm=True)
    override(dict, "fromkeys", _fromkeys)
    for t in (list, tuple):
        override(t, "index", _index(t))
        override(t, "count", _count(t))
    override(list, "remove", _remove)
    override(range, "index", _range_search(counting=False))
    override(range, "count", _range_search(counting=True))
    override(list, "sort", _list_sort, needs_vm=True)
    override(list, "extend", _list_extend, needs_vm=True)


_install_overrides()


# Host functions and types that call an argument's special methods and change nothing
# before their last call (so they may run again, answered): called with a sandbox
# object, they run in the machine's direct mode, where a tool called there pauses.
OBJECT_CALLS = frozenset({abs, len, bool, int, float, complex, str, list, tuple, set,
                          frozenset, dict, reversed})


def _wrap(name: str, fn: Any, needs_vm: bool = False, calls_objects: bool = True) -> Builtin:
    fn.__name__ = fn.__qualname__ = name  # argument errors name the builtin, not a helper
    return Builtin(name, fn, needs_vm, calls_objects=calls_objects)


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
    for name in ("abs", "chr", "id", "len", "ord"):
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
        ascii=_wrap("ascii", _ascii),
        hash=_wrap("hash", _hash),
        isinstance=_wrap("isinstance", _class_check(_isinstance, "__instancecheck__")),
        issubclass=_wrap("issubclass", _class_check(issubclass, "__subclasscheck__")),
        divmod=_wrap("divmod", _divmod),
        round=_wrap("round", _round),
        bin=_wrap("bin", _digits(bin, 1)),
        oct=_wrap("oct", _digits(oct, 3)),
        hex=_wrap("hex", _digits(hex, 4)),
        super=Builtin("super", _super, direct=True),
        vars=Builtin("vars", _vars, direct=True),
        __build_class__=Builtin("__build_class__", build_class, direct=True),
        property=Property,
        classmethod=ClassMethod,
        staticmethod=StaticMethod,
    )
    return namespace
