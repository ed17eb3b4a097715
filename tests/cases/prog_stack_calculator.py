"""An RPN calculator with a list as a stack."""
def rpn(expr):
    stack = []
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}
    for tok in expr.split():
        if tok in ops:
            b, a = stack.pop(), stack.pop()
            stack.append(ops[tok](a, b))
        else:
            stack.append(int(tok))
    if len(stack) != 1:
        raise ValueError(f"malformed expression: {expr!r}")
    return stack[0]
for e in ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +", "1 0 /", "1 +", "1 2"]:
    try:
        print(e, "=", rpn(e))
    except (ZeroDivisionError, IndexError, ValueError) as err:
        print(e, "->", type(err).__name__, err)
