"""The practice game against the computer on the practice pages (issue 16), in a real browser
(Debian's Chromium through Playwright) on the built site, at 360 x 740 with touch.

A whole hand of Chains is played through the page: the test chooses the human seat's moves by
tapping the page's cards and buttons, reloads mid-hand and finishes it. What the page shows at
the end of the hand (every hand's cards, points and totals) is checked against the Python
reference (generator/engine/play/chains.py) replaying the game's own record from storage, not the
browser port. A card that cannot go, a typed card not in hand and a typed word that is no card
each get a refusal in words naming the rule; the hint is the engine's move; a damaged saved
game gives a message and a fresh game. axe-core finds nothing at each stage. Screenshots go to
test-output/."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.engine.play import chains as chains_play

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TABLE = '[data-practice-game="chains"]'
KEY = "rulebook-practice-chains"
SEED, PLAYERS = 20261202, 3


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, service_workers="block")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    page.base = site_url
    yield page
    ctx.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"play-table-{name}.png"), full_page=True)


def plain(text: str | None) -> str:
    return " ".join(str(text or "").replace("\ufe0e", "").split())


def axe_clean(page: Any) -> None:
    violations = run_axe(page)
    assert not violations, describe_violations(violations)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def turn(page: Any) -> str:
    return str(page.get_attribute(TABLE, "data-turn"))


def wait_for_human(page: Any) -> str:
    """Until the computer seats have moved: 'you', 'round-over' or 'over'."""
    page.wait_for_function(
        '() => ["you", "round-over", "over"].includes(document.querySelector(\'[data-practice-game="chains"]\').dataset.turn)',
        timeout=90_000,
    )
    return turn(page)


def saved(page: Any) -> dict[str, Any]:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})")
    assert text, "the game was not saved"
    record: dict[str, Any] = json.loads(text)
    return record


def reference(record: dict[str, Any]) -> dict[str, Any]:
    """The Python reference's state after the page's own record of moves."""
    state = chains_play.new_game(record["players"], record["seed"])
    for move in record["moves"]:
        state = chains_play.apply_move(state, move)
    return state


def hand_on_page(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(f"{TABLE} [data-hand] [data-card]", "bs => bs.map(b => b.dataset.card)")]


def human_move(page: Any) -> dict[str, Any]:
    """Tap what the page offers: the first card marked playable, else the draw or pass button."""
    playable = page.locator(f'{TABLE} [data-hand] [data-card][data-playable="true"]')
    if playable.count():
        code = playable.first.get_attribute("data-card")
        playable.first.tap()
        return {"action": "play", "card": code}
    for action in ("draw", "pass"):
        button = page.locator(f'{TABLE} [data-move="{action}"]')
        if button.is_visible():
            button.tap()
            return {"action": action}
    raise AssertionError("the page offered the human no move on their turn")


def test_chains_hand_played_through_the_page(phone: Any) -> None:
    page = phone
    page.goto(f"{page.base}chains/play/?seed={SEED}&players={PLAYERS}", wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    assert page.get_attribute(TABLE, "data-seed") == str(SEED)
    assert page.get_attribute(TABLE, "data-players") == str(PLAYERS)
    assert page.is_visible("[data-practice-game-section]")
    assert wait_for_human(page) == "you"
    page.locator(TABLE).scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "play-table-chains-turn.png"))
    axe_clean(page)
    no_sideways_scroll(page)

    # The page's state is the reference's after the same moves (the computer's included).
    record = saved(page)
    ref = reference(record)
    assert hand_on_page(page) == ref["hands"][0]
    assert page.get_attribute(f"{TABLE} [data-pile]", "data-top") == ref["pile"][-1]
    offered = {m["card"] for m in chains_play.legal_moves(ref) if m["action"] == "play"}
    marked = set(page.eval_on_selector_all(f'{TABLE} [data-card][data-playable="true"]', "bs => bs.map(b => b.dataset.card)"))
    assert marked == offered

    # Hint: the engine's move, said.
    page.locator(f"{TABLE} [data-hint]").tap()
    hint = page.get_attribute(f"{TABLE} [data-hint-move]", "data-hint-move")
    best = chains_play.bot_move(ref)
    assert hint == (f"play {best['card']}" if best["action"] == "play" else best["action"])

    # Illegal tries: each refused in words, with the rule; nothing moves.
    moves_before = page.get_attribute(TABLE, "data-moves")
    page.fill(f"{TABLE} input[name=card]", "ZZ")
    page.locator(f"{TABLE} .rb-table__typed button").tap()
    assert "is not a card" in plain(page.inner_text(f"{TABLE} [data-message]"))
    not_mine = next(c for c in ("2C", "3D", "4H", "5S", "6C", "7D", "8H") if c not in ref["hands"][0])
    page.fill(f"{TABLE} input[name=card]", not_mine)
    page.locator(f"{TABLE} .rb-table__typed button").tap()
    words = plain(page.inner_text(f"{TABLE} [data-message]"))
    assert words.startswith("Not allowed:") and "own hand" in words, words
    assert page.locator(f"{TABLE} [data-message] a[href*='#chains-first-play']").count() == 1
    blocked = page.locator(f'{TABLE} [data-hand] [data-card][data-playable="false"]')
    if blocked.count():
        blocked.first.tap()
        words = plain(page.inner_text(f"{TABLE} [data-message]"))
        assert words.startswith("Not allowed:") and "may not go on" in words, words
        assert page.locator(f"{TABLE} [data-message] [data-quote], {TABLE} [data-message] [data-rule-id]").count() == 1
    assert page.get_attribute(TABLE, "data-moves") == moves_before
    shot(page, "chains-refused")
    axe_clean(page)

    # Play the hand: the test picks each of the human's moves; reload after the second.
    human_moves = 0
    reloaded = False
    while (state := wait_for_human(page)) == "you":
        human_move(page)
        human_moves += 1
        if human_moves == 2 and not reloaded and turn(page) != "round-over":
            before = saved(page)
            said = [plain(t) for t in page.locator(f"{TABLE} [data-log] li").all_text_contents()]
            page.reload(wait_until="networkidle")
            page.wait_for_selector(f"{TABLE}[data-mounted='true']")
            after = saved(page)
            # What happened last is still told: the log is replayed from the saved moves.
            again = [plain(t) for t in page.locator(f"{TABLE} [data-log] li").all_text_contents()]
            assert said and said[-1] in again, (said, again)
            assert after["moves"][: len(before["moves"])] == before["moves"]
            assert after["seed"] == SEED and after["players"] == PLAYERS
            assert hand_on_page(page) == reference(after)["hands"][0]  # the same hand, mid-hand
            reloaded = True
            axe_clean(page)
        assert human_moves < 200
    assert state == "round-over" and reloaded
    assert not page.errors, page.errors

    # The end of the hand: every hand, its points and the totals, as the reference has them.
    record = saved(page)
    ref = reference(record)
    assert len(ref["rounds"]) == 1
    done = ref["rounds"][0]
    rows = page.locator(f"{TABLE} [data-summary] [data-round-seat]")
    assert rows.count() == PLAYERS
    for seat in range(PLAYERS):
        row = rows.nth(seat)
        assert int(row.get_attribute("data-points")) == done["scores"][seat]
        labels = row.locator(".card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
        assert len(labels) == len(done["hands"][seat])
        assert int(row.locator("[data-total]").get_attribute("data-total")) == ref["totals"][seat]
        if done["hands"][seat]:
            assert f"= {done['scores'][seat]} points" in plain(row.inner_text())
    assert "You (player 1)" in plain(rows.nth(0).inner_text())
    page.locator(f"{TABLE} [data-summary]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "play-table-chains-hand-over.png"))
    shot(page, "chains-hand-over-full")
    axe_clean(page)
    no_sideways_scroll(page)

    # The summary survives a reload too, then the next hand is dealt and play goes on.
    page.reload(wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    assert turn(page) == "round-over"
    page.locator(f"{TABLE} [data-next-hand]").tap()
    assert page.is_hidden(f"{TABLE} [data-summary]")
    assert wait_for_human(page) in ("you", "round-over")
    assert saved(page)["seen"] == 1
    assert not page.errors, page.errors


def test_damaged_saved_game_starts_afresh(phone: Any) -> None:
    page = phone
    page.goto(f"{page.base}chains/play/", wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    for damage in ("{not json", json.dumps({"v": 1, "game": "chains", "seed": 5, "players": 3,
                                            "moves": [{"action": "draw"}] * 3, "seen": 0})):
        # Written from another page of the site: the table's own pending move cannot save over it.
        page.goto(page.base, wait_until="networkidle")
        page.evaluate(f"() => localStorage.setItem({json.dumps(KEY)}, {json.dumps(damage)})")
        page.goto(f"{page.base}chains/play/", wait_until="networkidle")
        page.wait_for_selector(f"{TABLE}[data-mounted='true']")
        assert "could not be read" in plain(page.inner_text(f"{TABLE} [data-note]"))
        assert page.locator(f"{TABLE} [data-hand] [data-card]").count() == 5
        assert reference(saved(page))["players"] == 3  # the fresh game's record replays
    axe_clean(page)
    # A new game by the form: the players chosen, a fresh seed.
    page.select_option(f"{TABLE} select[name=players]", "5")
    page.locator(f"{TABLE} .rb-table__setup button").tap()
    assert page.get_attribute(TABLE, "data-players") == "5"
    assert page.locator(f"{TABLE} [data-seat]").count() == 5
    assert page.is_hidden(f"{TABLE} [data-note]")
    assert not page.errors, page.errors


def test_a_hand_of_five_fits_one_row_on_a_phone(phone: Any) -> None:
    phone.goto(f"{phone.base}chains/play/?seed={SEED}&players={PLAYERS}", wait_until="networkidle")
    phone.wait_for_selector(f"{TABLE} [data-hand] button")
    boxes = phone.evaluate(f"""() => [...document.querySelectorAll('{TABLE} [data-hand] button')]
        .map((b) => {{ const r = b.getBoundingClientRect(); return [Math.round(r.top), r.width, r.height]; }})""")
    assert len(boxes) == 5
    assert len({top for top, _w, _h in boxes}) == 1, boxes  # one row
    assert all(w >= 44 and h >= 44 for _t, w, h in boxes), boxes  # still a finger's width
    no_sideways_scroll(phone)
