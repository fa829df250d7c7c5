"""MkDocs hook (``hooks:`` in mkdocs.yml, after hooks.py): the site works offline (issue 15).

After every build, Workbox's ``generateSW`` (npm ``workbox-build``, run by ``sw-build.mjs`` under
node) writes ``sw.js`` at the site root. It precaches every page, asset, font, the search index,
the card-box rules (``pdf/<game>.pdf``) and the blank score sheets; the larger print-at-home sheets,
the complete rulebooks and their booklets are cached the first time they are opened, and all of a
game's at once when its page is opened with a connection (``docs/assets/js/offline.js``, issue 39),
within ``OFFLINE_BUDGET_BYTES`` a game (1,048,576 bytes, ``generator/print/downloads.py``; a build
whose PDFs of a game pass it fails). Which PDF is
which comes from ``generator.print.downloads.offline_files`` (by name, for the games in
``rules-data/``), not from a pattern; a PDF it does not name is precached.
``docs/assets/js/offline.js`` registers it and offers an update when one waits.

Every update arrives whole (issue 24): a page opens offline at any address the site writes (every
query parameter is ignored when matching the precache; an address without its slash is sent to the
page with it; an unknown one gets the site's 404 page), and a PDF cached when first opened is kept
under its revision, so a corrected one replaces it once the new release's worker is active. One
release's modules are never mixed with another's: offline.js loads the next page whole once a new
worker has taken over the tab.

hooks.py copies the PDFs into ``site/pdf/`` in its own ``on_post_build``; hooks run in list
order, so this one must come after it in mkdocs.yml (the precache list is checked for the PDFs).

Not under ``mkdocs serve``: a worker serving cached pages would hide the live-reloaded ones.

Starting node and bundling the worker was most of a build that made no PDF (3.3 of 5 CPU seconds,
issue 26), and its answer depends only on what it reads. So sw.js is kept in ``.cache/sw/`` under
the sha256 of all of it (:func:`sw_key`): sw-build.mjs, the installed npm packages, the config
(less the build's temporary folder) and every file of the site a precache glob can match, by path
and content. A build whose site matches reuses it without starting node; any other change to the
pages, assets or PDFs makes it again. The checks on what it precaches run either way.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

# A child of the "mkdocs" logger: under `strict: true` a warning here fails the build.
log = logging.getLogger("mkdocs.hooks.offline")

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "sw-build.mjs"

#: What every build precaches (globs over site_dir). The PDFs are added by name (precache_pdfs).
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

#: The query parameters ignored when a request is matched against the precache (regular
#: expressions): all of them. No page reads its query from the server, and the site writes many
#: (the drills' ?round=&question=, the tables' ?seed=&players=); a page must open offline at each.
IGNORE_PARAMETERS: tuple[str, ...] = (r".*",)

#: The page an unknown address gets offline (MkDocs writes it; online the host sends it).
NOT_FOUND = "404.html"

#: Workbox skips bigger files with only a warning; ours are all far smaller (the largest, the Chips
#: rulebook, is ~130 KB), so a file over this is a mistake and fails the build.
MAX_BYTES = 2 * 1024 * 1024

_serving: list[bool] = []


#: A game as these functions take it: its data (which says whether it has blank score sheets: a game that
#: declares its scoring has them, issue 38), or its id (which knows those of scoresheets.LAYOUTS only).
GameRef = str | Mapping[str, Any]


def _game_ids(root: Path = HERE.parent.parent) -> list[GameRef]:
    """The games in ``root/rules-data`` (the project's, unless a build says otherwise), each its data."""
    from generator.content.loader import load_games

    return [g.data for g in load_games(root)]


def pdf_plan(game_ids: Sequence[GameRef] | None = None) -> tuple[list[str], list[str]]:
    """(precached, cached when first opened): PDF names under pdf/, from generator.print.downloads."""
    from generator.print.downloads import offline_files

    return offline_files(_game_ids() if game_ids is None else game_ids)


def precache_pdfs(pdf_dir: Path, game_ids: Sequence[GameRef] | None = None) -> list[str]:
    """The PDFs to precache, as site-relative paths: every one in ``pdf_dir`` but those cached when
    first opened."""
    if not pdf_dir.is_dir():
        return []
    _, on_demand = pdf_plan(game_ids)
    return [f"pdf/{f.name}" for f in sorted(pdf_dir.glob("*.pdf")) if f.name not in on_demand]


# (Not named on_...: MkDocs takes every on_* function of a hook module for an event.)
def cached_on_open_url(game_ids: Sequence[GameRef] | None = None) -> str:
    """The service worker's route for the PDFs cached when first opened: their names, spelled out."""
    _, on_demand = pdf_plan(game_ids)
    return r"/pdf/(?:" + "|".join(re.escape(name) for name in on_demand) + r")$"


def over_budget(pdf_dir: Path, game_ids: Sequence[GameRef] | None = None) -> list[str]:
    """The games whose PDFs cached when first opened pass OFFLINE_BUDGET_BYTES together (each with
    its bytes): a game page keeps all of them on the phone once opened (docs/assets/js/offline.js,
    issue 39), so each game's must stay within the budget "Keep & share" states."""
    from generator.print.booklets import on_demand_names
    from generator.print.downloads import OFFLINE_BUDGET_BYTES

    over = []
    for game in _game_ids() if game_ids is None else game_ids:
        gid = game if isinstance(game, str) else str(game["id"])
        total = sum((pdf_dir / n).stat().st_size for n in on_demand_names(gid) if (pdf_dir / n).is_file())
        if total > OFFLINE_BUDGET_BYTES:
            over.append(f"{gid} ({total:,} bytes)")
    return over


def revisions(pdf_dir: Path, game_ids: Sequence[GameRef] | None = None) -> dict[str, str]:
    """The PDFs cached when first opened, each name with its revision: the first 16 hex digits of
    the SHA-256 of the file as this build wrote it (a name the build did not write has none)."""
    _, on_demand = pdf_plan(game_ids)
    return {name: hashlib.sha256((pdf_dir / name).read_bytes()).hexdigest()[:16]
            for name in sorted(on_demand) if (pdf_dir / name).is_file()}


def sw_config(site_dir: Path, game_ids: Sequence[GameRef] | None = None) -> dict[str, Any]:
    """The JSON sw-build.mjs reads: folder, precache globs, ignores and runtime routes."""
    navigation: dict[str, Any] = {"navigation": True}
    if (site_dir / NOT_FOUND).is_file():
        navigation["fallback"] = NOT_FOUND
    return {
        "siteDir": str(site_dir),
        "precache": [*PRECACHE, *precache_pdfs(site_dir / "pdf", game_ids)],
        "ignore": list(IGNORE),
        "ignoreParameters": list(IGNORE_PARAMETERS),
        "maxBytes": MAX_BYTES,
        "runtime": [{
            "pattern": cached_on_open_url(game_ids),
            "handler": "CacheFirst",
            # Kept under their revision (sw-build.mjs): a corrected PDF replaces the copy a
            # reader opened before, once the release's worker is active (issue 24).
            "revisions": revisions(site_dir / "pdf", game_ids),
            "options": {
                "cacheName": "rulebook-print-sheets",
                # Room for every game's (a game page keeps all of its own, issue 39).
                "expiration": {"maxEntries": max(24, len(pdf_plan(game_ids)[1]))},
                "cacheableResponse": {"statuses": [200]},
            },
        }, navigation],
    }


def find_tools(start: Path = HERE) -> tuple[str, Path]:
    """node and workbox-build, or a PluginError saying in one line what to run.

    workbox-build is looked for as node resolves sw-build.mjs's import: in node_modules/ beside
    the script or in a folder above it (the project's, made by `npm ci`)."""
    node = shutil.which("node")
    if node is None:
        raise PluginError("offline: `node` is not on PATH, so sw.js cannot be made: install Node 20 "
                          "(`make setup`)")
    from generator.site.node import node_package

    workbox = node_package("workbox-build", start)
    if workbox is not None:
        return node, workbox
    raise PluginError(f"offline: workbox-build is missing from node_modules/ (looked from {start} up), "
                      "so sw.js cannot be made: run `npm ci`")


def generate(site_dir: Path, game_ids: Sequence[GameRef] | None = None, *, config: dict[str, Any] | None = None,
             tools: tuple[str, Path] | None = None) -> dict[str, Any]:
    """Run generateSW over site_dir; its summary (count, size, warnings, urls)."""
    node, workbox = tools or find_tools()
    done = subprocess.run(
        [node, str(SCRIPT)], input=json.dumps(config or sw_config(site_dir, game_ids)), capture_output=True,
        text=True, cwd=workbox.parent.parent, check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise PluginError(f"offline: workbox-build failed: {last}")
    summary: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary


#: Where sw.js and its summary are kept between builds (under the project; .gitignore has /.cache/).
SW_CACHE = Path(".cache") / "sw"
#: Changed when what goes into the key or an entry changes, so no old entry is read the new way.
SW_FORMAT = "sw-cache-1"
#: Entries kept (the newest): a few editions to go back and forth between.
SW_KEEP = 4


def _braces(pattern: str) -> Iterator[str]:
    """``a/*.{css,js}`` as ``a/*.css`` and ``a/*.js`` (the globs' one brace form, for pathlib)."""
    found = re.search(r"\{([^{}]*)\}", pattern)
    if found is None:
        yield pattern
        return
    for choice in found.group(1).split(","):
        yield from _braces(pattern[: found.start()] + choice + pattern[found.end():])


def precache_candidates(site_dir: Path, patterns: Sequence[str]) -> list[Path]:
    """Every file of ``site_dir`` that one of ``patterns`` can match: at least what Workbox reads
    (pathlib also matches dot files, and no ignore is taken out), so a key over them misses
    nothing Workbox sees."""
    found: set[Path] = set()
    for pattern in patterns:
        for expanded in _braces(pattern):
            found.update(p for p in site_dir.glob(expanded) if p.is_file())
    return sorted(found)


def sw_key(site_dir: Path, config: dict[str, Any], node: str, workbox: Path) -> str:
    """The sha256 of everything generateSW's answer depends on: this format, sw-build.mjs, node
    (path, size, time) and the npm packages installed (node_modules/.package-lock.json lists
    every one with its version), the config without its folder, and each file a glob can match."""
    h = hashlib.sha256(SW_FORMAT.encode() + b"\0")
    h.update(SCRIPT.read_bytes() + b"\0")
    st = os.stat(node)
    h.update(f"{node}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    modules = workbox.parent
    for name in (".package-lock.json", "workbox-build/package.json"):
        path = modules / name
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"none") + b"\0")
    h.update(json.dumps({**config, "siteDir": ""}, sort_keys=True).encode() + b"\0")
    for path in precache_candidates(site_dir, config["precache"]):
        h.update(path.relative_to(site_dir).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def cached_generate(site_dir: Path, root: Path, game_ids: Sequence[GameRef] | None = None) -> tuple[dict[str, Any], bool]:
    """sw.js in ``site_dir`` as :func:`generate` writes it, from ``root/.cache/sw/`` when a build
    with the same key made it before: (its summary, whether it came from the cache)."""
    node, workbox = find_tools()
    config = sw_config(site_dir, game_ids)
    key = sw_key(site_dir, config, node, workbox)
    entry = Path(root) / SW_CACHE / key
    try:
        summary: dict[str, Any] = json.loads((entry / "summary.json").read_text(encoding="utf-8"))
        worker = (entry / "sw.js").read_bytes()
        if summary.get("sha256") == hashlib.sha256(worker).hexdigest():  # whole, as stored
            (site_dir / "sw.js").write_bytes(worker)
            return summary, True
    except (OSError, ValueError, AttributeError):
        pass
    shutil.rmtree(entry, ignore_errors=True)  # missing, or not whole: made again
    summary = generate(site_dir, game_ids, config=config, tools=(node, workbox))
    _store(Path(root) / SW_CACHE, key, (site_dir / "sw.js").read_bytes(), summary)
    return summary, False


def _store(base: Path, key: str, worker: bytes, summary: dict[str, Any]) -> None:
    """One entry, written into a temporary folder and renamed into place whole; a cache that
    cannot be written only means the next build runs node again."""
    try:
        base.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base))
    except OSError:
        return
    try:
        (tmp / "sw.js").write_bytes(worker)
        kept = {**summary, "sha256": hashlib.sha256(worker).hexdigest()}
        (tmp / "summary.json").write_text(json.dumps(kept, sort_keys=True), encoding="utf-8")
        try:
            tmp.rename(base / key)
        except OSError:  # another build stored the same entry first
            pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    entries = sorted((p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")),
                     key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[SW_KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


def missing(summary: dict[str, Any], site_dir: Path, game_ids: Sequence[GameRef] | None = None) -> list[str]:
    """What the precache list should hold but does not: each page, each PDF that is not cached on
    first use, and each card-box rules and score sheet that the games should have (even if the build
    forgot to write it)."""
    urls = set(summary["urls"])
    wanted = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html")]
    wanted += precache_pdfs(site_dir / "pdf", game_ids)
    wanted += [f"pdf/{name}" for name in pdf_plan(game_ids)[0]]
    wanted = sorted(set(wanted))
    return [u for u in sorted(wanted) if u not in urls]


def on_startup(*, command: str, dirty: bool) -> None:
    _serving[:] = [command == "serve"]


def on_post_build(config: Any, **kwargs: Any) -> None:
    site_dir = Path(config["site_dir"])
    if _serving and _serving[0]:
        log.info("offline: no sw.js under `mkdocs serve` (pages reload live instead)")
        return
    root = Path(config["config_file_path"]).resolve().parent
    game_ids = _game_ids(root)
    summary, reused = cached_generate(site_dir, root, game_ids)
    for warning in summary["warnings"]:
        log.warning("offline: workbox-build: %s", warning)
    gaps = missing(summary, site_dir, game_ids)
    if gaps:
        raise PluginError(f"offline: sw.js would not precache {', '.join(gaps)}")
    heavy = over_budget(site_dir / "pdf", game_ids)
    if heavy:
        from generator.print.downloads import OFFLINE_BUDGET_BYTES

        raise PluginError(f"offline: a game page keeps its PDFs on the phone within {OFFLINE_BUDGET_BYTES:,} bytes "
                          f"(generator/print/downloads.py OFFLINE_BUDGET_BYTES), and these pass it: {', '.join(heavy)}")
    log.info("offline: sw.js precaches %d files, %d KB%s", summary["count"], summary["size"] // 1024,
             f" (from {SW_CACHE}/)" if reused else "")
