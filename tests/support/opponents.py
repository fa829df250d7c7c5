"""What the browser tests of the computer's levels at the practice tables share (issue 28, item 3:
tests/test_browser_play_opponent.py for Chips and Chains, test_browser_play_stack_opponent.py for
3 Chip Stack): the table's choice of computer, a first game against the gentle one, a save from
before the levels, and a change of level while a game is in progress."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.engine.play import saves
from tests.support.tables import Table, axe_clean, bot_record, plain


def choice(table: Table) -> str:
    """The table's choice of computer, whose `data-opponent` is the level playing."""
    return f"{table.selector} select[data-opponent]"


def check_first_game_is_gentle(page: Any, table: Table, *, options: list[str], status: str) -> None:
    """A first game at `table` (nothing saved) is against the gentle computer: the choice, labelled
    "Computer", says so and offers `options` in words; the status line holds `status`; the save
    names the level and replays with every computer seat gentle; axe-core finds nothing."""
    pick = choice(table)
    table.open(page)
    # The first game's seed is random: at 3 Chip Stack its first hand ends before your turn in 253
    # deals of 10,000, and the status line then says only "Hand 1 is over" (issue 41). The table
    # says which computer you play on your turn, so the test plays on to it, whatever the deal.
    assert table.to_your_turn(page) == "you"
    assert page.get_attribute(pick, "data-opponent") == "gentle"
    assert page.eval_on_selector(pick, "s => s.value") == "gentle"
    # Each option names its level; the line after the choice says the chosen one whole (issue 40:
    # a phone's select cut "Gentle: gives you time, and says why it c…").
    words = [plain(w) for w in page.eval_on_selector_all(f"{pick} option", "os => os.map(o => o.textContent)")]
    assert words == [o.split(":")[0] for o in options]
    about = f"#{page.get_attribute(pick, 'id')}-about"
    assert plain(page.inner_text(about)) == options[0]
    assert page.get_attribute(pick, "aria-describedby") == about[1:]
    check_choice_shows_whole(page, pick, about)
    assert plain(page.inner_text(f"label[for='{page.get_attribute(pick, 'id')}']")) == "Computer"
    assert status in table.status(page)
    record = table.saved(page)
    assert record["opponent"] == "gentle"
    saves.replay(table.play, record["players"], record["seed"], record["moves"], opponent="gentle")
    axe_clean(page)


#: For a select: the widest option's words, set in the select's own font, and the room inside it
#: for them (its width less its padding, border and the arrow's 20 px, as Chromium draws it).
_FIT = """(sel) => {
  const s = document.querySelector(sel);
  const cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const widest = Math.max(...[...s.options].map(o => ctx.measureText(o.textContent).width));
  const room = s.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
    - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - 20;
  return {widest, room};
}"""


def check_choice_shows_whole(page: Any, pick: str, about: str) -> None:
    """Every option of the choice fits inside it, and the line about the level is not cut."""
    fit = page.evaluate(_FIT, pick)
    assert fit["widest"] <= fit["room"], f"{pick}: its words are cut off ({fit})"
    box = page.eval_on_selector(about, "e => [e.scrollWidth, e.clientWidth, e.getBoundingClientRect().right, innerWidth]")
    assert box[0] <= box[1] and box[2] <= box[3], f"{about} is cut off: {box}"


def check_save_from_before_the_levels_is_standard(page: Any, table: Table, *, status: str) -> None:
    """A save from before the levels (no `opponent`; seed 5, three players, 12 moves by the standard
    computer) plays against the standard computer, the status line holding `status`, and the save
    still names no level: it replays against the standard computer."""
    table.open_save(page, bot_record(table, 5, 3, 12))
    assert page.get_attribute(choice(table), "data-opponent") == "standard"
    assert status in table.status(page)
    record = table.saved(page)
    assert "opponent" not in record  # the save means what it always meant
    saves.replay(table.play, 3, 5, record["moves"])


def check_changing_asks_first(page: Any, table: Table, save: dict[str, Any], *, asks: Sequence[str],
                              kept_status: str | None = None) -> None:
    """With `save` (a game in progress against the gentle computer, your turn next) at the table,
    choosing the standard computer asks first, in words holding each of `asks`, and axe-core finds
    nothing. Keep my game: nothing changes and the choice goes back to gentle (the status line
    holding `kept_status`, when given). Start a new game: a new deal against the standard computer,
    said in the status line and saved so, that replays."""
    pick, ask = choice(table), f"{table.selector} [data-opponent-ask]"
    assert table.open_save(page, save) == "you"
    before = table.saved(page)
    page.select_option(pick, "standard")
    page.wait_for_selector(ask)
    for words in asks:
        assert words in plain(page.inner_text(ask))
    axe_clean(page)
    # Keep my game: nothing changes, the choice goes back to the level playing.
    page.locator(f"{ask} [data-opponent-keep]").tap()
    assert page.locator(ask).count() == 0
    assert table.saved(page) == before
    assert page.eval_on_selector(pick, "s => s.value") == "gentle"
    if kept_status is not None:
        assert kept_status in table.status(page)
    # Start a new game: a new deal against the standard computer, saved so.
    page.select_option(pick, "standard")
    page.locator(f"{ask} [data-opponent-start]").tap()
    assert page.locator(ask).count() == 0
    # The new deal has a fresh, random seed: its first hand may be played out before your turn, and
    # 3 Chip Stack's status line then says only "Hand 1 is over. Seed N." (one fresh-clone run; four
    # players, the standard computer: 61 deals in 10,000, issue 41). The table says the level on your
    # turn: the test plays on to it, whatever the deal.
    assert table.to_your_turn(page) == "you"
    record = table.saved(page)
    assert record["opponent"] == "standard" and record["seed"] != before["seed"]
    assert page.get_attribute(pick, "data-opponent") == "standard"
    assert "You play the standard computer" in table.status(page)
    saves.replay(table.play, record["players"], record["seed"], record["moves"], opponent="standard")
