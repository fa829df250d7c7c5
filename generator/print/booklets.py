"""Each game's two rulebooks and the sheets to print them at home (issues 4, 13 and 27).

* ``out/<id>.pdf``, the card-box rules: pages of 63 x 88 mm (a poker card, it fits in the deck
  box), at most 20 (ten cards: issue 40 set the type on 8.5 pt lines; Chips takes two sheets to print at home), from
  ``templates/pdf/booklet.html`` (which says, visibly, what it leaves out) around the SAME partials
  as the site pages (every rule sentence lives once, in ``rules-data/``), styled by
  ``print/common.css`` + ``print/cardbox.css``. A loose card is read alone: no rule, ruling or
  example runs on to the next, and each card's foot line names every part on it (a second
  layout, :func:`card_feet_css`).
* ``out/<id>-a4.pdf`` and ``out/<id>-letter.pdf``: the card-box pages imposed nine to a side
  (3 x 3, no gutter, so one cut serves two cards), double-sided: each cut card carries page 2k+1 on
  its front and 2k+2 on its back. The slot after the last card holds the note on how to print
  (upright, 8 pt, a reference square; ``templates/pdf/sheet.html`` + ``print/sheet.css``, the
  frame page). Crop marks on the front only, outside the cards (:func:`cut_segments`), stop
  ``SAFE_MM`` short of the paper's edge. The back mirrors the columns (flip on the long edge),
  which is why the grid is centred on the sheet.
* ``out/<id>-rulebook.pdf``, the complete rulebook: A5 pages from ``templates/pdf/rulebook.html``
  (every part of the site page, a contents list, page numbers on every cross-reference), styled
  by ``print/common.css`` + ``print/book.css`` on a measure of ``BOOK_MEASURE_MM``; the parts run
  on, nothing read as one thought breaks over a page turn, a page left under half full is balanced
  (:func:`balance_breaks`), and ruled lines for notes fill the last page of text and the pages the
  fold needs (:func:`rulebook_layout`). Page numbers are written in from a layout before
  (:func:`numbered_layout`). And ``out/<id>-rulebook-a4.pdf``
  / ``-rulebook-letter.pdf``, the same book (rendered again at half-letter for Letter, not scaled)
  two pages to a side in booklet order (:func:`book_order`) to fold (marks on the fold) and staple;
  its back cover, on the outside of the first sheet, says how to print it.

On paper, card notation, file names, dates and numbered references never break across a line
(:func:`keep_together`).

Every imposed page is a booklet page placed unscaled as a form XObject with pypdf.

Reproducible: the same sources give byte-identical files. Dates come from ``SOURCE_DATE_EPOCH``
(else the last commit, else a fixed day); PDF identifiers are hashes of the sources; pypdf
writes no dates and no random id.

Any failure is a :class:`PdfError` (a ``RulebookError``) with a one-line message.
"""

from __future__ import annotations

import gc
import hashlib
import io
import logging
import os
import re
import subprocess
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from html import unescape as html_unescape
from pathlib import Path
from typing import Any

from ..engine.errors import RulebookError

PRINT_DIR = Path(__file__).resolve().parent
FONTS_DIR = Path("docs") / "assets" / "fonts"

MM = 72 / 25.4  #: PDF points per millimetre
MM_PX = 96 / 25.4  #: CSS pixels per millimetre (WeasyPrint's layout)
#: The booklet's trim size, in mm (a poker card).
CARD_MM = (63.0, 88.0)
#: A fixed day (2025-11-29) when neither SOURCE_DATE_EPOCH nor git says when the sources changed.
FALLBACK_EPOCH = 1764374400
#: Nothing is printed nearer a paper edge than this: most home printers cannot print there.
SAFE_MM = 6.0
#: Nothing on a card-box page comes nearer its trim than this (a hand cut is +-1 mm, duplex drifts).
CARD_SAFE_MM = 3.5
#: Crop marks (issue 27): each trim line is marked where it leaves the cards, starting this far from the
#: last card (a cut this far off still leaves no ink on a card) and at most this long; their grey and weight.
CROP_GAP_MM = 0.6
CROP_MM = 5.0
GUIDE_GREY = 0.25
GUIDE_WIDTH_PT = 0.4
#: The light cut lines along every trim line between and round the cards (issue 40: marks in the
#: outer margin alone leave the inner cuts to a ruler): pale enough that a cut a little off leaves no
#: line a reader sees on a card.
TRIM_GREY = 0.82
TRIM_WIDTH_PT = 0.25
#: The reference square on every home-print sheet, to check the printer did not scale the page.
SQUARE_MM = 20.0
#: What to print on: the cards want stiff paper, the folded rulebook ordinary paper.
#: (Markup: the nobr spans keep a weight on one line.)
CARD_PAPER = ('thin card or heavy paper, <span class="nobr">160 g/m²</span> (<span class="nobr">60 lb</span> '
              'cover); <span class="nobr">120 g/m²</span> (<span class="nobr">32 lb</span>) will do')
BOOK_PAPER = 'ordinary paper, <span class="nobr">80-100 g/m²</span> (<span class="nobr">20-24 lb</span>)'


class PdfError(RulebookError):
    """A booklet or sheet could not be made (bad game id, missing font, rendering failed)."""


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width_mm: float
    height_mm: float
    cols: int = 3
    rows: int = 3

    @property
    def per_side(self) -> int:
        return self.cols * self.rows


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class BookPaper:
    """A sheet that holds two pages of the complete rulebook side by side (landscape), and the size of
    those pages: A5 on A4, half-letter on US Letter (rendered at that size, not scaled)."""

    key: str
    label: str
    width_mm: float
    height_mm: float
    page_w_mm: float
    page_h_mm: float
    page_label: str


BOOK_PAPERS: dict[str, BookPaper] = {
    "a4": BookPaper("a4", "A4", 297.0, 210.0, 148.0, 210.0, "A5"),
    "letter": BookPaper("letter", "US Letter", 279.4, 215.9, 139.7, 215.9, "half-letter"),
}
#: The complete rulebook's text measure on every paper: about 65 characters a line of 9 pt (issue 27: 118 mm
#: gave 80, against the 60-70 a reader takes in comfortably).
BOOK_MEASURE_MM = 96.0
#: Its margin at the fold (the inside); the outside margin takes what the measure leaves.
BOOK_INNER_MM = 20.0


def book_page_css(paper: BookPaper) -> str:
    """The page rule that print/book.css leaves to the paper: the page size, and the margins that give the
    text ``BOOK_MEASURE_MM`` on every paper, the narrower margin at the fold (left on a right-hand page)."""
    inner, outer = _num(BOOK_INNER_MM), _num(paper.page_w_mm - BOOK_MEASURE_MM - BOOK_INNER_MM)
    return (f"@page {{ size: {_num(paper.page_w_mm)}mm {_num(paper.page_h_mm)}mm; }}\n"
            f"@page :right {{ margin-left: {inner}mm; margin-right: {outer}mm; }}\n"
            f"@page :left {{ margin-left: {outer}mm; margin-right: {inner}mm; }}")


@dataclass(frozen=True)
class Edition:
    """What the footer of every page says, so a printed copy can be matched to the site."""

    version: str
    epoch: int

    @property
    def date(self) -> str:
        return datetime.fromtimestamp(self.epoch, tz=UTC).strftime("%Y-%m-%d")

    @property
    def iso(self) -> str:
        return datetime.fromtimestamp(self.epoch, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def label(self) -> str:
        return f"{self.version}, {self.date}"


# --------------------------------------------------------------------------- public API


def pdf_files(game_id: str) -> list[dict[str, str]]:
    """The files of a game this module writes, for the site's "Keep & share" block: name (under
    ``pdf/``), label, paper and what the file is for (``about``); and the part of :data:`PARTS` that
    makes it."""
    return [
        {"name": f"{game_id}.pdf", "label": "Card-box rules", "paper": "63 × 88 mm", "part": "cards",
         "about": "the rules to keep with the cards: every rule and ruling, a few examples"},
        {"name": f"{game_id}-a4.pdf", "label": "Card-box rules to print and cut", "paper": "A4", "part": "cards",
         "about": "the card-box rules nine cards to a side on one sheet of card: print both sides, cut out"},
        {"name": f"{game_id}-letter.pdf", "label": "Card-box rules to print and cut", "paper": "US Letter",
         "part": "cards",
         "about": "the card-box rules nine cards to a side on one sheet of card: print both sides, cut out"},
        {"name": f"{game_id}-bleed.pdf", "label": "Card-box rules for a card printer", "paper": "63 × 88 mm, 3 mm bleed",
         "part": "cards", "for": "printer",
         "about": "the card-box pages for a print-on-demand card printer: each page 3 mm larger every way "
                  "(bleed), with its trim box at the card's edge"},
        {"name": f"{game_id}-rulebook.pdf", "label": "Complete rulebook", "paper": "A5", "part": "book-a5",
         "about": "everything on this page, with a contents list and page numbers, to read or print"},
        {"name": f"{game_id}-rulebook-a4.pdf", "label": "Complete rulebook to print as a booklet", "paper": "A4",
         "part": "book-a5",
         "about": "the complete rulebook two pages to a side: print both sides, fold and staple"},
        {"name": f"{game_id}-rulebook-letter.pdf", "label": "Complete rulebook to print as a booklet",
         "paper": "US Letter", "part": "book-letter",
         "about": "the complete rulebook on half-letter pages, two to a side: print both sides, fold and staple"},
    ]


#: What :func:`build_part` makes, each part alone (generator/print/pdfcache.py keeps and makes them one job
#: each, so a build shares them out over the cores): the card-box rules and their sheets; the A5 rulebook
#: and its A4 booklet; the half-letter rulebook as a Letter booklet.
PARTS = ("cards", "book-a5", "book-letter")


#: Which files are small enough to keep for offline use at once (the card-box rules), and which are
#: fetched when first opened (the print-at-home sheets and the complete rulebooks): read by
#: generator/site/offline.py.
def precached_names(game_id: str) -> list[str]:
    return [f"{game_id}.pdf"]


def on_demand_names(game_id: str) -> list[str]:
    """... all the others but the files for a card printer (the bleed version), which belong at a
    print shop, not on a phone at the card table, and are never kept offline."""
    return [f["name"] for f in pdf_files(game_id)
            if f["name"] not in precached_names(game_id) and f.get("for") != "printer"]


def build_game_pdfs(root: Path | str, game_id: str, out_dir: Path | str) -> list[Path]:
    """Every file of one game's :data:`PARTS` (`rulebook pdf GAME`), made in this process one part after
    another, into ``out_dir``; returns the paths written."""
    from ..content.loader import load_games

    root = Path(root)
    games = load_games(root)
    return _build_game(root, game_by_id(games, game_id), games, Path(out_dir))


def game_by_id(games: Sequence[Any], game_id: str) -> Any:
    """The loaded game ``game_id`` of ``games``, or a PdfError listing the ids rules-data/ defines."""
    for game in games:
        if game.id == game_id:
            return game
    raise PdfError(f"unknown game id {game_id!r}: rules-data/ defines {', '.join(sorted(g.id for g in games))}")


def render_booklet(root: Path | str, game: Any, games: Sequence[Any], edition: Edition | None = None) -> bytes:
    """The card-box rules of ``game`` (a loaded :class:`generator.content.loader.Game`) as PDF bytes."""
    root = Path(root)
    edition = edition or project_edition(root)
    html = _render_linked("pdf/booklet.html", game, games, edition, elsewhere=f"{game.id}-rulebook.pdf")
    return _weasy(root, html, ("common.css", "cardbox.css"), identifier=_identifier(game, edition, "booklet"),
                  lay_out=lambda render: card_box_layout(render, html))


def card_box_layout(render: Render, html: str) -> Any:
    """The card box laid out with its page numbers and foot lines (:func:`card_feet_css`), both read from the
    layout before, until a layout agrees with both (the second, unless a number moved a part)."""
    document = render(html, {}, "")
    for _ in range(PAGE_ROUNDS):
        pages = anchor_pages(document)
        feet = card_feet_css(document, html) + "\n" + card_heads_css(document, html)
        document = render(html, pages, feet)
        if (_numbers_agree(html, pages, anchor_pages(document))
                and card_feet_css(document, html) + "\n" + card_heads_css(document, html) == feet):
            break
    return document


#: The parts of the card box a foot line names (``<section id="part-..." data-foot="...">``, pdf/booklet.html).
_FOOT_PART = re.compile(r'<section\b[^>]*\sid="(part-[\w-]+)"[^>]*\sdata-foot="([^"]+)"')


def card_feet_css(document: Any, html: str) -> str:
    """The foot line of each card-box page names every part on that page, not only the one it starts in
    (issue 27: "Scoring · Ties · Rulings"): read from a first layout (WeasyPrint gives each page the ids
    of the elements on it, a part continued from the page before included), as one ``@page :nth(n)``
    rule per page for the second. The foot line is in the margin, so the second layout breaks the
    pages exactly as the first."""
    labels = dict(_FOOT_PART.findall(html))
    rules = []
    for number, page in enumerate(document.pages, start=1):
        here = list(dict.fromkeys(labels[key] for _, key in sorted((pos[1], key) for key, pos in page.anchors.items()
                                                                    if key in labels)))
        if here:
            # Three parts on one card read as a range ("Scoring – Rulings"): the foot line has room for two names.
            words = " · ".join(here) if len(here) <= 2 else f"{here[0]} – {here[-1]}"
            rules.append(f"@page :nth({number}) {{ @bottom-left {{ content: {_css_string(words)}; }} }}")
    return "\n".join(rules)


#: In the card box's HTML, in document order: a part with its heading, a rule section's heading (its
#: id and words: "6. Calling chips") and a rule's id (pdf/booklet.html, partials/rules.html).
_HEAD_TOKEN = re.compile(
    r'<section\b[^>]*\sid="(part-[\w-]+)"[^>]*>\s*<h2>([^<]+)</h2>'
    r'|<section class="rb-rule-section" aria-labelledby="([\w-]+)">\s*<h\d id="[\w-]+" class="rb-heading">([^<]+)<'
    r'|<li class="rb-rule" id="([\w-]+)"')
#: The top margin of a card that carries a continued heading, and where that heading's line sits in it.
HEAD_MARGIN_MM = 7.6


def card_heads_css(document: Any, html: str) -> str:
    """Every card reads alone (issue 40): a card whose first lines continue a part or a rule section
    begun on the card before repeats its heading at its top, "6. Calling chips, continued" (the
    rule section, for a rule) or "Rulings, continued" (the part). Read from a layout (the ids on
    each page and where they sit), as one ``@page :nth(n)`` rule per page, which also gives that
    page the room for the line; :func:`card_box_layout` lays out again until the pages agree."""
    part_words: dict[str, str] = {}
    section_words: dict[str, str] = {}
    rule_section: dict[str, str] = {}
    current = ""
    for part, h2, section, title, rule in _HEAD_TOKEN.findall(html):
        if part:
            part_words[part] = html_unescape(h2).strip()
            current = ""  # the scoring part's items are set as rules, but belong to no rule section
        elif section:
            current = section
            section_words[section] = html_unescape(title).strip()
        elif rule and current:
            rule_section[rule] = current
    seen: set[str] = set()
    rules = []
    for number, page in enumerate(document.pages, start=1):
        here = sorted((pos[1], key) for key, pos in page.anchors.items())
        head = ""
        parts = [key for _, key in here if key in part_words]
        first = next((key for _, key in here if key not in part_words and not key.endswith("-title")), None)
        titled = {key.removesuffix("-title") for _, key in here if key.endswith("-title")}
        if first in titled:
            pass  # a worked example starts the card under its own heading
        elif first in rule_section and rule_section[first] in seen:
            head = section_words[rule_section[first]]
        elif first not in section_words and parts and parts[0] in seen:
            head = part_words[parts[0]]
        seen.update(key for _, key in here)
        if head:
            rules.append(f"@page :nth({number}) {{ margin-top: {HEAD_MARGIN_MM}mm; "
                         f"@top-left {{ content: {_css_string(head + ', continued')}; }} }}")
    return "\n".join(rules)


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal."""
    return '"' + "".join(f"\\{ord(c):x} " if c in '"\\' or ord(c) < 32 else c for c in text) + '"'


def render_rulebook(root: Path | str, game: Any, games: Sequence[Any], edition: Edition | None = None,
                    paper: BookPaper | None = None) -> bytes:
    """The complete rulebook of ``game`` as PDF bytes: A5 pages, or the page size of ``paper``
    (half-letter for US Letter)."""
    from markupsafe import Markup

    root = Path(root)
    edition = edition or project_edition(root)
    paper = paper or BOOK_PAPERS["a4"]

    def html_with(notes: int) -> str:
        return _render_linked("pdf/rulebook.html", game, games, edition, elsewhere=None, square_mm=_num(SQUARE_MM),
                              paper_weight=Markup(BOOK_PAPER), page_label=paper.page_label, notes_lines=notes,
                              notes_head=NOTES_HEAD_LINES)

    full = html_with(NOTES_MAX_LINES)
    return _weasy(root, full, ("common.css", "book.css"), extra_css=(book_page_css(paper),),
                  identifier=_identifier(game, edition, f"rulebook-{paper.key}"),
                  lay_out=lambda render: rulebook_layout(render, full, html_with))


def rulebook_layout(render: Render, full: str, html_with: Callable[[int], str]) -> Any:
    """The complete rulebook laid out (issue 27), from ``full``, its HTML with :data:`NOTES_MAX_LINES` ruled
    lines for notes: with its page numbers (:func:`numbered_layout`); again if a page is left under half
    full (:func:`balance_breaks`); then only the pages the fold needs are kept, the ruled lines on
    them and the back cover (print/book.css puts it on a left-hand page, as the last page of a
    folded book is). When the notes would open a page the fold does not need, the book is laid out
    once more without them (``html_with(0)``), so the contents do not list them."""
    document, pages = numbered_layout(render, full, {})
    # A short game's contents leave their page more than half empty (issue 38: a fourth game's p. 2 was 57 %
    # empty): the Quick start runs on below them, as the parts run on after each other.
    run_on = CONTENTS_RUN_ON_CSS if contents_fill(document) < BOOK_MIN_FILL else ""
    if run_on:
        document, pages = numbered_layout(render, full, pages, run_on)
    breaks = balance_breaks(document, full)
    css = "\n".join([run_on] * bool(run_on) + [f'[id="{ident}"] {{ break-before: page; }}' for ident in breaks])
    if breaks:
        document, pages = numbered_layout(render, full, pages, css)
    kept, folded = notes_fold(document)
    if not kept:
        return numbered_layout(render, html_with(0), pages, css)[0]
    back = document.pages[-1]
    if "pdf-back-cover" not in back.anchors or (len(document.pages) - folded) % 2:
        raise PdfError("the back cover of the complete rulebook is not on the last, left-hand page")
    return document.copy(document.pages[:folded - 1] + [back])


#: The contents of the complete rulebook open a page of their own, and end it (print/book.css) unless that
#: leaves it under :data:`BOOK_MIN_FILL`: then the text runs on below them, spaced as a part from the part before.
CONTENTS_RUN_ON_CSS = ".pdf-contents { break-after: auto; } .pdf-part--quick-start { margin-top: 9mm; }"


def _flow_lines(page: Any) -> list[Any]:
    """The line boxes of a laid-out page's own flow (not its margin boxes: the running heads, the number)."""
    from weasyprint.formatting_structure import boxes  # type: ignore[import-untyped]

    found, stack = [], [page._page_box.children[0]]
    while stack:
        box = stack.pop()
        if isinstance(box, boxes.LineBox):
            found.append(box)
        else:
            stack.extend(getattr(box, "children", ()))
    return found


def contents_fill(document: Any) -> float:
    """How full the contents' page is, 0 to 1 (1 when the book has no contents; a list that runs over
    fills its first page)."""
    page = next((p for p in document.pages if "pdf-contents-title" in p.anchors), None)
    if page is None:
        return 1.0
    box = page._page_box
    top, height = box.margin_top, page.height - box.margin_top - box.margin_bottom
    own = _flow_lines(page)
    return (max(ln.position_y + ln.height for ln in own) - top) / height if own else 0.0


#: A page of the complete rulebook is at least this full (issue 27: none but the last more than half empty;
#: a little over half, as the PDF measures ink where the layout measures lines).
BOOK_MIN_FILL = 0.53
#: What a page may begin with when a page is balanced against the one after it: one whole thought (a rule,
#: a step, a ruling, an example ...), a rule section's heading or a part.
_UNIT = re.compile(r'<(?:li|article|div|section)\b[^>]*\bclass="(?:rb-rule|rb-step|rb-tie|rb-ruling|rb-example|'
                   r'rb-sample__step|rb-variant|rb-sample|pdf-part)\b[^"]*"[^>]*\bid="([^"]+)"'
                   r'|<h3\b[^>]*\bid="([^"]+)"[^>]*class="rb-heading"')


def balance_breaks(document: Any, html: str) -> list[str]:
    """The ids before which a second layout of the complete rulebook breaks the page (issue 27): where a page
    of text ends less than :data:`BOOK_MIN_FILL` full because the thought after it (a ruling, a worked
    example: never split) needs the next page, the last thoughts of the page BEFORE it move down to it,
    when that leaves both pages full enough. The pages after are laid out as before: the thought that
    did not fit still opens the next page (the notes are then counted on the layout with the breaks:
    :func:`rulebook_layout`)."""
    units = {a or b for a, b in _UNIT.findall(html)}
    pages = document.pages
    lines = _flow_lines

    breaks: list[str] = []
    moved_into: set[int] = set()
    for k in range(1, len(pages)):  # page k + 1 (0-based k) against page k (0-based k - 1)
        page, before = pages[k], pages[k - 1]
        if "pdf-text" not in page.anchors or "pdf-text" not in before.anchors or k - 1 in moved_into:
            continue
        if k + 1 < len(pages) and "pdf-text" not in pages[k + 1].anchors:
            continue  # the last page of text: the notes fill it
        box = page._page_box
        top, height = box.margin_top, page.height - box.margin_top - box.margin_bottom
        own, above = lines(page), lines(before)
        if not own or not above:
            continue
        used = max(ln.position_y + ln.height for ln in own) - top
        if used / height >= BOOK_MIN_FILL:
            continue
        end_before = max(ln.position_y + ln.height for ln in above)
        best: tuple[float, str] | None = None
        for ident, (_, y, _, _) in before.anchors.items():
            if ident not in units or ident in page.anchors or y <= top + 1:
                continue
            over = [ln for ln in above if ln.position_y + ln.height <= y + 0.5]
            if not over or max(over, key=lambda ln: ln.position_y).element_tag in ("h1", "h2", "h3", "h4"):
                continue  # the first thing on the page, or a heading would be left behind
            moved = end_before - y
            fills = ((y - top) / height, (used + moved + 6 * MM_PX) / height)
            if fills[1] <= 1 and min(fills) >= BOOK_MIN_FILL and (best is None or min(fills) > best[0]):
                best = (min(fills), ident)
        if best is not None:
            breaks.append(best[1])
            moved_into.add(k)
    return breaks


#: The ruled lines the first layout of a complete rulebook ends with: more than fill four pages.
NOTES_MAX_LINES = 100
#: The first few stay with the "Notes" heading: a page with room for less starts the notes on the next.
NOTES_HEAD_LINES = 3


def notes_fold(document: Any) -> tuple[int, int]:
    """How many ruled lines of "Notes" the complete rulebook keeps, from a layout with
    :data:`NOTES_MAX_LINES` of them (issue 27), and the pages of the folded book (a multiple of four,
    back cover included): the lines that fill the last page of text and the pages the fold needs,
    so there is no blank page and no page of text left more than half empty. None when the notes'
    heading and first lines would open a page the fold does not need."""
    pages = [set(page.anchors) for page in document.pages]
    text_ends = max(n for n, ids in enumerate(pages, start=1) if "pdf-text" in ids)
    folded = -(-(text_ends + 1) // 4) * 4  # the back cover makes one more page
    kept = 0
    for line in range(1, NOTES_MAX_LINES + 1):
        page = next((n for n, ids in enumerate(pages, start=1) if f"pdf-note-{line}" in ids), None)
        if page is None or page > folded - 1:
            break
        kept = line
    return (kept if kept >= NOTES_HEAD_LINES else 0), folded


def impose_book(root: Path | str, game: Any, book: bytes, paper: BookPaper, edition: Edition | None = None) -> bytes:
    """The complete rulebook set two pages to a side of ``paper`` (landscape), in booklet order: fold
    the stack of sheets in half (at the marks on each front, :func:`fold_marks`) and the pages read
    1, 2, 3 ... with the book's last page (the back cover) on the outside. Blank pages, when the
    count is not a multiple of four, go just before the back cover (the notes pages make the count
    a multiple of four today). Flip on the short edge: see :func:`book_order`."""
    from pypdf import PdfReader, PdfWriter

    root = Path(root)
    edition = edition or project_edition(root)
    source = PdfReader(io.BytesIO(book))
    n_pages = len(source.pages)
    for page in source.pages:
        if abs(float(page.mediabox.width) - paper.page_w_mm * MM) > 0.5 or \
                abs(float(page.mediabox.height) - paper.page_h_mm * MM) > 0.5:
            raise PdfError(f"the {paper.page_label} rulebook of {game.id} has a page of another size")
    writer = PdfWriter()
    forms = [_form_xobject(writer, page) for page in source.pages]
    width, height = paper.width_mm * MM, paper.height_mm * MM
    pw, ph = paper.page_w_mm * MM, paper.page_h_mm * MM
    y = (height - ph) / 2
    for side, (left, right) in enumerate(book_order(n_pages)):
        sheet_page = writer.add_blank_page(width=width, height=height)
        ops: list[str] = []
        names: dict[str, Any] = {}
        for page_no, x in ((left, width / 2 - pw), (right, width / 2)):
            if page_no is None:
                continue
            name = f"/BP{page_no}"
            names[name] = forms[page_no - 1]
            ops.append(f"q 1 0 0 1 {_num(x)} {_num(y)} cm {name} Do Q")
        if side % 2 == 0:  # the front, the outside of the fold: where to fold
            ops += fold_mark_ops(paper)
        _append_content(writer, sheet_page, "\n".join(ops).encode("ascii"), names)
    title = f"{game.data['name']}: the complete rulebook to print as a booklet ({paper.label})"
    return _finish(writer, title, edition, _identifier(game, edition, f"book-sheet-{paper.key}"), game_author(game))


#: The fold mark of an imposed booklet sheet: a short line at the fold, at the top and at the foot of the
#: front, in the margin between the running heads (feet) of the two pages, ``SAFE_MM`` from the edge.
FOLD_MARK_MM = 4.0


def fold_marks(paper: BookPaper) -> list[tuple[float, float, float, float]]:
    """The fold marks (x0, y0, x1, y1, points) of a side of ``paper``: on the fold, from ``SAFE_MM`` in from
    the top and the foot, ``FOLD_MARK_MM`` long (issue 27: the imposed booklets showed no fold)."""
    x, height = paper.width_mm / 2 * MM, paper.height_mm * MM
    near, far = SAFE_MM * MM, (SAFE_MM + FOLD_MARK_MM) * MM
    return [(x, near, x, far), (x, height - far, x, height - near)]


def fold_mark_ops(paper: BookPaper) -> list[str]:
    ops = [f"q {_num(GUIDE_GREY)} G {_num(GUIDE_WIDTH_PT)} w 0 J [1.5 1] 0 d"]
    ops += [f"{_num(a)} {_num(b)} m {_num(c)} {_num(d)} l S" for a, b, c, d in fold_marks(paper)]
    ops.append("Q")
    return ops


def book_order(n_pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) book page numbers (1-based; None for a blank) of each side of the imposed sheets,
    in print order: sheet 1 front, sheet 1 back, sheet 2 front ... The book is padded to a multiple
    of four with blanks placed before its last page. Front of sheet s: (M - 2s, 2s + 1); back,
    after a flip on the short edge: (2s + 2, M - 2s - 1)."""
    total = -(-n_pages // 4) * 4
    slots: list[int | None] = [*range(1, n_pages), *([None] * (total - n_pages)), n_pages]

    def at(position: int) -> int | None:  # position 1..total in the folded booklet
        return slots[position - 1]

    sides: list[tuple[int | None, int | None]] = []
    for s in range(total // 4):
        sides.append((at(total - 2 * s), at(2 * s + 1)))
        sides.append((at(2 * s + 2), at(total - 2 * s - 1)))
    return sides


def paper_refs(datas: Sequence[Mapping[str, Any]], game_id: str) -> dict[str, Any]:
    """Where each ``[[#id]]`` of ``game_id``'s PDFs points: inside the document, or other games'
    rulebooks. A ruling for the site's tools only (``scope: site``, chips-ruling-layoff-order, issue
    37) is on the web page and in no PDF (pdf/booklet.html and pdf/rulebook.html leave it out): a
    rule citing it names it, ", on the game's web page", without a link."""
    from ..render import Ref, game_refs

    refs = game_refs(datas, game_id, page_url=lambda gid: f"{gid}-rulebook.pdf")
    for data in datas:
        if data["id"] != game_id:
            continue
        for ruling in data.get("rulings") or []:
            if ruling.get("scope") == "site":
                refs[ruling["id"]] = Ref(href="", label=f"{refs[ruling['id']].label}, on the game's web page")
    return refs


def _render_linked(template: str, game: Any, games: Sequence[Any], edition: Edition, *, elsewhere: str | None,
                   **context: Any) -> str:
    """``template`` rendered with links that resolve: a ``[[#id]]`` whose target the document holds
    points inside it (the stylesheet adds its page number); one whose target the document leaves
    out (the card box keeps a few examples) points into ``elsewhere`` (the complete rulebook), so
    no link is dangling. Other games' ids point to their own rulebook."""
    from ..content.house import edition as house_edition
    from ..content.house import edition_data
    from ..render import Ref, render_partial

    datas = [g.data for g in games]
    # A family edition (issue 25, ``rulebook pdf --house FILE``): the game as the table plays it, its covers
    # listing the house rules; the default edition is the game file's own data, unchanged.
    data = edition_data(game, house_edition(games))
    refs = paper_refs(datas, game.id)
    html = str(render_partial(template, game=data, refs=refs, level=3, root="", edition=edition, **context))
    held = set(re.findall(r'\sid="([^"]+)"', html))
    own = {ref_id for ref_id, ref in refs.items() if ref.href.startswith("#")}
    missing = {ref_id for ref_id in own if ref_id not in held}
    if missing and elsewhere is None:
        raise PdfError(f"{template} of {game.id} leaves out {', '.join(sorted(missing))}, which its text links to")
    if missing:
        refs = {ref_id: Ref(href=f"{elsewhere}#{ref_id}", label=ref.label) if ref_id in missing else ref
                for ref_id, ref in refs.items()}
        html = str(render_partial(template, game=data, refs=refs, level=3, root="", edition=edition,
                                  **context))
    return keep_together(typeset_quotes(html))


#: What never breaks across a line on paper (issue 27), each found in the text between tags:
#: card notation ("K-A-2-3", "Q-K-A"), a file name ("chips-rulebook.pdf"), a date ("2025-11-29")
#: a numbered reference ("rule 3.5", "tie-breaker 2", "step 4", "scoring rule S1": issue 38, a short game's
#: card box cites only its scoring rules) and a bet ("raise 2").
_UNBROKEN = re.compile(
    r"(?<![\w-])(?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK]))+(?![\w-])"
    r"|(?<![\w.-])[\w-]+(?:\.[\w-]+)*\.pdf(?!\w)"
    r"|\b\d{4}-\d{2}-\d{2}\b"
    r"|\b(?:scoring rule S\d+|(?:rule|tie-breaker|step) \d+(?:\.\d+)?)\b"
    r"|\b(?:raise|bet) \d+\b")
#: A group of card faces (partials: ``<span class="cards">``) stays on one line with what names it: the
#: opening bracket, and in an example "player 2: " before a player's cards.
_CARD_GROUP = re.compile(r'(\(|player \d+: (?:threw |)|)(<span class="cards">(?:<span [^>]*>[^<]*</span>\s*)+</span>\)?)')
_TAG = re.compile(r"(<[^>]*>)")
#: A space between a word and an inline element that follows it ("See <a ...>ruling"). WeasyPrint 70
#: measures a line of text that ends in such a space WITH the space, and when only the space overflows
#: it gives the line its first word alone ("From / then / on they stay ...": issue 27's "Queen or /
#: King"). The space in an element of its own is measured apart, and the line breaks where it should.
_SPACE_BEFORE_INLINE = re.compile(r"(?<=[^\s>]) (?=<(?:a|span|strong|b|em|code)\b)")


#: A straight quote in text, as Jinja writes it (escaped) or as typed.
_STRAIGHT = re.compile(r"&#34;|&quot;|&#39;|&#x27;|\"|'")
#: What before a quote makes it an opening one: nothing, a space, an opening bracket or dash.
_OPENS_AFTER = frozenset(" \t\n\u00a0([{\u2014\u2013/")


def typeset_quotes(html: str) -> str:
    """``html`` with the straight quotes of its text curly, as a typesetter sets them (issue 40):
    “double”, ‘single’ and the apostrophe ’ (the Daltons’, don’t, ’80s). A quote opens after a
    space, a bracket, a dash or at the start of the text, and closes elsewhere; the character before
    it is carried across tags ("<strong>chips</strong>" closes after the tag). Tags, attributes
    and the text of style, script and title are left as they are. The rules-data text stays as
    written: this is done to the PDFs' HTML only, at render."""
    parts = _TAG.split(html)
    in_raw = False
    before = " "
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            name = part[1:].split(None, 1)[0].lower().rstrip(">") if len(part) > 1 else ""
            if name in ("style", "script", "title"):
                in_raw = True
            elif name in ("/style", "/script", "/title"):
                in_raw = False
            elif name in ("p", "li", "h1", "h2", "h3", "h4", "dt", "dd", "td", "th", "br", "div", "section"):
                before = " "  # a new block: what follows opens
            continue
        if in_raw or not part:
            continue
        out: list[str] = []
        at = 0
        for m in _STRAIGHT.finditer(part):
            out.append(part[at:m.start()])
            prev = part[m.start() - 1] if m.start() else before
            double = m.group(0) in ("&#34;", "&quot;", '"')
            opening = prev in _OPENS_AFTER
            out.append(("\u201c" if opening else "\u201d") if double else ("\u2018" if opening else "\u2019"))
            at = m.end()
        out.append(part[at:])
        parts[i] = "".join(out)
        text = html_unescape(part)
        if text:
            before = text[-1]
    return "".join(parts)


def keep_together(html: str) -> str:
    """``html`` with :data:`_UNBROKEN` runs and each card group (with its bracket or its player) wrapped in
    ``<span class="nobr">``, which print/common.css keeps on one line, and each space before an inline
    element in an element of its own (:data:`_SPACE_BEFORE_INLINE`). Tags and attributes are left as
    they are: only the text between them is searched."""
    html = _CARD_GROUP.sub(lambda m: f'<span class="nobr">{m.group(1)}{m.group(2)}</span>', html)
    parts = _TAG.split(html)
    in_raw = False
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            name = part[1:].split(None, 1)[0].lower().rstrip(">") if len(part) > 1 else ""
            if name in ("style", "script", "title"):
                in_raw = True
            elif name in ("/style", "/script", "/title"):
                in_raw = False
        elif not in_raw and part:
            parts[i] = _UNBROKEN.sub(lambda m: f'<span class="nobr">{m.group(0)}</span>', part)
    head, body, tail = "".join(parts).partition("<body")
    return head + body + _SPACE_BEFORE_INLINE.sub("<span> </span>", tail) if body else head


def impose(root: Path | str, game: Any, booklet: bytes, paper: Paper, edition: Edition | None = None) -> bytes:
    """The print-at-home sheet of a booklet on ``paper``: see the module docstring."""
    from markupsafe import Markup
    from pypdf import PdfReader, PdfWriter

    from ..render import render_partial

    root = Path(root)
    edition = edition or project_edition(root)
    source = PdfReader(io.BytesIO(booklet))
    n_pages = len(source.pages)
    cards = (n_pages + 1) // 2
    # The note on how to print takes the slot after the last card.
    sheets = max(1, -(-(cards + 1) // paper.per_side))
    sides = [{"sheet": s + 1, "side": side} for s in range(sheets) for side in ("front", "back")]
    note_sheet, note_slot = divmod(cards, paper.per_side)
    nx, ny = slot_origins(paper)[note_slot]
    note = {"sheet": note_sheet + 1, "left": _num(nx / MM), "top": _num(paper.height_mm - ny / MM - CARD_MM[1]),
            "width": _num(CARD_MM[0]), "height": _num(CARD_MM[1])}

    html = typeset_quotes(str(render_partial("pdf/sheet.html", game=game.data, edition=edition, paper=paper, sides=sides,
                          sheets=sheets, note=note, square_mm=_num(SQUARE_MM), paper_weight=Markup(CARD_PAPER), refs={})))
    frame = _weasy(root, str(html), ("common.css", "sheet.css"),
                   identifier=_identifier(game, edition, f"frame-{paper.key}"))

    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(frame)))
    if len(writer.pages) != len(sides):
        raise PdfError(f"the {paper.label} sheet frame of {game.id} has {len(writer.pages)} pages, "
                       f"expected {len(sides)}")
    forms = [_form_xobject(writer, page) for page in source.pages]

    for index, sheet_page in enumerate(writer.pages):
        sheet, back = divmod(index, 2)
        ops: list[str] = []
        names: dict[str, Any] = {}
        placed: list[tuple[float, float]] = []
        for slot, (x, y) in enumerate(slot_origins(paper, back=bool(back))):
            card = sheet * paper.per_side + slot
            if 2 * card >= n_pages:
                continue
            placed.append((x, y))
            page_no = 2 * card + back  # 0-based booklet page on this side of this card
            if page_no >= n_pages:
                continue
            name = f"/BP{page_no + 1}"
            names[name] = forms[page_no]
            ops.append(f"q 1 0 0 1 {_num(x)} {_num(y)} cm {name} Do Q")
        if not back:  # the marks go on the front only: duplex drift would print a back's off the cut
            ops += cut_line_ops(paper, placed)
        _append_content(writer, sheet_page, "\n".join(ops).encode("ascii"), names)

    title = f"{game.data['name']}: the card-box rules to print at home ({paper.label})"
    return _finish(writer, title, edition, _identifier(game, edition, f"sheet-{paper.key}"), game_author(game))


#: The language of every PDF (its /Lang, which a screen reader reads the words in), as the pages say.
PDF_LANG = "en-GB"


def game_author(game: Any) -> str:
    """A game's PDFs' Author: where the game comes to us from (``author:`` in its game file)."""
    return str(game.data.get("author") or game.data["name"])


#: The bleed a print-on-demand card printer asks for round each card (issue 40).
BLEED_MM = 3.0


def with_bleed(game: Any, booklet: bytes, edition: Edition) -> bytes:
    """The card-box pages for a print-on-demand printer: each page ``BLEED_MM`` larger on every side
    (69 x 94 mm), the card placed unscaled in the middle, its TrimBox the card's edge and its BleedBox
    the page. Nothing of a card reaches its edge (the text keeps 3.5 mm inside), so the bleed is the
    card's own white paper."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    source = PdfReader(io.BytesIO(booklet))
    writer = PdfWriter()
    bleed = BLEED_MM * MM
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    for number, page in enumerate(source.pages, start=1):
        form = _form_xobject(writer, page)
        sheet = writer.add_blank_page(width=w + 2 * bleed, height=h + 2 * bleed)
        _append_content(writer, sheet, f"q 1 0 0 1 {_num(bleed)} {_num(bleed)} cm /Card{number} Do Q".encode("ascii"),
                        {f"/Card{number}": form})
        sheet[NameObject("/TrimBox")] = ArrayObject([FloatObject(v) for v in (bleed, bleed, bleed + w, bleed + h)])
        sheet[NameObject("/BleedBox")] = ArrayObject([FloatObject(v) for v in (0, 0, w + 2 * bleed, h + 2 * bleed)])
    title = f"{game.data['name']}: the card-box rules for a card printer (3 mm bleed)"
    return _finish(writer, title, edition, _identifier(game, edition, "bleed"), game_author(game))


def _finish(writer: Any, title: str, edition: Edition, identifier: str, author: str) -> bytes:
    """Metadata (title, author, and the language, which WeasyPrint writes from ``<html lang>`` but an
    imposed file had lost: issue 40), a fixed identifier (pypdf writes none by default; its
    generate_file_identifiers is random), shared objects merged: the bytes of an imposed file."""
    from pypdf.generic import ArrayObject, ByteStringObject, NameObject, TextStringObject

    writer.add_metadata({"/Title": title, "/Author": author,
                         "/Producer": f"chips-rulebook {edition.version} (WeasyPrint, pypdf)"})
    writer._root_object[NameObject("/Lang")] = TextStringObject(PDF_LANG)
    ident = ByteStringObject(bytes.fromhex(identifier))
    writer._ID = ArrayObject([ident, ident])
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def grid_origin(paper: Paper) -> tuple[float, float]:
    """Lower-left corner of the 3 x 3 grid of cards, in points: centred on the sheet, so the back
    side (columns mirrored, flip on the long edge) lands exactly behind the front."""
    w, h = CARD_MM
    x0 = (paper.width_mm - paper.cols * w) / 2 * MM
    y0 = (paper.height_mm - paper.rows * h) / 2 * MM
    return x0, y0


def slot_origins(paper: Paper, *, back: bool = False) -> list[tuple[float, float]]:
    """Lower-left corner (points) of each card slot, in reading order (rows from the top, columns
    from the left on the front; mirrored columns on the back)."""
    x0, y0 = grid_origin(paper)
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    out: list[tuple[float, float]] = []
    for r in range(paper.rows):
        for c in range(paper.cols):
            col = paper.cols - 1 - c if back else c
            out.append((x0 + col * w, y0 + (paper.rows - 1 - r) * h))
    return out


def trim_lines(paper: Paper) -> tuple[list[float], list[float]]:
    """The x of every vertical trim line and the y of every horizontal one, in points."""
    x0, y0 = grid_origin(paper)
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    return [x0 + i * w for i in range(paper.cols + 1)], [y0 + j * h for j in range(paper.rows + 1)]


def _trim_lines(origins: Sequence[tuple[float, float]]) -> tuple[list[tuple[float, list[tuple[float, float]]]],
                                                             list[tuple[float, list[tuple[float, float]]]]]:
    """The trim lines of the cards placed at ``origins``: (vertical, horizontal), each line (its x or
    y, in points) with the spans along it that bound a card, spans touching on one line merged."""
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    vertical: dict[float, list[tuple[float, float]]] = {}
    horizontal: dict[float, list[tuple[float, float]]] = {}
    for x, y in origins:
        for vx in (x, x + w):
            vertical.setdefault(round(vx, 4), []).append((y, y + h))
        for hy in (y, y + h):
            horizontal.setdefault(round(hy, 4), []).append((x, x + w))

    def merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[list[float]] = []
        for a, b in sorted(spans):
            if out and a <= out[-1][1] + 0.01:
                out[-1][1] = max(out[-1][1], b)
            else:
                out.append([a, b])
        return [(a, b) for a, b in out]

    return ([(k, merge(v)) for k, v in sorted(vertical.items())],
            [(k, merge(v)) for k, v in sorted(horizontal.items())])


def cut_segments(paper: Paper, origins: Sequence[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """The crop marks of the cards placed at ``origins`` (lower-left corners, points), as segments
    (x0, y0, x1, y1): each trim line (every edge of every card, edges on one line merged) is marked
    where it leaves the cards, never on them (issue 27: a guide on the trim leaves a hairline on a
    card cut 0.2 mm off). A mark starts ``CROP_GAP_MM`` past the last card and runs ``CROP_MM`` on,
    into the paper's margin, where it stops ``SAFE_MM`` short of the edge (home printers leave that
    strip blank), or into a slot that holds no card (the printing note's, an empty one). A ruler laid
    on the two marks of a line cuts along it."""
    if not origins:
        return []
    safe, gap, length = SAFE_MM * MM, CROP_GAP_MM * MM, CROP_MM * MM
    width, height = paper.width_mm * MM, paper.height_mm * MM

    def marks(a: float, b: float, limit: float) -> list[tuple[float, float]]:
        """Before ``a`` and after ``b`` along a line that runs from 0 to ``limit``."""
        out = []
        if a - gap - safe > 0.5 * MM:
            out.append((max(safe, a - gap - length), a - gap))
        if limit - safe - (b + gap) > 0.5 * MM:
            out.append((b + gap, min(limit - safe, b + gap + length)))
        return out

    vertical, horizontal = _trim_lines(origins)
    segments: list[tuple[float, float, float, float]] = []
    for vx, spans in vertical:
        for a, b in spans:
            segments += [(vx, c, vx, d) for c, d in marks(a, b, height)]
    for hy, spans in horizontal:
        for a, b in spans:
            segments += [(c, hy, d, hy) for c, d in marks(a, b, width)]
    return segments


def trim_segments(paper: Paper, origins: Sequence[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """Every trim line of the cards placed at ``origins``, along the cards it bounds (edges on one
    line merged), as segments (x0, y0, x1, y1) in points: the light cut lines."""
    vertical, horizontal = _trim_lines(origins)
    return ([(line, a, line, b) for line, spans in vertical for a, b in spans]
            + [(a, line, b, line) for line, spans in horizontal for a, b in spans])


def cut_line_ops(paper: Paper, origins: Sequence[tuple[float, float]]) -> list[str]:
    """PDF operators drawing :func:`trim_segments` as light lines and :func:`cut_segments` as short dark
    marks, butt-ended, off the cards."""
    segments = cut_segments(paper, origins)
    if not segments:
        return []
    ops = [f"q {_num(TRIM_GREY)} G {_num(TRIM_WIDTH_PT)} w 0 J [] 0 d"]
    ops += [f"{_num(a)} {_num(b)} m {_num(c)} {_num(d)} l S" for a, b, c, d in trim_segments(paper, origins)]
    ops.append("Q")
    ops += [f"q {_num(GUIDE_GREY)} G {_num(GUIDE_WIDTH_PT)} w 0 J [] 0 d"]
    ops += [f"{_num(a)} {_num(b)} m {_num(c)} {_num(d)} l S" for a, b, c, d in segments]
    ops.append("Q")
    return ops


def project_edition(root: Path | str) -> Edition:
    """The version in ``pyproject.toml`` and the date of ``SOURCE_DATE_EPOCH`` (else of the last
    commit, else a fixed day): never the clock, so two builds are identical."""
    root = Path(root)
    return Edition(version=_version(root), epoch=_epoch(root))


# --------------------------------------------------------------------------- internals


def build_part(root: Path | str, game: Any, games: Sequence[Any], part: str) -> dict[str, bytes]:
    """The files of one of :data:`PARTS` of ``game``, by name."""
    root = Path(root)
    edition = project_edition(root)
    files: dict[str, bytes] = {}
    if part == "cards":
        booklet = files[f"{game.id}.pdf"] = render_booklet(root, game, games, edition)
        for paper in PAPERS.values():
            files[f"{game.id}-{paper.key}.pdf"] = _imposing(game, paper.label, lambda p=paper: impose(
                root, game, booklet, p, edition))
        files[f"{game.id}-bleed.pdf"] = _imposing(game, "bleed", lambda: with_bleed(game, booklet, edition))
        return files
    key = {"book-a5": "a4", "book-letter": "letter"}.get(part)
    if key is None:
        raise PdfError(f"unknown part {part!r} (known: {', '.join(PARTS)})")
    bpaper = BOOK_PAPERS[key]
    book = render_rulebook(root, game, games, edition, bpaper)
    if key == "a4":
        files[f"{game.id}-rulebook.pdf"] = book
    files[f"{game.id}-rulebook-{key}.pdf"] = _imposing(game, f"{bpaper.label} booklet", lambda: (
        impose_book(root, game, book, bpaper, edition)))
    return files


@contextmanager
def collect_after() -> Iterator[None]:
    """Python's cyclic garbage collector off while the block runs, and one collection after it.
    WeasyPrint makes millions of small objects and keeps most of them to the end of a layout, so
    the collector, run every 700 new ones, went over them again and again for nothing: a fifth of
    the CPU of every PDF (issue 26; bench/bench_build.py). The memory a PDF holds is the same at
    its peak (about 190 MB), and is given back after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        gc.collect()


def _build_game(root: Path, game: Any, games: Sequence[Any], out_dir: Path) -> list[Path]:
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PdfError(f"cannot create {out_dir}: {exc.strerror or exc}") from None
    files: dict[str, bytes] = {}
    for part in PARTS:
        with collect_after():
            files.update(build_part(root, game, games, part))
    written = []
    for name, data in files.items():
        path = out_dir / name
        try:
            path.write_bytes(data)
        except OSError as exc:
            raise PdfError(f"cannot write {path}: {exc.strerror or exc}") from None
        written.append(path)
    return written


def _imposing(game: Any, what: str, make: Any) -> bytes:
    try:
        data: bytes = make()
    except RulebookError:
        raise
    except Exception as exc:  # noqa: BLE001  (pypdf: still one line, naming the game and the paper)
        raise PdfError(f"imposing the {what} sheet of {game.id} failed: {type(exc).__name__}: "
                       f"{' '.join(str(exc).split())}") from None
    return data


#: Lays out HTML with the print stylesheets and one more (maybe empty), each link to a place in it given the
#: page of its target (by id; :func:`numbered_layout`).
Render = Callable[[str, Mapping[str, int], str], Any]


def _weasy(root: Path, html: str, sheets: Sequence[str], *, identifier: str, extra_css: Sequence[str] = (),
           lay_out: Callable[[Render], Any] | None = None) -> bytes:
    """Render ``html`` with the print stylesheets: one FontConfiguration for the CSS and the
    PDF, font URLs resolved against ``docs/assets/fonts/`` and a base URL for the document (or
    the fonts silently fall back to system ones). ``lay_out``, given the means to lay out, returns
    the document to write, for what only the pages once laid out can say (else
    :func:`numbered_layout` of ``html``)."""
    try:
        from weasyprint import CSS, HTML  # type: ignore[import-untyped]
        from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - the venv has it
        raise PdfError(f"WeasyPrint is not installed ({exc}): run make setup") from None

    fonts = (root / FONTS_DIR).resolve()
    for name in _FONT_FILES:
        if not (fonts / name).is_file():
            raise PdfError(f"missing font file {FONTS_DIR / name} (docs/assets/fonts/README.md says how it is made)")
    font_config = FontConfiguration()
    base = fonts.as_uri() + "/"
    with _quiet_weasyprint() as problems:
        try:
            styles = [CSS(filename=str(PRINT_DIR / s), base_url=base, font_config=font_config) for s in sheets]
            styles += [CSS(string=text, base_url=base, font_config=font_config) for text in extra_css]
            options: dict[str, Any] = {
                "pdf_identifier": bytes.fromhex(identifier), "uncompressed_pdf": False,
                "pdf_tags": True,  # tagged: screen readers can follow the booklet
            }

            parsed: dict[str, Any] = {}

            def render(text: str, pages: Mapping[str, int], more: str) -> Any:
                # The same HTML laid out again with other numbers is parsed once (0.2 s a rulebook).
                if text not in parsed:
                    parsed.clear()
                    parsed[text] = HTML(string=text, base_url=base)
                source = parsed[text]
                number_links(source.etree_element, pages)
                extra = [CSS(string=more, base_url=base, font_config=font_config)] if more else []
                return source.render(stylesheets=styles + extra, font_config=font_config, **options)

            document = lay_out(render) if lay_out is not None else numbered_layout(render, html, {})[0]
            data = document.write_pdf(**options)
        except RulebookError:
            raise
        except Exception as exc:  # noqa: BLE001  (any WeasyPrint failure becomes one line)
            raise PdfError(f"WeasyPrint failed: {type(exc).__name__}: {' '.join(str(exc).split())}") from None
    if problems:
        raise PdfError(f"WeasyPrint: {problems[0]}")
    if data is None:  # pragma: no cover
        raise PdfError("WeasyPrint returned no PDF")
    return bytes(data)


#: A link to a place in the same PDF. The print stylesheets write the page it points to after it
#: (``attr(data-page)``: "ruling “How many packs”, p. 12"; the contents' page numbers), from the
#: ``data-page`` that :func:`number_links` gives it.
_INNER_LINK = re.compile(r'<a\b[^>]*?\shref="#([^"]+)"')
#: Layouts at most before the page numbers are taken as they are (WeasyPrint's own limit for its
#: ``target-counter()``).
PAGE_ROUNDS = 8


def number_links(root: Any, pages: Mapping[str, int]) -> None:
    """Give each link to a place in the parsed document ``root`` (an ElementTree element) ``data-page``:
    the page of ``pages`` its target is on (empty when not known yet)."""
    for link in root.iter("a"):
        href = link.get("href") or ""
        if href.startswith("#"):
            link.set("data-page", str(pages.get(href[1:], "")))


def anchor_pages(document: Any) -> dict[str, int]:
    """The page (from 1) each id of a laid-out document starts on."""
    found: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for ident in page.anchors:
            found.setdefault(ident, number)
    return found


def numbered_layout(render: Render, html: str, pages: Mapping[str, int], css: str = "") -> tuple[Any, dict[str, int]]:
    """A layout of ``html`` (with one more stylesheet, ``css``) whose links name the pages their targets
    are on, and those pages. The numbers are written in from a layout (``pages``: a guess, at first)
    and it is laid out again until a layout agrees with them, as a number's width can move a line,
    so a target, to another page. WeasyPrint's ``target-counter()`` does the same, but lays out again
    every page holding a number once the page count is known, twice, so most pages of a complete
    rulebook three times (issue 26); here a layout is made again only while a number is wrong:
    usually once, when the guess was empty."""
    for _ in range(PAGE_ROUNDS):
        document = render(html, pages, css)
        found = anchor_pages(document)
        if _numbers_agree(html, pages, found):
            break
        pages = found
    return document, found


def _numbers_agree(html: str, written: Mapping[str, int], found: Mapping[str, int]) -> bool:
    return all(found.get(ident) == written.get(ident) for ident in _INNER_LINK.findall(html))


_FONT_FILES = (
    "atkinson-hyperlegible-latin-400-normal.ttf", "atkinson-hyperlegible-latin-700-normal.ttf",
    "rulebook-suits-regular.ttf", "rulebook-suits-bold.ttf",
)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = " ".join(record.getMessage().split())
        # A font or stylesheet that does not load is an error here: the PDF would look right in
        # text extraction and wrong on paper.
        if any(w in message for w in ("Failed to load", "Ignored", "Invalid", "unsupported", "Unsupported")):
            self.messages.append(message)


class _QuietLog:
    def __init__(self) -> None:
        self.handler = _Collect()
        self.logger = logging.getLogger("weasyprint")

    def __enter__(self) -> list[str]:
        self.logger.addHandler(self.handler)
        return self.handler.messages

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self.handler)


def _quiet_weasyprint() -> _QuietLog:
    return _QuietLog()


def _form_xobject(writer: Any, page: Any) -> Any:
    """One booklet page as a form XObject in ``writer`` (its content, resources and box)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    form = DecodedStreamObject()
    form.set_data(page.get_contents().get_data() if page.get_contents() is not None else b"")
    box = page.mediabox
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)])
    form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    return writer._add_object(form.flate_encode(level=9))


def _append_content(writer: Any, page: Any, ops: bytes, xobjects: Mapping[str, Any]) -> None:
    """Add ``ops`` after the page's own content, with ``xobjects`` in its resources."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else DictionaryObject()
    page[NameObject("/Resources")] = resources
    xdict = resources.get("/XObject")
    xdict = xdict.get_object() if xdict is not None else DictionaryObject()
    resources[NameObject("/XObject")] = xdict
    for name in sorted(xobjects):
        xdict[NameObject(name)] = xobjects[name]
    stream = DecodedStreamObject()
    # The frame's content may leave its graphics state changed: wrap it in q ... Q first.
    own = page.get_contents()
    own_data = own.get_data() if own is not None else b""
    stream.set_data(b"q\n" + own_data + b"\nQ\n" + ops + b"\n")
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode(level=9))


def _num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _identifier(game: Any, edition: Edition, what: str) -> str:
    """A 16-byte hex identifier that depends on the sources only (game file, templates, CSS)."""
    h = hashlib.sha256()
    h.update(f"{what}\0{edition.version}\0{edition.epoch}\0".encode())
    h.update(Path(game.path).read_bytes())
    for path in _source_files():
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def _source_files() -> Iterator[Path]:
    yield from sorted(PRINT_DIR.glob("*.css"))
    templates = Path(__file__).resolve().parent.parent / "templates"
    yield from sorted(templates.glob("pdf/*.html"))
    yield from sorted(templates.glob("partials/*.html"))


def _version(root: Path) -> str:
    import tomllib

    try:
        with open(root / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("chips-rulebook")
        except PackageNotFoundError:
            return "0"


def _epoch(root: Path) -> int:
    env = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if env:
        try:
            return int(env)
        except ValueError:
            raise PdfError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, got {env!r}") from None
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True,
                             timeout=10, check=False)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return int(out.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return FALLBACK_EPOCH
