"""Matrix multiplication, transpose and determinant with lists."""
def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
def transpose(m):
    return [list(r) for r in zip(*m)]
def det(m):
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m)))
a = [[1, 2], [3, 4]]
b = [[5, 6], [7, 8]]
print(matmul(a, b), transpose([[1, 2, 3], [4, 5, 6]]))
print(det(a), det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))
identity = [[int(i == j) for j in range(3)] for i in range(3)]
matmul(identity, [[1], [2], [3]])
