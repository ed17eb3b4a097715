"""Augmented assignment on subscripts, slices and nested containers."""
d = {"n": 1, "l": [1]}
d["n"] += 10
d["l"] += [2]
d["l"][0] *= 5
print(d)
l = [1, 2, 3, 4]
l[1:3] += ["x"]
print(l)
l[-1] **= 2
print(l)
m = [[0] * 2 for _ in range(2)]
m[1][0] -= 7
print(m)
s = "ab"
s *= 2
t = (1,)
t += (2,)
print(s, t)
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
try:
    d["missing"] += 1
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
