"""3 Chip Stack (seed 002): card order, showdown, split, the chips of a hand, elimination."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.engine.cards import RANKS, SUITS, Card, parse_card, parse_cards
from generator.engine.errors import CardError, IllegalPlay, RulebookError
from generator.engine.games import RecordError
from generator.engine.games import three_chip_stack as tcs
from generator.engine.games.three_chip_stack import Phase

showdown = tcs.RECORDS["showdown"]
hand = tcs.RECORDS["hand"]

CARDS = [Card(r, s) for s in SUITS for r in RANKS]


def H(text: str) -> list[Card]:
    return parse_cards(text)


# --- three-chip-stack-ranking ----------------------------------------------------------------


def test_three_chip_stack_ranking_order() -> None:
    order = ["3", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2"]
    strengths = [tcs.strength(parse_card(r + "S")) for r in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 13


def test_three_chip_stack_three_beats_three_aces() -> None:
    # The source's own example: a single 3 beats three aces; pairs and triples count for nothing.
    assert showdown({"hands": [["AS", "AH", "AD"], ["3C", "2D", "2H"]]})["winners"] == [1]


def test_three_chip_stack_two_is_worthless() -> None:
    assert showdown({"hands": [["AS", "KH", "2D"], ["AH", "KS", "4C"]]}) == {
        "winners": [1], "decided_by": 3, "shares": [0, 0]}


def test_three_chip_stack_suits_do_not_matter() -> None:
    assert showdown({"hands": [["AS", "KH", "4D"], ["AH", "KS", "4C"]]})["decided_by"] is None


def test_three_chip_stack_no_jokers() -> None:
    with pytest.raises(CardError, match="without jokers"):
        showdown({"hands": [["AS", "KH", "JK"], ["AH", "KS", "4C"]]})


# --- three-chip-stack-showdown ---------------------------------------------------------------


def test_three_chip_stack_showdown_example() -> None:
    assert showdown({"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]], "pot": 12}) == {
        "winners": [1], "decided_by": 1, "shares": [0, 12]}


def test_three_chip_stack_showdown_decided_on_second_card() -> None:
    r = showdown({"hands": [["AS", "QD", "9C"], ["AH", "KD", "4C"], ["JS", "10H", "9D"]], "pot": 9})
    assert r == {"winners": [1], "decided_by": 2, "shares": [0, 9, 0]}


def test_three_chip_stack_showdown_decided_on_third_card() -> None:
    r = showdown({"hands": [["3S", "KD", "5C"], ["KH", "3D", "6C"]], "pot": 4})
    assert r == {"winners": [1], "decided_by": 3, "shares": [0, 4]}


def test_three_chip_stack_decided_by_counts_only_the_best_of_the_rest() -> None:
    # Hand 2 is level with the winners for two cards; hand 3 falls back at card 1. The winners
    # beat the best of the rest (hand 2) on card 3.
    r = showdown({"hands": [["3S", "AD", "9C"], ["3H", "AH", "8C"], ["KS", "QS", "JS"],
                            ["3D", "AS", "9D"]], "pot": 10})
    assert r == {"winners": [0, 3], "decided_by": 3, "shares": [5, 0, 0, 5]}


# --- three-chip-stack-split, three-chip-stack-ruling-odd-chip ---------------------------------


def test_three_chip_stack_full_tie_splits_the_pot() -> None:
    assert showdown({"hands": [["AS", "KD", "4C"], ["AH", "KS", "4D"]], "pot": 12}) == {
        "winners": [0, 1], "decided_by": None, "shares": [6, 6]}


def test_three_chip_stack_ruling_odd_chip_goes_to_earliest_winners() -> None:
    r = showdown({"hands": [["QS", "5D", "4C"], ["AS", "KD", "4H"], ["AH", "KS", "4D"],
                            ["AC", "KC", "4S"]], "pot": 11})
    assert r == {"winners": [1, 2, 3], "decided_by": 1, "shares": [0, 4, 4, 3]}


def test_three_chip_stack_pot_defaults_to_zero_and_is_checked() -> None:
    assert showdown({"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]]})["shares"] == [0, 0]
    for bad in (-1, 1.5, "12", True):
        with pytest.raises(RecordError, match="pot"):
            showdown({"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]], "pot": bad})


def test_three_chip_stack_showdown_card_checks() -> None:
    with pytest.raises(CardError, match="2 copies of AS"):
        showdown({"hands": [["AS", "KD", "4C"], ["AS", "5D", "6C"]]})
    with pytest.raises(IllegalPlay, match="3 cards, not 2"):
        showdown({"hands": [["AS", "KD"], ["3H", "5D", "6C"]]})
    with pytest.raises(IllegalPlay, match="not 7"):
        showdown({"hands": [[f"{r}S", f"{r}H", f"{r}D"] for r in ["4", "5", "6", "7", "8", "9", "10"]]})
    with pytest.raises(RecordError, match="unknown field 'pots'"):
        showdown({"hands": [["AS", "KD", "4C"]], "pots": 3})


_hands = st.integers(1, 6).flatmap(
    lambda n: st.permutations(CARDS).map(lambda deck: [deck[3 * i:3 * i + 3] for i in range(n)]))


@given(_hands, st.integers(0, 200), st.randoms())
def test_three_chip_stack_showdown_ignores_card_order_within_a_hand(
        hands: list[list[Card]], pot: int, rnd: random.Random) -> None:
    shuffled = [rnd.sample(h, 3) for h in hands]
    assert tcs.showdown(hands, pot) == tcs.showdown(shuffled, pot)


@given(_hands, st.integers(0, 200))
def test_three_chip_stack_shares_sum_to_the_pot(hands: list[list[Card]], pot: int) -> None:
    r = tcs.showdown(hands, pot)
    assert sum(r.shares) == pot
    assert all(r.shares[i] == 0 for i in range(len(hands)) if i not in r.winners)
    assert max(r.shares) - min(r.shares[w] for w in r.winners) <= 1
    keys = [tcs.hand_key(h) for h in hands]
    assert all(keys[w] == max(keys) for w in r.winners)
    if r.decided_by is not None:
        p = r.decided_by
        best = keys[r.winners[0]]
        rest = [k for i, k in enumerate(keys) if i not in r.winners]
        assert best[:p] > max(k[:p] for k in rest) and best[:p - 1] == max(k[:p - 1] for k in rest)
    else:
        assert len(set(keys)) == 1


# --- The chips of one hand ---------------------------------------------------------------------


def test_three_chip_stack_ante_dealer_stacks_three() -> None:
    s = tcs.start_hand([15, 15, 15], 1)
    assert s.chips == (15, 12, 15) and s.pot == 3 and s.player == 2 and s.bet == 3


def test_three_chip_stack_fold_first_passes_dealer_a_chip_and_fold_second_costs_nothing() -> None:
    out = hand({
        "chips": [15, 15, 15], "dealer": 0,
        "hands": [["AS", "KD", "4C"], ["AH", "KS", "5D"], ["2C", "4D", "6C"]],
        "first_round": ["see", "fold", "raise 2", "see"],  # seat 2 folds having bet nothing
        "exchange": [["4C", "3S"], None, None],
        "second_round": ["bet 2", "fold"],  # the dealer folds: no chip to pass
    })
    assert out["passed_to_dealer"] == 1
    assert out["pot"] == 12 and out["pot_to"] == [0, 12, 0]
    assert out["chips"] == [15 - 5 + 1, 15 - 5 - 2 + 12, 14]
    assert out["folded"] == [0, 2] and out["showdown"] is False and out["next_dealer"] == 1


def test_three_chip_stack_showdown_after_exchange() -> None:
    out = hand({
        "chips": [15, 15, 15], "dealer": 0,
        "hands": [["AS", "KD", "4C"], ["AH", "KS", "5D"], ["2C", "4D", "6C"]],
        "first_round": ["see", "fold", "check"],
        "exchange": [["4C", "3S"], None, None],  # the dealer draws a 3
        "second_round": ["check", "bet 4", "see"],
    })
    assert out["winners"] == [0] and out["decided_by"] == 1 and out["showdown"] is True
    assert out["chips"] == [15 - 3 + 1 - 4 + 14, 15 - 3 - 4, 14]


def test_three_chip_stack_fold_first_after_seeing_passes_no_chip() -> None:
    out = hand({"chips": [15, 15, 15], "dealer": 0,
                "first_round": ["see", "see", "raise 3", "fold", "fold"]})
    assert out["passed_to_dealer"] == 0 and out["chips"] == [15 - 6 + 12, 12, 12]


def test_three_chip_stack_everyone_folds_dealer_takes_the_pot() -> None:
    out = hand({"chips": [15, 15, 15, 15], "dealer": 2, "first_round": ["fold", "fold", "fold"]})
    assert out["chips"] == [14, 14, 15 + 3, 14] and out["winners"] == [2] and out["showdown"] is False


def test_three_chip_stack_first_round_raise_reopens_the_betting() -> None:
    s = tcs.start_hand([15, 15, 15], 0)
    for a in ("see", "raise 2"):
        s = tcs.apply_action(s, a)
    assert s.player == 0 and s.to_act == (0, 1)
    s = tcs.apply_action(s, "see")
    s = tcs.apply_action(s, "raise 1")
    assert s.to_act == (2, 0) and s.phase is Phase.FIRST_ROUND


def test_three_chip_stack_first_round_minimum_is_three() -> None:
    s = tcs.start_hand([15, 15], 0)
    with pytest.raises(IllegalPlay, match="bet of 3 to see"):
        tcs.apply_action(s, "check")
    with pytest.raises(IllegalPlay, match="already a bet"):
        tcs.apply_action(s, "bet 2")


def test_three_chip_stack_second_round_check_or_bet_any_amount() -> None:
    s = tcs.start_hand([15, 15], 0)
    s = tcs.end_exchange(tcs.apply_action(tcs.apply_action(s, "see"), "check"))
    assert s.phase is Phase.SECOND_ROUND and s.bet == 0 and s.player == 1
    s = tcs.apply_action(s, "bet 12")
    with pytest.raises(IllegalPlay, match="costs 13"):
        tcs.apply_action(s, "raise 1")
    assert tcs.apply_action(s, "see").phase is Phase.SHOWDOWN


def test_three_chip_stack_ruling_a_player_who_cannot_see_must_fold() -> None:
    s = tcs.start_hand([15, 2, 15], 0)
    with pytest.raises(IllegalPlay, match="must fold"):
        tcs.apply_action(s, "see")
    s = tcs.apply_action(s, "fold")
    assert s.chips == (13, 1, 15)


def test_three_chip_stack_ruling_short_dealer_stacks_all_he_has() -> None:
    s = tcs.start_hand([2, 15], 0)
    assert s.chips == (0, 15) and s.pot == 2 and s.bet == 3
    s = tcs.apply_action(s, "see")
    with pytest.raises(IllegalPlay, match="must fold"):
        tcs.apply_action(s, "see")
    out = hand({"chips": [2, 15], "dealer": 0, "first_round": ["fold"]})
    assert out["chips"] == [3, 14]


def test_three_chip_stack_hand_record_round_must_be_complete() -> None:
    with pytest.raises(IllegalPlay, match="seat 2 still has to act"):
        hand({"chips": [15, 15, 15], "dealer": 0, "first_round": ["see"]})
    with pytest.raises(IllegalPlay, match=r"first_round\[2\].*already over"):
        hand({"chips": [15, 15, 15], "dealer": 0, "first_round": ["fold", "fold", "check", "see"]})
    with pytest.raises(IllegalPlay, match="no exchange"):
        hand({"chips": [15, 15, 15], "dealer": 0, "first_round": ["fold", "fold"], "second_round": ["check"]})
    with pytest.raises(IllegalPlay, match="hand must be given"):
        hand({"chips": [15, 15], "dealer": 0, "first_round": ["see", "check"],
              "second_round": ["check", "check"]})
    with pytest.raises(RecordError, match="unknown action"):
        hand({"chips": [15, 15], "dealer": 0, "first_round": ["allin"]})


def test_three_chip_stack_exchange_card_checks() -> None:
    base = {"chips": [15, 15], "dealer": 0, "hands": [["AS", "KD", "4C"], ["AH", "KS", "5D"]],
            "first_round": ["see", "check"], "second_round": ["check", "check"]}
    with pytest.raises(IllegalPlay, match="holds no 9C"):
        hand({**base, "exchange": [["9C", "3S"], None]})
    with pytest.raises(CardError, match="2 copies of KS"):
        hand({**base, "exchange": [["4C", "KS"], None]})
    assert hand({**base, "exchange": [None, ["5D", "3S"]]})["winners"] == [1]


# --- three-chip-stack-elimination --------------------------------------------------------------


def test_three_chip_stack_elimination_and_game_end() -> None:
    assert tcs.players_in([0, 5, 0, 40]) == (1, 3)
    assert tcs.eliminated([0, 5, 0, 40]) == (0, 2)
    assert not tcs.game_over([0, 5, 0, 40])
    assert tcs.game_over([0, 0, 45]) and tcs.game_winner([0, 0, 45]) == 2
    assert tcs.next_dealer([10, 0, 0, 35], 0) == 3  # skips the players who are out
    assert tcs.next_dealer([10, 0, 0, 35], 3) == 0


def test_three_chip_stack_elimination_in_a_hand() -> None:
    out = hand({"chips": [1, 44], "dealer": 1, "first_round": ["fold"]})
    assert out["chips"] == [0, 45] and out["eliminated"] == [0]
    assert out["game_over"] is True and out["next_dealer"] is None
    with pytest.raises(IllegalPlay, match="game is over"):
        tcs.start_hand([0, 45], 1)
    with pytest.raises(IllegalPlay, match="out of the game"):
        tcs.start_hand([0, 20, 25], 0)


def test_three_chip_stack_players_out_are_skipped() -> None:
    s = tcs.start_hand([15, 0, 15, 15], 0)
    assert s.to_act == (2, 3, 0)


@st.composite
def _played_hand(draw: st.DrawFn) -> tuple[tcs.HandState, tcs.HandResult]:
    n = draw(st.integers(2, 6))
    chips = draw(st.lists(st.integers(0, 30), min_size=n, max_size=n))
    if len(tcs.players_in(chips)) < 2:
        chips[0], chips[1] = chips[0] or 1, chips[1] or 2
    dealer = draw(st.sampled_from(tcs.players_in(chips)))
    start = tcs.start_hand(chips, dealer)
    s = start
    while s.phase not in (Phase.OVER, Phase.SHOWDOWN):
        if s.phase is Phase.EXCHANGE:
            s = tcs.end_exchange(s)
            continue
        o = tcs.options(s)
        moves = ["fold"]
        if o.can_check:
            moves.append("check")
        if o.can_see:
            moves.append("see")
        if o.max_raise > 0:
            moves.append(("bet " if o.can_bet else "raise ") + str(draw(st.integers(1, o.max_raise))))
        s = tcs.apply_action(s, draw(st.sampled_from(moves)))
        s.check_chips()
    deck = draw(st.permutations(CARDS))
    hands = [deck[3 * i:3 * i + 3] for i in range(n)]
    return start, tcs.settle(s, hands)


@given(_played_hand())
def test_three_chip_stack_chips_are_conserved(played: tuple[tcs.HandState, tcs.HandResult]) -> None:
    start, result = played
    assert sum(result.chips) == start.total
    assert min(result.chips) >= 0
    assert sum(result.pot_to) == result.pot
    assert all(c == 0 for i, c in enumerate(result.chips) if not start.dealt_in[i])


_junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["AS", "3H", "JK", "see", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["chips", "dealer", "hands", "first_round", "pot", "exchange", "zz"]), inner, max_size=4),
    max_leaves=12,
)


@given(_junk)
def test_three_chip_stack_bad_records_raise_rulebook_errors(rec: object) -> None:
    for fn in (showdown, hand):
        try:
            fn(rec)  # type: ignore[arg-type]
        except RulebookError:
            pass


def test_three_chip_stack_next_dealer_vectors_shared_with_the_score_keeper() -> None:
    # The same vectors as tests/js/rank.test.mjs (the score keeper's nextDealer).
    assert tcs.next_dealer([15, 15, 15], 0) == 1
    assert tcs.next_dealer([15, 0, 15], 0) == 2
    assert tcs.next_dealer([15, 0, 0], 0) == 0
    assert tcs.next_dealer([0, 0, 45], 2) == 2
    with pytest.raises(IllegalPlay):
        tcs.next_dealer([0, 0, 0], 1)


# --- House options: three-chip-stack-ruling-odd-chip, three-chip-stack-ruling-passed-chip --------

TIED = [["AS", "KD", "4C"], ["AH", "KS", "4D"]]
# Dealer 2; seats 0 and 1 see the 3, the dealer checks (9); seat 0 bets 2, seat 1 sees, the dealer
# folds: a pot of 13, and seats 0 and 1 tie.
THIRTEEN = {"chips": [15, 15, 15], "dealer": 2, "hands": [*TIED, ["2C", "5H", "6S"]],
            "first_round": ["see", "see", "check"], "second_round": ["bet 2", "see", "fold"]}


def test_three_chip_stack_ruling_odd_chip_winners_is_the_default() -> None:
    # 13 split two ways: 7 to the first winner from the dealer's left, 6 to the other.
    for house in (None, {}, {"odd-chip": "winners"}):
        rec = {"hands": TIED, "pot": 13} | ({} if house is None else {"house": house})
        assert showdown(rec) == {"winners": [0, 1], "decided_by": None, "shares": [7, 6]}
    out = hand(THIRTEEN)
    assert out["pot"] == 13 and out["pot_to"] == [7, 6, 0] and out["chips"] == [17, 16, 12]
    assert "odd" not in out and "odd_to" not in out


def test_three_chip_stack_ruling_odd_chip_dealer_gets_the_odd_chip() -> None:
    assert showdown({"hands": TIED, "pot": 13, "house": {"odd-chip": "dealer"}}) == {
        "winners": [0, 1], "decided_by": None, "shares": [6, 6], "odd": 1, "odd_to": "dealer"}
    out = hand(THIRTEEN | {"house": {"odd-chip": "dealer"}})
    # The dealer folded but still gets the odd chip: 6/6 and 1 to the dealer.
    assert out["pot_to"] == [6, 6, 1] and out["chips"] == [16, 16, 13]
    assert out["odd"] == 1 and out["odd_to"] == "dealer" and sum(out["chips"]) == 45


def test_three_chip_stack_ruling_odd_chip_next_hand_carries_it() -> None:
    assert showdown({"hands": TIED, "pot": 13, "house": {"odd-chip": "next-hand"}}) == {
        "winners": [0, 1], "decided_by": None, "shares": [6, 6], "odd": 1, "odd_to": "next-hand"}
    out = hand(THIRTEEN | {"house": {"odd-chip": "next-hand"}})
    assert out["pot_to"] == [6, 6, 0] and out["chips"] == [16, 16, 12]
    assert out["odd"] == 1 and out["odd_to"] == "next-hand" and sum(out["chips"]) + out["odd"] == 45
    # The next hand's pot starts with the chip carried over, beside the new dealer's stack of 3.
    nxt = hand({"chips": out["chips"], "dealer": out["next_dealer"], "carried": out["odd"],
                "house": {"odd-chip": "next-hand"}, "first_round": ["fold", "fold"]})
    assert nxt["pot"] == 4 and nxt["chips"] == [15 + 4, 15, 11] and sum(nxt["chips"]) == 45
    assert tcs.start_hand([16, 16, 12], 0, house={"odd-chip": "next-hand"}, carried=1).pot == 4


def test_three_chip_stack_ruling_odd_chip_carried_only_under_next_hand() -> None:
    with pytest.raises(RecordError, match="carried: .*only under the house rule odd-chip: next-hand"):
        hand({"chips": [15, 15], "dealer": 0, "carried": 1, "first_round": ["fold"]})
    with pytest.raises(IllegalPlay, match="only under the house rule"):
        tcs.start_hand([15, 15], 0, carried=1)
    with pytest.raises(RecordError, match="carried must be 0 or more"):
        hand({"chips": [15, 15], "dealer": 0, "carried": -1, "first_round": ["fold"],
              "house": {"odd-chip": "next-hand"}})


def test_three_chip_stack_ruling_odd_chip_readings_agree_when_nothing_is_odd() -> None:
    for reading in ("dealer", "next-hand"):
        r = showdown({"hands": TIED, "pot": 12, "house": {"odd-chip": reading}})
        assert r["shares"] == [6, 6] and r["odd"] == 0 and r["odd_to"] == reading


# Dealer 0 holds only 3 chips and stacks them all; seat 1 folds without betting (a chip to the
# dealer), seat 2 sees; the dealer, last, would raise 1.
PASSED = {"chips": [3, 15, 15], "dealer": 0, "first_round": ["fold", "see", "raise 1", "see"],
          "hands": [["3S", "3H", "AD"], None, ["KC", "QC", "2D"]], "second_round": ["check", "check"]}


def test_three_chip_stack_ruling_passed_chip_at_once_dealer_bets_it() -> None:
    s = tcs.start_hand([3, 15, 15], 0)
    s = tcs.apply_action(tcs.apply_action(s, "fold"), "see")
    assert s.chips == (1, 14, 12) and tcs.options(s).max_raise == 1
    out = hand(PASSED)
    assert out["passed_to_dealer"] == 1 and out["pot"] == 8 and out["chips"] == [8, 14, 11]


def test_three_chip_stack_ruling_passed_chip_after_hand_dealer_cannot_bet_it() -> None:
    s = tcs.start_hand([3, 15, 15], 0, house={"passed-chip": "after-hand"})
    s = tcs.apply_action(tcs.apply_action(s, "fold"), "see")
    # The chip is passed (seat 1 is down to 14) but waits beside the dealer until the hand is over.
    assert s.chips == (0, 14, 12) and s.passed_to_dealer == 1 and s.waiting == 1
    assert tcs.options(s).max_raise == 0 and tcs.options(s).can_check
    with pytest.raises(IllegalPlay, match=r"raise 1\): that costs 1 chips but seat 0 has 0"):
        tcs.apply_action(s, "raise 1")
    with pytest.raises(IllegalPlay, match="seat 0 has 0"):
        hand(PASSED | {"house": {"passed-chip": "after-hand"}})
    # Checking instead, the dealer wins the pot of 6 and gets the passed chip once the hand is over.
    out = hand(PASSED | {"house": {"passed-chip": "after-hand"}, "first_round": ["fold", "see", "check"]})
    assert out["pot"] == 6 and out["pot_to"] == [6, 0, 0] and out["chips"] == [7, 14, 12]
    assert out["passed_to_dealer"] == 1 and "odd" not in out


def test_three_chip_stack_ruling_passed_chip_after_hand_keeps_a_dealer_in_the_game() -> None:
    # Everyone folds to the short dealer, who stacked their last 2 chips: either way the dealer
    # ends with the pot and the passed chip.
    for reading in ("at-once", "after-hand"):
        out = hand({"chips": [2, 15], "dealer": 0, "first_round": ["fold"], "house": {"passed-chip": reading}})
        assert out["chips"] == [3, 14] and out["eliminated"] == []


def test_three_chip_stack_house_refuses_unknown_ids_and_values() -> None:
    with pytest.raises(RecordError, match=r"^house.odd-chip: no value 'x' \(values: next-hand, dealer, winners\)$"):
        showdown({"hands": TIED, "house": {"odd-chip": "x"}})
    with pytest.raises(RecordError, match=r"^house: unknown option 'odd_chip' \(known: odd-chip, passed-chip\)$"):
        hand(THIRTEEN | {"house": {"odd_chip": "dealer"}})
    with pytest.raises(RecordError, match=r'^house must be an object of house options like \{"odd-chip": "next-hand"\}'):
        showdown({"hands": TIED, "house": ["odd-chip"]})
    with pytest.raises(RecordError, match="house.passed-chip: no value true"):
        tcs.start_hand([15, 15], 0, house={"passed-chip": True})  # type: ignore[dict-item]


def test_three_chip_stack_house_defaults_answer_as_before() -> None:
    # The default house, given or not, answers byte for byte as the engine did before houses.
    defaults = {o.id: o.default for o in tcs.HOUSE_OPTIONS}
    for rec in (THIRTEEN, PASSED | {"first_round": ["fold", "see", "check"]}):
        assert json.dumps(hand(rec)) == json.dumps(hand(rec | {"house": defaults}))
    assert json.dumps(showdown({"hands": TIED, "pot": 13, "house": defaults})) == json.dumps(
        showdown({"hands": TIED, "pot": 13}))


@st.composite
def _housed_hand(draw: st.DrawFn) -> tuple[tcs.HandState, tcs.HandResult]:
    n = draw(st.integers(2, 4))
    chips = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    if len(tcs.players_in(chips)) < 2:
        chips[0], chips[1] = chips[0] or 1, chips[1] or 2
    house = {o.id: draw(st.sampled_from(o.values)) for o in tcs.HOUSE_OPTIONS}
    carried = draw(st.integers(0, 3)) if house["odd-chip"] == "next-hand" else 0
    start = tcs.start_hand(chips, draw(st.sampled_from(tcs.players_in(chips))), house=house, carried=carried)
    s = start
    while s.phase not in (Phase.OVER, Phase.SHOWDOWN):
        if s.phase is Phase.EXCHANGE:
            s = tcs.end_exchange(s)
            continue
        o = tcs.options(s)
        moves = ["fold", *(["check"] * 3 if o.can_check else []), *(["see"] * 3 if o.can_see else [])]
        if o.max_raise > 0:
            moves.append(("bet " if o.can_bet else "raise ") + str(draw(st.integers(1, o.max_raise))))
        s = tcs.apply_action(s, draw(st.sampled_from(moves)))
        s.check_chips()
    # Few ranks, so showdowns often split and leave odd chips.
    pool = [c for c in CARDS if c.rank.value in ("A", "K", "Q", "4")]
    deck = draw(st.permutations(pool))
    return start, tcs.settle(s, [deck[3 * i:3 * i + 3] for i in range(n)])


@given(_housed_hand())
def test_three_chip_stack_chips_are_conserved_under_every_house(played: tuple[tcs.HandState, tcs.HandResult]) -> None:
    start, result = played
    carried = result.odd if result.odd_to == "next-hand" else 0
    assert sum(result.chips) + carried == start.total
    assert sum(result.pot_to) + carried == result.pot
    assert min(result.chips) >= 0
    assert (result.odd_to is None) == (start.house["odd-chip"] == "winners")


# --- The score sheet under odd-chip next-hand (issue 39): the carried chip stays in the pot ---------

rank = tcs.RECORDS["rank"]
NEXT_HAND = {"odd-chip": "next-hand"}
# Three players with 5 chips each; Ann and Bo split a pot of 7 (3 each), 1 chip waits in the
# middle; the next hand's pot holds it, and Cy wins it all back.
SPLIT = {"players": ["Ann", "Bo", "Cy"], "start": 5,
         "hands": [{"Ann": 6, "Bo": 6, "Cy": 2}, {"Ann": 4, "Bo": 4, "Cy": 7}]}


def test_three_chip_stack_ruling_odd_chip_next_hand_keeps_the_carried_chip_in_the_score_sheets_pot() -> None:
    first = {**SPLIT, "hands": SPLIT["hands"][:1], "house": NEXT_HAND}
    out = rank(first)
    assert out["middle"] == 1 and out["total"] == 15 and out["chips"] == {"Ann": 6, "Bo": 6, "Cy": 2}
    assert out["explanation"] == "Ann and Bo lead with 6 chips each. 1 chip waits in the middle for the next hand."
    # The next hand's pot takes the chip in: the counts add up to every chip again.
    out = rank({**SPLIT, "house": NEXT_HAND})
    assert out["middle"] == 0 and out["explanation"] == "Cy leads with 7 of the 15 chips."
    # By the family's rules the odd chip goes to a winner, so a chip short is still refused.
    with pytest.raises(RecordError, match=r"hands\[0\]: .*1 chip missing\. Chips are never created or lost"):
        rank(first | {"house": {}})
    assert "middle" not in rank({**SPLIT, "hands": [{"Ann": 7, "Bo": 6, "Cy": 2}]})


def test_three_chip_stack_ruling_odd_chip_next_hand_leaves_fewer_chips_than_the_split_has_winners() -> None:
    # Two players hold chips, so a split between them leaves at most 1 chip over.
    with pytest.raises(RecordError, match=r"2 chips missing\. A split leaves fewer chips in the middle for the next "
                                          r"hand than it has winners \(house rule odd-chip: next-hand; here at most 1 chip\)"):
        rank({**SPLIT, "hands": [{"Ann": 8, "Bo": 5, "Cy": 0}], "house": NEXT_HAND})
    # One player holding chips is a game won, with nothing in the middle.
    with pytest.raises(RecordError, match=r"here none, as only one player holds chips"):
        rank({**SPLIT, "hands": [{"Ann": 14, "Bo": 0, "Cy": 0}], "house": NEXT_HAND})
    with pytest.raises(RecordError, match=r"1 chip too many"):
        rank({**SPLIT, "hands": [{"Ann": 7, "Bo": 7, "Cy": 2}], "house": NEXT_HAND})
    with pytest.raises(RecordError, match=r"house.odd-chip: no value 'next'"):
        rank({**SPLIT, "house": {"odd-chip": "next"}})


def test_three_chip_stack_rank_takes_the_command_lines_odd_chip_next_hand(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    from generator.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)  # --house reads rules-data/
    code = main(["rank", "3-chip-stack", json.dumps({**SPLIT, "hands": SPLIT["hands"][:1]}), "--house", "odd-chip=next-hand"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "") and json.loads(out)["middle"] == 1
