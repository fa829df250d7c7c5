"""Chips at a table of nine or ten (issue 25): the practice game (generator/engine/play/chips.py)
seats up to ten, so the nine-or-more variant (chips-variant-random-extra, house option
random-extra) can be played there. Each test is named after the rule or ruling it checks
(rules-data/chips.yaml); the games are seeded and played by the computer, and by a player who
picks uniformly among the legal moves."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from generator.engine.cards import build_deck, format_card
from generator.engine.errors import RulebookError
from generator.engine.games import chips as engine
from generator.engine.play import chips as play

State = dict[str, Any]
PLAYED = {"random-extra": "played"}


def whole_game(players: int, seed: int, house: dict[str, str] | None = None,
               randoms: frozenset[int] = frozenset()) -> list[State]:
    """Every state of a seeded game: the computer at every seat but `randoms`, which pick
    uniformly among the legal moves."""
    rnd = random.Random(seed)
    state = play.new_game(players, seed, house)
    states = [state]
    while play.seat_to_act(state) is not None:
        legal = play.legal_moves(state)
        move = rnd.choice(legal) if state["seat"] in randoms else play.bot_move(state)
        state = play.apply_move(state, move)
        states.append(state)
        assert len(states) < 20_000, "the game ends"
    return states


def openings(states: list[State]) -> list[State]:
    """The state at each round's deal: the opening discard still to come."""
    out = [s for k, s in enumerate(states) if s["phase"] == "open" and (k == 0 or states[k - 1]["phase"] != "open")]
    assert len(out) == engine.ROUNDS
    return out


# --- Ten players at most: the practice table's limit ---------------------------------------------

@pytest.mark.parametrize("players", [11, 12, 20])
def test_chips_players_a_practice_game_seats_at_most_ten(players: int) -> None:
    with pytest.raises(RulebookError, match="^chips-players: a practice game seats 2 to 10 players"):
        play.new_game(players, 1, PLAYED)


@pytest.mark.parametrize("players", [9, 10])
def test_chips_ruling_packs_three_packs_deal_every_round_to_nine_or_ten(players: int) -> None:
    """chips-ruling-packs: three packs with their jokers for nine to twelve; the ten-card round
    deals players x 10 + 1 cards and leaves a deck to take from."""
    assert play.MAX_PLAYERS == 10
    for states in (whole_game(players, 7), whole_game(players, 7, PLAYED)):
        full = Counter(format_card(c) for c in build_deck(3))
        for state in openings(states):
            assert state["packs"] == 3
            dealt = sum(len(h) for h in state["hands"])
            assert dealt == players * state["handSize"] + 1
            assert Counter([c for h in state["hands"] for c in h] + state["deck"]) == full
            assert len(state["deck"]) == 162 - dealt > 0
        assert states[-1]["over"] and len(states[-1]["rounds"]) == engine.ROUNDS


# --- The nine-or-more variant ---------------------------------------------------------------------

@pytest.mark.parametrize("players", [9, 10])
def test_chips_ruling_random_extra_never_the_same_seat_twice_in_a_game(players: int) -> None:
    """chips-ruling-random-extra: eight rounds, eight different seats with the extra card; and the
    seats drawn differ from game to game (it is a draw, not the rotation)."""
    games = []
    for seed in range(12):
        final = whole_game(players, seed, PLAYED, randoms=frozenset({seed % players}))[-1]
        drawn = final["extraSeats"]
        assert len(drawn) == engine.ROUNDS and len(set(drawn)) == engine.ROUNDS, drawn
        assert all(0 <= s < players for s in drawn)
        games.append(tuple(drawn))
    assert len(set(games)) == len(games)
    rotation = tuple((players + k) % players for k in range(engine.ROUNDS))  # the dealer's left, round by round
    assert rotation not in games


@pytest.mark.parametrize("players", [9, 10])
def test_chips_ruling_random_extra_deal_the_deal_still_moves_left(players: int) -> None:
    """chips-ruling-random-extra-deal: the first dealer is the last seat, then one seat left a
    round, as without the variant; only the extra card is drawn."""
    for seed in (1, 2, 3):
        played = openings(whole_game(players, seed, PLAYED))
        family = openings(whole_game(players, seed))
        dealers = [engine.seat_for_round(players, k, players - 1)[0] for k in range(engine.ROUNDS)]
        assert [s["dealer"] for s in played] == dealers == [s["dealer"] for s in family]
        assert [r["dealer"] for r in whole_game(players, seed, PLAYED)[-1]["rounds"]] == dealers


@pytest.mark.parametrize("players", [9, 10])
def test_chips_ruling_random_extra_turns_the_seat_drawn_opens_and_turns_go_left(players: int) -> None:
    """chips-ruling-random-extra-turns: the seat drawn holds the extra card (one more than the
    round's hand size), throws the opening card away, and turns go left from it."""
    for seed in (4, 5):
        states = whole_game(players, seed, PLAYED)
        for k, state in enumerate(openings(states)):
            drawn = state["extraSeats"][k]
            assert play.extra_seat(state) == state["seat"] == drawn
            assert [len(h) for h in state["hands"]] == [
                state["handSize"] + (1 if p == drawn else 0) for p in range(players)]
        for rnd in states[-1]["rounds"]:
            turns = rnd["turns"]
            opener = rnd["turns"][0]["seat"]
            assert opener == states[-1]["extraSeats"][rnd["round"] - 1] and turns[0]["take"] is None
            # chips-turn: to the left, one seat at a time, until the call's last turns are over
            assert [t["seat"] for t in turns] == [(opener + i) % players for i in range(len(turns))]


@pytest.mark.parametrize("players", [9, 10])
def test_chips_deal_by_the_familys_rule_nine_or_ten_pass_the_extra_card_left(players: int) -> None:
    """With the variant not played, nine or ten play by the family's rule: the extra card to the
    dealer's left (chips-deal, chips-rotation), who opens; nothing is drawn."""
    states = whole_game(players, 11)
    assert "extraSeats" not in states[-1]
    for state in openings(states):
        assert play.extra_seat(state) == state["seat"] == (state["dealer"] + 1) % players
        assert len(state["hands"][state["seat"]]) == state["handSize"] + 1


def test_chips_variant_random_extra_changes_nothing_below_nine() -> None:
    """chips-variant-random-extra is for nine or more: at eight the game is the family's."""
    assert whole_game(8, 3, PLAYED)[-1] | {"house": {}} == whole_game(8, 3)[-1]


def test_the_extra_seat_of_a_finished_game_is_the_last_rounds() -> None:
    final = whole_game(10, 6, PLAYED)[-1]
    assert final["over"] and play.extra_seat(final) == final["extraSeats"][-1]
    assert play.extra_seat(whole_game(10, 6)[-1]) == (final["rounds"][-1]["dealer"] + 1) % 10
