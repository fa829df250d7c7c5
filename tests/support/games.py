"""The games the tests loop over: every file of rules-data/, in the home page's order. One list, in
one place (issue 38): a game added as an author adds it (a YAML file, its page, a nav line) is taken
by every test of pages, PDFs, search, offline and house options; a test of an engine skips a game
that has none by name, with the reason (``engine_params``, ``require_engine``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import Game, load_games
from generator.engine.games import GAME_MODULES

ROOT = Path(__file__).resolve().parent.parent.parent

#: Every game of rules-data/, in ``order``.
GAMES: list[Game] = load_games(ROOT)
GAME_IDS: list[str] = [g.id for g in GAMES]
BY_ID: dict[str, Game] = {g.id: g for g in GAMES}
#: The games with a reference engine (a ``GAME_MODULES`` line), in rules-data/ order.
ENGINE_IDS: list[str] = [g for g in GAME_IDS if g in GAME_MODULES]
#: The games with a practice page (docs/<id>/play.md).
PRACTICE_IDS: list[str] = [g for g in GAME_IDS if (ROOT / "docs" / g / "play.md").is_file()]


def has_engine(game_id: str) -> bool:
    return game_id in GAME_MODULES


def no_engine_reason(game_id: str) -> str:
    """Why an engine test skips a game: said the same way everywhere, so a reader (and
    tests/test_add_game.py) finds it in pytest's ``-rs`` list."""
    game = BY_ID.get(game_id)
    if game is not None and "declared" in game.data.get("scoring", {}):
        return f"{game_id} has no engine: its examples are checked by the declared scoring"
    return f"{game_id} has no engine: its examples are text only, listed by `rulebook check` as unchecked"


def require_engine(game_id: str) -> None:
    """Skip the calling test for a game with no engine."""
    if not has_engine(game_id):
        pytest.skip(no_engine_reason(game_id))


def engine_params(ids: list[str] | None = None) -> list[object]:
    """``ids`` (every game by default) as pytest parameters, a game with no engine marked skipped."""
    return [pytest.param(g, marks=() if has_engine(g) else pytest.mark.skip(reason=no_engine_reason(g)), id=g)
            for g in (GAME_IDS if ids is None else ids)]
