"""MkDocs hook (``hooks:`` in mkdocs.yml): the project's stylesheets reach a page as one file.

The sources stay one file a concern under ``docs/assets/css/`` (fonts, site, print, score keeper,
widgets, sample round, offline notice), listed in ``extra_css`` in the order they cascade. Each
build joins them, in that order, into :data:`BUNDLE` and links only it, so a page makes one
request for the project's CSS instead of seven render-blocking ones (issue 15). Print rules stay
inside ``@media print`` (``print.css`` is written that way), so joining changes no rule.

The parts are removed from the built site: nothing links them, and the offline precache would
otherwise carry every rule twice. All live in ``assets/css/``, the bundle's own folder, so their
``url()`` references (the fonts) stay valid unchanged.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

log = logging.getLogger("mkdocs.hooks.styles")

#: The one stylesheet every page links (site-relative).
BUNDLE = "assets/css/rulebook.css"
#: The parts of the last build, for a rebuild on a config that already lists only the bundle.
_parts: list[str] = []


def parts(config: MkDocsConfig) -> list[str]:
    """The source stylesheets of the bundle, in cascade order (``extra_css`` as written)."""
    listed = [str(p) for p in config.extra_css]
    # A second build on the same config (if mkdocs serve keeps it) finds only the bundle there.
    return list(_parts) if listed == [BUNDLE] else listed


def bundle_text(sources: list[tuple[str, str]]) -> str:
    """The bundle: each part under a comment naming its source file, in the order given."""
    out = ["/* The project's stylesheets in one file (generator/site/styles.py). */\n"]
    for name, text in sources:
        out.append(f"\n/* ---- {name} ---- */\n")
        out.append(text if text.endswith("\n") else text + "\n")
    return "".join(out)


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    names = parts(config)
    if not names:
        return files
    sources: list[tuple[str, str]] = []
    for name in names:
        if Path(name).parent.as_posix() != Path(BUNDLE).parent.as_posix() or not name.endswith(".css"):
            raise PluginError(
                f"mkdocs.yml: extra_css: {name!r}: expected a .css file in "
                f"{Path(BUNDLE).parent.as_posix()}/ (its url()s must stay valid in the bundle)"
            )
        f = files.get_file_from_path(name)
        if f is None or f.abs_src_path is None:
            raise PluginError(f"mkdocs.yml: extra_css: {name!r}: no such file under docs/")
        sources.append((name, Path(f.abs_src_path).read_text(encoding="utf-8")))
        files.remove(f)
    files.append(File.generated(config, BUNDLE, content=bundle_text(sources)))
    _parts[:] = names
    config.extra_css = [BUNDLE]
    log.debug("joined %d stylesheets into %s", len(names), BUNDLE)
    return files
