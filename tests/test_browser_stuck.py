"""What a browser test says when a tap times out (tests/support/browser.py why_stuck, issue 41). The 3
Chip Stack walk's "Deal the next hand" waited 30 s once under load, and Playwright's log ("waiting
for element to be visible, enabled and stable", nothing after) reads the same for a page that paints
no frame and for one whose scripts never answer, so the cause could not be told from it. On a page
made for each case, in Debian's Chromium: a button standing still, one moved every frame, one under
something pinned, one in a table still placing itself, a page that paints no frame (its
requestAnimationFrame never calls back, as when the browser draws nothing) and one whose scripts are
stuck in a loop; each is named for what it is. And `settle`, the wait for a page to stand still, ends
on a page that paints no frame, or never stands still, saying so: it awaited the frames in one
evaluate, and a practice page that stopped painting hung the whole run for minutes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import settle, why_stuck

pytestmark = pytest.mark.browser

BUTTON = '<div id="table"><button id="deal" style="margin: 40px">Deal the next hand</button></div>'

CASES = {
    "still": (BUTTON, "", ["3 frames painted", "still at 40 40", "nothing covers it", "no table placing itself"]),
    "moving": (BUTTON, """let i = 0; const b = document.getElementById('deal');
        const step = () => { b.style.marginTop = `${40 + i++ % 2}px`; requestAnimationFrame(step); }; step();""",
               ["moved between frames"]),
    "covered": (BUTTON + '<div class="sticky-bar" style="position: fixed; inset: 0"></div>', "",
                ['covered by <div class="sticky-bar">']),
    "placing": (BUTTON, "document.getElementById('table').dataset.placing = 'true';", ["its table still placing itself"]),
    "no frames": (BUTTON, "window.requestAnimationFrame = () => 0;", ["the page painted no frame"]),
    "scripts stuck": (BUTTON, "setTimeout(() => { for (;;) {} }, 0);", ["the page's scripts did not answer"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_tap_that_timed_out_says_what_held_it_up(browser: Any, case: str) -> None:
    html, script, said = CASES[case]
    # A page of its own, closed with its context (a page stuck in a loop is never lent to another test).
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.set_content(f"<!doctype html><body style='margin: 0'>{html}</body>")
        if script:
            page.evaluate(f"() => {{ {script} }}")
        words = why_stuck(page, "#deal")
        for part in said:
            assert part in words, words
    finally:
        page.close()


@pytest.mark.parametrize(("case", "said"), [("still", ""), ("no frames", "the page painted no frame"),
                                            ("moving", "moved between frames")])
def test_settle_ends_and_says_why_when_the_page_never_stands_still(browser: Any, case: str, said: str) -> None:
    html, script, _ = CASES[case]
    if case == "moving":  # the page itself keeps scrolling
        html = BUTTON + '<div style="height: 3000px"></div>'
        script = "let i = 0; const step = () => { scrollTo(0, i++ % 2); requestAnimationFrame(step); }; step();"
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.set_content(f"<!doctype html><body style='margin: 0'>{html}</body>")
        if script:
            page.evaluate(f"() => {{ {script} }}")
        if not said:
            settle(page, timeout_ms=3_000)
            return
        with pytest.raises(AssertionError, match="did not stand still") as failed:
            settle(page, timeout_ms=3_000)
        assert said in str(failed.value), failed.value
    finally:
        page.close()
