"""pasture's build: pure Python, or with `PASTURE_COMPILE=1` the game engines compiled by
mypyc (the metadata is in pyproject.toml).

    pip install -e .                                           # pure Python (developers)
    PASTURE_COMPILE=1 pip install --no-build-isolation .       # compiled engines
    PASTURE_COMPILE=1 pip wheel --no-build-isolation -w dist .  # a compiled wheel

Compiling needs mypy (which brings mypyc, `pip install mypy`) and a C compiler; without
`PASTURE_COMPILE=1` neither is needed. An editable install is never compiled: compiled
modules in the source tree would shadow the `.py` files being edited, so asking for both
is refused. `pasture.compiled()` tells which build is running.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def engine_modules() -> list[str]:
    """The modules to compile, as paths under src/ (`[tool.pasture]` in pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    modules: list[str] = config["tool"]["pasture"]["compiled-engines"]
    return modules


def compile_requested() -> bool:
    value = os.environ.get("PASTURE_COMPILE", "").strip().lower()
    if value in ("", "0", "no", "false"):
        return False
    if value in ("1", "yes", "true"):
        return True
    sys.exit(f"PASTURE_COMPILE={value!r}: say 1 to compile the engines, 0 (or nothing) not to.")


class BuildEngines(build_ext):
    """Refuses to compile into the source tree (an editable install, `--inplace`)."""

    def run(self) -> None:
        if self.editable_mode or self.inplace:
            sys.exit(
                "PASTURE_COMPILE=1 does not apply to an editable install: compiled modules"
                " in src/ would shadow the .py files you edit. Install without -e"
                " (PASTURE_COMPILE=1 pip install --no-build-isolation .) or build a wheel."
            )
        try:
            super().run()
        except Exception as exc:
            sys.exit(f"Compiling the engines (PASTURE_COMPILE=1) failed: {exc}")


def engine_extensions() -> list[object]:
    if not compile_requested():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        sys.exit(
            "PASTURE_COMPILE=1 needs mypyc, which comes with mypy: pip install mypy, then"
            f" build without isolation (pip install --no-build-isolation .). ({exc})"
        )
    clear_earlier_builds()
    paths = [f"src/{module}" for module in engine_modules()]
    return list(mypycify(paths, group_name="pasture"))


def clear_earlier_builds() -> None:
    """Compiled modules that an earlier build left in build/ go into the wheel with the new
    ones, so one no longer compiled (or no longer in the tree) would shadow its `.py` and
    then fail to load. Only what this build links again is removed (its objects stay)."""
    for suffix in ("so", "pyd"):
        for path in ROOT.glob(f"build/lib.*/**/*.{suffix}"):
            path.unlink()


setup(ext_modules=engine_extensions(), cmdclass={"build_ext": BuildEngines})
