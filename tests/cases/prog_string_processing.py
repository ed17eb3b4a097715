"""Caesar cipher, palindromes, run-length encoding."""
def caesar(s, k):
    out = []
    for c in s:
        if c.isalpha():
            base = ord("a") if c.islower() else ord("A")
            out.append(chr((ord(c) - base + k) % 26 + base))
        else:
            out.append(c)
    return "".join(out)
def is_pal(s):
    t = [c.lower() for c in s if c.isalnum()]
    return t == t[::-1]
def rle(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(f"{j - i}{s[i]}")
        i = j
    return "".join(out)
enc = caesar("Hello, World!", 3)
print(enc, caesar(enc, -3), caesar("xyz", 30))
print(is_pal("A man, a plan, a canal: Panama"), is_pal("hello"), rle("aaabccdddd"), rle(""))
