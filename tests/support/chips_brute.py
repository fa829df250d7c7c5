"""A slow, obviously-correct Chips scorer: tries every partition of the hand.

Used only by the property tests to check the fast engine in generator/engine/games/chips.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from generator.engine.cards import Card, Rank
from generator.engine.games.chips import (
    ACE_HIGH,
    ACE_LOW,
    K_A_2_CORNER,
    K_A_2_GROUP,
    K_A_2_NO_GROUP,
    MAX_RUN,
    Group,
    card_value,
    is_wild,
    position_rank,
)


def is_group(cards: Sequence[Card], reading: str = K_A_2_NO_GROUP) -> bool:
    """chips-groups: a set or a run of three or more, wilds standing in, K-A-2 read as ``reading``
    (chips-ruling-k-a-2): ``no-group`` (the family's), a run with a natural King and a natural Ace
    above it holds no 2 standing in; ``group``, wilds anywhere a run does not wrap;
    ``round-the-corner``, a run may wrap, the Ace between the King and the 2."""
    if len(cards) < 3:
        return False
    nat = [c for c in cards if not is_wild(c)]
    if len({c.rank for c in nat}) <= 1:
        return True  # a set (or only wilds)
    if len({c.suit for c in nat}) != 1 or len(cards) > MAX_RUN:
        return False
    n = len(cards)
    wrap = reading == K_A_2_CORNER
    suit = nat[0].suit
    for lo in range(ACE_LOW, (13 if wrap else ACE_HIGH - n + 1) + 1):
        # Each rank sits at one place at most in a run of 13 or fewer: the naturals' places.
        places = {p: position_rank(p) for p in range(lo, lo + n)}
        taken: set[int] = set()
        for c in nat:
            at = [p for p, r in places.items() if r is c.rank and p not in taken]
            if not at:
                break
            taken.add(at[0])
        else:
            if reading == K_A_2_NO_GROUP and {13, 14} <= taken:
                # a 2 stands in, unless it is the run's own 2 at its own place (2 to Ace, 13 cards)
                twos = [c for c in cards if c.number == 2]
                own = [c for c in twos if c.suit is suit]
                if twos and not (lo == 2 and len(twos) == 1 and own):
                    continue
            return True
    return False


def brute_score(hand: Sequence[Card], reading: str = K_A_2_NO_GROUP) -> int:
    cards = tuple(sorted(hand, key=str))

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = card_value(first) + best(others)
        n = len(others)
        for m in range(1, 1 << n):
            if (m + 1).bit_count() < 3 and m.bit_count() < 2:
                continue
            chosen = [others[i] for i in range(n) if m >> i & 1]
            if len(chosen) >= 2 and is_group([first, *chosen], reading):
                left = tuple(others[i] for i in range(n) if not m >> i & 1)
                result = min(result, best(left))
        return result

    return best(cards)


def _lay_one(card: Card, groups: tuple[tuple[str, object, int, int], ...]) -> list[tuple[tuple[str, object, int, int], ...]]:
    """Every way to lay one card off: groups as (kind, rank-or-suit, lo, hi)."""
    out = []
    for k, (kind, key, lo, hi) in enumerate(groups):
        if kind == "set":
            if is_wild(card) or card.rank is key:
                out.append(groups)
            continue
        length = hi - lo + 1
        if length >= MAX_RUN:
            continue
        for pos in (lo - 1, hi + 1):
            if not ACE_LOW <= pos <= ACE_HIGH:
                continue
            fits = is_wild(card) or (
                card.suit is key and (card.rank.number == pos or (card.rank is Rank.ACE and pos == ACE_HIGH)))
            if fits:
                new = (kind, key, min(lo, pos), max(hi, pos))
                out.append(groups[:k] + (new,) + groups[k + 1:])
    return out


def brute_layoff_score(hand: Sequence[Card], callers: Sequence[Group]) -> int:
    """Own groups by every partition, then every sequence of single lay-offs, K-A-2 read as
    ``group`` (chips-ruling-k-a-2: any wild anywhere a run does not wrap)."""
    start = tuple(
        ("set", g.rank, 0, 0) if g.kind == "set" else ("run", g.suit, g.lo, g.hi) for g in callers)
    cards = tuple(sorted(hand, key=str))

    @cache
    def lay(loose: tuple[Card, ...], groups: tuple[tuple[str, object, int, int], ...]) -> int:
        result = sum(card_value(c) for c in loose)
        for i, card in enumerate(loose):
            rest = loose[:i] + loose[i + 1:]
            for g2 in _lay_one(card, groups):
                result = min(result, lay(rest, g2))
        return result

    @cache
    def best(rest: tuple[Card, ...], loose: tuple[Card, ...]) -> int:
        if not rest:
            return lay(tuple(sorted(loose, key=str)), start)
        first, others = rest[0], rest[1:]
        result = best(others, loose + (first,))
        n = len(others)
        for m in range(1, 1 << n):
            if m.bit_count() < 2:
                continue
            chosen = [others[i] for i in range(n) if m >> i & 1]
            if is_group([first, *chosen], K_A_2_GROUP):
                left = tuple(others[i] for i in range(n) if not m >> i & 1)
                result = min(result, best(left, loose))
        return result

    return best(cards, ())
