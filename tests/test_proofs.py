"""`make proofs` (issue 13): every page of every PDF of the built site as a PNG at real size,
under <proofs>/<file>/page-NNN.png, so a reviewer can look at all of them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
DPI = 12  # small and quick; the default is 150


def test_make_proofs_renders_every_page_of_every_pdf(built_site: Path, tmp_path: Path) -> None:
    from PIL import Image
    from pypdf import PdfReader

    proofs = tmp_path / "proofs"
    (proofs / "stale").mkdir(parents=True)  # a folder left from an earlier run goes
    # -o: do not re-run the bootstrap for a newer pyproject.toml; PROOFS_BUILD=no: this site as it is
    result = subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "proofs", f"SITE={built_site}",
         f"PROOFS={proofs}", f"PROOF_DPI={DPI}", "PROOFS_BUILD=no"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    pdfs = sorted((built_site / "pdf").glob("*.pdf"))
    assert len(pdfs) >= 9
    assert sorted(p.name for p in proofs.iterdir()) == sorted(p.stem for p in pdfs)
    total = 0
    for pdf in pdfs:
        pages = PdfReader(pdf).pages
        pngs = sorted((proofs / pdf.stem).iterdir())
        assert [p.name for p in pngs] == [f"page-{n:03d}.png" for n in range(1, len(pages) + 1)], pdf.name
        for page, png in zip(pages, pngs, strict=True):
            with Image.open(png) as image:
                want = (float(page.mediabox.width) * DPI / 72, float(page.mediabox.height) * DPI / 72)
                assert abs(image.width - want[0]) <= 1.5 and abs(image.height - want[1]) <= 1.5, png
        total += len(pages)
    assert f"proofs: {total} pages of {len(pdfs)} PDFs" in result.stdout
