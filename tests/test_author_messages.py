"""What an author adding a game reads from `rulebook check` (issue 38): every mistake of a file in one
run, each with file:line:column and in file order; YAML syntax errors in plain words, at the line where
the part left open starts; `--json` on check, build and pdf; a hint shown whole."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.loader import clear_cache, load_game
from generator.engine.errors import RulesDataError, RulesDataErrors

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = Path(__file__).parent / "data" / "valid" / "sample-game.yaml"


def _file(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """tests/data/valid/sample-game.yaml with each ``(old, new)`` made, in ``tmp_path``."""
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "sample-game.yaml"
    path.write_text(text, encoding="utf-8")
    clear_cache()
    return path


#: Three mistakes of three kinds: an unknown key (the schema), a link to no item and a card that is none.
THREE = (("tagline: A game for testing the loader.", "tagline: A game for testing the loader.\nsubtitle: Oops."),
         ("See [[#sample-game-sets]].", "See [[#sample-game-set]]."),
         ("  - {term: Set, text: Three of a kind.}", "  - {term: Set, text: 'Three of a kind, like [[8X]].'}"))


def _project(tmp_path: Path, game: Path) -> Path:
    """A project of rules-data/ only, holding the one game file."""
    project = tmp_path / "project"
    (project / "rules-data").mkdir(parents=True)
    shutil.copy(game, project / "rules-data" / game.name)
    return project


def _rulebook(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_three_mistakes_in_one_file_are_reported_in_one_run(tmp_path: Path) -> None:
    with pytest.raises(RulesDataErrors) as info:
        load_game(_file(tmp_path, *THREE))
    errors = info.value.errors
    assert [e.location.split("sample-game.yaml:")[1] for e in errors] == ["5:1", "29:15", "59:23"]
    assert "unknown key" in errors[0].message and "subtitle" in errors[0].message
    assert "[[#sample-game-set]]" in errors[1].message and "did you mean 'sample-game-sets'" in errors[1].message
    assert "[[8X]]" in errors[2].message
    assert str(info.value).count("\n") == 2  # one line each


def test_rulebook_check_prints_each_mistake_on_its_own_line(tmp_path: Path) -> None:
    project = _project(tmp_path, _file(tmp_path, *THREE))
    result = _rulebook(project, "check")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert [line.split(": field")[0] for line in lines[:3]] == [
        "rulebook: rules-data/sample-game.yaml:5:1", "rulebook: rules-data/sample-game.yaml:29:15",
        "rulebook: rules-data/sample-game.yaml:59:23"]
    assert lines[3] == "rulebook: 3 mistakes in the game files"


def test_a_file_with_more_mistakes_than_the_bound_reports_the_bound_and_counts_the_rest(tmp_path: Path) -> None:
    bound = RulesDataErrors.MAX_REPORTED
    glossary = "".join(f"  - {{term: T{n}, text: 'See [[#sample-game-nothing-{n}]].'}}\n" for n in range(bound + 5))
    path = _file(tmp_path, ("glossary:\n", "glossary:\n" + glossary))
    with pytest.raises(RulesDataErrors) as info:
        load_game(path)
    assert len(info.value.errors) == bound and info.value.more == 5
    assert str(info.value).endswith("... and 5 more mistakes (fix these and run the check again)")


def test_an_unclosed_quote_is_reported_on_its_own_line(tmp_path: Path) -> None:
    path = _file(tmp_path, ('  - {key: rounds, label: Rounds, value: "8"}', '  - {key: rounds, label: Rounds, value: "8}'))
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    assert info.value.location.endswith("sample-game.yaml:9:41"), str(info.value)
    assert "a quote opened on line 9 is never closed" in info.value.message
    assert "<block" not in info.value.message and "expected ','" not in info.value.message


def test_an_unclosed_quote_in_a_block_value_is_reported_where_it_opens(tmp_path: Path) -> None:
    path = _file(tmp_path, ("pitch: Only here so the tests have something to break.",
                            'pitch: "Only here so the tests have something to break.'))
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    assert info.value.location.endswith("sample-game.yaml:5:8"), str(info.value)
    assert "a quote opened on line 5 is never closed" in info.value.message


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ("    title: Basics\n", "    title: Basics\n      intro: Too far in.\n", "24:7",
     "this line is indented more than the one above (line 23)"),
    ("    title: Basics\n", "    title: Basics\n   intro: Not far enough.\n", "24:4",
     "this line is indented less than the one above (line 23)"),
    ("name: Test Game\n", "name: Test: Game\n", "3:11", "a colon and a space inside unquoted text"),
])
def test_yaml_syntax_errors_are_in_plain_words(tmp_path: Path, old: str, new: str, where: str, words: str) -> None:
    with pytest.raises(RulesDataError) as info:
        load_game(_file(tmp_path, (old, new)))
    assert info.value.location.endswith(f"sample-game.yaml:{where}"), str(info.value)
    assert words in info.value.message
    assert "<block" not in info.value.message and "expected <" not in info.value.message


def test_rulebook_check_json_is_one_object_whatever_the_outcome(tmp_path: Path) -> None:
    ok = _rulebook(ROOT, "check", "--json")
    assert ok.returncode == 0, ok.stderr
    parsed = json.loads(ok.stdout)
    assert parsed["ok"] is True and [g["id"] for g in parsed["games"]][:3] == ["chips", "chains", "3-chip-stack"]
    assert isinstance(parsed["unchecked"], list)
    bad = _rulebook(_project(tmp_path, _file(tmp_path, *THREE)), "check", "--json")
    assert bad.returncode == 2
    report = json.loads(bad.stdout)
    assert report["ok"] is False and report["more"] == 0
    assert [(e["file"], e["line"], e["column"]) for e in report["errors"]] == [
        ("rules-data/sample-game.yaml", 5, 1), ("rules-data/sample-game.yaml", 29, 15),
        ("rules-data/sample-game.yaml", 59, 23)]
    assert all(e["message"].startswith("field `") for e in report["errors"])


def test_the_hint_for_an_example_with_no_engine_is_shown_whole(tmp_path: Path) -> None:
    # sample-game has no engine, and its example names a record: the hint ends with the way out.
    result = _rulebook(_project(tmp_path, _file(tmp_path)), "check")
    assert result.returncode == 2
    hint = next(line for line in result.stderr.splitlines() if "example `sample-game-ex-set`" in line)
    assert hint.startswith("rulebook: rules-data/sample-game.yaml:39:13: ")
    assert hint.endswith("or give the example `text_only: <why no engine checks it>` instead of "
                         "`record`, `input` and `claim`"), hint
    assert "…" not in result.stderr


def test_every_command_the_readme_names_takes_json() -> None:
    from generator.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():  # type: ignore[union-attr]
        assert "--json" in command._option_string_actions, f"rulebook {name} has no --json"
