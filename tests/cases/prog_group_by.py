"""Grouping and aggregating records."""
sales = [("north", "a", 10), ("south", "b", 5), ("north", "b", 7), ("east", "a", 1), ("south", "a", 3)]
by_region = {}
for region, product, amount in sales:
    by_region.setdefault(region, []).append(amount)
print({r: sum(v) for r, v in by_region.items()})
by_product = {}
for _, product, amount in sales:
    by_product[product] = by_product.get(product, 0) + amount
print(sorted(by_product.items(), key=lambda kv: kv[1], reverse=True))
best = max(by_region, key=lambda r: sum(by_region[r]))
print(best, min(sales, key=lambda s: s[2]), [s for s in sales if s[2] > 4])
{p: [r for r, q, _ in sales if q == p] for p in sorted(by_product)}
