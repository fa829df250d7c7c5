"""Each game's name and glossary words as a field of the search index (generator/site/search.py,
issue 39 item 1); the search itself, typed in Chromium, is tests/test_browser_search.py."""

from __future__ import annotations

from pathlib import Path

from generator.content.loader import load_games
from generator.site import search

ROOT = Path(__file__).resolve().parent.parent
GAMES = load_games(ROOT)


def test_a_games_name_is_kept_in_the_singular_and_the_plural() -> None:
    assert search.name_forms("Chips") == ["Chips", "Chip"]
    assert search.name_forms("Chains") == ["Chains", "Chain"]
    assert search.name_forms("3 Chip Stack") == ["3 Chip Stack", "3 Chip Stacks"]


def test_every_game_page_and_glossary_gets_its_words_from_rules_data() -> None:
    words = search.keywords(GAMES)
    for game in GAMES:
        assert words[f"{game.id}/"][0] == game.data["name"]
        assert words[f"{game.id}/#glossary"] == [e["term"] for e in game.data["glossary"]]


def test_keywords_are_set_once_and_a_missing_entry_is_named() -> None:
    index = {"config": {}, "docs": [{"location": "chips/", "title": "Chips", "text": ""},
                                    {"location": "chips/#glossary", "title": "Glossary", "text": ""}]}
    words = search.keywords(GAMES)
    missing = search.add_keywords(index, words)
    again = search.add_keywords(index, words)
    assert missing == again and "chains/" in missing and "chips/" not in missing
    assert index["docs"][0]["keywords"] == ["Chips", "Chip"]
    assert "Laying off" in index["docs"][1]["keywords"]


def test_the_glossary_heading_of_each_game_page_is_the_anchor_the_hook_names() -> None:
    for game in GAMES:
        page = (ROOT / "docs" / f"{game.id}.md").read_text(encoding="utf-8")
        assert "## Glossary" in page and f'glossary("{game.id}")' in page, game.id
