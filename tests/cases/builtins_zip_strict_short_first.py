"""zip(strict=True) where the first iterable is shorter."""
list(zip("a", [1, 2], strict=True))
