"""while/else: else runs only when the loop was not broken."""
n = 0
while n < 3:
    n += 1
else:
    print("completed", n)
n = 0
while True:
    n += 1
    if n == 5:
        break
else:
    print("never")
print("broke at", n)
i = 10
while i > 0:
    i -= 3
    if i % 2:
        continue
    print("even", i)
else:
    print("else", i)
