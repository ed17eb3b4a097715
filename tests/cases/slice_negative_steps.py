"""Negative steps with omitted and out-of-range bounds."""
s = "0123456789"
for start in (None, 8, -3, 20, -20):
    for stop in (None, 2, -8, 20, -20):
        print(start, stop, s[start:stop:-2], s[start:stop:3])
