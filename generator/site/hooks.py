"""MkDocs hooks (``hooks:`` in mkdocs.yml): the PDFs are part of every build.

So ``mkdocs serve`` (``make serve``), ``mkdocs build`` and ``rulebook build`` all give a site
whose "Keep & share" links work. The PDFs are made before the pages (into a staging folder), so
the pages can say how big each file is, and copied into ``<site_dir>/pdf/`` after them.
"""

from __future__ import annotations

import atexit
import html
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

#: Written into every built site: a folder holding it is one a build made, so ``rulebook build``
#: may replace it (generator/build.py refuses any other non-empty folder).
MARKER = ".rulebook-site"
MARKER_TEXT = "Built by the rulebook site build; the next build replaces this whole folder.\n"

_staged: list[Path] = []
_exit_hook: list[bool] = []


def on_pre_build(config: Any, **kwargs: Any) -> None:
    from generator.print import downloads
    from generator.print.booklets import build_all
    from generator.print.scoresheets import build_scoresheets

    _clean()
    root = Path(config["config_file_path"]).resolve().parent
    stage = Path(tempfile.mkdtemp(prefix="rulebook-pdf-"))
    if not _staged and not _exit_hook:
        # A build stopped by SIGTERM (rulebook's handler unwinds the stack, so the interpreter
        # exits normally) still removes the staging folder.
        atexit.register(_clean)
        _exit_hook.append(True)
    _staged.append(stage)
    files = build_all(root, stage)  # booklets and print-at-home sheets (issue 4)
    files += build_scoresheets(root, stage)  # blank score sheets, A4 and Letter (issue 7)
    downloads.FILE_SIZES.clear()
    downloads.FILE_SIZES.update({f.name: f.stat().st_size for f in files})


_HEADERLINK = re.compile(
    r'(<h([1-6]) id="([^"]+)"[^>]*>)(.*?)<a class="headerlink" href="#\3" title="[^"]*">')


def on_page_content(html_text: str, **kwargs: Any) -> str:
    """The heading permalinks of Markdown's toc get a spoken name instead of a ``title``.

    A ``title`` is a tooltip only on hover with a mouse, and Material's ``content.tooltips`` (now
    off) measured each at load: the ~100 permalinks of a game page were most of its blocking time
    on a phone (Lighthouse, issue 15). The glossary words keep theirs (docs/assets/js/terms.js)."""
    return _HEADERLINK.sub(_named_headerlink, html_text)


def _named_headerlink(match: re.Match[str]) -> str:
    heading = " ".join(html.unescape(re.sub(r"<[^>]+>", "", match.group(4))).split())
    label = html.escape(f"Link to “{heading}”", quote=True)
    return f'{match.group(1)}{match.group(4)}<a class="headerlink" href="#{match.group(3)}" aria-label="{label}">'


def on_post_build(config: Any, **kwargs: Any) -> None:
    (Path(config["site_dir"]) / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    out = Path(config["site_dir"]) / "pdf"
    out.mkdir(parents=True, exist_ok=True)
    for stage in _staged:
        for f in sorted(stage.iterdir()):
            shutil.copy2(f, out / f.name)
    _clean()


def on_build_error(error: Exception, **kwargs: Any) -> None:
    _clean()


def _clean() -> None:
    while _staged:
        shutil.rmtree(_staged.pop(), ignore_errors=True)
