"""MkDocs hook (``hooks:`` in mkdocs.yml): Material's start-up restyles the page fewer times (issue 42).

On a phone, nearly all of a page's blocking time is Material's bundle starting (bench/README.md,
"Where the blocking time is"). A Chromium trace of /chains/ loading shows that task restyling the
whole page four times over (each about 345 elements drawn at first paint, of 2,045 on the page),
and once more a second later. The palette's two (a color-scheme meta added and filled in) went
with Material's palette: docs/assets/js/palette.js mounts the toggle. The others:

- The bundle swaps ``no-js`` on ``<html>`` for ``js`` and its focus-visible polyfill adds
  ``js-focus-visible``. Material's stylesheets key many rules on those classes, so each change
  restyles the page. ``overrides/main.html`` writes them before the body is parsed (a page without
  scripts keeps ``no-js``); the bundle's own calls then change nothing.
- The palette marks ``<body>`` with ``data-md-color-switching`` on every page load, and removes the
  mark a second later, and Material's rule ``[data-md-color-switching] * {transition-duration: 0s}``
  (every element under the mark) makes each of those restyle every element. The rule only keeps
  colours from fading while a reader switches between light and dark; without it they fade over
  Material's own transition times (a quarter of a second at most). :func:`drop_switching_rule`
  takes it out of the built palette stylesheet.

Measured with bench/mainthread.py (/chains/, median of 5, blocking at 4x, copies of one build
measured in turn, load 8-12): 190 and 178 ms as built, 148 and 138 ms with both; with the palette
mounted by palette.js too, 116, 122 and 111 (three more rounds, against 132, 141 and 144).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.startup")

#: Material's palette stylesheet in the built site (its name carries a content hash).
PALETTE = "assets/stylesheets/palette.*.min.css"

#: The rule taken out, as Material 9.x writes it (minified).
SWITCHING_RULE = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
                  "[data-md-color-switching] :before{transition-duration:0s!important}")


def drop_switching_rule(site_dir: Path) -> int:
    """Take :data:`SWITCHING_RULE` out of the palette stylesheet of site_dir: the files changed.

    A stylesheet that names the mark in some other rule (a Material release that changed it)
    fails the build, naming the file, so the change is looked at rather than silently kept. One
    that no longer names it at all was done by an earlier build into the same folder."""
    changed = 0
    for sheet in sorted(site_dir.glob(PALETTE)):
        text = sheet.read_text(encoding="utf-8")
        if SWITCHING_RULE in text:
            text = text.replace(SWITCHING_RULE, "")
            sheet.write_text(text, encoding="utf-8")
            changed += 1
        if "data-md-color-switching" in text:
            raise PluginError(f"startup: {sheet.relative_to(site_dir)} names data-md-color-switching "
                              "in a rule this hook does not know: see generator/site/startup.py")
    return changed


def on_post_build(config: Any, **kwargs: Any) -> None:
    count = drop_switching_rule(Path(config["site_dir"]))
    log.debug("startup: palette switching rule dropped from %d stylesheet(s)", count)
