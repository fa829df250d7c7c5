"""The interactive widgets of the game pages, rendered on the server.

``register(env)`` adds one macro to an mkdocs-macros env: ``{{ widget("chips") }}`` (or
``"chains"``, ``"3-chip-stack"``) returns the block of ``templates/widgets/<id>.html``. Before
any script runs only a note shows (the form is ``hidden``: without the browser engine it could
answer nothing); the modules in ``docs/assets/js/widgets/`` reveal and run it: they mount on
``[data-widget="<id>"]`` and score with the browser engines in ``docs/assets/js/engine/``, which
give the same records as ``generator/engine/games/`` (``tests/test_differential.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ..engine.cards import JOKER, RANKS, SUITS, Card, card_symbol, format_card, spoken_name
from ..engine.errors import RulebookError
from ..render import game_refs, plain_text, render_partial

#: Game id -> the template of its widget.
WIDGETS: dict[str, str] = {
    "chips": "widgets/chips.html",
    "chains": "widgets/chains.html",
    "3-chip-stack": "widgets/3-chip-stack.html",
}

_BLANK_LINES = re.compile(r"\n\s*\n+")


class UnknownWidget(RulebookError):
    """A page asked for a widget no game has."""


def card_faces(*, jokers: bool) -> list[dict[str, Any]]:
    """The cards of the tap grid, suit by suit in pack order (then the joker): notation,
    face (``8♥︎``), spoken name (``eight of hearts``), the suit's noun for the CSS class, and how
    many copies one pack holds (a button counts copies up to that times the packs: a pack has
    two jokers, so one joker button stands for all of them)."""
    cards: list[Card] = [Card(r, s) for s in SUITS for r in RANKS]
    if jokers:
        cards.append(JOKER)
    return [
        {
            "code": format_card(c),
            "face": card_symbol(c),
            "name": spoken_name(c),
            "suit": c.suit.noun if c.suit is not None else "joker",
            "per_pack": 2 if c.is_joker else 1,
        }
        for c in cards
    ]


#: The ruling the 3 Chip Stack showdown cites when a tied pot does not split evenly.
ODD_CHIP_RULING = "three-chip-stack-ruling-odd-chip"


def ruling_note(games: Sequence[Mapping[str, Any]], game_id: str, ruling_id: str) -> dict[str, str] | None:
    """A ruling's words as plain text (from rules-data), its link on the game's page and its
    title, for a widget to quote; None when the game or the ruling is not there."""
    for game in games:
        if str(game.get("id")) != game_id:
            continue
        for ruling in game.get("rulings") or []:
            if isinstance(ruling, Mapping) and ruling.get("id") == ruling_id:
                refs = game_refs(games, game_id)
                text = plain_text(" ".join(str(ruling.get("ruling", "")).split()), refs)
                return {"text": text, "href": f"#{ruling_id}", "label": str(ruling.get("title", ""))}
    return None


#: The most players the hand counter of a declared game takes.
DECLARED_PLAYERS = 6


def render_declared(game: Mapping[str, Any]) -> Markup | None:
    """The hand counter of a game that declares its scoring (issue 38): the cards left in each hand
    and each player's score for it by the declaration; None for a game that declares none (or has
    an engine of its own). Shown under the game's Scoring on its page (generator/site/macros.py)."""
    from .scorekeeper import declared_spec, declared_words, json_spec

    spec = declared_spec(game)
    if spec is None:
        return None
    from ..engine.declared import card_values

    html = render_partial(
        "widgets/declared.html",
        game_id=str(game["id"]),
        game_name=str(game["name"]),
        spec=json_spec(spec),
        words=declared_words(spec)["hand"],
        out=spec["hand"] == "winner-scores-others",
        players=range(1, DECLARED_PLAYERS + 1),
        suits=[{"code": s.value, "noun": s.noun} for s in SUITS],
        cards=card_faces(jokers="JK" in card_values(spec)),
        jokers="JK" in card_values(spec),
    )
    return Markup(_BLANK_LINES.sub("\n", str(html).strip()))


def render_widget(game_id: str, games: Sequence[Mapping[str, Any]] = ()) -> Markup:
    """The server-rendered block of one game's widget (no blank line, so Markdown keeps it whole).
    ``games`` (the rules-data of every game) gives the rulings a widget quotes; a game that declares
    its scoring has its hand counter (render_declared)."""
    if game_id not in WIDGETS:
        declared = next((render_declared(g) for g in games if str(g.get("id")) == game_id), None)
        if declared is not None:
            return declared
        known = ", ".join(repr(k) for k in WIDGETS)
        raise UnknownWidget(f"unknown widget {game_id!r}: the widgets are {known}")
    html = render_partial(
        WIDGETS[game_id],
        game_id=game_id,
        suits=[{"code": s.value, "noun": s.noun} for s in SUITS],
        cards=card_faces(jokers=game_id == "chips"),
        packs=range(1, 9),
        players=range(1, 7),
        odd_chip=ruling_note(games, "3-chip-stack", ODD_CHIP_RULING) if game_id == "3-chip-stack" else None,
    )
    return Markup(_BLANK_LINES.sub("\n", str(html).strip()))


def register(env: Any) -> None:
    """Add the ``widget(game_id)`` macro to an mkdocs-macros env."""

    from ..content.loader import load_games
    from .pages import project_root

    def widget(game_id: str) -> Markup:
        """The interactive scorer of a game: a form that scripts upgrade in place."""
        return render_widget(game_id, [g.data for g in load_games(project_root(env))])

    env.macro(widget, "widget")
