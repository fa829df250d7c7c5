"""The three real game files: they load, their ids stay put, and nothing they cite dangles.

`tests/data/rule_ids.txt` lists every id (game, id), so renaming or dropping an id (an anchor
other pages, the PDF and the engines' comments cite) fails here. Adding an id means adding
its line to that file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.loader import TOKEN, id_prefix, load_game, load_games
from generator.engine.cards import parse_card

ROOT = Path(__file__).resolve().parent.parent
IDS_FILE = Path(__file__).parent / "data" / "rule_ids.txt"
GAMES = {g.id: g for g in load_games(ROOT)}

#: The rule ids the engines cite in their comments (see each generator/engine/games/<id>.py).
ENGINE_IDS = {
    "chips": """chips-players chips-packs chips-score-sheet chips-aim chips-groups chips-sets chips-runs
        chips-aces chips-no-wrap chips-wilds chips-wild-value chips-deal chips-opening-discard
        chips-turn chips-discard-depth chips-call chips-call-after-turn chips-concealed
        chips-fixed-groups chips-lay-off chips-lay-off-run-wild chips-lay-off-exact-card
        chips-scoring chips-card-values chips-caller-scores-zero chips-hand-sizes chips-rotation
        chips-winner chips-tie-most-calls chips-tie-round-totals""",
    "chains": """chains-deal chains-first-turn chains-draw chains-run chains-flush chains-royal
        chains-same-rank chains-multiple-decks chains-scoring chains-game""",
    "3-chip-stack": " ".join(f"three-chip-stack-{s}" for s in [
        "ranking", "showdown", "split", "ante", "first-round", "fold-first", "exchange",
        "second-round", "fold-second", "elimination"]),
}


def _listed() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for line in IDS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip():
            game, item = line.split()
            out.setdefault(game, set()).add(item)
    return out


def test_all_three_games_load() -> None:
    assert list(GAMES) == ["chips", "chains", "3-chip-stack"]
    for game in GAMES.values():
        assert load_game(game.path) is load_game(game.path)  # parsed once, then cached


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_ids_are_stable(game_id: str) -> None:
    listed = _listed()[game_id]
    present = set(GAMES[game_id].items)
    assert not listed - present, f"ids renamed or removed (anchors break): {sorted(listed - present)}"
    assert not present - listed, f"new ids: add them to {IDS_FILE.name}: {sorted(present - listed)}"


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_engine_rule_ids_exist(game_id: str) -> None:
    missing = set(ENGINE_IDS[game_id].split()) - set(GAMES[game_id].items)
    assert not missing


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_ids_cited_in_engine_comments_exist(game_id: str) -> None:
    module = {"chips": "chips", "chains": "chains", "3-chip-stack": "three_chip_stack"}[game_id]
    source = (ROOT / "generator" / "engine" / "games" / f"{module}.py").read_text(encoding="utf-8")
    prefix = id_prefix(game_id)
    cited = set(re.findall(rf"\b{re.escape(prefix)}[a-z0-9]+(?:-[a-z0-9]+)*", source))
    # "-ruling-" alone (a prose shorthand) is not an id.
    cited = {c for c in cited if not c.endswith("-ruling")}
    assert not cited - set(GAMES[game_id].items), sorted(cited - set(GAMES[game_id].items))


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_nothing_cited_dangles(game_id: str) -> None:
    game = GAMES[game_id]

    def texts(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, dict):
            return [t for k, v in node.items() if k not in ("input", "claim") for t in texts(v)]
        if isinstance(node, list):
            return [t for v in node for t in texts(v)]
        return []

    for text in texts(game.data):
        for hash_, body in TOKEN.findall(text):
            if hash_:
                assert body in game, f"[[#{body}]]"
            else:
                parse_card(body)
    for ruling in game.data["rulings"]:
        assert all(r in game for r in ruling["rules"])


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_every_rule_item_is_a_sentence(game_id: str) -> None:
    for section in GAMES[game_id].data["rules"]:
        for item in section["items"]:
            assert item["text"].rstrip().endswith((".", "?", ")")), item["id"]


def test_example_counts() -> None:
    assert len(GAMES["chips"].data["examples"]) >= 10
    assert len(GAMES["chains"].data["examples"]) >= 5
    assert len(GAMES["3-chip-stack"].data["examples"]) >= 5


def test_chips_rulings_cover_the_lead_decisions() -> None:
    rulings = {r["id"] for r in GAMES["chips"].data["rulings"]}
    assert len(rulings) >= 14
    assert {"chips-ruling-k-a-2", "chips-ruling-layoff-order", "chips-ruling-packs",
            "chips-ruling-shared-win", "chips-ruling-wild-groups"} <= rulings


def test_chips_two_tables_variant_says_it_is_incomplete() -> None:
    variant = GAMES["chips"].item("chips-variant-two-tables")
    assert "not yet recorded" in variant["incomplete"]


def test_three_chip_stack_credits_its_contributors() -> None:
    text = str(GAMES["3-chip-stack"].data)
    assert "Jim Kuglics" in text and "Jamie Licari" in text
