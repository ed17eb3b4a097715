"""send() resumes the generator with a value."""
def accumulator():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
    return total
g = accumulator()
print(next(g))
print(g.send(5))
print(g.send(10))
try:
    g.send(None)
except StopIteration as e:
    print("finished with", e.value)
g2 = accumulator()
try:
    g2.send(1)
except TypeError as e:
    print("TypeError:", e)
def echo():
    received = []
    while len(received) < 3:
        received.append((yield len(received)))
    return received
g3 = echo()
g3.send(None)
g3.send("a"); g3.send("b")
try:
    g3.send("c")
except StopIteration as e:
    print(e.value)
