"""The computer's level at the 3 Chip Stack practice table (issue 28, item 3), in Chromium at
360 x 740 on the built site.

A first game is against the gentle computer (generator/engine/play/three_chip_stack.py LEVELS): the
table's choice, an element with `data-opponent` (its value the level), says so in words beside the
standard one, and the status line says which is playing. The save keeps the level (`opponent`); a
save from before the levels reads as the standard computer. Changing the level deals a new game,
asking first while a game is in progress. The gentle computer's log says why it folds, checks,
keeps and bets.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import saves
from generator.engine.play import three_chip_stack as stack_play
from tests.support.tables import Table, axe_clean, bot_record, plain, practice_phone

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

STACK = Table("3-chip-stack", stack_play, shots="stack")
CHOICE = f"{STACK.selector} select[data-opponent]"
ASK = f"{STACK.selector} [data-opponent-ask]"
#: 3 Chip Stack, seed 0, four players (the table's size), every seat the gentle computer: Players 3
#: and 4 fold to the dealer's stack, you see it, the dealer (Player 2) checks; after the exchange
#: you check and Player 2 bets, the 8th move, just before your turn (found with the Python
#: reference).
SEED, PLAYERS, FOLD_AT, BET_AT = 0, 4, 2, 8


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def _status(page: Any) -> str:
    return plain(page.inner_text(f"{STACK.selector} [data-status]"))


def _log(page: Any) -> list[str]:
    return [plain(li) for li in page.eval_on_selector_all(f"{STACK.selector} [data-log] li", "ls => ls.map(l => l.textContent)")]


def test_the_first_stack_game_is_against_the_gentle_computer_and_the_table_says_so(phone: Any) -> None:
    page = phone
    STACK.open(page)
    STACK.wait_for_human(page)
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert page.eval_on_selector(CHOICE, "s => s.value") == "gentle"
    words = [plain(w) for w in page.eval_on_selector_all(f"{CHOICE} option", "os => os.map(o => o.textContent)")]
    assert words == ["Gentle: never raises or bluffs, and says why", "Standard"]
    assert plain(page.inner_text(f"label[for='{page.get_attribute(CHOICE, 'id')}']")) == "Computer"
    assert ("You play the gentle computer: it never raises or bluffs, bets only with strong cards, and says why it "
            "bets, sees or folds.") in _status(page)
    record = STACK.saved(page)
    assert record["opponent"] == "gentle"
    saves.replay(stack_play, record["players"], record["seed"], record["moves"], opponent="gentle")
    axe_clean(page)
    assert not page.errors, page.errors


def test_a_stack_save_from_before_the_levels_is_against_the_standard_computer(phone: Any) -> None:
    page = phone
    STACK.store(page, json.dumps(bot_record(STACK, 5, 3, 12)))
    STACK.open(page)
    STACK.wait_for_human(page)
    assert page.get_attribute(CHOICE, "data-opponent") == "standard"
    assert "You play the standard computer: it bets and raises as much as its cards are worth." in _status(page)
    record = STACK.saved(page)
    assert "opponent" not in record  # the save means what it always meant
    saves.replay(stack_play, 3, 5, record["moves"])
    assert not any("gentle" in line for line in _log(page))
    assert not page.errors, page.errors


def test_the_gentle_stack_computer_says_why_it_folds_checks_keeps_and_bets(phone: Any) -> None:
    page = phone
    # Players 3 and 4 have folded, the 2nd move, just before your turn.
    STACK.store(page, json.dumps(bot_record(STACK, SEED, PLAYERS, FOLD_AT, opponent="gentle")))
    STACK.open(page)
    assert STACK.wait_for_human(page) == "you"
    assert _log(page)[-1] == ("Player 4 folded, passing the dealer (Player 2) a chip: the gentle computer folds weak "
                              "cards early, even at that cost.")
    # Player 2 has bet, the 8th move; the table shows the last five lines.
    STACK.store(page, json.dumps(bot_record(STACK, SEED, PLAYERS, BET_AT, opponent="gentle")))
    STACK.open(page)
    assert STACK.wait_for_human(page) == "you"
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert _log(page) == [
        "Player 2 checked: the gentle computer never raises. The first round of betting is over: now the exchange.",
        "You threw away 4♠ and were dealt 5♦.",
        ("Player 2 kept their three cards: the gentle computer keeps all three when even the worst is better than "
         "most cards it cannot see. The exchange is over: the second round of betting."),
        "You checked.",  # your own moves are said as before, without a reason
        "Player 2 bet 3 chips: the gentle computer bets only with strong cards, and only a stack of 3.",
    ]
    axe_clean(page)
    assert not page.errors, page.errors


def test_changing_the_stack_computer_asks_before_replacing_a_game_in_progress(phone: Any) -> None:
    page = phone
    STACK.store(page, json.dumps(bot_record(STACK, SEED, PLAYERS, BET_AT, opponent="gentle")))
    STACK.open(page)
    assert STACK.wait_for_human(page) == "you"
    before = STACK.saved(page)
    page.select_option(CHOICE, "standard")
    page.wait_for_selector(ASK)
    assert "Play the standard computer?" in plain(page.inner_text(ASK))
    assert f"seed {SEED}, {BET_AT} moves made, against the gentle computer" in plain(page.inner_text(ASK))
    axe_clean(page)
    # Keep my game: nothing changes, the choice goes back to the level playing.
    page.locator(f"{ASK} [data-opponent-keep]").tap()
    assert page.locator(ASK).count() == 0
    assert STACK.saved(page) == before
    assert page.eval_on_selector(CHOICE, "s => s.value") == "gentle"
    assert "You play the gentle computer" in _status(page)
    # Start a new game: a new deal against the standard computer, saved so.
    page.select_option(CHOICE, "standard")
    page.locator(f"{ASK} [data-opponent-start]").tap()
    assert page.locator(ASK).count() == 0
    STACK.wait_for_human(page)
    record = STACK.saved(page)
    assert record["opponent"] == "standard" and record["seed"] != before["seed"]
    assert page.get_attribute(CHOICE, "data-opponent") == "standard"
    assert "You play the standard computer" in _status(page)
    saves.replay(stack_play, record["players"], record["seed"], record["moves"], opponent="standard")
    assert not page.errors, page.errors
