"""Arbitrary expressions and quote nesting inside f-strings."""
d = {"k": [1, 2, 3]}
print(f"{d['k'][1:]}", f'{d["k"][-1]}', f"{sum(d['k']) / 2:.1f}", f"{'yes' if d else 'no'}")
n = 255
print(f"{n:#x} {n:b} {n:o} {n:08.2f} {n:,} {n:e} {n/7:.3}", f"{n!r:>6}")
a, b = 3, 4
print(f"{a}+{b}={a + b}", f"{a * b:03d}", f"{-a:+}", f"{a < b}", f"{None}", f"{[a, b]!r}")
print(f"{'multi'}" f"{'part'}" "plain" f"{a}")
try:
    f"{undefined_name}"
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
