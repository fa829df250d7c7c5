"""A short game's card box and complete rulebook lay out as the three games' do (issue 38: a fourth game
added as an author adds it failed the PDF layout tests: its contents page 57 % empty). The tests' own
fourth game (tests/data/fourth-game/, shorter than any real one) keeps it covered with no fourth game in
rules-data/: the same measures as tests/test_pdf.py and tests/test_rulebook_pdf.py take of the three."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.print import booklets as gpdf
from tests.support.pdf_build import MM, ROOT, body_text, ink, marks_near_edge

FOURTH = Path(__file__).parent / "data" / "fourth-game" / "zz-test-fixture-game.yaml"
FIXTURE = FOURTH.stem
#: As tests/test_rulebook_pdf.py and tests/test_pdf.py measure a page.
BOOK_HEAD_MM, BOOK_FOOT_MM = 12.0, 14.0
CARD_FOOT_MM = 7.0

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The fixture game's card box and A5 rulebook, made beside the games of rules-data/."""
    import pdfplumber

    folder = tmp_path_factory.mktemp("short") / "rules-data"
    shutil.copytree(ROOT / "rules-data", folder)
    shutil.copy(FOURTH, folder)
    games = load_games(folder)
    game = gpdf.game_by_id(games, FIXTURE)
    edition = gpdf.Edition("test", 1764374400)
    opened = {"cards": pdfplumber.open(io.BytesIO(gpdf.render_booklet(ROOT, game, games, edition))),
              "book": pdfplumber.open(io.BytesIO(gpdf.render_rulebook(ROOT, game, games, edition)))}
    yield opened
    for doc in opened.values():
        doc.close()


def _book_fill(page: Any) -> float:
    marks = [m for m in ink(page) if BOOK_HEAD_MM * MM < m[3] and m[5] < page.height - BOOK_FOOT_MM * MM]
    top, bottom = 15 * MM, page.height - 18 * MM
    return (max(m[5] for m in marks) - top) / (bottom - top) if marks else 0.0


def test_a_short_books_contents_page_is_not_left_half_empty(pdfs: dict[str, Any]) -> None:
    pages = pdfs["book"].pages
    fills = [_book_fill(page) for page in pages]
    for n, fill in enumerate(fills[:-1], start=1):
        assert fill >= 0.5, f"p. {n} is {1 - fill:.0%} empty: {[f'{f:.0%}' for f in fills]}"
    # The Quick start runs on below the contents, and the book folds in fours.
    contents = body_text(pages[1], BOOK_HEAD_MM, BOOK_FOOT_MM)
    assert contents.index("Contents") < contents.rindex("Quick start\n"), contents
    assert len(pages) % 4 == 0 and "Printing this booklet at home" in body_text(pages[-1], 0, 0)


def test_a_short_card_box_keeps_its_cards_full_and_the_card_values_last(pdfs: dict[str, Any]) -> None:
    pages = pdfs["cards"].pages
    texts = [body_text(page, 0, CARD_FOOT_MM) for page in pages]
    assert [n for n, t in enumerate(texts, start=1) if "What each card is worth" in t] == [len(pages)], texts
    for n, page in enumerate(pages, start=1):
        assert page.chars and not marks_near_edge(page, gpdf.CARD_SAFE_MM), n
    for n, page in enumerate(pages[1:-1], start=2):
        following = texts[n].split("\n", 1)[0].strip()
        if following in ("The rules", "Variants", "Card values"):  # a part that opens a card of its own
            continue
        chars = [c for c in page.chars if c["text"].strip() and c["bottom"] < page.height - 7.7 * MM]
        fill = (max(c["bottom"] for c in chars) - 3.9 * MM) / (page.height - 11.6 * MM)
        assert fill >= 0.5, f"card page {n} is {fill:.0%} full"
