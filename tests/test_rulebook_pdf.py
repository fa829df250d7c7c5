"""The complete rulebook of each game (generator.print.booklets, issue 13): ``<game>-rulebook.pdf`` on A5
pages, and the same book imposed two pages to a side, in folding order, on A4 (``-rulebook-a4.pdf``)
and on US Letter (``-rulebook-letter.pdf``, rendered at half-letter, not scaled).

The PDFs come from the session's one build (tests/support/pdf_build.py). Each test ties what the PDF
prints to rules-data/, so a rule, ruling, example or entry that drops out fails by name.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.print import booklets as gpdf
from generator.render import rule_numbers
from tests.support.pdf_build import (
    EPOCH,
    MM,
    ROOT,
    body_text,
    broken,
    build_once,
    early_breaks,
    ink,
    lines_of,
    marks_near_edge,
    page_of_each,
    placements,
    plain,
    squash,
    unbroken_needles,
)

LOADED = {g.id: g for g in load_games(ROOT)}
GAMES = list(LOADED)
#: The running head ends 12 mm down the page; the page number starts 14 mm above its foot.
HEAD_MM = 12.0
FOOT_MM = 14.0

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdf_dir() -> Path:
    return build_once()


@pytest.fixture(scope="module")
def books(pdf_dir: Path) -> Iterator[dict[str, Any]]:
    import pdfplumber

    opened = {gid: pdfplumber.open(pdf_dir / f"{gid}-rulebook.pdf") for gid in GAMES}
    yield opened
    for doc in opened.values():
        doc.close()


def _pages(doc: Any) -> list[str]:
    return [body_text(page, HEAD_MM, FOOT_MM) for page in doc.pages]


def _text(doc: Any) -> str:
    return squash("\n".join(_pages(doc)))


def _refs(game_id: str) -> Any:
    # As the PDFs link (a ruling for the site's tools only is named, on the game's web page).
    return gpdf.paper_refs([g.data for g in LOADED.values()], game_id)


def _on_paper(rulings: list[Any]) -> list[Any]:
    """The rulings a PDF prints: all but those for the site's tools only (scope: site, issue 37)."""
    return [r for r in rulings if r.get("scope") != "site"]


# --------------------------------------------------------------------------- pages


@pytest.mark.parametrize("game_id", GAMES)
def test_every_page_is_a5(books: dict[str, Any], game_id: str) -> None:
    for n, page in enumerate(books[game_id].pages, start=1):
        assert abs(page.width / MM - 148) < 0.5 and abs(page.height / MM - 210) < 0.5, f"{game_id} p. {n}"


@pytest.mark.parametrize("game_id", GAMES)
def test_body_type_is_at_least_7_pt(books: dict[str, Any], game_id: str) -> None:
    small = [(round(c["size"], 2), c["text"], n) for n, page in enumerate(books[game_id].pages, start=1)
             for c in page.chars if c["text"].strip()]
    assert min(small)[0] >= 6.95, f"{game_id}: {min(small)}"


def _fill(page: Any) -> float:
    """How far down its text area a page's ink reaches, 0 (empty) to 1 (full): characters, lines and boxes
    between the running head and the page number."""
    marks = [m for m in ink(page) if HEAD_MM * MM < m[3] and m[5] < page.height - FOOT_MM * MM]
    top, bottom = 15 * MM, page.height - 18 * MM
    return (max(m[5] for m in marks) - top) / (bottom - top) if marks else 0.0


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_but_the_last_is_more_than_half_empty(books: dict[str, Any], game_id: str) -> None:
    # Issue 27: every part opened a page, and pages were 77-82 % empty. The parts run on; where a ruling
    # or an example (never split) needs the next page, the page before gives up a thought to balance them;
    # the last page of text is filled with ruled lines for notes.
    pages = books[game_id].pages
    fills = [_fill(page) for page in pages]
    for n, fill in enumerate(fills[:-1], start=1):
        assert fill >= 0.5, f"{game_id} p. {n} is {1 - fill:.0%} empty: {[f'{f:.0%}' for f in fills]}"


@pytest.mark.parametrize("key", list(gpdf.BOOK_PAPERS))
def test_no_more_blank_pages_than_folding_in_fours_needs(pdf_dir: Path, books: dict[str, Any], key: str) -> None:
    # Issue 27: Chains and 3 Chip Stack carried three blank pages before the back cover. A book page is
    # never blank; the booklet sheets hold blank halves only to make up a multiple of four, and the notes
    # pages make up what they can, so none is left today.
    from pypdf import PdfReader

    for gid in GAMES:
        if key == "a4":
            assert all(_fill(p) > 0 for p in books[gid].pages), f"{gid}: a blank page"
        sides = [placements(page) for page in PdfReader(pdf_dir / f"{gid}-rulebook-{key}.pdf").pages]
        n = max(int(name[3:]) for side in sides for name, *_ in side)
        blank = 2 * len(sides) - sum(len(side) for side in sides)
        assert blank == (-n) % 4 == 0, f"{gid}-rulebook-{key}: {blank} blank pages for a book of {n}"


def _body_lines(page: Any) -> list[tuple[str, float, float]]:
    """Each line of 9 pt text on a page (its words joined by single spaces), with where it starts and ends;
    a gap of over 4 mm starts a new line (the cells of a table row are lines of their own)."""
    words = [w for w in page.extract_words(extra_attrs=["size"]) if 8.9 <= w["size"] <= 9.1
             and HEAD_MM * MM < w["top"] < page.height - FOOT_MM * MM]
    rows: dict[int, list[dict[str, Any]]] = {}
    for w in words:
        rows.setdefault(round(w["top"]), []).append(w)
    out = []
    for row in rows.values():
        row.sort(key=lambda w: w["x0"])
        run = [row[0]]
        for w in row[1:] + [None]:
            if w is not None and w["x0"] - run[-1]["x1"] < 4 * MM:
                run.append(w)
                continue
            out.append((" ".join(v["text"] for v in run), run[0]["x0"], run[-1]["x1"]))
            if w is not None:
                run = [w]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_measure_is_60_to_70_characters_a_line_at_9_pt(books: dict[str, Any], game_id: str) -> None:
    # Issue 27: 9 pt on a 118 mm measure gave a median of 80 characters a line (89 at most), against about
    # 65 for comfortable reading. The type stays 9 pt; the measure is gpdf.BOOK_MEASURE_MM. A line counts
    # when it runs to within 12 mm of the measure's end (a paragraph's last line says nothing of the measure).
    pages = books[game_id].pages[1:-1]
    sizes = [round(c["size"], 1) for p in pages for c in p.chars if c["text"].strip()]
    body = max(set(sizes), key=sizes.count)
    assert body >= 9, f"{game_id}: the body type is {body} pt"
    full = []
    for n, page in enumerate(pages, start=2):
        _, right = _text_block(page, n)
        full += [len(text) for text, _, x1 in _body_lines(page) if x1 > right - 12 * MM]
    median = statistics.median(full)
    assert 60 <= median <= 70, f"{game_id}: a median of {median} characters over {len(full)} full lines"


def _units(game_id: str) -> list[Any]:
    """Each thought of the complete rulebook that a page turn may not split (issue 27), squashed as printed,
    or as its first and last words where what lies between is not plain text."""
    from generator.content.samples import sample_round

    game = LOADED[game_id].data
    refs, numbers = _refs(game_id), rule_numbers(game)
    units: list[Any] = [plain(step["text"], refs) for step in game["quick_start"]["steps"]]
    for step in game["round"]["steps"]:
        units.append(plain(step["text"] if isinstance(step, dict) else step, refs))
    for section in game["rules"]:
        if section.get("intro"):
            units.append(plain(section["intro"], refs))
        for item in section["items"]:
            units.append(squash(numbers[item["id"]]) + plain(item.get("title", "") + item["text"], refs)
                         + "".join(plain(p, refs) for p in item.get("points", [])))
    scoring = game["scoring"]
    units += [plain(scoring["intro"], refs)] if scoring.get("intro") else []
    units += [f"S{i}" + plain(item["text"], refs) for i, item in enumerate(scoring.get("items", []), start=1)]
    if scoring.get("table"):
        units.append(("Whateachcardisworth", plain(scoring["table"][-1]["cards"].split()[0], refs)))
    units += [f"{i}" + plain(tie["text"], refs) for i, tie in enumerate(game["tie_breakers"], start=1)]
    units += [(squash(ex["title"]), plain(ex["explain"], refs)) for ex in game["examples"]]
    sample = sample_round(game_id, game)
    for step in sample.steps if sample else []:
        last = step.table[-1] if step.table else None
        if last:
            cards = " ".join(f"[[{c}]]" for c in last.cards or [])
            end = squash(f"{last.label}:") + plain(cards, refs) + squash(last.text or "")
        else:
            end = plain(step.note or step.action, refs)
        units.append((plain(step.action, refs), end))
    for ruling in _on_paper(game["rulings"]):
        bears = ",".join(squash(refs[r].label) for r in ruling["rules"])
        bears += (";" + ",".join(squash(refs[e].label) for e in ruling["examples"])) if ruling.get("examples") else ""
        units.append((squash(ruling["title"]) + "Thequestion:" + plain(ruling["question"], refs),
                      "Why:" + plain(ruling["why"], refs) + "Bearson:" + bears + "."))
    for variant in game["variants"]["items"]:
        units.append((squash(variant["title"]), plain(variant.get("incomplete") or variant["text"], refs)))
    units += [plain(p, refs) for p in game["origins"]]
    cmp = game.get("comparison")
    if cmp:
        units.append((squash("Aspect" + game["name"]), plain(cmp["rows"][-1]["game"], refs)[-12:]))
    units += [squash(e["term"] + ":") + plain(e["text"], refs) for e in game["glossary"]]
    return units


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_turn_splits_a_rule_ruling_example_table_or_sentence(books: dict[str, Any], game_id: str) -> None:
    # Issue 27: worked examples split over a page turn ("Pot: 12" alone at the top of 3 Chip Stack p. 10).
    # Every thought is whole on one page; every page but the last ends at the end of a sentence or of a
    # thought, and none begins inside one.
    pages = _pages(books[game_id])
    units = _units(game_id)
    where = page_of_each(pages, units)
    missing = [u for u, at in where.items() if not at]
    assert not missing, f"{game_id}: not found as printed: {missing[:3]}"
    split = {(u if isinstance(u, str) else u[0])[:40]: at for u, at in where.items() if len(at) > 1}
    assert not split, f"{game_id}: split over a page turn: {split}"
    for n, text in enumerate(pages[1:-1], start=2):
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if not lines:
            continue  # a page of ruled lines for notes
        ends_a_unit = any(squash(text).endswith(u if isinstance(u, str) else u[1]) for u in units if where[u] == [n])
        assert ends_a_unit or re.search(r"[.?!:)”]$", lines[-1]) or lines[-1].startswith("Notes"), (
            f"{game_id} p. {n} ends inside a sentence: {lines[-1]!r}")
        assert not lines[0][0].islower(), f"{game_id} p. {n} begins inside a sentence: {lines[0]!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_group_rule_number_or_file_name_breaks_across_a_line(books: dict[str, Any], game_id: str) -> None:
    # Issue 27: "K- / A-2-3", "(A♠ / 2♠ 3♠)", "(chips- / rulebook.pdf)" (tests/test_pdf.py holds the card box).
    lines = [ln for page in books[game_id].pages for ln in lines_of(page, HEAD_MM, FOOT_MM)]
    printed = squash(" ".join(lines))
    names = [f["name"] for f in gpdf.pdf_files(game_id)]
    date = gpdf.Edition("", int(EPOCH)).date
    needles = {n for n in unbroken_needles(LOADED[game_id].data, _refs(game_id), names, date) if squash(n) in printed}
    assert f"{game_id}-rulebook-a4.pdf" in needles and any(re.fullmatch(r"rule \S+", n) for n in needles), needles
    bad = broken(lines, needles)
    assert not bad, f"{game_id}-rulebook.pdf breaks {bad}"


def _text_block(page: Any, n: int) -> tuple[float, float]:
    """The left and right edges (points) of the text on book page ``n``: the wide margin on the outside."""
    left = (gpdf.BOOK_INNER_MM if n % 2 else page.width / MM - gpdf.BOOK_INNER_MM - gpdf.BOOK_MEASURE_MM) * MM
    return left, left + gpdf.BOOK_MEASURE_MM * MM


@pytest.mark.parametrize("game_id", GAMES)
def test_no_line_breaks_early(books: dict[str, Any], game_id: str) -> None:
    # Issue 27: Chips scoring rule 2 broke after "Queen or" with 104 mm of the line empty (WeasyPrint 70,
    # a line ending in a space before an inline element: booklets.keep_together).
    for n, page in enumerate(books[game_id].pages[1:-1], start=2):
        bad = early_breaks(page, 9, (11, 12.5), _text_block(page, n)[1])
        assert not bad, f"{game_id} p. {n}: {bad}"


@pytest.mark.parametrize("game_id", GAMES)
def test_page_numbers_on_every_page_but_the_covers(books: dict[str, Any], game_id: str) -> None:
    pages = books[game_id].pages
    for n, page in enumerate(pages[1:-1], start=2):
        foot = (page.within_bbox((0, page.height - FOOT_MM * MM, page.width, page.height)).extract_text() or "")
        assert foot.split() == [str(n)], f"{game_id} p. {n}: foot {foot!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_contents_list_gives_each_part_and_rule_section_its_right_page(books: dict[str, Any],
                                                                            game_id: str) -> None:
    game = LOADED[game_id].data
    pages = _pages(books[game_id])
    contents = [" ".join(ln.split()) for ln in pages[1].splitlines()]
    assert contents[0] == "Contents"
    numbers = rule_numbers(game)
    wanted = ["Quick start", "How a round works", "The rules", "Scoring", "Tie-breakers", "Worked examples",
              "Rulings", "Variants", "Origins", "Glossary"]
    wanted += [f"{numbers[s['id']]}. {s['title']}" for s in game["rules"]]
    if game.get("sample_round"):
        wanted.append(game["sample_round"]["heading"])
    if game.get("comparison"):
        wanted.append("For the card-game curious")
    for title in wanted:
        line = next((ln for ln in contents if re.fullmatch(rf"{re.escape(title)}[ .]*\d+", ln)), None)
        assert line is not None, f"{game_id}: {title!r} is not in the contents: {contents}"
        page = int(line.split()[-1].strip("."))
        lines = [" ".join(ln.split()) for ln in pages[page - 1].splitlines()]
        assert title in lines, f"{game_id}: the contents put {title!r} on p. {page}, which has {lines[:4]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_cross_references_carry_the_right_page(books: dict[str, Any], game_id: str) -> None:
    pages = _pages(books[game_id])
    flat = " ".join(" ".join(p.split()) for p in pages)
    rulings = re.findall(r"ruling “([^”]+)”, p\. (\d+)", flat)
    rules = re.findall(r"rule (\d+\.\d+), p\. (\d+)", flat)
    # A game whose text links rules and rulings ([[#id]]) shows their pages; a small game may link none.
    links = re.findall(r"\[\[#([^\]]+)\]\]", json.dumps(LOADED[game_id].data))
    assert rulings or not any("-ruling-" in link for link in links), f"{game_id}: references to rulings without pages"
    assert rules or not links, f"{game_id}: references without pages"
    for title, page in rulings:
        lines = [" ".join(ln.split()) for ln in pages[int(page) - 1].splitlines()]
        assert title in lines, f"{game_id}: ruling {title!r} is not on p. {page}"
    for number, page in rules:
        starts = {ln.split()[0] for ln in pages[int(page) - 1].splitlines() if ln.split()}
        assert number in starts, f"{game_id}: rule {number} is not on p. {page}"


# --------------------------------------------------------------------------- everything of the page


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_step_tie_and_scoring_rule(books: dict[str, Any], game_id: str) -> None:
    game = LOADED[game_id].data
    refs, text, numbers = _refs(game_id), _text(books[game_id]), rule_numbers(game)
    for section in game["rules"]:
        assert squash(f"{numbers[section['id']]}. {section['title']}") in text
        if section.get("intro"):
            assert plain(section["intro"], refs) in text
        for item in section["items"]:
            assert squash(numbers[item["id"]]) + plain(item.get("title", "") + item["text"], refs) in text, (
                f"{game_id}: rule {numbers[item['id']]} ({item['id']})")
            for point in item.get("points", []):
                assert plain(point, refs) in text
    for step in game["round"]["steps"]:
        assert plain(step["text"] if isinstance(step, dict) else step, refs) in text
    for step in game["quick_start"]["steps"]:
        assert plain(step["text"], refs) in text
    for tie in game["tie_breakers"]:
        assert plain(tie["text"], refs) in text
    for item in game["scoring"].get("items", []):
        assert plain(item["text"], refs) in text
    for row in game["scoring"].get("table", []):
        assert plain(row["cards"], refs) in text


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ruling_with_its_question_readings_ruling_and_reason(books: dict[str, Any], game_id: str) -> None:
    refs, text = _refs(game_id), _text(books[game_id])
    for ruling in _on_paper(LOADED[game_id].data["rulings"]):
        assert squash(ruling["title"]) in text, ruling["id"]
        assert "Thequestion:" + plain(ruling["question"], refs) in text, ruling["id"]
        for n, reading in enumerate(ruling["readings"], start=1):
            followed = "(followedhere)" if n == ruling["chosen"] else ""
            assert f"{n}." + plain(reading, refs) + followed in text, f"{ruling['id']} reading {n}"
        assert "Ourruling:" + plain(ruling["ruling"], refs) in text, ruling["id"]
        assert "Why:" + plain(ruling["why"], refs) in text, ruling["id"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_worked_example(books: dict[str, Any], game_id: str) -> None:
    refs, text = _refs(game_id), _text(books[game_id])
    for ex in LOADED[game_id].data["examples"]:
        assert squash(ex["title"]) in text and plain(ex["explain"], refs) in text, ex["id"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_sample_round_step_by_step(books: dict[str, Any], game_id: str) -> None:
    from generator.content.samples import sample_round

    game = LOADED[game_id].data
    sample = sample_round(game_id, game)
    if sample is None:
        pytest.skip(f"{game_id} has no sample round")
    refs, text = _refs(game_id), _text(books[game_id])
    assert squash(sample.title) in text
    for step in sample.steps:
        assert plain(step.action, refs) in text, f"{game_id} sample step {step.number}"
        if step.note:
            assert plain(step.note, refs) in text
        for name, cards, _ in step.hands:
            assert squash(f"{name}:") + plain(" ".join(f"[[{c}]]" for c in cards), refs) in text if cards else True
    for name, words in sample.result:
        assert squash(f"{name}:") + plain(words, refs) in text


@pytest.mark.parametrize("game_id", GAMES)
def test_origins_comparison_glossary_and_variants_in_full(books: dict[str, Any], game_id: str) -> None:
    game = LOADED[game_id].data
    refs, text = _refs(game_id), _text(books[game_id])
    for paragraph in game["origins"]:
        assert plain(paragraph, refs) in text
    cmp = game.get("comparison")
    if cmp:
        assert plain(cmp["intro"], refs) in text
        columns = _columns(books[game_id], ["Aspect", game["name"], *cmp["relatives"]])
        assert squash("".join(plain(row["aspect"], refs) for row in cmp["rows"])) in columns[0]
        assert squash("".join(plain(row["game"], refs) for row in cmp["rows"])) in columns[1]
        for i, _ in enumerate(cmp["relatives"]):
            assert squash("".join(plain(row["relatives"][i], refs) for row in cmp["rows"])) in columns[2 + i]
    for entry in game["glossary"]:
        assert squash(entry["term"] + ":") + plain(entry["text"], refs) in text, entry["term"]
    assert plain(game["variants"]["intro"], refs) in text
    for variant in game["variants"]["items"]:
        assert squash(variant["title"]) in text and plain(variant["text"], refs) in text
        if variant.get("incomplete"):
            assert "Incomplete:" + plain(variant["incomplete"], refs) in text, f"{variant['id']} is not marked"


def _columns(doc: Any, headers: list[str]) -> list[str]:
    """The text of each column of the table whose header row reads ``headers``, from the header down
    to the table's end (pages after it included), squashed: a table's cells wrap side by side, so
    the page's text interleaves them."""
    for n, page in enumerate(doc.pages):
        words = page.extract_words()
        for w in words:
            if w["text"] != headers[0].split()[0]:
                continue
            line = sorted((v for v in words if abs(v["top"] - w["top"]) < 1), key=lambda v: v["x0"])
            starts = []
            for header in headers:
                first = header.split()[0]
                hit = next((v for v in line if v["text"] == first and all(v["x0"] > s for s in starts)), None)
                if hit is None:
                    break
                starts.append(hit["x0"])
            if len(starts) != len(headers):
                continue
            out = []
            for i, x0 in enumerate(starts):
                x1 = starts[i + 1] - 0.5 if i + 1 < len(starts) else page.width
                parts = [page.crop((x0 - 0.5, line[0]["bottom"], x1, page.height - FOOT_MM * MM)).extract_text() or ""]
                for later in doc.pages[n + 1:n + 2]:
                    parts.append(later.crop((x0 - 0.5, HEAD_MM * MM, x1, later.height - FOOT_MM * MM)).extract_text() or "")
                out.append(squash("".join(parts)))
            return out
    raise AssertionError(f"no table headed {headers}")


# --------------------------------------------------------------------------- the booklets


def _folded(sides: list[list[tuple[str, float, float, float, float]]], width: float) -> list[int | None]:
    """The page numbers in reading order of a stack of imposed sheets folded in half (sheet 1
    outside), each side as its placed forms: fronts seen as printed, backs seen after a turn on
    the short edge (left and right swap). A blank half reads as None."""
    def halves(side: list[Any]) -> tuple[int | None, int | None]:
        left = next((int(n[3:]) for n, x0, _, x1, _ in side if x1 <= width / 2 + 0.01), None)
        right = next((int(n[3:]) for n, x0, _, x1, _ in side if x0 >= width / 2 - 0.01), None)
        return left, right

    fronts = [halves(s) for s in sides[0::2]]
    backs = [halves(s) for s in sides[1::2]]
    # Opening the folded stack: sheet s front right, back left ... then back right, front left in reverse.
    order: list[int | None] = []
    for front, back in zip(fronts, backs):
        order += [front[1], back[0]]
    for front, back in reversed(list(zip(fronts, backs))):
        order += [back[1], front[0]]
    return order


@pytest.mark.parametrize("key", list(gpdf.BOOK_PAPERS))
def test_the_booklet_folds_into_the_book_in_page_order(pdf_dir: Path, books: dict[str, Any], key: str) -> None:
    from pypdf import PdfReader

    paper = gpdf.BOOK_PAPERS[key]
    for gid in GAMES:
        reader = PdfReader(pdf_dir / f"{gid}-rulebook-{key}.pdf")
        width = paper.width_mm * MM
        sides = [placements(page) for page in reader.pages]
        for page, side in zip(reader.pages, sides):
            assert abs(float(page.mediabox.width) - width) < 0.5 and \
                abs(float(page.mediabox.height) - paper.height_mm * MM) < 0.5, f"{gid}-{key}: sheet size"
            for _, x0, y0, x1, y1 in side:
                assert abs((x1 - x0) / MM - paper.page_w_mm) < 0.05 and abs((y1 - y0) / MM - paper.page_h_mm) < 0.05
                # The two pages meet at the fold, in the middle of the sheet.
                assert abs(x1 - width / 2) < 0.01 or abs(x0 - width / 2) < 0.01
        order = _folded(sides, width)
        if key == "a4":
            n = len(books[gid].pages)
        else:
            n = max(p for side in sides for p in (int(s[0][3:]) for s in side))
        assert len(order) % 4 == 0 and len(order) - n < 4, f"{gid}-{key}: {len(order)} pages for a book of {n}"
        pages = [p for p in order if p is not None]
        assert pages == list(range(1, n + 1)), f"{gid}-{key} folds into {order}"
        assert order[-1] == n, f"{gid}-{key}: the back cover is not on the outside"


@pytest.mark.parametrize("key", list(gpdf.BOOK_PAPERS))
def test_nothing_within_6_mm_of_a_booklet_sheet_edge(pdf_dir: Path, key: str) -> None:
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-rulebook-{key}.pdf") as doc:
            for n, page in enumerate(doc.pages, start=1):
                bad = marks_near_edge(page, gpdf.SAFE_MM)
                assert not bad, f"{gid}-rulebook-{key} side {n}: {bad[:3]}"


@pytest.mark.parametrize("key", list(gpdf.BOOK_PAPERS))
def test_each_sheet_shows_where_to_fold_on_its_outside(pdf_dir: Path, key: str) -> None:
    # Issue 27: the imposed booklets had no fold mark. A short dashed line on the fold at the top and at
    # the foot of each front (the outside of the sheet once folded), 6 mm clear of the edge and of every
    # mark of the pages; none on the backs.
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-rulebook-{key}.pdf") as doc:
            for n, page in enumerate(doc.pages, start=1):
                mid = page.width / 2
                marks = [ln for ln in page.lines if abs(ln["x0"] - mid) < 0.05 and abs(ln["x1"] - mid) < 0.05]
                if n % 2 == 0:
                    assert not marks, f"{gid}-rulebook-{key} side {n} (a back) has a fold mark"
                    continue
                assert len(marks) == 2 and all(ln.get("dash") for ln in marks), f"{gid}-rulebook-{key} side {n}"
                top, foot = sorted(marks, key=lambda ln: ln["top"])
                assert abs(top["top"] / MM - gpdf.SAFE_MM) < 0.05 and abs((page.height - foot["bottom"]) / MM - gpdf.SAFE_MM) < 0.05
                for m in ink(page):
                    if m[0] != "line" or abs(m[2] + m[4] - 2 * mid) > 0.1:
                        clear = m[4] < mid - 3 * MM or m[2] > mid + 3 * MM or (top["bottom"] + 2 * MM < m[3] and m[5] < foot["top"] - 2 * MM)
                        assert clear, f"{gid}-rulebook-{key} side {n}: {m[:2]} beside the fold mark"


@pytest.mark.parametrize("key", list(gpdf.BOOK_PAPERS))
def test_the_first_side_says_how_to_print_with_a_20_mm_square(pdf_dir: Path, key: str) -> None:
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-rulebook-{key}.pdf") as doc:
            page = doc.pages[0]
            box = next(r for r in page.rects if r["width"] > 60 * MM and r["x1"] <= page.width / 2)
            note = page.crop((box["x0"], box["top"], box["x1"], box["bottom"]))
            text = " ".join((note.extract_text() or "").split())
            for needed in ("100 %", "Actual size", "Both sides", "flip on the short edge", "g/m²", "20 mm"):
                assert needed in text, f"{gid}-rulebook-{key}: the note does not say {needed!r}"
            chars = [c for c in note.chars if c["text"].strip()]
            assert min(c["size"] for c in chars) >= 7.95 and all(c["upright"] for c in chars)
            squares = [r for r in note.rects if abs(r["width"] / MM - gpdf.SQUARE_MM) < 0.15
                       and abs(r["height"] / MM - gpdf.SQUARE_MM) < 0.15]
            assert squares, f"{gid}-rulebook-{key}: no reference square"
            # Clear of the fold.
            assert box["x1"] < page.width / 2 - 6 * MM


def test_book_order_pads_before_the_back_cover() -> None:
    assert gpdf.book_order(4) == [(4, 1), (2, 3)]
    assert gpdf.book_order(6) == [(6, 1), (2, None), (None, 3), (4, 5)]
    sides = gpdf.book_order(27)
    assert len(sides) == 14 and sides[0] == (27, 1) and sides[1] == (2, None)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_picture_of_the_table_with_its_words(books: dict[str, Any], game_id: str) -> None:
    # The page's picture of the table (partials/table_picture.html) is in the book too: its
    # description, each seat and what lies in the middle, in the book's own faces (WeasyPrint takes
    # no stylesheet inside an SVG, so a missing font-family falls back to DejaVu).
    table = LOADED[game_id].data.get("table")
    if not table:
        pytest.skip(f"{game_id} has no table picture")
    refs, text = _refs(game_id), _text(books[game_id])
    assert plain(table["description"], refs) in text
    for seat in table["seats"]:
        assert squash(seat["name"]) in text
    for item in table["middle"]:
        assert squash(item["label"]) in text
    fonts = {ch["fontname"].split("+")[-1] for page in books[game_id].pages for ch in page.chars}
    assert fonts and not any("DejaVu" in f for f in fonts), fonts
