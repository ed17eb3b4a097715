"""Formatting a text table with alignment and computed widths."""
rows = [("apple", 3, 0.5), ("banana", 12, 0.25), ("cherry", 100, 12.125)]
headers = ("name", "qty", "price")
w = [max(len(str(r[i])) for r in rows + [headers]) for i in range(3)]
print(f"{headers[0]:<{w[0]}} | {headers[1]:>{w[1]}} | {headers[2]:>8}")
print("-+-".join("-" * n for n in (w[0], w[1], 8)))
for name, qty, price in rows:
    print(f"{name:<{w[0]}} | {qty:>{w[1]}} | {price:>8.2f}")
total = sum(q * p for _, q, p in rows)
f"total: {total:,.3f}"
