"""count, format_map, isascii, zfill and chained methods."""
print("Hello, {name}!".format_map({"name": "World"}))
print("  Mixed Case  ".strip().lower().replace(" ", "_"))
words = "the quick brown fox jumps over the lazy dog".split()
print(len(words), sorted(set(words)) == sorted(dict.fromkeys(words)), max(words, key=len))
print("-".join(w.capitalize() for w in words))
print(" ".join(words[::-1]), "".join(w[0] for w in words).upper())
