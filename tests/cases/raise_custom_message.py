"""A ValueError with a formatted message ending the program."""
def parse(s):
    if not s.isdigit():
        raise ValueError(f"expected digits, got {s!r}")
    return int(s)
print(parse("12"))
parse("1a")
