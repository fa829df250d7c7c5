"""Chips engine: a test named after each rule (ids from rules-data/chips.yaml), and
properties against a brute-force scorer that tries every partition."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine.cards import Rank, build_deck, parse_card, parse_cards
from generator.engine.errors import CardError, IllegalPlay, RulebookError
from generator.engine.games import chips
from generator.engine.games.chips import best_arrangement, make_run, make_set, score_record
from tests.support.chips_brute import brute_layoff_score, brute_score, is_group
from tests.support.chips_gen import random_caller_groups, random_hand


def score(hand: str, callers: list[chips.Group] | None = None) -> int:
    return best_arrangement(parse_cards(hand), callers).score


def run(suit: str, cards: str, lo: int | None = None) -> chips.Group:
    return make_run(suit, parse_cards(cards), lo)


# -- groups -------------------------------------------------------------------------------

def test_chips_set_is_three_of_a_rank_in_any_suits() -> None:
    assert score("8H 8S 8D") == 0
    assert score("8H 8S 9D") == 8 + 8 + 9


def test_chips_run_is_three_in_sequence_in_one_suit() -> None:
    assert score("4H 5H 6H") == 0
    assert score("4H 5S 6H") == 15


def test_chips_ace_low_run_a_2_3() -> None:
    assert score("AH 3H 4H") == 8  # A-3-4 is no run without the 2
    assert score("AH 2H 3H") == 0  # the 2 is wild and stands as the 2


def test_chips_ace_high_run_q_k_a() -> None:
    assert score("QH KH AH") == 0
    assert score("QH KH AS") == 21


def test_chips_run_may_not_wrap_k_a_2_3() -> None:
    # chips-no-wrap, chips-ruling-k-a-2 (the family's words): K-A-2-3 is never one run, and the 2
    # may not stand as the Queen beside a real King and Ace. Best: A-2-3, the King loose.
    result = best_arrangement(parse_cards("KH AH 2H 3H"))
    assert result.score == 10
    assert [g.stands_for() for g in result.groups] == [["AH", "2H", "3H"]]
    assert not is_group(parse_cards("KH AH 2H 3H"))


GROUP = {"k-a-2": "group"}
CORNER = {"k-a-2": "round-the-corner"}
def test_chips_k_a_2_is_never_a_group_by_default() -> None:
    # chips-ruling-k-a-2: "K-A-2 is not allowed", even with the 2 as a wild Queen.
    result = best_arrangement(parse_cards("KD AD 2C"))
    assert (result.score, result.groups) == (11, [])
    assert result.score == best_arrangement(parse_cards("KD AD 2C"), house={"k-a-2": "no-group"}).score
def test_chips_k_a_2_3_scores_10_by_default_the_ace_low_run_leaving_the_king() -> None:
    result = best_arrangement(parse_cards("KD AD 2D 3D"))
    assert (result.score, [str(c) for c in result.loose]) == (10, ["KD"])
def test_chips_a_wild_2_may_stand_as_the_king_below_a_high_ace_by_default() -> None:
    # J-Q-K-A with the 2 as the King: no natural King beside the Ace, so nothing wraps.
    result = best_arrangement(parse_cards("2C JD QD AD"))
    assert result.score == 0
    assert result.groups[0].stands_for() == ["JD", "QD", "KD", "AD"]
def test_chips_a_joker_may_still_stand_as_the_queen_of_q_k_a_by_default() -> None:
    result = best_arrangement(parse_cards("KD AD JK"))
    assert result.score == 0 and result.groups[0].stands_for() == ["QD", "KD", "AD"]
    # With a 2 and a joker the joker takes the place; the 2 stays out of that run.
    result = best_arrangement(parse_cards("KD AD 2C JK"))
    assert result.score == 0 and all("2C" not in map(str, g.cards) for g in result.groups if g.kind == "run")
def test_chips_k_a_2_default_refuses_a_laid_down_run_with_a_2_beside_king_and_ace() -> None:
    with pytest.raises(chips.IllegalPlay, match=r"^K-A-2 is not allowed: with a real King and a real high Ace, this run "
                                                 r"cannot hold a 2 standing in \(a joker may\) \(chips-ruling-k-a-2\)$"):
        chips.make_run("D", parse_cards("2C KD AD"), 12)
    assert chips.make_run("D", parse_cards("JD QD 2C AD"), 11).stands_for() == ["JD", "QD", "KD", "AD"]
def test_chips_natural_2_at_its_own_place_in_a_13_card_run_is_no_wild_standing_in() -> None:
    # chips-ruling-k-a-2: 2-3-...-K-A wraps nothing; its 2 of diamonds is its own 2, not a wild.
    cards = parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")
    assert chips.make_run("D", cards).lo == 2
    # Another suit's 2 in that place is a wild standing in beside the King and Ace: refused.
    with pytest.raises(chips.IllegalPlay, match="K-A-2 is not allowed"):
        chips.make_run("D", parse_cards("2C") + cards[1:], 2)
    # Laying off onto that run's foot: the own 2 goes on a 3-to-Ace run of the caller's, a joker too.
    run = chips.make_run("D", cards[1:])
    assert best_arrangement(parse_cards("5C"), [run]).score == 5
def test_chips_k_a_2_group_house_lets_the_wild_2_stand_as_the_queen() -> None:
    result = best_arrangement(parse_cards("KH AH 2C"), house=GROUP)
    assert result.score == 0
    assert result.groups[0].stands_for() == ["QH", "KH", "AH"]
    assert best_arrangement(parse_cards("KD AD 2D 3D"), house=GROUP).score == 3
def test_chips_round_the_corner_house_lets_a_run_wrap_through_the_ace() -> None:
    result = best_arrangement(parse_cards("QD KD AD 2D 3D"), house=CORNER)
    assert result.score == 0
    assert result.groups[0].lo == 12 and result.groups[0].stands_for() == ["QD", "KD", "AD", "2D", "3D"]
    assert best_arrangement(parse_cards("KD AD 2D 3D"), house=CORNER).score == 0
    assert best_arrangement(parse_cards("KD AD 3D"), house=CORNER).score == 14  # a gap, no wild
    assert best_arrangement(parse_cards("QH KH AH 3H JK"), house=CORNER).score == 0  # the joker as the 2
    run = chips.make_run("D", parse_cards("QD KD AD 2D 3D"), 12, house=CORNER)
    assert run.hi == 16 and run.describe() == "a run of diamonds Q-K-A-2-3 with the 2 of diamonds as the 2"


def test_chips_round_the_corner_run_holds_13_cards_at_most_one_a_place() -> None:
    thirteen = parse_cards("KD AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD")
    assert chips.make_run("D", thirteen, house=CORNER).lo == 13
    with pytest.raises(chips.IllegalPlay, match="at most 13 cards"):
        chips.make_run("D", thirteen + parse_cards("JK"), house=CORNER)
    with pytest.raises(chips.IllegalPlay, match=r"^a run round the corner starts at position 1 \(Ace\) to 13 "
                                                 r"\(King\), its first card's place \(Q-K-A-2-3 starts at 12\); lo=14$"):
        chips.make_run("D", parse_cards("AD 2D 3D"), 14, house=CORNER)
    with pytest.raises(chips.IllegalPlay, match="cannot stand at position 15"):
        chips.make_run("D", parse_cards("KD AD 3D"), 13, house=CORNER)
    # Without the house rule the same run is refused.
    with pytest.raises(chips.IllegalPlay, match="must start between position 1"):
        chips.make_run("D", parse_cards("QD KD AD 2D 3D"), 12)


def test_chips_round_the_corner_lays_off_at_either_end_of_a_wrapping_run() -> None:
    callers = [chips.make_run("H", parse_cards("KH AH 2H"), 13, house=CORNER)]
    result = best_arrangement(parse_cards("QH 3H 5C"), callers, house=CORNER)
    assert result.score == 5
    assert [(str(c), a) for c, _, a in result.laid_off] == [("QH", "QH"), ("3H", "3H")]
    assert result.extended[0].lo == 12 and len(result.extended[0].cards) == 5
    # Below an Ace low the run goes on to the King: A-2-3 takes K and Q beneath it, lo 12.
    low = [chips.make_run("S", parse_cards("AS 2S 3S"), 1, house=CORNER)]
    result = best_arrangement(parse_cards("KS QS"), low, house=CORNER)
    assert result.score == 0 and result.extended[0].lo == 12
    assert result.extended[0].stands_for() == ["QS", "KS", "AS", "2S", "3S"]
    # The family's rules: no corner to turn.
    assert best_arrangement(parse_cards("KS QS"), low).score == 20


def test_chips_wild_fills_a_gap_in_a_run() -> None:
    result = best_arrangement(parse_cards("5H 7H JK"))
    assert result.score == 0
    assert result.groups[0].describe() == "a run of hearts 5-6-7 with the joker as the 6"


def test_chips_wild_makes_a_set_from_a_pair() -> None:
    assert score("8H 8S 2D") == 0


def test_chips_group_of_only_wilds_is_allowed() -> None:
    result = best_arrangement(parse_cards("2H 2S JK"))
    assert result.score == 0 and len(result.groups) == 1 and not result.loose


def test_chips_wilds_score_zero_even_loose() -> None:
    # one wild cannot make a group of KD and QS (other suits): it stays loose and costs 0
    result = best_arrangement(parse_cards("JK KD QS"))
    assert result.score == 20 and [str(c) for c in result.loose] == ["QS", "KD", "JK"]


def test_chips_card_values() -> None:
    values = {c: chips.card_value(parse_card(c)) for c in ["AS", "3S", "9D", "10H", "JC", "QD", "KS", "2H", "JK"]}
    assert values == {"AS": 1, "3S": 3, "9D": 9, "10H": 10, "JC": 10, "QD": 10, "KS": 10, "2H": 0, "JK": 0}


def test_chips_biggest_set_first_is_wrong() -> None:
    # greedy on the set 5-5-5 leaves 6H 7H (13); the run 5-6-7 leaves 5S 5D (10)
    assert score("5H 5S 5D 6H 7H") == 10


def test_chips_biggest_run_first_is_wrong() -> None:
    # greedy on the run 4-5-6-7 leaves 7S 7D (14); 4-5-6 and the set of 7s leave nothing
    assert score("4H 5H 6H 7H 7S 7D") == 0


def test_chips_two_packs_duplicate_card_in_a_set() -> None:
    assert score("7H 7H 7S") == 0


def test_chips_run_uses_each_position_once() -> None:
    assert score("7H 7H 8H 9H") == 7


def test_chips_sets_have_no_size_limit() -> None:
    assert score("8H 8S 8D 8C 8H JK 2C") == 0


def test_chips_run_holds_at_most_thirteen_cards() -> None:
    with pytest.raises(IllegalPlay):
        make_run("H", [parse_card("JK")] * 14, 1)
    assert len(run("S", "AS 2C 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1).cards) == 13


def test_chips_too_many_copies_for_the_packs_is_an_error() -> None:
    with pytest.raises(CardError, match="copies of 7H"):
        score_record({"hand": ["7H", "7H", "8H"], "packs": 1})
    assert score_record({"hand": ["7H", "7H", "8H"], "packs": 2})["score"] == 22
    with pytest.raises(CardError, match="copies of JK"):
        score_record({"hand": ["JK", "JK", "JK"], "packs": 1})


def test_chips_hand_holds_at_most_ten_cards() -> None:
    with pytest.raises(RulebookError, match="at most 10"):
        score_record({"hand": ["AS", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS"]})


# -- laying off ---------------------------------------------------------------------------

def test_chips_lay_off_onto_the_callers_set() -> None:
    callers = [make_set("8", parse_cards("8H 8S JK"))]
    result = best_arrangement(parse_cards("8C KD QS"), callers)
    assert result.score == 20
    assert [str(c) for c, _, _ in result.laid_off] == ["8C"]


def test_chips_lay_off_a_wild_onto_a_set_is_never_needed() -> None:
    callers = [make_set("8", parse_cards("8H 8S 8D"))]
    result = best_arrangement(parse_cards("JK KD"), callers)
    assert result.score == 10 and result.laid_off == []


def test_chips_lay_off_at_either_end_of_a_run() -> None:
    callers = [run("H", "5H 6H 7H")]
    assert score("4H 8H KD", callers) == 10


def test_chips_lay_off_ace_high_above_king_and_low_below_two() -> None:
    assert score("AH QD", [run("H", "JH QH KH")]) == 10
    assert score("AH QD", [run("H", "2C 3H 4H", 2)]) == 10
    assert score("AH QD", [run("H", "4H 5H 6H")]) == 11


def test_chips_laid_off_wild_lets_further_cards_follow() -> None:
    callers = [run("H", "5H 6H 7H")]
    result = best_arrangement(parse_cards("JK 9H KD"), callers)
    assert result.score == 10
    assert [a for _, _, a in result.laid_off] == ["8H", "9H"]


def test_chips_wild_in_the_callers_run_stays_put() -> None:
    callers = [run("H", "6H JK 8H")]
    assert score("7H 3C", callers) == 10  # the 7 cannot take the joker's place


def test_chips_lay_off_may_not_pass_thirteen_cards() -> None:
    callers = [run("S", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 2)]
    assert score("AS 3C", callers) == 3  # one more fits: 12 + Ace = 13
    callers = [run("S", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1)]
    assert score("AS 3C", callers) == 4  # 13 already: the other Ace stays loose


def test_chips_own_run_beats_laying_off_a_card() -> None:
    callers = [make_set("8", parse_cards("8S 8D 8C"))]
    assert score("8H 9H 10H", callers) == 0


def test_chips_exact_card_goes_on_a_run_once() -> None:
    # chips-lay-off-exact-card: two packs, both players hold 8H; the first in turn lays it off.
    caller = [run("H", "5H 6H 7H")]
    res = chips.play_round(caller, [parse_cards("8H KS"), parse_cards("8H QS")], packs=2)
    assert res.scores == [10, 18]


def test_chips_lay_offs_follow_turn_order_from_the_callers_left() -> None:
    caller = [run("H", "5H 6H 7H")]
    res = chips.play_round(caller, [parse_cards("9H KS"), parse_cards("8H QS")], packs=1)
    # the first player's 9H cannot go on yet; the second player's 8H then opens the way, but
    # the first player's turn to lay off has passed.
    assert res.scores == [19, 10]


def test_chips_fewest_cards_laid_off_among_equal_scores() -> None:
    callers = [run("H", "5H 6H 7H")]
    result = best_arrangement(parse_cards("JK KD"), callers)
    assert result.score == 10 and result.laid_off == []


def test_chips_caller_hand_must_form_groups() -> None:
    with pytest.raises(IllegalPlay, match="left over"):
        chips.round_record({"caller": ["8H", "8S", "KD"], "hands": [["3C", "4C", "5D"]]})
    out = chips.round_record({"caller": ["8H", "8S", "JK"], "hands": [["8C", "4C", "5D"]]})
    assert out["scores"] == [9]


def test_chips_caller_wilds_must_be_grouped_too() -> None:
    with pytest.raises(IllegalPlay):
        chips.caller_arrangement(parse_cards("2C JK"))


def test_chips_caller_group_record_errors_name_the_field() -> None:
    with pytest.raises(RulebookError, match=r"caller_groups\[0\]"):
        score_record({"hand": ["3C"], "caller_groups": [{"kind": "run", "suit": "H", "cards": ["5H", "7H", "8H"]}]})
    with pytest.raises(RulebookError, match=r"caller_groups\[1\].kind"):
        score_record({"hand": ["3C"], "caller_groups": [
            {"kind": "set", "rank": "8", "cards": ["8H", "8S", "8D"]}, {"kind": "pair", "cards": []}]})


def test_chips_run_lo_may_be_left_out_when_a_natural_is_there() -> None:
    g = chips.parse_group({"kind": "run", "suit": "H", "cards": ["JK", "KH", "AH"]})
    assert g.lo == 12
    g = chips.parse_group({"kind": "run", "suit": "H", "cards": ["AH", "JK", "3H"]})
    assert g.lo == 1


# -- the game -----------------------------------------------------------------------------

def test_chips_packs_one_per_four_players() -> None:
    assert [chips.packs_for(n) for n in (2, 4, 5, 8, 9, 12)] == [1, 1, 2, 2, 3, 3]


def test_chips_eight_rounds_of_three_to_ten_cards() -> None:
    assert chips.HAND_SIZES == (3, 4, 5, 6, 7, 8, 9, 10)


def test_chips_deal_and_extra_card_rotate_left() -> None:
    seats = [chips.seat_for_round(3, k) for k in range(4)]
    assert seats == [(0, 1), (1, 2), (2, 0), (0, 1)]


def _rounds(table: list[dict[str, int]], called: list[str | None]) -> list[dict[str, object]]:
    return [{"scores": s, "called": c} for s, c in zip(table, called, strict=True)]


def test_chips_lowest_total_wins() -> None:
    st_ = chips.rank_game(["Ann", "Bo"], _rounds([{"Ann": 0, "Bo": 12}, {"Ann": 5, "Bo": 0}], ["Ann", "Bo"]))
    assert st_.ranking == [["Ann"], ["Bo"]] and st_.decided_by == "total"


def test_chips_tie_goes_to_most_chips_called() -> None:
    rounds = _rounds([{"Ann": 0, "Bo": 10}, {"Ann": 10, "Bo": 0}, {"Ann": 0, "Bo": 0}], ["Ann", "Bo", "Ann"])
    st_ = chips.rank_game(["Ann", "Bo"], rounds)
    assert st_.ranking == [["Ann"], ["Bo"]] and st_.decided_by == "calls"
    assert "Ann called chips twice, Bo once" in st_.explanation


def test_chips_tie_then_lower_total_after_the_nine_card_round() -> None:
    scores = [{"Ann": 0, "Bo": 0}] * 6 + [{"Ann": 4, "Bo": 5}, {"Ann": 3, "Bo": 2}]
    rounds = _rounds(scores, [None] * 8)
    st_ = chips.rank_game(["Bo", "Ann"], rounds)
    assert st_.ranking == [["Ann"], ["Bo"]] and st_.decided_by == "round-9"


def test_chips_tie_goes_back_round_by_round() -> None:
    scores = [{"Ann": 0, "Bo": 0}] * 3 + [{"Ann": 2, "Bo": 3}, {"Ann": 1, "Bo": 0}] + [{"Ann": 0, "Bo": 0}] * 3
    st_ = chips.rank_game(["Bo", "Ann"], _rounds(scores, [None] * 8))
    assert st_.ranking == [["Ann"], ["Bo"]] and st_.decided_by == "round-6"


def test_chips_level_on_everything_shares_the_win() -> None:
    st_ = chips.rank_game(["Ann", "Bo"], _rounds([{"Ann": 3, "Bo": 3}] * 8, [None] * 8))
    assert st_.ranking == [["Ann", "Bo"]] and st_.decided_by == "shared"


# -- properties ---------------------------------------------------------------------------

DECKS = {1: build_deck(1), 2: build_deck(2)}


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9) -> list:
    packs = draw(st.sampled_from([1, 2]))
    idx = draw(st.lists(st.integers(0, len(DECKS[packs]) - 1), min_size=1, max_size=max_size, unique=True))
    return [DECKS[packs][i] for i in idx]


@pytest.mark.parametrize("reading", [chips.K_A_2_NO_GROUP, chips.K_A_2_GROUP, chips.K_A_2_CORNER])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_chips_best_arrangement_equals_exhaustive_search(reading: str, hand: list) -> None:
    # chips-ruling-best-arrangement under each reading of K-A-2 (chips-ruling-k-a-2)
    result = best_arrangement(hand, house={"k-a-2": reading})
    assert result.score == brute_score(hand, reading)
    for g in result.groups:
        assert is_group(g.cards, reading)


@settings(max_examples=200, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_chips_score_ignores_card_order(hand: list, rnd: random.Random) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert best_arrangement(hand).to_record() == best_arrangement(shuffled).to_record()


@settings(max_examples=300, deadline=None)
@given(hands(max_size=10))
def test_chips_score_is_zero_exactly_when_the_whole_hand_groups(hand: list) -> None:
    result = best_arrangement(hand)
    if len(hand) >= 3:
        assert (result.score == 0) == (not result.loose)
    grouped = [c for g in result.groups for c in g.cards]
    assert sorted(map(str, grouped + result.loose)) == sorted(map(str, hand))
    for g in result.groups:
        assert is_group(g.cards)


@settings(max_examples=300, deadline=None)
@given(hands(max_size=10))
def test_chips_score_never_exceeds_the_plain_sum(hand: list) -> None:
    assert best_arrangement(hand).score <= sum(chips.card_value(c) for c in hand)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_chips_laying_off_equals_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    packs = rng.choice([1, 2])
    callers = random_caller_groups(rng, packs)
    hand = random_hand(rng, packs, rng.randint(1, 7), [c for g in callers for c in g.cards])
    # the slow scorer lays off as the k-a-2 reading "group" reads runs (any wild anywhere)
    result = best_arrangement(hand, callers, house=GROUP)
    assert result.score == brute_layoff_score(hand, callers)
    assert result.score <= best_arrangement(hand, house=GROUP).score
    for g in result.extended:
        assert is_group(g.cards, chips.K_A_2_GROUP)


# -- a round replayed move by move --------------------------------------------------------

SAMPLE = {
    "players": 3, "dealer": 2, "hand_size": 3,
    "deck": ["5H", "8D", "QD", "6H", "8C", "JD", "9S", "3S", "4C", "KC", "10C", "7H", "2S", "8H", "9D", "AD"],
    "moves": [{"discard": "KC"}, {"take": "deck", "discard": "3S"}, {"take": "pile", "depth": 2, "discard": "4C"},
              {"take": "deck", "discard": "9S", "call": True}, {"take": "deck", "discard": "10C"},
              {"take": "deck", "discard": "KC"}],
}


def _replay(**changes: object) -> dict:
    rec = dict(SAMPLE, **changes)
    return chips.replay_record(rec)


def test_chips_replay_deals_the_extra_card_left_of_the_dealer() -> None:
    first = _replay(moves=SAMPLE["moves"][:1])["steps"][0]
    assert first["player"] == 0 and first["discard"] == "KC" and first["pile"] == ["KC"]


def test_chips_replay_a_whole_round_with_a_call_and_laying_off() -> None:
    out = _replay()
    assert out["finished"] and out["caller"] == 0
    assert out["scores"] == [0, 0, 20]
    assert out["laid_down"][0]["cards"] == ["5H", "6H", "7H", "8H"]


def test_chips_replay_taking_four_deep_is_illegal() -> None:
    moves = SAMPLE["moves"][:3] + [{"take": "pile", "depth": 4, "discard": "9S"}]
    with pytest.raises(IllegalPlay, match="move 4.*three deep"):
        _replay(moves=moves)


def test_chips_replay_calling_with_a_hand_that_does_not_group_is_illegal() -> None:
    moves = SAMPLE["moves"][:1] + [{"take": "deck", "discard": "3S", "call": True}]
    with pytest.raises(IllegalPlay, match="does not form groups"):
        _replay(moves=moves)


def test_chips_replay_calling_without_taking_and_discarding_is_illegal() -> None:
    with pytest.raises(IllegalPlay, match="move 1.*only after taking and discarding"):
        _replay(moves=[{"discard": "KC", "call": True}])


def test_chips_replay_opening_player_does_not_take() -> None:
    with pytest.raises(IllegalPlay, match="opens by discarding"):
        _replay(moves=[{"take": "deck", "discard": "KC"}])


def test_chips_replay_discarding_a_card_not_in_hand_is_illegal() -> None:
    with pytest.raises(IllegalPlay, match="not in the hand"):
        _replay(moves=[{"discard": "AD"}])


def test_chips_replay_no_turns_after_everyone_has_had_a_last_turn() -> None:
    with pytest.raises(IllegalPlay, match="round is over"):
        _replay(moves=SAMPLE["moves"] + [{"take": "deck", "discard": "9D"}])


# -- bad records --------------------------------------------------------------------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["8H", "JK", "xx", "set", "run", "H", "8", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["hand", "packs", "caller_groups", "kind", "rank", "suit", "cards", "lo", "extra"]),
        inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(_json_values)
def test_chips_a_bad_record_is_a_rulebook_error_never_a_crash(rec: object) -> None:
    for fn in (chips.score_record, chips.round_record):
        try:
            fn(rec)  # type: ignore[arg-type]
        except RulebookError:
            pass


def test_chips_caller_group_kind_must_be_a_word() -> None:
    with pytest.raises(RulebookError, match=r"caller_groups\[0\].kind"):
        score_record({"hand": ["3C"], "caller_groups": [{"kind": ["set"]}]})


def test_chips_group_of_only_wilds_counts_as_a_set_of_twos() -> None:
    result = best_arrangement(parse_cards("2H 2S JK"))
    assert result.score == 0 and result.groups[0].rank is not None and result.groups[0].rank.value == "2"
    assert result.groups[0].describe() == "a group of 3 wilds"
    callers = [chips.parse_group({"kind": "set", "rank": "2", "cards": ["2C", "2D", "JK"]})]
    laid = best_arrangement(parse_cards("KS 3H"), callers)
    assert laid.score == 13 and laid.laid_off == []  # only wilds go on a set of 2s
    with pytest.raises(RulebookError, match="cannot be in a set of twos"):
        chips.parse_group({"kind": "set", "rank": "2", "cards": ["2C", "2D", "3H"]})


def test_chips_ruling_wild_set_rank_a_run_of_wilds_announced_as_10_j_q_takes_the_9_and_the_king() -> None:
    # chips-ruling-wild-set-rank: the caller announced JK JK 2C as the 10, Jack and Queen of
    # diamonds (chips-fixed-groups), so the 9 and the King of diamonds lay off at its ends.
    caller = [{"kind": "run", "suit": "D", "cards": ["JK", "JK", "2C"], "lo": 10}]
    out = score_record({"hand": ["9D", "KD", "5C"], "caller_groups": caller})
    assert out["score"] == 5 and out["loose"] == ["5C"]
    assert out["lay_offs"] == [{"card": "9D", "group": 0, "as": "9D"}, {"card": "KD", "group": 0, "as": "KD"}]
    group = chips.parse_group(caller[0])
    assert group.stands_for() == ["10D", "JD", "QD"]
    assert group.describe() == "a run of diamonds 10-J-Q with the joker as the 10 and the joker as the J and the 2 of clubs as the Q"
    # Not of another suit, and nothing in between: the 9 of hearts and the 8 of diamonds stay.
    assert score_record({"hand": ["9H", "8D"], "caller_groups": caller})["score"] == 17


def test_chips_ruling_wild_set_rank_a_set_of_wilds_announced_as_queens_takes_queens() -> None:
    caller = [{"kind": "set", "rank": "Q", "cards": ["2S", "2H", "JK"]}]
    out = score_record({"hand": ["QC", "8H", "QS"], "caller_groups": caller})
    assert out["score"] == 8 and sorted(out["laid_off"]) == ["QC", "QS"]
    assert chips.parse_group(caller[0]).describe() == (
        "a set of queens with the 2 of spades as a Q and the 2 of hearts as a Q and the joker as a Q")


def test_chips_ruling_wild_set_rank_a_group_of_wilds_announced_as_2s_takes_only_wilds() -> None:
    out = score_record({"hand": ["KC", "8H", "QC"],
                        "caller_groups": [{"kind": "set", "rank": "2", "cards": ["2S", "2H", "JK"]}]})
    assert out["score"] == 28 and out["laid_off"] == []


def test_chips_ruling_wild_set_rank_a_run_of_wilds_must_say_where_it_stands() -> None:
    # A run made only of wilds has no natural card to place it: the caller's announcement (lo) does.
    with pytest.raises(IllegalPlay, match="must say where it starts"):
        chips.parse_group({"kind": "run", "suit": "D", "cards": ["JK", "JK", "2C"]})
    with pytest.raises(IllegalPlay, match="must start between position 1"):
        chips.parse_group({"kind": "run", "suit": "D", "cards": ["JK", "JK", "2C"], "lo": 13})
    # A set still needs its rank, and never of jokers.
    with pytest.raises(RulebookError, match="rank: missing"):
        chips.parse_group({"kind": "set", "cards": ["JK", "2S", "2H"]})
    with pytest.raises(RulebookError, match="unknown rank 'JK'"):
        chips.parse_group({"kind": "set", "rank": "JK", "cards": ["JK", "2S", "2H"]})


def test_chips_ruling_wild_set_rank_unannounced_the_callers_own_wilds_are_a_set_of_2s() -> None:
    # With no announcement (the engine arranging the caller's own hand, as the round record and
    # the practice game do), a group of wilds alone is a set of 2s, which takes only wilds.
    groups = chips.caller_arrangement(parse_cards("2S 2H JK"))
    assert [(g.kind, g.rank) for g in groups] == [("set", Rank.TWO)]
    out = chips.round_record({"caller": ["2S", "2H", "JK"], "hands": [["QC", "8H"]]})
    assert out["scores"] == [18] and out["results"][0]["laid_off"] == []


def test_chips_ruling_layoff_order_a_callers_run_extended_to_12_cards_takes_the_next_players_lay_off() -> None:
    # The caller laid down 3-9 of hearts and three 7s (ten cards); the first player lays off
    # the Ace and a wild 2 below the run, the second the 10 and Jack, the third the Queen: the
    # run is A-Q, 12 cards, and the caller's groups hold 15 between them. The fourth player's
    # King of hearts still goes on, in the round and scored alone against the groups as they stand.
    callers = [{"kind": "run", "suit": "H", "cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]},
               {"kind": "set", "rank": "7", "cards": ["7S", "7D", "7C"]}]
    hands = [["AH", "2C", "5D"], ["10H", "JH", "4C"], ["QH", "5C"]]
    rnd = chips.round_record({"caller_groups": callers, "hands": hands})
    seen = rnd["caller_groups"]
    assert rnd["scores"] == [5, 4, 5] and len(seen[0]["cards"]) == 12 and seen[0]["lo"] == 1
    assert chips.round_record({"caller_groups": callers, "hands": [*hands, ["KH", "6C"]]})["scores"][-1] == 6
    out = score_record({"hand": ["KH", "6C"], "caller_groups": seen})
    assert out["score"] == 6 and out["lay_offs"] == [{"card": "KH", "group": 0, "as": "KH"}]


def test_chips_no_wrap_a_callers_run_of_14_cards_is_refused() -> None:
    fourteen = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "JK"]
    with pytest.raises(IllegalPlay, match=r"caller_groups\[0\]: a run holds at most 13 cards .* not 14"):
        score_record({"hand": ["KD"], "packs": 2, "caller_groups": [{"kind": "run", "suit": "H", "cards": fourteen}]})
    assert score_record({"hand": ["KD"], "packs": 2,
                         "caller_groups": [{"kind": "run", "suit": "H", "cards": fourteen[1:]}]})["score"] == 10


def test_chips_call_a_fourth_caller_group_is_refused() -> None:
    # A caller's hand of at most ten cards makes at most three groups; laying off adds none.
    runs = [{"kind": "run", "suit": s, "cards": [f"5{s}", f"6{s}", f"7{s}"]} for s in "SHDC"]
    with pytest.raises(RulebookError, match="caller_groups: 4 groups, .* at most 3 groups"):
        score_record({"hand": ["KD"], "caller_groups": runs})
    assert score_record({"hand": ["8D", "KD"], "caller_groups": runs[1:]})["laid_off"] == ["8D"]


def test_chips_sets_a_callers_set_bigger_than_the_packs_hold_is_refused() -> None:
    # One pack holds four 8s and six wilds (four 2s, two jokers): a set of 8s of ten at most.
    ten = ["8S", "8H", "8D", "8C", "2S", "2H", "2D", "2C", "JK", "JK"]
    assert score_record({"hand": ["KD"], "caller_groups": [{"kind": "set", "rank": "8", "cards": ten}]})["score"] == 10
    with pytest.raises(RulebookError, match=r"caller_groups\[0\]: 11 cards in a set of eights, but one pack holds "
                                            "only 10"):
        score_record({"hand": ["KD"], "caller_groups": [{"kind": "set", "rank": "8", "cards": [*ten, "JK"]}]})
    with pytest.raises(RulebookError, match=r"caller_groups\[0\]: 7 wilds in a group, but one pack holds only 6"):
        score_record({"hand": ["KD"], "caller_groups": [{"kind": "set", "rank": "2", "cards": ten[4:] + ["2S"]}]})
    # Two packs: twenty. No exact card more often than the packs hold, hand and groups together.
    assert score_record({"hand": ["8S"], "packs": 2,
                         "caller_groups": [{"kind": "set", "rank": "8", "cards": ten + ten[1:]}]})["score"] == 0
    with pytest.raises(CardError, match="3 copies of 8S"):
        score_record({"hand": ["8S"], "packs": 2, "caller_groups": [{"kind": "set", "rank": "8", "cards": ten * 2}]})


def test_chips_replay_turns_the_discard_pile_over_when_the_deck_runs_out() -> None:
    # chips-ruling-deck-runs-out: 2 players, 3 cards each + the extra card = 7; a 9-card deck
    # leaves 2 cards to draw, then the pile (but its top card) turns over without shuffling.
    rec = {"players": 2, "dealer": 1, "hand_size": 3,
           "deck": ["3C", "4D", "5C", "6D", "7C", "8D", "KS", "QH", "JH"],
           "moves": [{"discard": "KS"}, {"take": "deck", "discard": "4D"}, {"take": "deck", "discard": "JH"},
                     {"take": "deck", "discard": "8D"}]}
    out = chips.replay_record(rec)
    last = out["steps"][-1]
    assert last["taken"] == "KS"  # the bottom of the old pile is the top of the new deck
    assert last["pile"] == ["JH", "8D"] and last["deck_left"] == 1


def test_chips_runs_without_wilds_are_the_consecutive_stretches_the_general_search_finds() -> None:
    # The shortcut for a suit with no wild and one card a position (chips.py _consecutive_runs)
    # must list exactly the runs, in the same order, that the general search (_grow_run) lists.
    from generator.engine.games.chips import ACE_HIGH, ACE_LOW, _consecutive_runs, _grow_run

    rng = random.Random("consecutive-runs")
    for _ in range(3000):
        numbers = sorted(rng.sample(range(1, 14), rng.randint(2, 13)))
        entries = [(p, i) for i, p in enumerate(numbers)]
        entries += [(ACE_HIGH, i) for p, i in entries if p == ACE_LOW]
        entries.sort()
        general: list[object] = []
        for j0, (p0, i0) in enumerate(entries):
            _grow_run(entries, j0 + 1, p0, p0, 1, 1 << i0, [(i0, p0)], 0, len(numbers), general)  # type: ignore[arg-type]
        shortcut: list[object] = []
        held = sum({1 << p for p, _ in entries})
        _consecutive_runs(entries, held, shortcut)  # type: ignore[arg-type]
        assert shortcut == general, entries
