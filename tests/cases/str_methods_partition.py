"""partition and rpartition."""
print("key=value=x".partition("="), "key=value=x".rpartition("="))
print("novalue".partition("="), "novalue".rpartition("="), "".partition("x"))
print("a::b::c".partition("::"), "a::b::c".rpartition("::"))
try:
    "abc".partition("")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
