"""Every PDF of generator.print.booklets, built once per test session (tests/test_pdf.py and
tests/test_rulebook_pdf.py share it), with a fixed SOURCE_DATE_EPOCH, into a temporary folder that
is removed at exit; and the helpers both modules use to read the files."""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
MM = 72 / 25.4
EPOCH = "1764374400"


@functools.lru_cache(maxsize=1)
def build_once() -> Path:
    from generator.print import booklets

    out = Path(tempfile.mkdtemp(prefix="rulebook-test-pdf-"))
    atexit.register(shutil.rmtree, out, True)
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        booklets.build_all(ROOT, out)
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old
    return out


def squash(text: str) -> str:
    """Text to compare: no whitespace at all (line breaks fall anywhere, after a hyphen too), no
    variation selectors (a card's suit carries U+FE0E), no page numbers added to a link (", p. 12")."""
    text = re.sub(r"\s+", "", text.replace("\ufe0e", ""))
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


def marks_near_edge(page: Any, margin_mm: float) -> list[str]:
    """Every character, line, rectangle and curve of a pdfplumber page (form XObjects included)
    that comes within ``margin_mm`` of the page's edge."""
    m = margin_mm * MM - 0.01
    bad = []
    objects = [("char", c) for c in page.chars if c["text"].strip()]
    objects += [(kind, o) for kind in ("line", "rect", "curve") for o in getattr(page, kind + "s")]
    for kind, o in objects:
        if o["x0"] < m or o["top"] < m or page.width - o["x1"] < m or page.height - o["bottom"] < m:
            label = o.get("text", "")
            bad.append(f"{kind} {label!r} at x {o['x0'] / MM:.1f}-{o['x1'] / MM:.1f} mm, "
                       f"y {o['top'] / MM:.1f}-{o['bottom'] / MM:.1f} mm")
    return bad
