"""Random Chips inputs for property, differential and benchmark runs."""

from __future__ import annotations

import random
from collections import Counter

from generator.engine.cards import JOKER, RANKS, SUITS, Card, Rank, build_deck, format_card
from generator.engine.games import chips
from generator.engine.games.chips import ACE_HIGH, MAX_RUN, Group, is_wild, make_run, make_set, position_rank


def random_caller_groups(rng: random.Random, packs: int, count: int | None = None) -> list[Group]:
    """One to three legal caller groups (sets and runs, some wilds) that the packs can hold, as a
    player laying off may see them: as the caller laid them down, or as the players before
    extended them (chips-ruling-layoff-order), up to what the game can deal (generator/engine/
    limits.py: a run of up to 13 cards, a set of up to its rank's cards and the packs' wilds).
    About a third of the groups are such extended ones, so the groups often hold more than the
    ten cards of one hand between them. ``count`` asks for that many groups (more than three: a
    hostile input the engines must refuse)."""
    pool = Counter(build_deck(packs))
    groups: list[Group] = []
    for _ in range(count if count is not None else rng.randint(1, 3)):
        for _attempt in range(20):
            extended = rng.random() < 0.35
            kind = rng.random()
            if kind < 0.08:
                # A group of wilds alone, as the caller announced it (chips-ruling-wild-set-rank): a
                # set of any rank (2s among them) or a run of a suit from a place (lo).
                wilds = [c for c, k in pool.items() if is_wild(c) for _ in range(k)]
                size = rng.randint(3, max(3, min(len(wilds), chips.set_cards(Rank.TWO, packs) if extended else 4)))
                if len(wilds) < size:
                    continue
                cards = rng.sample(sorted(wilds, key=format_card), size)
                if rng.random() < 0.5:
                    rank = rng.choice([Rank.TWO, *RANKS])  # a set of 2s twice as often: the unannounced group
                    build = lambda cs, rank=rank: make_set(rank, cs)
                else:
                    cards = cards[:MAX_RUN]  # many packs: a run never passes 13 cards (chips-no-wrap)
                    suit = rng.choice(SUITS)
                    lo = rng.randint(1, ACE_HIGH - len(cards) + 1)
                    build = lambda cs, suit=suit, lo=lo: make_run(suit, cs, lo)
            elif kind < 0.4:
                rank = rng.choice([r for r in RANKS if r is not Rank.TWO])
                most = chips.set_cards(rank, packs) if extended else 4
                naturals = [c for c, k in pool.items() if c.rank is rank for _ in range(k)]
                wilds = [c for c, k in pool.items() if is_wild(c) for _ in range(k)]
                size = rng.randint(3, rng.randint(3, max(3, min(most, len(naturals) + len(wilds)))))
                rng.shuffle(naturals)
                rng.shuffle(wilds)
                cards = []
                while len(cards) < size and (naturals or wilds):
                    take_wild = wilds and (not naturals or (cards and rng.random() < 0.15))
                    cards.append((wilds if take_wild else naturals).pop())
                if len(cards) < size or all(is_wild(c) for c in cards):
                    continue
                build = lambda cs, rank=rank: make_set(rank, cs)
            else:
                suit = rng.choice(SUITS)
                length = rng.randint(3, MAX_RUN if extended else 7)
                lo = rng.randint(1, ACE_HIGH - length + 1)
                cards = [Card(position_rank(p), suit) for p in range(lo, lo + length)]
                cards = [JOKER if rng.random() < 0.15 else c for c in cards]
                build = lambda cs, suit=suit, lo=lo: make_run(suit, cs, lo)
            need = Counter(cards)
            if all(pool[c] >= k for c, k in need.items()):
                pool.subtract(need)
                groups.append(build(cards))
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
