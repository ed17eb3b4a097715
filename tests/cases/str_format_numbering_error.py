"""Mixing automatic and manual field numbering."""
try:
    "{} {1}".format(1, 2)
except ValueError as e:
    print("ValueError:", e)
try:
    "{} {}".format(1)
except IndexError as e:
    print("IndexError:", e)
try:
    "{x}".format(y=1)
except KeyError as e:
    print("KeyError:", e)
"{0} {}".format(1, 2)
