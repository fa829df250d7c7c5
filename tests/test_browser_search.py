"""The site's search box as a reader uses it (issue 39, item 1), in Debian's Chromium on the built
site: each game's name as written, lower case, singular and plural, and every glossary term of
every game (read from rules-data, not listed here), typed key by key into Material's search box,
finds the right page first.

Reported: "chains" and "Chains" gave "No matching documents" while "chain" found 4 pages. Material
adds a trailing wildcard to every word typed ("chains*"), and lunr runs no pipeline on a wildcard
term, so the typed word was matched as written against an index the stemmer had cut to "chain".
mkdocs.yml now indexes words as written (no stemmer), so a typed word is a prefix of itself; and
each game's name and glossary words are a search field of their own (generator/site/search.py),
so its page comes first, not the practice page or another game's heading that uses the word."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from generator.content.loader import load_games
from tests.support.browser import fresh_pages

from .conftest import ROOT, SITE_HOST, SITE_PORT

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.browser

GAMES = load_games(ROOT)

#: Counts the queries Material's search sends its worker and the results it gets back, so a test
#: waits for the answer to the whole word typed, not for a fixed time (its message types: SETUP 0,
#: READY 1, QUERY 2, RESULT 3; Material's own listener renders a result before ours counts it).
WATCH_WORKER = """(() => {
  const Real = window.Worker;
  const seen = { sent: 0, got: 0, ready: false, query: null };
  window.__search = seen;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const type = event.data && event.data.type;
        if (type === 1) setTimeout(() => { seen.ready = true; }, 0);
        if (type === 3) setTimeout(() => { seen.got += 1; }, 0);
      });
    }
    postMessage(message, ...rest) {
      if (message && message.type === 2) { seen.sent += 1; seen.query = message.data; }
      return super.postMessage(message, ...rest);
    }
  };
})();"""


def _forms(name: str) -> list[str]:
    """A game's name as a reader may type it: as written, lower case, its last word singular and
    plural, and without its number ("3 Chip Stack" -> "chip stack")."""
    words = name.split()
    last = words[-1]
    other = last[:-1] if last.lower().endswith("s") else last + "s"
    forms = [name, name.lower(), " ".join([*words[:-1], other]).lower()]
    unnumbered = [w for w in words if not w.isdigit()]
    if unnumbered != words:
        forms.append(" ".join(unnumbered).lower())
    return list(dict.fromkeys(forms))


def _glossary() -> dict[str, set[str]]:
    """Every glossary term, as written, with the games whose glossary has it."""
    out: dict[str, set[str]] = {}
    for game in GAMES:
        for entry in game.data.get("glossary") or []:
            out.setdefault(str(entry["term"]), set()).add(game.id)
    return out


NAMES = [(form, {game.id}) for game in GAMES for form in _forms(str(game.data["name"]))]
TERMS = sorted(_glossary().items())


@pytest.fixture(scope="module")
def search_page(browser: Any, site_url: str) -> Iterator[Any]:
    """The home page with its search open and its index ready, for every query of this file."""
    with fresh_pages(browser) as new_page:
        page = new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script(WATCH_WORKER)
        page.goto(site_url, wait_until="load")
        page.click(".md-search__input")
        page.wait_for_function("() => window.__search && window.__search.ready")
        yield page
        assert not page.errors, page.errors


def first_result(page: Any, query: str) -> tuple[str, list[str]]:
    """Type `query` into the search box key by key, as a reader does, after emptying it; once the
    worker has answered every query the typing sent, the page (path, no #section) of the first
    result, and the first few results' paths."""
    box = page.locator(".md-search__input")
    box.fill("")
    box.press("Backspace")  # Material reads the box on keyup: it now searches for nothing
    page.wait_for_function("() => window.__search.sent === window.__search.got")
    box.type(query, delay=20)
    page.wait_for_function("""q => window.__search.sent === window.__search.got
        && document.querySelector('.md-search__input').value === q
        && window.__search.query === q""", arg=query)
    hrefs: list[str] = page.eval_on_selector_all(
        ".md-search-result__item > .md-search-result__link", "links => links.map(a => a.getAttribute('href'))")
    meta = page.inner_text(".md-search-result__meta")
    paths = [re.sub(r"[?#].*$", "", h).removeprefix(page.url).lstrip("./") for h in hrefs]
    assert paths, f"{query!r}: {meta}"
    return paths[0], paths[:4]


@pytest.mark.parametrize(("query", "games"), NAMES, ids=[q for q, _ in NAMES])
def test_a_games_name_as_a_reader_types_it_finds_its_page_first(search_page: Any, query: str,
                                                                 games: set[str]) -> None:
    first, shown = first_result(search_page, query)
    assert first in {f"{g}/" for g in games}, f"{query!r} finds {shown}"


@pytest.mark.parametrize(("term", "games"), TERMS, ids=[t for t, _ in TERMS])
def test_every_glossary_term_finds_its_games_page_first(search_page: Any, term: str, games: set[str]) -> None:
    first, shown = first_result(search_page, term)
    assert first in {f"{g}/" for g in games}, f"{term!r} (in the glossary of {sorted(games)}) finds {shown}"
