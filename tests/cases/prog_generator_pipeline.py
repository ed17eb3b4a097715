"""Chained generators processing a stream of records."""
def read(lines):
    for line in lines:
        yield line.strip()
def parse(lines):
    for line in lines:
        if not line or line.startswith("#"):
            continue
        name, score = line.split(",")
        yield name, int(score)
def top(records, n):
    best = sorted(records, key=lambda r: r[1], reverse=True)
    yield from best[:n]
data = ["# header", "ann,90", "", "bob,72", "cy,88 ", "dee,95"]
for rank, (name, score) in enumerate(top(parse(read(data)), 3), 1):
    print(rank, name, score)
sum(s for _, s in parse(read(data)))
