"""The score keeper page: ``{{ score_keeper() }}`` in ``docs/keep-score.md``.

The macro renders ``templates/scorekeeper/page.html``: a game chooser, players by name in seating
order and, for each game, a sheet that works as a plain form (and prints) before any script runs.
``docs/assets/js/scorekeeper/scorekeeper.js`` then upgrades it into the live sheet (totals, the
leader, the ranking with the tie-breakers, saving on the device), ranking with the JS ports of
the ``rank`` records of ``generator/engine/games/*.py``.

Everything the sheet says about a game comes from here: hand sizes and rounds from the engines,
names and tie-breakers from ``rules-data/`` (never retyped). A game with no engine whose file
declares its scoring (``scoring.declared``, issue 38) has a sheet too: its end and its winner are
the declaration's, ranked in the browser by the port of ``generator/engine/declared.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

#: The games with an engine the score keeper has a sheet for: the ones :func:`sheet_games` knows the
#: rounds and the winner of (from their engines) and docs/assets/js/scorekeeper/ can rank. Listed in
#: rules-data/'s order (``kept_ids``) with every game that declares its scoring (``declared_spec``);
#: a game added to rules-data/ with neither is not in the keeper (issue 26).
SHEET_GAMES: frozenset[str] = frozenset({"chips", "chains", "3-chip-stack"})
#: The most players a declared game's sheet takes (the bound of the Chains and Chips sheets).
DECLARED_MAX_PLAYERS = 20
#: The seats of the plain (no-script) form.
PLAIN_SEATS = 4
#: The longest player's name the sheet takes: the plain form's maxlength, and the bound that the
#: live sheet keeps on names typed, linked, imported or stored (``NAME_CHARS`` of
#: ``docs/assets/js/scorekeeper/store.js``; tests/test_scorekeeper_bounds.py holds the two equal).
NAME_CHARS = 40
#: Per game, the ruling the live sheet quotes under "who deals" (what the extra card's holder does).
OPENING_RULING: dict[str, str] = {"chips": "chips-ruling-opening-discard"}


def declared_spec(game: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A game's declared scoring (``scoring.declared``), or None: only for a game with no engine of
    its own (the three games' engines stay the reference for them)."""
    if game.get("id") in SHEET_GAMES:
        return None
    scoring = game.get("scoring")
    spec = scoring.get("declared") if isinstance(scoring, Mapping) else None
    return spec if isinstance(spec, Mapping) else None


def kept_ids(games: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ids of the games of ``games`` (rules-data/, in its order) the score keeper has a sheet for:
    the three with engines, and every game that declares its scoring."""
    return [str(g["id"]) for g in games if g["id"] in SHEET_GAMES or declared_spec(g) is not None]


def declared_words(spec: Mapping[str, Any]) -> dict[str, str]:
    """A declared game's sheet in words, for the plain form and the live sheet: how a hand is scored
    (``hand``), when the game ends (``end``) and who wins (``winner``), as the declaration says them."""
    hand = ("Each player scores the cards left in their own hand." if spec["hand"] == "own-cards" else
            "The player who goes out scores the cards left in everyone else's hands; the others score 0.")
    end = spec["end"]
    if end == "last-player-left":
        ends = ("Each player starts with the same total, and each hand adds what they win and takes away "
                "what they lose; a player whose total falls to 0 is out, and the game ends when one "
                "player alone has a total above 0.")
    elif "hands" in end:
        n = int(end["hands"])
        ends = f"A game is {n} hand{'s' if n != 1 else ''}."
    else:
        ends = f"The game ends after the hand in which a total reaches {int(end['target'])} or more."
    winner = f"The {'lowest' if spec['winner'] == 'lowest' else 'highest'} total wins."
    return {"hand": hand, "end": ends, "winner": winner}


def sheet_games(games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the template and the script need about each game, from the engines and rules-data."""
    from ..engine.games import chains, chips, three_chip_stack
    from ..print.scoresheets import sheet_files

    by_id = {str(g["id"]): g for g in games}
    out: list[dict[str, Any]] = []
    for gid in kept_ids(games):
        data = by_id[gid]
        info: dict[str, Any] = {
            "id": gid,
            "name": str(data["name"]),
            "tie_breakers": [dict(t) for t in data.get("tie_breakers") or []],
            # A printable blank sheet (generator/print/scoresheets.py): linked under "Score sheets on paper".
            "paper": bool(sheet_files(gid)),
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
        else:  # a declared game (issue 38): its end and winner as its file declares them
            spec = declared_spec(data)
            assert spec is not None  # kept_ids keeps no other
            end = spec["end"]
            info.update(rounds=int(end["hands"]) if isinstance(end, Mapping) and "hands" in end else None,
                        min_players=2, max_players=DECLARED_MAX_PLAYERS, lowest_wins=spec["winner"] == "lowest",
                        declared=json_spec(spec), words=declared_words(spec))
            if end == "last-player-left":
                info["start"] = DECLARED_START
        out.append(info)
    return out


#: The total each player starts a last-player-left game with, until the table writes its own.
DECLARED_START = 10


def json_spec(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The declaration as the browser's port reads it (docs/assets/js/engine/declared.js): card
    ranks as strings (a file may write ``8: 50``), the rest as declared."""
    out = {str(k): v for k, v in dict(spec).items()}
    out["cards"] = {str(k): v for k, v in dict(spec.get("cards") or {}).items()}
    if isinstance(out.get("end"), Mapping):
        out["end"] = dict(out["end"])
    if "tie_breakers" in out:
        out["tie_breakers"] = list(out["tie_breakers"] or [])
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
    kept = set(kept_ids([g.data for g in games]))
    for game in games:
        # Every game with a sheet, a declared one too (issue 38): its options change no score there,
        # but the sheet, its link and its file say which rules the table played by.
        if game.id not in kept:
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
            {k: v for k, v in g.items() if k not in ("tie_breakers", "opening", "paper")}
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
