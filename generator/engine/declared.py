"""Scoring declared in a game file (issue 38): a small engine for a game with no Python of its own.

A game file may declare how its hands are scored under ``scoring.declared`` (the schema's
``declared``; ``rules-data/README.md`` has the words):

- ``cards``: the points of a card left in a hand, by rank (``A``, ``2`` ... ``10``, ``J``, ``Q``,
  ``K``, ``JK`` for a joker); ``other`` gives the ranks not named: a number, or ``face`` (a number
  card its number, a picture card 10, an ace 1). A rank with no value is refused in a hand.
- ``hand``: who scores what when a hand ends: ``own-cards`` (each player the cards left in their own
  hand) or ``winner-scores-others`` (the player who went out scores the cards left in every other
  hand; the others score nothing).
- ``end``: ``{hands: N}`` (the game is N hands), ``{target: N}`` (it ends after the hand in which a
  total reaches N) or ``last-player-left`` (it ends when one player alone has a total above 0).
- ``winner``: ``lowest`` or ``highest`` total.
- ``tie_breakers``: in order, from ``most-hands-won`` (more hands with the best score of the hand),
  ``best-last-hand`` (the better score in the last hand); players still level share the win.

Its records, like an engine module's ``RECORDS`` (``records(spec)``): ``points`` (one hand's
cards), ``hand`` (every player's score for a hand) and ``game`` (totals, whether the game is over,
and who won). The three games' own engines stay the reference for them; for what this model can
say of them (Chains' count of the cards left in a hand), the two agree (tests/test_declared.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import Card, parse_card
from .errors import RulebookError

Record = Callable[[dict[str, Any]], dict[str, Any]]

HAND_RULES = ("own-cards", "winner-scores-others")
WINNERS = ("lowest", "highest")
TIE_BREAKERS = ("most-hands-won", "best-last-hand")
RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")


class DeclaredError(RulebookError):
    """A record's input the declared scoring cannot score (a card with no value, a hand with no winner)."""


def _rank_key(card: Card) -> str:
    return str(card.rank.value)  # A, 2 ... 10, J, Q, K, JK


def _face(key: str) -> int | None:
    if key == "JK":
        return None
    if key == "A":
        return 1
    if key in ("J", "Q", "K"):
        return 10
    return int(key)


def card_values(spec: Mapping[str, Any]) -> dict[str, int]:
    """Rank key -> points, from ``cards`` (``other`` filled in for the ranks not named)."""
    cards = dict(spec.get("cards") or {})
    other = cards.pop("other", None)
    values: dict[str, int] = {}
    for key in RANK_KEYS:
        if key in cards:
            values[key] = int(cards[key])
        elif other == "face":
            face = _face(key)
            if face is not None:
                values[key] = face
        elif isinstance(other, int) and not isinstance(other, bool) and key != "JK":
            values[key] = other
    return values


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise DeclaredError(f"{where}: expected a list of cards, got {value!r}")
    return [parse_card(str(c)) for c in value]


def hand_points(spec: Mapping[str, Any], cards: Sequence[Card]) -> int:
    """The points of the cards left in one hand."""
    values = card_values(spec)
    total = 0
    for card in cards:
        key = _rank_key(card)
        if key not in values:
            raise DeclaredError(f"{card}: the declared scoring gives this card no value (add {key!r} to cards)")
        total += values[key]
    return total


def hand_scores(spec: Mapping[str, Any], hands: Sequence[Sequence[Card]], out: int | None) -> list[int]:
    """Every player's score for one hand: ``hands`` the cards each is left with, ``out`` who went out
    (the one player with no cards, when not given)."""
    points = [hand_points(spec, h) for h in hands]
    if spec["hand"] == "own-cards":
        return points
    if out is None:
        empty = [i for i, h in enumerate(hands) if not h]
        if len(empty) != 1:
            raise DeclaredError("expected `out`, the player who went out (or one player with no cards left)")
        out = empty[0]
    if not 0 <= out < len(hands):
        raise DeclaredError(f"out: expected a player 0 to {len(hands) - 1}, got {out}")
    return [sum(p for i, p in enumerate(points) if i != out) if i == out else 0 for i in range(len(hands))]


def _over(spec: Mapping[str, Any], totals: Sequence[int], played: int) -> bool:
    end = spec["end"]
    if end == "last-player-left":
        return sum(1 for t in totals if t > 0) <= 1
    if "hands" in end:
        return played >= int(end["hands"])
    return any(t >= int(end["target"]) for t in totals)


def game_result(spec: Mapping[str, Any], hands: Sequence[Sequence[int]], start: int = 0) -> dict[str, Any]:
    """Totals after each hand's scores (``hands``: one list of scores per hand, a score per player;
    every total starts at ``start``, the chips each player brings to a last-player-left game), whether
    the game is over, and its winners (by ``winner``, then ``tie_breakers``; still level, shared)."""
    if not hands:
        raise DeclaredError("hands: expected the scores of at least one hand")
    players = len(hands[0])
    if players < 2 or any(len(h) != players for h in hands):
        raise DeclaredError("hands: expected one score per player in every hand, two players or more")
    totals = [start] * players
    for n, scores in enumerate(hands, start=1):
        if n > 1 and _over(spec, totals, n - 1):
            raise DeclaredError(f"hands: the game was over after hand {n - 1}, yet hand {n} is given")
        totals = [t + int(s) for t, s in zip(totals, scores, strict=True)]
    if not _over(spec, totals, len(hands)):
        return {"totals": totals, "over": False, "winners": [], "decided_by": None}
    better = min if spec["winner"] == "lowest" else max
    best = better(totals)
    level = [i for i, t in enumerate(totals) if t == best]
    decided_by = None
    for breaker in spec.get("tie_breakers") or []:
        if len(level) == 1:
            break
        if breaker == "most-hands-won":
            won = [sum(1 for h in hands if h[i] == better(h)) for i in range(players)]
            top = max(won[i] for i in level)
            after = [i for i in level if won[i] == top]
        else:  # best-last-hand
            last = hands[-1]
            top = better(last[i] for i in level)
            after = [i for i in level if last[i] == top]
        if len(after) < len(level):
            decided_by = breaker
        level = after
    return {"totals": totals, "over": True, "winners": level, "decided_by": decided_by}


def records(spec: Mapping[str, Any]) -> dict[str, Record]:
    """The declared scoring's records, as an engine module's ``RECORDS``."""

    def points_record(rec: dict[str, Any]) -> dict[str, Any]:
        return {"points": hand_points(spec, _cards(rec.get("hand"), "hand"))}

    def hand_record(rec: dict[str, Any]) -> dict[str, Any]:
        hands = rec.get("hands")
        if not isinstance(hands, list) or len(hands) < 2:
            raise DeclaredError("hands: expected the cards left in each player's hand, two players or more")
        out = rec.get("out")
        if out is not None and (not isinstance(out, int) or isinstance(out, bool)):
            raise DeclaredError(f"out: expected a player's number, got {out!r}")
        return {"scores": hand_scores(spec, [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)], out)}

    def game_record(rec: dict[str, Any]) -> dict[str, Any]:
        hands = rec.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise DeclaredError("hands: expected a list of hands, each a list of scores (one per player)")
        for h in hands:
            if not all(isinstance(s, int) and not isinstance(s, bool) for s in h):
                raise DeclaredError(f"hands: expected whole numbers, got {h!r}")
        start = rec.get("start", 0)
        if not isinstance(start, int) or isinstance(start, bool) or start < 0:
            raise DeclaredError(f"start: expected the chips (or points) each player starts with, got {start!r}")
        return game_result(spec, hands, start)

    return {"points": points_record, "hand": hand_record, "game": game_record}
