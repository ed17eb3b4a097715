"""Breadth-first search on a grid using a list as a queue."""
grid = ["S.#.", "..#.", "...E", "#..."]
rows, cols = len(grid), len(grid[0])
start = next((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "S")
queue = [(start, 0)]
seen = {start}
head = 0
answer = None
while head < len(queue):
    (r, c), d = queue[head]
    head += 1
    if grid[r][c] == "E":
        answer = d
        break
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" and (nr, nc) not in seen:
            seen.add((nr, nc))
            queue.append(((nr, nc), d + 1))
print("steps:", answer, "explored:", head)
answer
