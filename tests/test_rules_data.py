"""The real game files (every file of rules-data/): they load, their ids stay put, and nothing they
cite dangles. A text-only worked example or ruling (no engine checks it) is allowed, listed and
marked; a ruling with neither, or naming an engine function that does not exist, is refused.

Renaming or dropping an id (an anchor other pages, the PDF and the engines' comments cite) fails
here: every id of a game file at the last commit (``git show HEAD:rules-data/<id>.yaml``) and every
id of `tests/data/rule_ids.txt` (the ids as they stood when the list was made, a floor for a copy of
the project with no git) must still be there. An author adding ids, or a whole game, edits no list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.checks import check_rulings, unchecked
from generator.content.examples import check_examples, run_example, unchecked_examples
from generator.content.loader import TOKEN, clear_cache, id_prefix, load_game
from generator.engine.cards import parse_card
from generator.engine.errors import RulesDataError
from generator.engine.games import GAME_MODULES
from tests.support.games import BY_ID, require_engine

ROOT = Path(__file__).resolve().parent.parent
IDS_FILE = Path(__file__).parent / "data" / "rule_ids.txt"
SAMPLE = Path(__file__).parent / "data" / "valid" / "sample-game.yaml"
GAMES = BY_ID
#: Every game of rules-data/, in home-page order (issue 26: never a list typed here).
GAME_IDS = list(GAMES)

#: The rule ids the engines cite in their comments (see each generator/engine/games/<id>.py).
ENGINE_IDS = {
    "chips": """chips-players chips-packs chips-score-sheet chips-aim chips-groups chips-sets chips-runs
        chips-aces chips-no-wrap chips-wilds chips-wild-value chips-deal chips-opening-discard
        chips-turn chips-discard-depth chips-call chips-call-after-turn chips-concealed
        chips-fixed-groups chips-lay-off chips-lay-off-run-wild chips-lay-off-exact-card
        chips-scoring chips-card-values chips-caller-scores-zero chips-hand-sizes chips-rotation
        chips-winner chips-tie-most-calls chips-tie-round-totals""",
    "chains": """chains-deal chains-first-turn chains-draw chains-run chains-flush chains-royal
        chains-same-rank chains-multiple-decks chains-scoring chains-game""",
    "3-chip-stack": " ".join(f"three-chip-stack-{s}" for s in [
        "ranking", "showdown", "split", "ante", "first-round", "fold-first", "exchange",
        "second-round", "fold-second", "elimination"]),
}


def _listed() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for line in IDS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip():
            game, item = line.split()
            out.setdefault(game, set()).add(item)
    return out


def test_every_game_file_loads() -> None:
    files = {p.stem for p in (ROOT / "rules-data").glob("*.yaml")}
    assert set(GAME_IDS) == files and {"chips", "chains", "3-chip-stack"} <= files
    assert [GAMES[g].order for g in GAME_IDS] == sorted(GAMES[g].order for g in GAME_IDS)
    for game in GAMES.values():
        assert load_game(game.path) is load_game(game.path)  # parsed once, then cached


def _committed_ids(game_id: str, folder: Path) -> set[str]:
    """The ids of a game file as the last commit has it; none with no git, or a file not committed yet."""
    import subprocess

    try:
        shown = subprocess.run(["git", "show", f"HEAD:rules-data/{game_id}.yaml"], cwd=ROOT, capture_output=True,
                               text=True, timeout=60, check=False)
    except OSError:
        return set()
    if shown.returncode != 0:
        return set()
    path = folder / f"{game_id}.yaml"
    path.write_text(shown.stdout, encoding="utf-8")
    try:
        return set(load_game(path).items)
    except RulesDataError:
        return set()  # the last commit's file did not load: nothing to hold


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ids_are_stable(game_id: str, tmp_path: Path) -> None:
    # A new game, or a new id, needs no line in rule_ids.txt: only what was there must stay.
    present = set(GAMES[game_id].items)
    listed = _listed().get(game_id, set())
    assert not listed - present, f"ids renamed or removed (anchors break): {sorted(listed - present)}"
    committed = _committed_ids(game_id, tmp_path)
    assert not committed - present, f"ids renamed or removed since the last commit: {sorted(committed - present)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_engine_rule_ids_exist(game_id: str) -> None:
    require_engine(game_id)
    missing = set(ENGINE_IDS[game_id].split()) - set(GAMES[game_id].items)
    assert not missing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ids_cited_in_engine_comments_exist(game_id: str) -> None:
    require_engine(game_id)
    source = (ROOT / (GAME_MODULES[game_id].replace(".", "/") + ".py")).read_text(encoding="utf-8")
    prefix = id_prefix(game_id)
    cited = set(re.findall(rf"\b{re.escape(prefix)}[a-z0-9]+(?:-[a-z0-9]+)*", source))
    # "-ruling-" alone (a prose shorthand) is not an id.
    cited = {c for c in cited if not c.endswith("-ruling")}
    assert not cited - set(GAMES[game_id].items), sorted(cited - set(GAMES[game_id].items))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nothing_cited_dangles(game_id: str) -> None:
    game = GAMES[game_id]

    def texts(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, dict):
            return [t for k, v in node.items() if k not in ("input", "claim") for t in texts(v)]
        if isinstance(node, list):
            return [t for v in node for t in texts(v)]
        return []

    for text in texts(game.data):
        for hash_, body in TOKEN.findall(text):
            if hash_:
                assert body in game, f"[[#{body}]]"
            else:
                parse_card(body)
    for ruling in game.data["rulings"]:
        assert all(r in game for r in ruling["rules"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_item_is_a_sentence(game_id: str) -> None:
    for section in GAMES[game_id].data["rules"]:
        for item in section["items"]:
            assert item["text"].rstrip().endswith((".", "?", ")")), item["id"]


def test_example_counts() -> None:
    assert len(GAMES["chips"].data["examples"]) >= 10
    assert len(GAMES["chains"].data["examples"]) >= 5
    assert len(GAMES["3-chip-stack"].data["examples"]) >= 5


def test_chips_rulings_cover_the_lead_decisions() -> None:
    rulings = {r["id"] for r in GAMES["chips"].data["rulings"]}
    assert len(rulings) >= 14
    assert {"chips-ruling-k-a-2", "chips-ruling-layoff-order", "chips-ruling-packs",
            "chips-ruling-shared-win", "chips-ruling-wild-groups"} <= rulings


def test_chips_two_tables_variant_says_it_is_incomplete() -> None:
    variant = GAMES["chips"].item("chips-variant-two-tables")
    assert "not yet recorded" in variant["incomplete"]


def test_three_chip_stack_credits_its_contributors() -> None:
    text = str(GAMES["3-chip-stack"].data)
    assert "Jim Kuglics" in text and "Jamie Licari" in text


# --- Text-only examples and rulings (issue 26) ----------------------------------------------------


def _sample(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """tests/data/valid/sample-game.yaml (a game with no engine) in ``tmp_path``, ``old`` made ``new``."""
    text = SAMPLE.read_text(encoding="utf-8")
    if old:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "sample-game.yaml"
    path.write_text(text, encoding="utf-8")
    clear_cache()
    return path


CHECKED_EXAMPLE = """    record: score
    input: {hand: [8H, 8S, 8C], packs: 1, caller_groups: null}
    claim: {score: 0}
"""
TEXT_ONLY = "    text_only: No engine for this game yet.\n"
RULING_CHOSEN = "    chosen: 1\n"


def test_a_text_only_example_is_listed_and_not_run(tmp_path: Path) -> None:
    game = load_game(_sample(tmp_path, CHECKED_EXAMPLE, TEXT_ONLY))
    assert check_examples(game) == []
    lines = unchecked_examples(game)
    assert len(lines) == 1 and unchecked([game]) == lines
    assert re.match(r".*sample-game\.yaml:37:5: example `sample-game-ex-set` is not checked by an engine "
                    r"\(No engine for this game yet\.\)$", lines[0]), lines[0]


def test_every_game_lists_no_unchecked_example_of_a_game_with_an_engine() -> None:
    for game in GAMES.values():
        if game.id in GAME_MODULES:
            assert unchecked_examples(game) == [], game.id


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ("    record: score\n", "    record: score\n" + TEXT_ONLY, "sample-game.yaml:40:16",
     ["field `examples[0].text_only`", "not both", "remove `record`, `input`, `claim`"]),
    ("    claim: {score: 0}\n", "", "sample-game.yaml:37:5",
     ["field `examples[0]`", "missing `claim`", "text_only: <why no engine checks it>"]),
])
def test_an_example_is_either_checked_or_text_only(tmp_path: Path, old: str, new: str, where: str,
                                                   words: list[str]) -> None:
    with pytest.raises(RulesDataError) as info:
        load_game(_sample(tmp_path, old, new))
    assert info.value.location.endswith(where), str(info.value)
    for word in words:
        assert word in info.value.message, info.value.message


def test_an_example_of_a_game_without_an_engine_says_what_to_write(tmp_path: Path) -> None:
    game = load_game(_sample(tmp_path))
    with pytest.raises(RulesDataError) as info:
        run_example(game, 0)
    message = str(info.value)
    assert info.value.location.endswith("sample-game.yaml:39:13"), message
    assert "write generator/engine/games/sample_game.py" in message
    assert "`score_record(rec: dict) -> dict`" in message and "RECORDS = {'score': score_record}" in message
    assert "`'sample-game': \"generator.engine.games.sample_game\",` in GAME_MODULES" in message
    assert "text_only" in message and "\n" not in message


def test_a_ruling_with_neither_engine_nor_text_only_is_refused(tmp_path: Path) -> None:
    game = load_game(_sample(tmp_path))
    with pytest.raises(RulesDataError) as info:
        check_rulings(game)
    assert info.value.location.endswith("sample-game.yaml:44:5"), str(info.value)
    assert "`sample-game-ruling-ties` is missing `engine`" in info.value.message
    assert "text_only" in info.value.message
    text_only = load_game(_sample(tmp_path, RULING_CHOSEN, RULING_CHOSEN + TEXT_ONLY))
    check_rulings(text_only)  # allowed


def test_a_ruling_naming_engine_functions_of_a_game_without_an_engine_is_refused(tmp_path: Path) -> None:
    game = load_game(_sample(tmp_path, RULING_CHOSEN, RULING_CHOSEN + "    engine: [score_hand]\n"))
    with pytest.raises(RulesDataError) as info:
        check_rulings(game)
    assert info.value.location.endswith("sample-game.yaml:51:13"), str(info.value)
    assert "has no engine yet" in info.value.message and "sample_game.py" in info.value.message


def test_a_ruling_naming_a_function_the_engine_lacks_is_refused(tmp_path: Path) -> None:
    source = GAMES["chains"].path.read_text(encoding="utf-8")
    ruling = next(r for r in GAMES["chains"].data["rulings"] if r.get("engine"))
    name = ruling["engine"][0]
    folder = tmp_path / "rules-data"
    folder.mkdir()
    at = source.index(f"id: {ruling['id']}")
    head, tail = source[:at], source[at:]
    assert tail.count(name) >= 1
    (folder / "chains.yaml").write_text(head + tail.replace(name, name + "x", 1), encoding="utf-8")
    clear_cache()
    game = load_game(folder / "chains.yaml")
    with pytest.raises(RulesDataError) as info:
        check_rulings(game)
    i = GAMES["chains"].data["rulings"].index(ruling)
    assert f"field `rulings[{i}].engine[0]`" in info.value.message
    assert f"got `{name}x` (did you mean `{name}`?)" in info.value.message
    assert "generator/engine/games/chains.py" in info.value.message
    assert re.search(r"chains\.yaml:\d+:\d+$", info.value.location)


def test_the_readme_walks_an_author_through_adding_a_game() -> None:
    # Issue 38: what an author needs is in rules-data/README.md, with the rules only the tests enforce.
    text = " ".join((ROOT / "rules-data" / "README.md").read_text(encoding="utf-8").split())
    for words in ("## Adding a game, end to end", "`rules-data/crazy-eights.yaml`", "`docs/crazy-eights.md`",
                  "` - Crazy Eights: crazy-eights.md`", "before ` - Keep score: keep-score.md`", "`make check`",
                  "`make test-fast`", "## House options (`option:`)", "one per reading, in the readings' order",
                  "`table:` is required in practice", "named in the `rules:` of some Quick start step",
                  "Every variant is an option", "need no list"):
        assert words in text, words
    # The rules it names are the ones the tests hold a file to.
    for test_file, name in (("test_summaries.py", "test_quick_start_names_every_rule_a_hand_is_scored_by"),
                            ("test_house.py", "test_every_variant_that_can_be_played_is_an_option"),
                            ("test_site_newcomer.py", "test_table_picture_is_drawn_from_the_yaml")):
        assert f"def {name}" in (ROOT / "tests" / test_file).read_text(encoding="utf-8"), (test_file, name)
