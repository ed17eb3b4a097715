"""Aliasing and nested structure mutation."""
row = [0, 0]
matrix = [row, row, [0, 0]]
matrix[0][1] = 5
print(matrix)
t = ([1], [2])
t[0].append(3)
print(t)
d = {"k": []}
alias = d["k"]
alias += [1]
print(d)
l = [1, 2, 3]
l.append(l)
print(l, len(l))
l[3] is l
