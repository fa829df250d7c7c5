"""Every worked example, as the reader sees it, agrees with the reference engine.

The site: each example is an element with ``data-example="<game>/<id>"``, ``data-record``,
``data-input`` and ``data-claim``; we parse the built HTML, run the input through the engine and
compare the claim. The booklets: each example's id is in the PDF text, followed by the engine's
answer for every claimed key, drawn the way the page draws it. A deliberately wrong claim in a
copy of the project fails the build, naming the example and both answers.
"""

from __future__ import annotations

import ast
import html
import json
import re
import shutil
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.content.examples import declared_records
from generator.content.loader import Game, load_games
from generator.engine.errors import RulebookError
from generator.engine.games import record
from generator.render import fact_html, humanize
from tests.conftest import figure
from tests.support.games import GAMES as ALL_GAMES

ROOT = Path(__file__).resolve().parent.parent
GAMES = ALL_GAMES  # every game of rules-data/

pytestmark = pytest.mark.slow


class _Examples(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "data-example" in a:
            self.found.append(a)


def _json(value: object) -> object:
    return json.loads(json.dumps(value))


def _record(game: Game, name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The record that checks a game's examples: its engine's, or its declared scoring's (issue 38)."""
    declared = declared_records(game)
    return declared[name] if declared is not None else record(game.id, name)


def _checked(game: Game) -> int:
    """A game's worked examples that something checks (a text-only one says why nothing does)."""
    return sum(1 for ex in game.data["examples"] if "text_only" not in ex)


def test_every_example_on_the_site_agrees_with_the_engine(built_site: Path) -> None:
    checked = 0
    for game in GAMES:
        parser = _Examples()
        parser.feed((built_site / game.id / "index.html").read_text(encoding="utf-8"))
        ids = [a["data-example"] for a in parser.found]
        assert sorted(ids) == sorted(f"{game.id}/{ex['id']}" for ex in game.data["examples"])
        for a in parser.found:
            if not a["data-record"]:
                continue  # text only: marked "Not checked" on the page (tests/test_site_parts.py)
            answer = _record(game, a["data-record"])(json.loads(a["data-input"]))
            claim = json.loads(a["data-claim"])
            for key, value in claim.items():
                assert _json(answer.get(key)) == _json(value), f"{a['data-example']}: {key}"
            checked += 1
    figure(f"{checked} examples on the site checked against the engine")
    assert checked == sum(_checked(g) for g in GAMES)


def _plain(markup: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return " ".join(text.replace("\ufe0e", "").split())


#: The result labels the examples partial gives some keys (its `{% set labels = {...} %}`), read
#: from the template itself so the test follows it.
LABELS: dict[str, str] = ast.literal_eval(re.search(
    r"\{% set labels = (\{.*?\}) %\}",
    (Path(__file__).resolve().parent.parent / "generator" / "templates" / "partials" / "examples.html").read_text(
        encoding="utf-8"), re.DOTALL).group(1))  # type: ignore[union-attr]


def test_every_example_in_the_booklets_agrees_with_the_engine(built_site: Path) -> None:
    # The complete rulebook holds every worked example (the card box keeps a few, tests/test_pdf.py):
    # each, found by its title in the book's "Worked examples" part, shows the engine's answer.
    checked = 0
    for game in GAMES:
        with pdfplumber.open(built_site / "pdf" / f"{game.id}-rulebook.pdf") as pdf:
            text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
        # The PDFs set curly quotes (issue 40); the titles in the game files are typed straight.
        text = text.replace("\ufe0e", "").translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))
        # Past the contents list (it ends with the glossary's entry), the part itself.
        cursor = text.find("Worked examples", text.find("Glossary"))
        assert cursor >= 0, f"{game.id}: no worked examples in the rulebook"
        examples = game.data["examples"]
        for k, ex in enumerate(examples):
            if "text_only" in ex:
                continue
            title = " ".join(ex["title"].split())
            start = text.find(title, cursor)
            assert start >= 0, f"{ex['id']} ({title!r}) is not in the {game.id} rulebook"
            later = [text.find(" ".join(o["title"].split()), start + 1) for o in examples[k + 1:]]
            end = min([e for e in later if e > start] or [len(text)])
            segment = text[start:end]
            answer = _record(game, ex["record"])(_json(ex["input"]))  # type: ignore[arg-type]
            for key, claimed in ex["claim"].items():
                assert _json(answer[key]) == _json(claimed)
                shown = f"{LABELS.get(key) or humanize(key)}: {_plain(str(fact_html(key, answer[key])))}"
                assert " ".join(shown.split()) in segment, f"{game.id}/{ex['id']}: {shown!r} not in the rulebook"
            cursor = start
            checked += 1
    figure(f"{checked} examples in the complete rulebooks checked against the engine")
    assert checked == sum(_checked(g) for g in GAMES)


def test_a_wrong_claim_fails_the_build_naming_the_example(tmp_path: Path) -> None:
    from generator.build import build
    from generator.content.loader import clear_cache

    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "docs", "overrides", "rules-data"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, project / name)
    (project / "generator").symlink_to(ROOT / "generator", target_is_directory=True)
    chips = project / "rules-data" / "chips.yaml"
    text = chips.read_text(encoding="utf-8")
    first = next(ex for ex in load_games(ROOT)[0].data["examples"] if "score" in ex["claim"])
    pattern = re.compile(r"(id: " + re.escape(first["id"]) + r"\n(?:.*\n)*?\s+claim: \{score: )(\d+)")
    wrong = first["claim"]["score"] + 1
    chips.write_text(pattern.sub(lambda m: m.group(1) + str(wrong), text, count=1), encoding="utf-8")
    clear_cache()
    site = tmp_path / "site"
    site.mkdir()
    (site / "keep.txt").write_text("last good build")
    (site / ".rulebook-site").write_text("a previous build made this folder")  # else refused as not ours
    with pytest.raises(RulebookError) as err:
        build(project, site)
    message = str(err.value)
    assert first["id"] in message and str(wrong) in message and str(first["claim"]["score"]) in message
    assert "chips.yaml:" in message and "\n" not in message
    assert (site / "keep.txt").read_text() == "last good build"
    clear_cache()
