"""What a game page and the home page link to comes from the data (issue 26), checked without a
build: the practice link, the score keeper and the score sheets only for games that have them, the
home page's count and links for every game of rules-data/, and a game added with one YAML file
(tests/data/fourth-game/) linking to nothing it does not have."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.content.loader import load_games
from generator.print.scoresheets import LAYOUTS, ScoresheetError, has_sheet, sheet_files, sheet_html
from generator.site.macros import Site, count_in_words
from generator.site.scorekeeper import SHEET_GAMES, declared_spec, kept_ids, sheet_games

ROOT = Path(__file__).resolve().parent.parent
FOURTH = Path(__file__).parent / "data" / "fourth-game" / "zz-test-fixture-game.yaml"
FIXTURE = FOURTH.stem
#: Every game of rules-data/ (the three, and any an author adds); the tests' fixture comes on top.
GAMES = load_games(ROOT)


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> list:  # type: ignore[type-arg]
    """The three games and the fourth of tests/data/fourth-game/, as a project of rules-data/ only."""
    folder = tmp_path_factory.mktemp("four") / "rules-data"
    shutil.copytree(ROOT / "rules-data", folder)
    shutil.copy(FOURTH, folder)
    return load_games(folder)


def _practice_pages() -> list[str]:
    return [g.id for g in GAMES if (ROOT / "docs" / g.id / "play.md").is_file()]


def test_the_home_page_counts_the_games_of_rules_data_in_words() -> None:
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "{{ game_count() }} games" in text and "{{ game_list() }}" in text
    body = text.split("---", 2)[2]
    assert not re.search(r"\b(Three|three|3) (family )?games\b", body)
    assert [count_in_words(n) for n in (1, 3, 4, 12, 13)] == ["One", "Three", "Four", "Twelve", "13"]


def test_the_home_page_has_a_description_of_its_own() -> None:
    def description(path: Path) -> str:
        match = re.search(r"^description: (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
        return match.group(1) if match else ""

    home = description(ROOT / "docs" / "index.md")
    assert home and not re.search(r"\b(three|Three)\b", home)
    others = [description(p) for p in (ROOT / "docs").rglob("*.md") if p.name != "index.md" or p.parent != ROOT / "docs"]
    assert home not in others


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_quick_start_links_the_practice_game_only_where_there_is_one(game: object) -> None:
    gid = game.id  # type: ignore[attr-defined]
    with_page = Site(GAMES, practice=[gid]).part("quick_start", gid, "../")
    without = Site(GAMES, practice=[]).part("quick_start", gid, "../")
    assert f'href="../{gid}/play/"' in with_page and "Try a practice game" in with_page
    assert "/play/" not in without and "practice game" not in without


def test_the_home_page_links_each_game_to_what_it_has(four: list) -> None:  # type: ignore[type-arg]
    practice = _practice_pages()
    assert {"chips", "chains", "3-chip-stack"} <= set(practice)  # docs/<id>/play.md today
    kept = kept_ids([g.data for g in four])
    site = Site(four, practice=practice, kept=kept)
    html = str(site.game_list(""))
    cards = dict(re.findall(r'<li class="rb-game" data-game="([^"]+)">(.*?)</ul>\s*</li>', html, re.DOTALL))
    assert list(cards) == [g.id for g in four] and FIXTURE in cards
    for gid, card in cards.items():
        links = dict(re.findall(r'<li data-link="([a-z-]+)"><a href="([^"]+)"', card))
        assert links["rules"] == f"{gid}/"
        assert links.get("practice") == (f"{gid}/play/" if gid in practice else None)
        assert links.get("keep-score") == ("keep-score/" if gid in kept else None)
        assert re.findall(r'href="(pdf/[^"]+)"', card) == [f"pdf/{gid}.pdf", f"pdf/{gid}-rulebook.pdf"]
    # The fixture declares its scoring (issue 38): the score keeper keeps it; it has no practice game.
    assert FIXTURE in kept and "/play/" not in cards[FIXTURE]


def test_the_score_keeper_lists_the_games_it_has_a_sheet_for_in_rules_data_order(four: list) -> None:  # type: ignore[type-arg]
    datas = [g.data for g in four]
    # Every game of rules-data/ with a sheet (an engine's, or its declared scoring's: issue 38), in its
    # order; the fixture, which declares its scoring, last (order: 99).
    with_sheet = [g.id for g in GAMES if g.id != FIXTURE and (g.id in SHEET_GAMES or declared_spec(g.data) is not None)] + [FIXTURE]
    assert {"chips", "chains", "3-chip-stack"} <= set(with_sheet) and FIXTURE not in SHEET_GAMES
    assert kept_ids(datas) == with_sheet
    assert [s["id"] for s in sheet_games(datas)] == with_sheet
    assert [s["name"] for s in sheet_games(datas)] == [g.name for g in four if g.id in with_sheet]
    assert kept_ids([d for d in datas if d["id"] != "chains"]) == [g for g in with_sheet if g != "chains"]
    assert kept_ids([d for d in datas if d["id"] != FIXTURE]) == with_sheet[:-1]


def _undeclared(data: dict) -> dict:  # type: ignore[type-arg]
    """A game's data without its declared scoring: a game with no score-sheet layout and nothing to lay
    one out from."""
    return {**data, "scoring": {k: v for k, v in data["scoring"].items() if k != "declared"}}


def test_a_game_gets_a_blank_sheet_from_a_layout_or_its_declared_scoring(four: list) -> None:  # type: ignore[type-arg]
    # Issue 38: the fixture declares its scoring, so it has a sheet with no layout of its own; without
    # the declaration, none, and no layout is made up for it.
    fourth = next(g for g in four if g.id == FIXTURE)
    assert set(LAYOUTS) <= {g.id for g in GAMES} and FIXTURE not in LAYOUTS
    assert "declared" in fourth.data["scoring"]
    names = [f"{FIXTURE}-score-a4.pdf", f"{FIXTURE}-score-letter.pdf"]
    assert has_sheet(fourth.data) and [f["name"] for f in sheet_files(fourth.data)] == names
    assert [f["name"] for f in sheet_files("chips")] == ["chips-score-a4.pdf", "chips-score-letter.pdf"]
    bare = _undeclared(fourth.data)
    assert not has_sheet(bare) and sheet_files(bare) == []
    from generator.print.scoresheets import PAPERS

    with pytest.raises(ScoresheetError, match=f"no score-sheet layout for '{FIXTURE}'"):
        sheet_html(bare, {}, "test", PAPERS["a4"])


def test_keep_share_offers_a_blank_sheet_only_to_a_game_with_one(four: list) -> None:  # type: ignore[type-arg]
    site = Site(four)
    fourth = str(site.part("keep_share", FIXTURE, "../"))
    assert f"{FIXTURE}-score-a4.pdf" in fourth and f"{FIXTURE}-score-letter.pdf" in fourth
    assert "a blank sheet for the scores" in fourth and f"{FIXTURE}-rulebook.pdf" in fourth
    site.data_of[FIXTURE] = _undeclared(site.data_of[FIXTURE])
    bare = str(site.part("keep_share", FIXTURE, "../"))
    assert "-score-" not in bare and "blank sheet" not in bare and f"{FIXTURE}-rulebook.pdf" in bare
    for game in (g for g in GAMES if g.id in LAYOUTS):
        html = str(site.part("keep_share", game.id, "../"))
        assert f"{game.id}-score-a4.pdf" in html and "a blank sheet for the scores" in html


def test_the_offline_list_precaches_a_declared_games_blank_sheets(four: list) -> None:  # type: ignore[type-arg]
    # As it does the three games' (generator/print/downloads.py offline_files): small, wanted at the table.
    from generator.print.downloads import offline_files

    fourth = next(g for g in four if g.id == FIXTURE)
    precached, on_demand = offline_files([g.data for g in four])
    assert {f"{FIXTURE}-score-a4.pdf", f"{FIXTURE}-score-letter.pdf", "chips-score-a4.pdf"} <= set(precached)
    assert not any("-score-" in name for name in on_demand)
    assert not any(name.startswith(f"{FIXTURE}-score-") for name in offline_files([_undeclared(fourth.data)])[0])


def test_a_text_only_example_is_marked_unchecked_and_carries_nothing_to_run(four: list) -> None:  # type: ignore[type-arg]
    html = str(Site(four).part("examples", FIXTURE, "../"))
    article = re.search(rf'<article [^>]*id="{FIXTURE}-ex-eight"[^>]*>.*?</article>', html, re.DOTALL)
    assert article, html
    text = article.group(0)
    assert "data-unchecked" in text and "Not checked:" in text
    assert "data-input" not in text and "data-claim" not in text and "data-record" not in text
    checked = str(Site(four).part("examples", "chips", "../"))
    assert "data-unchecked" not in checked and "Not checked" not in checked


def test_the_pdf_plan_has_sheets_for_a_game_with_a_layout_or_a_declared_scoring(four: list) -> None:  # type: ignore[type-arg]
    import dataclasses

    from generator.print.pdfcache import plan

    parts = {(p.game_id, p.part) for p in plan(ROOT, four)}
    assert {(FIXTURE, "cards"), (FIXTURE, "book-a5"), (FIXTURE, "book-letter"), (FIXTURE, "sheets")} <= parts
    bare = [dataclasses.replace(g, data=_undeclared(dict(g.data))) if g.id == FIXTURE else g for g in four]
    assert (FIXTURE, "sheets") not in {(p.game_id, p.part) for p in plan(ROOT, bare)}
    assert {(g.id, "sheets") for g in GAMES if g.id in LAYOUTS} <= parts
    assert {(g.id, "cards") for g in GAMES} <= parts  # every game of rules-data/ gets its card box
