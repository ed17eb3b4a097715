"""Fast paths: an instruction that calls one sandbox special method pushes its frame.

The general way an instruction runs sandbox code is direct mode (``Machine.run_direct``):
the host does CPython's protocol and the instruction runs again for every method it
called. Most of the time the protocol's first call is also its last (``a < b`` where
``type(a)`` defines ``__lt__`` and ``b`` is no subclass of it; ``obj.prop``; ``C(x)``
whose ``__init__`` is sandbox code), and the instruction can push that method's frame
at once. A *finish* frame under it (one instruction, FINISH_SPECIAL, holding a
:class:`Finish`) does what the protocol does with the answer: a new instance is the
value of ``C(x)`` once ``__init__`` has returned None; a NotImplemented hands the
operation back to the full protocol, with that answer already logged.

Each helper here either returns (the fast path does not apply: the instruction goes on
its usual way) or raises :class:`PushFrames`, having taken the instruction's operands.
"""

from __future__ import annotations

import operator
from typing import Any

from ..model import descriptors, protocols
from ..model.classes import MISSING, ClassMeta, is_instance, lookup, record
from ..model.descriptors import Method
from ..model.spaces import OBJECT_NEW, solid_base
from . import opcodes, operations
from .code import Code
from .frames import Frame
from .objects import Function


class PushFrames(BaseException):  # noqa: N818 - a signal to the execute loop
    """Push ``frames`` (the last one runs first) above the frame of the instruction."""

    def __init__(self, frames: list[Frame]) -> None:
        super().__init__()
        self.frames = frames


class Finish:
    """What a finish frame does with the answer of the frame above it.

    ``kind``: "init" (the answer must be None; the value is ``data``, the instance),
    "value" (the answer is the value), "jump" (jump to ``target`` unless the answer is
    true), "discard" (no value), "text" (the answer must be a str: ``data`` names the
    method). For "value" and "jump", a NotImplemented answer puts ``operands`` back on
    the caller's stack and runs the instruction at ``pc`` again, its first call
    answered (see Machine.run_direct).
    """

    __slots__ = ("kind", "data", "operands", "pc", "target")

    def __init__(self, kind: str, data: Any = None, operands: tuple = (), pc: int = 0,
                 target: int = 0) -> None:
        self.kind = kind
        self.data = data
        self.operands = operands
        self.pc = pc
        self.target = target


FINISH_CODE = Code(
    name="<finish>", qualname="<finish>", instrs=[(opcodes.FINISH_SPECIAL, None)], lines=[0],
    exc_table=[], varnames=[".plan"], cellvars=[], freevars=[], argcount=1, kind="prelude",
)


def finish_frame(plan: Finish, caller: Frame) -> Frame:
    return Frame(FINISH_CODE, [plan], None, caller.globals)


def _method_frame(vm: Any, function: Function, args: list, kwargs: dict | None) -> Any:
    return vm.frame_for(function, args, kwargs)


# -- C(...) --------------------------------------------------------------------------------


def instantiate(vm: Any, frame: Frame, cls: type, args: list, kwargs: dict | None) -> None:
    """``cls(*args)`` whose ``__new__`` is object's and ``__init__`` sandbox code: the
    instance is made here and its ``__init__`` runs as a frame."""
    init = protocols.attribute_binding(cls, "__init__")
    if init[0] != protocols._FUNCTION or not _plain_new(cls):
        return
    init = init[1]
    obj = object.__new__(cls)
    new = vm.frame_for(init, [obj, *args], kwargs)
    if type(new) is not Frame:  # an __init__ that is a generator or a coroutine function
        raise TypeError(f"__init__() should return None, not '{type(new).__name__}'")
    raise PushFrames([finish_frame(Finish("init", obj), frame), new])


def _plain_new(cls: type) -> bool:
    """Whether making an instance of ``cls`` is ``object.__new__(cls)`` and no more."""
    return (lookup(cls, "__new__")[0] is OBJECT_NEW and not record(cls).abstract
            and solid_base(cls) is object)


# -- obj.name -------------------------------------------------------------------------------


def get_property(vm: Any, frame: Frame, obj: Any, name: str) -> None:
    """``obj.name`` where it is a property whose getter is sandbox code."""
    cls = type(obj)
    if type(cls) is not ClassMeta:
        return
    kind, getter, _ = protocols.attribute_binding(cls, name)
    if kind != protocols._PROPERTY:
        return
    new = vm.frame_for(getter, [obj], None)
    if type(new) is not Frame:
        return
    frame.stack.pop()
    raise PushFrames([new])


# -- operators --------------------------------------------------------------------------------

# The special methods of an operator, forward and reflected; compare: a comparison.
_OPERATORS: dict[Any, tuple[str, str]] = {}


def _register(functions: tuple, forward: str, reflected: str) -> None:
    for function in functions:
        _OPERATORS[function] = (forward, reflected)


_register((operator.lt,), "__lt__", "__gt__")
_register((operator.le,), "__le__", "__ge__")
_register((operator.gt,), "__gt__", "__lt__")
_register((operator.ge,), "__ge__", "__le__")
_register((operator.eq,), "__eq__", "__eq__")
_register((operator.ne,), "__ne__", "__ne__")
_register((operations.add, operator.add), "__add__", "__radd__")
_register((operations.subtract, operator.sub), "__sub__", "__rsub__")
_register((operations.multiply, operator.mul), "__mul__", "__rmul__")
_register((operator.truediv,), "__truediv__", "__rtruediv__")
_register((operations.floordiv, operator.floordiv), "__floordiv__", "__rfloordiv__")
_register((operations.modulo, operator.mod), "__mod__", "__rmod__")
_register((operations.power,), "__pow__", "__rpow__")
_register((operations.lshift,), "__lshift__", "__rlshift__")
_register((operator.rshift,), "__rshift__", "__rrshift__")
_register((operations.bit_and, operator.and_), "__and__", "__rand__")
_register((operations.bit_or, operator.or_), "__or__", "__ror__")
_register((operations.bit_xor, operator.xor), "__xor__", "__rxor__")
_register((operator.matmul,), "__matmul__", "__rmatmul__")
# In-place: CPython tries the in-place method first, and the binary protocol after it.
_INPLACE = {
    operations.inplace_add: "__iadd__", operations.inplace_subtract: "__isub__",
    operations.inplace_multiply: "__imul__", operator.itruediv: "__itruediv__",
    operations.inplace_floordiv: "__ifloordiv__", operations.inplace_modulo: "__imod__",
    operations.inplace_power: "__ipow__", operations.inplace_lshift: "__ilshift__",
    operator.irshift: "__irshift__", operations.inplace_and: "__iand__",
    operations.inplace_or: "__ior__", operations.inplace_xor: "__ixor__",
    operator.imatmul: "__imatmul__",
}
_BINARY_OF_INPLACE = {
    operations.inplace_add: operations.add, operations.inplace_subtract: operations.subtract,
    operations.inplace_multiply: operations.multiply, operator.itruediv: operator.truediv,
    operations.inplace_floordiv: operations.floordiv, operations.inplace_modulo: operations.modulo,
    operations.inplace_power: operations.power, operations.inplace_lshift: operations.lshift,
    operator.irshift: operator.rshift, operations.inplace_and: operations.bit_and,
    operations.inplace_or: operations.bit_or, operations.inplace_xor: operations.bit_xor,
    operator.imatmul: operator.matmul,
}


def _first_method(function: Any, left: Any, right: Any) -> tuple[Any, list] | None:
    """The sandbox function the host's protocol calls first for ``function(left, right)``,
    and its arguments; None when that is not one sandbox function for sure."""
    inplace = _INPLACE.get(function)
    if inplace is not None:
        method = lookup(type(left), inplace)[0] if is_instance(left) else MISSING
        if method is not MISSING:
            return (method, [left, right]) if type(method) is Function else None
        function = _BINARY_OF_INPLACE[function]
    names = _OPERATORS.get(function)
    if names is None:
        return None
    forward, reflected = names
    tl, tr = type(left), type(right)
    if is_instance(left):
        if tr is not tl and is_instance(right) and issubclass(tr, tl):
            return None  # the right operand's reflected method may go first
        method = lookup(tl, forward)[0]
        return (method, [left, right]) if type(method) is Function else None
    if is_instance(right) and solid_base(tr) is object:
        method = lookup(tr, reflected)[0]  # the left builtin answers NotImplemented first
        return (method, [right, left]) if type(method) is Function else None
    return None


def operate(vm: Any, frame: Frame, pc: int, function: Any, left: Any, right: Any,
            operands: tuple, target: int | None = None) -> None:
    """``function(left, right)`` of an instruction at ``pc`` whose operands were
    ``operands`` (already taken off the stack): its first special method as a frame."""
    first = _first_method(function, left, right)
    if first is None:
        return
    method, args = first
    new = vm.frame_for(method, args, None)
    if type(new) is not Frame:
        return
    plan = Finish("value" if target is None else "jump", None, operands, pc, target or 0)
    raise PushFrames([finish_frame(plan, frame), new])


# -- obj[key] ---------------------------------------------------------------------------------


def get_item(vm: Any, frame: Frame, container: Any, key: Any) -> None:
    """``container[key]`` for an instance whose ``__getitem__`` is sandbox code (the key
    is off the stack; the container is at its top)."""
    method = lookup(type(container), "__getitem__")[0] if is_instance(container) else MISSING
    if type(method) is not Function:
        return
    new = vm.frame_for(method, [container, key], None)
    if type(new) is not Frame:
        return
    frame.stack.pop()
    raise PushFrames([new])


def set_item(vm: Any, frame: Frame, container: Any, key: Any, value: Any) -> None:
    """``container[key] = value`` for an instance whose ``__setitem__`` is sandbox code."""
    method = lookup(type(container), "__setitem__")[0] if is_instance(container) else MISSING
    if type(method) is not Function:
        return
    new = vm.frame_for(method, [container, key, value], None)
    if type(new) is not Frame:
        return
    raise PushFrames([finish_frame(Finish("discard"), frame), new])


# -- f"{obj}" ---------------------------------------------------------------------------------


def format_field(vm: Any, frame: Frame, value: Any, conversion: str | None, spec: str) -> None:
    """``f"{obj}"`` / ``f"{obj!r}"`` when that is one sandbox ``__str__``/``__repr__``."""
    if spec or conversion not in (None, "r", "s") or not is_instance(value):
        return
    cls = type(value)
    if solid_base(cls) is not object:
        return
    from ..model.spaces import OBJECT_SPACE

    if conversion is None and lookup(cls, "__format__")[0] is not OBJECT_SPACE["__format__"]:
        return
    name = "__repr__" if conversion == "r" else "__str__"
    method = lookup(cls, name)[0]
    if name == "__str__" and method is OBJECT_SPACE["__str__"]:
        name = "__repr__"
        method = lookup(cls, name)[0]
    if type(method) is not Function:
        return
    new = vm.frame_for(method, [value], None)
    if type(new) is not Frame:
        return
    frame.stack.pop()
    raise PushFrames([finish_frame(Finish("text", name), frame), new])


def finish(plan: Finish, value: Any, caller: Frame) -> tuple[bool, Any]:
    """What the caller gets from a finish frame: (push a value?, the value)."""
    kind = plan.kind
    if kind == "init":
        if value is not None:
            raise TypeError(f"__init__() should return None, not '{type(value).__name__}'")
        return True, plan.data
    if kind == "discard":
        return False, None
    if kind == "text":
        if not isinstance(value, str):
            raise TypeError(f"{plan.data} returned non-string (type {type(value).__name__})")
        return True, value
    if value is NotImplemented:  # the rest of the protocol: the instruction runs again
        caller.stack.extend(plan.operands)
        caller.pc = plan.pc
        caller.replay = [NotImplemented]
        return False, None
    if kind == "value":
        return True, value
    if not value:  # "jump": the compare-and-jump instructions jump when it is false
        caller.pc = plan.target
    return False, None


__all__ = ["FINISH_CODE", "Finish", "PushFrames", "Method", "descriptors"]
