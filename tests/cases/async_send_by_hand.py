"""A coroutine that awaits nothing runs to StopIteration under send(), as in CPython."""


async def answer():
    return 42


coroutine = answer()
try:
    coroutine.send(None)
except StopIteration as stop:
    print("returned", stop.value)
