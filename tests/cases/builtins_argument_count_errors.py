"""Builtins and methods called with wrong arguments: CPython's argument-clinic wording for each."""
def gen():
    yield 1


it = gen()
exc = ValueError("v")
calls = [
    lambda: next(), lambda: next(it, 1, 2), lambda: next(x=1), lambda: iter(), lambda: iter(1, 2, 3),
    lambda: iter(x=1), lambda: sorted(), lambda: sorted([1], 2), lambda: sorted([1], x=1),
    lambda: sorted(1, x=1), lambda: sorted([1], a=1, b=2, c=3), lambda: min(), lambda: max(x=1),
    lambda: max(1, x=1), lambda: max([1], key=None, default=1, x=1), lambda: sum(),
    lambda: sum(x=1), lambda: sum([1], x=1), lambda: sum([1], 2, x=1), lambda: sum(iterable=[1]),
    lambda: getattr(), lambda: getattr(1), lambda: getattr(1, 'real', 2, 3),
    lambda: getattr(1, x=1), lambda: hasattr(), lambda: hasattr(1, 'real', 2),
    lambda: hasattr(1, x=1), lambda: setattr(), lambda: setattr(1, 2), lambda: setattr(x=1),
    lambda: delattr(1), lambda: delattr(1, 2, 3), lambda: dir(1, 2), lambda: dir(x=1),
    lambda: callable(), lambda: callable(1, 2), lambda: callable(x=1), lambda: format(),
    lambda: format(1, 2, 3), lambda: format(1, x=1), lambda: repr(), lambda: repr(1, 2),
    lambda: repr(x=1), lambda: any(), lambda: all(x=1), lambda: print(1, foo=2),
    lambda: zip(x=1), lambda: zip(strict=1, x=2), lambda: type(), lambda: type(1, x=1),
    lambda: type(1, 2), lambda: type(1, 2, 3), lambda: type('a', 1, 2), lambda: type('a', (), 2),
    lambda: KeyError(x=1), lambda: NameError(x=1), lambda: ImportError('m', path=1).path,
    lambda: 'ab'.replace(), lambda: 'ab'.replace('a'), lambda: 'ab'.replace(1, 2, 3, 4),
    lambda: 'ab'.replace('a', 'b', x=1), lambda: b'ab'.replace('a', 'b'), lambda: 'ab'.join(),
    lambda: 'ab'.join(x=1), lambda: 'ab'.ljust(), lambda: 'ab'.zfill(x=1),
    lambda: 'ab'.center(1, 2, 3), lambda: 'ab'.expandtabs(1, 2), lambda: 'ab'.expandtabs(x=1),
    lambda: 'ab'.encode(1), lambda: 'ab'.encode('utf-8', 1), lambda: 'ab'.encode(1, 2, 3),
    lambda: 'ab'.encode(x=1), lambda: b'ab'.decode(errors=1), lambda: 'ab'.format_map(),
    lambda: 'ab'.format_map(1, 2), lambda: 'ab'.count(x=1), lambda: [1].extend(),
    lambda: [1].extend(x=1), lambda: [1].sort(1), lambda: [1].sort(1, 2, 3), lambda: [1].sort(x=1),
    lambda: {}.fromkeys(), lambda: {}.fromkeys(x=1), lambda: {1}.union(x=1),
    lambda: (5).to_bytes(1, 2, 3, 4), lambda: (5).to_bytes(x=1), lambda: True.bit_length(1),
    lambda: True.as_integer_ratio(x=1), lambda: bool.from_bytes(b'\x01', 'big'),
    lambda: True.from_bytes(), lambda: str.join(), lambda: str.join(1), lambda: str.join('a'),
    lambda: str.join('-', 'ab'), lambda: list.sort(), lambda: list.sort(1), lambda: set.union(),
    lambda: int.to_bytes(), lambda: bool.to_bytes('a'), lambda: str.format(), lambda: str.format(1),
    lambda: str.replace('a'), lambda: dict.fromkeys(), lambda: int.mro(1), lambda: it.send(),
    lambda: it.send(x=1), lambda: it.throw(), lambda: it.throw(x=1), lambda: it.throw(1, 2, 3, 4),
    lambda: it.throw(ValueError, 1, 2), lambda: it.close(1), lambda: exc.with_traceback(),
    lambda: exc.add_note(x=1), lambda: exc.add_note('a', 'b'),
]
for call in calls:
    try:
        print(repr(call()))
    except Exception as e:
        print(type(e).__name__, e)
