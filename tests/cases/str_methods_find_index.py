"""find/rfind/index/rindex/count with start and end."""
s = "hello world, hello"
print(s.find("hello"), s.find("hello", 1), s.rfind("hello"), s.find("xyz"), s.find(""), s.rfind(""))
print(s.index("o"), s.rindex("o"), s.index("o", 5), s.find("o", 5, 7), s.find("l", -5))
print(s.count("l"), s.count("hello"), s.count(""), "aaaa".count("aa"), s.count("l", 3, 10))
print("o" in s, "xyz" not in s, "" in s)
try:
    s.index("xyz")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
