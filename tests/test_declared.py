"""Scoring declared in a game file (issue 38, generator/engine/declared.py): a game with no Python gets
its worked examples checked, and agrees with the three games' own engines where it can say what they do."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.checks import check_project
from generator.content.examples import check_examples, unchecked_examples
from generator.content.loader import clear_cache, load_game
from generator.engine import declared
from generator.engine.cards import Card, Rank, Suit, parse_card
from generator.engine.errors import RulesDataError
from generator.engine.games import chains

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = Path(__file__).parent / "data" / "valid" / "sample-game.yaml"

#: Chains' card values (chains-card-values) and its end of a hand (chains-scoring: each player the
#: cards left in their own hand), declared.
CHAINS = {"cards": {"2": 10, "3": 10, "4": 10, "5": 10, "6": 10, "7": 10, "8": 10, "9": 10, "10": 15,
                    "J": 15, "Q": 15, "K": 20, "A": 25},
          "hand": "own-cards", "end": {"target": 100}, "winner": "lowest"}
#: Crazy Eights as a family scores it: eights 50, pictures 10, the rest their number, aces 1; the
#: player who went out scores the others' cards; first to 100; the highest total wins.
EIGHTS = {"cards": {"8": 50, "other": "face"}, "hand": "winner-scores-others", "end": {"target": 100},
          "winner": "highest", "tie_breakers": ["most-hands-won", "best-last-hand"]}


def _deck() -> list[Card]:
    return [Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER]


def test_the_declared_count_of_a_chains_hand_agrees_with_the_chains_engine() -> None:
    rng = random.Random(38)
    deck = _deck()
    for _ in range(2000):
        players = rng.randint(2, 6)
        dealt = rng.sample(deck, players * 5)
        hands = [dealt[i * 5:(i + 1) * 5][: rng.randint(0, 5)] for i in range(players)]
        assert declared.hand_scores(CHAINS, hands, None) == [chains.hand_points(h) for h in hands]
        for h in hands:
            assert declared.hand_points(CHAINS, h) == sum(chains.card_points(c) for c in h)


def test_the_winner_scores_the_cards_left_in_the_others_hands() -> None:
    hand = declared.records(EIGHTS)["hand"]
    assert hand({"hands": [[], ["8S", "KD", "4C"], ["AH"]]}) == {"scores": [65, 0, 0]}
    assert hand({"hands": [["2C"], [], ["AH"]], "out": 1}) == {"scores": [0, 3, 0]}
    with pytest.raises(declared.DeclaredError, match="expected `out`"):
        hand({"hands": [["2C"], ["3C"]]})


def test_the_game_ends_at_its_target_and_the_tie_breakers_decide_in_order() -> None:
    game = declared.records(EIGHTS)["game"]
    assert game({"hands": [[40, 0, 0], [0, 50, 0]]}) == {"totals": [40, 50, 0], "over": False, "winners": [],
                                                          "decided_by": None}
    # Ann and Bo level on 110 after the fourth hand: Ann had the best score of three hands, Bo of two.
    assert game({"hands": [[30, 0], [30, 0], [0, 60], [50, 50]]}) == {
        "totals": [110, 110], "over": True, "winners": [0], "decided_by": "most-hands-won"}
    with pytest.raises(declared.DeclaredError, match="over after hand 1"):
        game({"hands": [[120, 0], [0, 5]]})
    lowest = {**CHAINS, "end": {"hands": 2}, "tie_breakers": []}
    assert declared.records(lowest)["game"]({"hands": [[5, 10], [10, 5]]})["winners"] == [0, 1]  # shared
    last = {"cards": {"other": 1}, "hand": "own-cards", "end": "last-player-left", "winner": "highest"}
    assert declared.records(last)["game"]({"start": 3, "hands": [[2, -3, 1], [-5, 0, -4]]}) == {
        "totals": [0, 0, 0], "over": True, "winners": [0, 1, 2], "decided_by": None}


def test_a_card_the_declaration_gives_no_value_is_refused() -> None:
    with pytest.raises(declared.DeclaredError, match="no value"):
        declared.hand_points(EIGHTS, [parse_card("JK")])


#: sample-game (no engine) with its scoring declared and its example asking the declared record.
DECLARE = ("  table:\n    - {cards: \"Ace\", value: \"1\"}\n",
           ("  table:\n    - {cards: \"Ace\", value: \"1\"}\n"
           "  declared:\n    cards: {\"8\": 50, other: face}\n    hand: winner-scores-others\n"
           "    end: {target: 100}\n    winner: highest\n    tie_breakers: [most-hands-won]\n"))
ASK = ("    record: score\n    input: {hand: [8H, 8S, 8C], packs: 1, caller_groups: null}\n    claim: {score: 0}\n",
       "    record: hand\n    input: {hands: [[], [8S, KD, 4C], [AH]]}\n    claim: {scores: [65, 0, 0]}\n")
RULING = ("    why: Nothing in the rules separates them.\n",
          "    why: Nothing in the rules separates them.\n    text_only: A table matter.\n")


def _sample(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in (DECLARE, ASK, RULING, *edits):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (tmp_path / "rules-data").mkdir(exist_ok=True)
    path = tmp_path / "rules-data" / "sample-game.yaml"
    path.write_text(text, encoding="utf-8")
    clear_cache()
    return path


def test_a_game_with_declared_scoring_has_its_examples_checked(tmp_path: Path) -> None:
    game = load_game(_sample(tmp_path))
    results = check_examples(game)
    assert [r.answer for r in results] == [{"scores": [65, 0, 0]}] and unchecked_examples(game) == []
    assert [g.id for g in check_project(tmp_path)] == ["sample-game"]


def test_a_wrong_claim_stops_rulebook_check_with_its_file_line_and_column(tmp_path: Path) -> None:
    path = _sample(tmp_path, ("claim: {scores: [65, 0, 0]}", "claim: {scores: [66, 0, 0]}"))
    with pytest.raises(RulesDataError) as info:
        check_examples(load_game(path))
    assert info.value.location.endswith("sample-game.yaml:47:21"), str(info.value)
    assert "claims scores [66, 0, 0], but the declared scoring answers [65, 0, 0]" in info.value.message
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "generator", "check"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("rulebook: rules-data/sample-game.yaml:47:21: example `sample-game-ex-set`: "
                                    "claims scores [66, 0, 0]"), result.stderr


def test_a_declaration_the_schema_refuses_is_named_in_place(tmp_path: Path) -> None:
    path = _sample(tmp_path, ("    winner: highest\n", "    winner: most\n"))
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    assert info.value.location.endswith("sample-game.yaml:37:13"), str(info.value)
    assert "field `scoring.declared.winner`: expected one of lowest, highest" in info.value.message


def test_a_game_example_adds_up_a_score_sheet_not_cards(tmp_path: Path) -> None:
    """A `game` example's `hands` are the scores of each hand, not cards (the loader read them as
    cards and refused every number, so no example could check a game's end)."""
    game_ask = ("record: hand\n    input: {hands: [[], [8S, KD, 4C], [AH]]}\n    claim: {scores: [65, 0, 0]}",
                ("record: game\n    input: {hands: [[65, 0, 0], [0, 40, 0], [0, 0, 61]]}\n"
                 "    claim: {totals: [65, 40, 61], over: false}"))
    game = load_game(_sample(tmp_path, game_ask))
    assert [r.answer["totals"] for r in check_examples(game)] == [[65, 40, 61]]
    wrong = _sample(tmp_path, game_ask, ("claim: {totals: [65, 40, 61], over: false}",
                                         "claim: {totals: [65, 40, 61], over: true}"))
    with pytest.raises(RulesDataError) as info:
        check_examples(load_game(wrong))
    assert info.value.location.endswith("sample-game.yaml:47:41"), str(info.value)  # at the claim's `over`
    assert "claims over true, but the declared scoring answers false" in info.value.message
