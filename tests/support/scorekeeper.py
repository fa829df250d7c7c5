"""What the browser tests of the score keeper share (tests/test_browser_scorekeeper*.py,
test_browser_offline.py): a desktop browser whose tabs share one device's storage, the page opened
with its errors kept, a game started from the form as a person fills it in, a Chips round typed in,
and what the page saved on this device."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.support.browser import page_errors

#: The localStorage item the score keeper saves its games in (docs/assets/js/scorekeeper/store.js),
#: and the start of the items it sets aside a copy it could not read under.
STORE_KEY = "rulebook-scorekeeper"
BACKUP_PREFIX = "rulebook-scorekeeper-backup-"
#: The rounds (or hands) of the game on the sheet, its totals row left out.
ROWS = ".sk-app .sk-table tbody tr:not(.sk-total)"
#: Eight players, the most Chips and Chains seat on a score sheet (the phone tests, tests/test_browser_chromium.py).
EIGHT = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Flo", "Gus", "Hal"]


@contextmanager
def desktop(browser: Any) -> Iterator[Any]:
    """A browser context of its own at 1280 x 900: the tabs a test opens in it share its storage,
    as tabs on one device do. Closed on leaving."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()


def open_keeper(page: Any, site_url: str, errors: list[str], fragment: str = "") -> None:
    """The score keeper's page (with `fragment`, like a share link's "#game=..."), once mounted; its
    errors go into `errors`."""
    page_errors(page, errors)
    page.goto(site_url + "keep-score/" + fragment)
    page.wait_for_selector(".sk-app")


def start_game(page: Any, game: str, players: list[str], start: int | None = None, *, tap: bool = False,
               entry: bool = True) -> None:
    """The form filled in as a person would: the game, as many name boxes as `players` (Remove and
    Add a player), the names, a starting number of chips (`start`), then Start game, clicked or
    (with `tap`, on a touch screen) tapped. With `entry`, until the first round's entry shows;
    without, the form may refuse (two names the same), and nothing is waited for."""
    page.check(f"#sk-setup-game-{game}")
    while page.locator("input[id^=sk-player-]").count() > len(players):
        page.click("#sk-remove-player")
    while page.locator("input[id^=sk-player-]").count() < len(players):
        page.click("#sk-add-player")
    for i, name in enumerate(players):
        page.fill(f"#sk-player-{i}", name)
    if start is not None:
        page.fill("#sk-start", str(start))
    if tap:
        page.tap("#sk-start-game")
    else:
        page.click("#sk-start-game")
    if entry:
        page.wait_for_selector(".sk-entry")


def enter_chips_round(page: Any, players: list[str], rnd: dict[str, Any]) -> None:
    """One Chips round typed in and added: `rnd` is {"scores": {name: points}, "called": name or
    None}; the caller's box is left empty (the page scores the caller)."""
    for i, p in enumerate(players):
        if p != rnd["called"]:
            page.fill(f"#sk-entry-{i}", str(rnd["scores"][p]))
    page.select_option("#sk-called", rnd["called"] or "")
    page.click("#sk-enter")


def stored(page: Any) -> dict[str, Any]:
    """The saved games as the page wrote them ({} when nothing is saved)."""
    raw = page.evaluate(f"localStorage.getItem('{STORE_KEY}')")
    return json.loads(raw) if raw else {}


def backup_keys(page: Any) -> list[str]:
    """The names of the copies set aside."""
    return list(page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{BACKUP_PREFIX}'))"))
