"""The score keeper in Chromium: a whole Chips game entered by keyboard and mouse, reload
mid-game, undo, the winner and the deciding tie-breaker in words; damaged saved data; a 3 Chip
Stack entry that loses chips; axe-core in light and dark; screenshots at 375 and 1280 px."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.games import chips

from .conftest import describe_violations, run_axe

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
STORE_KEY = "rulebook-scorekeeper"

PLAYERS = ["Ann", "Bo", "Cy"]
# Ann and Bo tie on the total; Ann called chips 3 times, Bo twice: Ann wins on calls.
ROUNDS: list[dict[str, Any]] = [
    {"scores": {"Ann": 0, "Bo": 5, "Cy": 20}, "called": "Ann"},
    {"scores": {"Ann": 0, "Bo": 6, "Cy": 9}, "called": "Ann"},
    {"scores": {"Ann": 4, "Bo": 0, "Cy": 12}, "called": "Bo"},
    {"scores": {"Ann": 0, "Bo": 10, "Cy": 3}, "called": "Ann"},
    {"scores": {"Ann": 15, "Bo": 0, "Cy": 7}, "called": "Bo"},
    {"scores": {"Ann": 8, "Bo": 4, "Cy": 0}, "called": "Cy"},
    {"scores": {"Ann": 6, "Bo": 8, "Cy": 0}, "called": "Cy"},
    {"scores": {"Ann": 8, "Bo": 8, "Cy": 0}, "called": "Cy"},
]


def _open(page: Any, site_url: str, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(site_url + "keep-score/")
    page.wait_for_selector(".sk-app")


def _start(page: Any, game: str, players: list[str], start: int | None = None) -> None:
    page.check(f"#sk-setup-game-{game}")
    while page.locator("input[id^=sk-player-]").count() > len(players):
        page.click("#sk-remove-player")
    while page.locator("input[id^=sk-player-]").count() < len(players):
        page.click("#sk-add-player")
    for i, name in enumerate(players):
        page.fill(f"#sk-player-{i}", name)
    if start is not None:
        page.fill("#sk-start", str(start))
    page.click("#sk-start-game")
    page.wait_for_selector(".sk-entry")


def _enter_chips_round(page: Any, rnd: dict[str, Any]) -> None:
    for i, p in enumerate(PLAYERS):
        if p != rnd["called"]:
            page.fill(f"#sk-entry-{i}", str(rnd["scores"][p]))
    page.select_option("#sk-called", rnd["called"] or "")
    page.click("#sk-enter")


def test_a_whole_chips_game_survives_a_reload_and_undo_and_ends_with_the_tie_breaker_in_words(
        page: Any, site_url: str) -> None:
    errors: list[str] = []
    _open(page, site_url, errors)
    _start(page, "chips", PLAYERS)
    # Round 1: three cards, Ann deals, Bo has the extra card (seat order, rotating left).
    assert "3 cards each" in page.inner_text("#sk-entry-title")
    assert "Ann deals; Bo gets the extra card" in page.inner_text(".sk-who")
    for rnd in ROUNDS[:4]:
        _enter_chips_round(page, rnd)
    assert "Round 5 of 8: 7 cards each" in page.inner_text("#sk-entry-title")
    assert "Bo deals; Cy gets the extra card" in page.inner_text(".sk-who")

    page.reload()
    page.wait_for_selector(".sk-entry")
    rows = page.locator(".sk-app .sk-table tbody tr:not(.sk-total)")
    assert rows.count() == 4
    for i, rnd in enumerate(ROUNDS[:4]):
        text = rows.nth(i).inner_text()
        for p in PLAYERS:
            assert str(rnd["scores"][p]) in text
        assert rnd["called"] in text

    # A wrong round 5, undone.
    _enter_chips_round(page, {"scores": {"Ann": 99, "Bo": 0, "Cy": 1}, "called": "Bo"})
    assert rows.count() == 5
    page.click("#sk-undo")
    assert rows.count() == 4
    # Edit a past round: round 2 back and forth.
    page.click("#sk-edit-1")
    page.fill("#sk-entry-1", "7")
    page.click("#sk-enter")
    assert "7" in rows.nth(1).inner_text()
    page.click("#sk-edit-1")
    page.fill("#sk-entry-1", "6")
    page.click("#sk-enter")

    for rnd in ROUNDS[4:]:
        _enter_chips_round(page, rnd)
    expected = chips.rank_record({"players": PLAYERS, "rounds": ROUNDS})
    assert expected["decided_by"] == "calls"
    explain = page.inner_text(".sk-explain")
    assert explain == expected["explanation"]
    assert "Ann called chips 3 times, Bo twice: Ann wins" in explain
    assert expected["explanation"] in page.inner_text(".sk-live")
    assert page.locator(".sk-ranking li").first.inner_text().startswith("1st")
    assert "Ann" in page.locator(".sk-ranking li").first.inner_text()
    # Finished: export links are Blob URLs.
    assert page.get_attribute("#sk-csv", "href").startswith("blob:")
    assert page.get_attribute("#sk-json", "download").endswith(".json")
    csv_text = page.evaluate("async () => await (await fetch(document.querySelector('#sk-csv').href)).text()")
    assert csv_text.splitlines()[0] == "Round,Cards,Dealer,Extra card,Ann,Bo,Cy,Called chips"
    exported = json.loads(page.evaluate(
        "async () => await (await fetch(document.querySelector('#sk-json').href)).text()"))
    assert exported["result"]["ranking"] == expected["ranking"]

    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "scorekeeper-chips-1280.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(SHOTS / "scorekeeper-chips-375.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not errors, errors


def test_damaged_saved_data_gives_a_message_a_fresh_sheet_and_a_backup(page: Any, site_url: str) -> None:
    errors: list[str] = []
    _open(page, site_url, errors)
    page.evaluate(f"localStorage.setItem('{STORE_KEY}', '{{\"version\": 1, \"games\": {{\"x\": ')")
    page.reload()
    page.wait_for_selector(".sk-notice")
    assert "damaged" in page.inner_text(".sk-notice")
    assert page.locator("#sk-start-game").is_visible()
    backups = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('rulebook-scorekeeper-backup-'))")
    assert len(backups) == 1
    assert page.evaluate(f"localStorage.getItem('{backups[0]}')").startswith('{"version": 1')

    # One good game and one damaged: the good one stays.
    _start(page, "chains", ["Ann", "Bo"])
    page.fill("#sk-entry-0", "0")
    page.fill("#sk-entry-1", "35")
    page.click("#sk-enter")
    page.evaluate(f"""() => {{
        const d = JSON.parse(localStorage.getItem('{STORE_KEY}'));
        d.games.broken = {{id: 'broken', game: 'chips', players: ['A'], rows: 'nope'}};
        localStorage.setItem('{STORE_KEY}', JSON.stringify(d));
    }}""")
    page.reload()
    page.wait_for_selector(".sk-notice")
    assert "One saved game was damaged" in page.inner_text(".sk-notice")
    assert page.locator(".sk-app .sk-table tbody tr:not(.sk-total)").count() == 1

    # An older format.
    page.evaluate(f"localStorage.setItem('{STORE_KEY}', JSON.stringify({{version: 0, sheets: []}}))")
    page.reload()
    page.wait_for_selector(".sk-notice")
    assert "older version" in page.inner_text(".sk-notice")
    assert page.locator("#sk-start-game").is_visible()
    assert not errors, errors


def test_a_three_chip_stack_entry_that_loses_chips_is_refused(page: Any, site_url: str) -> None:
    errors: list[str] = []
    _open(page, site_url, errors)
    _start(page, "3-chip-stack", ["Ann", "Bo", "Cy"], start=15)
    for i, v in enumerate([20, 10, 14]):
        page.fill(f"#sk-entry-{i}", str(v))
    page.click("#sk-enter")
    err = page.inner_text(".sk-error")
    assert "1 chip missing" in err and "never created or lost" in err
    assert page.locator(".sk-app .sk-table tbody tr").count() == 0
    for hand in ([20, 10, 15], [35, 10, 0], [45, 0, 0]):
        for i, v in enumerate(hand):
            if page.locator(f"#sk-entry-{i}[data-player]").count():
                page.fill(f"#sk-entry-{i}", str(v))
        page.click("#sk-enter")
    assert page.inner_text(".sk-explain") == "Ann holds all 45 chips and wins."
    assert page.locator(".sk-entry").count() == 0
    assert not errors, errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(browser: Any, site_url: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        errors: list[str] = []
        _open(page, site_url, errors)
        violations = run_axe(page)  # the setup form
        assert not violations, describe_violations(violations)
        _start(page, "chips", PLAYERS)
        for rnd in ROUNDS:
            _enter_chips_round(page, rnd)
        page.evaluate("() => { document.querySelectorAll('script[src*=axe]').forEach(s => s.remove()); }")
        violations = run_axe(page)  # the finished sheet
        assert not violations, describe_violations(violations)
        page.screenshot(path=str(SHOTS / f"scorekeeper-{scheme}.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()


def test_the_page_reads_as_a_plain_form_without_scripts(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site_url + "keep-score/")
        assert page.locator(".sk-static").is_visible()
        inputs = page.locator(".sk-static input")
        assert inputs.count() > 100
        assert all(n == 1 for n in inputs.evaluate_all("els => els.map(e => e.labels.length)"))
        rows = page.locator("#sk-sheet-chips tbody th[scope=row]").all_inner_texts()
        assert [r.split("\n")[0] for r in rows[:8]] == [f"Round {i + 1} ({n} cards)" for i, n in enumerate(range(3, 11))]
    finally:
        context.close()


def test_the_sheet_works_after_instant_navigation_and_mounts_once(page: Any, site_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url + "chips/")
    page.evaluate("window.__noReload = 'still here'")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Keep score").first.click()
    page.wait_for_url("**/keep-score/")
    page.wait_for_selector(".sk-app")
    _start(page, "chips", PLAYERS)
    _enter_chips_round(page, ROUNDS[0])
    assert "Round 2 of 8" in page.inner_text("#sk-entry-title")
    # Away and back again: still one sheet, still the game in progress, and no reload.
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Chains").first.click()
    page.wait_for_url("**/chains/")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Keep score").first.click()
    page.wait_for_url("**/keep-score/")
    page.wait_for_selector(".sk-entry")
    assert page.locator(".sk-app").count() == 1
    assert "Round 2 of 8" in page.inner_text("#sk-entry-title")
    assert page.evaluate("window.__noReload") == "still here"
    assert not errors, errors
