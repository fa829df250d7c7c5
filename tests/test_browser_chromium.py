"""The browser the tests drive stands for the one a reader runs (issue 26).

The tests drive Debian's headless build of Chromium (tests/conftest.py: package
chromium-headless-shell, unless RULEBOOK_TEST_CHROMIUM names another), which loads a page for
about a third of the CPU of the browser itself (/usr/bin/chromium, package chromium). What the
tests find holds for the browser only if the two are one Chromium and lay pages out alike: here,
the same version, and every heading, paragraph, list item, cell, button and card of a page in the
same place and of the same size, to a hundredth of a pixel, on a phone and on a wide screen. With
the headless build's own text hinting (no ``--font-render-hinting=none``), an eight-player score
sheet came out 2 px wider than the phone's screen and the Chips page 359 px taller on it: this fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, TEST_CHROMIUM
from tests.support.scorekeeper import EIGHT, open_keeper, start_game
from tests.support.tables import PHONE

pytestmark = pytest.mark.browser

WIDE = {"viewport": {"width": 1280, "height": 900}}
SIZES = {"360x740": PHONE, "1280x900": WIDE}
#: Where each thing a reader sees lies, in document order; the page's own size first.
LAYOUT = """() => {
  const boxes = [...document.querySelectorAll(
    'h1, h2, h3, h4, p, li, th, td, button, summary, figcaption, .card, .md-typeset table')];
  const round = (v) => Math.round(v * 100) / 100;
  return [`page ${document.documentElement.scrollWidth} x ${document.documentElement.scrollHeight}`,
    ...boxes.filter((e) => e.getClientRects().length).map((e) => {
      const r = e.getBoundingClientRect();
      const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '');
      return `${name} ${round(r.left)},${round(r.top + scrollY)} ${round(r.width)} x ${round(r.height)}`;
    })];
}"""


@pytest.fixture(scope="module")
def reader_chromium(browser: Any) -> Iterator[Any]:
    """Debian's Chromium itself, started as the tests start theirs (by the same Playwright)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (installs Debian's chromium)")
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


def _layout(browser: Any, size: str, open_page: Any) -> list[str]:
    context = browser.new_context(service_workers="block", **SIZES[size])
    try:
        page = context.new_page()
        open_page(page)
        # Sections below the fold are drawn when near the screen (content-visibility): walk down
        # the page so that every one is laid out, then measure.
        page.evaluate("""async () => { for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
            scrollTo(0, y); await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }
            scrollTo(0, 0); }""")
        return list(page.evaluate(LAYOUT))
    finally:
        context.close()


def test_the_tests_chromium_is_the_readers_version(browser: Any, reader_chromium: Any) -> None:
    assert browser.version == reader_chromium.version, (
        f"{TEST_CHROMIUM} is Chromium {browser.version}, {CHROMIUM} is {reader_chromium.version}: "
        "bring them to one version (apt-get install chromium chromium-headless-shell)")


def _game_page(path: str) -> Any:
    def open_page(page: Any, site_url: str) -> None:
        page.goto(site_url + path, wait_until="networkidle")
    return open_page


def _eight_player_sheet(page: Any, site_url: str) -> None:
    open_keeper(page, site_url, [])
    start_game(page, "chains", EIGHT)
    page.wait_for_selector(".sk-live-sheet table")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("what", ["chips/", "keep-score/ with eight players"])
def test_a_page_lies_alike_in_both(browser: Any, reader_chromium: Any, site_url: str, what: str, size: str) -> None:
    opener = _eight_player_sheet if what.startswith("keep-score") else _game_page(what)
    ours = _layout(browser, size, lambda page: opener(page, site_url))
    theirs = _layout(reader_chromium, size, lambda page: opener(page, site_url))
    assert len(ours) > 40, ours[:3]
    differ = [f"{a}  /  {b}" for a, b in zip(ours, theirs, strict=False) if a != b]
    assert ours == theirs, (f"{what} at {size}: {len(differ)} of {len(ours)} boxes lie otherwise in {TEST_CHROMIUM} "
                            f"than in {CHROMIUM} (ours / the reader's), first: {differ[:4]}; "
                            f"{len(ours)} boxes against {len(theirs)}")
