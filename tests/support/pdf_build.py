"""Every PDF of generator.print.booklets, built once per test session (tests/test_pdf.py and
tests/test_rulebook_pdf.py share it), with a fixed SOURCE_DATE_EPOCH, into a temporary folder that
is removed at exit; one build at a time across the test workers; and the helpers both modules use
to read the files."""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import functools
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
MM = 72 / 25.4
EPOCH = "1764374400"


@contextlib.contextmanager
def one_build_at_a_time() -> Iterator[None]:
    """Hold the tests' build lock (``.cache/test-build.lock``) while the block runs: under
    pytest-xdist the first worker to build makes the PDFs into the shared cache (tests/conftest.py,
    RULEBOOK_PDF_CACHE) and the others then take them from it, where two at once would both make them."""
    lock = ROOT / ".cache" / "test-build.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


@functools.lru_cache(maxsize=1)
def build_once() -> Path:
    """The books of every game (card box, complete rulebooks and their print sheets) as a build
    makes them: from the PDF cache (generator/print/pdfcache.py), made in parallel when missing.
    tests/test_pdf.py checks one game's against `rulebook pdf` (booklets.build_game_pdfs), and
    tests/test_build_cache.py every one against a build made from nothing, byte for byte."""
    from generator.content.loader import load_games
    from generator.print import pdfcache

    out = Path(tempfile.mkdtemp(prefix="rulebook-test-pdf-"))
    atexit.register(shutil.rmtree, out, True)
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        with one_build_at_a_time():
            games = load_games(ROOT)
            files, _made = pdfcache.ensure(ROOT, games)
        for game in games:
            for part in pdfcache.PARTS:
                if part != "sheets":
                    for name in pdfcache.file_names(game.id, part):
                        shutil.copy2(files[name], out / name)
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old
    return out


def page_texts(path: Path) -> list[str]:
    """pypdf's text of each page of the PDF at ``path``, as ``extract_text`` gives it (``""`` for a
    page with none). Several tests read every PDF of the built site, on different workers: the texts
    are kept in ``.cache/test-pdf-text/`` by the file's sha256 and pypdf's version, written whole
    (a temporary file renamed), so each PDF is read once a run and only a PDF that changed is read
    again."""
    from importlib import metadata

    from pypdf import PdfReader

    data = path.read_bytes()
    key = hashlib.sha256(data + metadata.version("pypdf").encode()).hexdigest()
    kept = ROOT / ".cache" / "test-pdf-text" / f"{key}.json"
    try:
        texts = json.loads(kept.read_text(encoding="utf-8"))
        if isinstance(texts, list) and all(isinstance(t, str) for t in texts):
            return texts
    except (OSError, ValueError):
        pass
    texts = [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]
    kept.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=kept.parent, delete=False) as out:
        json.dump(texts, out, ensure_ascii=False)
    os.replace(out.name, kept)
    return texts


def squash(text: str) -> str:
    """Text to compare: no whitespace at all (line breaks fall anywhere, after a hyphen too), no
    variation selectors (a card's suit carries U+FE0E), no page numbers added to a link (", p. 12")."""
    text = re.sub(r"\s+", "", text.replace("\ufe0e", ""))
    # The PDFs set quotes curly (booklets.typeset_quotes); rules-data is typed straight.
    text = text.translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'})
    return re.sub(r",p\.\d+", "", text)


def plain(text: str, refs: Any) -> str:
    """A rules-data text as the PDF prints it: link labels for [[#id]], card faces for [[8H]]."""
    from generator.render import plain_text

    return squash(plain_text(text, refs))


def body_text(page: Any, top_mm: float, bottom_mm: float) -> str:
    """The text of a page between its running head and its foot line (so a paragraph that runs on
    over a page break reads on)."""
    box = page.within_bbox((0, top_mm * MM, page.width, page.height - bottom_mm * MM))
    return str(box.extract_text() or "")


def placements(page: Any) -> list[tuple[str, float, float, float, float]]:
    """(xobject name, x0, y0, x1, y1) of every form placed on an imposed page, from its content
    stream (cm then Do), in PDF points (origin at the bottom left); a form placed scaled or turned
    fails."""
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


def ink(page: Any, *, paler_than: float | None = None) -> list[tuple[str, str, float, float, float, float]]:
    """Every mark of a pdfplumber page (form XObjects included) as (kind, text, x0, top, x1, bottom) in
    points from the top left, with the ink of its stroke: half the line width either side of a line
    (across it: a butt-ended line ends where its path ends) and round a stroked rectangle or curve.
    With ``paler_than``, a line stroked in a grey that light or lighter is left out (the sheets'
    light cut lines, booklets.TRIM_GREY)."""
    out = [("char", c["text"], c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars if c["text"].strip()]
    for kind in ("line", "rect", "curve"):
        for o in getattr(page, kind + "s"):
            colour = o.get("stroking_color")
            grey = colour[0] if isinstance(colour, (list, tuple)) and len(colour) == 1 else colour
            if paler_than is not None and kind == "line" and isinstance(grey, (int, float)) and grey >= paler_than:
                continue
            half = (o.get("linewidth") or 0) / 2 if o.get("stroke", True) else 0.0
            x0, top, x1, bottom = o["x0"], o["top"], o["x1"], o["bottom"]
            if kind == "line" and abs(x0 - x1) < 0.01:
                x0, x1 = x0 - half, x1 + half
            elif kind == "line" and abs(top - bottom) < 0.01:
                top, bottom = top - half, bottom + half
            else:
                x0, top, x1, bottom = x0 - half, top - half, x1 + half, bottom + half
            out.append((kind, "", x0, top, x1, bottom))
    return out


def marks_near_edge(page: Any, margin_mm: float) -> list[str]:
    """Every character, line, rectangle and curve of a pdfplumber page (form XObjects included)
    whose ink comes within ``margin_mm`` of the page's edge."""
    m = margin_mm * MM - 0.01
    bad = []
    for kind, label, x0, top, x1, bottom in ink(page):
        if x0 < m or top < m or page.width - x1 < m or page.height - bottom < m:
            bad.append(f"{kind} {label!r} at x {x0 / MM:.2f}-{x1 / MM:.2f} mm, y {top / MM:.2f}-{bottom / MM:.2f} mm")
    return bad


def lines_of(page: Any, top_mm: float, bottom_mm: float) -> list[str]:
    """The text lines of a page between its running head and its foot, spaces collapsed, without the
    variation selector a card's suit carries."""
    return [" ".join(ln.replace("\ufe0e", "").split()) for ln in body_text(page, top_mm, bottom_mm).splitlines()
            if ln.strip()]


def broken(lines: list[str], needles: Any) -> list[str]:
    """The ``needles`` (texts that must never break across a line) that the ``lines`` of a document,
    page after page, break: a needle found in the whole text more often than within its lines (spaces
    aside: a break may fall where a space was, or after a hyphen)."""
    flat = squash("".join(lines))
    squashed = [squash(ln) for ln in lines]
    return sorted({n for n in needles if flat.count(squash(n)) > sum(ln.count(squash(n)) for ln in squashed)})


def page_of_each(pages: list[str], units: Any) -> dict[Any, list[int]]:
    """For each unit (a text read as one thought, squashed), the pages (1-based) its first occurrence in the
    squashed pages runs over: one page when it is whole, more when a page turn splits it, none when it
    is not printed. A unit may be a pair (its start, its end) when what lies between is not plain text
    (an example's facts, a table's cells side by side): from its start to the first end after it (and
    from the last start before that end, should the start be cited before)."""
    texts = [squash(p) for p in pages]
    flat = "".join(texts)
    starts, at = [], 0
    for t in texts:
        starts.append(at)
        at += len(t)

    def page(offset: int) -> int:
        return max(i for i, s in enumerate(starts) if s <= offset) + 1

    out: dict[Any, list[int]] = {}
    for unit in units:
        if isinstance(unit, tuple):
            first, last = unit
            i = flat.find(first)
            j = flat.find(last, i + len(first)) if i >= 0 else -1
            i = flat.rfind(first, 0, j) if j >= 0 else -1  # the start nearest the end (a title cited earlier)
            out[unit] = [] if i < 0 or j < 0 else list(range(page(i), page(j + len(last) - 1) + 1))
        else:
            i = flat.find(unit)
            out[unit] = [] if i < 0 else list(range(page(i), page(i + len(unit) - 1) + 1))
    return out


def unbroken_needles(game: Any, refs: Any, names: Any, date: str) -> set[str]:
    """What must stay on one line (issue 27), as a game's texts print it: every group of cards
    ([[AS 2S 3S]], and two to four single cards a space apart, [[8H]] [[8S]] [[8C]]), every card
    notation with hyphens (K-A-2-3), every numbered reference (rule 3.5), the game's file ``names``
    and the edition's ``date``."""
    from generator.render import TOKEN, plain_text

    texts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(game)
    needles = {" ".join(plain_text(f"[[{m.group(1)}]]").replace("\ufe0e", "").split())
               for t in texts for m in TOKEN.finditer(t) if " " in m.group(1).strip()}
    single = r"\[\[[^\[\]#\s,]+\]\]"  # [[8H]] [[8S]] [[8C]]: two to four single cards a space apart
    for t in texts:
        needles |= {" ".join(plain_text(m.group(0)).replace("\ufe0e", "").split())
                    for m in re.finditer(rf"(?<!\]\] ){single}(?: {single}){{1,3}}(?! {single})", t)}
    for t in texts:
        needles |= set(re.findall(r"(?<![\w-])(?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK]))+(?![\w-])", plain_text(t, refs)))
    needles |= {ref.label for ref in refs.values()
                if re.fullmatch(r"scoring rule S\d+|(?:rule|tie-breaker|step) [\d.]+", ref.label)}
    return needles | set(names) | {date}


#: A card face as the PDF's text gives it, with any punctuation that follows it ("3♠),").
CARD_FACE = re.compile(r"\(?(?:10|[2-9AJQK])[♠♥♦♣]\ufe0e?[),.;:]*|\(?Joker[),.;:]*")


def early_breaks(page: Any, size: float, leading: tuple[float, float], right: float) -> list[str]:
    """The lines of ``size`` pt text on a page that end early: a line followed by the next line of its
    paragraph (the same start, ``leading`` points lower, not a row of its own) although the next line's
    first word would have fitted before ``right`` (points), the text's right edge."""
    import itertools
    import statistics

    clusters: list[list[dict[str, Any]]] = []
    words = sorted((w for w in page.extract_words(extra_attrs=["size", "fontname"]) if abs(w["size"] - size) < 0.15),
                   key=lambda w: w["bottom"])
    for w in words:  # a line's words, card faces (set a little apart in their boxes) included
        if clusters and w["bottom"] - clusters[-1][0]["bottom"] < size * 0.5:
            clusters[-1].append(w)
        else:
            clusters.append([w])
    rows = {statistics.median(w["bottom"] for w in c): c for c in clusters}
    bad = []
    for a, b in itertools.pairwise(sorted(rows)):
        this, after = sorted(rows[a], key=lambda w: w["x0"]), sorted(rows[b], key=lambda w: w["x0"])
        table_row = any(w2["x0"] - w1["x1"] > 4 * MM for w1, w2 in itertools.pairwise(this))
        # the next line is a row of its own: a fact of an example or the sample round (its label in bold),
        # or a player's share of one ("player 2: ...")
        label = "Bold" in after[0]["fontname"] or (after[0]["text"] == "player" and len(after) > 1
                                                   and ":" in after[1]["text"])
        same_start = any(abs(w["x0"] - after[0]["x0"]) < 0.5 for w in this)  # (a rule's number before it)
        if not leading[0] <= b - a <= leading[1] or table_row or label or not same_start:
            continue
        # "p. 12", "(rule 3.1," are held together (a no-break space, print/booklets.keep_together), which the
        # extracted words do not show
        glued = 0
        while glued + 1 < len(after) and re.fullmatch(r"\(?|\(?(?:p\.|rule|tie-breaker|step)", after[glued]["text"]):
            glued += 1
        # two to four cards a space apart are one group, never broken (render.TOGETHER_MAX)
        cards = 1
        while (cards < 4 and glued + 1 < len(after) and CARD_FACE.fullmatch(after[glued]["text"])
               and CARD_FACE.fullmatch(after[glued + 1]["text"])):
            glued, cards = glued + 1, cards + 1
        room = right - this[-1]["x1"]
        need = after[glued]["x1"] - after[0]["x0"] + 1.5 * MM  # a space, and a shaded box's padding
        if room >= need:
            bad.append(f"the line ending {this[-1]['text']!r} breaks early ({room / MM:.0f} mm free, "
                       f"{after[0]['text']!r} needs {need / MM:.0f})")
    return bad
