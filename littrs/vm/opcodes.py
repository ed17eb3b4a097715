"""The instruction set: the one table the compiler, the machine and the disassembler read.

An instruction is a pair ``(opcode, arg)``. Opcodes are small ints numbered in
the order below, hottest first, because the machine tests them in this order.
Arguments are resolved at compile time: a constant is the value itself, a local
is its slot index, a jump is the target instruction index, a binary operator is
the host function that computes it.
"""

from __future__ import annotations

OPCODES: tuple[str, ...] = (
    # Ordered hottest first, as the machine tests them.
    "LOAD_FAST",  # push fast[arg]
    "LOAD_GLOBAL",  # globals, then builtins; arg is the name
    "LOAD_CONST",  # push arg
    "STORE_FAST",  # fast[arg] = pop()
    "CALL",  # arg positional arguments above the callable; or, fused with the global and
    # the one local argument loaded before it (``f(x)``, ``f(n - 1)``), a tuple (global
    # name, slot, operator or None, constant, operator for an int). Same opcode, so the
    # fused call costs no extra test in the dispatch chain.
    "FOR_ITER",  # next of the iterator at TOS, or pop it and jump to arg
    "JUMP_BACKWARD",  # loop back-edge to arg (the machine checks limits here)
    "STORE_GLOBAL",
    "BINOP_FAST_CONST",  # superinstruction: push arg[0](fast[arg[1]], arg[2])
    "CMPJUMP_FAST_CONST",  # superinstruction: unless arg[0](fast[arg[1]], arg[2]): jump arg[3]
    "RETURN_VALUE",  # return pop(), or fast[arg] when arg is a slot (fused LOAD_FAST), or
    # the sum of the two values on top when arg is operations.add (fused BINARY_ADD)
    "LOAD_ATTR",  # attribute through the VM's tables; arg is the name
    "BINARY_ADD",  # a + b
    "STORE_LOAD_FAST",  # superinstruction: fast[arg[0]] = pop(); push fast[arg[1]]
    "LOAD_FAST2",  # superinstruction: push fast[arg[0]], then fast[arg[1]]
    "LOAD_FAST_CONST",  # superinstruction: push fast[arg[0]], then arg[1]
    "LIST_APPEND",  # append TOS to the list arg slots below it (comprehensions)
    "COMPARE_JUMP",  # superinstruction: arg[0](a, b), jump to arg[1] if false
    "BINOP_FAST_FAST",  # superinstruction: push arg[0](fast[arg[1]], fast[arg[2]])
    "CMPJUMP_FAST_FAST",  # superinstruction: unless arg[0](fast[arg[1]], fast[arg[2]]): jump
    "BINOP_CONST",  # superinstruction: TOS = arg[0](TOS, arg[1]) (arg[2] for an int TOS)
    "CMPJUMP_CONST",  # superinstruction: unless arg[0](pop(), arg[1]): jump arg[2]
    "UNPACK2_STORE_FAST",  # superinstruction: a, b = pop() into fast[arg[0]], fast[arg[1]]  # superinstruction: TOS = arg[0](TOS, arg[1])
    "INPLACE_ADD",  # a += b
    "BINARY_SUBSCR",
    "POP_TOP",
    "POP_JUMP_IF_FALSE",
    "BINARY_MUL",
    "BINARY_OP",  # arg is a host operator function: (a, b) -> value
    "INPLACE_OP",  # arg is a host in-place operator function
    "COMPARE_OP",  # arg(a, b) for < <= > >= == !=
    "POP_JUMP_IF_TRUE",
    "BINARY_SUB",
    "JUMP",
    "UNPACK_SEQUENCE",  # arg targets
    "MAP_ADD",
    "LOAD_DEREF",  # cells[arg].contents
    "STORE_DEREF",
    "STORE_SUBSCR",
    "BUILD_TUPLE",
    "BUILD_LIST",
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
    "CALL_KW",  # arg: (positional count, keyword names)
    "MAKE_FUNCTION",  # arg: FunctionTemplate
    "SEND",  # yield from: send TOS into the iterator below it, or jump to arg when done
    "BUILD_MAP",  # arg key/value pairs
    "BUILD_SET",
    "BUILD_SLICE",  # arg is 2 or 3
    "BUILD_STRING",  # join arg strings
    "FORMAT_VALUE",  # arg: (conversion char or None, has_spec)
    "SET_ADD",
    "LIST_EXTEND",
    "SET_UPDATE",
    "DICT_UPDATE",
    "DICT_MERGE",  # like DICT_UPDATE, but a repeated key is an error (f(**a, **b))
    "LIST_TO_TUPLE",
    "UNPACK_EX",  # arg: (before, after) a star target
    "CALL_EX",  # arg: 1 if a kwargs dict is on the stack; args tuple below it
    "LOAD_CLOSURE",  # push the cell object cells[arg]
    "DELETE_FAST",
    "DELETE_DEREF",
    "DELETE_GLOBAL",
    "DELETE_SUBSCR",
    "STORE_ATTR",
    "DELETE_ATTR",
    "RAISE",  # arg: 0 bare raise, 1 raise X, 2 raise X from Y
    "PUSH_EXC_INFO",  # exc = pop(); push(handled); push(exc); handled = exc
    "POP_EXCEPT",  # handled = pop()
    "POP_EXCEPT_RERAISE",  # exc = pop(); handled = pop(); re-raise exc
    "CHECK_EXC_MATCH",  # push isinstance(TOS1, TOS) with CPython's checks; pops TOS
    "GET_YIELD_FROM_ITER",
    "LOAD_ASSERTION_ERROR",
    "LOAD_SPECIAL",  # bound __enter__/__exit__ of TOS through the VM's tables (with)
    "IMPORT_NAME",  # arg: module name
    "IMPORT_FROM",  # arg: attribute name
    "GET_AWAITABLE",  # TOS as the iterator an await drives (a coroutine, a task, a future)
    "LOAD_NAME",  # a class body's name: its namespace, then globals, then builtins
    "STORE_NAME",  # into a class body's namespace
    "DELETE_NAME",
    "LOAD_CLASSDEREF",  # a free variable read in a class body: its namespace first, then the cell
    "LOAD_BUILD_CLASS",  # push the builtin that runs a class body and makes the class
    "SETUP_ANNOTATIONS",  # make __annotations__ in the namespace (module or class) if missing
    "RESUME_REPLAY",  # end a __replay frame: its value goes to the caller's log (run_direct)
    "FINISH_SPECIAL",  # a finish frame: what its Finish does with the answer (special.py)
    "LOAD_METHOD",  # obj.name for a call: push (function, obj) for a method, else (value, NO_SELF)
)

# fmt: off
LOAD_FAST = 0
LOAD_GLOBAL = 1
LOAD_CONST = 2
STORE_FAST = 3
CALL = 4
FOR_ITER = 5
JUMP_BACKWARD = 6
STORE_GLOBAL = 7
BINOP_FAST_CONST = 8
CMPJUMP_FAST_CONST = 9
RETURN_VALUE = 10
LOAD_ATTR = 11
BINARY_ADD = 12
STORE_LOAD_FAST = 13
LOAD_FAST2 = 14
LOAD_FAST_CONST = 15
LIST_APPEND = 16
COMPARE_JUMP = 17
BINOP_FAST_FAST = 18
CMPJUMP_FAST_FAST = 19
BINOP_CONST = 20
CMPJUMP_CONST = 21
UNPACK2_STORE_FAST = 22
INPLACE_ADD = 23
BINARY_SUBSCR = 24
POP_TOP = 25
POP_JUMP_IF_FALSE = 26
BINARY_MUL = 27
BINARY_OP = 28
INPLACE_OP = 29
COMPARE_OP = 30
POP_JUMP_IF_TRUE = 31
BINARY_SUB = 32
JUMP = 33
UNPACK_SEQUENCE = 34
MAP_ADD = 35
LOAD_DEREF = 36
STORE_DEREF = 37
STORE_SUBSCR = 38
BUILD_TUPLE = 39
BUILD_LIST = 40
YIELD_VALUE = 41
IS_OP = 42
CONTAINS_OP = 43
UNARY_OP = 44
UNARY_NOT = 45
JUMP_IF_FALSE_OR_POP = 46
JUMP_IF_TRUE_OR_POP = 47
GET_ITER = 48
COPY = 49
SWAP = 50
CALL_KW = 51
MAKE_FUNCTION = 52
SEND = 53
BUILD_MAP = 54
BUILD_SET = 55
BUILD_SLICE = 56
BUILD_STRING = 57
FORMAT_VALUE = 58
SET_ADD = 59
LIST_EXTEND = 60
SET_UPDATE = 61
DICT_UPDATE = 62
DICT_MERGE = 63
LIST_TO_TUPLE = 64
UNPACK_EX = 65
CALL_EX = 66
LOAD_CLOSURE = 67
DELETE_FAST = 68
DELETE_DEREF = 69
DELETE_GLOBAL = 70
DELETE_SUBSCR = 71
STORE_ATTR = 72
DELETE_ATTR = 73
RAISE = 74
PUSH_EXC_INFO = 75
POP_EXCEPT = 76
POP_EXCEPT_RERAISE = 77
CHECK_EXC_MATCH = 78
GET_YIELD_FROM_ITER = 79
LOAD_ASSERTION_ERROR = 80
LOAD_SPECIAL = 81
IMPORT_NAME = 82
IMPORT_FROM = 83
GET_AWAITABLE = 84
LOAD_NAME = 85
STORE_NAME = 86
DELETE_NAME = 87
LOAD_CLASSDEREF = 88
LOAD_BUILD_CLASS = 89
SETUP_ANNOTATIONS = 90
RESUME_REPLAY = 91
FINISH_SPECIAL = 92
LOAD_METHOD = 93
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
        "CMPJUMP_FAST_CONST",
        "CMPJUMP_FAST_FAST",
        "CMPJUMP_CONST",
    )
)
# Fused jumps keep their target as the last item of their argument tuple.
FUSED_JUMPS = frozenset(
    OPCODES.index(name) for name in ("COMPARE_JUMP", "CMPJUMP_FAST_CONST", "CMPJUMP_FAST_FAST", "CMPJUMP_CONST")
)
