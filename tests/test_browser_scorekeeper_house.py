"""The score keeper keeps the table's rules each game is played by (issue 25), in Chromium.

A table that chose "Same rank allowed" on the Chains page finds it already chosen in the score
keeper's new-game form (in the readings' words, never an id); the game it starts says so on its
sheet and in the game list; its share link carries the rules to a fresh browser, which shows them
too; a link whose rules name an option this page does not know opens the game all the same, says so
in one message, and keeps the unknown rule with the game. axe-core finds nothing on the form.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from tests.support.browser import page_errors
from tests.support.scorekeeper import ROWS, start_game, stored

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
HOUSE_KEY = "rulebook-house-chains"


def _open(ctx: Any, url: str) -> Any:
    page = ctx.new_page()
    page.errors = page_errors(page)
    page.goto(url)
    page.wait_for_selector(".sk-app")
    return page


def test_a_game_keeps_the_tables_rules_from_the_form_to_the_sheet_the_list_and_a_link(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    other = browser.new_context(**DESKTOP, service_workers="block")
    try:
        # What "Your table's rules" on the Chains page saved on this device (house/store.js).
        ctx.add_init_script(f"""localStorage.getItem({json.dumps(HOUSE_KEY)}) === null &&
          localStorage.setItem({json.dumps(HOUSE_KEY)}, JSON.stringify({{version: 1, house: {{"same-rank": "played"}}}}));""")
        page = _open(ctx, f"{site_url}keep-score/")
        page.check("#sk-setup-game-chains")
        form = "[data-sk-house=chains]"
        page.wait_for_selector(form)
        assert page.is_checked("#sk-house-same-rank-played")  # from this device's choice
        assert page.is_checked("#sk-house-no-extra-play-not-played")
        summary = " ".join(page.inner_text(f"{form} [data-sk-house-summary]").split())
        assert summary == "This game: your table's rules (Same rank: allowed)."
        # Each choice by its short label (issue 37), never an id.
        labels = page.eval_on_selector_all(f"{form} .sk-house__label", "ls => ls.map((l) => l.textContent)")
        assert "Same rank: allowed" in labels and not any("same-rank" in t or "not-played" in t for t in labels)
        violations = run_axe(page)
        assert not violations, describe_violations(violations)
        # One more rule for this game only.
        page.check("#sk-house-no-extra-play-played")
        start_game(page, "chains", ["Ann", "Bo"])
        line = page.inner_text("[data-sk-house-line]")
        assert line == "Played with your table's rules: A royal: no extra play; Same rank: allowed."
        listed = page.eval_on_selector_all("#sk-saved option", "os => os.map((o) => o.textContent)")
        assert any(t.startswith("Chains: Ann, Bo") and t.endswith(", your table's rules)") for t in listed), listed
        stored = page.evaluate("JSON.parse(localStorage.getItem('rulebook-scorekeeper'))")
        game = next(iter(stored["games"].values()))
        assert game["house"] == {"no-extra-play": "played", "same-rank": "played"}

        page.click("#sk-share")
        link = page.input_value("#sk-share-link")
        assert page.errors == []

        # A fresh browser opens the link: the same rules, in words.
        there = _open(other, link)
        there.wait_for_selector("[data-sk-house-line]")
        assert there.inner_text("[data-sk-house-line]") == line
        kept = there.evaluate("JSON.parse(localStorage.getItem('rulebook-scorekeeper'))")
        assert next(iter(kept["games"].values()))["house"] == game["house"]
        assert there.errors == []
    finally:
        ctx.close()
        other.close()


def test_a_link_with_a_rule_this_page_does_not_know_opens_the_game_says_so_and_keeps_it(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    try:
        page = _open(ctx, f"{site_url}keep-score/")
        # The link a newer page would make: a game whose rules name an option this page lacks.
        link = page.evaluate("""async () => {
          const m = await import(new URL("../assets/js/scorekeeper/share.js", location.href).href);
          return m.shareUrl({ id: "gnew1", game: "chains", players: ["Ann", "Bo"], rows: [{ Ann: 0, Bo: 35 }],
            house: { "same-rank": "played", "wild-queens": "yes" } }, location.href);
        }""")
        page.goto("about:blank")
        page.goto(link)
        page.wait_for_selector("[data-sk-house-line]")
        notice = " ".join(page.inner_text(".sk-notice").split())
        assert "Opened the game from the link" in notice
        assert "Its table's rules name one this page does not know (“wild-queens: yes”)" in notice
        assert "the rest of the game is here" in notice
        line = page.inner_text("[data-sk-house-line]")
        assert line.startswith("Played with your table's rules: Same rank: allowed; “wild-queens: yes”")
        stored = page.evaluate("JSON.parse(localStorage.getItem('rulebook-scorekeeper'))")
        saved = stored["games"]["gnew1"]
        assert saved["house"] == {"same-rank": "played", "wild-queens": "yes"}  # kept, not dropped
        assert saved["rows"] == [{"Ann": 0, "Bo": 35}]
        assert page.errors == []
    finally:
        ctx.close()


def test_the_new_game_rules_fit_a_phone(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, service_workers="block")
    try:
        page = _open(ctx, f"{site_url}keep-score/")
        for game in ("chips", "chains", "3-chip-stack"):
            page.check(f"#sk-setup-game-{game}")
            page.wait_for_selector(f"[data-sk-house='{game}']")
            # A reading's words are long: each choice stays within the screen, nothing scrolls sideways.
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            widths = page.eval_on_selector_all(f"[data-sk-house='{game}'] fieldset", "ss => ss.map((s) => s.getBoundingClientRect().right)")
            assert widths and max(widths) <= 360, widths
        assert page.errors == []
    finally:
        ctx.close()


def test_three_chip_stack_odd_chip_next_hand_keeps_the_carried_chip_in_the_pot(browser: Any, site_url: str) -> None:
    """three-chip-stack-ruling-odd-chip, next-hand (issue 39): the sheet offers it, and then takes a
    hand whose split left a chip in the middle, says where the chip is, and counts it in the next
    hand's pot; a chip missing by the family's rules is still refused."""
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    try:
        page = _open(ctx, f"{site_url}keep-score/")
        page.check("#sk-setup-game-3-chip-stack")
        page.wait_for_selector("[data-sk-house='3-chip-stack']")
        page.check("#sk-house-odd-chip-next-hand")  # the sheet's choices are radio groups (issue 37)
        start_game(page, "3-chip-stack", ["Ann", "Bo", "Cy"], start=5)

        def enter(counts: list[int], rows: int) -> None:
            for i, v in enumerate(counts):
                page.fill(f"#sk-entry-{i}", str(v))
            page.click("#sk-enter")
            # the hand on the sheet, or the form's refusal
            page.wait_for_function(f"document.querySelectorAll({json.dumps(ROWS)}).length === {rows}"
                                   " || document.querySelector('.sk-error') !== null")
            assert page.locator(".sk-error").count() == 0, page.inner_text(".sk-error")

        # Ann and Bo split a pot of 7, 3 chips each: 1 chip waits in the middle.
        enter([6, 6, 2], 1)
        explain = page.inner_text(".sk-explain")
        assert explain == "Ann and Bo lead with 6 chips each. 1 chip waits in the middle for the next hand.", explain
        assert page.get_attribute(".sk-hint[data-sk-middle]", "data-sk-middle") == "1"
        # The next hand's pot holds that chip: Cy wins 5, and every chip is back in front of someone.
        enter([4, 4, 7], 2)
        assert page.inner_text(".sk-explain") == "Cy leads with 7 of the 15 chips."
        game = next(iter(stored(page)["games"].values()))
        assert game["house"] == {"odd-chip": "next-hand"} and game["rows"][0] == {"Ann": 6, "Bo": 6, "Cy": 2}
        assert page.errors == []
    finally:
        ctx.close()


def test_three_chip_stack_by_the_family_rules_refuses_a_chip_missing(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    try:
        page = _open(ctx, f"{site_url}keep-score/")
        start_game(page, "3-chip-stack", ["Ann", "Bo", "Cy"], start=5)
        for i, v in enumerate([6, 6, 2]):
            page.fill(f"#sk-entry-{i}", str(v))
        page.click("#sk-enter")
        page.wait_for_selector(".sk-error")
        assert "1 chip missing" in page.inner_text(".sk-error")
        assert page.locator(ROWS).count() == 0
    finally:
        ctx.close()
