"""get, setdefault, pop, popitem, update, fromkeys, copy, clear, keys/values/items."""
d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("c", 3), d.setdefault("a", 100), d)
print(d.pop("a"), d.pop("zz", "default"), d, d.popitem(), d)
d.update({"x": 1}, y=2); d.update([("z", 3)]); d.update(w=4); print(d)
print(dict.fromkeys("abc"), dict.fromkeys([1, 2], 0), list(d.keys()), list(d.values()), list(d.items()))
e = d.copy(); e["new"] = 1; print(len(d), len(e))
e.clear(); print(e, "x" in d, 1 in d, "b" in d)
d
