"""A practice page's address keeps a link's house rules readable (issue 39, item 8), in Chromium on
the built site: ?house=same-rank:played,no-extra-play:played stays written with ':' and ',' as the
game page writes it (docs/assets/js/house/share.js withHouseParam), through the drill's question
and the table's game, where URLSearchParams wrote %3A and %2C."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.tables import Table, practice_phone

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

HOUSE = "no-extra-play:played,same-rank:played"


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def test_the_practice_page_writes_a_links_house_rules_readable(phone: Any) -> None:
    page = phone
    table = Table("chains", None, shots="chains")
    table.open(page, f"?seed=1&players=3&house={HOUSE}")
    drill = page.locator("[data-drill]").first
    drill.wait_for()
    # The drill has written its question into the address, and the table its game.
    page.wait_for_function("() => new URL(location.href).searchParams.has('question')")
    for _ in range(2):
        url = page.url
        assert "%3A" not in url and "%2C" not in url, url
        assert f"house={HOUSE}" in url, url
        assert "seed=1" in url and "players=3" in url and "question=" in url, url
        share = str(page.get_attribute("[data-drill] [data-share]", "href"))
        assert "%3A" not in share, share
        # The next question rewrites the address again.
        before = page.url
        page.locator("[data-drill] [data-next]").first.evaluate("b => b.click()")
        page.wait_for_function("u => location.href !== u", arg=before)
    assert not page.errors, page.errors
