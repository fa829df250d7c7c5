"""A summary answers to the rules it sums up (issue 23).

Each Quick start step and each "How a round works" beat names, in ``rules:``, the rule items it
summarises. A newcomer may learn a game from the Quick start alone, so:

* every number in a summary step (digits, number words, ordinals: "three" and "third" are both
  3) must appear in the text of the rules it names, so a summary cannot teach a value or a count
  the rules do not state;
* every card rank a step names (Ace, King, Queen, Jack, joker) must appear in those rules too;
* every rule the game cannot be scored without (its scoring items, its tie-breakers, and for 3
  Chip Stack the ranking of the cards, which is how a hand is scored there) is named by at least
  one Quick start step, so the Quick start alone lets a newcomer score a hand.

"one" and "first" are left out of the numbers: in English they are mostly not counts ("throw
one away", "the first player").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import TOKEN, load_games

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g for g in load_games(ROOT)}

WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "second": 2, "third": 3,
    "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}
RANKS = ("ace", "king", "queen", "jack", "joker")

#: Rules a hand cannot be scored without, beyond the scoring items and tie-breakers of the file.
SCORED_BY = {"3-chip-stack": ["three-chip-stack-ranking"]}


def _plain(text: str) -> str:
    """The words a reader sees: a card token [[8H]] reads as its rank, a link as nothing."""
    text = TOKEN.sub(lambda m: "" if m.group(1) else f" {m.group(2)[:-1]} ", text)
    return text.lower()


def numbers(text: str) -> set[int]:
    """Every number a text states: digits ("10", the 2 of "2s") and number words."""
    plain = _plain(text)
    found = {int(n) for n in re.findall(r"(?<![\w-])(\d+)", plain)}
    found |= {WORDS[w] for w in re.findall(r"[a-z]+", plain) if w in WORDS}
    return found


def ranks(text: str) -> set[str]:
    words = set(re.findall(r"[a-z]+", _plain(text)))
    return {r for r in RANKS if r in words or f"{r}s" in words}


def _rule_texts(game_id: str) -> dict[str, str]:
    data = GAMES[game_id].data
    texts = {i["id"]: i.get("title", "") + " " + i["text"] + " " + " ".join(i.get("points", []))
             for s in data["rules"] for i in s["items"]}
    texts |= {i["id"]: i["text"] for i in [*data["scoring"].get("items", []), *data["tie_breakers"]]}
    return texts


def _steps(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    data = GAMES[game_id].data
    steps = [(f"Quick start step {n}", s) for n, s in enumerate(data["quick_start"]["steps"], start=1)]
    steps += [(f"round beat {s['id']}", s) for s in data["round"]["steps"]]
    return steps


CASES = [(g, where) for g in GAMES for where, _ in _steps(g)]


@pytest.mark.parametrize(("game_id", "where"), CASES)
def test_summary_step_states_only_what_its_rules_state(game_id: str, where: str) -> None:
    step = dict(_steps(game_id))[where]
    texts = _rule_texts(game_id)
    named = " ".join(texts[r] for r in step["rules"])
    missing_numbers = numbers(step["text"]) - numbers(named)
    assert not missing_numbers, (f"{game_id}, {where}: {sorted(missing_numbers)} not in the rules it names "
                                 f"({', '.join(step['rules'])})")
    missing_ranks = ranks(step["text"]) - ranks(named)
    assert not missing_ranks, f"{game_id}, {where}: {sorted(missing_ranks)} not in {', '.join(step['rules'])}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_quick_start_names_every_rule_a_hand_is_scored_by(game_id: str) -> None:
    data = GAMES[game_id].data
    needed = [i["id"] for i in data["scoring"].get("items", [])] + [t["id"] for t in data["tie_breakers"]]
    needed += SCORED_BY.get(game_id, [])
    named = {r for s in data["quick_start"]["steps"] for r in s["rules"]}
    assert not set(needed) - named, f"{game_id}: no Quick start step sums up {sorted(set(needed) - named)}"


def test_the_checks_can_fail() -> None:
    # The counting the tests above rest on: a step teaching a value its rules lack is caught.
    assert numbers("Count the cards they hold") == set()
    assert numbers("2 to 9 score 10 each; a King twenty, the third card") == {2, 9, 10, 20, 3}
    assert numbers("[[8H]] and [[10S]] on the [[#chips-runs]]") == {8, 10}
    assert ranks("then Ace, King and two Queens") == {"ace", "king", "queen"}
    chains_values = " ".join(_rule_texts("chains")[r] for r in ("chains-hand-end", "chains-scoring"))
    assert numbers("10 for each 2 to 9; 25 for an Ace") - numbers(chains_values)


# --- What particular summaries must carry (issue 37) -------------------------------------------

def _summaries_of(game_id: str, rule_id: str) -> dict[str, str]:
    """Every Quick start step and round beat that sums up ``rule_id``, in the words a reader sees."""
    return {where: " ".join(_plain(s["text"]).split()) for where, s in _steps(game_id) if rule_id in s["rules"]}


def test_chips_opening_discard_summaries_say_a_card_of_their_choice_as_the_rule_does() -> None:
    # chips-opening-discard, chips-ruling-opening-discard: the extra card's holder opens by
    # throwing away any card of their hand, so no summary may say they throw the extra card
    # itself ("discarding it", the write-up's summary) or leave "one card" to read as the one more.
    summaries = _summaries_of("chips", "chips-opening-discard")
    assert len(summaries) >= 2, summaries  # the Quick start and "How a round works"
    for where, text in summaries.items():
        assert not re.search(r"\b(discard(ing|s)?|throw(ing|s)?) it\b|\bthe extra card away\b|throwing one card", text), where
        assert re.search(r"throw(ing|s)? away a card of their choice", text), (where, text)
    rule = " ".join(_rule_texts("chips")["chips-opening-discard"].split())
    assert "any card in their hand" in rule


def test_chips_ruling_opening_discard_why_names_the_write_ups_two_phrasings() -> None:
    ruling = next(r for r in GAMES["chips"].data["rulings"] if r["id"] == "chips-ruling-opening-discard")
    why = " ".join(ruling["why"].split())
    assert '"by discarding it"' in why and '"by discarding one"' in why  # the summary's words, the rules'
    assert "summary" in why and "We follow the rules" in why
    assert ruling["readings"][ruling["chosen"] - 1] == "The opening discard is their whole first turn."


def test_three_chip_stack_rule_and_quick_start_carry_the_dealers_stack_as_their_bet() -> None:
    # three-chip-stack-ruling-dealer and -dealer-last, now in the betting rule itself and the
    # Quick start: the dealer's stack of 3 is their first-round bet, the dealer bets last, and
    # with no raise they may leave their 3 as they are.
    rule = " ".join(_plain(_rule_texts("3-chip-stack")["three-chip-stack-first-round"]).split())
    quick = _summaries_of("3-chip-stack", "three-chip-stack-first-round")
    quick = {w: t for w, t in quick.items() if w.startswith("Quick start")}
    assert quick, "no Quick start step sums up the first round of betting"
    for where, text in {"the rule three-chip-stack-first-round": rule, **quick}.items():
        assert re.search(r"the dealer's (stack of 3|3 chips)[^.]* (is|are) (their|the dealer's) (first-round )?bet", text), (where, text)
        assert re.search(r"the dealer (bets|goes) last", text), (where, text)
        assert re.search(r"if nobody (has )?raised,? (they|the dealer) may leave their 3 as (they are|it is)", text), (where, text)
