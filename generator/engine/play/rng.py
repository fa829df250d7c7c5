"""The seeded random numbers of a practice game: mulberry32, a 32-bit generator small enough to
write identically in Python and JavaScript (``docs/assets/js/play/rng.js``).

The generator's whole state is one unsigned 32-bit integer, kept in the game state (``"rng"``),
so a state is plain JSON and every function stays pure: each draw takes the state and returns
the value with the next state. A game's seed is its first state, which is why the seed in a
practice game's URL replays that game exactly.

Every operation is integer arithmetic modulo 2**32, the same bits as JavaScript's ``Math.imul``
and ``>>>``; :func:`below` is ``floor(u * n / 2**32)``, exact in both languages for ``n`` below
2**21 (the product stays under 2**53).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK = 0xFFFFFFFF
#: The largest bound :func:`below` accepts (the product with a 32-bit draw stays exact in JS).
MAX_BOUND = 1 << 21


def _imul(a: int, b: int) -> int:
    return (a * b) & MASK


def seed_state(seed: int) -> int:
    """The first state of a game seeded with ``seed`` (any integer; only its low 32 bits count)."""
    return seed & MASK


def next_u32(state: int) -> tuple[int, int]:
    """One draw: ``(value, next_state)``, value in ``0 .. 2**32 - 1``."""
    a = (state + 0x6D2B79F5) & MASK
    t = _imul(a ^ (a >> 15), a | 1)
    t = ((t + _imul(t ^ (t >> 7), t | 61)) & MASK) ^ t
    return (t ^ (t >> 14)) & MASK, a


def below(state: int, n: int) -> tuple[int, int]:
    """A whole number in ``0 .. n - 1`` and the next state."""
    if not 0 < n <= MAX_BOUND:
        raise ValueError(f"below() needs 1 <= n <= {MAX_BOUND}, got {n}")
    value, state = next_u32(state)
    return (value * n) >> 32, state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A shuffled copy of ``items`` (Fisher-Yates from the last place down) and the next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state
