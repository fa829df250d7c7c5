"""Chips: the Dalton family's rummy game, as pure functions.

The reference engine every page, PDF, widget and worked example is checked against. Rule ids
in comments point at ``rules-data/chips.yaml``.

The heart is :func:`best_arrangement`: the lowest score over every way to split a hand into
groups, exact (a memoised search over the hand's natural cards), with every 2 and joker wild
(chips-wilds), Aces low or high but never both (chips-aces, chips-no-wrap), and laying off
onto the caller's groups (chips-lay-off) when they are given.

The browser port is ``docs/assets/js/engine/chips.js``: it follows this module step for
step (the same candidate order and the same tie-breaks) so that both give identical records;
``tests/test_differential.py`` ties the two.

House options (``HOUSE_OPTIONS``, the ``option:`` of rules-data/chips.yaml), read from a record's
``house`` field and passed to the functions as ``house=``; left out, every answer is the family's:

* ``k-a-2`` (chips-ruling-k-a-2), three readings of the Daltons' "a run may not wrap around the
  top (K-A-2 is not allowed)" beside "every 2 is wild":
  ``no-group`` (the family's words, the default): a run that holds a natural King and a natural
  Ace above it (positions 13 and 14) holds no 2 as a wild, so K-A-2 is no group; a joker may
  still stand in (K A JK is Q-K-A), and a 2 may stand in any run without both (2 J Q A is
  J-Q-K-A, the 2 as the King). A 2 of the run's own suit at its own place, position 2 (only in
  the 13-card run 2-3-...-K-A), is that run's natural 2, not a wild standing in: allowed, since
  that run wraps nothing. ``group``: any wild may stand anywhere a run does not wrap, so the 2
  of K-A-2 stands as the Queen, making Q-K-A. ``round-the-corner``: runs may wrap, the Ace
  between the King and the 2 (Q-K-A-2-3); still at most 13 cards, one a place.
* ``lay-off-order`` (chips-ruling-layoff-order): ``turn-order`` (the family's reading) or
  ``as-laid``, the order the table laid off in, given to the round record as ``layoff_order``.
* ``throw-back`` (chips-ruling-throw-back) and ``random-extra`` (chips-variant-random-extra)
  change play, not a hand's score: the replay follows them (a card taken from the pile may not
  be thrown straight back; the record gives the seat of the extra card), the score and round
  records accept them and answer the same.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import limits
from ..cards import RANKS, SUITS, Card, Rank, Suit, check_copies, format_card, parse_card
from ..errors import IllegalPlay, RulebookError
from .fields import (
    HouseOption,
    RecordError,
    cards_field,
    check_fields,
    house_field,
    int_field,
    names_text,
    players_field,
    show_value,
)

GAME_ID = "chips"
#: chips-hand-sizes: three cards each in the first round, up to ten in the eighth.
HAND_SIZES: tuple[int, ...] = tuple(range(3, 11))
ROUNDS = len(HAND_SIZES)
MAX_HAND = max(HAND_SIZES)
#: A run spans at most 13 positions (Ace low to King, or Two to Ace high): chips-no-wrap; round
#: the corner too, one card a place (chips-ruling-k-a-2, round-the-corner).
MAX_RUN = 13
ACE_LOW, ACE_HIGH = 1, 14
KING = 13
#: chips-ruling-k-a-2: the readings (the option's values, in the game file's order).
K_A_2_NO_GROUP, K_A_2_GROUP, K_A_2_CORNER = "no-group", "group", "round-the-corner"

#: The house options this engine follows, as rules-data/chips.yaml declares them (held equal to
#: the game file by tests/test_house_engines.py).
HOUSE_OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("k-a-2", (K_A_2_NO_GROUP, K_A_2_GROUP, K_A_2_CORNER), K_A_2_NO_GROUP),
    HouseOption("lay-off-order", ("turn-order", "as-laid"), "turn-order"),
    HouseOption("throw-back", ("allowed", "not-allowed"), "allowed"),
    HouseOption("random-extra", ("not-played", "played"), "not-played"),
)
#: The records that take a ``house`` field (rank answers the same under every house).
HOUSE_RECORDS = frozenset({"score", "round", "replay"})


def house_options(house: object = None) -> dict[str, str]:
    """Every option, checked, the defaults filled in for those ``house`` leaves out (a record's
    ``house`` as it came: anything but an object of known options and values is refused)."""
    return house_field(dict(house) if isinstance(house, Mapping) else house, HOUSE_OPTIONS)


def k_a_2_reading(house: Mapping[str, str] | None) -> str:
    """chips-ruling-k-a-2: the table's reading of K-A-2 (left out: the family's, ``no-group``)."""
    return K_A_2_NO_GROUP if house is None else house_options(house)["k-a-2"]


def king_and_high_ace(group: Group) -> bool:
    """A run holding a natural King (position 13) and a natural Ace just above it (14): under
    ``no-group`` it holds no 2 as a wild (chips-ruling-k-a-2)."""
    if group.kind != "run" or group.lo > KING or group.hi < ACE_HIGH:
        return False
    return not is_wild(group.cards[KING - group.lo]) and not is_wild(group.cards[ACE_HIGH - group.lo])


def twos_standing_in(group: Group) -> bool:
    """A 2 of the run standing in as a wild: every 2 but the run's own-suit 2 at its own place,
    position 2, which is that run's natural 2 (chips-ruling-k-a-2)."""
    return any(c.number == 2 and not (c.suit is group.suit and group.lo + i == 2) for i, c in enumerate(group.cards))


def holds_a_two(cards: Iterable[Card]) -> bool:
    return any(c.number == 2 for c in cards)


_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_RANK_BY_NUMBER = {r.number: r for r in RANKS}
_RANK_BY_NUMBER[ACE_HIGH] = Rank.ACE


def is_wild(card: Card) -> bool:
    """chips-wilds: every 2 and every joker is wild."""
    return card.number == 2 or card.number == 0  # the 2s, and the joker (number 0)


def card_value(card: Card) -> int:
    """chips-card-values: Ace 1, 3-10 face value, J/Q/K 10; chips-wild-value: wilds 0.
    A loose Ace counts 1 even where it could have been high (chips-card-values)."""
    n = card.number
    return 0 if n == 2 or n == 0 else min(10, n)


def packs_for(players: int) -> int:
    """chips-packs: one pack (with its two jokers, chips-ruling-jokers) per four players, rounding up
    (chips-ruling-packs)."""
    if players < 2:
        raise RulebookError(f"Chips needs two or more players, not {players}")
    return math.ceil(players / 4)


def position_rank(pos: int) -> Rank:
    """The rank that sits at a run position (1 and 14 are both the Ace). A run round the corner
    (chips-ruling-k-a-2, round-the-corner) goes on past the Ace: 15 is the 2, 16 the 3, ...; a
    caller's run laid off onto below its Ace counts down through 0 (the King)."""
    return _RANK_BY_NUMBER[pos if ACE_LOW <= pos <= ACE_HIGH else (pos - 1) % 13 + 1]


_ORDER = operator.attrgetter("order")


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The engine's canonical order: by suit (S H D C), then rank; jokers last."""
    return sorted(cards, key=_ORDER)


# ---------------------------------------------------------------------------------------
# Groups


@dataclass(frozen=True)
class Group:
    """A set or a run as laid down: which card stands for what.

    A set has ``rank``; a run has ``suit`` and ``lo``, card ``i`` sitting at position
    ``lo + i`` (Ace low 1, J 11, Q 12, K 13, Ace high 14).
    """

    kind: Literal["set", "run"]
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    lo: int = 0

    @property
    def hi(self) -> int:
        return self.lo + len(self.cards) - 1

    def stands_for(self) -> list[str]:
        """What each card stands as: a rank for a set ('8'), a card for a run ('7H')."""
        if self.kind == "set":
            assert self.rank is not None
            return [self.rank.value] * len(self.cards)
        assert self.suit is not None
        return [position_rank(self.lo + i).value + self.suit.value for i in range(len(self.cards))]

    def to_record(self) -> dict[str, Any]:
        if self.kind == "set":
            assert self.rank is not None
            return {"kind": "set", "rank": self.rank.value, "cards": [format_card(c) for c in self.cards]}
        assert self.suit is not None
        return {"kind": "run", "suit": self.suit.value, "lo": self.lo, "cards": [format_card(c) for c in self.cards]}

    def describe(self) -> str:
        """In words: 'a run of hearts 5-6-7 with the joker as the 7'."""
        wild_words = []
        for card, stand in zip(self.cards, self.stands_for(), strict=True):
            if is_wild(card):
                what = stand if self.kind == "set" else stand[:-1]
                noun = "joker" if card.suit is None else f"{card.rank.value} of {card.suit.noun}"
                wild_words.append(f"the {noun} as {'an' if what in ('A', '8') else 'a'} {what}"
                                  if self.kind == "set" else f"the {noun} as the {what}")
        if self.kind == "set" and self.rank is Rank.TWO:
            return f"a group of {len(self.cards)} wilds"  # chips-ruling-wild-groups
        if self.kind == "set":
            assert self.rank is not None
            text = f"a set of {self.rank.plural}"
        else:
            assert self.suit is not None
            seq = "-".join(position_rank(self.lo + i).value for i in range(len(self.cards)))
            text = f"a run of {self.suit.noun} {seq}"
        if wild_words:
            text += " with " + " and ".join(wild_words)
        return text


def _wild_cards(cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if is_wild(c)]


def make_set(rank: Rank | str, cards: Sequence[Card]) -> Group:
    """chips-sets: three or more cards of one rank, any suits, wilds standing in."""
    r = rank if isinstance(rank, Rank) else _parse_rank(rank)
    if r is Rank.JOKER:
        raise IllegalPlay("jokers are wild: a set names the rank its cards stand for (A, 2-10, J, Q, K)")
    # A group made only of wilds (chips-ruling-wild-groups) is the set the caller announces it as,
    # of any rank, and takes that rank laid off; a set of 2s takes only wilds
    # (chips-ruling-wild-set-rank). No upper size: wilds and duplicates may make it five or more
    # (chips-ruling-set-size).
    if len(cards) < 3:
        raise IllegalPlay(f"a set needs three or more cards, not {len(cards)}")
    for c in cards:
        if not is_wild(c) and c.rank is not r:
            raise IllegalPlay(f"{format_card(c)} cannot be in a set of {r.plural}")
    return Group("set", tuple(cards), rank=r)


def make_run(suit: Suit | str, cards: Sequence[Card], lo: int | None = None, *,
             house: Mapping[str, str] | None = None) -> Group:
    """chips-runs: three or more consecutive positions of one suit; chips-aces, chips-no-wrap, read
    as the table reads K-A-2 (chips-ruling-k-a-2): under ``no-group`` a run holding a natural King
    and a natural Ace above it holds no wild 2; under ``round-the-corner`` a run may wrap,
    ``lo`` (1 to 13) its first place and the places after 14 (the Ace) 15 = 2, 16 = 3, ..."""
    s = suit if isinstance(suit, Suit) else _parse_suit(suit)
    n = len(cards)
    if n < 3:
        raise IllegalPlay(f"a run needs three or more cards, not {n}")
    reading = k_a_2_reading(house)
    wrap = reading == K_A_2_CORNER
    # chips-no-wrap: at most 13 cards, one a place (round the corner too: chips-ruling-k-a-2).
    if n > MAX_RUN:
        raise IllegalPlay(f"a run holds at most {MAX_RUN} cards, one a place (it may not wrap round on itself), not {n}"
                          if wrap else f"a run holds at most {MAX_RUN} cards (it may not wrap round), not {n}")
    # chips-ruling-wild-set-rank: a run made only of wilds is the run the caller announces, so its
    # place (lo) is theirs to give; nothing else says where it stands.
    if lo is None and all(is_wild(c) for c in cards):
        raise IllegalPlay("a run made only of wilds must say where it starts (lo), as the caller "
                          "announced it (chips-ruling-wild-set-rank)")
    if lo is None:
        options = _possible_lows(s, cards, wrap)
        if reading == K_A_2_NO_GROUP and holds_a_two(cards):
            kept = [x for x in options if not _refused_k_a_2(Group("run", tuple(cards), suit=s, lo=x))]
            options = kept or options
        if not options:
            raise IllegalPlay(f"{' '.join(format_card(c) for c in cards)} is not a run of {s.noun}")
        lo = options[0]
    if wrap:
        if not isinstance(lo, int) or isinstance(lo, bool) or not ACE_LOW <= lo <= KING:
            raise IllegalPlay(f"a run round the corner starts at position 1 (Ace) to 13 (King), its first card's "
                              f"place (Q-K-A-2-3 starts at 12); lo={limits.quote(lo)}")
    elif not isinstance(lo, int) or isinstance(lo, bool) or lo < ACE_LOW or lo + n - 1 > ACE_HIGH:
        raise IllegalPlay(
            f"a run of {n} cards must start between position 1 (Ace low) and {ACE_HIGH - n + 1}; lo={limits.quote(lo)}")
    for i, c in enumerate(cards):
        if is_wild(c):
            continue
        pos = lo + i
        if c.suit is not s or c.rank is not position_rank(pos):
            want = position_rank(pos).value + s.value
            raise IllegalPlay(f"{format_card(c)} cannot stand at position {pos} of this run (that is {want})")
    run = Group("run", tuple(cards), suit=s, lo=lo)
    if reading == K_A_2_NO_GROUP and _refused_k_a_2(run):
        raise IllegalPlay("K-A-2 is not allowed: with a real King and a real high Ace, this run cannot hold a 2 "
                          "standing in (a joker may) (chips-ruling-k-a-2)")
    return run


def _refused_k_a_2(run: Group) -> bool:
    """chips-ruling-k-a-2, ``no-group``: a natural King and a natural Ace above it, and a 2 standing in."""
    return king_and_high_ace(run) and twos_standing_in(run)


def _possible_lows(suit: Suit, cards: Sequence[Card], wrap: bool = False) -> list[int]:
    """Where a run of these cards may start, lowest first: from 1 to 14 less its length, or round
    the corner (``wrap``) from 1 to 13 with each rank also at its place past the Ace (+13)."""
    n = len(cards)
    lows: list[int] | None = None
    for i, c in enumerate(cards):
        if is_wild(c):
            continue
        if c.suit is not suit:
            return []
        if c.rank is Rank.ACE:
            positions: tuple[int, ...] = (ACE_LOW, ACE_HIGH)
        else:
            positions = (c.rank.number, c.rank.number + 13) if wrap else (c.rank.number,)
        if wrap:
            mine = [p - i for p in positions if ACE_LOW <= p - i <= KING]
        else:
            mine = [p - i for p in positions if p - i >= ACE_LOW and p - i + n - 1 <= ACE_HIGH]
        lows = mine if lows is None else [x for x in lows if x in mine]
    if lows is None:
        raise IllegalPlay("a run made only of wilds must say where it starts (lo)")
    return lows


def _parse_rank(text: Any) -> Rank:
    if not isinstance(text, str):
        raise RulebookError(f"a rank is written like '8', 'Q' or 'A', not {limits.quote(text)}")
    t = text.strip().upper()
    t = "10" if t == "T" else t
    for r in RANKS:
        if r.value == t:
            return r
    raise RulebookError(f"unknown rank {limits.quote(text)}: expected A, 2-10, J, Q or K")


def _parse_suit(text: Any) -> Suit:
    if isinstance(text, str):
        t = text.strip().upper()
        for s in SUITS:
            if t in (s.value, s.symbol, s.noun.upper()):
                return s
    raise RulebookError(f"unknown suit {limits.quote(text)}: expected S, H, D or C")


# ---------------------------------------------------------------------------------------
# The search


@dataclass
class _Cand:
    mask: int
    need: int           # wilds this candidate uses
    cost: int           # added to the objective (0 for own groups; cards laid off otherwise)
    kind: str           # "set", "run" or "ext"
    pos: tuple[tuple[int, int], ...]  # (card index, run position) of each card; () for sets
    token: int = 0      # bit of the caller run it extends ("ext" only)
    ext_lo: int = 0     # new ends of the caller run ("ext" only)
    ext_hi: int = 0
    jokers_only: bool = False  # k-a-2 no-group: a run with a natural King and high Ace holds no wild 2


#: The objective is score * _W + cards laid off: lowest score first, then fewest lay-offs
#: (chips-ruling-layoff-order, chips-ruling-layoff-aim).
_W = 256
#: A loose natural's cost by rank number (chips-card-values: Ace 1, 3-10 face value, J Q K 10).
_LOOSE_COST = [min(10, x) * _W for x in range(15)]


@dataclass(frozen=True)
class Target:
    """One of the caller's groups as a non-caller sees it when laying off."""

    group: Group
    index: int


@dataclass
class Arrangement:
    """The answer for one hand: its groups, loose and laid-off cards, and its score."""

    score: int
    groups: list[Group]
    loose: list[Card]
    laid_off: list[tuple[Card, int, str]] = field(default_factory=list)  # (card, caller group, as)
    extended: list[Group] = field(default_factory=list)  # the caller's groups after laying off

    def to_record(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "groups": [[format_card(c) for c in g.cards] for g in self.groups],
            "loose": [format_card(c) for c in self.loose],
            "laid_off": [format_card(c) for c, _, _ in self.laid_off],
            "melds": [dict(g.to_record(), **{"as": g.stands_for()}) for g in self.groups],
            "lay_offs": [{"card": format_card(c), "group": i, "as": a} for c, i, a in self.laid_off],
        }


def best_arrangement(hand: Sequence[Card], caller_groups: Sequence[Group] | None = None, *,
                     house: Mapping[str, str] | None = None) -> Arrangement:
    """The lowest score this hand can make (chips-scoring, chips-ruling-best-arrangement), with
    laying off when the caller's groups are given (chips-lay-off). Exact: a memoised search over
    every split of the hand into groups sharing no card (chips-ruling-one-group).

    K-A-2 as the table reads it (chips-ruling-k-a-2). Under ``no-group``, the family's words, a
    run holding a natural King and a natural Ace above it holds no wild 2: such a group fills
    its gaps with jokers only (``jokers_only``), so the search counts the 2s and the jokers apart
    when it has to (a 2 goes wherever a wild may, before a joker: a joker can stand anywhere a 2
    can). The search never needs the one 2 that such a run may hold, its own suit's 2 at its own
    place (the 13-card run 2-...-K-A, ``make_run``): a hand holds at most ten cards, and a run
    laid off onto ends in a natural card, never a 2. Under ``round-the-corner`` a run may wrap
    (``_candidates``, ``_extensions``)."""
    ordered = sorted(hand, key=_ORDER)
    nat = [c for c in ordered if c.number != 2 and c.number != 0]  # chips-wilds: 2s and jokers
    wild_cards = [c for c in ordered if c.number == 2 or c.number == 0] if len(nat) < len(ordered) else []
    n = len(nat)
    W = len(wild_cards)
    suit = [c.suit_index for c in nat]
    num = [c.number for c in nat]
    callers = list(caller_groups or ())
    reading = k_a_2_reading(house)
    no_k_a_2 = reading == K_A_2_NO_GROUP
    wrap = reading == K_A_2_CORNER
    cands = _candidates(suit, num, n, W, wrap)

    # chips-card-values; chips-lay-off: a natural of a caller's set rank can always go on that
    # set, so left over it costs one card laid off, not its points; a caller's run can be
    # extended at its ends (each run a bit of ``used``).
    free = [False] * n
    loose_cost = [_LOOSE_COST[x] for x in num]
    runs: list[tuple[int, Group]] = []
    restricted = False  # a candidate marked jokers_only
    if callers:
        set_ranks = {g.rank for g in callers if g.kind == "set"}
        free = [c.rank in set_ranks for c in nat]
        loose_cost = [1 if free[i] else loose_cost[i] for i in range(n)]
        runs = [(j, g) for j, g in enumerate(callers) if g.kind == "run"]
        for bit, (_, g) in enumerate(runs):
            exts = _extensions(suit, num, n, W, g, 1 << bit, wrap)
            if no_k_a_2:
                exts = _k_a_2_extensions(g, exts)
                restricted = restricted or any(e.jokers_only for e in exts)
            cands.extend(exts)
    twos = sum(c.number == 2 for c in wild_cards)
    split = 0  # jokers + 1 when the search counts the 2s and the jokers apart, else 0
    if no_k_a_2 and twos:
        # chips-ruling-k-a-2, no-group: an own run with a natural King and a natural high Ace
        # fills its gaps with jokers only (only a suit holding both can make one).
        kings = {s for s, x in zip(suit, num, strict=True) if x == KING}
        both = kings & {s for s, x in zip(suit, num, strict=True) if x == ACE_LOW} if kings else kings
        if both:
            for cand in cands:
                if cand.kind == "run" and cand.need and suit[cand.pos[0][0]] in both and _king_and_ace_at(cand.pos):
                    cand.jokers_only = restricted = True
        if restricted:
            if W == twos:
                cands = [cand for cand in cands if not cand.jokers_only]
            else:
                split = W - twos + 1
    by_low: dict[int, list[_Cand]] = {}  # lowest card -> the candidates that start there
    live = 0  # the cards in at least one candidate group
    for cand in cands:
        live |= cand.mask
        by_low.setdefault((cand.mask & -cand.mask).bit_length() - 1, []).append(cand)

    # A card that is in no candidate group is loose whatever the rest does: its cost is fixed,
    # so the search runs over the other cards only (most of a hand, often, has nothing to join).
    loose_idx = [i for i in range(n) if not live >> i & 1]
    total = sum([loose_cost[i] for i in loose_idx])
    chosen: list[_Cand] = []
    if live:
        found, chosen, left = _search(live, n, W, by_low, loose_cost, split, twos)
        total += found
        loose_idx += left
    return _assemble(total // _W, nat, wild_cards, chosen, loose_idx, free, callers, runs, no_k_a_2=no_k_a_2)


def _king_and_ace_at(pos: Sequence[tuple[int, int]]) -> bool:
    """Whether a run candidate's naturals stand at 13 (the King) and 14 (the Ace above it)."""
    king = ace = False
    for _, p in pos:
        if p == KING:
            king = True
        elif p == ACE_HIGH:
            ace = True
    return king and ace


def _k_a_2_extensions(g: Group, exts: list[_Cand]) -> list[_Cand]:
    """chips-ruling-k-a-2, no-group: laying off never leaves a 2 standing in a run that holds a
    natural King and a natural Ace above it. Such an extension fills its gaps with jokers only;
    none is made when the caller's run already holds a 2 standing in (as in 2 J Q, the 2 as the
    10, which may take neither the King and Ace both nor, holding one, the other)."""
    g_king = g.lo <= KING <= g.hi and not is_wild(g.cards[KING - g.lo])
    g_ace = g.hi == ACE_HIGH and not is_wild(g.cards[-1])
    standing = twos_standing_in(g)
    out: list[_Cand] = []
    for e in exts:
        king = g_king or any(p == KING for _, p in e.pos)
        if king and (g_ace or any(p == ACE_HIGH for _, p in e.pos)):
            if standing:
                continue
            e.jokers_only = e.need > 0
        out.append(e)
    return out


def _search(live: int, n: int, W: int, by_low: Mapping[int, list[_Cand]],
            loose_cost: list[int], split: int = 0, twos: int = 0) -> tuple[int, list[_Cand], list[int]]:
    """The exact search: the cheapest split of the cards in ``live`` into candidate groups and
    loose cards, with ``W`` wilds. Returns its cost, the groups chosen and the loose cards.

    The lowest card left either stays loose or joins one of the candidates that start with it;
    each state (cards left, wilds left, caller runs extended) is solved once (memo). Ties keep
    the first choice found: loose before any group, then the candidates in their fixed order.

    With ``split`` (the jokers + 1, house k-a-2 ``no-group``) the wilds left are ``2s * split +
    jokers``: a group takes 2s before jokers, one marked ``jokers_only`` jokers alone."""
    if split:
        W = twos * split + split - 1

    def after(cand: _Cand, w: int) -> int:
        """The wilds left once ``cand`` has taken its own, or -1 when too few are left."""
        if not split:
            return w - cand.need
        t, j = divmod(w, split)
        need = cand.need
        if not cand.jokers_only:
            from_twos = min(need, t)
            t -= from_twos
            need -= from_twos
        return t * split + j - need if need <= j else -1

    # The state packed in one int: the memo's key.
    w_shift, used_shift = n, n + W.bit_length()
    memo: dict[int, tuple[int, _Cand | None]] = {}

    def solve(mask: int, w: int, used: int) -> int:
        if mask == 0:
            return 0
        key = mask | w << w_shift | used << used_shift
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        low_bit = mask & -mask
        c = low_bit.bit_length() - 1
        best = loose_cost[c] + solve(mask ^ low_bit, w, used)
        choice: _Cand | None = None
        if best > 0:
            for cand in by_low.get(c, ()):
                if cand.mask & mask != cand.mask or cand.token & used:
                    continue
                if not split:  # the family's rules: any wild goes anywhere (the hot path, inline)
                    if cand.need > w:
                        continue
                    w2 = w - cand.need
                elif (w2 := after(cand, w)) < 0:
                    continue
                v = cand.cost + solve(mask ^ cand.mask, w2, used | cand.token)
                if v < best:
                    best, choice = v, cand
                    if v == 0:
                        break
        memo[key] = (best, choice)
        return best

    total = solve(live, W, 0)

    # Rebuild the chosen splits.
    chosen: list[_Cand] = []
    loose: list[int] = []
    mask, w, used = live, W, 0
    while mask:
        step = memo[mask | w << w_shift | used << used_shift][1]
        if step is None:
            low_bit = mask & -mask
            loose.append(low_bit.bit_length() - 1)
            mask ^= low_bit
        else:
            chosen.append(step)
            mask ^= step.mask
            w = after(step, w)
            used |= step.token
    return total, chosen, loose


def _candidates(suit: list[int], num: list[int], n: int, W: int, wrap: bool = False) -> list[_Cand]:
    """Every natural core of a group that the wilds in hand can complete, in a fixed order. With
    ``wrap`` (k-a-2 round-the-corner) every rank also sits 13 places on, past the Ace (the 2 at 15,
    the 3 at 16, ...), and a run starts at a place from 1 to 13 (chips-ruling-k-a-2)."""
    out: list[_Cand] = []
    # chips-sets: any non-empty subset of one rank; a wild for each missing card up to three.
    counts = [0] * 15  # per rank
    held = [0, 0, 0, 0]  # per suit: a bit for each position held (Ace at 1 and 14; below)
    for s, x in zip(suit, num, strict=True):
        counts[x] += 1
        held[s] |= 1 << x
    for r in range(1, 14) if max(counts) + W >= 3 else ():
        k = counts[r]
        if k + W < 3:
            continue  # too few of this rank, even with every wild
        idx = [i for i in range(n) if num[i] == r]
        for sub in range(1, 1 << k):
            size = sub.bit_count()
            need = 3 - size if size < 3 else 0
            if need > W:
                continue
            m = 0
            for b in range(k):
                if sub >> b & 1:
                    m |= 1 << idx[b]
            out.append(_Cand(m, need, 0, "set", ()))
    # chips-runs: two or more naturals of one suit at distinct positions within 13; the wilds
    # fill the gaps (and make up three cards). Ace low (1) or high (14): chips-aces.
    if wrap:  # chips-ruling-k-a-2, round-the-corner: each rank again 13 places on (the Ace at 14)
        for s in range(4):
            held[s] |= held[s] << 13
    for s in range(4) if ACE_LOW in num and not wrap else ():
        if held[s] >> ACE_LOW & 1:
            held[s] |= 1 << ACE_HIGH
    for s in range(4):
        b = held[s]
        if W == 0 and not b & b >> 1 & b >> 2:
            continue  # without wilds a run needs three positions in a row
        entries = [(num[i], i) for i in range(n) if suit[i] == s]  # (position, index)
        if wrap:
            entries += [(p + 13, i) for p, i in entries]
        else:
            entries += [(ACE_HIGH, i) for p, i in entries if p == ACE_LOW]
        if len(entries) < 2:
            continue  # a run needs two naturals at least
        entries.sort()
        if W == 0 and len(entries) == b.bit_count():  # one card a position
            _consecutive_runs(entries, b, out)
            continue
        for j0, (p0, i0) in enumerate(entries):
            if p0 > KING:
                break  # a run starts at 1 to 13 (past the King only an Ace high, which starts none)
            _grow_run(entries, j0 + 1, p0, p0, 1, 1 << i0, [(i0, p0)], W, n, out)
    return out


def _consecutive_runs(entries: list[tuple[int, int]], held: int, out: list[_Cand]) -> None:
    """The runs of ``_grow_run`` when there is no wild and each position holds one card: every
    stretch of three or more consecutive positions, by start then length (the same order).
    ``held`` has a bit for each position in ``entries``."""
    index = dict(entries)  # position -> card (an Ace sits at 1 and 14; round the corner, all 13 on)
    for first, i0 in entries:
        if first > KING:
            break  # a run starts at 1 to 13
        if held >> first & 0b111 != 0b111:
            continue  # no three in a row start here
        m = 1 << i0
        pairs = [(i0, first)]
        p = first + 1
        while held >> p & 1 and p - first < MAX_RUN:
            i = index[p]
            if m >> i & 1:
                break  # one Ace is not both ends of a run
            m |= 1 << i
            pairs.append((i, p))
            if len(pairs) >= 3:
                out.append(_Cand(m, 0, 0, "run", tuple(pairs)))
            p += 1


def _grow_run(entries: list[tuple[int, int]], start: int, first: int, last: int, count: int, m: int,
              pos: list[tuple[int, int]], W: int, n: int, out: list[_Cand]) -> None:
    """Extend a run core rightwards through ``entries`` (position, index), in order."""
    for j in range(start, len(entries)):
        p, i = entries[j]
        if p == last or (m >> i) & 1:
            continue  # one card per position; one Ace used once
        if p - first + 1 > MAX_RUN:
            break
        # the wilds needed only grow as the run extends right: prune on the gaps so far
        gaps = (last - first + 1 - count) + (p - last - 1)
        if gaps > W:
            break
        span = p - first + 1
        need = (max(span, 3)) - (count + 1)
        pos2 = pos + [(i, p)]
        if need <= W:
            out.append(_Cand(m | 1 << i, need, 0, "run", tuple(pos2)))
        _grow_run(entries, j + 1, first, p, count + 1, m | 1 << i, pos2, W, n, out)


def _extensions(suit: list[int], num: list[int], n: int, W: int, g: Group, token: int,
                wrap: bool = False) -> list[_Cand]:
    """chips-lay-off: cards laid off at either end of a caller's run, one after another;
    wilds bridge the gaps (chips-lay-off-run-wild), a wild laid off may take an end and more
    cards follow it (chips-ruling-lay-off-wild); the run stays within 13 cards. With ``wrap``
    (k-a-2 round-the-corner) a run goes on round the corner at either end: above its top place a
    rank also sits 13 on, below its bottom 13 back (a King below an Ace low at 0), one card a
    place within 13 (chips-ruling-k-a-2)."""
    assert g.suit is not None
    s = _SUIT_INDEX[g.suit]
    lo, hi = g.lo, g.hi
    length = hi - lo + 1
    if wrap:
        down_entries = sorted(((p, i) for i in range(n) if suit[i] == s
                               for p in (num[i], num[i] - 13) if p < lo), reverse=True)
        up_entries = sorted((p, i) for i in range(n) if suit[i] == s for p in (num[i], num[i] + 13) if p > hi)
    else:
        down_entries = sorted(((num[i], i) for i in range(n) if suit[i] == s and num[i] < lo), reverse=True)
        up_entries = []
        for i in range(n):
            if suit[i] == s:
                p = ACE_HIGH if num[i] == ACE_LOW else num[i]
                if p > hi:
                    up_entries.append((p, i))
        up_entries.sort()

    def side(entries: list[tuple[int, int]], end: int, sign: int) -> list[tuple[int, int, int, int, list[tuple[int, int]]]]:
        # (mask, need, reach, count, pairs): reach = how many positions the side adds
        opts: list[tuple[int, int, int, int, list[tuple[int, int]]]] = [(0, 0, 0, 0, [])]

        def walk(start: int, last: int, count: int, m: int, pairs: list[tuple[int, int]]) -> None:
            for j in range(start, len(entries)):
                p, i = entries[j]
                if p == last or (m >> i) & 1:
                    continue
                reach = (p - end) * sign
                if length + reach > MAX_RUN:
                    break
                need = reach - (count + 1)
                if need > W:
                    break
                pairs2 = pairs + [(i, p)]
                opts.append((m | 1 << i, need, reach, count + 1, pairs2))
                walk(j + 1, p, count + 1, m | 1 << i, pairs2)

        walk(0, end, 0, 0, [])
        return opts

    downs = side(down_entries, lo, -1)
    ups = side(up_entries, hi, 1)
    out: list[_Cand] = []
    for dm, dn, dr, dc, dp in downs:
        for um, un, ur, uc, up in ups:
            if dm == 0 and um == 0:
                continue
            if dm & um or dn + un > W or length + dr + ur > MAX_RUN:
                continue
            cost = dc + uc + dn + un  # cards laid off, wilds included
            out.append(_Cand(dm | um, dn + un, cost, "ext", tuple(dp + up), token, lo - dr, hi + ur))
    return out


def _assemble(score: int, nat: list[Card], wild_cards: list[Card], chosen: list[_Cand],
              loose_idx: list[int], free: list[bool], callers: list[Group],
              runs: list[tuple[int, Group]], *, no_k_a_2: bool = False) -> Arrangement:
    wilds = list(wild_cards)
    groups: list[Group] = []
    laid: list[tuple[Card, int, str]] = []
    extended = list(callers)
    run_by_token = {1 << bit: j for bit, (j, _) in enumerate(runs)} if runs else {}
    for cand in chosen:
        if cand.kind == "set":
            cards = [nat[i] for i in range(len(nat)) if cand.mask >> i & 1]
            rank = cards[0].rank
            for _ in range(cand.need):
                cards.append(wilds.pop(0))  # a set is never jokers_only
            groups.append(Group("set", tuple(cards), rank=rank))
            continue
        pos = dict(cand.pos)
        if cand.kind == "run":
            first = min(pos.values())
            last = max(pos.values())
            if last - first + 1 < 3:  # make up three cards: upward if there is room, else down
                if first + 2 <= ACE_HIGH:
                    last = first + 2
                else:
                    first = last - 2
            slots: dict[int, Card] = {p: nat[i] for i, p in pos.items()}
            for p in range(first, last + 1):
                if p not in slots:
                    slots[p] = wilds.pop() if cand.jokers_only else wilds.pop(0)
            cards = [slots[p] for p in range(first, last + 1)]
            groups.append(Group("run", tuple(cards), suit=nat[cand.pos[0][0]].suit, lo=first))
            continue
        # "ext": lay off onto the caller's run, from its ends outwards.
        j = run_by_token[cand.token]
        g = extended[j]
        assert g.suit is not None
        slots = {p: nat[i] for i, p in pos.items()}
        new_cards = list(g.cards)
        for p in range(g.lo - 1, cand.ext_lo - 1, -1):
            card = slots.get(p) or (wilds.pop() if cand.jokers_only else wilds.pop(0))
            new_cards.insert(0, card)
            laid.append((card, j, position_rank(p).value + g.suit.value))
        for p in range(g.hi + 1, cand.ext_hi + 1):
            card = slots.get(p) or (wilds.pop() if cand.jokers_only else wilds.pop(0))
            new_cards.append(card)
            laid.append((card, j, position_rank(p).value + g.suit.value))
        # Round the corner a run laid off onto below its Ace low starts at the King's place, 13.
        extended[j] = Group("run", tuple(new_cards), suit=g.suit, lo=cand.ext_lo + 13 if cand.ext_lo < ACE_LOW
                            else cand.ext_lo)

    loose_idx.sort()
    loose = [nat[i] for i in loose_idx if not free[i]]
    for i in loose_idx if callers else ():
        if free[i]:  # chips-lay-off: onto the caller's set of its rank
            card = nat[i]
            j = next(k for k, g in enumerate(extended) if g.kind == "set" and g.rank is card.rank)
            laid.append((card, j, card.rank.value))
            g = extended[j]
            extended[j] = Group("set", g.cards + (card,), rank=g.rank)

    # Wilds left over score nothing; they join a group of the player's own when one can take
    # them (a set first, then a run with room), else three or more make a group of their own.
    while wilds:
        home = next((k for k, g in enumerate(groups) if g.kind == "set"), None)
        if home is not None:
            g = groups[home]
            groups[home] = Group("set", g.cards + tuple(wilds), rank=g.rank)
            wilds = []
            break
        # chips-ruling-k-a-2, no-group: a 2 never stands in a run with a natural King and high Ace.
        two = no_k_a_2 and wilds[0].number == 2
        home = next((k for k, g in enumerate(groups)
                     if g.kind == "run" and len(g.cards) < MAX_RUN and not (two and king_and_high_ace(g))), None)
        if home is None:
            break
        g = groups[home]
        if g.hi < ACE_HIGH:
            groups[home] = Group("run", g.cards + (wilds.pop(0),), suit=g.suit, lo=g.lo)
        else:
            groups[home] = Group("run", (wilds.pop(0),) + g.cards, suit=g.suit, lo=g.lo - 1)
    if len(wilds) >= 3:
        # chips-ruling-wild-groups: a group may be made only of wilds; arranged by the engine, with
        # no announcement, it is a set of 2s, which takes nothing but wilds (chips-ruling-wild-set-rank).
        groups.append(Group("set", tuple(wilds), rank=Rank.TWO))
        wilds = []
    loose.extend(wilds)
    return Arrangement(score, groups, loose, laid, extended)


# ---------------------------------------------------------------------------------------
# Records (the JSON of `rulebook score chips --jsonl` and of chips.js)


def json_repr(value: Any) -> str:
    import json

    try:
        return limits.clip(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        return limits.clip(repr(value))


def _packs_field(value: Any) -> int:
    return 1 if value is None else int_field(value, "packs", minimum=1, maximum=8)


def parse_group(rec: Any, where: str = "caller_groups[0]", *, house: Mapping[str, str] | None = None) -> Group:
    """One caller group from its record: ``{"kind": "set", "rank": "8", "cards": [...]}`` or
    ``{"kind": "run", "suit": "H", "cards": [...], "lo": 4}``. A wild stands for the place the
    record gives it and keeps it (chips-ruling-wild-stays); a group made only of wilds is what
    the record announces: a set of its ``rank``, or a run of its ``suit`` from ``lo``
    (chips-ruling-wild-set-rank)."""
    if not isinstance(rec, dict):
        raise RulebookError(f"{where}: expected an object with kind and cards, got {json_repr(rec)}")
    kind = rec.get("kind")
    allowed = {"set": {"kind", "rank", "cards"}, "run": {"kind", "suit", "cards", "lo"}}
    if not isinstance(kind, str) or kind not in allowed:
        raise RulebookError(f"{where}.kind: expected \"set\" or \"run\", got {json_repr(kind)}")
    extra = sorted(set(rec) - allowed[kind])
    if extra:
        raise RulebookError(f"{where}: unknown field {extra[0]!r} for a {kind}")
    cards = cards_field(rec.get("cards"), f"{where}.cards")
    try:
        if kind == "set":
            if "rank" not in rec:
                raise RulebookError("rank: missing (the rank the set is of, like \"8\")")
            return make_set(_parse_rank(rec["rank"]), cards)
        if "suit" not in rec:
            raise RulebookError("suit: missing (S, H, D or C)")
        lo = rec.get("lo")
        if lo is not None and (not isinstance(lo, int) or isinstance(lo, bool)):
            raise RulebookError(f"lo: expected a position from 1 to 14, got {json_repr(lo)}")
        return make_run(_parse_suit(rec["suit"]), cards, lo, house=house)
    except RulebookError as e:
        raise type(e)(f"{where}: {e}") from None


def parse_groups(value: Any, packs: int = 1, *, house: Mapping[str, str] | None = None) -> list[Group] | None:
    """The caller's groups as a player sees them when laying off: as the caller laid them down,
    or as the players before extended them (chips-ruling-layoff-order). Refused only when the
    game cannot deal them (limits.py: the number of groups, a run's length, a set's size)."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RulebookError(f"caller_groups: expected a list of groups or null, got {json_repr(value)}")
    # chips-call: the caller lays down one whole hand, at most ten cards in groups of three or
    # more, and laying off never adds a group (limits.CALLER_GROUPS).
    if len(value) > limits.CALLER_GROUPS:
        raise RulebookError(f"caller_groups: {len(value)} groups, but a caller's hand of at most {MAX_HAND} cards "
                            f"makes at most {limits.CALLER_GROUPS} groups of three or more")
    groups = [parse_group(g, f"caller_groups[{k}]", house=house) for k, g in enumerate(value)]
    for k, g in enumerate(groups):
        # A run is refused past 13 cards by make_run (limits.RUN_CARDS, chips-no-wrap); a set
        # holds its rank's cards and wilds, no more than the packs hold (limits.*_PER_PACK).
        if g.kind == "set" and len(g.cards) > (most := set_cards(g.rank, packs)):
            assert g.rank is not None
            pack_words = "one pack holds" if packs == 1 else f"{packs} packs hold"
            what = (f"{len(g.cards)} wilds in a group, but {pack_words} only {most} (four 2s and two jokers a pack)"
                    if g.rank is Rank.TWO else
                    f"{len(g.cards)} cards in a set of {g.rank.plural}, but {pack_words} only {most} that can "
                    f"stand as {g.rank.plural} (four {g.rank.plural} and six wilds a pack)")
            raise RulebookError(f"caller_groups[{k}]: {what}")
    return groups


def set_cards(rank: Rank | None, packs: int) -> int:
    """The most cards a set of ``rank`` can hold from ``packs`` packs: its rank's four cards a
    pack and the pack's six wilds (chips-sets, chips-wilds); a set of 2s only the wilds
    (chips-ruling-wild-set-rank)."""
    if rank is Rank.TWO:
        return packs * limits.WILDS_PER_PACK
    return packs * (limits.RANK_PER_PACK + limits.WILDS_PER_PACK)


def _check_hand(hand: list[Card], packs: int, extra: Sequence[Card] = (), what: str = "hand") -> None:
    if not hand:
        raise RulebookError(f"{what}: no cards (a Chips hand holds 1 to {MAX_HAND})")
    if len(hand) > MAX_HAND:
        raise RulebookError(f"{what}: {len(hand)} cards, but a Chips hand holds at most {MAX_HAND} "
                            f"(chips-hand-sizes)")
    check_copies(list(hand) + list(extra), packs, what=f"the {what} and the caller's groups" if extra else f"the {what}")


def score_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """``{"hand": [...], "packs": 1, "caller_groups": null}`` -> ``{"score", "groups", "loose", "laid_off", ...}``."""
    rec = check_fields(rec, ("hand",), ("packs", "caller_groups", "house"))
    house = house_options(rec.get("house"))
    hand = cards_field(rec["hand"], "hand")
    packs = _packs_field(rec.get("packs"))
    callers = parse_groups(rec.get("caller_groups"), packs, house=house)
    caller_cards = [c for g in callers or [] for c in g.cards]
    _check_hand(hand, packs, caller_cards)
    return best_arrangement(hand, callers, house=house).to_record()


# ---------------------------------------------------------------------------------------
# A round (chips-call, chips-lay-off, chips-ruling-layoff-order)


@dataclass
class RoundResult:
    caller_groups: list[Group]       # as extended by everyone's lay-offs
    results: list[Arrangement]       # the other players, in turn order from the caller's left

    @property
    def scores(self) -> list[int]:
        return [r.score for r in self.results]


def caller_arrangement(hand: Sequence[Card], *, house: Mapping[str, str] | None = None) -> list[Group]:
    """chips-call: the caller's whole hand, wilds included, must form groups (chips-ruling-whole-hand)."""
    arr = best_arrangement(hand, house=house)
    if arr.score != 0 or arr.loose:
        left = " ".join(format_card(c) for c in arr.loose)
        raise IllegalPlay(f"the caller's hand does not form groups: {left} would be left over")
    return arr.groups


def play_round(caller_groups: Sequence[Group], others: Sequence[Sequence[Card]], packs: int = 1, *,
               house: Mapping[str, str] | None = None, order: Sequence[int] | None = None) -> RoundResult:
    """Score every non-caller against the caller's groups. They lay off one at a time in turn
    order from the caller's left, each seeing the groups as extended by those before
    (chips-ruling-layoff-order), onto the caller's groups only (chips-ruling-lay-off-target);
    the caller scores 0 (chips-caller-scores-zero). Under the house rule lay-off-order
    ``as-laid`` they lay off in ``order`` (indexes into ``others``, the order the table laid
    off in; turn order when not given); the results stay in turn order."""
    groups = list(caller_groups)
    all_cards = [c for g in groups for c in g.cards] + [c for h in others for c in h]
    check_copies(all_cards, packs, what="the caller's groups and the hands")
    as_laid = order is not None and house_options(house)["lay-off-order"] == "as-laid"
    results: dict[int, Arrangement] = {}
    for k in (order if as_laid and order is not None else range(len(others))):
        arr = best_arrangement(others[k], groups, house=house)
        results[k] = arr
        groups = arr.extended
    return RoundResult(groups, [results[k] for k in range(len(others))])


def _layoff_order_field(value: Any, hands: int, house: Mapping[str, str]) -> list[int] | None:
    """``layoff_order``: each hand's index once, in the order the table laid off in (house
    lay-off-order ``as-laid``, chips-ruling-layoff-order)."""
    if value is None:
        return None
    if house["lay-off-order"] != "as-laid":
        raise RecordError("layoff_order: the order the table laid off in counts only under the house rule "
                          "lay-off-order as-laid (house: {\"lay-off-order\": \"as-laid\"}); "
                          "in turn order, leave it out")
    want = list(range(hands))
    if (not isinstance(value, list) or any(not isinstance(v, int) or isinstance(v, bool) for v in value)
            or sorted(value) != want):
        raise RecordError(f"layoff_order: expected each hand's index ({want[0]} to {want[-1]}) once, in the order "
                          f"the players laid off, not {show_value(value)}" if want else
                          f"layoff_order: there are no hands to lay off, not {show_value(value)}")
    return list(value)


def round_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """``{"caller": [...] | null, "caller_groups": [...] | null, "hands": [[...], ...], "packs": 1}``:
    the caller's hand (or groups as laid down) and the others' hands in turn order; with
    ``"house": {"lay-off-order": "as-laid"}``, ``"layoff_order": [1, 0, ...]`` the order the table
    laid off in (indexes into ``hands``)."""
    rec = check_fields(rec, ("hands",), ("caller", "caller_groups", "packs", "house", "layoff_order"))
    house = house_options(rec.get("house"))
    packs = _packs_field(rec.get("packs"))
    if rec.get("caller_groups") is not None:
        groups = parse_groups(rec["caller_groups"], packs, house=house) or []
    elif rec.get("caller") is not None:
        caller = cards_field(rec["caller"], "caller")
        _check_hand(caller, packs, what="caller")
        groups = caller_arrangement(caller, house=house)
    else:
        raise RulebookError("caller_groups: missing (the caller's groups, or caller: the caller's hand)")
    hands_v = rec.get("hands")
    if not isinstance(hands_v, list):
        raise RulebookError(f"hands: expected a list of hands, got {json_repr(hands_v)}")
    hands = [cards_field(h, f"hands[{k}]") for k, h in enumerate(hands_v)]
    for k, h in enumerate(hands):
        if not h or len(h) > MAX_HAND:
            raise RulebookError(f"hands[{k}]: a Chips hand holds 1 to {MAX_HAND} cards, not {len(h)}")
    order = _layoff_order_field(rec.get("layoff_order"), len(hands), house)
    res = play_round(groups, hands, packs, house=house, order=order)
    return {
        "scores": res.scores,
        "caller_groups": [g.to_record() for g in res.caller_groups],
        "results": [r.to_record() for r in res.results],
    }


# ---------------------------------------------------------------------------------------
# A game: chips-hand-sizes, chips-rotation, chips-winner, chips-tie-most-calls,
# chips-tie-round-totals


def seat_for_round(players: int, round_index: int, first_dealer: int = 0) -> tuple[int, int]:
    """(dealer, extra card) seats for a round: both move one seat left each round."""
    dealer = (first_dealer + round_index) % players
    return dealer, (dealer + 1) % players


@dataclass(frozen=True)
class Standing:
    ranking: list[list[str]]         # places, best first; a shared place lists several names
    decided_by: str | None           # what separated first place: see DECIDED_BY
    explanation: str
    totals: dict[str, int]
    calls: dict[str, int]
    finished: bool


#: decided_by values: "total", "calls", "round-9" ... "round-3", "shared", or None (one player).
def rank_game(players: Sequence[str], rounds: Sequence[Mapping[str, Any]]) -> Standing:
    """Lowest total wins (chips-winner); ties go to most chips called (chips-tie-most-calls),
    then the lower running total after the 9-card round, the 8-card round and so on back
    (chips-tie-round-totals, chips-ruling-round-totals); still level, they share the place (chips-ruling-shared-win)."""
    names = list(players)
    running: dict[str, list[int]] = {p: [] for p in names}
    calls = {p: 0 for p in names}
    for k, rnd in enumerate(rounds):
        scores = rnd["scores"]
        for p in names:
            prev = running[p][-1] if running[p] else 0
            running[p].append(prev + int(scores.get(p, 0)))
        called = rnd.get("called")
        if called is not None:
            calls[called] += 1
    totals = {p: (running[p][-1] if running[p] else 0) for p in names}
    played = len(rounds)

    def keys(p: str) -> list[tuple[str, int]]:
        ks = [("total", totals[p]), ("calls", -calls[p])]
        # after the final round comes the 9-card round (index 6), then 8-card ... back to 3
        for idx in range(played - 2, -1, -1):
            ks.append((f"round-{HAND_SIZES[idx] if idx < len(HAND_SIZES) else idx + 3}", running[p][idx]))
        return ks

    ordered = sorted(names, key=lambda p: [v for _, v in keys(p)])
    ranking: list[list[str]] = []
    for p in ordered:
        if ranking and [v for _, v in keys(ranking[-1][0])] == [v for _, v in keys(p)]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    decided_by, explanation = _explain(ranking, keys, totals, calls)
    return Standing(ranking, decided_by, explanation, totals, calls, played >= ROUNDS)


def _explain(ranking: list[list[str]], keys: Any, totals: dict[str, int], calls: dict[str, int]) -> tuple[str | None, str]:
    if not ranking:
        return None, "No players."
    first = ranking[0]
    if len(first) > 1:
        return "shared", f"{names_text(first)} share first place: level on every tie-breaker."
    if len(ranking) == 1:
        return None, f"{first[0]} is the only player."
    win, runner = keys(first[0]), keys(ranking[1][0])
    for (step, a), (_, b) in zip(win, runner, strict=True):
        if a != b:
            break
    w, r = first[0], ranking[1][0]
    level = [p for p in ranking[1] if keys(p)[0] == win[0]]
    if step == "total":
        return "total", f"{w} wins with the lowest total, {totals[w]}."
    tied = names_text([w] + level)
    if step == "calls":
        return "calls", (f"{tied} tie on {totals[w]}; {w} called chips {_times(calls[w])}, "
                         f"{r} {_times(calls[r])}: {w} wins.")
    size = step.split("-")[1]
    return step, (f"{tied} tie on {totals[w]} and on chips called; after the {size}-card round "
                  f"{w} had {a}, {r} {b}: {w} wins.")


def _times(n: int) -> str:
    return {0: "no times", 1: "once", 2: "twice"}.get(n, f"{n} times")


# ---------------------------------------------------------------------------------------
# Words for people (the CLI)


def describe(result: Mapping[str, Any]) -> list[str]:
    """A score record in lines a person reads."""
    lines: list[str] = []
    for meld in result.get("melds", []):
        cards = [parse_card(c) for c in meld["cards"]]
        if meld["kind"] == "set":
            g = Group("set", tuple(cards), rank=_parse_rank(meld["rank"]))
        else:
            g = Group("run", tuple(cards), suit=_parse_suit(meld["suit"]), lo=meld["lo"])
        lines.append(f"Group: {' '.join(meld['cards'])} - {g.describe()}")
    for lay in result.get("lay_offs", []):
        lines.append(f"Laid off: {lay['card']} on the caller's group {lay['group'] + 1} (as {lay['as']})")
    if result.get("loose"):
        parts = [f"{c} ({card_value(parse_card(c))})" for c in result["loose"]]
        lines.append("Loose: " + " ".join(parts))
    lines.append(f"Score: {result['score']}")
    return lines


# ---------------------------------------------------------------------------------------
# A round replayed move by move (the sample round of the page and the booklet)


@dataclass(frozen=True)
class ChipsMove:
    """One turn. The opening turn only discards (chips-opening-discard); every other turn takes
    a card from the deck or from the discard pile up to three deep (chips-turn,
    chips-discard-depth), then discards; ``call`` says chips after the discard (chips-call)."""

    discard: Card
    take: Literal["deck", "pile"] | None = None
    depth: int = 1
    call: bool = False


@dataclass(frozen=True)
class ChipsStep:
    number: int
    player: int
    move: ChipsMove
    taken: Card | None
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]      # bottom first; the last card is on top
    deck_left: int
    text: str

    def to_record(self) -> dict[str, Any]:
        return {
            "number": self.number, "player": self.player,
            "take": self.move.take, "depth": self.move.depth if self.move.take == "pile" else None,
            "taken": format_card(self.taken) if self.taken else None,
            "discard": format_card(self.move.discard), "call": self.move.call,
            "hands": [[format_card(c) for c in h] for h in self.hands],
            "pile": [format_card(c) for c in self.pile], "deck_left": self.deck_left, "text": self.text,
        }


def deal_round(deck: Sequence[Card], players: int, dealer: int, hand_size: int,
               extra: int | None = None) -> tuple[list[list[Card]], list[Card]]:
    """chips-deal: ``hand_size`` cards each, one at a time clockwise from the dealer's left, then
    the extra card to the player on the dealer's left (or to seat ``extra``, the variant
    chips-variant-random-extra). ``deck`` is top first; no card is turned up (the opening
    discard starts the pile)."""
    need = players * hand_size + 1
    if len(deck) < need:
        raise IllegalPlay(f"{players} players with {hand_size} cards each need {need} cards to deal, not {len(deck)}")
    hands: list[list[Card]] = [[] for _ in range(players)]
    k = 0
    for _ in range(hand_size):
        for seat in range(players):
            hands[(dealer + 1 + seat) % players].append(deck[k])
            k += 1
    hands[(dealer + 1) % players if extra is None else extra].append(deck[k])
    return hands, list(deck[k + 1:])


def replay_round(deck: Sequence[Card], moves: Sequence[ChipsMove], *, players: int, dealer: int,
                 hand_size: int, packs: int = 1, house: Mapping[str, str] | None = None,
                 extra: int | None = None) -> dict[str, Any]:
    """Replay one round from the deal; an illegal move raises IllegalPlay naming the move. The
    house rules: k-a-2 for the caller's groups and the lay-offs, throw-back, and with the
    variant random-extra the seat ``extra`` that was given the extra card opens
    (chips-ruling-random-extra-turns)."""
    chosen = house_options(house)
    check_copies(list(deck), packs, what="the deck")
    hands, stock = deal_round(deck, players, dealer, hand_size, extra)
    pile: list[Card] = []
    steps: list[ChipsStep] = []
    seat = (dealer + 1) % players if extra is None else extra
    caller: int | None = None
    last_turns_left = -1
    for number, move in enumerate(moves, start=1):
        where = f"move {number} (player {seat + 1})"
        if caller is not None and last_turns_left == 0:
            raise IllegalPlay(f"{where}: the round is over; everyone has had a last turn after the call")
        hand = hands[seat]
        taken: Card | None = None
        if number == 1:
            # chips-ruling-opening-discard: the opening discard is the whole first turn.
            if move.take is not None:
                raise IllegalPlay(f"{where}: the player with the extra card opens by discarding, without taking a card")
            if move.call:
                raise IllegalPlay(f"{where}: chips can be called only after taking and discarding a card on your turn")
        else:
            if move.take is None:
                raise IllegalPlay(f"{where}: take a card from the deck or the discard pile before discarding")
            if move.take == "deck":
                if not stock:
                    # chips-ruling-deck-runs-out: the discard pile but its top card, turned over
                    # without shuffling, becomes the deck (its bottom card is now on top).
                    if len(pile) < 2:
                        raise IllegalPlay(f"{where}: the deck is empty and the discard pile has no card to turn over")
                    stock, pile = pile[:-1], pile[-1:]
                taken = stock.pop(0)
            else:
                if not 1 <= move.depth <= 3:
                    raise IllegalPlay(f"{where}: a card can be taken at most three deep in the discard pile, not {move.depth} deep")
                if move.depth > len(pile):
                    raise IllegalPlay(f"{where}: the discard pile holds only {len(pile)} card(s), not {move.depth}")
                taken = pile.pop(len(pile) - move.depth)  # chips-ruling-discard-depth: that card alone
            hand.append(taken)
        # chips-ruling-throw-back: any card in the hand may go, the one just taken included
        # (house throw-back ``not-allowed``: not the card just taken from the pile, unless the
        # hand holds another just like it).
        if move.discard not in hand:
            raise IllegalPlay(f"{where}: cannot discard {format_card(move.discard)}, it is not in the hand")
        if (move.take == "pile" and move.discard == taken and chosen["throw-back"] == "not-allowed"
                and hand.count(move.discard) == 1):
            raise IllegalPlay(f"{where}: {format_card(move.discard)} was just taken from the discard pile, and at this "
                              "table it may not be thrown straight back (chips-ruling-throw-back)")
        hand.remove(move.discard)
        pile.append(move.discard)
        text = ""
        if move.call:
            if caller is not None:  # chips-ruling-after-the-call: one caller, one last turn each
                raise IllegalPlay(f"{where}: chips has already been called; the others only take a last turn")
            caller_arrangement(hand, house=chosen)  # raises when the hand does not group (chips-call)
            caller, last_turns_left = seat, players - 1
            text = "calls chips"
        elif caller is not None:
            last_turns_left -= 1
        steps.append(ChipsStep(number, seat, move, taken, tuple(tuple(sort_cards(h)) for h in hands),
                               tuple(pile), len(stock), text))
        seat = (seat + 1) % players
    result: dict[str, Any] = {"steps": [s.to_record() for s in steps], "finished": False, "caller": caller}
    if caller is not None and last_turns_left == 0:
        groups = caller_arrangement(hands[caller], house=chosen)
        order = [(caller + k) % players for k in range(1, players)]
        rnd = play_round(groups, [hands[p] for p in order], packs, house=chosen)
        scores = [0] * players
        for p, arr in zip(order, rnd.results, strict=True):
            scores[p] = arr.score
        result.update({
            "finished": True,
            "caller_groups": [g.to_record() for g in groups],
            "laid_down": [g.to_record() for g in rnd.caller_groups],
            "results": {str(p): arr.to_record() for p, arr in zip(order, rnd.results, strict=True)},
            "scores": scores,
        })
    return result


def _move_field(value: Any, where: str) -> ChipsMove:
    rec = check_fields(value, ("discard",), ("take", "depth", "call"))
    discard = cards_field([rec["discard"]], f"{where}.discard")[0]
    take = rec.get("take")
    if take not in (None, "deck", "pile"):
        raise RecordError(f"{where}.take must be \"deck\" or \"pile\", not {show_value(take)}")
    depth = int_field(rec.get("depth", 1), f"{where}.depth", minimum=1)
    call = rec.get("call", False)
    if not isinstance(call, bool):
        raise RecordError(f"{where}.call must be true or false, not {show_value(call)}")
    return ChipsMove(discard, take, depth, call)


def replay_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``{"players": 3, "dealer": 0, "hand_size": 3, "deck": [...top first], "moves": [{"discard": "7C"},
    {"take": "pile", "depth": 2, "discard": "KD", "call": false}, ...], "packs": 1}``; ``house`` the
    house options, ``extra`` the seat given the extra card (house variant random-extra)."""
    rec = check_fields(rec, ("players", "dealer", "hand_size", "deck", "moves"), ("packs", "house", "extra"))
    house = house_options(rec.get("house"))
    players = int_field(rec["players"], "players", minimum=2, maximum=32)
    dealer = int_field(rec["dealer"], "dealer", minimum=0, maximum=players - 1)
    extra = _extra_field(rec.get("extra"), players, house)
    size = int_field(rec["hand_size"], "hand_size", minimum=HAND_SIZES[0], maximum=HAND_SIZES[-1])
    deck = cards_field(rec["deck"], "deck")
    if not isinstance(rec["moves"], list):
        raise RecordError("moves must be a list of turns")
    moves = [_move_field(m, f"moves[{k}]") for k, m in enumerate(rec["moves"])]
    return replay_round(deck, moves, players=players, dealer=dealer, hand_size=size,
                        packs=_packs_field(rec.get("packs")), house=house, extra=extra)


#: chips-variant-random-extra: the variant is for nine or more at the table.
RANDOM_EXTRA_PLAYERS = 9


def _extra_field(value: Any, players: int, house: Mapping[str, str]) -> int | None:
    """``extra``: the seat given the extra card, under the house variant random-extra only."""
    if value is None:
        return None
    if house["random-extra"] != "played":
        raise RecordError("extra: the extra card goes to the player on the dealer's left (chips-deal); a seat of "
                          "its own only under the house variant random-extra (house: {\"random-extra\": \"played\"})")
    if players < RANDOM_EXTRA_PLAYERS:
        raise RecordError(f"extra: the random extra card is for {RANDOM_EXTRA_PLAYERS} or more players "
                          f"(chips-variant-random-extra), not {players}")
    return int_field(value, "extra", minimum=0, maximum=players - 1)


RECORDS = {"score": score_record, "round": round_record, "replay": replay_record}


# ---------------------------------------------------------------------------------------
# The score sheet's record (`rulebook rank chips --jsonl`, docs/assets/js/engine/rank/chips.js)

#: chips-players: two or more; the sheet takes up to this many names.
MAX_SHEET_PLAYERS = 20


def _check_keys(rec: Mapping[str, Any], where: str, known: Sequence[str]) -> None:
    for key in rec:
        if key not in known:
            at = f"{where}: " if where else ""
            raise RecordError(f"{at}unknown field {show_value(key)} (known: {', '.join(known)})")


def rank_record(rec: Any) -> dict[str, Any]:
    """One game from the score sheet, finished or not, ranked (chips-winner and the tie-breakers).

    In: ``{"players": ["Ann", "Bo"], "rounds": [{"scores": {"Ann": 0, "Bo": 12}, "called": "Ann"}]}``
    (``called`` null or missing when the sheet does not say). Out: ``{"ranking": [["Ann"], ["Bo"]],
    "decided_by": "total", "explanation": "...", "totals": {...}, "calls": {...}, "played": 1,
    "finished": false}``. The ranking itself is :func:`rank_game`'s."""
    if not isinstance(rec, dict):
        raise RulebookError(f"expected an object with players and rounds, not {show_value(rec)}")
    _check_keys(rec, "", ("players", "rounds"))
    if "players" not in rec:
        raise RulebookError("players: missing (the names in seating order)")
    names = players_field(rec["players"], 2, MAX_SHEET_PLAYERS, "Chips")
    rounds_v = rec.get("rounds", [])
    if not isinstance(rounds_v, list):
        raise RulebookError(f"rounds: expected a list of rounds, not {show_value(rounds_v)}")
    if len(rounds_v) > ROUNDS:
        raise RulebookError(f"rounds: a game of Chips has {ROUNDS} rounds (chips-hand-sizes), not {len(rounds_v)}")
    rounds: list[dict[str, Any]] = []
    for k, rnd in enumerate(rounds_v):
        where = f"rounds[{k}]"
        if not isinstance(rnd, dict):
            raise RulebookError(f"{where}: expected an object with scores and called, not {show_value(rnd)}")
        _check_keys(rnd, where, ("scores", "called"))
        scores = rnd.get("scores")
        if not isinstance(scores, dict):
            raise RulebookError(f"{where}.scores: expected an object of points by name, not {show_value(scores)}")
        for name in scores:
            if name not in names:
                raise RulebookError(f"{where}.scores: {show_value(name)} is not one of the players")
        for name in names:
            if name not in scores:
                raise RulebookError(f"{where}.scores.{limits.clip(name)}: missing (every player scores every round)")
            v = scores[name]
            if not isinstance(v, int) or isinstance(v, bool):
                raise RulebookError(f"{where}.scores.{limits.clip(name)}: expected a whole number of points, not {show_value(v)}")
            if v < 0:
                raise RulebookError(f"{where}.scores.{limits.clip(name)}: {limits.quote(v)} is negative; a score is 0 or more")
            if v > limits.MAX_POINTS:
                raise RulebookError(f"{where}.scores.{limits.clip(name)}: {limits.over_points(v)}")
        called = rnd.get("called")
        if called is not None:
            if called not in names:
                raise RulebookError(f"{where}.called: {show_value(called)} is not one of the players")
            if scores[called] != 0:
                # chips-caller-scores-zero
                raise RulebookError(f"{where}.scores.{limits.clip(called)}: {limits.clip(called)} called chips, "
                                    f"so scores 0 that round, not {limits.quote(scores[called])}")
        rounds.append({"scores": scores, "called": called})
    st = rank_game(names, rounds)
    return {
        "ranking": st.ranking,
        "decided_by": st.decided_by,
        "explanation": st.explanation,
        "totals": st.totals,
        "calls": st.calls,
        "played": len(rounds),
        "finished": st.finished,
    }


RECORDS["rank"] = rank_record
