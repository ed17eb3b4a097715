"""Types are immutable: setting or deleting any attribute, present or not, is a TypeError."""
for target in [int, type(Ellipsis), type(None), ValueError, str]:
    for attempt in [lambda: delattr(target, 'real'), lambda: delattr(target, 'nope'),
                    lambda: setattr(target, 'nope', 1)]:
        try:
            attempt()
        except (TypeError, AttributeError) as e:
            print(type(e).__name__, e)
try:
    del int.real
except TypeError as e:
    print('TypeError', e)
