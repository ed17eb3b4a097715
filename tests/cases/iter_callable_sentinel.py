"""iter(function, sentinel) is a callable_iterator: its own type, StopIteration ends it, an error does not."""
count = [0]


def step():
    count[0] += 1
    if count[0] == 2:
        raise ValueError("two")
    if count[0] == 9:
        raise StopIteration("nine")
    return count[0]


it = iter(step, 6)
print(type(it).__name__, repr(it).split(" at ")[0], iter(it) is it)
print(next(it))
try:
    next(it)
except ValueError as error:
    print("caught", error)
print(next(it), list(it), next(it, "exhausted"), list(it))

count[0] = 6
print(list(iter(step, 100)), next(iter(step, 100), "stopped by StopIteration"))

nan = float("nan")
print(list(iter(lambda: nan, nan)), list(iter(lambda: [], [])))

count[0] = 2
print(3 in iter(step, 9), sorted(iter(step, 7), reverse=True))
count[0] = 2
first, *rest = iter(step, 6)
print(first, rest, *iter(lambda: 0, 0))


def delegate():
    received = yield "ready"
    print("received", received)
    yield from iter(step, 200)


count[0] = 2
gen = delegate()
next(gen)
print(next(gen))
try:
    gen.send(5)
except AttributeError as error:
    print(error)

it = iter(step, 100)
for attempt in (lambda: it.send(None), lambda: it.gi_frame, lambda: reversed(it), lambda: len(it),
                lambda: it[0], lambda: it + 1, lambda: type(it)()):
    try:
        attempt()
    except (AttributeError, TypeError) as error:
        print(type(error).__name__, error)
count[0] = 2
print(next(enumerate(iter(step, 0))), list(zip(iter(step, 0), "ab")))
