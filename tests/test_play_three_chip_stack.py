"""The whole game of 3 Chip Stack against the computer (generator/engine/play/three_chip_stack.py):
the rules of rules-data/3-chip-stack.yaml and its rulings as tests named after them, then the
promises of the state machine (no chip created or lost and every card in one place at every step,
the game ends with one player holding every chip, purity, determinism)."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from generator.engine.cards import build_deck, format_card, parse_cards
from generator.engine.errors import IllegalPlay
from generator.engine.games import three_chip_stack as engine
from generator.engine.play import three_chip_stack as play

DECK = sorted(format_card(c) for c in build_deck(1, jokers=False))
State = dict[str, Any]


def _refuses(state: State, move: dict[str, Any], rule: str) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalPlay, match=rf"\({rule}\)$"):
        play.apply_move(state, move)
    assert json.dumps(state) == before, "a refused move changes nothing"


def _places(state: State) -> list[str]:
    return [c for h in state["hands"] for c in h] + state["deck"] + state["discards"]


def _play_out(players: int, seed: int) -> list[State]:
    states = [play.new_game(players, seed)]
    while play.seat_to_act(states[-1]) is not None:
        states.append(play.apply_move(states[-1], play.bot_move(states[-1])))
        assert len(states) < 20000
    return states


def _find(pred: Callable[[State], bool], players: int = 3, seeds: int = 300) -> State:
    """The first state of the computer-only games that ``pred`` picks: real positions of real games."""
    for seed in range(seeds):
        for state in _play_out(players, seed):
            if pred(state):
                return state
    raise AssertionError("no such position in the games played")


def _act(state: State, *moves: dict[str, Any]) -> State:
    for move in moves:
        state = play.apply_move(state, move)
    return state


FOLD, CHECK, SEE, KEEP = {"action": "fold"}, {"action": "check"}, {"action": "see"}, {"action": "keep"}


def _raise(n: int) -> dict[str, Any]:
    return {"action": "raise", "amount": n}


def _bet(n: int) -> dict[str, Any]:
    return {"action": "bet", "amount": n}


def _set_hands(state: State, wanted: dict[int, list[str]]) -> State:
    """Give seats the cards named, swapping each with wherever it was, so every card stays in one place."""
    out = copy.deepcopy(state)
    places = [*out["hands"], out["deck"], out["discards"]]
    for seat, cards in wanted.items():
        for k, code in enumerate(cards):
            here = out["hands"][seat][k]
            where = next(pl for pl in places if code in pl)
            i = where.index(code)
            where[i], out["hands"][seat][k] = here, code
    assert sorted(_places(out)) == DECK
    return out


# --- The stack and the deal --------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_three_chip_stack_ante_and_deal(players: int) -> None:
    state = play.new_game(players, 5)
    d = state["dealer"]
    assert state["pot"] == engine.DEALER_STACK and state["chips"][d] == play.START_CHIPS - 3
    assert state["bet"] == 3 and state["putIn"][d] == 3  # three-chip-stack-ruling-dealer: the dealer's bet
    assert [len(h) for h in state["hands"]] == [3] * players
    assert len(state["deck"]) == 52 - 3 * players and sorted(_places(state)) == DECK
    # three-chip-stack-ruling-dealer-last: the dealer's left first, the dealer last.
    assert state["toAct"] == [(d + k) % players for k in range(1, players + 1)]
    assert play.seat_to_act(state) == (d + 1) % players


def test_three_chip_stack_players_two_to_six() -> None:
    for players in (1, 7, True):
        with pytest.raises(IllegalPlay, match="three-chip-stack-players"):
            play.new_game(players, 1)


# --- The first round ---------------------------------------------------------------------------


def test_three_chip_stack_first_round_see_the_three_raise_or_fold() -> None:
    state = play.new_game(3, 8)
    p = play.seat_to_act(state)
    assert p is not None
    moves = play.legal_moves(state)
    assert moves[0] == SEE and moves[-1] == FOLD
    assert moves[1:-1] == [_raise(n) for n in range(1, play.START_CHIPS - 3 + 1)]
    _refuses(state, CHECK, "three-chip-stack-ruling-dealer-last")
    _refuses(state, _bet(2), "three-chip-stack-first-round")
    _refuses(state, {"action": "exchange", "card": state["hands"][p][0]}, "three-chip-stack-exchange")
    seen = play.apply_move(state, SEE)
    assert seen["chips"][p] == 12 and seen["pot"] == 6 and seen["putIn"][p] == 3


def test_three_chip_stack_ruling_min_raise_is_one_chip() -> None:
    state = play.new_game(3, 8)
    _refuses(state, _raise(0), "three-chip-stack-ruling-min-raise")
    after = play.apply_move(state, _raise(1))
    assert after["bet"] == 4 and after["pot"] == 7


def test_three_chip_stack_ruling_betting_a_raise_comes_back_round() -> None:
    state = play.new_game(3, 8)
    d = state["dealer"]
    a, b = (d + 1) % 3, (d + 2) % 3
    after = _act(state, SEE, _raise(2))
    # Everyone else still in acts again: the dealer, then the player who saw.
    assert after["toAct"] == [d, a]
    after = _act(after, SEE, SEE)
    assert after["phase"] == "exchange" and after["putIn"] == [5, 5, 5]
    assert after["toAct"] == [a, b, d]


def test_three_chip_stack_fold_first_passes_the_dealer_a_chip_at_once() -> None:
    state = play.new_game(3, 8)
    d, p = state["dealer"], play.seat_to_act(state)
    assert p is not None
    after = play.apply_move(state, FOLD)
    assert after["chips"][p] == 14 and after["chips"][d] == 13 and after["passedToDealer"] == 1
    assert after["last"]["passed"] == 1 and not after["inHand"][p]
    # three-chip-stack-ruling-passed-chip: the dealer may bet it that hand: 13 chips to raise with.
    after = _act(after, SEE)
    assert play.legal_moves(after)[-2] == _raise(13)


def test_three_chip_stack_ruling_fold_chip_only_without_a_bet() -> None:
    state = play.new_game(3, 8)
    d = state["dealer"]
    a = (d + 1) % 3
    after = _act(state, SEE, _raise(2), FOLD)  # the dealer folds: passes nothing to himself
    assert after["passedToDealer"] == 0
    after = play.apply_move(after, FOLD)  # the player who saw the 3 folds to the raise
    assert after["passedToDealer"] == 0 and after["rounds"][-1]["passedToDealer"] == 0
    assert after["rounds"][-1]["winners"] == [(d + 2) % 3] and after["totals"][a] == 12


def test_three_chip_stack_ruling_dealer_last_may_check_when_nobody_raised() -> None:
    state = play.new_game(3, 8)
    after = _act(state, SEE, SEE)
    assert play.seat_to_act(after) == state["dealer"]
    assert play.legal_moves(after)[0] == CHECK
    assert play.apply_move(after, CHECK)["phase"] == "exchange"


def test_three_chip_stack_ruling_all_fold_the_last_player_takes_the_pot() -> None:
    state = play.new_game(3, 8)
    d = state["dealer"]
    after = _act(state, FOLD, FOLD)
    done = after["rounds"][-1]
    # The dealer takes back his 3 and keeps both passed chips; no exchange, no showdown.
    assert not done["showdown"] and done["winners"] == [d] and done["decidedBy"] is None
    assert done["chips"][d] == 17 and done["passedToDealer"] == 2
    assert after["handNumber"] == 2 and after["dealer"] == (d + 1) % 3


def test_three_chip_stack_ruling_short_cannot_see_with_chips_not_there() -> None:
    state = _find(lambda s: s["phase"] == "first_round" and s["toAct"]
                  and 0 < s["chips"][s["toAct"][0]] < s["bet"] - s["putIn"][s["toAct"][0]])
    assert play.legal_moves(state) == [FOLD]
    _refuses(state, SEE, "three-chip-stack-ruling-short")
    _refuses(state, _raise(1), "three-chip-stack-ruling-short")


def test_three_chip_stack_ruling_short_dealer_stacks_what_they_have() -> None:
    state = _find(lambda s: s["last"] is not None and s["last"]["handOver"] and s["phase"] == "first_round"
                  and 0 < s["totals"][s["dealer"]] < 3)
    d = state["dealer"]
    assert state["pot"] == state["totals"][d] and state["chips"][d] == 0 and state["bet"] == 3


# --- The exchange and the second round ---------------------------------------------------------


def _at_exchange(seed: int = 8) -> State:
    return _act(play.new_game(3, seed), SEE, SEE, CHECK)


def test_three_chip_stack_exchange_one_card_for_the_top_of_the_deck() -> None:
    state = _at_exchange()
    p = play.seat_to_act(state)
    assert p is not None
    hand = state["hands"][p]
    assert play.legal_moves(state) == [KEEP] + [{"action": "exchange", "card": c} for c in hand]
    _refuses(state, SEE, "three-chip-stack-exchange")
    _refuses(state, {"action": "exchange", "card": state["deck"][0]}, "three-chip-stack-exchange")
    after = play.apply_move(state, {"action": "exchange", "card": hand[1]})
    assert after["hands"][p] == [hand[0], hand[2], state["deck"][0]]
    assert after["discards"] == [hand[1]] and after["deck"] == state["deck"][1:]


def test_three_chip_stack_ruling_exchange_is_a_choice() -> None:
    state = _at_exchange()
    after = _act(state, KEEP, KEEP, KEEP)
    assert after["hands"] == state["hands"] and after["deck"] == state["deck"]
    assert after["phase"] == "second_round"


def test_three_chip_stack_second_round_check_or_bet_from_one_chip() -> None:
    state = _act(_at_exchange(), KEEP, KEEP, KEEP)
    d = state["dealer"]
    assert play.seat_to_act(state) == (d + 1) % 3 and state["bet"] == 0
    moves = play.legal_moves(state)
    assert moves[0] == CHECK and moves[1] == _bet(1)  # three-chip-stack-ruling-second-bet
    _refuses(state, SEE, "three-chip-stack-second-round")
    _refuses(state, _raise(1), "three-chip-stack-second-round")
    _refuses(state, _bet(0), "three-chip-stack-ruling-second-bet")
    after = play.apply_move(state, _bet(2))
    _refuses(after, CHECK, "three-chip-stack-second-round")


def test_three_chip_stack_fold_second_costs_nothing() -> None:
    state = _act(_at_exchange(), KEEP, KEEP, KEEP, _bet(2))
    p = play.seat_to_act(state)
    assert p is not None
    after = play.apply_move(state, FOLD)
    assert after["chips"][p] == state["chips"][p] and after["passedToDealer"] == 0


def test_three_chip_stack_showdown_the_best_card_takes_the_pot() -> None:
    state = _act(_at_exchange(), KEEP, KEEP, KEEP)
    d = state["dealer"]
    a, b = (d + 1) % 3, (d + 2) % 3
    state = _set_hands(state, {a: ["AS", "AH", "AD"], b: ["3C", "4D", "5H"], d: ["KS", "QS", "JS"]})
    after = _act(state, CHECK, CHECK, CHECK)
    done = after["rounds"][-1]
    assert done["showdown"] and done["winners"] == [b] and done["decidedBy"] == 1  # three-chip-stack-no-combinations
    assert done["potTo"][b] == 9 and done["chips"][b] == 12 + 9 and after["totals"] == done["chips"]


def test_three_chip_stack_split_and_ruling_odd_chip() -> None:
    state = _act(play.new_game(3, 8), SEE, SEE, _raise(1))  # the dealer raises: 4 + 3 + 3 in, two to see
    state = _act(state, SEE, FOLD)  # 11 in the pot, two players left
    state = _act(state, KEEP, KEEP)
    d = state["dealer"]
    a = (d + 1) % 3
    state = _set_hands(state, {a: ["3S", "AD", "9C"], d: ["3H", "AC", "9D"]})
    after = _act(state, CHECK, CHECK)
    done = after["rounds"][-1]
    assert done["pot"] == 11 and done["winners"] == sorted([a, d])
    # The odd chip to the first tied winner from the dealer's left.
    assert done["potTo"][a] == 6 and done["potTo"][d] == 5


def test_three_chip_stack_ruling_suits_never_break_a_tie() -> None:
    state = _act(_at_exchange(), KEEP, KEEP, KEEP)
    d = state["dealer"]
    a, b = (d + 1) % 3, (d + 2) % 3
    state = _set_hands(state, {a: ["KS", "8S", "5S"], b: ["KH", "8D", "5C"], d: ["QS", "JS", "10S"]})
    done = _act(state, CHECK, CHECK, CHECK)["rounds"][-1]
    assert done["winners"] == sorted([a, b]) and done["decidedBy"] == 1


# --- Elimination and the end of the game -------------------------------------------------------


def test_three_chip_stack_elimination_until_one_player_holds_every_chip() -> None:
    for seed in range(30):
        players = 2 + seed % 5
        states = _play_out(players, seed)
        end = states[-1]
        assert end["over"] and play.seat_to_act(end) is None and play.legal_moves(end) == []
        assert end["totals"][end["winner"]] == players * play.START_CHIPS
        assert [s for s, c in enumerate(end["totals"]) if c] == [end["winner"]]
        _refuses(end, FOLD, "three-chip-stack-elimination")
        for s in states:
            # A player out of the game is dealt nothing and never acts again.
            for seat, chips in enumerate(s["totals"]):
                if chips == 0 and not s["over"]:
                    assert s["hands"][seat] == [] and seat not in s["toAct"] and not s["dealtIn"][seat]


def test_three_chip_stack_ruling_next_dealer_skips_players_who_are_out() -> None:
    for seed in range(20):
        states = _play_out(5, seed)
        for s, t in itertools.pairwise(states):
            if t["last"]["handOver"] and not t["over"]:
                assert t["dealer"] == engine.next_dealer(t["totals"], s["dealer"])
                assert t["totals"][t["dealer"]] > 0


# --- The state machine -------------------------------------------------------------------------


def _all_states(games: int) -> Iterator[State]:
    for seed in range(games):
        yield from _play_out(2 + seed % 5, seed * 7 + 1)


def test_chips_are_never_created_or_lost_and_every_card_is_in_one_place() -> None:
    for state in _all_states(60):
        total = state["players"] * play.START_CHIPS
        assert sum(state["chips"]) + state["pot"] == total and min(state["chips"]) >= 0
        assert sum(state["totals"]) == total
        assert sorted(_places(state)) == DECK


def test_legal_moves_are_exactly_the_moves_accepted() -> None:
    for state in _play_out(3, 4)[:-1]:
        p = state["toAct"][0]
        candidates: list[dict[str, Any]] = [FOLD, CHECK, SEE, KEEP]
        candidates += [_bet(n) for n in range(50)] + [_raise(n) for n in range(50)]
        candidates += [{"action": "exchange", "card": c} for c in DECK]
        accepted = []
        for move in candidates:
            try:
                play.apply_move(state, move)
            except IllegalPlay:
                continue
            accepted.append(move)
        legal = play.legal_moves(state)
        assert sorted(map(json.dumps, accepted)) == sorted(map(json.dumps, legal)), p


def test_apply_move_is_pure_and_the_bot_is_deterministic() -> None:
    state = play.new_game(5, 77)
    for _ in range(200):
        if play.seat_to_act(state) is None:
            break
        frozen = copy.deepcopy(state)
        move = play.bot_move(state)
        assert play.bot_move(state) == move and move in play.legal_moves(state)
        nxt = play.apply_move(state, move)
        assert state == frozen, "apply_move never changes its input"
        assert json.loads(json.dumps(nxt)) == nxt, "the state is plain JSON"
        state = nxt
    assert _play_out(4, 12) == _play_out(4, 12)


def test_a_move_that_is_not_a_move_is_refused() -> None:
    state = play.new_game(3, 9)
    for bad in [None, "see", {"action": "call"}, {"action": "raise"}, {"action": "raise", "amount": "2"},
                {"action": "raise", "amount": 2.0}, {"action": "see", "amount": 3}, {"action": "raise", "amount": True}]:
        with pytest.raises(IllegalPlay):
            play.apply_move(state, bad)  # type: ignore[arg-type]


# --- The computer player -----------------------------------------------------------------------


def test_bot_bets_by_the_strength_of_its_three_cards() -> None:
    state = play.new_game(3, 8)
    p = play.seat_to_act(state)
    assert p is not None
    strong = _set_hands(state, {p: ["3S", "3H", "AD"]})
    weak = _set_hands(state, {p: ["2S", "4H", "5D"]})
    assert play.bot_move(strong)["action"] == "raise"
    assert play.bot_move(weak) == FOLD
    assert play.win_chance(parse_cards(["3S", "3H", "AD"]), 2) > 0.9 > play.win_chance(parse_cards(["2S", "4H", "5D"]), 1)


def test_bot_throws_away_a_card_most_unseen_cards_beat() -> None:
    state = _at_exchange()
    p = play.seat_to_act(state)
    assert p is not None
    assert play.bot_move(_set_hands(state, {p: ["3S", "AH", "2D"]})) == {"action": "exchange", "card": "2D"}
    assert play.bot_move(_set_hands(state, {p: ["3S", "AH", "KD"]})) == KEEP


# --- The table's own rules (issue 25): each option, a position it changes ----------------------


def _split(house: dict[str, str] | None = None) -> tuple[State, int, int]:
    """test_three_chip_stack_split_and_ruling_odd_chip's hand under ``house``: 11 chips in the
    pot, two players tied; the state after the showdown, the dealer and the other winner."""
    state = _act(play.new_game(3, 8, house), SEE, SEE, _raise(1), SEE, FOLD, KEEP, KEEP)
    d = state["dealer"]
    a = (d + 1) % 3
    state = _set_hands(state, {a: ["3S", "AD", "9C"], d: ["3H", "AC", "9D"]})
    return _act(state, CHECK, CHECK), d, a


def test_three_chip_stack_the_house_is_stored_and_checked() -> None:
    assert play.new_game(3, 8)["house"] == {}
    assert play.new_game(3, 8, {"odd-chip": "winners"})["house"] == {}
    assert play.new_game(3, 8, {"odd-chip": "dealer"})["house"] == {"odd-chip": "dealer"}
    with pytest.raises(ValueError, match="house.odd-chip: no value 'pot'"):
        play.new_game(3, 8, {"odd-chip": "pot"})


def test_three_chip_stack_ruling_odd_chip_dealer_takes_what_a_split_leaves() -> None:
    family, d, a = _split()
    assert family["rounds"][-1]["potTo"][a] == 6 and family["rounds"][-1]["oddTo"] is None
    after, d, a = _split({"odd-chip": "dealer"})
    done = after["rounds"][-1]
    assert done["potTo"][a] == 5 and done["potTo"][d] == 5 + 1
    assert done["odd"] == 1 and done["oddTo"] == "dealer"


def test_three_chip_stack_ruling_odd_chip_next_hand_stays_in_the_pot() -> None:
    after, d, a = _split({"odd-chip": "next-hand"})
    done = after["rounds"][-1]
    assert done["potTo"][a] == 5 and done["potTo"][d] == 5 and done["oddTo"] == "next-hand"
    assert sum(done["chips"]) == 44  # one chip left in the middle
    # The next hand's pot starts with it, beside the new dealer's stack of 3.
    assert after["carried"] == 1 and after["pot"] == 3 + 1
    assert sum(after["chips"]) + after["pot"] == 45


def test_three_chip_stack_ruling_passed_chip_after_hand_waits_beside_the_dealer() -> None:
    state = play.new_game(3, 8, {"passed-chip": "after-hand"})
    d, p = state["dealer"], play.seat_to_act(state)
    assert p is not None
    after = play.apply_move(state, FOLD)
    assert after["chips"][p] == 14 and after["chips"][d] == 12 and after["passedToDealer"] == 1
    # Not the dealer's to bet this hand: 12 chips to raise with, not 13 (the family's rules).
    after = _act(after, SEE)
    assert play.legal_moves(after)[-2] == _raise(12)
    # The hand over, the chip reaches the dealer.
    done = _act(after, FOLD)["rounds"][-1]  # the dealer folds to the see: the other takes the pot
    assert done["chips"][d] == 12 + 1 and done["passedToDealer"] == 1


def _facing_four(chips: int, hand: list[str]) -> State:
    """Three players, the seat to act holding ``chips`` and ``hand``: the player on the dealer's
    left has raised the dealer's 3 by 1, so there is a bet of 4 to see and 7 chips in the pot."""
    state = play.new_game(3, 8)
    d = state["dealer"]
    a, b = (d + 1) % 3, (d + 2) % 3
    totals = [0, 0, 0]
    totals[d], totals[a], totals[b] = 15, 30 - chips, chips
    state = {**state, "totals": totals, "chips": [t - (3 if s == d else 0) for s, t in enumerate(totals)]}
    state = _set_hands(_act(state, _raise(1)), {b: hand})
    assert play.seat_to_act(state) == b and state["bet"] - state["putIn"][b] == 4 and state["pot"] == 7
    return state


def test_bot_weighs_the_chips_it_has_left_before_seeing_a_bet_issue_28() -> None:
    """Issue 28: with 5 chips left the hint saw a bet of 4 with a middling hand, leaving 1 chip,
    too few for the next hand's smallest bet of 3 (three-chip-stack-first-round)."""
    middling = ["KS", "5H", "4D"]  # King high: beats about half the hands dealt at random
    assert 0.4 < play.win_chance(parse_cards(middling), 1) < 0.5
    short = _facing_four(5, middling)
    assert play.short_after_see(short) == 1
    assert play.bot_move(short) == FOLD
    # With the chips to play on after seeing, the pot pays for the same hand, as before.
    deep = _facing_four(15, middling)
    assert play.short_after_see(deep) is None
    assert play.bot_move(deep) == SEE
    # Cards strong enough to risk nearly everything are still seen.
    assert play.bot_move(_set_hands(short, {play.seat_to_act(short) or 0: ["3S", "AH", "KD"]})) == SEE


def test_bot_short_either_way_judges_by_the_pot_alone() -> None:
    """When a fold would leave as few chips as seeing (3 chips facing the dealer's 3, and a fold
    costs one of them: three-chip-stack-fold-first), the stack weighs nothing and the pot decides."""
    state = play.new_game(3, 8)
    d = state["dealer"]
    a = (d + 1) % 3
    for chips, short in ((3, None), (4, 1)):
        totals = [15, 15, 15]
        totals[a], totals[(d + 2) % 3] = chips, 30 - chips
        at = {**state, "totals": totals, "chips": [t - (3 if s == d else 0) for s, t in enumerate(totals)]}
        at = _set_hands(at, {a: ["KS", "5H", "4D"]})
        assert play.seat_to_act(at) == a and play.short_after_see(at) == short
        assert play.bot_move(at) == (SEE if short is None else FOLD)
