"""Default values are evaluated once, at definition time."""
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
counter = 0
def next_id():
    global counter
    counter += 1
    return counter
def make(tag=next_id()):
    return tag
print(make(), make(), counter)
def safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(safe(1), safe(2))
def d(k, cache={}):
    cache[k] = len(cache)
    return cache
d("a"); d("b")
d("c")
