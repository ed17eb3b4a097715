"""type() of a function, generator, builtin, module or callable_iterator reads as CPython's classes."""
import json
import math


def f():
    pass


async def coroutine_function():
    pass


gen = (x for x in [])
coroutine = coroutine_function()
print(type(f), type(gen), type(coroutine), type(print), type(len), type(math.sqrt))
print(type(json), type(iter(int, 1)), type([].append), type(type(f)))
print([type(f)], repr(type(gen)), f"{type(json)}", str(type(print)))
print(type(f).__module__, type(gen).__qualname__, type(coroutine).__name__)
coroutine.close()
