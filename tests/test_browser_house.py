""""Your table's rules" on the game pages (issue 25), in a real browser (Debian's Chromium through
Playwright) on the built site, at 360 x 740 with touch and 1280 x 900.

Choosing Chips K-A-2 "group" (the wild 2 as the Queen of Q-K-A) rewords rule 3.5 from the page's own template, moves the ruling's
marker, shows the "Why K-A-2-3 is not a run" example's new answer when the browser engine takes a
house (else leaves it as it is), raises the banner at the top, is kept over a reload and carried in
the address (?house=k-a-2:group), which opens a fresh browser with the same rules; one tap on the
banner gives back the family's text byte for byte. A link never replaces different saved rules
without asking; a hostile link is refused in one line. Chains and 3 Chip Stack follow their houses
too (rule text, variants, examples by the engine); the keyboard alone works and the focus is never
lost; axe-core finds nothing; without scripts only the family's rules show. The other scripts read
the house through docs/assets/js/house/current.js. Screenshots go to test-output/house-*.png."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import settle

from .conftest import SITE_HOST, SITE_PORT, describe_violations, run_axe

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
VIEWS = {"phone": PHONE, "desktop": DESKTOP}

CONTROL = "[data-house-options]"
MOUNTED = "[data-house-options][data-house-mounted]"
BANNER = "[data-house-banner]"
RULE = "#chips-no-wrap"
RULING = "#chips-ruling-k-a-2"
EXAMPLE = "#chips-ex-no-wrap"  # "Why K-A-2-3 is not a run"
VARIANT = "#chips-variant-random-extra"
KEY = "rulebook-house-chips"

#: houseFor(game), as another script of the page reads it.
HOUSE_FOR = """async (game) => {
  const m = await import(new URL("../assets/js/house/current.js", location.href).href);
  return m.houseFor(game);
}"""


@pytest.fixture()
def new_context(browser: Any) -> Iterator[Any]:
    """new_context(view=..., scheme=..., js=True) -> a fresh browser context (its own storage)."""
    contexts: list[Any] = []

    def make(view: str = "phone", scheme: str = "light", js: bool = True) -> Any:
        ctx = browser.new_context(**VIEWS[view], color_scheme=scheme, java_script_enabled=js, service_workers="block")
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


def open_in(ctx: Any, url: str, js: bool = True) -> Any:
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    page.goto(url, wait_until="networkidle")
    if js:
        page.wait_for_selector(MOUNTED, state="attached")
    return page


def shot(page: Any, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"house-{name}.png"), full_page=full)


def plain(text: str | None) -> str:
    return " ".join(str(text or "").replace("\ufe0e", "").split())


def inner(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "el => el.innerHTML"))


def touch(page: Any) -> bool:
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def press(page: Any, selector: str) -> None:
    """Tap on a touch screen, else click, as a person would."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    if touch(page):
        target.tap()
    else:
        target.click()


def open_control(page: Any) -> None:
    if not page.eval_on_selector(f"{CONTROL} details", "d => d.open"):
        press(page, f"{CONTROL} summary")


def choose(page: Any, option: str, value: str) -> None:
    """Tap (or click) a reading's label, as a person would."""
    open_control(page)
    game = page.get_attribute(CONTROL, "data-house-options")
    press(page, f'{CONTROL} label:has(> input[name="rb-house-{game}-{option}"][value="{value}"])')


def wait_examples(page: Any, expect_changed: bool) -> str:
    """The control's word on the examples once it has worked them out ("pending" until then):
    "unsupported" (the engine takes no house yet), "none" (no answer changes) or the ids of the
    examples that change."""
    page.wait_for_function(
        f"""() => {{ const v = document.querySelector('{CONTROL}').dataset.houseExamples;
        return v !== undefined && v !== "pending" && {'v !== "none"' if expect_changed else 'true'}; }}""")
    return str(page.get_attribute(CONTROL, "data-house-examples"))


def show_answer(page: Any, example: str) -> None:
    """Open the folded examples and show one example's answer (asked as a question by default)."""
    page.evaluate("document.querySelectorAll('details.rb-fold').forEach((d) => { d.open = true; })")
    button = page.locator(f"{example} [data-show-answer]")
    if button.count() and button.is_visible():
        button.click()


def test_chips_k_a_2_group_rewords_marks_is_kept_carried_and_undone(new_context: Any, site_url: str) -> None:
    ctx = new_context("phone")
    page = open_in(ctx, site_url + "chips/")
    assert page.get_attribute(BANNER, "hidden") is not None
    assert plain(page.text_content(f"{CONTROL} summary")) == "Your table's rules: the family's rules"
    family = {sel: inner(page, sel) for sel in (RULE, RULING, EXAMPLE, VARIANT)}
    family_text = plain(page.text_content(f"{RULE} [data-rule-text]"))
    page.evaluate("window.__heard = []; document.addEventListener('rulebook:house', (e) => window.__heard.push(e.detail))")

    choose(page, "k-a-2", "group")
    # Rule 3.5 is worded for the table, from the page's own template.
    text = plain(page.text_content(f"{RULE} [data-rule-text]"))
    assert "the 2 stands as the Queen of diamonds, making Q-K-A" in text and text != family_text
    assert plain(page.text_content(f"{RULE} .rb-rule__house")) == "Your table's rule"
    assert page.locator(f"{RULE} [data-rule-text]").count() == 1
    # The ruling: the table's reading marked, the site's reading still "followed here".
    assert plain(page.text_content(f'{RULING} li[data-value="group"]')).endswith("(your table's rule)")
    assert plain(page.text_content(f'{RULING} li[data-value="no-group"]')).endswith("(followed here)")
    assert page.locator(f"{RULING} [data-house-chosen]").count() == 1
    # The example: the engine's answer at the table, or (an engine that takes no house yet) unchanged.
    done = wait_examples(page, expect_changed=False)
    if done == "unsupported":
        assert inner(page, EXAMPLE) == family[EXAMPLE]
    else:
        assert "chips-ex-no-wrap" in done.split()
        show_answer(page, EXAMPLE)
        told = json.loads(str(page.get_attribute(EXAMPLE, "data-house-claim")))
        # The wild 2 as the Queen: Q-K-A, and the 3 is left, 3 points (rule 3.5 as worded).
        assert told == {"score": 3, "loose": ["3D"]}
        assert "At your table (K-A-2: a wild 2 makes Q-K-A)" in plain(page.text_content(f"{EXAMPLE} .rb-example__house"))
    # The banner, at the top, and the closed line say so, naming the choice (issue 37).
    assert page.is_visible(BANNER)
    assert plain(page.text_content(BANNER)).startswith("Played with your table's rules: K-A-2: a wild 2 makes Q-K-A.")
    assert plain(page.text_content(f"{CONTROL} summary")) == "Your table's rules: 1 house rule"
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)  # the scroll done, however long the machine takes
    shot(page, "chips-banner-phone")
    page.locator(RULE).scroll_into_view_if_needed()
    settle(page)  # the scroll done, however long the machine takes
    shot(page, "chips-rule-3-5-phone")
    # Carried in the address, saved, and told to the page's other scripts.
    assert page.url == site_url + "chips/?house=k-a-2:group"
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')")) == {"version": 1, "house": {"k-a-2": "group"}}
    assert page.evaluate(HOUSE_FOR, "chips") == {"k-a-2": "group"}
    assert page.evaluate("window.__heard") == [{"game": "chips", "house": {"k-a-2": "group"}, "previous": {}}]

    # A reload keeps it (from the address and from the store).
    page.reload(wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    assert page.is_checked('input[name="rb-house-chips-k-a-2"][value="group"]')
    assert "stands as the Queen of diamonds" in plain(page.text_content(f"{RULE} [data-rule-text]"))
    assert page.is_visible(BANNER)
    # ... and so does the page at its plain address: the store holds it, and the address says so again.
    page.goto(site_url + "chips/", wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    assert page.url == site_url + "chips/?house=k-a-2:group"

    # The link opens a fresh browser (nothing saved) with the same rules, and saves them there.
    other = open_in(new_context("desktop"), site_url + "chips/?house=k-a-2:group")
    assert "stands as the Queen of diamonds" in plain(other.text_content(f"{RULE} [data-rule-text]"))
    assert other.is_visible(BANNER)
    assert other.url == site_url + "chips/?house=k-a-2:group"
    assert json.loads(other.evaluate(f"localStorage.getItem('{KEY}')"))["house"] == {"k-a-2": "group"}
    assert not other.errors, other.errors

    # One tap on the banner: the family's rules, byte for byte, and the focus where the banner was.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(f"{BANNER} [data-house-reset]").tap()
    wait_examples(page, expect_changed=False)
    for sel, html in family.items():
        assert inner(page, sel) == html, sel
    assert page.get_attribute(BANNER, "hidden") is not None
    assert page.url == site_url + "chips/"
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    assert page.evaluate(HOUSE_FOR, "chips") == {}
    assert page.evaluate("document.activeElement.matches('.rb-hero h1')")
    assert plain(page.text_content(f"{CONTROL} [data-house-note]")) == "Back to the family's rules of Chips."
    assert page.is_checked('input[name="rb-house-chips-k-a-2"][value="no-group"]')
    assert not page.errors, page.errors


def test_a_link_never_silently_replaces_different_saved_rules(new_context: Any, site_url: str) -> None:
    ctx = new_context("phone")
    page = open_in(ctx, site_url + "chips/")
    choose(page, "throw-back", "not-allowed")
    assert page.url == site_url + "chips/?house=throw-back:not-allowed"

    # The same device opens a link with other rules: it asks, and the saved rules hold meanwhile.
    page.goto(site_url + "chips/?house=k-a-2:group", wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    ask = f"{CONTROL} [data-house-ask]"
    assert page.is_visible(ask)
    said = plain(page.text_content(ask))
    assert "This link brings other house rules than the ones saved on this device" in said
    # Each choice in its short label, the reading in full after it (issue 37).
    assert "K-A-2: a wild 2 makes Q-K-A (" in said
    assert "Throwing back the card you took: not allowed (No, you must throw away a different card)" in said
    assert page.is_checked('input[name="rb-house-chips-throw-back"][value="not-allowed"]')
    assert "stands as the Queen of diamonds" not in plain(page.text_content(f"{RULE} [data-rule-text]"))
    assert page.url == site_url + "chips/?house=k-a-2:group"  # nothing rewritten before an answer
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["house"] == {"throw-back": "not-allowed"}
    page.locator(ask).scroll_into_view_if_needed()
    shot(page, "chips-link-asks-phone")

    page.locator(f"{ask} [data-house-take-link]").tap()
    assert page.get_attribute(ask, "hidden") is not None
    assert "stands as the Queen of diamonds" in plain(page.text_content(f"{RULE} [data-rule-text]"))
    assert page.url == site_url + "chips/?house=k-a-2:group"
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["house"] == {"k-a-2": "group"}
    assert page.evaluate("document.activeElement.matches('[data-house-options] summary')")

    # Asked again with other rules, "Keep the saved rules" keeps them, and the address says so.
    page.goto(site_url + "chips/?house=random-extra:played", wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    page.locator(f"{ask} [data-house-keep]").tap()
    assert page.url == site_url + "chips/?house=k-a-2:group"
    assert page.locator(f"{VARIANT} [data-house-played]").count() == 0
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["house"] == {"k-a-2": "group"}
    # The same rules in the link as saved: no question.
    page.goto(site_url + "chips/?house=k-a-2:group", wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    assert page.get_attribute(ask, "hidden") is not None
    assert not page.errors, page.errors


HOSTILE = {
    "script": ("<script>window.__xss=1</script><img src=x onerror=window.__xss=1>", "not option:value"),
    "many-pairs": (",".join(["k-a-2:group"] * 2000 + ["a:b"] * 8000), "far more than Chips has"),
    "unknown": ("no-such-rule:yes,k-a-2:maybe,constructor:x,__proto__:y", "Chips has no such house rule"),
    # Issue 39, item 8: a known rule with an unknown reading was "no such house rule", and a pair
    # with a control character was quoted as the valid pair it hides behind.
    "reading": ("throw-back:maybe", "throw-back has no reading “maybe”; its readings: allowed, not-allowed"),
    "control": ("throw-back:not-allowed\x00", "“throw-back:not-allowed\ufffd” (it holds the control character U+0000)"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_link_is_refused_in_one_polite_line(new_context: Any, site_url: str, case: str) -> None:
    link, words = HOSTILE[case]
    ctx = new_context("phone")
    page = open_in(ctx, site_url + "chips/")
    page.evaluate("localStorage.clear()")
    from urllib.parse import quote

    page.goto(site_url + "chips/?house=" + quote(link, safe=":,"), wait_until="networkidle")
    page.wait_for_selector(MOUNTED, state="attached")
    note = page.locator(f"{CONTROL} [data-house-note]")
    assert note.is_visible()
    said = plain(note.text_content())
    assert words in said and len(said) < 300, said
    assert note.evaluate("n => n.children.length") == 0  # words only, no markup from the link
    assert page.evaluate("window.__xss === undefined")
    assert page.evaluate(HOUSE_FOR, "chips") == {}
    assert page.get_attribute(BANNER, "hidden") is not None
    assert page.url == site_url + "chips/"  # the page's address no longer carries what it refused
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    assert not page.errors, page.errors
    if case == "unknown":
        note.scroll_into_view_if_needed()
        shot(page, "chips-hostile-link-phone")


#: Per game: a house whose answer differs from the family's in a worked example, the rule it
#: rewords (or None), the variant it plays (or None), and the example whose answer changes.
GAME_HOUSES = {
    "chains": ("same-rank:played", "#chains-same-rank", "#chains-variant-same-rank", "#chains-ex-same-rank"),
    "3-chip-stack": ("odd-chip:dealer", None, None, "#three-chip-stack-ex-split"),
}


@pytest.mark.parametrize("game", sorted(GAME_HOUSES))
def test_chains_and_3_chip_stack_follow_their_houses(new_context: Any, site_url: str, game: str) -> None:
    link, rule, variant, example = GAME_HOUSES[game]
    ctx = new_context("phone")
    page = open_in(ctx, site_url + f"{game}/")
    family = {sel: inner(page, sel) for sel in (rule, variant, example) if sel}
    option, value = link.split(":")
    choose(page, option, value)
    assert page.url == site_url + f"{game}/?house={link}"
    assert page.evaluate(HOUSE_FOR, game) == {option: value}
    if rule:
        assert inner(page, rule) != family[rule]
        assert plain(page.text_content(f"{rule} .rb-rule__house")) == "Your table's rule"
    if variant:
        assert plain(page.text_content(f"{variant} [data-house-played]")) == "Played at your table"
    else:
        assert plain(page.text_content(f'[data-option="{option}"] li[data-value="{value}"]')).endswith("(your table's rule)")
    done = wait_examples(page, expect_changed=True)
    assert example[1:] in done.split(), done
    show_answer(page, example)
    box = page.locator(f"{example} .rb-example__house")
    assert box.is_visible()
    told = json.loads(str(page.get_attribute(example, "data-house-claim")))
    family_claim = json.loads(str(page.get_attribute(example, "data-claim")))
    assert told != family_claim and set(told) == set(family_claim)
    if game == "chains":
        assert told == {"legal": True}  # a 7 of clubs on a 7 of hearts may go (chains-same-rank)
    else:
        assert told["shares"] == [6, 6, 0]  # 13 split two ways: 6 each, the odd chip to the dealer
        said = plain(box.inner_text())
        assert "Chips left over 1" in said and "They go to the dealer" in said
    box.scroll_into_view_if_needed()
    settle(page)  # the scroll done, however long the machine takes
    shot(page, f"{game}-example-phone")
    # One tap back: the family's words and answers.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(f"{BANNER} [data-house-reset]").tap()
    wait_examples(page, expect_changed=False)
    page.evaluate("document.querySelectorAll('details.rb-fold').forEach((d) => { d.open = false; })")
    for sel, html in family.items():
        if sel != example:  # the example's question was answered above: compare what the house added
            assert inner(page, sel) == html, sel
    assert page.locator(f"{example} [data-house-answer]").count() == 0
    assert page.get_attribute(example, "data-house-claim") is None
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_with_the_control_open_and_house_rules_in_force(new_context: Any, site_url: str, scheme: str) -> None:
    for game, (link, *_rest) in {"chips": ("k-a-2:group,random-extra:played",), **GAME_HOUSES}.items():
        page = open_in(new_context("phone", scheme), site_url + f"{game}/?house={link}")
        open_control(page)
        page.evaluate("document.querySelectorAll('details.rb-fold').forEach((d) => { d.open = true; })")
        wait_examples(page, expect_changed=False)
        violations = run_axe(page)
        assert not violations, f"{game} ({scheme}):\n" + describe_violations(violations)
        if game == "chips":
            page.locator(f"{CONTROL} summary").scroll_into_view_if_needed()
            settle(page)  # the scroll done, however long the machine takes
            shot(page, f"chips-control-open-{scheme}-phone")
        assert not page.errors, page.errors


def test_keyboard_alone_and_the_focus_is_never_lost(new_context: Any, site_url: str) -> None:
    page = open_in(new_context("desktop"), site_url + "chips/")
    page.focus(f"{CONTROL} summary")
    page.keyboard.press("Enter")
    assert page.eval_on_selector(f"{CONTROL} details", "d => d.open")
    page.keyboard.press("Tab")  # into the first group, on its checked reading
    assert page.evaluate("document.activeElement.name") == "rb-house-chips-k-a-2"
    page.keyboard.press("ArrowDown")  # the next reading: chosen as the arrow moves
    assert page.evaluate("[document.activeElement.value, document.activeElement.checked]") == ["group", True]
    assert "stands as the Queen of diamonds" in plain(page.text_content(f"{RULE} [data-rule-text]"))
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring not in ("none", ""), ring
    shot(page, "chips-keyboard-desktop")

    # The focus on a word of the text that re-renders goes to the rule's number, not to the page.
    page.focus(f"{RULE} [data-rule-text] abbr")
    page.evaluate("""document.querySelector('input[name="rb-house-chips-k-a-2"][value="no-group"]').click()""")
    assert page.evaluate("document.activeElement.matches('#chips-no-wrap .rb-rule__number')")
    # The banner's button by keyboard: the focus goes to the game's name, where the banner was.
    page.evaluate("""document.querySelector('input[name="rb-house-chips-k-a-2"][value="group"]').click()""")
    page.focus(f"{BANNER} [data-house-reset]")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('.rb-hero h1')")
    assert not page.errors, page.errors


def test_instant_navigation_mounts_once_per_page_and_each_game_keeps_its_own(new_context: Any, site_url: str) -> None:
    page = open_in(new_context("desktop"), site_url + "chips/?house=k-a-2:group")
    page.evaluate("window.__notReloaded = true")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Chains").first.click()
    page.wait_for_url(site_url + "chains/")
    page.wait_for_selector('[data-house-options="chains"][data-house-mounted]', state="attached")
    assert page.evaluate("window.__notReloaded === true")
    assert page.evaluate(HOUSE_FOR, "chains") == {}
    assert page.get_attribute(BANNER, "hidden") is not None
    page.go_back()
    page.wait_for_selector('[data-house-options="chips"][data-house-mounted]', state="attached")
    assert page.evaluate(HOUSE_FOR, "chips") == {"k-a-2": "group"}
    assert page.locator(f"{RULE} .rb-rule__house").count() == 1
    assert page.locator(f"{CONTROL} form").count() == 1
    assert not page.errors, page.errors


def test_without_scripts_only_the_family_rules_show(new_context: Any, site_url: str) -> None:
    page = open_in(new_context("phone", js=False), site_url + "chips/?house=k-a-2:group", js=False)
    assert plain(page.text_content(f"{CONTROL} summary")) == "Your table's rules: the family's rules"
    assert not page.is_visible(BANNER)
    page.locator(f"{CONTROL} summary").click()
    assert not page.is_visible(f"{CONTROL} form")
    said = plain(page.text_content(f"{CONTROL} [data-nojs]"))
    assert said.startswith("This page follows the family's rules.") and "King, Ace and a wild 2" in said
    assert "stands as the Queen of diamonds" not in plain(page.text_content(f"{RULE} [data-rule-text]"))
