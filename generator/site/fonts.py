"""How the self-hosted fonts in ``docs/assets/fonts/`` were made (run once; the outputs are committed).

Two families, one family per font file (WeasyPrint 70 draws wrong glyphs when one family is
split over several ``@font-face`` rules by ``unicode-range``):

* **Atkinson Hyperlegible** (body text, SIL OFL 1.1): the latin 400/700 woff2 files of the npm
  package ``@fontsource/atkinson-hyperlegible``, decompressed by fontTools to a ttf of each for
  WeasyPrint; the site's woff2 is written back from that ttf (below).
* **The zero**: Atkinson Hyperlegible draws "0" with a slash, which reads as "Ø" ("Score: Ø",
  "1Ø♣"), and none of its releases (nor Atkinson Hyperlegible Next or Mono) has an unslashed
  alternate or a ``zero`` feature. :func:`unslash_zero` takes the slash out of the face's own
  zero: the same outer contour, width, weight and spacing, and a counter rebuilt from the two
  whole quarters of the original counter (top right and bottom left, which the slash does not
  cross) and their mirror images. The zero stays narrower than the "O" (528 against 627 units
  wide in the regular), which is what tells them apart. ``zero.tf`` (tabular figures) is a
  composite of ``zero`` and follows. The family name stays (the font's OFL names no Reserved
  Font Name); the version string says what was changed.
* **Rulebook Suits** (card faces and suit symbols): a subset of Debian's DejaVu Sans and DejaVu
  Sans Bold (Bitstream Vera licence) to ``♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧``, the text-presentation selector
  U+FE0E and printable ASCII (the ranks and "Joker" on a card face). The Vera licence asks a
  modified font to be renamed without "Bitstream" or "Vera", hence the new family name.

Usage::

    cd /tmp && npm pack @fontsource/atkinson-hyperlegible && tar xzf fontsource-*.tgz
    .venv/bin/python -m generator.site.fonts /tmp/package

``.venv/bin/python -m generator.site.fonts --zero`` does the zero step alone, on the committed
files (a zero already without its slash is left as it is).

* **The site's woff2 files carry no hinting** (:func:`write_web_font`, redone alone with
  ``--web``): the same glyphs, characters, kerning and names as the ttf beside it, without the
  TrueType instructions, which phones ignore and which were some 40 % of each file (a game page
  fetches three of them; issue 15). The ttf files, which the PDFs embed, keep theirs.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

FONTS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
SUITS_FAMILY = "Rulebook Suits"
#: ♠ ♥ ♦ ♣, their white forms ♤ ♡ ♢ ♧, U+FE0E and printable ASCII.
SUITS_CHARS = "♠♥♦♣♤♡♢♧\ufe0e" + "".join(chr(c) for c in range(0x20, 0x7F))


def subset_suits(source: Path, stem: str, weight: str) -> None:
    """Write ``<stem>.ttf`` and ``<stem>.woff2``: DejaVu cut down to the card-face characters."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = TTFont(str(source))
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=SUITS_CHARS)
    subsetter.subset(font)
    # Rename (Bitstream Vera licence): family, full name and PostScript name.
    name = font["name"]
    full = f"{SUITS_FAMILY} {weight}"
    for record in list(name.names):
        if record.nameID in (1, 16):
            name.setName(SUITS_FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (2, 17):
            name.setName(weight, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (3, 4):
            name.setName(full, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            name.setName(full.replace(" ", "-"), 6, record.platformID, record.platEncID, record.langID)
    font.flavor = None
    font.save(str(FONTS / f"{stem}.ttf"))
    write_web_font(FONTS / f"{stem}.ttf")


def write_web_font(ttf: Path) -> Path:
    """Write the site's ``.woff2`` beside ``ttf``: every glyph, character, feature and name of
    it, without the hinting (the ``fpgm``, ``prep`` and ``cvt`` tables and each glyph's program)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    options.recalc_timestamp = False
    font = TTFont(str(ttf), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=font.getGlyphOrder(), unicodes=font.getBestCmap().keys())
    subsetter.subset(font)
    font.flavor = "woff2"
    out = ttf.with_suffix(".woff2")
    font.save(str(out))
    return out


def web_fonts() -> None:
    """Rewrite every woff2 of the site from its ttf (:func:`write_web_font`)."""
    for ttf in sorted(FONTS.glob("*.ttf")):
        out = write_web_font(ttf)
        print(f"{out.name}: {out.stat().st_size} bytes, no hinting")


def copy_body(package: Path) -> None:
    """Write a ttf of each fontsource latin woff2 for WeasyPrint, and the site's woff2 from it."""
    from fontTools.ttLib import TTFont

    for weight in ("400", "700"):
        src = package / "files" / f"atkinson-hyperlegible-latin-{weight}-normal.woff2"
        stem = f"atkinson-hyperlegible-latin-{weight}-normal"
        font = TTFont(str(src))
        font.flavor = None
        font.save(str(FONTS / f"{stem}.ttf"))
        write_web_font(FONTS / f"{stem}.ttf")
    shutil.copyfile(package / "LICENSE", FONTS / "OFL-atkinson-hyperlegible.txt")


ZERO_NOTE = "unslashed zero (chips-rulebook, generator/site/fonts.py)"
Point = tuple[int, int]


def _quarter(contour: list[tuple[Point, bool]], start: Point, end: Point) -> list[Point]:
    """The off-curve points of the arc from on-point ``start`` to on-point ``end`` along
    ``contour`` (cyclic), which must be exactly two (as in every quarter of this face's zero)."""
    points = [p for p, _ in contour]
    i = points.index(start)
    off: list[Point] = []
    for k in range(1, len(contour)):
        p, on = contour[(i + k) % len(contour)]
        if on:
            if p != end or len(off) != 2:
                raise SystemExit(f"zero: unexpected counter shape between {start} and {end}")
            return off
        off.append(p)
    raise SystemExit(f"zero: no arc from {start} to {end}")


def unslash_zero(font: Any) -> bool:
    """Rebuild glyph ``zero`` of ``font`` (a fontTools TTFont) without its slash; False when it
    has none already."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]
    from fontTools.ttLib.tables import ttProgram  # type: ignore[import-untyped]

    glyf = font["glyf"]
    glyph = glyf["zero"]
    if glyph.isComposite() or glyph.numberOfContours != 3:
        if glyph.numberOfContours == 2:
            return False
        raise SystemExit(f"zero: expected an outline of 3 contours, found {glyph.numberOfContours}")
    coords, ends, flags = glyph.getCoordinates(glyf)
    contours: list[list[tuple[Point, bool]]] = []
    start = 0
    for end in ends:
        contours.append([((int(coords[i][0]), int(coords[i][1])), bool(flags[i] & 1))
                         for i in range(start, end + 1)])
        start = end + 1

    def width(c: list[tuple[Point, bool]]) -> int:
        return max(p[0] for p, _ in c) - min(p[0] for p, _ in c)

    outer, *pieces = sorted(contours, key=width, reverse=True)
    on = [p for c in pieces for p, is_on in c if is_on]
    right = max(on, key=lambda p: (p[0], -abs(p[1] - 335)))
    left = min(on, key=lambda p: (p[0], abs(p[1] - 335)))
    top = max(on, key=lambda p: p[1])
    bottom = min(on, key=lambda p: p[1])
    upper = next(c for c in pieces if right in [p for p, _ in c])
    lower = next(c for c in pieces if left in [p for p, _ in c])
    a1, a2 = _quarter(upper, right, top)       # top right, counter-clockwise
    b1, b2 = _quarter(lower, left, bottom)     # bottom left

    def mirror(p: Point, axis: int) -> Point:
        return (2 * axis - p[0], p[1])

    counter: list[tuple[Point, bool]] = [
        (bottom, True), (mirror(b2, bottom[0]), False), (mirror(b1, bottom[0]), False),
        (right, True), (a1, False), (a2, False),
        (top, True), (mirror(a2, top[0]), False), (mirror(a1, top[0]), False),
        (left, True), (b1, False), (b2, False)]
    pen = TTGlyphPen(glyf)
    for contour in (outer, counter):
        _draw_quadratic(pen, contour)
    new = pen.glyph()
    new.program = ttProgram.Program()
    new.program.fromBytecode(b"")  # the old hints name points that are gone
    glyf["zero"] = new
    for name in glyf.glyphOrder:  # composites of the zero (zero.tf) carry no hints of their own here
        other = glyf[name]
        if other.isComposite() and any(c.glyphName == "zero" for c in other.components):
            other.program = ttProgram.Program()
            other.program.fromBytecode(b"")
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (3, 5) and ZERO_NOTE not in record.toUnicode():
            names.setName(f"{record.toUnicode()}; {ZERO_NOTE}", record.nameID, record.platformID,
                          record.platEncID, record.langID)
    return True


def _draw_quadratic(pen: Any, contour: list[tuple[Point, bool]]) -> None:
    """Draw a TrueType contour that starts on an on-curve point."""
    assert contour[0][1]
    pen.moveTo(contour[0][0])
    pending: list[Point] = []
    for p, on in contour[1:] + [contour[0]]:
        if on:
            if pending:
                pen.qCurveTo(*pending, p)
                pending = []
            else:
                pen.lineTo(p)
        else:
            pending.append(p)
    pen.closePath()


def zero_fonts() -> None:
    """Take the slash out of the zero of both body fonts (ttf and woff2), from the ttf."""
    from fontTools.ttLib import TTFont

    for weight in ("400", "700"):
        stem = f"atkinson-hyperlegible-latin-{weight}-normal"
        font = TTFont(str(FONTS / f"{stem}.ttf"), recalcTimestamp=False)
        if not unslash_zero(font):
            print(f"{stem}: the zero has no slash already")
            continue
        font.flavor = None
        font.save(str(FONTS / f"{stem}.ttf"))
        write_web_font(FONTS / f"{stem}.ttf")
        print(f"{stem}: zero without its slash")


def main(argv: list[str]) -> int:
    FONTS.mkdir(parents=True, exist_ok=True)
    if argv == ["--zero"]:
        zero_fonts()
        return 0
    if argv == ["--web"]:
        web_fonts()
        return 0
    if argv:
        copy_body(Path(argv[0]))
    zero_fonts()
    subset_suits(DEJAVU / "DejaVuSans.ttf", "rulebook-suits-regular", "Regular")
    subset_suits(DEJAVU / "DejaVuSans-Bold.ttf", "rulebook-suits-bold", "Bold")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
