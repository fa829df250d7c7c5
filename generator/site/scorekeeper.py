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

#: The games the sheet keeps, in menu order, with what their engines say about a game.
SHEET_GAMES: tuple[str, ...] = ("chips", "chains", "3-chip-stack")
#: The seats of the plain (no-script) form.
PLAIN_SEATS = 4
#: The longest player's name the sheet takes: the plain form's maxlength, and the bound that the
#: live sheet keeps on names typed, linked, imported or stored (``NAME_CHARS`` of
#: ``docs/assets/js/scorekeeper/store.js``; tests/test_scorekeeper_bounds.py holds the two equal).
NAME_CHARS = 40
#: Per game, the ruling the live sheet quotes under "who deals" (what the extra card's holder does).
OPENING_RULING: dict[str, str] = {"chips": "chips-ruling-opening-discard"}


def sheet_games(games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the template and the script need about each game, from the engines and rules-data."""
    from ..engine.games import chains, chips, three_chip_stack

    by_id = {str(g["id"]): g for g in games}
    out: list[dict[str, Any]] = []
    for gid in SHEET_GAMES:
        data = by_id.get(gid, {})
        info: dict[str, Any] = {
            "id": gid,
            "name": str(data.get("name", {"chips": "Chips", "chains": "Chains"}.get(gid, "3 Chip Stack"))),
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
        else:
            info.update(rounds=None, min_players=three_chip_stack.MIN_PLAYERS,
                        max_players=three_chip_stack.MAX_PLAYERS, start=three_chip_stack.DEFAULT_START,
                        lowest_wins=False)
        out.append(info)
    return out


def render_score_keeper(games: Sequence[Mapping[str, Any]], root: str, refs: Mapping[str, Any]) -> Markup:
    from ..render import plain_text, render_partial

    infos = sheet_games(games)
    config = {
        "games": [
            {k: v for k, v in g.items() if k not in ("tie_breakers", "opening")}
            | {"tie_breakers": [plain_text(str(t.get("text", "")), refs) for t in g["tie_breakers"]]}
            | ({"opening": {**g["opening"], "text": plain_text(g["opening"]["text"], refs),
                            "href": refs[g["opening"]["id"]].href if g["opening"]["id"] in refs else ""}}
               if "opening" in g else {})
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
        games = [g.data for g in load_games(project_root(env))]
        page = getattr(env, "page", None)
        root = page_root(getattr(page, "url", None))
        refs = game_refs(games, None, page_url=lambda gid: f"{root}{gid}/")
        return block(render_score_keeper(games, root, refs))

    env.macro(score_keeper, "score_keeper")
