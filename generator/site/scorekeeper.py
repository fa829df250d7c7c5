"""The score keeper page: ``{{ score_keeper() }}`` in ``docs/keep-score.md``.

The macro renders ``templates/scorekeeper/page.html``: a game chooser, players by name in seating
order and, for each game, a sheet that works as a plain form (and prints) before any script runs.
``docs/assets/js/scorekeeper/scorekeeper.js`` then upgrades it into the live sheet (totals, the
leader, the ranking with the tie-breakers, saving on the device), ranking with the JS ports of
the ``rank`` records of ``generator/engine/games/*.py``.

Everything the sheet says about a game comes from here: hand sizes and rounds from the engines,
names and tie-breakers from ``rules-data/`` (never retyped).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

#: The games the score keeper has a sheet for: the ones :func:`sheet_games` knows the rounds and the
#: winner of (from their engines) and docs/assets/js/scorekeeper/ can rank. Listed in rules-data/'s
#: order (``kept_ids``); a game added to rules-data/ alone is not in the keeper (issue 26).
SHEET_GAMES: frozenset[str] = frozenset({"chips", "chains", "3-chip-stack"})
#: The seats of the plain (no-script) form.
PLAIN_SEATS = 4
#: The longest player's name the sheet takes: the plain form's maxlength, and the bound that the
#: live sheet keeps on names typed, linked, imported or stored (``NAME_CHARS`` of
#: ``docs/assets/js/scorekeeper/store.js``; tests/test_scorekeeper_bounds.py holds the two equal).
NAME_CHARS = 40
#: Per game, the ruling the live sheet quotes under "who deals" (what the extra card's holder does).
OPENING_RULING: dict[str, str] = {"chips": "chips-ruling-opening-discard"}


def kept_ids(games: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ids of the games of ``games`` (rules-data/, in its order) the score keeper has a sheet for."""
    return [str(g["id"]) for g in games if g["id"] in SHEET_GAMES]


def sheet_games(games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the template and the script need about each game, from the engines and rules-data."""
    from ..engine.games import chains, chips, three_chip_stack

    by_id = {str(g["id"]): g for g in games}
    out: list[dict[str, Any]] = []
    for gid in kept_ids(games):
        data = by_id[gid]
        info: dict[str, Any] = {
            "id": gid,
            "name": str(data["name"]),
            "tie_breakers": [dict(t) for t in data.get("tie_breakers") or []],
        }
        opening = next((r for r in data.get("rulings") or []
                        if isinstance(r, Mapping) and r.get("id") == OPENING_RULING.get(gid)), None)
        if opening is not None:
            info["opening"] = {"id": str(opening["id"]), "title": str(opening.get("title", "")),
                               "text": " ".join(str(opening.get("ruling", "")).split())}
        if gid == "chips":
            info.update(rounds=chips.ROUNDS, hand_sizes=list(chips.HAND_SIZES), min_players=2,
                        max_players=chips.MAX_SHEET_PLAYERS, lowest_wins=True)
        elif gid == "chains":
            info.update(rounds=chains.HANDS_PER_GAME, min_players=2, max_players=chains.MAX_SHEET_PLAYERS,
                        lowest_wins=True)
        elif gid == "3-chip-stack":
            info.update(rounds=None, min_players=three_chip_stack.MIN_PLAYERS,
                        max_players=three_chip_stack.MAX_PLAYERS, start=three_chip_stack.DEFAULT_START,
                        lowest_wins=False)
        out.append(info)
    return out


def house_config(games: Sequence[Any], refs: Mapping[str, Any],
                 houses: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, dict[str, Any]]:
    """Per game, what the new-game form offers as "Your table's rules" (issue 25): the options of
    generator/content/house.py control_data (ids, values and defaults of ``rulebook options`` and
    ``?house=`` links; the readings in plain words, as the game page names them) and ``book``, the
    options a family edition (``rulebook build --house``) sets away from the family's rules, which
    a new game starts from there."""
    from ..content.house import changed, control_data
    from ..render import plain_text

    out: dict[str, dict[str, Any]] = {}
    for game in games:
        if game.id not in SHEET_GAMES:
            continue
        options = [{**o, "labels": [plain_text(label, refs) for label in o["labels"]]}
                   for o in control_data(game)["options"]]
        book = {o.id: value for o, value in changed(game, (houses or {}).get(game.id) or {})}
        out[game.id] = {"options": options, "book": book, "whose": control_data(game)["whose"]}
    return out


def render_score_keeper(games: Sequence[Mapping[str, Any]], root: str, refs: Mapping[str, Any],
                        house: Mapping[str, Mapping[str, Any]] | None = None) -> Markup:
    from ..render import plain_text, render_partial

    infos = sheet_games(games)
    config = {
        "games": [
            {k: v for k, v in g.items() if k not in ("tie_breakers", "opening")}
            | {"tie_breakers": [plain_text(str(t.get("text", "")), refs) for t in g["tie_breakers"]]}
            | ({"opening": {**g["opening"], "text": plain_text(g["opening"]["text"], refs),
                            "href": refs[g["opening"]["id"]].href if g["opening"]["id"] in refs else ""}}
               if "opening" in g else {})
            | ({"house": dict(house[g["id"]])} if house and g["id"] in house else {})
            for g in infos
        ],
    }
    return render_partial("scorekeeper/page.html", games=infos, config=config, root=root, refs=refs,
                          seats=PLAIN_SEATS, name_chars=NAME_CHARS)


def register(env: Any) -> None:
    """Add the ``score_keeper()`` macro (called from ``generator.site.macros.define_env``)."""
    from ..content.loader import load_games
    from ..render import game_refs
    from .pages import block, page_root, project_root

    def score_keeper() -> Markup:
        """The score keeper: a chooser, the players, and a sheet per game."""
        from ..content.house import edition

        loaded = load_games(project_root(env))
        games = [g.data for g in loaded]
        page = getattr(env, "page", None)
        root = page_root(getattr(page, "url", None))
        refs = game_refs(games, None, page_url=lambda gid: f"{root}{gid}/")
        return block(render_score_keeper(games, root, refs, house_config(loaded, refs, edition(loaded))))

    env.macro(score_keeper, "score_keeper")
