"""Cards: notation, names and decks.

Cards are written ``8H``, ``10S``, ``QD``, ``JK`` in data and code. ``parse_card`` and
``format_card`` are a pair: ``format_card(parse_card(s))`` is the canonical spelling of
``s``. Input may use ``T`` for ten, suit symbols (``7♥``) and any letter case.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import CardError
from .limits import clip


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons, so identity hashing is exact, and it is a C call: Enum's own
    # __hash__ is Python code, and the engines look cards up in dicts in their inner loops.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def noun(self) -> str:
        """Plural English name: 'hearts'."""
        return self.name.lower()


class Rank(enum.Enum):
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"

    __hash__ = object.__hash__  # as Suit's

    @property
    def number(self) -> int:
        """Ace 1, two 2 ... ten 10, jack 11, queen 12, king 13; joker 0."""
        return _RANK_NUMBER[self]

    @property
    def noun(self) -> str:
        return _RANK_NOUN[self]

    @property
    def plural(self) -> str:
        return _RANK_PLURAL[self]


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The Unicode text-presentation selector: keeps ♥ from turning into an emoji.
TEXT_PRESENTATION = "\ufe0e"

_RANK_NUMBER = {r: i for i, r in enumerate(Rank, start=1)}
_RANK_NUMBER[Rank.JOKER] = 0
_RANK_NOUN = {
    Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four",
    Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight",
    Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen",
    Rank.KING: "king", Rank.JOKER: "joker",
}
_RANK_PLURAL = {r: (n + "es" if n == "six" else n + "s") for r, n in _RANK_NOUN.items()}

#: Ranks in pack order, without the joker.
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)
SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


@dataclass(frozen=True, order=False)
class Card:
    """One playing card. A joker has ``suit=None``."""

    rank: Rank
    suit: Suit | None = None
    #: Worked out once, for the engines' inner loops: ``rank.number`` (joker 0) and the suit's
    #: place in ``SUITS`` (4 for a joker). Not part of equality or the repr.
    number: int = field(init=False, repr=False, compare=False)
    suit_index: int = field(init=False, repr=False, compare=False)
    #: ``suit_index * 16 + number``: sorting by it is the engines' order (by suit, then rank).
    order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardError(f"a {self.rank.noun} needs {'no' if self.rank is Rank.JOKER else 'a'} suit")
        object.__setattr__(self, "number", _RANK_NUMBER[self.rank])
        object.__setattr__(self, "suit_index", 4 if self.suit is None else _SUIT_ORDER[self.suit])
        object.__setattr__(self, "order", self.suit_index * 16 + self.number)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"parse_card({format_card(self)!r})"


JOKER = Card(Rank.JOKER)

_RANK_INPUT = {r.value: r for r in Rank}
_RANK_INPUT["T"] = Rank.TEN
_SUIT_INPUT = {s.value: s for s in Suit}
_SUIT_INPUT.update({sym: s for s, sym in _SUIT_SYMBOL.items()})
_SUIT_INPUT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

_PARSED: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """Read one card: ``"10h"``, ``"TH"``, ``"10♥"``, ``"jk"`` all work.

    >>> parse_card("th")
    parse_card('10H')
    """
    card = _PARSED.get(text)
    if card is not None:
        return card
    if not isinstance(text, str):
        raise CardError(f"a card must be written as text like '8H', not {clip(repr(text))}")
    raw = text.strip().replace(TEXT_PRESENTATION, "").replace("\ufe0f", "").upper()
    if raw in ("JK", "JOKER", "🃏"):
        card = JOKER
    else:
        rank = _RANK_INPUT.get(raw[:-1]) if len(raw) >= 2 else None
        suit = _SUIT_INPUT.get(raw[-1:]) if raw else None
        if rank is None or suit is None or rank is Rank.JOKER:
            raise CardError(
                f"unknown card {clip(repr(text))}: write a rank (A 2-10 J Q K, T for ten) and a suit "
                f"(S H D C), like '8H' or '10S', or JK for a joker"
            )
        card = Card(rank, suit)
    if len(_PARSED) < 4096:
        _PARSED[text] = card
    return card


def format_card(card: Card) -> str:
    """Canonical notation: ``10H``, ``QS``, ``JK``."""
    if card.suit is None:
        return "JK"
    return card.rank.value + card.suit.value


def card_symbol(card: Card, *, text_presentation: bool = True) -> str:
    """What people see: ``8♥`` (with the text-presentation selector unless told not to)."""
    if card.suit is None:
        return "🃏" if not text_presentation else "Joker"
    vs = TEXT_PRESENTATION if text_presentation else ""
    return f"{card.rank.value}{card.suit.symbol}{vs}"


def spoken_name(card: Card) -> str:
    """The name a screen reader says: 'ten of hearts', 'joker'."""
    if card.suit is None:
        return "joker"
    return f"{card.rank.noun} of {card.suit.noun}"


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Read several cards from a list, or from one string split on spaces and commas."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return [parse_card(c) for c in cards]


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def build_deck(packs: int = 1, *, jokers: bool = True) -> list[Card]:
    """``packs`` standard packs of 52, each with two jokers when ``jokers``."""
    one = [Card(r, s) for s in SUITS for r in RANKS]
    if jokers:
        one += [JOKER, JOKER]
    return one * packs


def check_copies(cards: Sequence[Card], packs: int, *, jokers: bool = True, what: str = "the cards") -> None:
    """Refuse more copies of one card than ``packs`` packs hold (2 jokers a pack)."""
    if packs < 1:
        raise CardError(f"packs must be 1 or more, not {packs}")
    for card, n in Counter(cards).items():
        if card.is_joker:
            if not jokers:
                raise CardError(f"a joker in {what}, but this game is played without jokers")
            limit = 2 * packs
        else:
            limit = packs
        if n > limit:
            pack_words = "one pack holds" if packs == 1 else f"{packs} packs hold"
            raise CardError(
                f"{n} copies of {format_card(card)} in {what}, but {pack_words} only {limit}"
            )
