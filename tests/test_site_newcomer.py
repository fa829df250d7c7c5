"""A game page as a newcomer walks it (issue 14), read from the built site: the order of its parts,
the folded reference parts, the glossary words explained where the rules use them, the picture of
the table, whose words the page quotes, "Suggest a correction", and the Nu HTML checker (vnu-jar)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.content.loader import load_games
from generator.render import plain_text

from .conftest import SITE_HOST, SITE_PORT
from .test_facts import normalise, page_text

os.environ.setdefault("RULEBOOK_SITE_URL", f"http://{SITE_HOST}:{SITE_PORT}/")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g for g in load_games(ROOT)}
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
JAVA = shutil.which("java") or "/usr/bin/java"

#: The ## headings of a game page in the order a newcomer walks them: what the game is (the hero),
#: how to start, how a round goes, a sample round played through (issue 40: a learner meets it before
#: the scorer's forms, not three phone screens below them), the rules, then the tools that need them,
#: then the reference.
ORDER = ["quick-start", "how-a-round-works", "SAMPLE", "the-rules", "scoring", "tie-breakers", "TOOL",
         "worked-examples", "rulings", "variants", "origins", "COMPARISON", "glossary", "keep-share"]
TOOLS = {"chips": "score-a-hand", "chains": "check-a-play", "3-chip-stack": "settle-a-showdown"}
SAMPLES = {"chips": "a-sample-round", "chains": "a-sample-hand", "3-chip-stack": "a-sample-hand"}
FOLDED = {"examples": "rb-examples", "rulings": "rb-rulings", "comparison": "rb-comparison",
          "glossary": "rb-glossary"}


def _html(site: Path, game_id: str) -> str:
    return (site / game_id / "index.html").read_text(encoding="utf-8")


def _mkdocs_extra() -> dict[str, Any]:
    class _Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml uses !ENV [NAME, default]: the default is what a plain build gets.
    _Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    extra: dict[str, Any] = config["extra"]
    return extra


class _Tree(HTMLParser):
    """Elements with their attributes, parent chain (by index) and text, for questions of nesting."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[dict[str, Any]] = []
        self._stack: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = {"tag": tag, "attrs": {k: v or "" for k, v in attrs}, "parents": list(self._stack), "text": []}
        self.nodes.append(node)
        if tag not in self.VOID:
            self._stack.append(len(self.nodes) - 1)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.nodes.append({"tag": tag, "attrs": {k: v or "" for k, v in attrs}, "parents": list(self._stack),
                           "text": []})

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._stack) - 1, -1, -1):
            if self.nodes[self._stack[i]]["tag"] == tag:
                del self._stack[i:]
                break

    def handle_data(self, data: str) -> None:
        for i in self._stack:
            self.nodes[i]["text"].append(data)

    def by_id(self, element_id: str) -> int:
        return next(i for i, n in enumerate(self.nodes) if n["attrs"].get("id") == element_id)

    def inside(self, index: int) -> list[dict[str, Any]]:
        return [n for n in self.nodes if index in n["parents"]]


def _tree(html: str) -> _Tree:
    tree = _Tree()
    tree.feed(html)
    return tree


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_page_walks_from_a_sample_round_to_the_rules_to_the_tools_to_the_reference(built_site: Path, game_id: str) -> None:
    html = _html(built_site, game_id)
    # A game with no engine (one an author added with a YAML file) has no scorer and no sample round.
    wanted = [TOOLS.get(game_id) if h == "TOOL" else SAMPLES.get(game_id) if h == "SAMPLE" else h for h in ORDER]
    wanted = [h for h in wanted if h is not None]
    wanted = [h for h in wanted if h != "COMPARISON"] if not GAMES[game_id].data.get("comparison") else [
        "for-the-card-game-curious" if h == "COMPARISON" else h for h in wanted]
    positions = [html.find(f'<h2 id="{h}"') for h in wanted]
    assert -1 not in positions, [h for h, p in zip(wanted, positions, strict=True) if p == -1]
    assert positions == sorted(positions), f"{game_id}: the parts are out of order: {wanted}"
    # The contents list sits under the hero, before the quick start, and lists every ## heading.
    hero_end, contents = html.index("</header>", html.index('class="rb-hero"')), html.find('class="rb-contents"')
    assert hero_end < contents < positions[0], "no 'On this page' list between the hero and the quick start"
    nav = html[contents:html.index("</nav>", contents)]
    assert re.findall(r'<a href="#([^"]+)"', nav) == wanted


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_long_reference_parts_are_folded_and_keep_every_anchor(built_site: Path, game_id: str) -> None:
    tree = _tree(_html(built_site, game_id))
    folds = [i for i, n in enumerate(tree.nodes) if n["tag"] == "details" and "rb-fold" in n["attrs"].get("class", "")]
    for name, cls in FOLDED.items():
        if name == "comparison" and not GAMES[game_id].data.get("comparison"):
            continue
        holders = [i for i in folds if any(cls in n["attrs"].get("class", "").split() for n in tree.inside(i))]
        assert len(holders) == 1, f"{game_id}: {name} is not folded in one <details>"
        fold = tree.nodes[holders[0]]
        assert "open" not in fold["attrs"], f"{game_id}: {name} is open by default"
        summary = next(n for n in tree.inside(holders[0]) if n["tag"] == "summary")
        assert "".join(summary["text"]).strip(), f"{game_id}: {name}'s fold has no words to tap"
    # Every ruling and example keeps its id (links into a fold still have a target) and its markup.
    data = GAMES[game_id].data
    for entry in [*data["rulings"], *data["examples"]]:
        index = tree.by_id(entry["id"])
        assert any(p in folds for p in tree.nodes[index]["parents"]), f"{entry['id']} is not in a fold"
    assert sum("data-ruling" in n["attrs"] for n in tree.nodes) == len(data["rulings"])


def _glossed_items(data: dict[str, Any]) -> list[tuple[str | None, str]]:
    """(element id, text) of everything the site glosses: round steps, rule items (and their points),
    scoring items and tie-breakers; quick-start steps have no id (None: the quick start as a whole)."""
    items: list[tuple[str | None, str]] = [(None, s["text"]) for s in data["quick_start"]["steps"]]
    items += [(s["id"], s["text"]) for s in data["round"]["steps"] if isinstance(s, dict)]
    for section in data["rules"]:
        for item in section["items"]:
            items += [(item["id"], item["text"])] + [(item["id"], p) for p in item.get("points", [])]
    items += [(i["id"], i["text"]) for i in data["scoring"].get("items", [])]
    items += [(t["id"], t["text"]) for t in data["tie_breakers"]]
    return items


def _uses(term: str, text: str, game_name: str) -> bool:
    """Does ``text`` (rules-data, tokens and all) use the glossary word ``term``? Not inside a link's
    words, not as part of the game's name, and not "See" pointing at a cross-reference."""
    text = re.sub(r"\bSee (?=\[\[#)", "", text)
    text = re.sub(r"\[\[#[^\]]+\]\]", " ", text)
    words = plain_text(text).replace(game_name, " ")
    body = r"\s+".join(re.escape(w) for w in term.split())
    return re.search(rf"(?<![\w-]){body}(?:e?s)?(?![\w-])", words, re.IGNORECASE) is not None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_glossary_word_used_in_the_rules_carries_its_meaning(built_site: Path, game_id: str) -> None:
    data = GAMES[game_id].data
    meanings = {g["term"]: f"{g['term']}: {plain_text(g['text'])}" for g in data["glossary"]}
    tree = _tree(_html(built_site, game_id))
    quick = next(i for i, n in enumerate(tree.nodes) if "rb-quick-start" in n["attrs"].get("class", "").split())
    missing: list[str] = []
    checked = 0
    for element_id, text in _glossed_items(data):
        root = quick if element_id is None else tree.by_id(element_id)
        terms = [n for n in tree.inside(root) if n["tag"] == "abbr" and "rb-term" in n["attrs"].get("class", "")]
        titles = {normalise(n["attrs"].get("title", "")) for n in terms}
        for term, meaning in meanings.items():
            if _uses(term, text, data["name"]):
                checked += 1
                if normalise(meaning) not in titles:
                    missing.append(f"{element_id or 'quick start'}: {term}")
        for node in terms:  # keyboard and touch reach it: focusable, with its meaning as the title
            assert node["attrs"].get("tabindex") == "0", node
    # At least five uses, or one per glossary word of a short glossary (a game an author added).
    wanted = min(5, len(meanings))
    assert checked >= wanted, f"{game_id}: only {checked} uses of glossary words found: is the glossary matched?"
    assert not missing, "glossary words without their meaning in place:\n" + "\n".join(missing)


def test_no_page_text_says_the_source(built_site: Path) -> None:
    offenders = []
    for page in sorted(built_site.rglob("*.html")):
        text = page_text(page.read_text(encoding="utf-8"))
        for phrase in ("the source", "our source", "source does not say"):
            if phrase in text:
                at = text.index(phrase)
                offenders.append(f"{page.relative_to(built_site)}: …{text[max(0, at - 60):at + 60]}…")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_table_picture_is_drawn_from_the_yaml_with_a_text_alternative(built_site: Path, game_id: str) -> None:
    table = GAMES[game_id].data["table"]
    html = _html(built_site, game_id)
    tree = _tree(html)
    figure = tree.by_id(f"rb-table-picture-{game_id}")
    # In "How a round works", before the rules.
    at = html.index(f'id="rb-table-picture-{game_id}"')
    assert html.index('<h2 id="how-a-round-works"') < at < html.index('<h2 id="the-rules"')
    svg = next(n for n in tree.inside(figure) if n["tag"] == "svg")
    assert svg["attrs"]["role"] == "img"
    title = tree.nodes[tree.by_id(svg["attrs"]["aria-labelledby"])]
    assert title["tag"] == "title" and "".join(title["text"]).strip() == table["title"]
    caption = tree.nodes[tree.by_id(svg["attrs"]["aria-describedby"])]
    assert caption["tag"] == "figcaption"
    assert normalise(plain_text(re.sub(r"\[\[#[^\]]+\]\]", "", table["description"]))).split()[:8] == \
        normalise("".join(caption["text"])).split()[:8]
    words = [normalise("".join(n["text"])) for n in tree.inside(figure) if n["tag"] == "text"]
    for seat in table["seats"]:
        assert normalise(seat["name"]) in words, f"{seat['name']} has no seat"
        if seat.get("role"):
            assert normalise(seat["role"]) in words
    for item in table["middle"]:
        assert normalise(item["label"]) in words
    assert normalise(table["turns"]) in words
    # Colours follow the scheme: nothing is painted in a fixed colour.
    fixed = re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{3,8}|rgb[^"]*|red|black|white)"',
                       html[at:html.index("</figure>", at)])
    assert not fixed, fixed


def test_every_page_has_suggest_a_correction_set_once_in_mkdocs_yml(built_site: Path) -> None:
    # Unset in mkdocs.yml until the project has a public issue form (no made-up address); the
    # test build sets a stand-in (tests/conftest.py), and every page must link it.
    assert _mkdocs_extra()["corrections_url"] == ""
    address = os.environ["RULEBOOK_CORRECTIONS_URL"]
    assert address.startswith("https://")
    for page in sorted(built_site.rglob("*.html")):
        if page.name == "404.html":
            continue
        html = page.read_text(encoding="utf-8")
        link = re.search(r'<a class="rb-correction__link" href="([^"]+)"[^>]*>Suggest a correction</a>', html)
        assert link, f"{page.relative_to(built_site)}: no 'Suggest a correction'"
        assert link.group(1).replace("&amp;", "&") == address
    # The Chips variant that the write-up leaves unfinished asks readers to tell us: it links there too.
    chips = _html(built_site, "chips")
    assert re.search(r'class="rb-incomplete".*?<a class="rb-incomplete__tell" href="', chips, re.DOTALL)


# --------------------------------------------------------------------------- the Nu HTML checker

#: Messages from Material's own markup, not the project's templates, each with the reason it stays.
MATERIAL_ONLY = [
    # Material's drawer, search and palette toggles are <input type="checkbox|radio" autocomplete="off">:
    # Firefox needs autocomplete="off" to forget a toggled state on reload; the attribute is Material's.
    (re.compile(r"Attribute “autocomplete” is only allowed when the input type is"),
     re.compile(r'<input class="md-toggle"|<input class="md-option"')),
]


def _pages_to_check(site: Path) -> list[Path]:
    pages = [site / "index.html", site / "keep-score" / "index.html"]
    pages += [site / g / "index.html" for g in sorted(GAMES)]
    return pages


def test_nu_html_checker_finds_no_error_in_our_markup(built_site: Path) -> None:
    assert VNU.is_file(), f"{VNU} is missing: run `npm install` (package.json pins vnu-jar)"
    assert Path(JAVA).exists(), "java is missing: the Nu HTML checker (vnu.jar) needs it"
    pages = _pages_to_check(built_site)
    run = subprocess.run([JAVA, "-jar", str(VNU), "--format", "json", "--errors-only", *map(str, pages)],
                         capture_output=True, text=True, timeout=300, check=False)
    report = json.loads(run.stderr or run.stdout)
    errors = []
    for message in report["messages"]:
        if message.get("type") != "error":
            continue
        extract = message.get("extract", "")
        if any(text.search(message["message"]) and where.search(extract) for text, where in MATERIAL_ONLY):
            continue
        page = Path(message.get("url", "").removeprefix("file:")).relative_to(built_site)
        errors.append(f"{page}:{message.get('lastLine')}: {message['message']} [{extract.strip()[:100]}]")
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(errors[:40])
