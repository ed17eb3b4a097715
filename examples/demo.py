"""The sandbox doing real work: a model-written script that calls the host's tools.

The host registers three tools (an inventory lookup, a price list and a
currency converter), hands the sandbox a script of the kind a model writes,
and prints what the script printed and returned. A second script shows what
the model gets back when its code fails: a CPython-style traceback to fix.

Run it with ``make demo`` (or ``python examples/demo.py``).
"""

from __future__ import annotations

from littrs import Sandbox, SandboxError

INVENTORY = {"apples": 120, "pears": 0, "plums": 35, "figs": 8}
PRICES = {"apples": 0.5, "pears": 0.75, "plums": 1.2, "figs": 2.0}
RATES = {"EUR": 0.92, "GBP": 0.79}

MODEL_SCRIPT = '''
def restock_plan(items, minimum=20):
    """Which items to reorder, and how many, to reach the minimum."""
    plan = {}
    for item in items:
        count = stock(item)
        if count < minimum:
            plan[item] = minimum - count
    return plan

plan = restock_plan(["apples", "pears", "plums", "figs"])
total_usd = sum(price(item) * qty for item, qty in plan.items())
total_eur = convert(total_usd, to="EUR")
for item, qty in sorted(plan.items(), key=lambda kv: -kv[1]):
    print(f"reorder {qty:>3} x {item:<6} at ${price(item):.2f}")
print(f"total: ${total_usd:.2f} = EUR {total_eur:.2f}")
{"plan": plan, "total_eur": round(total_eur, 2)}
'''

BROKEN_SCRIPT = '''
counts = {item: stock(item) for item in ["apples", "figs"]}
ratio = counts["apples"] / counts["pears"]
'''


def main() -> None:
    sb = Sandbox()

    @sb.tool
    def stock(item: str) -> int:
        """How many of ``item`` are in the warehouse."""
        return INVENTORY[item]

    @sb.tool
    def price(item: str) -> float:
        """The unit price of ``item`` in US dollars."""
        return PRICES[item]

    @sb.tool
    def convert(amount: float, to: str = "EUR") -> float:
        """Convert an amount of US dollars to another currency."""
        return amount * RATES[to]

    print("Tools offered to the model:\n")
    print(sb.describe())
    print("\nThe model's script printed:\n")
    value, printed = sb.capture(MODEL_SCRIPT)
    for line in printed:
        print("  " + line)
    print(f"\n...and returned: {value}\n")

    print("A script with a bug comes back as a traceback the model can fix:\n")
    try:
        sb.run(BROKEN_SCRIPT)
    except SandboxError as error:
        print(error.traceback)


if __name__ == "__main__":
    main()
