"""A subscripted builtin type (list[0]) looks attributes up on its origin type."""
alias = [].__class__[0]
print(alias.__name__, alias.append is list.append)
try:
    alias.real
except AttributeError as error:
    print(error)
alias.__class__.__name__
try:
    type(alias)[0]
except TypeError as error:
    print(error)
