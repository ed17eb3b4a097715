"""f-string = specifier (self-documenting expressions)."""
x = 10
name = "Ann"
print(f"{x=}", f"{x = }", f"{x*2=}", f"{name=}", f"{name=!s}", f"{x=:>5}", f"{x=!r:^6}")
items = [1, 2]
print(f"{items[0]=}", f"{len(items)=}", f"{x + 1 = }")
