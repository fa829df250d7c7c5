"""The game-page widgets in a real browser (Debian's Chromium through Playwright), on the built
site: typed hands give the Python engine's score, the tap grid, the caller's groups, instant
navigation away and back (no reload), every kind of bad input (a message beside the field,
nothing thrown), keyboard alone, dark mode, axe-core in both schemes, Chains and 3 Chip Stack.
Screenshots at 375 and 1280 px go to test-output/."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.engine.cards import format_card
from generator.engine.games import chains, chips, three_chip_stack
from tests.support.chips_gen import random_caller_groups, random_hand

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

# Material's instant navigation only intercepts links on the site_url origin: build with ours.
os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}
CHIPS = '[data-widget="chips"]'
CARDS = f"{CHIPS} input[name=cards]"
CALLER = f"{CHIPS} input[name=caller]"
RESULT = f"{CHIPS} [data-result]"


@pytest.fixture()
def open_page(browser: Any, site_url: str) -> Iterator[Any]:
    """open_page(path, viewport=..., scheme=...) -> a page with its `pageerror`s in page.errors."""
    contexts: list[Any] = []

    def make(path: str, viewport: str = "desktop", scheme: str = "light") -> Any:
        ctx = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
        contexts.append(ctx)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(site_url + path, wait_until="networkidle")
        page.wait_for_selector('[data-widget][data-mounted="true"]')
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def score_of(page: Any) -> str:
    return str(page.get_attribute(RESULT, "data-score"))


def error_beside(page: Any, field: str) -> str:
    """The message beside a field, without the text-style selector after a suit (8♥︎ reads 8♥)."""
    return str(page.text_content(f'{CHIPS} [data-error-for="{field}"]') or "").replace("\ufe0e", "").strip()


def python_score(rec: dict[str, Any]) -> dict[str, Any]:
    return chips.score_record(rec)


def caller_text(groups: list[chips.Group]) -> str:
    """Groups as typed: cards as laid down, a semicolon between groups, and "run" before a run
    whose cards alone would read as a set (one natural card and wilds); a group of wilds alone
    followed by "=" and what the caller announced (chips-ruling-wild-set-rank): a set's rank, a
    run's first card."""
    def typed(g: chips.Group) -> str:
        naturals = sum(not chips.is_wild(c) for c in g.cards)
        said = ""
        if not naturals:
            said = f" = {g.stands_for()[0]}"  # the rank of a set, the first card of a run
        return ("run " if g.kind == "run" and naturals < 2 else "") + " ".join(format_card(c) for c in g.cards) + said
    return "; ".join(typed(g) for g in groups)


# --- Chips ------------------------------------------------------------------------------------

def test_typed_hands_give_the_python_score(open_page: Any) -> None:
    page = open_page("chips/")
    rng = random.Random("browser-chips")
    checked = 0
    for k in range(40):
        packs = 1 if k % 3 else 2
        hand = random_hand(rng, packs, rng.randint(3, 10))
        codes = [format_card(c) for c in hand]
        page.select_option(f"{CHIPS} select[name=packs]", str(packs))
        page.fill(CARDS, " ".join(codes))
        want = python_score({"hand": codes, "packs": packs})
        assert score_of(page) == str(want["score"]), codes
        assert json.loads(page.get_attribute(RESULT, "data-record")) == want
        checked += 1
    # Typed key by key, then Enter: the same answer, and the page stays put.
    page.fill(CARDS, "")
    page.type(CARDS, "8h 8s jk 4c")
    page.press(CARDS, "Enter")
    want = python_score({"hand": ["8H", "8S", "JK", "4C"]})
    assert score_of(page) == str(want["score"])
    assert page.url.endswith("/chips/")
    text = page.text_content(RESULT)
    assert "a set of eights with the joker as an 8" in text.lower()
    assert page.text_content(f"{CHIPS} [data-live]").startswith(f"Score {want['score']}")
    assert page.get_attribute(f"{CHIPS} [data-live]", "aria-live") == "polite"
    assert checked == 40 and not page.errors


def test_chips_k_a_2_is_never_a_group_by_default_on_the_page_as_typed(open_page: Any) -> None:
    """chips-ruling-k-a-2, the family's words: the page's scorer answers as `rulebook score chips`."""
    page = open_page("chips/")
    for typed, score in (("KD AD 2D 3D", "10"), ("KD AD 2C", "11"), ("2C JD QD AD", "0")):
        page.fill(CARDS, typed)
        page.wait_for_function(f"document.querySelector('{RESULT}').dataset.score === '{score}'")
        assert json.loads(page.get_attribute(RESULT, "data-record")) == python_score({"hand": typed.split()}), typed
    assert not page.errors


def test_the_grid_taps_cards_in_and_out(open_page: Any) -> None:
    page = open_page("chips/")
    grid = f"{CHIPS} [data-grid]"
    assert page.is_visible(grid)
    assert page.get_attribute(grid, "open") is not None  # open where there is room (1280 px)
    assert page.locator(f"{grid} button[data-card]").count() == 53  # 52 cards and one joker
    for name in ["five of hearts", "six of hearts", "joker", "king of spades"]:
        page.get_by_role("button", name=name, exact=True).first.click()
    assert page.input_value(CARDS) == "5H 6H JK KS"
    assert page.get_attribute(f'{grid} [data-card="6H"]', "aria-pressed") == "true"
    assert score_of(page) == str(python_score({"hand": ["5H", "6H", "JK", "KS"]})["score"])
    assert "a run of hearts 5-6-7 with the joker as the 7" in page.text_content(RESULT).lower()
    page.get_by_role("button", name="king of spades").click()  # tapped again: out
    assert page.input_value(CARDS) == "5H 6H JK"
    assert page.get_attribute(f'{grid} [data-card="KS"]', "aria-pressed") == "false"
    assert score_of(page) == "0"
    # Typing presses the grid too (any spelling).
    page.fill(CARDS, "10♥ qs")
    assert page.get_attribute(f'{grid} [data-card="10H"]', "aria-pressed") == "true"
    assert page.get_attribute(f'{grid} [data-card="QS"]', "aria-pressed") == "true"
    assert not page.errors


def test_the_callers_groups_take_lay_offs(open_page: Any) -> None:
    page = open_page("chips/")
    page.fill(CALLER, "6S 7S 8S; 4H 4D 4C")
    page.fill(CARDS, "5H 6H JK 9S 4S KD")
    groups = [{"kind": "run", "suit": "S", "cards": ["6S", "7S", "8S"]},
              {"kind": "set", "rank": "4", "cards": ["4H", "4D", "4C"]}]
    want = python_score({"hand": ["5H", "6H", "JK", "9S", "4S", "KD"], "caller_groups": groups})
    assert score_of(page) == str(want["score"])
    assert json.loads(page.get_attribute(RESULT, "data-record")) == want
    assert "Laid off" in page.text_content(RESULT)
    # Random caller groups from the test generator, two packs.
    rng = random.Random("browser-caller")
    page.select_option(f"{CHIPS} select[name=packs]", "2")
    checked = 0
    while checked < 15:
        callers = random_caller_groups(rng, 2)  # some extended past ten cards, some of wilds alone
        checked += 1
        hand = random_hand(rng, 2, 10, [c for g in callers for c in g.cards])
        codes = [format_card(c) for c in hand]
        page.fill(CALLER, caller_text(callers))
        page.fill(CARDS, " ".join(codes))
        # The scorer gives a run no place (lo) but a run of wilds alone, whose place is announced.
        want = python_score({"hand": codes, "packs": 2, "caller_groups": [
            {k: v for k, v in g.to_record().items() if k != "lo" or all(map(chips.is_wild, g.cards))}
            for g in callers]})
        assert score_of(page) == str(want["score"]), (codes, caller_text(callers))
    assert not page.errors


def test_the_callers_groups_are_read_as_the_rulings_say(open_page: Any) -> None:
    """chips-ruling-wild-set-rank: a caller's group of wilds alone is a set of 2s; a caller's run
    with one natural card is typed with the word "run", its cards in order (issue 23)."""
    page = open_page("chips/")
    page.fill(CALLER, "2S 2H JK")
    page.fill(CARDS, "KC 8H QC")
    page.press(CARDS, "Enter")
    assert score_of(page) == "28"  # nothing lays off onto a set of 2s but wilds: 10 + 8 + 10
    assert "Laid off" not in page.text_content(RESULT) and error_beside(page, "caller") == ""
    page.fill(CALLER, "run 8H JK 2S")  # the 8, 9 and 10 of hearts, as the caller laid them down
    page.fill(CARDS, "7H 4C")
    page.press(CARDS, "Enter")
    assert score_of(page) == "4"
    laid = page.locator(f"{RESULT} .rb-result__laid")
    assert laid.get_by_role("img", name="seven of hearts").count() == 1  # "Laid off ... 7♥ on group 1"
    assert json.loads(page.get_attribute(RESULT, "data-record"))["lay_offs"] == [{"card": "7H", "group": 0, "as": "7H"}]
    page.fill(CALLER, "8H JK 2S")  # without the word: a set of 8s, and the 7 stays in hand
    assert score_of(page) == "11"
    page.fill(CALLER, "run JK 2S 2H")
    page.press(CALLER, "Enter")
    assert error_beside(page, "caller").startswith("Caller's group 1: a run of wilds alone needs its place")
    assert page.get_attribute(CALLER, "aria-invalid") == "true"
    help_text = page.text_content("#rbw-chips-caller-help")
    assert "run 8H JK 2S" in help_text and "set of 2s" in help_text
    assert "2S 2H JK = Q" in help_text and "JK JK 2C = 10D" in help_text
    assert not page.errors


def test_a_callers_group_of_wilds_is_announced_as_a_set_or_a_run(open_page: Any) -> None:
    """chips-ruling-wild-set-rank: the caller's word stands. Typed with "=", two jokers and a 2
    announced as the 10, Jack and Queen of diamonds take the 9 and the King of diamonds laid off;
    a 2, a 2 and a joker announced as Queens take a Queen; unannounced, they take nothing."""
    page = open_page("chips/")
    page.fill(CALLER, "JK JK 2C = 10D")
    page.fill(CARDS, "9D KD 5C")
    page.press(CARDS, "Enter")
    assert score_of(page) == "5" and error_beside(page, "caller") == ""
    record = json.loads(page.get_attribute(RESULT, "data-record"))
    assert record["lay_offs"] == [{"card": "9D", "group": 0, "as": "9D"}, {"card": "KD", "group": 0, "as": "KD"}]
    assert record == python_score({"hand": ["9D", "KD", "5C"], "caller_groups": [
        {"kind": "run", "suit": "D", "cards": ["JK", "JK", "2C"], "lo": 10}]})
    page.fill(CALLER, "2S 2H JK = Q")
    page.fill(CARDS, "QC 8H")
    assert score_of(page) == "8"
    page.fill(CALLER, "2S 2H JK")
    assert score_of(page) == "18"
    page.fill(CALLER, "JK JK 2C = KD")
    page.press(CALLER, "Enter")
    assert "would go past the Ace" in error_beside(page, "caller")
    assert page.get_attribute(CALLER, "aria-invalid") == "true"
    assert not page.errors


BAD = [
    # (cards, caller, packs, field the message is beside, words it holds)
    ("8H ZZ 9S", "", "1", "cards", "unknown card 'ZZ'"),
    ("8H 8H 9S", "", "1", "cards", "2 copies of 8♥ in the hand, but one pack holds only 1"),
    ("JK JK JK 8H", "", "1", "cards", "3 jokers"),
    ("AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "", "1", "cards", "at most 10"),
    ("8H 9S", "4H 5H 7H", "1", "caller", "Caller's group 1"),
    ("8H 9S", "8S 9D 10C", "1", "caller", "neither a set"),
    ("8H 9S", "8S 8D", "1", "caller", "three or more"),
    ("8H 9S", "8S 8D 8C; 4H 5H XX", "1", "caller", "Caller's group 2"),
    ("8H 9S", "8H 8D 8C", "1", "cards", "copies of 8♥"),
    # More than the game can deal (issue 11: dozens of groups once cost 0.2-0.4 s a keystroke).
    ("8H 9S", "3S 4S 5S; 3H 4H 5H; 3D 4D 5D; 3C 4C 5C", "2", "caller", "Caller's groups: 4 groups"),
    ("8H 9S", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", "2", "caller", "at most 13 cards"),
    ("8H 9S", "KS KH KD KC 2S 2H 2D 2C JK JK KS", "1", "caller", "11 cards in a set of kings"),
]


def test_the_answer_sits_right_under_the_cards_field_on_a_phone(open_page: Any) -> None:
    """chips: typing with a phone's keyboard open, the score is in sight (not ~1,000 px down)."""
    page = open_page("chips/", "phone")
    grid = f"{CHIPS} [data-grid]"
    assert page.get_attribute(grid, "open") == ""  # open from the start (issue 14)
    assert page.text_content(f"{grid} > summary").strip() == "Tap the cards"
    page.fill(CARDS, "8H 8S JK 4C")
    # The answer is sticky (issue 14): wherever the page is scrolled, it is on screen, under the header.
    score = page.locator(f"{RESULT} .rb-result__score").bounding_box()
    header = page.locator(".md-header").bounding_box()
    assert header["y"] + header["height"] - 1 <= score["y"] and score["y"] + score["height"] <= 812, score
    assert page.text_content(f"{RESULT} .rb-result__score").strip() == "Score: 4"
    # The submit stays for Enter and for no script, but it is a plain button, not the loud one.
    submit = page.locator(f"{CHIPS} button[type=submit]").first  # the hand scorer's (the round's comes after)
    assert "md-button--primary" not in (submit.get_attribute("class") or "")
    assert page.is_visible(f'{grid} [data-card="AS"]')
    page.click(f"{grid} > summary")  # it still folds away on a tap
    assert not page.is_visible(f'{grid} [data-card="AS"]')
    assert not page.errors


def test_the_grid_counts_copies_up_to_the_packs_and_stops_at_ten(open_page: Any) -> None:
    page = open_page("chips/")
    grid = f"{CHIPS} [data-grid]"
    eight = page.locator(f'{grid} [data-card="8H"]')
    joker = page.locator(f'{grid} [data-card="JK"]')
    # One joker button (named "joker") counts every joker the packs hold.
    assert page.get_by_role("button", name="joker", exact=True).count() == 1
    page.select_option(f"{CHIPS} select[name=packs]", "2")
    eight.click()
    eight.click()
    assert page.input_value(CARDS) == "8H 8H"
    assert page.get_by_role("button", name="eight of hearts, 2 in hand").get_attribute("aria-pressed") == "true"
    assert eight.locator(".rb-grid__count").text_content() == "×2"
    eight.click()  # both packs' copies are in: a tap takes the card out
    assert page.input_value(CARDS) == ""
    assert eight.get_attribute("aria-pressed") == "false"
    for _ in range(4):
        joker.click()
    assert page.input_value(CARDS) == "JK JK JK JK"
    assert page.get_by_role("button", name="joker, 4 in hand").count() == 1
    joker.click()  # two packs hold four jokers
    assert page.input_value(CARDS) == ""
    # One pack: a second tap takes the card out again.
    page.select_option(f"{CHIPS} select[name=packs]", "1")
    eight.click()
    eight.click()
    assert page.input_value(CARDS) == ""
    # Ten cards: the cards not in the hand cannot go in, and the widget says why.
    for code in ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]:
        page.click(f'{grid} [data-card="{code}"]')
    assert page.get_attribute(f'{grid} [data-card="JS"]', "aria-disabled") == "true"
    assert page.get_attribute(f'{grid} [data-card="AS"]', "aria-disabled") is None
    note = page.text_content(f"{grid} [data-grid-full]")
    assert "at most 10" in note
    assert "rbw-chips-grid-full" in page.get_attribute(f'{grid} [data-card="JS"]', "aria-describedby")
    page.click(f'{grid} [data-card="JS"]', force=True)  # aria-disabled: stays focusable, does nothing
    assert len(page.input_value(CARDS).split()) == 10 and error_beside(page, "cards") == ""
    assert score_of(page) == str(python_score({"hand": page.input_value(CARDS).split()})["score"])
    page.get_by_role("button", name="Take out the last card").click()
    assert page.input_value(CARDS).split()[-1] == "9S"
    assert page.get_attribute(f'{grid} [data-card="JS"]', "aria-disabled") is None
    assert page.text_content(f"{grid} [data-grid-full]") == ""
    assert not page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_grid_buttons_are_thumb_sized_and_nothing_clips_on_a_phone(open_page: Any, scheme: str) -> None:
    page = open_page("chips/", "phone", scheme)
    page.fill(CARDS, "10S 10H 10D 10C QS JK")
    page.evaluate("document.activeElement.blur()")
    boxes = page.evaluate("""() => [...document.querySelectorAll('[data-grid] [data-card]')].map((b) => {
        const r = b.getBoundingClientRect();
        const f = b.querySelector('[aria-hidden]').getBoundingClientRect();
        const badge = b.querySelector('.rb-grid__count').getBoundingClientRect();
        return {card: b.dataset.card, width: r.width, left: r.left, right: r.right,
                faceLeft: f.left, faceRight: f.right, badge: badge.width ? [badge.left, badge.right] : null,
                text: b.querySelector('.rb-grid__count').textContent};
    })""")
    for b in boxes:
        assert b["width"] >= 44, b
        assert b["left"] <= b["faceLeft"] and b["faceRight"] <= b["right"], b  # "10♠" whole
        if b["card"] in {"10S", "10H", "10D", "10C", "QS", "JK"}:
            assert b["text"] == "✓" and b["badge"], b  # a tick you can see, in the corner
            assert b["badge"][1] <= b["right"] + 2 and b["badge"][0] >= b["left"], b
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1]
    assert not page.errors


def test_a_card_still_being_typed_is_not_flagged(open_page: Any) -> None:
    page = open_page("chips/")
    page.click(CARDS)
    page.keyboard.type("8H 1")
    assert error_beside(page, "cards") == ""  # "1" on the way to "10H"
    assert page.get_attribute(CARDS, "aria-invalid") is None
    assert score_of(page) == "8"  # the cards so far still score
    page.keyboard.type("0H")
    assert score_of(page) == "18" and error_beside(page, "cards") == ""
    page.keyboard.type(" ZZ")
    assert error_beside(page, "cards") == ""
    page.keyboard.type(" ")  # a space after it: now it is a word, and not a card
    assert "unknown card 'zz'" in error_beside(page, "cards").lower()
    page.fill(CARDS, "8H 1")
    page.press(CARDS, "Enter")  # Enter checks the last word too
    assert "unknown card '1'" in error_beside(page, "cards").lower()
    page.fill(CARDS, "8H 1")
    assert error_beside(page, "cards") == ""
    page.click(CALLER)  # and so does leaving the field
    assert "unknown card '1'" in error_beside(page, "cards").lower()
    # An over-long hand: no rule id in what people read.
    page.fill(CARDS, "AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert error_beside(page, "cards") == "11 cards, but a Chips hand holds at most 10"
    assert not page.errors


#: Kept in the page: when each key changed the Cards field, and when the live region spoke and what.
#: Timed by the page's own clock, so a slow test machine cannot make the region seem to speak early.
LIVE_LOG = """([live, cards]) => {
  window.__typed = []; window.__spoken = [];
  document.querySelector(cards).addEventListener('input', () => window.__typed.push(performance.now()), true);
  new MutationObserver(() => window.__spoken.push([performance.now(), document.querySelector(live).textContent]))
    .observe(document.querySelector(live), { childList: true, characterData: true, subtree: true });
}"""


def test_the_live_region_waits_for_the_answer_to_settle(open_page: Any) -> None:
    page = open_page("chips/")
    live = f"{CHIPS} [data-live]"
    page.evaluate(LIVE_LOG, [live, CARDS])
    page.click(CARDS)
    page.keyboard.type("8H 8S 8D")
    page.wait_for_function(f"() => document.querySelector('{live}').textContent.startsWith('Score 0')", timeout=30_000)
    page.keyboard.type(" 4C")
    page.wait_for_function(f"() => document.querySelector('{live}').textContent.startsWith('Score 4')", timeout=30_000)
    typed, spoken = page.evaluate("[window.__typed, window.__spoken]")
    assert len(typed) == len("8H 8S 8D 4C"), typed
    # It spoke at each pause in the typing, never key by key: each time 600 ms (the announcer's
    # delay) or more after the last key before it. (A machine that stalls 600 ms between two keys
    # makes a pause, and an answer there is right.)
    said = [text.split(".")[0] for _, text in spoken]
    assert "Score 0" in said and said[-1] == "Score 4", spoken
    for at, text in spoken:
        last_key = max(t for t in typed if t <= at)
        assert at - last_key >= 590, (text, at - last_key)
    assert not page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_is_not_the_error_colour(open_page: Any, scheme: str) -> None:
    page = open_page("chips/", scheme=scheme)
    page.fill(CALLER, "8S 9D 10C")  # a bad caller's group: that field is marked invalid
    page.focus(CARDS)
    page.keyboard.type("8H")
    focus = page.eval_on_selector(CARDS, "e => getComputedStyle(e).outlineColor")
    invalid = page.eval_on_selector(CALLER, "e => getComputedStyle(e).borderColor")
    link = page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).getPropertyValue('--md-typeset-a-color')")
    assert page.get_attribute(CALLER, "aria-invalid") == "true"
    assert page.get_attribute(CARDS, "aria-invalid") is None
    assert focus != invalid
    as_rgb = """(value) => { const d = document.createElement('i'); d.style.color = value;
        document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; }"""
    assert focus == page.evaluate(as_rgb, link.strip())  # the link colour
    assert not page.errors


def _contrast(a: str, b: str) -> float:
    def lum(rgb: str) -> float:
        parts = [int(x) / 255 for x in re.findall(r"\d+", rgb)[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted([lum(a), lum(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path,name", [("chips/", "Score the hand"), ("chains/", "Check the play"),
                                       ("3-chip-stack/", "Settle the showdown")])
def test_buttons_keep_their_contrast_on_hover_and_focus(open_page: Any, scheme: str, path: str, name: str) -> None:
    page = open_page(path, scheme=scheme)
    button = page.get_by_role("button", name=name)
    for how in ["hover", "focus"]:
        if how == "hover":
            button.hover()
        else:
            page.mouse.move(0, 0)
            button.focus()
        fg, bg = button.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
        if "rgba(0, 0, 0, 0)" in bg:
            bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert _contrast(fg, bg) >= 4.5, (how, fg, bg)
    assert not page.errors


@pytest.mark.parametrize("cards,caller,packs,field,words", BAD)
def test_bad_input_gets_words_beside_the_field(open_page: Any, cards: str, caller: str, packs: str,
                                               field: str, words: str) -> None:
    page = open_page("chips/")
    page.select_option(f"{CHIPS} select[name=packs]", packs)
    page.fill(CALLER, caller)
    page.fill(CARDS, cards)
    page.press(CARDS, "Enter")
    message = error_beside(page, field)
    assert words.lower() in message.lower(), message
    assert not re.search(r"\([a-z0-9]+(-[a-z0-9]+)+\)\s*$", message), message  # no rule id for players
    other = "caller" if field == "cards" else "cards"
    assert error_beside(page, other) == ""
    assert score_of(page) == ""
    box = CARDS if field == "cards" else CALLER
    assert page.get_attribute(box, "aria-invalid") == "true"
    described = page.get_attribute(box, "aria-describedby")
    assert f"rbw-chips-{field}-error" in described
    # User text is never read as HTML.
    page.fill(CALLER, "")
    page.fill(CARDS, "<img src=x onerror=alert(1)>")
    assert page.locator(f"{CHIPS} img").count() == 0
    assert "<img" in error_beside(page, "cards")
    assert not page.errors


def test_instant_navigation_away_and_back(open_page: Any) -> None:
    page = open_page("chips/")
    page.evaluate("window.__noReload = 'still here'")
    page.fill(CARDS, "4H 5H 6H KD")
    assert score_of(page) == "10"
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Chains").first.click()
    page.wait_for_url("**/chains/")
    page.wait_for_selector('[data-widget="chains"][data-mounted="true"]')
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Chips").first.click()
    page.wait_for_url("**/chips/")
    page.wait_for_selector(f'{CHIPS}[data-mounted="true"]')
    assert page.evaluate("window.__noReload") == "still here"
    page.fill(CARDS, "QH KH AH 7C")
    assert score_of(page) == "7"
    page.get_by_role("button", name="seven of clubs").click()  # tapped out
    assert score_of(page) == "0"
    # Mounting again (as a second document$ emission would) changes nothing.
    count = page.locator(f"{CHIPS} [data-grid] button").count()
    page.evaluate("import('./../assets/js/widgets/chips.js')")
    assert page.locator(f"{CHIPS} [data-grid] button").count() == count
    assert not page.errors


def test_keyboard_alone(open_page: Any) -> None:
    page = open_page("chips/")
    # Start from the "Score a hand" heading, then Tab like a keyboard user.
    page.evaluate("document.getElementById('score-a-hand').setAttribute('tabindex', '-1')")
    page.focus("#score-a-hand")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cards":
            break
    assert page.evaluate("document.activeElement.id") == "rbw-chips-cards"
    page.keyboard.type("8h 8s")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card || ''"):
            break
    assert page.evaluate("document.activeElement.dataset.card") == "AS"
    page.keyboard.press("Space")
    assert page.input_value(CARDS) == "8h 8s AS"
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    assert score_of(page) == "17"
    page.focus(CARDS)
    page.keyboard.press("Enter")
    assert page.url.endswith("/chips/") and score_of(page) == "17"
    assert not page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["chips/", "chains/", "3-chip-stack/"])
def test_axe_finds_no_violations_with_the_widget_open(open_page: Any, path: str, scheme: str) -> None:
    page = open_page(path, scheme=scheme)
    assert page.get_attribute("body", "data-md-color-scheme") == ("slate" if scheme == "dark" else "default")
    if path == "chips/":
        page.fill(CALLER, "6S 7S 8S")
        page.fill(CARDS, "5H 6H JK 9S 2C KD 8D")
    elif path == "chains/":
        page.fill('[data-widget="chains"] input[name=top]', "7H")
        page.fill('[data-widget="chains"] input[name=card]', "8H")
        page.fill('[data-widget="chains"] input[name=hand]', "7H KD ZZ")
    else:
        page.fill("#rbw-tcs-player-1", "3H 9C 4D")
        page.fill("#rbw-tcs-player-2", "AS KD 4C")
    violations = run_axe(page)
    assert not violations, describe_violations(violations)
    # The other states: a full hand (cards that cannot go in) and a play that is refused.
    if path == "chips/":
        page.fill(CALLER, "")
        page.fill(CARDS, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")
        assert page.locator(f'{CHIPS} [aria-disabled="true"]').count() == 43
    elif path == "chains/":
        page.fill('[data-widget="chains"] input[name=card]', "9D")
        assert page.get_attribute('[data-widget="chains"] [data-result="play"]', "data-legal") == "false"
    else:
        page.fill("#rbw-tcs-player-3", "AS KD 9C")
    violations = run_axe(page)
    assert not violations, describe_violations(violations)
    assert not page.errors


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots(open_page: Any, viewport: str, scheme: str) -> None:
    """The widgets at 375 and 1280 px, light and dark, with an answer showing (looked at by eye)."""
    SHOTS.mkdir(exist_ok=True)
    page = open_page("chips/", viewport, scheme)
    page.fill(CALLER, "6S 7S 8S")
    page.fill(CARDS, "5H 6H JK 9S 2C KD 8D 8C")
    page.locator(CHIPS).screenshot(path=str(SHOTS / f"widget-chips-{scheme}-{viewport}.png"))
    page.fill(CARDS, "8H ZZ")
    page.locator(CHIPS).screenshot(path=str(SHOTS / f"widget-chips-error-{scheme}-{viewport}.png"))
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1]
    page = open_page("chains/", viewport, scheme)
    page.fill('[data-widget="chains"] input[name=top]', "KS")
    page.fill('[data-widget="chains"] input[name=card]', "AS")
    page.fill('[data-widget="chains"] input[name=hand]', "7H KD AS")
    page.locator('[data-widget="chains"]').screenshot(path=str(SHOTS / f"widget-chains-{scheme}-{viewport}.png"))
    page = open_page("3-chip-stack/", viewport, scheme)
    page.fill("#rbw-tcs-player-1", "3H 9C 4D")
    page.fill("#rbw-tcs-player-2", "3S 9D 5C")
    page.fill("#rbw-tcs-player-3", "AS KD QC")
    page.fill("#rbw-tcs-pot", "13")
    page.locator('[data-widget="3-chip-stack"]').screenshot(
        path=str(SHOTS / f"widget-3-chip-stack-{scheme}-{viewport}.png"))
    assert not page.errors


# --- Chains and 3 Chip Stack --------------------------------------------------------------------

def test_chains_checks_a_play_and_counts_points(open_page: Any) -> None:
    page = open_page("chains/")
    w = '[data-widget="chains"]'
    result = f'{w} [data-result="play"]'
    rng = random.Random("browser-chains")
    deck = [f"{r}{s}" for r in ["A", "2", "5", "9", "10", "J", "K"] for s in "SHDC"]
    for _ in range(12):
        top, card = rng.sample(deck, 2)
        page.fill(f"{w} input[name=top]", top)
        page.fill(f"{w} input[name=card]", card)
        want = chains.RECORDS["play"]({"top": top, "card": card})
        assert page.get_attribute(result, "data-legal") == str(want["legal"]).lower(), (top, card)
        assert page.get_attribute(result, "data-kind") == (want["kind"] or "")
    page.fill(f"{w} input[name=top]", "KS")
    page.fill(f"{w} input[name=card]", "AS")
    assert page.get_attribute(result, "data-kind") == "royal"
    assert page.get_attribute(result, "data-again") == "true"
    page.get_by_role("switch", name="No extra play after a royal").check()
    assert page.get_attribute(result, "data-again") == "false"
    assert ": a royal:" not in page.text_content(result)  # one colon, not two
    assert page.text_content(f"{result} .rb-result__verdict").startswith("✓")
    yes_border = page.eval_on_selector(result, "e => getComputedStyle(e).borderLeftColor")
    page.fill(f"{w} input[name=card]", "KH")
    assert page.get_attribute(result, "data-legal") == "false"
    # "No" differs from "yes" by a sign and a border, never by colour alone.
    assert page.text_content(f"{result} .rb-result__verdict").startswith("✗ No.")
    assert page.eval_on_selector(result, "e => getComputedStyle(e).borderLeftColor") != yes_border
    assert page.eval_on_selector(result, "e => getComputedStyle(e).borderLeftStyle") == "double"
    page.get_by_role("switch", name="Any card of the same rank may be played").check()
    assert page.get_attribute(result, "data-kind") == "same"
    page.fill(f"{w} input[name=card]", "JK")
    assert "without jokers" in page.text_content(f'{w} [data-error-for="card"]')
    page.fill(f"{w} input[name=hand]", "7H KD AS")
    page.press(f"{w} input[name=hand]", "Enter")
    assert page.get_attribute(f'{w} [data-result="points"]', "data-score") == str(
        chains.RECORDS["score"]({"hand": ["7H", "KD", "AS"]})["score"])
    assert page.url.endswith("/chains/") and not page.errors


def test_3_chip_stack_settles_a_showdown(open_page: Any) -> None:
    page = open_page("3-chip-stack/")
    result = '[data-widget="3-chip-stack"] [data-result]'
    page.fill("#rbw-tcs-player-1", "3H 9C 4D")
    page.fill("#rbw-tcs-player-2", "AS KD 4C")
    want = three_chip_stack.RECORDS["showdown"]({"hands": [["3H", "9C", "4D"], ["AS", "KD", "4C"]]})
    assert json.loads(page.get_attribute(result, "data-winners")) == [w + 1 for w in want["winners"]]
    assert "first best card" in page.text_content(result)
    # Decided at the third card: the card beaten is the runner-up hand's (player 2 was level to
    # there), not the best third card among the losers (player 3's 9, out at the second card).
    page.fill("#rbw-tcs-player-1", "3H AS 5D")
    page.fill("#rbw-tcs-player-2", "3S AH 4C")
    page.fill("#rbw-tcs-player-3", "3D KC 9C")
    words = page.text_content(result).replace("\ufe0e", "")
    assert "third best card: 5♦ beats 4♣" in words, words
    page.fill("#rbw-tcs-player-3", "")
    # A tie, split with an odd chip; player 3 left blank.
    page.fill("#rbw-tcs-player-1", "3H 9C 4D")
    page.fill("#rbw-tcs-player-2", "3S 9D 5C")
    page.fill("#rbw-tcs-player-4", "3D 9H 5S")
    page.fill("#rbw-tcs-pot", "13")
    assert json.loads(page.get_attribute(result, "data-winners")) == [2, 4]
    assert "splits" in page.text_content(result)
    page.fill("#rbw-tcs-player-3", "AS KD 9C")  # a card player 1 holds, typed for player 3
    assert "copies of 9♣" in page.text_content('[data-error-for="p3"]').replace("\ufe0e", "")
    assert page.text_content('[data-error-for="p1"]') == ""
    assert page.get_attribute("#rbw-tcs-player-3", "aria-invalid") == "true"
    assert not page.is_visible(result)
    page.fill("#rbw-tcs-player-3", "")
    page.fill("#rbw-tcs-player-4", "3D 9H")
    assert "three cards" in page.text_content('[data-error-for="p4"]')
    assert page.get_attribute(result, "data-winners") == ""
    page.fill("#rbw-tcs-player-4", "3D 9H 9C")
    assert "copies of 9♣" in page.text_content('[data-error-for="p4"]').replace("\ufe0e", "")
    assert not page.is_visible(result)  # no empty answer bar under the message
    assert not page.errors
