"""The Content-Security-Policy of the built site (generator/site/csp.py) in a real browser
(Debian's Chromium through Playwright): every page, the scorers, search and instant navigation
run without one violation, and the inline scripts Material writes really run. Also read as
files: one policy a page, ahead of every script, naming every inline script's hash."""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import wait_until
from tests.test_browser_site import _search

from .conftest import SITE_HOST, SITE_PORT

# Material's instant navigation only intercepts links on the site_url origin: build with ours.
os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

PAGES = ["", "chips/", "chains/", "3-chip-stack/", "keep-score/", "404.html"]
CHIPS = '[data-widget="chips"]'
CARDS = f"{CHIPS} input[name=cards]"
RESULT = f"{CHIPS} [data-result]"
CSP_META = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*/?>', re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.IGNORECASE | re.DOTALL)

#: Before any page script: every violation the document reports, kept in window.__csp.
WATCH_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push({directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
                     line: e.lineNumber, sample: e.sample, page: location.href});
});
"""


def _name(path: str) -> str:
    return path.strip("/").removesuffix(".html") or "home"


class Watched:
    """A page whose CSP violations, CSP console messages and uncaught errors are collected."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.reports: list[dict[str, Any]] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _on_console(self, message: Any) -> None:
        if "content security policy" in message.text.lower():
            self.console.append(f"{message.type}: {message.text}")

    def collect(self) -> None:
        """Move the document's reports here (a full page load starts a new window.__csp)."""
        self.reports += self.page.evaluate("window.__csp.splice(0)")

    def open(self, url: str) -> None:
        if self.page.url.startswith("http"):
            self.collect()
        self.page.goto(url, wait_until="networkidle")
        self.page.evaluate("document.fonts.ready")

    def assert_clean(self) -> None:
        self.collect()
        assert not self.reports, f"CSP violations: {self.reports}"
        assert not self.console, "CSP messages in the console:\n" + "\n".join(self.console)
        assert not self.errors, f"uncaught errors: {self.errors}"


@pytest.fixture()
def watched(browser: Any, site_url: str) -> Iterator[Watched]:
    # The service worker on, as a reader has it: its registration and its fetches are under the policy too.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    context.add_init_script(WATCH_VIOLATIONS)
    try:
        yield Watched(context.new_page())
    finally:
        context.close()


def _nav(page: Any, name: str, url: str) -> None:
    """Follow a link in the primary nav (instant navigation swaps the page, no reload)."""
    page.locator("nav.md-nav--primary a.md-nav__link", has_text=name).first.click()
    page.wait_for_url(url)
    page.wait_for_load_state("networkidle")


# --- The built files --------------------------------------------------------------------------

def test_every_page_has_one_policy_before_its_first_script(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert built_site / "404.html" in pages and len(pages) >= 6
    for path in pages:
        html = path.read_text(encoding="utf-8")
        metas = CSP_META.findall(html)
        assert len(metas) == 1, f"{path.relative_to(built_site)}: {len(metas)} policies"
        assert CSP_META.search(html).start() < html.index("<script"), path  # type: ignore[union-attr]
        assert "'unsafe-" not in metas[0] and "frame-ancestors" not in metas[0], metas[0]


def test_every_inline_script_that_runs_is_in_its_pages_policy(built_site: Path) -> None:
    """Hashes worked out here, apart from csp.py: sha256 of each inline script but JSON data."""
    for path in sorted(built_site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        script_src = next(d.split()[1:] for d in CSP_META.findall(html)[0].split(";")
                          if d.split()[0] == "script-src")
        runs = [body for attrs, body in INLINE_SCRIPT.findall(html) if "application/json" not in attrs]
        expected = {"'sha256-" + base64.b64encode(hashlib.sha256(b.encode()).digest()).decode() + "'"
                    for b in runs}
        assert expected, f"{path}: Material's inline scripts are missing"
        assert set(script_src) == {"'self'"} | expected, path.relative_to(built_site)


# --- In the browser ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", PAGES, ids=[_name(p) for p in PAGES])
def test_a_page_loads_without_a_violation(watched: Watched, site_url: str, path: str) -> None:
    page = watched.page
    watched.open(site_url + path)
    # Material's inline scripts ran (allowed by their hashes): __md_scope and the palette.
    assert page.evaluate("typeof __md_get === 'function' && __md_scope instanceof URL")
    assert page.get_attribute("body", "data-md-color-scheme") == "default"
    # The self-hosted fonts loaded (font-src) and the stylesheets applied (style-src).
    assert page.evaluate("document.fonts.check('16px \"Atkinson Hyperlegible\"')")
    assert page.evaluate("[...document.fonts].some(f => f.family.includes('Atkinson') && f.status === 'loaded')")
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    if path in ("chips/", "chains/", "3-chip-stack/"):
        page.wait_for_selector('[data-widget][data-mounted="true"]')
    if path == "keep-score/":
        page.wait_for_selector("[data-score-keeper] .sk-app")
    watched.assert_clean()


def test_the_palette_toggle_is_kept_across_a_reload(watched: Watched, site_url: str) -> None:
    page = watched.page
    watched.open(site_url)
    page.click('label[for="__palette_1"]')
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    watched.open(site_url + "chips/")  # the inline palette script reads the stored choice
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    watched.assert_clean()


def test_the_scorer_search_and_instant_navigation_break_no_rule(watched: Watched, site_url: str) -> None:
    page = watched.page
    watched.open(site_url + "chips/")
    page.wait_for_selector(f'{CHIPS}[data-mounted="true"]')
    page.evaluate("window.__notReloaded = true")
    page.fill(CARDS, "")
    page.type(CARDS, "8h 8s jk 4c")
    page.wait_for_function(f"() => document.querySelector('{RESULT}').dataset.score === '4'")
    page.click(f'{CHIPS} [data-grid] [data-card="7C"]')  # the tap grid
    assert page.input_value(CARDS).upper().split() == ["8H", "8S", "JK", "4C", "7C"]
    # Search: the index is fetched (connect-src) and searched in Material's worker (worker-src).
    assert any("chips" in t.lower() for t in _search(page, "chips"))
    page.keyboard.press("Escape")
    # Every page by instant navigation: inline scripts in the swapped content run again.
    _nav(page, "Chains", "**/chains/")
    page.wait_for_selector('[data-widget="chains"][data-mounted="true"]')
    _nav(page, "3 Chip Stack", "**/3-chip-stack/")
    page.wait_for_selector('[data-widget="3-chip-stack"][data-mounted="true"]')
    _nav(page, "Keep score", "**/keep-score/")
    page.wait_for_selector("[data-score-keeper] .sk-app")
    _nav(page, "Home", site_url)
    page.click("#game-chips a")  # the home page's list of games (it has no sidebar)
    page.wait_for_url("**/chips/")
    page.wait_for_selector(f'{CHIPS}[data-mounted="true"]')
    assert page.evaluate("window.__notReloaded === true"), "a link reloaded the page: instant navigation is off"
    watched.assert_clean()


def test_a_violation_would_be_caught(watched: Watched, site_url: str) -> None:
    """The watch itself: an inline script the policy does not name is refused and reported."""
    page = watched.page
    watched.open(site_url)
    page.evaluate("""() => { const s = document.createElement('script');
                            s.textContent = 'window.__ran = true'; document.head.append(s); }""")
    page.wait_for_function("() => window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
    with pytest.raises(AssertionError, match="script-src"):
        watched.assert_clean()
    # Chromium says so in the console too, which the watch also reads.
    wait_until(page, lambda: any("script-src" in m for m in watched.console), what="Chromium's console line")
