"""Random Chains and 3 Chip Stack records that carry house options, for the differential tests.

Every generator draws its house options from the engine's ``HOUSE_OPTIONS`` (held equal to the
game files by tests/test_house_engines.py), each value about equally often, so every reading
runs, not only the defaults; a few records carry a bad ``house`` (unknown id, unknown value, not
an object) that both engines must refuse. Legal play is found with the Python engine itself
(``options`` / ``playable``), then sometimes spoilt, and sometimes replayed under another house
than the one it was played under, so a move legal in one reading meets the other.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from generator.engine.cards import RANKS, SUITS, Card, build_deck, format_card
from generator.engine.errors import RulebookError
from generator.engine.games import chains, three_chip_stack
from generator.engine.games.fields import HouseOption

BAD_HOUSES: list[Any] = [
    [], "odd-chip=dealer", 3, True, {"odd-chip": None}, {"odd-chip": 3}, {"odd-chip": ["dealer"]},
    {"odd_chip": "dealer"}, {"same-rank": "yes"}, {"same-rank": True}, {"": ""}, {"k-a-2": "no-group"},
    {"same-rank": "Played"}, {"passed-chip": " at-once"}, {"__proto__": "x"}, {"constructor": "played"},
]


def random_house(rng: random.Random, options: Sequence[HouseOption]) -> dict[str, str]:
    """Each option given with probability 3/4, its value uniform over every value it has
    (the default included, written out)."""
    return {o.id: rng.choice(o.values) for o in options if rng.random() < 0.75}


def house_values(recs: Sequence[Any], options: Sequence[HouseOption]) -> dict[str, int]:
    """How many records run with each ``option:value`` (a missing option counts as its default; a
    Chains variation named in ``variant`` as played)."""
    counts = {f"{o.id}:{v}": 0 for o in options for v in o.values}
    for rec in recs:
        if not isinstance(rec, dict):
            continue
        house = rec.get("house")
        if house is not None and not isinstance(house, dict):
            continue
        named = rec.get("variant")
        named = [named] if isinstance(named, str) else named if isinstance(named, list) else []
        for o in options:
            value = "played" if o.id in named and "played" in o.values else (house or {}).get(o.id, o.default)
            key = f"{o.id}:{value}"
            if key in counts:
                counts[key] += 1
    return counts


def with_house(rng: random.Random, rec: dict[str, Any], options: Sequence[HouseOption],
               house: dict[str, str] | None = None) -> dict[str, Any]:
    """``rec`` with a house: the one given (or a random one), left out, null, or a bad one."""
    roll = rng.random()
    if roll < 0.1:
        return rec
    if roll < 0.13:
        rec["house"] = None
    elif roll < 0.16:
        rec["house"] = rng.choice(BAD_HOUSES)
    elif roll < 0.18:
        good = house if house is not None else random_house(rng, options)
        rec["house"] = {**good, rng.choice(options).id: rng.choice(["", "none", "PLAYED", "winner"])}
    else:
        rec["house"] = house if house is not None else random_house(rng, options)
    return rec


# --- 3 Chip Stack: hands of betting --------------------------------------------------------------

TCS = three_chip_stack


def tie_hands(rng: random.Random, seats: int, tied: int) -> list[list[Card]]:
    """``seats`` hands of which ``tied`` (2 to 4) hold the same three high ranks in other suits,
    the rest lower cards, in a random order: a split pot, and odd chips when the pot does not
    divide."""
    deck = build_deck(1, jokers=False)
    order = [three_chip_stack.strength(c) for c in deck]
    high = sorted({c.rank for c in deck}, key=lambda r: -three_chip_stack.STRENGTH[r])
    top = rng.sample(high[:5], 3)
    suits = rng.sample(SUITS, tied)
    hands = [[Card(r, s) for r in top] for s in suits]
    rest = [c for c, k in zip(deck, order, strict=True) if c.rank not in top
            and k < min(three_chip_stack.STRENGTH[r] for r in top)]
    others = rng.sample(rest, 3 * (seats - tied))
    hands += [others[3 * i:3 * i + 3] for i in range(seats - tied)]
    rng.shuffle(hands)
    return hands


def _tcs_cards(rng: random.Random, seats: int) -> list[Card]:
    """Three cards a seat and six to draw; few ranks often, and ties among the best hands, so split
    pots (and odd chips) come up."""
    deck = build_deck(1, jokers=False)
    if rng.random() < 0.45:
        hands = tie_hands(rng, seats, rng.randint(2, min(4, seats)))
        dealt = [c for h in hands for c in h]
        return dealt + rng.sample([c for c in deck if c not in dealt], 6)
    if rng.random() < 0.4:
        ranks = rng.sample(RANKS, rng.randint(3, 5))
        pool = [c for c in deck if c.rank in ranks]
        if len(pool) >= 3 * seats + 6:
            return rng.sample(pool, 3 * seats + 6)
    return rng.sample(deck, 3 * seats + 6)


def _tcs_action(rng: random.Random, state: three_chip_stack.HandState, calm: bool) -> str:
    """A legal action; a ``calm`` table mostly sees and checks, so hands reach the showdown."""
    o = TCS.options(state)
    moves: list[str] = []
    if o.can_check:
        moves += ["check"] * (12 if calm else 3)
    if o.can_see:
        moves += ["see"] * (12 if calm else 4) + ["call"]
    if o.max_raise > 0:
        amount = rng.choice([1, 1, 2, 3, rng.randint(1, o.max_raise), o.max_raise])
        moves += [("bet " if o.can_bet else "raise ") + str(min(amount, o.max_raise))] * 2
    moves += ["fold"] * (2 if moves else 1)
    return rng.choice(moves)


def _tcs_bad_action(rng: random.Random, state: three_chip_stack.HandState) -> str:
    o = TCS.options(state)
    return rng.choice([
        f"raise {o.max_raise + 1}", f"bet {o.max_raise + 1}", "check", "see", "bet 1", "raise 1", "raise 0",
        "bet", "see 2", "pass", "raise two", "RAISE 1", " fold ",
    ])


def tcs_hand_inputs(rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        n = rng.randint(2, 6)
        small = rng.random() < 0.4  # short stacks: short dealers, forced folds, passed chips that matter
        chips = [rng.randint(0, 6) if small else rng.choice([15, 15, rng.randint(0, 40)]) for _ in range(n)]
        if len(TCS.players_in(chips)) < 2:
            chips[0], chips[1] = chips[0] or 1, chips[1] or 3
        live = TCS.players_in(chips)
        dealer = rng.choice(live)
        play_house = random_house(rng, TCS.HOUSE_OPTIONS)
        carried = 0
        if play_house.get("odd-chip") == "next-hand" and rng.random() < 0.4:
            carried = rng.randint(1, 5)
        # Play under one house; the record sometimes carries another (moves then meet the other reading).
        rec_house = play_house if rng.random() < 0.8 else random_house(rng, TCS.HOUSE_OPTIONS)
        cards = _tcs_cards(rng, n)
        hands: list[Any] = [None] * n
        for k, seat in enumerate(live):
            hands[seat] = [format_card(c) for c in cards[3 * k:3 * k + 3]]
        spare = [format_card(c) for c in cards[3 * n:]]
        calm = rng.random() < 0.5
        rounds: dict[str, list[str]] = {"first_round": [], "second_round": []}
        exchange: list[Any] = [None] * n
        try:
            state = TCS.start_hand(chips, dealer, house=play_house, carried=carried)
            for name in ("first_round", "second_round"):
                if name == "second_round":
                    if state.phase is not TCS.Phase.EXCHANGE:
                        break
                    for seat in state.still_in:
                        if rng.random() < (0.1 if calm else 0.5) and spare:  # calm: ties survive
                            exchange[seat] = [rng.choice(hands[seat]), spare.pop()]
                    state = TCS.end_exchange(state)
                while state.phase in (TCS.Phase.FIRST_ROUND, TCS.Phase.SECOND_ROUND):
                    if rng.random() < 0.006:
                        rounds[name].append(_tcs_bad_action(rng, state))
                    act = _tcs_action(rng, state, calm)
                    rounds[name].append(act)
                    state = TCS.apply_action(state, act)
        except RulebookError:
            pass
        rec: dict[str, Any] = {"chips": chips, "dealer": dealer, "first_round": rounds["first_round"]}
        if rng.random() < 0.9:
            rec["hands"] = hands
        if any(x is not None for x in exchange) or rng.random() < 0.2:
            rec["exchange"] = exchange
        if rounds["second_round"] or rng.random() < 0.2:
            rec["second_round"] = rounds["second_round"]
        if carried or rng.random() < 0.05:
            rec["carried"] = carried
        rec = with_house(rng, rec, TCS.HOUSE_OPTIONS, rec_house)
        yield _spoil_tcs_hand(rng, rec) if rng.random() < 0.12 else rec


def _spoil_tcs_hand(rng: random.Random, rec: dict[str, Any]) -> Any:
    rec = json.loads(json.dumps(rec))
    kind = rng.randrange(14)
    if kind == 0 and rec["first_round"]:
        rec["first_round"].pop()
    elif kind == 1:
        rec["first_round"].append(rng.choice(["see", "fold", "check"]))
    elif kind == 2:
        rec["carried"] = rng.choice([-1, 1, 3, None, "2", 1.5, True, 10**7])
    elif kind == 3:
        rec["chips"] = rng.choice([[15], [15] * 7, "15 15", [15, -1], [15, None], [0, 0, 9], [0, 15]])
    elif kind == 4:
        rec["dealer"] = rng.choice([-1, 9, None, "0", 1.0, len(rec["chips"])])
    elif kind == 5 and rec.get("hands"):
        seat = rng.randrange(len(rec["hands"]))
        rec["hands"][seat] = rng.choice([["AS", "KD"], ["JK", "3H", "4H"], "AS KD 4C", None, ["AS", "AS", "4C"]])
    elif kind == 6:
        rec["exchange"] = rng.choice([[["AS", "KD"]], "x", [[None]], [["2C"]], [None, ["9H", "3S"]], 5])
    elif kind == 7:
        rec["second_round"] = rng.choice([["check"], ["bet 2", "fold"], "check", 1, [], None])
    elif kind == 8:
        rec["first_round"] = rng.choice([None, "see", ["see", 2], [None], [], ["bet ٣"], ["raise 𝟙"]])
    elif kind == 9:
        rec["house"] = {"odd-chip": "next-hand"}
        rec["carried"] = rng.randint(0, 4)
    elif kind == 10:
        rec.pop(rng.choice(["chips", "dealer", "first_round"]))
    elif kind == 11:
        rec["pot"] = 3
    elif kind == 12:
        return rng.choice([None, [], "hand", 3])
    else:
        rec["exchange"] = [None] * len(rec["chips"]) + [["AS", "KD"]]
    return rec


def tcs_showdown_house(rng: random.Random, rec: Any) -> Any:
    """A showdown record with a house added."""
    return with_house(rng, rec, TCS.HOUSE_OPTIONS) if isinstance(rec, dict) else rec


# --- Chains: hands replayed, games -------------------------------------------------------------------


def chains_variants_and_house(rng: random.Random, rec: dict[str, Any], played: frozenset[chains.Variant]) -> None:
    """Give the variations ``played`` as ``variant``, as ``house``, or both (agreeing, or now and
    then contradicting)."""
    names = sorted(v.value for v in played)
    how = rng.random()
    if how < 0.3:
        if names or rng.random() < 0.3:
            rec["variant"] = names if len(names) != 1 or rng.random() < 0.5 else names[0]
        if rng.random() < 0.3:
            with_house(rng, rec, chains.HOUSE_OPTIONS, {})
    elif how < 0.75:
        house = {o.id: "played" if o.id in names else "not-played"
                 for o in chains.HOUSE_OPTIONS if o.id in names or rng.random() < 0.5}
        with_house(rng, rec, chains.HOUSE_OPTIONS, house)
    else:  # both: the variant field names some, the house the rest (and may repeat some)
        split = rng.randint(0, len(names))
        rec["variant"] = names[:split]
        house = {n: "played" for n in names[split:]} | {n: "played" for n in names[:split] if rng.random() < 0.5}
        if rng.random() < 0.08 and names[:split]:
            house[names[0]] = "not-played"  # a contradiction: refused by both
        rec["house"] = house


def _chains_move(rng: random.Random, state: chains.HandState, number: int) -> str | None:
    cards = state.playable()
    options: list[str] = [format_card(c) for c in cards]
    for word in ("draw", "pass"):
        try:
            chains.apply_move(state, word, number)
            options.append(word)
        except RulebookError:
            pass
    return rng.choice(options) if options else None


def chains_hand_inputs(rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        decks = rng.choice([1, 1, 1, 2])
        players = rng.randint(2, 5)
        need = 5 * players + 1
        deck = build_deck(decks, jokers=False)
        if rng.random() < 0.5:  # royals and runs: few suits, every rank
            suits = rng.sample(SUITS, rng.randint(1, 2))
            deck = [c for c in deck if c.suit in suits] or deck
        size = min(len(deck), rng.choice([need, need + 1, need + 3, need + 10, len(deck)]))
        if size < need:
            deck = build_deck(decks, jokers=False)
            size = need + rng.randint(0, 10)
        order = rng.sample(deck, size)
        dealer = rng.randrange(players)
        played = frozenset(v for v in chains.Variant if rng.random() < 0.5)
        # Play under some variations; the record sometimes gives others.
        rec_played = played if rng.random() < 0.8 else frozenset(v for v in chains.Variant if rng.random() < 0.5)
        state = chains.start_hand(chains.deal(order, players=players, dealer=dealer, decks=decks), variants=played)
        moves: list[str] = []
        limit = rng.choice([5, 20, 60, 200])
        while len(moves) < limit and state.out is None and not state.blocked:
            mv = _chains_move(rng, state, len(moves) + 1)
            if mv is None:
                break
            if rng.random() < 0.01:
                moves.append(rng.choice(["draw", "pass", format_card(rng.choice(order))]))
            moves.append(mv)
            try:
                state, _ = chains.apply_move(state, mv, len(moves))
            except RulebookError:
                break
        rec: dict[str, Any] = {"players": players, "dealer": dealer,
                               "deck": [format_card(c) for c in order], "moves": moves}
        if decks != 1 or rng.random() < 0.2:
            rec["decks"] = decks
        chains_variants_and_house(rng, rec, rec_played)
        yield _spoil_chains_hand(rng, rec) if rng.random() < 0.1 else rec


def _spoil_chains_hand(rng: random.Random, rec: dict[str, Any]) -> Any:
    rec = json.loads(json.dumps(rec))
    kind = rng.randrange(10)
    if kind == 0:
        rec["moves"].append(rng.choice(["draw", "pass", "KH", "JK", "1H", 7, None]))
    elif kind == 1:
        rec["deck"] = rec["deck"][:5 * rec["players"]]
    elif kind == 2:
        rec["deck"] = rec["deck"] + [rec["deck"][0]] * 2
    elif kind == 3:
        rec["players"] = rng.choice([1, 21, None, "3", 2.0])
    elif kind == 4:
        rec["variant"] = rng.choice(["royal", ["same-rank", "x"], 1, {"a": 1}])
    elif kind == 5:
        rec["moves"] = rng.choice(["draw", None, {"0": "draw"}])
    elif kind == 6:
        rec["deck"][rng.randrange(len(rec["deck"]))] = rng.choice(["JK", "ZZ", 5])
    elif kind == 7:
        rec["house"] = rng.choice(BAD_HOUSES)
    elif kind == 8:
        rec["dealer"] = rng.choice([-1, rec["players"], None])
    else:
        return rng.choice([None, [], "7H"])
    return rec


def chains_game_inputs(rng: random.Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        players = rng.randint(2, 8)
        hands: list[list[Any]] = []
        for _h in range(rng.choice([0, 1, 3, 9, 10, 10, 11])):
            row = [rng.choice([0, 10, 25, 40, 85, 120]) for _ in range(players)]
            hands.append(row)
        rec: Any = {"players": players if rng.random() < 0.5 else [f"P{i}" for i in range(players)],
                    "hands": hands}
        with_house(rng, rec, chains.HOUSE_OPTIONS)
        roll = rng.random()
        if roll < 0.04 and hands:
            hands[0] = hands[0][:-1]
        elif roll < 0.08 and hands:
            hands[-1][0] = rng.choice([-5, None, "10", 1.5, True])
        elif roll < 0.1:
            rec["players"] = rng.choice([1, 0, 21, [], ["A"] * 21, None, "3"])
        elif roll < 0.12:
            rec["hands"] = rng.choice([None, "0 10", [None], [[]]])
        elif roll < 0.13:
            rec["variant"] = "same-rank"
        elif roll < 0.14:
            rec = rng.choice([None, [], 3])
        yield rec
