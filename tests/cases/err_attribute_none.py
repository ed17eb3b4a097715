"""Attribute access on None, the classic."""
result = {"a": 1}.get("b")
result.strip()
