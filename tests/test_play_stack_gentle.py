"""The gentle 3 Chip Stack computer (issue 28, item 3): generator/engine/play/three_chip_stack.py
``bot_move(state, "gentle")``, the first game's opponent at the practice table. It never raises or
bluffs: it bets a stack of 3 only with strong cards, sees with fair ones (strong ones when the see
takes half its chips or more), and folds weak ones early. Each test is a position where it plays
otherwise than the standard computer; then the table's log line that says why (the table's
describe, run under node), and a save that keeps the level.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.engine.cards import parse_cards
from generator.engine.errors import RulebookError
from generator.engine.play import saves
from generator.engine.play import three_chip_stack as play
from tests.test_play_three_chip_stack import (
    CHECK,
    FOLD,
    KEEP,
    SEE,
    _act,
    _at_exchange,
    _facing_four,
    _set_hands,
)

ROOT = Path(__file__).resolve().parent.parent
State = dict[str, Any]


def _first_to_act(hand: list[str], players: int = 3, seed: int = 8) -> State:
    """The first round's first move (a bet of 3 to see, the dealer's stack), the seat to act
    holding ``hand``."""
    state = play.new_game(players, seed)
    return _set_hands(state, {state["toAct"][0]: hand})


def _second_round_opens(hand: list[str]) -> State:
    """Seed 8's second round, nobody has bet yet, the seat to act holding ``hand``."""
    state = _act(_at_exchange(), KEEP, KEEP, KEEP)
    assert state["phase"] == "second_round" and state["bet"] == 0
    return _set_hands(state, {state["toAct"][0]: hand})


def test_the_gentle_computer_sees_strong_cards_where_the_standard_one_raises() -> None:
    # A 3 and an Ace: the standard computer raises the dealer's 3; the gentle one never raises.
    state = _first_to_act(["3S", "3H", "AD"])
    assert play.bot_move(state)["action"] == "raise"
    assert play.bot_move(state, "gentle") == SEE


def test_the_gentle_computer_folds_weak_cards_early_where_the_pot_pays_the_standard_one() -> None:
    # King high beats fewer than half the hands dealt at random: the standard computer sees a bet
    # of 4 for a pot of 7 (the pot pays for the risk); the gentle one folds such cards.
    middling = ["KS", "5H", "4D"]
    assert play.win_chance(parse_cards(middling), 1) < play.GENTLE_FAIR
    deep = _facing_four(15, middling)
    assert play.bot_move(deep) == SEE
    assert play.bot_move(deep, "gentle") == FOLD
    # Fair cards (an Ace) it sees, unless the see takes half its chips or more.
    fair = ["AS", "5H", "4D"]
    assert play.GENTLE_FAIR <= play.win_chance(parse_cards(fair), 1) < play.GENTLE_STRONG
    assert play.bot_move(_facing_four(15, fair), "gentle") == SEE
    assert play.bot_move(_facing_four(8, fair), "gentle") == FOLD  # 4 of its 8 chips
    assert play.bot_move(_facing_four(8, ["3S", "5H", "4D"]), "gentle") == SEE  # strong cards


def test_the_gentle_computer_bets_a_stack_of_3_only_with_strong_cards() -> None:
    strong = _second_round_opens(["3S", "AH", "KD"])
    seat = strong["toAct"][0]
    assert strong["chips"][seat] >= 3
    standard = play.bot_move(strong)  # as much as its chance of winning is worth
    assert standard["action"] == "bet" and standard["amount"] > 3, standard
    assert play.bot_move(strong, "gentle") == {"action": "bet", "amount": 3}
    # An Ace alone is fair, not strong: the standard computer bets on it, the gentle one checks.
    fair = _second_round_opens(["AS", "5H", "4D"])
    assert play.bot_move(fair)["action"] == "bet"
    assert play.bot_move(fair, "gentle") == CHECK


def test_the_gentle_computer_exchanges_as_the_standard_one_does() -> None:
    state = _at_exchange()
    seat = state["toAct"][0]
    for hand in (["3S", "AH", "2D"], ["3S", "AH", "KD"]):
        at = _set_hands(state, {seat: hand})
        assert play.bot_move(at, "gentle") == play.bot_move(at)


def test_the_stack_computer_level_is_gentle_or_standard() -> None:
    with pytest.raises(RulebookError, match="^opponent: "):
        play.bot_move(play.new_game(3, 8), "easy")


def _gentle_game(players: int, seed: int, moves: int) -> tuple[list[dict[str, Any]], State]:
    state = play.new_game(players, seed)
    made: list[dict[str, Any]] = []
    while len(made) < moves and play.seat_to_act(state) is not None:
        move = play.bot_move(state, "gentle")
        state = play.apply_move(state, move)
        made.append(move)
    return made, state


def test_a_save_keeps_the_gentle_level_and_one_without_is_the_standard_computers() -> None:
    """A game against the gentle computer replays at that level; the same moves read without the
    level (a save from before the levels) are the standard computer's, which plays otherwise at
    some computer seat; a level the game has not is refused."""
    moves, state = _gentle_game(4, 3, 80)
    assert saves.replay(play, 4, 3, moves, opponent="gentle") == state
    with pytest.raises(saves.RefusedSave, match="is the computer, which plays"):
        saves.replay(play, 4, 3, moves)
    with pytest.raises(saves.RefusedSave, match="^move 1: opponent: "):
        saves.replay(play, 4, 3, moves, opponent="easy")


def _node_lines(cases: list[dict[str, Any]]) -> list[str]:
    """The practice table's log line (docs/assets/js/play/table/3-chip-stack.js describe) for each
    case: {"state", "move", "level"}, the state after the move worked out by the browser port."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: run `make setup`")
    script = (
        'import { describe } from "./docs/assets/js/play/table/3-chip-stack.js";\n'
        'import { applyMove } from "./docs/assets/js/play/3-chip-stack.js";\n'
        "const cases = JSON.parse(process.argv[1]);\n"
        "console.log(JSON.stringify(cases.map((c) => describe(c.move, c.state, applyMove(c.state, c.move), c.level))));\n"
    )
    out = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(cases)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    lines: list[str] = json.loads(out.stdout)
    return lines


def test_the_table_says_why_the_gentle_computer_folds_sees_and_bets() -> None:
    """The gentle computer's log line gives its reason in the family's words; the standard
    computer's line is the move alone. (Seat 0 is you: these positions are the computer's.)"""
    opened = _act(_second_round_opens(["3S", "AH", "KD"]), {"action": "bet", "amount": 3})
    fold = _set_hands(opened, {opened["toAct"][0]: ["KS", "5H", "4D"]})  # a bet of 3 to see, 12 chips
    risky = _facing_four(8, ["AS", "5H", "4D"])
    see = _facing_four(15, ["AS", "5H", "4D"])
    bet = _second_round_opens(["3S", "AH", "KD"])
    first = _first_to_act(["9S", "5H", "4D"])
    for state in (fold, risky, see, bet, first):
        assert state["toAct"][0] != 0 and state["dealer"] == 0
    cases = [(fold, FOLD), (risky, FOLD), (see, SEE), (bet, {"action": "bet", "amount": 3}), (first, FOLD)]
    for state, move in cases:
        assert play.bot_move(state, "gentle") == move
    seat = [f"Player {s['toAct'][0] + 1}" for s, _ in cases]
    gentle = _node_lines([{"state": s, "move": m, "level": "gentle"} for s, m in cases])
    assert gentle == [
        f"{seat[0]} folded: the gentle computer folds cards that beat fewer than half the hands dealt at random.",
        (f"{seat[1]} folded, passing you (the dealer) a chip: seeing the bet would take half its chips or more, "
         "which the gentle computer risks only with strong cards."),
        (f"{seat[2]} saw the bet of 4, putting in 4 chips: the gentle computer sees with cards that beat at least "
         "half the hands dealt at random, and never raises."),
        f"{seat[3]} bet 3 chips: the gentle computer bets only with strong cards, and only a stack of 3.",
        (f"{seat[4]} folded, passing you (the dealer) a chip: the gentle computer folds weak cards early, even at "
         "that cost."),
    ]
    standard = _node_lines([{"state": s, "move": m, "level": "standard"} for s, m in cases])
    assert standard[0] == f"{seat[0]} folded." and standard[3] == f"{seat[3]} bet 3 chips."
