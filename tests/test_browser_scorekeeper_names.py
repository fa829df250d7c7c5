"""Family names in the score keeper (issue 39, item 2), in Debian's Chromium on the built site.

Reported: in Chromium 156 the class `[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F]$` does not
match "👩" (node 20 says it does), so store.js cleanName took the zero-width joiner out of "👩‍🍳":
a stored game with that player was set aside as damaged, and a typed "👩‍🍳" was saved as two emoji.
Each name here (emoji with joiners and skin tones, accents, Welsh, Polish, Greek, Arabic, CJK) is
typed key by key and stored and shown exactly; a stored game with each reloads intact; and
cleanName keeps and drops the same characters in Chromium as under node."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.scorekeeper import STORE_KEY, backup_keys, desktop, open_keeper, stored

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent

#: Names a family writes on a score sheet, six to a game (3 Chip Stack seats six).
FAMILY = [
    ["👩‍🍳", "👨‍👩‍👧", "👍🏽", "Zoë", "José", "Llŷr"],
    ["Siân", "Łukasz", "Małgorzata", "Γιώργος", "محمد", "王芳"],
    ["🏴󠁧󠁢󠁷󠁬󠁳󠁿 Dai", "🧑🏿‍🦱", "1️⃣ Nia", "👩🏽‍🍳", "Anne-Marie", "Ōtani"],
]

#: What cleanName is given in both engines, as JavaScript (lone surrogates cannot cross as JSON).
CASES_JS = r"""[
  "👩‍🍳", "👨‍👩‍👧", "👍🏽", "👩🏽‍🍳", "🧑🏿‍🦱", "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "1️⃣", "❤️", "☺︎",
  "Zoë", "Zoe\u0308", "José", "Llŷr", "Siân", "Łukasz", "Małgorzata", "Γιώργος", "محمد", "王芳",
  "👩\u200D", "👩\u200Da", "a\u200D👩", "a\u200Db", "\u200D👩", "👩\u200D\u200D🍳", "👩\u202E\u200D🍳",
  "\u202EBob", "Ann\u2066", "Cy\u00AD", "Bob\u200B", "Dan\uFEFF", "\u{E0067}x", "🏴\u{E0067}", "x\uFE0F",
  "\uD800x", "x\uDC00", "  Tab\tand\nline  ", "a\u0001b", "\u3164Hangul filler"
]"""

NODE_CLEAN = """
import { cleanName, nameKey } from "./docs/assets/js/scorekeeper/store.js";
const cases = CASES;
console.log(JSON.stringify(cases.map((c) => [cleanName(c), nameKey(c)]).map(([a, b]) => [escape(a), escape(b)])));
""".replace("CASES", CASES_JS)

IN_PAGE_CLEAN = """async () => {
  const { cleanName, nameKey } = await import(new URL("../assets/js/scorekeeper/store.js", location.href).href);
  const cases = CASES;
  return cases.map((c) => [cleanName(c), nameKey(c)]).map(([a, b]) => [escape(a), escape(b)]);
}""".replace("CASES", CASES_JS)


@pytest.fixture()
def keeper(browser: Any, site_url: str) -> Iterator[tuple[Any, list[str]]]:
    with desktop(browser) as ctx:
        page = ctx.new_page()
        errors: list[str] = []
        open_keeper(page, site_url, errors)
        yield page, errors


def _type_game(page: Any, game: str, players: list[str]) -> None:
    """The setup form filled in as a person types: each name key by key into its box."""
    page.check(f"#sk-setup-game-{game}")
    while page.locator("input[id^=sk-player-]").count() > len(players):
        page.click("#sk-remove-player")
    while page.locator("input[id^=sk-player-]").count() < len(players):
        page.click("#sk-add-player")
    for i, name in enumerate(players):
        box = page.locator(f"#sk-player-{i}")
        box.fill("")
        box.press_sequentially(name)
        assert box.input_value() == name
    page.click("#sk-start-game")
    page.wait_for_selector(".sk-entry")


def _shown(page: Any) -> list[str]:
    return list(page.locator(".sk-table thead th.sk-player bdi").all_inner_texts())


@pytest.mark.parametrize("names", FAMILY, ids=["emoji-accents-welsh", "polish-greek-arabic-cjk", "flags-tones"])
def test_a_typed_family_name_is_stored_and_shown_exactly(keeper: tuple[Any, list[str]], names: list[str]) -> None:
    page, errors = keeper
    _type_game(page, "3-chip-stack" if len(names) <= 6 else "chips", names)
    (game,) = stored(page)["games"].values()
    assert game["players"] == names, [ascii(n) for n in game["players"]]
    assert _shown(page) == names
    # Reloaded, the game is read back as it was: nothing set aside, nothing rewritten.
    raw = page.evaluate(f"localStorage.getItem('{STORE_KEY}')")
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert backup_keys(page) == []
    assert page.evaluate(f"localStorage.getItem('{STORE_KEY}')") == raw
    assert _shown(page) == names
    assert not errors, errors


def test_a_stored_game_with_family_names_reloads_intact(keeper: tuple[Any, list[str]]) -> None:
    page, errors = keeper
    games = {f"g{n}": {"id": f"g{n}", "game": "chains", "players": names, "rows": [],
                       "history": [], "rev": 1, "created": "2024-05-01T10:00:00.000Z",
                       "updated": "2024-05-01T10:00:00.000Z"} for n, names in enumerate(FAMILY)}
    text = json.dumps({"version": 1, "current": "g0", "games": games}, ensure_ascii=False)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [STORE_KEY, text])
    page.reload()
    page.wait_for_selector(".sk-entry")
    assert backup_keys(page) == [], "a game with these names was set aside as damaged"
    assert page.evaluate(f"localStorage.getItem('{STORE_KEY}')") == text
    assert "could not be read" not in page.inner_text(".sk-app")
    assert _shown(page) == FAMILY[0]
    assert not errors, errors


def test_names_are_cleaned_alike_in_chromium_and_node(keeper: tuple[Any, list[str]]) -> None:
    page, errors = keeper
    in_chromium = page.evaluate(IN_PAGE_CLEAN)
    node = subprocess.run(["node", "--input-type=module", "-e", NODE_CLEAN], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    under_node = json.loads(node.stdout)
    assert in_chromium == under_node
    # A family name, emoji and all, is kept exactly.
    changed = page.evaluate("""async (names) => {
      const { cleanName } = await import(new URL("../assets/js/scorekeeper/store.js", location.href).href);
      return names.filter((n) => cleanName(n) !== n);
    }""", [n for group in FAMILY for n in group])
    assert changed == []
    # What only an emoji holds stays inside one; elsewhere it goes, with every direction control.
    wrong = page.evaluate("""async () => {
      const { cleanName } = await import(new URL("../assets/js/scorekeeper/store.js", location.href).href);
      const expected = [["👩\\u200Da", "👩a"], ["a\\u200D👩", "a👩"], ["a\\u200Db", "ab"], ["\\u202EBob", "Bob"],
        ["👩\\u202E\\u200D🍳", "👩🍳"], ["🏴\\u{E0067}", "🏴"], ["x\\uFE0F", "x"], ["\\uD800x", "x"],
        ["  Tab\\tand\\nline  ", "Tab and line"], ["Zoe\\u0308", "Zoë"]];
      return expected.filter(([given, want]) => cleanName(given) !== want).map(([given]) => escape(given));
    }""")
    assert wrong == []
    assert not errors, errors
