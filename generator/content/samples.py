"""Sample rounds, replayed by the engine: the step-through on each game page and the table
in the booklet.

A game file's ``sample_round`` gives the deal and the moves as the input of an engine record
(Chips ``replay``, Chains ``hand``, 3 Chip Stack ``hand``), the players' names, and notes on
chosen steps. :func:`sample_round` replays it move by move and returns what the table looks
like after each step, so a page can show every hand and pile. An illegal move is an
``IllegalPlay`` from the engine; :func:`check_sample_round` turns it into a ``RulesDataError``
naming the file and line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.cards import Card, build_deck, format_card, parse_card
from ..engine.errors import RulebookError, RulesDataError

if TYPE_CHECKING:
    from .loader import Game


@dataclass(frozen=True)
class Pile:
    label: str
    cards: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class SampleStep:
    number: int
    actor: str
    action: str                              # words with [[card]] tokens
    note: str = ""                           # from the game file
    hands: tuple[tuple[str, tuple[str, ...], str], ...] = ()  # (name, cards, remark)
    table: tuple[Pile, ...] = ()


@dataclass(frozen=True)
class SampleRound:
    id: str
    title: str
    intro: str
    names: tuple[str, ...]
    steps: tuple[SampleStep, ...]
    result: tuple[tuple[str, str], ...]      # (name, outcome in words)
    outro: str = ""
    answer: Mapping[str, Any] = field(default_factory=dict)


def _c(code: str | None) -> str:
    return f"[[{code}]]" if code else ""


def _cards(cards: Sequence[str]) -> str:
    return " ".join(_c(c) for c in cards)


def _deck(left: int, left_out: int) -> str:
    """The deck pile's words. A sample's deck holds only the cards the example uses: say so, with
    the number a real table would have, so nobody takes the short deck for a rule."""
    if left_out <= 0:
        return f"{left} cards"
    return f"{left} cards (cut short for this example: {left + left_out} at a real table)"


# --- Chips ---------------------------------------------------------------------------------

def _chips(data: Mapping[str, Any], names: Sequence[str]) -> tuple[list[SampleStep], list[tuple[str, str]], dict[str, Any]]:
    from ..engine.games import chips

    rec = _copy(data["input"])
    answer = chips.replay_record(_copy(rec))
    # Step 0, the deal (replay_record has checked the deck): the hands as dealt, before anyone moves.
    dealt, stock = chips.deal_round([parse_card(c) for c in rec["deck"]], players=rec["players"],
                                    dealer=rec["dealer"], hand_size=rec["hand_size"])
    dealer, first = names[rec["dealer"]], names[(rec["dealer"] + 1) % rec["players"]]
    left_out = len(build_deck(rec.get("packs") or 1)) - len(rec["deck"])
    steps = [SampleStep(
        0, dealer,
        f"{dealer} deals {rec['hand_size']} cards each and one more to {first}; no card is turned up.",
        hands=tuple((names[i], tuple(format_card(c) for c in chips.sort_cards(h)), "") for i, h in enumerate(dealt)),
        table=(Pile("Discard pile (top last)", text="empty"), Pile("Deck", text=_deck(len(stock), left_out))),
    )]
    for s in answer["steps"]:
        who = names[s["player"]]
        if s["take"] is None:
            action = f"{who} opens the round by discarding {_c(s['discard'])}."
        elif s["take"] == "deck":
            action = f"{who} takes {_c(s['taken'])} from the deck and discards {_c(s['discard'])}."
        else:
            deep = {1: "from the top of the discard pile", 2: "two deep in the discard pile",
                    3: "three deep in the discard pile"}[s["depth"]]
            action = f"{who} takes {_c(s['taken'])} {deep} and discards {_c(s['discard'])}."
        if s["call"]:
            action += f" {who} calls chips!"
        hands = tuple((names[i], tuple(h), "") for i, h in enumerate(s["hands"]))
        table = (Pile("Discard pile (top last)", tuple(s["pile"])), Pile("Deck", text=_deck(s['deck_left'], left_out)))
        steps.append(SampleStep(s["number"], who, action, hands=hands, table=table))
    result: list[tuple[str, str]] = []
    if answer["finished"]:
        caller = answer["caller"]
        for i, name in enumerate(names):
            if i == caller:
                result.append((name, "called chips: scores 0"))
                continue
            r = answer["results"][str(i)]
            parts = []
            if r["groups"]:
                parts.append("groups " + "; ".join(_cards(g) for g in r["groups"]))
            if r["laid_off"]:
                parts.append("lays off " + _cards(r["laid_off"]))
            if r["loose"]:
                parts.append("left with " + _cards(r["loose"]))
            parts.append(f"scores {r['score']}")
            result.append((name, ", ".join(parts)))
    return steps, result, answer


# --- Chains --------------------------------------------------------------------------------

def _chains(data: Mapping[str, Any], names: Sequence[str]) -> tuple[list[SampleStep], list[tuple[str, str]], dict[str, Any]]:
    from ..engine.games import chains

    rec = _copy(data["input"])
    answer = chains.hand_record(_copy(rec))
    dealt = chains.deal([parse_card(c) for c in rec["deck"]], players=rec["players"], dealer=rec["dealer"],
                        decks=rec.get("decks") or 1)
    state = chains.start_hand(dealt, variants=chains.parse_variants(rec.get("variant")))
    # Step 0, the deal: the hands as dealt and the card turned up, before anyone plays.
    dealer = names[rec["dealer"]]
    left_out = len(build_deck(rec.get("decks") or 1, jokers=False)) - len(rec["deck"])
    steps = [SampleStep(
        0, dealer,
        f"{dealer} deals {len(state.hands[0])} cards each and turns up {_c(format_card(state.top))}.",
        hands=tuple((names[i], tuple(format_card(c) for c in h), "") for i, h in enumerate(state.hands)),
        table=(Pile("Top card", (format_card(state.top),)), Pile("Deck", text=_deck(len(state.stock), left_out))),
    )]
    for number, move in enumerate(rec["moves"], start=1):
        state, step = chains.apply_move(state, move, number)
        who = names[step.player]
        if step.move.action is chains.Action.PLAY:
            kind = step.kind.value if step.kind else "play"
            action = f"{who} plays {_c(str(step.move))} ({kind})."
            if step.again:
                action += f" A royal: {who} may play again."
            if step.went_out:
                action += f" {who} is out of cards and the hand ends."
        elif step.move.action is chains.Action.DRAW:
            action = f"{who} cannot play and draws {_c(format_card(step.drew) if step.drew else None)}."
        else:
            action = f"{who} cannot play on a first turn and passes without drawing."
        hands = tuple((names[i], tuple(format_card(c) for c in h), "") for i, h in enumerate(state.hands))
        table = (Pile("Top card", (format_card(state.top),)), Pile("Deck", text=_deck(len(state.stock), left_out)))
        steps.append(SampleStep(number, who, action, hands=hands, table=table))
    result: list[tuple[str, str]] = []
    if answer["scores"] is not None:
        for i, name in enumerate(names):
            left = answer["hands"][i]
            words = "out of cards: scores 0" if not left else f"left with {_cards(left)}: scores {answer['scores'][i]}"
            result.append((name, words))
    return steps, result, answer


# --- 3 Chip Stack ----------------------------------------------------------------------------

def _three_chip_stack(data: Mapping[str, Any], names: Sequence[str]) -> tuple[list[SampleStep], list[tuple[str, str]], dict[str, Any]]:
    from ..engine.games import three_chip_stack as tcs

    rec = _copy(data["input"])
    answer = tcs.hand_record(_copy(rec))
    hands: list[list[str]] = [list(h) if h else [] for h in rec.get("hands") or [[] for _ in names]]
    state = tcs.start_hand(rec["chips"], rec["dealer"])
    steps: list[SampleStep] = []

    def snap(number: int, who: str, action: str) -> None:
        rows = tuple(
            (names[i], tuple(hands[i]),
             f"{state.chips[i]} chips" + ("" if state.in_hand[i] else ", folded")) for i in range(len(names)))
        steps.append(SampleStep(number, who, action, hands=rows, table=(Pile("Pot", text=f"{state.pot} chips"),)))

    snap(0, names[rec["dealer"]], f"{names[rec['dealer']]} deals and stacks 3 chips in the middle.")
    n = 0
    for phase in ("first_round", "exchange", "second_round"):
        if phase == "exchange":
            if state.phase is not tcs.Phase.EXCHANGE:
                continue
            for seat, swap in enumerate(rec.get("exchange") or []):
                if swap:
                    thrown, drawn = swap
                    hands[seat] = [drawn if c == thrown else c for c in hands[seat]]
                    n += 1
                    snap(n, names[seat], f"{names[seat]} throws away {_c(thrown)} and is dealt {_c(drawn)}.")
            state = tcs.end_exchange(state)
            continue
        for act in rec.get(phase) or []:
            actor = state.player
            if actor is None:
                break
            state = tcs.apply_action(state, act, phase)
            n += 1
            snap(n, names[actor], f"{names[actor]} {_bet_words(act)}.")
    result = []
    for i, name in enumerate(names):
        won = answer["pot_to"][i] if i < len(answer["pot_to"]) else 0
        words = f"ends with {answer['chips'][i]} chips"
        if won:
            words += f" (takes {won} from the pot)"
        result.append((name, words))
    return steps, result, answer


def _bet_words(action: str) -> str:
    verb, _, amount = action.strip().partition(" ")
    words = {"fold": "folds", "see": "sees the bet", "check": "checks", "bet": f"bets {amount}",
             "raise": f"raises by {amount}"}
    return words.get(verb.lower(), action)


_ADAPTERS = {"chips": _chips, "chains": _chains, "3-chip-stack": _three_chip_stack}


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def sample_round(game_id: str, data: Mapping[str, Any]) -> SampleRound | None:
    """The game's sample round replayed step by step (None when the file has none)."""
    sample = data.get("sample_round")
    if not sample:
        return None
    names = tuple(sample["names"])
    steps, result, answer = _ADAPTERS[game_id](sample, names)
    notes = {n["step"]: n["text"] for n in sample.get("notes", [])}
    steps = [SampleStep(s.number, s.actor, s.action, notes.get(s.number, ""), s.hands, s.table) for s in steps]
    return SampleRound(sample["id"], sample["title"], sample.get("intro", ""), names, tuple(steps),
                       tuple(result), sample.get("outro", ""), answer)


def check_sample_round(game: Game) -> SampleRound | None:
    """Replay the sample round; an illegal move or a wrong claim fails naming file:line."""
    sample = game.data.get("sample_round")
    if not sample:
        return None
    where = game.location(("sample_round", "input"))
    if game.id not in _ADAPTERS:
        raise RulesDataError(where, f"sample round `{sample['id']}`: no replay for game {game.id!r}")
    try:
        replay = sample_round(game.id, game.data)
    except RulebookError as exc:
        raise RulesDataError(where, f"sample round `{sample['id']}`: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RulesDataError(where, f"sample round `{sample['id']}`: malformed input ({exc!r})") from None
    assert replay is not None
    if len(sample["names"]) != len(replay.steps[0].hands if replay.steps else sample["names"]):
        raise RulesDataError(game.location(("sample_round", "names")),
                             f"sample round `{sample['id']}`: expected one name per player")
    numbers = {s.number for s in replay.steps}
    for k, note in enumerate(sample.get("notes", [])):
        if note["step"] not in numbers:
            raise RulesDataError(game.location(("sample_round", "notes", k, "step")),
                                 f"sample round `{sample['id']}`: there is no step {note['step']} "
                                 f"(steps run {min(numbers)}-{max(numbers)})")
    for key, claimed in sample.get("claim", {}).items():
        got = replay.answer.get(key)
        if _copy(got) != _copy(claimed):
            raise RulesDataError(game.location(("sample_round", "claim", key)),
                                 f"sample round `{sample['id']}`: claims {key} = {json.dumps(claimed)}, "
                                 f"but the engine gives {json.dumps(got)}")
    return replay


__all__ = ["Card", "Pile", "SampleRound", "SampleStep", "check_sample_round", "sample_round"]
