"""The sample round on each game page: numbered steps that read without scripts, and a
step-through (Previous / Next) that survives Material's instant navigation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from generator.content.samples import sample_round
from tests.support.games import GAMES

pytestmark = pytest.mark.browser

#: The games of rules-data/ with a sample round (a game added with no engine may have none).
STEPS = {g.id: len(r.steps) for g in GAMES if (r := sample_round(g.id, g.data)) is not None}


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()


def _visible_steps(page: Any, game_id: str) -> list[int]:
    return page.evaluate(
        """(g) => Array.from(document.querySelectorAll(`[data-sample-round="${g}"] .rb-sample__step`))
             .map((li, i) => li.hidden ? -1 : i).filter(i => i >= 0)""", game_id)


def test_step_through_shows_one_step_at_a_time(tab: Any, site_url: str) -> None:
    tab.goto(site_url + "chips/")
    root = tab.locator('[data-sample-round="chips"]')
    tab.wait_for_selector('[data-sample-round="chips"][data-mounted="true"]')
    # Scrolled to, as a reader would: off screen, the sample round is not drawn yet (site.css).
    root.evaluate("e => e.scrollIntoView()")
    status = root.locator(".rb-sample__status")
    prev, nxt = root.get_by_role("button", name="Previous step"), root.get_by_role("button", name="Next step")
    n = STEPS["chips"]
    assert status.inner_text() == f"Step 1 of {n}" and prev.is_disabled()
    assert _visible_steps(tab, "chips") == [0]
    assert not root.locator(".rb-sample__result").is_visible()  # the outcome waits for the end
    for k in range(2, n + 1):
        nxt.click()
        assert status.inner_text() == f"Step {k} of {n}"
        assert _visible_steps(tab, "chips") == [k - 1]
    assert nxt.is_disabled()
    assert root.locator(".rb-sample__result").is_visible()
    assert tab.evaluate("document.activeElement.textContent") == "Previous step"  # focus not lost
    prev.click()
    assert status.inner_text() == f"Step {n - 1} of {n}"
    assert status.get_attribute("aria-live") == "polite"
    assert not tab.errors


def test_step_through_after_instant_navigation(tab: Any, site_url: str) -> None:
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto(site_url + "chips/")
    tab.evaluate("window.__noReload = 'still here'")
    tab.locator("nav.md-nav--primary a.md-nav__link", has_text="Chains").first.click()
    tab.wait_for_url("**/chains/")
    tab.wait_for_selector('[data-sample-round="chains"][data-mounted="true"]')
    root = tab.locator('[data-sample-round="chains"]')
    root.get_by_role("button", name="Next step").click()
    assert root.locator(".rb-sample__status").inner_text() == f"Step 2 of {STEPS['chains']}"
    assert root.locator(".rb-sample__nav").count() == 1  # mounted once
    assert tab.evaluate("window.__noReload") == "still here"
    assert not tab.errors


def test_without_scripts_every_step_is_listed(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        for game_id, n in STEPS.items():
            page.goto(site_url + f"{game_id}/")
            steps = page.locator(f'[data-sample-round="{game_id}"] .rb-sample__step')
            assert steps.count() == n
            assert all(steps.nth(i).is_visible() for i in range(n))
    finally:
        context.close()
