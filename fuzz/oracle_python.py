"""Which CPython is the oracle: always a 3.11, whatever Python runs the tests.

The sandbox speaks CPython 3.11 on every host, so the programs it runs are compared
with a CPython 3.11, even when littrs itself runs on 3.10, 3.12 or 3.13. A CPython
X.Y is found (:func:`find_python`), in this order:

1. for 3.11, ``$LITTRS_ORACLE_PYTHON``, a path to a CPython 3.11 executable;
2. the Python running this code, if it is an X.Y;
3. ``pythonX.Y`` on ``PATH``;
4. pyenv's installs, ``$PYENV_ROOT/versions/X.Y.*`` (``~/.pyenv`` by default);
5. ``/usr/bin/pythonX.Y`` and ``/usr/local/bin/pythonX.Y``.

Each candidate is run once to check its version. Tests that need the oracle skip,
saying so, when none is found; CI (.ci/run) finds the other hosts it tests the same way.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

ORACLE_VERSION = (3, 11)
MISSING = (
    "no CPython 3.11 found to compare with (set LITTRS_ORACLE_PYTHON to one, or install "
    "python3.11 on PATH or through pyenv)"
)


def _candidates(version: tuple[int, int]) -> list[str]:
    dotted = f"{version[0]}.{version[1]}"
    found: list[str] = []
    explicit = os.environ.get("LITTRS_ORACLE_PYTHON")
    if explicit and version == ORACLE_VERSION:
        found.append(explicit)
    if sys.version_info[:2] == version:
        found.append(sys.executable)
    on_path = shutil.which(f"python{dotted}")
    if on_path:
        found.append(on_path)
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        found.extend(str(p / "bin" / f"python{dotted}")
                     for p in sorted(pyenv.glob(f"{dotted}.*"), reverse=True))
    found.extend([f"/usr/bin/python{dotted}", f"/usr/local/bin/python{dotted}"])
    return found


def _is_version(executable: str, version: tuple[int, int]) -> bool:
    try:
        result = subprocess.run(
            [executable, "-c", f"import sys; print(sys.version_info[:2] == {version!r})"],
            capture_output=True, text=True, timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return result.stdout.strip() == "True"


@functools.cache
def find_python(version: tuple[int, int]) -> str | None:
    """The path of a CPython ``version`` (major, minor) on this machine, or None."""
    for candidate in _candidates(version):
        if candidate == sys.executable and sys.version_info[:2] == version:
            return candidate
        if os.path.exists(candidate) and _is_version(candidate, version):
            return candidate
    return None


def oracle_python() -> str | None:
    """The path of a CPython 3.11 to compare with, or None when this machine has none."""
    return find_python(ORACLE_VERSION)


def host_is_oracle() -> bool:
    """Whether the Python running this code can itself be the oracle (in-process)."""
    return sys.version_info[:2] == ORACLE_VERSION


if __name__ == "__main__":  # python fuzz/oracle_python.py 3.12: its path, or nothing
    major, minor = (int(part) for part in sys.argv[1].split("."))
    print(find_python((major, minor)) or "")
