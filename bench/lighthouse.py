"""Lighthouse figures for the built site (issue 15): each page's performance score, first and
largest contentful paint, total blocking time, layout shift and bytes sent, on a phone profile.

    make build && .venv/bin/python bench/lighthouse.py [--site-dir site] [--page chips/ ...]

Serves the folder on 127.0.0.1 with gzip (as a static host would), runs npm's lighthouse (pinned in
package.json, `npm ci`) against Debian's Chromium (CHROME_PATH), and prints one line a page.
Figures, not a test: nothing here passes or fails on a number, and `make test` never runs it.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import socketserver
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
PAGES = ("", "chips/", "chains/", "3-chip-stack/", "keep-score/")
#: What a static host compresses.
GZIP_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml",
              "application/manifest+json")


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


def measure(url: str) -> dict[str, Any]:
    """One Lighthouse run (mobile profile, simulated throttling) of url: its JSON report."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}
        subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
             "--only-categories=performance,accessibility,best-practices",
             "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
             "--disable-full-page-screenshot"],
            check=True, env=env, cwd=ROOT,
        )
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return report


def line(path: str, report: dict[str, Any]) -> str:
    audits, cats = report["audits"], report["categories"]

    def ms(audit: str) -> str:
        return f"{audits[audit]['numericValue']:.0f} ms"

    score = {k: round(100 * (v["score"] or 0)) for k, v in cats.items()}
    return (f"/{path:<14} performance {score['performance']:>3}  accessibility {score['accessibility']:>3}  "
            f"best practices {score['best-practices']:>3}  FCP {ms('first-contentful-paint')}  "
            f"LCP {ms('largest-contentful-paint')}  TBT {ms('total-blocking-time')}  "
            f"CLS {audits['cumulative-layout-shift']['numericValue']:.3f}  "
            f"sent {audits['total-byte-weight']['numericValue'] / 1024:.0f} KB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000,
                        help="the port of the site_url the site was built for (make build: 8000)")
    parser.add_argument("--page", action="append", help="a page path such as chips/ (default: all)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `npm ci`", file=sys.stderr)
        return 2
    if not (args.site_dir / "index.html").is_file():
        print(f"{args.site_dir} holds no built site: run `make build`", file=sys.stderr)
        return 2
    handler = functools.partial(_GzipHandler, directory=str(args.site_dir))
    server = _Server(("127.0.0.1", args.port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        print(f"Lighthouse {_version()}, mobile profile, site served with gzip from {args.site_dir}")
        for path in args.page or PAGES:
            print(line(path, measure(f"http://127.0.0.1:{args.port}/{path}")), flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return 0


def _version() -> str:
    done = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "(unknown version)"


if __name__ == "__main__":
    sys.exit(main())
