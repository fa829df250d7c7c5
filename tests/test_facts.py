"""Every fact in the seeds is on its game's page.

tests/data/facts.yaml is our own list: one entry per fact in /work/shared/seeds/, with a phrase
that must appear in the game's text. The fast test checks rules-data carries each phrase; the
slow one reads the built site (<built_site>/<game-id>/index.html).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.content.loader import TOKEN, load_games

ROOT = Path(__file__).resolve().parent.parent
FACTS: dict[str, list[dict[str, Any]]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "facts.yaml").read_text(encoding="utf-8"))


def normalise(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\ufe0e", "").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip().casefold()


#: Tags inside a line of text: no word break at their edges ("<abbr>groups</abbr>," reads "groups,").
INLINE = frozenset({"a", "abbr", "b", "code", "em", "i", "kbd", "small", "span", "strong", "sub", "sup"})


class _Text(HTMLParser):
    """The visible text of a page (no scripts or styles); block elements break words, inline ones do not."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return normalise("".join(parser.parts))


def _data_text(node: Any) -> list[str]:
    if isinstance(node, str):
        return [TOKEN.sub(" ", node)]
    if isinstance(node, dict):
        return [t for v in node.values() for t in _data_text(v)]
    if isinstance(node, list):
        return [t for v in node for t in _data_text(v)]
    return []


def _cases() -> list[tuple[str, str, str]]:
    return [(game, f["fact"], f["phrase"]) for game, facts in FACTS.items() for f in facts]


def test_fact_list_covers_every_game() -> None:
    assert set(FACTS) == {"chips", "chains", "3-chip-stack"}
    assert len(FACTS["chips"]) >= 60 and len(FACTS["chains"]) >= 25 and len(FACTS["3-chip-stack"]) >= 25


@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_rules_data_carries_every_fact(game_id: str) -> None:
    game = next(g for g in load_games(ROOT) if g.id == game_id)
    text = normalise(" ".join(_data_text(game.data)))
    missing = [f["fact"] for f in FACTS[game_id]
               if f.get("from") != "template" and normalise(f["phrase"]) not in text]
    assert not missing, missing


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["chips", "chains", "3-chip-stack"])
def test_built_page_carries_every_fact(built_site: Path, game_id: str) -> None:
    text = page_text((built_site / game_id / "index.html").read_text(encoding="utf-8"))
    missing = [f"{f['fact']} -> {f['phrase']!r}" for f in FACTS[game_id] if normalise(f["phrase"]) not in text]
    assert not missing, "\n".join(missing)
