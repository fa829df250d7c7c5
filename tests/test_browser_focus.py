"""The pages by keyboard alone (issue 28, items 9, 10 and 12), in Debian's Chromium on the built site:
every control the Tab key reaches shows a focus ring in both colour schemes; the palette toggle is
named for what it does in the scheme on screen; the scorer, a drill and a practice turn, worked with
the keyboard at 360 x 740, never leave the focus off the screen or under the header; a tap grid is
one stop of the Tab key, its arrow keys moving within it; a scorer's answer box only sticks once
there is an answer; and the practice pages keep their place while their scripts draw."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import settle
from tests.support.tables import pause_the_computer

from .conftest import SITE_HOST, SITE_PORT

# Material's instant navigation only intercepts links on the site_url origin: build with ours.
os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

SIZES = {"360x740": {"width": 360, "height": 740}, "1280x900": {"width": 1280, "height": 900}}

#: What the focused element shows, and where it is: its ring (an outline of 2 px or more, or a box
#: shadow) on itself or, for Material's palette radio (0 x 0, unseen), on the label drawn for it.
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  let shown = a;
  if (a.matches('.md-option')) shown = a.closest('form').querySelector('label:not([hidden])');
  const s = getComputedStyle(shown);
  const r = shown.getBoundingClientRect();
  const header = document.querySelector('.md-header');
  const under = header ? header.getBoundingClientRect().bottom : 0;
  const inHeader = !!(header && header.contains(a)) || a.matches('.md-skip');
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
  return { what: a.outerHTML.slice(0, 120), ring, outline: s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor,
           top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
           vw: innerWidth, vh: innerHeight, under, inHeader };
}"""


@pytest.fixture()
def open_at(browser: Any, site_url: str) -> Iterator[Any]:
    """open_at(path, size, scheme=..., worker=...) -> a page (no touch: the keyboard's), its errors in
    page.errors; `worker`: with the site's service worker, as a reader has it (the tests' contexts
    block it unless asked, tests/conftest.py)."""
    contexts: list[Any] = []

    def make(path: str, size: str = "1280x900", scheme: str = "light", worker: bool = False) -> Any:
        ctx = browser.new_context(viewport=SIZES[size], color_scheme=scheme,
                                  service_workers="allow" if worker else "block")
        contexts.append(ctx)
        # The computer's short pause, stored before the page's scripts run (one page load, not two).
        pause_the_computer(ctx, 25)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(site_url + path, wait_until="networkidle")
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def focused(page: Any) -> dict[str, Any] | None:
    result: dict[str, Any] | None = page.evaluate(FOCUSED)
    return result


def assert_on_screen(page: Any, when: str) -> dict[str, Any]:
    """The focused element is wholly inside the viewport and, unless it is in the header, below it."""
    f = focused(page)
    assert f is not None, f"{when}: the focus was lost (on <body>)"
    top = 0 if f["inHeader"] else f["under"]
    inside = f["height"] > 0 and f["top"] >= top - 1 and f["bottom"] <= f["vh"] + 1 \
        and f["left"] >= -1 and f["right"] <= f["vw"] + 1
    assert inside, f"{when}: the focus is off the screen or under the header: {f}"
    assert f["ring"], f"{when}: the focused control shows no ring: {f}"
    return f


def tab_to(page: Any, test: str, presses: int = 60) -> None:
    """Press Tab until `test` (a JS expression over `a`, the focused element) holds."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const a = document.activeElement; return !!(a && ({test})); }}"):
            return
    raise AssertionError(f"{presses} presses of Tab never reached {test}; at {focused(page)}")


# --- Every control shows a ring ---------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["", "chips/", "chains/", "3-chip-stack/", "chips/play/", "chains/play/",
                                  "3-chip-stack/play/", "keep-score/"])
def test_every_control_the_tab_key_reaches_shows_a_ring(open_at: Any, path: str, scheme: str) -> None:
    page = open_at(path, scheme=scheme)
    settle(page)
    seen: list[str] = []
    missing: list[dict[str, Any]] = []
    for _ in range(700):
        page.keyboard.press("Tab")
        f = focused(page)
        if f is None:
            break
        if f["what"] in seen[-1:]:
            continue
        if seen and f["what"] == seen[0]:
            break  # round the page once
        seen.append(f["what"])
        if f["width"] > 0 and not f["ring"]:
            missing.append(f)
    assert len(seen) > 10, seen
    assert not missing, f"{len(missing)} of {len(seen)} controls show no focus ring: {missing[:5]}"
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme,now,then", [("light", "Switch to dark mode", "Switch to light mode"),
                                              ("dark", "Switch to light mode", "Switch to dark mode")])
def test_the_palette_toggle_is_named_for_what_it_does(open_at: Any, scheme: str, now: str, then: str) -> None:
    page = open_at("chips/", scheme=scheme)
    tab_to(page, "a.matches('.md-option')")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == now
    assert_on_screen(page, "the palette toggle")
    before = page.evaluate("document.body.dataset.mdColorScheme")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.mdColorScheme !== '{before}'")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == then
    assert_on_screen(page, "the palette toggle, pressed")
    # Tab lands on the control named for the scheme now shown, from the top of the page too.
    page.reload(wait_until="networkidle")
    tab_to(page, "a.matches('.md-option')")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == then


# --- Focus never off the screen ---------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_scorer_by_keyboard_keeps_the_focus_on_screen(open_at: Any, scheme: str) -> None:
    page = open_at("chips/", "360x740", scheme)
    page.wait_for_selector('[data-widget="chips"][data-mounted="true"]')
    page.evaluate("document.getElementById('score-a-hand').setAttribute('tabindex', '-1')")
    page.focus("#score-a-hand")
    tab_to(page, "a.name === 'cards'", 10)
    assert_on_screen(page, "the Cards field")
    page.keyboard.type("8h 8s")
    tab_to(page, "a.dataset.card", 10)
    assert_on_screen(page, "the first card of the grid")
    for key in ("ArrowRight", "ArrowDown", "End", "ArrowDown", "Home", "ArrowUp", "Control+End"):
        page.keyboard.press(key)
        assert_on_screen(page, f"{key} in the tap grid")
    page.keyboard.press("Control+Home")
    page.keyboard.press("Space")
    assert_on_screen(page, "a card tapped by Space")
    assert page.input_value('[data-widget="chips"] input[name=cards]') == "8h 8s AS"
    tab_to(page, "a.type === 'submit'", 20)
    page.keyboard.press("Enter")
    assert_on_screen(page, "Score the hand")
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["chips/play/", "3-chip-stack/play/"])
def test_a_drill_by_keyboard_keeps_the_focus_on_screen(open_at: Any, path: str, scheme: str) -> None:
    page = open_at(path, "360x740", scheme)
    page.wait_for_selector('[data-drill][data-mounted="true"]')
    if path == "chips/play/":
        tab_to(page, "a.name === 'score'")
        assert_on_screen(page, "the score field")
        page.keyboard.type("7")
    else:
        tab_to(page, "a.type === 'checkbox' && !!a.closest('[data-winner-choices]')")
        assert_on_screen(page, "the first winner box")
        page.keyboard.press("Space")
    tab_to(page, "a.matches('[data-check]')", 10)
    assert_on_screen(page, "the Check button")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-drill] [data-result]:not([hidden])")
    settle(page)
    assert_on_screen(page, "Check (the verdict)")
    tab_to(page, "a.matches('[data-next]')", 30)
    assert_on_screen(page, "Tab on to Next")
    page.keyboard.press("Enter")
    assert_on_screen(page, "Next")
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_practice_turn_by_keyboard_keeps_the_focus_on_screen(open_at: Any, scheme: str) -> None:
    page = open_at("chips/play/", "360x740", scheme)
    table = "[data-practice-game]"
    page.wait_for_selector(f'{table}[data-turn="you"]:not([data-placing])', timeout=30000)
    tab_to(page, "!!a.closest('[data-practice-game]')", 200)
    assert_on_screen(page, "the table's first control")

    def by_keyboard(selector: str) -> None:
        """Focus `selector` as the Tab key would (so :focus-visible holds): the one before it, then Tab."""
        page.locator(f"{table} {selector}").first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")

    # The "type a card" field shows its ring (Material's input { outline: none }).
    by_keyboard("input[type=text]:visible")
    assert_on_screen(page, "the type-a-card field")
    # A card of the hand chosen by the keyboard, then the move it offers, then wherever the focus goes.
    by_keyboard(".rb-table__card:visible")
    assert_on_screen(page, "a card of the hand")
    page.keyboard.press("Enter")
    settle(page)
    assert_on_screen(page, "a card chosen with Enter")
    tab_to(page, "a.matches('[data-move]:not([disabled]), .rb-table__button:not([data-hint])') && !!a.offsetParent", 30)
    assert_on_screen(page, "the move's button")
    page.keyboard.press("Enter")
    settle(page)
    # Not lost, and ringed. (Where the table puts it after the computers' turns is the table's:
    # play/table/, which brings the hand into view itself.)
    after = focused(page)
    assert after is not None and after["ring"], f"after the move: {after}"
    assert not page.errors, page.errors


# --- The tap grid is one stop -----------------------------------------------------------------------

@pytest.mark.parametrize("path,field", [("chips/", "cards"), ("chains/", "hand")])
def test_a_tap_grid_is_one_tab_stop_and_the_arrows_move_within_it(open_at: Any, path: str, field: str) -> None:
    page = open_at(path)
    page.wait_for_selector('[data-widget][data-mounted="true"]')
    grid = page.locator(f'[data-widget] form:has(input[name="{field}"]) [data-grid]')
    assert grid.locator("[data-card][tabindex='0']").count() == 1
    assert grid.locator("[data-card][tabindex='-1']").count() == grid.locator("[data-card]").count() - 1
    page.focus(f'[data-widget] input[name="{field}"]')
    tab_to(page, "a.dataset.card", 6)
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Tab")
    # One press of Tab leaves the 52 (or 53) cards for the grid's own buttons.
    assert page.evaluate("!document.activeElement.dataset.card && !!document.activeElement.closest('[data-grid]')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "2S"
    page.keyboard.press("ArrowDown")
    down = page.evaluate("document.activeElement.dataset.card")
    assert down[:-1] == "2" and down[-1] != "S"
    page.keyboard.press("End")
    end = page.evaluate("document.activeElement.dataset.card")
    assert end[-1] == down[-1] and end[:-1] == "K"
    page.keyboard.press("ArrowRight")  # on into the next row
    assert page.evaluate("document.activeElement.dataset.card")[-1] != down[-1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == end
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == "A" + down[-1]
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("Control+End")
    last = page.evaluate("document.activeElement.dataset.card")
    assert last == ("JK" if path == "chips/" else "KC")
    # The card moved to is the grid's stop: Tab away and back returns to it.
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.card") == last
    assert grid.locator("[data-card][tabindex='0']").count() == 1
    assert not page.errors, page.errors


# --- The sticky answer -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", list(SIZES))
def test_the_answer_sticks_only_once_there_is_one(open_at: Any, size: str) -> None:
    page = open_at("chips/", size)
    page.wait_for_selector('[data-widget="chips"][data-mounted="true"]')
    result = '[data-widget="chips"] [data-result]'
    assert page.locator(f"{result} .rb-widget__placeholder").count() == 1
    assert page.evaluate(f"getComputedStyle(document.querySelector('{result}')).position") == "static"
    # Scrolled down the grid, the placeholder stays in its place, above: nothing covers the grid.
    page.locator('[data-widget="chips"] [data-card="KC"]').scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 200)")
    box = page.evaluate(f"document.querySelector('{result}').getBoundingClientRect().bottom")
    assert box < page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom") + 1
    page.fill('[data-widget="chips"] input[name=cards]', "8H 8S 8D 4C")
    page.wait_for_function(f"document.querySelector('{result}').dataset.score === '4'")
    assert page.evaluate(f"getComputedStyle(document.querySelector('{result}')).position") == "sticky"


# --- The practice pages keep their place ---------------------------------------------------------------

SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
  .observe({ type: 'layout-shift', buffered: true });"""


#: Links to two 3 Chip Stack games (a fresh deal is either kind, at random). In the first the
#: player has a turn in the first hand. In the second the three computers end that hand by folding
#: before the player's first turn (a fresh deal does this about one time in twenty-five): the table
#: opens on the hand's summary and scrolls to it. On a phone that scroll, made in the frame that
#: drew the summary, moved the whole table (0.56). On a wide screen the summary, which comes above
#: the seats, still pushes them down (0.063, under the 0.1 a page is good at, over this test's 0.05).
STACK = "3-chip-stack/play/?seed=1&players=4"
FOLDED = "3-chip-stack/play/?seed=3464555849&players=4"
SUMMARY_PUSHES = pytest.mark.xfail(strict=True, raises=AssertionError, reason="on a wide screen the first hand's summary pushes the seats down")


@pytest.mark.parametrize("path,size", [
    *((path, size) for path in ("chips/play/", "chains/play/", STACK, "chips/") for size in ("360x740", "1280x900")),
    (FOLDED, "360x740"), pytest.param(FOLDED, "1280x900", marks=SUMMARY_PUSHES)])
def test_a_page_keeps_its_place_while_its_scripts_draw(open_at: Any, path: str, size: str) -> None:
    # Headless Chromium draws no scrollbar, so this is the scripts' part of the shift only;
    # bench/lighthouse.py measures the whole (README, Lighthouse). The second page of a visit, as a
    # reader opens it: the service worker that the first page installed on, serving what it precached.
    page = open_at("", size, worker=True)
    page.add_init_script(SHIFTS)
    page.goto(page.url + path, wait_until="networkidle")
    if "/play/" in path:
        # Through the computer's first moves to the player's turn (2 s and more after loading):
        # where the table scrolls the turn into view, the shift a scroll can carry.
        page.wait_for_function("""() => { const t = document.querySelector('[data-practice-game]');
            return t && ['you', 'round-over', 'over'].includes(t.dataset.turn) && !t.dataset.placing; }""",
                               timeout=60_000)
    if path == FOLDED:
        assert page.evaluate("document.querySelector('[data-practice-game]').dataset.turn") == "round-over"
    page.wait_for_timeout(1500)
    shifts = page.evaluate("window.__shifts")
    assert sum(shifts) <= 0.05, shifts
    if path == FOLDED:  # and the summary was scrolled to, a frame late, not left below the screen
        box = page.evaluate("document.querySelector('[data-practice-game] [data-summary]').getBoundingClientRect().toJSON()")
        assert box["height"] > 0 and box["top"] < page.viewport_size["height"], box
