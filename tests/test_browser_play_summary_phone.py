"""A round's end at the practice tables on a phone (issue 40): nothing the page pins covers the round's
summary. At 360 x 740 and 390 x 844 with touch, in Debian's Chromium on the built site, for Chips,
Chains and 3 Chip Stack, the summary of a finished round is scrolled through from its top to its
foot, a third of a screen at a time, and at every stop each line of its text on the screen (below the
site's sticky header) is under nothing pinned (position fixed or sticky), and each button that deals
the next round on the screen takes a tap at its middle. Before issue 40 the button stuck to the foot
of the screen and the summary's lines scrolled under it. The button under the summary's first lines
is on the screen when the summary is brought into view, and the one at its foot deals the round."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import chains as chains_play
from generator.engine.play import chips as chips_play
from generator.engine.play import three_chip_stack as stack_play
from tests.support.tables import Table, pause_the_computer

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844)]

#: Each game's table, a deal whose first round has a long summary, its players, and its buttons.
GAMES = {
    "chips": (Table("chips", chips_play, shots="chips"), 20261203, 4, "data-next-round"),
    "chains": (Table("chains", chains_play, shots="chains"), 20261202, 3, "data-next-hand"),
    "3-chip-stack": (Table("3-chip-stack", stack_play, shots="3-chip-stack"), 20261201, 3, "data-next-hand"),
}

#: At the page's scroll now: every line of the summary's text wholly on the screen below the header
#: that has something pinned (fixed or sticky, not containing the line) at its middle or its ends,
#: and every next-round button on the screen whose middle does not take the tap.
COVERED = """([sel, attr]) => {
    const summary = document.querySelector(sel + ' [data-summary]');
    const header = document.querySelector('.md-header');
    const above = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const pinned = (node) => {
        for (let e = node; e && e !== document.documentElement; e = e.parentElement) {
            const p = getComputedStyle(e).position;
            if (p === 'fixed' || p === 'sticky') return e;
        }
        return null;
    };
    const out = [];
    const walker = document.createTreeWalker(summary, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (!t.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const r of range.getClientRects()) {
            if (r.width < 1 || r.top < above || r.bottom > innerHeight) continue;
            const y = (r.top + r.bottom) / 2;
            for (const x of [r.left + 1, (r.left + r.right) / 2, r.right - 1]) {
                if (x < 0 || x > innerWidth) continue;
                const hit = document.elementFromPoint(x, y);
                const pin = hit && pinned(hit);
                if (pin && !pin.contains(t)) {
                    out.push(`"${t.textContent.trim().slice(0, 40)}" at ${Math.round(y)} px under `
                        + `<${pin.tagName.toLowerCase()} ${pin.className}> "${pin.textContent.trim().slice(0, 30)}"`);
                    break;
                }
            }
        }
    }
    for (const b of summary.querySelectorAll(`[${attr}], [${attr}-foot]`)) {
        const r = b.getBoundingClientRect();
        if (r.top < above || r.bottom > innerHeight) continue;
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (!hit || !b.contains(hit)) out.push(`the button "${b.textContent.trim()}" at ${Math.round(r.top)} px takes no tap`);
    }
    return out;
}"""


def round_end_record(table: Table, seed: int, players: int) -> dict[str, Any]:
    """A save at the end of the first round (or hand), every seat playing as the computer would, the
    round not yet seen: the page opens on its summary."""
    state = table.play.new_game(players, seed)
    moves: list[dict[str, Any]] = []
    while not state["rounds"]:
        move = table.play.bot_move(state)
        state = table.play.apply_move(state, move)
        moves.append(move)
    return {"v": 2, "game": table.game, "seed": seed, "players": players, "moves": moves, "seen": 0}


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def phone(request: Any, browser: Any, site_url: str) -> Iterator[Any]:
    width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                              service_workers="block")
    pause_the_computer(ctx, 0)
    page = ctx.new_page()
    page.base = site_url
    try:
        yield page
    finally:
        ctx.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_pinned_covers_a_rounds_summary_and_its_buttons_take_a_tap(phone: Any, game: str) -> None:
    page = phone
    table, seed, players, attr = GAMES[game]
    sel = table.selector
    assert table.open_save(page, round_end_record(table, seed, players)) == "round-over"
    summary = f"{sel} [data-summary]"
    page.evaluate("document.documentElement.style.scrollBehavior = 'auto'")
    # Brought into view from its heading, as the table brings in a summary taller than the screen
    # (common.js placeSummary; tests/test_browser_play_walk.py checks it in play): the button under
    # its first lines is on the screen.
    page.evaluate(f"""() => {{ window.scrollTo(0, 0); document.querySelector({json.dumps(summary)})
        .scrollIntoView({{ block: "start" }}); }}""")
    top = page.locator(f"{summary} [{attr}]")
    assert top.count() == 1 and top.is_visible()
    box = top.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] + box["height"] <= height, f"{game}: the first button is below the screen: {box}"
    start, end, header = page.evaluate(f"""() => {{ const r = document.querySelector({json.dumps(summary)}).getBoundingClientRect();
        const h = document.querySelector('.md-header').getBoundingClientRect().height;
        return [r.top + scrollY - h, r.bottom + scrollY - innerHeight, h]; }}""")
    found: list[str] = []
    stops = 0
    y = start
    while True:
        page.evaluate(f"window.scrollTo(0, {y})")
        found += [f"{game} at scroll {round(y)}: {line}" for line in page.evaluate(COVERED, [sel, attr])]
        stops += 1
        if y >= end:
            break
        y = min(end, y + (height - header) / 3)
    if game == "chips":  # every hand told: longer than a screen, so the walk scrolls it
        assert stops > 2, f"the Chips summary fits {stops} stops"
    assert not found, "\n".join(found[:12])
    # The button at the summary's foot deals the next round.
    foot = page.locator(f"{summary} [{attr}-foot]")
    assert foot.count() == 1 and plain_text(foot.inner_text()) == plain_text(top.inner_text())
    foot.tap()
    page.wait_for_function(f"() => document.querySelector({json.dumps(sel)}).dataset.turn !== 'round-over'")


def plain_text(text: str) -> str:
    return " ".join(text.split())
