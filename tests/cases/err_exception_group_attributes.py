"""An ExceptionGroup's exceptions and message; subgroup and split by type."""
group = ExceptionGroup("several", [ValueError(1), KeyError("k"), ValueError(2)])
print(group.message, group.exceptions)
print(group.subgroup(ValueError).exceptions)
matched, rest = group.split((KeyError, TypeError))
print(matched.exceptions, rest.exceptions)
print(group.subgroup(OSError))
print(repr(group.derive([TypeError("t")])))
raise group
