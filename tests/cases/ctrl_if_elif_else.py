"""if/elif/else chains and truthiness of conditions."""
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "large"
print([classify(n) for n in (-5, 0, 3, 42)])
for v in [0, 1, "", "a", [], [0], None, 0.0, {}, {0: 0}, range(0), range(1)]:
    if v:
        print(repr(v), "truthy")
    else:
        print(repr(v), "falsy")
if not []:
    pass
elif True:
    print("unreachable")
