"""Chains: the shedding game from northern Minnesota, as pure functions.

Source: ``shared/seeds/001_77427f642e86fa3a.txt``. Comments cite the rule ids of
``rules-data/chains.yaml``; the points the write-up leaves open are its rulings
(``rulings:`` there), each cited by id beside the code that follows it.

- ``hand_points``: what the cards left in a hand score (chains-scoring).
- ``judge_play``: is a card a legal play on the top card, of which kind, and may the
  player play again (chains-run, chains-flush, chains-royal, chains-same-rank,
  chains-multiple-decks, chains-ruling-ace and the three published variations).
- ``deal`` / ``replay_hand``: one hand replayed move by move, each move checked.
- ``game_result``: the totals and winners of a game of ten hands (chains-game).

House options (``HOUSE_OPTIONS``): the three variations are the options ``no-extra-play``,
``draw-after-royal`` and ``same-rank``, each ``not-played`` (the default) or ``played``. A
record gives them in ``house`` (``{"same-rank": "played"}``), in ``variant`` (the names of the
variations played), or both, as long as the two agree; the functions take ``house=`` beside
``variants=`` (``house_variants`` turns one into the other).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import Card, Rank, check_copies, format_card, format_cards
from ..errors import CardError, IllegalPlay
from ..limits import MAX_POINTS, clip, over_points, quote
from .fields import (
    HouseOption,
    RecordError,
    card_field,
    cards_field,
    check_fields,
    house_field,
    int_field,
    names_text,
    players_field,
    show_value,
)

#: chains-deal: five cards each.
HAND_SIZE = 5
#: chains-game: a game is ten hands.
HANDS_PER_GAME = 10

# chains-scoring: 2-9 ten points, 10/J/Q fifteen, K twenty, A twenty-five.
POINTS: dict[Rank, int] = {
    **{r: 10 for r in (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
                       Rank.NINE)},
    Rank.TEN: 15, Rank.JACK: 15, Rank.QUEEN: 15, Rank.KING: 20, Rank.ACE: 25,
}


class Variant(enum.Enum):
    """The three variations the source names (chains-variations)."""

    NO_EXTRA_PLAY = "no-extra-play"  # a royal earns no extra card
    DRAW_AFTER_ROYAL = "draw-after-royal"  # after a royal, a player who plays no other card draws one
    SAME_RANK = "same-rank"  # any card of equal rank may be played, like a king on a king


#: The house options this engine follows: each variation of chains-variations, as
#: rules-data/chains.yaml declares it (held equal to the game file by tests/test_house_engines.py).
HOUSE_OPTIONS: tuple[HouseOption, ...] = tuple(
    HouseOption(v.value, ("not-played", "played"), "not-played") for v in Variant)
#: The records that take a ``house`` field.
HOUSE_RECORDS = frozenset({"score", "play", "hand", "game"})


def house_variants(house: Mapping[str, str] | None = None) -> frozenset[Variant]:
    """The variations a house plays: ``{"same-rank": "played"}`` -> ``{Variant.SAME_RANK}``."""
    chosen = house_field(None if house is None else dict(house), HOUSE_OPTIONS)
    return frozenset(Variant(k) for k, v in chosen.items() if v == "played")


def _variants(variants: Iterable[Variant], house: Mapping[str, str] | None) -> frozenset[Variant]:
    return frozenset(variants) | (house_variants(house) if house is not None else frozenset())


class PlayKind(enum.Enum):
    RUN = "run"  # chains-run
    FLUSH = "flush"  # chains-flush
    ROYAL = "royal"  # chains-royal
    SAME = "same"  # chains-multiple-decks (or the same-rank variation)


@dataclass(frozen=True)
class Judgement:
    """Whether a card may go on the top card: ``kind`` is None when it may not."""

    legal: bool
    kind: PlayKind | None
    again: bool

    def as_record(self) -> dict[str, Any]:
        return {"legal": self.legal, "kind": None if self.kind is None else self.kind.value, "again": self.again}


ILLEGAL = Judgement(False, None, False)


def _no_joker(card: Card) -> None:
    # chains-ruling-jokers: standard decks without jokers.
    if card.is_joker:
        raise CardError("Chains is played without jokers: JK is not a Chains card")


def _check_decks(decks: int) -> None:
    if decks < 1:
        raise CardError(f"decks must be 1 or more, not {decks}")


def card_points(card: Card) -> int:
    """chains-scoring: the points one card left in a hand counts."""
    _no_joker(card)
    return POINTS[card.rank]


def hand_points(cards: Sequence[Card], *, decks: int = 1) -> int:
    """chains-scoring: the points of the cards left in a hand (0 for an empty hand)."""
    _check_decks(decks)
    for card in cards:
        _no_joker(card)
    check_copies(cards, decks, jokers=False)
    return sum(POINTS[c.rank] for c in cards)


def ranks_adjacent(a: Rank, b: Rank) -> bool:
    """One higher or lower; chains-ruling-ace: the ranks form a circle (K-A-2)."""
    return (a.number - b.number) % 13 in (1, 12)


def parse_variants(value: object) -> frozenset[Variant]:
    """``None``, one variant name, or a list of names; an unknown name lists the known ones.
    A list plays the variations together (chains-ruling-variations-combine)."""
    if value is None:
        return frozenset()
    names = [value] if isinstance(value, (str, Variant)) else value
    if not isinstance(names, (list, tuple, set, frozenset)):
        raise RecordError(f"variant must be null, a name or a list of names, not {quote(value)}")
    out: set[Variant] = set()
    for name in names:
        if isinstance(name, Variant):
            out.add(name)
            continue
        try:
            out.add(Variant(name))
        except ValueError:
            known = ", ".join(v.value for v in Variant)
            raise RecordError(f"unknown variant {quote(name)} (known: {known})") from None
    return frozenset(out)


def judge_play(top: Card, card: Card, *, decks: int = 1, variants: Iterable[Variant] = (),
               house: Mapping[str, str] | None = None) -> Judgement:
    """May ``card`` be played on ``top``, as which kind, and may the player play again?"""
    _no_joker(top)
    _no_joker(card)
    _check_decks(decks)
    variants = _variants(variants, house)
    if card == top and decks == 1:
        raise CardError(f"one deck holds only one {format_card(card)}: it cannot be played on itself")
    if card.rank is top.rank:
        # chains-same-rank: another card of the same rank is illegal, except the exact same card
        # when several decks are in use (chains-multiple-decks, chains-ruling-same-card), or any
        # with the same-rank variation.
        if card == top or Variant.SAME_RANK in variants:
            return Judgement(True, PlayKind.SAME, False)
        return ILLEGAL
    adjacent = ranks_adjacent(card.rank, top.rank)
    same_suit = card.suit is top.suit
    if adjacent and same_suit:
        # chains-royal: the player may play again, unless the no-extra-play variation is on; a
        # royal played as that extra card earns another (chains-ruling-royal-chain).
        return Judgement(True, PlayKind.ROYAL, Variant.NO_EXTRA_PLAY not in variants)
    if adjacent:
        return Judgement(True, PlayKind.RUN, False)  # chains-run
    if same_suit:
        return Judgement(True, PlayKind.FLUSH, False)  # chains-flush
    return ILLEGAL


# --- One hand, replayed move by move -------------------------------------------------------


class Action(enum.Enum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


@dataclass(frozen=True)
class Move:
    action: Action
    card: Card | None = None

    def __str__(self) -> str:
        return format_card(self.card) if self.card is not None else self.action.value


def parse_move(move: str | Move) -> Move:
    """``"8H"`` plays the eight of hearts; ``"draw"`` and ``"pass"`` are the other moves."""
    if isinstance(move, Move):
        return move
    if not isinstance(move, str):
        raise RecordError(f"a move is a card like '8H', 'draw' or 'pass', not {quote(move)}")
    word = move.strip().lower()
    if word in ("draw", "pass"):
        return Move(Action(word))
    return Move(Action.PLAY, card_field(move, "move"))


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: ``hands[i]`` is player i's; ``stock`` is top first."""

    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...]
    decks: int = 1


def deal(order: Sequence[Card], *, players: int, dealer: int, decks: int = 1) -> Deal:
    """chains-deal: one card at a time, clockwise from the dealer's left, until each player has
    five; the next card is turned face up; the rest is the stock. ``order`` is the shuffled deck,
    top first (it may stop short of the whole deck)."""
    _check_decks(decks)
    if players < 2:
        raise IllegalPlay(f"Chains needs 2 or more players, not {players}")
    if not 0 <= dealer < players:
        raise IllegalPlay(f"dealer must be a player from 0 to {players - 1}, not {dealer}")
    need = HAND_SIZE * players + 1
    if len(order) < need:
        raise IllegalPlay(f"{players} players need {need} cards to deal (five each and the upcard), "
                          f"not {len(order)}")
    for card in order:
        _no_joker(card)
    check_copies(order, decks, jokers=False, what="the deck")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(HAND_SIZE * players):
        hands[(dealer + 1 + i) % players].append(order[i])
    return Deal(players, dealer, tuple(tuple(h) for h in hands), order[need - 1], tuple(order[need:]), decks)


@dataclass(frozen=True)
class HandState:
    """A hand in play. ``pile`` is the discard pile, bottom first (its last card is on top)."""

    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    stock: tuple[Card, ...]
    turn: int
    decks: int = 1
    variants: frozenset[Variant] = frozenset()
    #: The player is on an extra play earned by a royal (chains-royal).
    again: bool = False
    #: Players who have finished a turn this hand (chains-first-turn).
    had_turn: frozenset[int] = frozenset()
    #: The player who went out, once the hand is over.
    out: int | None = None
    #: Passes in a row by players who could neither play nor draw (chains-ruling-deck-runs-out).
    stuck: int = 0
    #: Nobody could play and there was nothing to draw: the hand ended with nobody out.
    blocked: bool = False

    @property
    def top(self) -> Card:
        return self.pile[-1]

    @property
    def players(self) -> int:
        return len(self.hands)

    def playable(self, player: int | None = None) -> list[Card]:
        """The cards in a player's hand that may go on the top card, in hand order, once each."""
        hand = self.hands[self.turn if player is None else player]
        seen: list[Card] = []
        for card in hand:
            if card in seen or (card == self.top and self.decks == 1):
                continue
            if judge_play(self.top, card, decks=self.decks, variants=self.variants).legal:
                seen.append(card)
        return seen


@dataclass(frozen=True)
class Step:
    """One move as replayed: what happened and what the table looks like after it."""

    number: int
    player: int
    move: Move
    kind: PlayKind | None = None
    drew: Card | None = None
    again: bool = False
    went_out: bool = False
    top: Card | None = None

    def as_record(self) -> dict[str, Any]:
        return {
            "number": self.number, "player": self.player, "move": str(self.move),
            "kind": None if self.kind is None else self.kind.value,
            "drew": None if self.drew is None else format_card(self.drew),
            "again": self.again, "went_out": self.went_out,
            "top": None if self.top is None else format_card(self.top),
        }


def start_hand(dealt: Deal, *, variants: Iterable[Variant] = (), house: Mapping[str, str] | None = None) -> HandState:
    # chains-first-turn: the player to the dealer's left plays first, on the upcard.
    return HandState(
        hands=dealt.hands, pile=(dealt.upcard,), stock=dealt.stock,
        turn=(dealt.dealer + 1) % dealt.players, decks=dealt.decks, variants=_variants(variants, house),
    )


def _end_turn(state: HandState, **changes: Any) -> HandState:
    # chains-ruling-direction: the next seat to the left.
    changes.setdefault("stuck", 0)
    return replace(state, turn=(state.turn + 1) % state.players, again=False,
                   had_turn=state.had_turn | {state.turn}, **changes)


def apply_move(state: HandState, move: str | Move, number: int = 1) -> tuple[HandState, Step]:
    """Apply one move; ``IllegalPlay`` names the move number, the player and why it is illegal."""
    mv = parse_move(move)
    p = state.turn
    where = f"move {number} (player {p}, {mv})"
    if state.out is not None:
        raise IllegalPlay(f"{where}: the hand is over, player {state.out} went out")
    if state.blocked:
        raise IllegalPlay(f"{where}: the hand is over: nobody could play and there was nothing to draw")
    hand = state.hands[p]
    if mv.action is Action.PLAY:
        assert mv.card is not None
        card = mv.card
        if card not in hand:
            raise IllegalPlay(f"{where}: player {p} holds no {format_card(card)}")
        if card == state.top and state.decks == 1:
            raise IllegalPlay(f"{where}: one deck holds only one {format_card(card)}")
        verdict = judge_play(state.top, card, decks=state.decks, variants=state.variants)
        if not verdict.legal:
            raise IllegalPlay(f"{where}: {format_card(card)} may not go on {format_card(state.top)} "
                              f"(not a run, a flush or a royal)")
        i = hand.index(card)
        new_hand = hand[:i] + hand[i + 1:]
        hands = state.hands[:p] + (new_hand,) + state.hands[p + 1:]
        pile = state.pile + (card,)
        if not new_hand:
            # The hand ends the moment a player has no cards, even after a royal
            # (chains-ruling-royal-last-card).
            done = replace(state, hands=hands, pile=pile, out=p, again=False,
                           had_turn=state.had_turn | {p})
            return done, Step(number, p, mv, verdict.kind, went_out=True, top=card)
        if verdict.again:  # chains-royal: the same player may play another card (chains-ruling-royal-chain)
            nxt = replace(state, hands=hands, pile=pile, again=True)
        else:
            nxt = _end_turn(state, hands=hands, pile=pile)
        return nxt, Step(number, p, mv, verdict.kind, again=verdict.again, top=card)

    can_play = state.playable()
    stock, pile = state.stock, state.pile
    if not stock and len(pile) > 1:
        # chains-draw (chains-ruling-deck-runs-out): the pile under the top card, turned over
        # without shuffling, is the new stock.
        stock, pile = pile[:-1], pile[-1:]
    nothing_to_draw = not stock

    if state.again:
        # After a royal the extra card is optional (chains-ruling-royal); stopping costs nothing,
        # except with the draw-after-royal variation, where the player draws one card.
        draws = Variant.DRAW_AFTER_ROYAL in state.variants and not nothing_to_draw
        if mv.action is Action.DRAW and not draws:
            why = ("there is nothing to draw" if nothing_to_draw else
                   "after a royal a player who plays no other card passes without drawing "
                   "(draw only with the draw-after-royal variation)")
            raise IllegalPlay(f"{where}: {why}")
        if mv.action is Action.PASS and draws:
            raise IllegalPlay(f"{where}: with the draw-after-royal variation, a player who plays "
                              "no other card after a royal draws one")
    else:
        if can_play:  # chains-ruling-must-play: draw only when you cannot play
            raise IllegalPlay(f"{where}: player {p} can play {format_card(can_play[0])} on "
                              f"{format_card(state.top)}, so must play a card")
        first_turn = p not in state.had_turn  # chains-ruling-first-turn: each player's first turn of this hand
        if mv.action is Action.DRAW:
            if first_turn:
                raise IllegalPlay(f"{where}: on a first turn a player who cannot play passes "
                                  "without drawing")
            if nothing_to_draw:
                raise IllegalPlay(f"{where}: there is nothing to draw; pass")
        elif not first_turn and not nothing_to_draw:
            raise IllegalPlay(f"{where}: a player who cannot play after the first turn draws a card")

    if mv.action is Action.DRAW:
        drawn = stock[0]
        hands = state.hands[:p] + (hand + (drawn,),) + state.hands[p + 1:]
        nxt = _end_turn(state, hands=hands, stock=stock[1:], pile=pile)
        return nxt, Step(number, p, mv, drew=drawn, top=pile[-1])
    if nothing_to_draw and not can_play and not state.again:
        # chains-ruling-deck-runs-out, chains-ruling-blocked: when every player in turn can
        # neither play nor draw, the hand ends there and everyone counts the cards they hold.
        stuck = state.stuck + 1
        return _end_turn(state, stuck=stuck, blocked=stuck >= state.players, stock=stock, pile=pile), \
            Step(number, p, mv, top=state.top)
    return _end_turn(state), Step(number, p, mv, top=state.top)


@dataclass(frozen=True)
class HandReplay:
    state: HandState
    steps: tuple[Step, ...] = field(default=())

    @property
    def finished(self) -> bool:
        return self.state.out is not None or self.state.blocked

    def scores(self) -> tuple[int, ...]:
        """chains-scoring: the player who went out scores 0, the others their cards' points (a
        blocked hand: everyone counts what they hold)."""
        if not self.finished:
            raise IllegalPlay("the hand is not over yet: nobody has gone out")
        return tuple(hand_points(h, decks=self.state.decks) for h in self.state.hands)


def replay_hand(dealt: Deal, moves: Iterable[str | Move], *, variants: Iterable[Variant] = (),
                house: Mapping[str, str] | None = None) -> HandReplay:
    """Replay a hand from its deal; the first illegal move raises ``IllegalPlay``."""
    state = start_hand(dealt, variants=variants, house=house)
    steps: list[Step] = []
    for number, move in enumerate(moves, start=1):
        state, step = apply_move(state, move, number)
        steps.append(step)
    return HandReplay(state, tuple(steps))


# --- A game of ten hands -------------------------------------------------------------------


def dealer_of_hand(first_dealer: int, hand_number: int, players: int) -> int:
    """chains-deal: the deal passes one player to the left each hand (hand_number from 1)."""
    if hand_number < 1:
        raise IllegalPlay(f"hands are numbered from 1, not {hand_number}")
    return (first_dealer + hand_number - 1) % players


@dataclass(frozen=True)
class GameResult:
    """chains-game: running totals; the lowest total wins, equal lowest totals share the win.

    ``winners`` are the players with the lowest total so far; the game is ``complete`` after
    ten hands."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands_played: int

    @property
    def complete(self) -> bool:
        return self.hands_played == HANDS_PER_GAME


def game_result(players: int, hand_scores: Sequence[Sequence[int]]) -> GameResult:
    # chains-ruling-players: two or more, no upper limit; chains-ruling-tie: every player on the
    # lowest total wins (they share the win).
    if players < 2:
        raise IllegalPlay(f"Chains needs 2 or more players, not {players}")
    if len(hand_scores) > HANDS_PER_GAME:
        raise IllegalPlay(f"a game of Chains is {HANDS_PER_GAME} hands, not {len(hand_scores)}")
    totals = [0] * players
    for n, row in enumerate(hand_scores, start=1):
        if len(row) != players:
            raise IllegalPlay(f"hand {n} has {len(row)} scores for {players} players")
        for i, s in enumerate(row):
            if s < 0:
                raise IllegalPlay(f"hand {n}: player {i} scores {s}, but scores are never negative")
            totals[i] += s
    low = min(totals)
    return GameResult(tuple(totals), tuple(i for i, t in enumerate(totals) if t == low), len(hand_scores))


# --- JSON records ---------------------------------------------------------------------------


def _decks(rec: dict[str, Any]) -> int:
    return int_field(rec.get("decks", 1), "decks", minimum=1, maximum=8)


def record_variants(rec: dict[str, Any]) -> frozenset[Variant]:
    """The variations a record plays: those its ``variant`` names and those its ``house`` sets to
    ``played``. Naming a variation in ``variant`` that ``house`` says is ``not-played`` is refused."""
    named = parse_variants(rec.get("variant"))
    raw = rec.get("house")
    house = house_field(raw, HOUSE_OPTIONS)
    for v in sorted(named, key=lambda v: v.value):
        if isinstance(raw, dict) and raw.get(v.value) == "not-played":
            raise RecordError(f"house.{v.value}: 'not-played' contradicts variant, which names "
                              f"{quote(v.value)} as played; give one or the other")
    return named | house_variants(house)


def score_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``{"hand": ["7H", "KD"], "decks": 1}`` -> ``{"score": 30}``. A ``house`` is checked; no
    variation changes what a card scores."""
    rec = check_fields(rec, ("hand",), ("decks", "house"))
    house_field(rec.get("house"), HOUSE_OPTIONS)
    cards = cards_field(rec["hand"], "hand")
    return {"score": hand_points(cards, decks=_decks(rec))}


def play_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``{"top": "7H", "card": "8H", "decks": 1, "variant": null}`` ->
    ``{"legal": true, "kind": "royal", "again": true}``."""
    rec = check_fields(rec, ("top", "card"), ("decks", "variant", "house"))
    top = card_field(rec["top"], "top")
    card = card_field(rec["card"], "card")
    variants = record_variants(rec)
    return judge_play(top, card, decks=_decks(rec), variants=variants).as_record()


def game_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``{"players": 3, "hands": [[0, 20, 35], ...]}`` (players may be a list of names) ->
    ``{"totals": [...], "winners": [...], "complete": false}``. A ``house`` is checked; no
    variation changes how a game is won."""
    rec = check_fields(rec, ("players", "hands"), ("house",))
    house_field(rec.get("house"), HOUSE_OPTIONS)
    players = rec["players"]
    # A table, not a stadium: the score sheet's bound (10**7 players once wrote 119 MB).
    if isinstance(players, list):
        count = len(players)
        if count > MAX_SHEET_PLAYERS:
            raise RecordError(f"players: at most {MAX_SHEET_PLAYERS} players, not {count}")
    else:
        count = int_field(players, "players", minimum=2, maximum=MAX_SHEET_PLAYERS)
    rows = rec["hands"]
    if not isinstance(rows, list):
        raise RecordError(f"hands must be a list of per-hand score lists, not {quote(rows)}")
    scores: list[list[int]] = []
    for n, row in enumerate(rows):
        if not isinstance(row, list):
            raise RecordError(f"hands[{n}] must be a list of scores, not {quote(row)}")
        scores.append([int_field(s, f"hands[{n}][{i}]", minimum=0) for i, s in enumerate(row)])
    result = game_result(count, scores)
    return {"totals": list(result.totals), "winners": list(result.winners), "complete": result.complete}


def hand_record(rec: dict[str, Any]) -> dict[str, Any]:
    """Replay a hand: ``{"players": 3, "dealer": 0, "deck": [...top first], "moves": ["8H", "draw"],
    "decks": 1, "variant": null}`` -> the steps, the hands left, and the scores once someone is out."""
    rec = check_fields(rec, ("players", "dealer", "deck", "moves"), ("decks", "variant", "house"))
    players = int_field(rec["players"], "players", minimum=2, maximum=20)
    dealer = int_field(rec["dealer"], "dealer", minimum=0, maximum=players - 1)
    order = cards_field(rec["deck"], "deck")
    moves = rec["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"moves must be a list like [\"8H\", \"draw\"], not {quote(moves)}")
    dealt = deal(order, players=players, dealer=dealer, decks=_decks(rec))
    variants = record_variants(rec)
    replay = replay_hand(dealt, [parse_move(m) for m in moves], variants=variants)
    st = replay.state
    return {
        "dealt": [format_cards(h) for h in dealt.hands],
        "upcard": format_card(dealt.upcard),
        "steps": [s.as_record() for s in replay.steps],
        "hands": [format_cards(h) for h in st.hands],
        "top": format_card(st.top),
        "turn": None if st.out is not None or st.blocked else st.turn,
        "out": st.out,
        "scores": list(replay.scores()) if replay.finished else None,
    }


RECORDS = {"score": score_record, "play": play_record, "game": game_record, "hand": hand_record}


# --- The score sheet's record (`rulebook rank chains --jsonl`, docs/assets/js/engine/rank/chains.js)

#: The score sheet takes up to this many names.
MAX_SHEET_PLAYERS = 20


def _places(names: Sequence[str], key: dict[str, int]) -> list[list[str]]:
    """Best (lowest key) first; equal keys share a place, in seating order."""
    ranking: list[list[str]] = []
    for p in sorted(names, key=lambda p: key[p]):
        if ranking and key[ranking[-1][0]] == key[p]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    return ranking


def rank_record(rec: object) -> dict[str, Any]:
    """A game from the score sheet, finished or not (chains-game): lowest total wins, equal
    lowest totals share the win.

    In: ``{"players": ["Ann", "Bo"], "hands": [{"Ann": 0, "Bo": 35}, ...]}`` (up to ten hands,
    the points each player scored). Out: ``{"ranking": [["Ann"], ["Bo"]], "decided_by": "total"
    | "shared", "explanation": "...", "totals": {...}, "played": 1, "finished": false}``."""
    if not isinstance(rec, dict):
        raise RecordError(f"expected an object with players and hands, not {show_value(rec)}")
    for key in rec:
        if key not in ("players", "hands"):
            raise RecordError(f"unknown field {show_value(key)} (known: players, hands)")
    if "players" not in rec:
        raise RecordError("players: missing (the names in seating order)")
    names = players_field(rec["players"], 2, MAX_SHEET_PLAYERS, "Chains")
    hands = rec.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError(f"hands: expected a list of hands, not {show_value(hands)}")
    if len(hands) > HANDS_PER_GAME:
        raise RecordError(f"hands: a game of Chains is {HANDS_PER_GAME} hands (chains-game), not {len(hands)}")
    totals = {p: 0 for p in names}
    for k, row in enumerate(hands):
        where = f"hands[{k}]"
        if not isinstance(row, dict):
            raise RecordError(f"{where}: expected an object of points by name, not {show_value(row)}")
        for name in row:
            if name not in names:
                raise RecordError(f"{where}: {show_value(name)} is not one of the players")
        out = []
        for name in names:
            if name not in row:
                raise RecordError(f"{where}.{clip(name)}: missing (every player scores every hand)")
            v = row[name]
            if not isinstance(v, int) or isinstance(v, bool):
                raise RecordError(f"{where}.{clip(name)}: expected a whole number of points, not {show_value(v)}")
            if v < 0:
                raise RecordError(f"{where}.{clip(name)}: {quote(v)} is negative; a score is 0 or more")
            if v > MAX_POINTS:
                raise RecordError(f"{where}.{clip(name)}: {over_points(v)}")
            if v % 5 or v == 5:
                # chains-scoring: every card counts 10, 15, 20 or 25.
                raise RecordError(f"{where}.{clip(name)}: {quote(v)} cannot be scored; cards count 10, 15, 20 or 25 "
                                  "(chains-scoring)")
            if v == 0:
                out.append(name)
        if len(out) != 1:
            # A hand ends when one player goes out (scoring 0); everyone else holds a card.
            said = "nobody scores 0" if not out else f"{names_text(out)} all score 0"
            raise RecordError(f"{where}: {said}, but exactly one player goes out each hand and scores 0")
        for name in names:
            totals[name] += row[name]
    ranking = _places(names, totals)
    first = ranking[0]
    if len(first) > 1:
        decided_by = "shared"
        explanation = f"{names_text(first)} share first place on {totals[first[0]]}."
    else:
        decided_by = "total"
        explanation = f"{first[0]} has the lowest total, {totals[first[0]]}."
    return {
        "ranking": ranking,
        "decided_by": decided_by,
        "explanation": explanation,
        "totals": totals,
        "played": len(hands),
        "finished": len(hands) == HANDS_PER_GAME,
    }


RECORDS["rank"] = rank_record
