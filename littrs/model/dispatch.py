"""The special methods the host's C code calls on instances of sandbox classes.

When the host does the work on sandbox values (hashing a key in a dict, comparing the
items of two lists, sorting, ``range(obj)``, the ``repr`` of a list of instances), it
reaches a sandbox instance's ``__hash__``, ``__eq__``, ``__lt__``, ``__index__``,
``__repr__`` through the C slots of its carrier. A carrier gets a *dispatcher* for each
such method its class defines: a host function that runs the sandbox method through
:meth:`Machine.call <littrs.vm.machine.Machine.call>` (as a nested run of the VM, bounded
by the same limits; a tool call there is refused with a clear error). The host's C code
checks what comes back as CPython does (``__hash__`` must return an int, ``__bool__`` a
bool), so those errors are CPython's own.

An instruction that operates on an instance itself (``a + b``, ``obj[k]``, ``a < b``)
does not come here: it runs the method as a frame of its own (see
``Machine.run_direct``).
"""

from __future__ import annotations

from typing import Any

from ..vm.context import current
from ..vm.frames import Frame
from ..vm.objects import Function
from .classes import MISSING, lookup

DISPATCHED = frozenset("""
__repr__ __str__ __format__ __bytes__ __hash__ __bool__ __len__ __length_hint__
__iter__ __next__ __reversed__ __contains__ __getitem__ __setitem__ __delitem__ __missing__
__eq__ __ne__ __lt__ __le__ __gt__ __ge__
__add__ __radd__ __iadd__ __sub__ __rsub__ __isub__ __mul__ __rmul__ __imul__
__truediv__ __rtruediv__ __itruediv__ __floordiv__ __rfloordiv__ __ifloordiv__
__mod__ __rmod__ __imod__ __divmod__ __rdivmod__ __pow__ __rpow__ __ipow__
__lshift__ __rlshift__ __ilshift__ __rshift__ __rrshift__ __irshift__
__and__ __rand__ __iand__ __or__ __ror__ __ior__ __xor__ __rxor__ __ixor__
__matmul__ __rmatmul__ __imatmul__
__neg__ __pos__ __abs__ __invert__ __int__ __float__ __complex__ __index__
__round__ __trunc__ __floor__ __ceil__ __call__ __instancecheck__ __subclasscheck__
""".split())


def _dispatcher(name: str) -> Any:
    def dispatch(self: Any, *args: Any) -> Any:
        vm = current.get()
        if vm.rebuilding and name in _REBUILT:  # see Machine.rebuilding
            return _REBUILT[name]
        if vm.direct is None:  # the usual case: a sandbox function, run nested at once
            method = lookup(type(self), name)[0]
            if type(method) is Function:
                frame = vm.frame_for(method, [self, *args], None)
                if type(frame) is Frame:
                    return vm.run_nested(frame)
        from .spaces import call_special

        return call_special(vm, self, name, list(args))

    dispatch.__name__ = dispatch.__qualname__ = name
    return dispatch


# While a snapshot's dicts and sets are filled again, their keys are the distinct keys
# they held: two of them that hash alike are unequal, and no sandbox code needs to say so.
_REBUILT = {"__eq__": False, "__ne__": True}
DISPATCHERS = {name: _dispatcher(name) for name in DISPATCHED}


def dispatchers_for(namespace: dict) -> dict[str, Any]:
    """The host dict entries a class with this namespace needs for its special methods."""
    found: dict[str, Any] = {name: DISPATCHERS[name] for name in namespace if name in DISPATCHED}
    if namespace.get("__hash__", MISSING) is None:
        found["__hash__"] = None  # unhashable, in the host's own words
    return found


def update_dispatcher(cls: type, name: str) -> None:
    """After ``cls.name`` was set or deleted: the carrier's slot follows."""
    if name not in DISPATCHED:
        return
    from .classes import record

    namespace = record(cls).namespace
    if name in namespace:
        value = None if name == "__hash__" and namespace[name] is None else DISPATCHERS[name]
        type.__setattr__(cls, name, value)
    elif name in cls.__dict__:
        type.__delattr__(cls, name)
