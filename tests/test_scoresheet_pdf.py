"""The blank score sheets: page sizes, embedded fonts, the tie-breakers from rules-data, and
byte-identical rebuilds."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import load_games
from generator.print.scoresheets import build_scoresheets
from generator.render import plain_text

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("scoresheets")
    return {p.name: p for p in build_scoresheets(ROOT, out)}


def test_every_game_has_an_a4_and_a_letter_sheet_of_one_page(sheets: dict[str, Path]) -> None:
    from pypdf import PdfReader

    for game in load_games(ROOT):
        for paper, (w, h) in SIZES.items():
            reader = PdfReader(sheets[f"{game.id}-score-{paper}.pdf"])
            assert len(reader.pages) == 1
            box = reader.pages[0].mediabox
            assert (round(float(box.width), 2), round(float(box.height), 2)) == (w, h)


def test_fonts_are_embedded(sheets: dict[str, Path]) -> None:
    from pypdf import PdfReader

    for path in sheets.values():
        fonts = set()
        for page in PdfReader(path).pages:
            for font in page["/Resources"]["/Font"].values():
                f = font.get_object()
                desc = f["/FontDescriptor"].get_object() if "/FontDescriptor" in f else \
                    f["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
                assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), path.name
                fonts.add(str(f["/BaseFont"]))
        assert any("Atkinson" in f for f in fonts), fonts


def test_the_chips_sheet_labels_rounds_by_hand_size_and_prints_the_tie_breakers(sheets: dict[str, Path]) -> None:
    import pdfplumber

    chips = next(g for g in load_games(ROOT) if g.id == "chips")
    with pdfplumber.open(sheets["chips-score-a4.pdf"]) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for n in range(3, 11):
        assert f"{n} cards each" in text
    assert "Called chips" in text
    for tie in chips.data["tie_breakers"]:
        words = " ".join(plain_text(tie["text"]).split())
        assert words[:60] in text


def test_a_rebuild_is_byte_identical(sheets: dict[str, Path], tmp_path: Path) -> None:
    again = {p.name: p for p in build_scoresheets(ROOT, tmp_path)}
    assert set(again) == set(sheets)
    for name, path in sheets.items():
        assert again[name].read_bytes() == path.read_bytes(), name
