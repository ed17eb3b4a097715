"""The sandbox's ``math`` module: the host's own functions, with the costly ones guarded.

Every public function of the host's ``math`` is a C function that cannot call
back into sandbox code, so most are exposed as they are: values, results and
error messages are CPython's by construction. The few whose result can be
arbitrarily large for a small input (``factorial``, ``comb``, ``perm``,
``prod``, ``lcm``, ``sumprod``) estimate the size of their result first and
refuse, with the memory limit error, what the budget cannot hold (DESIGN
invariant 4). Those that loop over an iterable (``fsum``, ``prod``, ``dist``,
``hypot``) pay for its items: a sized one up front, a lazy one or a generator
item by item, in the prelude (``fsum_add`` is CPython's loop, step by step).
``gcd`` and ``lcm`` pay for their quadratic work on big ints. Wrong arguments
are left to the host function, so its TypeError or ValueError is the one the
sandbox sees.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from operator import length_hint
from typing import Any

from ..vm.context import charge, check_size
from ..vm.objects import FRAME_ITERATORS, Builtin, CallRequest, Module
from ..vm.operations import LAZY_ITERATORS, big_int_cost, host_iterable, multiply
from ..vm.prelude import prelude_function

_LN2 = math.log(2)
_EXACT = (int, bool)
_NUMBERS = (int, bool, float, complex)
_SMALL = 64_000  # bits: products below this are cheap, skip the check


def _is_exact(value: Any) -> bool:
    return type(value) in _EXACT


def _check_bits(bits: float) -> None:
    """The result's memory, and the time to make it: about a product of its size."""
    if bits > _SMALL:
        check_size(int(bits) // 8 + 1)
        charge(2 * big_int_cost(int(bits) // 30))


def _log2_factorial_ratio(n: int, k: int) -> float:
    """About log2(n! / (n - k)!), the bits of perm(n, k); never less."""
    bound = k * n.bit_length()
    if n < 1 << 50:
        return min(bound, (math.lgamma(n + 1) - math.lgamma(n - k + 1)) / _LN2 + 64)
    return bound


def _log2_comb(n: int, k: int) -> float:
    """About log2(comb(n, k)); never less."""
    k = min(k, n - k)
    if k <= 0:
        return 0
    bound = k * n.bit_length()
    if n < 1 << 50:
        exact = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
        return min(bound, exact / _LN2 + 64)
    return bound


def factorial(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 1 and not kwargs and _is_exact(args[0]) and 1 < args[0] <= sys.maxsize:
        _check_bits(_log2_factorial_ratio(args[0], args[0]))
    return math.factorial(*args, **kwargs)


def comb(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 2 and not kwargs and _is_exact(args[0]) and _is_exact(args[1]):
        n, k = args
        if 0 <= k <= n:
            _check_bits(_log2_comb(n, k))
    return math.comb(*args, **kwargs)


def perm(*args: Any, **kwargs: Any) -> Any:
    if 1 <= len(args) <= 2 and not kwargs:
        n = args[0]
        k = args[1] if len(args) == 2 and args[1] is not None else n
        if _is_exact(n) and _is_exact(k) and 0 <= k <= n:
            _check_bits(_log2_factorial_ratio(n, k))
    return math.perm(*args, **kwargs)


class _ExactProduct:
    """A running product of ints, multiplied as a balanced tree (fast for big ones).

    Integer multiplication is exact and associative, so the result is the one
    CPython's left-to-right loop makes; the size is checked as factors come in.
    """

    __slots__ = ("first", "count", "zero", "bits", "partials")

    def __init__(self, first: Any) -> None:
        self.first = first
        self.count = 1
        self.zero = first == 0
        self.bits = first.bit_length()
        self.partials: list[list[Any]] = [[first, 1]]  # [product, how many factors]

    def add(self, factor: Any) -> None:
        self.count += 1
        if self.zero:
            return
        if factor == 0:
            self.zero = True
            self.partials = []
            return
        self.bits += factor.bit_length()
        _check_bits(self.bits)
        partials = self.partials
        partials.append([factor, 1])
        while len(partials) > 1 and partials[-1][1] >= partials[-2][1]:
            right = partials.pop()
            partials[-1][0] *= right[0]
            partials[-1][1] += right[1]

    def value(self) -> Any:
        if self.count == 1:
            return self.first  # no multiplication happened: start itself (maybe a bool)
        if self.zero:
            return 0
        result = 1
        for product, _ in reversed(self.partials):
            result *= product
        return result


def _exact_prefix_bits(start: Any, values: list | tuple) -> int:
    """The bits of the product of ``start`` and the ints that lead ``values``."""
    bits = start.bit_length()
    for value in values:
        if not _is_exact(value) or value == 0:
            break
        bits += value.bit_length()
    return bits


def _lazy(iterable: Any) -> bool:
    """Whether the host would loop over ``iterable`` without knowing how long it is:
    then the prelude does, paying item by item. A sized one is paid for here."""
    t = type(iterable)
    if t in FRAME_ITERATORS or t in LAZY_ITERATORS:
        return True
    size = length_hint(iterable, -1)
    if size < 0:
        return hasattr(t, "__next__")
    charge(size)
    return False


def fsum(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 1 and not kwargs and _lazy(args[0]):
        return CallRequest(prelude_function("__fsum"), [args[0]])
    return math.fsum(*args, **kwargs)


def fsum_add(state: list, item: Any) -> None:
    """One turn of CPython's ``math.fsum`` loop: add ``item`` to ``state``, which is
    ``[partials, special_sum, inf_sum]`` (a sandbox list, so a paused run keeps it)."""
    t = type(item)
    if t is float:
        x = item
    elif t is int or t is bool:
        x = float(item)  # CPython's OverflowError for an int too large
    else:
        x = math.fsum((item,))  # CPython's TypeError: "must be real number, not str"
    partials = state[0]
    saved = x
    kept = 0
    for y in partials:
        if abs(x) < abs(y):
            x, y = y, x
        high = x + y
        low = y - (high - x)
        if low != 0.0:
            partials[kept] = low
            kept += 1
        x = high
    del partials[kept:]
    if x != 0.0:
        if not math.isfinite(x):
            # overflow of finite summands, or a nan or infinity among them
            if math.isfinite(saved):
                raise OverflowError("intermediate overflow in fsum")
            if math.isinf(saved):
                state[2] += saved
            state[1] += saved
            partials.clear()
        else:
            partials.append(x)


def fsum_result(state: list) -> float:
    """The end of CPython's ``math.fsum``: the partials rounded to one float."""
    partials, special, infinities = state
    if special != 0.0:
        if math.isnan(infinities):
            raise ValueError("-inf + inf in fsum")
        return special
    high = 0.0
    count = len(partials)
    if count:
        count -= 1
        high = partials[count]
        low = 0.0
        while count:  # from the top, until the sum is inexact
            x = high
            count -= 1
            y = partials[count]
            high = x + y
            low = y - (high - x)
            if low != 0.0:
                break
        # half-even rounding across partials
        if count and ((low < 0.0 and partials[count - 1] < 0.0)
                      or (low > 0.0 and partials[count - 1] > 0.0)):
            y = low * 2.0
            x = high + y
            if y == x - high:
                high = x
    return high


def dist(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 2 and not kwargs:
        args = tuple(arg if type(arg) is tuple else host_iterable(arg) for arg in args)
        for arg in args:
            if hasattr(arg, "__len__"):
                charge(len(arg))
    return math.dist(*args, **kwargs)


def hypot(*args: Any, **kwargs: Any) -> Any:
    charge(len(args))
    return math.hypot(*args, **kwargs)  # a keyword: CPython's own error


def _gcd_cost(values: tuple) -> None:
    """Euclid on big ints (Lehmer's, in CPython) is quadratic in their size."""
    for value in values:
        if _is_exact(value):
            words = value.bit_length() // 30
            if words > 2000:
                charge(words * words // 4)


def gcd(*args: Any, **kwargs: Any) -> Any:
    _gcd_cost(args)
    return math.gcd(*args, **kwargs)  # a keyword: CPython's own error


def prod(*args: Any, **kwargs: Any) -> Any:
    if len(args) != 1 or (kwargs and set(kwargs) != {"start"}):
        return math.prod(*args, **kwargs)  # CPython's argument error
    if _lazy(args[0]):
        return CallRequest(prelude_function("__prod"), [args[0], kwargs.get("start", 1)])
    items = iter(args[0])  # CPython's "'int' object is not iterable"
    result = kwargs.get("start", 1)
    if type(args[0]) in (list, tuple) and _is_exact(result):
        _check_bits(_exact_prefix_bits(result, args[0]))  # refuse before multiplying at all
    exact = _ExactProduct(result) if _is_exact(result) else None
    for item in items:
        if exact is not None:
            if _is_exact(item):
                exact.add(item)
                continue
            result = exact.value()
            exact = None
        result = multiply(result, item)  # size-checked, like the sandbox's own `*`
    return exact.value() if exact is not None else result


def lcm(*args: Any, **kwargs: Any) -> Any:
    if kwargs:
        return math.lcm(*args, **kwargs)  # CPython's "math.lcm() takes no keyword arguments"
    for value in args:
        if not _is_exact(value):
            return math.lcm(value)  # CPython's TypeError for it
    _check_bits(sum(value.bit_length() for value in args))
    _gcd_cost(args)
    values = list(args)
    while len(values) > 2:  # pairwise: lcm is associative and commutative
        paired = [math.lcm(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]
        if len(values) % 2:
            paired.append(values[-1])
        values = paired
    return math.lcm(*values)


def _materialise(values: Any) -> list:
    items = []
    for item in values:
        items.append(item)
        if len(items) & 0xFFFF == 0:
            check_size(8 * len(items))
    return items


def sumprod(*args: Any, **kwargs: Any) -> Any:  # pragma: no cover - CPython 3.12+
    host = math.sumprod  # type: ignore[attr-defined]
    if len(args) != 2 or kwargs:
        return host(*args, **kwargs)
    p, q = _materialise(args[0]), _materialise(args[1])
    widest = 0
    for a, b in zip(p, q):
        if type(a) in _NUMBERS and type(b) in _NUMBERS:
            if _is_exact(a) and _is_exact(b):
                widest = max(widest, a.bit_length() + b.bit_length())
        else:
            multiply(a, b)  # size-checked; CPython would build it too
    _check_bits(widest + len(p).bit_length())
    return host(p, q)


def isqrt(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 1 and type(args[0]) is int and args[0].bit_length() > _SMALL:
        # Newton's method: a division of the argument's size per doubling of precision.
        charge(4 * big_int_cost(args[0].bit_length() // 30))
    return math.isqrt(*args, **kwargs)


_GUARDED: dict[str, Callable[..., Any]] = {
    "fsum": fsum,
    "dist": dist,
    "hypot": hypot,
    "gcd": gcd,
    "isqrt": isqrt,
    "factorial": factorial,
    "comb": comb,
    "perm": perm,
    "prod": prod,
    "lcm": lcm,
    "sumprod": sumprod,
}

_CONSTANTS = ("pi", "e", "tau", "inf", "nan")


def _functions() -> dict[str, Callable[..., Any]]:
    functions: dict[str, Callable[..., Any]] = {}
    for name in dir(math):
        if name.startswith("_") or name in _CONSTANTS:
            continue
        value = getattr(math, name)
        if callable(value):
            functions[name] = _GUARDED.get(name, value)
    return functions


FUNCTIONS = _functions()
_BUILTINS = {name: Builtin(name, fn) for name, fn in FUNCTIONS.items()}


def make_module() -> Module:
    """A fresh ``math`` module for one sandbox."""
    namespace: dict[str, Any] = {"__name__": "math"}
    namespace.update(_BUILTINS)
    for name in _CONSTANTS:
        namespace[name] = getattr(math, name)
    return Module("math", namespace)
