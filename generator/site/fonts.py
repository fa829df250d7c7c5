"""How the self-hosted fonts in ``docs/assets/fonts/`` were made (run once; the outputs are committed).

Two families, one family per font file (WeasyPrint 70 draws wrong glyphs when one family is
split over several ``@font-face`` rules by ``unicode-range``):

* **Atkinson Hyperlegible** (body text, SIL OFL 1.1): the latin 400/700 woff2 files of the npm
  package ``@fontsource/atkinson-hyperlegible``, copied as they are, plus a ttf of each
  (woff2 decompressed by fontTools) for WeasyPrint.
* **Rulebook Suits** (card faces and suit symbols): a subset of Debian's DejaVu Sans and DejaVu
  Sans Bold (Bitstream Vera licence) to ``♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧``, the text-presentation selector
  U+FE0E and printable ASCII (the ranks and "Joker" on a card face). The Vera licence asks a
  modified font to be renamed without "Bitstream" or "Vera", hence the new family name.

Usage::

    cd /tmp && npm pack @fontsource/atkinson-hyperlegible && tar xzf fontsource-*.tgz
    .venv/bin/python -m generator.site.fonts /tmp/package
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

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
    font.flavor = "woff2"
    font.save(str(FONTS / f"{stem}.woff2"))


def copy_body(package: Path) -> None:
    """Copy the fontsource latin woff2 files and write a ttf of each for WeasyPrint."""
    from fontTools.ttLib import TTFont

    for weight in ("400", "700"):
        src = package / "files" / f"atkinson-hyperlegible-latin-{weight}-normal.woff2"
        stem = f"atkinson-hyperlegible-latin-{weight}-normal"
        shutil.copyfile(src, FONTS / f"{stem}.woff2")
        font = TTFont(str(src))
        font.flavor = None
        font.save(str(FONTS / f"{stem}.ttf"))
    shutil.copyfile(package / "LICENSE", FONTS / "OFL-atkinson-hyperlegible.txt")


def main(argv: list[str]) -> int:
    FONTS.mkdir(parents=True, exist_ok=True)
    if argv:
        copy_body(Path(argv[0]))
    subset_suits(DEJAVU / "DejaVuSans.ttf", "rulebook-suits-regular", "Regular")
    subset_suits(DEJAVU / "DejaVuSans-Bold.ttf", "rulebook-suits-bold", "Bold")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
