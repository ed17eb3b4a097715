"""Decoding empty bytes looks no codec up (CPython answers ''); encoding still does."""
print(repr(b''.decode('nope')), repr(bytearray().decode('rot13')), repr(b''.decode(errors='x')))
for call in [lambda: ''.encode('nope'), lambda: b'a'.decode('nope'), lambda: b''.decode(1),
             lambda: format(..., None), lambda: format(1, 2)]:
    try:
        call()
    except (LookupError, TypeError) as e:
        print(type(e).__name__, e)
