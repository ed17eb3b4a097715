"""Superinstructions: fuse common instruction pairs so the machine dispatches less.

Runs on a finished instruction list. A pair is fused only when nothing jumps
to its second instruction and no exception range starts or ends between the
two, so the fused code behaves exactly like the pair. A ``JUMP`` to a
``RETURN_VALUE`` becomes the return itself.
"""

from __future__ import annotations

from typing import Any

from . import opcodes as op

Instr = tuple[int, Any]
ExcEntry = tuple[int, int, int, int]

_PAIRS = {
    (op.LOAD_FAST, op.LOAD_CONST): op.LOAD_FAST_CONST,
    (op.LOAD_FAST, op.LOAD_FAST): op.LOAD_FAST2,
    (op.STORE_FAST, op.LOAD_FAST): op.STORE_LOAD_FAST,
    (op.COMPARE_OP, op.POP_JUMP_IF_FALSE): op.COMPARE_JUMP,
}


def optimize(
    instrs: list[Instr], lines: list[int], exc_table: list[ExcEntry]
) -> tuple[list[Instr], list[int], list[ExcEntry]]:
    """The fused instruction list, its line table and its exception table."""
    instrs = [
        (op.RETURN_VALUE, None)
        if opcode == op.JUMP and instrs[arg][0] == op.RETURN_VALUE
        else (opcode, arg)
        for opcode, arg in instrs
    ]
    boundaries = {pc for opcode, pc in instrs if opcode in op.JUMPS}
    for start, end, handler, _ in exc_table:
        boundaries.update((start, end, handler))
    new_index: list[int] = []
    fused: list[Instr] = []
    fused_lines: list[int] = []
    pc = 0
    while pc < len(instrs):
        opcode, arg = instrs[pc]
        new_index.append(len(fused))
        if pc + 1 < len(instrs) and pc + 1 not in boundaries and lines[pc] == lines[pc + 1]:
            next_opcode, next_arg = instrs[pc + 1]
            combined = _PAIRS.get((opcode, next_opcode))
            if combined is not None:
                new_index.append(len(fused))
                fused.append((combined, (arg, next_arg)))
                fused_lines.append(lines[pc])
                pc += 2
                continue
        fused.append((opcode, arg))
        fused_lines.append(lines[pc])
        pc += 1
    new_index.append(len(fused))
    remapped = [
        (opcode, _retarget(opcode, arg, new_index)) for opcode, arg in fused
    ]
    table = [
        (new_index[start], new_index[end], new_index[handler], depth)
        for start, end, handler, depth in exc_table
    ]
    return remapped, fused_lines, table


def _retarget(opcode: int, arg: Any, new_index: list[int]) -> Any:
    if opcode == op.COMPARE_JUMP:
        return (arg[0], new_index[arg[1]])
    if opcode in op.JUMPS:
        return new_index[arg]
    return arg
