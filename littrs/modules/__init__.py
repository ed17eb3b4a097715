"""The standard modules a sandbox may import (``Sandbox(builtins=True)``).

Each entry makes a fresh :class:`~littrs.vm.objects.Module` for one sandbox, so
one sandbox assigning ``json.dumps = f`` changes nothing anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable

from ..vm.objects import Module

STANDARD_MODULES: dict[str, Callable[[], Module]] = {}
