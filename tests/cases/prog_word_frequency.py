"""Word frequency count with dicts and sorting."""
text = """the cat sat on the mat the dog sat on the log
and the cat saw the dog"""
counts = {}
for word in text.split():
    counts[word] = counts.get(word, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
for word, n in top:
    print(f"{word:<5}{n:>3} {'*' * n}")
lengths = {}
for w in counts:
    lengths.setdefault(len(w), []).append(w)
print({k: sorted(v) for k, v in sorted(lengths.items())})
len(counts)
