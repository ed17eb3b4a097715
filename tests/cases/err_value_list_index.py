"""list.index of a missing value."""
["a", "b"].index("c")
