"""bytes/bytearray/str check how their arguments bind before they look up a codec."""
for make in [lambda: bytearray('', '', x=1), lambda: bytes('', 'nope', x=1),
             lambda: str(b'', 'nope', x=1), lambda: bytes('a', 'nope', encoding='x'),
             lambda: bytes('a', 'utf-8', 'strict', 1), lambda: bytes(source='a', encoding='nope'),
             lambda: str(object=b'a', encoding='latin-1'), lambda: bytearray('é', 'latin-1')]:
    try:
        print(repr(make()))
    except (TypeError, LookupError) as e:
        print(type(e).__name__, e)
