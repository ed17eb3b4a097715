"""The sandbox's ``typing`` module: inert stand-ins for the usual names.

Model-written code imports typing to annotate (``def f(x: List[int]) -> Optional[str]``,
``rows: Dict[str, Any] = {}``) and sometimes uses the forms at run time:
subscribes them, prints them, compares them, ``cast``s, ``isinstance(x, List)``.
The host's typing objects cannot be handed to the sandbox (they carry
methods, modules and frames: DESIGN invariant 1), so each form here is a small
immutable record of a name and arguments. ``repr``, equality, ``|``,
subscription with CPython's arity errors, TypeVar substitution,
``get_origin``/``get_args`` and ``isinstance`` behave as in CPython 3.11; the
forms do nothing else (no classes, no ``get_type_hints``). They define no
``__call__`` or ``__getattr__`` and their ``__iter__`` only raises: the VM
reaches them through subscription (``__getitem__``), operators and the host's
``isinstance``, all plain host code that never runs sandbox code.
"""

from __future__ import annotations

import collections.abc as abc
import operator
import types
from collections.abc import Callable
from typing import Any

from ..vm.attributes import immutable_type, load_attr
from ..vm.containers import check_key, compare, hash_value
from ..vm.machine import VM_OBJECT_TYPES
from ..vm.objects import (
    FRAME_ITERATORS,
    NO_ATTRIBUTE,
    BoundBuiltin,
    Builtin,
    Function,
    Generator,
    Module,
    OwnAttributes,
    RefusesCalls,
)
from ..vm.operations import check_render

_NoneType = type(None)


class TypingForm(OwnAttributes):
    """An inert typing object: a name and arguments, compared and hashed by value."""

    __slots__ = ("name", "args")

    def __init__(self, name: str, args: tuple = ()) -> None:
        self.name = name
        self.args = args

    def _key(self) -> Any:
        return (type(self), self.name, self.args)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TypingForm):
            return NotImplemented
        return compare(operator.eq, self._key(), other._key())  # arguments may be any values

    def __hash__(self) -> int:
        key = self._key()
        check_key(key)
        return hash(key)

    def __repr__(self) -> str:
        return f"typing.{self.name}"

    def __or__(self, other: Any) -> Any:
        return UNION[self, other]

    def __ror__(self, other: Any) -> Any:
        return UNION[other, self]

    # CPython's ``_NotIterable``: an ``__iter__`` that refuses, so ``[*form]`` shows this
    # message. A form whose CPython type has no ``__iter__`` at all sets it to None: then
    # the machine says "Value after * must be an iterable".
    def __iter__(self) -> Any:
        raise TypeError(f"'{type(self).__name__}' object is not iterable")

    def __contains__(self, item: Any) -> bool:
        raise TypeError(f"argument of type '{type(self).__name__}' is not iterable")

    def __instancecheck__(self, obj: Any) -> bool:
        raise TypeError(f"{self!r} cannot be used with isinstance()")

    def __subclasscheck__(self, cls: Any) -> bool:
        raise TypeError(f"{self!r} cannot be used with issubclass()")

    def origin(self) -> Any:
        """What ``get_origin`` answers."""
        return None

    def attributes(self) -> dict[str, Any]:
        """What CPython's form answers for the names the sandbox reads (``T.__name__``,
        ``List[int].__args__``); private and method names are left out."""
        return {}

    def sandbox_attribute(self, name: str) -> Any:
        return self.attributes().get(name, NO_ATTRIBUTE)

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        """Where CPython's form would change (its objects keep a ``__dict__``), the sandbox
        refuses: typing's objects are shared. Where it fails, its error."""
        if not deleting or name in self.deletable():
            return _shared(name, deleting)
        return super().refuse_change(name, deleting)

    def deletable(self) -> frozenset:
        """The names CPython's object holds itself, which ``del`` would remove."""
        return frozenset(self.attributes())

    def recipe(self) -> tuple[str, tuple]:
        """How :func:`rebuild` makes this form again (for snapshots): plain data only."""
        return ("form", (self.name,))


def _shared(name: str, deleting: bool) -> AttributeError:
    verb = "delete" if deleting else "set"
    return AttributeError(f"cannot {verb} '{name}' of a typing object: they are shared in "
                          "the sandbox")


def _slotted(form: Any, name: str, slots: frozenset, deleting: bool) -> Exception:
    """CPython's error for changing a form with ``__slots__``: only those can change."""
    if name in slots:
        return _shared(name, deleting)
    return _not_changeable(form, name)


def _not_changeable(form: Any, name: str) -> AttributeError:
    """A slotted or C object's error: its class's ``__doc__`` is read-only, no other name is."""
    kind = type(form).__name__
    if name == "__doc__":
        return AttributeError(f"'{kind}' object attribute '__doc__' is read-only")
    return AttributeError(f"'{kind}' object has no attribute '{name}'")


def _named(name: Any, module: str = "typing") -> dict[str, Any]:
    return {"__name__": name, "__qualname__": name, "__module__": module}


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


class _AliasAttributes:
    """CPython's ``_BaseGenericAlias.__getattr__``: a name that is no dunder is read from
    the origin (``List.real`` asks ``list``); a dunder it lacks is ``AttributeError(name)``."""

    __slots__ = ()

    def sandbox_attribute(self, name: str) -> Any:
        value = self.attributes().get(name, NO_ATTRIBUTE)  # type: ignore[attr-defined]
        if value is NO_ATTRIBUTE and not _is_dunder(name):
            return _origin_attribute(self.relayed_to(), name)
        return value

    def relayed_to(self) -> Any:
        """The origin CPython's alias reads other names from."""
        raise NotImplementedError

    def missing_attribute(self, name: str) -> AttributeError:
        return AttributeError(name)

    def deletable(self) -> frozenset:
        return frozenset(self.attributes()) & _ALIAS_OWN  # type: ignore[attr-defined]

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        if deleting or _is_dunder(name):  # the alias's own __dict__
            return TypingForm.refuse_change(self, name, deleting)  # type: ignore[arg-type]
        origin = self.relayed_to()  # CPython's __setattr__ sets other names on the origin
        if isinstance(origin, TypingForm):
            return origin.refuse_change(name, deleting)
        if isinstance(origin, type) and origin.__module__ == "builtins":
            return immutable_type(origin, name)
        return _shared(name, deleting)  # a collections.abc class takes it


# What a CPython alias holds in its own __dict__ (the rest comes from __getattr__).
_ALIAS_OWN = frozenset({"__origin__", "__args__", "__parameters__"})


def _origin_attribute(origin: Any, name: str) -> Any:
    """``getattr(origin, name)`` for an alias: an ABC of ``collections.abc`` is no sandbox
    value, so only its missing names are answered (with CPython's words)."""
    if isinstance(origin, type) and origin.__module__ != "builtins":
        if hasattr(origin, name):
            raise AttributeError(f"'{name}' of {origin.__module__}.{origin.__qualname__} is "
                                 "not available in the sandbox")
        raise AttributeError(f"type object '{origin.__name__}' has no attribute '{name}'")
    return load_attr(origin, name)


# -- special forms: Any, Optional, Union, Literal, Final, ... ----------------------------


class _SpecialForm(TypingForm, RefusesCalls):
    """``typing.Optional``, ``typing.Union``, ``typing.Any`` and the other bare forms."""

    __slots__ = ()

    def __getitem__(self, parameters: Any) -> Any:
        name = self.name
        if name in _NOT_SUBSCRIPTABLE:
            raise TypeError(f"{self!r} is not subscriptable")
        if name == "Union":
            if parameters == ():
                raise TypeError("Cannot take a Union of no types.")
            if type(parameters) is not tuple:
                parameters = (parameters,)
            message = "Union[arg, ...]: each arg must be a type."
            return _union(tuple(_type_check(p, message) for p in parameters))
        if name == "Optional":
            arg = _type_check(parameters, f"{self!r} requires a single type.")
            return _union((arg, _NoneType))
        if name == "Literal":
            if type(parameters) is not tuple:
                parameters = (parameters,)
            return _literal(parameters)
        if name == "Concatenate":
            if parameters == ():
                raise TypeError("Cannot take a Concatenate of no types.")
            if type(parameters) is not tuple:
                parameters = (parameters,)
            if not (parameters[-1] is Ellipsis or isinstance(parameters[-1], _ParamSpec)):
                raise TypeError("The last parameter to Concatenate should be a "
                                "ParamSpec variable or ellipsis.")
            message = "Concatenate[arg, ...]: each arg must be a type."
            parameters = (*(_type_check(p, message) for p in parameters[:-1]), parameters[-1])
            return _ConcatenateGenericAlias(name, parameters, self)
        message = (f"{name} accepts only a single type." if name in ("Required", "NotRequired")
                   else f"{self!r} accepts only single type.")
        arg = _type_check(parameters, message)
        if name == "Unpack":
            return _UnpackGenericAlias(name, (arg,), self)
        return _GenericAlias(name, (arg,), self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"Cannot instantiate {self!r}")

    def origin(self) -> Any:
        return None

    def attributes(self) -> dict[str, Any]:
        return _named(self.name)

    def missing_attribute(self, name: str) -> AttributeError:
        return AttributeError(name)  # CPython's _SpecialForm.__getattr__: the bare name

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        return _slotted(self, name, _SPECIAL_FORM_SLOTS, deleting)


class _LiteralSpecialForm(_SpecialForm):
    """``typing.Literal``: a special form of its own class in CPython 3.11 (one without
    ``__slots__``)."""

    __slots__ = ()

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        return TypingForm.refuse_change(self, name, deleting)

    def deletable(self) -> frozenset:
        return frozenset({"__doc__"})


_SPECIAL_FORM_SLOTS = frozenset({"_name", "__doc__", "_getitem"})
_FORWARD_REF_SLOTS = frozenset({"__forward_arg__", "__forward_code__", "__forward_evaluated__",
                                "__forward_value__", "__forward_is_argument__",
                                "__forward_is_class__", "__forward_module__"})


_NOT_SUBSCRIPTABLE = frozenset(
    {"NoReturn", "Never", "Self", "LiteralString", "TypeAlias"}
)


# -- generic aliases: List, Dict, Iterable, ... ------------------------------------------


class _SpecialGenericAlias(_AliasAttributes, TypingForm, RefusesCalls):
    """A bare generic alias (``typing.List``): ``isinstance`` works, subscription makes one."""

    __slots__ = ("target", "arity")

    def __init__(self, name: str, target: Any, arity: int) -> None:
        super().__init__(name)
        self.target = target  # the host type or ABC it stands for
        self.arity = arity  # -1: any number (Tuple); -2: Callable's [args], result

    def __getitem__(self, parameters: Any) -> Any:
        if self.arity == 0:
            raise TypeError(f"{self!r} is not a generic class")
        if self.arity == -2:
            return _callable(self, parameters)
        if type(parameters) is not tuple:
            parameters = (parameters,)
        if self.arity == -1:  # Tuple
            if parameters == ():
                return _GenericAlias(self.name, (), self, empty_tuple=True)
            if len(parameters) == 2 and parameters[1] is Ellipsis:
                message = "Tuple[t, ...]: t must be a type."
                return _GenericAlias(self.name, (_type_check(parameters[0], message), ...), self)
            message = "Tuple[t0, t1, ...]: each t must be a type."
            return _GenericAlias(self.name, tuple(_type_check(p, message) for p in parameters),
                                 self)
        message = "Parameters to generic types must be types."
        args = tuple(_type_check(p, message) for p in parameters)
        _check_arity(self, len(args), self.arity)
        return _GenericAlias(self.name, args, self)

    def __instancecheck__(self, obj: Any) -> bool:
        return _is_instance(obj, self.target)

    def __subclasscheck__(self, cls: Any) -> bool:
        if not isinstance(cls, type):
            raise TypeError("issubclass() arg 1 must be a class")
        return issubclass(cls, self.target)

    def origin(self) -> Any:
        # A builtin type is a sandbox value; an ABC of collections.abc (or
        # collections.deque, re.Pattern, ...) is not: the bare alias stands in for it.
        return self.target if self.target.__module__ == "builtins" else FORMS[self.name]

    def attributes(self) -> dict[str, Any]:
        return {**_named(self.name), "__origin__": self.origin()}

    def deletable(self) -> frozenset:
        return frozenset({"__origin__", "__doc__"})

    def relayed_to(self) -> Any:
        return self.target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise _instantiation_error(self, args or kwargs)


class _CallableType(_SpecialGenericAlias):
    """``typing.Callable``: a bare alias of its own class in CPython."""

    __slots__ = ()


class _TupleType(_SpecialGenericAlias):
    """``typing.Tuple``: a bare alias of its own class in CPython."""

    __slots__ = ()


def _instantiation_error(alias: _SpecialGenericAlias, arguments: Any) -> TypeError:
    """Why calling a generic alias fails: a builtin's alias refuses (``use list()``), an
    ABC cannot be made. What CPython would make (a deque, a Counter) is not supported."""
    target = alias.target
    if target.__module__ == "builtins":
        return TypeError(f"Type {alias.name} cannot be instantiated; "
                         f"use {target.__name__.lower()}() instead")
    abstract = sorted(getattr(target, "__abstractmethods__", ()))
    if abstract and target.__init__ is object.__init__:
        if arguments:
            return TypeError(f"{target.__name__}() takes no arguments")
        plural = "s" if len(abstract) > 1 else ""
        return TypeError(f"Can't instantiate abstract class {target.__name__} "
                         f"with abstract method{plural} {', '.join(abstract)}")
    return TypeError(f"typing.{alias.name}() is not supported in the sandbox")


class _Nothing:
    """The target of aliases whose CPython origin no sandbox value can be an instance of."""

    __slots__ = ()


def _check_arity(form: TypingForm, actual: int, expected: int) -> None:
    if actual != expected:
        many = "many" if actual > expected else "few"
        raise TypeError(
            f"Too {many} arguments for {form!r}; actual {actual}, expected {expected}"
        )


class _GenericAlias(_AliasAttributes, TypingForm, RefusesCalls):
    """A subscripted form: ``typing.List[int]``, ``typing.Final[int]``, ``typing.Generic[T]``."""

    __slots__ = ("base", "empty_tuple")

    def __init__(self, name: str, args: tuple, base: TypingForm,
                 empty_tuple: bool = False) -> None:
        super().__init__(name, args)
        self.base = base
        self.empty_tuple = empty_tuple

    def __repr__(self) -> str:
        if self.empty_tuple:
            return f"typing.{self.base.name}[()]"
        if self.base.name == "Unpack":
            return "*" + repr(self.args[0])
        shown = ", ".join(_type_repr(arg) for arg in self.args)
        return f"typing.{self.base.name}[{shown}]"

    def __getitem__(self, parameters: Any) -> Any:
        if isinstance(self.base, _TypingClass) and self.base.name in ("Generic", "Protocol"):
            raise TypeError(f"Cannot subscript already-subscripted {self!r}")
        variables = _type_variables(self.args)
        if not variables:
            raise TypeError(f"{self!r} is not a generic class")
        if type(parameters) is not tuple:
            parameters = (parameters,)
        if any(isinstance(variable, _TypeVarTuple) for variable in variables):
            parameters = _prepare_variadic(self, variables, tuple(map(_type_convert, parameters)))
        _check_arity(self, len(parameters), len(variables))
        mapping = {var: p if isinstance(var, _TypeVarTuple) else _type_argument(p)
                   for var, p in zip(variables, parameters)}
        return self.substitute(mapping)

    def substitute(self, mapping: dict) -> Any:
        args: list = []
        for arg in self.args:
            if isinstance(arg, _UnpackGenericAlias) and arg.args[0] in mapping:
                args.extend(mapping[arg.args[0]])  # *Ts: the arguments it stands for, in place
            else:
                args.append(_substitute(arg, mapping))
        return self.copy(tuple(args))

    def copy(self, args: tuple) -> Any:
        empty = self.empty_tuple or (not args and isinstance(self.base, _TupleType))
        return type(self)(self.name, args, self.base, empty)

    def params(self) -> Any:
        """What subscribing the base with makes this form again."""
        if self.empty_tuple:
            return ()
        return self.args[0] if len(self.args) == 1 else self.args

    def recipe(self) -> tuple[str, tuple]:
        return ("subscript", (self.base, self.params()))

    def __instancecheck__(self, obj: Any) -> bool:
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __subclasscheck__(self, cls: Any) -> bool:
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def origin(self) -> Any:
        base = self.base
        if isinstance(base, (_SpecialGenericAlias, _TypingClass)):
            return base.origin()
        return base  # Final, ClassVar, Concatenate, ...

    def attributes(self) -> dict[str, Any]:
        return {**_named(self.name), "__origin__": self.origin(), "__args__": self.arguments_shown(),
                "__parameters__": tuple(_type_variables(self.args))}

    def arguments_shown(self) -> tuple:
        """``__args__``: ``Tuple[()]`` has none."""
        return () if self.empty_tuple else self.args

    def relayed_to(self) -> Any:
        base = self.base
        return base.target if isinstance(base, _SpecialGenericAlias) else base

    def __iter__(self) -> Any:  # CPython 3.11: ``[*List[int]]`` is ``[Unpack[List[int]]]``
        yield FORMS["Unpack"][self]  # (made at the first step, as CPython's generator does)

    def __contains__(self, item: Any) -> bool:
        return compare(operator.eq, FORMS["Unpack"][self], item)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        base = self.base
        if isinstance(base, _TypingClass):  # Generic[T](): an instance of a class
            raise TypeError(f"typing.{base.name} instances are not supported in the sandbox")
        return base(*args, **kwargs)  # the bare form's refusal


class _UnpackGenericAlias(_GenericAlias):
    """``typing.Unpack[Ts]``, shown as ``*Ts``."""

    __slots__ = ()

    def __getitem__(self, parameters: Any) -> Any:
        if isinstance(self.args[0], _TypeVarTuple):
            return parameters  # CPython 3.11: what stands for Ts, as it came (``*Ts[:]``)
        return super().__getitem__(parameters)


class _ConcatenateGenericAlias(_GenericAlias):
    """``typing.Concatenate[int, P]``."""

    __slots__ = ()


class _NotIterableAlias(_GenericAlias):
    """The subscripted forms CPython marks ``_NotIterable``: Union, Callable, Annotated."""

    __slots__ = ()

    __iter__ = TypingForm.__iter__
    __contains__ = TypingForm.__contains__


class _CallableGenericAlias(_NotIterableAlias):
    """``typing.Callable[[int, str], bool]``: args are the parameters then the result."""

    __slots__ = ("ellipsis",)

    def __init__(self, name: str, args: tuple, base: TypingForm, empty_tuple: bool = False,
                 ellipsis: bool = False) -> None:
        super().__init__(name, args, base)
        self.ellipsis = ellipsis

    def _key(self) -> Any:
        return (type(self), self.args, self.ellipsis)

    def __repr__(self) -> str:
        result = _type_repr(self.args[-1])
        if self.ellipsis:
            return f"typing.Callable[..., {result}]"
        if self.spec:  # Callable[P, int]
            return f"typing.Callable[{_type_repr(self.args[0])}, {result}]"
        shown = ", ".join(_type_repr(arg) for arg in self.args[:-1])
        return f"typing.Callable[[{shown}], {result}]"

    @property
    def spec(self) -> bool:
        """Whether its parameters are one ParamSpec or Concatenate, kept as it is."""
        return len(self.args) == 2 and _is_param_expr(self.args[0])

    def copy(self, args: tuple) -> Any:
        return _CallableGenericAlias(self.name, args, self.base, ellipsis=self.ellipsis)

    def params(self) -> Any:
        return self.arguments()

    def arguments_shown(self) -> tuple:
        return (Ellipsis, self.args[-1]) if self.ellipsis else self.args

    def arguments(self) -> tuple:
        if self.ellipsis:
            return (Ellipsis, self.args[-1])
        if self.spec:
            return self.args
        return (list(self.args[:-1]), self.args[-1])


def _callable(base: TypingForm, parameters: Any) -> Any:
    if type(parameters) is not tuple or len(parameters) != 2:
        raise TypeError("Callable must be used as Callable[[arg, ...], result].")
    params, result = parameters
    result = _type_check(result, "Callable[args, result]: result must be a type.")
    if params is Ellipsis:
        return _CallableGenericAlias("Callable", (result,), base, ellipsis=True)
    if type(params) not in (list, tuple):  # CPython takes them as they come (PEP 612)
        params = (params,)
    args = tuple(map(_type_convert, params))
    return _CallableGenericAlias("Callable", (*args, result), base)


def _is_param_expr(arg: Any) -> bool:
    """CPython's ``_is_param_expr``: what stands for a whole parameter list."""
    return arg is Ellipsis or isinstance(arg, (tuple, list, _ParamSpec, _ConcatenateGenericAlias))


class _UnionGenericAlias(_NotIterableAlias):
    """``typing.Union[int, str]`` / ``typing.Optional[int]``: unordered, flattened, unique."""

    __slots__ = ()

    def _key(self) -> Any:
        try:
            return (_UnionGenericAlias, frozenset(self.args))
        except TypeError:
            return (_UnionGenericAlias, self.args)

    def __repr__(self) -> str:
        args = self.args
        if len(args) == 2 and _NoneType in args:
            other = args[0] if args[1] is _NoneType else args[1]
            return f"typing.Optional[{_type_repr(other)}]"
        return "typing.Union[" + ", ".join(_type_repr(arg) for arg in args) + "]"

    def attributes(self) -> dict[str, Any]:
        optional = len(self.args) == 2 and _NoneType in self.args  # Union made it "Optional"
        return {**super().attributes(), **_named("Optional" if optional else "Union")}

    def copy(self, args: tuple) -> Any:
        return _union(args)

    def params(self) -> Any:
        return self.args

    def __instancecheck__(self, obj: Any) -> bool:  # (no class derives from Any)
        return any(type(arg) is not _AnyForm and isinstance(obj, arg)
                   for arg in self._check_args())

    def __subclasscheck__(self, cls: Any) -> bool:
        return any(issubclass(cls, arg) for arg in self._check_args())

    def _check_args(self) -> tuple:
        for arg in self.args:
            if isinstance(arg, (_GenericAlias, _SpecialForm)) or not (
                isinstance(arg, (type, _SpecialGenericAlias, _TypingClass, _AnyForm))
            ):
                raise TypeError(
                    "Subscripted generics cannot be used with class and instance checks"
                )
        return self.args

    def origin(self) -> Any:
        return UNION


def _union(parameters: tuple) -> Any:
    flat: list = []
    for parameter in parameters:
        parameter = _NoneType if parameter is None else parameter
        if isinstance(parameter, _UnionGenericAlias):
            flat.extend(parameter.args)
        elif isinstance(parameter, types.UnionType):
            flat.extend(parameter.__args__)
        elif isinstance(parameter, _ClassUnion):
            flat.extend(parameter.args)
        else:
            flat.append(parameter)
    for parameter in flat:  # CPython de-duplicates through a set: each is hashed first
        hash_value(parameter)
    unique: list = []
    for parameter in flat:
        if not any(compare(operator.eq, parameter, seen) for seen in unique):
            unique.append(parameter)
    if len(unique) == 1:
        return unique[0]
    return _UnionGenericAlias("Union", tuple(unique), UNION)


class _LiteralGenericAlias(_GenericAlias):
    """``typing.Literal['a', 1]``: its arguments are values, shown with their repr."""

    __slots__ = ()

    def _key(self) -> Any:
        return (_LiteralGenericAlias, tuple((arg, type(arg)) for arg in self.args))

    def params(self) -> Any:
        return self.args

    def __repr__(self) -> str:
        if self.empty_tuple:
            return "typing.Literal[()]"
        check_render(self.args)
        return "typing.Literal[" + ", ".join(_type_repr(arg) for arg in self.args) + "]"

    def __getitem__(self, parameters: Any) -> Any:
        raise TypeError(f"{self!r} is not a generic class")


def _literal(parameters: tuple) -> Any:
    if parameters == ():
        return _LiteralGenericAlias("Literal", (), LITERAL, empty_tuple=True)
    flat: list = []
    for parameter in parameters:
        if isinstance(parameter, _LiteralGenericAlias):
            flat.extend(parameter.args)
        else:
            flat.append(parameter)
    unique: list = []
    for parameter in flat:
        if not any(compare(operator.eq, parameter, seen) and type(parameter) is type(seen)
                   for seen in unique):
            unique.append(parameter)
    return _LiteralGenericAlias("Literal", tuple(unique), LITERAL)


class _AnnotatedAlias(_NotIterableAlias):
    """``typing.Annotated[int, 'meta']``: a type and metadata values."""

    __slots__ = ()

    def __init__(self, name: str, args: tuple, base: Any = None,
                 empty_tuple: bool = False) -> None:
        super().__init__(name, args, ANNOTATED)

    def params(self) -> Any:
        return self.args

    def attributes(self) -> dict[str, Any]:
        origin = self.args[0]
        return {**super().attributes(), "__origin__": origin, "__args__": (origin,),
                "__parameters__": tuple(_type_variables((origin,))),
                "__metadata__": self.args[1:], "__module__": load_attr(origin, "__module__")}

    def relayed_to(self) -> Any:
        return self.args[0]

    def __repr__(self) -> str:
        check_render(self.args)
        shown = ", ".join(repr(arg) for arg in self.args[1:])
        return f"typing.Annotated[{_type_repr(self.args[0])}, {shown}]"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # CPython calls the type in it
        raise TypeError("calling typing.Annotated[...] is not supported in the sandbox")

    def __getitem__(self, parameters: Any) -> Any:
        raise TypeError(f"{self!r} is not a generic class")


# -- classes: Generic, Protocol, SupportsInt, IO, ... -----------------------------------


class _ClassLike:
    """What a form that is a class in CPython 3.11 does as a class: ``|`` is
    ``type.__or__``, and its metaclass has neither ``__iter__`` nor ``__getitem__``:
    no sequence, no mapping (``'' % Any`` fails). ``Any[int]`` is the machine's
    ``subscript_as_class`` (CPython's ``__class_getitem__``)."""

    __slots__ = ()

    def subscript_as_class(self, parameters: Any) -> Any:
        raise TypeError(f"type '{self.name}' is not subscriptable")

    def __or__(self, other: Any) -> Any:
        return _class_union(self, other)

    def __ror__(self, other: Any) -> Any:
        return _class_union(other, self)

    __iter__ = None

    def __reversed__(self) -> Any:
        raise TypeError(f"'{type(self).__name__}' object is not reversible")

    def attributes(self) -> dict[str, Any]:
        return _named(self.name)  # type: ignore[attr-defined]

    def missing_attribute(self, name: str) -> AttributeError:
        return AttributeError(f"type object '{self.name}' has no attribute '{name}'")  # type: ignore[attr-defined]

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        if not deleting:
            return _shared(name, deleting)  # a class takes any attribute
        if name in self.deletable():  # type: ignore[attr-defined]
            return _shared(name, deleting)
        if name in ("__name__", "__qualname__", "__doc__", "__module__"):
            return TypeError(f"cannot delete '{name}' attribute of immutable type "
                             f"'{self.name}'")  # type: ignore[attr-defined]
        return self.missing_attribute(name)

    def deletable(self) -> frozenset:
        """Generic and Annotated keep nothing deletable; Any and the protocols their
        ``__doc__``, ``__module__`` and ``__parameters__``."""
        if self.name in ("Generic", "Annotated"):  # type: ignore[attr-defined]
            return frozenset()
        return frozenset({"__doc__", "__module__", *self.attributes()}) - _CLASS_NAMES_FIXED


_CLASS_NAMES_FIXED = frozenset({"__name__", "__qualname__"})  # a class's are not deletable


class _TypingClass(_ClassLike, TypingForm, RefusesCalls):
    """A typing name that is a class in CPython; shown as ``<class 'typing.X'>``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<class 'typing.{self.name}'>"

    def subscript_as_class(self, parameters: Any) -> Any:
        if type(parameters) is not tuple:
            parameters = (parameters,)
        parameters = tuple(map(_type_convert, parameters))
        if self.name in ("Generic", "Protocol"):
            if not parameters:
                raise TypeError(f"Parameter list to {self.name}[...] cannot be empty")
            if not all(map(_is_type_variable_like, parameters)):
                raise TypeError(
                    f"Parameters to {self.name}[...] must all be type variables "
                    "or parameter specification variables."
                )
            if len(set(parameters)) != len(parameters):
                raise TypeError(f"Parameters to {self.name}[...] must all be unique")
            return _GenericAlias(self.name, tuple(parameters), self)
        if self.name in _GENERIC_CLASSES:  # IO[AnyStr], SupportsAbs[T_co], ...: one parameter
            _check_arity(self, len(parameters), 1)
            return _GenericAlias(self.name, tuple(parameters), self)
        raise TypeError(f"{self!r} is not a generic class")

    def __instancecheck__(self, obj: Any) -> bool:
        if self.name == "Protocol":
            raise TypeError(
                "Instance and class checks can only be used with @runtime_checkable protocols"
            )
        method = _SUPPORTS.get(self.name)
        return method is not None and not _is_vm_object(obj) and hasattr(type(obj), method)

    def __subclasscheck__(self, cls: Any) -> bool:
        if self.name == "Protocol":
            raise TypeError(
                "Instance and class checks can only be used with @runtime_checkable protocols"
            )
        method = _SUPPORTS.get(self.name)
        return method is not None and isinstance(cls, type) and hasattr(cls, method)

    def origin(self) -> Any:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        abstract = _SUPPORTS.get(self.name)
        if abstract is not None:
            raise TypeError(f"Can't instantiate abstract class {self.name} "
                            f"with abstract method {abstract}")
        raise TypeError(f"typing.{self.name} instances are not supported in the sandbox")


class _AnnotatedForm(_TypingClass):
    """``typing.Annotated``: a class in CPython 3.11, subscribed with a type and metadata."""

    __slots__ = ()

    def subscript_as_class(self, parameters: Any) -> Any:
        if type(parameters) is not tuple or len(parameters) < 2:
            raise TypeError(
                "Annotated[...] should be used with at least two arguments "
                "(a type and an annotation)."
            )
        origin = _type_check(parameters[0], "Annotated[t, ...]: t must be a type.",
                             allow_special_forms=True)
        if not _has_module(origin):  # CPython's alias copies origin.__module__
            owner = (f"module '{origin.name}'" if type(origin) is Module
                     else f"'{type(origin).__name__}' object")
            raise AttributeError(f"{owner} has no attribute '__module__'")
        return _AnnotatedAlias("Annotated", (origin, *parameters[1:]))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("Type Annotated cannot be instantiated.")


_GENERIC_CLASSES = frozenset({"IO", "SupportsAbs", "SupportsRound"})


def _is_type_variable_like(parameter: Any) -> bool:
    """What ``Generic[...]`` takes: a TypeVar, a ParamSpec or an unpacked TypeVarTuple."""
    if isinstance(parameter, _UnpackGenericAlias):
        return isinstance(parameter.args[0], _TypeVarTuple)
    return isinstance(parameter, _TypeVar) and not isinstance(parameter, _TypeVarTuple)


# In CPython these are classes: of type ``type``, or of ``_ProtocolMeta`` for the protocols.
_TypingClass.__name__ = _TypingClass.__qualname__ = "type"
_AnnotatedForm.__name__ = _AnnotatedForm.__qualname__ = "type"


class _ProtocolClass(_TypingClass):
    """``typing.Protocol`` and the ``Supports*`` protocols."""

    __slots__ = ()

    def attributes(self) -> dict[str, Any]:
        if self.name in _GENERIC_CLASSES:  # SupportsAbs[T_co]: T_co is not in the sandbox
            return super().attributes()
        return {**super().attributes(), "__parameters__": ()}


_ProtocolClass.__name__ = _ProtocolClass.__qualname__ = "_ProtocolMeta"

_SUPPORTS = {
    "SupportsAbs": "__abs__", "SupportsBytes": "__bytes__", "SupportsComplex": "__complex__",
    "SupportsFloat": "__float__", "SupportsIndex": "__index__", "SupportsInt": "__int__",
    "SupportsRound": "__round__",
}


# -- unions of classes: typing.Any | int --------------------------------------------------


class _ClassUnion(TypingForm):
    """``typing.Any | int``: CPython's ``types.UnionType``, here because a typing class is
    among its members (a host ``types.UnionType`` holds host classes only)."""

    __slots__ = ()

    def __init__(self, args: tuple) -> None:
        super().__init__("UnionType", args)

    def _key(self) -> Any:
        return (_ClassUnion, frozenset(self.args))  # unordered, as CPython compares them

    def __repr__(self) -> str:
        return " | ".join(_union_member_repr(arg) for arg in self.args)

    def recipe(self) -> tuple[str, tuple]:
        return ("classunion", self.args)

    def __or__(self, other: Any) -> Any:
        return _class_union(self, other)

    def __ror__(self, other: Any) -> Any:
        return _class_union(other, self)

    def __instancecheck__(self, obj: Any) -> bool:
        return isinstance(obj, self.args)  # as CPython: its members, in order

    def __subclasscheck__(self, cls: Any) -> bool:
        return issubclass(cls, self.args)

    def origin(self) -> Any:
        return types.UnionType

    def attributes(self) -> dict[str, Any]:
        return {"__args__": self.args, "__parameters__": (), "__module__": "types"}

    def refuse_change(self, name: str, deleting: bool) -> Exception:  # a C object's
        if name == "__args__":  # a member, and a getset
            return AttributeError("readonly attribute")
        if name == "__parameters__":
            return AttributeError("attribute '__parameters__' of 'types.UnionType' objects is "
                                  "not writable")
        return _not_changeable(self, name)

    def __getitem__(self, parameters: Any) -> Any:  # it holds no type variable
        raise TypeError(f"{self!r} is not a generic class")

    __iter__ = None  # CPython's UnionType: no iteration, no sequence

    def __reversed__(self) -> Any:
        raise TypeError("'types.UnionType' object is not reversible")


# The name CPython's C type has ("types.UnionType", in messages); shown as a class,
# ``<class 'types.UnionType'>``.
_ClassUnion.__name__ = "types.UnionType"
_ClassUnion.__qualname__ = "UnionType"


def _unionable(obj: Any) -> bool:
    """CPython's ``is_unionable``: what ``X | Y`` of classes accepts."""
    return obj is None or isinstance(
        obj, (type, types.GenericAlias, types.UnionType, _ClassUnion, _AnyForm, _TypingClass)
    )


def _class_union(left: Any, right: Any) -> Any:
    """CPython's ``type.__or__``: flattened, duplicates dropped, one member left alone."""
    if not (_unionable(left) and _unionable(right)):
        return NotImplemented
    members: list = []
    for side in (left, right):
        if isinstance(side, _ClassUnion):
            parts = side.args
        elif isinstance(side, types.UnionType):
            parts = side.__args__
        else:
            parts = (side,)
        for part in parts:
            part = _NoneType if part is None else part
            generic = isinstance(part, types.GenericAlias)
            if not any(part is seen or (generic and isinstance(seen, types.GenericAlias)
                                        and part == seen) for seen in members):
                members.append(part)
    return members[0] if len(members) == 1 else _ClassUnion(tuple(members))


def _union_member_repr(obj: Any) -> str:
    """How CPython's ``X | Y`` shows a member: ``None``, ``int``, ``typing.Any``."""
    return "None" if obj is _NoneType else _type_repr(obj)


# -- type variables and forward references -------------------------------------------------


class _NoClass:
    """What CPython's TypeVar, ForwardRef and ParamSpecArgs are not: a class for
    ``isinstance``, or a sequence to reverse (no ``__getitem__``)."""

    __slots__ = ()

    def __instancecheck__(self, obj: Any) -> bool:
        raise TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union")

    def __subclasscheck__(self, cls: Any) -> bool:
        if not isinstance(cls, (type, _ClassLike)):  # CPython checks arg 1 first
            raise TypeError("issubclass() arg 1 must be a class")
        raise TypeError("issubclass() arg 2 must be a class, a tuple of classes, or a union")

    def __reversed__(self) -> Any:  # CPython's has no __getitem__: no sequence to reverse
        raise TypeError(f"'{type(self).__name__}' object is not reversible")


class _TypeVar(_NoClass, TypingForm):
    """``TypeVar('T')``: shown as ``~T`` (``+T`` covariant, ``-T`` contravariant)."""

    __slots__ = ("prefix", "bound", "constraints")

    def __init__(self, name: str, prefix: str = "~", bound: Any = None,
                 constraints: tuple = ()) -> None:
        super().__init__(name)
        self.prefix = prefix
        self.bound = bound
        self.constraints = constraints

    def _key(self) -> Any:
        return id(self)  # each TypeVar is its own

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        name = self.name
        if not isinstance(name, str):  # CPython: prefix + self.__name__ (a TypeVarTuple: the name)
            if not self.prefix:
                raise TypeError(f"__repr__ returned non-string (type {type(name).__name__})")
            raise TypeError(f'can only concatenate str (not "{type(name).__name__}") to str')
        return f"{self.prefix}{name}"

    def recipe(self) -> tuple[str, tuple]:
        return ("typevar", (self.name, self.prefix, self.bound, self.constraints))

    def attributes(self) -> dict[str, Any]:
        return {"__name__": self.name, "__module__": "__main__", "__bound__": self.bound,
                "__constraints__": self.constraints, "__covariant__": self.prefix == "+",
                "__contravariant__": self.prefix == "-"}

    __iter__ = None  # nor __iter__


_TypeVar.__name__ = _TypeVar.__qualname__ = "TypeVar"


class _ParamSpec(_TypeVar):
    """``ParamSpec('P')``: a TypeVar of its own class, as in CPython."""

    __slots__ = ()

    def recipe(self) -> tuple[str, tuple]:
        return ("paramspec", (self.name, self.prefix, self.bound, ()))

    def attributes(self) -> dict[str, Any]:
        attributes = super().attributes()
        del attributes["__constraints__"]
        return {**attributes, "args": _ParamSpecArgs("args", (self,)),
                "kwargs": _ParamSpecKwargs("kwargs", (self,))}

    def deletable(self) -> frozenset:
        return super().deletable() - {"args", "kwargs"}

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        if name in ("args", "kwargs"):  # properties
            return AttributeError(f"property '{name}' of 'ParamSpec' object has no "
                                  f"{'deleter' if deleting else 'setter'}")
        return super().refuse_change(name, deleting)


_ParamSpec.__name__ = _ParamSpec.__qualname__ = "ParamSpec"


class _TypeVarTuple(_TypeVar):
    """``TypeVarTuple('Ts')``: shown as its bare name."""

    __slots__ = ()

    def recipe(self) -> tuple[str, tuple]:
        return ("typevartuple", (self.name, self.prefix, None, ()))

    def attributes(self) -> dict[str, Any]:
        return {"__name__": self.name, "__module__": "__main__"}

    def __iter__(self) -> Any:
        return iter((FORMS["Unpack"][self],))  # CPython: yield Unpack[self], shown as *Ts

    def __contains__(self, item: Any) -> bool:
        return compare(operator.eq, FORMS["Unpack"][self], item)

    def __or__(self, other: Any) -> Any:  # CPython's TypeVarTuple has no ``|``
        return NotImplemented

    __ror__ = __or__


_TypeVarTuple.__name__ = _TypeVarTuple.__qualname__ = "TypeVarTuple"


class _ParamSpecArgs(_NoClass, TypingForm):
    """``P.args``: ``*args: P.args`` in a signature. Equal when their ParamSpec is, and
    unhashable, as CPython's (its ``__eq__`` comes without a ``__hash__``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{self.args[0].name}.{self.name}"

    __hash__ = None  # type: ignore[assignment]

    def attributes(self) -> dict[str, Any]:
        return {"__origin__": self.args[0], "__module__": "typing"}

    def deletable(self) -> frozenset:
        return frozenset({"__origin__"})

    def recipe(self) -> tuple[str, tuple]:
        return ("paramspecpart", (self.args[0], self.name))

    def origin(self) -> Any:
        return self.args[0]

    def __or__(self, other: Any) -> Any:  # no ``|``, no iteration, no membership
        return NotImplemented

    __ror__ = __or__
    __iter__ = None


class _ParamSpecKwargs(_ParamSpecArgs):
    """``P.kwargs``."""

    __slots__ = ()


_ParamSpecArgs.__name__ = _ParamSpecArgs.__qualname__ = "ParamSpecArgs"
_ParamSpecKwargs.__name__ = _ParamSpecKwargs.__qualname__ = "ParamSpecKwargs"
_TYPE_VARIABLES = {"typevar": _TypeVar, "paramspec": _ParamSpec, "typevartuple": _TypeVarTuple}


class _ForwardRef(_NoClass, TypingForm):
    """A type named by a string: ``List['Node']``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"ForwardRef({self.name!r})"

    def recipe(self) -> tuple[str, tuple]:
        return ("forwardref", (self.name,))

    def attributes(self) -> dict[str, Any]:
        return {"__forward_arg__": self.name, "__module__": "typing"}

    def refuse_change(self, name: str, deleting: bool) -> Exception:
        return _slotted(self, name, _FORWARD_REF_SLOTS, deleting)

    __iter__ = None  # nor __iter__


_ForwardRef.__name__ = _ForwardRef.__qualname__ = "ForwardRef"


def _forward_ref(arg: str) -> _ForwardRef:
    """CPython's ``ForwardRef(arg)``: the string must compile as an expression.

    Compiling runs no sandbox code; its cost (about the string's size) is paid first.
    """
    from ..vm.context import charge, check_size

    charge(len(arg))
    check_size(64 * len(arg))  # the syntax tree of a long string is many times its size
    code = f"({arg},)[0]" if arg[0] == "*" else arg  # '' fails here: IndexError, as in CPython
    try:
        compile(code, "<string>", "eval")
    except SyntaxError:
        raise SyntaxError(f"Forward reference must be an expression -- got {arg!r}") from None
    return _ForwardRef(arg)


def _type_variables(args: tuple) -> list:
    found: list = []
    for arg in args:
        if isinstance(arg, _TypeVar):
            if arg not in found:
                found.append(arg)
        elif isinstance(arg, _GenericAlias):
            for inner in _type_variables(arg.args):
                if inner not in found:
                    found.append(inner)
    return found


def _substitute(arg: Any, mapping: dict) -> Any:
    if isinstance(arg, _TypeVarTuple) and arg in mapping:
        raise TypeError("Substitution of bare TypeVarTuple is not supported")
    if isinstance(arg, _TypeVar):
        return mapping.get(arg, arg)
    if isinstance(arg, _GenericAlias) and _type_variables(arg.args):
        return arg.substitute(mapping)
    return arg


def _type_argument(arg: Any) -> Any:
    """CPython's ``TypeVar.__typing_subst__``: what a TypeVar may be replaced with."""
    arg = _type_check(arg, "Parameters to generic types must be types.")
    if isinstance(arg, _UnpackGenericAlias):
        raise TypeError(f"{arg!r} is not valid as type argument")
    return arg


def _prepare_variadic(alias: TypingForm, variables: list, args: tuple) -> tuple:
    """CPython's ``TypeVarTuple.__typing_prepare_subst__``: the arguments grouped so the
    TypeVarTuple's are one tuple (``Tuple[T, *Ts][int, str, bytes]``: int, (str, bytes)),
    a ``*Tuple[X, ...]`` among them filling what is missing on either side."""
    index = next(i for i, v in enumerate(variables) if isinstance(v, _TypeVarTuple))
    if any(isinstance(variable, _TypeVarTuple) for variable in variables[index + 1:]):
        raise TypeError(f"More than one TypeVarTuple parameter in {alias!r}")
    alen, plen = len(args), len(variables)
    left, right = index, plen - index - 1
    var_tuple_index, fill = None, None
    for k, arg in enumerate(args):
        if not isinstance(arg, type):
            subargs = _unpacked_tuple_args(arg)
            if subargs and len(subargs) == 2 and subargs[-1] is Ellipsis:
                if var_tuple_index is not None:
                    raise TypeError("More than one unpacked arbitrary-length tuple argument")
                var_tuple_index, fill = k, subargs[0]
    if var_tuple_index is not None:
        left = min(left, var_tuple_index)
        right = min(right, alen - var_tuple_index - 1)
    elif left + right > alen:
        raise TypeError(f"Too few arguments for {alias!r}; actual {alen}, "
                        f"expected at least {plen - 1}")
    return (*args[:left], *([fill] * (index - left)), tuple(args[left:alen - right]),
            *([fill] * (plen - right - left - index - 1)), *args[alen - right:])


def _unpacked_tuple_args(arg: Any) -> tuple | None:
    """CPython's ``__typing_unpacked_tuple_args__``: what ``*Tuple[...]`` unpacks."""
    if isinstance(arg, _UnpackGenericAlias) and isinstance(arg.args[0], _GenericAlias) \
            and arg.args[0].base is FORMS["Tuple"]:
        return arg.args[0].arguments_shown()
    return None


def _type_convert(arg: Any) -> Any:
    """CPython's ``typing._type_convert``: None is NoneType, a string a forward reference."""
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return _forward_ref(arg)
    return arg


def _type_check(arg: Any, message: str, allow_special_forms: bool = False) -> Any:
    """CPython 3.11's ``typing._type_check``: what may stand as a type argument.

    ``ClassVar``/``Final`` may stand only where ``allow_special_forms`` (Annotated's type).
    """
    if arg is None or isinstance(arg, str):
        return _type_convert(arg)
    if isinstance(arg, _GenericAlias) and (
        (isinstance(arg.base, _TypingClass) and arg.base.name in ("Generic", "Protocol"))
        or (not allow_special_forms and isinstance(arg.base, _SpecialForm)
            and arg.base.name in ("ClassVar", "Final"))
    ):
        raise TypeError(f"{arg!r} is not valid as type argument")
    if isinstance(arg, _AnyForm):
        return arg
    if isinstance(arg, _SpecialForm):
        if arg.name in ("LiteralString", "NoReturn", "Never", "Self", "TypeAlias"):
            return arg
        if allow_special_forms and arg.name in ("ClassVar", "Final"):
            return arg
        raise TypeError(f"Plain {arg!r} is not valid as type argument")
    if isinstance(arg, _TypingClass) and arg.name in ("Generic", "Protocol"):
        raise TypeError(f"Plain {arg!r} is not valid as type argument")
    if type(arg) is tuple:
        raise TypeError(f"{message} Got {_short_repr(arg)}.")
    return arg


def _short_repr(value: Any) -> str:
    return repr(value)[:100]


def _type_repr(obj: Any) -> str:
    """How an argument shows inside a form's repr (``typing._type_repr``)."""
    if isinstance(obj, types.GenericAlias):
        return repr(obj)
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return f"{obj.__module__}.{obj.__qualname__}"
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, _TypingClass):  # a class in CPython: module and name
        return f"typing.{obj.name}"
    if type(obj) is Function:
        return obj.name
    return repr(obj)


def _has_module(obj: Any) -> bool:
    """Whether CPython's ``obj.__module__`` exists: classes, functions, forms do; ``1``,
    ``[]``, an exception, a generator, a module do not."""
    if _is_vm_object(obj):
        return type(obj) in (Function, Builtin, BoundBuiltin)
    return isinstance(obj, TypingForm) or hasattr(obj, "__module__")


def _is_vm_object(obj: Any) -> bool:
    return type(obj) in VM_OBJECT_TYPES or type(obj).__module__.startswith("littrs.")


def _is_instance(obj: Any, target: Any) -> bool:
    """``isinstance(obj, target)`` for a sandbox value and a builtin type or ABC."""
    if target is _Nothing:
        return False
    if target is abc.Callable:
        from ..vm.builtins import is_callable

        return is_callable(obj)
    if type(obj) in FRAME_ITERATORS:
        if target is abc.Generator:
            return type(obj) is Generator
        return target in (abc.Iterable, abc.Iterator, abc.Hashable)
    if _is_vm_object(obj):
        return target is abc.Hashable
    return isinstance(obj, target)


# -- the names -------------------------------------------------------------------------


class _AnyForm(_ClassLike, TypingForm, RefusesCalls):
    """``typing.Any``: a class in CPython 3.11, of type ``_AnyMeta``."""

    __slots__ = ()

    def __subclasscheck__(self, cls: Any) -> bool:  # a class no class derives from
        if not isinstance(cls, type):
            raise TypeError("issubclass() arg 1 must be a class")
        return False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("Any cannot be instantiated")


_AnyForm.__name__ = _AnyForm.__qualname__ = "_AnyMeta"


def _special(name: str) -> TypingForm:
    return _AnyForm(name) if name == "Any" else _SpecialForm(name)


UNION = _special("Union")
LITERAL = _LiteralSpecialForm("Literal")
ANNOTATED = _AnnotatedForm("Annotated")

_SPECIAL_NAMES = ("Any", "Optional", "ClassVar", "Final", "NoReturn", "Never", "Self",
                  "LiteralString", "TypeAlias", "TypeGuard", "Concatenate", "Required",
                  "NotRequired", "Unpack")

_ALIASES: dict[str, tuple[Any, int]] = {
    "List": (list, 1), "Dict": (dict, 2), "Set": (set, 1), "FrozenSet": (frozenset, 1),
    "Tuple": (tuple, -1), "Type": (type, 1), "Callable": (abc.Callable, -2),
    "DefaultDict": (_Nothing, 2), "OrderedDict": (_Nothing, 2), "Counter": (_Nothing, 1),
    "ChainMap": (_Nothing, 2), "Deque": (_Nothing, 1),
    "Iterable": (abc.Iterable, 1), "Iterator": (abc.Iterator, 1),
    "Generator": (abc.Generator, 3), "Reversible": (abc.Reversible, 1),
    "Sequence": (abc.Sequence, 1), "MutableSequence": (abc.MutableSequence, 1),
    "Mapping": (abc.Mapping, 2), "MutableMapping": (abc.MutableMapping, 2),
    "AbstractSet": (abc.Set, 1), "MutableSet": (abc.MutableSet, 1),
    "Collection": (abc.Collection, 1), "Container": (abc.Container, 1),
    "Hashable": (abc.Hashable, 0), "Sized": (abc.Sized, 0),
    "KeysView": (abc.KeysView, 1), "ValuesView": (abc.ValuesView, 1),
    "ItemsView": (abc.ItemsView, 2), "MappingView": (abc.MappingView, 1),
    "Awaitable": (abc.Awaitable, 1), "Coroutine": (abc.Coroutine, 3),
    "AsyncIterable": (abc.AsyncIterable, 1), "AsyncIterator": (abc.AsyncIterator, 1),
    "AsyncGenerator": (abc.AsyncGenerator, 2), "ByteString": (abc.ByteString, 0),
    "ContextManager": (_Nothing, 1), "AsyncContextManager": (_Nothing, 1),
    "Pattern": (_Nothing, 1), "Match": (_Nothing, 1),
}

_PROTOCOLS = ("Protocol", *_SUPPORTS)
_CLASS_NAMES = ("Generic", "Protocol", "IO", "TextIO", "BinaryIO", *_SUPPORTS)

def _build_forms() -> dict[str, Any]:
    forms: dict[str, Any] = {"Union": UNION, "Literal": LITERAL, "Annotated": ANNOTATED}
    for name in _SPECIAL_NAMES:
        forms[name] = _special(name)
    for name, (target, arity) in _ALIASES.items():
        alias = {"Callable": _CallableType, "Tuple": _TupleType}.get(name, _SpecialGenericAlias)
        forms[name] = alias(name, target, arity)
    for name in _CLASS_NAMES:
        forms[name] = (_ProtocolClass if name in _PROTOCOLS else _TypingClass)(name)
    return forms


FORMS = _build_forms()


def rebuild(tag: str, args: tuple) -> TypingForm:
    """The form a :meth:`TypingForm.recipe` describes; ValueError for anything else.

    Only names, subscription and the two constructors: loading a snapshot runs no
    other code (DESIGN invariant 6).
    """
    try:
        if tag == "form" and type(args[0]) is str and args[0] in FORMS:
            return FORMS[args[0]]
        if tag == "subscript" and isinstance(args[0], TypingForm):
            base, parameters = args
            as_class = getattr(base, "subscript_as_class", None)
            return as_class(parameters) if as_class is not None else base[parameters]
        if tag in _TYPE_VARIABLES and args[1] in ("~", "+", "-", ""):
            return _TYPE_VARIABLES[tag](args[0], args[1], args[2], tuple(args[3]))
        if tag == "forwardref" and type(args[0]) is str:
            return _ForwardRef(args[0])
        if tag == "paramspecpart" and type(args[0]) is _ParamSpec and args[1] in ("args", "kwargs"):
            return args[0].attributes()[args[1]]
        if tag == "classunion" and len(args) > 1 and all(map(_unionable, args)):
            return _ClassUnion(tuple(args))
    except (TypeError, IndexError, KeyError) as error:
        raise ValueError(f"malformed typing form {tag!r}") from error
    raise ValueError(f"malformed typing form {tag!r}")


# Every class of the forms, for snapshots to name them by type.
FORM_TYPES: tuple[type, ...] = (
    _SpecialForm, _LiteralSpecialForm, _AnyForm, _SpecialGenericAlias, _CallableType,
    _TupleType, _GenericAlias, _UnpackGenericAlias, _ConcatenateGenericAlias,
    _CallableGenericAlias, _UnionGenericAlias, _LiteralGenericAlias, _AnnotatedAlias,
    _TypingClass, _AnnotatedForm, _ProtocolClass, _TypeVar, _ParamSpec, _TypeVarTuple,
    _ForwardRef, _ClassUnion, _ParamSpecArgs, _ParamSpecKwargs,
)
for _form_type in FORM_TYPES:  # shown as CPython's: <class 'typing._GenericAlias'>
    _form_type.__module__ = "typing"
_ClassUnion.__module__ = "types"
_TypingClass.__module__ = _AnnotatedForm.__module__ = "builtins"  # of type ``type``
# How snapshots name the classes shown as builtins or types ones (``builtins.type`` is
# the real ``type``, ``types.UnionType`` the real union).
SNAPSHOT_NAMES: dict[type, str] = {
    _TypingClass: "typing.type", _AnnotatedForm: "typing.Annotated",
    _ClassUnion: "typing.UnionType",
}


# -- functions ----------------------------------------------------------------------------


def cast(typ: Any, val: Any) -> Any:
    """Cast a value to a type: at run time, return it unchanged."""
    return val


def assert_type(val: Any, typ: Any, /) -> Any:
    return val


def assert_never(arg: Any, /) -> Any:
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + "..."
    raise AssertionError(f"Expected code to be unreachable, but got: {value}")


def reveal_type(obj: Any, /) -> Any:
    return obj


def _class_init(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Make ``init`` (with a ``self`` it ignores) the constructor of CPython's class ``name``.

    ``TypeVar`` and friends are classes in CPython 3.11: a call that does not
    fit fails in their ``__init__``, whose errors read ``TypeVar.__init__()
    missing 1 required positional argument: 'name'`` and count ``self``.
    """

    def wrap(init: Callable[..., Any]) -> Callable[..., Any]:
        init.__name__ = "__init__"
        init.__qualname__ = f"{name}.__init__"

        def construct(*args: Any, **kwargs: Any) -> Any:
            return init(None, *args, **kwargs)

        construct.__name__ = construct.__qualname__ = name
        construct.__doc__ = init.__doc__
        return construct

    return wrap


def _variance_bound(bound: Any, covariant: Any, contravariant: Any) -> tuple[str, Any]:
    """CPython's ``_BoundVarianceMixin.__init__``: the prefix and the checked bound."""
    if covariant and contravariant:
        raise ValueError("Bivariant types are not supported.")
    bound = _type_check(bound, "Bound must be a type.") if bound else None
    return ("+" if covariant else "-" if contravariant else "~"), bound


@_class_init("TypeVar")
def TypeVar(  # noqa: N802 - CPython's name
    self: None, name: Any, *constraints: Any, bound: Any = None, covariant: Any = False,
    contravariant: Any = False,
) -> Any:
    prefix, bound = _variance_bound(bound, covariant, contravariant)
    if constraints and bound is not None:
        raise TypeError("Constraints cannot be combined with bound=...")
    if len(constraints) == 1:
        raise TypeError("A single constraint is not allowed")
    message = "TypeVar(name, constraint, ...): constraints must be types."
    checked = tuple(_type_check(c, message) for c in constraints)
    return _TypeVar(name, prefix, bound, checked)


@_class_init("ParamSpec")
def ParamSpec(  # noqa: N802 - CPython's name
    self: None, name: Any, *, bound: Any = None, covariant: Any = False,
    contravariant: Any = False,
) -> Any:
    prefix, bound = _variance_bound(bound, covariant, contravariant)
    return _ParamSpec(name, prefix, bound)


@_class_init("TypeVarTuple")
def TypeVarTuple(self: None, name: Any) -> Any:  # noqa: N802 - CPython's name
    return _TypeVarTuple(name, "")


@_class_init("ForwardRef")
def ForwardRef(  # noqa: N802 - CPython's name
    self: None, arg: Any, is_argument: Any = True, module: Any = None, *, is_class: Any = False,
) -> Any:
    if not isinstance(arg, str):
        raise TypeError(f"Forward reference must be a string -- got {arg!r}")
    return _forward_ref(arg)


@_class_init("NewType")
def NewType(self: None, name: Any, tp: Any) -> Any:  # noqa: N802 - CPython's name
    if "." in name:  # CPython's own test, with its errors for a name that is not a str
        if type(name) is not str:
            raise AttributeError(f"'{type(name).__name__}' object has no attribute 'rpartition'")
        name = name.rpartition(".")[-1]
    return Builtin(str(name), _identity)


def _identity(x: Any) -> Any:
    return x


def _overload_dummy(*args: Any, **kwds: Any) -> Any:
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed."
    )


_OVERLOAD_DUMMY = Builtin("_overload_dummy", _overload_dummy)


def overload(func: Any) -> Any:
    return _OVERLOAD_DUMMY


def final(f: Any) -> Any:
    return f


def no_type_check(arg: Any) -> Any:
    # CPython sets arg.__no_type_check__, which fails on objects without a __dict__.
    if type(arg) in (Function, Module) or isinstance(arg, (type, TypingForm, BaseException)):
        return arg
    raise AttributeError(f"'{type(arg).__name__}' object has no attribute '__no_type_check__'")


def no_type_check_decorator(decorator: Any) -> Any:
    return decorator


def runtime_checkable(cls: Any) -> Any:
    if cls is FORMS["Protocol"]:
        return cls
    if isinstance(cls, (type, _TypingClass)):
        raise TypeError(f"@runtime_checkable can be only applied to protocol classes, got {cls!r}")
    raise TypeError("issubclass() arg 1 must be a class")


def dataclass_transform(**kwargs: Any) -> Any:
    return _IDENTITY


def get_overloads(func: Any) -> list:
    # CPython reads func.__module__: functions, types and typing forms have one.
    if type(func).__name__ in ("function", "builtin_function_or_method") or isinstance(
        func, (type, TypingForm)
    ):
        return []
    if type(func) is Module:
        raise AttributeError(f"module '{func.name}' has no attribute '__module__'")
    raise AttributeError(f"'{type(func).__name__}' object has no attribute '__module__'")


def clear_overloads() -> None:
    return None


def is_typeddict(tp: Any) -> bool:
    return False


def get_origin(tp: Any) -> Any:
    if isinstance(tp, _AnnotatedAlias):
        return ANNOTATED
    if isinstance(tp, _ParamSpecArgs):
        return tp.origin()
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        return tp.origin()
    if isinstance(tp, types.GenericAlias):
        return tp.__origin__ if isinstance(tp.__origin__, type) else None
    if isinstance(tp, (types.UnionType, _ClassUnion)):
        return types.UnionType
    if tp is _TYPING_CLASSES.get("Generic"):
        return tp
    return None


def get_args(tp: Any) -> tuple:
    if isinstance(tp, _CallableGenericAlias):
        return tp.arguments()
    if isinstance(tp, _GenericAlias):
        return tp.args
    if isinstance(tp, types.GenericAlias) and isinstance(tp.__origin__, type):
        return tuple(tp.__args__)
    if isinstance(tp, types.UnionType):
        return tp.__args__
    if isinstance(tp, _ClassUnion):
        return tp.args
    return ()


def NamedTuple(typename: Any, fields: Any = None, /, **kwargs: Any) -> Any:  # noqa: N802
    raise TypeError("typing.NamedTuple is not supported in the sandbox (it makes a class)")


def TypedDict(  # noqa: N802 - CPython's name
    typename: Any, fields: Any = None, /, *, total: Any = True, **kwargs: Any
) -> Any:
    raise TypeError("typing.TypedDict is not supported in the sandbox (it makes a class)")


_IDENTITY = Builtin("decorator", _identity)
_TYPING_CLASSES = {name: FORMS[name] for name in _CLASS_NAMES}

FUNCTIONS = {
    fn.__name__: fn
    for fn in (cast, assert_type, assert_never, reveal_type, TypeVar, ParamSpec, TypeVarTuple,
               ForwardRef, NewType, overload, final, no_type_check, no_type_check_decorator,
               runtime_checkable, dataclass_transform, get_overloads, clear_overloads,
               is_typeddict, get_origin, get_args, NamedTuple, TypedDict)
}
_BUILTINS = {name: Builtin(name, fn) for name, fn in FUNCTIONS.items()}
_CONSTANTS: dict[str, Any] = {
    "TYPE_CHECKING": False,
    "Text": str,
    "AnyStr": TypeVar("AnyStr", bytes, str),
}


def make_module() -> Module:
    """A fresh ``typing`` module for one sandbox (the forms are immutable and shared)."""
    namespace: dict[str, Any] = {"__name__": "typing"}
    namespace.update(FORMS)
    namespace.update(_BUILTINS)
    namespace.update(_CONSTANTS)
    namespace["_overload_dummy"] = _OVERLOAD_DUMMY
    return Module("typing", namespace)
