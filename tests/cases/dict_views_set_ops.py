"""keys()/items() views support set operations."""
d = {1: "a", 2: "b", 3: "c"}
e = {2: "b", 3: "x", 4: "d"}
print(d.keys() & {1, 5}, d.keys() | {9}, d.keys() - {1}, d.keys() ^ e.keys(), d.keys() & e.keys())
print(sorted(d.items() & e.items()), d.keys() == {1, 2, 3}, d.keys() <= {1, 2, 3, 4}, {1}.issubset(d.keys()))
print(d.keys().isdisjoint({7}), 2 in d.keys(), (2, "b") in d.items(), "a" in d.values(), len(d.values()))
k = d.keys()
d[5] = "e"
print(list(k), len(k), list(reversed(d)), list(reversed(d.values())))
d.keys() & e.keys()
