"""Whole practice games on a phone (issue 28, Done when 1): at 360 x 740 and 390 x 844 with touch,
in Debian's Chromium on the built site, a whole game of Chips (4 players), Chains (3) and
3 Chip Stack (2) is played to its end by tapping what the page offers, and at every decision the
cards and buttons the player may use are inside the viewport: below the site's sticky header and
above the bottom of the screen, with no scrolling by the player.

The human seat plays the computer's own move for it (generator/engine/play/<game>.py bot_move, on
the Python reference replaying the page's saved record), so the walk takes the same path each
time. What the player may use at a decision is what the rules allow then: Chips' top cards of the
pile and "Take from the deck" while a card is to be taken, the cards of the hand and then Discard
while one is to be thrown away, Call chips and Play on, Lay off; Chains' cards marked playable,
Draw and Pass; 3 Chip Stack's betting buttons (check or see, each bet or raise offered, fold) and,
in the exchange, the cards and Keep all three; and the Hint every time. Between rounds the button
that deals the next one ([data-next-round], [data-next-hand]) is checked and tapped. The typed
form ("Or type a card") is another way to the same move, below the message: where it stands is
counted as a figure, not held to the screen. Each walk reports how many decisions it checked
(`make test`'s figures section); the computer's pause is 0 through the tables' test hook
(pause_the_computer, tests/support/tables.py). What is out of view for a reason no stylesheet mends (KNOWN,
each a defect of the tables' scripts) makes a walk an expected failure that says it; anything else
out of view fails the walk."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from generator.engine.play import chains as chains_play
from generator.engine.play import chips as chips_play
from generator.engine.play import three_chip_stack as stack_play
from tests.support.browser import why_stuck
from tests.support.tables import SHOTS, Table, pause_the_computer, phone_page

from .conftest import SITE_HOST, SITE_PORT, figure

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (390, 844)]

#: Where each element of `selectors` (inside the table) stands against the screen: every one shown
#: and enabled, with its name and rect, and whether it is below the sticky header and above the
#: bottom of the viewport.
WHERE = """(root, selectors) => {
    const header = document.querySelector('.md-header');
    const above = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const below = window.innerHeight;
    const out = [];
    for (const selector of selectors) {
        for (const e of root.querySelectorAll(selector)) {
            if (e.disabled || e.offsetParent === null || !e.getClientRects().length) continue;
            const r = e.getBoundingClientRect();
            const name = e.dataset.card ? `card ${e.dataset.card}`
                : e.textContent.replace(/\\s+/g, ' ').trim();
            let inView = r.top >= above - 1 && r.bottom <= below + 1;
            let covered = '';
            if (inView) {  // and not under something else (a sticky bar): its middle takes the tap
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                if (hit && !e.contains(hit)) {
                    inView = false;
                    covered = `covered by <${hit.tagName.toLowerCase()} class="${hit.className}">`;
                }
            }
            out.push({ selector, name, top: Math.round(r.top), bottom: Math.round(r.bottom),
                       inView, covered, header: Math.round(above) });
        }
    }
    return out;
}"""


@dataclass
class Walk:
    """One whole game walked on one page: the Python reference kept in step with the page's saved
    record, and what was seen at each decision."""

    page: Any
    table: Table
    width: int
    height: int
    state: dict[str, Any] = field(default_factory=dict)
    applied: int = 0
    decisions: int = 0
    checks: int = 0
    rounds: int = 0
    outside: list[tuple[str, str]] = field(default_factory=list)
    typed_below: int = 0
    #: What brought this turn to the player: "load" (the page opened on it), "deal" (the player
    #: tapped to deal the round), or "turn" (the computer's moves, the page placing the turn);
    #: "round-end" while the button that deals the next round is checked.
    since: str = "load"
    moved_since: bool = False

    @property
    def sel(self) -> str:
        return self.table.selector

    def sync(self) -> None:
        """The reference state after the page's saved moves (only the new ones replayed)."""
        record = self.table.saved(self.page)
        if not self.state:
            self.state = self.table.play.new_game(record["players"], record["seed"])
        for move in record["moves"][self.applied:]:
            if self.table.play.seat_to_act(self.state) != 0 and (self.since == "load" or self.moved_since):
                self.since = "turn"
            self.state = self.table.play.apply_move(self.state, move)
        self.applied = len(record["moves"])

    def check(self, where: str, selectors: list[str], *, at_least: int = 1, known: str = "") -> None:
        """Every shown, enabled element of `selectors` is in view; `where` names the decision, and
        `known` the defect of KNOWN an element out of view at it would be (besides `since`'s)."""
        found = self.page.eval_on_selector(self.sel, WHERE, selectors)
        assert len(found) >= at_least, f"{where}: nothing of {selectors} shows"
        self.checks += 1
        for item in found:
            if not item["inView"]:
                kind = ("ups" if "data-ups" in item["selector"] else self.since if self.since in ("load", "deal")
                        else known or self.since)
                text = (f"{self.table.game} {self.width}x{self.height} {where}: {item['name']!r} ({item['selector']}) "
                        f"at {item['top']}..{item['bottom']} px, header ends at {item['header']}, screen {self.height}"
                        f"{' ' + item['covered'] if item['covered'] else ''} (after {self.since})")
                self.outside.append((kind, text))

    def typed_in_view(self) -> None:
        found = self.page.eval_on_selector(self.sel, WHERE, [".rb-table__typed button"])
        if any(not item["inView"] for item in found):
            self.typed_below += 1

    def tap(self, selector: str) -> None:
        """A tap on the first of `selector` in the table. One that times out says what held it up
        (why_stuck): the 3 Chip Stack walk's "Deal the next hand" waited 30 s once under load (issue
        41), and Playwright's log could not tell a page painting no frames from a button on the move."""
        target = f"{self.sel} {selector}"
        try:
            self.page.locator(target).first.tap()
        except PlaywrightTimeoutError as error:
            raise AssertionError(f"{selector} took no tap in the time allowed: {why_stuck(self.page, target)}") from error

    def moved(self, before: int) -> None:
        """Until the page has recorded a move after `before` moves (the move was not refused)."""
        self.page.wait_for_function(
            f"() => Number(document.querySelector({self.sel!r}).dataset.moves) > {before}", timeout=10_000)
        self.moved_since = True

    def next_round(self, button: str) -> None:
        """The end of a round: the button that deals the next is in view; tapped, the round is
        seen (the computer may play the next one through before the player's first turn)."""
        self.rounds += 1
        seen = len(self.state["rounds"])
        self.since = "round-end"
        self.check(f"round {seen} over", [button])
        self.tap(button)
        self.page.wait_for_function(
            f"() => JSON.parse(localStorage.getItem({self.table.key!r})).seen >= {seen}", timeout=10_000)
        self.since, self.moved_since = "deal", False


HINT = "[data-hint]"


def chips_decision(walk: Walk) -> None:
    """One turn of the human seat at Chips: what the phase allows, checked, then the move."""
    state = walk.state
    move = chips_play.bot_move(state)
    phase = state["phase"]
    where = f"round {len(state['rounds']) + 1}, phase {phase}"
    before = walk.applied
    if phase == "take":
        reach = min(chips_play.PILE_REACH, len(state["pile"]))
        walk.check(where, ['[data-move="take-deck"]', *(f'[data-pile-index="{i}"]' for i in range(reach)), HINT],
                   at_least=2)
        walk.tap('[data-move="take-deck"]' if move["from"] == "deck" else f'[data-pile-index="{move["index"]}"]')
    elif phase in ("open", "discard"):
        walk.check(where, ["[data-hand] [data-card]", HINT], at_least=len(state["hands"][0]) + 1, known="discard")
        walk.typed_in_view()
        walk.tap(f'[data-hand] [data-card="{move["card"]}"]')
        walk.page.wait_for_selector(f'{walk.sel} [data-hand] [aria-pressed="true"]')
        walk.decisions += 1  # the card chosen: now Discard
        walk.check(f"{where}, {move['card']} chosen", ['[data-move="discard"]', "[data-hand] [data-card]", HINT],
                   at_least=len(state["hands"][0]) + 2, known="discard")
        walk.tap('[data-move="discard"]')
    elif phase == "call":
        walk.check(where, ['[data-move="call"]', '[data-move="pass"]', HINT], at_least=3)
        walk.tap(f'[data-move="{move["type"]}"]')
    else:
        walk.check(where, ['[data-move="layOff"]', HINT], at_least=2, known="lay-off")
        walk.tap('[data-move="layOff"]')
    walk.moved(before)


def chains_decision(walk: Walk) -> None:
    state = walk.state
    move = chains_play.bot_move(state)
    legal = chains_play.legal_moves(state)
    where = f"hand {len(state['rounds']) + 1}, {len(state['hands'][0])} cards"
    playable = {m["card"] for m in legal if m["action"] == "play"}
    buttons = {m["action"] for m in legal if m["action"] != "play"}
    walk.check(where, ['[data-hand] [data-card][data-playable="true"]', *(f'[data-move="{b}"]' for b in buttons), HINT],
               at_least=len(playable) + len(buttons) + 1)
    walk.typed_in_view()
    before = walk.applied
    walk.tap(f'[data-hand] [data-card="{move["card"]}"]' if move["action"] == "play" else f'[data-move="{move["action"]}"]')
    walk.moved(before)


#: 3 Chip Stack offers a button for each bet or raise of 1 to 6 chips and one for all you have
#: (play/table/3-chip-stack.js QUICK); any other amount is typed.
QUICK = 6


def stack_decision(walk: Walk) -> None:
    state = walk.state
    move = stack_play.bot_move(state)
    legal = stack_play.legal_moves(state)
    phase = state["phase"]
    where = f"hand {len(state['rounds']) + 1}, {phase}"
    if phase == "exchange":
        walk.check(where, ["[data-hand] [data-card]", '[data-move="keep"]', HINT], at_least=5)
    else:
        walk.check(where, ["[data-actions] [data-move]", "[data-ups] [data-move]", HINT], at_least=2)
    walk.typed_in_view()
    before = walk.applied
    if move["action"] == "exchange":
        walk.tap(f'[data-hand] [data-card="{move["card"]}"]')
    elif move["action"] in ("bet", "raise"):
        offered = [m["amount"] for m in legal if m["action"] == move["action"]]
        amount = move["amount"] if move["amount"] <= QUICK or move["amount"] == offered[-1] else QUICK
        walk.tap(f'[data-ups] [data-move="{move["action"]}"][data-amount="{amount}"]')
    else:
        walk.tap(f'[data-move="{move["action"]}"]')
    walk.moved(before)


#: The defects a walk may meet and still be an expected failure, each with its reason. The five
#: this walk found first (the turn on opening, after dealing, after a take, at a lay-off, and 3 Chip
#: Stack's bets and raises) are mended in play/table/common.js and the tables: none is excused now,
#: and anything out of view fails the walk.
KNOWN: dict[str, str] = {}


@dataclass(frozen=True)
class Game:
    table: Table
    seed: int
    players: int
    decide: Callable[[Walk], None]
    next_button: str
    rounds: int | None  # a whole game's rounds, when fixed


GAMES = {
    "chips": Game(Table("chips", chips_play, shots="chips"), 20261203, 4, chips_decision, "[data-next-round]", 8),
    "chains": Game(Table("chains", chains_play, shots="chains"), 20261202, 3, chains_decision, "[data-next-hand]", 10),
    "3-chip-stack": Game(Table("3-chip-stack", stack_play, shots="stack"), 20261203, 2, stack_decision,
                         "[data-next-hand]", None),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(GAMES))
def test_every_decision_of_a_whole_game_is_in_view(browser: Any, site_url: str, name: str,
                                                   size: tuple[int, int]) -> None:
    game = GAMES[name]
    width, height = size
    with phone_page(browser, site_url) as page:
        page.set_viewport_size({"width": width, "height": height})
        pause_the_computer(page.context, 0)  # before the table's scripts first run
        game.table.open_game(page, game.seed, game.players)
        walk = Walk(page, game.table, width, height)
        for _ in range(2000):
            turn = game.table.wait_for_human(page)
            walk.sync()
            if turn == "over" or game.table.play.seat_to_act(walk.state) is None:
                break
            if turn == "round-over":
                walk.next_round(game.next_button)
                continue
            assert game.table.play.seat_to_act(walk.state) == 0
            walk.decisions += 1
            game.decide(walk)
        else:
            pytest.fail("the game did not end")
        assert game.table.play.seat_to_act(walk.state) is None
        if game.rounds is not None:
            assert len(walk.state["rounds"]) == game.rounds
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"play-walk-{name}-{width}x{height}.png"))
    figure(f"practice walk {name} {width}x{height}: {walk.decisions} decisions, {walk.rounds} round ends, "
           f"{walk.checks} checks; typed form below the screen at {walk.typed_below}")
    unknown = [text for kind, text in walk.outside if kind not in KNOWN]
    assert not unknown, f"{len(unknown)} out of view:\n" + "\n".join(unknown)
    if walk.outside:
        kinds = list(dict.fromkeys(kind for kind, _ in walk.outside))
        pytest.xfail(" ".join(KNOWN[k] for k in kinds) + f" ({len(walk.outside)} out of view, the first: "
                     + "; ".join(next(t for k, t in walk.outside if k == kind) for kind in kinds) + ")")
