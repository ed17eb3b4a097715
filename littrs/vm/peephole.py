"""Superinstructions: fuse common instruction runs so the machine dispatches less.

Runs on a finished instruction list. A run is fused only when nothing jumps
into its middle, no exception range starts or ends inside it, and it sits on
one source line, so the fused code behaves (and reports errors) exactly like
the run. Longer patterns are tried first. A ``JUMP`` to a ``RETURN_VALUE``
becomes the return itself.

Each fused arithmetic instruction carries the operator function. Where the
pattern proves the operation cheap (``x + 1`` with a number constant), that
is the host's C operator; otherwise the checked one the compiler chose.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from . import opcodes as op
from . import operations

Instr = tuple[int, Any]
ExcEntry = tuple[int, int, int, int]

_ARITHMETIC = {
    op.BINARY_ADD: operations.add,
    op.BINARY_SUB: operations.subtract,
    op.BINARY_MUL: operations.multiply,
}


# With an int on the left and a number constant on the right, these are cheap
# whatever the values, so the host's C operator may run them directly.
_CHEAP_WITH_NUMBER = {
    operations.add: operator.add,
    operations.subtract: operator.sub,
    operations.multiply: operator.mul,
    operations.modulo: operator.mod,
    operations.floordiv: operator.floordiv,
    operator.truediv: operator.truediv,
    operator.rshift: operator.rshift,
    operations.bit_and: operator.and_,
    operations.bit_or: operator.or_,
    operations.bit_xor: operator.xor,
}


def _operator(instr: Instr) -> Any:
    """The function an arithmetic instruction computes, or None if it is not one."""
    opcode, arg = instr
    return _ARITHMETIC.get(opcode) if opcode != op.BINARY_OP else arg


def _with_constant(function: Any, constant: Any) -> tuple[Any, Any]:
    """(general function, function for an int left operand) given the constant."""
    if type(constant) in (int, float):
        cheap = _CHEAP_WITH_NUMBER.get(function)
        if cheap is not None:
            if function is operations.add or function is operations.subtract:
                function = _CHEAP_WITH_NUMBER[function]  # number and number, or a TypeError
            return function, cheap
    return function, function


def _binop_fast_const(run: list[Instr]) -> Instr | None:
    function = _operator(run[2])
    if function is None:
        return None
    general, for_int = _with_constant(function, run[1][1])
    return (op.BINOP_FAST_CONST, (general, run[0][1], run[1][1], for_int))


def _binop_fast_fast(run: list[Instr]) -> Instr | None:
    function = _operator(run[2])
    return None if function is None else (op.BINOP_FAST_FAST, (function, run[0][1], run[1][1]))


def _binop_const(run: list[Instr]) -> Instr | None:
    function = _operator(run[1])
    if function is None:
        return None
    general, for_int = _with_constant(function, run[0][1])
    return (op.BINOP_CONST, (general, run[0][1], for_int))


def _call_global_fast(run: list[Instr]) -> Instr | None:
    """``f(x)`` or ``f(x - 1)``: one CALL that loads the global, then the argument, then calls."""
    if run[-1][1] != 1:
        return None
    if len(run) == 3:  # f(x)
        return (op.CALL, (run[0][1], run[1][1], None, None, None))
    function = _operator(run[3])  # f(x - 1)
    if function is None:
        return None
    general, for_int = _with_constant(function, run[2][1])
    return (op.CALL, (run[0][1], run[1][1], general, run[2][1], for_int))


def _cmpjump_fast_const(run: list[Instr]) -> Instr | None:
    return (op.CMPJUMP_FAST_CONST, (run[2][1], run[0][1], run[1][1], run[3][1]))


def _cmpjump_fast_fast(run: list[Instr]) -> Instr | None:
    return (op.CMPJUMP_FAST_FAST, (run[2][1], run[0][1], run[1][1], run[3][1]))


def _pair(opcode: int) -> Callable[[list[Instr]], Instr]:
    return lambda run: (opcode, (run[0][1], run[1][1]))


_ANY_ARITHMETIC = (op.BINARY_ADD, op.BINARY_SUB, op.BINARY_MUL, op.BINARY_OP)

# (opcodes of the run, builder); each builder may decline by returning None.
PATTERNS: list[tuple[tuple[Any, ...], Callable[[list[Instr]], Instr | None]]] = [
    ((op.LOAD_GLOBAL, op.LOAD_FAST, op.LOAD_CONST, _ANY_ARITHMETIC, op.CALL), _call_global_fast),
    ((op.LOAD_FAST, op.LOAD_CONST, op.COMPARE_OP, op.POP_JUMP_IF_FALSE), _cmpjump_fast_const),
    ((op.LOAD_FAST, op.LOAD_FAST, op.COMPARE_OP, op.POP_JUMP_IF_FALSE), _cmpjump_fast_fast),
    ((op.LOAD_FAST, op.LOAD_CONST, _ANY_ARITHMETIC), _binop_fast_const),
    ((op.LOAD_FAST, op.LOAD_FAST, _ANY_ARITHMETIC), _binop_fast_fast),
    ((op.LOAD_CONST, op.COMPARE_OP, op.POP_JUMP_IF_FALSE),
     lambda run: (op.CMPJUMP_CONST, (run[1][1], run[0][1], run[2][1]))),
    ((op.UNPACK_SEQUENCE, op.STORE_FAST, op.STORE_FAST),
     lambda run: (op.UNPACK2_STORE_FAST, (run[1][1], run[2][1])) if run[0][1] == 2 else None),
    ((op.LOAD_CONST, _ANY_ARITHMETIC), _binop_const),
    ((op.COMPARE_OP, op.POP_JUMP_IF_FALSE), lambda run: (op.COMPARE_JUMP, (run[0][1], run[1][1]))),
    ((op.LOAD_GLOBAL, op.LOAD_FAST, op.CALL), _call_global_fast),
    ((op.LOAD_FAST, op.RETURN_VALUE), lambda run: (op.RETURN_VALUE, run[0][1])),
    ((op.BINARY_ADD, op.RETURN_VALUE), lambda run: (op.RETURN_VALUE, operations.add)),
    ((op.LOAD_FAST, op.LOAD_CONST), _pair(op.LOAD_FAST_CONST)),
    ((op.LOAD_FAST, op.LOAD_FAST), _pair(op.LOAD_FAST2)),
    ((op.STORE_FAST, op.LOAD_FAST), _pair(op.STORE_LOAD_FAST)),
]


def _matches(pattern: tuple[Any, ...], run: list[Instr]) -> bool:
    for expected, (opcode, _) in zip(pattern, run):
        if opcode != expected and not (isinstance(expected, tuple) and opcode in expected):
            return False
    return True


def optimize(
    instrs: list[Instr], lines: list[int], exc_table: list[ExcEntry]
) -> tuple[list[Instr], list[int], list[ExcEntry]]:
    """The fused instruction list, its line table and its exception table.

    Where fusions overlap, the choice that leaves the fewest instructions wins
    (a small dynamic programme over the positions, from the end).
    """
    instrs = [
        (op.RETURN_VALUE, None)
        if opcode == op.JUMP and instrs[arg][0] == op.RETURN_VALUE
        else (opcode, arg)
        for opcode, arg in instrs
    ]
    boundaries = {pc for opcode, pc in instrs if opcode in op.JUMPS}
    for start, end, handler, _ in exc_table:
        boundaries.update((start, end, handler))
    count = len(instrs)
    cost = [0] * (count + 1)
    choice: list[tuple[Instr, int]] = [((0, None), 1)] * count
    for pc in range(count - 1, -1, -1):
        best = (instrs[pc], 1)
        best_cost = 1 + cost[pc + 1]
        for replacement, length in _fusions_at(instrs, lines, boundaries, pc):
            if 1 + cost[pc + length] < best_cost:
                best, best_cost = (replacement, length), 1 + cost[pc + length]
        choice[pc] = best
        cost[pc] = best_cost
    new_index: list[int] = []
    fused: list[Instr] = []
    fused_lines: list[int] = []
    pc = 0
    while pc < count:
        replacement, length = choice[pc]
        new_index.extend([len(fused)] * length)
        fused.append(replacement)
        fused_lines.append(lines[pc])
        pc += length
    new_index.append(len(fused))
    remapped = [(opcode, _retarget(opcode, arg, new_index)) for opcode, arg in fused]
    table = [
        (new_index[start], new_index[end], new_index[handler], depth)
        for start, end, handler, depth in exc_table
    ]
    return remapped, fused_lines, table


def _fusions_at(
    instrs: list[Instr], lines: list[int], boundaries: set[int], pc: int
) -> list[tuple[Instr, int]]:
    found = []
    for pattern, build in PATTERNS:
        length = len(pattern)
        end = pc + length
        if end > len(instrs):
            continue
        if any(index in boundaries for index in range(pc + 1, end)):
            continue
        if any(lines[index] != lines[pc] for index in range(pc + 1, end)):
            continue
        run = instrs[pc:end]
        if _matches(pattern, run):
            replacement = build(run)
            if replacement is not None:
                found.append((replacement, length))
    return found


def _retarget(opcode: int, arg: Any, new_index: list[int]) -> Any:
    if opcode in op.FUSED_JUMPS:
        return (*arg[:-1], new_index[arg[-1]])
    if opcode in op.JUMPS:
        return new_index[arg]
    return arg
