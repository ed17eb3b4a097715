"""break and continue through finally blocks."""
log = []
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        log.append(i)
    finally:
        log.append("f%d" % i)
print(log)
def loop():
    out = []
    while True:
        try:
            try:
                out.append("inner")
                break
            finally:
                out.append("inner finally")
        finally:
            out.append("outer finally")
    return out
print(loop())
def brk():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            break
    return "broke", i
brk()
