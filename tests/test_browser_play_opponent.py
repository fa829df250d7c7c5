"""The computer's level at the Chips practice table (issue 28, item 3), in Chromium at 360 x 740 on
the built site.

A first game is against the gentle computer (generator/engine/play/chips.py LEVELS): the table's
choice, an element with `data-opponent` (its value the level), says so in words, beside the
standard one, and the status line says which is playing. The save keeps the level (`opponent`); a
save from before the levels reads as the standard computer. Changing the level deals a new game,
asking first while a game is in progress. The gentle computer's log says why it plays on and why it
calls.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import chains as chains_play
from generator.engine.play import chips as chips_play
from tests.support.opponents import (
    check_changing_asks_first,
    check_first_game_is_gentle,
    check_save_from_before_the_levels_is_standard,
)
from tests.support.tables import Table, axe_clean, bot_record, plain, practice_phone

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

CHIPS = Table("chips", chips_play, shots="chips")
CHAINS = Table("chains", chains_play, shots="chains")
CHOICE = f"{CHIPS.selector} select[data-opponent]"
#: Chips, seed 0, three players, every seat playing as the gentle computer: player 3 holds every
#: card in a group after the 6th move but plays on, and calls at the 22nd, both times just before
#: your turn (found with the Python reference).
SEED, PASS_AT, CALL_AT = 0, 6, 22
#: Chains, seed 0, three players, every seat the gentle computer: player 3 plays a royal and stops
#: at the 37th move, just before your turn.
CHAINS_STOP_AT = 37


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def test_the_first_game_is_against_the_gentle_computer_and_the_table_says_so(phone: Any) -> None:
    page = phone
    check_first_game_is_gentle(page, CHIPS, options=["Gentle: gives you time, and says why it calls", "Standard"],
                               status="You play the gentle computer")
    assert not page.errors, page.errors


def test_a_save_from_before_the_levels_is_against_the_standard_computer(phone: Any) -> None:
    page = phone
    check_save_from_before_the_levels_is_standard(page, CHIPS, status="You play the standard computer")
    # A level no page knows is a save this page cannot read: set aside, a fresh (gentle) game dealt.
    CHIPS.store(page, json.dumps({**bot_record(CHIPS, 5, 3, 12), "opponent": "ruthless"}))
    CHIPS.open(page)
    assert "could not be read" in plain(page.inner_text(f"{CHIPS.selector} [data-note]"))
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert not page.errors, page.errors


def test_changing_the_computer_asks_before_replacing_a_game_in_progress(phone: Any) -> None:
    page = phone
    check_changing_asks_first(page, CHIPS, bot_record(CHIPS, SEED, 3, PASS_AT, opponent="gentle"),
                              asks=["Play the standard computer?"])
    ask = f"{CHIPS.selector} [data-opponent-ask]"
    # The New game button keeps the level; with no move made (you open the first round), a change
    # deals at once.
    page.locator(f"{CHIPS.selector} .rb-table__setup button").tap()
    CHIPS.wait_for_human(page)
    assert CHIPS.saved(page)["opponent"] == "standard" and CHIPS.saved(page)["moves"] == []
    page.select_option(CHOICE, "gentle")
    assert page.locator(ask).count() == 0
    assert CHIPS.saved(page)["opponent"] == "gentle"
    assert not page.errors, page.errors


def test_the_gentle_computer_says_why_it_plays_on_and_why_it_calls(phone: Any) -> None:
    page = phone
    waits = ("Player 3 could call chips (every card is in a group) but plays on: the gentle computer waits "
             "until everyone has had three turns this round.")
    calls = ("Player 3 called chips: every card in the hand is in a group, and everyone has had three turns "
             "this round. Everyone else has one last turn.")
    for moves, words in [(PASS_AT, waits), (CALL_AT, calls)]:
        assert CHIPS.open_save(page, bot_record(CHIPS, SEED, 3, moves, opponent="gentle")) == "you"
        log = CHIPS.log(page)
        assert log[-1] == words, log
    assert not page.errors, page.errors


def test_chains_first_game_is_gentle_and_says_why_it_stops_after_a_royal(phone: Any) -> None:
    page = phone
    choice = f"{CHAINS.selector} select[data-opponent]"
    CHAINS.open(page)
    CHAINS.wait_for_human(page)
    assert page.get_attribute(choice, "data-opponent") == "gentle"
    words = [plain(w) for w in page.eval_on_selector_all(f"{choice} option", "os => os.map(o => o.textContent)")]
    assert words == ["Gentle", "Standard"]
    assert plain(page.inner_text(f"#{page.get_attribute(choice, 'id')}-about")) == (
        "Gentle: gives you time, never plays again after a royal")
    assert "You play the gentle computer" in CHAINS.status(page)
    assert CHAINS.saved(page)["opponent"] == "gentle"
    # A save against the gentle computer, where player 3 has just stopped after a royal.
    record = bot_record(CHAINS, SEED, 3, CHAINS_STOP_AT, opponent="gentle")
    assert len(record["moves"]) == CHAINS_STOP_AT
    assert CHAINS.open_save(page, record) == "you"
    log = CHAINS.log(page)
    assert log[-1] == ("Player 3 stopped after the royal: the gentle computer never plays again after a royal, "
                       "to give you time."), log
    axe_clean(page)
    assert not page.errors, page.errors
