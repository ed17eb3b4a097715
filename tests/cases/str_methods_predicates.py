"""The is* predicates."""
for s in ["abc", "ABC", "abc123", "123", "1.5", " ", "", "\t\n", "Ⅷ", "½", "²", "a b", "_x", "x1", "1x"]:
    print(repr(s), s.isalpha(), s.isalnum(), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isspace(), s.isidentifier(), s.isprintable(), s.isascii())
