"""The 3 Chip Stack practice game against the computer (issue 16), in a real browser (Debian's
Chromium through Playwright) on the built site, at 360 x 740 with touch.

A whole game of three players is played through the page, hand after hand until one player holds
every chip: the test chooses each of the human seat's moves (the reference computer player's
choice for that seat) and makes it with the page's buttons, a tap on a card in the exchange, or
the typed amount of chips when no button offers it. It reloads mid-hand and finishes the hand.
What the page says at the end of every hand (who won, what each seat took of the pot, the chips
after, the card that decided) is checked against the Python reference
(generator/engine/play/three_chip_stack.py) replaying the page's own record from storage, never
the browser port. The first hand of the seed goes to a showdown that splits the pot. A typed
amount beyond your chips, a card tapped before the exchange and a typed card not in hand are each
refused in words naming the rule; the hint is the engine's move; a damaged saved game gives a
note and a fresh game. axe-core finds nothing at each stage. Screenshots go to test-output/."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.engine.cards import format_card, parse_card
from generator.engine.games import three_chip_stack as rules
from generator.engine.play import three_chip_stack as stack_play

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TABLE = '[data-practice-game="3-chip-stack"]'
KEY = "rulebook-practice-3-chip-stack"
# Seed 38 with three players: the human acts first; hand 1 goes to a showdown that splits the pot
# between you and Player 3; the game ends after eight hands (about 30 moves) with you holding
# every chip, and on the way you raise by 10 (typed: the buttons go to 6 and all your chips).
SEED, PLAYERS = 38, 3
QUICK = 6  # the page's bet and raise buttons: 1 to 6 chips, and all of them


@pytest.fixture()
def phone(browser: Any, site_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    scheme = getattr(request, "param", "light")
    ctx = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    page.base = site_url
    page.scheme = scheme
    yield page
    ctx.close()


def shot(page: Any, name: str, full: bool = True) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"play-table-stack-{name}.png"), full_page=full)


def plain(text: str | None) -> str:
    return " ".join(str(text or "").replace("\ufe0e", "").split())


def axe_clean(page: Any) -> None:
    violations = run_axe(page)
    assert not violations, describe_violations(violations)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def turn(page: Any) -> str:
    return str(page.get_attribute(TABLE, "data-turn"))


def wait_for_human(page: Any) -> str:
    """Until the computer seats have moved: 'you', 'round-over' or 'over'."""
    page.wait_for_function(
        '() => ["you", "round-over", "over"].includes('
        "document.querySelector('[data-practice-game=\"3-chip-stack\"]').dataset.turn)",
        timeout=90_000,
    )
    return turn(page)


def saved(page: Any) -> dict[str, Any]:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})")
    assert text, "the game was not saved"
    record: dict[str, Any] = json.loads(text)
    return record


def reference(record: dict[str, Any]) -> dict[str, Any]:
    """The Python reference's state after the page's own record of moves."""
    state = stack_play.new_game(record["players"], record["seed"])
    for move in record["moves"]:
        state = stack_play.apply_move(state, move)
    return state


def hand_on_page(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(f"{TABLE} [data-hand] [data-card]", "bs => bs.map(b => b.dataset.card)")]


def message(page: Any) -> str:
    return plain(page.inner_text(f"{TABLE} [data-message]"))


def offered(page: Any) -> list[dict[str, Any]]:
    """The moves the page's buttons offer, as engine moves."""
    out: list[dict[str, Any]] = []
    for b in page.locator(f"{TABLE} [data-move]").all():
        move: dict[str, Any] = {"action": b.get_attribute("data-move")}
        if b.get_attribute("data-amount") is not None:
            move["amount"] = int(b.get_attribute("data-amount"))
        out.append(move)
    return out


def make_move(page: Any, move: dict[str, Any], keyboard: bool = False) -> str:
    """Make `move` through the page: its button, a tap on the card, or the typed amount; with
    `keyboard`, a button by the keyboard (focus, Enter)."""
    if move["action"] == "exchange":
        page.locator(f'{TABLE} [data-hand] [data-card="{move["card"]}"]').tap()
        return "card"
    sel = f'{TABLE} [data-move="{move["action"]}"]'
    if "amount" in move:
        sel += f'[data-amount="{move["amount"]}"]'
    button = page.locator(sel)
    if button.count() and keyboard:
        button.focus()
        page.keyboard.press("Enter")
        return "keyboard"
    if button.count():
        button.tap()
        return "button"
    assert move["action"] in ("bet", "raise"), move
    page.fill(f"{TABLE} input[name=chips]", str(move["amount"]))
    page.locator(f"{TABLE} [data-typed=chips] button").tap()
    return "typed"


def check_offer(page: Any, ref: dict[str, Any]) -> None:
    """The page offers the engine's moves: every one but the middle bets and raises."""
    legal = stack_play.legal_moves(ref)
    ups = [m for m in legal if m["action"] in ("bet", "raise")]
    want = [m for m in legal if m["action"] not in ("bet", "raise", "exchange")]
    want += [m for k, m in enumerate(ups) if m["amount"] <= QUICK or k == len(ups) - 1]
    assert sorted(map(json.dumps, offered(page))) == sorted(map(json.dumps, want))
    if ref["phase"] == "exchange":
        marked = page.eval_on_selector_all(f'{TABLE} [data-card][data-playable="true"]', "bs => bs.map(b => b.dataset.card)")
        assert sorted(marked) == sorted(ref["hands"][0])


def deciding_cards(round_: dict[str, Any]) -> str | None:
    """The card that decided the showdown and the one it beat: the winner's card at that place,
    and the same place in the best hand that lost (worked out here from the reference's round)."""
    if not round_["showdown"] or round_["decidedBy"] is None:
        return None
    place = round_["decidedBy"] - 1
    shown = [s for s in range(len(round_["hands"])) if round_["inHand"][s]]
    best = {s: rules.sort_hand([parse_card(c) for c in round_["hands"][s]]) for s in shown}
    losers = sorted((s for s in shown if s not in round_["winners"]), key=lambda s: rules.hand_key(best[s]), reverse=True)
    win, lose = best[round_["winners"][0]][place], best[losers[0]][place]
    return f"{format_card(win)} {format_card(lose)}"


def check_summary(page: Any, ref: dict[str, Any], number: int) -> None:
    """The page's end of hand `number` is the reference's: winners, what each took, chips after."""
    done = ref["rounds"][number - 1]
    box = f"{TABLE} [data-summary]"
    assert page.is_visible(box)
    assert plain(page.inner_text(f"{box} h3")) == f"Hand {number} is over"
    assert page.get_attribute(f"{box} [data-winners]", "data-winners") == ",".join(map(str, done["winners"]))
    rows = page.locator(f"{box} [data-round-seat]")
    assert rows.count() == PLAYERS
    for seat in range(PLAYERS):
        row = rows.nth(seat)
        assert int(row.get_attribute("data-took")) == done["potTo"][seat]
        assert int(row.get_attribute("data-chips")) == done["chips"][seat] == ref["totals"][seat]
        cards = row.locator(".card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
        shown = done["showdown"] and done["inHand"][seat]
        assert len(cards) == (3 if shown else 0)  # folded hands stay face down
    decided = deciding_cards(done)
    if decided:
        assert page.get_attribute(f"{box} [data-decided]", "data-decided") == decided
    elif done["showdown"]:
        assert "Every hand is level, card for card." in plain(page.inner_text(box))
    if len(done["winners"]) > 1:
        each = done["pot"] // len(done["winners"])
        assert page.get_attribute(f"{box} [data-split]", "data-split") == str(each)
        assert page.locator(f'{box} [data-quote="three-chip-stack-split"]').count() == 1
    if not done["showdown"]:
        assert page.locator(f'{box} [data-quote="three-chip-stack-ruling-all-fold"]').count() == 1
    if done["passedToDealer"]:
        assert page.get_attribute(f"{box} [data-passed]", "data-passed") == str(done["passedToDealer"])


def test_3_chip_stack_game_played_through_the_page(phone: Any) -> None:
    page = phone
    started = time.monotonic()
    page.goto(f"{page.base}3-chip-stack/play/?seed={SEED}&players={PLAYERS}", wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    assert page.get_attribute(TABLE, "data-seed") == str(SEED)
    assert page.get_attribute(TABLE, "data-players") == str(PLAYERS)
    assert page.is_visible("[data-practice-game-section]")
    assert wait_for_human(page) == "you"
    page.locator(TABLE).scroll_into_view_if_needed()
    shot(page, "start", full=False)
    axe_clean(page)
    no_sideways_scroll(page)

    # The page's state is the reference's after the same moves: the hand, the chips, the pot.
    ref = reference(saved(page))
    assert sorted(hand_on_page(page)) == sorted(ref["hands"][0])
    assert int(page.get_attribute(f"{TABLE} [data-pot]", "data-pot")) == ref["pot"]
    assert int(page.get_attribute(f"{TABLE} [data-pot]", "data-bet")) == ref["bet"]
    for seat in range(PLAYERS):
        assert int(page.get_attribute(f'{TABLE} [data-seat="{seat}"]', "data-chips")) == ref["chips"][seat]
    assert "dealer" in plain(page.inner_text(f'{TABLE} [data-seat="{ref["dealer"]}"]'))
    check_offer(page, ref)
    assert plain(page.inner_text(f'{TABLE} [data-move="raise"][data-amount="2"]')) == "Raise 2 chips"
    assert plain(page.inner_text(f'{TABLE} [data-move="see"]')) == "See the bet: 3 chips"

    # Hint: the engine's move for your seat, in words, with the rule quoted.
    page.locator(f"{TABLE} [data-hint]").tap()
    best = stack_play.bot_move(ref)
    hint = page.get_attribute(f"{TABLE} [data-hint-move]", "data-hint-move")
    assert hint == " ".join(str(v) for v in best.values())
    assert page.locator(f"{TABLE} [data-message] [data-quote]").count() == 1

    # Illegal tries, refused in words with the rule; nothing moves.
    moves_before = page.get_attribute(TABLE, "data-moves")
    page.fill(f"{TABLE} input[name=chips]", "lots")
    page.locator(f"{TABLE} [data-typed=chips] button").tap()
    assert "is not a number of chips" in message(page)
    page.fill(f"{TABLE} input[name=chips]", "40")
    page.locator(f"{TABLE} [data-typed=chips] button").tap()
    words = message(page)
    assert words.startswith("Not allowed: That costs 43 chips but you have 15"), words
    assert page.locator(f'{TABLE} [data-message] [data-quote="three-chip-stack-ruling-short"]').count() == 1
    page.locator(f"{TABLE} [data-hand] [data-card]").first.tap()
    words = message(page)
    assert words.startswith("Not allowed: Cards are exchanged after the first round of betting"), words
    assert page.locator(f'{TABLE} [data-message] [data-quote="three-chip-stack-exchange"]').count() == 1
    assert page.get_attribute(TABLE, "data-moves") == moves_before
    shot(page, "refused")
    axe_clean(page)

    # Hand 1: the test picks each of your moves; reload after the second, finish the hand.
    human_moves = 0
    reloaded = tried_exchange = False
    ways: set[str] = set()
    while (state := wait_for_human(page)) == "you":
        record = saved(page)
        ref = reference(record)
        check_offer(page, ref)
        if ref["phase"] == "exchange" and not tried_exchange:
            not_mine = next(c for c in ("9H", "5S", "KD", "4C") if c not in ref["hands"][0])
            page.fill(f"{TABLE} input[name=card]", not_mine)
            page.locator(f"{TABLE} [data-typed=card] button").tap()
            words = message(page)
            assert words.startswith(f"Not allowed: You hold no “{not_mine[0]}"), words
            assert page.locator(f'{TABLE} [data-message] [data-quote="three-chip-stack-exchange"]').count() == 1
            assert "✓ throw away" in plain(page.inner_text(f"{TABLE} [data-hand]"))
            assert plain(page.inner_text(f'{TABLE} [data-move="keep"]')) == "Keep all three"
            shot(page, "exchange")
            axe_clean(page)
            tried_exchange = True
        ways.add(make_move(page, stack_play.bot_move(ref)))
        human_moves += 1
        assert not page.locator(f"{TABLE} [data-message] .rb-table__why").count(), message(page)
        if human_moves == 2 and not reloaded and turn(page) != "round-over":
            before = saved(page)
            page.reload(wait_until="networkidle")
            page.wait_for_selector(f"{TABLE}[data-mounted='true']")
            after = saved(page)
            assert after["moves"][: len(before["moves"])] == before["moves"]
            assert after["seed"] == SEED and after["players"] == PLAYERS
            assert sorted(hand_on_page(page)) == sorted(reference(after)["hands"][0])  # the same hand, mid-hand
            reloaded = True
            shot(page, "mid-hand")
            axe_clean(page)
            no_sideways_scroll(page)
        assert human_moves < 50
    assert state == "round-over" and reloaded and tried_exchange
    assert {"button", "card"} <= ways
    assert not page.errors, page.errors

    # The end of hand 1: a showdown, the pot split between you and Player 3.
    ref = reference(saved(page))
    assert len(ref["rounds"]) == 1
    first = ref["rounds"][0]
    assert first["showdown"] and first["winners"] == [0, 2]
    check_summary(page, ref, 1)
    summary = plain(page.inner_text(f"{TABLE} [data-summary]"))
    assert "At the showdown, you and Player 3 tie and split the pot of 18 chips." in summary
    assert "The pot splits evenly: 9 chips each." in summary
    assert page.is_hidden(f"{TABLE} [data-hand]")  # the next hand's cards wait for the deal
    page.locator(f"{TABLE} [data-summary]").scroll_into_view_if_needed()
    shot(page, "hand-over", full=False)
    shot(page, "hand-over-full")
    axe_clean(page)
    no_sideways_scroll(page)

    # The summary survives a reload; then the game goes on, hand after hand, to its end.
    page.reload(wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    assert turn(page) == "round-over"
    check_summary(page, ref, 1)
    hands_seen = 1
    while True:
        page.locator(f"{TABLE} [data-next-hand]").tap()
        assert saved(page)["seen"] == hands_seen
        while (state := wait_for_human(page)) == "you":
            ref = reference(saved(page))
            check_offer(page, ref)
            way = make_move(page, stack_play.bot_move(ref), keyboard="keyboard" not in ways)
            ways.add(way)
            assert not page.locator(f"{TABLE} [data-message] .rb-table__why").count(), message(page)
            if way == "keyboard":  # the focus stays in the table, not lost on the page's body
                assert page.evaluate(f"() => document.querySelector({json.dumps(TABLE)}).contains(document.activeElement)")
        ref = reference(saved(page))
        hands_seen += 1
        assert len(ref["rounds"]) == hands_seen
        check_summary(page, ref, hands_seen)
        if state == "over":
            break
        assert hands_seen < 40
    assert {"typed", "keyboard"} <= ways  # the raise by 10 of hand 6 was typed
    assert ref["over"] and ref["winner"] == 0 and hands_seen == 8
    winner = page.locator(f"{TABLE} [data-winner]")
    assert winner.get_attribute("data-winner") == "0"
    assert plain(winner.inner_text()) == "After 8 hands, you hold every chip: you win the game!"
    assert page.locator(f"{TABLE} [data-next-hand]").count() == 0
    page.locator(f"{TABLE} [data-summary]").scroll_into_view_if_needed()
    shot(page, "game-over", full=False)
    axe_clean(page)
    no_sideways_scroll(page)

    # A new game: the same players, a fresh seed, and a fresh record.
    page.locator(f"{TABLE} [data-again]").tap()
    assert page.get_attribute(TABLE, "data-seed") != str(SEED)
    assert page.get_attribute(TABLE, "data-players") == str(PLAYERS)
    assert wait_for_human(page) in ("you", "round-over")
    assert saved(page)["seen"] == 0 and saved(page)["seed"] != SEED
    assert not page.errors, page.errors
    assert time.monotonic() - started < 240


@pytest.mark.parametrize("phone", ["light", "dark"], indirect=True)
def test_the_odd_chip_of_a_split_pot_is_said(phone: Any) -> None:
    # Seed 1195, three players: hand 1 splits a pot of 15 between you and Player 2; Player 2
    # dealt, so going left from the dealer you are the first tied winner, and the odd chip is yours.
    # In both colour schemes: axe at the exchange and at the end of the hand.
    page = phone
    page.goto(f"{page.base}3-chip-stack/play/?seed=1195&players=3", wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    while wait_for_human(page) == "you":
        ref = reference(saved(page))
        if ref["phase"] == "exchange":
            axe_clean(page)
        make_move(page, stack_play.bot_move(ref))
    ref = reference(saved(page))
    done = ref["rounds"][0]
    assert done["winners"] == [0, 1] and done["pot"] == 15 and done["dealer"] == 1
    check_summary(page, ref, 1)
    odd = page.locator(f"{TABLE} [data-summary] [data-odd-chip]")
    assert odd.get_attribute("data-odd-chip") == "0" and done["potTo"][:2] == [8, 7]
    assert plain(odd.inner_text()) == ("The pot of 15 chips does not split evenly: 7 chips each, and the odd chip "
                                       "goes to you, the first tied winner going left from the dealer (Player 2).")
    assert page.locator(f'{TABLE} [data-summary] [data-quote="three-chip-stack-ruling-odd-chip"]').count() == 1
    page.locator(f"{TABLE} [data-rules] > summary").tap()
    page.locator(f"{TABLE} [data-summary]").scroll_into_view_if_needed()
    shot(page, f"odd-chip-{page.scheme}")
    axe_clean(page)
    no_sideways_scroll(page)
    assert not page.errors, page.errors


def test_damaged_saved_game_starts_afresh(phone: Any) -> None:
    page = phone
    page.goto(f"{page.base}3-chip-stack/play/", wait_until="networkidle")
    page.wait_for_selector(f"{TABLE}[data-mounted='true']")
    assert page.get_attribute(TABLE, "data-players") == "4"  # the default
    for damage in ("{not json", json.dumps({"v": 1, "game": "3-chip-stack", "seed": 5, "players": 3,
                                            "moves": [{"action": "check"}] * 3, "seen": 0})):
        # Written from another page of the site: the table's own pending move cannot save over it.
        page.goto(page.base, wait_until="networkidle")
        page.evaluate(f"() => localStorage.setItem({json.dumps(KEY)}, {json.dumps(damage)})")
        page.goto(f"{page.base}3-chip-stack/play/", wait_until="networkidle")
        page.wait_for_selector(f"{TABLE}[data-mounted='true']")
        assert "could not be read" in plain(page.inner_text(f"{TABLE} [data-note]"))
        assert page.locator(f"{TABLE} [data-hand] [data-card]").count() == 3
        assert reference(saved(page))["players"] == 4  # the fresh game's record replays
    axe_clean(page)
    # A new game by the form: the players chosen, a fresh seed.
    page.select_option(f"{TABLE} select[name=players]", "6")
    page.locator(f"{TABLE} .rb-table__setup button").tap()
    assert page.get_attribute(TABLE, "data-players") == "6"
    assert page.locator(f"{TABLE} [data-seat]").count() == 6
    assert page.is_hidden(f"{TABLE} [data-note]")
    no_sideways_scroll(page)
    assert not page.errors, page.errors
