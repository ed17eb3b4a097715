"""A small ledger using dicts, closures and exceptions."""
def make_account(owner, balance=0):
    history = []
    def deposit(amount):
        nonlocal balance
        if amount <= 0:
            raise ValueError(f"invalid amount: {amount}")
        balance += amount
        history.append(("deposit", amount))
        return balance
    def withdraw(amount):
        nonlocal balance
        if amount > balance:
            raise RuntimeError(f"{owner}: insufficient funds ({balance} < {amount})")
        balance -= amount
        history.append(("withdraw", amount))
        return balance
    return {"deposit": deposit, "withdraw": withdraw, "history": history, "owner": owner}
acct = make_account("ann", 10)
print(acct["deposit"](50), acct["withdraw"](25))
for op, amt in [("deposit", -5), ("withdraw", 1000), ("deposit", 5)]:
    try:
        print(op, amt, "->", acct[op](amt))
    except (ValueError, RuntimeError) as e:
        print(op, amt, "failed:", type(e).__name__, e)
acct["history"]
