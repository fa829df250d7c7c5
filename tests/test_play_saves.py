"""A saved practice game read back (generator/engine/play/saves.py, issue 24 item 12): the computer
seats' moves must be the computer's own, the human's need only be legal, for each of the three
games. The browser port agrees save for save: tests/test_play_differential.py."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from generator.engine.errors import IllegalPlay
from generator.engine.play import chains, chips, saves, three_chip_stack

GAMES: dict[str, ModuleType] = {"chips": chips, "chains": chains, "3-chip-stack": three_chip_stack}


def _played(mod: ModuleType, players: int, seed: int, moves: int, pick_seed: int) -> list[dict[str, Any]]:
    """A game's first `moves` moves: the computer at every seat but 0, which picks at random."""
    rnd = random.Random(pick_seed)
    state = mod.new_game(players, seed)
    made = []
    while len(made) < moves and mod.seat_to_act(state) is not None:
        move = rnd.choice(mod.legal_moves(state)) if mod.seat_to_act(state) == 0 else mod.bot_move(state)
        state = mod.apply_move(state, move)
        made.append(move)
    return made


def _state_after(mod: ModuleType, players: int, seed: int, moves: list[dict[str, Any]]) -> Any:
    state = mod.new_game(players, seed)
    for move in moves:
        state = mod.apply_move(state, move)
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_replays_to_the_state_the_moves_make(game: str) -> None:
    mod = GAMES[game]
    for seed in range(6):
        moves = _played(mod, 3, seed, 80, seed)
        assert saves.replay(mod, 3, seed, moves) == _state_after(mod, 3, seed, moves)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_computer_seat_plays_only_the_computers_own_move(game: str) -> None:
    mod = GAMES[game]
    moves = _played(mod, 3, 11, 80, 1)
    state = mod.new_game(3, 11)
    for at, move in enumerate(moves):
        if mod.seat_to_act(state) != 0:
            other = [m for m in mod.legal_moves(state) if m != move]
            if other:
                mod.apply_move(state, other[0])  # the rules allow it ...
                with pytest.raises(saves.RefusedSave, match=r"^move \d+: player \d is the computer") as refused:
                    saves.replay(mod, 3, 11, [*moves[:at], other[0]])  # ... the computer does not play it
                assert refused.value.at == at and isinstance(refused.value, IllegalPlay)
                return
        state = mod.apply_move(state, move)
    pytest.fail("no computer move with another legal move")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_humans_moves_need_only_be_legal(game: str) -> None:
    mod = GAMES[game]
    for pick in range(5):  # seat 0 picks differently each time; every save replays
        moves = _played(mod, 4, 3, 60, 100 + pick)
        saves.replay(mod, 4, 3, moves)


def test_an_illegal_move_is_refused_at_its_place() -> None:
    moves = _played(chips, 3, 2, 10, 0)
    with pytest.raises(saves.RefusedSave, match=r"^move 4: ") as refused:
        saves.replay(chips, 3, 2, [*moves[:3], {"type": "fly"}])
    assert refused.value.at == 3


def test_moves_are_the_same_as_json_values_are_in_the_browser() -> None:
    assert saves.same_move({"type": "take", "from": "pile", "index": 1}, {"index": 1.0, "from": "pile", "type": "take"})
    assert not saves.same_move({"index": True}, {"index": 1})
    assert not saves.same_move({"index": 0}, {"index": False})
    assert not saves.same_move({"type": "take"}, {"type": "take", "from": "deck"})
    assert not saves.same_move([1, 2], [2, 1])
    assert not saves.same_move("1", 1)


#: A table's own rules for each game (issue 25), one option each that changes how games go.
HOUSES: dict[str, dict[str, str]] = {
    "chips": {"k-a-2": "group"}, "chains": {"same-rank": "played"}, "3-chip-stack": {"passed-chip": "after-hand"},
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_replays_by_its_house_and_one_without_by_the_familys_rules(game: str) -> None:
    mod = GAMES[game]
    house = HOUSES[game]
    # A game by the house rules, the computer playing by them: its save replays only by them.
    state = mod.new_game(3, 5, house)
    moves = []
    for _ in range(40):
        if mod.seat_to_act(state) is None:
            break
        move = mod.bot_move(state)
        state = mod.apply_move(state, move)
        moves.append(move)
    assert saves.replay(mod, 3, 5, moves, house=house) == state
    # A save from before the options (no house) reads exactly as before: the family's rules.
    family = _played(mod, 3, 5, 30, 1)
    assert saves.replay(mod, 3, 5, family) == saves.replay(mod, 3, 5, family, house={})
    assert saves.replay(mod, 3, 5, family) == _state_after(mod, 3, 5, family)


def test_a_save_names_its_computer_and_one_without_reads_as_the_standard_computer() -> None:
    """The opponent field (issue 28): a game against the gentle Chips computer replays at that
    level; the same moves read without the field (a save from before the levels) are the standard
    computer's, which calls where the gentle one plays on; a level the game has not is refused."""
    for seed in range(40):
        state = chips.new_game(3, seed)
        moves = []
        while chips.seat_to_act(state) is not None and len(moves) < 120:
            move = chips.bot_move(state, "gentle")
            state = chips.apply_move(state, move)
            moves.append(move)
        assert saves.replay(chips, 3, seed, moves, opponent="gentle") == state
        if any(m["type"] == "pass" for m in moves):
            with pytest.raises(saves.RefusedSave, match=r"is the computer, which plays \{'type': 'call'"):
                saves.replay(chips, 3, seed, moves)
            break
    else:
        pytest.fail("no gentle game played on where it could call")
    standard = _played(chips, 3, 1, 60, 1)
    assert saves.replay(chips, 3, 1, standard, opponent="standard") == saves.replay(chips, 3, 1, standard)
    with pytest.raises(saves.RefusedSave, match="^move 1: opponent: "):
        saves.replay(chips, 3, 1, standard, opponent="easy")
