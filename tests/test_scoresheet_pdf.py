"""The blank score sheets (issues 7 and 13): paper and orientation, eight seats with the hand's score
and the running total, Chips' call boxes, 3 Chip Stack's chip counts with a continuation sheet,
only the project's fonts, nothing within 6 mm of the paper's edge, the printing note and the
reference square, the tie-breakers from rules-data, seats from 1, and byte-identical rebuilds."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.engine.games import chains, chips, three_chip_stack
from generator.print import scoresheets
from generator.print.scoresheets import EDGE_MM, PAPERS, SEATS, SQUARE_MM, build_scoresheets
from generator.render import plain_text

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4
PORTRAIT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
OUR_FONTS = re.compile(r"^[A-Z]{6}\+(Atkinson-Hyperlegible|AtkinsonHyperlegible|Rulebook-Suits)")
#: How many seats each sheet has, and on how many pages.
SEATS_OF = {"chips": SEATS, "chains": SEATS, "3-chip-stack": three_chip_stack.MAX_PLAYERS}
PAGES_OF = {"chips": 1, "chains": 1, "3-chip-stack": 2}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("scoresheets")
    return {p.name: p for p in build_scoresheets(ROOT, out)}


def _pages(path: Path) -> list[dict[str, Any]]:
    """Each page's size, characters, rects and lines, read once."""
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return [{"width": float(p.width), "height": float(p.height), "chars": list(p.chars),
                 "marks": list(p.rects) + list(p.lines) + list(p.curves),
                 "text": " ".join((p.extract_text() or "").split())} for p in pdf.pages]


def _sheet(game_id: str, paper: str) -> str:
    return f"{game_id}-score-{paper}.pdf"


def test_every_game_has_an_a4_and_a_letter_sheet_in_the_right_orientation(sheets: dict[str, Path]) -> None:
    for game in load_games(ROOT):
        if game.id not in scoresheets.LAYOUTS:  # a game added with no layout gets no sheet (issue 26)
            assert not any(name.startswith(f"{game.id}-score-") for name in sheets), game.id
            continue
        for paper, (w, h) in PORTRAIT.items():
            pages = _pages(sheets[_sheet(game.id, paper)])
            assert len(pages) == PAGES_OF[game.id], (game.id, paper)
            want = (w, h) if game.id == "3-chip-stack" else (h, w)  # 8 seats need landscape
            for page in pages:
                assert (round(page["width"], 2), round(page["height"], 2)) == want, (game.id, paper)


def test_seats_are_numbered_from_one_and_each_has_a_hand_and_a_total_box(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for game_id, seats in SEATS_OF.items():
        with pdfplumber.open(sheets[_sheet(game_id, "a4")]) as pdf:
            page = pdf.pages[0]
            words = page.extract_words(extra_attrs=["size"])
            header = next(w for w in words if w["text"] == "Player")
            row = sorted((w for w in words if abs(w["top"] - header["top"]) < 2 and w["text"].isdigit()),
                         key=lambda w: w["x0"])
            assert [w["text"] for w in row] == [str(n) for n in range(1, seats + 1)], game_id
            if game_id != "3-chip-stack":
                sub = [w for w in words if w["top"] > header["bottom"] and w["size"] < 7.5]  # the sub-header
                assert sum(w["text"] == "Hand" for w in sub) == seats, game_id
                assert sum(w["text"] == "Total" for w in sub) == seats, game_id
        text = " ".join(p["text"] for p in _pages(sheets[_sheet(game_id, "a4")]))
        assert not re.search(r"\b(Player|Seat|Dealer):? 0\b", text), game_id


def test_the_chips_sheet_has_a_row_per_round_a_call_box_per_seat_and_the_tie_breakers(
        sheets: dict[str, Path]) -> None:
    import pdfplumber

    game = next(g for g in load_games(ROOT) if g.id == "chips")
    for paper in PAPERS:
        with pdfplumber.open(sheets[_sheet("chips", paper)]) as pdf:
            page = pdf.pages[0]
            text = " ".join(page.extract_text().split())
            words = page.extract_words(extra_attrs=["size"])
            # the tick boxes: small squares, one per seat and round
            # (a border is an outer and an inner rect: count each square once, by its centre)
            boxes = {(round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2)) for r in page.rects
                     if 3 * MM < r["width"] < 4 * MM and abs(r["width"] - r["height"]) < 0.5}
        for i, n in enumerate(chips.HAND_SIZES):
            assert f"Round {i + 1} {n} cards each" in text
        assert sum(w["text"] == "Call" and w["size"] < 7.5 for w in words) == SEATS
        assert "Times called" in text
        assert len(boxes) == SEATS * len(chips.HAND_SIZES), len(boxes)
        for tie in game.data["tie_breakers"]:
            words_ = " ".join(plain_text(tie["text"]).split())
            assert words_[:60] in text


def test_the_chains_sheet_has_ten_hands_with_room_for_three_digit_totals(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for paper in PAPERS:
        with pdfplumber.open(sheets[_sheet("chains", paper)]) as pdf:
            page = pdf.pages[0]
            text = " ".join(page.extract_text().split())
            totals = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == "Total" and w["size"] < 7.5]
            table = min(w["top"] for w in totals)  # the table's edges, not the printing box's above it
            edges = sorted({round(x, 1) for m in list(page.rects) + list(page.lines) if m["top"] > table
                            for x in (m["x0"], m["x1"])})
        for n in range(1, chains.HANDS_PER_GAME + 1):
            assert f"Hand {n}" in text
        assert f"Hand {chains.HANDS_PER_GAME + 1}" not in text
        # each Total column is at least 9 mm wide: "123" written by hand
        assert len(totals) == SEATS
        for word in totals:
            right = min(x for x in edges if x > word["x0"] + 1)
            assert right - word["x0"] >= 9 * MM - 2, (paper, right - word["x0"])


def test_the_3_chip_stack_sheet_counts_chips_and_has_a_continuation_page(sheets: dict[str, Path]) -> None:
    for paper, spec in PAPERS.items():
        first, more = spec.stack_rows
        pages = _pages(sheets[_sheet("3-chip-stack", paper)])
        one, two = pages[0]["text"], pages[1]["text"]
        assert "Start chips each" in one and "All chips" in one
        for n in range(1, first + 1):
            assert f"Hand {n} " in one + " "
        assert f"Hand {first + 1} " not in one + " "
        assert "continuation sheet" in one and f"when hand {first} is done" in one
        assert "continuation sheet" in two and "Carried over" in two and "Print this page again" in two
        assert two.count("Hand") >= more
        assert first + more >= 50, "a game to the last chip needs room for dozens of hands"


def test_every_row_is_at_least_7_mm_to_write_in(sheets: dict[str, Path]) -> None:
    # Issue 27: the 3 Chip Stack rows were 6.9 mm; 7 mm is the pen's minimum the other sheets meet. A row's
    # height is the distance from its label to the next row's.
    import itertools

    import pdfplumber

    for name, path in sheets.items():
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                words = [w for w in page.extract_words() if w["text"] in ("Round", "Hand", "Start", "Carried")]
                left = min(w["x0"] for w in words)
                labels = sorted({round(w["top"], 2) for w in words if w["x0"] < left + 2 * MM})  # the row labels
                assert len(labels) >= 5, (name, number)
                pitch = min(b - a for a, b in itertools.pairwise(labels)) / MM
                assert pitch >= 7.0, f"{name} p. {number}: a row is {pitch:.2f} mm"


def test_no_sheet_names_the_engine_or_its_functions(sheets: dict[str, Path]) -> None:
    # Issue 27: the engine and its functions are for maintainers, never on a family's table.
    engine_words = re.compile(r"\bengines?\b|\bPython\b|\b[a-z]+_[a-z0-9_]+\b|\b\w+\(\)", re.IGNORECASE)
    for name, path in sheets.items():
        text = " ".join(page["text"] for page in _pages(path))
        assert not engine_words.findall(text), (name, engine_words.findall(text))


def test_only_the_project_fonts_are_used_and_text_is_at_least_7_pt(sheets: dict[str, Path]) -> None:
    for name, path in sheets.items():
        for page in _pages(path):
            fonts = {c["fontname"] for c in page["chars"]}
            assert fonts and all(OUR_FONTS.match(f) for f in fonts), (name, fonts)
            assert min(c["size"] for c in page["chars"]) >= 7 - 0.01, name
            assert all(c["upright"] for c in page["chars"]), name


def test_nothing_is_printed_within_6_mm_of_the_paper_edge(sheets: dict[str, Path]) -> None:
    edge = EDGE_MM * MM
    for name, path in sheets.items():
        for number, page in enumerate(_pages(path), 1):
            for obj in page["chars"] + page["marks"]:
                assert obj["x0"] >= edge and obj["top"] >= edge, (name, number, obj.get("text"), obj["x0"])
                assert page["width"] - obj["x1"] >= edge, (name, number, obj.get("text"))
                assert page["height"] - obj["bottom"] >= edge, (name, number, obj.get("text"))


def test_every_page_says_how_to_print_it_and_has_a_reference_square(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for name, path in sheets.items():
        paper = PAPERS[name.rsplit("-", 1)[1].removesuffix(".pdf")]
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                square = next((m for m in page.rects if abs(m["width"] - SQUARE_MM * MM) < 0.3
                               and abs(m["height"] - SQUARE_MM * MM) < 0.3), None)
                assert square, (name, number)
                # the note beside the square: upright (checked for every glyph above), 8 pt or more
                box = page.crop((square["x1"], square["top"] - 2, min(page.width, square["x1"] + 70 * MM),
                                 square["bottom"] + 6 * MM))
                text = " ".join((box.extract_text() or "").split())
                assert "Print at 100 % (actual size)" in text and "fit to page" in text, (name, number, text)
                assert f"{paper.label} paper" in text, (name, number, text)
                assert f"{SQUARE_MM} mm × {SQUARE_MM} mm" in text, (name, number, text)
                assert min(c["size"] for c in box.chars) >= 8 - 0.01, (name, number)


def test_a_missing_font_is_one_line_naming_the_file(tmp_path: Path) -> None:
    import shutil

    project = tmp_path / "p"
    shutil.copytree(ROOT / "rules-data", project / "rules-data")
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    (project / scoresheets.FONTS_DIR).mkdir(parents=True)
    game = next(g for g in load_games(ROOT) if g.id == "chains")
    with pytest.raises(scoresheets.ScoresheetError, match=r"missing font file docs/assets/fonts/atkinson"):
        scoresheets.render_scoresheet(project, game.data, [g.data for g in load_games(ROOT)], "a4")


def test_a_rebuild_is_byte_identical(sheets: dict[str, Path], tmp_path: Path) -> None:
    again = {p.name: p for p in build_scoresheets(ROOT, tmp_path)}
    assert set(again) == set(sheets)
    for name, path in sheets.items():
        assert again[name].read_bytes() == path.read_bytes(), name


def test_the_points_sheets_say_what_to_do_with_more_players_than_columns(sheets: dict[str, Path]) -> None:
    # Issue 40: Chips and Chains take nine players or more; the sheets have eight columns.
    for game_id in ("chips", "chains"):
        for paper in PAPERS:
            text = " ".join(" ".join(p["text"] for p in _pages(sheets[_sheet(game_id, paper)])).split())  # lines joined
            assert f"With more than {SEATS} players" in text, (game_id, paper)  # the box beside it may interleave its lines
            assert f"columns on from {SEATS + 1}" in text, (game_id, paper)


def test_the_3_chip_stack_sheet_explains_no_card_ties_it_never_records(sheets: dict[str, Path]) -> None:
    game = next(g for g in load_games(ROOT) if g.id == "3-chip-stack")
    for paper in PAPERS:
        text = " ".join(p["text"] for p in _pages(sheets[_sheet("3-chip-stack", paper)]))
        assert "Ties" not in text.split(), paper
        for tie in game.data["tie_breakers"]:
            assert " ".join(plain_text(tie["text"]).split())[:40] not in text, paper


def test_every_sheet_names_its_author_and_language(sheets: dict[str, Path]) -> None:
    from pypdf import PdfReader

    sources = {g.id: g.data["author"] for g in load_games(ROOT)}
    for name, path in sheets.items():
        reader = PdfReader(path)
        game_id = next(gid for gid in sources if name.startswith(f"{gid}-score"))
        assert reader.metadata.author == sources[game_id], name
        assert reader.trailer["/Root"]["/Lang"] == "en-GB", name


def test_a_fact_read_into_a_sentence_drops_its_table_capital(sheets: dict[str, Path]) -> None:
    # Issue 40: "To win: Lowest total score." and "Hands: Until one player has every chip." mid-paragraph
    # kept the capital of the cover card's table cell.
    found: list[str] = []
    for name, path in sheets.items():
        text = " ".join(p["text"] for p in _pages(path))
        facts = re.findall(r"\b(?:To win|Hands|Rounds): (\S+)", text)
        found += [f"{name}: {word}" for word in facts if word[0].isupper()]
        if not name.startswith("3-chip-stack"):
            assert "To win: lowest total score." in text, name
    assert not found, found
    for paper in PAPERS:  # (the box beside the paragraph may interleave its lines: the fact's first word)
        assert "Hands: until " in " ".join(p["text"] for p in _pages(sheets[_sheet("3-chip-stack", paper)])), paper
