"""The PDFs as a typesetter and a print shop would check them (issue 40), read from the built files
(tests/support/pdf_build.py): quotes and apostrophes curly in every PDF's text; each glossary in
alphabetical order; Author (the game's author:) and Lang en-GB in every PDF's metadata; the card
foot line's two halves clearly apart; the print-at-home sheets with light cut lines along every
trim between the cards, the cut order and a note for printers that print one side at a time; a
3 mm bleed version of each card box, named in "Keep & share"."""

from __future__ import annotations

import re
from html import unescape as html_unescape
from pathlib import Path

import pytest

from generator.content.loader import load_games
from generator.print import booklets as gpdf
from generator.print.downloads import downloads
from generator.render import game_refs, render_partial
from tests.support.pdf_build import MM, ROOT, build_once, page_texts

LOADED = {g.id: g for g in load_games(ROOT)}
GAMES = list(LOADED)
SUFFIXES = ["", "-a4", "-letter", "-bleed", "-rulebook", "-rulebook-a4", "-rulebook-letter"]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdf_dir() -> Path:
    return build_once()


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_quotes_and_apostrophes_are_curly_in_every_pdf(pdf_dir: Path, suffix: str) -> None:
    for gid in GAMES:
        for n, text in enumerate(page_texts(pdf_dir / f"{gid}{suffix}.pdf"), start=1):
            straight = re.findall(r".{0,20}[\"'].{0,20}", text)
            assert not straight, f"{gid}{suffix}.pdf page {n}: straight quotes in {straight[:3]}"
    # And the curly ones are there: the Daltons' own words are quoted in the rules.
    assert "’" in " ".join(page_texts(pdf_dir / "chips.pdf"))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_glossary_is_in_alphabetical_order(game_id: str) -> None:
    # The glossary partial the complete rulebooks and the page both render.
    data = LOADED[game_id].data
    html = str(render_partial("partials/glossary.html", game=data, refs=game_refs([data], game_id)))
    terms = [html_unescape(t) for t in re.findall(r"<dt>([^<]+)</dt>", html)]
    assert sorted(terms) == sorted(e["term"] for e in data["glossary"])
    assert terms == sorted(terms, key=str.casefold), terms


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_every_pdf_names_its_author_and_language(pdf_dir: Path, suffix: str) -> None:
    from pypdf import PdfReader

    for gid in GAMES:
        reader = PdfReader(pdf_dir / f"{gid}{suffix}.pdf")
        # The game's author:, or its name when its file has none (an author's own game: issue 38).
        assert reader.metadata.author == (LOADED[gid].data.get("author") or LOADED[gid].data["name"]), f"{gid}{suffix}"
        assert reader.trailer["/Root"]["/Lang"] == "en-GB", f"{gid}{suffix}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_foot_lines_two_halves_are_clearly_apart(pdf_dir: Path, game_id: str) -> None:
    import pdfplumber

    with pdfplumber.open(pdf_dir / f"{game_id}.pdf") as doc:
        for n, page in enumerate(doc.pages[1:], start=2):
            chars = [c for c in page.chars if c["top"] > page.height - 7 * MM and c["text"].strip()]
            left = [c for c in chars if "Bold" in c["fontname"]]
            right = [c for c in chars if "Bold" not in c["fontname"]]
            gap = (min(c["x0"] for c in right) - max(c["x1"] for c in left)) / MM
            assert gap >= 4, f"{game_id} page {n}: the foot line's two halves are {gap:.1f} mm apart"
            # And told apart by more than the gap: the parts in ink, the game and page muted.
            dark = {tuple(c["non_stroking_color"] or ()) for c in left}
            muted = {tuple(c["non_stroking_color"] or ()) for c in right}
            assert dark.isdisjoint(muted), (game_id, n, dark, muted)


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheets_have_light_cut_lines_along_every_trim_between_the_cards(pdf_dir: Path, paper: gpdf.Paper) -> None:
    import pdfplumber
    from pypdf import PdfReader

    for gid in GAMES:
        with pdfplumber.open(pdf_dir / f"{gid}-{paper.key}.pdf") as doc:
            front = doc.pages[0]
            light = [ln for ln in front.lines if ln.get("stroking_color") in ((gpdf.TRIM_GREY,), [gpdf.TRIM_GREY])
                     or ln.get("stroking_color") == gpdf.TRIM_GREY]
            # Every trim of the cards on the front has a light line along it: on a full front, every inner
            # line of the 3 x 3 grid; a short game's few cards (issue 38) leave the slots after them bare.
            cards = -(-len(PdfReader(pdf_dir / f"{gid}.pdf").pages) // 2)
            placed = gpdf.slot_origins(paper)[:min(cards, paper.per_side)]
            segments = gpdf.trim_segments(paper, placed)
            if cards >= paper.per_side:
                xs, tops = gpdf.trim_lines(paper)
                assert {round(x, 2) for x in xs} <= {round(a, 2) for a, _, c, _ in segments if a == c}
                assert {round(y, 2) for y in tops} <= {round(b, 2) for _, b, _, d in segments if b == d}
            for x0, y0, x1, y1 in segments:
                top, bottom = float(front.height) - max(y0, y1), float(front.height) - min(y0, y1)
                assert any(abs(ln["x0"] - min(x0, x1)) < 0.1 and abs(ln["x1"] - max(x0, x1)) < 0.1
                           and ln["top"] <= top + 0.1 and ln["bottom"] >= bottom - 0.1 for ln in light), (gid, x0, y0)
            for side in doc.pages[1::2]:
                pale = [ln for ln in side.lines if ln.get("stroking_color") in ((gpdf.TRIM_GREY,), [gpdf.TRIM_GREY])
                        or ln.get("stroking_color") == gpdf.TRIM_GREY]
                assert not pale, f"{gid}-{paper.key}: a back carries cut lines (duplex drift would put them on a card)"


@pytest.mark.parametrize("paper", list(gpdf.PAPERS.values()), ids=list(gpdf.PAPERS))
def test_sheets_print_the_cut_order_and_how_to_print_one_side_at_a_time(pdf_dir: Path, paper: gpdf.Paper) -> None:
    for gid in GAMES:
        text = " ".join(" ".join(page_texts(pdf_dir / f"{gid}-{paper.key}.pdf")).split())
        assert "Cut on the pale lines: across first, then each strip into cards" in text, (gid, paper.key)
        assert "One side at a time? Print the odd pages" in text and "then the even ones" in text, (gid, paper.key)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bleed_version_of_each_card_box_for_a_card_printer(pdf_dir: Path, game_id: str) -> None:
    from pypdf import PdfReader

    cards = PdfReader(pdf_dir / f"{game_id}.pdf")
    bleed = PdfReader(pdf_dir / f"{game_id}-bleed.pdf")
    assert len(bleed.pages) == len(cards.pages)
    for page in bleed.pages:
        media = [float(v) / MM for v in page.mediabox]
        trim = [float(v) / MM for v in page["/TrimBox"]]
        assert media == pytest.approx([0, 0, 69, 94], abs=0.05)
        assert trim == pytest.approx([3, 3, 66, 91], abs=0.05)
    assert page_texts(pdf_dir / f"{game_id}-bleed.pdf") == page_texts(pdf_dir / f"{game_id}.pdf")
    named = [f for f in downloads(game_id) if f["name"] == f"{game_id}-bleed.pdf"]
    assert named and "bleed" in named[0]["paper"] and "print-on-demand" in named[0]["about"], named

