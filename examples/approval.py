"""Human in the loop: a run waits for a person's approval, stored in SQLite, for days.

The model's script asks ``approve(...)`` before paying an invoice. The first
process runs it until that call, stores the paused run (bytes) in SQLite and
exits. Later, another process loads it, answers with the person's decision
and runs it to the end.

    python examples/approval.py start  approvals.db      # prints the request id
    python examples/approval.py answer approvals.db 1 yes
"""

from __future__ import annotations

import sqlite3
import sys

from littrs import Complete, PendingCall, Sandbox

MODEL_SCRIPT = """
invoice = lookup_invoice("INV-42")
print(f"invoice {invoice['id']}: {invoice['amount']} EUR to {invoice['payee']}")
if approve(f"Pay {invoice['amount']} EUR to {invoice['payee']}?"):
    receipt = pay(invoice["id"])
    print("paid, receipt", receipt)
else:
    receipt = None
    print("not approved")
receipt
"""

KEY = b"example-signing-key"  # blobs in a shared database are signed


def make_sandbox() -> Sandbox:
    """Both processes build the same sandbox: the same tools, by name."""
    sb = Sandbox()

    @sb.tool
    def lookup_invoice(invoice_id: str) -> dict:
        """Fetch an invoice by id."""
        return {"id": invoice_id, "amount": 1250, "payee": "ACME"}

    @sb.tool
    def pay(invoice_id: str) -> str:
        """Pay an invoice; returns the receipt number."""
        return f"R-{invoice_id}-001"

    def approve(question: str) -> bool:
        """Ask a person; the answer may take days."""

    sb.declare("approve", approve)
    return sb


def drive(step: PendingCall | Complete) -> PendingCall | Complete:
    """Answer every call a registered tool can answer; stop at a person's decision."""
    while isinstance(step, PendingCall) and step.name != "approve":
        step = step.call()
    return step


def start(database: str) -> int:
    sb = make_sandbox()
    step = drive(sb.start(MODEL_SCRIPT))
    assert isinstance(step, PendingCall), "the script finished without asking"
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE IF NOT EXISTS pending (id INTEGER PRIMARY KEY, run BLOB)")
        cursor = db.execute("INSERT INTO pending (run) VALUES (?)", (step.dump(key=KEY),))
        request_id = cursor.lastrowid
    print(f"request {request_id}: {step.args[0]}")
    return request_id


def answer(database: str, request_id: int, decision: str) -> object:
    with sqlite3.connect(database) as db:
        (blob,) = db.execute("SELECT run FROM pending WHERE id = ?", (request_id,)).fetchone()
        db.execute("DELETE FROM pending WHERE id = ?", (request_id,))
    sb = make_sandbox()
    step = drive(sb.load(blob, key=KEY).resume(decision == "yes"))
    assert isinstance(step, Complete)
    for line in step.printed:
        print(line)
    return step.value


if __name__ == "__main__":
    command, database, *rest = sys.argv[1:]
    if command == "start":
        start(database)
    else:
        answer(database, int(rest[0]), rest[1])
