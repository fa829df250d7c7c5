"""Lighthouse figures for the built site (issue 15): each page's performance score, first and
largest contentful paint, total blocking time, layout shift (CLS, and what moved) and bytes sent,
on the mobile and the desktop profile, the median of several runs; the practice pages too (issue 28).

    make build && .venv/bin/python bench/lighthouse.py [--site-dir site] [--page chips/ ...]
        [--runs 3] [--readme]

Serves the folder on 127.0.0.1 with gzip (as a static host would), runs npm's lighthouse (pinned in
package.json, `npm ci`) against Debian's Chromium (CHROME_PATH), prints one line a run and then a
table of medians; ``--readme`` writes that table into bench/README.md between its lighthouse markers,
with the date and the machine's load average (simulated throttling still scales the main thread's
real work, so a busy machine scores lower). Figures, not a test: nothing here passes or fails on a
number, and `make test` never runs it.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gzip
import http.server
import json
import os
import re
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
PAGES = ("", "chips/", "chains/", "3-chip-stack/", "keep-score/", "chips/play/", "chains/play/", "3-chip-stack/play/")
FORM_FACTORS = ("mobile", "desktop")
README = ROOT / "bench" / "README.md"
MARKERS = ("<!-- lighthouse:start -->", "<!-- lighthouse:end -->")
#: What a static host compresses (GitHub Pages: text, scripts, JSON, SVG, XML such as the
#: sitemap.xml that instant navigation fetches on every load, the manifest).
GZIP_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml",
              "application/manifest+json", "application/xml")


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "application/javascript", ".mjs": "application/javascript",
                      ".webmanifest": "application/manifest+json", ".woff2": "font/woff2"}

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        kind = self.guess_type(str(path))
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and path.is_file() and kind.startswith(GZIP_TYPES)):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return _Body(body)


class _Body:
    """What send_head returns: a file-like object that copyfile() reads and closes."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def read(self, n: int = -1) -> bytes:
        data, self._data = (self._data, b"") if n < 0 else (self._data[:n], self._data[n:])
        return data

    def close(self) -> None:
        self._data = b""


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def measure(url: str, form_factor: str = "mobile") -> dict[str, Any]:
    """One Lighthouse run (simulated throttling) of url on a profile: its JSON report."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}
        subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
             "--only-categories=performance,accessibility,best-practices",
             "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
             "--disable-full-page-screenshot",
             *(["--preset=desktop"] if form_factor == "desktop" else [])],
            check=True, env=env, cwd=ROOT,
        )
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return report


def figures(report: dict[str, Any]) -> dict[str, float]:
    """The numbers of one run: scores out of 100, times in ms, bytes sent in KiB."""
    audits, cats = report["audits"], report["categories"]
    return {
        "performance": round(100 * (cats["performance"]["score"] or 0)),
        "accessibility": round(100 * (cats["accessibility"]["score"] or 0)),
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "kib": audits["total-byte-weight"]["numericValue"] / 1024,
    }


def table(medians: dict[tuple[str, str], dict[str, float]], runs: int) -> str:
    """A Markdown table of the median figures, a row a page and profile."""
    rows = ["| page | profile | performance | FCP | LCP | TBT | CLS | sent (gzip) |",
            "|---|---|---:|---:|---:|---:|---:|---:|"]
    for (path, ff), m in medians.items():
        rows.append(f"| /{path} | {ff} | {m['performance']:.0f} | {m['fcp']:.0f} ms | {m['lcp']:.0f} ms | "
                    f"{m['tbt']:.0f} ms | {m['cls']:.3f} | {m['kib']:.0f} KiB |")
    load = os.getloadavg()[0]
    rows.append("")
    rows.append(f"{f'Median of {runs} runs' if runs > 1 else 'One run'} each, Lighthouse {_version()}, measured "
                f"{_today()} with a load average of {load:.1f} on this 2-core machine.")
    return "\n".join(rows)


def write_readme(text: str) -> None:
    readme = README.read_text(encoding="utf-8")
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
    if not pattern.search(readme):
        raise SystemExit(f"bench/README.md: no {start} ... {end} markers to write the table between")
    README.write_text(pattern.sub(lambda _: f"{start}\n{text}\n{end}", readme), encoding="utf-8")


def _today() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")


def line(path: str, report: dict[str, Any]) -> str:
    audits, cats = report["audits"], report["categories"]

    def ms(audit: str) -> str:
        return f"{audits[audit]['numericValue']:.0f} ms"

    score = {k: round(100 * (v["score"] or 0)) for k, v in cats.items()}
    return (f"/{path:<14} performance {score['performance']:>3}  accessibility {score['accessibility']:>3}  "
            f"best practices {score['best-practices']:>3}  FCP {ms('first-contentful-paint')}  "
            f"LCP {ms('largest-contentful-paint')}  TBT {ms('total-blocking-time')}  "
            f"CLS {audits['cumulative-layout-shift']['numericValue']:.3f}  "
            f"sent {audits['total-byte-weight']['numericValue'] / 1024:.0f} KB" + shifts(audits))


def shifts(audits: dict[str, Any], top: int = 3) -> str:
    """What moved, when anything did: the elements of the largest layout shifts, with their scores
    (Lighthouse's layout-shifts audit), so a shift can be traced to its cause."""
    items = (audits.get("layout-shifts", {}).get("details") or {}).get("items") or []
    moved = [f"{item.get('score', 0):.3f} {(item.get('node') or {}).get('selector', '?')}"
             for item in items[:top] if item.get("score", 0) >= 0.001]
    return ("\n    shifted: " + "; ".join(moved)) if moved else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000,
                        help="the port of the site_url the site was built for (make build: 8000)")
    parser.add_argument("--page", action="append", help="a page path such as chips/ (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per page and profile (median)")
    parser.add_argument("--form-factor", action="append", choices=FORM_FACTORS,
                        help="mobile or desktop (default: both)")
    parser.add_argument("--readme", action="store_true", help="write the table of medians into bench/README.md")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs: expected a whole number of at least 1")
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `npm ci`", file=sys.stderr)
        return 2
    if not (args.site_dir / "index.html").is_file():
        print(f"{args.site_dir} holds no built site: run `make build`", file=sys.stderr)
        return 2
    handler = functools.partial(_GzipHandler, directory=str(args.site_dir))
    server = _Server(("127.0.0.1", args.port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    medians: dict[tuple[str, str], dict[str, float]] = {}
    try:
        print(f"Lighthouse {_version()}, site served with gzip from {args.site_dir}")
        for ff in args.form_factor or FORM_FACTORS:
            for path in args.page or PAGES:
                runs = []
                for _ in range(args.runs):
                    report = measure(f"http://127.0.0.1:{args.port}/{path}", ff)
                    print(f"{ff:<8}" + line(path, report), flush=True)
                    runs.append(figures(report))
                medians[(path, ff)] = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    finally:
        server.shutdown()
        server.server_close()
    text = table(medians, args.runs)
    print(text)
    if args.readme:
        write_readme(text)
    return 0


def _version() -> str:
    done = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "(unknown version)"


if __name__ == "__main__":
    sys.exit(main())
