"""The body font's zero (issue 13): the committed Atkinson Hyperlegible files draw "0" without
the slash that read as "Ø", keep it apart from "O", and say so in their names. The site's woff2
files are their ttf without the hinting (issue 15)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from generator.site import fonts

ROOT = Path(__file__).resolve().parent.parent
STEMS = ["atkinson-hyperlegible-latin-400-normal", "atkinson-hyperlegible-latin-700-normal"]


def _font(path: Path):  # type: ignore[no-untyped-def]
    from fontTools.ttLib import TTFont

    return TTFont(str(path))


def _outline(font, name: str) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    glyf = font["glyf"]
    coords, _ends, flags = glyf[name].getCoordinates(glyf)
    return [(int(x), int(y), f & 1) for (x, y), f in zip(coords, flags, strict=True)]


@pytest.mark.parametrize("stem", STEMS)
@pytest.mark.parametrize("ext", ["ttf", "woff2"])
def test_the_zero_has_one_counter_and_no_slash(stem: str, ext: str) -> None:
    font = _font(ROOT / "docs" / "assets" / "fonts" / f"{stem}.{ext}")
    glyf = font["glyf"]
    zero = glyf["zero"]
    assert not zero.isComposite() and zero.numberOfContours == 2  # the ring; a slash made it 3
    # the counter is whole: it spans the middle of the glyph both ways, where the slash ran
    coords, ends, _ = zero.getCoordinates(glyf)
    inner = coords[ends[0] + 1:]
    xs, ys = [x for x, _ in inner], [y for _, y in inner]
    cx, cy = (zero.xMin + zero.xMax) / 2, (zero.yMin + zero.yMax) / 2
    assert min(xs) < cx < max(xs) and min(ys) < cy < max(ys)
    assert max(xs) - min(xs) > 0.4 * (zero.xMax - zero.xMin)
    # still told apart from "O": narrower by a tenth or more
    o = glyf["O"]
    assert (zero.xMax - zero.xMin) < 0.9 * (o.xMax - o.xMin)
    # tabular figures follow: zero.tf is the same outline
    assert [c.glyphName for c in glyf["zero.tf"].components] == ["zero"]
    assert fonts.ZERO_NOTE in font["name"].getDebugName(5)


@pytest.mark.parametrize("stem", STEMS)
def test_the_ttf_and_the_woff2_draw_the_same_zero(stem: str) -> None:
    base = ROOT / "docs" / "assets" / "fonts"
    assert _outline(_font(base / f"{stem}.ttf"), "zero") == _outline(_font(base / f"{stem}.woff2"), "zero")


def test_unslashing_again_changes_nothing() -> None:
    font = _font(ROOT / "docs" / "assets" / "fonts" / f"{STEMS[0]}.ttf")
    before = _outline(font, "zero")
    assert fonts.unslash_zero(font) is False
    assert _outline(font, "zero") == before


def test_a_slashed_zero_is_rebuilt_from_its_whole_quarters() -> None:
    """A zero with a slash (the face's original shape, rebuilt here by cutting the committed
    counter along the diagonal) comes back with one counter through the same four extremes."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    font = _font(ROOT / "docs" / "assets" / "fonts" / f"{STEMS[0]}.ttf")
    glyf = font["glyf"]
    points = _outline(font, "zero")
    ends = glyf["zero"].endPtsOfContours
    outer, counter = points[:ends[0] + 1], points[ends[0] + 1:]
    # the original regular zero's two counter pieces (from the fontsource 5.3.0 file)
    upper = [(480, 190, 1), (497, 250, 0), (497, 335, 1), (497, 466, 0), (412, 606, 0), (324, 606, 1),
             (259, 606, 0), (217, 566, 1)]
    lower = [(324, 62, 1), (393, 62, 0), (435, 107, 1), (171, 486, 1), (161, 455, 0), (151, 379, 0),
             (151, 335, 1), (151, 204, 0), (236, 62, 0)]
    pen = TTGlyphPen(glyf)
    for contour in (outer, upper, lower):
        fonts._draw_quadratic(pen, [((x, y), bool(on)) for x, y, on in contour])
    glyf["zero"] = pen.glyph()
    assert fonts.unslash_zero(font) is True
    rebuilt = _outline(font, "zero")
    assert len(glyf["zero"].endPtsOfContours) == 2
    assert rebuilt[:len(outer)] == outer
    on = {(x, y) for x, y, f in rebuilt[len(outer):] if f}
    assert on == {(x, y) for x, y, f in counter if f} == {(324, 62), (497, 335), (324, 606), (151, 335)}


@pytest.mark.parametrize("ttf", sorted((ROOT / "docs" / "assets" / "fonts").glob("*.ttf")), ids=lambda p: p.stem)
def test_the_sites_woff2_is_its_ttf_without_hinting(ttf: Path) -> None:
    # Issue 15: the hints were some 40 % of each file, and phones ignore them; the PDFs keep them.
    woff2, full = _font(ttf.with_suffix(".woff2")), _font(ttf)
    assert woff2.flavor == "woff2"
    assert woff2.getBestCmap() == full.getBestCmap()
    assert woff2.getGlyphOrder() == full.getGlyphOrder()
    for table in ("fpgm", "prep", "cvt "):
        assert table not in woff2, table
    glyf = woff2["glyf"]
    assert not any(getattr(glyf[name], "program", None) and glyf[name].program.getBytecode()
                   for name in woff2.getGlyphOrder())
    assert {t for t in ("GPOS", "GSUB", "kern") if t in full} <= set(woff2.keys())
    for name in ("A", "zero", "one"):
        if name in full.getGlyphOrder():
            assert _outline(woff2, name) == _outline(full, name), name
    hinted = io.BytesIO()
    full.flavor = "woff2"
    full.save(hinted)  # the same font with its hints, as woff2
    assert ttf.with_suffix(".woff2").stat().st_size < 0.75 * len(hinted.getvalue())
