"""for/else, break, continue and nested loops."""
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
for i in range(5):
    if i % 2:
        continue
    print("even", i)
else:
    print("loop done", i)
for x in []:
    print("never")
else:
    print("empty loop else")
found = None
for i, c in enumerate("hello"):
    if c == "l":
        found = i
        break
found
