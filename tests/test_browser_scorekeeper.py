"""The score keeper in Chromium: a whole Chips game entered by keyboard and mouse, reload
mid-game, undo, the winner and the deciding tie-breaker in words; damaged saved data; a 3 Chip
Stack entry that loses chips; axe-core in light and dark; screenshots at 375 and 1280 px."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.engine.games import chips
from tests.support.scorekeeper import ROWS, STORE_KEY, enter_chips_round, open_keeper, start_game

from .conftest import describe_violations, run_axe

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"

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


def test_a_whole_chips_game_survives_a_reload_and_undo_and_ends_with_the_tie_breaker_in_words(
        page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", PLAYERS)
    # Round 1: three cards, Ann deals, Bo has the extra card (seat order, rotating left).
    assert "3 cards each" in page.inner_text("#sk-entry-title")
    assert "Ann deals; Bo gets the extra card" in page.inner_text(".sk-who")
    for rnd in ROUNDS[:4]:
        enter_chips_round(page, PLAYERS, rnd)
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
    enter_chips_round(page, PLAYERS, {"scores": {"Ann": 99, "Bo": 0, "Cy": 1}, "called": "Bo"})
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
        enter_chips_round(page, PLAYERS, rnd)
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
    # Read as a person gets them, by download: the pages' Content-Security-Policy (connect-src
    # 'self') does not let a script fetch a blob: URL, and the site never needs to.
    with page.expect_download() as csv_download:
        page.click("#sk-csv")
    csv_text = Path(csv_download.value.path()).read_text(encoding="utf-8")
    assert csv_text.splitlines()[0] == "Round,Cards,Dealer,Extra card,Ann,Bo,Cy,Called chips"
    with page.expect_download() as json_download:
        page.click("#sk-json")
    exported = json.loads(Path(json_download.value.path()).read_text(encoding="utf-8"))
    assert exported["result"]["ranking"] == expected["ranking"]

    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "scorekeeper-chips-1280.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(SHOTS / "scorekeeper-chips-375.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not errors, errors


def test_damaged_saved_data_gives_a_message_a_fresh_sheet_and_a_backup(page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    page.evaluate(f"localStorage.setItem('{STORE_KEY}', '{{\"version\": 1, \"games\": {{\"x\": ')")
    page.reload()
    page.wait_for_selector(".sk-notice")
    assert "damaged" in page.inner_text(".sk-notice")
    assert page.locator("#sk-start-game").is_visible()
    backups = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('rulebook-scorekeeper-backup-'))")
    assert len(backups) == 1
    assert page.evaluate(f"localStorage.getItem('{backups[0]}')").startswith('{"version": 1')

    # One good game and one damaged: the good one stays.
    start_game(page, "chains", ["Ann", "Bo"])
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
    open_keeper(page, site_url, errors)
    start_game(page, "3-chip-stack", ["Ann", "Bo", "Cy"], start=15)
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
        open_keeper(page, site_url, errors)
        violations = run_axe(page)  # the setup form
        assert not violations, describe_violations(violations)
        start_game(page, "chips", PLAYERS)
        page.fill("#sk-entry-0", "2.5")
        page.click("#sk-enter")
        assert page.locator("[aria-invalid=true]").count() == 1
        remove_axe = "() => { document.querySelectorAll('script[src*=axe]').forEach(s => s.remove()); }"
        page.evaluate(remove_axe)
        violations = run_axe(page)  # an entry refused, its message beside the box
        assert not violations, describe_violations(violations)
        for rnd in ROUNDS:
            enter_chips_round(page, PLAYERS, rnd)
        page.click("#sk-delete")
        page.evaluate(remove_axe)
        violations = run_axe(page)  # the finished sheet, asking whether to delete it
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
    start_game(page, "chips", PLAYERS)
    enter_chips_round(page, PLAYERS, ROUNDS[0])
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


#: What instant navigation does when it swaps in a fresh copy of the page (Material fetches the
#: page again on the first change of the address's fragment): the keeper's element replaced by the
#: page's own, not yet mounted, and document$ told that a page came in.
SWAP_IN_A_FRESH_COPY = """() => {
  const root = document.querySelector("[data-score-keeper]");
  const fresh = root.cloneNode(true);
  delete fresh.dataset.skMounted;
  fresh.querySelectorAll(".sk-app, .sk-live").forEach((el) => el.remove());
  fresh.querySelector(".sk-static")?.removeAttribute("hidden");
  root.replaceWith(fresh);
  window.document$.next(document);
}"""


def test_a_link_being_answered_survives_the_page_being_swapped_in_again(page: Any, site_url: str) -> None:
    """A second share link opened in the open page changes only the fragment, and Material then
    fetches and swaps in the page again: the question about the link stays (it once vanished,
    and the link was dropped without a word)."""
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", PLAYERS)
    for rnd in ROUNDS[:2]:
        enter_chips_round(page, PLAYERS, rnd)
    page.click("#sk-share")
    code = page.input_value("#sk-share-link").split("#game=")[1]
    page.click("#sk-undo")  # this device now has one round; the link has two
    page.wait_for_function("() => document.querySelectorAll('.sk-app .sk-table tbody tr:not(.sk-total)').length === 1")
    page.goto("about:blank")
    page.goto(site_url + "keep-score/#game=" + code)
    page.wait_for_selector("#sk-incoming-yes")
    page.evaluate(SWAP_IN_A_FRESH_COPY)
    page.wait_for_selector("[data-score-keeper] .sk-app")
    assert page.locator(".sk-app").count() == 1
    assert page.locator("#sk-incoming-yes").count() == 1, page.inner_text(".sk-app")
    assert page.evaluate("document.activeElement && document.activeElement.id") == "sk-incoming-no"
    page.click("#sk-incoming-yes")
    page.wait_for_selector(".sk-notice")
    assert "Brought the saved game up to date" in page.inner_text(".sk-notice")
    assert page.locator(ROWS).count() == 2
    # A page visited in between: what the keeper said then is not said again on coming back.
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Chains").first.click()
    page.wait_for_url("**/chains/")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Keep score").first.click()
    page.wait_for_url("**/keep-score/")
    page.wait_for_selector(".sk-entry")
    assert page.locator(".sk-notice").count() == 0
    assert not errors, errors


def _values(page: Any) -> list[str]:
    return [page.input_value(f"#sk-entry-{i}") for i in range(len(PLAYERS))]


def test_a_refused_chips_entry_keeps_what_was_typed_and_marks_the_faulty_box(page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", PLAYERS)
    # "Who called chips?" comes before the score boxes: it decides which box stays empty.
    order = page.evaluate("""() => [...document.querySelectorAll('.sk-entry select, .sk-entry input')]
        .map(e => e.id)""")
    assert order == ["sk-called", "sk-entry-0", "sk-entry-1", "sk-entry-2"]

    page.select_option("#sk-called", "Cy")
    for i, v in enumerate(["4", "2.5", "7"]):
        page.fill(f"#sk-entry-{i}", v)
    page.click("#sk-enter")
    bo = page.locator("#sk-entry-1")
    described = bo.get_attribute("aria-describedby")
    assert bo.get_attribute("aria-invalid") == "true" and described
    message = page.inner_text(f"#{described}")
    assert "Bo" in message and "“2.5” is not a whole number" in message
    # The message sits beside the box, and the box has the focus (so it is read with the message).
    assert page.evaluate(f"document.getElementById('{described}').parentElement.contains(document.getElementById('sk-entry-1'))")
    assert page.evaluate("document.activeElement.id") == "sk-entry-1"
    assert _values(page) == ["4", "2.5", "7"]
    assert page.input_value("#sk-called") == "Cy"
    assert page.locator("[aria-invalid=true]").count() == 1
    assert page.locator(".sk-app .sk-table tbody tr:not(.sk-total)").count() == 0

    # The caller must score 0: the mark moves to Cy's box, and everything typed stays.
    page.fill("#sk-entry-1", "2")
    page.click("#sk-enter")
    cy = page.locator("#sk-entry-2")
    assert cy.get_attribute("aria-invalid") == "true"
    assert "Cy called chips, so scores 0" in page.inner_text(f"#{cy.get_attribute('aria-describedby')}")
    assert bo.get_attribute("aria-invalid") is None
    assert _values(page) == ["4", "2", "7"]
    assert page.input_value("#sk-called") == "Cy"

    page.fill("#sk-entry-2", "")
    page.click("#sk-enter")
    assert page.locator(".sk-app .sk-table tbody tr:not(.sk-total)").count() == 1
    assert page.locator("[aria-invalid=true]").count() == 0
    assert _values(page) == ["", "", ""]  # round 2 starts empty

    # A blank score (not the caller's) is marked on its box too.
    page.fill("#sk-entry-0", "3")
    page.fill("#sk-entry-2", "9")
    page.click("#sk-enter")
    assert bo.get_attribute("aria-invalid") == "true"
    assert "Write Bo's score" in page.inner_text(f"#{bo.get_attribute('aria-describedby')}")
    assert _values(page) == ["3", "", "9"]
    assert not errors, errors


def _small_controls(page: Any) -> list[str]:
    """The live sheet's controls smaller than a 44 x 44 px tap target (a radio counts by its label)."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
            '.sk-app button, .sk-app select, .sk-app input:not([type=radio]), .sk-app a, .sk-app .sk-choice')]
        .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([id, r]) => `${id}: ${Math.round(r.width)} x ${Math.round(r.height)}`)"""))


def test_the_chips_table_fits_a_phone_with_three_players_and_with_six(
        browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    try:
        errors: list[str] = []
        open_keeper(page, site_url, errors)
        assert not _small_controls(page), _small_controls(page)  # the setup form
        start_game(page, "chips", PLAYERS)
        for rnd in ROUNDS[:3]:
            enter_chips_round(page, PLAYERS, rnd)
        table = page.locator(".sk-app .sk-scroll")
        width, client = table.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert width <= client, f"the table is {width} px wide in a {client} px box"
        heads = page.locator(".sk-app .sk-table thead th").all_inner_texts()
        assert [t.replace("\n", " ") for t in heads] == ["Round", *PLAYERS]
        # Cards, dealer, extra card, who called and the Edit button ride in the row header, which
        # stays put when the table scrolls.
        first = page.locator(".sk-app .sk-table tbody th[scope=row]").first
        assert first.inner_text().split("\n")[0] == "Round 1"
        assert "3 cards" in first.inner_text() and "Ann deals" in first.inner_text() and "Ann called chips" in first.inner_text()
        assert first.locator("#sk-edit-0").inner_text() == "Edit"
        assert first.evaluate("el => getComputedStyle(el).position") == "sticky"
        assert page.locator(".sk-scroll-hint").is_hidden()
        # Every control of the sheet is a tap target of at least 44 x 44 px.
        assert not _small_controls(page), _small_controls(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(SHOTS / "scorekeeper-chips-3-players-375.png"), full_page=True)

        page.click("#sk-new")
        six = ["Ann", "Bo", "Cy", "Dee", "Eve", "Flo"]
        start_game(page, "chips", six)
        for i in range(5):
            page.fill(f"#sk-entry-{i}", str(3 * i))
        page.select_option("#sk-called", "Flo")
        page.click("#sk-enter")
        # Six fit too (issue 28); eight, and long names, in tests/test_browser_scorekeeper_phone.py.
        width, client = table.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert width <= client, f"the table is {width} px wide in a {client} px box"
        assert table.get_attribute("role") == "region" and table.get_attribute("aria-label") == "Chips score table"
        assert page.locator(".sk-scroll-hint").is_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        assert not errors, errors
    finally:
        context.close()


def test_the_live_region_is_visually_hidden_and_says_what_undo_removed(page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", PLAYERS)
    for rnd in ROUNDS[:3]:
        enter_chips_round(page, PLAYERS, rnd)
    leader = page.inner_text(".sk-explain")
    assert leader == "Ann leads on 4 after round 3."
    live = page.locator(".sk-live")
    assert live.get_attribute("aria-live") == "polite" and live.inner_text() == f"Added round 3. {leader}"
    box = live.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # announced, not shown twice
    page.click("#sk-undo")
    assert live.inner_text() == "Removed round 3. Ann leads on 0 after round 2."
    page.click("#sk-edit-0")
    page.fill("#sk-entry-1", "7")
    page.click("#sk-enter")
    page.click("#sk-undo")
    assert live.inner_text().startswith("Undid the change to round 1.")
    assert not errors, errors


def test_deleting_a_game_asks_first_and_keeps_the_other_saved_games(page: Any, site_url: str) -> None:
    errors: list[str] = []
    page.on("dialog", lambda d: errors.append(f"unexpected dialog: {d.message}"))
    open_keeper(page, site_url, errors)
    start_game(page, "chains", ["Ann", "Bo"])
    page.click("#sk-new")
    start_game(page, "chips", PLAYERS)
    enter_chips_round(page, PLAYERS, ROUNDS[0])
    page.click("#sk-delete")
    assert "Delete the Chips game of Ann, Bo and Cy?" in page.inner_text("#sk-delete-question")
    page.click("#sk-delete-no")  # the second step can be declined
    assert page.locator("#sk-delete-yes").count() == 0
    assert page.locator(".sk-app .sk-table tbody tr:not(.sk-total)").count() == 1
    page.click("#sk-delete")
    page.click("#sk-delete-yes")
    assert page.locator("#sk-start-game").is_visible()
    assert page.inner_text(".sk-live") == "Deleted the Chips game of Ann, Bo and Cy."
    saved = page.evaluate(f"Object.values(JSON.parse(localStorage.getItem('{STORE_KEY}')).games).map(g => g.game)")
    assert saved == ["chains"]
    options = page.locator("#sk-saved option").all_inner_texts()
    assert len(options) == 2 and options[1].startswith("Chains: Ann, Bo")
    page.reload()
    page.wait_for_selector(".sk-app")
    assert page.locator("#sk-saved option").count() == 2
    assert not errors, errors


def test_each_paper_sheet_link_names_its_game(page: Any, site_url: str) -> None:
    page.goto(site_url + "keep-score/")
    names = page.locator(".sk-paper a").all_inner_texts()
    assert len(names) == 6 and len(set(names)) == 6
    for game in ("Chips", "Chains", "3 Chip Stack"):
        assert f"{game} score sheet, A4 (PDF)" in names
