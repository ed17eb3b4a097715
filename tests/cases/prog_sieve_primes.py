"""Sieve of Eratosthenes and prime factorisation."""
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_prime[i]:
            is_prime[i * i::i] = [False] * len(is_prime[i * i::i])
    return [i for i, p in enumerate(is_prime) if p]
def factor(n):
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return out
print(sieve(60))
print(factor(360), factor(97), factor(2 ** 10 * 3 ** 5), factor(600851475143))
len(sieve(1000))
