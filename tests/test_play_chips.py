"""Chips, the whole game (generator/engine/play/chips.py): the rules as tests, each named after
the rule or ruling it checks (rules-data/chips.yaml), on hand-made states and on seeded games
played by the computer and by a player who picks uniformly among the legal moves."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from generator.engine.cards import build_deck, format_card, parse_card
from generator.engine.errors import IllegalPlay, RulebookError
from generator.engine.games import chips as engine
from generator.engine.play import chips as play

State = dict[str, Any]
Policy = Callable[[State], dict[str, Any]]
RULE = re.compile(r"^chips-[a-z0-9-]+: ")


def random_policy(seed: int) -> Policy:
    rnd = random.Random(seed)
    return lambda state: rnd.choice(play.legal_moves(state))


def mixed_policy(seed: int, bots: set[int]) -> Policy:
    rnd = random.Random(seed)

    def pick(state: State) -> dict[str, Any]:
        if state["seat"] in bots:
            return play.bot_move(state)
        return rnd.choice(play.legal_moves(state))

    return pick


def steps(players: int, seed: int, policy: Policy = play.bot_move) -> Iterator[tuple[State, dict[str, Any], State]]:
    """(state, move, next state) for every move of a seeded game, to the end."""
    state = play.new_game(players, seed)
    for _ in range(100000):
        if play.seat_to_act(state) is None:
            return
        move = policy(state)
        nxt = play.apply_move(state, move)
        yield state, move, nxt
        state = nxt
    raise AssertionError(f"{players} players, seed {seed}: no end")


def final(players: int, seed: int, policy: Policy = play.bot_move) -> State:
    last = play.new_game(players, seed)
    for _, _, last in steps(players, seed, policy):
        pass
    return last


def refused(state: State, move: dict[str, Any], rule: str) -> None:
    with pytest.raises(IllegalPlay, match=rf"^{re.escape(rule)}: "):
        play.apply_move(state, move)


def at_phase(players: int, seed: int, phase: str, *, called: bool | None = None) -> State:
    for state, _, _ in steps(players, seed):
        if state["phase"] == phase and (called is None or (state["caller"] is not None) == called):
            return state
    raise AssertionError(f"no {phase} state")


def with_turn(state: State, **changes: Any) -> State:
    """A hand-made position: a copy of ``state`` with some fields changed."""
    new = copy.deepcopy(state)
    new.update(copy.deepcopy(changes))
    return new


def every_card(state: State) -> Counter[str]:
    cards = [c for h in state["hands"] for c in h] + state["deck"] + state["pile"]
    cards += [c for g in state["table"] or [] for c in g["cards"]]
    return Counter(cards)


# --- Players, cards, the deal ------------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 11, 2.0, True, "4"])
def test_chips_players_a_practice_game_seats_two_to_ten(players: Any) -> None:
    with pytest.raises(RulebookError, match="^chips-players: "):
        play.new_game(players, 1)


@pytest.mark.parametrize(("players", "packs"), [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_chips_packs_one_pack_with_jokers_per_four_players(players: int, packs: int) -> None:
    state = play.new_game(players, 3)
    assert state["packs"] == packs
    assert every_card(state) == Counter(format_card(c) for c in build_deck(packs))


def test_chips_deal_three_each_and_the_extra_card_to_the_dealers_left() -> None:
    state = play.new_game(4, 11)
    assert state["dealer"] == 3 and state["seat"] == 0 and state["phase"] == "open"
    assert [len(h) for h in state["hands"]] == [4, 3, 3, 3]
    hands, stock = engine.deal_round([parse_card(c) for c in state["deal"]], 4, 3, 3)
    assert state["hands"] == [sorted((format_card(c) for c in h), key=lambda c: parse_card(c).order) for h in hands]
    assert state["deck"] == [format_card(c) for c in stock] and state["pile"] == []


def test_chips_rotation_and_hand_sizes_the_deal_and_the_extra_card_move_left_each_round() -> None:
    end = final(3, 5)
    assert [r["handSize"] for r in end["rounds"]] == list(range(3, 11))
    assert [r["dealer"] for r in end["rounds"]] == [(2 + k) % 3 for k in range(8)]
    for rnd in end["rounds"]:
        opener = rnd["turns"][0]
        assert opener["seat"] == (rnd["dealer"] + 1) % 3 and opener["take"] is None


def test_a_seed_replays_its_game_and_another_seed_deals_another() -> None:
    assert play.new_game(5, 99) == play.new_game(5, 99)
    assert play.new_game(5, 99)["deal"] != play.new_game(5, 100)["deal"]
    assert play.new_game(5, 99 + 2**32) == play.new_game(5, 99)  # the low 32 bits count


# --- Turns -------------------------------------------------------------------------------------

def test_chips_opening_discard_is_the_whole_first_turn() -> None:
    state = play.new_game(3, 2)
    assert {m["type"] for m in play.legal_moves(state)} == {"discard"}
    refused(state, {"type": "take", "from": "deck"}, "chips-opening-discard")
    refused(state, {"type": "call"}, "chips-ruling-opening-discard")
    card = state["hands"][0][0]
    nxt = play.apply_move(state, {"type": "discard", "card": card})
    assert nxt["pile"] == [card] and nxt["seat"] == 1 and nxt["phase"] == "take"


def test_chips_ruling_opening_discard_no_call_even_when_the_hand_groups() -> None:
    state = with_turn(play.new_game(2, 4), hands=[["5H", "6H", "7H", "KS"], ["8C", "9D", "3S"]])
    nxt = play.apply_move(state, {"type": "discard", "card": "KS"})
    assert nxt["phase"] == "take" and nxt["seat"] == 1


def test_chips_turn_take_before_throwing_away_and_only_cards_in_the_hand() -> None:
    state = at_phase(3, 7, "take")
    refused(state, {"type": "discard", "card": state["hands"][state["seat"]][0]}, "chips-turn")
    nxt = play.apply_move(state, {"type": "take", "from": "deck"})
    assert nxt["hands"][state["seat"]] == sorted(state["hands"][state["seat"]] + [state["deck"][0]],
                                                 key=lambda c: parse_card(c).order)
    refused(nxt, {"type": "take", "from": "deck"}, "chips-turn")
    missing = next(c for c in ("AS", "AH", "AD") if c not in nxt["hands"][state["seat"]])
    refused(nxt, {"type": "discard", "card": missing}, "chips-turn")
    refused(nxt, {"type": "shuffle"}, "chips-turn")
    refused(nxt, "discard", "chips-turn")  # type: ignore[arg-type]


def test_chips_turn_goes_round_to_the_left() -> None:
    for state, move, nxt in steps(4, 8):
        if move["type"] in ("discard", "pass", "call") and nxt["phase"] == "take" and nxt["round"] == state["round"]:
            assert nxt["seat"] == (state["seat"] + 1) % 4


def test_chips_discard_depth_a_take_from_deeper_than_the_top_three_is_refused() -> None:
    state = with_turn(at_phase(3, 7, "take"), pile=["9C", "4D", "KH", "7S"])
    assert [m.get("index") for m in play.legal_moves(state) if m["from"] == "pile"] == [0, 1, 2]
    refused(state, {"type": "take", "from": "pile", "index": 3}, "chips-discard-depth")
    refused(state, {"type": "take", "from": "pile", "index": -1}, "chips-discard-depth")
    refused(state, {"type": "take", "from": "table"}, "chips-discard-depth")
    short = with_turn(state, pile=["9C"])
    refused(short, {"type": "take", "from": "pile", "index": 1}, "chips-discard-depth")


def test_chips_ruling_discard_depth_only_that_card_moves() -> None:
    state = with_turn(at_phase(3, 7, "take"), pile=["9C", "4D", "KH", "7S"])
    nxt = play.apply_move(state, {"type": "take", "from": "pile", "index": 2})
    assert nxt["pile"] == ["9C", "KH", "7S"] and "4D" in nxt["hands"][state["seat"]]
    assert nxt["turns"][-1]["depth"] == 3 and nxt["turns"][-1]["taken"] == "4D"


def test_chips_ruling_throw_back_the_card_just_taken_may_go_straight_back() -> None:
    state = with_turn(at_phase(3, 7, "take"), pile=["9C", "4D", "KH", "7S"])
    nxt = play.apply_move(play.apply_move(state, {"type": "take", "from": "pile", "index": 0}),
                          {"type": "discard", "card": "7S"})
    assert nxt["pile"] == ["9C", "4D", "KH", "7S"]


def test_chips_ruling_deck_runs_out_the_pile_but_its_top_is_turned_over() -> None:
    state = with_turn(at_phase(3, 7, "take"), deck=[], pile=["9C", "4D", "KH", "7S"])
    nxt = play.apply_move(state, {"type": "take", "from": "deck"})
    assert nxt["pile"] == ["7S"] and nxt["deck"] == ["4D", "KH"] and "9C" in nxt["hands"][state["seat"]]
    bare = with_turn(state, pile=["7S"])
    assert {"type": "take", "from": "deck"} not in play.legal_moves(bare)
    refused(bare, {"type": "take", "from": "deck"}, "chips-ruling-deck-runs-out")


# --- Calling -----------------------------------------------------------------------------------

def _ready_to_call(seed: int = 7) -> State:
    """Seat to act holds 5H 6H 7H and takes KS: throwing the King away leaves a run."""
    state = at_phase(3, seed, "take", called=False)
    hands = [list(h) for h in state["hands"]]
    hands[state["seat"]] = ["5H", "6H", "7H"]
    deck = ["KS"] + [c for c in state["deck"] if c != "KS"]
    return with_turn(state, hands=hands, deck=deck)


def test_chips_call_when_the_whole_hand_groups_after_the_discard() -> None:
    state = play.apply_move(_ready_to_call(), {"type": "take", "from": "deck"})
    refused(state, {"type": "call"}, "chips-call-after-turn")  # the discard comes first
    nxt = play.apply_move(state, {"type": "discard", "card": "KS"})
    assert nxt["phase"] == "call" and nxt["seat"] == state["seat"]
    assert [m["type"] for m in play.legal_moves(nxt)] == ["call", "pass"]
    assert play.bot_move(nxt)["type"] == "call"  # the computer calls when it can
    called = play.apply_move(nxt, {"type": "call"})
    assert called["caller"] == state["seat"] and called["lastTurns"] == 2
    assert called["callerGroups"] == [{"kind": "run", "suit": "H", "lo": 5, "cards": ["5H", "6H", "7H"]}]
    assert called["turns"][-1]["call"] is True


def test_chips_call_is_not_offered_when_a_card_is_left_over() -> None:
    state = play.apply_move(_ready_to_call(), {"type": "take", "from": "deck"})
    nxt = play.apply_move(state, {"type": "discard", "card": "5H"})
    assert nxt["phase"] == "take" and nxt["seat"] != state["seat"]


def test_chips_fixed_groups_the_caller_may_say_how_the_groups_are_made_up() -> None:
    state = play.apply_move(_ready_to_call(), {"type": "take", "from": "deck"})
    nxt = play.apply_move(state, {"type": "discard", "card": "KS"})
    mine = [{"kind": "run", "suit": "H", "cards": ["5H", "6H", "7H"]}]
    assert play.apply_move(nxt, {"type": "call", "groups": mine})["callerGroups"][0]["lo"] == 5
    refused(nxt, {"type": "call", "groups": [{"kind": "set", "rank": "5", "cards": ["5H", "6H", "7H"]}]},
            "chips-fixed-groups")
    refused(nxt, {"type": "call", "groups": "5H 6H 7H"}, "chips-fixed-groups")


def test_chips_ruling_whole_hand_the_groups_hold_every_card_once() -> None:
    state = play.apply_move(_ready_to_call(), {"type": "take", "from": "deck"})
    nxt = with_turn(play.apply_move(state, {"type": "discard", "card": "KS"}))
    hands = [list(h) for h in nxt["hands"]]
    hands[nxt["seat"]] = ["5H", "6H", "7H", "JK"]
    four = with_turn(nxt, hands=hands)
    refused(four, {"type": "call", "groups": [{"kind": "run", "suit": "H", "cards": ["5H", "6H", "7H"]}]},
            "chips-ruling-whole-hand")


def test_chips_ruling_after_the_call_one_last_turn_each_and_nobody_else_calls() -> None:
    state = at_phase(4, 21, "take", called=True)
    caller = state["caller"]
    refused(state, {"type": "call"}, "chips-ruling-after-the-call")
    seen = []
    while state["phase"] != "layOff":
        if state["phase"] == "take":
            seen.append(state["seat"])
        assert state["phase"] != "call"
        state = play.apply_move(state, play.bot_move(state))
    assert seen == [(caller + k) % 4 for k in range(1, 4)]
    assert state["seat"] == (caller + 1) % 4 and state["hands"][caller] == []
    assert state["table"] == state["callerGroups"]


def test_chips_last_turn_a_hand_that_groups_after_the_call_does_not_call() -> None:
    state = at_phase(3, 7, "take", called=True)
    hands = [list(h) for h in state["hands"]]
    size = len(hands[state["seat"]])
    hands[state["seat"]] = (["5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"])[:size]
    deck = ["3C"] + [c for c in state["deck"] if c != "3C"]
    nxt = play.apply_move(play.apply_move(with_turn(state, hands=hands, deck=deck), {"type": "take", "from": "deck"}),
                          {"type": "discard", "card": "3C"})
    assert nxt["phase"] in ("take", "layOff")


# --- Laying off and scoring ----------------------------------------------------------------------

def test_chips_ruling_layoff_order_each_lays_off_in_turn_from_the_callers_left() -> None:
    state = at_phase(5, 3, "layOff")
    caller, table = state["caller"], [engine.parse_group(g) for g in state["callerGroups"]]
    order = [(caller + k) % 5 for k in range(1, 5)]
    before = state["layOff"]["hands"]
    expected = engine.play_round(table, [[parse_card(c) for c in before[p]] for p in order], state["packs"])
    for p, arr in zip(order, expected.results, strict=True):
        assert state["seat"] == p and state["phase"] == "layOff"
        assert play.legal_moves(state) == [{"type": "layOff"}]
        state = play.apply_move(state, {"type": "layOff"})
        results = state["layOff"]["results"] if state["phase"] == "layOff" else state["rounds"][-1]["results"]
        assert results[p] == arr.to_record()
    assert state["rounds"][-1]["table"] == [g.to_record() for g in expected.caller_groups]


def _replayed(rnd: dict[str, Any], players: int, packs: int) -> dict[str, Any]:
    moves = []
    for t in rnd["turns"]:
        m: dict[str, Any] = {"discard": t["discard"], "call": t["call"]}
        if t["take"] is not None:
            m["take"] = t["take"]
        if t["depth"] is not None:
            m["depth"] = t["depth"]
        moves.append(m)
    return engine.replay_record({"players": players, "dealer": rnd["dealer"], "hand_size": rnd["handSize"],
                                 "deck": rnd["deal"], "moves": moves, "packs": packs})


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4), (8, 5)])
def test_chips_caller_scores_zero_and_every_other_hand_by_the_engines_best_arrangement(players: int, seed: int) -> None:
    end = final(players, seed)
    assert len(end["rounds"]) == 8
    for rnd in end["rounds"]:
        caller = rnd["caller"]
        assert rnd["scores"][caller] == 0 and rnd["laidOff"][caller] == []
        # the round replayed by the engine's own replay (chips.replay_round) scores the same
        replay = _replayed(rnd, players, end["packs"])
        assert replay["finished"] and replay["caller"] == caller
        assert replay["scores"] == rnd["scores"]
        assert replay["caller_groups"] == rnd["callerGroups"]
        assert replay["laid_down"] == rnd["table"]
        assert replay["steps"][-1]["hands"] == rnd["hands"]
        for p, rec in replay["results"].items():
            assert rnd["results"][int(p)] == rec
            assert rnd["laidOff"][int(p)] == rec["laid_off"]


def test_every_card_is_in_exactly_one_place_at_every_step() -> None:
    for players, seed, policy in [(2, 31, play.bot_move), (5, 32, play.bot_move),
                                  (4, 33, mixed_policy(33, {0})), (8, 34, mixed_policy(34, {1, 5}))]:
        full = Counter(format_card(c) for c in build_deck(engine.packs_for(players)))
        for _, _, nxt in steps(players, seed, policy):
            assert every_card(nxt) == full


# --- The end of the game -------------------------------------------------------------------------

def test_chips_winner_the_game_ends_after_eight_rounds_with_the_tie_breakers() -> None:
    end = final(4, 12)
    assert end["over"] and end["round"] == 8 and play.seat_to_act(end) is None and play.legal_moves(end) == []
    assert end["totals"] == [sum(r["scores"][p] for r in end["rounds"]) for p in range(4)]
    names = ["0", "1", "2", "3"]
    standing = engine.rank_game(names, [{"scores": dict(zip(names, r["scores"], strict=True)),
                                         "called": str(r["caller"])} for r in end["rounds"]])
    assert end["result"] == {"ranking": [[int(p) for p in place] for place in standing.ranking],
                             "decidedBy": standing.decided_by, "calls": [standing.calls[p] for p in names]}
    refused(end, {"type": "layOff"}, "chips-winner")
    with pytest.raises(IllegalPlay, match="^chips-winner: "):
        play.bot_move(end)


def test_chips_tie_most_calls_decides_a_level_total() -> None:
    last = None
    for state, _, nxt in steps(3, 14):
        if nxt["over"]:
            last = state
    assert last is not None
    s8 = play.apply_move(last, {"type": "layOff"})["rounds"][-1]["scores"]
    # Seven rounds made up so that seats 0 and 1 finish level on 100 and seat 2 on 200, seat 0
    # having called six of them and seat 1 one; the eighth is the game's own.
    rounds = [{"scores": [0, 100 - s8[1], 200 - s8[2]], "caller": 0}, {"scores": [100 - s8[0], 0, 0], "caller": 1}]
    rounds += [{"scores": [0, 0, 0], "caller": 0}] * 5
    end = play.apply_move(with_turn(last, rounds=rounds), {"type": "layOff"})
    assert [sum(r["scores"][p] for r in end["rounds"]) for p in range(3)] == [100, 100, 200]
    assert end["result"]["ranking"] == [[0], [1], [2]] and end["result"]["decidedBy"] == "calls"


# --- Purity, legality, the computer --------------------------------------------------------------

def test_apply_move_does_not_mutate_its_input() -> None:
    seen: list[tuple[State, str]] = []
    for state, _, _ in steps(4, 41, mixed_policy(41, {0, 2})):
        seen.append((state, json.dumps(state, sort_keys=True)))
    for state, snapshot in seen:
        assert json.dumps(state, sort_keys=True) == snapshot


def _candidates(state: State) -> list[dict[str, Any]]:
    cards = ["AS", "KD", "JK", "10H", "2C", *state["hands"][state["seat"]]] if state["seat"] is not None else []
    out: list[dict[str, Any]] = [{"type": "discard", "card": c} for c in cards]
    out.append({"type": "take", "from": "deck"})
    out += [{"type": "take", "from": "pile", "index": i} for i in range(-1, 5)]
    out += [{"type": "call"}, {"type": "pass"}, {"type": "layOff"}, {"type": "fold"}, {}]
    return out


def test_every_move_not_offered_is_refused_naming_a_rule_and_every_move_offered_applies() -> None:
    for state, _, _ in steps(3, 51, mixed_policy(51, {1})):
        legal = play.legal_moves(state)
        kinds = {m["type"] for m in legal}
        for move in legal:
            play.apply_move(state, move)
        for move in _candidates(state):
            offered = move in legal or (move.get("type") in ("call", "pass") and move["type"] in kinds)
            if offered:
                continue
            with pytest.raises(IllegalPlay) as exc:
                play.apply_move(state, move)
            assert RULE.match(str(exc.value)), str(exc.value)


def test_the_computer_plays_only_legal_moves_and_the_same_move_for_the_same_state() -> None:
    for players, seed in [(2, 61), (7, 62)]:
        for state, move, _ in steps(players, seed):
            assert move in play.legal_moves(state)
            assert play.bot_move(copy.deepcopy(state)) == move


def test_the_computer_beats_a_player_who_picks_at_random_in_four_player_games() -> None:
    # bench/bench_play.py measures this over many more games for the README.
    wins = 0
    for seed in range(12):
        bot = seed % 4
        end = final(4, 700 + seed, mixed_policy(seed, {bot}))
        wins += end["result"]["ranking"][0] == [bot]
    assert wins >= 11


# --- The table's house rules (issue 25) -----------------------------------------------------------

def test_a_game_without_house_rules_is_the_family_game_as_before() -> None:
    plain = play.new_game(3, 7)
    assert plain["house"] == {}
    written_out = {o.id: o.default for o in engine.HOUSE_OPTIONS}
    assert play.new_game(3, 7, None) == play.new_game(3, 7, {}) == play.new_game(3, 7, written_out) == plain
    # A state saved before house rules (no "house" key) plays on by the family's rules.
    old = {k: v for k, v in plain.items() if k != "house"}
    assert play.bot_move(old) == play.bot_move(plain)
    assert play.new_game(3, 7, {"k-a-2": "no-group"})["house"] == {}  # the family's reading (chips-ruling-k-a-2)
    assert play.new_game(3, 7, {"k-a-2": "group"})["house"] == {"k-a-2": "group"}
    with pytest.raises(RulebookError, match=r"^house\.k-a-2: no value 'never'"):
        play.new_game(3, 7, {"k-a-2": "never"})


def _k_a_2_in_hand(house: dict[str, str]) -> State:
    """Seat to act holds KD AD 2C and takes 5S from the deck."""
    state = at_phase(3, 7, "take", called=False)
    state = with_turn(state, house=play.house_of(house))
    hands = [list(h) for h in state["hands"]]
    hands[state["seat"]] = ["KD", "AD", "2C"]
    deck = ["5S"] + [c for c in state["deck"] if c != "5S"]
    return play.apply_move(with_turn(state, hands=hands, deck=deck), {"type": "take", "from": "deck"})


def test_chips_ruling_k_a_2_no_call_on_k_a_2_unless_the_table_lets_the_2_stand_or_runs_turn_the_corner() -> None:
    family = play.apply_move(_k_a_2_in_hand({}), {"type": "discard", "card": "5S"})
    assert family["phase"] == "take" and family["caller"] is None  # K-A-2 is no group: no call
    refused(family, {"type": "call"}, "chips-call-after-turn")
    house = play.apply_move(_k_a_2_in_hand({"k-a-2": "group"}), {"type": "discard", "card": "5S"})
    assert house["phase"] == "call"
    assert play.legal_moves(house)[0]["groups"][0]["cards"] == ["2C", "KD", "AD"]
    assert play.bot_move(_k_a_2_in_hand({"k-a-2": "group"})) == {"type": "discard", "card": "5S"}
    corner = play.apply_move(_k_a_2_in_hand({"k-a-2": "round-the-corner"}), {"type": "discard", "card": "5S"})
    assert corner["phase"] == "call"


def _took_from_pile(house: dict[str, str]) -> State:
    state = with_turn(at_phase(3, 7, "take"), pile=["9C", "4D", "KH", "7S"], house=play.house_of(house))
    return play.apply_move(state, {"type": "take", "from": "pile", "index": 0})


def test_chips_ruling_throw_back_not_allowed_the_card_just_taken_stays() -> None:
    allowed = _took_from_pile({})
    assert {"type": "discard", "card": "7S"} in play.legal_moves(allowed)
    house = _took_from_pile({"throw-back": "not-allowed"})
    assert {"type": "discard", "card": "7S"} not in play.legal_moves(house)
    assert len(play.legal_moves(house)) == len(play.legal_moves(allowed)) - 1
    refused(house, {"type": "discard", "card": "7S"}, "chips-ruling-throw-back")
    assert play.bot_move(house)["card"] != "7S"
    # From the deck it may go straight back.
    deck = play.apply_move(with_turn(at_phase(3, 7, "take"), house={"throw-back": "not-allowed"}),
                           {"type": "take", "from": "deck"})
    taken = deck["turns"][-1]["taken"]
    assert {"type": "discard", "card": taken} in play.legal_moves(deck)


def _throw_backs(house: dict[str, str], games: int = 12) -> int:
    count = 0
    for seed in range(games):
        rnd = random.Random(seed)
        state = play.new_game(3, seed, house)
        while play.seat_to_act(state) is not None:
            move = rnd.choice(play.legal_moves(state)) if state["seat"] == 0 else play.bot_move(state)
            state = play.apply_move(state, move)
            turn = state["turns"][-1] if state["turns"] else None
            if move["type"] == "discard" and turn and turn["take"] == "pile" and turn["discard"] == turn["taken"]:
                count += 1
    return count


def test_chips_ruling_throw_back_whole_games_follow_the_table() -> None:
    assert _throw_backs({}) > 0  # a player picking at random throws back now and then...
    assert _throw_backs({"throw-back": "not-allowed"}) == 0  # ...and never at a table that says no


def test_the_computer_plays_by_the_tables_rules_whole_games() -> None:
    for house in ({}, {"k-a-2": "group"}, {"k-a-2": "round-the-corner"}, {"throw-back": "not-allowed"},
                  {"k-a-2": "round-the-corner", "throw-back": "not-allowed"}):
        for seed in range(4):
            state = play.new_game(4, seed, house)
            while play.seat_to_act(state) is not None:
                move = play.bot_move(state)
                assert move in play.legal_moves(state) or move["type"] == "call", (house, seed, move)
                state = play.apply_move(state, move)
            for rnd in state["rounds"]:
                for g in rnd["callerGroups"] + rnd["table"]:
                    group = engine.parse_group(g, house=house)  # refused if the table's reading refuses it
                    if "k-a-2" not in house:  # chips-ruling-k-a-2, the family's: no 2 beside a real K and A
                        assert not (engine.king_and_high_ace(group) and engine.twos_standing_in(group)), (seed, g)


def test_chips_variant_random_extra_is_kept_for_a_table_of_nine_or_more() -> None:
    """With eight players the variant changes nothing; dealt to nine, each round's extra card goes
    to a seat drawn by lot, never the same seat twice (chips-ruling-random-extra), and that seat
    opens (chips-ruling-random-extra-turns)."""
    eight = play.new_game(8, 5, {"random-extra": "played"})
    assert eight["seat"] == play.new_game(8, 5)["seat"] and "extraSeats" not in eight
    state = dict(eight, players=9, packs=engine.packs_for(9), totals=[0] * 9)
    for k in range(engine.ROUNDS):
        state = play._deal(dict(state, round=k))
        drawn = state["extraSeats"][-1]
        assert state["seat"] == drawn and len(state["hands"][drawn]) == engine.HAND_SIZES[k] + 1
        assert state["dealer"] == engine.seat_for_round(9, k, 8)[0]  # chips-ruling-random-extra-deal
    assert len(set(state["extraSeats"])) == engine.ROUNDS


# --- The gentle computer (issue 28) -------------------------------------------------------------

def _grouped_after(turns_each: int) -> State:
    """_ready_to_call's seat, its whole hand in groups after the discard, in a round where every
    seat has had ``turns_each`` turns before this one."""
    state = _ready_to_call()
    seat, players = state["seat"], state["players"]
    turns = [{"seat": p, "take": "deck", "depth": None, "taken": "3C", "discard": "3C", "call": False}
             for _ in range(turns_each) for p in range(players) if p != seat]
    state = with_turn(state, turns=turns)
    state = play.apply_move(state, {"type": "take", "from": "deck"})
    return play.apply_move(state, {"type": "discard", "card": "KS"})


def test_the_gentle_computer_plays_on_until_everyone_has_had_three_turns() -> None:
    early = _grouped_after(play.GENTLE_TURNS - 1)
    assert early["phase"] == "call"
    assert play.gentle_waits(early)
    assert play.bot_move(early, "gentle") == {"type": "pass"}  # chips-call: a choice, not a must
    assert play.bot_move(early)["type"] == "call" == play.bot_move(early, "standard")["type"]
    late = _grouped_after(play.GENTLE_TURNS)
    assert not play.gentle_waits(late)
    assert play.bot_move(late, "gentle") == play.bot_move(late)


def test_the_gentle_computer_plays_the_same_cards_as_the_standard_one() -> None:
    """Only the call differs: every take and discard of a gentle game is the standard computer's."""
    for players, seed in [(2, 81), (5, 82)]:
        for state, move, _ in steps(players, seed, lambda s: play.bot_move(s, "gentle")):
            if state["phase"] != "call":
                assert move == play.bot_move(state)


def test_the_computer_level_is_gentle_or_standard() -> None:
    state = play.new_game(3, 1)
    with pytest.raises(RulebookError, match="^opponent: "):
        play.bot_move(state, "easy")
