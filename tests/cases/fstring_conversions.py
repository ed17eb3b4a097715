"""f-string !r !s !a and nested specs."""
s = "é'x"
print(f"{s!r}", f"{s!s}", f"{s!a}", f"{s!r:>12}", f"{3.0!s:>5}", f"{'a' 'b'}")
width, prec = 10, 3
v = 3.14159265
print(f"[{v:{width}.{prec}f}]", f"[{v:<{width}}]", f"[{'x':{'*'}^{width}}]", f"[{v:{width}.{prec}}]")
spec = ".2e"
print(f"{v:{spec}}", f"{12345:{','}}", f"{'nested':{'>'}{8}}")
print(f"{{braces}} {{{x}}}".replace("x", "X") if (x := 1) else "", f"{'' or 'empty'}", f"{1 if x else 2}")
print(f"{[i * 2 for i in range(3)]}", f"{dict(a=1)['a']}", f"{(lambda: 'lam')()}", f"{'%s' % 'pct'}")
