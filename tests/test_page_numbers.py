"""Page numbers in the PDFs (issue 26: the complete rulebooks laid out twice, not five times): every link to a
place in the same PDF carries the page its target starts on, written in from a layout
(generator/print/booklets.py ``numbered_layout``) and laid out again until a layout agrees with
every number; the complete rulebook keeps only the pages the fold needs (``rulebook_layout``).

The layouts here are stand-ins that say which ids each page holds; one test lays out real HTML with
WeasyPrint. The books themselves are checked in tests/test_rulebook_pdf.py (the contents and the
cross-references name the right pages; no blank page beyond what folding in fours needs)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import pytest
from pypdf import PdfReader

from generator.print import booklets

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Page:
    anchors: dict[str, tuple[float, float, float, float]]


@dataclass
class Document:
    pages: list[Page]
    copied_from: Document | None = None

    def copy(self, pages: Sequence[Page]) -> Document:
        return Document(list(pages), copied_from=self)


def document(*pages: Sequence[str]) -> Document:
    """A laid-out stand-in: the ids each page holds."""
    return Document([Page({ident: (0.0, 0.0, 0.0, 0.0) for ident in ids}) for ids in pages])


@dataclass
class Renders:
    """A stand-in for WeasyPrint: ``lay_out(numbers written for each id)`` says where the ids land."""
    lay_out: Callable[[Mapping[str, int]], Document]
    seen: list[str] = field(default_factory=list)
    numbers: list[dict[str, int]] = field(default_factory=list)

    def __call__(self, html: str, pages: Mapping[str, int], css: str) -> Document:
        self.seen.append(html)
        self.numbers.append(dict(pages))
        return self.lay_out(pages)


HTML = '<nav><a class="pdf-contents" href="#far">Far</a></nav><p>text</p><h2 id="far">Far</h2>'


def test_a_number_that_moves_its_target_is_written_again_until_it_is_right() -> None:
    # No number yet: the target starts page 3. "3" written makes the line longer, and the target starts page 4;
    # "4" keeps it there.
    renders = Renders(lambda written: document(["nav"], ["p"], *([["p"]] if written.get("far") else []), ["far"]))
    laid, pages = booklets.numbered_layout(renders, HTML, {})
    assert [numbers.get("far") for numbers in renders.numbers] == [None, 3, 4]
    assert pages["far"] == 4 and len(laid.pages) == 4


def test_a_right_guess_is_laid_out_once() -> None:
    renders = Renders(lambda written: document(["nav"], ["p"], ["far"]))
    booklets.numbered_layout(renders, HTML, {"far": 3})
    assert len(renders.seen) == 1


def test_numbers_that_never_settle_stop_where_weasyprint_stops() -> None:
    # Each number pushes the target on a page, forever: laid out PAGE_ROUNDS times, as WeasyPrint's own limit.
    renders = Renders(lambda written: document(*[["p"]] * int(written.get("far") or 1), ["far"]))
    booklets.numbered_layout(renders, HTML, {})
    assert len(renders.seen) == booklets.PAGE_ROUNDS


def _notes(first: int, last: int) -> list[str]:
    return [f"pdf-note-{n}" for n in range(first, last + 1)]


def test_the_rulebook_keeps_the_pages_the_fold_needs_and_the_back_cover_from_one_layout() -> None:
    # Text ends on page 3 with room for the notes' heading and 3 lines: a book of 4 pages, the back cover last.
    # (The blank page before the back cover puts it on a left-hand page, as print/book.css asks.)
    long = document(["cover"], ["pdf-text", "far"], ["pdf-text", "part-notes", *_notes(1, 3)], _notes(4, 24),
                    _notes(25, 46), _notes(47, 100), [], ["pdf-back-cover"])
    renders = Renders(lambda written: long)
    book = booklets.rulebook_layout(renders, HTML, lambda notes: f"<p>{notes} lines</p>")
    assert [set(page.anchors) for page in book.pages] == [
        {"cover"}, {"pdf-text", "far"}, {"pdf-text", "part-notes", *_notes(1, 3)}, {"pdf-back-cover"}]
    assert book.copied_from is long and len(renders.seen) == 2  # without numbers, then with them


def test_a_page_left_half_empty_is_balanced_and_the_notes_counted_on_the_balanced_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The first layout leaves a page half empty (balance_breaks: break before "ruling-x"). The layout with that
    # break ends its text on page 6: a book of 8 pages, its notes those on pages 6 and 7 of THAT layout (the
    # first one's would make a book of 4).
    first = document(["cover"], ["pdf-text", "far"], ["pdf-text", "ruling-x", "part-notes", *_notes(1, 3)],
                     _notes(4, 100), [], ["pdf-back-cover"])
    balanced = document(["cover"], ["pdf-text", "far"], ["pdf-text"], ["pdf-text", "ruling-x"], ["pdf-text"],
                        ["pdf-text", "part-notes", *_notes(1, 5)], _notes(6, 27), _notes(28, 100), [],
                        ["pdf-back-cover"])
    css: list[str] = []

    def lay_out(html: str, pages: Mapping[str, int], more: str) -> Document:
        css.append(more)
        return balanced if more else first

    monkeypatch.setattr(booklets, "balance_breaks", lambda laid, html: ["ruling-x"] if laid is first else [])
    book = booklets.rulebook_layout(lay_out, HTML, lambda notes: HTML)
    assert css[-1] == '[id="ruling-x"] { break-before: page; }'
    assert book.copied_from is balanced and book.pages == balanced.pages[:7] + balanced.pages[-1:]


def test_notes_that_would_open_a_page_the_fold_does_not_need_are_left_out_and_the_book_laid_out_again() -> None:
    # The text fills page 3, so the notes would start page 4: the back cover's. Laid out again without them
    # (html_with(0)), so the contents list no notes.
    without = document(["cover"], ["pdf-text"], ["pdf-text"], ["pdf-back-cover"])
    renders = Renders(lambda written: without if "no notes" in renders.seen[-1] else document(
        ["cover"], ["pdf-text"], ["pdf-text"], ["part-notes", *_notes(1, 22)], _notes(23, 100), ["pdf-back-cover"]))
    book = booklets.rulebook_layout(renders, HTML, lambda notes: "<p>no notes</p>" + HTML if notes == 0 else HTML)
    assert book is without and "no notes" in renders.seen[-1]


def test_a_back_cover_not_on_a_left_hand_page_is_an_error_not_a_wrong_book() -> None:
    odd = document(["cover"], ["pdf-text"], ["pdf-text", "part-notes", *_notes(1, 3)], _notes(4, 100),
                   ["pdf-back-cover"])
    with pytest.raises(booklets.PdfError, match="back cover"):
        booklets.rulebook_layout(Renders(lambda written: odd), HTML, lambda notes: HTML)


def test_weasyprint_lays_out_a_contents_line_with_the_page_its_part_starts_on() -> None:
    """Real WeasyPrint, the rulebook's stylesheets: a contents list (a page of its own), two pages of text,
    then the part it links to, and a cross-reference back to the contents."""
    filler = "".join(f"<p>Paragraph {n} of the text that comes before the part the contents list.</p>"
                     for n in range(60))
    html = ('<html lang="en"><body class="pdf-book"><nav class="pdf-contents" id="contents"><ol class="pdf-contents__list">'
            '<li class="pdf-contents__part"><a href="#part-far">Far away</a></li></ol></nav>'
            f'<div class="pdf-text">{filler}<section id="part-far"><h2>Far away</h2>'
            '<p>Back to <a class="rule-ref" href="#contents">the contents</a>.</p></section></div></body></html>')
    data = booklets._weasy(ROOT, html, ("common.css", "book.css"), identifier="00" * 16,
                           extra_css=(booklets.book_page_css(booklets.BOOK_PAPERS["a4"]),))
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]
    far = next(n for n, text in enumerate(pages, start=1) if text.startswith("Far away Back"))
    assert far > 2, pages
    assert re.search(rf"Far away[ .]*{far}\b", pages[0]), pages[0]
    assert "the contents, p. 1" in pages[far - 1].replace("\xa0", " "), pages[far - 1]


def test_every_link_to_a_place_in_the_document_gets_its_number_and_no_other_link_does() -> None:
    root = ElementTree.fromstring('<p><a href="#a">A</a> <a class="rule-ref" href="#b">B</a> <a href="x.pdf#a">C</a>'
                                  '<a>D</a></p>')
    booklets.number_links(root, {"a": 7})
    assert [link.get("data-page") for link in root.iter("a")] == ["7", "", None, None]
    booklets.number_links(root, {"a": 8, "b": 9})  # laid out again: the numbers of the layout before replaced
    assert [link.get("data-page") for link in root.iter("a")] == ["8", "9", None, None]
