"""Chains (seed 001): points, legal plays, the Ace ruling, the variations, a hand and a game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.engine.cards import RANKS, SUITS, Card, build_deck, parse_card, parse_cards
from generator.engine.errors import CardError, IllegalPlay, RulebookError
from generator.engine.games import RecordError
from generator.engine.games import chains as ch
from generator.engine.games.chains import PlayKind, Variant, judge_play

play = ch.RECORDS["play"]
score = ch.RECORDS["score"]

CARDS = [Card(r, s) for s in SUITS for r in RANKS]


def P(top: str, card: str, decks: int = 1, variant: object = None) -> dict[str, object]:
    return play({"top": top, "card": card, "decks": decks, "variant": variant})


# --- chains-scoring --------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "points"), [
    ("2S", 10), ("5H", 10), ("9D", 10), ("10C", 15), ("JH", 15), ("QS", 15), ("KD", 20), ("AC", 25),
])
def test_chains_scoring_card_points(card: str, points: int) -> None:
    assert score({"hand": [card]}) == {"score": points}


def test_chains_scoring_example_hand() -> None:
    assert score({"hand": ["7H", "KD"]}) == {"score": 30}


def test_chains_scoring_empty_hand_scores_zero() -> None:
    assert score({"hand": []}) == {"score": 0}


def test_chains_scoring_whole_deck() -> None:
    assert ch.hand_points(build_deck(1, jokers=False)) == 4 * (8 * 10 + 3 * 15 + 20 + 25)


def test_chains_has_no_jokers() -> None:
    with pytest.raises(CardError, match="without jokers"):
        score({"hand": ["7H", "JK"]})


def test_chains_scoring_copies_checked_against_decks() -> None:
    with pytest.raises(CardError, match="2 copies of 7H"):
        score({"hand": ["7H", "7H"]})
    assert score({"hand": ["7H", "7H"], "decks": 2}) == {"score": 20}


# --- chains-run, chains-flush, chains-royal, chains-same-rank ----------------------------------


def test_chains_run_one_rank_up_or_down_other_suit() -> None:
    assert P("7H", "8S") == {"legal": True, "kind": "run", "again": False}
    assert P("7H", "6C") == {"legal": True, "kind": "run", "again": False}


def test_chains_flush_same_suit_not_adjacent() -> None:
    assert P("7H", "2H") == {"legal": True, "kind": "flush", "again": False}
    assert P("7H", "KH") == {"legal": True, "kind": "flush", "again": False}


def test_chains_royal_lets_player_play_again() -> None:
    assert P("7H", "8H") == {"legal": True, "kind": "royal", "again": True}
    assert P("7H", "6H") == {"legal": True, "kind": "royal", "again": True}


def test_chains_other_card_illegal() -> None:
    assert P("7H", "9S") == {"legal": False, "kind": None, "again": False}


def test_chains_same_rank_is_illegal() -> None:
    assert P("7H", "7S") == {"legal": False, "kind": None, "again": False}
    assert P("2H", "2C", decks=2) == {"legal": False, "kind": None, "again": False}


def test_chains_multiple_decks_exact_same_card_is_legal() -> None:
    assert P("2H", "2H", decks=2) == {"legal": True, "kind": "same", "again": False}


def test_chains_exact_same_card_with_one_deck_is_an_error() -> None:
    with pytest.raises(CardError, match="one deck holds only one 7H"):
        P("7H", "7H")


# --- chains-ruling-ace -----------------------------------------------------------------------


@pytest.mark.parametrize(("top", "card"), [("KS", "AH"), ("AH", "KS"), ("AS", "2D"), ("2D", "AS")])
def test_chains_ruling_ace_is_next_to_king_and_two(top: str, card: str) -> None:
    assert P(top, card) == {"legal": True, "kind": "run", "again": False}


def test_chains_ruling_ace_royal_both_ways() -> None:
    assert P("KH", "AH")["kind"] == "royal"
    assert P("AH", "2H")["kind"] == "royal"


def test_chains_ruling_ace_queen_and_three_are_not_next_to_ace() -> None:
    assert P("AS", "QD")["legal"] is False
    assert P("AS", "3D")["legal"] is False


# --- chains-variations -----------------------------------------------------------------------


def test_chains_variant_no_extra_play() -> None:
    assert P("7H", "8H", variant="no-extra-play") == {"legal": True, "kind": "royal", "again": False}
    assert P("7H", "8S", variant=["no-extra-play"]) == {"legal": True, "kind": "run", "again": False}


def test_chains_variant_draw_after_royal_keeps_legality() -> None:
    for top, card in [("7H", "8H"), ("7H", "8S"), ("7H", "2H"), ("7H", "7S"), ("7H", "9S")]:
        assert P(top, card, variant="draw-after-royal") == P(top, card)


def test_chains_variant_same_rank() -> None:
    assert P("KH", "KD", variant="same-rank") == {"legal": True, "kind": "same", "again": False}
    assert P("KH", "AH", variant="same-rank")["kind"] == "royal"


def test_chains_variants_combine() -> None:
    r = P("KH", "QH", variant=["same-rank", "no-extra-play"])
    assert r == {"legal": True, "kind": "royal", "again": False}


def test_chains_unknown_variant_lists_known_ones() -> None:
    with pytest.raises(RecordError, match="no-extra-play, draw-after-royal, same-rank"):
        P("7H", "8H", variant="wild-kings")


@pytest.mark.parametrize("rec", [
    {"card": "8H"}, {"top": "7H"}, {"top": "7H", "card": "8H", "deck": 2},
    {"top": "7H", "card": 8}, {"top": "7H", "card": "8H", "decks": 0},
    {"top": "7H", "card": "8H", "decks": True}, {"top": "7H", "card": "8H", "variant": 3},
])
def test_chains_bad_play_record_names_the_field(rec: dict[str, object]) -> None:
    with pytest.raises(RulebookError):
        play(rec)


@given(st.sampled_from(CARDS), st.sampled_from(CARDS))
def test_chains_play_is_symmetric_and_consistent(top: Card, card: Card) -> None:
    if top == card:
        return
    a = judge_play(top, card)
    assert a == judge_play(card, top)  # every kind of play works both ways
    assert a.again == (a.kind is PlayKind.ROYAL)
    assert a.legal == (a.kind is not None)


@given(st.lists(st.sampled_from(CARDS), unique=True, max_size=20))
def test_chains_scoring_ignores_order(cards: list[Card]) -> None:
    assert ch.hand_points(cards) == ch.hand_points(list(reversed(cards)))


# --- A hand: chains-deal, chains-first-turn, chains-draw ---------------------------------------

# Three players, player 0 deals: cards go to 1, 2, 0, 1, 2, 0, ...
DECK_TEXT = (
    "2C 9S 4D  3C 10S 5D  4C JS 6D  5C QS 7D  6C KS 8D"  # the deal
    " 9H"  # the upcard
    " AD KC QH JD"  # the stock, top first
)


def _deal(dealer: int = 0) -> ch.Deal:
    return ch.deal(parse_cards(DECK_TEXT), players=3, dealer=dealer)


def test_chains_deal_one_card_at_a_time_from_dealers_left() -> None:
    d = _deal()
    assert [str(c) for c in d.hands[1]] == ["2C", "3C", "4C", "5C", "6C"]
    assert [str(c) for c in d.hands[2]] == ["9S", "10S", "JS", "QS", "KS"]
    assert [str(c) for c in d.hands[0]] == ["4D", "5D", "6D", "7D", "8D"]
    assert str(d.upcard) == "9H"
    assert [str(c) for c in d.stock] == ["AD", "KC", "QH", "JD"]


def test_chains_first_turn_player_left_of_dealer_passes_without_drawing() -> None:
    # Player 1 holds only clubs 2-6: nothing goes on the 9H; first turn, so a pass.
    r = ch.replay_hand(_deal(), ["pass"])
    assert r.state.turn == 2 and len(r.state.stock) == 4
    with pytest.raises(IllegalPlay, match="move 1 .*first turn"):
        ch.replay_hand(_deal(), ["draw"])


def test_chains_draw_after_first_turn_and_turn_ends() -> None:
    # 1 passes, 2 plays 10S (a run), 0 passes (first turn), 1 cannot play on 10S: draws.
    moves = ["pass", "10S", "pass", "draw"]
    r = ch.replay_hand(_deal(), moves)
    assert r.steps[3].drew == parse_card("AD")
    assert r.state.turn == 2  # drawing ends the turn, even if the drawn card could be played
    assert len(r.state.hands[1]) == 6


def test_chains_must_play_when_able() -> None:
    with pytest.raises(IllegalPlay, match="move 2 .*must play"):
        ch.replay_hand(_deal(), ["pass", "pass"])


def test_chains_illegal_move_names_move_number_and_reason() -> None:
    with pytest.raises(IllegalPlay, match=r"move 2 \(player 2, 9S\).*holds no 9S|move 2 .*may not go"):
        ch.replay_hand(_deal(), ["pass", "9S"])
    with pytest.raises(IllegalPlay, match="move 2 .*holds no 2C"):
        ch.replay_hand(_deal(), ["pass", "2C"])


def test_chains_royal_extra_play_then_stop_without_drawing() -> None:
    r = ch.replay_hand(_deal(), ["pass", "10S", "pass", "draw", "JS", "QS", "pass"])
    assert r.steps[4].kind is PlayKind.ROYAL and r.steps[5].kind is PlayKind.ROYAL
    assert r.steps[4].again and r.steps[5].again  # JS on 10S and QS on JS are royals
    assert r.state.turn == 0 and len(r.state.stock) == 3  # stopping costs no card


def test_chains_variant_no_extra_play_in_a_hand() -> None:
    with pytest.raises(IllegalPlay, match="move 6"):
        ch.replay_hand(_deal(), ["pass", "10S", "pass", "draw", "JS", "QS"],
                       variants=[Variant.NO_EXTRA_PLAY])


def test_chains_variant_draw_after_royal_in_a_hand() -> None:
    r = ch.replay_hand(_deal(), ["pass", "10S", "pass", "draw", "JS", "draw"],
                       variants=[Variant.DRAW_AFTER_ROYAL])
    assert r.steps[5].drew == parse_card("KC") and r.state.turn == 0
    with pytest.raises(IllegalPlay, match="move 6 .*draw-after-royal"):
        ch.replay_hand(_deal(), ["pass", "10S", "pass", "draw", "JS", "pass"],
                       variants=[Variant.DRAW_AFTER_ROYAL])
    with pytest.raises(IllegalPlay, match="move 6"):
        ch.replay_hand(_deal(), ["pass", "10S", "pass", "draw", "JS", "draw"])


def test_chains_going_out_ends_the_hand_and_scores_the_others() -> None:
    moves = ["pass", "10S", "pass", "draw", "JS", "QS", "KS", "9S"]
    r = ch.replay_hand(_deal(), moves)
    assert r.finished and r.state.out == 2
    assert r.scores() == (50, 10 * 5 + 25, 0)
    with pytest.raises(IllegalPlay, match="move 9 .*hand is over"):
        ch.replay_hand(_deal(), [*moves, "pass"])


def test_chains_deal_needs_five_each_and_an_upcard() -> None:
    with pytest.raises(IllegalPlay, match="need 11 cards"):
        ch.deal(parse_cards("2C 9S 3C 10S 4D"), players=2, dealer=0)


def test_chains_draw_when_stock_runs_out_turns_the_pile_over() -> None:
    # Two players, no stock: 1 holds clubs 2-6, 0 holds spades 9-K, the upcard is 8D.
    d = ch.deal(parse_cards("2C 9S 3C 10S 4C JS 5C QS 6C KS 8D"), players=2, dealer=0)
    assert d.stock == ()
    r = ch.replay_hand(d, ["pass", "9S", "draw"])
    # The pile under the 9S (just the 8D) is turned over to be the stock; 1 draws it.
    assert r.steps[2].drew == parse_card("8D")
    assert r.state.stock == () and r.state.pile == (parse_card("9S"),)
    r = ch.replay_hand(d, ["pass", "9S", "draw", "10S", "JS", "pass", "draw"])
    assert r.steps[6].drew == parse_card("9S") and r.state.stock == (parse_card("10S"),)


def test_chains_hand_record_replays() -> None:
    out = ch.RECORDS["hand"]({"players": 3, "dealer": 0, "deck": DECK_TEXT.split(),
                              "moves": ["pass", "10S", "pass", "draw", "JS", "QS", "KS", "9S"]})
    assert out["out"] == 2 and out["scores"] == [50, 75, 0] and out["turn"] is None
    assert out["steps"][4] == {"number": 5, "player": 2, "move": "JS", "kind": "royal", "drew": None,
                               "again": True, "went_out": False, "top": "JS"}


# --- A game: chains-game, dealer rotation ---------------------------------------------------


def test_chains_deal_passes_to_the_left_each_hand() -> None:
    assert [ch.dealer_of_hand(2, n, 4) for n in range(1, 11)] == [2, 3, 0, 1, 2, 3, 0, 1, 2, 3]


def test_chains_game_lowest_total_wins() -> None:
    hands = [[0, 20, 35]] * 5 + [[30, 0, 10]] * 5
    r = ch.game_result(3, hands)
    assert r.totals == (150, 100, 225) and r.winners == (1,) and r.complete


def test_chains_game_equal_lowest_totals_share_the_win() -> None:
    r = ch.RECORDS["game"]({"players": ["Ann", "Bo", "Cy"], "hands": [[0, 20, 20], [20, 0, 0]] * 5})
    assert r == {"totals": [100, 100, 100], "winners": [0, 1, 2], "complete": True}


def test_chains_game_is_ten_hands() -> None:
    with pytest.raises(IllegalPlay, match="10 hands"):
        ch.game_result(2, [[0, 10]] * 11)
    assert not ch.game_result(2, [[0, 10]] * 9).complete


_junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["7H", "8H", "JK", "draw", "same-rank", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["hand", "top", "card", "decks", "variant", "players", "hands", "dealer", "deck",
                         "moves"]), inner, max_size=5),
    max_leaves=14,
)


@given(_junk)
def test_chains_bad_records_raise_rulebook_errors(rec: object) -> None:
    for fn in ch.RECORDS.values():
        try:
            fn(rec)  # type: ignore[arg-type]
        except RulebookError:
            pass


def test_chains_hand_ends_when_nobody_can_play_or_draw() -> None:
    # chains-ruling-deck-runs-out: two players, a deck of exactly 11 cards (five each and the
    # upcard), nothing on the 7 of hearts: both pass, and the hand ends with everyone counting.
    deck = ["KS", "JS", "2C", "QC", "2D", "3C", "3D", "9C", "10C", "4C", "7H"]
    out = ch.hand_record({"players": 2, "dealer": 0, "deck": deck, "moves": ["pass", "pass"]})
    assert out["scores"] == [60, 65] and out["out"] is None and out["turn"] is None
    with pytest.raises(IllegalPlay, match="the hand is over"):
        ch.hand_record({"players": 2, "dealer": 0, "deck": deck, "moves": ["pass", "pass", "pass"]})


# --- House options: the three variations (chains-variations) as no-extra-play, draw-after-royal,
# same-rank, each not-played (the default) or played ---------------------------------------------


def test_chains_house_same_rank_played_makes_a_same_rank_play_legal() -> None:
    assert play({"top": "KH", "card": "KS"})["legal"] is False
    assert play({"top": "KH", "card": "KS", "house": {"same-rank": "not-played"}})["legal"] is False
    assert play({"top": "KH", "card": "KS", "house": {"same-rank": "played"}}) == {
        "legal": True, "kind": "same", "again": False}


def test_chains_house_no_extra_play_takes_the_royals_extra_play_away() -> None:
    assert play({"top": "7H", "card": "8H"})["again"] is True
    assert play({"top": "7H", "card": "8H", "house": {"no-extra-play": "played"}}) == {
        "legal": True, "kind": "royal", "again": False}
    # In a hand: the extra card after the royal JS is now a move out of turn.
    moves = ["pass", "10S", "pass", "draw", "JS", "QS"]
    rec = {"players": 3, "dealer": 0, "deck": DECK_TEXT.split(), "moves": moves}
    assert ch.hand_record(rec)["steps"][5]["kind"] == "royal"
    with pytest.raises(IllegalPlay, match="move 6"):
        ch.hand_record(rec | {"house": {"no-extra-play": "played"}})


def test_chains_house_draw_after_royal_draws_after_a_royal() -> None:
    rec = {"players": 3, "dealer": 0, "deck": DECK_TEXT.split(), "moves": ["pass", "10S", "pass", "draw", "JS", "draw"]}
    with pytest.raises(IllegalPlay, match="move 6 .*passes without drawing"):
        ch.hand_record(rec)
    out = ch.hand_record(rec | {"house": {"draw-after-royal": "played"}})
    assert out["steps"][5]["drew"] == "KC" and out["turn"] == 0
    with pytest.raises(IllegalPlay, match="move 6 .*draw-after-royal"):
        ch.hand_record(rec | {"moves": [*rec["moves"][:5], "pass"], "house": {"draw-after-royal": "played"}})


def test_chains_house_and_variant_agree_or_are_refused() -> None:
    both = {"top": "KH", "card": "KS", "variant": ["same-rank"], "house": {"same-rank": "played"}}
    assert play(both)["legal"] is True
    # The variant field and the house add up.
    mixed = {"top": "7H", "card": "8H", "variant": "same-rank", "house": {"no-extra-play": "played"}}
    assert play(mixed) == {"legal": True, "kind": "royal", "again": False}
    with pytest.raises(RecordError, match=r"^house.same-rank: 'not-played' contradicts variant"):
        play(both | {"house": {"same-rank": "not-played"}})


def test_chains_house_checked_in_every_record() -> None:
    records = {
        "score": {"hand": ["7H"]},
        "play": {"top": "7H", "card": "8H"},
        "game": {"players": 2, "hands": [[0, 10]]},
        "hand": {"players": 3, "dealer": 0, "deck": DECK_TEXT.split(), "moves": []},
    }
    assert set(records) == ch.HOUSE_RECORDS
    for name, rec in records.items():
        fn = ch.RECORDS[name]
        assert fn(rec | {"house": {"same-rank": "played"}}) == fn(rec | {"house": {}}) == fn(rec)
        with pytest.raises(RecordError, match=r"^house.same-rank: no value 'yes' \(values: not-played, played\)$"):
            fn(rec | {"house": {"same-rank": "yes"}})
        with pytest.raises(RecordError, match=r"^house: unknown option 'odd-chip' \(known: no-extra-play, "):
            fn(rec | {"house": {"odd-chip": "dealer"}})
    # Scoring and the game's totals follow no variation: the house changes nothing there.
    assert score({"hand": ["7H", "KD"], "house": {"same-rank": "played"}}) == {"score": 30}


def test_chains_house_in_the_functions() -> None:
    kh, ks = parse_card("KH"), parse_card("KS")
    assert not judge_play(kh, ks).legal
    assert judge_play(kh, ks, house={"same-rank": "played"}).legal
    assert ch.house_variants({"same-rank": "played", "no-extra-play": "not-played"}) == {Variant.SAME_RANK}
    st_ = ch.start_hand(_deal(), house={"draw-after-royal": "played"})
    assert st_.variants == {Variant.DRAW_AFTER_ROYAL}
    with pytest.raises(RecordError, match="house.same-rank"):
        judge_play(kh, ks, house={"same-rank": "on"})
