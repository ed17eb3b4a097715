"""Invalid UTF-8 fails to decode."""
b"ok\xff".decode()
