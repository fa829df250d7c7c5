"""The download list of a game: every file this room writes under ``pdf/`` with its paper and size.

The site's "Keep & share" partial shows it; the site hands :func:`downloads` to the renderer
(``render_partial(..., downloads=downloads)``), so the shared renderer never imports this room.
"""

from __future__ import annotations

from .booklets import pdf_files
from .scoresheets import sheet_files

#: File name under pdf/ -> bytes, filled by the build (``generator/site/hooks.py``) before the
#: pages are rendered, so "Keep & share" can say how big each download is.
FILE_SIZES: dict[str, int] = {}


def downloads(game_id: str) -> list[dict[str, str]]:
    """Every file of a game under ``pdf/``: the booklet, its print-at-home sheets and the blank
    score sheets (names and paper from :mod:`.booklets` and :mod:`.scoresheets`), each with its
    size in words ("78 KB") once the build has made it."""
    files = pdf_files(game_id) + sheet_files(game_id)
    for f in files:
        size = FILE_SIZES.get(f["name"])
        f["bytes"] = f"{max(1, round(size / 1024))} KB" if size else ""
    return files
