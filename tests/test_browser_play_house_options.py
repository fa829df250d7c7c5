"""The play-only house options, chosen on the game page and played at the practice table (issue 25),
in Chromium at 360 x 740 with touch on the built site.

Two options change only what may be played, so only the practice table can show them: Chips
"Throwing back the card you took" (throw-back: allowed, the family's, or not-allowed) and the Chains
variation "Draw after a royal" (draw-after-royal: not-played, the family's, or played). For each, the
reading is tapped in "Your table's rules" on the game page, the game page's own "Try a practice
game" link opens the table, and the table deals a game from a seed the Python reference deals too
(tables.deal_from): the position where the readings differ is found there (CHIPS_SEED, CHAINS_SEED),
and reached by tapping the table's buttons. The table says which rules it plays, does what the
chosen reading says, and after one tap on the game page's "Back to the family's rules" the next new
game does what the family's rules say, in the same position.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from generator.engine.play import chains as chains_play
from generator.engine.play import chips as chips_play
from generator.engine.play import saves
from tests.support.tables import (
    HOUSE_BANNER,
    Table,
    back_to_family_rules,
    choose_reading,
    deal_from,
    open_rules,
    plain,
    practice_from_rules,
    practice_phone,
    rules_from_practice,
)

from .conftest import SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

CHIPS = Table("chips", chips_play, shots="chips")
CHAINS = Table("chains", chains_play, shots="chains")
#: Chips, seed 1, four players (the table's first game: four seats, the gentle computer): you hold
#: the extra card and open by throwing away 4♠; the three computers take and throw away, and at your
#: first take the pile's top card is J♦, which you may throw straight back by the family's rules
#: and not under throw-back not-allowed (found with generator/engine/play/chips.py).
CHIPS_SEED = 1
CHIPS_PLAYERS = 4
CHIPS_OPENING = "4S"
CHIPS_TAKEN = "JD"
NOT_ALLOWED = {"throw-back": "not-allowed"}
#: Chains, seed 17, three players (the table's first game): you play first, 6♦ on 7♦ is a royal,
#: and then no card of yours can go: by the family's rules you stop and keep four cards, with
#: draw-after-royal you draw a fifth (found with generator/engine/play/chains.py).
CHAINS_SEED = 17
CHAINS_PLAYERS = 3
CHAINS_ROYAL = "6D"
DRAW_AFTER_ROYAL = {"draw-after-royal": "played"}


@pytest.fixture()
def phone(browser: Any, site_url: str) -> Iterator[Any]:
    with practice_phone(browser, site_url) as page:
        yield page


def _practice_by_reading(page: Any, table: Table, seed: int, house: dict[str, str], banner: str) -> str:
    """On the game page, the one reading in `house` chosen in "Your table's rules": the address
    carries it and the banner names it (`banner`, the option's name). Then the game page's own
    "Try a practice game" link: the table deals `seed` by those rules and saves them. The table's
    line saying which rules it plays."""
    ((option, value),) = house.items()
    deal_from(page, seed)
    open_rules(page, table.game)
    choose_reading(page, option, value)
    assert page.url.endswith(f"{table.game}/?house={option}:{value}")
    assert banner in plain(page.text_content(HOUSE_BANNER))
    practice_from_rules(page, table)
    assert table.saved(page)["house"] == house
    return table.house_line(page)


def _new_game_by_family_rules(page: Any, table: Table) -> None:
    """From the table, "Back to the rules"; there, one tap on the banner back to the family's rules
    (the address loses the table's rules); then "Try a practice game" and New game: a game by the
    family's rules, saved without house rules, and the table names none."""
    sel = table.selector
    rules_from_practice(page, table.game)
    back_to_family_rules(page)
    assert page.url.split("?")[0].endswith(f"{table.game}/") and "house=" not in page.url
    practice_from_rules(page, table)
    page.locator(f"{sel} .rb-table__setup button").tap()
    # The game on the table plays the table's rules, this device now the family's: New game asks.
    page.locator(f"{sel} [data-rules-ask]").get_by_role("button", name="The family's rules").tap()
    page.wait_for_function(f"() => document.querySelector({sel!r}).dataset.moves === '0'")
    assert "house" not in table.saved(page)
    assert table.house_line(page) == ""


def _replayed(table: Table, page: Any) -> dict[str, Any]:
    """The Python reference's state after the page's own save, by the save's rules."""
    record = table.saved(page)
    state: dict[str, Any] = saves.replay(table.play, record["players"], record["seed"], record["moves"],
                                         house=record.get("house") or {})
    return state


def _moves(page: Any, table: Table) -> int:
    return len(table.saved(page)["moves"])


def _wait_moves(page: Any, table: Table, more_than: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector({table.selector!r}).dataset.moves) > {more_than}")


# --- Chips: throwing back the card you took ------------------------------------------------------

def _chips_to_first_take(page: Any) -> dict[str, Any]:
    """The seeded game on the table: you open with CHIPS_OPENING (tap it, then Discard), the
    computers play, and it is your first take. The reference's state there."""
    sel = CHIPS.selector
    assert CHIPS.wait_for_human(page) == "you"
    assert page.get_attribute(sel, "data-seed") == str(CHIPS_SEED)
    assert page.get_attribute(sel, "data-players") == str(CHIPS_PLAYERS)
    page.locator(f"{sel} [data-hand] [data-card='{CHIPS_OPENING}']").tap()
    page.locator(f'{sel} [data-move="discard"]').tap()
    _wait_moves(page, CHIPS, 0)
    assert CHIPS.wait_for_human(page) == "you"
    state = _replayed(CHIPS, page)
    assert state["phase"] == "take" and state["seat"] == 0 and state["pile"][-1] == CHIPS_TAKEN
    return state


def _chips_take_and_throw_back(page: Any) -> int:
    """Take the pile's top card (tap it), then tap it in your hand and Discard. The moves saved
    before the Discard."""
    sel = CHIPS.selector
    page.locator(f"{sel} [data-pile-index='0']").tap()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({CHIPS.key!r})).moves.at(-1).type === 'take'")
    assert CHIPS_TAKEN in CHIPS.hand_on_page(page)
    before = _moves(page, CHIPS)
    page.locator(f"{sel} [data-hand] [data-card='{CHIPS_TAKEN}']").tap()
    page.locator(f'{sel} [data-move="discard"]').tap()
    return before


def test_chips_throw_back_set_on_the_game_page_is_played_at_the_table_and_undone(phone: Any) -> None:
    page = phone
    sel = CHIPS.selector
    # The table the game page links to deals a game by the table's rules, and says so.
    line = _practice_by_reading(page, CHIPS, CHIPS_SEED, NOT_ALLOWED, "Throwing back the card you took: not allowed")
    assert line == "Playing with your table's rules: Throwing back the card you took: not allowed.", line
    state = _chips_to_first_take(page)
    # The position tells the readings apart: after taking J♦ from the pile, it may go back by the
    # family's rules only.
    taken = chips_play.apply_move(state, {"type": "take", "from": "pile", "index": 0})
    assert {"type": "discard", "card": CHIPS_TAKEN} not in chips_play.legal_moves(taken)
    assert {"type": "discard", "card": CHIPS_TAKEN} in chips_play.legal_moves({**taken, "house": {}})

    # Thrown straight back: refused, in words, with the table's rule; nothing is saved.
    before = _chips_take_and_throw_back(page)
    said = CHIPS.message(page)
    assert said.startswith("Not allowed: J♦ was just taken from the discard pile, and at this table it may "
                           "not be thrown straight back"), said
    assert "chips-" not in said and CHIPS_TAKEN not in said.split(), said
    assert _moves(page, CHIPS) == before
    assert CHIPS_TAKEN in CHIPS.hand_on_page(page)
    # Another card goes.
    other = next(c for c in CHIPS.hand_on_page(page) if c != CHIPS_TAKEN)
    page.locator(f"{sel} [data-hand] [data-card='{other}']").tap()
    page.locator(f'{sel} [data-move="discard"]').tap()
    _wait_moves(page, CHIPS, before)
    assert CHIPS.saved(page)["moves"][before] == {"type": "discard", "card": other}

    # One tap back to the family's rules on the game page; the next new game plays them.
    _new_game_by_family_rules(page, CHIPS)
    _chips_to_first_take(page)
    before = _chips_take_and_throw_back(page)
    _wait_moves(page, CHIPS, before)
    assert CHIPS.saved(page)["moves"][before] == {"type": "discard", "card": CHIPS_TAKEN}
    assert CHIPS.message(page) == ""
    assert not page.errors, page.errors


def test_chips_discard_prompt_follows_throw_back_not_allowed(phone: Any) -> None:
    """Under throw-back not-allowed, the prompt to throw a card away after taking from the pile
    never tells you the card just taken may go straight back."""
    page = phone
    # Opened by the link form (the control is tested above).
    page.goto(f"{page.base}chips/play/?seed={CHIPS_SEED}&players={CHIPS_PLAYERS}&house=throw-back:not-allowed",
              wait_until="networkidle")
    page.wait_for_selector(f"{CHIPS.selector}[data-mounted='true']")
    assert CHIPS.saved(page)["house"] == NOT_ALLOWED
    _chips_to_first_take(page)
    page.locator(f"{CHIPS.selector} [data-pile-index='0']").tap()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({CHIPS.key!r})).moves.at(-1).type === 'take'")
    prompt = plain(page.inner_text(f"{CHIPS.selector} [data-prompt]"))
    assert prompt.startswith("Now throw one card away"), prompt
    assert "may go straight back" not in prompt, prompt
    assert "just taken from the pile, may not go straight back" in prompt, prompt


# --- Chains: draw after a royal ------------------------------------------------------------------

def _chains_royal(page: Any) -> dict[str, Any]:
    """The seeded hand: you play first, and tap CHAINS_ROYAL, a royal on the top card. The
    reference's state after it (your extra play)."""
    sel = CHAINS.selector
    assert CHAINS.wait_for_human(page) == "you"
    assert page.get_attribute(sel, "data-seed") == str(CHAINS_SEED)
    assert page.get_attribute(sel, "data-players") == str(CHAINS_PLAYERS)
    assert _moves(page, CHAINS) == 0
    page.locator(f"{sel} [data-hand] [data-card='{CHAINS_ROYAL}']").tap()
    _wait_moves(page, CHAINS, 0)
    assert CHAINS.wait_for_human(page) == "you"
    state = _replayed(CHAINS, page)
    assert state["again"] and state["turn"] == 0
    assert page.locator(f"{sel} [data-hand] [data-playable='true']").count() == 0
    return state


def test_chains_draw_after_royal_set_on_the_game_page_is_played_at_the_table_and_undone(phone: Any) -> None:
    page = phone
    sel = CHAINS.selector
    line = _practice_by_reading(page, CHAINS, CHAINS_SEED, DRAW_AFTER_ROYAL, "After a royal: draw if you cannot play")
    assert line.startswith("Playing with your table's rules:") and "After a royal: draw if you cannot play" in line, line
    state = _chains_royal(page)
    # The position tells the readings apart: stopping is a draw here, a pass by the family's rules.
    assert chains_play.legal_moves(state) == [{"action": "draw"}]
    assert chains_play.legal_moves({**state, "house": {}}) == [{"action": "pass"}]
    drawn = state["deck"][0]

    # The table offers the draw, not "Stop here", and says why.
    assert page.is_visible(f'{sel} [data-move="draw"]')
    assert page.is_hidden(f'{sel} [data-move="pass"]')
    prompt = plain(page.inner_text(f"{sel} [data-prompt]"))
    assert "draw a card to stop (your table's rules)" in prompt, prompt
    page.locator(f'{sel} [data-move="draw"]').tap()
    _wait_moves(page, CHAINS, 1)
    assert CHAINS.saved(page)["moves"][1] == {"action": "draw"}
    assert len(_replayed(CHAINS, page)["hands"][0]) == 5 and drawn in _replayed(CHAINS, page)["hands"][0]

    # One tap back to the family's rules on the game page; the next new game plays them.
    _new_game_by_family_rules(page, CHAINS)
    _chains_royal(page)
    assert page.is_hidden(f'{sel} [data-move="draw"]')
    stop = page.locator(f'{sel} [data-move="pass"]')
    assert plain(stop.inner_text()) == "Stop here"
    stop.tap()
    _wait_moves(page, CHAINS, 1)
    assert CHAINS.saved(page)["moves"][1] == {"action": "pass"}
    assert len(_replayed(CHAINS, page)["hands"][0]) == 4
    assert not page.errors, page.errors
