"""The card-box rules and their print-at-home sheets (generator.print.booklets, issues 4 and 13).

Every PDF is built once per session (tests/support/pdf_build.py, shared with
tests/test_rulebook_pdf.py), and one game's once more for the byte-identity test. Pages of each booklet are also
rendered to PNG in ``test-output/pdf-png/`` for a human look.
"""

from __future__ import annotations

import json
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
    page_texts,
    placements,
    plain,
    squash,
    unbroken_needles,
)

SUITS = "♠♥♦♣"
#: Our families as WeasyPrint names them in the PDF (after the six-letter subset tag).
OUR_FONTS = re.compile(r"^(Atkinson-Hyperlegible|AtkinsonHyperlegible|Rulebook-Suits)")
LOADED = {g.id: g for g in load_games(ROOT)}
GAMES = list(LOADED)
#: The card box's page furniture: the foot line sits in the bottom 7.3 mm, the text starts 3.7 mm down.
FOOT_MM = 7.0
#: Each part's heading, and the word its pages' foot lines name it by.
PARTS = {"Quick start": "Quick start", "The rules": "Rules", "Scoring": "Scoring", "Tie-breakers": "Ties",
         "Rulings": "Rulings", "Worked examples": "Examples", "Variants": "Variants", "Card values": "Card values"}

#: The padding of the printing note inside its card slot on a sheet (print/sheet.css .pdf-sheet__note).
NOTE_PADDING_MM = 4.5

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdf_dir() -> Path:
    return build_once()


@pytest.fixture(scope="module")
def booklets(pdf_dir: Path) -> Iterator[dict[str, Any]]:
    import pdfplumber

    opened = {gid: pdfplumber.open(pdf_dir / f"{gid}.pdf") for gid in GAMES}
    yield opened
    for doc in opened.values():
        doc.close()


def _text(doc: Any) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


def _body(doc: Any) -> str:
    """The booklet's text without its foot lines, page after page."""
    return "\n".join(body_text(page, 0, FOOT_MM) for page in doc.pages)


def _refs(game_id: str) -> Any:
    # As the PDFs link (a ruling for the site's tools only is named, on the game's web page).
    return gpdf.paper_refs([g.data for g in LOADED.values()], game_id)


def _on_paper(rulings: list[Any]) -> list[Any]:
    """The rulings a PDF prints: all but those for the site's tools only (scope: site, issue 37)."""
    return [r for r in rulings if r.get("scope") != "site"]


# --------------------------------------------------------------------------- files


def test_the_build_writes_every_book_of_every_game(pdf_dir: Path) -> None:
    names = sorted(p.name for p in pdf_dir.iterdir())
    expected = sorted(f["name"] for gid in GAMES for f in gpdf.pdf_files(gid))
    assert names == expected
    for gid in GAMES:
        assert {f"{gid}.pdf", f"{gid}-a4.pdf", f"{gid}-letter.pdf", f"{gid}-rulebook.pdf",
                f"{gid}-rulebook-a4.pdf", f"{gid}-rulebook-letter.pdf"} <= set(names)


@pytest.mark.parametrize("game_id", GAMES)
def test_card_box_rules_fit_eleven_cards_at_most_22_pages_and_250_kb(
        pdf_dir: Path, booklets: dict[str, Any], game_id: str) -> None:
    size = (pdf_dir / f"{game_id}.pdf").stat().st_size
    pages = len(booklets[game_id].pages)
    # Issue 40 set the type on 8.5 pt lines, each card reading alone: Chips takes eleven cards with
    # issue 37's K-A-2 readings (two sheets to print at home, nine cards a sheet), Chains seven,
    # 3 Chip Stack eight (bench/README.md has the figures).
    assert pages <= 22, f"{game_id}.pdf has {pages} pages (eleven cards, both sides)"
    assert size <= 250 * 1024, f"{game_id}.pdf is {size / 1024:.0f} KB"


#: The game `rulebook pdf` makes below: the one whose books take least time.
ALONE = "3-chip-stack"


def test_a_game_made_alone_is_the_builds_byte_for_byte(pdf_dir: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`rulebook pdf GAME` (booklets.build_game_pdfs: in this process, one part after another) makes the
    files the build's workers made, byte for byte. Two whole builds, every book, are compared by
    tests/test_build_cache.py (its build made from nothing against this session's)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    made = gpdf.build_game_pdfs(ROOT, ALONE, tmp_path / "again")
    books = sorted(p.name for p in pdf_dir.iterdir() if p.name.startswith(f"{ALONE}"))
    assert books == sorted(f["name"] for f in gpdf.pdf_files(ALONE))
    assert sorted(p.name for p in made if p.name in books) == books
    for path in made:
        if path.name in books:
            assert path.read_bytes() == (pdf_dir / path.name).read_bytes(), f"{path.name} differs between two builds"


def test_a_family_editions_covers_list_its_house_rules_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 25: `rulebook pdf chips --house FILE` prints the game as the table plays it, and the cover of the
    # card box and of the complete rulebook lists each house rule in force: the choice in its short label
    # ("K-A-2: never a group", issue 37).
    from pypdf import PdfReader

    from generator.content import house

    game = LOADED["chips"]
    chosen = {o.id: o.values[-1] if o.values[-1] != o.default else o.values[0] for o in house.game_options(game)}
    in_force = house.changed(game, chosen)
    assert len(in_force) >= 3
    path = tmp_path / "house.yaml"
    path.write_text("chips:\n" + "".join(f"  {k}: {v}\n" for k, v in chosen.items()), encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.setenv(house.EDITION_ENV, str(path))
    games = list(LOADED.values())
    covers = {"card box": gpdf.render_booklet(ROOT, game, games),
              "rulebook": gpdf.render_rulebook(ROOT, game, games, None, gpdf.BOOK_PAPERS["a4"])}
    for what, data in covers.items():
        (tmp_path / "x.pdf").write_bytes(data)
        cover = squash(PdfReader(tmp_path / "x.pdf").pages[0].extract_text())
        assert squash("Your table's rules") in cover, f"the {what}'s cover names no house rules"
        for option, value in in_force:
            # Each choice in its short label (issue 37), as the site's banner names it.
            words = squash(option.short_label(value))
            if option.scope == "site":
                # Issue 37: an option for the site's tools only is no rule of the table: not on paper.
                assert words not in cover and squash(option.title) not in cover, f"the {what}'s cover lists {option.id}"
                continue
            assert words in cover, f"the {what}'s cover leaves out {option.id}={value} ({words})"

    # A house file that keeps the family's rules prints the default edition, byte for byte.
    path.write_text("chips:\n" + "".join(f"  {o.id}: {o.default}\n" for o in house.game_options(game)),
                    encoding="utf-8")
    kept = gpdf.render_booklet(ROOT, game, games)
    monkeypatch.delenv(house.EDITION_ENV)
    assert kept == gpdf.render_booklet(ROOT, game, games)


def test_pdf_dates_and_edition_come_from_source_date_epoch(pdf_dir: Path, booklets: dict[str, Any]) -> None:
    from pypdf import PdfReader

    info = PdfReader(pdf_dir / f"{GAMES[0]}.pdf").metadata
    assert info is not None
    assert str(info.get("/CreationDate", "")).startswith("D:20251129")
    assert gpdf.project_edition(ROOT).version in _text(booklets[GAMES[0]])
    assert "2025-11-29" in _text(booklets[GAMES[0]])


# --------------------------------------------------------------------------- pages


@pytest.mark.parametrize("game_id", GAMES)
def test_every_booklet_page_is_63_by_88_mm(booklets: dict[str, Any], game_id: str) -> None:
    for n, page in enumerate(booklets[game_id].pages, start=1):
        assert abs(page.width / MM - 63) <= 0.5, f"{game_id} page {n}: width {page.width / MM:.2f} mm"
        assert abs(page.height / MM - 88) <= 0.5, f"{game_id} page {n}: height {page.height / MM:.2f} mm"


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheets_are_duplex_sheets_at_their_paper_size(pdf_dir: Path, booklets: dict[str, Any],
                                                      paper: gpdf.Paper) -> None:
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-{paper.key}.pdf") as doc:
            cards = -(-len(booklets[gid].pages) // 2)
            sheets = -(-(cards + 1) // paper.per_side)  # the printing note takes the slot after the last card
            assert len(doc.pages) == 2 * sheets, f"{gid}-{paper.key}: {len(doc.pages)} sides for {sheets} sheets"
            for page in doc.pages:
                assert abs(page.width / MM - paper.width_mm) <= 0.5
                assert abs(page.height / MM - paper.height_mm) <= 0.5


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_within_3_5_mm_of_the_card_trim(booklets: dict[str, Any], game_id: str) -> None:
    # A hand cut is +-1 mm and duplex printing drifts: every glyph, line and box keeps 3.5 mm clear,
    # the foot line and page number too.
    for n, page in enumerate(booklets[game_id].pages, start=1):
        bad = marks_near_edge(page, gpdf.CARD_SAFE_MM)
        assert not bad, f"{game_id} page {n}: {bad[:3]}"
        assert page.chars, f"{game_id} page {n} is empty"


@pytest.mark.parametrize("game_id", GAMES)
def test_body_type_is_at_least_7_pt(booklets: dict[str, Any], game_id: str) -> None:
    sizes = [(round(ch["size"], 2), ch["text"], n) for n, page in enumerate(booklets[game_id].pages, start=1)
             for ch in page.chars if ch["text"].strip()]
    smallest = min(sizes)
    assert smallest[0] >= 6.95, f"{game_id}: {smallest[1]!r} on page {smallest[2]} is {smallest[0]} pt"


def _fill(page: Any, top_mm: float, foot_mm: float) -> float:
    """How far down its text area a page's text reaches, 0 (empty) to 1 (full)."""
    chars = [c for c in page.chars if c["text"].strip() and c["bottom"] < page.height - foot_mm * MM]
    if not chars:
        return 0.0
    top, bottom = top_mm * MM, page.height - foot_mm * MM
    return (max(c["bottom"] for c in chars) - top) / (bottom - top)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_under_half_full_but_the_last(booklets: dict[str, Any], game_id: str) -> None:
    # The parts of the card box run on, so only the last page ends a part early, and the pages before
    # the parts that start a card of their own (issue 40: the rules after the Quick start, the
    # variants kept whole, the card values on the last card).
    pages = booklets[game_id].pages
    for n, page in enumerate(pages[1:-1], start=2):
        following = body_text(pages[n], 0, FOOT_MM).split("\n", 1)[0].strip()
        if following in ("The rules", "Variants", "Card values"):
            continue
        fill = _fill(page, 3.9, 7.7)
        assert fill >= 0.5, f"{game_id} page {n} is {fill:.0%} full"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_ends_with_a_heading(booklets: dict[str, Any], game_id: str) -> None:
    game = LOADED[game_id]
    numbers = rule_numbers(game.data)
    headings = set(PARTS)
    headings |= {f"{numbers[s['id']]}. {s['title']}" for s in game.data["rules"]}
    headings |= {ex["title"] for ex in game.data["examples"]} | {"What each card is worth", "Cards Value"}
    for n, page in enumerate(booklets[game_id].pages[1:-1], start=2):
        lines = [ln.strip() for ln in body_text(page, 0, FOOT_MM).splitlines() if ln.strip()]
        assert lines, f"{game_id} page {n} has no text"
        assert lines[-1] not in headings, f"{game_id} page {n} ends with the heading {lines[-1]!r}"
        # A rule number alone on the last line (its text on the next page) is a heading too.
        assert not re.fullmatch(r"\d+\.\d+", lines[-1]), f"{game_id} page {n} ends with {lines[-1]!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_foot_line_names_every_part_on_the_card_game_edition_and_page(
    booklets: dict[str, Any], game_id: str
) -> None:
    # Issue 27: the foot line named only the part a card starts in. It names each part on the card (the
    # one carried over from the card before, then each whose heading is on it), at most two by name,
    # more as a range; clear of the game, edition and page on the right.
    doc = booklets[game_id]
    version = gpdf.project_edition(ROOT).version
    name = LOADED[game_id].data["name"]
    total = len(doc.pages)
    current: str | None = None
    for n, page in enumerate(doc.pages[1:], start=2):
        lines = [ln.strip() for ln in body_text(page, 0, FOOT_MM).splitlines() if ln.strip()]
        opened = [PARTS[ln] for ln in lines if ln in PARTS]
        here = ([current] if current and not (lines and lines[0] in PARTS) else []) + opened
        current = here[-1] if here else current
        want = " · ".join(here) if len(here) <= 2 else f"{here[0]} – {here[-1]}"
        foot = " ".join((page.within_bbox((0, page.height - FOOT_MM * MM, page.width, page.height))
                         .extract_text() or "").split())
        assert foot == f"{want} {name} {version} · {n}/{total}", f"{game_id} page {n} foot: {foot!r}, want {want!r}"
        chars = [c for c in page.chars if c["top"] > page.height - FOOT_MM * MM and c["text"].strip()]
        left = [c for c in chars if "Bold" in c["fontname"]]
        right = [c for c in chars if "Bold" not in c["fontname"]]
        gap = (min(c["x0"] for c in right) - max(c["x1"] for c in left)) / MM
        assert gap >= 2, f"{game_id} page {n}: the foot line's two halves are {gap:.1f} mm apart"


# --------------------------------------------------------------------------- content


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_by_its_number_and_text(booklets: dict[str, Any], game_id: str) -> None:
    game = LOADED[game_id].data
    numbers = rule_numbers(game)
    refs = _refs(game_id)
    body = _body(booklets[game_id])
    text = squash(body)
    starts = {ln.split()[0] for ln in body.splitlines() if ln.split()}
    for section in game["rules"]:
        assert squash(f"{numbers[section['id']]}. {section['title']}") in text
        for item in section["items"]:
            assert numbers[item["id"]] in starts, f"{game_id}: rule {numbers[item['id']]} has no number"
            assert squash(numbers[item["id"]]) + plain(item.get("title", "") + item["text"], refs) in text, (
                f"{game_id}: rule {numbers[item['id']]} ({item['id']}) is missing or cut")
            for point in item.get("points", []):
                assert plain(point, refs) in text
    for item in game["scoring"].get("items", []):
        assert plain(item["text"], refs) in text
    for tie in game["tie_breakers"]:
        assert plain(tie["text"], refs) in text
    # Web ids are not printed: the numbers are.
    ids = [i["id"] for s in game["rules"] for i in s["items"]] + [r["id"] for r in game["rulings"]]
    printed = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", body)]
    assert not printed, f"{game_id}: web ids printed: {printed}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ruling_as_its_question_and_its_answer(booklets: dict[str, Any], game_id: str) -> None:
    text = squash(_body(booklets[game_id]))
    refs = _refs(game_id)
    for ruling in _on_paper(LOADED[game_id].data["rulings"]):
        title = squash(ruling["title"])
        title += "" if title[-1] in "?!." else "."
        q, a = plain(ruling["question"], refs), plain(ruling["ruling"], refs)
        assert f"{title}Q:{q}A:{a}" in text, f"{game_id}: ruling {ruling['id']} is not printed as title, Q, A"


@pytest.mark.parametrize("game_id", GAMES)
def test_glance_quick_start_variants_and_the_chosen_examples(booklets: dict[str, Any], game_id: str) -> None:
    game = LOADED[game_id].data
    refs = _refs(game_id)
    text = squash(_body(booklets[game_id]))
    for fact in game["glance"]:
        assert squash(fact["label"] + ":") + plain(fact["value"], refs) in squash(booklets[game_id].pages[0]
                                                                                  .extract_text() or "")
    for step in game["quick_start"]["steps"]:
        assert plain(step["text"], refs) in text
    assert plain(game["variants"]["intro"], refs) in text
    for variant in game["variants"]["items"]:
        if not variant.get("incomplete"):
            assert squash(variant["title"] + ".") + plain(variant["text"], refs) in text
    # The examples the template keeps are printed whole; the others are counted, not dropped silently.
    html = _cardbox_html(game_id)
    kept = re.search(r'data-kept-examples="([^"]*)"', html)
    assert kept is not None
    kept_ids = kept.group(1).split()
    assert 1 <= len(kept_ids) <= 5, f"{game_id}: {len(kept_ids)} examples in the card box"
    by_id = {ex["id"]: ex for ex in game["examples"]}
    assert set(kept_ids) <= set(by_id), f"{game_id}: the card box names examples the game has not"
    for eid in kept_ids:
        assert squash(by_id[eid]["title"]) in text and plain(by_id[eid]["explain"], refs) in text
    left_out = len(game["examples"]) - len(kept_ids)
    if left_out:
        assert squash(f"{left_out} more worked examples") in text


def _cardbox_html(game_id: str) -> str:
    games = list(LOADED.values())
    return gpdf._render_linked("pdf/booklet.html", LOADED[game_id], games, gpdf.project_edition(ROOT),
                               elsewhere=f"{game_id}-rulebook.pdf")


@pytest.mark.parametrize("game_id", GAMES)
def test_cross_references_carry_the_page_they_point_to(booklets: dict[str, Any], game_id: str) -> None:
    pages = [body_text(p, 0, FOOT_MM) for p in booklets[game_id].pages]
    text = " ".join(" ".join(p.split()) for p in pages)
    found = re.findall(r"ruling “([^”]+)”, p\. (\d+)", text)
    # Every game whose text links a ruling ([[#...-ruling-...]]) shows the page; a small game may link none.
    linked = "-ruling-" in " ".join(re.findall(r"\[\[#([^\]]+)\]\]", json.dumps(LOADED[game_id].data)))
    assert found or not linked, f"{game_id}: no reference to a ruling carries a page"
    for title, page in found:
        assert squash(title) in squash(pages[int(page) - 1]), f"{game_id}: ruling {title!r} is not on p. {page}"
    for number, page in re.findall(r"rule (\d+\.\d+), p\. (\d+)", text):
        starts = {ln.split()[0] for ln in pages[int(page) - 1].splitlines() if ln.split()}
        assert number in starts, f"{game_id}: rule {number} is not on p. {page}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_front_face_is_name_suits_and_rules(booklets: dict[str, Any], game_id: str) -> None:
    page = booklets[game_id].pages[0]
    name = LOADED[game_id].data["name"]
    big = "".join(c["text"] for c in page.chars if c["size"] >= 18)
    assert squash(name) in squash(big), f"{game_id}: the name is not large on the front ({big!r})"
    suits = {c["text"] for c in page.chars if c["text"] in SUITS and c["size"] >= 14}
    assert suits == set(SUITS)
    assert "RULES" in (page.extract_text() or "").upper()
    for key in ("players", "rounds", "packs"):
        assert str(LOADED[game_id].glance(key)) in " ".join((page.extract_text() or "").split())


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


@pytest.mark.parametrize("suffix", ["", "-a4", "-letter", "-rulebook", "-rulebook-a4", "-rulebook-letter"])
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


# --------------------------------------------------------------------------- as a publisher would set it (issue 27)


def _cardbox_units(game_id: str) -> list[Any]:
    """Each thought of the card box, squashed as printed (or as its first and last words, where what lies
    between is not plain text): a quick-start step, a rule, a scoring rule, a tie-breaker, a ruling's
    question and answer, a kept example, a variant, the table of card values, the closing note."""
    game = LOADED[game_id].data
    refs, numbers = _refs(game_id), rule_numbers(game)
    units: list[Any] = [plain(step["text"], refs) for step in game["quick_start"]["steps"]]
    for section in game["rules"]:
        if section.get("intro"):
            units.append(plain(section["intro"], refs))
        for item in section["items"]:
            units.append(squash(numbers[item["id"]]) + plain(item.get("title", "") + item["text"], refs)
                         + "".join(plain(p, refs) for p in item.get("points", [])))
    scoring = game["scoring"]
    units += [plain(scoring["intro"], refs)] if scoring.get("intro") else []
    units += [f"S{i}" + plain(item["text"], refs) for i, item in enumerate(scoring.get("items", []), start=1)]
    units += [f"{i}" + plain(tie["text"], refs) for i, tie in enumerate(game["tie_breakers"], start=1)]
    for ruling in _on_paper(game["rulings"]):
        title = squash(ruling["title"]) + ("" if ruling["title"][-1] in "?!." else ".")
        units.append(f"{title}Q:{plain(ruling['question'], refs)}A:{plain(ruling['ruling'], refs)}")
    kept = _kept(game_id)
    units += [(squash(ex["title"]), plain(ex["explain"], refs)) for ex in game["examples"] if ex["id"] in kept]
    units += [squash(v["title"] + ".") + plain(v["text"], refs) for v in game["variants"]["items"]
              if not v.get("incomplete")]
    if scoring.get("table"):
        last = scoring["table"][-1]
        units.append(("Whateachcardisworth", plain(last["cards"], refs)))
    edition = gpdf.Edition(gpdf.project_edition(ROOT).version, int(EPOCH))
    units.append(("Moreinthecompleterulebook", squash(f"Edition {edition.label}.")))
    return units


def _kept(game_id: str) -> list[str]:
    kept = re.search(r'data-kept-examples="([^"]*)"', _cardbox_html(game_id))
    assert kept is not None
    return kept.group(1).split()


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_splits_a_rule_ruling_example_table_or_sentence(booklets: dict[str, Any], game_id: str) -> None:
    # A loose card is read alone (issue 27: 6 of 15 page turns of the Chips card box split a sentence).
    # Every thought is whole on one card; every card but the last ends at the end of a sentence or of a
    # thought, and none begins inside one.
    pages = [body_text(p, 0, FOOT_MM) for p in booklets[game_id].pages]
    units = _cardbox_units(game_id)
    where = page_of_each(pages, units)
    missing = [u for u, at in where.items() if not at]
    assert not missing, f"{game_id}: not found as printed: {missing[:3]}"
    split = {(u if isinstance(u, str) else u[0])[:40]: at for u, at in where.items() if len(at) > 1}
    assert not split, f"{game_id}: split over a page turn: {split}"
    ends = {where[u][0]: u for u in units}
    for n, text in enumerate(pages[1:-1], start=2):
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        last, first = lines[-1], lines[0]
        ends_a_unit = any(squash(text).endswith(u if isinstance(u, str) else u[1])
                          for u in units if where[u] == [n])
        assert ends_a_unit or re.search(r"[.?!:)”]$", last), f"{game_id} page {n} ends inside a sentence: {last!r}"
        assert not first[0].islower(), f"{game_id} page {n} begins inside a sentence: {first!r}"
    assert ends, game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_box_leaves_out_an_incomplete_variant_and_says_so(booklets: dict[str, Any], game_id: str) -> None:
    # Issue 27: what cannot be played has no place in the box. The template leaves it out (it is not in
    # the card box's HTML at all, so no stylesheet hides it), names it on the last card, and the complete
    # rulebook prints it, marked (tests/test_rulebook_pdf.py).
    game = LOADED[game_id].data
    html = _cardbox_html(game_id)
    text = squash(_body(booklets[game_id]))
    unfinished = [v for v in game["variants"]["items"] if v.get("incomplete")]
    left_out = re.search(r'data-left-out-variants="([^"]*)"', html)
    assert left_out is not None and left_out.group(1).split() == [v["id"] for v in unfinished]
    assert "Incomplete" not in text and "rb-incomplete" not in html
    for variant in unfinished:
        assert f'id="{variant["id"]}"' not in html and plain(variant["text"], _refs(game_id)) not in text
        assert squash(f"“{variant['title']}”, a variant not yet recorded in full") in text
    if game_id == "chips":
        assert unfinished, "Chips' two-tables variant is the incomplete one this test was written for"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_values_are_on_the_last_card(booklets: dict[str, Any], game_id: str) -> None:
    # Issue 27: the table of card values sat mid-pack while the last card was half empty. It is on the
    # last card, where a player looks for it, and not a second time among the scoring rules.
    game = LOADED[game_id].data
    if not game["scoring"].get("table"):
        pytest.skip(f"{game_id} has no table of card values")
    pages = [body_text(p, 0, FOOT_MM) for p in booklets[game_id].pages]
    found = [n for n, t in enumerate(pages, start=1) if "What each card is worth" in t]
    assert found == [len(pages)], f"{game_id}: the card values are on page {found} of {len(pages)}"
    refs = _refs(game_id)
    # (a cell's lines and its neighbour's interleave in the text: the first word of each row will do)
    assert all(plain(row["cards"].split()[0], refs) in squash(pages[-1]) for row in game["scoring"]["table"])


@pytest.mark.parametrize("game_id", GAMES)
def test_an_exchange_says_who_threw_what(booklets: dict[str, Any], game_id: str) -> None:
    # Issue 27: "Exchange: 4♣ 8♥, none, 5♠ 3♦" read as a run-on string.
    from generator.render import plain_text

    game = LOADED[game_id].data
    swaps = [(i, v) for ex in game["examples"] if ex["id"] in _kept(game_id)
             for i, v in enumerate(ex["input"].get("exchange") or [])]
    if not swaps:
        pytest.skip(f"{game_id}: no kept example has an exchange")
    text = squash(" ".join(lines_of_doc(booklets[game_id])))
    for i, swap in swaps:
        said = "no exchange" if swap is None else plain_text(f"threw [[{swap[0]}]], drew [[{swap[1]}]]")
        assert squash(f"player {i + 1}: {said}") in text, f"{game_id}: player {i + 1}'s exchange is not said"


def lines_of_doc(doc: Any) -> list[str]:
    return [ln for page in doc.pages for ln in lines_of(page, 0, FOOT_MM)]


#: A Python identifier (snake_case, a call) or the word "engine": for maintainers, never for a family's table.
ENGINE_WORDS = re.compile(r"\bengines?\b|\bPython\b|\b[a-z]+_[a-z0-9_]+\b|\b\w+\(\)", re.IGNORECASE)


@pytest.mark.parametrize("suffix", ["", "-a4", "-letter", "-rulebook", "-rulebook-a4", "-rulebook-letter"])
def test_no_pdf_names_the_engine_or_its_functions(pdf_dir: Path, suffix: str) -> None:
    # Issue 27: "Bears on: ... engine best_arrangement, make_run" and "No engine code: ..." 25, 14 and 12
    # times in the rulebooks. A ruling's engine:, python_only: and text_only: are for maintainers.
    names = {fn for g in LOADED.values() for r in g.data["rulings"] for fn in r.get("engine", [])}
    assert "best_arrangement" in names
    for gid in GAMES:
        text = " ".join(page_texts(pdf_dir / f"{gid}{suffix}.pdf"))
        text = " ".join(text.split())
        found = ENGINE_WORDS.findall(text) + [n for n in names if "_" in n and n in text]
        assert not found, f"{gid}{suffix}.pdf: {sorted(set(found))}"
        for ruling in LOADED[gid].data["rulings"]:
            for field in ("text_only", "python_only"):
                if ruling.get(field):
                    assert squash(ruling[field]) not in squash(text), f"{gid}{suffix}: {ruling['id']} {field}"


def _unbroken(game_id: str) -> set[str]:
    return unbroken_needles(LOADED[game_id].data, _refs(game_id), [f["name"] for f in gpdf.pdf_files(game_id)],
                            gpdf.Edition("", int(EPOCH)).date)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_group_rule_number_or_file_name_breaks_across_a_line(booklets: dict[str, Any], game_id: str) -> None:
    # Issue 27: "K- / A-2-3" in the very rule about wrapping, "(A♠ / 2♠ 3♠)", "(chips- / rulebook.pdf)".
    lines = lines_of_doc(booklets[game_id])
    printed = squash(" ".join(lines))
    needles = {n for n in _unbroken(game_id) if squash(n) in printed}
    assert f"{game_id}-rulebook.pdf" in needles, needles
    if re.search(r"\brule S?\d", " ".join(lines)):  # a numbered reference is printed (a short game may print none)
        assert any(re.fullmatch(r"(?:scoring )?rule \S+", n) for n in needles), needles
    bad = broken(lines, needles)
    assert not bad, f"{game_id}.pdf breaks {bad}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_line_breaks_early(booklets: dict[str, Any], game_id: str) -> None:
    # The card box's lines are held to what tests/test_rulebook_pdf.py holds the book's to (issue 27).
    for n, page in enumerate(booklets[game_id].pages[1:], start=2):
        bad = early_breaks(page, 7, (7.2, 8.8), page.width - 3.9 * MM)
        assert not bad, f"{game_id} page {n}: {bad}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_note_in_brackets_inside_a_phrase_is_no_sentence_of_its_own(pdf_dir: Path, game_id: str) -> None:
    # Issue 40, found in make proofs: the card values read "Face value (For example, a 7 scores 7.)", a
    # sentence with its capital and full stop set inside a phrase. A bracket after a word opens a note
    # in lower case with no full stop of its own; one after a sentence's end may be a sentence.
    for name in (f"{game_id}.pdf", f"{game_id}-rulebook.pdf"):
        text = " ".join(" ".join(page_texts(pdf_dir / name)).split())
        bad = re.findall(r"[\w”’] \([A-Z][a-z]+ [^()]*\.\)", text)
        assert not bad, f"{name}: {bad}"


# --------------------------------------------------------------------------- sheets


def _guides(plumb: Any, boxes: list[tuple[str, float, float, float, float]]) -> list[dict[str, Any]]:
    """The sheet's own crop marks (not the cards' rules): the lines that lie outside every placed card,
    on the line of one of their edges."""
    h = float(plumb.height)
    xs = {round(v, 2) for b in boxes for v in (b[1], b[3])}
    ys = {round(h - v, 2) for b in boxes for v in (b[2], b[4])}
    tol = 0.02
    out = []
    for ln in plumb.lines:
        on_x = abs(ln["x0"] - ln["x1"]) < tol and any(abs(ln["x0"] - x) < tol for x in xs)
        on_y = abs(ln["top"] - ln["bottom"]) < tol and any(abs(ln["top"] - y) < tol for y in ys)
        if on_x or on_y:
            out.append(ln)
    return out


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_crop_marks_outside_the_cards_mark_every_trim_line_on_the_front_only(pdf_dir: Path, paper: gpdf.Paper) -> None:
    # Issue 27: grey lines ON the trim, cards butted together, leave a hairline on a card cut 0.2 mm off.
    # Each trim line is marked where it leaves the cards, at both ends; a ruler on the two marks cuts it.
    import pdfplumber
    from pypdf import PdfReader

    tol = 0.02
    grid_xs, grid_ys = gpdf.trim_lines(paper)
    for gid in GAMES:
        path = pdf_dir / f"{gid}-{paper.key}.pdf"
        reader = PdfReader(path)
        with pdfplumber.open(path) as doc:
            front, back = reader.pages[0], reader.pages[1]
            boxes = placements(front)
            assert boxes
            h = float(doc.pages[0].height)
            marks = _guides(doc.pages[0], boxes)
            for _, x0, y0, x1, y1 in boxes:
                assert abs((x1 - x0) / MM - 63) < 0.01 and abs((y1 - y0) / MM - 88) < 0.01
                # On the centred 3 x 3 grid (so backs land behind fronts).
                assert min(abs(x0 - g) for g in grid_xs) < tol and min(abs(y0 - g) for g in grid_ys) < tol
            for edge_x in {round(v, 2) for b in boxes for v in (b[1], b[3])}:
                on = [g for g in marks if abs(g["x0"] - edge_x) < tol and abs(g["x1"] - edge_x) < tol]
                assert len(on) >= 2, f"{gid}-{paper.key}: the line x = {edge_x / MM:.1f} mm has {len(on)} marks"
            for edge_y in {round(h - v, 2) for b in boxes for v in (b[2], b[4])}:
                on = [g for g in marks if abs(g["top"] - edge_y) < tol and abs(g["bottom"] - edge_y) < tol]
                assert len(on) >= 2, f"{gid}-{paper.key}: the line y = {edge_y / MM:.1f} mm has {len(on)} marks"
            for g in marks:
                assert g["stroking_color"] not in ((1,), (1, 1, 1)), "a white mark"
            assert not _guides(doc.pages[1], boxes + [
                (n, float(doc.pages[1].width) - x1, y0, float(doc.pages[1].width) - x0, y1)
                for n, x0, y0, x1, y1 in placements(back)]), f"{gid}-{paper.key}: marks on the back"


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_no_ink_on_or_beside_a_cards_trim(pdf_dir: Path, paper: gpdf.Paper) -> None:
    # Issue 27: nothing printed on a trim line, inside the cards or in the 0.5 mm either side of it, so a
    # cut a little off leaves no line on a card (the cards' own text keeps 3.5 mm clear, tested above).
    import pdfplumber
    from pypdf import PdfReader

    band = 0.5 * MM
    for gid in GAMES:
        path = pdf_dir / f"{gid}-{paper.key}.pdf"
        reader = PdfReader(path)
        with pdfplumber.open(path) as doc:
            for side, (page, plumb) in enumerate(zip(reader.pages, doc.pages, strict=True), start=1):
                h = float(plumb.height)
                cards = [(x0, h - y1, x1, h - y0) for _, x0, y0, x1, y1 in placements(page)]
                # The light cut lines along the trims are meant to be there (issue 40); nothing else is.
                for kind, label, a, top, b, bottom in ink(plumb, paler_than=gpdf.TRIM_GREY - 0.01):
                    for x0, t0, x1, t1 in cards:
                        near_x = any(a < e + band and b > e - band for e in (x0, x1)) and top < t1 + band and bottom > t0 - band
                        near_y = any(top < e + band and bottom > e - band for e in (t0, t1)) and a < x1 + band and b > x0 - band
                        assert not (near_x or near_y), (
                            f"{gid}-{paper.key} side {side}: {kind} {label!r} at x {a / MM:.1f}-{b / MM:.1f} mm, "
                            f"y {top / MM:.1f}-{bottom / MM:.1f} mm is on a card's trim")


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_nothing_within_6_mm_of_the_sheet_edge(pdf_dir: Path, paper: gpdf.Paper) -> None:
    import pdfplumber

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-{paper.key}.pdf") as doc:
            for n, page in enumerate(doc.pages, start=1):
                bad = marks_near_edge(page, gpdf.SAFE_MM)
                assert not bad, f"{gid}-{paper.key} side {n}: {bad[:3]}"


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_the_printing_note_is_upright_8_pt_clear_of_the_cuts_with_a_20_mm_square(
        pdf_dir: Path, paper: gpdf.Paper) -> None:
    import pdfplumber
    from pypdf import PdfReader

    for gid in GAMES:
        path = pdf_dir / f"{gid}-{paper.key}.pdf"
        with pdfplumber.open(path) as doc:
            # The note is on the front of the sheet that holds the slot after the last card.
            cards = sum(1 for p in PdfReader(path).pages[::2] for _ in placements(p))
            front = 2 * (cards // paper.per_side)
            page = doc.pages[front]
            boxes = placements(PdfReader(path).pages[front])
            h = float(page.height)

            def on_a_card(c: dict[str, Any], boxes: list[Any] = boxes, h: float = h) -> bool:
                x, y = (c["x0"] + c["x1"]) / 2, h - (c["top"] + c["bottom"]) / 2
                return any(b[1] <= x <= b[3] and b[2] <= y <= b[4] for b in boxes)

            note = [c for c in page.chars if c["text"].strip() and not on_a_card(c)]
            words = " ".join("".join(c["text"] for c in note).split())
            text = " ".join((page.crop((min(c["x0"] for c in note), min(c["top"] for c in note),
                                        max(c["x1"] for c in note), max(c["bottom"] for c in note)))
                             .extract_text() or "").split())
            assert words, f"{gid}-{paper.key}: no note"
            for needed in ("100 %", "Actual size", "Both sides", "flip on the long edge", "g/m²", "20 mm"):
                assert needed in text, f"{gid}-{paper.key}: the note does not say {needed!r}: {text!r}"
            # A figure and its unit on one line (issue 40: "print again at 100" above a line "%."), and the
            # title's last words together (3 Chip Stack's ended on a line "box").
            lines = (page.crop((min(c["x0"] for c in note), min(c["top"] for c in note), max(c["x1"] for c in note),
                                max(c["bottom"] for c in note))).extract_text() or "").splitlines()
            split = broken(lines, ["100 %", "20 mm", "160 g/m²", "120 g/m²", "60 lb", "32 lb", "card box"])
            assert not split, f"{gid}-{paper.key}: the note breaks {split} across lines: {lines}"
            assert min(c["size"] for c in note) >= 7.95, f"{gid}-{paper.key}: the note is under 8 pt"
            assert all(c["upright"] for c in note), f"{gid}-{paper.key}: the note is turned"
            # Clear of every cut line: no guide passes through the note's box (with 2 mm to spare).
            x0, x1 = min(c["x0"] for c in note) - 2 * MM, max(c["x1"] for c in note) + 2 * MM
            top, bottom = min(c["top"] for c in note) - 2 * MM, max(c["bottom"] for c in note) + 2 * MM
            for g in _guides(page, boxes):
                assert g["x1"] < x0 or g["x0"] > x1 or g["bottom"] < top or g["top"] > bottom, (
                    f"{gid}-{paper.key}: a cut guide crosses the note")
            squares = [r for r in page.rects if abs(r["width"] / MM - gpdf.SQUARE_MM) < 0.15
                       and abs(r["height"] / MM - gpdf.SQUARE_MM) < 0.15]
            assert squares, f"{gid}-{paper.key}: no {gpdf.SQUARE_MM} mm reference square"
            # Inside its slot with the padding it is given on every side (issue 40, found in make proofs:
            # 3 Chip Stack's Letter note, its title and edition on two lines each, ran to 2.3 mm of the
            # slot's foot, past the 4.5 mm the sheet gives it).
            slot_x, slot_y = gpdf.slot_origins(paper)[cards % paper.per_side]
            slot = (slot_x, h - slot_y - gpdf.CARD_MM[1] * MM, slot_x + gpdf.CARD_MM[0] * MM, h - slot_y)
            ink = [*note, *squares]  # the text and the square
            ink_box = (min(c["x0"] for c in ink), min(c["top"] for c in ink), max(c["x1"] for c in ink),
                       max(c["bottom"] for c in ink))
            gaps = [(ink_box[0] - slot[0]) / MM, (ink_box[1] - slot[1]) / MM, (slot[2] - ink_box[2]) / MM,
                    (slot[3] - ink_box[3]) / MM]
            assert min(gaps) >= NOTE_PADDING_MM - 0.05, (
                f"{gid}-{paper.key}: the note comes {min(gaps):.1f} mm from its slot's edge "
                f"(left, top, right, foot: {[round(g, 1) for g in gaps]})")


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheet_backs_sit_behind_their_fronts(pdf_dir: Path, booklets: dict[str, Any], paper: gpdf.Paper) -> None:
    # Flip on the long edge: page 2k+2 lands exactly behind page 2k+1, so each cut card reads on.
    from pypdf import PdfReader

    width = paper.width_mm * MM
    for gid in GAMES:
        reader = PdfReader(pdf_dir / f"{gid}-{paper.key}.pdf")
        placed: dict[int, tuple[float, float]] = {}
        for side, page in enumerate(reader.pages):
            for name, x0, y0, x1, _ in placements(page):
                number = int(name.removeprefix("/BP"))
                # Seen from the front: a back page's box mirrored across the sheet's middle.
                placed[number] = (width - x1, y0) if side % 2 else (x0, y0)
                assert (side % 2) == (number % 2 == 0), f"{gid}: page {number} on the wrong side"
        assert sorted(placed) == list(range(1, len(booklets[gid].pages) + 1)), f"{gid}: pages missing"
        for number in placed:
            if number % 2 == 0:
                front = placed[number - 1]
                assert abs(placed[number][0] - front[0]) < 0.01 and abs(placed[number][1] - front[1]) < 0.01


def _dark_marks(path: Path) -> dict[str, list[float]]:
    """The crop marks (the dark lines, not the light cut lines) on the front of a sheet, by where they
    lie: "ends" (on a vertical trim line, above and below the cards) and "sides" (on a horizontal
    one, left and right of them), each mark's length in mm."""
    import pdfplumber

    out: dict[str, list[float]] = {"ends": [], "sides": []}
    with pdfplumber.open(path) as doc:
        for ln in doc.pages[0].lines:
            color = ln["stroking_color"]
            if (tuple(color) if isinstance(color, (list, tuple)) else (color,)) != (gpdf.GUIDE_GREY,):
                continue
            vertical = abs(ln["x1"] - ln["x0"]) < 0.02
            out["ends" if vertical else "sides"].append(round((ln["bottom"] - ln["top"] if vertical
                                                               else ln["x1"] - ln["x0"]) / MM, 2))
    return out


def test_letter_crop_marks_are_as_long_as_a4s_where_letter_has_the_room(pdf_dir: Path) -> None:
    """Issue 40: "Letter marks as long as A4's". Read from the sheets: left and right of the cards,
    Letter's marks are as long as A4's, and longer (A4 has 10.5 mm beside the grid, Letter 13.45).
    Above and below them, Letter's paper has no room for A4's 5 mm: three cards of 88 mm leave
    (279.4 - 264) / 2 = 7.7 mm at each end, and a mark keeps 6 mm from the paper's edge (SAFE_MM, what
    a home printer cannot print) and 0.6 mm from the cards (CROP_GAP_MM), which leaves 1.1 mm. So
    Letter's marks there run the longest that fits: from 6 mm off the edge to 0.6 mm off the cards.
    (A 5 mm mark at both ends would want 2 x 11.6 mm of the 15.4 mm the grid leaves; only 8 cards a
    side, turned, would give it.)"""
    lengths = {key: _dark_marks(pdf_dir / f"chips-{key}.pdf") for key in gpdf.PAPERS}
    for key, paper in gpdf.PAPERS.items():
        assert lengths[key]["ends"] and lengths[key]["sides"], f"{key}: no crop marks"
        beside = (paper.width_mm - paper.cols * gpdf.CARD_MM[0]) / 2
        ends = (paper.height_mm - paper.rows * gpdf.CARD_MM[1]) / 2
        for where, room in (("sides", beside), ("ends", ends)):
            fits = min(gpdf.CROP_MM, room - gpdf.SAFE_MM - gpdf.CROP_GAP_MM)
            assert all(abs(n - fits) < 0.02 for n in lengths[key][where]), (key, where, fits, lengths[key][where])
    a4, letter = lengths["a4"], lengths["letter"]
    assert min(letter["sides"]) >= max(a4["sides"]) - 0.02
    assert max(a4["ends"]) == pytest.approx(gpdf.CROP_MM, abs=0.02)
    # Why Letter's ends fall short: its paper, not the code. Were there room, the check above would
    # ask for A4's length.
    letter_ends = (279.4 - 3 * 88.0) / 2
    assert letter_ends < gpdf.SAFE_MM + gpdf.CROP_GAP_MM + gpdf.CROP_MM
    assert min(letter["ends"]) == pytest.approx(letter_ends - gpdf.SAFE_MM - gpdf.CROP_GAP_MM, abs=0.02)


def test_crop_marks_stop_6_mm_from_the_edge_and_never_touch_a_card() -> None:
    # Letter leaves 7.7 mm above and below the grid: the marks there run only 1.1 mm, from 0.6 mm off the
    # cards to 6 mm from the edge.
    paper = gpdf.PAPERS["letter"]
    origins = gpdf.slot_origins(paper)[:8]
    w, h = gpdf.CARD_MM[0] * MM, gpdf.CARD_MM[1] * MM
    segments = gpdf.cut_segments(paper, origins)
    assert segments
    for x0, y0, x1, y1 in segments:
        assert min(x0, y0) >= gpdf.SAFE_MM * MM - 0.01
        assert x1 <= (paper.width_mm - gpdf.SAFE_MM) * MM + 0.01 and y1 <= (paper.height_mm - gpdf.SAFE_MM) * MM + 0.01
        for cx, cy in origins:  # a mark is a line outside every card, with its gap
            gap = gpdf.CROP_GAP_MM * MM - 0.01
            assert x1 < cx - gap or x0 > cx + w + gap or y1 < cy - gap or y0 > cy + h + gap, (x0, y0, x1, y1)
    # The ninth slot (the note) holds no card: the marks of the lines round it stop at its edge.
    nx, ny = gpdf.slot_origins(paper)[8]
    cx, cy = nx + 31.5 * MM, ny + 44 * MM
    assert not any(x0 == x1 and abs(x0 - cx) < 20 * MM and y0 < cy < y1 for x0, y0, x1, y1 in segments)
    assert gpdf.cut_segments(paper, []) == []


# --------------------------------------------------------------------------- a look


def test_render_pages_to_png_for_a_human_look(pdf_dir: Path, booklets: dict[str, Any]) -> None:
    """The front, a rules page, a rulings page of each game's card box and both sides of its A4
    sheet, at 150 dpi, into test-output/pdf-png/ (gitignored): open them and look."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    out = ROOT / "test-output" / "pdf-png"
    out.mkdir(parents=True, exist_ok=True)
    for gid in GAMES:
        feet = [" ".join((p.within_bbox((0, p.height - FOOT_MM * MM, p.width, p.height)).extract_text() or "")
                         .split()) for p in booklets[gid].pages]
        first = {head.split()[0] if head else "": n for n, head in reversed(list(enumerate(feet, start=1)))}
        last = len(feet)  # a short card box (a game added with a short file) has fewer pages
        wanted = {"cover": 1, "rules": first.get("Rules", min(3, last)), "rulings": first.get("Rulings", min(9, last))}
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


def test_pdf_files_describes_the_seven_downloads() -> None:
    files = gpdf.pdf_files("chips")
    assert [f["name"] for f in files] == ["chips.pdf", "chips-a4.pdf", "chips-letter.pdf", "chips-bleed.pdf",
                                          "chips-rulebook.pdf", "chips-rulebook-a4.pdf", "chips-rulebook-letter.pdf"]
    assert [f["paper"] for f in files] == ["63 × 88 mm", "A4", "US Letter", "63 × 88 mm, 3 mm bleed", "A5", "A4",
                                           "US Letter"]
    assert all(f["about"] and f["label"] for f in files)
    assert gpdf.precached_names("chips") == ["chips.pdf"]
    # All but the card-box rules (precached) and the card printer's bleed copy (never kept offline).
    assert set(gpdf.on_demand_names("chips")) == {f["name"] for f in files} - {"chips.pdf", "chips-bleed.pdf"}


@pytest.mark.parametrize("game_id", GAMES)
def test_booklet_is_a_tagged_pdf_for_screen_readers(pdf_dir: Path, game_id: str) -> None:
    from pypdf import PdfReader

    for name in (f"{game_id}.pdf", f"{game_id}-rulebook.pdf"):
        root = PdfReader(pdf_dir / name).trailer["/Root"]
        assert bool(root["/MarkInfo"].get_object()["/Marked"]), name
        assert "/StructTreeRoot" in root, name


def test_a_ruling_for_the_sites_tools_stays_off_paper(pdf_dir: Path) -> None:
    """Issue 37: "Who is first, on a screen" settles what the site's scorers and practice game do, not
    the table, and filled half a card: the card box and the complete rulebook leave out every ruling
    marked scope: site (pdf/booklet.html and pdf/rulebook.html choose it), and a rule that cites one
    names it, on the game's web page, without a link into a book that does not hold it."""
    site_only = [(gid, r) for gid in GAMES for r in LOADED[gid].data["rulings"] if r.get("scope") == "site"]
    assert site_only, "no ruling is marked scope: site (chips-ruling-layoff-order was)"
    for gid, ruling in site_only:
        for suffix in ("", "-rulebook"):
            text = squash(" ".join(page_texts(pdf_dir / f"{gid}{suffix}.pdf")))
            assert squash(ruling["question"])[:40] not in text, f"{gid}{suffix}.pdf prints {ruling['id']}"
            assert squash(ruling["ruling"])[:40] not in text, f"{gid}{suffix}.pdf prints {ruling['id']}"
            assert squash(f"“{ruling['title']}”, on the game's web page") in text, f"{gid}{suffix}.pdf"
