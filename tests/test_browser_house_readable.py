"""House rules a newcomer can read (issue 37), in Chromium at 390 x 844, on the built site.

Every option reading of every game is read from rules-data/ (generator/content/house.py
game_options), so a new option, or a new reading of one, is held to the same: the banner names
the choice in its short label ("K-A-2: a wild 2 makes Q-K-A"), not the topic; the rule it changes is
shown in its table wording with the "Your table's rule" badge; an example it changes shows the
table's answer first, with the explanation written for that reading, and the family's answer
second, named by the game's source ("By the article's rules"). No house select, on a game page,
the score keeper or the practice page, cuts off its text at 390 px; the practice table says in
words in what order lay-offs are taken."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.content.examples import house_answers
from generator.content.house import Option, game_options
from generator.content.loader import load_games
from generator.engine.play import chips as chips_play

from .conftest import SITE_HOST, SITE_PORT
from .support import tables
from .support.browser import CLIPPED
from .support.games import PRACTICE_IDS

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
GAMES = load_games(ROOT / "rules-data")

#: Every reading a table may choose away from the default: (game, option, value).
READINGS = [(g, o, v) for g in GAMES for o in game_options(g) for v in o.values if v != o.default]


def reading_id(reading: tuple[Any, Option, str]) -> str:
    game, option, value = reading
    return f"{game.id}-{option.id}-{value}"


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A fresh 390 x 844 page (its own storage) that keeps the page's errors."""
    ctx = browser.new_context(**PHONE, service_workers="block")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    try:
        yield page
    finally:
        ctx.close()


def plain(text: str | None) -> str:
    return " ".join((text or "").split())


def open_with(page: Any, site_url: str, game_id: str, house: str) -> None:
    """The game page with ?house=, once the control has put it in force and the examples are settled."""
    page.goto(f"{site_url}{game_id}/?house={house}", wait_until="networkidle")
    control = f"[data-house-options='{game_id}'][data-house-mounted]"
    page.wait_for_selector(control, state="attached")
    page.wait_for_function(f"document.querySelector({json.dumps(control)}).dataset.houseExamples !== 'pending'")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"house-readable-{name}.png"))


@pytest.mark.parametrize("reading", READINGS, ids=reading_id)
def test_the_banner_names_the_choice_not_the_topic(phone: Any, site_url: str, reading: tuple[Any, Option, str]) -> None:
    game, option, value = reading
    open_with(phone, site_url, game.id, f"{option.id}:{value}")
    banner = plain(phone.inner_text(f"[data-house-banner='{game.id}'] [data-house-banner-text]"))
    short = option.short_label(value)
    assert short != option.title and short in banner, banner
    if option.title not in short:
        assert option.title not in banner, banner  # the topic alone never stands for the choice
    # A ruling about the site's tools is not a way the table plays (chips-ruling-layoff-order).
    assert banner.startswith("For this site's scorers:" if option.scope == "site" else "Played with your table's rules:"), banner
    shot(phone, f"banner-{reading_id(reading)}")
    assert phone.errors == []


@pytest.mark.parametrize("reading", [r for r in READINGS if r[1].scope != "site"], ids=reading_id)
def test_every_reading_rewords_its_rule_with_the_badge(phone: Any, site_url: str, reading: tuple[Any, Option, str]) -> None:
    """Every reading a table may play, of every option of every game: some rule's text shown changes,
    and carries "Your table's rule" (a new option or reading without `wording:` fails here)."""
    game, option, value = reading
    phone.goto(f"{site_url}{game.id}/", wait_until="networkidle")
    family = {i: plain(t) for i, t in phone.eval_on_selector_all(
        "li[id] [data-rule-text]", "ps => ps.filter((p) => !p.closest('template')).map((p) => [p.closest('li[id]').id, p.textContent])")}
    open_with(phone, site_url, game.id, f"{option.id}:{value}")
    worded = phone.locator(f'li[data-house-worded-as="{option.id}:{value}"]')
    assert worded.count() >= 1, f"{option.id}:{value} rewords no rule"
    for i in range(worded.count()):
        item = worded.nth(i)
        rule_id = str(item.get_attribute("id"))
        text = plain(item.locator("[data-rule-text]").first.text_content())
        assert text != family[rule_id], f"{rule_id} still reads as the default"
        assert "Your table's rule" in plain(item.locator("[data-house-mark]").first.text_content())
    assert phone.errors == []


def _explained() -> list[tuple[Any, Option, str, str]]:
    """(game, option, value, example id) for every example whose answer a reading changes."""
    out = []
    for game, option, value in READINGS:
        for example_id in house_answers(game, {option.id: value}):
            out.append((game, option, value, example_id))
    return out


@pytest.mark.parametrize("case", [c for c in _explained() if "house_explain" in
                                  next(e for e in c[0].data["examples"] if e["id"] == c[3])],
                         ids=lambda c: f"{c[3]}-{c[1].id}-{c[2]}")
def test_an_example_under_a_house_rule_shows_the_tables_answer_and_its_explanation_first(
        phone: Any, site_url: str, case: tuple[Any, Option, str, str]) -> None:
    game, option, value, example_id = case
    example = next(e for e in game.data["examples"] if e["id"] == example_id)
    open_with(phone, site_url, game.id, f"{option.id}:{value}")
    article = phone.locator(f"#{example_id}")
    article.evaluate("(a) => { for (let d = a.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }")
    show = article.locator("[data-show-answer]")
    if show.count() and show.is_visible():
        show.click()
    # In reading order: the table's answer, its own explanation, then the family's answer, labelled
    # by whose rules they are, then the family's explanation.
    order = article.evaluate("""(a) => [...a.querySelectorAll('.rb-example__result-title, .rb-example__explain')]
        .filter((n) => !n.closest('template') && !n.hidden).map((n) => n.textContent.replace(/\\s+/g, ' ').trim())""")
    whose = game.data.get("source") or "the family's"
    assert order[0] == f"At your table ({option.short_label(value)})", order
    ours = plain(example["house_explain"][option.id][value].replace("[[", "").replace("]]", ""))
    assert order[1].split(" (")[0] == ours.split(" (")[0], order
    assert order[2] == f"By {whose} rules", order
    assert order[3].split(" (")[0] == plain(example["explain"]).split(" (")[0], order
    article.scroll_into_view_if_needed()
    article.screenshot(path=str(SHOTS / f"house-readable-example-{example_id}-{value}.png"))
    assert phone.errors == []


def test_no_house_select_is_cut_off_at_390_px(phone: Any, site_url: str) -> None:
    """The page panel (its choices open), the score keeper's new game for each game, the practice
    pages: every option text of every select fits its box, every reading wraps within the screen."""
    for game in GAMES:
        phone.goto(f"{site_url}{game.id}/", wait_until="networkidle")
        if game_options(game):  # a game added with no house options has no panel (issue 38)
            phone.wait_for_selector(f"[data-house-options='{game.id}'][data-house-mounted]", state="attached")
        phone.evaluate("() => { for (const d of document.querySelectorAll('[data-house-fold]')) d.open = true; }")
        assert phone.evaluate(CLIPPED) == [], game.id
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.goto(f"{site_url}keep-score/", wait_until="networkidle")
    for game in GAMES:
        if phone.locator(f"#sk-setup-game-{game.id}").count() == 0 or not game_options(game):
            continue
        phone.check(f"#sk-setup-game-{game.id}")
        phone.wait_for_selector(f"[data-sk-house='{game.id}']")
        # The hint names whose rules leave the choice: the game's own source, not the family's for all.
        whose = game.data.get("source") or "the family's"
        assert phone.text_content("#sk-house-help").startswith(f"Where {whose} rules leave a choice."), game.id
        assert phone.evaluate(CLIPPED) == [], f"keep-score, {game.id}"
        shot(phone, f"keep-score-{game.id}")
        # Each choice in turn: the reading shown in full below its group changes with it.
        for radio in phone.locator(f"[data-sk-house='{game.id}'] input[type=radio]").all():
            radio_id = radio.get_attribute("id")
            phone.check(f"#{radio_id}")
            assert phone.evaluate(CLIPPED) == [], f"keep-score, {game.id}, {radio_id}"
    for game in GAMES:
        if game.id not in PRACTICE_IDS:  # a game with no engine has no practice page
            continue
        phone.goto(f"{site_url}{game.id}/play/", wait_until="networkidle")
        assert phone.evaluate(CLIPPED) == [], f"{game.id}/play/"
    assert phone.errors == []


def _first_round_save(house: dict[str, str]) -> dict[str, Any]:
    """A Chips practice game saved at the end of its first round, not yet seen, under `house`
    (lay-off-order changes no move: this table lays off in turn order whatever it is)."""
    state = chips_play.new_game(4, 2026)
    moves: list[dict[str, Any]] = []
    while not state["rounds"]:
        move = chips_play.bot_move(state)
        state = chips_play.apply_move(state, move)
        moves.append(move)
    record: dict[str, Any] = {"v": 1, "game": "chips", "seed": 2026, "players": 4, "moves": moves, "seen": 0}
    if house:
        record["house"] = house
    return record


@pytest.mark.parametrize(("house", "words"), [
    ({}, "Lay-offs are taken in turn order from the caller's left"),
    ({"lay-off-order": "as-laid"}, "Lay-offs are taken in the order the cards were laid down"),
], ids=["turn-order", "as-laid"])
def test_the_practice_game_says_what_order_lay_offs_are_taken_in(phone: Any, site_url: str, house: dict[str, str],
                                                                 words: str) -> None:
    table = tables.Table("chips", chips_play, "readable")
    phone.base = site_url
    assert table.open_save(phone, _first_round_save(house)) == "round-over"
    said = plain(phone.inner_text(f"{table.selector} [data-summary] [data-layoff-order]"))
    assert said.startswith(words), said
    shot(phone, f"practice-layoff-order-{'as-laid' if house else 'turn-order'}")
    assert phone.errors == []
