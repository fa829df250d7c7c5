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

import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import chains as chains_play
from tests.support.tables import Table, axe_clean, no_sideways_scroll, phone_page, plain

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

CHAINS = Table("chains", chains_play, shots="chains")
TABLE = CHAINS.selector
SEED, PLAYERS = 20261202, 3


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with phone_page(browser, site_url) as page:
        yield page


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
    CHAINS.open_game(page, SEED, PLAYERS)
    assert CHAINS.wait_for_human(page) == "you"
    page.locator(TABLE).scroll_into_view_if_needed()
    CHAINS.shot(page, "turn", full=False)
    axe_clean(page)
    no_sideways_scroll(page)

    # The page's state is the reference's after the same moves (the computer's included).
    record = CHAINS.saved(page)
    ref = CHAINS.reference(record)
    assert CHAINS.hand_on_page(page) == ref["hands"][0]
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
    assert "is not a card" in CHAINS.message(page)
    not_mine = next(c for c in ("2C", "3D", "4H", "5S", "6C", "7D", "8H") if c not in ref["hands"][0])
    page.fill(f"{TABLE} input[name=card]", not_mine)
    page.locator(f"{TABLE} .rb-table__typed button").tap()
    words = CHAINS.message(page)
    assert words.startswith("Not allowed:") and "own hand" in words, words
    assert page.locator(f"{TABLE} [data-message] a[href*='#chains-first-play']").count() == 1
    blocked = page.locator(f'{TABLE} [data-hand] [data-card][data-playable="false"]')
    if blocked.count():
        blocked.first.tap()
        words = CHAINS.message(page)
        assert words.startswith("Not allowed:") and "may not go on" in words, words
        assert page.locator(f"{TABLE} [data-message] [data-quote], {TABLE} [data-message] [data-rule-id]").count() == 1
    assert page.get_attribute(TABLE, "data-moves") == moves_before
    CHAINS.shot(page, "refused")
    axe_clean(page)

    # Play the hand: the test picks each of the human's moves; reload after the second.
    human_moves = 0
    reloaded = False
    while (state := CHAINS.wait_for_human(page)) == "you":
        human_move(page)
        human_moves += 1
        if human_moves == 2 and not reloaded and CHAINS.turn(page) != "round-over":
            before = CHAINS.saved(page)
            said = [plain(t) for t in page.locator(f"{TABLE} [data-log] li").all_text_contents()]
            CHAINS.reload(page)
            after = CHAINS.saved(page)
            # What happened last is still told: the log is replayed from the saved moves.
            again = [plain(t) for t in page.locator(f"{TABLE} [data-log] li").all_text_contents()]
            assert said and said[-1] in again, (said, again)
            assert after["moves"][: len(before["moves"])] == before["moves"]
            assert after["seed"] == SEED and after["players"] == PLAYERS
            assert CHAINS.hand_on_page(page) == CHAINS.reference(after)["hands"][0]  # the same hand, mid-hand
            reloaded = True
            axe_clean(page)
        assert human_moves < 200
    assert state == "round-over" and reloaded
    assert not page.errors, page.errors

    # The end of the hand: every hand, its points and the totals, as the reference has them.
    record = CHAINS.saved(page)
    ref = CHAINS.reference(record)
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
    CHAINS.shot(page, "hand-over", full=False)
    CHAINS.shot(page, "hand-over-full")
    axe_clean(page)
    no_sideways_scroll(page)

    # The summary survives a reload too, then the next hand is dealt and play goes on.
    CHAINS.reload(page)
    assert CHAINS.turn(page) == "round-over"
    page.locator(f"{TABLE} [data-next-hand]").tap()
    assert page.is_hidden(f"{TABLE} [data-summary]")
    assert CHAINS.wait_for_human(page) in ("you", "round-over")
    assert CHAINS.saved(page)["seen"] == 1
    assert not page.errors, page.errors


def test_damaged_saved_game_starts_afresh(phone: Any) -> None:
    page = phone
    CHAINS.open(page)
    damaged = {"v": 1, "game": "chains", "seed": 5, "players": 3, "moves": [{"action": "draw"}] * 3, "seen": 0}
    CHAINS.check_damaged_game_starts_afresh(page, damaged, players=3, cards=5)
    axe_clean(page)
    CHAINS.check_new_game_by_form(page, 5)
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
