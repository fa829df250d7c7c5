"""Sample rounds (rules-data/<game>.yaml, sample_round) replay through the engine; an
illegal move or a wrong claim in a game file is a RulesDataError naming file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content.loader import clear_cache, load_game, load_games
from generator.content.samples import check_sample_round
from generator.engine.errors import RulesDataError

ROOT = Path(__file__).resolve().parent.parent
#: The games of rules-data/ with a sample round (a game added without an engine has none).
SAMPLED = [g.id for g in load_games(ROOT) if g.data.get("sample_round")]


@pytest.mark.parametrize("game_id", SAMPLED)
def test_sample_round_replays_and_its_claim_holds(game_id: str) -> None:
    game = {g.id: g for g in load_games(ROOT)}[game_id]
    replay = check_sample_round(game)
    assert replay is not None and replay.steps
    assert len(replay.result) == len(replay.names)
    for step in replay.steps:
        assert len(step.hands) == len(replay.names)


@pytest.mark.parametrize("game_id", SAMPLED)
def test_sample_round_starts_with_the_hands_as_dealt(game_id: str) -> None:
    # Step 0 is the deal: every hand before anyone moves (and Chains' up-card), so a reader can
    # follow the round from the start; the first move changes only its own player's hand.
    game = {g.id: g for g in load_games(ROOT)}[game_id]
    replay = check_sample_round(game)
    assert replay is not None
    deal, first = replay.steps[0], replay.steps[1]
    assert deal.number == 0 and "deals" in deal.action
    rec = game.data["sample_round"]["input"]
    sizes = [len(cards) for _, cards, _ in deal.hands]
    if game_id == "chips":
        assert sorted(sizes) == [rec["hand_size"]] * (rec["players"] - 1) + [rec["hand_size"] + 1]
        assert rec["deck"][:sum(sizes)] and {c for _, h, _ in deal.hands for c in h} == set(rec["deck"][:sum(sizes)])
    if game_id == "chains":
        assert deal.table[0].label == "Top card" and deal.table[0].cards
    changed = [d[0] for d, f in zip(deal.hands, first.hands, strict=True) if sorted(d[1]) != sorted(f[1])]
    assert changed in ([], [first.actor])


def test_chips_sample_round_shows_the_call_a_draw_two_deep_and_a_lay_off() -> None:
    replay = check_sample_round({g.id: g for g in load_games(ROOT)}["chips"])
    assert replay is not None
    words = " ".join(s.action for s in replay.steps) + " ".join(r for _, r in replay.result)
    assert "two deep" in words and "calls chips" in words and "lays off" in words


def test_chains_sample_hand_has_a_first_turn_pass_and_a_royal() -> None:
    replay = check_sample_round({g.id: g for g in load_games(ROOT)}["chains"])
    assert replay is not None
    words = " ".join(s.action for s in replay.steps)
    assert "passes without drawing" in words and "(royal)" in words


def test_three_chip_stack_sample_hand_has_a_fold_the_exchange_and_both_rounds() -> None:
    replay = check_sample_round({g.id: g for g in load_games(ROOT)}["3-chip-stack"])
    assert replay is not None
    words = " ".join(s.action for s in replay.steps)
    assert "folds" in words and "throws away" in words and "bets 2" in words


def _broken(tmp_path: Path, game_id: str, edit) -> Path:  # type: ignore[no-untyped-def]
    dest = tmp_path / "rules-data"
    dest.mkdir()
    src = ROOT / "rules-data" / f"{game_id}.yaml"
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    edit(data["sample_round"])
    path = dest / f"{game_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    clear_cache()
    return path


def _expect(path: Path, pattern: str) -> None:
    with pytest.raises(RulesDataError, match=pattern) as info:
        check_sample_round(load_game(path))
    assert f"{path.name}:" in str(info.value) and str(info.value).count("\n") == 0


def test_sample_round_drawing_four_deep_fails_naming_the_move(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["input"]["moves"][2] = {"take": "pile", "depth": 4, "discard": "4C"}
    _expect(_broken(tmp_path, "chips", edit), r"move 3 .*three deep")


def test_sample_round_calling_with_a_hand_that_does_not_group_fails(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["input"]["moves"][1]["call"] = True
    _expect(_broken(tmp_path, "chips", edit), r"does not form groups")


def test_sample_round_calling_without_taking_and_discarding_fails(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["input"]["moves"][0]["call"] = True
    _expect(_broken(tmp_path, "chips", edit), r"move 1 .*only after taking and discarding")


def test_sample_round_illegal_chains_play_fails(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["input"]["moves"][0] = "KS"  # a King of spades on the 7 of hearts
    _expect(_broken(tmp_path, "chains", edit), r"move 1")


def test_sample_round_illegal_three_chip_stack_bet_fails(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["input"]["first_round"][1] = "raise 99"
    _expect(_broken(tmp_path, "3-chip-stack", edit), r"first_round")


def test_sample_round_wrong_claim_fails_naming_both_answers(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["claim"] = {"scores": [0, 0, 21]}
    _expect(_broken(tmp_path, "chips", edit), r"claims scores = \[0, 0, 21\], but the engine gives \[0, 0, 20\]")


def test_sample_round_note_on_a_missing_step_fails(tmp_path: Path) -> None:
    def edit(s: dict) -> None:
        s["notes"].append({"step": 99, "text": "Nothing happens."})
    _expect(_broken(tmp_path, "chips", edit), r"no step 99")
