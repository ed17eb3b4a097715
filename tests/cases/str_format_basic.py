"""str.format with positional, numbered and keyword fields."""
print("{} {}".format("a", "b"), "{1} {0} {1}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print("{0}{name}{0}".format("|", name="mid"), "{{literal}} {}".format(5), "{}".format([1, "a"]))
print("{:>6}|{:<6}|{:^6}".format("r", "l", "c"), "{0:.3f} {0:e}".format(3.14159))
print("{!r} {!s} {!a}".format("é", "é", "é"), "{0!r:>10}".format("x"))
print("{:{w}.{p}f}".format(3.14159, w=10, p=2), "{:{}}".format("x", 4) + "|", "{0:{1}}".format(7, "03"))
"{} and {}".format(*"ab")
