"""The whole game of Chains against the computer (generator/engine/play/chains.py): the rules of
rules-data/chains.yaml and its rulings as tests named after them, then the promises of the state
machine (every card in exactly one place at every step, the game ends, purity, determinism)."""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from typing import Any

import pytest

from generator.engine.cards import build_deck, format_card, parse_cards
from generator.engine.errors import IllegalPlay, RulebookError
from generator.engine.games import chains as engine
from generator.engine.play import chains as play

DECK = sorted(format_card(c) for c in build_deck(1, jokers=False))


def _game(players: int = 3, seed: int = 1) -> dict[str, Any]:
    return play.new_game(players, seed)


def _with(state: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of ``state`` with some fields set, to set a table up for a rule."""
    out = copy.deepcopy(state)
    for key, value in changes.items():
        out[key] = value
    return out


def _refuses(state: dict[str, Any], move: dict[str, Any], rule: str) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalPlay, match=rf"\({rule}\)$"):
        play.apply_move(state, move)
    assert json.dumps(state) == before, "a refused move changes nothing"


def _places(state: dict[str, Any]) -> list[str]:
    return [c for h in state["hands"] for c in h] + state["deck"] + state["pile"]


def _play_out(players: int, seed: int) -> list[dict[str, Any]]:
    states = [play.new_game(players, seed)]
    while play.seat_to_act(states[-1]) is not None:
        states.append(play.apply_move(states[-1], play.bot_move(states[-1])))
        assert len(states) < 20000
    return states


# --- Setting up --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_chains_deal_five_each_then_the_upcard_and_the_deck(players: int) -> None:
    state = play.new_game(players, 7)
    assert [len(h) for h in state["hands"]] == [engine.HAND_SIZE] * players
    assert len(state["pile"]) == 1  # chains-upcard
    assert len(state["deck"]) == 52 - 5 * players - 1
    assert sorted(_places(state)) == DECK
    assert state["totals"] == [0] * players and state["rounds"] == [] and not state["over"]


def test_chains_first_play_is_the_dealers_left() -> None:
    for seed in range(20):
        state = play.new_game(4, seed)
        assert play.seat_to_act(state) == (state["dealer"] + 1) % 4


def test_chains_ruling_players_refuses_a_table_of_one_or_seven() -> None:
    for players in (1, 7, 0, True, 2.0):
        with pytest.raises(IllegalPlay, match="chains-ruling-players"):
            play.new_game(players, 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalPlay, match="seed"):
        play.new_game(3, 2**53)


def test_chains_ruling_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {play.new_game(5, seed)["firstDealer"] for seed in range(60)}
    assert dealers == set(range(5))
    assert play.new_game(5, 12) == play.new_game(5, 12)


# --- Legal plays -------------------------------------------------------------------------------


def _table(hand: list[str], top: str, **extra: Any) -> dict[str, Any]:
    """Seat 0 to act on ``top`` holding ``hand`` in a two-player hand; every other card in the
    deck or with seat 1, so the cards stay one of each."""
    rest = [c for c in DECK if c not in hand and c != top]
    state = _with(play.new_game(2, 3), hands=[hand, rest[:5]], pile=[top], deck=rest[5:], turn=0,
                  hadTurn=[0, 1], again=False, stuck=0)
    state.update(extra)
    assert sorted(_places(state)) == DECK
    return state


def test_chains_run_one_rank_up_or_down_any_suit() -> None:
    state = _table(["8S", "6C", "KD"], "7H")
    assert play.legal_moves(state) == [{"action": "play", "card": "8S"}, {"action": "play", "card": "6C"}]
    after = play.apply_move(state, {"action": "play", "card": "8S"})
    assert after["pile"][-1] == "8S" and after["last"]["kind"] == "run"
    assert play.seat_to_act(after) == 1 and not after["again"]


def test_chains_flush_any_card_of_the_suit() -> None:
    state = _table(["2H", "KD"], "7H")
    after = play.apply_move(state, {"action": "play", "card": "2H"})
    assert after["last"]["kind"] == "flush" and play.seat_to_act(after) == 1


def test_chains_same_rank_is_refused_naming_the_rule() -> None:
    state = _table(["7C", "2H"], "7H")
    _refuses(state, {"action": "play", "card": "7C"}, "chains-same-rank")


def test_chains_legal_plays_a_card_neither_run_nor_flush_is_refused() -> None:
    state = _table(["KD", "2H"], "7H")
    _refuses(state, {"action": "play", "card": "KD"}, "chains-legal-plays")


def test_chains_first_play_only_from_your_own_hand() -> None:
    state = _table(["KD", "2H"], "7H")
    _refuses(state, {"action": "play", "card": "8H"}, "chains-first-play")


def test_chains_ruling_ace_sits_next_to_the_king_and_the_two() -> None:
    state = _table(["AD", "AS"], "KS")
    after = play.apply_move(state, {"action": "play", "card": "AD"})
    assert after["last"]["kind"] == "run"
    state = _table(["AD", "AS"], "2S")
    assert play.apply_move(state, {"action": "play", "card": "AS"})["last"]["kind"] == "royal"


def test_chains_royal_earns_another_play_or_a_stop_without_drawing() -> None:
    state = _table(["8H", "KD", "3C"], "7H")
    after = play.apply_move(state, {"action": "play", "card": "8H"})
    assert after["last"]["kind"] == "royal" and after["again"] and play.seat_to_act(after) == 0
    # chains-ruling-royal: the extra card is a choice; stopping costs nothing and draws nothing.
    assert play.legal_moves(after) == [{"action": "pass"}]
    _refuses(after, {"action": "draw"}, "chains-ruling-royal")
    stopped = play.apply_move(after, {"action": "pass"})
    assert stopped["hands"][0] == ["KD", "3C"] and stopped["deck"] == after["deck"]
    assert play.seat_to_act(stopped) == 1


def test_chains_ruling_royal_chain_a_royal_after_a_royal_plays_again() -> None:
    state = _table(["8H", "9H", "KD"], "7H")
    one = play.apply_move(state, {"action": "play", "card": "8H"})
    two = play.apply_move(one, {"action": "play", "card": "9H"})
    assert two["last"]["kind"] == "royal" and two["again"] and play.seat_to_act(two) == 0


def test_chains_ruling_royal_last_card_goes_out_and_ends_the_hand() -> None:
    state = _table(["8H"], "7H")
    after = play.apply_move(state, {"action": "play", "card": "8H"})
    assert after["last"]["wentOut"] and after["last"]["handOver"]
    done = after["rounds"][-1]
    assert done["out"] == 0 and done["scores"][0] == 0 and not done["blocked"]
    assert done["scores"][1] == engine.hand_points(parse_cards(state["hands"][1]))


# --- Drawing and passing -----------------------------------------------------------------------


def test_chains_ruling_must_play_draw_is_refused_when_a_card_can_be_played() -> None:
    state = _table(["8S", "KD"], "7H")
    _refuses(state, {"action": "draw"}, "chains-ruling-must-play")
    _refuses(state, {"action": "pass"}, "chains-ruling-must-play")


def test_chains_draw_one_card_and_the_turn_is_over() -> None:
    state = _table(["KD", "3C"], "7H")
    assert play.legal_moves(state) == [{"action": "draw"}]
    _refuses(state, {"action": "pass"}, "chains-draw")
    after = play.apply_move(state, {"action": "draw"})
    assert after["hands"][0] == ["KD", "3C", state["deck"][0]] and after["deck"] == state["deck"][1:]
    assert after["last"]["drew"] == state["deck"][0] and play.seat_to_act(after) == 1


def test_chains_first_turn_pass_without_drawing() -> None:
    state = _table(["KD", "3C"], "7H", hadTurn=[1])
    assert play.legal_moves(state) == [{"action": "pass"}]
    _refuses(state, {"action": "draw"}, "chains-first-turn")
    after = play.apply_move(state, {"action": "pass"})
    assert after["hands"][0] == ["KD", "3C"] and after["deck"] == state["deck"] and 0 in after["hadTurn"]


def test_chains_ruling_first_turn_is_each_hand() -> None:
    """Every hand starts with nobody having had a turn, so each first turn may pass."""
    for s in _play_out(3, 21):
        if s["last"] and s["last"]["handOver"] and not s["over"]:
            assert s["hadTurn"] == [] and s["stuck"] == 0


def test_chains_ruling_deck_runs_out_turns_the_pile_over_without_shuffling() -> None:
    hand = ["KD", "3C"]
    pile = ["2S", "4S", "6S", "7H"]
    rest = [c for c in DECK if c not in hand + pile]
    state = _with(_table(hand, "7H"), hands=[hand, rest], pile=pile, deck=[])
    after = play.apply_move(state, {"action": "draw"})
    assert after["hands"][0] == ["KD", "3C", "2S"]  # the bottom of the pile is the top of the new deck
    assert after["deck"] == ["4S", "6S"] and after["pile"] == ["7H"]


def test_chains_ruling_blocked_nobody_can_move_the_hand_is_counted() -> None:
    """Nothing to draw, the pile one card, and nobody able to play on it. With one deck and every
    card in play this cannot happen (the other 51 cards are all in hands, so someone holds a heart,
    a 6 or an 8), so the table is set with the hearts, 6s and 8s out of play."""
    out_of_play = {c for c in DECK if c.endswith("H") or c[:-1] in ("6", "8")}
    rest = [c for c in DECK if c not in out_of_play]
    state = _with(_table(["KD"], "7H"), hands=[rest[:3], rest[3:6]], pile=["7H"], deck=[])
    assert play.legal_moves(state) == [{"action": "pass"}]
    one = play.apply_move(state, {"action": "pass"})
    assert one["stuck"] == 1 and not one["rounds"] and play.seat_to_act(one) == 1
    two = play.apply_move(one, {"action": "pass"})
    done = two["rounds"][-1]
    assert done["blocked"] and done["out"] is None and two["last"]["handOver"]
    # Everyone counts the cards they hold (chains-scoring).
    assert done["scores"] == [engine.hand_points(parse_cards(h)) for h in state["hands"]]
    assert two["totals"] == done["scores"] and two["handNumber"] == 2


# --- Hands and the game ------------------------------------------------------------------------


def test_chains_scoring_and_the_game_of_ten_hands() -> None:
    states = _play_out(4, 5)
    end = states[-1]
    assert end["over"] and play.seat_to_act(end) is None and play.legal_moves(end) == []
    assert len(end["rounds"]) == engine.HANDS_PER_GAME
    for r in end["rounds"]:
        # chains-scoring: the cards left count; whoever went out has none and scores 0.
        assert r["scores"] == [sum(play._POINTS[c] for c in h) for h in r["hands"]]
        if r["out"] is not None:
            assert r["hands"][r["out"]] == [] and r["scores"][r["out"]] == 0
    assert end["totals"] == [sum(r["scores"][s] for r in end["rounds"]) for s in range(4)]
    _refuses(end, {"action": "pass"}, "chains-game")


def test_chains_hand_end_the_deal_passes_to_the_left() -> None:
    end = _play_out(5, 8)[-1]
    first = end["firstDealer"]
    assert [r["dealer"] for r in end["rounds"]] == [(first + k) % 5 for k in range(10)]


def test_chains_ruling_tie_players_level_on_the_lowest_total_share_the_win() -> None:
    ties = 0
    for seed in range(400):
        end = _play_out(2 + seed % 3, seed)[-1]
        low = min(end["totals"])
        assert end["winners"] == [s for s, t in enumerate(end["totals"]) if t == low]
        ties += len(end["winners"]) > 1
        if ties >= 2:
            break
    assert ties >= 2, "no shared win in 400 games"


# --- The state machine -------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_every_card_is_in_exactly_one_place_at_every_step(players: int) -> None:
    for seed in range(12):
        for state in _play_out(players, seed * 31 + players):
            assert sorted(_places(state)) == DECK


def test_legal_moves_are_exactly_the_moves_the_engine_accepts() -> None:
    for state in _play_out(4, 3)[:-1]:
        candidates = [{"action": "play", "card": c} for c in state["hands"][state["turn"]]]
        candidates += [{"action": "draw"}, {"action": "pass"}]
        accepted = []
        for move in candidates:
            try:
                play.apply_move(state, move)
            except IllegalPlay:
                continue
            accepted.append(move)
        assert accepted == play.legal_moves(state)


def test_apply_move_is_pure_and_the_bot_is_deterministic() -> None:
    state = play.new_game(4, 2026)
    for _ in range(150):
        frozen = copy.deepcopy(state)
        move = play.bot_move(state)
        assert play.bot_move(state) == move
        nxt = play.apply_move(state, move)
        assert state == frozen, "apply_move never changes its input"
        assert json.loads(json.dumps(nxt)) == nxt, "the state is plain JSON"
        state = nxt
    assert _play_out(3, 44) == _play_out(3, 44)


def test_a_move_that_is_not_a_move_is_refused() -> None:
    state = play.new_game(3, 9)
    for bad in [None, "8H", {"action": "jump"}, {"action": "play"}, {"action": "play", "card": "8h"},
                {"action": "draw", "card": "8H"}, {"action": "pass", "seat": 1}]:
        with pytest.raises(IllegalPlay):
            play.apply_move(state, bad)  # type: ignore[arg-type]


def test_the_game_ends_and_every_move_the_bot_makes_is_legal() -> None:
    moves = Counter[str]()
    for seed in range(40):
        states = _play_out(2 + seed % 5, seed)
        assert states[-1]["over"]
        for s, t in itertools.pairwise(states):
            moves[t["last"]["action"]] += 1
            made = {"action": t["last"]["action"]} | ({"card": t["last"]["card"]} if t["last"]["card"] else {})
            assert made in play.legal_moves(s)
    assert moves["play"] and moves["draw"] and moves["pass"]


# --- The computer player -----------------------------------------------------------------------


def test_bot_plays_the_card_that_keeps_its_hand_cheapest() -> None:
    # On 7H: the King of hearts (20) is the dearest card, but the 8 of hearts is a royal that lets
    # the bot then play the King as a flush, leaving only the 9 (10 points).
    state = _table(["KH", "8H", "9C"], "7H")
    assert play.bot_move(state) == {"action": "play", "card": "8H"}
    after = play.apply_move(state, play.bot_move(state))
    assert play.bot_move(after) == {"action": "play", "card": "KH"}


def test_bot_sheds_its_dearest_card_without_a_royal() -> None:
    state = _table(["2S", "AS", "9D"], "7S")
    assert play.bot_move(state) == {"action": "play", "card": "AS"}


# --- The table's own rules (issue 25): each variation, a position it changes -------------------


def _house(option: str) -> dict[str, str]:
    return {option: "played"}


def test_chains_the_house_is_stored_and_a_state_without_one_plays_the_familys_rules() -> None:
    assert play.new_game(3, 1)["house"] == {}
    assert play.new_game(3, 1, {"same-rank": "not-played"})["house"] == {}
    assert play.new_game(3, 1, {"same-rank": "played"})["house"] == {"same-rank": "played"}
    with pytest.raises(ValueError, match="house.same-rank: no value 'maybe'"):
        play.new_game(3, 1, {"same-rank": "maybe"})
    with pytest.raises(ValueError, match="unknown option 'x'"):
        play.new_game(3, 1, {"x": "played"})
    old = _table(["7C", "2H"], "7H")
    del old["house"]  # a save from before the options
    assert play.legal_moves(old) == play.legal_moves(_table(["7C", "2H"], "7H"))


def test_chains_variant_no_extra_play_a_royal_ends_the_turn() -> None:
    family = play.apply_move(_table(["8H", "KD", "3C"], "7H"), {"action": "play", "card": "8H"})
    assert family["again"] and play.seat_to_act(family) == 0
    state = _table(["8H", "KD", "3C"], "7H", house=_house("no-extra-play"))
    after = play.apply_move(state, {"action": "play", "card": "8H"})
    assert after["last"]["kind"] == "royal" and not after["again"] and play.seat_to_act(after) == 1
    # The computer plays by it: without the extra play, the 8 of hearts no longer lets it follow
    # with the King, so it sheds the King (20) at once.
    assert play.bot_move(_table(["KH", "8H", "9C"], "7H")) == {"action": "play", "card": "8H"}
    assert play.bot_move(_table(["KH", "8H", "9C"], "7H", house=_house("no-extra-play"))) == {
        "action": "play", "card": "KH"}


def test_chains_variant_draw_after_royal_stopping_draws_a_card() -> None:
    family = play.apply_move(_table(["8H", "KD", "3C"], "7H"), {"action": "play", "card": "8H"})
    assert play.legal_moves(family) == [{"action": "pass"}]
    state = _table(["8H", "KD", "3C"], "7H", house=_house("draw-after-royal"))
    after = play.apply_move(state, {"action": "play", "card": "8H"})
    assert after["again"] and play.legal_moves(after) == [{"action": "draw"}]
    _refuses(after, {"action": "pass"}, "chains-variant-draw-after-royal")
    assert play.bot_move(after) == {"action": "draw"}  # the computer stops the same way
    drawn = play.apply_move(after, {"action": "draw"})
    assert drawn["hands"][0] == ["KD", "3C", after["deck"][0]] and play.seat_to_act(drawn) == 1


def test_chains_variant_same_rank_any_card_of_the_rank_goes() -> None:
    family = _table(["7C", "KD"], "7H")
    _refuses(family, {"action": "play", "card": "7C"}, "chains-same-rank")
    state = _table(["7C", "KD"], "7H", house=_house("same-rank"))
    assert play.legal_moves(state) == [{"action": "play", "card": "7C"}]
    after = play.apply_move(state, play.bot_move(state))
    assert after["last"]["kind"] == "same" and after["pile"][-1] == "7C"


# --- The gentle computer (issue 28) ------------------------------------------------------------


def test_the_gentle_computer_sheds_its_dearest_card_and_stops_after_a_royal() -> None:
    # On 7H the standard computer plays the royal 8H to play the King after it; the gentle one
    # plays the King (its dearest card) and, after a royal, stops (chains-ruling-royal: a choice).
    state = _table(["KH", "8H", "9C"], "7H")
    assert play.bot_move(state, "gentle") == {"action": "play", "card": "KH"}
    after = play.apply_move(state, {"action": "play", "card": "8H"})
    assert after["again"] and play.bot_move(after) == {"action": "play", "card": "KH"}
    assert play.bot_move(after, "gentle") == {"action": "pass"}
    drawn = _with(after, house=_house("draw-after-royal"))
    assert play.bot_move(drawn, "gentle") == {"action": "draw"}


def test_the_chains_computer_level_is_gentle_or_standard() -> None:
    with pytest.raises(RulebookError, match="^opponent: "):
        play.bot_move(_game(), "easy")
