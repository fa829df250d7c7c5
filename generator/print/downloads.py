"""The download list of a game: every file this room writes under ``pdf/`` with its paper, size and
what it is for, and which of them a phone keeps for offline use at once.

The site's "Keep & share" partial shows the list; the site hands :func:`downloads` to the renderer
(``render_partial(..., downloads=downloads)``), so the shared renderer never imports this room.
``generator/site/offline.py`` asks :func:`offline_files` which PDFs the service worker precaches
(the card-box rules and the blank score sheets: small, and wanted at the table) and which it caches
the first time they are opened (the print-at-home sheets and the complete rulebooks: larger, and
read at home).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .booklets import on_demand_names, pdf_files, precached_names
from .scoresheets import sheet_files

#: The most bytes of PDFs a phone keeps for one game beyond the precache (issue 39): the print-at-home
#: sheets, the complete rulebook and its booklets, fetched into the service worker's cache once the
#: game's page is opened with a connection (docs/assets/js/offline.js), so every copy "Keep & share"
#: lists opens offline. 1,048,576 bytes (1 MiB) a game; the three games' now take 0.5-0.75 MiB each.
#: generator/site/offline.py fails a build whose PDFs of a game pass it; "Keep & share" states it.
OFFLINE_BUDGET_BYTES = 1_048_576

#: File name under pdf/ -> bytes, filled by the build (``generator/site/hooks.py``) before the
#: pages are rendered, so "Keep & share" can say how big each download is.
FILE_SIZES: dict[str, int] = {}


def downloads(game: str | Mapping[str, Any]) -> list[dict[str, str]]:
    """Every file of a game under ``pdf/``: the card-box rules and their print-at-home sheets, the
    complete rulebook and its booklets, and the blank score sheets (names, paper and ``about`` from
    :mod:`.booklets` and :mod:`.scoresheets`), each with its size in words ("78 KB") and in bytes
    (``size``, "0" before the build has made it), and ``offline``: "precached", "kept" (when
    the game's page is opened, within OFFLINE_BUDGET_BYTES) or "online" (a card printer's file).
    ``game``: the game's data, or its id (which knows the blank sheets of ``scoresheets.LAYOUTS`` only,
    not those of a game that declares its scoring)."""
    game_id = game if isinstance(game, str) else str(game["id"])
    files = pdf_files(game_id) + sheet_files(game)
    kept = set(on_demand_names(game_id))
    for f in files:
        size = FILE_SIZES.get(f["name"])
        f["bytes"] = f"{max(1, round(size / 1024))} KB" if size else ""
        f["size"] = str(size or 0)
        # How a phone keeps it for offline use: precached with the site, or kept when the game's
        # page is opened (OFFLINE_BUDGET_BYTES).
        # The card printer's files are neither: they are fetched only when asked for.
        f["offline"] = "kept" if f["name"] in kept else "online" if f.get("for") == "printer" else "precached"
        f.setdefault("about", "a blank sheet to keep the scores on paper" if "-score-" in f["name"] else "")
    return files


def offline_files(games: Iterable[str | Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """(precached, cached when first opened): the names under ``pdf/`` of ``games`` (each its data,
    or its id: as :func:`downloads`)."""
    precached: list[str] = []
    on_demand: list[str] = []
    for game in games:
        gid = game if isinstance(game, str) else str(game["id"])
        precached += precached_names(gid) + [f["name"] for f in sheet_files(game)]
        on_demand += on_demand_names(gid)
    return sorted(precached), sorted(on_demand)
