"""3 Chip Stack: the little betting game with poker chips, as pure functions.

Source: ``shared/seeds/002_020fca9a92ffa833.txt``. Comments cite the rule ids of
``rules-data/3-chip-stack.yaml``; the points the write-up leaves open are its rulings
(``rulings:`` there), each cited by id beside the code that follows it.

- ``strength`` / ``hand_key``: the card order, 3 > A > K > ... > 4 > 2 (three-chip-stack-ranking).
- ``showdown``: who wins, at which card, and how the pot splits (-showdown, -split,
  -ruling-odd-chip).
- ``start_hand`` / ``apply_action`` / ``end_exchange`` / ``settle``: the chips of one hand,
  action by action (-ante, -first-round, -fold-first, -exchange, -second-round, -fold-second).
- ``players_in`` / ``next_dealer`` / ``game_over``: elimination and the end of the game.

House options (``HOUSE_OPTIONS``, the ``option:`` of two rulings): ``odd-chip`` (where the chips
left over from a split pot go: ``winners``, the default, ``dealer`` or ``next-hand``) and
``passed-chip`` (a chip passed on a fold is the dealer's ``at-once``, the default, or only
``after-hand``). They are one mapping, ``{"odd-chip": "dealer"}``, given to ``showdown`` and
``start_hand`` (the hand's state carries it to ``apply_action``, ``options`` and ``settle``) and
read from a record's ``house`` field; left out, every answer is the family's.

Seats are numbered 0..n-1 clockwise, so "the player to the left" of seat i is seat i+1.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import limits
from ..cards import Card, Rank, check_copies, format_card, format_cards
from ..errors import CardError, IllegalPlay
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

HAND_SIZE = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: three-chip-stack-ante: the dealer always stacks 3 chips.
DEALER_STACK = 3
#: three-chip-stack-first-round: the minimum bet of the first round.
FIRST_ROUND_MINIMUM = 3
#: three-chip-stack-fold-first: a first-round fold without a bet passes the dealer one chip.
FOLD_CHIP = 1

#: The house options this engine follows, as rules-data/3-chip-stack.yaml declares them
#: (held equal to the game file by tests/test_house_engines.py).
HOUSE_OPTIONS: tuple[HouseOption, ...] = (
    # three-chip-stack-ruling-odd-chip: the chips a split pot leaves over.
    HouseOption("odd-chip", ("next-hand", "dealer", "winners"), "winners"),
    # three-chip-stack-ruling-passed-chip: when the dealer gets a chip passed on a fold.
    HouseOption("passed-chip", ("at-once", "after-hand"), "at-once"),
)
#: The records that take a ``house`` field (the others answer the same under every house).
HOUSE_RECORDS = frozenset({"showdown", "hand", "rank"})
DEFAULT_HOUSE: dict[str, str] = {o.id: o.default for o in HOUSE_OPTIONS}


def house_options(house: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every option, checked, the defaults filled in for those ``house`` leaves out."""
    return house_field(None if house is None else dict(house), HOUSE_OPTIONS)

# three-chip-stack-ranking: 3 is best, then A K Q J 10 ... 4; a 2 is worthless (lowest).
_ORDER = (Rank.TWO, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
          Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.THREE)
STRENGTH: dict[Rank, int] = {r: i for i, r in enumerate(_ORDER)}


def strength(card: Card) -> int:
    """three-chip-stack-ranking: higher is better; suits never matter."""
    if card.is_joker:
        raise CardError("3 Chip Stack is played without jokers: JK is not a 3 Chip Stack card")
    return STRENGTH[card.rank]


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """A hand best card first (stable, so equal ranks keep their order)."""
    return sorted(cards, key=strength, reverse=True)


def hand_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """three-chip-stack-showdown: compare the best cards, then the next, then the third.

    Pairs and triples count for nothing, so the key is just the strengths, best first; suits
    never come into it (three-chip-stack-ruling-suits)."""
    if len(cards) != HAND_SIZE:
        raise IllegalPlay(f"a 3 Chip Stack hand is {HAND_SIZE} cards, not {len(cards)}: "
                          f"{' '.join(format_cards(cards)) or 'no cards'}")
    return tuple(sorted((strength(c) for c in cards), reverse=True))


@dataclass(frozen=True)
class Showdown:
    """``winners`` index the hands; ``decided_by`` is the card position (1-3) at which the winners
    beat the best of the rest, None when every hand ties; ``shares`` is each hand's part of the pot."""

    winners: tuple[int, ...]
    decided_by: int | None
    shares: tuple[int, ...]
    #: The chips a split leaves over and where they go, under the house rule odd-chip ``dealer``
    #: or ``next-hand`` (``odd_to`` is None under ``winners``: the odd chips are in the shares).
    odd: int = 0
    odd_to: str | None = None

    def as_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winners": list(self.winners), "decided_by": self.decided_by,
                               "shares": list(self.shares)}
        if self.odd_to is not None:
            out |= {"odd": self.odd, "odd_to": self.odd_to}
        return out


def divide_pot(pot: int, winners: Sequence[int], hands: int,
               house: Mapping[str, str] | None = None) -> tuple[tuple[int, ...], int]:
    """three-chip-stack-split: equal shares, and the chips left over (three-chip-stack-ruling-odd-chip):
    under ``winners`` they go one each to the tied winners in the order given (turn order from the
    dealer's left) and none are left; under ``dealer`` or ``next-hand`` they are returned apart."""
    if pot < 0:
        raise IllegalPlay(f"a pot is never negative, not {pot}")
    if not winners:
        raise IllegalPlay("a pot needs at least one winner")
    each, odd = divmod(pot, len(winners))
    to_winners = house_options(house)["odd-chip"] == "winners"
    shares = [0] * hands
    for i, w in enumerate(winners):
        shares[w] = each + (1 if to_winners and i < odd else 0)
    return tuple(shares), 0 if to_winners else odd


def split_pot(pot: int, winners: Sequence[int], hands: int) -> tuple[int, ...]:
    """three-chip-stack-split with the odd chips one each to the winners in the order given."""
    return divide_pot(pot, winners, hands)[0]


def showdown(hands: Sequence[Sequence[Card]], pot: int = 0, *, house: Mapping[str, str] | None = None) -> Showdown:
    """three-chip-stack-showdown; ``hands`` in turn order from the dealer's left (for odd chips).
    Under the house rule odd-chip ``dealer`` or ``next-hand`` the shares are equal and ``odd``
    says how many chips are left over for the dealer or the next hand."""
    odd_chip = house_options(house)["odd-chip"]
    if not 1 <= len(hands) <= MAX_PLAYERS:
        raise IllegalPlay(f"a showdown is between 1 and {MAX_PLAYERS} hands, not {len(hands)}")
    all_cards = [c for h in hands for c in h]
    keys = [hand_key(h) for h in hands]
    check_copies(all_cards, 1, jokers=False, what="the hands")
    best = max(keys)
    winners = tuple(i for i, k in enumerate(keys) if k == best)
    rest = [k for k in keys if k != best]
    decided_by: int | None = None
    if rest:
        # The best prefix among the others is the prefix of the best other key, so the winners
        # pull ahead at the first position where the best key and the runner-up's differ.
        runner_up = max(rest)
        decided_by = next(p for p in range(HAND_SIZE) if best[p] != runner_up[p]) + 1
    shares, odd = divide_pot(pot, winners, len(hands), house)
    return Showdown(winners, decided_by, shares, odd, None if odd_chip == "winners" else odd_chip)


# --- Elimination and the end of the game ----------------------------------------------------


def players_in(chips: Sequence[int]) -> tuple[int, ...]:
    """three-chip-stack-elimination: the seats that still have chips."""
    return tuple(i for i, c in enumerate(chips) if c > 0)


def eliminated(chips: Sequence[int]) -> tuple[int, ...]:
    """three-chip-stack-elimination: a player with no chips is out of the game."""
    return tuple(i for i, c in enumerate(chips) if c <= 0)


def game_over(chips: Sequence[int]) -> bool:
    """three-chip-stack-elimination: the game ends when one player holds all the chips."""
    return len(players_in(chips)) == 1


def game_winner(chips: Sequence[int]) -> int | None:
    live = players_in(chips)
    return live[0] if len(live) == 1 else None


def next_dealer(chips: Sequence[int], dealer: int) -> int:
    """The deal passes to the left, skipping players who are out (three-chip-stack-ruling-next-dealer)."""
    n = len(chips)
    for step in range(1, n + 1):
        seat = (dealer + step) % n
        if chips[seat] > 0:
            return seat
    raise IllegalPlay("nobody has any chips left to deal")


# --- The chips of one hand -------------------------------------------------------------------


class Phase(enum.Enum):
    FIRST_ROUND = "first_round"
    EXCHANGE = "exchange"
    SECOND_ROUND = "second_round"
    SHOWDOWN = "showdown"
    OVER = "over"  # everyone but one folded


class Verb(enum.Enum):
    FOLD = "fold"
    CHECK = "check"
    SEE = "see"
    BET = "bet"
    RAISE = "raise"


_VERB_ALIASES = {"call": Verb.SEE}


@dataclass(frozen=True)
class Action:
    verb: Verb
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.verb.value} {self.amount}" if self.verb in (Verb.BET, Verb.RAISE) else self.verb.value


def parse_action(text: str | Action, where: str = "action") -> Action:
    """``"fold"``, ``"check"``, ``"see"`` (or ``"call"``), ``"bet 4"``, ``"raise 2"`` (2 more than the bet)."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise RecordError(f"{where} must be text like 'see', 'raise 2' or 'fold', not {limits.quote(text)}")
    words = text.strip().lower().split()
    verb = _VERB_ALIASES.get(words[0]) if words else None
    if verb is None and words:
        try:
            verb = Verb(words[0])
        except ValueError:
            verb = None
    if verb is None:
        raise RecordError(f"{where}: unknown action {limits.quote(text)} (fold, check, see, bet N, raise N)")
    if verb in (Verb.BET, Verb.RAISE):
        # three-chip-stack-ruling-min-raise, three-chip-stack-ruling-second-bet: a raise, and a
        # second-round bet, is one chip or more.
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
            raise RecordError(f"{where}: {verb.value} needs a number of chips, 1 or more, like "
                              f"'{verb.value} 2', not {limits.quote(text)}")
        return Action(verb, int(words[1]))
    if len(words) != 1:
        raise RecordError(f"{where}: {verb.value} takes no number: {limits.quote(text)}")
    return Action(verb)


@dataclass(frozen=True)
class HandState:
    """The table during a hand. ``chips`` are the chips in front of each player (not in the pot).

    ``bet`` is the current bet of the round and ``put_in`` what each player has put in this
    round; ``to_act`` lists who still has to act, the player to act first."""

    chips: tuple[int, ...]
    dealer: int
    phase: Phase
    pot: int
    in_hand: tuple[bool, ...]
    bet: int
    put_in: tuple[int, ...]
    to_act: tuple[int, ...]
    passed_to_dealer: int = 0
    total: int = 0
    #: Who was dealt in (had chips when the hand began).
    dealt_in: tuple[bool, ...] = ()
    #: The table's house options, every one given (``start_hand`` fills in the defaults).
    house: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_HOUSE), hash=False)

    @property
    def player(self) -> int | None:
        """Whose turn it is, or None between rounds."""
        return self.to_act[0] if self.to_act else None

    @property
    def still_in(self) -> tuple[int, ...]:
        return tuple(i for i, x in enumerate(self.in_hand) if x)

    def owed(self, seat: int) -> int:
        return self.bet - self.put_in[seat]

    @property
    def waiting(self) -> int:
        """Chips passed on folds that reach the dealer only when the hand is over (the house rule
        passed-chip ``after-hand``); under ``at-once`` they are already in the dealer's chips."""
        return self.passed_to_dealer if self.house.get("passed-chip") == "after-hand" else 0

    def check_chips(self) -> None:
        """The number of chips never changes, and nobody holds fewer than none."""
        assert sum(self.chips) + self.pot + self.waiting == self.total, (self.chips, self.pot, self.total)
        assert min(self.chips) >= 0, self.chips


@dataclass(frozen=True)
class Options:
    """What the player to act may do: ``see`` costs ``see_cost``; a bet or raise is from 1 to
    ``max_raise`` chips (0 when they cannot bet or raise)."""

    player: int
    can_check: bool
    can_see: bool
    see_cost: int
    can_bet: bool
    max_raise: int


def _order_from_left(n: int, dealer: int) -> tuple[int, ...]:
    """Every seat in turn order: the dealer's left first, the dealer last; betting goes to the
    left, as the deal does (three-chip-stack-ruling-direction)."""
    return tuple((dealer + k) % n for k in range(1, n + 1))


def start_hand(chips: Sequence[int], dealer: int, *, house: Mapping[str, str] | None = None,
               carried: int = 0) -> HandState:
    """three-chip-stack-ante: the dealer stacks 3 chips (all he has, if fewer:
    three-chip-stack-ruling-short-dealer); the first round starts at the dealer's left with a bet
    of 3 to see (three-chip-stack-first-round): the stack is the dealer's own bet
    (three-chip-stack-ruling-dealer), and the dealer acts last (three-chip-stack-ruling-dealer-last).

    ``house``: the table's options (the defaults for those left out). ``carried``: chips a split
    pot left in the middle under odd-chip ``next-hand``; they start this hand's pot."""
    options = house_options(house)
    if carried < 0:
        raise IllegalPlay(f"chips carried over are never negative, not {carried}")
    if carried and options["odd-chip"] != "next-hand":
        raise IllegalPlay("chips stay in the middle for the next hand only under the house rule "
                          "odd-chip: next-hand")
    n = len(chips)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalPlay(f"3 Chip Stack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if any(c < 0 for c in chips):
        raise IllegalPlay(f"chips are never negative: {list(chips)}")
    if not 0 <= dealer < n:
        raise IllegalPlay(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
    if len(players_in(chips)) < MIN_PLAYERS:
        raise IllegalPlay("the game is over: one player holds all the chips")
    if chips[dealer] <= 0:
        raise IllegalPlay(f"seat {dealer} has no chips, so is out of the game and cannot deal")
    stack = min(DEALER_STACK, chips[dealer])
    after = list(chips)
    after[dealer] -= stack
    put_in = [0] * n
    put_in[dealer] = stack
    in_hand = tuple(c > 0 for c in chips)
    return HandState(
        chips=tuple(after), dealer=dealer, phase=Phase.FIRST_ROUND, pot=stack + carried, in_hand=in_hand,
        bet=FIRST_ROUND_MINIMUM, put_in=tuple(put_in),
        to_act=tuple(s for s in _order_from_left(n, dealer) if in_hand[s]), total=sum(chips) + carried,
        dealt_in=in_hand, house=options,
    )


def options(state: HandState) -> Options:
    p = state.player
    if p is None or state.phase not in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
        raise IllegalPlay(f"nobody is to act: the hand is at {state.phase.value}")
    owed = state.owed(p)
    # A chip passed to the dealer under passed-chip after-hand is not in state.chips yet, so the
    # dealer cannot bet it this hand (three-chip-stack-ruling-passed-chip).
    have = state.chips[p]
    # three-chip-stack-ruling-dealer-last: with no raise the dealer owes nothing, so may check;
    # three-chip-stack-ruling-short, three-chip-stack-ruling-short-dealer: nobody sees with chips
    # they do not have.
    return Options(
        player=p, can_check=owed == 0, can_see=0 < owed <= have, see_cost=owed,
        can_bet=state.bet == 0, max_raise=max(0, have - owed),
    )


def _round_over(state: HandState) -> HandState:
    """Move on once the round is done: one player left takes the pot
    (three-chip-stack-ruling-all-fold), the first round leads to the exchange, the second to the
    showdown; a round is done when everyone still in has acted since the last raise
    (three-chip-stack-ruling-betting)."""
    if len(state.still_in) == 1:
        return replace(state, phase=Phase.OVER, to_act=())
    if state.to_act:
        return state
    if state.phase is Phase.FIRST_ROUND:
        return replace(state, phase=Phase.EXCHANGE)
    return replace(state, phase=Phase.SHOWDOWN)


def apply_action(state: HandState, action: str | Action, where: str = "action") -> HandState:
    """One betting action by the player to act; ``IllegalPlay`` says why an action is refused."""
    act = parse_action(action, where)
    p = state.player
    if p is None or state.phase not in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
        raise IllegalPlay(f"{where} ({act}): the betting round is already over")
    who = f"{where} (seat {p}, {act})"
    opts = options(state)
    chips = list(state.chips)
    put_in = list(state.put_in)
    rest = state.to_act[1:]
    if act.verb is Verb.FOLD:
        in_hand = list(state.in_hand)
        in_hand[p] = False
        passed = state.passed_to_dealer
        if state.phase is Phase.FIRST_ROUND and put_in[p] == 0 and p != state.dealer:
            # three-chip-stack-fold-first: a player who bets nothing passes the dealer a chip
            # (three-chip-stack-ruling-fold-chip); three-chip-stack-ruling-passed-chip: the dealer
            # has it at once, or (after-hand) it waits beside the dealer until the hand is over.
            chips[p] -= FOLD_CHIP
            if state.house.get("passed-chip") != "after-hand":
                chips[state.dealer] += FOLD_CHIP
            passed += FOLD_CHIP
        # three-chip-stack-fold-second: folding in the second round costs nothing more.
        nxt = replace(state, chips=tuple(chips), in_hand=tuple(in_hand), to_act=rest,
                      passed_to_dealer=passed)
        nxt.check_chips()
        return _round_over(nxt)
    if act.verb is Verb.CHECK:
        if not opts.can_check:
            raise IllegalPlay(f"{who}: there is a bet of {state.bet} to see ({opts.see_cost} more); "
                              "see, raise or fold")
        return _round_over(replace(state, to_act=rest))
    if act.verb is Verb.SEE:
        if opts.see_cost == 0:
            raise IllegalPlay(f"{who}: there is nothing to see; check, bet or raise")
        if not opts.can_see:
            # three-chip-stack-ruling-short: a player who cannot see the bet must fold.
            raise IllegalPlay(f"{who}: seeing costs {opts.see_cost} chips but seat {p} has "
                              f"{chips[p]}; a player who cannot see the bet must fold")
        chips[p] -= opts.see_cost
        put_in[p] += opts.see_cost
        nxt = replace(state, chips=tuple(chips), put_in=tuple(put_in), pot=state.pot + opts.see_cost,
                      to_act=rest)
        nxt.check_chips()
        return _round_over(nxt)
    # A bet (nothing bet yet, second round) or a raise: everyone else still in acts again
    # (three-chip-stack-ruling-betting).
    if act.verb is Verb.BET and not opts.can_bet:
        raise IllegalPlay(f"{who}: there is already a bet of {state.bet}; see, raise or fold")
    if act.verb is Verb.RAISE and opts.can_bet:
        raise IllegalPlay(f"{who}: there is no bet to raise yet; bet or check")
    cost = opts.see_cost + act.amount
    if cost > chips[p]:
        raise IllegalPlay(f"{who}: that costs {cost} chips but seat {p} has {chips[p]}")
    chips[p] -= cost
    put_in[p] += cost
    n = len(chips)
    again = tuple(s for s in _order_from_left(n, p) if s != p and state.in_hand[s])
    nxt = replace(state, chips=tuple(chips), put_in=tuple(put_in), pot=state.pot + cost,
                  bet=state.bet + act.amount, to_act=again)
    nxt.check_chips()
    return _round_over(nxt)


def end_exchange(state: HandState) -> HandState:
    """three-chip-stack-exchange done: the second round starts at the dealer's left, no bet yet."""
    if state.phase is not Phase.EXCHANGE:
        raise IllegalPlay(f"the exchange comes after the first round, not at {state.phase.value}")
    n = len(state.chips)
    return replace(state, phase=Phase.SECOND_ROUND, bet=0, put_in=(0,) * n,
                   to_act=tuple(s for s in _order_from_left(n, state.dealer) if state.in_hand[s]))


@dataclass(frozen=True)
class HandResult:
    chips: tuple[int, ...]
    pot: int
    pot_to: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: int | None
    showdown: bool
    passed_to_dealer: int
    folded: tuple[int, ...]
    #: The chips a split left over and where they went, under odd-chip ``dealer`` (they are in
    #: ``pot_to`` of the dealer) or ``next-hand`` (they stay in the middle: not in ``chips``);
    #: ``odd_to`` is None under ``winners``.
    odd: int = 0
    odd_to: str | None = None


def settle(state: HandState, hands: Sequence[Sequence[Card] | None] | None = None) -> HandResult:
    """Pay out the pot: to the last player in, or at the showdown (three-chip-stack-showdown, -split)
    among the players still in, whose ``hands[seat]`` must then be given. The chips left over by a
    split go where the house rule odd-chip says (three-chip-stack-ruling-odd-chip), and a chip
    passed under passed-chip ``after-hand`` reaches the dealer now."""
    if state.phase not in (Phase.OVER, Phase.SHOWDOWN):
        raise IllegalPlay(f"the hand is not over: it is at {state.phase.value}")
    n = len(state.chips)
    order = [s for s in _order_from_left(n, state.dealer) if state.in_hand[s]]
    pot_to = [0] * n
    decided_by: int | None = None
    odd_chip = state.house.get("odd-chip", "winners")
    odd = 0
    if state.phase is Phase.OVER:  # three-chip-stack-ruling-all-fold: the last player in, no showdown
        winners: tuple[int, ...] = (order[0],)
        pot_to[order[0]] = state.pot
    else:
        shown: list[Sequence[Card]] = []
        for s in order:
            h = None if hands is None or s >= len(hands) else hands[s]
            if h is None:
                raise IllegalPlay(f"seat {s} is in the showdown, so its hand must be given")
            shown.append(h)
        result = showdown(shown, state.pot, house=state.house)
        decided_by = result.decided_by
        winners = tuple(sorted(order[i] for i in result.winners))
        for i, share in enumerate(result.shares):
            pot_to[order[i]] = share
        odd = result.odd
        if odd_chip == "dealer":
            pot_to[state.dealer] += odd
    chips = [c + t for c, t in zip(state.chips, pot_to, strict=True)]
    chips[state.dealer] += state.waiting
    carried = odd if odd_chip == "next-hand" else 0
    # The number of chips never changes: those left in the middle are the next hand's.
    assert sum(chips) + carried == state.total, (chips, carried, state.total)
    folded = tuple(s for s in range(n) if state.dealt_in[s] and not state.in_hand[s])
    return HandResult(tuple(chips), state.pot, tuple(pot_to), winners, decided_by, state.phase is Phase.SHOWDOWN,
                      state.passed_to_dealer, folded, odd, None if odd_chip == "winners" else odd_chip)


# --- JSON records ---------------------------------------------------------------------------


def _hands_field(value: object, field: str) -> list[list[Card]]:
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of hands, not {limits.quote(value)}")
    return [cards_field(h, f"{field}[{i}]") for i, h in enumerate(value)]


def showdown_record(rec: dict[str, Any]) -> dict[str, Any]:
    """``{"hands": [["AS","KD","4C"],["3H","5D","6C"]], "pot": 12}`` ->
    ``{"winners": [1], "decided_by": 1, "shares": [0, 12]}``.

    ``house`` (optional): ``{"odd-chip": "dealer"}`` or ``"next-hand"`` gives equal shares and
    adds ``"odd": <chips left over>, "odd_to": "dealer" | "next-hand"`` (present under those
    readings even when nothing is left over, so a page can always say where odd chips go)."""
    rec = check_fields(rec, ("hands",), ("pot", "house"))
    house = house_field(rec.get("house"), HOUSE_OPTIONS)
    hands = _hands_field(rec["hands"], "hands")
    return showdown(hands, _pot_field(rec.get("pot", 0)), house=house).as_record()


def _pot_field(value: object) -> int:
    """A pot of chips: 0 to ``limits.POT_CHIPS``; ``null`` is named in words, not echoed."""
    if value is None:
        raise RecordError("pot must be a number of chips, like 12 (leave it out for no pot)")
    return int_field(value, "pot", minimum=0, maximum=limits.POT_CHIPS)


def _actions(value: object, field: str) -> list[Action]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of actions like [\"see\", \"raise 2\", \"fold\"], "
                          f"not {limits.quote(value)}")
    return [parse_action(a, f"{field}[{i}]") for i, a in enumerate(value)]


def _run_round(state: HandState, actions: list[Action], field: str) -> HandState:
    phase = state.phase
    for i, act in enumerate(actions):
        if state.phase is not phase:
            raise IllegalPlay(f"{field}[{i}] ({act}): the round is already over")
        state = apply_action(state, act, f"{field}[{i}]")
    if state.phase is phase:
        raise IllegalPlay(f"{field} stops after {len(actions)} actions, but seat {state.player} "
                          "still has to act")
    return state


def hand_record(rec: dict[str, Any]) -> dict[str, Any]:
    """The chips of one hand.

    In: ``{"chips": [15, 15, 15], "dealer": 0, "hands": [["AS","KD","4C"], ...],
    "first_round": ["see", "raise 2", "fold", "see"], "exchange": [null, ["4C", "9H"], null],
    "second_round": ["check", "bet 3", "fold"]}``. ``hands`` (each player's three cards as dealt,
    or null) is needed only for the players in a showdown; ``exchange[seat]`` is null or
    ``[card thrown away, card drawn]``. Actions are listed in turn order.

    Out: ``{"chips": [...], "pot": 12, "pot_to": [...], "winners": [...], "decided_by": 1,
    "showdown": true, "passed_to_dealer": 1, "folded": [...], "eliminated": [...],
    "game_over": false, "next_dealer": 1}``.

    House options (``"house": {"odd-chip": "next-hand", "passed-chip": "after-hand"}``, each
    optional): under odd-chip ``dealer`` the chips a split leaves over are in the dealer's
    ``pot_to``, under ``next-hand`` they stay in the middle (the next hand's record gives them as
    ``"carried": n``, the chips its pot starts with beside the dealer's stack); both add
    ``"odd": n, "odd_to": "dealer" | "next-hand"`` to the result. Under passed-chip
    ``after-hand`` a chip passed on a fold reaches the dealer only when the hand is over, so the
    dealer cannot bet it that hand.
    """
    rec = check_fields(rec, ("chips", "dealer", "first_round"),
                       ("hands", "exchange", "second_round", "house", "carried"))
    house = house_field(rec.get("house"), HOUSE_OPTIONS)
    raw_chips = rec["chips"]
    if not isinstance(raw_chips, list):
        raise RecordError(f"chips must be a list of chip counts, one a seat, not {limits.quote(raw_chips)}")
    if not MIN_PLAYERS <= len(raw_chips) <= MAX_PLAYERS:
        raise RecordError(f"chips: 3 Chip Stack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                          f"not {len(raw_chips)}")
    chips = [int_field(c, f"chips[{i}]", minimum=0) for i, c in enumerate(raw_chips)]
    n = len(chips)
    dealer = int_field(rec["dealer"], "dealer", minimum=0, maximum=n - 1)
    carried = int_field(rec.get("carried", 0), "carried", minimum=0, maximum=limits.POT_CHIPS)
    if carried and house["odd-chip"] != "next-hand":
        raise RecordError("carried: chips stay in the middle for the next hand only under the house rule "
                          "odd-chip: next-hand")
    hands: list[list[Card] | None] = [None] * n
    raw_hands = rec.get("hands")
    if raw_hands is not None:
        if not isinstance(raw_hands, list) or len(raw_hands) != n:
            raise RecordError(f"hands must be a list with one hand (or null) for each of the {n} seats")
        for i, h in enumerate(raw_hands):
            if h is not None:
                cards = cards_field(h, f"hands[{i}]")
                if len(cards) != HAND_SIZE:
                    raise RecordError(f"hands[{i}] must be {HAND_SIZE} cards, not {len(cards)}")
                hands[i] = cards
    state = start_hand(chips, dealer, house=house, carried=carried)
    state = _run_round(state, _actions(rec["first_round"], "first_round"), "first_round")
    drawn: list[Card] = []
    raw_ex = rec.get("exchange")
    if raw_ex is not None and not isinstance(raw_ex, list):
        raise RecordError(f"exchange must be a list with null or [thrown away, drawn] for each seat, "
                          f"not {limits.quote(raw_ex)}")
    if state.phase is Phase.EXCHANGE:
        for seat, swap in enumerate(raw_ex or []):
            if swap is None:
                continue
            where = f"exchange[{seat}]"
            if seat >= n or not state.in_hand[seat]:
                raise IllegalPlay(f"{where}: seat {seat} is not in the hand, so cannot exchange")
            pair = cards_field(swap, where)
            if len(pair) != 2:
                raise RecordError(f"{where} must be [card thrown away, card drawn], not {limits.quote(swap)}")
            held = hands[seat]
            if held is None:
                raise RecordError(f"{where}: give hands[{seat}] to exchange one of its cards")
            if pair[0] not in held:
                raise IllegalPlay(f"{where}: seat {seat} holds no {format_card(pair[0])} to throw away")
            # three-chip-stack-exchange: one card out, one off the top of the deck in; a seat
            # given null keeps its three (three-chip-stack-ruling-exchange).
            k = held.index(pair[0])
            hands[seat] = held[:k] + held[k + 1:] + [pair[1]]
            drawn.append(pair[1])
        state = end_exchange(state)
        state = _run_round(state, _actions(rec.get("second_round"), "second_round"), "second_round")
    else:
        if any(x is not None for x in raw_ex or []) or rec.get("second_round"):
            raise IllegalPlay("everyone else folded in the first round, so there is no exchange "
                              "and no second round")
    dealt = [c for h in (raw_hands or []) if h is not None for c in cards_field(h, "hands")]
    check_copies(dealt + drawn, 1, jokers=False, what="the hands and the cards drawn")
    result = settle(state, hands)
    out = {
        "chips": list(result.chips),
        "pot": result.pot,
        "pot_to": list(result.pot_to),
        "winners": list(result.winners),
        "decided_by": result.decided_by,
        "showdown": result.showdown,
        "passed_to_dealer": result.passed_to_dealer,
        "folded": list(result.folded),
        "eliminated": [s for s in eliminated(result.chips) if chips[s] > 0],
        "game_over": game_over(result.chips),
        "next_dealer": None if game_over(result.chips) else next_dealer(result.chips, dealer),
    }
    if result.odd_to is not None:
        out |= {"odd": result.odd, "odd_to": result.odd_to}
    return out


RECORDS = {"showdown": showdown_record, "hand": hand_record}


# --- The score sheet's record (`rulebook rank 3-chip-stack --jsonl`, .../engine/rank/3-chip-stack.js)

#: The score sheet's default starting stack ("usually we use around 15 chips").
DEFAULT_START = 15
MAX_START = 1000


def _chips_word(n: int) -> str:
    return "1 chip" if n == 1 else f"{limits.quote(n)} chips"


def rank_record(rec: object) -> dict[str, Any]:
    """A game from the score sheet: the chips each player holds after each hand.

    In: ``{"players": ["Ann", "Bo", "Cy"], "start": 15, "hands": [{"Ann": 18, "Bo": 12, "Cy": 15},
    ...]}``; ``start`` (each player's starting chips) defaults to 15; a player already out may be
    left out of later hands. The number of chips never changes, nobody holds fewer than none, a
    player at zero is out for good (three-chip-stack-elimination), and the game is over when one
    player holds every chip: anything else is refused, saying why.

    ``house`` (optional, as the other records take it): under odd-chip ``next-hand`` the chips a
    split leaves over wait in the middle for the next hand's pot (three-chip-stack-ruling-odd-chip),
    so a hand's counts may add up to fewer than the table holds: the rest are in the middle. A
    split leaves fewer chips over than it has winners, and every winner holds chips after it, so
    the middle holds fewer chips than the players who hold chips; more missing is refused. The
    record then adds ``"middle": n``, the chips in the middle after the last hand.

    Out: ``{"ranking": [["Ann"], ["Bo"], ["Cy"]], "decided_by": "all-chips" | "chips" | "shared",
    "explanation": "...", "chips": {...}, "out": {"Cy": 4}, "total": 45, "played": 6,
    "finished": true}``. Players still in rank by chips, most first; players out rank below them,
    the later they went out the better; equal places are shared."""
    if not isinstance(rec, dict):
        raise RecordError(f"expected an object with players, start and hands, not {show_value(rec)}")
    for key in rec:
        if key not in ("players", "start", "hands", "house"):
            raise RecordError(f"unknown field {show_value(key)} (known: players, start, hands, house)")
    if "players" not in rec:
        raise RecordError("players: missing (the names in seating order)")
    names = players_field(rec["players"], MIN_PLAYERS, MAX_PLAYERS, "3 Chip Stack")
    start = rec.get("start", DEFAULT_START)
    if not isinstance(start, int) or isinstance(start, bool) or not 1 <= start <= MAX_START:
        raise RecordError(f"start: expected each player's starting chips, a whole number from 1 to "
                          f"{MAX_START}, not {show_value(start)}")
    house = house_field(rec.get("house"), HOUSE_OPTIONS)
    # three-chip-stack-ruling-odd-chip: under next-hand a split's odd chips wait in the middle.
    carry = house["odd-chip"] == "next-hand"
    middle = 0
    total = start * len(names)
    hands = rec.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError(f"hands: expected a list of chip counts after each hand, not {show_value(hands)}")
    chips = {p: start for p in names}
    out: dict[str, int] = {}
    winner: str | None = None
    for k, row in enumerate(hands):
        where = f"hands[{k}]"
        if winner is not None:
            raise RecordError(f"{where}: the game is over: {winner} won every chip in hand {k}")
        if not isinstance(row, dict):
            raise RecordError(f"{where}: expected an object of chip counts by name, not {show_value(row)}")
        for name in row:
            if name not in names:
                raise RecordError(f"{where}: {show_value(name)} is not one of the players")
        after: dict[str, int] = {}
        for name in names:
            if name not in row:
                if name in out:
                    after[name] = 0
                    continue
                raise RecordError(f"{where}.{limits.clip(name)}: missing (the chips {limits.clip(name)} holds after the hand)")
            v = row[name]
            if not isinstance(v, int) or isinstance(v, bool):
                raise RecordError(f"{where}.{limits.clip(name)}: expected a whole number of chips, not {show_value(v)}")
            if v < 0:
                raise RecordError(f"{where}.{limits.clip(name)}: {limits.quote(v)} is negative; nobody holds fewer than no chips")
            if v > limits.MAX_POINTS:
                raise RecordError(f"{where}.{limits.clip(name)}: {limits.over_points(v, 'chips')}")
            if name in out and v > 0:
                raise RecordError(f"{where}.{limits.clip(name)}: {limits.clip(name)} went out in hand {out[name]} and is out of the "
                                  "game, so holds no chips (three-chip-stack-elimination)")
            after[name] = v
        held = sum(after.values())
        holding = sum(1 for v in after.values() if v > 0)
        if carry and held < total and total - held < holding:
            # The chips a split left over, in the middle for the next hand's pot: fewer than its
            # winners, who all hold chips after it.
            middle = total - held
        elif held != total:
            diff = held - total
            what = f"{_chips_word(diff)} too many" if diff > 0 else f"{_chips_word(-diff)} missing"
            why = "Chips are never created or lost, only won and lost between players"
            if carry and diff < 0:
                kept = (f"at most {_chips_word(holding - 1)}" if holding > 1
                        else "none, as only one player holds chips")
                why = (f"A split leaves fewer chips in the middle for the next hand than it has winners "
                       f"(house rule odd-chip: next-hand; here {kept}), and chips are never created or "
                       "lost, only won and lost between players")
            raise RecordError(f"{where}: the counts add up to {limits.quote(held)}, but the table holds {total} chips "
                              f"({len(names)} players with {start} each): {what}. {why}")
        else:
            middle = 0
        for name in names:
            if after[name] == 0 and name not in out:
                out[name] = k + 1
        chips = after
        live = [p for p in names if chips[p] > 0]
        if len(live) == 1:
            winner = live[0]
    live = [p for p in names if chips[p] > 0]
    ranking: list[list[str]] = []
    for p in sorted(live, key=lambda p: -chips[p]):
        if ranking and chips[ranking[-1][0]] == chips[p]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    gone = [p for p in names if p in out]
    for p in sorted(gone, key=lambda p: -out[p]):
        if ranking and ranking[-1][0] in out and out[ranking[-1][0]] == out[p]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    first = ranking[0]
    if winner is not None:
        decided_by = "all-chips"
        explanation = f"{winner} holds all {total} chips and wins."
    elif len(first) == 1:
        decided_by = "chips"
        explanation = f"{first[0]} leads with {chips[first[0]]} of the {total} chips."
    else:
        decided_by = "shared"
        explanation = f"{names_text(first)} lead with {chips[first[0]]} chips each."
    if middle:
        explanation += f" {_chips_word(middle)} {'waits' if middle == 1 else 'wait'} in the middle for the next hand."
    out_record: dict[str, Any] = {
        "ranking": ranking,
        "decided_by": decided_by,
        "explanation": explanation,
        "chips": chips,
        "out": out,
        "total": total,
        "played": len(hands),
        "finished": winner is not None,
    }
    if carry:
        out_record["middle"] = middle
    return out_record


RECORDS["rank"] = rank_record
