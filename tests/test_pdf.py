"""The card-box booklets and print-at-home sheets (generator.print.booklets, issue 4).

All PDFs are built once per module into a temporary folder (and once more, for the byte-identity
test). Pages of each booklet are also rendered to PNG in ``test-output/pdf-png/`` for a human look.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.engine.errors import RulebookError
from generator.print import booklets as gpdf

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4
EPOCH = "1764374400"
SUITS = "♠♥♦♣"
#: Our families as WeasyPrint names them in the PDF (after the six-letter subset tag).
OUR_FONTS = re.compile(r"^(Atkinson-Hyperlegible|AtkinsonHyperlegible|Rulebook-Suits)")
GAMES = [g.id for g in load_games(ROOT)]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdf_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("pdf")
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        gpdf.build_all(ROOT, out)
        yield out
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


@pytest.fixture(scope="module")
def booklets(pdf_dir: Path) -> Iterator[dict[str, Any]]:
    import pdfplumber

    opened = {gid: pdfplumber.open(pdf_dir / f"{gid}.pdf") for gid in GAMES}
    yield opened
    for doc in opened.values():
        doc.close()


def _text(doc: Any) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


# --------------------------------------------------------------------------- files


def test_build_all_writes_booklet_and_two_sheets_per_game(pdf_dir: Path) -> None:
    names = sorted(p.name for p in pdf_dir.iterdir())
    expected = sorted(f["name"] for gid in GAMES for f in gpdf.pdf_files(gid))
    assert names == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_booklet_at_most_24_pages_and_250_kb(pdf_dir: Path, booklets: dict[str, Any], game_id: str) -> None:
    size = (pdf_dir / f"{game_id}.pdf").stat().st_size
    pages = len(booklets[game_id].pages)
    assert pages <= 24, f"{game_id}.pdf has {pages} pages"
    assert size <= 250 * 1024, f"{game_id}.pdf is {size / 1024:.0f} KB"


def test_two_builds_are_byte_identical(pdf_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    again = tmp_path / "again"
    gpdf.build_all(ROOT, again)
    for first in sorted(pdf_dir.iterdir()):
        second = again / first.name
        assert first.read_bytes() == second.read_bytes(), f"{first.name} differs between two builds"


def test_pdf_dates_and_edition_come_from_source_date_epoch(pdf_dir: Path, booklets: dict[str, Any]) -> None:
    from pypdf import PdfReader

    info = PdfReader(pdf_dir / f"{GAMES[0]}.pdf").metadata
    assert info is not None
    assert str(info.get("/CreationDate", "")).startswith("D:20251129")
    assert "0.1.0" in _text(booklets[GAMES[0]]) or gpdf.project_edition(ROOT).version in _text(booklets[GAMES[0]])
    assert "2025-11-29" in _text(booklets[GAMES[0]])


# --------------------------------------------------------------------------- pages


@pytest.mark.parametrize("game_id", GAMES)
def test_every_booklet_page_is_63_by_88_mm(booklets: dict[str, Any], game_id: str) -> None:
    for n, page in enumerate(booklets[game_id].pages, start=1):
        assert abs(page.width / MM - 63) <= 0.5, f"{game_id} page {n}: width {page.width / MM:.2f} mm"
        assert abs(page.height / MM - 88) <= 0.5, f"{game_id} page {n}: height {page.height / MM:.2f} mm"


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheets_are_at_their_paper_size(pdf_dir: Path, paper: gpdf.Paper) -> None:
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-{paper.key}.pdf") as doc:
            assert len(doc.pages) % 2 == 0, "a sheet is printed on both sides"
            for page in doc.pages:
                assert abs(page.width / MM - paper.width_mm) <= 0.5
                assert abs(page.height / MM - paper.height_mm) <= 0.5


@pytest.mark.parametrize("game_id", GAMES)
def test_no_character_outside_the_trim_box(booklets: dict[str, Any], game_id: str) -> None:
    # Stricter than the trim box: every character keeps 2 mm clear of the cut.
    safe = 2 * MM
    for n, page in enumerate(booklets[game_id].pages, start=1):
        for ch in page.chars:
            assert ch["x0"] >= safe and ch["x1"] <= page.width - safe, (
                f"{game_id} page {n}: {ch['text']!r} at x {ch['x0']:.1f}-{ch['x1']:.1f} pt")
            assert ch["top"] >= safe and ch["bottom"] <= page.height - safe, (
                f"{game_id} page {n}: {ch['text']!r} at y {ch['top']:.1f}-{ch['bottom']:.1f} pt")


@pytest.mark.parametrize("game_id", GAMES)
def test_body_type_is_at_least_7_pt(booklets: dict[str, Any], game_id: str) -> None:
    sizes = [(round(ch["size"], 2), ch["text"], n) for n, page in enumerate(booklets[game_id].pages, start=1)
             for ch in page.chars if ch["text"].strip()]
    smallest = min(sizes)
    assert smallest[0] >= 6.95, f"{game_id}: {smallest[1]!r} on page {smallest[2]} is {smallest[0]} pt"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_is_nearly_empty(booklets: dict[str, Any], game_id: str) -> None:
    # A page besides the cover with fewer than 3 lines of body (running head and footer aside)
    # is a heading or a line left alone.
    for n, page in enumerate(booklets[game_id].pages[1:], start=2):
        body = page.within_bbox((0, 6 * MM, page.width, page.height - 6 * MM))
        lines = [ln for ln in (body.extract_text() or "").splitlines() if ln.strip()]
        assert len(lines) >= 3, f"{game_id} page {n} has only {lines}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_ends_with_a_heading_or_an_id_alone(booklets: dict[str, Any], game_id: str) -> None:
    game = next(g for g in load_games(ROOT) if g.id == game_id)
    ids = set(game.items)
    headings = {"Quick start", "How a round works", "The rules", "Scoring", "Tie-breakers",
                "Worked examples", "Rulings", "Variants", "Origins"}
    headings |= {f"{n}. {s['title']}" for n, s in enumerate(game.data["rules"], start=1)}
    for n, page in enumerate(booklets[game_id].pages[:-1], start=1):
        body = page.within_bbox((0, 6 * MM, page.width, page.height - 6 * MM))
        lines = [ln.strip() for ln in (body.extract_text() or "").splitlines() if ln.strip()]
        if not lines or n == 1:
            continue
        last = lines[-1]
        words = last.split()
        assert last not in headings, f"{game_id} page {n} ends with the heading {last!r}"
        assert not (words and words[-1] in ids and len(words) <= 2), f"{game_id} page {n} ends with {last!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_running_head_page_number_and_edition_on_every_page_but_the_cover(
    booklets: dict[str, Any], game_id: str
) -> None:
    doc = booklets[game_id]
    edition = gpdf.project_edition(ROOT).version
    total = len(doc.pages)
    for n, page in enumerate(doc.pages[1:], start=2):
        foot = page.within_bbox((0, page.height - 6 * MM, page.width, page.height)).extract_text() or ""
        assert f"{n} / {total}" in foot, f"{game_id} page {n} footer: {foot!r}"
        assert edition in foot
        head = page.within_bbox((0, 0, page.width, 6 * MM)).extract_text() or ""
        assert head.strip(), f"{game_id} page {n} has no running head"


# --------------------------------------------------------------------------- content


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_item_and_worked_example_is_in_the_booklet_with_its_id(
    booklets: dict[str, Any], game_id: str
) -> None:
    game = next(g for g in load_games(ROOT) if g.id == game_id)
    text = _text(booklets[game_id])
    ids = [item["id"] for section in game.data["rules"] for item in section["items"]]
    ids += [ex["id"] for ex in game.data["examples"]]
    ids += [r["id"] for r in game.data["rulings"]] + [t["id"] for t in game.data["tie_breakers"]]
    missing = [i for i in ids if not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert not missing, f"{game_id}.pdf lacks {missing}"
    assert game.data["name"] in text
    for ex in game.data["examples"]:
        assert ex["title"].split()[0] in text


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cover_has_name_tagline_players_rounds_packs(booklets: dict[str, Any], game_id: str) -> None:
    game = next(g for g in load_games(ROOT) if g.id == game_id)
    cover = " ".join((booklets[game_id].pages[0].extract_text() or "").split())
    assert game.data["name"] in cover
    for key in ("players", "rounds", "packs"):
        assert str(game.glance(key)) in cover, f"{key} missing from the cover of {game_id}"


@pytest.mark.parametrize("game_id", GAMES)
def test_suit_symbols_are_in_the_text_and_drawn_by_rulebook_suits(booklets: dict[str, Any], game_id: str) -> None:
    chars = [ch for page in booklets[game_id].pages for ch in page.chars if ch["text"] in SUITS]
    assert {ch["text"] for ch in chars} == set(SUITS), f"{game_id}: suits seen {sorted({c['text'] for c in chars})}"
    wrong = {ch["fontname"] for ch in chars if "Rulebook-Suits" not in ch["fontname"]}
    assert not wrong, f"{game_id}: suit symbols drawn by {wrong} (a fallback font)"


def _fonts(obj: Any, seen: set[int]) -> Iterator[Any]:
    """Every font dictionary reachable from a page or form XObject's resources."""
    resources = obj.get("/Resources")
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobj in (resources.get("/XObject") or {}).values():
        ref = getattr(xobj, "idnum", None)
        xobj = xobj.get_object()
        if ref in seen or xobj.get("/Subtype") != "/Form":
            continue
        if ref is not None:
            seen.add(ref)
        yield from _fonts(xobj, seen)


@pytest.mark.parametrize("suffix", ["", "-a4", "-letter"])
def test_all_fonts_embedded_subset_and_ours(pdf_dir: Path, suffix: str) -> None:
    from pypdf import PdfReader

    for gid in GAMES:
        reader = PdfReader(pdf_dir / f"{gid}{suffix}.pdf")
        names = set()
        seen: set[int] = set()
        for page in reader.pages:
            for font in _fonts(page, seen):
                base = str(font["/BaseFont"])
                descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)
                fd = descriptor["/FontDescriptor"].get_object()
                assert "/FontFile2" in fd or "/FontFile3" in fd, f"{gid}{suffix}: {base} is not embedded"
                tag, _, name = base.lstrip("/").partition("+")
                assert re.fullmatch(r"[A-Z]{6}", tag), f"{gid}{suffix}: {base} is not a subset"
                names.add(name)
        assert names, f"{gid}{suffix}: no fonts found"
        for name in names:
            assert OUR_FONTS.match(name) and "DejaVu" not in name, f"{gid}{suffix}: fallback font {name}"


# --------------------------------------------------------------------------- sheets


def _placements(page: Any) -> list[tuple[str, float, float, float, float]]:
    """(xobject name, x0, y0, x1, y1) of every form placed on a sheet page, from its content
    stream (cm then Do), in PDF points (origin at the bottom left)."""
    from pypdf.generic import ContentStream

    xobjects = page["/Resources"].get_object()["/XObject"].get_object()
    out = []
    Matrix = tuple[float, float, float, float, float, float]
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do":
            name = str(operands[0])
            form = xobjects[name].get_object()
            assert ctm[:4] == (1, 0, 0, 1), f"{name} is placed scaled or rotated: {ctm}"
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            out.append((name, ctm[4] + x0, ctm[5] + y0, ctm[4] + x1, ctm[5] + y1))
    return out


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_cut_marks_lie_on_the_trim_lines(pdf_dir: Path, paper: gpdf.Paper) -> None:
    import pdfplumber
    from pypdf import PdfReader

    tol = 0.01  # points
    for gid in GAMES:
        path = pdf_dir / f"{gid}-{paper.key}.pdf"
        reader = PdfReader(path)
        with pdfplumber.open(path) as doc:
            width = float(doc.pages[0].width)
            front: list[tuple[str, float, float, float, float]] = []
            for n, (page, plumb) in enumerate(zip(reader.pages, doc.pages), start=1):
                boxes = _placements(page)
                if n % 2:
                    front = boxes
                    assert boxes, f"{gid}-{paper.key} side {n}: no booklet page placed"
                else:
                    # A back is cut along with its front, even where the last page is blank.
                    boxes = [(name, width - x1, y0, width - x0, y1) for name, x0, y0, x1, y1 in front]
                for _, x0, y0, x1, y1 in boxes:
                    assert abs((x1 - x0) / MM - 63) < 0.01 and abs((y1 - y0) / MM - 88) < 0.01
                xs = sorted({round(v, 3) for b in boxes for v in (b[1], b[3])})
                ys = sorted({round(v, 3) for b in boxes for v in (b[2], b[4])})
                h = float(plumb.height)

                def inside(x: float, y: float, boxes: list[Any] = boxes) -> bool:
                    return any(b[1] + tol < x < b[3] - tol and b[2] + tol < y < b[4] - tol for b in boxes)

                # Marks: lines of the sheet itself, outside every placed page.
                marks = [ln for ln in plumb.lines
                         if not inside((ln["x0"] + ln["x1"]) / 2, h - (ln["top"] + ln["bottom"]) / 2)]
                assert marks, f"{gid}-{paper.key} side {n}: no cut marks"
                vertical = [m for m in marks if abs(m["x0"] - m["x1"]) < tol]
                horizontal = [m for m in marks if abs(m["top"] - m["bottom"]) < tol]
                assert len(vertical) + len(horizontal) == len(marks), "a cut mark is neither upright nor level"
                for m in vertical:
                    assert min(abs(m["x0"] - x) for x in xs) < tol, f"vertical mark at x={m['x0']:.3f} off {xs}"
                for m in horizontal:
                    y = h - m["top"]
                    assert min(abs(y - v) for v in ys) < tol, f"horizontal mark at y={y:.3f} off {ys}"
                # Every trim line of the placed pages is marked at both ends ...
                for x in xs:
                    assert sum(abs(m["x0"] - x) < tol for m in vertical) == 2, f"x={x} not marked twice"
                for y in ys:
                    assert sum(abs(h - m["top"] - y) < tol for m in horizontal) == 2, f"y={y} not marked twice"
                # ... and the placed pages sit on the centred 3 x 3 grid (so backs land behind fronts).
                grid_xs, grid_ys = gpdf.trim_lines(paper)
                assert all(min(abs(x - g) for g in grid_xs) < tol for x in xs)
                assert all(min(abs(y - g) for g in grid_ys) < tol for y in ys)


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheet_backs_sit_behind_their_fronts(pdf_dir: Path, booklets: dict[str, Any], paper: gpdf.Paper) -> None:
    # Flip on the long edge: page 2k+2 lands exactly behind page 2k+1, so each cut card reads on.
    from pypdf import PdfReader

    width = paper.width_mm * MM
    for gid in GAMES:
        reader = PdfReader(pdf_dir / f"{gid}-{paper.key}.pdf")
        placed: dict[int, tuple[float, float]] = {}
        for side, page in enumerate(reader.pages):
            for name, x0, y0, x1, _ in _placements(page):
                number = int(name.removeprefix("/BP"))
                # Seen from the front: a back page's box mirrored across the sheet's middle.
                placed[number] = (width - x1, y0) if side % 2 else (x0, y0)
                assert (side % 2) == (number % 2 == 0), f"{gid}: page {number} on the wrong side"
        assert sorted(placed) == list(range(1, len(booklets[gid].pages) + 1)), f"{gid}: pages missing"
        for number in placed:
            if number % 2 == 0:
                front = placed[number - 1]
                assert abs(placed[number][0] - front[0]) < 0.01 and abs(placed[number][1] - front[1]) < 0.01


# --------------------------------------------------------------------------- a look


def test_render_pages_to_png_for_a_human_look(pdf_dir: Path, booklets: dict[str, Any]) -> None:
    """Cover, a rules page, an examples page and an A4 sheet of each game, at 150 dpi, into
    test-output/pdf-png/ (gitignored): open them and look."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    out = ROOT / "test-output" / "pdf-png"
    out.mkdir(parents=True, exist_ok=True)
    for gid in GAMES:
        pages = [(p.extract_text() or "").splitlines()[:1] for p in booklets[gid].pages]
        first = {head[0].split()[0] if head else "": n for n, head in reversed(list(enumerate(pages, start=1)))}
        wanted = {"cover": 1, "rules": first.get("The", 5), "examples": first.get("Worked", 9)}
        for label, n in wanted.items():
            subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", str(n), "-l", str(n), "-singlefile",
                            str(pdf_dir / f"{gid}.pdf"), str(out / f"{gid}-{label}")], check=True)
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "2",
                        str(pdf_dir / f"{gid}-a4.pdf"), str(out / f"{gid}-a4")], check=True)
        assert (out / f"{gid}-cover.png").stat().st_size > 1000


# --------------------------------------------------------------------------- errors (fast)


@pytest.mark.parametrize("bad", ["poker", ""])
def test_unknown_game_is_a_one_line_rulebook_error(tmp_path: Path, bad: str) -> None:
    with pytest.raises(RulebookError) as info:
        gpdf.build_game_pdfs(ROOT, bad, tmp_path)
    assert "\n" not in str(info.value) and repr(bad) in str(info.value)


def test_missing_font_file_is_a_one_line_rulebook_error(tmp_path: Path) -> None:
    root = tmp_path / "project"
    root.mkdir()
    shutil.copytree(ROOT / "rules-data", root / "rules-data")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    with pytest.raises(gpdf.PdfError) as info:
        gpdf.build_game_pdfs(root, GAMES[0], tmp_path / "out")
    assert "\n" not in str(info.value) and "font" in str(info.value)


def test_pdf_files_describes_the_three_downloads() -> None:
    files = gpdf.pdf_files("chips")
    assert [f["name"] for f in files] == ["chips.pdf", "chips-a4.pdf", "chips-letter.pdf"]
    assert [f["paper"] for f in files] == ["63 × 88 mm", "A4", "US Letter"]


@pytest.mark.parametrize("game_id", GAMES)
def test_booklet_is_a_tagged_pdf_for_screen_readers(pdf_dir: Path, game_id: str) -> None:
    from pypdf import PdfReader

    root = PdfReader(pdf_dir / f"{game_id}.pdf").trailer["/Root"]
    assert bool(root["/MarkInfo"].get_object()["/Marked"])
    assert "/StructTreeRoot" in root
