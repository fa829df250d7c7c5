"""Chains, a whole game of ten hands against the computer (issue 16), as pure functions on
JSON-serialisable state. The browser port is ``docs/assets/js/play/chains.js``, step for step;
``tests/test_play_differential_chains_stack.py`` holds the two equal state by state.

The rules are the engine's (:mod:`generator.engine.games.chains`): each hand is dealt by its
``deal``, played by its ``apply_move`` and scored by ``hand_points``, and the game is totalled by
``game_result``. This module adds what a whole game needs around them: the seeded shuffle of each
hand, the deal passing to the left, the ten hands, the list of moves open to the player to act
with the rule behind each refusal, and a computer player.

State (camelCase, plain JSON; a card is written as the CLI writes it, "10H"):

- ``hands``: each seat's cards, in the order dealt and drawn; ``deck``: the face-down stock, top
  first; ``pile``: the face-up pile, bottom first (its last card is the top card).
- ``turn``: the seat to act (None once the game is over); ``again``: the player is on the extra
  play a royal earned; ``hadTurn``: the seats that have finished a turn this hand; ``stuck``:
  passes in a row by players who could neither play nor draw.
- ``handNumber`` (1-10), ``firstDealer``, ``dealer``; ``rounds``: each finished hand (its dealer,
  who went out, whether it was blocked, the cards left in each hand, the scores); ``totals``;
  ``over`` and ``winners`` (everyone on the lowest total once the ten hands are played).
- ``last``: what the last move did (None before the first); ``rng``: the seeded generator's state.
- ``house``: the table's own rules (issue 25), the options of the scoring engine's
  ``HOUSE_OPTIONS`` that differ from the family's rules (``{"same-rank": "played"}``; ``{}``: the
  family's rules). Legal moves, each move and the computer player follow them.

Moves: ``{"action": "play", "card": "8H"}``, ``{"action": "draw"}``, ``{"action": "pass"}`` (on a
first turn with no play, with nothing to draw, or to stop after a royal; with the
draw-after-royal variation, stopping after a royal is a draw while there is one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, build_deck, format_card, parse_card
from ..errors import IllegalPlay, RulebookError
from ..games import chains as engine
from ..games.fields import house_field
from ..limits import quote
from . import rng

GAME = "chains"
MIN_PLAYERS = 2
#: The practice table seats two to six (issue 16); one deck serves them all
#: (chains-ruling-decks: one deck up to seven players).
MAX_PLAYERS = 6
DECKS = 1
#: Every card of the one deck, in pack order: each hand is a fresh shuffle of these.
FULL_DECK: tuple[Card, ...] = tuple(build_deck(DECKS, jokers=False))  # chains-ruling-jokers
_CARD: dict[str, Card] = {format_card(c): c for c in FULL_DECK}
#: A card's code by its ``order`` (one number a card): quicker than hashing the card.
_CODE: dict[int, str] = {c.order: code for code, c in _CARD.items()}

PLAY, DRAW, PASS = "play", "draw", "pass"

#: The largest seed either way: the browser holds a whole number exactly up to 2**53 - 1.
MAX_SEED = 2**53 - 1

State = dict[str, Any]
MoveRecord = dict[str, Any]


def _cards(codes: Sequence[str]) -> tuple[Card, ...]:
    try:
        return tuple([_CARD[c] for c in codes])
    except KeyError:
        return tuple(parse_card(c) for c in codes)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [_CODE[c.order] for c in cards]


_JUDGED: dict[tuple[str, str, frozenset[engine.Variant]], engine.Judgement] = {}


def house_of(house: Mapping[str, str] | None) -> dict[str, str]:
    """The table's own rules as the state keeps them: the options (checked by the engine's
    ``house_field``) whose value is not the family's, in ``HOUSE_OPTIONS`` order."""
    chosen = house_field(None if house is None else dict(house), engine.HOUSE_OPTIONS)
    return {o.id: chosen[o.id] for o in engine.HOUSE_OPTIONS if chosen[o.id] != o.default}


#: The engine's ``house_variants`` of each house seen, by its options: asked at every move.
_VARIANTS: dict[tuple[tuple[str, str], ...], frozenset[engine.Variant]] = {}


def _variants(state: State) -> frozenset[engine.Variant]:
    """The variations the table plays (chains-ruling-variations-combine: any together)."""
    house = state.get("house") or {}
    key = tuple(house.items()) if isinstance(house, dict) else None
    try:
        variants = _VARIANTS.get(key) if key is not None else None
    except TypeError:  # a value that is not a string: the engine refuses it in its own words
        variants, key = None, None
    if variants is None:
        variants = engine.house_variants(house)
        if key is not None:
            _VARIANTS[key] = variants
    return variants


def _judge(top: str, code: str, variants: frozenset[engine.Variant] = frozenset()) -> engine.Judgement:
    """The engine's ``judge_play`` of one card on another under the table's ``variants``, worked
    out once per pair: runs and royals round the circle K-A-2 (chains-ruling-ace); with one deck
    no card goes on itself (chains-ruling-same-card)."""
    verdict = _JUDGED.get((top, code, variants))
    if verdict is None:
        verdict = _JUDGED[(top, code, variants)] = engine.judge_play(
            _CARD[top], _CARD[code], decks=DECKS, variants=variants)
    return verdict


#: chains-scoring: the points of each card, by the engine's ``card_points``.
_POINTS: dict[str, int] = {code: engine.card_points(c) for code, c in _CARD.items()}


def _playable(state: State) -> list[str]:
    """The cards of the seat to act that may go on the top card, in hand order: the engine's
    ``HandState.playable``, on the codes."""
    top = state["pile"][-1]
    variants = _variants(state)
    return [c for c in state["hands"][state["turn"]] if c != top and _judge(top, c, variants).legal]


def _hand_state(state: State) -> engine.HandState:
    """The engine's view of the hand in play."""
    return engine.HandState(
        hands=tuple(_cards(h) for h in state["hands"]), pile=_cards(state["pile"]),
        stock=_cards(state["deck"]), turn=state["turn"], decks=DECKS, again=state["again"],
        had_turn=frozenset(state["hadTurn"]), stuck=state["stuck"], variants=_variants(state),
    )


def _deal_hand(state: State, dealer: int, seed: int) -> tuple[engine.HandState, int]:
    """chains-deal, chains-upcard: a fresh shuffle of the deck, dealt by the engine."""
    order, seed = rng.shuffled(seed, FULL_DECK)
    dealt = engine.deal(order, players=state["players"], dealer=dealer, decks=DECKS)
    return engine.start_hand(dealt), seed


def _put_hand(state: State, hs: engine.HandState) -> None:
    state["turn"] = hs.turn
    state["again"] = hs.again
    state["hadTurn"] = sorted(hs.had_turn)
    state["stuck"] = hs.stuck
    state["hands"] = [_codes(h) for h in hs.hands]
    state["deck"] = _codes(hs.stock)
    state["pile"] = _codes(hs.pile)


def new_game(players: int, seed: int, house: Mapping[str, str] | None = None) -> State:
    """A game of ten hands for ``players`` seats, every shuffle drawn from ``seed``, played by the
    table's ``house`` options (None or ``{}``: the family's rules)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalPlay(f"a practice game of Chains is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                          f"not {quote(players)} (chains-ruling-players)")
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED:
        raise IllegalPlay(f"the seed must be a whole number of at most {MAX_SEED} either side of 0, "
                          f"not {quote(seed)}")
    chosen = house_of(house)
    r = rng.seed_state(seed)
    # chains-ruling-first-dealer: any way the table likes; here the seed draws the first dealer.
    first, r = rng.below(r, players)
    state: State = {
        "game": GAME, "players": players, "seed": seed, "handNumber": 1, "firstDealer": first,
        "dealer": first, "turn": None, "again": False, "hadTurn": [], "stuck": 0,
        "hands": [], "deck": [], "pile": [], "totals": [0] * players, "rounds": [],
        "over": False, "winners": [], "last": None, "rng": 0, "house": chosen,
    }
    hs, r = _deal_hand(state, first, r)
    _put_hand(state, hs)
    state["rng"] = r
    return state


def seat_to_act(state: State) -> int | None:
    return None if state["over"] else int(state["turn"])


def _nothing_to_draw(state: State) -> bool:
    # chains-ruling-deck-runs-out: an empty deck is refilled from the pile under its top card, so
    # there is nothing to draw only when both are used up.
    return not state["deck"] and len(state["pile"]) <= 1


def legal_moves(state: State) -> list[MoveRecord]:
    """Every move open to the seat to act, plays first in hand order (none once the game is over)."""
    if state["over"]:
        return []
    moves: list[MoveRecord] = [{"action": PLAY, "card": c} for c in _playable(state)]
    if state["again"]:
        # chains-ruling-royal: stopping after a royal costs no card; with the draw-after-royal
        # variation it is a draw, while there is one.
        draws = engine.Variant.DRAW_AFTER_ROYAL in _variants(state) and not _nothing_to_draw(state)
        moves.append({"action": DRAW if draws else PASS})
    elif not moves:
        # chains-ruling-must-play: draw only when no card can be played; chains-ruling-first-turn:
        # a first turn of the hand passes instead; chains-ruling-deck-runs-out: so does a player
        # with nothing left to draw.
        first_turn = state["turn"] not in state["hadTurn"]
        moves.append({"action": PASS if first_turn or _nothing_to_draw(state) else DRAW})
    return moves


def _refusal(state: State, move: object) -> IllegalPlay:
    """Why ``move`` is not one of the legal moves, naming the rule."""
    if state["over"]:
        return IllegalPlay("the game is over: all ten hands have been played (chains-game)")
    p = state["turn"]
    top = state["pile"][-1]
    if (not isinstance(move, dict) or move.get("action") not in (PLAY, DRAW, PASS)
            or set(move) != ({"action", "card"} if move["action"] == PLAY else {"action"})):
        return IllegalPlay(f"a move is a play of a card, a draw or a pass, like "
                           f'{{"action": "play", "card": "8H"}}, not {quote(move)}')
    playable = _playable(state)
    action = move["action"]
    if action == PLAY:
        code = move.get("card")
        if not isinstance(code, str) or code not in _CARD:
            return IllegalPlay(f"a play names the card to play, like \"8H\", not {quote(code)}")
        if code not in state["hands"][p]:
            return IllegalPlay(f"seat {p} holds no {code}: a player plays a card from their own hand "
                               "(chains-first-play)")
        card, on = _CARD[code], _CARD[top]
        if card.rank is on.rank:
            return IllegalPlay(f"{code} may not go on {top}: matching the rank alone is not allowed "
                               "(chains-same-rank)")
        return IllegalPlay(f"{code} may not go on {top}: a card must be one rank up or down (a run) "
                           "or of the same suit (a flush) (chains-legal-plays)")
    if state["again"]:
        if engine.Variant.DRAW_AFTER_ROYAL in _variants(state):
            if action == PASS:
                return IllegalPlay("with the draw-after-royal variation, a player who plays no other "
                                   "card after a royal draws one (chains-variant-draw-after-royal)")
            return IllegalPlay("there is nothing left to draw, so a player who stops after a royal "
                               "passes (chains-ruling-deck-runs-out)")
        return IllegalPlay("after a royal a player may play another card or stop, and draws nothing "
                           "(chains-ruling-royal)")
    if playable:
        return IllegalPlay(f"seat {p} can play {playable[0]} on {top}, so must play a card: "
                           "a player draws only when they cannot play (chains-ruling-must-play)")
    if action == DRAW:
        if p not in state["hadTurn"]:
            return IllegalPlay("on a first turn of the hand, a player who cannot play passes without "
                               "drawing (chains-first-turn)")
        return IllegalPlay("there is nothing left to draw, so a player who cannot play passes "
                           "(chains-ruling-deck-runs-out)")
    return IllegalPlay("a player who cannot play after their first turn draws a card (chains-draw)")


def _copy(state: State) -> State:
    out = dict(state)
    out["totals"] = list(state["totals"])
    out["rounds"] = list(state["rounds"])
    out["winners"] = list(state["winners"])
    return out


def apply_move(state: State, move: MoveRecord) -> State:
    """The state after ``move`` by the seat to act; ``IllegalPlay`` names the rule it breaks.

    Pure: ``state`` is never changed. When the move ends the hand, the hand is scored, and the
    next hand is dealt unless that was the tenth."""
    if state["over"]:
        raise _refusal(state, move)
    if move not in legal_moves(state):
        raise _refusal(state, move)
    p = state["turn"]
    text = move["card"] if move["action"] == PLAY else move["action"]
    hs, step = engine.apply_move(_hand_state(state), text)
    out = _copy(state)
    out["last"] = {
        "seat": p, "action": move["action"], "card": move.get("card"),
        "kind": None if step.kind is None else step.kind.value,
        "drew": None if step.drew is None else format_card(step.drew),
        "again": step.again, "wentOut": step.went_out, "handOver": False,
    }
    _put_hand(out, hs)
    # The engine ends the hand the moment a player has no cards, even on a royal
    # (chains-ruling-royal-last-card).
    if hs.out is None and not hs.blocked:
        return out
    # chains-hand-end: someone is out (or, chains-ruling-blocked, nobody can move): count up.
    scores = engine.HandReplay(hs).scores()  # chains-scoring
    out["last"]["handOver"] = True
    out["rounds"].append({
        "number": state["handNumber"], "dealer": state["dealer"], "out": hs.out, "blocked": hs.blocked,
        "hands": [_codes(h) for h in hs.hands], "scores": list(scores),
    })
    result = engine.game_result(state["players"], [r["scores"] for r in out["rounds"]])
    out["totals"] = list(result.totals)
    if result.complete:  # chains-game: ten hands
        out["over"] = True
        out["turn"] = None
        out["winners"] = list(result.winners)  # chains-ruling-tie: equal lowest totals share the win
        return out
    # chains-hand-end: the deal passes to the left.
    out["handNumber"] = state["handNumber"] + 1
    out["dealer"] = engine.dealer_of_hand(state["firstDealer"], out["handNumber"], state["players"])
    nxt, out["rng"] = _deal_hand(out, out["dealer"], state["rng"])
    _put_hand(out, nxt)
    return out


# --- The computer player ----------------------------------------------------------------------


def _left_after(hand: Sequence[str], top: str,
                variants: frozenset[engine.Variant] = frozenset(), extras: bool = True) -> tuple[int, int]:
    """The fewest points the hand can be left holding this turn, playing one of its cards on
    ``top`` and then, after each royal, the best extra card or none (chains-ruling-royal-chain;
    none when not ``extras``): ``(points left, index of the first card to play)``, the earliest
    card on equal points; -1 when no card can be played."""
    best = (sum(_POINTS[c] for c in hand), -1)
    for i, code in enumerate(hand):
        if code == top:
            continue
        verdict = _judge(top, code, variants)
        if not verdict.legal:
            continue
        rest = [*hand[:i], *hand[i + 1:]]
        left = sum(_POINTS[c] for c in rest)
        if extras and verdict.again and rest:
            left = min(left, _left_after(rest, code, variants)[0])
        if left < best[0]:
            best = (left, i)
    return best


#: The computer's levels (issue 28): "standard" plays the card that leaves its hand cheapest,
#: counting the extra plays its royals earn, and takes them; "gentle" plays its dearest card but
#: never takes the extra play a royal earns (chains-ruling-royal: a choice), so it goes out later.
LEVELS = ("gentle", "standard")


def bot_move(state: State, level: str = "standard") -> MoveRecord:
    """The computer's move at ``level`` (LEVELS): the card that leaves its hand cheapest, counting
    the extra plays its royals earn (gentle: counting none, and stopping after a royal); when it
    cannot play, the one move left (draw, or pass)."""
    if level not in LEVELS:
        raise RulebookError(f"opponent: the computer plays at level \"gentle\" or \"standard\", not {quote(level)}")
    moves = legal_moves(state)
    if not moves:
        raise IllegalPlay("the game is over: nobody is to move (chains-game)")
    if moves[0]["action"] != PLAY:
        return moves[0]
    gentle = level == "gentle"
    if gentle and state["again"]:
        return moves[-1]  # chains-ruling-royal: stopping after a royal (a draw under draw-after-royal)
    hand = state["hands"][state["turn"]]
    _, i = _left_after(hand, state["pile"][-1], _variants(state), extras=not gentle)
    if i < 0:
        return moves[-1]  # stopping after a royal: a pass, or a draw (the draw-after-royal variation)
    return {"action": PLAY, "card": hand[i]}
