"""The game-page tools and Keep score at a phone's size and with touch (issue 14), in Chromium at
360 x 740 and 390 x 844 (touch) and 1280 x 900: after a tap, after typing and after Enter every
widget's answer (`data-result`) lies inside the viewport, below the site's header; no row of a
tap grid holds a single card; without scripts no control of a widget shows, only its note; the
submit visibly marks the answer; Chains counts a hand card by card; the 3 Chip Stack showdown
asks who dealt and quotes the odd-chip ruling from rules-data; the sample round's buttons and
the focus rings never take the error colour. Keep score: the first score box is the element at
its own centre after "Start the sheet"; players level on points are told apart in words; a game
shared by link opens in a fresh browser, a damaged link says so and loses nothing; a file export
opens again by import. axe-core stays at 0 in both schemes."""

from __future__ import annotations

import colorsys
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.engine.cards import parse_cards
from generator.engine.games import chains, chips, three_chip_stack
from tests.support.browser import fresh_pages, settle

from .conftest import describe_violations, run_axe

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
SIZES = {
    "360x740": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "1280x900": {"viewport": {"width": 1280, "height": 900}},
}
GAMES = {g.id: g.data for g in load_games(ROOT)}
IN_VIEW = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return { top: r.top, bottom: r.bottom, header, height: innerHeight,
           inView: r.height > 0 && r.top >= header - 1 && r.bottom <= innerHeight + 1 };
}"""


@pytest.fixture()
def open_at(browser: Any, site_url: str) -> Iterator[Any]:
    """open_at(path, size, scheme=..., js=True) -> a page; its script errors in page.errors."""
    with fresh_pages(browser) as new_page:

        def make(path: str, size: str, scheme: str = "light", js: bool = True) -> Any:
            page = new_page(**SIZES[size], color_scheme=scheme, java_script_enabled=js)
            page.goto(site_url + path, wait_until="networkidle")
            if js and path != "keep-score/":
                page.wait_for_selector('[data-widget][data-mounted="true"]')
            page.touch = bool(SIZES[size].get("has_touch"))
            return page

        yield make


def press(page: Any, selector: str) -> None:
    """A tap on a touch screen, a click elsewhere (after scrolling the button into view)."""
    loc = page.locator(selector)
    loc.scroll_into_view_if_needed()
    if page.touch:
        loc.tap()
    else:
        loc.click()


def assert_in_view(page: Any, selector: str, when: str) -> None:
    box = page.evaluate(IN_VIEW, selector)
    assert box["inView"], f"{selector} after {when}: {box}"


# --- The answer in view -------------------------------------------------------------------------

@pytest.mark.parametrize("size", list(SIZES))
def test_the_chips_answer_is_in_view_after_a_tap_typing_and_enter(open_at: Any, size: str) -> None:
    page = open_at("chips/", size)
    w = '[data-widget="chips"]'
    result = f"{w} [data-result]"
    assert page.get_attribute(f"{w} [data-grid]", "open") == ""  # the grid starts open
    hand: list[str] = []
    for code in ["8H", "8S", "8D", "QC", "KC", "JK", "4D"]:
        press(page, f'{w} [data-card="{code}"]')
        hand.append(code)
        assert_in_view(page, result, f"a tap on {code}")
    expected = chips.score_record({"hand": hand})["score"]
    assert page.get_attribute(result, "data-score") == str(expected)
    # Typing, then Enter, in the Cards field and in the caller's field further down.
    page.fill(f"{w} input[name=cards]", "")
    page.locator(f"{w} input[name=cards]").press_sequentially("5H 6H 9S KD")
    assert_in_view(page, result, "typing the hand")
    page.press(f"{w} input[name=cards]", "Enter")
    assert_in_view(page, result, "Enter in the Cards field")
    assert page.get_attribute(result, "data-score") == str(chips.score_record({"hand": ["5H", "6H", "9S", "KD"]})["score"])
    page.locator(f"{w} input[name=caller]").press_sequentially("7H 8H 9H")
    assert_in_view(page, result, "typing the caller's groups")
    page.press(f"{w} input[name=caller]", "Enter")
    assert_in_view(page, result, "Enter in the caller's field")
    # "Score the hand", below everything, marks the answer and shows it (the first submit: the
    # whole-round scorer's comes after it).
    press(page, f"{w} button[type=submit] >> nth=0")
    assert_in_view(page, result, "Score the hand")
    assert "rb-widget__result--fresh" in (page.get_attribute(result, "class") or "")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-chips-{size}.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_the_chains_answers_are_in_view_and_the_hand_is_counted_card_by_card(open_at: Any, size: str) -> None:
    page = open_at("chains/", size)
    w = '[data-widget="chains"]'
    play, points = f'{w} [data-result="play"]', f'{w} [data-result="points"]'
    page.locator(f"{w} input[name=top]").press_sequentially("7H")
    page.locator(f"{w} input[name=card]").press_sequentially("8H")
    assert_in_view(page, play, "typing a play")
    assert page.get_attribute(play, "data-legal") == "true"
    press(page, f'{w} input[value="no-extra-play"]')
    assert_in_view(page, play, "a switch")
    page.press(f"{w} input[name=card]", "Enter")
    assert_in_view(page, play, "Enter")
    press(page, f'{w} [data-form="play"] button[type=submit]')
    assert_in_view(page, play, "Check the play")
    hand: list[str] = []
    for code in ["7H", "KD", "AS", "10C", "QS"]:
        press(page, f'{w} [data-card="{code}"]')
        hand.append(code)
        assert_in_view(page, points, f"a tap on {code}")
    score = chains.score_record({"hand": hand})["score"]
    assert page.get_attribute(points, "data-score") == str(score)
    values = [chains.card_points(c) for c in parse_cards(" ".join(hand))]
    assert f"counting {' + '.join(map(str, values))} = {score}." in page.inner_text(points)
    page.fill(f"{w} input[name=hand]", "")
    page.locator(f"{w} input[name=hand]").press_sequentially("2S 3S")
    assert_in_view(page, points, "typing a hand")
    page.press(f"{w} input[name=hand]", "Enter")
    assert_in_view(page, points, "Enter in the hand")
    assert page.get_attribute(points, "data-score") == "20"
    page.screenshot(path=str(SHOTS / f"phone-chains-{size}.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_the_showdown_answer_is_in_view_and_the_odd_chip_follows_the_dealer(open_at: Any, size: str) -> None:
    page = open_at("3-chip-stack/", size)
    w = '[data-widget="3-chip-stack"]'
    result = f"{w} [data-result]"
    hands = {1: "3H 9C 4D", 2: "AS KD 5C", 3: "3S 9D 4C"}
    for n, text in hands.items():
        page.locator(f"#rbw-tcs-player-{n}").press_sequentially(text)
    assert_in_view(page, result, "typing the hands")
    page.locator("#rbw-tcs-player-1").scroll_into_view_if_needed()
    page.focus("#rbw-tcs-player-1")
    page.keyboard.press("End")
    page.keyboard.type(" ")
    assert_in_view(page, result, "typing in Player 1's field")
    page.locator("#rbw-tcs-pot").press_sequentially("13")
    page.press("#rbw-tcs-pot", "Enter")
    assert_in_view(page, result, "Enter in the pot")
    assert json.loads(page.get_attribute(result, "data-winners") or "[]") == [1, 3]
    # Not said who dealt: the answer asks for the dealer and gives no odd chip to anyone yet.
    assert "choose the dealer" in page.inner_text(f"{result} .rb-result__odd")
    ruling = next(r for r in GAMES["3-chip-stack"]["rulings"] if r["id"] == "three-chip-stack-ruling-odd-chip")
    words = " ".join(ruling["ruling"].split())
    for dealer in [1, 2, 3, 4, 5, 6]:
        page.select_option("#rbw-tcs-dealer", str(dealer))
        # The engine's split with the hands in turn order from the dealer's left.
        order = [n for n in [*range(dealer + 1, 7), *range(1, dealer + 1)] if n in hands]
        rec = three_chip_stack.showdown_record({"hands": [hands[n].split() for n in order], "pot": 13})
        odd_to = next(order[k] for k in rec["winners"] if rec["shares"][k] == 7)
        odd = page.locator(f"{result} .rb-result__odd")
        assert odd.get_attribute("data-odd-chip") == f"Player {odd_to}", dealer
        assert f"from the dealer (Player {dealer})" in odd.inner_text()
        assert words in odd.inner_text()  # the ruling's own words, from rules-data
        assert f"Player {odd_to} gets 7" in page.inner_text(f"{result} .rb-result__split")
    press(page, f"{w} button[type=submit]")
    assert_in_view(page, result, "Settle the showdown")
    page.screenshot(path=str(SHOTS / f"phone-3-chip-stack-{size}.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", ["chips/", "chains/"])
def test_no_row_of_the_grid_holds_a_single_card(open_at: Any, size: str, path: str) -> None:
    page = open_at(path, size)
    rows = page.evaluate("""() => [...document.querySelectorAll('[data-grid] .rb-grid__row:not(.rb-grid__row--tools)')]
      .map(row => [...row.querySelectorAll('[data-card]')].map(b => Math.round(b.getBoundingClientRect().top)))""")
    assert len(rows) == 4
    for tops in rows:
        assert len(tops) == 13
        lines = {t: tops.count(t) for t in tops}
        assert min(lines.values()) >= 2, (size, lines)
    widths = page.evaluate("() => [...document.querySelectorAll('[data-grid] [data-card]')].map(b => b.getBoundingClientRect().width)")
    assert min(widths) >= 44, min(widths)  # a thumb's width from 360 px up
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["viewport"]["width"]
    assert not page.errors, page.errors


# --- Honest without JavaScript ------------------------------------------------------------------

@pytest.mark.parametrize("path", ["chips/", "chains/", "3-chip-stack/"])
def test_without_scripts_a_widget_shows_only_its_note(open_at: Any, path: str) -> None:
    page = open_at(path, "390x844", js=False)
    widget = page.locator("[data-widget]")
    assert widget.count() == 1
    # Scrolled to, as a reader would: off screen, the widget is not drawn yet (site.css, issue 15),
    # and nothing in it would count as visible.
    widget.evaluate("e => e.scrollIntoView()")
    controls = widget.locator("input, button, select, [data-result], summary")
    assert controls.count() > 3
    visible = [i for i in range(controls.count()) if controls.nth(i).is_visible()]
    assert not visible, [controls.nth(i).evaluate("e => e.outerHTML.slice(0, 80)") for i in visible]
    note = widget.locator("[data-nojs]")
    assert note.is_visible() and re.search(r"needs? JavaScript", note.text_content() or "")
    assert "answer" not in (widget.inner_text() or "").lower()  # no promise of an answer


@pytest.mark.parametrize("path", ["chips/", "chains/", "3-chip-stack/"])
def test_with_scripts_the_note_goes_and_the_form_shows_once_after_instant_navigation(open_at: Any, path: str) -> None:
    page = open_at(path, "390x844")
    widget = page.locator("[data-widget]")
    assert not widget.locator("[data-nojs]").is_visible()
    assert widget.locator("form").first.is_visible()
    # Away and back by Material's instant navigation (no reload): mounted again, revealed again.
    page.evaluate("() => { window.__noReload = true; }")
    follow = """(href) => { const a = document.createElement('a'); a.href = href; a.textContent = 'go';
        document.querySelector('.md-content').append(a); a.click(); }"""
    page.evaluate(follow, "../keep-score/")
    page.wait_for_selector(".sk-app")
    page.evaluate(follow, f"../{path}")
    page.wait_for_selector('[data-widget][data-mounted="true"]')
    assert page.evaluate("() => window.__noReload === true")
    widget = page.locator("[data-widget]")
    assert widget.locator("form").first.is_visible()
    assert not widget.locator("[data-nojs]").is_visible()
    assert not page.errors, page.errors


# --- No error colour ----------------------------------------------------------------------------

@pytest.mark.parametrize("size", ["360x740", "1280x900"])
def test_back_to_top_sits_in_a_corner_on_a_phone_and_takes_the_reader_up(open_at: Any, size: str) -> None:
    # Material shows it, on scrolling up, as a pill over the middle of the text: on a phone that is
    # the line being read. site.css moves it to the bottom corner there, a round 48 px button.
    page = open_at("chips/", size)
    page.evaluate("window.scrollTo(0, 4000)")
    settle(page)
    page.evaluate("window.scrollBy(0, -300)")  # Material shows it when the page scrolls up
    top = page.locator(".md-top")
    top.wait_for(state="visible")
    page.wait_for_function("() => getComputedStyle(document.querySelector('.md-top')).opacity === '1'")  # faded in
    settle(page)
    box = page.evaluate("""() => { const r = document.querySelector('.md-top').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight }; }""")
    assert "Back to top" in (top.get_attribute("aria-label") or top.text_content())  # its spoken name
    if size == "360x740":
        assert box["bottom"] <= box["height"] - 8 and box["top"] > box["height"] * 0.8, box
        assert box["right"] <= box["width"] - 8 and box["left"] > box["width"] * 0.7, box
        assert box["right"] - box["left"] >= 44 and box["bottom"] - box["top"] >= 44, box
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "phone-back-to-top.png"))
    else:  # a wide screen keeps Material's place, under the header, with its words showing
        assert box["top"] < 200 and box["bottom"] - box["top"] < 60, box
    if page.touch:
        top.tap()
    else:
        top.click()
    page.wait_for_function("scrollY < 5")


def _is_red(rgb: str) -> bool:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    return sat > 0.25 and 0.05 < light < 0.97 and (hue < 25 / 360 or hue > 335 / 360)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["390x844", "1280x900"])
def test_the_sample_rounds_buttons_and_focus_rings_are_never_the_error_colour(open_at: Any, size: str, scheme: str) -> None:
    page = open_at("chips/", size, scheme=scheme)
    root = '[data-sample-round="chips"]'
    page.wait_for_selector(f'{root}[data-mounted="true"]')
    press(page, f"{root} .rb-sample__next")
    press(page, f"{root} .rb-sample__next")
    press(page, f"{root} .rb-sample__prev")
    page.mouse.move(0, 0)
    prev = page.locator(f"{root} .rb-sample__prev")
    bg, fg, border = prev.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color, getComputedStyle(e).borderColor]")
    assert bg == "rgba(0, 0, 0, 0)", bg  # a tapped button keeps its look: not filled
    assert not _is_red(fg) and not _is_red(border), (fg, border)
    # The keyboard's focus ring, on the buttons, a link and a widget's field.
    for sel in [f"{root} .rb-sample__prev", f"{root} .rb-sample__next", ".md-content a[href]",
                '[data-widget="chips"] input[name=cards]']:
        page.locator(sel).first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
        assert not _is_red(ring), (sel, ring)
    accent = page.evaluate("() => getComputedStyle(document.body).getPropertyValue('--md-accent-fg-color')").strip()
    as_rgb = page.evaluate("""(v) => { const d = document.createElement('i'); d.style.color = v; document.body.append(d);
        const c = getComputedStyle(d).color; d.remove(); return c; }""", accent)
    assert not _is_red(as_rgb), as_rgb  # Material's hover and focus colour
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["chips/", "chains/", "3-chip-stack/"])
def test_axe_finds_no_violations_with_answers_showing_on_a_phone(open_at: Any, path: str, scheme: str) -> None:
    page = open_at(path, "390x844", scheme=scheme)
    if path == "chips/":
        for code in ["8H", "8S", "8D", "4C"]:
            press(page, f'[data-card="{code}"]')
    elif path == "chains/":
        page.fill('[data-widget="chains"] input[name=top]', "7H")
        page.fill('[data-widget="chains"] input[name=card]', "8H")
        for code in ["7H", "KD"]:
            press(page, f'[data-card="{code}"]')
    else:
        page.fill("#rbw-tcs-player-1", "3H 9C 4D")
        page.fill("#rbw-tcs-player-2", "3S 9D 4C")
        page.fill("#rbw-tcs-pot", "13")
        page.select_option("#rbw-tcs-dealer", "2")
    violations = run_axe(page)
    assert not violations, describe_violations(violations)
    assert not page.errors, page.errors


# --- Keep score ---------------------------------------------------------------------------------

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# After three rounds Bo and Di are level on 15; Bo called chips once, Di never: Bo ranks above.
ROUNDS: list[dict[str, Any]] = [
    {"scores": {"Ann": 0, "Bo": 5, "Cy": 5, "Di": 9}, "called": "Ann"},
    {"scores": {"Ann": 3, "Bo": 0, "Cy": 5, "Di": 0}, "called": "Bo"},
    {"scores": {"Ann": 3, "Bo": 10, "Cy": 0, "Di": 6}, "called": "Cy"},
]


def _start_chips(page: Any) -> None:
    page.wait_for_selector(".sk-app")
    page.check("#sk-setup-game-chips")
    while page.locator("input[id^=sk-player-]").count() < len(PLAYERS):
        page.click("#sk-add-player")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#sk-player-{i}", name)
    press(page, "#sk-start-game")
    page.wait_for_selector(".sk-entry")


def _enter(page: Any, rnd: dict[str, Any]) -> None:
    for i, p in enumerate(PLAYERS):
        if p != rnd["called"]:
            page.fill(f"#sk-entry-{i}", str(rnd["scores"][p]))
    page.select_option("#sk-called", rnd["called"])
    page.click("#sk-enter")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_first_score_box_is_not_under_the_header_after_start(open_at: Any, size: str) -> None:
    page = open_at("keep-score/", size)
    _start_chips(page)
    on_top = page.evaluate("""() => { const b = document.querySelector('#sk-entry-0'); const r = b.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b && document.activeElement === b; }""")
    assert on_top
    _enter(page, ROUNDS[0])
    on_top = page.evaluate("""() => { const b = document.activeElement; const r = b.getBoundingClientRect();
      return b.id === 'sk-entry-0' && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b; }""")
    assert on_top  # after an entry too
    page.screenshot(path=str(SHOTS / f"phone-keep-score-start-{size}.png"))
    assert not page.errors, page.errors


def test_players_level_on_points_are_told_apart_and_the_opening_is_the_rulings(open_at: Any) -> None:
    page = open_at("keep-score/", "390x844")
    _start_chips(page)
    ruling = next(r for r in GAMES["chips"]["rulings"] if r["id"] == "chips-ruling-opening-discard")
    assert "opens by discarding it" not in page.inner_text(".sk-entry")
    assert " ".join(ruling["ruling"].split()) in page.inner_text(".sk-opening")
    for rnd in ROUNDS:
        _enter(page, rnd)
    rec = chips.rank_record({"players": PLAYERS, "rounds": ROUNDS})
    assert rec["ranking"] == [["Ann"], ["Cy"], ["Bo"], ["Di"]]
    items = page.locator(".sk-ranking li").all_inner_texts()
    assert "Level with Bo on 15, placed below by the first tie-breaker: Bo called chips once, Di no times." in items[3]
    assert "Level" not in items[2]
    breakers = [t["text"].split()[0] for t in GAMES["chips"]["tie_breakers"]]
    ties = page.locator(".sk-standing .sk-ties li").all_inner_texts()
    assert [t.split()[0] for t in ties] == breakers
    assert "(3 rounds so far)" in page.locator("#sk-saved option").all_inner_texts()[1]
    assert not page.errors, page.errors


def test_a_game_shared_by_link_opens_in_a_fresh_browser_and_a_damaged_link_loses_nothing(
        browser: Any, open_at: Any, site_url: str) -> None:
    page = open_at("keep-score/", "390x844")
    _start_chips(page)
    for rnd in ROUNDS[:2]:
        _enter(page, rnd)
    press(page, "#sk-share")
    link = page.input_value("#sk-share-link")
    assert link.startswith(site_url + "keep-score/#game=") and len(link) < 400
    assert re.fullmatch(r"[A-Za-z0-9_-]+\.[0-9a-z]+", link.split("#game=")[1])
    violations = run_axe(page)  # the share panel open
    assert not violations, describe_violations(violations)
    table = page.inner_text(".sk-app .sk-table")
    # A fresh browser (another phone): the link opens the same game, and saves it there.
    other = browser.new_context(**SIZES["360x740"])
    try:
        phone = other.new_page()
        errors: list[str] = []
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        phone.goto(link)
        phone.wait_for_selector(".sk-live-sheet")
        assert phone.inner_text(".sk-app .sk-table") == table
        assert phone.inner_text("#sk-title") == "Chips: Ann, Bo, Cy, Di"
        assert "#game=" not in phone.url  # a reload does not open it again
        saved = phone.evaluate("() => JSON.parse(localStorage.getItem('rulebook-scorekeeper'))")
        assert len(saved["games"]) == 1
        # The same game a round on: asked first (issue 24), the saved copy is brought up to date,
        # not doubled.
        _enter(page, ROUNDS[2])
        press(page, "#sk-share")
        if not page.locator("#sk-share-link").is_visible():
            press(page, "#sk-share")
        newer = page.input_value("#sk-share-link")
        phone.goto(newer)
        phone.wait_for_selector(".sk-incoming")
        violations = run_axe(phone)  # the question
        assert not violations, describe_violations(violations)
        phone.tap("#sk-incoming-yes")
        phone.wait_for_selector(".sk-notice")  # "Brought the saved game up to date ..."
        assert phone.inner_text(".sk-app .sk-table") == page.inner_text(".sk-app .sk-table")
        assert len(phone.evaluate("() => JSON.parse(localStorage.getItem('rulebook-scorekeeper'))")["games"]) == 1
        before = phone.evaluate("() => localStorage.getItem('rulebook-scorekeeper')")
        # Damaged links: cut short, a wrong letter in the middle, not base64 at all.
        code = newer.split("#game=")[1]
        for bad in [code[:-9], code[:40] + ("A" if code[40] != "A" else "B") + code[41:], "%%%", ""]:
            phone.goto("about:blank")
            phone.goto(site_url + "keep-score/#game=" + bad)
            phone.wait_for_selector(".sk-notice")
            notice = phone.inner_text(".sk-notice")
            assert "no game was opened" in notice and "saved games are as they were" in notice, notice
            assert phone.evaluate("() => localStorage.getItem('rulebook-scorekeeper')") == before
        # A damaged link opened while the page is already open (only the fragment changes).
        phone.evaluate("() => { location.hash = 'game=' + 'x'.repeat(30); }")
        phone.wait_for_function("() => !location.hash && document.querySelector('.sk-notice')")
        assert phone.evaluate("() => localStorage.getItem('rulebook-scorekeeper')") == before
        violations = run_axe(phone)
        assert not violations, describe_violations(violations)
        phone.screenshot(path=str(SHOTS / "phone-keep-score-damaged-link-360x740.png"))
        assert not errors, errors
    finally:
        other.close()
    assert not page.errors, page.errors


def test_an_exported_file_opens_again_by_import_and_a_bad_file_loses_nothing(
        browser: Any, open_at: Any, site_url: str) -> None:
    page = open_at("keep-score/", "1280x900")
    _start_chips(page)
    for rnd in ROUNDS:
        _enter(page, rnd)
    with page.expect_download() as download:
        page.click("#sk-json")
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    data = json.loads(exported)
    assert data["rounds"] == ROUNDS and data["players"] == PLAYERS
    table = page.inner_text(".sk-app .sk-table")
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        fresh = other.new_page()
        fresh.goto(site_url + "keep-score/")
        fresh.wait_for_selector(".sk-app")
        fresh.set_input_files("#sk-import", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b'{"game": "chips"'}])
        fresh.wait_for_selector(".sk-notice")
        assert "no game was opened" in fresh.inner_text(".sk-notice")
        assert fresh.locator("#sk-saved option").count() == 1
        # A file whose scores the engine refuses (the caller did not score 0) is refused whole.
        wrong = json.loads(exported)
        wrong["rounds"][0]["scores"]["Ann"] = 4
        fresh.set_input_files("#sk-import", files=[{"name": "w.json", "mimeType": "application/json", "buffer": json.dumps(wrong).encode()}])
        fresh.wait_for_function("() => document.querySelector('.sk-notice') && document.querySelector('#sk-saved').options.length === 1")
        fresh.set_input_files("#sk-import", files=[{"name": "g.json", "mimeType": "application/json", "buffer": exported.encode()}])
        fresh.wait_for_selector(".sk-live-sheet")
        assert fresh.inner_text(".sk-app .sk-table") == table
        assert "Opened the game from the file" in fresh.inner_text(".sk-notice")
        # The same file again: this device has it, so nothing is doubled.
        fresh.set_input_files("#sk-import", files=[{"name": "g.json", "mimeType": "application/json", "buffer": exported.encode()}])
        fresh.wait_for_function("() => document.querySelector('.sk-notice').textContent.includes('already has')")
        assert fresh.locator("#sk-saved option").count() == 2
        violations = run_axe(fresh)
        assert not violations, describe_violations(violations)
    finally:
        other.close()
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_keep_score_with_a_tie_explained(open_at: Any, scheme: str) -> None:
    page = open_at("keep-score/", "360x740", scheme=scheme)
    violations = run_axe(page)
    assert not violations, describe_violations(violations)
    _start_chips(page)
    for rnd in ROUNDS:
        _enter(page, rnd)
    page.evaluate("() => document.querySelectorAll('script[src*=axe]').forEach(s => s.remove())")
    violations = run_axe(page)
    assert not violations, describe_violations(violations)
    page.screenshot(path=str(SHOTS / f"phone-keep-score-standing-{scheme}.png"), full_page=True)
    assert not page.errors, page.errors
