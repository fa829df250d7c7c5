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
from generator.engine.play import saves
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


def _status(page: Any) -> str:
    return plain(page.inner_text(f"{CHIPS.selector} [data-status]"))


def test_the_first_game_is_against_the_gentle_computer_and_the_table_says_so(phone: Any) -> None:
    page = phone
    CHIPS.open(page)
    CHIPS.wait_for_human(page)
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert page.eval_on_selector(CHOICE, "s => s.value") == "gentle"
    words = [plain(w) for w in page.eval_on_selector_all(f"{CHOICE} option", "os => os.map(o => o.textContent)")]
    assert words == ["Gentle: gives you time, and says why it calls", "Standard"]
    assert plain(page.inner_text(f"label[for='{page.get_attribute(CHOICE, 'id')}']")) == "Computer"
    assert "You play the gentle computer" in _status(page)
    record = CHIPS.saved(page)
    assert record["opponent"] == "gentle"
    saves.replay(chips_play, record["players"], record["seed"], record["moves"], opponent="gentle")
    axe_clean(page)
    assert not page.errors, page.errors


def test_a_save_from_before_the_levels_is_against_the_standard_computer(phone: Any) -> None:
    page = phone
    CHIPS.store(page, json.dumps(bot_record(CHIPS, 5, 3, 12)))
    CHIPS.open(page)
    CHIPS.wait_for_human(page)
    assert page.get_attribute(CHOICE, "data-opponent") == "standard"
    assert "You play the standard computer" in _status(page)
    record = CHIPS.saved(page)
    assert "opponent" not in record  # the save means what it always meant
    saves.replay(chips_play, 3, 5, record["moves"])
    # A level no page knows is a save this page cannot read: set aside, a fresh (gentle) game dealt.
    CHIPS.store(page, json.dumps({**bot_record(CHIPS, 5, 3, 12), "opponent": "ruthless"}))
    CHIPS.open(page)
    assert "could not be read" in plain(page.inner_text(f"{CHIPS.selector} [data-note]"))
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert not page.errors, page.errors


def test_changing_the_computer_asks_before_replacing_a_game_in_progress(phone: Any) -> None:
    page = phone
    CHIPS.store(page, json.dumps(bot_record(CHIPS, SEED, 3, PASS_AT, opponent="gentle")))
    CHIPS.open(page)
    assert CHIPS.wait_for_human(page) == "you"
    before = CHIPS.saved(page)
    page.select_option(CHOICE, "standard")
    ask = f"{CHIPS.selector} [data-opponent-ask]"
    page.wait_for_selector(ask)
    assert "Play the standard computer?" in plain(page.inner_text(ask))
    axe_clean(page)
    # Keep my game: nothing changes, the choice goes back to the level playing.
    page.locator(f"{ask} [data-opponent-keep]").tap()
    assert page.locator(ask).count() == 0
    assert CHIPS.saved(page) == before
    assert page.eval_on_selector(CHOICE, "s => s.value") == "gentle"
    # Start a new game: a new deal against the standard computer, saved so.
    page.select_option(CHOICE, "standard")
    page.locator(f"{ask} [data-opponent-start]").tap()
    assert page.locator(ask).count() == 0
    CHIPS.wait_for_human(page)
    record = CHIPS.saved(page)
    assert record["opponent"] == "standard" and record["seed"] != before["seed"]
    assert page.get_attribute(CHOICE, "data-opponent") == "standard"
    assert "You play the standard computer" in _status(page)
    saves.replay(chips_play, record["players"], record["seed"], record["moves"], opponent="standard")
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
        CHIPS.store(page, json.dumps(bot_record(CHIPS, SEED, 3, moves, opponent="gentle")))
        CHIPS.open(page)
        assert CHIPS.wait_for_human(page) == "you"
        log = [plain(li) for li in page.eval_on_selector_all(f"{CHIPS.selector} [data-log] li", "ls => ls.map(l => l.textContent)")]
        assert log[-1] == words, log
    assert not page.errors, page.errors


def test_chains_first_game_is_gentle_and_says_why_it_stops_after_a_royal(phone: Any) -> None:
    page = phone
    choice = f"{CHAINS.selector} select[data-opponent]"
    CHAINS.open(page)
    CHAINS.wait_for_human(page)
    assert page.get_attribute(choice, "data-opponent") == "gentle"
    words = [plain(w) for w in page.eval_on_selector_all(f"{choice} option", "os => os.map(o => o.textContent)")]
    assert words == ["Gentle: gives you time, never plays again after a royal", "Standard"]
    assert "You play the gentle computer" in plain(page.inner_text(f"{CHAINS.selector} [data-status]"))
    assert CHAINS.saved(page)["opponent"] == "gentle"
    # A save against the gentle computer, where player 3 has just stopped after a royal.
    record = bot_record(CHAINS, SEED, 3, CHAINS_STOP_AT, opponent="gentle")
    assert len(record["moves"]) == CHAINS_STOP_AT
    CHAINS.store(page, json.dumps(record))
    CHAINS.open(page)
    assert CHAINS.wait_for_human(page) == "you"
    log = [plain(li) for li in page.eval_on_selector_all(f"{CHAINS.selector} [data-log] li", "ls => ls.map(l => l.textContent)")]
    assert log[-1] == ("Player 3 stopped after the royal: the gentle computer never plays again after a royal, "
                       "to give you time."), log
    axe_clean(page)
    assert not page.errors, page.errors
