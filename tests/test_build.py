"""The two builds: pure Python (an ordinary or editable install) and the engines compiled by
mypyc (`PASTURE_COMPILE=1`, setup.py). CI runs the engine tests on both; with
`PASTURE_EXPECT_COMPILED=1` these tests also check that the compiled modules are the ones
loaded, so a build that quietly fell back to Python cannot pass as compiled."""

from __future__ import annotations

import ast
import importlib
import os
import pickle
import random
import re
import tomllib
from pathlib import Path

import pytest

import pasture
from pasture import games
from pasture.core import CHANCE
from pasture.core.game import sample

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("PASTURE_EXPECT_COMPILED") == "1"


def engine_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    paths: list[str] = config["tool"]["pasture"]["compiled-engines"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def _compiled_sources() -> list[Path]:
    return [ROOT / "src" / (name.replace(".", "/") + ".py") for name in engine_modules()]


def test_every_module_to_compile_exists() -> None:
    for path in _compiled_sources():
        assert path.is_file(), path


def test_no_compiled_module_shadows_a_source_file() -> None:
    """A compiled module next to its `.py` would be imported instead of it: edits to the
    source would silently not run. setup.py never compiles into src/."""
    compiled = sorted(
        str(p.relative_to(ROOT))
        for suffix in ("*.so", "*.pyd")
        for p in ROOT.glob(f"src/**/{suffix}")
    )
    assert compiled == []


@pytest.mark.skipif(not EXPECT_COMPILED, reason="checks a PASTURE_COMPILE=1 build")
def test_the_compiled_engines_are_the_ones_loaded() -> None:
    assert pasture.compiled()
    for name in engine_modules():
        module = importlib.import_module(name)
        assert module.__file__ is not None and module.__file__.endswith(".so"), module.__file__


@pytest.mark.skipif(EXPECT_COMPILED, reason="checks a pure-Python install")
def test_an_ordinary_install_runs_pure_python() -> None:
    assert not pasture.compiled()


@pytest.mark.parametrize("name", [game.name for game in games.all_games()])
def test_states_pickle_and_clone_to_the_same_json_along_a_playout(name: str) -> None:
    """What the RL adapters and Ray rely on, in either build: a pickled or cloned state
    serializes exactly as the original and plays on the same."""
    game = games.get(name)
    rng = random.Random(5)
    state = game.new_state(game.max_players)
    step = 0
    while not state.is_over():
        if step % 7 == 0:
            for copy in (pickle.loads(pickle.dumps(state)), state.clone()):
                assert type(copy) is type(state)
                assert copy.to_json() == state.to_json()
                assert copy.actors() == state.actors()
        if state.is_chance():
            state.apply(CHANCE, sample(state.chance_outcomes(), rng))
        else:
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


@pytest.mark.skipif(EXPECT_COMPILED, reason="compares with the interpreted copy")
@pytest.mark.parametrize("name", [game.name for game in games.all_games()])
def test_the_compiled_copy_gives_every_attribute(name: str) -> None:
    """The compiled build's `clone` names each attribute (its states have no `__dict__`);
    run here on interpreted states, it must give a copy with the very attributes and
    JSON of the interpreted `clone`, so an attribute added to a state and not to its
    compiled copy fails in the pure-Python suite too."""
    game = games.get(name)
    rng = random.Random(3)
    state = game.new_state(game.max_players)
    for _ in range(40):
        if state.is_over():
            break
        if state.is_chance():
            state.apply(CHANCE, sample(state.chance_outcomes(), rng))
        else:
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    method = "_copy_attributes" if hasattr(state, "_copy_attributes") else "_native_clone"
    compiled_copy = getattr(state, method)()
    assert sorted(vars(compiled_copy)) == sorted(vars(state.clone()))
    assert compiled_copy.to_json() == state.to_json()


PATCHED_BY_TESTS = {"CACHE_LIMIT"}
"""Module constants that tests patch: `Final`, the compiled build would inline them."""


def _plain_constants(path: Path) -> list[str]:
    """The module-level constants (upper-case names) of a source file not declared
    `Final`: compiled, each read of one is a dictionary look-up on the module."""
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign):
            if isinstance(node.value, ast.Call) and ast.unparse(node.value.func) == "TypeVar":
                continue
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            names += [
                e.id
                for t in node.targets
                if isinstance(t, ast.Tuple)
                for e in t.elts
                if isinstance(e, ast.Name)
            ]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            annotation = ast.unparse(node.annotation)
            if annotation.startswith("Final") or annotation == "TypeAlias":
                continue
            names = [node.target.id]
        else:
            continue
        found += [
            f"{path.name}:{node.lineno} {name}"
            for name in names
            if re.fullmatch(r"_?[A-Z][A-Z0-9_]*", name) and name not in PATCHED_BY_TESTS
        ]
    return found


def test_the_compiled_modules_constants_are_final() -> None:
    assert [place for path in _compiled_sources() for place in _plain_constants(path)] == []


def _generic_in_compiled_code(path: Path) -> list[str]:
    """What mypyc compiles to generic calls though a native form is at hand, in a source
    file: `x[i] += y` (any operator), whose operator goes through the number protocol
    (`PyNumber_InPlaceAdd`) even on a `list[int]`, where `x[i] = x[i] + y` is native
    integer arithmetic; and `zip(...)` with a keyword (`strict=`), a call through a dict
    of arguments where a positional `zip` in a loop or comprehension is a native loop."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        augmented = isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript)
        keyword_zip = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "zip"
            and bool(node.keywords)
        )
        if augmented or keyword_zip:
            found.append(f"{path.name}:{getattr(node, 'lineno', 0)} {ast.unparse(node)}")
    return found


def test_the_compiled_modules_use_the_native_forms() -> None:
    found = [place for path in _compiled_sources() for place in _generic_in_compiled_code(path)]
    assert found == []
