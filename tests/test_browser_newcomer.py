"""A game page as a newcomer with a phone walks it (issue 14), in Debian's Chromium: how tall the page is
with its reference parts folded, where the quick start and the round end, a link into a fold opening it
and showing its target, the glossary words' tooltips on tap and on focus, and axe-core with the folds
and tooltips open and closed. Screenshots go to test-output/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe
from .support.browser import settle

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

from tests.support.games import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
#: Every game in rules-data/: a game added the README's way is measured too (issue 26).
GAMES = GAME_IDS  # every game of rules-data/ (tests/support/games.py)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
#: Issue 14's targets, at 390 x 844 with the reference parts folded.
MAX_SCREENS = 20
#: Issue 23 made each Quick start state what scoring needs (the card values, the tie-breakers), so
#: a newcomer can play from it alone: Chips now ends its start at 4.2 screens (390 x 844). Still
#: within five, the quick start and the round come before anything else.
START_SCREENS = 5


@pytest.fixture()
def new_page(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(kind: str = "phone", scheme: str = "light") -> Any:
        ctx = browser.new_context(**(PHONE if kind == "phone" else DESKTOP), color_scheme=scheme)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="networkidle")
    page.evaluate("document.fonts.ready")


@pytest.mark.parametrize("game", GAMES)
def test_page_is_short_on_a_phone_with_the_reference_folded(site_url: str, new_page: Any, game: str) -> None:
    page = new_page("phone")
    _open(page, site_url + f"{game}/")
    # Measured as a reader sees it: the scorer and the sample round's step-through mounted.
    # (A game added with no scorer or sample round yet is measured without them.)
    if page.locator(f'[data-widget="{game}"]').count():
        page.wait_for_selector(f'[data-widget="{game}"][data-mounted="true"]')
    if page.locator(f'[data-sample-round="{game}"]').count():
        page.wait_for_selector(f'[data-sample-round="{game}"].rb-sample--enhanced')
    assert page.evaluate("() => [...document.querySelectorAll('details.rb-fold')].every(d => !d.open)")
    height, screen, start_end = page.evaluate("""() => {
        const picture = document.querySelector('.rb-table-picture');
        // The part after "How a round works": the sample round since issue 40, the rules before it.
        const next = document.querySelector('h2#how-a-round-works ~ h2');
        return [document.body.scrollHeight, innerHeight,
                Math.max(picture.getBoundingClientRect().bottom, next.getBoundingClientRect().top - 1) + scrollY]; }""")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-newcomer-phone-full.png"), full_page=True)
    assert height / screen <= MAX_SCREENS, f"{game}: {height / screen:.1f} screens tall with the folds closed"
    # The quick start and "How a round works" (its picture included) end within the first screens.
    assert start_end / screen <= START_SCREENS, f"{game}: the round ends {start_end / screen:.1f} screens down"
    # Opened, the folds hold what they hide: the page grows.
    page.evaluate("() => document.querySelectorAll('details.rb-fold').forEach(d => { d.open = true; })")
    # (By half a screen at least: a short game, one an author added, folds away less than a fifth.)
    assert page.evaluate("document.body.scrollHeight") > height + screen / 2


IN_VIEW = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.top < innerHeight; }"""


def _in_view(page: Any, element_id: str) -> bool:
    return bool(page.evaluate(IN_VIEW, element_id))


def _lands(page: Any, element_id: str) -> bool:
    """Whether the element comes on screen and is still there once the page stands still (a scroll
    that lands and is then undone does not count): waits for the state, not for a time (issue 41)."""
    try:
        page.wait_for_function(IN_VIEW, arg=element_id, timeout=15_000)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: the assertion below says what failed
        return False
    settle(page)
    return _in_view(page, element_id)


def test_a_link_to_a_ruling_opens_its_fold_and_shows_it(site_url: str, new_page: Any) -> None:
    page = new_page("phone")
    _open(page, site_url + "chips/")
    target = "chips-ruling-k-a-2"
    assert page.evaluate(f"() => !document.getElementById('{target}').closest('details').open")
    link = page.locator(f'#chips-no-wrap a.rule-ref[href$="#{target}"]')  # rule 3.5's own words link it
    link.scroll_into_view_if_needed()
    link.tap()
    page.wait_for_function(f"() => document.getElementById('{target}').closest('details').open")
    assert _lands(page, target), "the ruling is not on screen after its link was followed"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "chips-ruling-opened-phone.png"))

    # An address with the ruling in it (a link from elsewhere, a bookmark): open and on screen too.
    other = "chips-ruling-layoff-order"
    _open(page, site_url + f"chips/#{other}")
    page.wait_for_function(f"() => document.getElementById('{other}').closest('details').open")
    assert _lands(page, other)

    # And after instant navigation from another page (Material swaps the page in without a reload).
    _open(page, site_url)
    page.evaluate("window.__notReloaded = true")
    page.evaluate(f"""() => {{ const a = document.createElement('a'); a.href = 'chips/#{target}';
        a.textContent = 'go'; document.querySelector('.md-content').prepend(a); a.click(); }}""")
    page.wait_for_url(site_url + f"chips/#{target}")
    page.wait_for_function(f"() => document.getElementById('{target}')?.closest('details').open")
    assert _lands(page, target)
    assert page.evaluate("window.__notReloaded === true"), "instant navigation is off"


def test_a_section_off_screen_waits_to_be_drawn_and_a_link_into_it_still_lands(site_url: str, new_page: Any) -> None:
    # site.css (issue 15): the blocks below the round are skipped while off screen. A link into
    # one (a bookmark, the contents) must still land on its rule, and print draws everything.
    page = new_page("phone")
    _open(page, site_url + "chips/")
    drawn = "(id) => document.getElementById(id).checkVisibility({contentVisibilityAuto: true})"
    assert page.evaluate("() => getComputedStyle(document.querySelector('.rb-keep')).contentVisibility") == "auto"
    assert not page.evaluate(drawn, "chips-lay-off"), "the rules far down the page were drawn at load"
    assert page.evaluate(drawn, "quick-start")
    _open(page, site_url + "chips/#chips-lay-off")
    assert _lands(page, "chips-lay-off") and page.evaluate(drawn, "chips-lay-off")
    # From the top of the page by a link, as the contents or a rule reference would.
    follow = """(hash) => { const a = document.createElement('a'); a.href = hash; a.textContent = 'go';
        document.querySelector('.md-content').prepend(a); a.click(); a.remove(); }"""
    _open(page, site_url + "chips/")
    page.evaluate(follow, "#chips-lay-off")
    assert _lands(page, "chips-lay-off"), "the link did not bring the rule on screen"
    # A heading below several sections never drawn (their heights were guesses).
    _open(page, site_url + "chips/")
    page.evaluate(follow, "#keep-share")
    assert _lands(page, "keep-share"), "the link did not bring the heading on screen"
    page.emulate_media(media="print")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.rb-keep')).contentVisibility") == "visible"


def test_a_fold_opens_on_a_tap(site_url: str, new_page: Any) -> None:
    page = new_page("phone")
    _open(page, site_url + "chains/")
    summary = page.locator("details.rb-fold--glossary > summary")
    summary.scroll_into_view_if_needed()
    summary.tap()
    assert page.evaluate("() => document.querySelector('details.rb-fold--glossary').open")
    assert page.locator(".rb-glossary dt").first.is_visible()


def _tooltip(page: Any) -> list[Any]:
    result: list[Any] = page.evaluate("""() => { const a = document.activeElement;
        const id = a && a.getAttribute('aria-describedby'); const tip = id && document.getElementById(id);
        return [a && a.tagName, tip ? tip.textContent.trim() : null,
                tip ? getComputedStyle(tip).opacity : null]; }""")
    return result


#: A tooltip of the focused word fully faded in.
TIP_SHOWN = """() => { const a = document.activeElement; const id = a && a.getAttribute('aria-describedby');
    const tip = id && document.getElementById(id); return !!tip && parseFloat(getComputedStyle(tip).opacity) > 0.9; }"""


def test_a_glossary_word_shows_its_meaning_on_tap_and_on_focus(site_url: str, new_page: Any) -> None:
    page = new_page("phone")
    _open(page, site_url + "chips/")
    word = page.locator("#chips-step-turn abbr.rb-term", has_text="deck").first
    word.scroll_into_view_if_needed()
    word.tap()
    page.wait_for_function(TIP_SHOWN, timeout=15_000)
    tag, text, opacity = _tooltip(page)
    assert tag == "ABBR" and text == "Deck: The face-down cards in the middle that you can take from.", text
    assert float(opacity) > 0.9, "the tooltip is not shown"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "chips-term-tapped-phone.png"))

    # By keyboard: Tab reaches a word, and its meaning is what a screen reader is pointed at.
    desk = new_page("desktop")
    _open(desk, site_url + "3-chip-stack/")
    desk.locator("#three-chip-stack-first-round .rb-rule__number").focus()
    for _ in range(6):
        desk.keyboard.press("Tab")
        if desk.evaluate("document.activeElement.tagName") == "ABBR":
            break
    desk.wait_for_function(TIP_SHOWN, timeout=15_000)
    tag, text, opacity = _tooltip(desk)
    assert tag == "ABBR" and text and ": " in text, (tag, text)
    assert float(opacity) > 0.9


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_axe_with_folds_and_tooltips_closed_and_open(site_url: str, new_page: Any, game: str, scheme: str) -> None:
    page = new_page("phone", scheme)
    _open(page, site_url + f"{game}/")
    closed = run_axe(page)
    assert not closed, "folds closed:\n" + describe_violations(closed)
    page.evaluate("() => document.querySelectorAll('.md-content details').forEach(d => { d.open = true; })")
    word = page.locator("abbr.rb-term").first
    word.scroll_into_view_if_needed()
    word.focus()
    page.wait_for_function(TIP_SHOWN, timeout=15_000)
    assert _tooltip(page)[1], "no tooltip showing"
    opened = run_axe(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{scheme}-folds-open-phone.png"))
    assert not opened, "folds open, a tooltip showing:\n" + describe_violations(opened)
