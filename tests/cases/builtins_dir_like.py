"""hasattr on common methods of builtin types (a whitelisted surface)."""
names = ["append", "upper", "keys", "add", "bit_length", "conjugate", "startswith", "union", "count", "index"]
for value in ["s", [1], (1,), {1: 1}, {1}, 1, 1.5, 1j, b"b", range(1)]:
    print(type(value).__name__, [n for n in names if hasattr(value, n)])
