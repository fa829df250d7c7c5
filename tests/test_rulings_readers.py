"""Every ruling that bears on scoring, held to every reader of it (issue 23).

A ruling of rules-data/<game>.yaml bears on scoring when its ``engine:`` names a function the
game's page scorer scores with (``SCORING`` below). Its cases are the worked examples it lists
(``examples:``) whose record a page scorer takes (``SCORER_RECORDS``); a scoring ruling with no
such example fails, naming the ruling, so the YAML gains one. Each case must give the example's
claim in all three readers:

- the Python engine (``generator.content.examples.run_example``, as ``rulebook check`` runs it);
- the browser engine, under node (``tests/js/run_engine.mjs``, as ``tests/test_differential.py``);
- the game's page scorer on the built site in Chromium, typed in as a person would type it from
  the example (the hand into the Cards field, the packs chosen, the caller's groups in the
  field's own text syntax, each 3 Chip Stack hand into its player's field, the pot, who dealt),
  and read back from what the scorer shows.

The browser part loads each game's page once and types its cases in turn.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.examples import run_example
from generator.content.loader import load_games
from generator.engine.cards import parse_card
from generator.engine.games import GAME_MODULES
from generator.engine.games.chips import is_wild, position_rank
from tests.test_differential import js_run

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g for g in load_games(ROOT)}
WIDGETS_JS = ROOT / "docs" / "assets" / "js" / "widgets"

#: The engine functions each page scorer scores with: a ruling whose ``engine:`` names one of
#: them bears on scoring. What the scorers take decides it (generator/templates/widgets/,
#: docs/assets/js/widgets/):
#: - Chips scores one hand (the packs chosen, the caller's groups as laid down): score_record
#:   reads the caller's groups (parse_groups, parse_group: make_set, make_run), then
#:   best_arrangement and card_value. Not caller_arrangement (whether a caller's own hand may
#:   call: the round record, chips-ruling-whole-hand), play_round (several players laying off in
#:   turn, chips-ruling-layoff-order), packs_for (how many packs for how many players: the scorer
#:   asks for the packs) nor the practice game's replay_round and the ranking's rank_game.
#: - Chains judges one play (top card, card, decks, the variations: judge_play, ranks_adjacent,
#:   parse_variants) and counts the points left in a hand (hand_points, card_points); the whole
#:   hands and games (apply_move, game_result, new_game) are the practice table's.
#: - 3 Chip Stack settles a showdown (showdown, hand_key, strength, sort_hand, split_pot); the
#:   betting (start_hand, options, apply_action, settle ...) is the practice table's.
SCORING: dict[str, frozenset[str]] = {
    "chips": frozenset({"score_record", "parse_groups", "parse_group", "make_set", "make_run",
                        "best_arrangement", "card_value"}),
    "chains": frozenset({"judge_play", "ranks_adjacent", "parse_variants", "hand_points", "card_points"}),
    "3-chip-stack": frozenset({"showdown", "hand_key", "strength", "sort_hand", "split_pot"}),
}

#: The engine records each page scorer takes, and the browser engine function its widget calls
#: for each (so a record listed here is one the widget's code really runs).
SCORER_RECORDS: dict[str, dict[str, str]] = {
    "chips": {"score": "scoreChips"},
    "chains": {"play": "playChains", "score": "scoreChains"},
    "3-chip-stack": {"showdown": "showdown"},
}


def _example(game_id: str, example_id: str) -> dict[str, Any]:
    return next(ex for ex in GAMES[game_id].data["examples"] if ex["id"] == example_id)


def _scoring_rulings() -> list[tuple[str, dict[str, Any]]]:
    # A game with no engine (an author's, with no Python) has no page scorer: none of its rulings is a scorer's.
    return [(game_id, r) for game_id, game in GAMES.items() for r in game.data["rulings"]
            if SCORING.get(game_id, frozenset()) & set(r.get("engine") or [])]


def _cases_of(game_id: str, ruling: dict[str, Any]) -> list[str]:
    """The worked examples a ruling lists whose record the game's page scorer takes."""
    return [ex for ex in ruling.get("examples") or []
            if _example(game_id, ex)["record"] in SCORER_RECORDS[game_id]]


RULINGS = _scoring_rulings()
#: (game, ruling, example): one case a ruling's answer is held to in every reader.
CASES = [(game_id, r["id"], ex) for game_id, r in RULINGS for ex in _cases_of(game_id, r)]
CASE_IDS = [f"{rid}/{ex}" for _, rid, ex in CASES]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _claim_differs(claim: dict[str, Any], answer: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Each claimed key whose answer differs, as JSON values: key -> (claimed, answered)."""
    return {k: (v, answer.get(k, "(not answered)")) for k, v in claim.items()
            if k not in answer or _json(answer[k]) != _json(v)}


# --------------------------------------------------------------------------- the register


def test_the_scoring_functions_are_engine_functions_and_the_scorers_call_their_records() -> None:
    # A renamed engine function would silently drop its rulings from this test.
    for game_id, names in SCORING.items():
        module = importlib.import_module(GAME_MODULES[game_id])
        missing = sorted(n for n in names if not callable(getattr(module, n, None)))
        assert not missing, f"{GAME_MODULES[game_id]} has no {', '.join(missing)}"
        widget = (WIDGETS_JS / f"{game_id}.js").read_text(encoding="utf-8")
        for record, js_fn in SCORER_RECORDS[game_id].items():
            assert record in module.RECORDS, f"{game_id}: no {record!r} record"
            assert re.search(rf"\b{js_fn}\(", widget), f"widgets/{game_id}.js never calls {js_fn}"


@pytest.mark.parametrize(("game_id", "ruling"), RULINGS, ids=[r["id"] for _, r in RULINGS])
def test_scoring_ruling_lists_an_example_its_page_scorer_takes(game_id: str, ruling: dict[str, Any]) -> None:
    if _cases_of(game_id, ruling):
        return
    named = sorted(SCORING[game_id] & set(ruling["engine"]))
    listed = [f"{ex} ({_example(game_id, ex)['record']})" for ex in ruling.get("examples") or []]
    takes = " or ".join(f"`{r}`" for r in SCORER_RECORDS[game_id])
    pytest.fail(
        f"{ruling['id']} bears on scoring (engine: {', '.join(named)}) but lists no worked example the "
        f"{game_id} page scorer can take ({takes} record): add one to its `examples:` in "
        f"rules-data/{game_id}.yaml" + (f" (it lists only {', '.join(listed)})" if listed else ""))


# --------------------------------------------------------------------------- the two engines


@pytest.mark.parametrize(("game_id", "rid", "example_id"), CASES, ids=CASE_IDS)
def test_python_engine_gives_the_rulings_answer(game_id: str, rid: str, example_id: str) -> None:
    game = GAMES[game_id]
    index = [ex["id"] for ex in game.data["examples"]].index(example_id)
    result = run_example(game, index)
    assert result.ok, f"{rid}: {example_id} ({result.location}) claimed vs answered: {_claim_differs(result.claim, result.answer)}"


@functools.cache
def _browser_engine_answers() -> dict[tuple[str, str], dict[str, Any]]:
    """Every case's example through docs/assets/js/engine/ under node, in one run."""
    keys = sorted({(game_id, ex) for game_id, _, ex in CASES})
    lines = [{"fn": f"{g}.{_example(g, ex)['record']}", "input": _example(g, ex)["input"]} for g, ex in keys]
    return dict(zip(keys, js_run(lines), strict=True))


@pytest.mark.parametrize(("game_id", "rid", "example_id"), CASES, ids=CASE_IDS)
def test_browser_engine_gives_the_rulings_answer(game_id: str, rid: str, example_id: str) -> None:
    claim = _example(game_id, example_id)["claim"]
    answer = _browser_engine_answers()[game_id, example_id]
    assert "error" not in answer, f"{rid}: the browser engine refuses {example_id}: {answer['error']}"
    differs = _claim_differs(claim, answer)
    assert not differs, f"{rid}: {example_id} in the browser engine, claimed vs answered: {differs}"


# --------------------------------------------------------------------------- the page scorers
#
# Each reader below types an example's input into its game's scorer as a person reading the
# example would, presses Enter (the scorer's own "score it" path, every word read as final), and
# returns what the scorer shows, as a record to hold the claim against, or {"error": ...} with
# the messages beside the fields.


def chips_caller_text(groups: list[dict[str, Any]] | None) -> str:
    """A caller's groups as typed into the Chips scorer: each group's cards as laid down,
    space-separated, a semicolon between groups. A run with fewer than two natural cards is
    announced with a leading "run" ("run 8H JK 2S": 8-9-10 of hearts), as the caller would say
    it; a group of wilds alone is followed by "=" and what the caller announced, its rank for a
    set ("2S 2H JK = Q"), its first card for a run ("JK JK 2C = 10D"), chips-ruling-wild-set-rank;
    any other group's cards say what it is."""
    typed = []
    for group in groups or []:
        naturals = [c for c in group["cards"] if not is_wild(parse_card(c))]
        prefix = "run " if group["kind"] == "run" and len(naturals) < 2 else ""
        said = ""
        if not naturals and group["kind"] == "set":
            said = f" = {group['rank']}"
        elif not naturals:
            said = f" = {position_rank(group['lo']).value}{group['suit']}"
        typed.append(prefix + " ".join(group["cards"]) + said)
    return "; ".join(typed)


def _errors(page: Any, widget: str) -> dict[str, Any]:
    shown = {n.get_attribute("data-error-for"): n.text_content().strip()
             for n in page.locator(f"{widget} [data-error-for]").all() if (n.text_content() or "").strip()}
    return {"error": shown or "no answer and no message"}


def read_chips(page: Any, inp: dict[str, Any]) -> dict[str, Any]:
    w = '[data-widget="chips"]'
    page.select_option(f"{w} select[name=packs]", str(inp.get("packs") or 1))
    page.fill(f"{w} input[name=caller]", chips_caller_text(inp.get("caller_groups")))
    page.fill(f"{w} input[name=cards]", " ".join(inp["hand"]))
    page.press(f"{w} input[name=cards]", "Enter")
    result = page.locator(f"{w} [data-result]")
    record = result.get_attribute("data-record")
    if not record:
        return _errors(page, w)
    shown: dict[str, Any] = json.loads(record)
    # The score in words must be the score in the record.
    words = result.locator(".rb-result__score").text_content()
    assert words.strip() == f"Score: {shown['score']}" == f"Score: {result.get_attribute('data-score')}", words
    return shown


CHAINS_SWITCHES = ("no-extra-play", "draw-after-royal", "same-rank")


def read_chains(page: Any, record: str, inp: dict[str, Any]) -> dict[str, Any]:
    w = '[data-widget="chains"]'
    page.select_option(f"{w} select[name=decks]", str(inp.get("decks") or 1))
    if record == "score":
        page.fill(f"{w} input[name=hand]", " ".join(inp["hand"]))
        page.press(f"{w} input[name=hand]", "Enter")
        score = page.get_attribute(f'{w} [data-result="points"]', "data-score")
        return {"score": int(score)} if score else _errors(page, w)
    variant = inp.get("variant")
    variants = {variant} if isinstance(variant, str) else set(variant or [])
    for name in CHAINS_SWITCHES:
        page.set_checked(f'{w} input[name=variant][value="{name}"]', name in variants)
    page.fill(f"{w} input[name=top]", inp["top"])
    page.fill(f"{w} input[name=card]", inp["card"])
    page.press(f"{w} input[name=card]", "Enter")
    result = page.locator(f'{w} [data-result="play"]')
    legal = result.get_attribute("data-legal")
    if not legal:
        return _errors(page, w)
    return {"legal": legal == "true", "kind": result.get_attribute("data-kind") or None,
            "again": result.get_attribute("data-again") == "true"}


ORDINALS = {"first": 1, "second": 2, "third": 3}


def read_showdown(page: Any, inp: dict[str, Any]) -> dict[str, Any]:
    """The hands go to players 1, 2, ... in order: the record lists them from the dealer's left,
    so the last of them dealt ("Player 3 dealt, so player 1 sits on the dealer's left")."""
    w = '[data-widget="3-chip-stack"]'
    fields = page.locator(f"{w} input[data-player]")
    hands = inp["hands"]
    assert len(hands) <= fields.count(), f"the scorer has {fields.count()} players' fields, not {len(hands)}"
    for k in range(fields.count()):
        fields.nth(k).fill(" ".join(hands[k]) if k < len(hands) else "")
    page.fill(f"{w} input[name=pot]", str(inp["pot"]) if inp.get("pot") is not None else "")
    page.select_option(f"{w} select[name=dealer]", str(len(hands)))
    page.press("#rbw-tcs-player-1", "Enter")
    result = page.locator(f"{w} [data-result]")
    winners = result.get_attribute("data-winners")
    if not winners:
        return _errors(page, w)
    text = " ".join(result.text_content().split())
    decided = re.search(r"Decided at the (first|second|third) best card", text)
    shares = [0] * len(hands)
    for player, chips in re.findall(r"Player (\d+) (?:gets|takes the pot of) (\d+)", text):
        shares[int(player) - 1] = int(chips)
    return {"winners": [n - 1 for n in json.loads(winners)],
            "decided_by": ORDINALS[decided.group(1)] if decided else None, "shares": shares}


@pytest.fixture(scope="module")
def scorer_page(browser: Any, site_url: str) -> Iterator[Callable[[str], Any]]:
    """scorer_page(game_id) -> that game's page, loaded once for the module; its uncaught
    script errors in page.errors."""
    contexts: list[Any] = []
    pages: dict[str, Any] = {}

    def open_(game_id: str) -> Any:
        if game_id not in pages:
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            contexts.append(ctx)
            page = ctx.new_page()
            page.errors = []
            page.on("pageerror", lambda exc: page.errors.append(str(exc)))
            page.goto(f"{site_url}{game_id}/", wait_until="networkidle")
            page.wait_for_selector(f'[data-widget="{game_id}"][data-mounted="true"]')
            pages[game_id] = page
        return pages[game_id]

    yield open_
    for ctx in contexts:
        ctx.close()


@pytest.mark.browser
@pytest.mark.parametrize(("game_id", "rid", "example_id"), CASES, ids=CASE_IDS)
def test_page_scorer_gives_the_rulings_answer(scorer_page: Callable[[str], Any], game_id: str, rid: str,
                                              example_id: str) -> None:
    example = _example(game_id, example_id)
    page = scorer_page(game_id)
    inp = example["input"]
    if game_id == "chips":
        shown = read_chips(page, inp)
        typed = f"cards {' '.join(inp['hand'])!r}, caller {chips_caller_text(inp.get('caller_groups'))!r}"
    elif game_id == "chains":
        shown = read_chains(page, example["record"], inp)
        typed = json.dumps(inp)
    else:
        shown = read_showdown(page, inp)
        typed = json.dumps(inp)
    assert "error" not in shown, f"{rid}: the {game_id} scorer refuses {example_id} ({typed}): {shown['error']}"
    differs = _claim_differs(example["claim"], shown)
    assert not differs, f"{rid}: {example_id} typed into the {game_id} scorer ({typed}), claimed vs shown: {differs}"
    assert not page.errors, page.errors
