"""The built site (generator/build.py over mkdocs.yml, docs/ and rules-data/), read as files."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

from generator.content.loader import load_games
from generator.engine.errors import RulebookError

from .conftest import SITE_HOST, SITE_PORT

# The browser tests serve the site on this origin, and Material's instant navigation only
# intercepts links on the site_url origin: build with it (read by generator.build.build).
os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GAMES = load_games(ROOT)
MACRO_ERRORS = ("Macro Syntax Error", "Macro Rendering Error", "UndefinedError", "{{", "{%", "Traceback")


class _Page(HTMLParser):
    """Element ids and the src/href of what a page loads."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.loads: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            self.ids.append(a["id"])
        if tag in ("script", "img", "source", "iframe", "audio", "video", "embed", "track") and a.get("src"):
            self.loads.append((tag, a["src"]))
        if tag == "link" and a.get("href"):
            self.loads.append((f"link rel={a.get('rel', '')}", a["href"]))
        if tag in ("img", "source") and a.get("srcset"):
            self.loads.append((tag, a["srcset"].split()[0]))
        if tag == "object" and a.get("data"):
            self.loads.append((tag, a["data"]))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _linkable_ids(data: dict) -> list[str]:
    """Every id the data says is linkable: steps, sections, rule items, ties, examples, rulings, variants."""
    ids = [s["id"] for s in data["round"]["steps"]]
    for section in data["rules"]:
        ids.append(section["id"])
        ids.extend(item["id"] for item in section["items"])
    ids.extend(item["id"] for item in data["scoring"].get("items", []))
    ids.extend(t["id"] for t in data["tie_breakers"])
    ids.extend(e["id"] for e in data["examples"])
    ids.extend(r["id"] for r in data["rulings"])
    ids.extend(v["id"] for v in data["variants"]["items"])
    return ids


def test_home_and_one_page_per_game_at_its_id(built_site: Path) -> None:
    assert (built_site / "index.html").is_file()
    for game in GAMES:
        page = built_site / game.id / "index.html"
        assert page.is_file(), f"no page for {game.id} at /{game.id}/"
        assert f"<h1 class=\"rb-hero__name\">{game.name}</h1>" in page.read_text(encoding="utf-8")


def test_home_page_lists_every_game_with_its_pitch_and_link(built_site: Path) -> None:
    html = (built_site / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        assert f'href="{game.id}/"' in html
        assert f'id="game-{game.id}"' in html
    positions = [html.index(f'id="game-{g.id}"') for g in GAMES]
    assert positions == sorted(positions), "games are not in their `order`"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_rule_item_is_an_element_id_on_its_page(built_site: Path, game: object) -> None:
    page = _parse(built_site / game.id / "index.html")  # type: ignore[attr-defined]
    ids = set(page.ids)
    missing = [i for i in _linkable_ids(game.data) if i not in ids]  # type: ignore[attr-defined]
    assert not missing, f"ids without an anchor: {missing}"
    duplicated = sorted({i for i in page.ids if page.ids.count(i) > 1})
    assert not duplicated, f"ids used twice on the page: {duplicated}"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_example_carries_its_input_and_claim(built_site: Path, game: object) -> None:
    import json

    html = (built_site / game.id / "index.html").read_text(encoding="utf-8")  # type: ignore[attr-defined]
    for ex in game.data["examples"]:  # type: ignore[attr-defined]
        assert f'data-example="{game.id}/{ex["id"]}"' in html  # type: ignore[attr-defined]
    found = re.findall(r'data-claim="([^"]*)"', html)
    checked = [ex for ex in game.data["examples"] if "text_only" not in ex]  # type: ignore[attr-defined]
    assert len(found) == len(checked)  # a text-only example carries nothing to run
    for raw in found:
        json.loads(raw.replace("&#34;", '"').replace("&amp;", "&").replace("&#39;", "'")
                   .replace("&lt;", "<").replace("&gt;", ">"))


def test_each_game_page_has_every_part_and_the_pdf_links(built_site: Path) -> None:
    for game in GAMES:
        html = (built_site / game.id / "index.html").read_text(encoding="utf-8")
        for heading in ("quick-start", "how-a-round-works", "the-rules", "scoring", "tie-breakers",
                        "worked-examples", "rulings", "variants", "origins", "glossary", "keep-share"):
            assert f'id="{heading}"' in html, f"{game.id}: no ## section {heading}"
        for pdf in (f"{game.id}.pdf", f"{game.id}-a4.pdf", f"{game.id}-letter.pdf"):
            assert f'href="../pdf/{pdf}"' in html
        if game.data.get("comparison"):
            assert "rb-comparison__table" in html


def test_no_page_holds_a_macro_error_or_unrendered_template(built_site: Path) -> None:
    for page in _pages(built_site):
        text = page.read_text(encoding="utf-8")
        for marker in MACRO_ERRORS:
            assert marker not in text, f"{page.relative_to(built_site)} contains {marker!r}"


def test_cards_are_drawn_with_a_spoken_name_and_text_presentation(built_site: Path) -> None:
    html = (built_site / "chains" / "index.html").read_text(encoding="utf-8")
    faces = re.findall(r'<span class="card card--(\w+)" role="img" aria-label="([a-z ]+)">([^<]+)</span>', html)
    assert faces, "no card faces on the Chains page"
    for suit, name, face in faces:
        if suit != "joker":
            assert face.endswith("\ufe0e") and name.endswith(suit), (suit, name, face)


def test_nothing_is_loaded_from_another_host(built_site: Path) -> None:
    offenders: list[str] = []
    for page in _pages(built_site):
        for what, url in _parse(page).loads:
            host = urlparse(url).hostname
            if url.startswith("//") or (host and host != SITE_HOST):
                offenders.append(f"{page.relative_to(built_site)}: {what} {url}")
    for css in built_site.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8")):
            if re.match(r"(https?:)?//", url):
                offenders.append(f"{css.relative_to(built_site)}: url({url})")
    assert not offenders, "\n".join(offenders)


def test_fonts_are_self_hosted_woff2(built_site: Path) -> None:
    fonts = {p.name for p in (built_site / "assets" / "fonts").glob("*.woff2")}
    assert {"atkinson-hyperlegible-latin-400-normal.woff2", "rulebook-suits-regular.woff2"} <= fonts
    css = (built_site / "assets" / "css" / "rulebook.css").read_text(encoding="utf-8")
    assert "@font-face" in css and "unicode-range:" not in css


# --- a failed build keeps the last good site --------------------------------------------------


def _project_copy(tmp: Path) -> Path:
    """The project's sources in ``tmp / "project"``, the generator by symlink (mkdocs-macros looks
    for it in the project): the same copy as tests/test_build_errors.py builds and breaks."""
    from tests.test_build_errors import copy_project

    return copy_project(tmp / "project")


def _snapshot(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_failed_build_leaves_the_previous_site_untouched(tmp_path: Path) -> None:
    from generator.build import build
    from generator.content.loader import clear_cache

    project = _project_copy(tmp_path)
    site = tmp_path / "out" / "site"
    build(project, site)
    (site / "marker.txt").write_text("the last good build")
    before = _snapshot(site)

    # 1. A broken game file: an unknown key.
    chips = project / "rules-data" / "chips.yaml"
    chips.write_text(chips.read_text(encoding="utf-8") + "\ncolour: red\n", encoding="utf-8")
    clear_cache()
    with pytest.raises(RulebookError) as err:
        build(project, site)
    assert "chips.yaml" in str(err.value) and "\n" not in str(err.value)
    assert _snapshot(site) == before

    # 2. A page asking for a game that does not exist (a macro error inside MkDocs).
    shutil.copy2(ROOT / "rules-data" / "chips.yaml", chips)
    clear_cache()
    page = project / "docs" / "chains.md"
    page.write_text(page.read_text(encoding="utf-8").replace('rules("chains")', 'rules("chainz")'),
                    encoding="utf-8")
    with pytest.raises(RulebookError) as err:
        build(project, site)
    assert "chainz" in str(err.value) and "\n" not in str(err.value)
    assert _snapshot(site) == before

    # No temporary folder is left next to the site.
    assert [p.name for p in site.parent.iterdir()] == ["site"]

    # 3. Fixed again: the new build replaces the old one whole.
    shutil.copy2(ROOT / "docs" / "chains.md", page)
    build(project, site)
    assert not (site / "marker.txt").exists()
    assert (site / "chains" / "index.html").is_file()


def test_keep_share_says_how_big_each_download_is(built_site: Path) -> None:
    html = (built_site / "chips" / "index.html").read_text(encoding="utf-8")
    sizes = re.findall(r'href="\.\./pdf/([^"]+)"[^>]*>.*?rb-keep__size">([^<]*)<', html)
    from generator.print.downloads import downloads

    assert len(sizes) == len(downloads("chips")) >= 8  # card box, its sheets, the rulebook, its booklets, score sheets
    for name, words in sizes:
        kb = round((built_site / "pdf" / name).stat().st_size / 1024)
        assert words.endswith(f", {max(kb, 1)} KB"), (name, words)


def test_permalinks_carry_a_spoken_name_and_no_title(built_site: Path) -> None:
    # Material's content.tooltips mounts a tooltip on every [title]: a hundred permalinks with a
    # title were most of a game page's blocking time on a phone (issue 15). They are named by
    # aria-label; only the glossary words (and the theme's own header link) keep a title.
    for page in _pages(built_site):
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(built_site)
        titled = re.findall(r'<a [^>]*title="[^>]*>', html)
        assert all('class="md-header__button md-logo"' in a or 'class="md-nav__button md-logo"' in a
                   for a in titled), f"{where}: {titled[:3]}"
        for link in re.findall(r'<a class="(?:headerlink|rb-permalink)"[^>]*>', html):
            assert re.search(r'aria-label="Link to “[^”]+”"', link), f"{where}: {link}"


def test_the_search_index_holds_words_not_controls(built_site: Path) -> None:
    # Material fetches search/search_index.json on every page load, so what is in it costs every
    # visit bytes (issue 15). The tap grids' card names, the score sheets' cell labels, the sample
    # rounds' card lists and the drills' copies of rules are left out (data-search-exclude); the
    # rules, rulings, examples and the sample rounds' words stay in.
    import json

    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = {doc["location"]: doc["text"] for doc in index["docs"]}
    everything = " ".join(texts.values())
    assert "ace of spades" not in everything  # the tap grid's spoken names
    assert "Seat 1, Round 1" not in everything  # a score sheet cell's label
    assert "Discard pile (top last)" not in everything  # the sample round's table after a step
    chips = next(g for g in GAMES if g.id == "chips")
    # A rule the Chips drill quotes only in its <template> copies (generator/site/play.py): found
    # on the game page alone.
    words = " ".join(str(chips.items["chips-no-wrap"]["text"]).split()[:8])
    holding = [loc for loc, text in texts.items() if words in " ".join(re.sub(r"<[^>]+>", " ", text).split())]
    assert holding and all(loc.startswith("chips/#") for loc in holding), holding
    sample = texts["chips/#chips-sample-round-title"]
    assert "Ann opens the round" in sample


def test_materials_bundle_is_deferred_and_runs_before_our_modules(built_site: Path) -> None:
    # overrides/main.html defers it so it no longer holds up the first paint (issue 15). Deferred
    # scripts and modules run in document order: the bundle must come first, or loader.js would
    # find no document$ and mount nothing on the pages instant navigation swaps in.
    for page in sorted(built_site.rglob("index.html")):
        scripts = re.findall(r"<script\b[^>]*\bsrc=[^>]*>", page.read_text(encoding="utf-8"))
        rel = page.relative_to(built_site)
        assert scripts, rel
        assert "javascripts/bundle." in scripts[0] and " defer " in scripts[0], f"{rel}: {scripts[0]}"
        for tag in scripts[1:]:
            assert 'type="module"' in tag or " defer " in tag, f"{rel}: {tag} would run before the bundle"
