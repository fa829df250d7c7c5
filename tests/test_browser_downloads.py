"""The "Keep & share" links of every game page resolve in the built site, and Chromium
downloads each file as a real PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from generator.print.downloads import downloads
from tests.support.games import BY_ID, GAME_IDS

GAMES = GAME_IDS  # every game of rules-data/ (tests/support/games.py)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_keep_share_links_resolve_in_the_built_site(built_site: Path, game_id: str) -> None:
    html = (built_site / game_id / "index.html").read_text(encoding="utf-8")
    for f in downloads(BY_ID[game_id].data):  # the data: a game that declares its scoring has its sheets too
        assert f'href="../pdf/{f["name"]}"' in html
        target = built_site / "pdf" / f["name"]
        assert target.is_file() and target.read_bytes()[:5] == b"%PDF-", target


@pytest.mark.browser
@pytest.mark.parametrize("game_id", GAMES)
def test_browser_downloads_each_file(browser: Any, site_url: str, game_id: str, tmp_path: Path) -> None:
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    try:
        page.goto(urljoin(site_url, f"{game_id}/"))
        links = page.locator(".rb-keep__list a")
        names = [f["name"] for f in downloads(BY_ID[game_id].data)]
        assert links.count() == len(names)
        for i, name in enumerate(names):
            with page.expect_download() as info:
                links.nth(i).click()
            download = info.value
            saved = tmp_path / download.suggested_filename
            download.save_as(saved)
            assert download.suggested_filename == name
            assert saved.read_bytes()[:5] == b"%PDF-" and saved.stat().st_size > 1000
    finally:
        context.close()
