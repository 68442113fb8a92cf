"""pasture's games for machine learning libraries: OpenSpiel, PettingZoo, Gymnasium.

Install with `pip install -e '.[rl]'`. The adapters are thin: actions, observations,
information states, lengths and game metadata all come from the core contract
(`pasture.core.index`, `pasture.core.machine`, each game's `index.py` and `observe.py`).
See docs/research.md.
"""
