"""break only leaves the innermost loop; flags and for/else to leave several."""
result = []
for i in range(4):
    for j in range(4):
        if j > i:
            break
        if (i + j) % 3 == 0:
            continue
        result.append((i, j))
print(result)
for i in range(3):
    for j in range(3):
        if i * j == 2:
            break
    else:
        continue
    break
print(i, j)
