"""One module per game, found by id (the helpers their JSON records share are in ``fields``).

``GAMES`` maps a game id (kebab-case, as in ``rules-data/<id>.yaml``) to its module. Each
module exposes ``RECORDS: dict[str, Callable[[dict], dict]]``: the JSON record functions the
command line, the worked-example checker and the browser differential tests all call.

Modules load on first use (``load_game``), so ``rulebook play chains`` never imports the
Chips engine; ``GAMES`` itself is built when first read and leaves out a module that is
not written yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from ..errors import RulebookError
from .fields import (
    RecordError,
    card_field,
    cards_field,
    check_fields,
    int_field,
    names_text,
    players_field,
    show_value,
)

#: Game id -> module path. The order is the order of the site's menu.
GAME_MODULES: dict[str, str] = {
    "chips": "generator.engine.games.chips",
    "chains": "generator.engine.games.chains",
    "3-chip-stack": "generator.engine.games.three_chip_stack",
}

Record = Callable[[dict[str, Any]], dict[str, Any]]

#: Game id -> module, built on first access (see ``__getattr__`` below).
GAMES: dict[str, ModuleType]


class UnknownGame(RulebookError):
    """A game id that is not one of ``GAME_MODULES``."""


def load_game(game_id: str) -> ModuleType:
    """The module of one game; ``UnknownGame`` for an id we do not know.

    An ``ImportError`` of a module not written yet goes up unchanged, so the caller can
    tell "no such game" from "not built yet".
    """
    try:
        path = GAME_MODULES[game_id]
    except KeyError:
        known = ", ".join(GAME_MODULES)
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None
    return importlib.import_module(path)


def record(game_id: str, name: str) -> Record:
    """One record function of one game, with a clear error when the game has none by that name."""
    module = load_game(game_id)
    records: Mapping[str, Record] = getattr(module, "RECORDS", {})
    try:
        return records[name]
    except KeyError:
        have = ", ".join(sorted(records)) or "none yet"
        raise RecordError(f"{game_id} has no {name!r} record (it has: {have})") from None


def _all_games() -> dict[str, ModuleType]:
    games: dict[str, ModuleType] = {}
    for game_id, path in GAME_MODULES.items():
        try:
            games[game_id] = importlib.import_module(path)
        except ModuleNotFoundError as exc:  # a game module not written yet
            if exc.name != path:
                raise
    return games


def __getattr__(name: str) -> Any:
    # ``GAMES`` is built on first access so importing this package stays cheap.
    if name == "GAMES":
        games = _all_games()
        globals()["GAMES"] = games
        return games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GAMES",
    "GAME_MODULES",
    "Record",
    "RecordError",
    "UnknownGame",
    "card_field",
    "cards_field",
    "check_fields",
    "int_field",
    "load_game",
    "names_text",
    "players_field",
    "record",
    "show_value",
]
