"""The instruction set: the one table the compiler, the machine and the disassembler read.

An instruction is a pair ``(opcode, arg)``. Opcodes are small ints numbered in
the order below, hottest first, because the machine tests them in this order.
Arguments are resolved at compile time: a constant is the value itself, a local
is its slot index, a jump is the target instruction index, a binary operator is
the host function that computes it.
"""

from __future__ import annotations

OPCODES: tuple[str, ...] = (
    # -- the hot core: locals, constants, arithmetic, loops, calls
    "LOAD_FAST",  # push fast[arg]
    "LOAD_FAST_CONST",  # superinstruction: push fast[arg[0]], then arg[1]
    "STORE_FAST",  # fast[arg] = pop()
    "LOAD_CONST",  # push arg
    "LOAD_FAST2",  # superinstruction: push fast[arg[0]], then fast[arg[1]]
    "BINARY_ADD",  # a + b
    "FOR_ITER",  # next of the iterator at TOS, or pop it and jump to arg
    "JUMP_BACKWARD",  # loop back-edge to arg (the machine checks limits here)
    "COMPARE_JUMP",  # superinstruction: arg[0](a, b), jump to arg[1] if false
    "CALL",  # arg positional arguments above the callable
    "RETURN_VALUE",
    "LOAD_GLOBAL",  # globals, then builtins; arg is the name
    "STORE_LOAD_FAST",  # superinstruction: fast[arg[0]] = pop(); push fast[arg[1]]
    "INPLACE_ADD",  # a += b
    "COMPARE_OP",  # arg(a, b) for < <= > >= == !=
    "POP_JUMP_IF_FALSE",
    "POP_JUMP_IF_TRUE",
    "BINARY_SUB",
    "BINARY_MUL",
    "BINARY_OP",  # arg is a host operator function: (a, b) -> value
    "INPLACE_OP",  # arg is a host in-place operator function
    "BINARY_SUBSCR",
    "LOAD_ATTR",  # attribute through the VM's tables; arg is the name
    "POP_TOP",
    "JUMP",
    "LOAD_DEREF",  # cells[arg].contents
    "STORE_DEREF",
    "STORE_GLOBAL",
    "STORE_SUBSCR",
    "BUILD_TUPLE",
    "BUILD_LIST",
    "LIST_APPEND",  # append TOS to the list arg slots below it (comprehensions)
    "YIELD_VALUE",
    "IS_OP",  # arg: 1 for `is not`
    "CONTAINS_OP",  # arg: 1 for `not in`
    "UNARY_OP",  # arg is a host function of one argument
    "UNARY_NOT",
    "JUMP_IF_FALSE_OR_POP",
    "JUMP_IF_TRUE_OR_POP",
    "GET_ITER",
    "COPY",  # push the item arg places down (1 = TOS)
    "SWAP",  # swap TOS with the item arg places down
    "BUILD_MAP",  # arg key/value pairs
    "BUILD_SET",
    "BUILD_SLICE",  # arg is 2 or 3
    "BUILD_STRING",  # join arg strings
    "FORMAT_VALUE",  # arg: (conversion char or None, has_spec)
    "SET_ADD",
    "MAP_ADD",
    "LIST_EXTEND",
    "SET_UPDATE",
    "DICT_UPDATE",
    "DICT_MERGE",  # like DICT_UPDATE, but a repeated key is an error (f(**a, **b))
    "LIST_TO_TUPLE",
    "UNPACK_SEQUENCE",  # arg targets
    "UNPACK_EX",  # arg: (before, after) a star target
    "CALL_KW",  # arg: (positional count, keyword names)
    "CALL_EX",  # arg: 1 if a kwargs dict is on the stack; args tuple below it
    "MAKE_FUNCTION",  # arg: FunctionTemplate
    "LOAD_CLOSURE",  # push the cell object cells[arg]
    "DELETE_FAST",
    "DELETE_DEREF",
    "DELETE_GLOBAL",
    "DELETE_SUBSCR",
    "STORE_ATTR",
    "DELETE_ATTR",
    "RAISE",  # arg: 0 bare raise, 1 raise X, 2 raise X from Y
    "RERAISE",  # re-raise TOS without adding a traceback entry
    "PUSH_EXC_INFO",  # exc = pop(); push(handled); push(exc); handled = exc
    "POP_EXCEPT",  # handled = pop()
    "POP_EXCEPT_RERAISE",  # exc = pop(); handled = pop(); re-raise exc
    "CHECK_EXC_MATCH",  # push isinstance(TOS1, TOS) with CPython's checks; pops TOS
    "SEND",  # yield from: send TOS into the iterator below it, or jump to arg when done
    "GET_YIELD_FROM_ITER",
    "LOAD_ASSERTION_ERROR",
    "LOAD_SPECIAL",  # bound __enter__/__exit__ of TOS through the VM's tables (with)
    "IMPORT_NAME",  # arg: module name
    "IMPORT_FROM",  # arg: attribute name
    "NOP",
)

# fmt: off
LOAD_FAST = 0
LOAD_FAST_CONST = 1
STORE_FAST = 2
LOAD_CONST = 3
LOAD_FAST2 = 4
BINARY_ADD = 5
FOR_ITER = 6
JUMP_BACKWARD = 7
COMPARE_JUMP = 8
CALL = 9
RETURN_VALUE = 10
LOAD_GLOBAL = 11
STORE_LOAD_FAST = 12
INPLACE_ADD = 13
COMPARE_OP = 14
POP_JUMP_IF_FALSE = 15
POP_JUMP_IF_TRUE = 16
BINARY_SUB = 17
BINARY_MUL = 18
BINARY_OP = 19
INPLACE_OP = 20
BINARY_SUBSCR = 21
LOAD_ATTR = 22
POP_TOP = 23
JUMP = 24
LOAD_DEREF = 25
STORE_DEREF = 26
STORE_GLOBAL = 27
STORE_SUBSCR = 28
BUILD_TUPLE = 29
BUILD_LIST = 30
LIST_APPEND = 31
YIELD_VALUE = 32
IS_OP = 33
CONTAINS_OP = 34
UNARY_OP = 35
UNARY_NOT = 36
JUMP_IF_FALSE_OR_POP = 37
JUMP_IF_TRUE_OR_POP = 38
GET_ITER = 39
COPY = 40
SWAP = 41
BUILD_MAP = 42
BUILD_SET = 43
BUILD_SLICE = 44
BUILD_STRING = 45
FORMAT_VALUE = 46
SET_ADD = 47
MAP_ADD = 48
LIST_EXTEND = 49
SET_UPDATE = 50
DICT_UPDATE = 51
DICT_MERGE = 52
LIST_TO_TUPLE = 53
UNPACK_SEQUENCE = 54
UNPACK_EX = 55
CALL_KW = 56
CALL_EX = 57
MAKE_FUNCTION = 58
LOAD_CLOSURE = 59
DELETE_FAST = 60
DELETE_DEREF = 61
DELETE_GLOBAL = 62
DELETE_SUBSCR = 63
STORE_ATTR = 64
DELETE_ATTR = 65
RAISE = 66
RERAISE = 67
PUSH_EXC_INFO = 68
POP_EXCEPT = 69
POP_EXCEPT_RERAISE = 70
CHECK_EXC_MATCH = 71
SEND = 72
GET_YIELD_FROM_ITER = 73
LOAD_ASSERTION_ERROR = 74
LOAD_SPECIAL = 75
IMPORT_NAME = 76
IMPORT_FROM = 77
NOP = 78
# fmt: on

# The jumps: their argument is an instruction index.
JUMPS = frozenset(
    OPCODES.index(name)
    for name in (
        "FOR_ITER",
        "JUMP_BACKWARD",
        "POP_JUMP_IF_FALSE",
        "POP_JUMP_IF_TRUE",
        "JUMP",
        "JUMP_IF_FALSE_OR_POP",
        "JUMP_IF_TRUE_OR_POP",
        "SEND",
        "COMPARE_JUMP",
    )
)
