"""The practice tables play by the table's own rules (issue 25), in Chromium at 360 x 740 on the
built site.

A ?house=<option-id>:<value>,... link (the game page's form) opens a practice game played by those
rules: the table says which, in the words the game page uses, keeps them in its save, and its moves
follow them (checked against the Python reference replaying the page's own save under the same
rules, in a position where the family's rules allow other moves). A link never replaces a game in
progress without asking, and a new game takes the rules the game page was set to on this device,
or, when those differ from the game's on the table (a link's), asks which.
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
from generator.engine.play import three_chip_stack as stack_play
from tests.support.tables import Table, axe_clean, bot_record, house_only_play, plain, practice_phone

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

CHAINS = Table("chains", chains_play, shots="chains")
STACK = Table("3-chip-stack", stack_play, shots="stack")
#: Chains, seed 1, three players: at your first turn the family's rules let only the 5 of diamonds
#: go on the pile, the same-rank variation the 4 of spades too (found with the Python reference).
CHAINS_SEED = 1
SAME_RANK = {"same-rank": "played"}
#: 3 Chip Stack, seed 2, three players: player 3 deals, so you (player 1) act first.
STACK_SEED = 2
AFTER_HAND = {"passed-chip": "after-hand"}


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def test_a_house_link_opens_a_chains_game_played_by_the_same_rank_variation(phone: Any) -> None:
    page = phone
    CHAINS.open(page, f"?seed={CHAINS_SEED}&players=3&house=same-rank:played")
    assert CHAINS.wait_for_human(page) == "you"
    line = CHAINS.house_line(page)
    assert line.startswith("Playing with your table's rules:") and "same rank" in line.lower(), line
    record = CHAINS.saved(page)
    assert record["house"] == SAME_RANK
    state = saves.replay(chains_play, record["players"], record["seed"], record["moves"], house=record["house"])
    # The card only the variation allows is played, and the table takes it.
    only = house_only_play(page, CHAINS, state)
    page.locator(f"{CHAINS.selector} [data-hand] [data-card='{only}']").tap()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(CHAINS.key)})).moves.length > "
                           f"{len(record['moves'])}")
    assert CHAINS.saved(page)["moves"][len(record["moves"])] == {"action": "play", "card": only}
    # The link to this game carries the rules, in the game page's form.
    assert "house=same-rank:played" in str(page.get_attribute(f"{CHAINS.selector} [data-share]", "href"))
    axe_clean(page)
    assert not page.errors, page.errors


def test_a_house_link_opens_a_3_chip_stack_game_where_the_passed_chip_waits(phone: Any) -> None:
    page = phone
    STACK.open(page, f"?seed={STACK_SEED}&players=3&house=passed-chip:after-hand")
    assert STACK.wait_for_human(page) == "you"
    assert "Playing with your table's rules:" in STACK.house_line(page)
    assert STACK.saved(page)["house"] == AFTER_HAND
    dealer = stack_play.new_game(3, STACK_SEED)["dealer"]
    assert dealer == 2
    page.locator(f"{STACK.selector} [data-move='fold']").tap()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(STACK.key)})).moves.length > 0")
    record = STACK.saved(page)
    state = saves.replay(stack_play, 3, STACK_SEED, record["moves"][:1], house=AFTER_HAND)
    # By the family's rules the dealer would hold 13 at once; by this table's, 12 until the hand ends.
    assert state["chips"][dealer] == 12
    assert stack_play.apply_move(stack_play.new_game(3, STACK_SEED), record["moves"][0])["chips"][dealer] == 13
    assert not page.errors, page.errors


def test_a_house_link_never_replaces_a_game_in_progress_unasked(phone: Any) -> None:
    page = phone
    saved = bot_record(CHAINS, 7, 3, 40)
    CHAINS.store(page, json.dumps(saved))
    CHAINS.open(page, "?house=same-rank:played")
    assert CHAINS.saved(page)["moves"][:40] == saved["moves"] and "house" not in CHAINS.saved(page)
    offer = page.locator(f"{CHAINS.selector} [data-offer]")
    words = plain(offer.inner_text())
    assert "your table's rules" in words and "the family's rules" in words, words
    assert CHAINS.house_line(page) == ""  # the game on the table plays the family's rules
    offer.get_by_role("button", name="Start the linked game").tap()
    assert CHAINS.saved(page)["house"] == SAME_RANK
    assert "house=same-rank:played" in page.url
    assert not page.errors, page.errors


def _new_game(page: Any) -> None:
    """New game, tapped once the computer seats have moved: each game here is dealt from a random
    seed, and the seats move before your turn in 7,507 deals of 10,000 (3 Chip Stack, four players),
    the page then scrolling to your cards; a tap made during that scroll lands where the button was
    (issue 41)."""
    STACK.wait_for_human(page)
    page.locator(f"{STACK.selector} .rb-table__setup button").tap()


def test_a_new_game_takes_the_rules_chosen_on_the_game_page(phone: Any) -> None:
    page = phone
    page.goto(page.base)  # the site's storage is written from one of its pages
    page.evaluate("""() => localStorage.setItem('rulebook-house-3-chip-stack',
        JSON.stringify({version: 1, house: {'odd-chip': 'dealer'}}))""")
    STACK.open(page)
    _new_game(page)
    assert STACK.saved(page)["house"] == {"odd-chip": "dealer"}
    assert "Playing with your table's rules:" in STACK.house_line(page)
    assert "house=odd-chip:dealer" in page.url
    # Back to the family's rules on the game page: New game asks which rules (the game on the
    # table plays the dealer's odd chip), and the family's are one tap.
    page.evaluate("() => localStorage.removeItem('rulebook-house-3-chip-stack')")
    _new_game(page)
    ask = page.locator(f"{STACK.selector} [data-rules-ask]")
    words = plain(ask.inner_text())
    assert "your table's rules" in words and "the family's rules" in words, words
    ask.get_by_role("button", name="The family's rules").tap()
    assert "house" not in STACK.saved(page)
    assert page.is_hidden(f"{STACK.selector} [data-house-rules]")
    assert "house=" not in page.url
    assert not page.errors, page.errors


def test_a_house_link_opens_a_chips_game_by_the_tables_k_a_2(phone: Any) -> None:
    """The Chips table (its engine takes the house since issue 25's Chips practice game) is wired the
    same way: the link's rules are the game's, kept in the save and named on the table."""
    page = phone
    chips = Table("chips", chips_play, shots="chips")
    chips.open(page, "?seed=3&players=3&house=k-a-2:group")
    record = chips.saved(page)
    assert record["house"] == {"k-a-2": "group"}
    assert chips.house_line(page).startswith("Playing with your table's rules:")
    assert "house=k-a-2:group" in str(page.get_attribute(f"{chips.selector} [data-share]", "href"))
    state = saves.replay(chips_play, 3, 3, record["moves"], house=record["house"])
    assert state["house"] == {"k-a-2": "group"}
    assert not page.errors, page.errors


def test_a_new_game_keeps_a_links_rules_and_asks_before_changing_them(phone: Any) -> None:
    """Issue 39: /3-chip-stack/play/?house=odd-chip:next-hand, then New game: the new game keeps the
    link's rules (its save and the address say them) unless the player picks the rules this device
    keeps, and it asks which rather than dropping them unsaid."""
    page = phone
    STACK.open(page, "?house=odd-chip:next-hand")
    next_hand = {"odd-chip": "next-hand"}
    assert STACK.saved(page)["house"] == next_hand
    first_seed = STACK.saved(page)["seed"]
    _new_game(page)
    ask = page.locator(f"{STACK.selector} [data-rules-ask]")
    words = plain(ask.inner_text())
    assert "your table's rules" in words and "the family's rules" in words, words
    assert STACK.saved(page)["seed"] == first_seed  # nothing dealt before the answer
    ask.get_by_role("button", name="The same rules as this game").tap()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(STACK.key)})).seed !== {first_seed}")
    assert STACK.saved(page)["house"] == next_hand
    assert json.loads(str(page.get_attribute(STACK.selector, "data-house"))) == next_hand
    assert "house=odd-chip:next-hand" in page.url
    assert "Playing with your table's rules:" in STACK.house_line(page)
    assert page.locator(f"{STACK.selector} [data-rules-ask]").count() == 0
    # Asked again, the family's rules: then the address says none.
    _new_game(page)
    page.locator(f"{STACK.selector} [data-rules-ask]").get_by_role("button", name="The family's rules").tap()
    assert "house" not in STACK.saved(page) and "house=" not in page.url
    # By the device's rules now, New game deals at once.
    seed = STACK.saved(page)["seed"]
    _new_game(page)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(STACK.key)})).seed !== {seed}")
    assert page.locator(f"{STACK.selector} [data-rules-ask]").count() == 0
    axe_clean(page)
    assert not page.errors, page.errors
