"""The score keeper in Chromium against a hostile tester's inputs, each reproduced first: two tabs
on one saved game (a stale tab must not overwrite the other's rounds, nor bring a deleted game
back), players named after Object.prototype's own names, a saved game whose id is "__proto__",
damaged storage loaded again and again (one backup, not one per load), and Undo into a damaged
step (a message, never an uncaught TypeError)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.engine.games import chips, three_chip_stack
from tests.support.scorekeeper import (
    ROWS,
    STORE_KEY,
    backup_keys,
    desktop,
    enter_chips_round,
    open_keeper,
    start_game,
    stored,
)

pytestmark = pytest.mark.browser

SHOT = "/tmp/sk-stale-tab-360.png"

PLAYERS = ["Ann", "Bo", "Cy"]
HOSTILE = ["__proto__", "constructor", "toString", "valueOf"]

#: Makes a tab miss the other tab's saves, as a tab does whose storage event comes late (or that
#: a browser put to sleep): a capturing listener registered first stops the page's own listener.
DEAF = "window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true);"


def _wait_rows(page: Any, n: int) -> None:
    # A locator, not wait_for_function: the pages' Content-Security-Policy forbids eval.
    expect(page.locator(ROWS)).to_have_count(n)


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    with desktop(browser) as ctx:
        yield ctx


# --- item 6: two tabs on one saved game ------------------------------------------------------

ROUND_A = {"scores": {"Ann": 0, "Bo": 5, "Cy": 20}, "called": "Ann"}
ROUND_B = {"scores": {"Ann": 7, "Bo": 0, "Cy": 9}, "called": "Bo"}


def _two_tabs(context: Any, site_url: str, errors: list[str], *, deaf_b: bool) -> tuple[Any, Any]:
    """Tab A starts a Chips game; tab B is then opened on it (the saved game opens by itself)."""
    a = context.new_page()
    open_keeper(a, site_url, errors)
    start_game(a, "chips", PLAYERS)
    b = context.new_page()
    if deaf_b:
        b.add_init_script(DEAF)
    open_keeper(b, site_url, errors)
    b.wait_for_selector(".sk-entry")
    assert b.inner_text("#sk-title") == a.inner_text("#sk-title")
    return a, b


def test_a_round_entered_in_one_tab_shows_in_the_other_and_survives_its_next_round(
        context: Any, site_url: str) -> None:
    errors: list[str] = []
    a, b = _two_tabs(context, site_url, errors, deaf_b=False)
    enter_chips_round(a, PLAYERS, ROUND_A)
    _wait_rows(b, 1)  # B keeps in step with A: A's round, and round 2 is next
    assert "Round 2 of 8" in b.inner_text("#sk-entry-title")
    assert b.inner_text(".sk-live") == "The sheet was updated from another tab or window. Ann leads on 0 after round 1."
    enter_chips_round(b, PLAYERS, ROUND_B)
    _wait_rows(a, 2)
    (game,) = stored(a)["games"].values()
    assert [r["scores"] for r in game["rows"]] == [ROUND_A["scores"], ROUND_B["scores"]]
    assert not errors, errors


def test_a_stale_tab_refuses_to_overwrite_the_other_tabs_round_and_says_why(
        context: Any, site_url: str) -> None:
    errors: list[str] = []
    a, b = _two_tabs(context, site_url, errors, deaf_b=True)
    enter_chips_round(a, PLAYERS, ROUND_A)
    b.wait_for_timeout(300)
    assert b.locator(ROWS).count() == 0  # B really missed A's save: it is stale
    enter_chips_round(b, PLAYERS, ROUND_B)
    notice = b.locator(".sk-notice")
    notice.wait_for()
    text = notice.inner_text()
    assert "This game was changed in another tab or window, so round 1 was not saved here." in text
    assert "The sheet now shows the newer scores" in text
    # B now shows A's round (the newer state), and A's round is what is stored.
    assert b.locator(ROWS).count() == 1
    assert "20" in b.locator(ROWS).first.inner_text()
    (game,) = stored(b)["games"].values()
    assert [r["scores"] for r in game["rows"]] == [ROUND_A["scores"]]
    assert b.evaluate("document.activeElement.classList.contains('sk-notice')")
    # From the newer state, B's next round goes through, after A's.
    enter_chips_round(b, PLAYERS, ROUND_B)
    _wait_rows(a, 2)
    (game,) = stored(a)["games"].values()
    assert [r["scores"] for r in game["rows"]] == [ROUND_A["scores"], ROUND_B["scores"]]

    # The message as a phone shows it (looked at by hand; see the report).
    a.close()
    enter_chips_round(b, PLAYERS, ROUND_A)  # round 3 in B, then a stale B again:
    b.evaluate(f"""() => {{
        const d = JSON.parse(localStorage.getItem('{STORE_KEY}'));
        const g = Object.values(d.games)[0];
        g.rows.push({json.dumps(ROUND_B)});
        g.rev += 1;
        localStorage.setItem('{STORE_KEY}', JSON.stringify(d));
    }}""")  # as another tab saving round 4 (B, deaf, hears nothing of it)
    b.set_viewport_size({"width": 360, "height": 740})
    enter_chips_round(b, PLAYERS, ROUND_A)
    b.locator(".sk-notice").wait_for()
    assert "round 4 was not saved here" in b.inner_text(".sk-notice")
    b.locator(".sk-notice").scroll_into_view_if_needed()
    b.screenshot(path=SHOT)
    assert b.evaluate("document.documentElement.scrollWidth") <= 360
    assert not errors, errors


@pytest.mark.parametrize("deaf_b", [False, True], ids=["b-in-step", "b-stale"])
def test_a_game_deleted_in_one_tab_is_not_brought_back_by_the_other(
        context: Any, site_url: str, deaf_b: bool) -> None:
    errors: list[str] = []
    a, b = _two_tabs(context, site_url, errors, deaf_b=deaf_b)
    enter_chips_round(a, PLAYERS, ROUND_A)
    if not deaf_b:
        _wait_rows(b, 1)
    a.click("#sk-delete")
    a.click("#sk-delete-yes")
    assert stored(a)["games"] == {}
    if deaf_b:
        # B still shows the game and tries to save a round into it.
        b.wait_for_timeout(300)
        assert b.locator(".sk-entry").count() == 1
        enter_chips_round(b, PLAYERS, ROUND_B)
        b.locator(".sk-notice").wait_for()
        assert ("This game was deleted in another tab or window, so round 1 was not saved, "
                "and the game stays deleted.") in b.inner_text(".sk-notice")
    else:
        b.locator(".sk-notice").wait_for()
        assert "This game was deleted in another tab or window" in b.inner_text(".sk-notice")
    assert b.locator("#sk-start-game").is_visible()
    assert b.locator("#sk-saved option").count() == 1  # "No saved games yet"
    assert stored(b)["games"] == {}
    b.reload()
    b.wait_for_selector("#sk-start-game")
    assert stored(b)["games"] == {}
    assert not errors, errors


def test_a_stale_tab_does_not_delete_a_game_the_other_tab_changed_since(
        context: Any, site_url: str) -> None:
    errors: list[str] = []
    a, b = _two_tabs(context, site_url, errors, deaf_b=True)
    enter_chips_round(a, PLAYERS, ROUND_A)
    b.click("#sk-delete")
    b.click("#sk-delete-yes")
    b.locator(".sk-notice").wait_for()
    assert "so it was not deleted" in b.inner_text(".sk-notice")
    assert b.locator(ROWS).count() == 1
    (game,) = stored(a)["games"].values()
    assert len(game["rows"]) == 1
    assert not errors, errors


# --- item 7: names that are also Object.prototype's -----------------------------------------

HOSTILE_ROUNDS: list[dict[str, Any]] = [
    {"scores": {"__proto__": 0, "constructor": 5, "toString": 9, "valueOf": 2}, "called": "__proto__"},
    {"scores": {"__proto__": 4, "constructor": 0, "toString": 6, "valueOf": 3}, "called": "constructor"},
    {"scores": {"__proto__": 7, "constructor": 8, "toString": 0, "valueOf": 1}, "called": "toString"},
    {"scores": {"__proto__": 2, "constructor": 3, "toString": 4, "valueOf": 0}, "called": "valueOf"},
    {"scores": {"__proto__": 0, "constructor": 6, "toString": 2, "valueOf": 9}, "called": "__proto__"},
    {"scores": {"__proto__": 5, "constructor": 0, "toString": 3, "valueOf": 4}, "called": "constructor"},
    {"scores": {"__proto__": 1, "constructor": 2, "toString": 0, "valueOf": 3}, "called": "toString"},
    {"scores": {"__proto__": 3, "constructor": 1, "toString": 2, "valueOf": 0}, "called": "valueOf"},
]


def _totals_row(page: Any) -> list[str]:
    return list(page.locator(".sk-app .sk-table tr.sk-total td.sk-num").all_inner_texts())


def test_players_named_proto_constructor_tostring_and_valueof_play_a_whole_chips_game(
        page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", HOSTILE)
    enter_chips_round(page, HOSTILE, HOSTILE_ROUNDS[0])
    assert page.locator(".sk-error").count() == 0, page.inner_text(".sk-error")
    assert page.locator(ROWS).count() == 1
    after_one = chips.rank_record({"players": HOSTILE, "rounds": HOSTILE_ROUNDS[:1]})
    assert _totals_row(page) == [str(after_one["totals"][p]) for p in HOSTILE]
    assert page.inner_text(".sk-explain") == "__proto__ leads on 0 after round 1."
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert page.locator(ROWS).count() == 1
    assert _totals_row(page) == [str(after_one["totals"][p]) for p in HOSTILE]
    for rnd in HOSTILE_ROUNDS[1:]:
        enter_chips_round(page, HOSTILE, rnd)
    expected = chips.rank_record({"players": HOSTILE, "rounds": HOSTILE_ROUNDS})
    assert page.locator(ROWS).count() == 8
    assert _totals_row(page) == [str(expected["totals"][p]) for p in HOSTILE]
    assert page.inner_text(".sk-explain") == expected["explanation"]
    ranking = page.locator(".sk-ranking li").all_inner_texts()
    flat = [p for group in expected["ranking"] for p in group]
    assert [line.split(" ")[1].rstrip(":") for line in ranking] == flat
    assert f"{flat[0]}: {expected['totals'][flat[0]]}, called chips {expected['calls'][flat[0]]}×" in ranking[0]
    page.reload()
    page.wait_for_selector(".sk-explain")
    assert _totals_row(page) == [str(expected["totals"][p]) for p in HOSTILE]
    assert page.inner_text(".sk-explain") == expected["explanation"]
    assert stored(page)["games"][page.evaluate(f"JSON.parse(localStorage.getItem('{STORE_KEY}')).current")][
        "rows"] == HOSTILE_ROUNDS
    assert not errors, errors


def test_players_named_after_object_prototype_are_not_out_of_3_chip_stack_before_they_lose(
        page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "3-chip-stack", HOSTILE, start=5)
    # Nobody is out in hand 1: every box takes a number.
    assert page.locator(".sk-entry input[readonly]").count() == 0
    assert page.locator(".sk-entry input[data-player]").count() == 4
    hand = {"__proto__": 0, "constructor": 10, "toString": 5, "valueOf": 5}
    for i, p in enumerate(HOSTILE):
        page.fill(f"#sk-entry-{i}", str(hand[p]))
    page.click("#sk-enter")
    assert page.locator(".sk-error").count() == 0, page.inner_text(".sk-error")
    expected = three_chip_stack.rank_record({"players": HOSTILE, "start": 5, "hands": [hand]})
    assert page.inner_text(".sk-explain") == expected["explanation"]
    # Only __proto__ is out now, and the standing says so.
    assert page.locator(".sk-entry input[readonly]").count() == 1
    assert page.get_attribute(".sk-entry input[readonly]", "id") == "sk-entry-0"
    standing = page.inner_text(".sk-ranking")
    assert "__proto__: out in hand 1" in standing and "toString: 5 chips" in standing
    page.reload()
    page.wait_for_selector(".sk-explain")
    assert page.inner_text(".sk-explain") == expected["explanation"]
    assert not errors, errors


def test_a_saved_game_with_the_id_proto_loads_and_saves(page: Any, site_url: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    game = {"id": "__proto__", "game": "chips", "players": PLAYERS, "rows": [ROUND_A], "history": [[]],
            "created": "2024-05-01T10:00:00.000Z", "updated": "2024-05-01T10:00:00.000Z"}
    text = json.dumps({"version": 1, "current": "__proto__", "games": {"__proto__": game}})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORE_KEY, text])
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert page.locator(".sk-notice").count() == 0
    assert page.locator(ROWS).count() == 1
    assert page.locator("#sk-saved option").all_inner_texts()[1] == "Chips: Ann, Bo, Cy (1 round so far)"
    enter_chips_round(page, PLAYERS, ROUND_B)
    assert page.locator(ROWS).count() == 2
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert page.locator(ROWS).count() == 2
    assert list(stored(page)["games"]) == ["__proto__"]
    assert not errors, errors


# --- item 8: damaged storage, damaged Undo steps --------------------------------------------

def _good_game(gid: str, history: list[Any]) -> dict[str, Any]:
    return {"id": gid, "game": "chips", "players": PLAYERS, "rows": [ROUND_A, ROUND_B], "history": history,
            "created": "2024-05-01T10:00:00.000Z", "updated": "2024-05-01T10:00:00.000Z"}


DAMAGED = {
    "unreadable": '{"version": 1, "games": {"x": ' + "9" * 200_000,
    "one-bad-game": json.dumps({"version": 1, "games": {
        "bad": {"id": "bad", "game": "chips", "players": ["A"], "rows": "nope"}, "ok": _good_game("ok", [])}}),
    "bad-undo-step": json.dumps({"version": 1, "current": "ok", "games": {"ok": _good_game("ok", [[], [None]])}}),
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_damaged_storage_loaded_six_times_is_backed_up_once(page: Any, site_url: str, kind: str) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORE_KEY, DAMAGED[kind]])
    notices = []
    for _ in range(6):
        page.reload()
        page.wait_for_selector(".sk-app")
        notices.append(page.locator(".sk-notice").all_inner_texts())
    backups = backup_keys(page)
    assert len(backups) == 1, backups
    assert "damaged" in notices[0][0] and backups[0] in notices[0][0]
    assert notices[1:] == [[]] * 5  # the first load repaired the store: the others find it clean
    if kind == "unreadable":
        assert page.evaluate(f"localStorage.getItem('{backups[0]}')") == DAMAGED[kind]
    else:
        assert list(stored(page)["games"]) == ["ok"]
        kept = json.loads(page.evaluate(f"localStorage.getItem('{backups[0]}')"))
        assert kept["games"] == {k: v for k, v in json.loads(DAMAGED[kind])["games"].items()
                                 if k == "bad" or kind == "bad-undo-step"}
    assert not errors, errors


@pytest.mark.parametrize("step", [[None], [{"scores": "junk"}], "junk", [{}], 7],
                         ids=["null-row", "junk-scores", "a-string", "empty-row", "a-number"])
def test_undo_into_a_damaged_step_says_so_without_an_exception(page: Any, site_url: str, step: Any) -> None:
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    # Undo steps, oldest first: no rounds, a damaged one, one round; now two rounds.
    text = json.dumps({"version": 1, "current": "g", "games": {"g": _good_game("g", [[], step, [ROUND_A]])}})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORE_KEY, text])
    page.reload()
    page.wait_for_selector(".sk-entry")
    loaded = page.locator(".sk-notice").all_inner_texts()
    if loaded:
        page.click(".sk-notice button")
    assert page.locator(ROWS).count() == 2
    page.click("#sk-undo")  # a good step: round 2 goes
    assert page.locator(ROWS).count() == 1
    assert page.inner_text(".sk-live").startswith("Removed round 2.")
    page.click("#sk-undo")  # the damaged step
    expect(page.locator(".sk-notice")).to_contain_text("Undo cannot go back any further")  # its answer, then its errors
    assert not errors, errors  # (was: TypeError: Cannot read properties of null)
    assert loaded and "Undo goes back through were damaged" in loaded[0]
    notice = page.inner_text(".sk-notice")
    assert notice.startswith("Undo cannot go back any further: the saved copy of the sheet before the last entry is damaged.")
    assert page.locator(ROWS).count() == 1
    assert page.locator("#sk-undo").is_disabled()
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert page.locator(ROWS).count() == 1 and page.locator("#sk-undo").is_disabled()
    assert page.locator(".sk-notice").count() == 0
    assert not errors, errors
