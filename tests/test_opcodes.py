"""The opcode table (littrs/vm/opcodes.py) is the one source of truth for the instruction set."""

from __future__ import annotations

import re
from pathlib import Path

from littrs.vm import opcodes

VM = Path(opcodes.__file__).parent


def test_each_opcode_constant_is_its_position_in_the_table() -> None:
    """The machine dispatches on the constants, the disassembler names by position: they agree."""
    for number, name in enumerate(opcodes.OPCODES):
        assert getattr(opcodes, name) == number, name
    assert len(set(opcodes.OPCODES)) == len(opcodes.OPCODES)


def test_the_compiler_can_emit_every_opcode() -> None:
    """No dead opcode: each is emitted by the compiler, made by the peephole pass, or
    written into the VM's own code (the prelude's RESUME_REPLAY, FINISH_SPECIAL).

    An opcode nothing emits can never run, so no test or fuzzer can cover it.
    """
    source = "".join((VM / name).read_text() for name in ("compiler.py", "peephole.py",
                                                           "prelude.py", "special.py"))
    emitted = set(re.findall(r"\b(?:op|opcodes)\.([A-Z_0-9]+)", source))
    assert [name for name in opcodes.OPCODES if name not in emitted] == []


def test_the_machine_handles_every_opcode() -> None:
    source = (VM / "machine.py").read_text()
    handled = set(re.findall(r"opcode (?:is|==) (?:op\.)?([A-Z_0-9]+)", source))
    assert [name for name in opcodes.OPCODES if name not in handled] == []
