"""as_integer_ratio of infinity fails."""
print((0.75).as_integer_ratio())
float("inf").as_integer_ratio()
