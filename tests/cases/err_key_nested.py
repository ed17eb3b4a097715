"""KeyError deep in nested data."""
data = {"users": [{"name": "ann"}, {"id": 2}]}
for user in data["users"]:
    print(user["name"])
