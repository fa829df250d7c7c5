"""What Material's instant navigation is worth (issue 42): the time from a tap on a menu link until the
next page shows its scorer ready, with the page swapped in by instant navigation and, on a copy of the
built site with that feature off, loaded whole by the browser.

    make build && .venv/bin/python bench/navigation.py [--site-dir site] [--port 8000] [--runs 5]

A phone-sized screen at Lighthouse's 4x CPU slowdown, the service worker serving (the page is opened
twice first, so it is installed and the cache is warm), served with gzip as bench/lighthouse.py
serves. The two alternate run by run, so a busy machine slows both alike: compare them, not the
figures across days. Figures, not a test; `make test` never runs it.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lighthouse  # the same gzip server and Chromium

SLOWDOWN = 4
FEATURE = '"navigation.instant", '
#: The next page is in when its heading says so and its scorer shows its form (widgets/dom.js reveal).
READY = """() => { const h = document.querySelector('h1');
    return h && h.textContent.includes('Chains')
        && document.querySelector('[data-widget="chains"] [data-controls]:not([hidden])') !== null; }"""
PAINTED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(Date.now()))))"


def without_instant(site: Path, into: Path) -> Path:
    """A copy of the built site whose pages have Material's instant navigation off."""
    copy = into / "site"
    shutil.copytree(site, copy)
    for page in copy.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace(FEATURE, ""), encoding="utf-8")
    return copy


def one_tap(browser: Any, port: int) -> int:
    """Milliseconds from the tap on "Chains" in /chips/'s menu to the Chains page ready and painted."""
    ctx = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        for _ in range(2):  # the service worker installed, then serving from its cache
            page.goto(f"http://127.0.0.1:{port}/chips/", wait_until="load")
            page.wait_for_timeout(1500)
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        start: int = page.evaluate("Date.now()")
        page.evaluate("document.querySelector('a.md-nav__link[href$=\"chains/\"]').click()")
        page.wait_for_function(READY, timeout=60_000, polling=16)
        end: int = page.evaluate(PAINTED)
        return end - start
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=lighthouse.ROOT / "site")
    parser.add_argument("--port", type=int, default=8000, help="the port of the site_url the site was built for")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if not (args.site_dir / "index.html").is_file():
        print(f"{args.site_dir} holds no built site: run `make build`", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="navigation-") as tmp:
        sites = {"swapped in (instant navigation)": args.site_dir,
                 "loaded whole (instant navigation off)": without_instant(args.site_dir, Path(tmp))}
        times: dict[str, list[int]] = {name: [] for name in sites}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROME_PATH", lighthouse.CHROMIUM),
                                        args=["--no-sandbox"])
            for _ in range(max(1, args.runs)):
                for name, site in sites.items():
                    handler = functools.partial(lighthouse._GzipHandler, directory=str(site))
                    server = lighthouse._Server(("127.0.0.1", args.port), handler)
                    threading.Thread(target=server.serve_forever, daemon=True).start()
                    try:
                        times[name].append(one_tap(browser, args.port))
                    finally:
                        server.shutdown()
                        server.server_close()
            browser.close()
    for name, ms in times.items():
        print(f"/chips/ to /chains/, {name}: median {statistics.median(ms):.0f} ms (runs {sorted(ms)}), "
              f"at {SLOWDOWN}x, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
