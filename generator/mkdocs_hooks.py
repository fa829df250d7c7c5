"""MkDocs hooks (``hooks:`` in mkdocs.yml): after every build of the pages, the PDFs.

So ``mkdocs serve`` (``make serve``), ``mkdocs build`` and ``rulebook build`` all give a site
whose "Keep & share" links work: the card-box booklets, the print-at-home sheets and the blank
score sheets are written into ``<site_dir>/pdf/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def on_post_build(config: Any, **kwargs: Any) -> None:
    from generator.pdf import build_all
    from generator.scoresheet_pdf import build_scoresheets

    root = Path(config["config_file_path"]).resolve().parent
    out = Path(config["site_dir"]) / "pdf"
    build_all(root, out)  # booklets and print-at-home sheets (issue 4)
    build_scoresheets(root, out)  # blank score sheets, A4 and Letter (issue 7)
