"""Field readers shared by the JSON record functions of every game module.

Each reader checks one field of a record and raises :class:`RecordError` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, parse_card
from ..errors import RulebookError
from ..limits import clip, quote


class RecordError(RulebookError):
    """A JSON record with a missing, unknown or malformed field; the message names the field."""


def show_value(value: object) -> str:
    """A value in an error message: JSON for a scalar, "a list" / "an object" for containers
    (the browser engines write it the same way)."""
    import json

    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    try:
        return clip(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        return quote(value)


def check_fields(rec: object, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``rec`` as a dict, refusing missing and unknown fields (a typo like ``deck`` is an error)."""
    if not isinstance(rec, dict):
        raise RecordError(f"a record must be a JSON object, not {type(rec).__name__}")
    missing = [f for f in required if f not in rec]
    if missing:
        raise RecordError(f"missing field {quote(missing[0])}")
    known = required + optional
    for key in rec:
        if key not in known:
            raise RecordError(f"unknown field {quote(key)} (known: {', '.join(known)})")
    return rec


def int_field(value: object, field: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number (``true`` is not a number here) within the bounds given."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{field} must be a whole number, not {quote(value)}")
    if minimum is not None and value < minimum:
        raise RecordError(f"{field} must be {minimum} or more, not {quote(value)}")
    if maximum is not None and value > maximum:
        raise RecordError(f"{field} must be {maximum} or less, not {quote(value)}")
    return value


def card_field(value: object, field: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"{field} must be a card written like '8H', not {quote(value)}")
    try:
        return parse_card(value)
    except RulebookError as exc:
        raise type(exc)(f"{field}: {exc}") from None


def cards_field(value: object, field: str) -> list[Card]:
    """A list of cards; a single string of cards separated by spaces is accepted too."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of cards like [\"7H\", \"KD\"], not {quote(value)}")
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


# --- House options (rules-data/<game>.yaml ``option:``, generator/content/house.py) -------------


@dataclass(frozen=True)
class HouseOption:
    """One house option as an engine knows it: its id, its values (in the game file's order) and
    its default. Each game module lists its own in ``HOUSE_OPTIONS``; tests/test_house_engines.py
    holds that list equal to what ``generator.content.house`` reads from the game file."""

    id: str
    values: tuple[str, ...]
    default: str


def _quoted(value: object) -> str:
    return quote(value) if isinstance(value, str) else show_value(value)


def house_field(value: object, options: Sequence[HouseOption], field: str = "house") -> dict[str, str]:
    """A record's ``house``: ``{"<option-id>": "<value>", ...}``, every option the game has, the
    defaults filled in for the ones not given (a missing or null ``house`` is all defaults).
    An unknown id or value is refused naming it: ``house.odd-chip: no value 'x' (values: ...)``."""
    out = {o.id: o.default for o in options}
    if value is None:
        return out
    if not isinstance(value, dict):
        example = next(((o.id, v) for o in options for v in o.values if v != o.default), None)
        like = f' like {{"{example[0]}": "{example[1]}"}}' if example else ""
        raise RecordError(f"{field} must be an object of house options{like}, not {show_value(value)}")
    known = {o.id: o for o in options}
    for key, chosen in value.items():
        option = known.get(key)
        if option is None:
            raise RecordError(f"{field}: unknown option {_quoted(key)} (known: {', '.join(known) or 'none'})")
        if not isinstance(chosen, str) or chosen not in option.values:
            raise RecordError(f"{field}.{key}: no value {_quoted(chosen)} (values: {', '.join(option.values)})")
        out[key] = chosen
    return out
