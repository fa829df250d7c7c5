"""The practice page of each game, ``/<game>/play/`` (issue 16): drills, and a place for the game.

``register(env)`` adds one macro to an mkdocs-macros env: ``{{ practice("chips") }}`` returns the
block of ``templates/play/page.html``. Before any script runs only a note shows (the drill's form
is ``hidden``: without the browser engine it could check nothing); ``docs/assets/js/play/drills/``
reveals and runs it, mounted by ``docs/assets/js/loader.js`` on ``[data-drill="<game>"]``.

Every rule sentence a drill quotes is rendered here from rules-data into a ``<template
data-rule="<id>">`` (with its label and a link to the rule on the game's page): the scripts clone
it and never hold rule words of their own. ``QUOTED`` lists, per game, the ids the drill scripts
cite; an id that rules-data does not define fails the build.

The "Play a practice game" section is a container, ``[data-practice-game="<game>"]``, inside a
section that stays ``hidden`` until the whole-game module (``docs/assets/js/play/<game>.js``'s
page script) mounts there and shows it: no promise of a game before there is one.

The practice table plays by the table's own rules (issue 25): the page carries the game's house
options with their readings in words (``data-house-data``, the shape of the game page's control,
generator/content/house.py ``control_data``), so the table can say which rules are in force as the
game page names them; a family edition (``rulebook build --house``) that changes the game also
carries the book's options (``data-house-book``), which docs/assets/js/house/current.js
``houseFor`` then gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ..engine.errors import RulebookError
from ..engine.games.chips import HAND_SIZES
from ..render import game_refs, render_partial, render_text
from .pages import block, page_root

#: The question each game's drill asks, and its lead.
DRILLS: dict[str, str] = {
    "chips": "Score this hand",
    "chains": "Is this play legal?",
    "3-chip-stack": "Who wins this showdown?",
}

#: The rule items, scoring items, tie-breakers and rulings each drill and practice table may
#: quote (the ids the scripts in docs/assets/js/play/drills/ and play/table/ name), rendered
#: from rules-data.
QUOTED: dict[str, tuple[str, ...]] = {
    "chips": (
        "chips-hand-sizes", "chips-sets", "chips-runs", "chips-aces", "chips-no-wrap", "chips-wilds",
        "chips-groups", "chips-card-values", "chips-scoring", "chips-lay-off", "chips-lay-off-run-wild",
        "chips-caller-scores-zero", "chips-ruling-lay-off-wild",
        "chips-ruling-wild-groups",
        # the practice table (docs/assets/js/play/table/chips.js): its refusals, hints and ending
        "chips-turn", "chips-discard-depth", "chips-opening-discard", "chips-call", "chips-call-after-turn",
        "chips-last-turn", "chips-fixed-groups", "chips-winner", "chips-tie-most-calls", "chips-tie-round-totals",
        "chips-ruling-discard-depth", "chips-ruling-opening-discard", "chips-ruling-after-the-call",
        "chips-ruling-deck-runs-out", "chips-ruling-whole-hand", "chips-ruling-layoff-aim", "chips-ruling-shared-win",
    ),
    "chains": (
        "chains-run", "chains-flush", "chains-royal", "chains-same-rank", "chains-ruling-ace",
    ),
    "3-chip-stack": (
        "three-chip-stack-ranking", "three-chip-stack-no-combinations", "three-chip-stack-showdown",
        "three-chip-stack-next-card", "three-chip-stack-split", "three-chip-stack-ruling-suits",
        # The practice table (play/table/3-chip-stack.js): its hints, refusals and hand summaries.
        "three-chip-stack-first-round", "three-chip-stack-fold-first", "three-chip-stack-exchange",
        "three-chip-stack-second-round", "three-chip-stack-fold-second", "three-chip-stack-elimination",
        "three-chip-stack-ruling-odd-chip", "three-chip-stack-ruling-dealer-last", "three-chip-stack-ruling-min-raise",
        "three-chip-stack-ruling-second-bet", "three-chip-stack-ruling-fold-chip", "three-chip-stack-ruling-short",
        "three-chip-stack-ruling-all-fold", "three-chip-stack-ruling-exchange",
    ),
}


class UnknownPractice(RulebookError):
    """A page asked for the practice page of a game that has none, or a quoted id is missing."""


def sentences(game: Mapping[str, Any]) -> dict[str, str]:
    """Id -> the rule words: rule items, scoring items, tie-breakers, rulings (their ruling)."""
    out: dict[str, str] = {}
    for section in game.get("rules") or []:
        for item in section.get("items") or []:
            out[str(item["id"])] = str(item["text"])
    for item in (game.get("scoring") or {}).get("items") or []:
        out[str(item["id"])] = str(item["text"])
    for item in game.get("tie_breakers") or []:
        out[str(item["id"])] = str(item["text"])
    for ruling in game.get("rulings") or []:
        out[str(ruling["id"])] = str(ruling["ruling"])
    return out


def quotes(games: Sequence[Mapping[str, Any]], game_id: str, root: str) -> list[dict[str, Any]]:
    """The rules a drill quotes: id, words (HTML, links pointing at the game's page), label, href."""
    game = next((g for g in games if str(g.get("id")) == game_id), None)
    if game is None:
        raise UnknownPractice(f"unknown game id {game_id!r} for a practice page")
    refs = game_refs(games, None, page_url=lambda gid: f"{root}{gid}/")
    words = sentences(game)
    out = []
    for rule_id in QUOTED[game_id]:
        if rule_id not in words or rule_id not in refs:
            raise UnknownPractice(f"generator/site/play.py: the {game_id} drill quotes {rule_id!r}, "
                                  f"which rules-data/{game_id}.yaml does not define")
        label = refs[rule_id].label.removeprefix(f"{game.get('name', game_id)} ")
        out.append({"id": rule_id, "html": render_text(" ".join(words[rule_id].split()), refs),
                    "label": label, "href": refs[rule_id].href})
    return out


def render_practice(game_id: str, games: Sequence[Mapping[str, Any]], root: str, *,
                    house_control: Mapping[str, Any] | None = None,
                    house_book: Mapping[str, str] | None = None) -> Markup:
    """The server-rendered practice page of one game (no blank line: Markdown keeps it whole).
    ``house_control``: the game's house options and their readings (the game page control's data);
    ``house_book``: the options a family edition sets away from the family's rules."""
    if game_id not in DRILLS:
        known = ", ".join(repr(k) for k in DRILLS)
        raise UnknownPractice(f"unknown practice page {game_id!r}: the games are {known}")
    game = next(g for g in games if str(g.get("id")) == game_id)
    rounds = [{"number": n, "size": size} for n, size in enumerate(HAND_SIZES, start=1)]
    html = render_partial(
        "play/page.html", game=game, game_id=game_id, drill=DRILLS[game_id], root=root,
        game_url=f"{root}{game_id}/", quotes=quotes(games, game_id, root), rounds=rounds,
        refs=game_refs(games, None, page_url=lambda gid: f"{root}{gid}/"),
        house_control=house_control, house_book=dict(house_book or {}),
    )
    return block(str(html))


def house_control(game: Any, refs: Mapping[str, Any]) -> dict[str, Any]:
    """The game's house options as the game page's control reads them, readings in plain words."""
    from ..content.house import control_data
    from ..render import plain_text

    data = control_data(game)
    options = data["options"]
    return {"game": game.id, "whose": data["whose"], "options": [
        {**o, "labels": [plain_text(label, refs) for label in o["labels"]]} for o in options]}


def register(env: Any) -> None:
    """Add the ``practice(game_id)`` macro to an mkdocs-macros env."""
    from ..content.house import changed, edition
    from ..content.loader import load_games
    from .pages import project_root

    def practice(game_id: str) -> Markup:
        """The practice page of a game: its drill, and the place of the practice game."""
        page = getattr(env, "page", None)
        root = page_root(getattr(page, "url", None))
        games = load_games(project_root(env))
        datas = [g.data for g in games]
        source = next((g for g in games if g.id == game_id), None)
        control = book = None
        if source is not None:
            refs = game_refs(datas, None, page_url=lambda gid: f"{root}{gid}/")
            control = house_control(source, refs)
            book = {o.id: value for o, value in changed(source, edition(games).get(game_id) or {})}
        return render_practice(game_id, datas, root, house_control=control, house_book=book)

    env.macro(practice, "practice")
