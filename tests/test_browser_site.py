"""The site in a real browser (Debian's Chromium through Playwright): accessibility (axe-core),
requests, search, instant navigation and the phone layout. Screenshots go to test-output/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

# Material's instant navigation only intercepts links on the site_url origin: build with ours.
os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PAGES = ["", "chips/", "chains/", "3-chip-stack/", "keep-score/"]
VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}
ORIGIN = f"http://{SITE_HOST}:{SITE_PORT}/"


def _name(path: str) -> str:
    return path.strip("/") or "home"


@pytest.fixture()
def context_factory(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(viewport: str = "desktop", scheme: str = "light") -> Any:
        ctx = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="networkidle")
    page.evaluate("document.fonts.ready")


def _search(page: Any, query: str) -> list[str]:
    """Type into Material's search box once its index is ready; the results' text."""
    page.click(".md-search__input")
    page.wait_for_function(
        "() => !/Initializing/i.test(document.querySelector('.md-search-result__meta').textContent)"
    )
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__item", timeout=10_000)
    texts: list[str] = page.eval_on_selector_all(
        ".md-search-result__item", "items => items.map(i => i.innerText.replace(/\\ufe0e/g, ''))"
    )
    return texts


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("path", PAGES, ids=[_name(p) for p in PAGES])
def test_axe_finds_no_violations(site_url: str, context_factory: Any, path: str, viewport: str,
                                 scheme: str) -> None:
    page = context_factory(viewport, scheme).new_page()
    _open(page, site_url + path)
    # The scheme really is the one asked for (Material follows prefers-color-scheme).
    expected = "slate" if scheme == "dark" else "default"
    assert page.get_attribute("body", "data-md-color-scheme") == expected
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{_name(path)}-{scheme}-{viewport}.png"))
    violations = run_axe(page)
    assert not violations, describe_violations(violations)


@pytest.mark.parametrize("path", PAGES, ids=[_name(p) for p in PAGES])
def test_no_horizontal_scroll_on_a_phone(site_url: str, context_factory: Any, path: str) -> None:
    page = context_factory("phone").new_page()
    _open(page, site_url + path)
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"/{path} is {widths[0]} px wide in a {widths[1]} px screen"
    # Nothing in the article sticks out past the right edge either (tables scroll inside it).
    wide = page.evaluate("""() => [...document.querySelectorAll('.md-content *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                     && !e.closest('.rb-table-wrap'))
        .map(e => e.tagName + '.' + e.className).slice(0, 5)""")
    assert not wide, f"/{path}: {wide}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{_name(path)}-phone-full.png"), full_page=True)


def test_card_faces_wrap_on_a_phone(site_url: str, context_factory: Any) -> None:
    page = context_factory("phone").new_page()
    _open(page, site_url + "chips/")
    boxes = page.evaluate("""() => [...document.querySelectorAll('.card')].map(c => {
        const r = c.getBoundingClientRect(); return [r.left, r.right]; })""")
    assert boxes, "no card faces on the Chips page"
    assert all(left >= 0 and right <= 375 for left, right in boxes)


def test_every_request_stays_on_the_local_origin(site_url: str, context_factory: Any) -> None:
    ctx = context_factory("desktop")
    requests: list[str] = []
    ctx.on("request", lambda request: requests.append(request.url))
    page = ctx.new_page()
    for path in PAGES:
        _open(page, site_url + path)
    # Open the search (loads the index and the worker) and use it.
    _open(page, site_url)
    assert _search(page, "chips")
    # Follow a link with instant navigation: the page is swapped, not reloaded.
    _open(page, site_url)
    page.evaluate("window.__notReloaded = true")
    page.click("#game-chips a")
    page.wait_for_url(site_url + "chips/")
    page.wait_for_selector("h1.rb-hero__name")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__notReloaded === true"), "the link reloaded the page: instant navigation is off"
    foreign = [u for u in requests if not u.startswith((ORIGIN, "data:", "blob:"))]
    assert requests and not foreign, f"requests to other hosts: {foreign}"


@pytest.mark.parametrize(
    ("query", "expect"),
    [("Q-K-A", "Q-K-A"), ("7♥", "7♥"), ("chips", "chips")],
)
def test_search_finds(site_url: str, context_factory: Any, query: str, expect: str) -> None:
    page = context_factory("desktop").new_page()
    _open(page, site_url)
    texts = _search(page, query)
    assert any(expect.lower() in t.lower() for t in texts), f"{query!r}: {texts[:3]}"
    SHOTS.mkdir(exist_ok=True)
    safe = "".join(c if c.isalnum() else "_" for c in query)
    page.screenshot(path=str(SHOTS / f"search-{safe}.png"))
