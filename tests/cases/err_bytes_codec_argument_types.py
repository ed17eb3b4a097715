"""bytes()/bytearray()/str() type-check encoding and errors before looking the codec up."""
attempts = [
    lambda: bytearray('', '', ...),
    lambda: bytearray('', 'nope', 3),
    lambda: bytearray('', ..., 'strict'),
    lambda: bytes('', 'nope', 3),
    lambda: bytes('abc', 'no-such-codec', None),
    lambda: bytes('', errors=1.5, encoding='nope'),
    lambda: bytearray('x', errors=[], encoding='utf-8'),
    lambda: str(b'', 'nope', 3),
    lambda: str(b'', 1, 'strict'),
    lambda: bytes('', 'nope', 'strict'),
    lambda: str(b'', ''),  # empty bytes decode to '' before any codec is looked up
    lambda: str(bytearray(), 'rot13'),
    lambda: str(b'', encoding='nope', errors='strict'),
    lambda: b''.decode('nope'),
    lambda: str(b'x', ''),
    lambda: ''.encode('nope'),
]
for attempt in attempts:
    try:
        print(repr(attempt()))
    except (TypeError, LookupError) as error:
        print(type(error).__name__, error)
bytearray('', '', 0)
