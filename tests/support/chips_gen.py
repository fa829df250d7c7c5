"""Random Chips inputs for property, differential and benchmark runs."""

from __future__ import annotations

import random
from collections import Counter

from generator.engine.cards import JOKER, RANKS, SUITS, Card, Rank, build_deck, format_card
from generator.engine.games.chips import ACE_HIGH, Group, make_run, make_set, position_rank
from generator.engine.limits import CALLER_CARDS


def random_caller_groups(rng: random.Random, packs: int, count: int | None = None) -> list[Group]:
    """One to three legal caller groups (sets and runs, some wilds) that the packs can hold.

    Together they hold at most one hand (limits.CALLER_CARDS), as a real caller's groups do,
    unless ``count`` asks for more groups (a hostile input the engines must refuse)."""
    pool = Counter(build_deck(packs))
    groups: list[Group] = []
    budget = CALLER_CARDS if count is None else 13 * (count or 1)
    for _ in range(count if count is not None else rng.randint(1, 3)):
        if budget < 3:
            break
        for _attempt in range(20):
            if rng.random() < 0.4:
                rank = rng.choice([r for r in RANKS if r is not Rank.TWO])
                cards = [Card(rank, rng.choice(SUITS)) for _ in range(rng.randint(3, min(4, budget)))]
                build = lambda cs, rank=rank: make_set(rank, cs)
            else:
                suit = rng.choice(SUITS)
                length = rng.randint(3, min(7, budget))
                lo = rng.randint(1, ACE_HIGH - length + 1)
                cards = [Card(position_rank(p), suit) for p in range(lo, lo + length)]
                build = lambda cs, suit=suit, lo=lo: make_run(suit, cs, lo)
            cards = [JOKER if rng.random() < 0.15 else c for c in cards]
            need = Counter(cards)
            if all(pool[c] >= k for c, k in need.items()):
                pool.subtract(need)
                groups.append(build(cards))
                budget -= len(cards)
                break
    return groups


def random_hand(rng: random.Random, packs: int, size: int, exclude: list[Card] | None = None) -> list[Card]:
    pool = Counter(build_deck(packs))
    pool.subtract(Counter(exclude or []))
    deck = [c for c, k in pool.items() for _ in range(max(k, 0))]
    deck.sort(key=format_card)
    return rng.sample(deck, size)


def group_record(g: Group) -> dict[str, object]:
    return g.to_record()
