"""The score sheet's rank records (rulebook rank GAME --jsonl): every Chips tie-breaker step,
shared places, unfinished games, Chains' shared wins and 3 Chip Stack's elimination and
conservation of chips. Named after the rule each test checks."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from generator.engine.errors import RulebookError
from generator.engine.games import chains, chips, three_chip_stack


def _chips(players: list[str], rows: list[tuple[dict[str, int], str | None]]) -> dict[str, Any]:
    return chips.rank_record({"players": players, "rounds": [{"scores": s, "called": c} for s, c in rows]})


def _eight(first: list[tuple[dict[str, int], str | None]], fill: dict[str, int]) -> list[tuple[dict[str, int], str | None]]:
    return first + [(dict(fill), None)] * (8 - len(first))


# --- Chips ------------------------------------------------------------------------------------


def test_chips_winner_lowest_total() -> None:
    out = _chips(["Ann", "Bo"], _eight([({"Ann": 0, "Bo": 12}, "Ann")], {"Ann": 1, "Bo": 1}))
    assert out["ranking"] == [["Ann"], ["Bo"]]
    assert out["decided_by"] == "total"
    assert out["finished"] is True
    assert out["totals"] == {"Ann": 7, "Bo": 19}
    assert out["explanation"] == "Ann wins with the lowest total, 7."


def test_chips_tie_most_calls() -> None:
    rows = [({"Ann": 0, "Bo": 5}, "Ann")] * 3 + [({"Ann": 5, "Bo": 0}, "Bo")] * 2 + [({"Ann": 5, "Bo": 5}, None)] * 2 + [({"Ann": 10, "Bo": 5}, None)]
    out = _chips(["Bo", "Ann"], rows)
    assert out["ranking"] == [["Ann"], ["Bo"]]
    assert out["decided_by"] == "calls"
    assert out["explanation"] == "Ann and Bo tie on 30; Ann called chips 3 times, Bo twice: Ann wins."


@pytest.mark.parametrize("size", [9, 8, 7, 6, 5, 4, 3])
def test_chips_tie_round_totals_back_from_the_round_of_nine(size: int) -> None:
    # Level on the total and on calls; Ann is lower after the round of `size` cards (index size-3)
    # and level after every later round before the last.
    k = size - 3
    rows: list[tuple[dict[str, int], str | None]] = [({"Ann": 2, "Bo": 2}, None) for _ in range(8)]
    rows[k] = ({"Ann": 1, "Bo": 3}, None)
    rows[k + 1] = ({"Ann": 3, "Bo": 1}, None)
    out = _chips(["Bo", "Ann"], rows)
    assert out["decided_by"] == f"round-{size}"
    assert out["ranking"] == [["Ann"], ["Bo"]]
    assert f"after the {size}-card round Ann had" in out["explanation"]


def test_chips_ruling_shared_win_when_level_on_everything() -> None:
    out = _chips(["Ann", "Bo", "Cy"], _eight([], {"Ann": 3, "Bo": 3, "Cy": 9}))
    assert out["ranking"] == [["Ann", "Bo"], ["Cy"]]
    assert out["decided_by"] == "shared"
    assert out["explanation"] == "Ann and Bo share first place: level on every tie-breaker."


def test_chips_shared_lower_place() -> None:
    out = _chips(["Ann", "Bo", "Cy"], _eight([], {"Ann": 1, "Bo": 3, "Cy": 3}))
    assert out["ranking"] == [["Ann"], ["Bo", "Cy"]]


def test_chips_unfinished_game_ranks_the_rounds_so_far() -> None:
    out = _chips(["Ann", "Bo"], [({"Ann": 0, "Bo": 12}, "Ann"), ({"Ann": 4, "Bo": 0}, "Bo")])
    assert out["finished"] is False
    assert out["played"] == 2
    assert out["ranking"] == [["Ann"], ["Bo"]]
    assert chips.rank_record({"players": ["Ann", "Bo"]})["decided_by"] == "shared"


def test_chips_called_may_be_null_or_missing() -> None:
    out = chips.rank_record({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 1, "Bo": 2}}]})
    assert out["calls"] == {"Ann": 0, "Bo": 0}


@pytest.mark.parametrize(("rec", "words"), [
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Cy": 3}}]}, "rounds[0].scores: \"Cy\" is not one of"),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": -3}}]}, "rounds[0].scores.Bo: -3 is negative"),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": 3}}] * 9}, "rounds: a game of Chips has 8 rounds"),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": 3}, "called": "Cy"}]}, "rounds[0].called"),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 2, "Bo": 3}, "called": "Ann"}]}, "Ann called chips, so scores 0"),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0}}]}, "rounds[0].scores.Bo: missing"),
    ({"players": ["Ann", "Ann"]}, "players[1]: \"Ann\" is named twice"),
    ({"players": ["Ann"]}, "players: Chips is for 2 to 20 players"),
    ({"players": ["Ann", "Bo"], "round": []}, "unknown field \"round\""),
    ({"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": 1.5}}]}, "expected a whole number of points, not 1.5"),
])
def test_chips_rank_errors_name_the_field(rec: dict[str, Any], words: str) -> None:
    with pytest.raises(RulebookError, match=None) as info:
        chips.rank_record(rec)
    assert words in str(info.value)


# --- Chains -----------------------------------------------------------------------------------


def test_chains_game_lowest_total_wins_and_ties_share() -> None:
    hands = [{"Ann": 0, "Bo": 20, "Cy": 10}, {"Ann": 10, "Bo": 0, "Cy": 25}] + [{"Ann": 0, "Bo": 10, "Cy": 10}] * 8
    out = chains.rank_record({"players": ["Ann", "Bo", "Cy"], "hands": hands})
    assert out["finished"] is True
    assert out["ranking"] == [["Ann"], ["Bo"], ["Cy"]]
    assert out["decided_by"] == "total"
    tie = chains.rank_record({"players": ["Ann", "Bo"], "hands": [{"Ann": 0, "Bo": 10}, {"Ann": 10, "Bo": 0}]})
    assert tie["ranking"] == [["Ann", "Bo"]]
    assert tie["decided_by"] == "shared"
    assert tie["finished"] is False


@pytest.mark.parametrize(("hand", "words"), [
    ({"Ann": 0, "Bo": 12}, "12 cannot be scored"),
    ({"Ann": 0, "Bo": 0}, "exactly one player goes out"),
    ({"Ann": 10, "Bo": 15}, "nobody scores 0"),
    ({"Ann": 0, "Bo": -10}, "-10 is negative"),
])
def test_chains_scoring_refuses_impossible_hands(hand: dict[str, int], words: str) -> None:
    with pytest.raises(RulebookError) as info:
        chains.rank_record({"players": ["Ann", "Bo"], "hands": [hand]})
    assert words in str(info.value)


def test_chains_game_is_ten_hands() -> None:
    with pytest.raises(RulebookError, match="hands: a game of Chains is 10 hands"):
        chains.rank_record({"players": ["Ann", "Bo"], "hands": [{"Ann": 0, "Bo": 10}] * 11})


# --- 3 Chip Stack -----------------------------------------------------------------------------


def test_three_chip_stack_elimination_and_game_over() -> None:
    out = three_chip_stack.rank_record({"players": ["Ann", "Bo", "Cy", "Dee"], "hands": [
        {"Ann": 20, "Bo": 15, "Cy": 0, "Dee": 25},
        {"Ann": 30, "Bo": 0, "Dee": 30},       # Cy, already out, may be left off
        {"Ann": 60, "Bo": 0, "Cy": 0, "Dee": 0},
    ]})
    assert out["finished"] is True
    assert out["decided_by"] == "all-chips"
    assert out["ranking"] == [["Ann"], ["Dee"], ["Bo"], ["Cy"]]  # later out ranks higher
    assert out["out"] == {"Cy": 1, "Bo": 2, "Dee": 3}
    assert out["explanation"] == "Ann holds all 60 chips and wins."


def test_three_chip_stack_players_out_in_the_same_hand_share_a_place() -> None:
    out = three_chip_stack.rank_record({"players": ["Ann", "Bo", "Cy"], "start": 10,
                                        "hands": [{"Ann": 30, "Bo": 0, "Cy": 0}]})
    assert out["ranking"] == [["Ann"], ["Bo", "Cy"]]


def test_three_chip_stack_unfinished_leader_and_shared_lead() -> None:
    rec: dict[str, Any] = {"players": ["Ann", "Bo", "Cy"], "hands": [{"Ann": 20, "Bo": 20, "Cy": 5}]}
    out = three_chip_stack.rank_record(rec)
    assert (out["decided_by"], out["finished"]) == ("shared", False)
    assert out["ranking"] == [["Ann", "Bo"], ["Cy"]]
    rec["hands"].append({"Ann": 21, "Bo": 19, "Cy": 5})
    assert three_chip_stack.rank_record(rec)["explanation"] == "Ann leads with 21 of the 45 chips."


@pytest.mark.parametrize(("hands", "words"), [
    ([{"Ann": 14, "Bo": 15}], "the counts add up to 29, but the table holds 30 chips (2 players with 15 each): 1 chip missing"),
    ([{"Ann": 17, "Bo": 15}], "2 chips too many"),
    ([{"Ann": 30, "Bo": 0}, {"Ann": 29, "Bo": 1}], "hands[1]: the game is over"),
    ([{"Ann": 20, "Bo": 10, "Cy": 15}], "hands[0]: \"Cy\" is not one of the players"),
    ([{"Ann": 31, "Bo": -1}], "hands[0].Bo: -1 is negative"),
])
def test_three_chip_stack_chips_are_never_created_or_lost(hands: list[dict[str, int]], words: str) -> None:
    with pytest.raises(RulebookError) as info:
        three_chip_stack.rank_record({"players": ["Ann", "Bo"], "hands": hands})
    assert words in str(info.value)


def test_three_chip_stack_a_player_out_stays_out() -> None:
    with pytest.raises(RulebookError, match=r"hands\[1\]\.Cy: Cy went out in hand 1"):
        three_chip_stack.rank_record({"players": ["Ann", "Bo", "Cy"], "hands": [
            {"Ann": 25, "Bo": 20, "Cy": 0}, {"Ann": 24, "Bo": 20, "Cy": 1}]})


# --- The command line -------------------------------------------------------------------------


def test_rulebook_rank_jsonl_answers_one_line_per_game() -> None:
    lines = [
        {"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": 12}, "called": "Ann"}]},
        {"players": ["Ann"]},
    ]
    proc = subprocess.run([sys.executable, "-m", "generator", "rank", "chips", "--jsonl"],
                          input="".join(json.dumps(x) + "\n" for x in lines), capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert out[0]["ranking"] == [["Ann"], ["Bo"]] and out[0]["finished"] is False
    assert out[1]["error"].startswith("line 2: players:")


# --- The score bound (limits.MAX_POINTS, the score keeper's too; issue 24 item 11) -------------


def test_rank_refuses_a_score_above_the_score_sheets_bound_in_every_game() -> None:
    from generator.engine import limits

    most = limits.MAX_POINTS
    assert _chips(["Ann", "Bo"], [({"Ann": 0, "Bo": most}, "Ann")])["totals"]["Bo"] == most
    with pytest.raises(RulebookError, match=r"^rounds\[0\]\.scores\.Bo: 1,000,001 is more than 1,000,000 points, "
                                            r"the most a score sheet takes$"):
        _chips(["Ann", "Bo"], [({"Ann": 0, "Bo": most + 1}, "Ann")])
    with pytest.raises(RulebookError, match=r"^hands\[0\]\.Bo: 1,000,005 is more than 1,000,000 points"):
        chains.rank_record({"players": ["Ann", "Bo"], "hands": [{"Ann": 0, "Bo": most + 5}]})
    with pytest.raises(RulebookError, match=r"^hands\[0\]\.Ann: 1,000,001 is more than 1,000,000 chips"):
        three_chip_stack.rank_record({"players": ["Ann", "Bo"], "hands": [{"Ann": most + 1, "Bo": 0}]})


def test_rank_no_longer_separates_scores_the_browser_cannot_tell_apart() -> None:
    # 9007199254740993 and 9007199254740992 are one number to the browser: both are refused, by name.
    lines = [{"players": ["A", "B"], "rounds": [{"scores": {"A": 9007199254740993, "B": 9007199254740992}}]},
             {"players": ["A", "B"], "rounds": [{"scores": {"A": 10**400, "B": 0}}]}]
    proc = subprocess.run([sys.executable, "-m", "generator", "rank", "chips", "--jsonl"],
                          input="".join(json.dumps(x) + "\n" for x in lines), capture_output=True, text=True, check=False)
    assert "Traceback" not in proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert out[0]["error"] == ("line 1: rounds[0].scores.A: that is more than 1,000,000 points, "
                               "the most a score sheet takes")
    assert out[1]["error"].startswith("line 2: rounds[0].scores.A: that is more than 1,000,000 points")
