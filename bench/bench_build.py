"""The author's loop and the build (issue 26), then optionally each PDF: wall time and CPU time
(figures only, no pass/fail on time).

    .venv/bin/python bench/bench_build.py [--skip-serve] [--edits 5] [--each-pdf [--runs 3]]

* **Build** (default), in a temporary copy of the project whose PDF cache starts empty:
  ``rulebook build`` cold (every PDF made, in parallel processes), warm (nothing changed: no PDF
  made), and after a one-word edit to one game (only that game's PDFs made); wall seconds, the
  CPU seconds of the build and its processes, and which PDF parts each build made.
* **Serve reload**: ``mkdocs serve`` of the same copy (port 8026), Chromium (/usr/bin/chromium,
  Playwright) on the Chips page; a rule's wording is changed ``--edits`` times and each time the
  seconds from the save until the open page's text holds the new wording are taken; the median.
* ``--each-pdf``: the older figures below, for looking at one PDF's cost.

* **Whole build**: ``rulebook build --site-dir <tmp>`` (what ``make build`` runs, into a
  temporary folder), as a subprocess, ``--runs`` times: wall seconds and the CPU seconds of the
  process and its children (on a shared machine the wall time mostly measures the other jobs;
  the CPU time is closer to the build's own work).
* **Each PDF**: the work of making that one file, in this process, after a warm-up (imports,
  fonts): the card-box booklet (``render_booklet``), its A4 and Letter sheets (``impose``, from
  the booklet), the A5 rulebook (``render_rulebook``), its A4 booklet sheets (``impose_book``,
  from the A5 pages), the Letter booklet sheets (half-letter pages rendered, then imposed), and
  the blank score sheets. Pages and KB of each file too.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


SERVE_PORT = 8026


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _made(output: str) -> str:
    found = re.search(r"PDFs: ([^\n]*)", output)
    return found.group(1) if found else "?"


def _build(copy: Path, site: Path) -> tuple[float, float, str]:
    """One ``rulebook build`` of ``copy``: wall s, CPU s (it and its processes), what it made."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("PYTHONPATH", None)
    cpu0, start = _children_cpu(), time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--site-dir", str(site)], cwd=copy,
                            env=env, check=False, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"the build failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
    return time.perf_counter() - start, _children_cpu() - cpu0, _made(result.stdout + result.stderr)


def bench_loop(edits: int, serve: bool) -> None:
    """Cold, warm and one-word-edit builds of a copy, then the serve reload time."""
    from tests.support.serving import copy_project, edit, serving, time_to_show

    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        copy = copy_project(Path(tmp) / "project")
        site = Path(tmp) / "site"
        for label in ("cold (empty PDF cache)", "warm (nothing changed)", "after a one-word edit to chains.yaml"):
            if label.startswith("after"):
                edit(copy / "rules-data" / "chains.yaml", "or the same suit", "or the matching suit")
            wall, cpu, made = _build(copy, site)
            print(f"build {label}: {wall:.1f} s wall, {cpu:.1f} s CPU; PDFs: {made}; load {_load()}", flush=True)
        if not serve:
            return
        from playwright.sync_api import sync_playwright

        with serving(copy, SERVE_PORT) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(server.url + "chips/")
            page.wait_for_load_state("load")
            game = copy / "rules-data" / "chips.yaml"
            words = ["Deal three cards to everyone.", *(f"Deal three cards to everyone ({n})." for n in range(edits))]
            times = []
            for old, new in itertools.pairwise(words):
                times.append(time_to_show(page, game, old, new))
                print(f"  reload {len(times)}: {times[-1]:.2f} s (load {_load()})", flush=True)
                time.sleep(2)  # let the page settle and the server's poll start again
            browser.close()
        print(f"serve reload (a save to the open page showing it), median of {len(times)}: "
              f"{statistics.median(times):.2f} s (each {', '.join(f'{t:.2f}' for t in times)})", flush=True)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_whole_build(runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``runs`` builds of the whole site (pages and every PDF)."""
    rulebook = ROOT / ".venv" / "bin" / "rulebook"
    cmd = [str(rulebook)] if rulebook.exists() else [sys.executable, "-m", "generator"]
    walls, cpus = [], []
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
            cpu0, start = _children_cpu(), time.perf_counter()
            subprocess.run([*cmd, "build", "--site-dir", str(Path(tmp) / "site")], cwd=ROOT, env=env,
                           check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            cpus.append(_children_cpu() - cpu0)
    return walls, cpus


def _timed(make: Callable[[], bytes], runs: int) -> tuple[bytes, float, float]:
    """The bytes of the last run, and the median wall and CPU seconds (the garbage collector as a build
    has it while it makes a PDF: off, and one collection after)."""
    from generator.print.booklets import collect_after

    walls, cpus, data = [], [], b""
    for _ in range(runs):
        cpu0, start = time.process_time(), time.perf_counter()
        with collect_after():
            data = make()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu0)
    return data, statistics.median(walls), statistics.median(cpus)


def _pages(data: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


HEADER = f"{'file':<32} {'pages':>5} {'KB':>7} {'wall s':>7} {'CPU s':>6}  timed"


def _row(name: str, pages: int, kb: float, wall: float, cpu: float, what: str) -> str:
    return f"{name:<32} {pages:>5} {kb:>7.1f} {wall:>7.2f} {cpu:>6.2f}  {what}"


def bench_pdfs(runs: int) -> list[tuple[str, int, float, float, float, str]]:
    """(file, pages, KB, median wall s, median CPU s, what was timed) for every PDF of every game,
    each row printed as soon as it is measured."""
    from generator.content.loader import load_games
    from generator.print import booklets as pdf
    from generator.print import scoresheets

    os.environ.setdefault("SOURCE_DATE_EPOCH", str(pdf.FALLBACK_EPOCH))
    games = load_games(ROOT)
    edition = pdf.project_edition(ROOT)
    data = [g.data for g in games]
    pdf.render_booklet(ROOT, games[0], games, edition)  # warm-up: imports, font loading
    rows: list[tuple[str, int, float, float, float, str]] = []

    def add(name: str, make: Callable[[], bytes], what: str) -> bytes:
        out, wall, cpu = _timed(make, runs)
        rows.append((name, _pages(out), len(out) / 1024, wall, cpu, what))
        print(_row(*rows[-1]), flush=True)
        return out

    render_rulebook = getattr(pdf, "render_rulebook", None)
    impose_book = getattr(pdf, "impose_book", None)
    book_papers = getattr(pdf, "BOOK_PAPERS", {})
    for game in games:
        booklet = add(f"{game.id}.pdf", lambda g=game: pdf.render_booklet(ROOT, g, games, edition),
                      "card-box booklet")
        for paper in pdf.PAPERS.values():
            add(f"{game.id}-{paper.key}.pdf", lambda g=game, p=paper, b=booklet: pdf.impose(ROOT, g, b, p, edition),
                "imposed from the booklet")
        if render_rulebook and impose_book and book_papers:
            a5 = add(f"{game.id}-rulebook.pdf", lambda g=game: render_rulebook(
                ROOT, g, games, edition, book_papers["a4"]), "complete rulebook, A5")
            add(f"{game.id}-rulebook-a4.pdf", lambda g=game, b=a5: impose_book(
                ROOT, g, b, book_papers["a4"], edition), "imposed from the A5 pages")
            if "letter" in book_papers:
                add(f"{game.id}-rulebook-letter.pdf", lambda g=game: impose_book(
                    ROOT, g, render_rulebook(ROOT, g, games, edition, book_papers["letter"]),
                    book_papers["letter"], edition), "half-letter pages rendered, then imposed")
        for key in scoresheets.PAPERS:
            add(f"{game.id}-score-{key}.pdf", lambda g=game, k=key: scoresheets.render_scoresheet(
                ROOT, g.data, data, k), "blank score sheet")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each (the median is printed)")
    parser.add_argument("--skip-build", action="store_true", help="with --each-pdf: not the whole build")
    parser.add_argument("--each-pdf", action="store_true", help="also each PDF alone (the older figures)")
    parser.add_argument("--skip-serve", action="store_true", help="no serve reload figure")
    parser.add_argument("--edits", type=int, default=5, help="saves timed under serve (the median is printed)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    print(f"{os.cpu_count()} cores, load average {_load()} at the start", flush=True)
    bench_loop(max(1, args.edits), serve=not args.skip_serve)
    if not args.each_pdf:
        print(f"load average {_load()} at the end")
        return 0
    print(f"each PDF: median of {runs} runs", flush=True)
    if not args.skip_build:
        walls, cpus = bench_whole_build(runs)
        print(f"whole build (rulebook build --site-dir <tmp>): median {statistics.median(walls):.1f} s wall "
              f"(runs {', '.join(f'{w:.1f}' for w in walls)}), {statistics.median(cpus):.1f} s CPU", flush=True)
    print(HEADER, flush=True)
    rows = bench_pdfs(runs)
    print(f"{'all PDFs':<32} {sum(r[1] for r in rows):>5} {sum(r[2] for r in rows):>7.1f} "
          f"{sum(r[3] for r in rows):>7.2f} {sum(r[4] for r in rows):>6.2f}")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
