"""Offline (issue 15) in Chromium: once the service worker controls the page, every game page, the
score keeper, a card-box rulebook and a score sheet open with the network off, all from the worker,
with no failed request and no page error; every PDF of a game opens offline once its page was opened
(issue 39); a round is played offline; an update waits for "Reload" and the saved game survives it. Screenshots at 360x740 in test-output/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.games import BY_ID, GAME_IDS
from tests.support.scorekeeper import ROWS, enter_chips_round, start_game

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-output"
PHONE = {"width": 360, "height": 740}
STORE_PREFIX = "rulebook-scorekeeper"
#: Every game page (every file of rules-data/, issue 38): a game with no engine has no scorer to mount.
GAME_PAGES = {f"{g}/": g for g in GAME_IDS}
PLAYERS = ["Ann", "Bo", "Cy"]

FETCH_PDF = """async (url) => {
  const r = await fetch(url);
  const head = new Uint8Array(await r.arrayBuffer()).slice(0, 5);
  return [r.status, r.headers.get("content-type"), String.fromCharCode(...head)];
}"""

SAVED = f"""() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith("{STORE_PREFIX}")).map((k) => [k, localStorage.getItem(k)]))"""


class Watch:
    """A page's failed requests, page errors and console errors, and every response it got."""

    def __init__(self, page: Any) -> None:
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.responses: list[Any] = []
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url}: {r.failure}"))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: self.responses.append(r))

    def not_from_the_worker(self) -> list[str]:
        return [r.url for r in self.responses
                if r.url.startswith("http") and not r.from_service_worker]


def _controlled(page: Any, url: str) -> None:
    """Open url, wait until the worker is active (precache done), reload so it controls the page."""
    page.goto(url)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def _play_a_chips_round(page: Any) -> None:
    start_game(page, "chips", PLAYERS)
    enter_chips_round(page, PLAYERS, {"scores": {"Bo": 5, "Cy": 20}, "called": "Ann"})
    rows = page.locator(ROWS)
    assert rows.count() == 1
    assert "20" in rows.first.inner_text()


def _settled(page: Any) -> None:
    """Until the page's requests are all answered (by the worker, offline) and its fonts are in: a page
    left while a request is on its way aborts it, and the watch would count that as a failed request
    (a font once, and the script of Material's search worker once, in fresh-clone runs under load)."""
    page.wait_for_load_state("networkidle")
    page.evaluate("() => document.fonts.ready.then(() => document.fonts.status)")


def test_the_pages_the_pdfs_and_the_score_keeper_work_with_the_network_off(
        browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        page = context.new_page()
        watch = Watch(page)
        _controlled(page, site_url)
        # A print-at-home sheet is cached when first opened (online), then opens offline too.
        assert page.evaluate(FETCH_PDF, site_url + "pdf/chips-a4.pdf")[0] == 200
        watch.responses.clear()

        context.set_offline(True)
        for path, game in GAME_PAGES.items():
            page.goto(site_url + path)
            if game in WIDGET:
                page.wait_for_selector(f'[data-widget="{game}"][data-mounted="true"]')
                page.wait_for_selector(f'[data-sample-round="{game}"].rb-sample--enhanced')
            else:
                page.wait_for_selector('h2#quick-start')  # its words, from the cache
            _settled(page)
        page.screenshot(path=str(SHOTS / "offline-3-chip-stack-phone.png"))
        # Instant navigation offline: a link followed from the home page swaps the page in.
        page.goto(site_url)
        page.click("#game-chips a")
        page.wait_for_url(site_url + "chips/")
        page.wait_for_selector('[data-widget="chips"][data-mounted="true"]')
        _settled(page)
        page.goto(site_url + "chips/")
        page.wait_for_selector('[data-widget="chips"][data-mounted="true"]')
        _settled(page)
        page.screenshot(path=str(SHOTS / "offline-chips-phone.png"))

        for pdf in ("pdf/chips.pdf", "pdf/chips-score-a4.pdf", "pdf/3-chip-stack-score-letter.pdf",
                    "pdf/chips-a4.pdf"):
            assert page.evaluate(FETCH_PDF, site_url + pdf) == [200, "application/pdf", "%PDF-"], pdf
        # Not cached (never opened): the network is really off for the worker too.
        before = len(watch.errors)
        assert page.evaluate("""async (u) => { try { await fetch(u); return "fetched"; }
                                catch { return "failed"; } }""", site_url + "pdf/chains-a4.pdf") == "failed"
        watch.failed = [f for f in watch.failed if "chains-a4.pdf" not in f]
        del watch.errors[before:]  # the console's "Failed to load resource" for that fetch

        page.goto(site_url + "keep-score/")
        page.wait_for_selector(".sk-app")
        _play_a_chips_round(page)
        assert page.evaluate(SAVED), "the round was not saved"
        _settled(page)
        page.reload()
        page.wait_for_selector(".sk-entry")
        _settled(page)
        assert page.locator(".sk-app .sk-table tbody tr:not(.sk-total)").count() == 1

        assert not watch.failed, watch.failed
        assert not watch.errors, watch.errors
        assert not watch.not_from_the_worker(), watch.not_from_the_worker()
    finally:
        context.close()


def test_an_update_waits_for_reload_and_the_saved_game_survives_it(
        browser: Any, site_url: str, built_site: Path) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    sw = built_site / "sw.js"
    original = sw.read_text(encoding="utf-8")
    try:
        page = context.new_page()
        watch = Watch(page)
        _controlled(page, site_url + "keep-score/")
        page.wait_for_selector(".sk-app")
        _play_a_chips_round(page)
        saved = page.evaluate(SAVED)
        assert saved
        first = page.evaluate("navigator.serviceWorker.controller.scriptURL")

        # A new version of the site: one precached file's revision changes, so sw.js does too.
        new, n = re.subn(r'(url:"assets/css/rulebook\.css",revision:")[0-9a-f]+"', r'\g<1>0new"', original)
        assert n == 1, "rulebook.css is not in the precache list"
        sw.write_text(new, encoding="utf-8")
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        notice = page.wait_for_selector(".rb-update")
        assert "A new version of the rules is ready" in notice.inner_text()
        # Waiting, not taken over: the old worker still controls the page until "Reload".
        page.wait_for_function("navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)")
        assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
        page.screenshot(path=str(SHOTS / "offline-update-notice-phone.png"))
        assert page.evaluate(SAVED) == saved

        with page.expect_navigation():
            page.click(".rb-update__reload")
        page.wait_for_selector(".sk-entry")
        assert page.evaluate("""navigator.serviceWorker.getRegistration().then((r) =>
            r.waiting === null && r.active === navigator.serviceWorker.controller)""")
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == first
        assert page.locator(".rb-update").count() == 0
        assert page.evaluate(SAVED) == saved
        rows = page.locator(".sk-app .sk-table tbody tr:not(.sk-total)")
        assert rows.count() == 1 and "20" in rows.first.inner_text()
        assert not watch.failed, watch.failed
        assert not watch.errors, watch.errors
    finally:
        sw.write_text(original, encoding="utf-8")
        context.close()


#: Addresses the site writes itself (the drills' and the tables' queries, a shared game, a
#: fragment) or a reader may type (any query, no trailing slash), and what shows the page works.
OFFLINE_ADDRESSES = (
    ("chips/play/?round=1&focus=any&caller=no&question=123", '[data-practice-game="chips"][data-mounted="true"]'),
    ("chains/play/?seed=5&players=3", '[data-practice-game="chains"][data-mounted="true"]'),
    ("3-chip-stack/play/?hands=3&question=9&seed=5&players=3", '[data-practice-game="3-chip-stack"][data-mounted="true"]'),
    ("chips/?x=1", '[data-widget="chips"][data-mounted="true"]'),
    ("chips/#chips-lay-off", '[data-widget="chips"][data-mounted="true"]'),
    ("keep-score/?from=home", ".sk-app"),
    ("?utm_source=x", "#game-chips a"),
)


def test_every_address_the_site_writes_reloads_offline_and_an_unknown_one_gets_the_404_page(
        browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        page = context.new_page()
        watch = Watch(page)
        _controlled(page, site_url)
        watch.responses.clear()
        context.set_offline(True)
        for address, ready in OFFLINE_ADDRESSES:
            page.goto(site_url + address)
            page.wait_for_selector(ready, state="attached")
            page.reload()  # the address as the page left it (the drill and the table rewrite it)
            page.wait_for_selector(ready, state="attached")
        # Without the trailing slash: the page, at its own address (so its relative links hold).
        for address in ("chips", "chips/play", "keep-score?x=1"):
            page.goto(site_url + address)
            slashed = address.replace("?", "/?") if "?" in address else address + "/"
            page.wait_for_url(site_url + slashed)
        page.wait_for_selector(".sk-app")
        # An address the site never had: the site's own 404 page, styled, not the browser's.
        for unknown in ("no-such-page/", "chips/no-such-page", "pdf/no-such.pdf"):
            page.goto(site_url + unknown)
            assert page.locator("h1").first.inner_text() == "404 - Not found", unknown
            assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith('"Atkinson'), unknown
        assert not watch.errors, watch.errors
        assert not watch.not_from_the_worker(), watch.not_from_the_worker()
        page.screenshot(path=str(SHOTS / "offline-404-phone.png"))
    finally:
        context.close()


#: The modules a page may fetch, by what it shows (docs/assets/js/loader.js picks them).
ALWAYS = {"offline.js", "loader.js",
          "landing.js",  # a page reached by a link opens at its top (issue 41)
          "palette.js"}  # the light and dark toggle, mounted by us, not by Material's bundle (issue 42)
WIDGET = {
    "chips": {"widgets/chips.js", "widgets/chips-round.js", "engine/chips.js"},
    "chains": {"widgets/chains.js", "engine/chains.js"},
    "3-chip-stack": {"widgets/3-chip-stack.js", "engine/3-chip-stack.js", "engine/3-chip-stack-house.js"},
}
SHARED = {"widgets/dom.js", "engine/cards.js", "engine/limits.js", "sample-round.js", "reveal.js", "terms.js",
          "engine/words.js", "engine/house.js",  # cards.js's messages and house reader (issue 39)
          "store.js",  # the one storage module (house/store.js reads the table's rules through it)
          "play/drills/examples.js",  # the worked examples as questions (issue 16)
          # "Your table's rules" (issue 25)
          "house/view.js", "house/current.js", "house/store.js", "house/share.js", "house/page.js", "house/examples.js"}


def _modules(requests: list[str], site_url: str) -> set[str]:
    base = site_url + "assets/js/"
    return {u[len(base):] for u in requests if u.startswith(base)}


#: Every PDF of Chips (docs/assets/js/offline.js keeps them all once the page is opened, issue 39).
CHIPS_PDFS = ("chips.pdf", "chips-a4.pdf", "chips-letter.pdf", "chips-rulebook.pdf", "chips-rulebook-a4.pdf",
              "chips-rulebook-letter.pdf", "chips-score-a4.pdf", "chips-score-letter.pdf")


def test_a_game_pages_pdfs_all_open_offline_once_the_page_was_opened(browser: Any, site_url: str) -> None:
    """Issue 39, item 9: the A4 booklet (never opened) opens offline like the card box, because the
    Chips page kept every PDF of its "Keep & share" list, and says so with the budget in bytes;
    another game's are not kept until its page is opened."""
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        page = context.new_page()
        watch = Watch(page)
        # A first visit: the worker installs, takes the page over (clientsClaim), and the page keeps
        # its PDFs through it. Waited for by the state the page reaches once every PDF is in the
        # worker's cache, not a fixed time (and no reload, which would abort a fetch on its way).
        page.goto(site_url + "chips/")
        page.wait_for_selector('[data-offline-keep][data-offline-kept="all"]', state="attached", timeout=60_000)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        note = " ".join(str(page.locator("[data-offline-note]").text_content()).split())
        assert "keeps every one of these PDFs but the card printer's on this device" in note, note
        assert "within the site's budget of 1,048,576 bytes for a game" in note, note
        assert note.endswith("All of them are on this device now: they open without a connection."), note
        _settled(page)
        watch.responses.clear()

        context.set_offline(True)
        for pdf in CHIPS_PDFS:
            assert page.evaluate(FETCH_PDF, site_url + "pdf/" + pdf) == [200, "application/pdf", "%PDF-"], pdf
        # The Chains page was never opened: its booklet is not on this device.
        before = len(watch.errors)
        assert page.evaluate("""async (u) => { try { await fetch(u); return "fetched"; }
                                catch { return "failed"; } }""", site_url + "pdf/chains-rulebook-a4.pdf") == "failed"
        watch.failed = [f for f in watch.failed if "chains-rulebook-a4.pdf" not in f]
        del watch.errors[before:]
        # Offline, a game page keeps nothing and asks for nothing.
        page.goto(site_url + "3-chip-stack/")
        page.wait_for_selector('[data-widget="3-chip-stack"][data-mounted="true"]')
        _settled(page)
        assert page.get_attribute("[data-offline-keep]", "data-offline-kept") is None
        assert not watch.failed, watch.failed
        assert not watch.errors, watch.errors
        assert not watch.not_from_the_worker(), watch.not_from_the_worker()
    finally:
        context.close()


def test_each_page_makes_one_request_for_the_projects_stylesheets(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        for path in ("", *GAME_PAGES, "keep-score/"):
            requests.clear()
            page.goto(site_url + path)
            page.wait_for_load_state("networkidle")
            ours = [u for u in requests if u.startswith(site_url + "assets/css/")]
            assert ours == [site_url + "assets/css/rulebook.css"], f"/{path}: {ours}"
    finally:
        context.close()


def test_each_page_loads_only_the_modules_it_uses(browser: Any, site_url: str) -> None:
    # No service worker here: its precaching would fetch every module, though no page asked.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        watch = Watch(page)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))

        page.goto(site_url)
        page.wait_for_load_state("networkidle")
        assert _modules(requests, site_url) == ALWAYS

        for path, game in GAME_PAGES.items():
            requests.clear()
            page.goto(site_url + path)
            if game in WIDGET:
                page.wait_for_selector(f'[data-widget="{game}"][data-mounted="true"]')
                page.wait_for_selector(f'[data-sample-round="{game}"].rb-sample--enhanced')
            page.wait_for_load_state("networkidle")
            loaded = _modules(requests, site_url)
            # A game that declares its scoring has the hand counter and its engine (issue 38); a game
            # with neither an engine nor a declaration, no widget.
            declared = "declared" in BY_ID[game].data["scoring"]
            widget = WIDGET.get(game, {"widgets/declared.js", "engine/declared.js"} if declared else set())
            assert widget <= loaded, f"{path}: {sorted(loaded)}"
            assert loaded <= ALWAYS | SHARED | widget, f"{path} loads {sorted(loaded - ALWAYS - SHARED - widget)}"

        requests.clear()
        page.goto(site_url + "keep-score/")
        page.wait_for_selector(".sk-app")
        page.wait_for_load_state("networkidle")
        loaded = _modules(requests, site_url)
        assert "scorekeeper/scorekeeper.js" in loaded
        assert not {m for m in loaded if m.startswith("widgets/") or m in {
            "engine/chips.js", "engine/chains.js", "engine/3-chip-stack.js", "sample-round.js"}}, sorted(loaded)

        # Instant navigation: from the home page to a game and on to the next, the modules come
        # when the page that needs them does, and each page's widget mounts.
        page.goto(site_url)
        page.wait_for_load_state("networkidle")
        requests.clear()
        page.evaluate("window.__notReloaded = true")
        page.click("#game-chains a")
        page.wait_for_url(site_url + "chains/")
        page.wait_for_selector('[data-widget="chains"][data-mounted="true"]')
        page.locator("nav.md-nav--primary a.md-nav__link", has_text="3 Chip Stack").first.click()
        page.wait_for_url(site_url + "3-chip-stack/")
        page.wait_for_selector('[data-widget="3-chip-stack"][data-mounted="true"]')
        page.wait_for_selector('[data-sample-round="3-chip-stack"].rb-sample--enhanced')
        assert page.evaluate("window.__notReloaded === true")
        loaded = _modules(requests, site_url)
        assert "widgets/chips.js" not in loaded and "scorekeeper/scorekeeper.js" not in loaded
        assert not watch.failed and not watch.errors, (watch.failed, watch.errors)
    finally:
        context.close()
