"""MkDocs hook (``hooks:`` in mkdocs.yml, after hooks.py): the site works offline (issue 15).

After every build, Workbox's ``generateSW`` (npm ``workbox-build``, run by ``sw-build.mjs`` under
node) writes ``sw.js`` at the site root. It precaches every page, asset, font, the search index,
the card-box rulebooks (``pdf/<game>.pdf``) and the blank score sheets (``pdf/*-score-*.pdf``);
the larger print-at-home sheets (``pdf/<game>-a4.pdf``, ``-letter.pdf``) are cached the first time
they are opened. ``docs/assets/js/offline.js`` registers it and offers an update when one waits.

hooks.py copies the PDFs into ``site/pdf/`` in its own ``on_post_build``; hooks run in list
order, so this one must come after it in mkdocs.yml (the precache list is checked for the PDFs).

Not under ``mkdocs serve``: a worker serving cached pages would hide the live-reloaded ones.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

# A child of the "mkdocs" logger: under `strict: true` a warning here fails the build.
log = logging.getLogger("mkdocs.hooks.offline")

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "sw-build.mjs"

#: What every build precaches (globs over site_dir). The rulebooks and score sheets are added by
#: name (precache_pdfs), since the score sheets end in -a4.pdf / -letter.pdf too.
PRECACHE: tuple[str, ...] = (
    "**/*.html",
    "assets/**/*.{css,js,woff2,svg,png}",
    "search/search_index.json",
    "sitemap.xml",  # instant navigation reads it to know which links are the site's own
    "manifest.webmanifest",
)

#: Never precached: Material's source maps, the lunr language packs (the search is English only),
#: the TTF copies of the fonts (the print stylesheets' source; browsers get the WOFF2).
IGNORE: tuple[str, ...] = (
    "**/*.map",
    "assets/javascripts/lunr/**",
    "**/*.ttf",
    "sw.js",
)

#: The print-at-home sheets: cached when first opened, then served from the cache.
PRINT_SHEET = re.compile(r"^(?!.*-score-)[a-z0-9-]+-(?:a4|letter)\.pdf$")
#: The same, as the service worker sees it: a full URL.
PRINT_SHEET_URL = r"/pdf/(?![^/]*-score-)[a-z0-9-]+-(?:a4|letter)\.pdf$"

#: Workbox skips bigger files with only a warning; ours are all far smaller (the largest, the Chips
#: rulebook, is ~130 KB), so a file over this is a mistake and fails the build.
MAX_BYTES = 2 * 1024 * 1024

_serving: list[bool] = []


def precache_pdfs(pdf_dir: Path) -> list[str]:
    """The PDFs to precache, as site-relative paths: every one but the print-at-home sheets."""
    if not pdf_dir.is_dir():
        return []
    return [f"pdf/{f.name}" for f in sorted(pdf_dir.glob("*.pdf")) if not PRINT_SHEET.match(f.name)]


def sw_config(site_dir: Path) -> dict[str, Any]:
    """The JSON sw-build.mjs reads: folder, precache globs, ignores and runtime routes."""
    return {
        "siteDir": str(site_dir),
        "precache": [*PRECACHE, *precache_pdfs(site_dir / "pdf")],
        "ignore": list(IGNORE),
        "maxBytes": MAX_BYTES,
        "runtime": [{
            "pattern": PRINT_SHEET_URL,
            "handler": "CacheFirst",
            "options": {
                "cacheName": "rulebook-print-sheets",
                "expiration": {"maxEntries": 12},
                "cacheableResponse": {"statuses": [200]},
            },
        }],
    }


def find_tools(start: Path = HERE) -> tuple[str, Path]:
    """node and workbox-build, or a PluginError saying in one line what to run.

    workbox-build is looked for as node resolves sw-build.mjs's import: in node_modules/ beside
    the script or in a folder above it (the project's, made by `npm ci`)."""
    node = shutil.which("node")
    if node is None:
        raise PluginError("offline: `node` is not on PATH, so sw.js cannot be made: install Node 20 "
                          "(`make setup`)")
    for folder in (start, *start.parents):
        workbox = folder / "node_modules" / "workbox-build"
        if (workbox / "package.json").is_file():
            return node, workbox
    raise PluginError(f"offline: workbox-build is missing from node_modules/ (looked from {start} up), "
                      "so sw.js cannot be made: run `npm ci`")


def generate(site_dir: Path) -> dict[str, Any]:
    """Run generateSW over site_dir; its summary (count, size, warnings, urls)."""
    node, workbox = find_tools()
    done = subprocess.run(
        [node, str(SCRIPT)], input=json.dumps(sw_config(site_dir)), capture_output=True,
        text=True, cwd=workbox.parent.parent, check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise PluginError(f"offline: workbox-build failed: {last}")
    summary: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary


def missing(summary: dict[str, Any], site_dir: Path) -> list[str]:
    """What the precache list should hold but does not: each page, rulebook and score sheet."""
    urls = set(summary["urls"])
    wanted = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html")]
    wanted += precache_pdfs(site_dir / "pdf")
    return [u for u in sorted(wanted) if u not in urls]


def on_startup(*, command: str, dirty: bool) -> None:
    _serving[:] = [command == "serve"]


def on_post_build(config: Any, **kwargs: Any) -> None:
    site_dir = Path(config["site_dir"])
    if _serving and _serving[0]:
        log.info("offline: no sw.js under `mkdocs serve` (pages reload live instead)")
        return
    summary = generate(site_dir)
    for warning in summary["warnings"]:
        log.warning("offline: workbox-build: %s", warning)
    gaps = missing(summary, site_dir)
    if gaps:
        raise PluginError(f"offline: sw.js would not precache {', '.join(gaps)}")
    log.info("offline: sw.js precaches %d files, %d KB", summary["count"], summary["size"] // 1024)
