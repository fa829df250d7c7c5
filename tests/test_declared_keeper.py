"""A game that declares its scoring (issue 38) gets a score-keeper sheet with its own end and winner,
and a hand counter under its Scoring, from its file alone (generator/site/scorekeeper.py, widgets.py);
the three games with engines keep theirs. Checked without a build, with the tests' fixture game
(tests/data/fourth-game/) and a Crazy Eights made from it; tests/test_browser_declared.py runs them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.content.loader import load_games
from generator.engine import declared
from generator.site.macros import Site
from generator.site.scorekeeper import SHEET_GAMES, declared_words, kept_ids, render_score_keeper, sheet_games
from generator.site.widgets import render_declared, render_widget

ROOT = Path(__file__).resolve().parent.parent
FOURTH = Path(__file__).parent / "data" / "fourth-game" / "zz-test-fixture-game.yaml"
FIXTURE = FOURTH.stem


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    folder = tmp_path_factory.mktemp("four") / "rules-data"
    shutil.copytree(ROOT / "rules-data", folder)
    shutil.copy(FOURTH, folder)
    return load_games(folder)


def _fixture(four: list[Any]) -> dict[str, Any]:
    return next(g.data for g in four if g.id == FIXTURE)


def test_a_declared_game_is_kept_by_the_score_keeper_with_its_end_and_winner(four: list[Any]) -> None:
    datas = [g.data for g in four]
    assert kept_ids(datas)[-1] == FIXTURE and FIXTURE not in SHEET_GAMES
    info = next(s for s in sheet_games(datas) if s["id"] == FIXTURE)
    spec = _fixture(four)["scoring"]["declared"]
    assert info["declared"] == json.loads(json.dumps(spec))  # what the browser's engine reads
    assert info["rounds"] == 3 and info["lowest_wins"] is False and "start" not in info
    assert info["paper"] is False  # no blank sheet of its own yet: not linked under "on paper"
    assert info["words"] == {
        "hand": "The player who goes out scores the cards left in everyone else's hands; the others score 0.",
        "end": "A game is 3 hands.", "winner": "The highest total wins."}
    assert [t["id"] for t in info["tie_breakers"]] == ["zz-test-fixture-game-tie"]
    # The three keep their engines' sheets: none is declared over.
    assert all("declared" not in s for s in sheet_games(datas) if s["id"] in SHEET_GAMES)


def test_the_score_keeper_page_offers_the_declared_game_and_says_how_it_ends(four: list[Any]) -> None:
    datas = [g.data for g in four]
    from generator.render import game_refs

    html = str(render_score_keeper(datas, "../", game_refs(datas, None, page_url=lambda gid: f"../{gid}/")))
    assert f'value="{FIXTURE}"' in html and 'id="sk-sheet-zz-test-fixture-game"' in html
    assert "A game is 3 hands. The highest total wins." in html
    config = json.loads(re.search(r"data-config='([^']*)'", html).group(1).replace("&#34;", '"'))  # type: ignore[union-attr]
    entry = next(g for g in config["games"] if g["id"] == FIXTURE)
    assert entry["declared"]["end"] == {"hands": 3} and entry["tie_breakers"]
    assert f"pdf/{FIXTURE}-score-a4.pdf" not in html and "pdf/chips-score-a4.pdf" in html


def test_each_end_and_winner_of_a_declaration_is_said_in_words() -> None:
    base = {"cards": {"A": 1}, "hand": "own-cards", "winner": "lowest"}
    assert declared_words({**base, "end": {"target": 100}})["end"] == (
        "The game ends after the hand in which a total reaches 100 or more.")
    assert declared_words({**base, "end": {"hands": 1}})["end"] == "A game is 1 hand."
    words = declared_words({**base, "end": "last-player-left", "winner": "highest"})
    assert "one player alone has a total above 0" in words["end"] and words["winner"] == "The highest total wins."
    assert declared_words({**base, "end": {"hands": 2}})["hand"] == "Each player scores the cards left in their own hand."


def test_a_declared_game_counts_a_hand_under_its_scoring_and_the_three_do_not(four: list[Any]) -> None:
    site = Site(four)
    part = str(site.part("scoring", FIXTURE, "../"))
    assert part.count('data-widget="declared"') == 1 and f'data-game="{FIXTURE}"' in part
    spec = json.loads(re.search(r"data-spec='([^']*)'", part).group(1).replace("&#34;", '"'))  # type: ignore[union-attr]
    assert spec == json.loads(json.dumps(_fixture(four)["scoring"]["declared"]))
    assert 'name="out"' in part  # the winner scores the others: who went out is asked
    assert 'aria-label="eight of spades"' in part or ">eight of spades<" in part  # cards carry spoken names
    assert 'data-card="JK"' not in part  # the declaration gives a joker no value
    for gid in SHEET_GAMES:
        assert 'data-widget="declared"' not in str(site.part("scoring", gid, "../"))
        assert render_declared(next(g.data for g in four if g.id == gid)) is None
    # widget("<id>") on a page gives the same counter.
    assert 'data-widget="declared"' in str(render_widget(FIXTURE, [g.data for g in four]))


def test_an_own_cards_game_asks_nobody_who_went_out_and_a_valued_joker_has_its_card(four: list[Any]) -> None:
    data = yaml.safe_load(FOURTH.read_text(encoding="utf-8"))
    data["scoring"]["declared"] = {"cards": {"8": 50, "JK": 25, "other": "face"}, "hand": "own-cards",
                                   "end": {"target": 100}, "winner": "lowest"}
    html = str(render_declared(data))
    assert 'name="out"' not in html and 'data-card="JK"' in html


def test_the_fixtures_hand_examples_are_answered_by_the_declared_engine(four: list[Any]) -> None:
    # What tests/test_browser_declared.py types into the hand counter, and the figures it expects.
    data = _fixture(four)
    hands = [e for e in data["examples"] if e.get("record") == "hand"]
    assert len(hands) >= 2
    for e in hands:
        assert declared.records(data["scoring"]["declared"])["hand"](e["input"]) == e["claim"]
