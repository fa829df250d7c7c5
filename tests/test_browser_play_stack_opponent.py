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

import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import three_chip_stack as stack_play
from tests.support.opponents import (
    check_changing_asks_first,
    check_first_game_is_gentle,
    check_save_from_before_the_levels_is_standard,
)
from tests.support.tables import Table, axe_clean, bot_record, practice_phone

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

STACK = Table("3-chip-stack", stack_play, shots="stack")
CHOICE = f"{STACK.selector} select[data-opponent]"
#: 3 Chip Stack, seed 0, four players (the table's size), every seat the gentle computer: Players 3
#: and 4 fold to the dealer's stack, you see it, the dealer (Player 2) checks; after the exchange
#: you check and Player 2 bets, the 8th move, just before your turn (found with the Python
#: reference).
SEED, PLAYERS, FOLD_AT, BET_AT = 0, 4, 2, 8


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def test_the_first_stack_game_is_against_the_gentle_computer_and_the_table_says_so(phone: Any) -> None:
    page = phone
    check_first_game_is_gentle(
        page, STACK, options=["Gentle: never raises or bluffs, and says why", "Standard"],
        status=("You play the gentle computer: it never raises or bluffs, bets only with strong cards, and says why it "
                "bets, sees or folds."))
    assert not page.errors, page.errors


def test_a_stack_save_from_before_the_levels_is_against_the_standard_computer(phone: Any) -> None:
    page = phone
    check_save_from_before_the_levels_is_standard(
        page, STACK, status="You play the standard computer: it bets and raises as much as its cards are worth.")
    assert not any("gentle" in line for line in STACK.log(page))
    assert not page.errors, page.errors


def test_the_gentle_stack_computer_says_why_it_folds_checks_keeps_and_bets(phone: Any) -> None:
    page = phone
    # Players 3 and 4 have folded, the 2nd move, just before your turn.
    assert STACK.open_save(page, bot_record(STACK, SEED, PLAYERS, FOLD_AT, opponent="gentle")) == "you"
    assert STACK.log(page)[-1] == ("Player 4 folded, passing the dealer (Player 2) a chip: the gentle computer folds weak "
                              "cards early, even at that cost.")
    # Player 2 has bet, the 8th move; the table shows the last five lines.
    assert STACK.open_save(page, bot_record(STACK, SEED, PLAYERS, BET_AT, opponent="gentle")) == "you"
    assert page.get_attribute(CHOICE, "data-opponent") == "gentle"
    assert STACK.log(page) == [
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
    check_changing_asks_first(
        page, STACK, bot_record(STACK, SEED, PLAYERS, BET_AT, opponent="gentle"),
        asks=["Play the standard computer?", f"seed {SEED}, {BET_AT} moves made, against the gentle computer"],
        kept_status="You play the gentle computer")
    assert not page.errors, page.errors
