"""MkDocs hook (``hooks:`` in mkdocs.yml): the search index knows each game by its name and the words
of its glossary (issue 39, item 1).

Material's search gives the words a reader types a trailing wildcard ("chains" is looked up as
"chains*"), so a page is found by what it says, word for word; mkdocs.yml indexes words as written
(no stemmer: see its ``search:`` comment). What a page says does not rank it, though: "Chips" is a
word of every 3 Chip Stack heading about a player's chips, "Check" the title of the Chains page's
play checker, and "Stack" the practice page's title as much as the game's. So each game's own
words are a field of their own, ``keywords`` (boosted in mkdocs.yml above a heading's title), on
two entries of the game's page, read from rules-data like every other word of the site:

* the page itself: the game's name, and its last word in the singular or the plural ("Chips",
  "Chip"; "Chains", "Chain"; "3 Chip Stack", "3 Chip Stacks"), as a reader may type it;
* its glossary section: each glossary term ("Laying off", "Going out").

The field is never shown; a result still shows the page's own title and words. Run after
Material's search plugin wrote ``search/search_index.json`` (plugins run before hooks) and before
offline.py, whose precache hashes that file.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.rulebook.search")

#: The field's name, as mkdocs.yml's ``search: fields:`` boosts it.
FIELD = "keywords"
#: The glossary's heading on a game page (``## Glossary`` in docs/<game>.md): its anchor.
GLOSSARY_ANCHOR = "glossary"
INDEX = Path("search") / "search_index.json"


def name_forms(name: str) -> list[str]:
    """A game's name and the same with its last word in the other number: "Chains" -> ["Chains",
    "Chain"], "3 Chip Stack" -> ["3 Chip Stack", "3 Chip Stacks"]."""
    words = name.split()
    last = words[-1]
    other = last[:-1] if last.lower().endswith("s") and len(last) > 2 else f"{last}s"
    return list(dict.fromkeys([name, " ".join([*words[:-1], other])]))


def keywords(games: Iterable[Any]) -> dict[str, list[str]]:
    """``{search entry location: its keywords}`` for every game: its page and its glossary."""
    out: dict[str, list[str]] = {}
    for game in games:
        out[f"{game.id}/"] = name_forms(str(game.data["name"]))
        terms = [str(entry["term"]) for entry in game.data.get("glossary") or []]
        if terms:
            out[f"{game.id}/#{GLOSSARY_ANCHOR}"] = terms
    return out


def add_keywords(index: dict[str, Any], words: Mapping[str, list[str]]) -> list[str]:
    """Set each entry's ``keywords`` in a search index (Material's ``{"config", "docs"}``), in place;
    an entry already holding them (a dirty rebuild under ``make serve`` keeps the last index's
    entries) gets them again, not twice. Returns the locations ``words`` names that the index does
    not have (a page renamed, a glossary heading moved): the build says so."""
    found: set[str] = set()
    for doc in index.get("docs", []):
        location = doc.get("location")
        if location in words:
            doc[FIELD] = list(words[location])
            found.add(location)
    return [location for location in words if location not in found]


def on_post_build(config: Any, **kwargs: Any) -> None:
    from generator.content.loader import load_games

    path = Path(config["site_dir"]) / INDEX
    if not path.is_file():  # the search plugin is off
        return
    games = load_games(Path(config["config_file_path"]).resolve().parent)
    index = json.loads(path.read_text(encoding="utf-8"))
    missing = add_keywords(index, keywords(games))
    if missing:
        log.warning("search: no entry for %s in the search index; those words are found only in the text",
                    ", ".join(missing))
    path.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")  # as Material writes it
