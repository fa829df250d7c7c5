"""The checks ``rulebook check`` and ``rulebook build`` run after loading: every worked example's
claim and every sample round, replayed by the reference engine.

Loading a game (``content.loader``) only reads and validates its file; these checks come after it,
so the loader never depends on the example and sample modules that depend on it.
"""

from __future__ import annotations

from pathlib import Path

from .examples import check_examples
from .loader import Game, load_games
from .samples import check_sample_round


def check_project(root: Path | str) -> list[Game]:
    """Everything ``rulebook check`` checks: every game file loads, and every worked example's
    claim agrees with the reference engine. Returns the games, sorted by ``order``."""
    games = load_games(root)
    for game in games:
        check_examples(game)  # a game without an engine module is an error naming the example
        check_sample_round(game)  # the sample round replays without an illegal move
    return games
