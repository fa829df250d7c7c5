"""The page's scorers follow "Your table's rules" (issue 25), in Chromium on the built site.

For every house option that changes a scorer's answer, one page: the scorer answers a case by the
family's rules, the control ([data-house-options]) is set to the other reading, the scorer answers
again by it (without the person typing again) and says which table rule it followed, in the page's
words and never an option id; then back to the family's rules, and the first answer returns.

Covered here (they change what a scorer answers):
- Chips: k-a-2 (K-A-2 as loose cards, the family's words; as Q-K-A; round the corner). Skipped, saying so, while the browser
  Chips engine takes no house (engine/chips.js exports no HOUSE_OPTIONS).
- Chains: no-extra-play (a royal ends the turn), same-rank (a same-rank card may go).
- 3 Chip Stack: odd-chip, both other readings (the dealer takes it; it stays for the next hand).
Elsewhere: Chips lay-off-order changes the page's whole-round scorer, tested with the control in
tests/test_browser_round_scorer.py. No scorer on a page answers differently under the rest (a single
hand, a single play, a showdown): Chips throw-back and random-extra; Chains draw-after-royal; 3 Chip
Stack passed-chip. They change play: tests/test_browser_play_house.py and
tests/test_browser_play_house_options.py play them at the practice tables.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import fresh_pages

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

CONTROL = "[data-house-options]"
MOUNTED = "[data-house-options][data-house-mounted]"
NOTE = "[data-house-rule]"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

#: Every house option's id, so a note can be held to never name one.
OPTION_IDS = ["k-a-2", "lay-off-order", "throw-back", "random-extra", "no-extra-play", "draw-after-royal",
              "same-rank", "odd-chip", "passed-chip", "no-group", "round-the-corner", "not-played", "next-hand", "after-hand"]


@pytest.fixture()
def page_of(browser: Any) -> Iterator[Any]:
    """page_of(url) -> a page of a fresh context (its own storage), the control mounted."""
    with fresh_pages(browser) as new_page:

        def open_page(url: str) -> Any:
            page = new_page(**DESKTOP, service_workers="block")
            page.goto(url, wait_until="networkidle")
            page.wait_for_selector(MOUNTED, state="attached")
            return page

        yield open_page


def choose(page: Any, option: str, value: str) -> None:
    """Click a reading in the control, as a person would (opening it first)."""
    if not page.eval_on_selector(f"{CONTROL} details", "d => d.open"):
        page.click(f"{CONTROL} summary")
    game = page.get_attribute(CONTROL, "data-house-options")
    page.click(f'{CONTROL} label:has(> input[name="rb-house-{game}-{option}"][value="{value}"])')


def default_of(page: Any, option: str) -> str:
    data = json.loads(page.get_attribute(CONTROL, "data-house-data") or "{}")
    return str(next(o["default"] for o in data["options"] if o["id"] == option))


def reading_of(page: Any, option: str, value: str) -> tuple[str, str]:
    """(the choice's short label, the reading's words) as the control gives them (issue 37)."""
    data = json.loads(page.get_attribute(CONTROL, "data-house-data") or "{}")
    o = next(o for o in data["options"] if o["id"] == option)
    at = o["values"].index(value)
    return str(o["short"][at]), str(o["labels"][at])


def note_of(page: Any, result: str) -> str:
    """The answer's word on the table's rules ("" when it has none). Read as text: the page skips
    drawing sections off screen (content-visibility), where innerText is empty; shown all the same."""
    node = page.locator(f"{result} {NOTE}")
    if not node.count():
        return ""
    assert node.is_visible()
    return " ".join((node.text_content() or "").split())


def text_of(page: Any, selector: str) -> str:
    return " ".join((page.text_content(selector) or "").split())


def assert_worded(note: str, short: str, reading: str) -> None:
    # The note names the choice in its short label (issue 37); the reading in full is the ruling's.
    assert note.startswith("By your table's rules:"), note
    assert short in note, note
    assert reading
    words = note.replace(short, "")
    for option_id in OPTION_IDS:
        assert option_id not in words, f"the note names an id ({option_id}): {note}"


def test_chains_same_rank_makes_the_checker_say_yes_and_back(page_of: Any, site_url: str) -> None:
    page = page_of(f"{site_url}chains/")
    result = '[data-widget="chains"] [data-result="play"]'
    page.fill("#rbw-chains-top", "7H")
    page.fill("#rbw-chains-card", "7S")
    page.wait_for_function(f"document.querySelector('{result}').dataset.legal === 'false'")
    assert note_of(page, result) == ""

    choose(page, "same-rank", "played")
    page.wait_for_function(f"document.querySelector('{result}').dataset.legal === 'true'")
    assert page.get_attribute(result, "data-kind") == "same"
    assert page.get_attribute(result, "data-house-followed") == "same-rank"
    assert page.is_checked('[data-widget="chains"] input[name="variant"][value="same-rank"]')
    title, reading = reading_of(page, "same-rank", "played")
    assert_worded(note_of(page, result), title, reading)

    choose(page, "same-rank", default_of(page, "same-rank"))
    page.wait_for_function(f"document.querySelector('{result}').dataset.legal === 'false'")
    assert note_of(page, result) == ""
    assert not page.is_checked('[data-widget="chains"] input[name="variant"][value="same-rank"]')
    assert page.errors == []


def test_chains_no_extra_play_ends_the_turn_after_a_royal_and_back(page_of: Any, site_url: str) -> None:
    page = page_of(f"{site_url}chains/")
    result = '[data-widget="chains"] [data-result="play"]'
    page.fill("#rbw-chains-top", "7H")
    page.fill("#rbw-chains-card", "8H")
    page.wait_for_function(f"document.querySelector('{result}').dataset.again === 'true'")
    assert "You may play another card." in text_of(page, result)

    choose(page, "no-extra-play", "played")
    page.wait_for_function(f"document.querySelector('{result}').dataset.again === 'false'")
    assert page.get_attribute(result, "data-kind") == "royal"
    assert "Your turn is over." in text_of(page, result)
    title, reading = reading_of(page, "no-extra-play", "played")
    assert_worded(note_of(page, result), title, reading)

    choose(page, "no-extra-play", default_of(page, "no-extra-play"))
    page.wait_for_function(f"document.querySelector('{result}').dataset.again === 'true'")
    assert note_of(page, result) == ""
    assert page.errors == []


def test_3_chip_stack_odd_chip_goes_where_the_table_says_and_back(page_of: Any, site_url: str) -> None:
    page = page_of(f"{site_url}3-chip-stack/")
    result = '[data-widget="3-chip-stack"] [data-result]'
    # Players 1 and 2 tie (suits never count); Player 3 dealt; 13 chips split 6 and 6, one over.
    page.fill("#rbw-tcs-player-1", "AS 5D 4C")
    page.fill("#rbw-tcs-player-2", "AH 5S 4D")
    page.fill("#rbw-tcs-player-3", "KS 9C 7D")
    page.fill("#rbw-tcs-pot", "13")
    page.select_option("#rbw-tcs-dealer", "3")
    family = {"1": 7, "2": 6}  # the odd chip to Player 1, the first tied winner left of the dealer
    page.wait_for_function(f"document.querySelector('{result}').dataset.shares === '{json.dumps(family, separators=(',', ':'))}'")
    assert page.get_attribute(f"{result} [data-odd-chip]", "data-odd-chip") == "Player 1"
    assert note_of(page, result) == ""

    for value, goes_to, words in (("dealer", "Player 3", "goes to the dealer, Player 3"),
                                  ("next-hand", "the next hand", "stays in the middle for the next hand")):
        choose(page, "odd-chip", value)
        page.wait_for_function(f"document.querySelector('{result}').dataset.shares === '{{\"1\":6,\"2\":6}}'")
        assert page.get_attribute(f"{result} [data-odd-chip]", "data-odd-chip") == goes_to
        assert words in text_of(page, result)
        assert page.get_attribute(result, "data-house-followed") == "odd-chip"
        title, reading = reading_of(page, "odd-chip", value)
        assert_worded(note_of(page, result), title, reading)
        if value == "dealer":
            violations = run_axe(page)  # the answer with its word on the table's rules
            assert not violations, describe_violations(violations)

    choose(page, "odd-chip", default_of(page, "odd-chip"))
    page.wait_for_function(f"document.querySelector('{result}').dataset.shares === '{json.dumps(family, separators=(',', ':'))}'")
    assert note_of(page, result) == ""
    assert page.errors == []


def test_chips_k_a_2_scores_the_hand_by_the_table_and_back(page_of: Any, site_url: str) -> None:
    page = page_of(f"{site_url}chips/")
    engine_has_house = page.evaluate("""async () => {
      const m = await import(new URL("../assets/js/engine/chips.js", location.href).href);
      return Array.isArray(m.HOUSE_OPTIONS) && m.HOUSE_OPTIONS.some((o) => o.id === "k-a-2");
    }""")
    if not engine_has_house:
        pytest.skip("the browser Chips engine takes no house yet (engine/chips.js exports no HOUSE_OPTIONS)")
    result = '[data-widget="chips"] [data-result]'
    cards = '[data-widget="chips"] input[name="cards"]'
    page.fill(cards, "KH AH 2S ")
    page.wait_for_function(f"document.querySelector('{result}').dataset.score !== ''")
    family = page.get_attribute(result, "data-score")
    assert family == "11"  # chips-ruling-k-a-2, the family's words: K-A-2 is no group
    assert note_of(page, result) == ""

    choose(page, "k-a-2", "group")
    page.wait_for_function(f"document.querySelector('{result}').dataset.score === '0'")  # the 2 as the Queen
    assert page.get_attribute(result, "data-house-followed") == "k-a-2"
    title, reading = reading_of(page, "k-a-2", "group")
    assert_worded(note_of(page, result), title, reading)
    page.fill(cards, "KD AD 2D 3D")
    page.wait_for_function(f"document.querySelector('{result}').dataset.score === '3'")  # Q-K-A, the 3 loose

    choose(page, "k-a-2", "round-the-corner")
    page.wait_for_function(f"document.querySelector('{result}').dataset.score === '0'")  # K-A-2-3 round the corner
    title, reading = reading_of(page, "k-a-2", "round-the-corner")
    assert_worded(note_of(page, result), title, reading)

    choose(page, "k-a-2", default_of(page, "k-a-2"))
    page.wait_for_function(f"document.querySelector('{result}').dataset.score === '10'")  # A-2-3, the King loose
    assert note_of(page, result) == ""
    assert page.errors == []


# --- A family edition (rulebook build --house): the page's scorer follows the book -------------

EDITION_PORT = SITE_PORT + 1


@pytest.fixture(scope="module")
def edition_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A family edition whose Chips lets the wild 2 be the Queen of K-A-2, built and served on its own port."""
    import functools
    import threading

    from generator.build import build

    from .conftest import ROOT, _QuietHandler, _Server

    folder = tmp_path_factory.mktemp("edition")
    house = folder / "ours.yaml"
    house.write_text("chips:\n  k-a-2: group\n", encoding="utf-8")
    out = folder / "site"
    build(ROOT, out, site_url=f"http://{SITE_HOST}:{EDITION_PORT}/", house=house)
    server = _Server((SITE_HOST, EDITION_PORT), functools.partial(_QuietHandler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{SITE_HOST}:{EDITION_PORT}/"
    finally:
        server.shutdown()
        server.server_close()


def test_an_editions_scorer_scores_by_the_book_not_by_what_this_device_saved(browser: Any, edition_url: str) -> None:
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    try:
        # This device keeps another reading for Chips (chosen on another site, say).
        ctx.add_init_script("""localStorage.setItem("rulebook-house-chips",
          JSON.stringify({version: 1, house: {"k-a-2": "round-the-corner"}}));""")
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{edition_url}chips/", wait_until="networkidle")
        # No choice offered: the page is worded for one table, with no "back to the family's rules".
        assert page.locator(CONTROL).count() == 0
        assert page.locator("[data-house-reset]").count() == 0
        assert page.locator("[data-house-edition]").count() == 1
        result = '[data-widget="chips"] [data-result]'
        page.wait_for_selector('[data-widget="chips"][data-mounted="true"]', state="attached")
        # Q-K-A with the 2 as the Jack and the 3 loose by the book; round the corner it would be 0.
        page.fill('[data-widget="chips"] input[name="cards"]', "QH KH AH 2S 3H")
        page.wait_for_function(f"document.querySelector('{result}').dataset.score !== ''")
        assert page.get_attribute(result, "data-score") == "3"  # the book's rule: the wild 2 stands in
        note = note_of(page, result)
        assert note.startswith("By your table's rules: K-A-2: a wild 2 makes Q-K-A"), note
        assert errors == []
    finally:
        ctx.close()


def test_an_editions_score_keeper_starts_a_game_from_the_books_rules(browser: Any, edition_url: str) -> None:
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(f"{edition_url}keep-score/", wait_until="networkidle")
        page.wait_for_selector("[data-sk-house=chips]")
        assert page.is_checked("#sk-house-k-a-2-group")
        marked = page.eval_on_selector("#sk-house-k-a-2-group", "i => i.closest('label').textContent")
        assert marked.endswith("(this book's rule)"), marked
    finally:
        ctx.close()
