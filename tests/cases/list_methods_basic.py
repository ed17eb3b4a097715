"""append, extend, insert, pop, remove, index, count, reverse, copy, clear."""
l = [3, 1, 2]
l.append(4); print(l)
l.extend([5, 6]); l.extend(range(2)); l.extend("ab"); print(l)
l.insert(0, "first"); l.insert(-1, "near"); l.insert(100, "end"); l.insert(-100, "start"); print(l)
print(l.pop(), l.pop(0), l.pop(-2), l)
l.remove("first"); print(l, l.index(2), l.count(1), l.index(1, 2))
m = l.copy(); m.reverse(); print(m, l == m[::-1])
m.clear(); print(m, len(l))
l
