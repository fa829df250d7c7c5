"""A family edition's game page and its scorers (issue 25): `rulebook build --house FILE` makes a
site whose rules are the family's own choice. Its page for a game the edition changes offers no
"Your table's rules" control (no choice, no "back to the family's rules", which are not the
book's), but carries the book's options (data-house-book) so the page's scorers follow the book
(docs/assets/js/house/current.js houseFor; tests/js/house-book.test.mjs reads them back), never what
this device saved for the family's site. A game the edition leaves alone keeps the control."""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from generator.site.macros import Site
from tests.support.games import ENGINE_IDS
from tests.support.games import GAMES as ALL_GAMES

ROOT = Path(__file__).resolve().parent.parent
GAMES = list(ALL_GAMES)


def attr(page: str, name: str) -> object:
    found = re.search(rf'{name}="([^"]*)"', page)
    assert found, f"no {name} in {page[:200]}"
    return json.loads(html.unescape(found.group(1)))


def test_an_edition_page_carries_the_books_options_for_its_scorers_and_offers_no_choice() -> None:
    site = Site(GAMES, houses={"chips": {"k-a-2": "group", "throw-back": "allowed"}})
    page = str(site.house_options("chips", "/"))
    assert "data-house-options" not in page and "Back to the family" not in page and "<form" not in page
    assert 'data-house-book="chips"' in page and " hidden" in page
    # Only what the book sets away from the family's rules (throw-back "allowed" is the default).
    assert attr(page, "data-house-current") == {"k-a-2": "group"}
    words = attr(page, "data-house-data")
    assert isinstance(words, dict) and words["game"] == "chips"
    assert [o["id"] for o in words["options"]][:1] == ["k-a-2"]


def test_a_game_the_edition_leaves_alone_keeps_its_control_and_a_default_build_has_no_book() -> None:
    site = Site(GAMES, houses={"chips": {"k-a-2": "group"}})
    chains = str(site.house_options("chains", "/"))
    assert 'data-house-options="chains"' in chains and "data-house-book" not in chains
    plain = Site(GAMES)
    for game in GAMES:
        assert "data-house-book" not in str(plain.house_options(game.id, "/"))


def test_the_score_keeper_offers_each_games_options_in_words_and_an_editions_own_as_its_start() -> None:
    from generator.render import game_refs
    from generator.site.scorekeeper import house_config, kept_ids

    refs = game_refs([g.data for g in GAMES], None, page_url=lambda gid: f"/{gid}/")
    plain = house_config(GAMES, refs)
    assert set(plain) == set(kept_ids([g.data for g in GAMES])) >= {"chips", "chains", "3-chip-stack"}
    odd = next(o for o in plain["3-chip-stack"]["options"] if o["id"] == "odd-chip")
    assert odd["default"] == "winners" and len(odd["labels"]) == len(odd["values"]) == 3
    assert not any("[[" in label or "{" in label for o in plain["chips"]["options"] for label in o["labels"])
    assert all(c["book"] == {} for c in plain.values())
    book = house_config(GAMES, refs, {"3-chip-stack": {"odd-chip": "dealer", "passed-chip": "at-once"}})
    assert book["3-chip-stack"]["book"] == {"odd-chip": "dealer"}  # only what differs from the family's
    assert book["chips"]["book"] == {}


# --------------------------------------------------------------------------- worked examples

#: Field names said in words, as partials/examples.html says them (the rest: "Caller groups").
LABELS = {"again": "Plays again (after a royal)", "kind": "Kind of play", "legal": "Legal play",
          "odd": "Chips left over", "odd_to": "They go to", "carried": "Carried into the next pot"}


def changed_examples(game_id: str) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """Every (option id, value, example, engine's answer) of a game whose answer under that one
    option is not the example's claim, worked out here by the Python engine, option by option."""
    from generator.content.house import game_options
    from generator.engine.games import load_game, record

    game = next(g for g in GAMES if g.id == game_id)
    takes = getattr(load_game(game_id), "HOUSE_RECORDS", frozenset())
    out = []
    for option in game_options(game):
        for value in option.values:
            if value == option.default:
                continue
            for ex in game.data["examples"]:
                if "text_only" in ex or ex["record"] not in takes:
                    continue
                answer = record(game_id, ex["record"])({**json.loads(json.dumps(ex["input"])),
                                                        "house": {option.id: value}})
                if any(json.dumps(answer.get(k), sort_keys=True) != json.dumps(v, sort_keys=True)
                       for k, v in ex["claim"].items()):
                    out.append((option.id, value, ex, answer))
    return out


#: Worked out by each game's engine: a game with no engine has no answer to change.
GAMES_WITH_CHANGES = [g for g in ENGINE_IDS if changed_examples(g)]


def rows(facts: Mapping[str, Any], colon: str = ":") -> list[str]:
    """The rows of a result as the PDF prints them: label, colon (the stylesheet's, so none in the
    HTML), the value in words (cards as faces)."""
    from markupsafe import Markup

    from generator.render import fact_html, humanize

    def words(key: str, value: Any) -> str:
        return html.unescape(re.sub(r"<[^>]+>", " ", str(Markup(fact_html(key, value)))))

    return [squash(f"{LABELS.get(k) or humanize(k)}{colon} {words(k, v)}") for k, v in facts.items()]


def squash(text: str) -> str:
    # The PDFs set quotes curly (booklets.typeset_quotes, issue 40); the engine's words are straight.
    text = text.translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'})
    return re.sub(r"\s+", "", text.replace("\ufe0e", ""))


def test_every_game_has_a_house_option_that_changes_a_worked_example() -> None:
    # The PDF test below is only as good as its cases: each game offers one (issue 25).
    assert GAMES_WITH_CHANGES == ENGINE_IDS


def test_an_edition_page_shows_the_engines_answer_beside_the_familys_and_a_default_page_does_not() -> None:
    for game_id in GAMES_WITH_CHANGES:
        option_id, value, example, answer = changed_examples(game_id)[0]
        site = Site(GAMES, houses={game_id: {option_id: value}})
        page = str(site.part("examples", game_id, "/"))
        article = re.search(rf'<article[^>]* id="{example["id"]}"[^>]*>.*?</article>', page, re.DOTALL)
        assert article, f"{example['id']} is not on the {game_id} page"
        claim = {k: answer.get(k) for k in example["claim"]}
        assert attr(article.group(0), "data-house-claim") == json.loads(json.dumps(claim))
        assert attr(article.group(0), "data-claim") == example["claim"]  # the family's answer stays
        house = article.group(0).split("rb-example__house", 1)[1].split("rb-example__explain")[0]
        text = squash(html.unescape(re.sub(r"<[^>]+>", " ", house)))
        assert squash("At your table (") in text
        for row in rows(claim, colon=""):
            assert row in text, f"{example['id']} under {option_id}={value}: {row} is not in {text}"
        plain = str(Site(GAMES).part("examples", game_id, "/"))
        assert "rb-example__house" not in plain and "data-house-claim" not in plain


def test_the_answer_names_only_the_option_that_changes_it() -> None:
    # Two options at once: each example says the one that changes it (as the page's re-render does).
    from generator.content.examples import house_answers

    chains = next(g for g in GAMES if g.id == "chains")
    both = {o: v for o, v, _, _ in changed_examples("chains")}
    assert len(both) >= 2
    answers = house_answers(chains, both)
    for option_id, value, example, _ in changed_examples("chains"):
        assert answers[example["id"]].options == (option_id,), (example["id"], answers[example["id"]])
    assert house_answers(chains, {}) == {}


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def _example_text(text: str, title: str, explain_start: str) -> str:
    """The squashed text of one example of a PDF: from its title to its explanation."""
    flat = squash(text)
    start = flat.find(squash(title))
    assert start >= 0, f"{title!r} is not in the PDF"
    end = flat.find(squash(explain_start), start)
    assert end > start, f"the explanation of {title!r} does not follow it"
    return flat[start:end]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES_WITH_CHANGES)
def test_a_family_editions_pdf_shows_the_engines_answer_and_the_default_pdf_the_familys(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 25: "examples whose answer changes show the new answer, computed by the engine". The card
    # box when it keeps such an example, else the complete rulebook (which keeps every one).
    from pypdf import PdfReader

    from generator.content import house
    from generator.print import booklets as gpdf
    from generator.render import game_refs
    from tests.support.pdf_build import EPOCH, page_of_each, plain

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    game = next(g for g in GAMES if g.id == game_id)
    cases = changed_examples(game_id)
    default = gpdf.render_booklet(ROOT, game, GAMES)
    kept = [c for c in cases if squash(c[2]["title"]) in squash(_pdf_text(default))]
    render = gpdf.render_booklet if kept else (
        lambda root, g, gs: gpdf.render_rulebook(root, g, gs, None, gpdf.BOOK_PAPERS["a4"]))
    if not kept:
        default = render(ROOT, game, GAMES)
    option_id, value, example, answer = (kept or cases)[0]
    path = tmp_path / "house.yaml"
    path.write_text(f"{game_id}:\n  {option_id}: {value}\n", encoding="utf-8")
    monkeypatch.setenv(house.EDITION_ENV, str(path))
    edition = render(ROOT, game, GAMES)

    explain = re.sub(r"\[\[[^\]]*\]\].*", "", example["explain"])[:30]  # its first words, before any link
    family = {k: example["claim"][k] for k in example["claim"]}
    at_table = {k: answer.get(k) for k in example["claim"]}
    at_table |= {k: v for k, v in answer.items() if k in ("odd", "odd_to")}
    assert at_table != family

    shown = _example_text(_pdf_text(default), example["title"], explain)
    assert "Atyourtable" not in shown
    for row in rows(family):
        assert row in shown, f"the default {game_id} PDF: {row} is not in {shown}"

    # Issue 37: the table's answer first, then the family's, titled by whose rules they are.
    shown = _example_text(_pdf_text(edition), example["title"], explain)
    _, _, rest = shown.partition("Atyourtable(")
    table_part, _, family_part = rest.partition(squash(f"By {game.data.get('source') or 'the family' + chr(39) + 's'} rules"))
    assert table_part, f"the {game_id} edition under {option_id}={value} shows no answer at the table: {shown}"
    assert family_part, f"the {game_id} edition under {option_id}={value} shows the family's answer unlabelled: {shown}"
    for row in rows(family):
        assert row in family_part, f"the family's answer left the {game_id} edition: {row} not in {family_part}"
    for row in rows(at_table):
        assert row in table_part, f"the {game_id} edition under {option_id}={value}: {row} is not in {table_part}"

    # Issue 27: the longer example is still whole on one page, from its title to its explanation's end.
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(edition)).pages]
    unit = (squash(example["title"]), plain(example["explain"], game_refs([g.data for g in GAMES], game_id))[-16:])
    assert len(page_of_each(pages, [unit])[unit]) == 1, f"{example['id']} is split over a page turn"
