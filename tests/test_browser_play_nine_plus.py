"""The Chips practice table at nine or ten (issue 25), in Debian's Chromium on the built site: the
players choice offers nine and ten; a link with ?house=random-extra:played deals nine players the
nine-or-more variant (chips-variant-random-extra), the status and the log say in words who was
drawn by lot for the extra card and opens, and a whole game is walked to its end at 360 x 740 with
every decision's cards and buttons in view (tests/test_browser_play_walk.py's Walk and
chips_decision, the human seat playing the computer's own move). By the family's rule, ten players
pass the extra card to the dealer's left. Screenshots go to /tmp/nine-plus-shots/."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from generator.engine.play import chips as chips_play
from tests.support.tables import Table, pause_the_computer, phone_page, plain
from tests.test_browser_play_walk import Walk, chips_decision

from .conftest import SITE_HOST, SITE_PORT, figure

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/nine-plus-shots")
CHIPS = Table("chips", chips_play, shots="chips-nine-plus")
TABLE = CHIPS.selector
PLAYED = {"random-extra": "played"}
#: Nine players whose first extra card is drawn for Player 8 (seat 7), two seats before yours: the
#: opening discard is still in the log when your first turn comes.
SEED = 10


class HouseWalk(Walk):
    """A Walk whose Python reference plays by the house rules the page saved with its game."""

    def sync(self) -> None:
        if not self.state:
            record = self.table.saved(self.page)
            self.state = chips_play.new_game(record["players"], record["seed"], record.get("house"))
        super().sync()


def who(seat: int) -> str:
    return "you" if seat == 0 else f"Player {seat + 1}"


def shot(page: Any, name: str, *, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def test_nine_players_with_the_variant_walk_a_whole_game_on_a_phone(browser: Any, site_url: str) -> None:
    with phone_page(browser, site_url) as page:
        pause_the_computer(page.context, 0)  # before the table's scripts first run
        CHIPS.open(page, f"?seed={SEED}&players=9&house=random-extra:played")
        assert page.get_attribute(TABLE, "data-players") == "9"
        assert json.loads(page.get_attribute(TABLE, "data-house") or "{}") == PLAYED
        assert CHIPS.saved(page)["house"] == PLAYED
        first = chips_play.new_game(9, SEED, PLAYED)["extraSeats"][0]
        assert first == 7
        # The players choice offers the tables of nine and ten.
        offered = page.eval_on_selector_all(f"{TABLE} select[name=players] option", "os => os.map(o => o.value)")
        assert offered[-2:] == ["9", "10"], offered

        assert CHIPS.wait_for_human(page) == "you"
        status = plain(page.inner_text(f"{TABLE} [data-status]"))
        assert "Player 9 dealt; the extra card was drawn by lot (never to the same player twice in a game) and " \
               "went to Player 8, who opened the round." in status, status
        log = [plain(t) for t in page.eval_on_selector_all(f"{TABLE} [data-log] li", "ls => ls.map(l => l.textContent)")]
        opening = re.compile(r"Player 8, drawn by lot for the extra card, opened round 1 by throwing away \S+\.")
        assert any(opening.fullmatch(line) for line in log), log
        assert "had the extra card" in plain(page.inner_text(f"{TABLE} [data-seat='7']"))
        assert "dealer" in plain(page.inner_text(f"{TABLE} [data-seat='8']"))
        assert "extra card" not in plain(page.inner_text(f"{TABLE} [data-seat='0']"))
        shot(page, "nine-360x740-first-turn")

        walk = HouseWalk(page, CHIPS, 360, 740)
        said: dict[int, str] = {}
        for _ in range(2000):
            turn = CHIPS.wait_for_human(page)
            walk.sync()
            if turn == "over" or chips_play.seat_to_act(walk.state) is None:
                break
            if turn == "round-over":
                walk.next_round("[data-next-round]")
                continue
            assert chips_play.seat_to_act(walk.state) == 0
            state = walk.state
            drawn = state["extraSeats"][state["round"]]
            if state["round"] not in said:
                # Every round's status names the seat drawn, and its seat line says it has the card.
                status = plain(page.inner_text(f"{TABLE} [data-status]"))
                assert f"drawn by lot (never to the same player twice in a game) and went to {who(drawn)}," in status, status
                assert "extra card" in plain(page.inner_text(f"{TABLE} [data-seat='{drawn}']"))
                said[state["round"]] = status
                if state["phase"] == "open":
                    assert "drawn by lot and came to you" in plain(page.inner_text(f"{TABLE} [data-prompt]"))
                if state["round"] == 7:
                    shot(page, "nine-360x740-round-8")  # the screen only: a whole-page shot would scroll it
            walk.decisions += 1
            chips_decision(walk)
        else:
            pytest.fail("the game did not end")
        final = walk.state
        assert final["over"] and len(final["rounds"]) == 8
        assert len(set(final["extraSeats"])) == 8  # chips-ruling-random-extra: never the same seat twice
        assert sorted(said) == list(range(8))
        assert page.locator(f"{TABLE} [data-ranking]").is_visible()
        assert CHIPS.saved(page)["house"] == PLAYED
        shot(page, "nine-360x740-over")
        shot(page, "nine-360x740-over-full", full=True)
    figure(f"practice walk chips, nine players with the nine-or-more variant, 360x740: {walk.decisions} decisions, "
           f"{walk.rounds} round ends, {walk.checks} checks; extra card drawn for {final['extraSeats']}")
    assert not walk.outside, f"{len(walk.outside)} out of view:\n" + "\n".join(text for _, text in walk.outside)


def test_ten_players_by_the_familys_rule_pass_the_extra_card_left_on_a_desktop(browser: Any, site_url: str) -> None:
    """Ten at the table, the variant not played: the extra card to the dealer's left (chips-deal),
    so the last seat deals and you open; then a new game of ten from the form."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True, service_workers="block")
    page = ctx.new_page()
    page.base = site_url
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        pause_the_computer(page.context, 0)  # before the table's scripts first run
        CHIPS.open_game(page, 31, 10)
        assert json.loads(page.get_attribute(TABLE, "data-house") or "{}") == {}
        assert page.locator(f"{TABLE} [data-seat]").count() == 10
        status = plain(page.inner_text(f"{TABLE} [data-status]"))
        assert "Player 10 dealt; you have the extra card." in status and "by lot" not in status, status
        assert "holds the extra card" in plain(page.inner_text(f"{TABLE} [data-seat='0']"))
        assert len(CHIPS.hand_on_page(page)) == 4
        state = CHIPS.reference(CHIPS.saved(page))
        assert state["packs"] == 3 and "extraSeats" not in state and state["seat"] == 0
        shot(page, "ten-1280x900-first-turn")
        shot(page, "ten-1280x900-first-turn-full", full=True)
        # Nine from the New game form: nine seats; the family's rule still.
        CHIPS.check_new_game_by_form(page, 9)
        assert "by lot" not in plain(page.inner_text(f"{TABLE} [data-status]"))
        assert not errors, errors
    finally:
        ctx.close()


def test_ten_players_with_the_variant_on_a_desktop(browser: Any, site_url: str) -> None:
    """Ten with ?house=random-extra:played at 1280 x 900: the seat drawn has the extra card and
    opens; the table plays to your turn."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True, service_workers="block")
    page = ctx.new_page()
    page.base = site_url
    try:
        pause_the_computer(page.context, 0)  # before the table's scripts first run
        CHIPS.open(page, "?seed=12&players=10&house=random-extra:played")
        drawn = chips_play.new_game(10, 12, PLAYED)["extraSeats"][0]
        assert CHIPS.wait_for_human(page) == "you"
        status = plain(page.inner_text(f"{TABLE} [data-status]"))
        assert f"and went to {who(drawn)}, " in status, status
        after = chips_play.apply_move(chips_play.new_game(10, 12, PLAYED), CHIPS.saved(page)["moves"][0])
        assert after["turns"][0]["seat"] == drawn and after["turns"][0]["take"] is None  # the seat drawn opened
        shot(page, "ten-variant-1280x900-turn")
    finally:
        ctx.close()
