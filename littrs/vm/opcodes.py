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
    "STORE_FAST",  # fast[arg] = pop()
    "LOAD_CONST",  # push arg
    "BINARY_ADD",  # a + b
    "FOR_ITER",  # next of the iterator at TOS, or pop it and jump to arg
    "JUMP_BACKWARD",  # loop back-edge to arg (the machine checks limits here)
    "COMPARE_OP",  # arg(a, b) for < <= > >= == !=
    "POP_JUMP_IF_FALSE",
    "POP_JUMP_IF_TRUE",
    "LOAD_GLOBAL",  # globals, then builtins; arg is the name
    "CALL",  # arg positional arguments above the callable
    "RETURN_VALUE",
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
STORE_FAST = 1
LOAD_CONST = 2
BINARY_ADD = 3
FOR_ITER = 4
JUMP_BACKWARD = 5
COMPARE_OP = 6
POP_JUMP_IF_FALSE = 7
POP_JUMP_IF_TRUE = 8
LOAD_GLOBAL = 9
CALL = 10
RETURN_VALUE = 11
BINARY_SUB = 12
BINARY_MUL = 13
BINARY_OP = 14
INPLACE_OP = 15
BINARY_SUBSCR = 16
LOAD_ATTR = 17
POP_TOP = 18
JUMP = 19
LOAD_DEREF = 20
STORE_DEREF = 21
STORE_GLOBAL = 22
STORE_SUBSCR = 23
BUILD_TUPLE = 24
BUILD_LIST = 25
LIST_APPEND = 26
YIELD_VALUE = 27
IS_OP = 28
CONTAINS_OP = 29
UNARY_OP = 30
UNARY_NOT = 31
JUMP_IF_FALSE_OR_POP = 32
JUMP_IF_TRUE_OR_POP = 33
GET_ITER = 34
COPY = 35
SWAP = 36
BUILD_MAP = 37
BUILD_SET = 38
BUILD_SLICE = 39
BUILD_STRING = 40
FORMAT_VALUE = 41
SET_ADD = 42
MAP_ADD = 43
LIST_EXTEND = 44
SET_UPDATE = 45
DICT_UPDATE = 46
DICT_MERGE = 47
LIST_TO_TUPLE = 48
UNPACK_SEQUENCE = 49
UNPACK_EX = 50
CALL_KW = 51
CALL_EX = 52
MAKE_FUNCTION = 53
LOAD_CLOSURE = 54
DELETE_FAST = 55
DELETE_DEREF = 56
DELETE_GLOBAL = 57
DELETE_SUBSCR = 58
STORE_ATTR = 59
DELETE_ATTR = 60
RAISE = 61
RERAISE = 62
PUSH_EXC_INFO = 63
POP_EXCEPT = 64
POP_EXCEPT_RERAISE = 65
CHECK_EXC_MATCH = 66
SEND = 67
GET_YIELD_FROM_ITER = 68
LOAD_ASSERTION_ERROR = 69
LOAD_SPECIAL = 70
IMPORT_NAME = 71
IMPORT_FROM = 72
NOP = 73
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
    )
)
