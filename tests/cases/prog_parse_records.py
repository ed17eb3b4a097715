"""Parsing key=value records with error handling."""
raw = """name=ann;age=31;city=paris
name=bob;age=x;city=rome
name=cy;age=22
broken line
name=dee;age=40;city=oslo"""
people = []
errors = []
for lineno, line in enumerate(raw.splitlines(), 1):
    try:
        fields = dict(part.split("=", 1) for part in line.split(";"))
        fields["age"] = int(fields["age"])
        fields.setdefault("city", "?")
        people.append(fields)
    except ValueError as e:
        errors.append((lineno, "ValueError", str(e)))
    except KeyError as e:
        errors.append((lineno, "KeyError", str(e)))
for p in people:
    print(p)
for err in errors:
    print(err)
sorted(p["name"] for p in people if p["age"] > 25)
