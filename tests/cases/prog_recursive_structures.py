"""Recursive traversal of nested dicts/lists (a JSON-like document)."""
doc = {"a": 1, "b": [2, {"c": 3, "d": [4, 5]}], "e": {"f": {"g": 6}}, "h": "seven"}
def walk(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))
    else:
        yield path, node
for path, value in walk(doc):
    print("/".join(map(str, path)), "=", repr(value))
def depth(node):
    if isinstance(node, (dict, list)):
        children = node.values() if isinstance(node, dict) else node
        return 1 + max((depth(c) for c in children), default=0)
    return 0
depth(doc)
