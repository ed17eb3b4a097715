"""float() of bad strings."""
for s in ["abc", "", "1.2.3", "1e", "0x10", "1_", "- 1", "infinity and beyond"]:
    try:
        print(float(s))
    except ValueError as e:
        print("ValueError:", e)
float("nope")
