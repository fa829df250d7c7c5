"""Random Chips round and replay records under every house option, for the differential tests.

Each record carries a house drawn from ``chips.HOUSE_OPTIONS`` (tests/support/house_gen.py), every
value about equally often. Rounds put many hands round Q-K-A with 2s and jokers (k-a-2), give the
caller now and then a run round the corner (Q-K-A-2-3 and the like, k-a-2 round-the-corner, mostly
under that reading and else refused by both engines), and under
lay-off-order ``as-laid`` usually give the order the table laid off in (now and then a bad one).
Replays are played out by a simple simulation (the engine decides what is legal): a "lucky" seat
is often dealt a hand that groups, some of them K-A with a 2 as the Queen, so that rounds are
called and scored; a player sometimes throws back the card just taken; nine-seat tables play the
random extra card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.engine.cards import JOKER, RANKS, SUITS, Card, build_deck, format_card
from generator.engine.errors import RulebookError
from generator.engine.games import chips
from tests.support.chips_gen import random_caller_groups, random_hand
from tests.support.house_gen import random_house, with_house


def _ace_high_cards(rng: random.Random, packs: int, size: int, exclude: list[Card]) -> list[Card]:
    pool = Counter([Card(r, s) for s in rng.sample(SUITS, 2) for r in RANKS
                    if r.value in ("A", "2", "3", "J", "Q", "K", "10")] * packs + [JOKER] * (2 * packs))
    pool.subtract(Counter(exclude))
    cards = sorted((c for c, k in pool.items() for _ in range(max(k, 0))), key=format_card)
    return rng.sample(cards, min(size, len(cards)))


def chips_round_inputs(rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        packs = rng.choice([1, 1, 2])
        callers = random_caller_groups(rng, packs)
        if rng.random() < 0.25:  # the caller's run to a high Ace, a 2 in it or beside it
            suit = rng.choice(SUITS)
            cards = [Card(chips.position_rank(p), suit) for p in range(12, 15)]
            cards[rng.randrange(2)] = rng.choice([JOKER, Card(RANKS[1], rng.choice(SUITS))])
            try:
                callers = [chips.make_run(suit, cards, 12)]
            except RulebookError:
                pass
        corner = _wrapping_run(rng) if rng.random() < 0.2 else None
        if corner is not None:
            callers = [corner]
        used = [c for g in callers for c in g.cards]
        hands = []
        for _h in range(rng.randint(1, 4)):
            size = rng.randint(1, 6)
            hand = _ace_high_cards(rng, packs, size, used) if rng.random() < 0.5 else random_hand(rng, packs, size, used)
            hands.append(hand or [Card(RANKS[4], SUITS[0])])
            used += hand
        rec: dict[str, Any] = {"hands": [[format_card(c) for c in h] for h in hands]}
        if packs != 1:
            rec["packs"] = packs
        flat = [c for g in callers for c in g.cards]
        if rng.random() < 0.3 and len(flat) <= chips.MAX_HAND:
            rec["caller"] = [format_card(c) for c in flat]
        else:
            rec["caller_groups"] = [g.to_record() for g in callers]
        house = random_house(rng, chips.HOUSE_OPTIONS)
        if corner is not None and rng.random() < 0.8:
            house["k-a-2"] = chips.K_A_2_CORNER
        rec = with_house(rng, rec, chips.HOUSE_OPTIONS, house)
        if house.get("lay-off-order") == "as-laid" and rng.random() < 0.85:
            order = list(range(len(hands)))
            rng.shuffle(order)
            rec["layoff_order"] = order
        elif rng.random() < 0.03:
            rec["layoff_order"] = rng.choice([[0], [1, 1], "0", [True], None])
        yield rec


CORNER = {"k-a-2": "round-the-corner"}


def _wrapping_run(rng: random.Random) -> chips.Group | None:
    """A caller's run round the corner (k-a-2 round-the-corner): 3 to 8 cards through the Ace into
    the low cards, now and then a joker in it."""
    suit = rng.choice(SUITS)
    size = rng.randint(3, 8)
    lo = rng.randint(max(1, 15 - size), 13)
    cards = [Card(chips.position_rank(p), suit) for p in range(lo, lo + size)]
    if rng.random() < 0.4:
        cards[rng.randrange(size)] = JOKER
    try:
        return chips.make_run(suit, cards, lo, house=CORNER)
    except RulebookError:
        return None


def _lucky_hand(rng: random.Random, size: int, pool: Counter[Card], house: dict[str, str] | None = None) -> list[Card] | None:
    """A hand that groups: a run of one suit, or (half the time) a run up to a high Ace whose
    Queen is a 2 of another suit (k-a-2); at a table playing round the corner, often a run that
    wraps through the Ace."""
    suit = rng.choice(SUITS)
    if (house or {}).get("k-a-2") == chips.K_A_2_CORNER and rng.random() < 0.6 and size <= 10:
        lo = rng.randint(max(1, 15 - size), 13)
        cards = [Card(chips.position_rank(p), suit) for p in range(lo, lo + size)]
    elif rng.random() < 0.5 and size <= 10:
        cards = [Card(chips.position_rank(p), suit) for p in range(ACE_HIGH - size + 1, ACE_HIGH + 1)]
        cards[-3] = Card(RANKS[1], rng.choice([s for s in SUITS if s is not suit]))
    else:
        lo = rng.randint(3, ACE_HIGH - size + 1) if size <= 12 else 1
        cards = [Card(chips.position_rank(p), suit) for p in range(lo, lo + size)]
    need = Counter(cards)
    if any(pool[c] < k for c, k in need.items()):
        return None
    return cards


ACE_HIGH = chips.ACE_HIGH


def chips_replay_inputs(rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        players = 9 if rng.random() < 0.15 else rng.randint(2, 4)
        packs = chips.packs_for(players)
        size = rng.choice(chips.HAND_SIZES)
        dealer = rng.randrange(players)
        house = random_house(rng, chips.HOUSE_OPTIONS)
        extra = None
        if players >= chips.RANDOM_EXTRA_PLAYERS and house.get("random-extra") == "played" and rng.random() < 0.85:
            extra = rng.randrange(players)
        opener = (dealer + 1) % players if extra is None else extra
        pool = Counter(build_deck(packs))
        lucky_seat, lucky = None, None
        if rng.random() < 0.6:
            lucky_seat = rng.randrange(players)
            lucky = _lucky_hand(rng, size, pool, house)
            if lucky is not None:
                pool.subtract(Counter(lucky))
        rest = sorted((c for c, k in pool.items() for _ in range(k)), key=format_card)
        rng.shuffle(rest)
        # Lay the deck out so the lucky seat is dealt the lucky hand (chips-deal: one card at a
        # time from the dealer's left, then the extra card).
        order_of_seats = [(dealer + 1 + k) % players for k in range(players)]
        deck: list[Card] = []
        for i in range(size):
            for seat in order_of_seats:
                deck.append(lucky[i] if lucky is not None and seat == lucky_seat else rest.pop())
        deck += rest
        rec: dict[str, Any] = {"players": players, "dealer": dealer, "hand_size": size,
                               "deck": [format_card(c) for c in deck], "moves": []}
        if packs != 1:
            rec["packs"] = packs
        if extra is not None:
            rec["extra"] = extra
        rec = with_house(rng, rec, chips.HOUSE_OPTIONS, house)
        good = house if isinstance(rec.get("house"), dict) and rec["house"] == house else {}
        try:
            hands, stock = chips.deal_round(deck, players, dealer, size, extra)
        except RulebookError:
            yield rec
            continue
        pile: list[Card] = []
        seat, caller, left = opener, None, -1
        for number in range(1, rng.randint(2, 4 * players + 6)):
            if caller is not None and left == 0:
                break
            hand = hands[seat]
            move: dict[str, Any] = {}
            taken = None
            if number > 1:
                if pile and rng.random() < 0.4 and seat != lucky_seat:
                    depth = rng.randint(1, min(3, len(pile)))
                    taken = pile.pop(len(pile) - depth)
                    move |= {"take": "pile", "depth": depth}
                else:
                    if not stock:
                        if len(pile) < 2:
                            break
                        stock, pile = pile[:-1], pile[-1:]
                    taken = stock.pop(0)
                    move["take"] = "deck"
                hand.append(taken)
            if taken is not None and (seat == lucky_seat or rng.random() < 0.08):
                discard = taken
            else:
                discard = rng.choice(hand)
            hand.remove(discard)
            pile.append(discard)
            move["discard"] = format_card(discard)
            if number > 1 and caller is None:
                try:
                    chips.caller_arrangement(hand, house=good)
                    if rng.random() < 0.8:
                        move["call"] = True
                        caller, left = seat, players - 1
                except RulebookError:
                    pass
            elif caller is not None:
                left -= 1
            rec["moves"].append(move)
            seat = (seat + 1) % players
        yield rec
