"""Keep score on a 360 x 740 phone with touch (issue 28, item 14), in Chromium: with each game's
most players (eight at Chips and Chains, six at 3 Chip Stack, its most) and a whole game of
ordinary scores, the page does not scroll sideways, the table fits its box and no "scroll
sideways" note shows; with eight 40-letter names and scores of a million the table scrolls inside
its own box while the page does not, and each name breaks only between its words. After "Add
round" the next entry opens under a confirmation of what was added, in view with its first score
box (which has the focus), and the new row is marked in the table; the last entry of a game is
confirmed above the result. Screenshots in test-output/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.scorekeeper import EIGHT, open_keeper, start_game
from tests.support.tables import PHONE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
LONG = ["Bartholomew Featherstonehaugh-Smythe", "Wolfeschlegelsteinhausenbergerdorffvoral",
        "Maximiliana Cholmondeley-Marjoribanks", "Alexandrina Vanderbilt-Worthington",
        "Christopherson Montgomery-Fitzwilliam", "Persephone Threlkeld-Wainwright",
        "Gwendolyn Abernathy-Kensington", "Ferdinand Ravenscroft-Pemberton"]
#: Whole games of ordinary scores, a row a round or hand, a score a seat (3 Chip Stack: chips after
#: the hand, 15 each at the start). Chips: the caller (the seat with 0) scores 0; totals reach
#: three figures.
CHIPS = [[0, 35, 42, 17, 28, 9, 51, 30], [12, 0, 8, 25, 40, 33, 6, 19], [44, 27, 0, 38, 15, 22, 60, 9],
         [5, 18, 36, 0, 47, 29, 13, 55], [61, 9, 24, 33, 0, 41, 28, 16], [20, 52, 11, 7, 36, 0, 45, 30],
         [38, 14, 57, 26, 9, 43, 0, 21], [27, 46, 19, 58, 32, 11, 39, 0]]
CHAINS = [[(7 * r + 11 * s) % 18 * 5 + 10 if s != r % 8 else 0 for s in range(8)] for r in range(10)]
STACK = [[19, 13, 14, 15, 16, 13], [23, 11, 0, 20, 18, 18], [30, 0, 0, 25, 15, 20], [40, 0, 0, 30, 20, 0]]
# A box lies inside the viewport and below the site's sticky header.
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return r.height > 0 && r.top >= header - 1 && r.bottom <= innerHeight + 1; }"""
WIDTHS = """() => { const box = document.querySelector('.sk-live-sheet .sk-scroll');
  return { page: document.documentElement.scrollWidth, table: box.scrollWidth, box: box.clientWidth }; }"""
# Per player's header: its words, and the lines the name takes (a word broken inside adds a line).
NAME_LINES = """() => [...document.querySelectorAll('.sk-live-sheet th.sk-player bdi')].map((b) => {
  const range = document.createRange(); range.selectNodeContents(b);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return { name: b.textContent, words: b.textContent.split(/[\\s-]+/).length, lines: tops.size }; })"""


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    """The score keeper on a 360 x 740 touch screen; `page.errors`, what the page reported."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.errors = []
    open_keeper(page, site_url, page.errors)
    try:
        yield page
    finally:
        context.close()


def _enter(page: Any, game: str, players: list[str], row: list[int]) -> None:
    """One round or hand typed in and added with a tap (a seat out of 3 Chip Stack has no box)."""
    rows = page.locator(".sk-live-sheet tbody tr:not(.sk-total)").count()
    for i, value in enumerate(row):
        box = page.locator(f"#sk-entry-{i}")
        if box.get_attribute("readonly") is None and not (game == "chips" and value == 0):
            box.fill(str(value))
    if game == "chips":
        page.select_option("#sk-called", players[row.index(0)])
    page.tap("#sk-enter")
    page.wait_for_function("n => document.querySelectorAll('.sk-live-sheet tbody tr:not(.sk-total)').length > n", arg=rows)


@pytest.mark.parametrize(("game", "rows"), [("chips", CHIPS), ("chains", CHAINS), ("3-chip-stack", STACK)])
def test_a_whole_game_with_the_most_players_fits_a_360_px_phone(phone: Any, game: str, rows: list[list[int]]) -> None:
    players = EIGHT[:len(rows[0])]
    start_game(phone, game, players, 15 if game == "3-chip-stack" else None, tap=True)
    for row in rows:
        _enter(phone, game, players, row)
        widths = phone.evaluate(WIDTHS)
        assert widths["page"] <= 360, f"{game}, {len(players)} players: the page scrolls sideways: {widths}"
        assert widths["table"] <= widths["box"], f"{game}, {len(players)} players: the table scrolls sideways: {widths}"
    assert phone.locator(".sk-scroll-hint").is_hidden()
    assert phone.locator(".sk-live-sheet th.sk-player bdi").all_inner_texts() == players
    assert all(n["lines"] == 1 for n in phone.evaluate(NAME_LINES))
    phone.locator(".sk-live-sheet .sk-scroll").scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"scorekeeper-phone-{game}-{len(players)}-players-360.png"))
    assert not phone.errors, phone.errors


def test_long_names_and_big_scores_scroll_the_table_in_its_box_and_names_break_between_words(phone: Any) -> None:
    start_game(phone, "chains", LONG, tap=True)
    _enter(phone, "chains", LONG, [0, *[999_995] * 7])
    widths = phone.evaluate(WIDTHS)
    assert widths["page"] <= 360, widths
    assert widths["table"] > widths["box"]  # sideways inside the labelled region, and said so
    assert phone.locator(".sk-scroll-hint").is_visible()
    box = phone.locator(".sk-live-sheet .sk-scroll")
    assert box.get_attribute("role") == "region" and box.get_attribute("aria-label") == "Chains score table"
    for name in phone.evaluate(NAME_LINES):
        if name["name"].startswith("Wolfe"):  # one 40-letter word: broken inside, at 6rem
            continue
        assert name["lines"] <= name["words"], f"a word of {name['name']!r} breaks inside: {name}"
    # The row header, with the round's Edit button, stays put while the players scroll by.
    box.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    head = phone.locator(".sk-live-sheet tbody th.sk-rowhead").first
    assert head.evaluate("el => getComputedStyle(el).position") == "sticky"
    edit = phone.locator("#sk-edit-0").bounding_box()
    assert edit is not None and edit["x"] >= 0 and edit["x"] + edit["width"] <= 360
    phone.locator(".sk-live-sheet .sk-scroll").scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "scorekeeper-phone-long-names-360.png"))
    assert not phone.errors, phone.errors


def test_add_round_confirms_what_it_added_above_the_next_entry_in_view(phone: Any) -> None:
    players = EIGHT[:4]
    start_game(phone, "chips", players, tap=True)
    for i, value in enumerate([0, 35, 42, 17]):
        if value:
            phone.fill(f"#sk-entry-{i}", str(value))
    phone.select_option("#sk-called", "Ann")
    phone.tap("#sk-enter")
    note = phone.locator("#sk-added-note")
    assert note.inner_text() == "✓ Added round 1: Ann 0 (called chips), Bob 35, Cyd 42, Dee 17."
    # The confirmation sits at the top of the next entry, both it and the focused first score
    # box of round 2 are on screen, the box not covered by anything.
    assert phone.locator(".sk-entry #sk-added-note").count() == 1
    assert "Round 2 of 8" in phone.inner_text("#sk-entry-title")
    assert note.evaluate(IN_VIEW)
    first = phone.locator("#sk-entry-0")
    assert first.evaluate("el => el === document.activeElement")
    assert first.evaluate(IN_VIEW)
    assert first.evaluate("""b => { const r = b.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b; }""")
    # The row it went into is marked in the table, and a screen reader hears it too.
    rows = phone.locator(".sk-live-sheet tbody tr:not(.sk-total)")
    assert rows.count() == 1 and "sk-added" in (rows.first.get_attribute("class") or "")
    assert phone.inner_text(".sk-live").startswith("Added round 1. ")
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "scorekeeper-phone-added-360.png"))
    # A change to a past round is confirmed in its own words; the next action clears the mark.
    phone.tap("#sk-edit-0")
    assert phone.locator("#sk-added-note").count() == 0
    phone.fill("#sk-entry-1", "30")
    phone.tap("#sk-enter")
    assert note.inner_text().startswith("✓ Saved the change to round 1: Ann 0 (called chips), Bob 30,")
    phone.tap("#sk-undo")
    assert phone.locator("#sk-added-note").count() == 0
    assert phone.locator(".sk-live-sheet tr.sk-added").count() == 0
    assert not phone.errors, phone.errors


def test_the_last_hand_is_confirmed_above_the_result(phone: Any) -> None:
    players = EIGHT[:3]
    start_game(phone, "chains", players, tap=True)
    for r in range(10):
        _enter(phone, "chains", players, [0 if s == r % 3 else (7 * r + 11 * s) % 18 * 5 + 10 for s in range(3)])
    assert phone.locator(".sk-entry").count() == 0
    note = phone.locator("#sk-added-note")
    assert note.inner_text().startswith("✓ Added hand 10: ")
    assert note.evaluate("el => el === document.activeElement && el.nextElementSibling.matches('.sk-standing')")
    assert note.evaluate(IN_VIEW)
    assert phone.inner_text("#sk-standing-title") == "Result"
    assert not phone.errors, phone.errors
