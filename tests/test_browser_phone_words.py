"""The small words of a game page on a phone (issue 40), in Chromium at 360 x 740 and 390 x 844
with touch: a heading's "#" link never stands alone on a line under its heading (the sample
round's "Three players, three cards each" left a lone "#")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from tests.support.browser import fresh_pages

pytestmark = pytest.mark.browser

SIZES = {
    "360x740": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
GAMES = [g.id for g in load_games(Path(__file__).resolve().parent.parent)]

#: The headings whose "#" link shares no line with the heading's words (it stands alone below them).
LONE = """() => {
  const lone = [];
  for (const link of document.querySelectorAll('.md-content .rb-permalink, .md-content .headerlink')) {
    const h = link.parentElement;
    const words = document.createRange();
    words.setStart(h, 0);
    words.setEndBefore(link);
    const lines = [...words.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!lines.length || h.offsetParent === null) continue;
    const box = link.getBoundingClientRect();
    if (!lines.some(line => box.top < line.bottom - 1 && box.bottom > line.top + 1)) {
      lone.push(h.textContent.replace(/#$/, '').trim());
    }
  }
  return lone;
}"""


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with fresh_pages(browser) as new_page:

        def make(path: str, size: str) -> Any:
            page = new_page(**SIZES[size], service_workers="block")
            page.goto(site_url + path, wait_until="networkidle")
            return page

        yield make


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_no_heading_link_stands_alone_on_a_line(phone: Any, game: str, size: str) -> None:
    page = phone(f"{game}/", size)
    assert page.evaluate(LONE) == [], f"{game} at {size}"
    assert not page.errors, page.errors
