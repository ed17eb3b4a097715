"""global statement inside functions (and a harmless one at module level)."""
global total
total = 0
def add(n):
    global total
    total += n
def reset():
    global total, extra
    total = 0
    extra = "created"
add(5); add(7)
print(total)
reset()
print(total, extra)
def reader():
    return total + 1
print(reader())
total = 42
total
