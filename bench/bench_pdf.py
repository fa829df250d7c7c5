"""Card-box booklets: pages, size and render time per game (figures only, no pass/fail on time).

    .venv/bin/python bench/bench_pdf.py

Budget (issue 4): at most 24 pages, 250 KB and 3 s per booklet.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from pypdf import PdfReader

    from generator.content.loader import load_games
    from generator.print import booklets as pdf

    os.environ.setdefault("SOURCE_DATE_EPOCH", str(pdf.FALLBACK_EPOCH))
    games = load_games(ROOT)
    edition = pdf.project_edition(ROOT)
    pdf.render_booklet(ROOT, games[0], games, edition)  # warm-up: imports, font loading
    print(f"{'game':<14} {'pages':>5} {'KB':>7} {'booklet s':>10} {'A4 s':>6} {'Letter s':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            start = time.perf_counter()
            booklet = pdf.render_booklet(ROOT, game, games, edition)
            seconds = time.perf_counter() - start
            sheets = []
            for paper in pdf.PAPERS.values():
                start = time.perf_counter()
                pdf.impose(ROOT, game, booklet, paper, edition)
                sheets.append(time.perf_counter() - start)
            path = Path(tmp) / f"{game.id}.pdf"
            path.write_bytes(booklet)
            pages = len(PdfReader(path).pages)
            print(f"{game.id:<14} {pages:>5} {len(booklet) / 1024:>7.1f} {seconds:>10.2f} "
                  f"{sheets[0]:>6.2f} {sheets[1]:>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
