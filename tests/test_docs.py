"""Everything a user reads runs: every ```python block in README.md and docs/, and the demo."""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_python_blocks_in_document_run(path: Path) -> None:
    """The blocks of one document run in order in one namespace, as a reader would."""
    module = types.ModuleType("__docs__")  # a real module: dataclasses look it up
    sys.modules[module.__name__] = module
    try:
        for block in _blocks(path):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(block, str(path), "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]


def test_readme_has_python_examples() -> None:
    assert _blocks(ROOT / "README.md")


def test_demo_runs_and_shows_the_model_its_results() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(ROOT / "examples" / "demo.py"), run_name="__main__")
    text = out.getvalue()
    assert "def stock(item: str) -> int:" in text
    assert "reorder  20 x pears" in text
    assert "'total_eur': 35.88" in text
    assert "KeyError: 'pears'" in text
