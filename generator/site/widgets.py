"""The interactive widgets of the game pages, rendered on the server.

``register(env)`` adds one macro to an mkdocs-macros env: ``{{ widget("chips") }}`` (or
``"chains"``, ``"3-chip-stack"``) returns the block of ``templates/widgets/<id>.html``: a plain
form that reads, prints and submits (GET, to the same page) before any script loads. The
modules in ``docs/assets/js/widgets/`` upgrade it in place: they mount on
``[data-widget="<id>"]`` and score with the browser engines in ``docs/assets/js/engine/``, which
give the same records as ``generator/engine/games/`` (``tests/test_differential.py``).
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup

from ..engine.cards import JOKER, RANKS, SUITS, Card, card_symbol, format_card, spoken_name
from ..engine.errors import RulebookError
from ..render import render_partial

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


def render_widget(game_id: str) -> Markup:
    """The server-rendered block of one game's widget (no blank line, so Markdown keeps it whole)."""
    if game_id not in WIDGETS:
        known = ", ".join(repr(k) for k in WIDGETS)
        raise UnknownWidget(f"unknown widget {game_id!r}: the widgets are {known}")
    html = render_partial(
        WIDGETS[game_id],
        game_id=game_id,
        suits=[{"code": s.value, "noun": s.noun} for s in SUITS],
        cards=card_faces(jokers=game_id == "chips"),
        packs=range(1, 9),
        players=range(1, 7),
    )
    return Markup(_BLANK_LINES.sub("\n", str(html).strip()))


def register(env: Any) -> None:
    """Add the ``widget(game_id)`` macro to an mkdocs-macros env."""

    def widget(game_id: str) -> Markup:
        """The interactive scorer of a game: a form that scripts upgrade in place."""
        return render_widget(game_id)

    env.macro(widget, "widget")
