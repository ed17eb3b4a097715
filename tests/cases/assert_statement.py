"""assert with and without messages."""
assert True
assert 1 == 1, "never shown"
try:
    assert 1 == 2
except AssertionError as e:
    print("AssertionError", repr(e), e.args)
try:
    assert [], "list was empty"
except AssertionError as e:
    print("AssertionError:", e)
x = 5
assert x < 3, f"x too big: {x}"
