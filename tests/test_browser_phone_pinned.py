"""On a phone nothing the page pins covers a card the reader is about to tap (issue 40), in Chromium
at 360 x 740 and 390 x 844 with touch, by the family's rules and with a house rule chosen (a house
note makes the answer longer). The scorer's answer stays pinned under the header while the tap grid
is in use (tests/test_browser_phone.py holds it in view); after every tap, each card button of the
grid, brought into view with the least scroll the browser makes for it, is the element at its own
centre: never the pinned answer, never the header."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import fresh_pages

pytestmark = pytest.mark.browser

SIZES = {
    "360x740": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
#: Each game whose scorer has a tap grid: its page, the house rule that changes its answer's words,
#: and ten cards to tap (a K-A-2 among them, so the Chips house note shows).
SCORERS = {
    "chips": ("chips/", "k-a-2:group", ["KS", "AS", "2S", "8H", "8S", "8D", "JK", "4D", "QC", "KC"]),
    "chains": ("chains/", "same-rank:played", ["7H", "KD", "AS", "10C", "QS", "2S", "3S", "9D", "JC", "5H"]),
}

#: For every card button: scrolled into view the least way (as the browser does for focus), is it
#: the element at its centre? The misses, with what covers each.
COVERED = """(grid) => {
  const misses = [];
  for (const b of document.querySelectorAll(grid + ' [data-card]')) {
    b.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !b.contains(hit)) {
      misses.push(b.dataset.card + ' under ' + (hit ? (hit.closest('[data-result], header, [class]') || hit).className : 'nothing'));
    }
  }
  return misses;
}"""


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with fresh_pages(browser) as new_page:

        def make(path: str, size: str) -> Any:
            page = new_page(**SIZES[size], service_workers="block")
            page.goto(site_url + path, wait_until="networkidle")
            page.wait_for_selector('[data-widget][data-mounted="true"]')
            return page

        yield make


@pytest.mark.parametrize("house", [False, True], ids=["family-rules", "house-rule"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(SCORERS))
def test_no_card_of_the_tap_grid_is_covered_by_the_pinned_answer_after_any_tap(
        phone: Any, game: str, size: str, house: bool) -> None:
    path, option, codes = SCORERS[game]
    page = phone(path + (f"?house={option}" if house else ""), size)
    grid = f'[data-widget="{game}"] [data-grid]'
    for code in codes:
        button = page.locator(f'{grid} [data-card="{code}"]')
        button.scroll_into_view_if_needed()
        button.tap()
        misses = page.evaluate(COVERED, grid)
        assert not misses, f"{game} at {size}, after a tap on {code}: {misses}"
    if house and game == "chips":
        # The long answer (with the house note) was on screen while the cards were checked.
        assert "table" in page.inner_text(f'[data-widget="{game}"] [data-result]').lower()
    assert not page.errors, page.errors
