"""Players, seats and dealers are numbered from 1 on every page and in every PDF (issue 13: the
3 Chip Stack examples printed "Dealer: 0"); the records underneath count from 0."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.render import fact_html
from tests.support.pdf_build import page_texts

#: "Dealer: 0", "Player 0", "seat 0", "players 0 and 2", "Dealer 0" ... (not "Player 10", "0.5").
ZERO_SEAT = re.compile(r"\b(dealer|player|players|seat|seats)\s*:?\s*0(?![\d.,]\d)\b", re.IGNORECASE)


def test_one_players_index_is_named_from_1() -> None:
    assert str(fact_html("dealer", 0)) == "player 1"
    assert str(fact_html("dealer", 2)) == "player 3"
    assert str(fact_html("winners", [0, 2])) == "players 1 and 3"
    assert "player 1: " in str(fact_html("chips", [15, 15]))
    assert str(fact_html("pot", 0)) == "0"  # a count, not a seat
    assert str(fact_html("dealer", True)) != "player 2"


def test_the_pattern_finds_what_it_should() -> None:
    found = ["Dealer: 0", "Dealer 0", "player 0 folds", "Seat 0", "players 0 and 1"]
    missed = ["Player 10", "player 1: 0", "Seat 1", "Dealer: player 1", "0 players", "Score: 0"]
    assert all(ZERO_SEAT.search(t) for t in found)
    assert not any(ZERO_SEAT.search(t) for t in missed)


def _page_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.DOTALL | re.IGNORECASE)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


@pytest.mark.slow
def test_no_page_numbers_a_player_or_a_dealer_from_0(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 5
    bad = {str(p.relative_to(built_site)): m.group(0) for p in pages
           for m in [ZERO_SEAT.search(_page_text(p))] if m}
    assert not bad, bad


@pytest.mark.slow
def test_no_pdf_numbers_a_player_or_a_dealer_from_0(built_site: Path) -> None:
    pdfs = sorted((built_site / "pdf").glob("*.pdf"))
    assert any(p.name.startswith("3-chip-stack") for p in pdfs) and len(pdfs) >= 9
    bad: dict[str, str] = {}
    for path in pdfs:
        for number, text in enumerate(page_texts(path), 1):
            match = ZERO_SEAT.search(" ".join(text.split()))
            if match:
                bad[f"{path.name} p. {number}"] = match.group(0)
    assert not bad, bad
