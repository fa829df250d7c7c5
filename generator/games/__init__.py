"""One module per game, and the helpers their JSON records share.

``GAMES`` maps a game id (kebab-case, as in ``rules-data/<id>.yaml``) to its module. Each
module exposes ``RECORDS: dict[str, Callable[[dict], dict]]``: the JSON record functions the
command line, the worked-example checker and the browser differential tests all call.

Modules load on first use (``load_game``), so ``rulebook play chains`` never imports the
Chips engine; ``GAMES`` itself is built when first read and leaves out a module that is
not written yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from ..cards import Card, parse_card
from ..errors import RulebookError

#: Game id -> module path. The order is the order of the site's menu.
GAME_MODULES: dict[str, str] = {
    "chips": "generator.games.chips",
    "chains": "generator.games.chains",
    "3-chip-stack": "generator.games.three_chip_stack",
}

Record = Callable[[dict[str, Any]], dict[str, Any]]

#: Game id -> module, built on first access (see ``__getattr__`` below).
GAMES: dict[str, ModuleType]


class RecordError(RulebookError):
    """A JSON record with a missing, unknown or malformed field; the message names the field."""


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


# --- Field readers shared by the record functions ----------------------------------------


def show_value(value: object) -> str:
    """A value in an error message: JSON for a scalar, "a list" / "an object" for containers
    (the browser engines write it the same way)."""
    import json

    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def check_fields(rec: object, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``rec`` as a dict, refusing missing and unknown fields (a typo like ``deck`` is an error)."""
    if not isinstance(rec, dict):
        raise RecordError(f"a record must be a JSON object, not {type(rec).__name__}")
    missing = [f for f in required if f not in rec]
    if missing:
        raise RecordError(f"missing field {missing[0]!r}")
    known = required + optional
    for key in rec:
        if key not in known:
            raise RecordError(f"unknown field {key!r} (known: {', '.join(known)})")
    return rec


def int_field(value: object, field: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number (``true`` is not a number here) within the bounds given."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{field} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise RecordError(f"{field} must be {minimum} or more, not {value}")
    if maximum is not None and value > maximum:
        raise RecordError(f"{field} must be {maximum} or less, not {value}")
    return value


def card_field(value: object, field: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"{field} must be a card written like '8H', not {value!r}")
    try:
        return parse_card(value)
    except RulebookError as exc:
        raise type(exc)(f"{field}: {exc}") from None


def cards_field(value: object, field: str) -> list[Card]:
    """A list of cards; a single string of cards separated by spaces is accepted too."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of cards like [\"7H\", \"KD\"], not {value!r}")
    return [card_field(v, f"{field}[{i}]") for i, v in enumerate(value)]


def players_field(value: object, least: int, most: int, game: str) -> list[str]:
    """A score sheet's players: a list of distinct names in seating order."""
    if not isinstance(value, list):
        raise RecordError(f"players: expected a list of names in seating order, not {show_value(value)}")
    if not least <= len(value) <= most:
        raise RecordError(f"players: {game} is for {least} to {most} players, not {len(value)}")
    names: list[str] = []
    for k, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"players[{k}]: expected a name, not {show_value(name)}")
        if name in names:
            raise RecordError(f"players[{k}]: {show_value(name)} is named twice; give each player a different name")
        names.append(name)
    return names


def names_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
