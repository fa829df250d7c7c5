"""The rules-data loader: every malformed game file gives one line naming file:line:column,
the field and what was expected; `rulebook check` turns that into stderr and exit code 2.

The malformed files in tests/data/malformed/ are tests/data/valid/sample-game.yaml with one
mistake each (the comment at the top of each file names it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.checks import check_project
from generator.content.examples import check_examples
from generator.content.loader import clear_cache, id_prefix, load_game, load_games
from generator.engine.errors import RulesDataError

DATA = Path(__file__).parent / "data"
MALFORMED = DATA / "malformed"
ROOT = Path(__file__).resolve().parent.parent

#: file -> (line:column, words the message must hold). Each message also names the file.
CASES: dict[str, tuple[str, list[str]]] = {
    "bad-yaml": ("12:10", ["not valid YAML", "the [ opened on line 12 is not closed"]),  # where it opens (issue 38)
    "tab-indent": ("23:1", ["tab character", "indent with spaces"]),
    "unknown-top-key": ("7:1", ["field `colour`", "unknown key", "one of: id, name"]),
    "unknown-nested-key": ("28:9", ["field `rules[0].items[1].txt`", "unknown key", "did you mean `text`?"]),
    "wrong-type-order": ("6:8", ["field `order`", "expected a whole number", 'got "first"']),
    "number-for-text": ("9:41", ["field `glance[1].value`", "expected text (put it in quotes)", "the number 8"]),
    "missing-field": ("22:5", ["field `rules[0].title`", "missing"]),
    "duplicate-id": ("27:13", ["field `rules[0].items[1].id`", "'duplicate-id-sets'", "already used on line 25"]),
    "duplicate-key": ("4:1", ["field `name`", "duplicate key", "first given on line 3"]),
    "bad-card-token": ("26:15", ["field `rules[0].items[0].text`", "[[1C]]", "unknown card"]),
    "bad-card-in-example": ("40:28", ["field `examples[0].input.hand[2]`", 'got "8X"', "unknown card"]),
    "dangling-ref": ("28:15", ["field `rules[0].items[1].text`", "[[#dangling-ref-set]]",
                               "did you mean 'dangling-ref-sets'?"]),
    "ruling-missing-rule": ("49:38", ["field `rulings[0].rules[1]`", "'ruling-missing-rule-nowhere'"]),
    "id-not-file-name": ("2:5", ["field `id`", "expected the file name, 'id-not-file-name'", "'another-game'"]),
    "empty-items": ("24:12", ["field `rules[0].items`", "at least 1 item", "empty list"]),
    "bad-id-pattern": ("27:13", ["field `rules[0].items[1].id`", "kebab-case", '"bad-id-pattern_Runs"']),
    "id-without-prefix": ("27:13", ["field `rules[0].items[1].id`", "starting with 'id-without-prefix-'",
                                    "'runs'"]),
    "missing-glance-packs": ("8:3", ["field `glance`", "key 'packs'"]),
    "yes-for-text": ("47:16", ["field `rulings[0].readings[0]`", "got true", "put it in quotes"]),
    "empty-file": ("1:1", ["the file is empty"]),
    "not-a-mapping": ("1:1", ["expected a mapping"]),
}


#: The cases whose one mistake leaves others behind it, reported after it.
FOLLOWED_BY_OTHERS = {"empty-items"}


def test_every_malformed_file_has_a_case() -> None:
    files = {p.stem for p in MALFORMED.glob("*.yaml")}
    assert files == set(CASES)
    assert len(files) >= 15


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_file_names_line_and_field(name: str) -> None:
    where, words = CASES[name]
    path = MALFORMED / f"{name}.yaml"
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    err = info.value
    assert err.location.endswith(f"{name}.yaml:{where}"), str(err)
    # One mistake, one line; but an empty list of rule items leaves the links to its items dangling too,
    # and every mistake of a file is reported in one run (issue 38).
    assert "\n" not in str(err) or name in FOLLOWED_BY_OTHERS, str(err)
    for word in words:
        assert word in err.message, f"{word!r} not in {err.message!r}"


def test_sample_game_is_valid_so_each_case_has_one_mistake() -> None:
    game = load_game(DATA / "valid" / "sample-game.yaml")
    assert game.id == "sample-game"
    assert game.item("sample-game-runs")["text"].startswith("A run")
    assert "sample-game-ruling-ties" in game
    with pytest.raises(KeyError, match="no item with id"):
        game.item("sample-game-nothing")


def test_location_points_at_a_field() -> None:
    game = load_game(DATA / "valid" / "sample-game.yaml")
    assert game.location(("rules", 0, "items", 1, "id")).endswith("sample-game.yaml:27:13")
    assert game.location(("examples", 0)).endswith("sample-game.yaml:37:5")


def test_id_prefix_spells_out_a_leading_number() -> None:
    assert id_prefix("chips") == "chips-"
    assert id_prefix("3-chip-stack") == "three-chip-stack-"


def test_load_game_is_cached_until_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "sample-game.yaml"
    shutil.copy(DATA / "valid" / "sample-game.yaml", path)
    first = load_game(path)
    assert load_game(path) is first
    path.write_text(path.read_text().replace("name: Test Game", "name: Changed Game"))
    os.utime(path, ns=(first_ns := path.stat().st_mtime_ns, first_ns + 10**9))
    assert load_game(path).name == "Changed Game"
    clear_cache()


def test_load_games_sorted_by_order() -> None:
    games = load_games(ROOT)
    assert [g.order for g in games] == sorted(g.order for g in games) and [g.id for g in games][:3] == ["chips", "chains", "3-chip-stack"]


def test_load_games_refuses_two_games_in_one_place(tmp_path: Path) -> None:
    folder = tmp_path / "rules-data"
    folder.mkdir()
    text = (DATA / "valid" / "sample-game.yaml").read_text()
    (folder / "sample-game.yaml").write_text(text)
    (folder / "other-game.yaml").write_text(text.replace("sample-game", "other-game"))
    with pytest.raises(RulesDataError, match=r"field `order`: .*got 9, which rules-data/\S+ also uses"):
        load_games(tmp_path)


def _project_copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "rules-data", tmp_path / "rules-data")
    return tmp_path


def _wrong_claim(root: Path) -> int:
    """Make the Chips example `chips-ex-run` claim 11 instead of 10; return the claim's line."""
    path = root / "rules-data" / "chips.yaml"
    text = path.read_text(encoding="utf-8")
    old = "claim: {score: 10, loose: [KC]}"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "claim: {score: 11, loose: [KC]}"), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_wrong_claim_names_the_example_and_both_answers(tmp_path: Path) -> None:
    root = _project_copy(tmp_path)
    line = _wrong_claim(root)
    with pytest.raises(RulesDataError) as info:
        check_project(root)
    err = info.value
    assert re.fullmatch(rf"rules-data/chips\.yaml:{line}:\d+", err.location), err.location
    assert "chips-ex-run" in err.message
    assert "claims score 11" in err.message
    assert "engine answers 10" in err.message


def test_examples_of_every_game_agree_with_the_engines() -> None:
    counts = {g.id: len(check_examples(g)) for g in load_games(ROOT)}
    assert counts["chips"] >= 10 and counts["chains"] >= 5 and counts["3-chip-stack"] >= 5


def _rulebook(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_cli_check_passes_on_the_project(tmp_path: Path) -> None:
    result = _rulebook(_project_copy(tmp_path), "check")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize("name", ["tab-indent", "unknown-nested-key", "duplicate-id", "bad-card-in-example"])
def test_cli_check_malformed_file_one_line_exit_2(tmp_path: Path, name: str) -> None:
    root = _project_copy(tmp_path)
    src = MALFORMED / f"{name}.yaml"
    shutil.copy(src, root / "rules-data" / src.name)
    result = _rulebook(root, "check")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"rules-data/{name}.yaml:{CASES[name][0]}" in lines[0]
    assert "Traceback" not in result.stderr


def test_cli_check_wrong_claim_exit_2(tmp_path: Path) -> None:
    root = _project_copy(tmp_path)
    line = _wrong_claim(root)
    result = _rulebook(root, "check")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"rules-data/chips.yaml:{line}:" in lines[0] and "chips-ex-run" in lines[0]
