"""A family edition's game page and its scorers (issue 25): `rulebook build --house FILE` makes a
site whose rules are the family's own choice. Its page for a game the edition changes offers no
"Your table's rules" control (no choice, no "back to the family's rules", which are not the
book's), but carries the book's options (data-house-book) so the page's scorers follow the book
(docs/assets/js/house/current.js houseFor; tests/js/house-book.test.mjs reads them back), never what
this device saved for the family's site. A game the edition leaves alone keeps the control."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from generator.content.loader import load_games
from generator.site.macros import Site

ROOT = Path(__file__).resolve().parent.parent
GAMES = list(load_games(ROOT))


def attr(page: str, name: str) -> object:
    found = re.search(rf'{name}="([^"]*)"', page)
    assert found, f"no {name} in {page[:200]}"
    return json.loads(html.unescape(found.group(1)))


def test_an_edition_page_carries_the_books_options_for_its_scorers_and_offers_no_choice() -> None:
    site = Site(GAMES, houses={"chips": {"k-a-2": "no-group", "throw-back": "allowed"}})
    page = str(site.house_options("chips", "/"))
    assert "data-house-options" not in page and "Back to the family" not in page and "<form" not in page
    assert 'data-house-book="chips"' in page and " hidden" in page
    # Only what the book sets away from the family's rules (throw-back "allowed" is the default).
    assert attr(page, "data-house-current") == {"k-a-2": "no-group"}
    words = attr(page, "data-house-data")
    assert isinstance(words, dict) and words["game"] == "chips"
    assert [o["id"] for o in words["options"]][:1] == ["k-a-2"]


def test_a_game_the_edition_leaves_alone_keeps_its_control_and_a_default_build_has_no_book() -> None:
    site = Site(GAMES, houses={"chips": {"k-a-2": "no-group"}})
    chains = str(site.house_options("chains", "/"))
    assert 'data-house-options="chains"' in chains and "data-house-book" not in chains
    plain = Site(GAMES)
    for game in GAMES:
        assert "data-house-book" not in str(plain.house_options(game.id, "/"))


def test_the_score_keeper_offers_each_games_options_in_words_and_an_editions_own_as_its_start() -> None:
    from generator.render import game_refs
    from generator.site.scorekeeper import house_config

    refs = game_refs([g.data for g in GAMES], None, page_url=lambda gid: f"/{gid}/")
    plain = house_config(GAMES, refs)
    assert set(plain) == {"chips", "chains", "3-chip-stack"}
    odd = next(o for o in plain["3-chip-stack"]["options"] if o["id"] == "odd-chip")
    assert odd["default"] == "winners" and len(odd["labels"]) == len(odd["values"]) == 3
    assert not any("[[" in label or "{" in label for o in plain["chips"]["options"] for label in o["labels"])
    assert all(c["book"] == {} for c in plain.values())
    book = house_config(GAMES, refs, {"3-chip-stack": {"odd-chip": "dealer", "passed-chip": "at-once"}})
    assert book["3-chip-stack"]["book"] == {"odd-chip": "dealer"}  # only what differs from the family's
    assert book["chips"]["book"] == {}
