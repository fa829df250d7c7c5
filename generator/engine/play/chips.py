"""Chips, the whole game, as a state machine of pure functions (issue 16: a practice game).

The rules are ``rules-data/chips.yaml``; rule and ruling ids in comments point at it. Scoring
is the reference engine's (``generator/engine/games/chips.py``: ``best_arrangement`` for every
hand and lay-off, ``caller_arrangement`` for the call, ``deal_round`` for the deal,
``rank_game`` for the tie-breakers): nothing here scores a hand. The browser port,
``docs/assets/js/play/chips.js``, follows this module step for step; ``tests/
test_play_differential.py`` plays seeded games through both and compares every state.

Functions: :func:`new_game`, :func:`legal_moves`, :func:`apply_move` (pure: never touches its
input), :func:`bot_move` (the computer player, at one of the ``LEVELS``), :func:`seat_to_act` and
:func:`extra_seat` (who was dealt the extra card this round).

**State** (plain JSON; cards as the CLI writes them, ``"10H"``, ``"JK"``)::

    game "chips", players, packs, seed      as given (the seed's low 32 bits)
    round        0..7 (the round being played; 8 when the game is over)
    handSize     3..10 (chips-hand-sizes)
    dealer       the seat that dealt this round; the first dealer is the last seat, so seat 0
                 holds the extra card in the first round, and both move one seat left a round
    phase        "open"    the seat with the extra card throws one card away, nothing else
                 "take"    take from the deck or one of the top three of the pile
                 "discard" throw one card away (the one just taken too)
                 "call"    the hand just discarded from groups: call chips, or pass
                 "layOff"  after the last turns, each other seat in turn lays off
                 "over"    eight rounds played
    seat         the seat to act (None when over)
    hands        one list of cards a seat, sorted (suit S H D C, then rank; jokers last)
    deck         the face-down cards, top FIRST
    pile         the discard pile, top LAST
    caller       the seat that called (None before a call); callerGroups its groups as the
                 CLI's caller-group records (concealed until laid down: chips-concealed)
    lastTurns    last turns still to come after the call
    table        None until the caller lays down; then the caller's groups as extended by the
                 lay-offs so far (caller-group records)
    layOff       during "layOff": {"hands": each seat's hand before laying off, "results":
                 each seat's score record so far (None for those still to lay off)}
    deal         this round's deck as dealt, top first (with ``turns`` it replays the round
                 through ``chips.replay_record``)
    turns        this round's turns: {"seat", "take" (None | "deck" | "pile"), "depth"
                 (pile only, 1..3), "taken", "discard", "call"}
    totals       running totals, one a seat
    rounds       the finished rounds: {"round", "handSize", "dealer", "caller",
                 "callerGroups", "hands" (before laying off), "laidOff" (each seat's cards
                 laid off), "results" (each seat's score record, the CLI's: groups, what
                 each wild stands for, lay-offs, loose cards), "table", "scores", "deal",
                 "turns"}
    over         True after the eighth round; then ``result`` is {"ranking": places of
                 seats, best first (a shared place lists several), "decidedBy": "total" |
                 "calls" | "round-9" .. "round-3" | "shared", "calls": chips called a seat}
    rng          the mulberry32 state (``play.rng``): the next round's shuffle comes from it
    house        the table's own rules (issue 25): the options of the scoring engine's
                 ``HOUSE_OPTIONS`` that differ from the family's (``{"k-a-2": "group"}``;
                 ``{}``: the family's rules). The melds, the calls, the lay-offs, the discards
                 allowed (throw-back) and the computer player follow them. lay-off-order
                 changes nothing here: the table lays off in turn order, so that is the order
                 the cards were laid. random-extra (nine or more players) draws the seat of
                 the extra card each round, never the same seat twice (``extraSeats``, the
                 seats drawn so far, one a round dealt: present only when it was drawn);
                 with fewer players it changes nothing.

**Moves** (the seat to act is implied)::

    {"type": "discard", "card": "7H"}            phases open and discard
    {"type": "take", "from": "deck"}             phase take (the deck, turned over if empty)
    {"type": "take", "from": "pile", "index": 0} phase take; 0 is the top card, at most 2
    {"type": "call"}                             phase call; "groups": [records] optional,
                                                 the engine's arrangement when left out
    {"type": "pass"}                             phase call: play on without calling
    {"type": "layOff"}                           phase layOff: the engine lays off the cards
                                                 that make the score lowest

An illegal move raises :class:`~generator.engine.errors.IllegalPlay` whose message starts
with the id of the rule it breaks (``"chips-discard-depth: ..."``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..cards import build_deck, format_card, parse_card
from ..errors import IllegalPlay, RulebookError
from ..games import chips as engine
from ..limits import quote
from . import rng

State = dict[str, Any]
Move = dict[str, Any]

GAME = "chips"
#: chips-players: two or more; the practice table seats up to ten (three packs, chips-ruling-packs:
#: 101 cards dealt in the ten-card round of 162), so the nine-or-more variant can be played there.
MIN_PLAYERS, MAX_PLAYERS = 2, 10
#: chips-discard-depth: the top card of the pile, and the second and third down.
PILE_REACH = 3

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_RANK_NUMBER = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


def _number(code: str) -> int:
    """Ace 1 .. King 13; joker 0."""
    return 0 if code == "JK" else _RANK_NUMBER[code[:-1]]


def _order(code: str) -> int:
    """The engine's order (chips.sort_cards): by suit S H D C, then rank; jokers last."""
    return 64 if code == "JK" else _SUIT_INDEX[code[-1]] * 16 + _RANK_NUMBER[code[:-1]]


def _sorted(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=_order)


def _wild(code: str) -> bool:
    """chips-wilds: every 2 and every joker."""
    return code == "JK" or code[:-1] == "2"


def _value(code: str) -> int:
    """chips-card-values (the engine's card_value)."""
    return engine.card_value(parse_card(code))


#: chips-ruling-k-a-2: the family's reading of K-A-2, the default of the option k-a-2.
_K_A_2 = engine.K_A_2_NO_GROUP


@lru_cache(maxsize=8192)
def _evaluate(key: tuple[str, ...], k_a_2: str = _K_A_2) -> tuple[int, tuple[str, ...]]:
    """(score, loose cards) of a hand with nothing to lay off onto: the engine's best
    arrangement (chips-ruling-best-arrangement), with K-A-2 read as the table reads it
    (``k_a_2``, a value of the option k-a-2, chips-ruling-k-a-2). ``key`` is the hand sorted."""
    arr = engine.best_arrangement([parse_card(c) for c in key], house={"k-a-2": k_a_2})
    return arr.score, tuple(format_card(c) for c in arr.loose)


def _grouped(hand: Sequence[str], k_a_2: str = _K_A_2) -> bool:
    """chips-call, chips-ruling-whole-hand: every card, wilds included, in a group."""
    score, loose = _evaluate(tuple(_sorted(hand)), k_a_2)
    return score == 0 and not loose


def house_of(house: Mapping[str, str] | None) -> dict[str, str]:
    """The table's own rules as the state keeps them: the options (checked by the engine's
    ``house_field``) whose value is not the family's, in ``HOUSE_OPTIONS`` order."""
    chosen = engine.house_options(house)
    return {o.id: chosen[o.id] for o in engine.HOUSE_OPTIONS if chosen[o.id] != o.default}


def _house(state: State) -> dict[str, str]:
    """Every option the table plays by (a state saved before house rules: the family's)."""
    return engine.house_options(state.get("house") or {})


def _k_a_2(state: State) -> str:
    """How the table reads K-A-2 (chips-ruling-k-a-2): the option k-a-2's value."""
    return _house(state)["k-a-2"]


def _banned(state: State) -> str | None:
    """chips-ruling-throw-back, house throw-back ``not-allowed``: the card just taken from the
    pile, which may not be thrown straight back (unless the hand holds another just like it)."""
    if state["phase"] != "discard" or (state.get("house") or {}).get("throw-back") != "not-allowed":
        return None
    turn = state["turns"][-1]
    if turn["take"] != "pile" or state["hands"][state["seat"]].count(turn["taken"]) > 1:
        return None
    return str(turn["taken"])


# ---------------------------------------------------------------------------------------
# The game


def new_game(players: int, seed: int, house: Mapping[str, str] | None = None) -> State:
    """A new game for ``players`` seats (2-10), its shuffles drawn from ``seed``, played by the
    table's ``house`` options (None or ``{}``: the family's rules)."""
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulebookError(f"chips-players: a practice game seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {quote(players)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulebookError(f"seed: expected a whole number, not {quote(seed)}")
    chosen = house_of(house)
    state: State = {
        "game": GAME, "players": players, "packs": engine.packs_for(players),  # chips-packs, chips-ruling-packs
        "seed": rng.seed_state(seed), "round": 0, "handSize": 0, "dealer": 0,
        "phase": "open", "seat": 0, "hands": [], "deck": [], "pile": [],
        "caller": None, "callerGroups": None, "lastTurns": 0, "table": None, "layOff": None,
        "deal": [], "turns": [], "totals": [0] * players, "rounds": [], "over": False,
        "result": None, "rng": rng.seed_state(seed), "house": chosen,
    }
    return _deal(state)


def _deal(state: State) -> State:
    """chips-deal, chips-hand-sizes, chips-rotation: a fresh shuffle of every pack; the round's
    size of hand each, the extra card to the dealer's left, who opens (chips-opening-discard)."""
    players, k = state["players"], state["round"]
    dealer, extra = engine.seat_for_round(players, k, players - 1)
    size = engine.HAND_SIZES[k]
    deck, state["rng"] = rng.shuffled(state["rng"], [format_card(c) for c in build_deck(state["packs"])])
    drawn: int | None = None
    if _house(state)["random-extra"] == "played" and players >= engine.RANDOM_EXTRA_PLAYERS:
        # chips-variant-random-extra, chips-ruling-random-extra: the extra card to a seat drawn
        # by lot, never the same seat twice in a game; chips-ruling-random-extra-deal: the deal
        # still moves left; chips-ruling-random-extra-turns: that seat opens.
        had = list(state.get("extraSeats") or [])
        left = [p for p in range(players) if p not in had]
        i, state["rng"] = rng.below(state["rng"], len(left))
        drawn = extra = left[i]
        state["extraSeats"] = had + [drawn]
    hands, stock = engine.deal_round([parse_card(c) for c in deck], players, dealer, size, drawn)
    state.update({
        "handSize": size, "dealer": dealer, "phase": "open", "seat": extra,
        "hands": [_sorted([format_card(c) for c in h]) for h in hands],
        "deck": [format_card(c) for c in stock], "pile": [],
        "caller": None, "callerGroups": None, "lastTurns": 0, "table": None, "layOff": None,
        "deal": deck, "turns": [],
    })
    return state


def extra_seat(state: State) -> int:
    """The seat dealt the extra card this round: the dealer's left (chips-deal, chips-rotation),
    or the seat drawn by lot under the variant (chips-variant-random-extra). Once the game is
    over, the last round's."""
    k = min(state["round"], engine.ROUNDS - 1)
    drawn = state.get("extraSeats") or []
    if k < len(drawn):
        return int(drawn[k])
    return (int(state["dealer"]) + 1) % int(state["players"])


def seat_to_act(state: State) -> int | None:
    """The seat whose move it is; None when the game is over."""
    return None if state["over"] else int(state["seat"])


def legal_moves(state: State) -> list[Move]:
    """Every move the seat to act may make, in a fixed order (the computer's and the page's)."""
    phase = state["phase"]
    if state["over"]:
        return []
    hand = state["hands"][state["seat"]]
    if phase in ("open", "discard"):
        # chips-ruling-throw-back: any card in the hand, the one just taken included (not it,
        # under the house rule throw-back not-allowed).
        banned = _banned(state)
        return [{"type": "discard", "card": c} for c in dict.fromkeys(hand) if c != banned]
    if phase == "take":
        moves: list[Move] = []
        if state["deck"] or len(state["pile"]) >= 2:  # chips-ruling-deck-runs-out
            moves.append({"type": "take", "from": "deck"})
        # chips-discard-depth: the top three of the pile.
        moves += [{"type": "take", "from": "pile", "index": i} for i in range(min(PILE_REACH, len(state["pile"])))]
        return moves
    if phase == "call":
        groups = engine.caller_arrangement([parse_card(c) for c in hand], house=state.get("house") or {})
        return [{"type": "call", "groups": [g.to_record() for g in groups]}, {"type": "pass"}]
    return [{"type": "layOff"}]


def _copy(state: State) -> State:
    """A copy deep enough that the next state shares no list it changes with the old one."""
    new = dict(state)
    new["hands"] = [list(h) for h in state["hands"]]
    new["pile"] = list(state["pile"])
    new["turns"] = list(state["turns"])
    new["totals"] = list(state["totals"])
    new["rounds"] = list(state["rounds"])
    return new


def apply_move(state: State, move: Move) -> State:
    """The state after ``move`` by the seat to act; ``state`` is left as it was. An illegal
    move raises IllegalPlay naming the rule."""
    if state["over"]:
        raise IllegalPlay("chips-winner: the game is over; eight rounds have been played")
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalPlay(f"chips-turn: a move is an object with a type (take, discard, call, pass, layOff), not {quote(move)}")
    kind, phase = move["type"], state["phase"]
    new = _copy(state)
    if kind == "take":
        return _take(new, move, phase)
    if kind == "discard":
        return _discard(new, move, phase)
    if kind in ("call", "pass"):
        return _call(new, move, phase)
    if kind == "layOff":
        if phase != "layOff":
            raise IllegalPlay("chips-lay-off: laying off comes after everyone's last turn after the call")
        return _lay_off(new)
    raise IllegalPlay(f"chips-turn: unknown move type {quote(kind)} (take, discard, call, pass, layOff)")


def _take(state: State, move: Move, phase: str) -> State:
    if phase == "open":
        # chips-ruling-opening-discard: the opening discard is the whole first turn.
        raise IllegalPlay("chips-opening-discard: the player with the extra card opens by throwing a card away, "
                          "without taking one")
    if phase != "take":
        raise IllegalPlay(f"chips-turn: one card is taken a turn, then one thrown away; now is the time to {_NEXT[phase]}")
    seat = state["seat"]
    source = move.get("from")
    pile = state["pile"]
    if source == "deck":
        deck = list(state["deck"])
        if not deck:
            # chips-ruling-deck-runs-out: the pile but its top card, turned over without
            # shuffling, is the new deck (the pile's bottom card is now on top).
            if len(pile) < 2:
                raise IllegalPlay("chips-ruling-deck-runs-out: the deck is empty and the discard pile has no card "
                                  "under its top one to turn over")
            deck, state["pile"] = pile[:-1], pile[-1:]
        card = deck.pop(0)
        state["deck"] = deck
        turn: dict[str, Any] = {"seat": seat, "take": "deck", "depth": None, "taken": card, "discard": None, "call": False}
    elif source == "pile":
        index = move.get("index", 0)
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise IllegalPlay(f"chips-discard-depth: index is 0 for the top card of the pile, 1 or 2 below it; not {quote(index)}")
        if index >= PILE_REACH:
            raise IllegalPlay(f"chips-discard-depth: a card can be taken at most three deep in the discard pile, "
                              f"not {index + 1} deep")
        if index >= len(pile):
            raise IllegalPlay(f"chips-discard-depth: the discard pile holds only {len(pile)} card(s)")
        # chips-ruling-discard-depth: that card alone; the cards above it stay, in order.
        card = pile.pop(len(pile) - 1 - index)
        turn = {"seat": seat, "take": "pile", "depth": index + 1, "taken": card, "discard": None, "call": False}
    else:
        raise IllegalPlay(f"chips-discard-depth: take from \"deck\" or \"pile\", not {quote(source)}")
    state["hands"][seat] = _sorted(state["hands"][seat] + [card])
    state["turns"].append(turn)
    state["phase"] = "discard"
    return state


_NEXT = {"open": "throw a card away", "take": "take a card", "discard": "throw a card away",
         "call": "call chips or pass", "layOff": "lay off"}


def _discard(state: State, move: Move, phase: str) -> State:
    if phase not in ("open", "discard"):
        if phase == "take":
            raise IllegalPlay("chips-turn: take a card from the deck or the discard pile before throwing one away")
        raise IllegalPlay(f"chips-turn: now is the time to {_NEXT[phase]}")
    seat = state["seat"]
    card = move.get("card")
    hand = state["hands"][seat]
    if not isinstance(card, str) or card not in hand:
        raise IllegalPlay(f"chips-turn: {quote(card)} is not in your hand, so it cannot be thrown away")
    if card == _banned(state):
        raise IllegalPlay(f"chips-ruling-throw-back: {card} was just taken from the discard pile, and at this table "
                          "it may not be thrown straight back")
    hand = list(hand)
    hand.remove(card)
    state["hands"][seat] = hand
    state["pile"].append(card)
    if phase == "open":
        state["turns"].append({"seat": seat, "take": None, "depth": None, "taken": None, "discard": card, "call": False})
        return _next_turn(state)
    state["turns"][-1] = dict(state["turns"][-1], discard=card)
    if state["caller"] is None:
        if _grouped(hand, _k_a_2(state)):  # chips-call: the whole hand in groups, after taking and discarding
            state["phase"] = "call"
            return state
        return _next_turn(state)
    # chips-last-turn, chips-ruling-after-the-call: one last turn each, and nobody else calls.
    state["lastTurns"] -= 1
    if state["lastTurns"] == 0:
        return _lay_down(state)
    return _next_turn(state)


def _next_turn(state: State) -> State:
    """chips-turn: turns go round to the left."""
    state["seat"] = (state["seat"] + 1) % state["players"]
    state["phase"] = "take"
    return state


def _call(state: State, move: Move, phase: str) -> State:
    if phase != "call":
        if state["caller"] is not None:
            raise IllegalPlay("chips-ruling-after-the-call: chips has already been called; the others only take "
                              "a last turn")
        if phase == "open":
            raise IllegalPlay("chips-ruling-opening-discard: chips cannot be called on the opening discard")
        if phase == "layOff":
            raise IllegalPlay("chips-lay-off: the round has been called; now is the time to lay off")
        raise IllegalPlay("chips-call-after-turn: chips can be called only after taking a card and throwing one "
                          "away, and only when every card left is in a group")
    if move["type"] == "pass":
        return _next_turn(state)
    seat = state["seat"]
    hand = [parse_card(c) for c in state["hands"][seat]]
    given = move.get("groups")
    house = state.get("house") or {}
    if given is None:
        groups = engine.caller_arrangement(hand, house=house)  # chips-ruling-whole-hand
    else:
        if not isinstance(given, list):
            raise IllegalPlay(f"chips-fixed-groups: groups is a list of the caller's groups, not {quote(given)}")
        try:
            groups = [engine.parse_group(g, f"groups[{k}]", house=house) for k, g in enumerate(given)]
        except RulebookError as exc:
            raise IllegalPlay(f"chips-fixed-groups: {exc}") from None
        laid = Counter(format_card(c) for g in groups for c in g.cards)
        if laid != Counter(state["hands"][seat]):
            raise IllegalPlay("chips-ruling-whole-hand: the groups must hold every card of your hand, each once")
    # chips-fixed-groups, chips-ruling-wild-stays: the groups, and what each wild stands for,
    # are fixed now; chips-concealed: they stay hidden until the last turns are over.
    state["caller"] = seat
    state["callerGroups"] = [g.to_record() for g in groups]
    state["lastTurns"] = state["players"] - 1
    state["turns"][-1] = dict(state["turns"][-1], call=True)
    return _next_turn(state)


def _lay_down(state: State) -> State:
    """After the last turn the caller lays the groups down; the others lay off one at a time
    in turn order from the caller's left (chips-ruling-layoff-order)."""
    caller = state["caller"]
    # The groups as the table's rules read them (chips-ruling-k-a-2: a run round the corner, say).
    groups = [engine.parse_group(g, house=state.get("house") or {}) for g in state["callerGroups"]]
    results: list[Any] = [None] * state["players"]
    results[caller] = engine.Arrangement(0, groups, [], [], groups).to_record()  # chips-caller-scores-zero
    state["layOff"] = {"hands": [list(h) for h in state["hands"]], "results": results}
    state["table"] = state["callerGroups"]
    state["hands"][caller] = []
    state["phase"] = "layOff"
    state["seat"] = (caller + 1) % state["players"]
    return state


def _lay_off(state: State) -> State:
    """chips-lay-off: onto the caller's groups only (chips-ruling-lay-off-target), the cards
    that leave the lowest score, as few as can be (chips-ruling-layoff-aim), seeing what the
    players before have added (chips-ruling-layoff-order); the engine's best_arrangement."""
    seat = state["seat"]
    house = state.get("house") or {}
    table = [engine.parse_group(g, house=house) for g in state["table"]]
    arr = engine.best_arrangement([parse_card(c) for c in state["hands"][seat]], table, house=house)
    record = arr.to_record()
    state["table"] = [g.to_record() for g in arr.extended]
    hand = list(state["hands"][seat])
    for c in record["laid_off"]:
        hand.remove(c)
    state["hands"][seat] = hand
    results = list(state["layOff"]["results"])
    results[seat] = record
    state["layOff"] = dict(state["layOff"], results=results)
    nxt = (seat + 1) % state["players"]
    if nxt != state["caller"]:
        state["seat"] = nxt
        return state
    return _finish_round(state)


def _finish_round(state: State) -> State:
    caller = state["caller"]
    results = state["layOff"]["results"]
    scores = [0 if p == caller else int(r["score"]) for p, r in enumerate(results)]  # chips-caller-scores-zero
    state["rounds"].append({
        "round": state["round"] + 1, "handSize": state["handSize"], "dealer": state["dealer"],
        "caller": caller, "callerGroups": state["callerGroups"], "hands": state["layOff"]["hands"],
        "laidOff": [list(r["laid_off"]) for r in results], "results": results, "table": state["table"],
        "scores": scores, "deal": state["deal"], "turns": state["turns"],
    })
    state["totals"] = [t + s for t, s in zip(state["totals"], scores, strict=True)]
    state["round"] += 1
    if state["round"] < engine.ROUNDS:
        return _deal(state)
    # chips-winner, chips-tie-most-calls, chips-tie-round-totals, chips-ruling-shared-win:
    # the engine's rank_game, seats named by their numbers.
    names = [str(p) for p in range(state["players"])]
    standing = engine.rank_game(names, [
        {"scores": {str(p): s for p, s in enumerate(r["scores"])}, "called": str(r["caller"])} for r in state["rounds"]])
    state.update({
        "over": True, "phase": "over", "seat": None,
        "result": {"ranking": [[int(p) for p in place] for place in standing.ranking],
                   "decidedBy": standing.decided_by, "calls": [standing.calls[p] for p in names]},
    })
    return state


# ---------------------------------------------------------------------------------------
# The computer player: it sees only its own hand, the pile and whether chips has been called.


#: The computer's levels (issue 28): "standard" calls the moment it may; "gentle" plays the same
#: cards but gives the others time, calling only once everyone has had GENTLE_TURNS turns.
LEVELS = ("gentle", "standard")
#: The turns each player has had in the round before the gentle computer calls (the opening
#: discard is a turn: chips-ruling-opening-discard).
GENTLE_TURNS = 3


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise RulebookError(f"opponent: the computer plays at level \"gentle\" or \"standard\", not {quote(level)}")


def turns_had(state: State) -> list[int]:
    """How many turns each seat has had in this round so far (the turn being played counted)."""
    had = [0] * state["players"]
    for turn in state["turns"]:
        had[turn["seat"]] += 1
    return had


def gentle_waits(state: State) -> bool:
    """Whether the gentle computer, at the seat to act with every card in a group (phase
    "call"), plays on: some other player has had fewer than GENTLE_TURNS turns this round."""
    seat = state["seat"]
    return any(n < GENTLE_TURNS for p, n in enumerate(turns_had(state)) if p != seat)


def bot_move(state: State, level: str = "standard") -> Move:
    """A legal move for the seat to act, the same for the same state and ``level`` (LEVELS). It
    keeps the cards that group, takes from the pile when a card there lowers its score, and
    calls when it can; at level "gentle", only once everyone has had GENTLE_TURNS turns."""
    _check_level(level)
    if state["over"]:
        raise IllegalPlay("chips-winner: the game is over; nobody is to move")
    phase = state["phase"]
    hand = state["hands"][state["seat"]]
    if phase in ("open", "discard"):
        return {"type": "discard", "card": _choose_discard(hand, state["caller"] is not None, _k_a_2(state),
                                                           _banned(state))}
    if phase == "take":
        return _choose_take(hand, state)
    if phase == "call":
        if level == "gentle" and gentle_waits(state):
            return {"type": "pass"}  # chips-call: calling is a choice; the gentle computer waits
        return legal_moves(state)[0]  # chips-call: it always calls when it can
    return {"type": "layOff"}


def _after_discard(key: tuple[str, ...], k_a_2: str = _K_A_2) -> int:
    """The score left after the best card of this hand (one card over) is thrown away: the
    dearest loose card; when every natural card groups, the best of each card in turn."""
    score, loose = _evaluate(key, k_a_2)
    naturals = [_value(c) for c in loose if not _wild(c)]
    if naturals:
        return score - max(naturals)
    return min(_evaluate(key[:i] + key[i + 1:], k_a_2)[0] for i in range(len(key)))


def _choose_take(hand: list[str], state: State) -> Move:
    pile = state["pile"]
    deck_ok = bool(state["deck"]) or len(pile) >= 2
    k_a_2 = _k_a_2(state)
    now = _evaluate(tuple(_sorted(hand)), k_a_2)[0]
    best, pick = now, -1
    for i in range(min(PILE_REACH, len(pile))):
        card = pile[-1 - i]
        if not _may_group(card, hand):
            continue  # it could not group: no help
        key = tuple(_sorted(hand + [card]))
        if card in _evaluate(key, k_a_2)[1] and not _wild(card):
            continue  # it would not group: no help
        after = _after_discard(key, k_a_2)
        # a wild is worth taking when it costs nothing now; any other card must lower the score
        if after < best or (pick < 0 and _wild(card) and after <= best):
            best, pick = after, i
    if pick >= 0 or not deck_ok:
        return {"type": "take", "from": "pile", "index": max(pick, 0)}
    return {"type": "take", "from": "deck"}


def _may_group(card: str, hand: Sequence[str]) -> bool:
    """Whether ``card`` could be in a group with cards of ``hand``: it is wild, or the hand holds
    two wilds, a card of its rank, or one of its suit close enough for the wilds to bridge."""
    wilds = sum(1 for c in hand if _wild(c))
    if _wild(card) or wilds >= 2:
        return True
    return any(not _wild(c) and (c[:-1] == card[:-1] or (c[-1] == card[-1] and any(
        abs(p - q) <= wilds + 1 for p in _positions(card) for q in _positions(c)))) for c in hand)


def _positions(code: str) -> tuple[int, ...]:
    n = _number(code)
    return (1, 14) if n == 1 else (n,)


def _partners(code: str, others: Sequence[str]) -> int:
    """How many of ``others`` could group with ``code``: the same rank, or the same suit
    within two places (a set or a run in the making)."""
    return sum(1 for other in others if other[:-1] == code[:-1] or (other[-1] == code[-1] and any(
        0 < abs(p - q) <= 2 for p in _positions(code) for q in _positions(other))))


def _choose_discard(hand: list[str], called: bool, k_a_2: str = _K_A_2, banned: str | None = None) -> str:
    """The card to throw away from a hand one card over (never ``banned``, the card that may
    not be thrown back)."""
    key = tuple(_sorted(hand))
    loose = _evaluate(key, k_a_2)[1]
    naturals = [c for c in loose if not _wild(c) and c != banned]
    if naturals:
        # The dearest loose card, less a little for each loose card it could group with later;
        # after a call there is no later, so the dearest.
        best_card, best_key = "", (-1000, 0)
        for i, c in enumerate(naturals):
            others = naturals[:i] + naturals[i + 1:]
            worth = _value(c) - (0 if called else 4 * _partners(c, others))
            if (worth, _value(c)) > best_key:
                best_card, best_key = c, (worth, _value(c))
        return best_card
    # Every natural card groups: throw away one that keeps the hand whole if any does (then
    # call), a natural before a wild and the dearest first; else the one that scores least.
    best_card, rank = "", (-1, 0, 0, 0)
    for c in dict.fromkeys(hand):
        if c == banned:
            continue
        rest = list(hand)
        rest.remove(c)
        left, left_loose = _evaluate(tuple(_sorted(rest)), k_a_2)
        whole = left == 0 and not left_loose
        r = (1 if whole else 0, -left, 0 if _wild(c) else 1, _value(c))
        if r > rank:
            best_card, rank = c, r
    return best_card
