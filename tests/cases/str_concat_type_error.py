"""Adding an int to a str."""
x = "count: "
x + 5
