"""Every card of the card box reads alone, in type older eyes can read (issue 40), from the text of
the built PDFs (tests/support/pdf_build.py, as tests/test_pdf.py reads them): a card that continues
a part or a rule section begun on the card before repeats its heading at its top ("6. Calling
chips, continued"); the list of variants stays on one card with its heading; the Quick start's
cards hold the Quick start only; the body type's lines are about 8.5 pt apart (7 pt type; they
were 7.4 pt)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.render import rule_numbers
from tests.support.pdf_build import ROOT, body_text, build_once

LOADED = {g.id: g for g in load_games(ROOT)}
GAMES = list(LOADED)
FOOT_MM = 7.0
PARTS = ["Quick start", "The rules", "Scoring", "Tie-breakers", "Rulings", "Worked examples", "Variants",
         "Card values"]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def booklets() -> Iterator[dict[str, Any]]:
    import pdfplumber

    pdf_dir: Path = build_once()
    opened = {gid: pdfplumber.open(pdf_dir / f"{gid}.pdf") for gid in GAMES}
    yield opened
    for doc in opened.values():
        doc.close()


def _lines(page: Any) -> list[str]:
    return [ln.strip() for ln in body_text(page, 0, FOOT_MM).splitlines() if ln.strip()]


def _continued_cards(booklets: dict[str, Any], game_id: str) -> int:
    """How many cards of a game's card box continue a part or a rule section, each checked to repeat its
    heading at its top."""
    numbers = rule_numbers(LOADED[game_id].data)
    sections = {f"{numbers[s['id']]}. {s['title']}" for s in LOADED[game_id].data["rules"]}
    # A worked example starts a card under its own heading.
    titles = {ex["title"] for ex in LOADED[game_id].data["examples"]}
    part = section = ""
    continued = 0
    for n, page in enumerate(booklets[game_id].pages[1:], start=2):
        lines = _lines(page)
        if lines[0] not in PARTS and lines[0] not in sections and lines[0] not in titles:
            want = f"{section or part}, continued"
            assert lines[0] == want, f"{game_id} page {n} starts {lines[0]!r}, not with {want!r}"
            continued += 1
        for line in lines:
            if line in PARTS:
                part, section = line, ""
            elif line in sections and part == "The rules":
                section = line
    return continued


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_that_continues_a_section_repeats_its_heading(booklets: dict[str, Any], game_id: str) -> None:
    _continued_cards(booklets, game_id)


def test_some_card_continues_a_section(booklets: dict[str, Any]) -> None:
    # The test above would prove nothing if no card continued a section. A short game's card box may have
    # none (issue 38: a fourth game's five pages); the games of rules-data/ together do.
    assert sum(_continued_cards(booklets, g) for g in GAMES), "no card continues a section"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_variants_stay_on_one_card_with_their_heading(booklets: dict[str, Any], game_id: str) -> None:
    titles = [v["title"] for v in LOADED[game_id].data["variants"]["items"] if not v.get("incomplete")]
    pages = [_lines(page) for page in booklets[game_id].pages]
    where = [n for n, lines in enumerate(pages) if "Variants" in lines]
    assert len(where) == 1
    text = " ".join(pages[where[0]])
    for title in titles:
        assert f"{title}." in text, f"{game_id}: variant {title!r} is not on the card of the Variants heading"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_quick_start_cards_hold_the_quick_start_only(booklets: dict[str, Any], game_id: str) -> None:
    pages = [_lines(page) for page in booklets[game_id].pages]
    start = next(n for n, lines in enumerate(pages) if lines and lines[0] == "Quick start")
    rules = next(n for n, lines in enumerate(pages) if "The rules" in lines)
    assert pages[rules][0] == "The rules", f"{game_id}: the rules begin on a Quick start card: {pages[rules][:3]}"
    for lines in pages[start:rules]:
        assert not set(lines) & (set(PARTS) - {"Quick start"}), lines


def _line_steps(page: Any) -> list[float]:
    """The distance from each line of 7 pt body text to the next line of the same paragraph, in pt."""
    tops = sorted({round(c["top"], 1) for c in page.chars if c["text"].strip() and abs(c["size"] - 7) < 0.05
                   and "Bold" not in c["fontname"]})
    return [b - a for a, b in itertools.pairwise(tops) if 5 < b - a < 11]


@pytest.mark.parametrize("game_id", GAMES)
def test_body_lines_are_about_8_5_pt_apart(booklets: dict[str, Any], game_id: str) -> None:
    steps = [s for page in booklets[game_id].pages[1:] for s in _line_steps(page)]
    common = max({round(s, 1) for s in steps}, key=lambda s: sum(1 for t in steps if round(t, 1) == s))
    assert 8.2 <= common <= 8.8, f"{game_id}: body lines are {common} pt apart"
    assert min(steps) >= 8.0, f"{game_id}: two lines {min(steps):.2f} pt apart"

