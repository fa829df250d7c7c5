"""Every built page describes itself (issue 28, item 11): its own meta description, never one shared
with another page (eight pages once shared the site's "The rules of Chips, a rummy game..."), taken
from the page's front matter or its own opening words: a game page's pitch (rules-data), a practice
page's lead, the score keeper's."""

from __future__ import annotations

import html
import re
from pathlib import Path

from generator.content.loader import load_games
from tests.support.games import PRACTICE_IDS

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g.data for g in load_games(ROOT)}
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def description(page: Path) -> str:
    found = DESCRIPTION.findall(page.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{page}: {len(found)} meta descriptions"
    return html.unescape(found[0])


def words(text: str) -> str:
    return " ".join(text.split())


def test_every_page_has_a_description_of_its_own(built_site: Path) -> None:
    pages = sorted(p for p in built_site.rglob("index.html") if "assets" not in p.parts)
    assert len(pages) >= 8, pages
    seen: dict[str, Path] = {}
    for page in pages:
        text = description(page)
        assert len(text) >= 40, f"{page}: {text!r}"
        assert "<" not in text and "{{" not in text, f"{page}: {text!r}"
        assert text not in seen, f"{page.relative_to(built_site)} and {seen[text].relative_to(built_site)}: {text!r}"
        seen[text] = page


def test_a_game_page_is_described_by_its_pitch_and_a_practice_page_by_its_lead(built_site: Path) -> None:
    for game_id, data in GAMES.items():
        page = description(built_site / game_id / "index.html")
        assert words(page) == words(str(data["pitch"])), game_id
        if game_id not in PRACTICE_IDS:  # a game with no engine has no practice page (issue 38)
            continue
        practice = description(built_site / game_id / "play" / "index.html")
        assert practice.startswith(f"Practise {data['name']} on your own"), practice


def test_the_site_description_is_left_to_no_page_but_the_missing_one(built_site: Path) -> None:
    site = description(built_site / "404.html")
    for page in built_site.rglob("index.html"):
        if "assets" not in page.parts:
            assert description(page) != site, page
