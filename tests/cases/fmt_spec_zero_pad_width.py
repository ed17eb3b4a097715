"""Zero padding and = alignment with signs and prefixes."""
for v in [42, -42, 3.5, -3.5]:
    print(f"[{v:08}]", f"[{v:+08}]", f"[{v:=8}]", f"[{v:0>8}]", f"[{v:0<8}]", f"[{v: 8}]")
print(f"[{255:#08x}]", f"[{-255:#08x}]", f"[{5:#06b}]", f"[{-5:=+6}]")
