"""MkDocs hook (``hooks:`` in mkdocs.yml): a Content-Security-Policy ``<meta>`` on every page.

GitHub Pages sends no headers of our choosing, so the policy travels in the page (hostile-input
issue, item 9). It lets a page load only the site's own scripts, styles, fonts and images, and run
only the inline scripts Material writes into that page (palette, ``__md_scope``, the tabbed-anchor
fix): each is allowed by its sha256 hash, computed from the page's final HTML, so a changed script
gets a new hash in the same build. ``<script type="application/json">`` (Material's ``__config``)
is data, never run, and needs none.

What a ``<meta>`` policy cannot hold is left out: ``frame-ancestors``, ``report-uri`` and
``sandbox`` are ignored there. The meta goes right after ``<meta charset>``, before any script: a
policy only covers what the parser meets after it.
"""

from __future__ import annotations

import base64
import hashlib
import html
import logging
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

# A child of the "mkdocs" logger: under `strict: true` a warning here fails the build.
log = logging.getLogger("mkdocs.hooks.csp")

#: The policy without the per-page hashes, one directive a line, each with why it is there.
BASE_POLICY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ("'none'",)),  # whatever is not named below is refused
    ("script-src", ("'self'",)),  # Material's bundle, our ES modules; + inline hashes per page
    # No 'unsafe-inline': the built pages have no style="" attribute and no <style> element
    # (Material and the widgets set styles through the CSSOM, el.style..., which CSP allows).
    ("style-src", ("'self'",)),
    ("font-src", ("'self'",)),  # docs/assets/fonts/ (theme.font: false, no Google Fonts)
    # data: for Material's icons drawn by its stylesheet (mask-image: url("data:image/svg+xml,..."),
    # the nav arrows, search and admonition icons): CSS images count as img-src.
    ("img-src", ("'self'", "data:")),
    ("connect-src", ("'self'",)),  # the search index, instant navigation's fetches, sitemap.xml
    ("manifest-src", ("'self'",)),
    ("worker-src", ("'self'",)),  # Material's search worker; a service worker later
    ("base-uri", ("'self'",)),
    ("form-action", ("'self'",)),
    ("object-src", ("'none'",)),
)

#: `type` values that make a <script> run (the HTML standard's JavaScript MIME types, "module").
_SCRIPT_TYPES = frozenset({
    "", "module", "application/ecmascript", "application/javascript", "application/x-ecmascript",
    "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
    "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
    "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
    "text/x-javascript",
})

_META_CHARSET = re.compile(r"^([ \t]*)<meta\s+charset\s*=[^>]*>", re.IGNORECASE | re.MULTILINE)
_URL_ATTRS = frozenset({"href", "src", "action", "formaction", "data"})


class _Inline(HTMLParser):
    """The inline scripts and styles of a page, and the inline code the policy would block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.blocked: list[str] = []
        self._open: tuple[str, list[str]] | None = None  # (tag, text so far) inside <script>/<style>
        self.has_csp = False
        self.first_script_at: tuple[int, int] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "script" and self.first_script_at is None:
            self.first_script_at = self.getpos()
        for name, value in a.items():
            if name.startswith("on"):
                self.blocked.append(f"<{tag} {name}=...> (an inline event handler)")
            elif name == "style":
                self.blocked.append(f'<{tag} style="{value}"> (an inline style attribute)')
            elif name in _URL_ATTRS and value.strip().lower().startswith("javascript:"):
                self.blocked.append(f"<{tag} {name}={value!r}> (a javascript: URL)")
        if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy":
            self.has_csp = True
        inline_code = tag == "script" and "src" not in a and _runs(a.get("type", ""))
        if inline_code or tag == "style":
            self._open = (tag, [])

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and self._open[0] == tag:
            text = "".join(self._open[1])
            if text:  # an empty inline script is never run, so is never checked
                (self.scripts if tag == "script" else self.styles).append(text)
            self._open = None


def _runs(script_type: str) -> bool:
    """Whether a <script type=...> is run (code) or only data (application/json, ld+json, ...).

    Parameters are dropped before comparing, so "text/javascript; charset=utf-8" counts as code: a
    hash too many allows nothing new, a hash too few blocks a script."""
    return script_type.split(";")[0].strip().lower() in _SCRIPT_TYPES


def source_hash(text: str) -> str:
    """The CSP source for an inline script or style: ``'sha256-<base64>'`` of its UTF-8 text.

    The browser hashes the text after its input stream has turned CR LF and lone CR into LF."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def policy(script_hashes: Iterable[str] = (), style_hashes: Iterable[str] = ()) -> str:
    """The policy string: BASE_POLICY with the given hash sources added to script-src, style-src."""
    extra = {"script-src": _unique(script_hashes), "style-src": _unique(style_hashes)}
    return "; ".join(
        " ".join((name, *sources, *extra.get(name, ()))) for name, sources in BASE_POLICY
    )


def blocked_inline(page_html: str) -> list[str]:
    """What the policy would block in this page: event handler and style attributes,
    javascript: URLs (hashes cannot allow them without 'unsafe-hashes')."""
    return _parse(page_html).blocked


def add_policy(page_html: str, found: _Inline | None = None) -> str:
    """The page with its CSP ``<meta>`` inserted right after ``<meta charset>``.

    A ValueError if the page has no ``<meta charset>``, already has a policy, or runs a script
    before the charset (which the policy would not cover). ``found``: the page already parsed."""
    found = found if found is not None else _parse(page_html)
    if found.has_csp:
        raise ValueError("the page already has a Content-Security-Policy meta")
    charset = _META_CHARSET.search(page_html)
    if charset is None:
        raise ValueError("the page has no <meta charset>, so there is no place for the policy")
    charset_at = (page_html.count("\n", 0, charset.start()) + 1, len(charset.group(1)))
    if found.first_script_at is not None and found.first_script_at < charset_at:
        raise ValueError(f"a <script> at line {found.first_script_at[0]} comes before <meta charset>")
    value = _policy_of(found)
    # The sources hold no quote mark; escaping keeps it so if one ever does.
    content = html.escape(value, quote=False).replace('"', "&quot;")
    meta = f'\n{charset.group(1)}<meta http-equiv="Content-Security-Policy" content="{content}">'
    return page_html[: charset.end()] + meta + page_html[charset.end():]


def _policy_of(found: _Inline) -> str:
    return policy(map(source_hash, found.scripts), map(source_hash, found.styles))


def _parse(page_html: str) -> _Inline:
    parser = _Inline()
    parser.feed(page_html)
    parser.close()
    return parser


def _checked(output: str, where: str) -> str:
    found = _parse(output)  # once a page: the parse is most of this hook's time (issue 26)
    for what in found.blocked:
        log.warning("%s: the Content-Security-Policy blocks %s; move it to a file in docs/assets/",
                    where, what)
    return add_policy(output, found)


def on_post_page(output: str, /, *, page: Page, config: MkDocsConfig) -> str:
    """Every page made from docs/*.md."""
    return _checked(output, page.file.src_uri)


def on_post_template(output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
    """The theme's static pages (404.html; not sitemap.xml), which never pass through on_post_page."""
    if not template_name.endswith(".html") or not output_content.strip():
        return output_content
    return _checked(output_content, template_name)
