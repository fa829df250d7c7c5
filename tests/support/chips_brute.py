"""A slow, obviously-correct Chips scorer: tries every partition of the hand.

Used only by the property tests to check the fast engine in generator/engine/games/chips.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from generator.engine.cards import Card, Rank
from generator.engine.games.chips import ACE_HIGH, ACE_LOW, MAX_RUN, Group, card_value, is_wild


def is_group(cards: Sequence[Card]) -> bool:
    """chips-groups: a set or a run of three or more, wilds standing in anywhere."""
    if len(cards) < 3:
        return False
    nat = [c for c in cards if not is_wild(c)]
    if len({c.rank for c in nat}) <= 1:
        return True  # a set (or only wilds)
    if len({c.suit for c in nat}) != 1 or len(cards) > MAX_RUN:
        return False
    n = len(cards)
    aces = [c for c in nat if c.rank is Rank.ACE]
    others = [c.rank.number for c in nat if c.rank is not Rank.ACE]
    if len(aces) > 1:
        return False
    for ace_pos in ([ACE_LOW, ACE_HIGH] if aces else [None]):
        pos = others + ([ace_pos] if ace_pos else [])
        if len(set(pos)) != len(pos):
            continue
        lo_min = max(ACE_LOW, max(pos) - n + 1)
        lo_max = min(min(pos), ACE_HIGH - n + 1)
        if lo_min <= lo_max:
            return True
    return False


def brute_score(hand: Sequence[Card]) -> int:
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
            if len(chosen) >= 2 and is_group([first, *chosen]):
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
    """Own groups by every partition, then every sequence of single lay-offs."""
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
            if is_group([first, *chosen]):
                left = tuple(others[i] for i in range(n) if not m >> i & 1)
                result = min(result, best(left, loose))
        return result

    return best(cards, ())
