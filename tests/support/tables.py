"""What the browser tests of the practice tables share (tests/test_browser_play_table.py,
test_browser_play_table_chips.py, test_browser_play_table_stack.py): a phone-sized page that keeps
the page's errors, the page's words as a person reads them, axe-core, and a `Table`, one game's
table on its practice page: opening it, whose turn it is, the saved record replayed through the
Python reference, the human's cards, the table's message, screenshots."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import describe_violations, run_axe
from tests.support.browser import page_errors

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = ROOT / "test-output"
WIDTH = 360
PHONE = {"viewport": {"width": WIDTH, "height": 740}, "has_touch": True, "is_mobile": True}


@contextmanager
def phone_page(browser: Any, site_url: str, **options: Any) -> Iterator[Any]:
    """A page at 360 x 740 with touch and no service worker (`options` go to the context, like
    color_scheme). `page.errors` gathers the page's uncaught errors and console errors;
    `page.base` is the site's address."""
    ctx = browser.new_context(**PHONE, **options, service_workers="block")
    page = ctx.new_page()
    page.errors = page_errors(page)
    page.base = site_url
    try:
        yield page
    finally:
        ctx.close()


#: The localStorage item that sets the computer's pause before each of its moves, in milliseconds
#: (play/table/common.js DELAY_KEY).
DELAY_KEY = "rulebook-practice-delay"


def pause_the_computer(context: Any, ms: int) -> None:
    """The computer's pause set to ``ms`` for every page of ``context``, stored before any page's
    scripts run (no page loaded first only to store it)."""
    context.add_init_script(f"try {{ localStorage.setItem({json.dumps(DELAY_KEY)}, '{ms}'); }} catch (e) {{}}")


@contextmanager
def practice_phone(browser: Any, site_url: str) -> Iterator[Any]:
    """`phone_page` with the computer's pause cut to nothing, so a test waits for no more than the
    moves themselves (the page is left blank, not loaded)."""
    with phone_page(browser, site_url) as page:
        pause_the_computer(page.context, 0)
        yield page


def plain(text: str | None) -> str:
    """Text as read: white space folded, no text-style selector (U+FE0E) after the suits."""
    return " ".join(str(text or "").replace("\ufe0e", "").split())


def axe_clean(page: Any, *, still: bool = False) -> None:
    """axe-core finds nothing on the page; with `still`, once no animation is running (a colour
    half faded in is not the colour it settles on)."""
    if still:
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    violations = run_axe(page)
    assert not violations, describe_violations(violations)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH


@dataclass(frozen=True)
class Table:
    """The practice table of `game` (chains, chips, 3-chip-stack) on its practice page. `play` is
    the Python reference's whole-game module (generator.engine.play.<game>: new_game, apply_move);
    `shots` names its screenshots, test-output/play-table-<shots>-<name>.png."""

    game: str
    play: Any
    shots: str

    @property
    def selector(self) -> str:
        return f'[data-practice-game="{self.game}"]'

    @property
    def key(self) -> str:
        """The localStorage item the table saves its game in (play/table/common.js storeKey)."""
        return f"rulebook-practice-{self.game}"

    def open(self, page: Any, query: str = "") -> None:
        """The practice page (with `query`, like "?seed=5&players=3"), once the table is mounted."""
        page.goto(f"{page.base}{self.game}/play/{query}", wait_until="networkidle")
        self.settled(page)

    def settled(self, page: Any) -> None:
        """Until the table is mounted and has brought the player's turn into view, when it is
        theirs (the scroll comes a frame after the draw: `data-placing` until then)."""
        page.wait_for_selector(f"{self.selector}[data-mounted='true']:not([data-placing])")

    def open_game(self, page: Any, seed: int, players: int) -> None:
        """The table with the game the address asks for (?seed=&players=): that game is dealt, and
        the table's section (hidden from a page without the script) shows."""
        self.open(page, f"?seed={seed}&players={players}")
        assert page.get_attribute(self.selector, "data-seed") == str(seed)
        assert page.get_attribute(self.selector, "data-players") == str(players)
        assert page.is_visible("[data-practice-game-section]")

    def reload(self, page: Any) -> None:
        page.reload(wait_until="networkidle")
        self.settled(page)

    def store(self, page: Any, text: str) -> None:
        """Save `text` as the table's game, written from another page of the site: the table's own
        pending move cannot save over it. The page is left on the home page."""
        page.goto(page.base, wait_until="networkidle")
        page.evaluate(f"() => localStorage.setItem({json.dumps(self.key)}, {json.dumps(text)})")

    def open_save(self, page: Any, record: dict[str, Any]) -> str:
        """The table with `record` saved as its game (see `store`), once the computer seats have
        moved: whose turn it is then (`wait_for_human`)."""
        self.store(page, json.dumps(record))
        self.open(page)
        return self.wait_for_human(page)

    def turn(self, page: Any) -> str:
        return str(page.get_attribute(self.selector, "data-turn"))

    def wait_for_human(self, page: Any) -> str:
        """Until the computer seats have moved: 'you', 'round-over' or 'over'."""
        page.wait_for_function(
            f"() => {{ const t = document.querySelector({json.dumps(self.selector)}); "
            'return ["you", "round-over", "over"].includes(t.dataset.turn) && !t.dataset.placing; }',
            timeout=90_000,
        )
        return self.turn(page)

    def to_your_turn(self, page: Any) -> str:
        """Until it is the player's move ('you'), or the game is over ('over'): each round or hand
        the computer seats play out before the player's turn is seen and the next one dealt, as a
        player would. A fresh game's seed is random, and a first hand can end before the player
        moves: 3 Chip Stack, four players, the gentle computer, 253 seeds in 10,000 (the other
        seats fold to the dealer's stack: issue 41)."""
        while (turn := self.wait_for_human(page)) == "round-over":
            page.locator(f"{self.selector} :is([data-next-round], [data-next-hand])").tap()
        return turn

    def saved(self, page: Any) -> dict[str, Any]:
        text = page.evaluate(f"() => localStorage.getItem({json.dumps(self.key)})")
        assert text, "the game was not saved"
        record: dict[str, Any] = json.loads(text)
        return record

    def reference(self, record: dict[str, Any]) -> dict[str, Any]:
        """The Python reference's state after the page's own record of moves."""
        state: dict[str, Any] = self.play.new_game(record["players"], record["seed"])
        for move in record["moves"]:
            state = self.play.apply_move(state, move)
        return state

    def hand_on_page(self, page: Any) -> list[str]:
        return [str(c) for c in page.eval_on_selector_all(
            f"{self.selector} [data-hand] [data-card]", "bs => bs.map(b => b.dataset.card)")]

    def status(self, page: Any) -> str:
        """The table's status line (whose turn, which computer is playing), as read."""
        return plain(page.inner_text(f"{self.selector} [data-status]"))

    def log(self, page: Any) -> list[str]:
        """The lines of the table's log the page shows, as read."""
        return [plain(li) for li in page.eval_on_selector_all(f"{self.selector} [data-log] li",
                                                              "ls => ls.map(l => l.textContent)")]

    def message(self, page: Any) -> str:
        """The table's answer to the human's last try (a refusal, a hint), as read."""
        return plain(page.inner_text(f"{self.selector} [data-message]"))

    def check_damaged_game_starts_afresh(self, page: Any, damaged: dict[str, Any], *, players: int,
                                         cards: int) -> None:
        """A saved game that cannot be read, not JSON or `damaged` (a record whose moves the engine
        refuses), gives the note and a fresh game: `players` (the default), `cards` in your hand on
        your turn, the cards the Python reference deals for the fresh game's seed, and a record of
        its own that replays."""
        for damage in ("{not json", json.dumps(damaged)):
            self.store(page, damage)
            self.open(page)
            assert "could not be read" in plain(page.inner_text(f"{self.selector} [data-note]"))
            # Counted on your turn, not at once: the fresh game's seed is random, and at 3 Chip Stack
            # (four players) its first hand ends before your turn in 253 deals of 10,000, your cards
            # hidden with it once the computer seats (700 ms apart) have folded (issue 41).
            assert self.to_your_turn(page) == "you"
            assert page.locator(f"{self.selector} [data-hand] [data-card]").count() == cards
            state = self.reference(self.saved(page))
            assert state["players"] == players
            assert sorted(self.hand_on_page(page)) == sorted(state["hands"][0])

    def check_new_game_by_form(self, page: Any, players: int) -> None:
        """A new game from the New game form, of the `players` chosen; the note is gone."""
        page.select_option(f"{self.selector} select[name=players]", str(players))
        page.locator(f"{self.selector} .rb-table__setup button").tap()
        assert page.get_attribute(self.selector, "data-players") == str(players)
        assert page.locator(f"{self.selector} [data-seat]").count() == players
        assert page.is_hidden(f"{self.selector} [data-note]")
        assert self.reference(self.saved(page))["players"] == players

    def house_line(self, page: Any) -> str:
        """The table's line naming the table's rules it plays by, as read; "" when no line shows
        (it plays the family's rules)."""
        line = f"{self.selector} [data-house-rules]"
        return plain(page.inner_text(line)) if page.is_visible(line) else ""

    def shot(self, page: Any, name: str, *, full: bool = True) -> None:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"play-table-{self.shots}-{name}.png"), full_page=full)


# --- Saves made in Python (issue 24) -------------------------------------------------------------

def bot_record(table: Table, seed: int, players: int, moves: int, *, opponent: str | None = None) -> dict[str, Any]:
    """A save of `table`'s game as the page writes it: `moves` moves (fewer if the game ends), each
    the computer player's (so the human seat played as the computer would), every finished round
    seen. With `opponent` (a level, like "gentle"), every seat plays as that computer, and the save
    says it is the table's opponent."""
    state = table.play.new_game(players, seed)
    made: list[dict[str, Any]] = []
    while len(made) < moves and table.play.seat_to_act(state) is not None:
        move = table.play.bot_move(state) if opponent is None else table.play.bot_move(state, opponent)
        state = table.play.apply_move(state, move)
        made.append(move)
    record = {"v": 2, "game": table.game, "seed": seed, "players": players, "moves": made, "seen": len(state["rounds"])}
    if opponent is not None:
        record["opponent"] = opponent
    return record


def computer_seat_edited(table: Table, record: dict[str, Any]) -> dict[str, Any]:
    """`record` cut at its first computer seat's move that has another legal move, which stands in
    its place: a save that the rules accept but where the computer did not play its own move."""
    state = table.play.new_game(record["players"], record["seed"])
    for k, move in enumerate(record["moves"]):
        if table.play.seat_to_act(state) != 0:
            other = [m for m in table.play.legal_moves(state) if m != move]
            if other:
                table.play.apply_move(state, other[-1])  # the rules accept it
                return {**record, "moves": [*record["moves"][:k], other[-1]], "seen": len(state["rounds"])}
        state = table.play.apply_move(state, move)
    raise AssertionError("no computer move with another legal move in this record")


# --- "Your table's rules" set on the game page, then played at the table (issue 25) -------------

HOUSE_CONTROL = "[data-house-options]"
HOUSE_BANNER = "[data-house-banner]"


def deal_from(page: Any, seed: int) -> None:
    """Every fresh seed the page draws from now on (play/drills/common.js freshSeed: one 32-bit
    number from crypto.getRandomValues) is `seed`, so a game the table deals itself, with no
    ?seed= in the address, is a game the Python reference can deal too. Other random numbers are
    left to the browser."""
    page.context.add_init_script(f"""(() => {{
      const c = globalThis.crypto, real = c.getRandomValues.bind(c);
      c.getRandomValues = (a) => {{
        if (a instanceof Uint32Array && a.length === 1) {{ a[0] = {int(seed) & 0xFFFFFFFF}; return a; }}
        return real(a);
      }};
    }})();""")


def open_rules(page: Any, game: str) -> None:
    """The game's page, once "Your table's rules" is mounted."""
    page.goto(f"{page.base}{game}/", wait_until="networkidle")
    page.wait_for_selector(f"{HOUSE_CONTROL}[data-house-mounted]", state="attached")


def choose_reading(page: Any, option: str, value: str) -> None:
    """On the game page: open "Your table's rules" and tap the reading's label, as a person would."""
    if not page.eval_on_selector(f"{HOUSE_CONTROL} details", "d => d.open"):
        page.locator(f"{HOUSE_CONTROL} summary").tap()
    game = page.get_attribute(HOUSE_CONTROL, "data-house-options")
    label = page.locator(f'{HOUSE_CONTROL} label:has(> input[name="rb-house-{game}-{option}"][value="{value}"])')
    label.scroll_into_view_if_needed()
    label.tap()
    page.wait_for_selector(f"{HOUSE_BANNER}:not([hidden])")


def back_to_family_rules(page: Any) -> None:
    """On the game page: the banner's one tap back to the family's rules."""
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(f"{HOUSE_BANNER} [data-house-reset]").tap()
    page.wait_for_selector(HOUSE_BANNER, state="hidden")


def house_only_play(page: Any, table: Table, state: dict[str, Any]) -> str:
    """At the Chains table on your turn, `state` the Python reference's replay of the page's save
    under the table's rules: the cards the page offers to play are the ones those rules allow, which
    are not the family's rules' ones (the position tells the readings apart); the card only the
    table's rules allow."""
    plays = sorted(m["card"] for m in table.play.legal_moves(state) if m["action"] == "play")
    family = sorted(m["card"] for m in table.play.legal_moves({**state, "house": {}}) if m["action"] == "play")
    assert plays != family, "the position must tell the readings apart"
    playable = sorted(str(c) for c in page.eval_on_selector_all(
        f"{table.selector} [data-hand] [data-playable='true']", "bs => bs.map(b => b.dataset.card)"))
    assert playable == plays
    return str(next(c for c in plays if c not in family))


def practice_from_rules(page: Any, table: Table) -> None:
    """From the game page, its "Try a practice game" link to the table, once mounted."""
    link = page.locator(".rb-quick-start__practice a")
    link.evaluate("a => a.scrollIntoView()")
    link.tap()
    page.wait_for_url(f"**/{table.game}/play/**")
    page.wait_for_selector(f"{table.selector}[data-mounted='true']")


def rules_from_practice(page: Any, game: str) -> None:
    """From the practice page, its "Back to the rules" link to the game page, once mounted."""
    link = page.locator(".rb-play__back a")
    link.evaluate("a => a.scrollIntoView()")
    link.tap()
    page.wait_for_url(lambda url: url.split("?")[0].endswith(f"/{game}/"))
    page.wait_for_selector(f"{HOUSE_CONTROL}[data-house-mounted]", state="attached")
