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



# --- The light and dark toggle, mounted by docs/assets/js/palette.js, not by Material's bundle ---

PALETTE = "form[data-rb-palette]"
STORED = "/.__palette"  # Material's key: its scope (the site root) and the name


def _shown_label(page: Any) -> str:
    return str(page.eval_on_selector(f"{PALETTE} label:not([hidden])", "l => l.title"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_toggle_follows_the_device_then_the_readers_choice_and_adds_no_meta(browser: Any, site_url: str,
                                                                                scheme: str) -> None:
    shown, other = ("default", "slate") if scheme == "light" else ("slate", "default")
    with fresh_pages(browser) as new_page:
        page = new_page(color_scheme=scheme, viewport={"width": 1280, "height": 900})
        page.goto(site_url + "chips/")
        page.wait_for_selector(f'{PALETTE}[data-mounted="true"]', state="attached")
        assert page.get_attribute("body", "data-md-color-scheme") == shown
        assert _shown_label(page) == ("Switch to dark mode" if scheme == "light" else "Switch to light mode")
        assert page.locator(f"{PALETTE} label:not([hidden])").count() == 1
        # Material's bundle left the toggle alone: it added no color-scheme or theme-color meta of its own.
        assert page.locator('meta[name="color-scheme"]').count() == 1
        assert page.locator('meta[name="theme-color"]:not([media])').count() == 0
        page.locator(f"{PALETTE} label:not([hidden])").click()
        assert page.get_attribute("body", "data-md-color-scheme") == other
        stored = page.evaluate(f"JSON.parse(localStorage.getItem('{STORED}'))")
        assert stored["color"]["scheme"] == other and stored["index"] == (1 if scheme == "light" else 0)
        # The choice is kept on the next page, swapped in by instant navigation, and on a page loaded whole.
        page.evaluate("window.__samePage = true")
        page.locator('.md-sidebar--primary .md-nav__link[href$="chains/"]').first.click()
        page.wait_for_url("**/chains/")
        # The Chains page is in (Material pushes the address before it fetches the page).
        page.wait_for_selector('[data-widget="chains"][data-mounted="true"]')
        assert page.evaluate("window.__samePage") is True  # swapped in, not loaded
        assert page.get_attribute("body", "data-md-color-scheme") == other
        page.goto(site_url + "3-chip-stack/")
        assert page.get_attribute("body", "data-md-color-scheme") == other
        page.wait_for_selector(f'{PALETTE}[data-mounted="true"]', state="attached")
        assert _shown_label(page) == ("Switch to light mode" if scheme == "light" else "Switch to dark mode")
        assert not page.errors, page.errors


def test_a_stored_choice_that_cannot_be_read_is_left_until_the_reader_chooses(browser: Any, site_url: str) -> None:
    with fresh_pages(browser) as new_page:
        page = new_page(color_scheme="dark")
        page.goto(site_url + "404.html")
        page.evaluate(f"localStorage.setItem('{STORED}', '{{not json')")
        page.goto(site_url + "chips/")
        page.wait_for_selector(f'{PALETTE}[data-mounted="true"]', state="attached")
        # The device's scheme is shown, and the stored text is not written over.
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        assert _shown_label(page) == "Switch to light mode"
        assert page.evaluate(f"localStorage.getItem('{STORED}')") == "{not json"
        # Material's own head script cannot read it either, and says so; nothing else does.
        assert all("JSON" in e for e in page.errors), page.errors
        page.locator(f"{PALETTE} label:not([hidden])").click()
        assert page.evaluate(f"JSON.parse(localStorage.getItem('{STORED}')).color.scheme") == "default"
