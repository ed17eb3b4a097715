"""Case conversion methods."""
s = "hello World ÄÖ straße"
print(s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase(), s.casefold())
print("they're bill's".title(), "ǆ".title(), "12abc".capitalize(), "ABC def".capitalize())
print("Hello".isupper(), "HELLO".isupper(), "hello".islower(), "Hello World".istitle(), "123".isupper())
