"""A game that declares its scoring (issue 38), in Chromium on a built site: the tests' fixture game
(tests/data/fourth-game/, added as an author adds a game: YAML, page, nav line; its scoring declared:
3 hands, the winner of a hand scores the others' cards, the highest total wins, then most hands won)
gets a score-keeper sheet that ends and names the winner as the declaration says, and a hand counter
on its page whose figures are the Python declared engine's for the fixture's worked examples. At a
360 px touch screen and at 1280 px, axe-core clean; the three games' saved sheets still load beside it."""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from generator.engine import declared
from tests.support.browser import CLIPPED, fresh_pages
from tests.support.scorekeeper import ROWS, STORE_KEY, open_keeper, start_game

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe
from .test_add_game import FOURTH, GAME_ID, add_game, copy_project

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PORT = SITE_PORT + 3  # the built site keeps SITE_PORT; +1 a family edition's, +2 `make serve`'s
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "service_workers": "block"}
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}
DATA = yaml.safe_load(FOURTH.read_text(encoding="utf-8"))
SPEC = DATA["scoring"]["declared"]
COUNTER = '[data-widget="declared"]'
RESULT = f'{COUNTER} [data-result="hand"]'


@pytest.fixture(scope="module")
def fourth_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The project with the fixture game added as the README says, built and served on a port of its own."""
    from generator.build import build

    from .conftest import _QuietHandler, _Server

    folder = tmp_path_factory.mktemp("declared")
    project = copy_project(folder / "project")
    add_game(project)
    out = folder / "site"
    os.environ.setdefault("RULEBOOK_CORRECTIONS_URL", "https://corrections.example/issues/new")
    build(project, out, site_url=f"http://{SITE_HOST}:{PORT}/")
    server = _Server((SITE_HOST, PORT), functools.partial(_QuietHandler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{SITE_HOST}:{PORT}/"
    finally:
        server.shutdown()
        server.server_close()


def _hand_examples() -> list[dict[str, Any]]:
    return [e for e in DATA["examples"] if e.get("record") == "hand"]


@pytest.mark.parametrize("options", [PHONE, DESKTOP], ids=["phone-360-touch", "desktop-1280"])
def test_the_hand_counter_scores_the_fixtures_examples_as_the_python_engine(browser: Any, fourth_url: str,
                                                                             options: dict[str, Any]) -> None:
    with fresh_pages(browser) as new_page:
        page = new_page(**options)
        page.goto(f"{fourth_url}{GAME_ID}/")
        page.wait_for_selector(f'{COUNTER}[data-mounted="true"]', state="attached")
        assert page.locator(f"{COUNTER} [data-nojs]").is_hidden()
        for example in _hand_examples():
            hands = example["input"]["hands"]
            expected = declared.records(SPEC)["hand"](example["input"])["scores"]
            assert expected == example["claim"]["scores"]
            page.select_option(f'{COUNTER} select[name="players"]', str(len(hands)))
            for i, cards in enumerate(hands):
                page.fill(f'{COUNTER} input[name="hand{i + 1}"]', " ".join(cards))
            want = ",".join(map(str, expected))
            page.wait_for_function(f"document.querySelector('{RESULT}').dataset.scores === {json.dumps(want)}")
            winner = expected.index(max(expected))
            assert f"Player {winner + 1} went out and scores {expected[winner]}" in page.inner_text(RESULT)
        # Cards carry spoken names in the answer, the suit by its symbol as well as its colour.
        faces = page.locator(f"{RESULT} .card")
        assert faces.count() > 0 and faces.first.get_attribute("aria-label")
        assert any(s in faces.first.inner_text() for s in "♠♥♦♣")
        # Tapped, not typed: the grid puts a card into the hand chosen above it, and the score follows.
        page.select_option(f'{COUNTER} select[name="players"]', "2")
        page.fill(f'{COUNTER} input[name="hand1"]', "")
        page.fill(f'{COUNTER} input[name="hand2"]', "")
        page.check(f'{COUNTER} input[name="target"][value="2"]')
        for code in ("8S", "KD"):
            button = page.locator(f'{COUNTER} [data-card="{code}"]')
            button.scroll_into_view_if_needed()
            (button.tap if options is PHONE else button.click)()
        assert page.input_value(f'{COUNTER} input[name="hand2"]') == "8S KD"
        page.wait_for_function(f"document.querySelector('{RESULT}').dataset.scores === '60,0'")
        assert declared.records(SPEC)["hand"]({"hands": [[], ["8S", "KD"]]})["scores"] == [60, 0]
        # A card the declaration gives no value is named beside its hand, and no score is shown.
        page.fill(f'{COUNTER} input[name="hand2"]', "8S JK")
        page.wait_for_function(f"document.querySelector('{RESULT}').dataset.scores === ''")
        assert "joker" in page.inner_text(f'{COUNTER} [data-error-for="hand2"]')
        assert page.get_attribute(f'{COUNTER} input[name="hand2"]', "aria-invalid") == "true"
        # A visible focus ring on the cards of the grid, reached with the keyboard.
        page.focus(f'{COUNTER} [data-card="8S"]')
        page.keyboard.press("ArrowRight")
        ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                             "return [document.activeElement.dataset.card, s.outlineStyle, s.outlineWidth]; })()")
        assert ring[0] == "9S" and ring[1] != "none" and ring[2] != "0px", ring
        assert page.evaluate("document.documentElement.scrollWidth") <= options["viewport"]["width"]
        assert page.evaluate(CLIPPED) == []  # "Who went out?" read "Whoever has no" at 360 px
        violations = run_axe(page)
        assert violations == [], describe_violations(violations)
        assert page.errors == []


def test_the_score_keeper_ends_the_declared_game_and_names_the_winner_as_declared(browser: Any, fourth_url: str) -> None:
    players = ["Ann", "Bo", "Cy"]
    hands = [[67, 0, 0], [0, 40, 0], [0, 27, 0]]
    result = declared.game_result(SPEC, hands)
    assert result == {"totals": [67, 67, 0], "over": True, "winners": [1], "decided_by": "most-hands-won"}
    with fresh_pages(browser) as new_page:
        page = new_page(**PHONE)
        errors: list[str] = []
        open_keeper(page, fourth_url, errors)
        start_game(page, GAME_ID, players, tap=True)
        assert "A game is 3 hands. The highest total wins." in page.inner_text("[data-sk-declared]")
        for n, scores in enumerate(hands, start=1):
            assert page.inner_text("#sk-entry-title") == f"Hand {n} of 3"
            for i, v in enumerate(scores):
                page.fill(f"#sk-entry-{i}", str(v))
            page.tap("#sk-enter")
            page.wait_for_function(f"document.querySelectorAll({json.dumps(ROWS)}).length === {n}")
        # Three hands, and the game is over: no fourth entry, and the winner by the tie-breaker.
        assert page.locator(".sk-entry").count() == 0
        assert page.inner_text("#sk-standing-title") == "Result"
        winner = players[result["winners"][0]]
        explain = page.inner_text(".sk-standing .sk-explain")
        assert explain == f"{winner} wins: level with Ann on 67, and ahead by the tie-breaker, more hands won.", explain
        assert page.inner_text(".sk-ranking li:first-child").endswith(f"{winner}: 67")
        assert page.locator(".sk-standing .sk-ties li").count() == 1  # the game's tie-breakers, from its file
        saved = json.loads(page.evaluate(f"localStorage.getItem('{STORE_KEY}')"))
        game = next(iter(saved["games"].values()))
        assert game["game"] == GAME_ID and game["rows"] == [dict(zip(players, h, strict=True)) for h in hands]
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        violations = run_axe(page)
        assert violations == [], describe_violations(violations)
        assert errors == []


def test_the_three_games_saved_sheets_load_beside_a_declared_game(browser: Any, fourth_url: str) -> None:
    chains = {"id": "gchains1", "game": "chains", "players": ["Ann", "Bo"], "rows": [{"Ann": 0, "Bo": 25}],
              "history": [], "rev": 1, "created": "2026-12-01T10:00:00.000Z", "updated": "2026-12-01T10:00:00.000Z"}
    fixture = {"id": "gfix1", "game": GAME_ID, "players": ["Ann", "Bo"], "rows": [{"Ann": 0, "Bo": 12}],
               "history": [], "rev": 1, "created": "2026-12-02T10:00:00.000Z", "updated": "2026-12-02T10:00:00.000Z"}
    other = {"id": "gother", "game": "a-game-from-elsewhere", "players": ["Ann", "Bo"], "rows": [], "x": [1, 2]}
    text = json.dumps({"version": 1, "current": None, "games": {"gchains1": chains, "gfix1": fixture, "gother": other}})
    with fresh_pages(browser) as new_page:
        page = new_page(**DESKTOP)
        page.context.add_init_script(f"if (!localStorage.getItem('{STORE_KEY}')) localStorage.setItem('{STORE_KEY}', {json.dumps(text)});")
        errors: list[str] = []
        open_keeper(page, fourth_url, errors)
        options = page.locator("#sk-saved option").all_inner_texts()
        assert any(o.startswith("Chains: Ann, Bo") for o in options), options
        assert any(o.startswith("Test Fixture Game: Ann, Bo") for o in options), options
        page.select_option("#sk-saved", "gchains1")
        page.wait_for_selector(".sk-live-sheet")
        # Opening a game saved the store again: the game this page does not know is still as it was.
        saved = page.evaluate(f"localStorage.getItem('{STORE_KEY}')")
        assert f'"gother":{json.dumps(other)}' in saved.replace('"gother": ', '"gother":')
        assert json.loads(saved)["games"]["gfix1"]["rows"] == fixture["rows"]
        assert errors == []


def test_a_last_player_left_game_starts_from_a_total_takes_points_away_and_ends_with_one_player(
        browser: Any, fourth_url: str) -> None:
    # The fixture declared as a last-player-left game (the page's config changed on its way to the
    # browser, as a file declaring `end: last-player-left` would render it): the sheet asks the total
    # each player starts with, takes a hand's points below 0, and ends when one player alone is above 0.
    spec = {**SPEC, "end": "last-player-left"}
    players, start, hands = ["Ann", "Bo", "Cy"], 2, [[0, -1, -2], [0, -1, 0]]
    result = declared.game_result(spec, hands, start)
    assert result["over"] and result["winners"] == [0] and declared.game_result(spec, hands[:1], start)["over"] is False

    def last_player_left(route: Any) -> None:
        html = route.fetch().text()
        assert html.count('"end": {"hands": 3}') == 1 and html.count('"rounds": 3') == 1
        html = html.replace('"end": {"hands": 3}', '"end": "last-player-left"').replace('"rounds": 3', '"rounds": null')
        route.fulfill(body=html, headers={"content-type": "text/html; charset=utf-8"})

    with fresh_pages(browser) as new_page:
        page = new_page(**PHONE)
        page.route("**/keep-score/", last_player_left)
        errors: list[str] = []
        open_keeper(page, fourth_url, errors)
        start_game(page, GAME_ID, players, start=start, tap=True)
        assert "Each player started with 2." in page.inner_text("[data-sk-declared]")
        for n, scores in enumerate(hands, start=1):
            assert page.inner_text("#sk-entry-title") == f"Hand {n}"
            for i, v in enumerate(scores):
                page.fill(f"#sk-entry-{i}", str(v))
            page.tap("#sk-enter")
            page.wait_for_function(f"document.querySelectorAll({json.dumps(ROWS)}).length === {n}")
            totals = [int(t) for t in page.locator(".sk-app .sk-total td").all_inner_texts()]
            assert totals == [start + sum(h[i] for h in hands[:n]) for i in range(3)]
        assert page.locator(".sk-entry").count() == 0  # one player left above 0: over
        winner = players[result["winners"][0]]
        assert page.inner_text(".sk-standing .sk-explain") == f"{winner} wins with the highest total, 2."
        assert errors == []
