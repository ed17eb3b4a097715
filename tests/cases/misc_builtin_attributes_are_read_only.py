"""Setting or deleting what a builtin type defines: CPython's read-only and __class__ errors."""
x = [1]
for action in [lambda: setattr(x, '__doc__', 1), lambda: delattr(x, '__doc__'),
               lambda: setattr(1, '__add__', 1), lambda: delattr(1.5, '__add__'),
               lambda: setattr(x, '__class__', 1), lambda: setattr(x, '__class__', int),
               lambda: delattr(x, '__class__'), lambda: setattr(x, 'nope', 1),
               lambda: delattr('a', 'nope'), lambda: setattr(x, 'append', 1)]:
    try:
        action()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
for action in [lambda: delattr(True, 'real'), lambda: setattr(1, 'real', 2),
               lambda: setattr(slice(1), 'start', 2), lambda: delattr(range(3), 'stop'),
               lambda: setattr(1j, 'real', 1), lambda: setattr(True, 'bit_length', 1)]:
    try:
        action()
    except AttributeError as e:
        print(e)
for action in [lambda: delattr(..., '__doc__'), lambda: setattr(None, 'x', 1),
               lambda: setattr(NotImplemented, '__doc__', 2), lambda: delattr(None, '__class__')]:
    try:
        action()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
