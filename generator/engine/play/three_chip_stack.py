"""3 Chip Stack, a whole game against the computer (issue 16), as pure functions on
JSON-serialisable state: hand after hand until one player holds every chip. The browser port is
``docs/assets/js/play/3-chip-stack.js``, step for step; ``tests/test_play_differential_chains_stack.py``
holds the two equal state by state.

The rules are the engine's (:mod:`generator.engine.games.three_chip_stack`): its ``start_hand``
stacks the dealer's 3, its ``options`` and ``apply_action`` play the betting, its ``end_exchange``
opens the second round, its ``settle`` pays the pot (the showdown, the split and the odd chip), and
``next_dealer`` / ``game_over`` carry the game on. This module adds the seeded shuffle and deal,
the exchange card by card, the moves open to the player to act with the rule behind each refusal,
and a computer player.

State (camelCase, plain JSON; a card is written as the CLI writes it, "10H"):

- ``hands``: each seat's cards ([] for a seat out of the game; a folded hand stays face down in
  front of its player); ``deck``: the undealt cards, top first; ``discards``: the cards thrown
  away in the exchange. Every card of the pack is in exactly one of them.
- ``phase``: "first_round", "exchange", "second_round", or "over" (the game); ``toAct``: the seats
  still to act this round or this exchange, the one to act first.
- ``chips``: the chips in front of each player; ``pot``; ``bet``: the bet of the round;
  ``putIn``: what each seat has put in this round; ``inHand`` / ``dealtIn``; ``passedToDealer``.
  ``sum(chips) + pot`` is always ``players * start``, but for a chip passed on a fold that waits
  beside the dealer until the hand is over (the house rule passed-chip ``after-hand``).
- ``totals``: each player's chips after the last finished hand; ``rounds``: each finished hand
  (dealer, hands, showdown or not, winners, the card that decided, what each seat took of the pot,
  chips after, and ``odd``/``oddTo``: the chips a split left over and where they went under the
  house rule odd-chip ``dealer`` or ``next-hand``, ``None`` under ``winners``); ``over`` and
  ``winner``; ``last``: what the last move did; ``rng``.
- ``house``: the table's own rules (issue 25), the options of the scoring engine's
  ``HOUSE_OPTIONS`` that differ from the family's rules (``{"odd-chip": "dealer"}``; ``{}``: the
  family's rules); ``carried``: the chips a split left in the middle for this hand's pot (odd-chip
  ``next-hand``). The betting, the payout and the computer player follow them.

Moves: ``{"action": "fold"}``, ``{"action": "check"}``, ``{"action": "see"}``,
``{"action": "bet", "amount": 2}``, ``{"action": "raise", "amount": 2}`` (2 more than the bet), and
in the exchange ``{"action": "exchange", "card": "4C"}`` (throw it away, be dealt the top card) or
``{"action": "keep"}``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from ..cards import Card, build_deck, format_card, parse_card
from ..errors import IllegalPlay, RulebookError
from ..games import three_chip_stack as engine
from ..games.fields import house_field
from ..limits import quote
from . import rng

GAME = "3-chip-stack"
#: three-chip-stack-chips: "around 15 is usual".
START_CHIPS = engine.DEFAULT_START
#: three-chip-stack-pack: one pack of 52, no jokers.
FULL_DECK: tuple[Card, ...] = tuple(build_deck(1, jokers=False))
_CARD: dict[str, Card] = {format_card(c): c for c in FULL_DECK}
_DECK_CODES: tuple[str, ...] = tuple(format_card(c) for c in FULL_DECK)

FIRST, EXCHANGE, SECOND, OVER = "first_round", "exchange", "second_round", "over"
_PHASE = {FIRST: engine.Phase.FIRST_ROUND, EXCHANGE: engine.Phase.EXCHANGE, SECOND: engine.Phase.SECOND_ROUND}
BETTING = ("fold", "check", "see", "bet", "raise")
SWAPPING = ("exchange", "keep")

#: The largest seed either way: the browser holds a whole number exactly up to 2**53 - 1.
MAX_SEED = 2**53 - 1

State = dict[str, Any]
MoveRecord = dict[str, Any]


def _cards(codes: Sequence[str]) -> list[Card]:
    try:
        return [_CARD[c] for c in codes]
    except KeyError:
        return [parse_card(c) for c in codes]


def _order_from_left(n: int, dealer: int) -> list[int]:
    """Every seat in turn order: the dealer's left first, the dealer last."""
    return [(dealer + k) % n for k in range(1, n + 1)]


def _total(state: State) -> int:
    return int(state["players"]) * int(state["start"])


def house_of(house: Mapping[str, str] | None) -> dict[str, str]:
    """The table's own rules as the state keeps them: the options (checked by the engine's
    ``house_field``) whose value is not the family's, in ``HOUSE_OPTIONS`` order."""
    chosen = house_field(None if house is None else dict(house), engine.HOUSE_OPTIONS)
    return {o.id: chosen[o.id] for o in engine.HOUSE_OPTIONS if chosen[o.id] != o.default}


def _house(state: State) -> dict[str, str]:
    """Every option of the table, the family's for those it leaves out (a save from before the
    options has none)."""
    return engine.house_options(state.get("house") or {})


def _waiting(state: State) -> int:
    """Chips passed on folds that wait beside the dealer until the hand is over (passed-chip
    ``after-hand``, three-chip-stack-ruling-passed-chip); none once the game is over."""
    after = _house(state)["passed-chip"] == "after-hand"
    return int(state["passedToDealer"]) if after and not state["over"] else 0


def _hand_state(state: State) -> engine.HandState:
    """The engine's view of the hand in play."""
    return engine.HandState(
        chips=tuple(state["chips"]), dealer=state["dealer"], phase=_PHASE[state["phase"]], pot=state["pot"],
        in_hand=tuple(state["inHand"]), bet=state["bet"], put_in=tuple(state["putIn"]),
        to_act=tuple(state["toAct"]) if state["phase"] != EXCHANGE else (),
        passed_to_dealer=state["passedToDealer"], total=_total(state), dealt_in=tuple(state["dealtIn"]),
        house=_house(state),
    )


def _put_betting(state: State, hs: engine.HandState) -> None:
    state["toAct"] = list(hs.to_act)
    state["chips"] = list(hs.chips)
    state["pot"] = hs.pot
    state["bet"] = hs.bet
    state["putIn"] = list(hs.put_in)
    state["inHand"] = list(hs.in_hand)
    state["passedToDealer"] = hs.passed_to_dealer


def _check_chips(state: State) -> None:
    """The number of chips never changes, and nobody holds fewer than none."""
    assert sum(state["chips"]) + state["pot"] + _waiting(state) == _total(state), (state["chips"], state["pot"])
    assert min(state["chips"]) >= 0, state["chips"]


def _start_hand(state: State, dealer: int, seed: int, carried: int = 0) -> None:
    """three-chip-stack-ante: the dealer stacks 3, or all they have if fewer
    (three-chip-stack-ruling-short-dealer), as their own first-round bet, acting last
    (three-chip-stack-ruling-dealer): the engine's start_hand; three-chip-stack-deal:
    a fresh shuffle of the pack, three cards each, one at a time clockwise from the dealer's left,
    to every player still in the game. ``carried``: the chips a split left in the middle (odd-chip
    ``next-hand``), which start the pot."""
    hs = engine.start_hand(state["totals"], dealer, house=_house(state), carried=carried)
    order, seed = rng.shuffled(seed, _DECK_CODES)
    n = state["players"]
    hands: list[list[str]] = [[] for _ in range(n)]
    seats = [s for s in _order_from_left(n, dealer) if hs.dealt_in[s]]
    k = 0
    for _ in range(engine.HAND_SIZE):
        for s in seats:
            hands[s].append(order[k])
            k += 1
    state["dealer"] = dealer
    state["phase"] = FIRST
    _put_betting(state, hs)
    state["hands"] = hands
    state["deck"] = order[k:]
    state["discards"] = []
    state["dealtIn"] = list(hs.dealt_in)
    state["carried"] = carried
    state["rng"] = seed


def new_game(players: int, seed: int, house: Mapping[str, str] | None = None) -> State:
    """A game for ``players`` seats with 15 chips each, every shuffle drawn from ``seed``, played
    by the table's ``house`` options (None or ``{}``: the family's rules)."""
    if (isinstance(players, bool) or not isinstance(players, int)
            or not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS):
        raise IllegalPlay(f"3 Chip Stack is for {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, "
                          f"not {quote(players)} (three-chip-stack-players)")
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED:
        raise IllegalPlay(f"the seed must be a whole number of at most {MAX_SEED} either side of 0, "
                          f"not {quote(seed)}")
    chosen = house_of(house)
    r = rng.seed_state(seed)
    # three-chip-stack-ruling-first-dealer: any player; here the seed draws the first dealer.
    first, r = rng.below(r, players)
    state: State = {
        "game": GAME, "players": players, "seed": seed, "start": START_CHIPS, "handNumber": 1,
        "dealer": first, "phase": FIRST, "toAct": [], "hands": [], "deck": [], "discards": [],
        "chips": [], "pot": 0, "bet": 0, "putIn": [], "inHand": [], "dealtIn": [], "passedToDealer": 0,
        "totals": [START_CHIPS] * players, "rounds": [], "over": False, "winner": None, "last": None,
        "rng": 0, "house": chosen, "carried": 0,
    }
    _start_hand(state, first, r)
    _check_chips(state)
    return state


def seat_to_act(state: State) -> int | None:
    return None if state["over"] else int(state["toAct"][0])


def legal_moves(state: State) -> list[MoveRecord]:
    """Every move open to the seat to act (none once the game is over)."""
    if state["over"]:
        return []
    p = state["toAct"][0]
    if state["phase"] == EXCHANGE:
        # three-chip-stack-ruling-exchange: keep all three, or throw away any one card.
        return [{"action": "keep"}] + [{"action": "exchange", "card": c} for c in state["hands"][p]]
    opts = engine.options(_hand_state(state))
    moves: list[MoveRecord] = []
    if opts.can_check:
        moves.append({"action": "check"})
    if opts.can_see:
        moves.append({"action": "see"})
    # three-chip-stack-ruling-min-raise, three-chip-stack-ruling-second-bet: one chip or more, up
    # to the chips the player has (three-chip-stack-ruling-short).
    verb = "bet" if opts.can_bet else "raise"
    moves.extend({"action": verb, "amount": a} for a in range(1, opts.max_raise + 1))
    moves.append({"action": "fold"})
    return moves


def _round_rule(state: State) -> str:
    return "three-chip-stack-first-round" if state["phase"] == FIRST else "three-chip-stack-second-round"


def _refusal(state: State, move: object) -> IllegalPlay:
    """Why ``move`` is not one of the legal moves, naming the rule."""
    if state["over"]:
        return IllegalPlay(f"the game is over: seat {state['winner']} holds every chip "
                           "(three-chip-stack-elimination)")
    action = move.get("action") if isinstance(move, dict) else None
    shapes = {"bet": {"action", "amount"}, "raise": {"action", "amount"}, "exchange": {"action", "card"}}
    if not isinstance(move, dict) or action not in BETTING + SWAPPING or set(move) != shapes.get(action, {"action"}):
        return IllegalPlay('a move is fold, check, see, bet, raise, exchange or keep, like {"action": "see"} '
                           f'or {{"action": "raise", "amount": 2}}, not {quote(move)}')
    p = state["toAct"][0]
    if state["phase"] == EXCHANGE:
        if action not in SWAPPING:
            return IllegalPlay("the betting round is over: each player still in now throws away one card "
                               "or keeps all three (three-chip-stack-exchange)")
        return IllegalPlay(f"seat {p} holds no {quote(move.get('card'))} to throw away (three-chip-stack-exchange)")
    if action in SWAPPING:
        return IllegalPlay("cards are exchanged after the first round of betting, not during a round "
                           "(three-chip-stack-exchange)")
    hs = _hand_state(state)
    opts = engine.options(hs)
    if action == "check":
        rule = "three-chip-stack-ruling-dealer-last" if state["phase"] == FIRST else _round_rule(state)
        return IllegalPlay(f"there is a bet of {state['bet']} to see ({opts.see_cost} more for seat {p}): "
                           f"see, raise or fold ({rule})")
    if action == "see":
        if opts.see_cost == 0:
            return IllegalPlay(f"there is nothing to see: check, bet or raise ({_round_rule(state)})")
        return IllegalPlay(f"seeing costs {opts.see_cost} chips but seat {p} has {state['chips'][p]}: a player "
                           "who cannot see the bet must fold (three-chip-stack-ruling-short)")
    if action == "bet" and not opts.can_bet:
        return IllegalPlay(f"there is already a bet of {state['bet']}: see, raise or fold ({_round_rule(state)})")
    if action == "raise" and opts.can_bet:
        return IllegalPlay("there is no bet to raise yet: bet or check (three-chip-stack-second-round)")
    amount = move.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        rule = "three-chip-stack-ruling-min-raise" if action == "raise" else "three-chip-stack-ruling-second-bet"
        return IllegalPlay(f"a {action} is a whole number of chips, 1 or more, not {quote(amount)} ({rule})")
    return IllegalPlay(f"that costs {opts.see_cost + amount} chips but seat {p} has {state['chips'][p]}: nobody "
                       "puts in chips they do not have (three-chip-stack-ruling-short)")


def _copy(state: State) -> State:
    out = dict(state)
    out["rounds"] = list(state["rounds"])
    return out


def _finish_hand(out: State, hs: engine.HandState) -> None:
    """Pay the pot (the engine's settle: three-chip-stack-showdown, three-chip-stack-split,
    three-chip-stack-ruling-odd-chip, three-chip-stack-ruling-all-fold), then eliminate, end the
    game or deal the next hand."""
    hands = [_cards(h) if hs.in_hand[s] else None for s, h in enumerate(out["hands"])]
    result = engine.settle(hs, hands)
    out["rounds"].append({
        "number": out["handNumber"], "dealer": out["dealer"], "showdown": result.showdown,
        "hands": [list(h) for h in out["hands"]], "inHand": list(hs.in_hand), "pot": result.pot,
        "potTo": list(result.pot_to), "winners": list(result.winners), "decidedBy": result.decided_by,
        "passedToDealer": result.passed_to_dealer, "folded": list(result.folded), "chips": list(result.chips),
        "odd": result.odd, "oddTo": result.odd_to,
    })
    out["last"]["handOver"] = True
    out["totals"] = list(result.chips)
    out["chips"] = list(result.chips)
    out["pot"] = 0
    out["toAct"] = []
    if engine.game_over(result.chips):  # three-chip-stack-elimination: one player holds every chip
        out["phase"] = OVER
        out["over"] = True
        out["winner"] = engine.game_winner(result.chips)
        return
    # three-chip-stack-next-dealer, three-chip-stack-ruling-next-dealer: to the left, skipping
    # players who are out.
    out["handNumber"] += 1
    # three-chip-stack-ruling-odd-chip: under next-hand the chips a split left over start the pot.
    carried = result.odd if result.odd_to == "next-hand" else 0
    _start_hand(out, engine.next_dealer(result.chips, out["dealer"]), out["rng"], carried)


def apply_move(state: State, move: MoveRecord) -> State:
    """The state after ``move`` by the seat to act; ``IllegalPlay`` names the rule it breaks.

    Pure: ``state`` is never changed. When the move ends the hand, the pot is paid, and the next
    hand is dealt unless one player now holds every chip."""
    amount = move.get("amount") if isinstance(move, dict) else None
    if (isinstance(amount, bool) or (amount is not None and not isinstance(amount, int))
            or move not in legal_moves(state)):  # 2.0 and True are equal to 2 and 1, but not chips
        raise _refusal(state, move)
    p = state["toAct"][0]
    out = _copy(state)
    out["last"] = {"seat": p, "action": move["action"], "amount": move.get("amount"), "card": move.get("card"),
                   "drew": None, "passed": 0, "handOver": False}
    if state["phase"] == EXCHANGE:
        if move["action"] == "exchange":
            # three-chip-stack-exchange: the card thrown away, the top card of the deck dealt in.
            hand = list(state["hands"][p])
            hand.remove(move["card"])
            hand.append(state["deck"][0])
            out["hands"] = [hand if s == p else h for s, h in enumerate(state["hands"])]
            out["last"]["drew"] = state["deck"][0]
            out["deck"] = state["deck"][1:]
            out["discards"] = [*state["discards"], move["card"]]
        out["toAct"] = state["toAct"][1:]
        if not out["toAct"]:
            hs = engine.end_exchange(_hand_state(out))
            out["phase"] = SECOND
            _put_betting(out, hs)
        _check_chips(out)
        return out
    # The engine's apply_action: a raise comes back round to everyone still in
    # (three-chip-stack-ruling-betting); a passed chip is the dealer's at once, or after the hand
    # (three-chip-stack-ruling-passed-chip, the house rule passed-chip).
    hs = engine.apply_action(_hand_state(state), engine.Action(engine.Verb(move["action"]), amount or 0))
    out["last"]["passed"] = hs.passed_to_dealer - state["passedToDealer"]  # three-chip-stack-fold-first
    _put_betting(out, hs)
    if hs.phase is engine.Phase.EXCHANGE:
        out["phase"] = EXCHANGE
        out["toAct"] = [s for s in _order_from_left(state["players"], state["dealer"]) if hs.in_hand[s]]
    elif hs.phase in (engine.Phase.SHOWDOWN, engine.Phase.OVER):
        _finish_hand(out, hs)
    _check_chips(out)
    return out


# --- The computer player ----------------------------------------------------------------------

#: Every three-card hand by strengths alone, best first: the 455 multisets of the 13 strengths.
_PATTERNS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, c) for c, b, a in combinations_with_replacement(range(13), 3))
_COMB = [[1, 0, 0, 0], [1, 1, 0, 0], [1, 2, 1, 0], [1, 3, 3, 1], [1, 4, 6, 4]]


def _odds(hand: Sequence[Card]) -> tuple[int, int, int]:
    """Out of every hand of three an opponent could hold from the 49 unseen cards: how many are
    worse than ``hand``, how many tie it, and how many there are (three-chip-stack-showdown)."""
    return _odds_of_key(engine.hand_key(hand))


@functools.lru_cache(maxsize=len(_PATTERNS))
def _odds_of_key(key: tuple[int, ...]) -> tuple[int, int, int]:
    # Suits never matter (three-chip-stack-ruling-suits), so the strengths alone decide.
    left = [4] * 13
    for st in key:
        left[st] -= 1
    worse = tie = total = 0
    for pat in _PATTERNS:
        ways = 1
        a, b, c = pat
        if a == b == c:
            ways = _COMB[left[a]][3]
        elif a == b:
            ways = _COMB[left[a]][2] * left[c]
        elif b == c:
            ways = left[a] * _COMB[left[b]][2]
        else:
            ways = left[a] * left[b] * left[c]
        if not ways:
            continue
        total += ways
        if pat < key:
            worse += ways
        elif pat == key:
            tie += ways
    return worse, tie, total


def win_chance(hand: Sequence[Card], opponents: int) -> float:
    """The chance ``hand`` beats ``opponents`` random hands (a tie counted half), each taken as
    independent: a guide for betting, worked out the same way in the browser."""
    worse, tie, total = _odds(hand)
    one = (2 * worse + tie) / (2 * total)
    p = 1.0
    for _ in range(opponents):
        p *= one
    return p


def _target(p: float, stack: int) -> int:
    """How many chips the computer is willing to have in this round: none below even chances, up
    to most of its stack with a near-certain winner."""
    edge = p - 0.45
    return int(stack * edge * 0.8) if edge > 0 else 0


def fold_cost(state: State) -> int:
    """What folding costs the seat to act: a chip to the dealer in the first round from a player who
    has put nothing in (three-chip-stack-fold-first, three-chip-stack-ruling-fold-chip), else nothing."""
    p = state["toAct"][0]
    return engine.FOLD_CHIP if state["phase"] == FIRST and state["putIn"][p] == 0 and p != state["dealer"] else 0


def short_after_see(state: State) -> int | None:
    """The chips the seat to act would have left after seeing the bet, when those are too few to
    see the next hand's smallest bet of 3 (three-chip-stack-first-round) but folding would keep
    enough; None otherwise (no bet to see, the see not affordable, or folding leaves as few)."""
    if state["over"] or state["phase"] == EXCHANGE:
        return None
    p = state["toAct"][0]
    owed = state["bet"] - state["putIn"][p]
    chips: int = state["chips"][p]
    if owed <= 0 or owed > chips:
        return None
    left = chips - owed
    return left if left < engine.FIRST_ROUND_MINIMUM <= chips - fold_cost(state) else None


#: The computer's levels (issue 28): "standard" raises and bets as much as its chance of winning
#: is worth and sees when the pot pays for the risk; "gentle" never raises and never bluffs: it
#: bets a stack of 3 (GENTLE_BET) only with strong cards and only when nobody has bet, sees with
#: fair cards, and folds weak ones early, even at the cost of a chip (three-chip-stack-fold-first).
#: Its bet is the first round's smallest (three-chip-stack-first-round), not 1 chip: with 1, four
#: players (one choosing at random) took a median of 42 hands to finish, with 3, 26 (standard: 9).
LEVELS = ("gentle", "standard")
#: What the gentle computer bets: a stack of 3, as in the first round (or all its chips, if fewer).
GENTLE_BET = engine.FIRST_ROUND_MINIMUM
#: The gentle computer's strong cards: they beat three hands in four dealt at random (a 3; two
#: Aces; an Ace and a King with a 6 or better). It bets only with these, and only with these risks half
#: its chips or more on a see.
GENTLE_STRONG = 0.75
#: The gentle computer's fair cards: they beat at least half the hands dealt at random (an Ace; a
#: King with a 9 or better beside it, nearly always). It folds anything weaker rather than see a bet.
GENTLE_FAIR = 0.5


def _gentle_risky(state: State) -> bool:
    """Whether seeing the bet would take half the chips of the seat to act or more, which the
    gentle computer risks only with strong cards."""
    p = state["toAct"][0]
    owed: int = state["bet"] - state["putIn"][p]
    return 2 * owed >= int(state["chips"][p])


def _exchange_move(state: State, hand: Sequence[Card]) -> MoveRecord:
    """three-chip-stack-exchange: throw away the worst card when most unseen cards beat it, else
    keep all three (three-chip-stack-ruling-exchange); both levels alike."""
    p = state["toAct"][0]
    worst = min(range(len(hand)), key=lambda i: (engine.strength(hand[i]), i))
    s = engine.strength(hand[worst])
    unseen_better = 4 * (12 - s) - sum(1 for c in hand if engine.strength(c) > s)
    if 2 * unseen_better > len(FULL_DECK) - len(hand):
        return {"action": "exchange", "card": state["hands"][p][worst]}
    return {"action": "keep"}


def _gentle_move(state: State, moves: Sequence[MoveRecord], chance: float) -> MoveRecord:
    """The gentle computer in a betting round: bet GENTLE_BET with strong cards when nobody has
    bet (only the second round has no bet: three-chip-stack-second-round), else check when it may;
    see with fair cards (strong ones when the see takes half its chips or more); else fold
    (three-chip-stack-fold-first: early, even at the cost of a chip). It never raises."""
    by_action: dict[str, MoveRecord] = {m["action"]: m for m in moves if m["action"] in ("check", "see", "fold")}
    bets = [m for m in moves if m["action"] == "bet"]  # 1 chip, 2, ... up to all it has
    if bets and chance >= GENTLE_STRONG:
        return bets[min(GENTLE_BET, len(bets)) - 1]
    if "check" in by_action:
        return by_action["check"]
    if "see" in by_action and chance >= (GENTLE_STRONG if _gentle_risky(state) else GENTLE_FAIR):
        return by_action["see"]
    return by_action["fold"]


def bot_move(state: State, level: str = "standard") -> MoveRecord:
    """The computer's move at ``level`` (LEVELS), by the strength of its three cards: in the
    exchange it throws away its worst card when most unseen cards beat it; in a round the standard
    computer raises (or bets) up to what its chance of winning is worth, sees when the pot pays
    for the risk (weighing the chips it would have left), and otherwise checks or folds; the
    gentle one plays as :func:`_gentle_move` says."""
    if level not in LEVELS:
        raise RulebookError(f"opponent: the computer plays at level \"gentle\" or \"standard\", not {quote(level)}")
    moves = legal_moves(state)
    if not moves:
        raise IllegalPlay(f"the game is over: seat {state['winner']} holds every chip (three-chip-stack-elimination)")
    p = state["toAct"][0]
    hand = _cards(state["hands"][p])
    if state["phase"] == EXCHANGE:
        return _exchange_move(state, hand)
    # The hand is judged against one hand dealt at random, however many are still in: the players
    # who stay in are seldom all strong at once, and judging against every one of them made the
    # computer fold too often (against players choosing at random it won 36 % of four-player
    # games that way, 61 % this way).
    chance = win_chance(hand, 1)
    if level == "gentle":
        return _gentle_move(state, moves, chance)
    stack = state["chips"][p] + state["putIn"][p]
    target = _target(chance, stack)
    owed = state["bet"] - state["putIn"][p]
    by_action: dict[str, MoveRecord] = {m["action"]: m for m in moves if m["action"] in ("check", "see", "fold")}
    ups: list[MoveRecord] = [m for m in moves if m["action"] in ("bet", "raise")]
    bet: int = state["bet"]
    if ups and target > bet:
        return ups[min(target - bet, len(ups)) - 1]
    if "check" in by_action:
        return by_action["check"]
    if "see" in by_action:
        # three-chip-stack-ruling-fold-chip: a first-round fold with nothing put in costs a chip.
        cost = fold_cost(state)
        worth = chance * (state["pot"] + owed) - owed >= -cost
        left = short_after_see(state)
        if worth and left is not None:
            # Issue 28: a see that leaves fewer chips than the next hand's smallest bet of 3
            # (three-chip-stack-first-round) risks nearly everything, since so few can only fold
            # next hand. The chips left count as lost with the bet, and the chance of the whole
            # pot must be worth twice the chips a fold keeps. Seeing each such bet and folding it,
            # then playing the game out (computers only, 2 and 3 players), seeing won more games
            # only with a chance of 0.7 or more; 2 puts the line there for the usual pots.
            chips: int = state["chips"][p]
            worth = chance * (chips + state["pot"]) >= 2 * (chips - cost)
        if worth:
            return by_action["see"]
    return by_action["fold"]
