"""Material's start-up restyles the page fewer times (generator/site/startup.py, issue 42), in
Debian's Chromium: <html> takes `js` and `js-focus-visible` once, before the body is parsed, and
Material's bundle, running later, changes its classes no more; without scripts the page keeps
`no-js` (Material's no-script layout: no search button). That the palette still switches and is
kept: tests/test_browser_csp.py. The files: tests/test_startup.py."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import fresh_pages

pytestmark = pytest.mark.browser

#: Every value <html>'s class takes while the page loads, and whether the body was there yet:
#: a MutationObserver made before any of the page's own scripts runs (before <html> is parsed, so it
#: watches the document).
WATCH_CLASSES = """
window.__classes = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target !== document.documentElement) continue;
    window.__classes.push({ value: r.target.className, old: r.oldValue, body: !!document.body,
                            bundle: !!window.document$ });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true });
"""


def test_html_takes_its_script_classes_before_the_body_and_the_bundle_changes_none(browser: Any, site_url: str) -> None:
    with fresh_pages(browser) as new_page:
        page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
        page.add_init_script(WATCH_CLASSES)
        page.goto(site_url + "chains/")
        page.wait_for_function("() => window.document$ !== undefined && document.body.dataset.mdColorScheme")
        page.wait_for_selector('[data-widget="chains"][data-mounted="true"]')
        changes = [c for c in page.evaluate("window.__classes") if c["value"] != c["old"]]
        # One change, by the page's head script, before the body and the bundle.
        assert changes == [{"value": "js js-focus-visible", "old": "no-js", "body": False, "bundle": False}], changes
        assert page.evaluate("document.documentElement.className") == "js js-focus-visible"
        # Material's bundle ran all the same: its search button shows, its palette is mounted.
        assert page.is_visible('label.md-header__button[for="__search"]')
        assert not page.errors, page.errors


def test_without_scripts_the_page_keeps_no_js(browser: Any, site_url: str) -> None:
    with fresh_pages(browser) as new_page:
        page = new_page(java_script_enabled=False)
        page.goto(site_url + "chains/")
        assert page.get_attribute("html", "class") == "no-js"
        assert page.is_hidden('label.md-header__button[for="__search"]')

