"""Hostile game files (issue 11, items 4 and 10): aliases and anchors, nesting, size and control
characters are refused with file:line:column, one line and exit 2, in `check` and `build` alike,
quickly and without a RecursionError."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import clear_cache, load_game
from generator.engine import limits
from generator.engine.errors import RulesDataError
from tests.test_build_errors import _rulebook, copy_project

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "tests" / "data" / "valid" / "sample-game.yaml").read_text(encoding="utf-8")

BILLION_LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
) + "\n"

#: name -> (file text, where the error points, words the message holds)
HOSTILE: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "billion-laughs": (BILLION_LAUGHS, "1:4", ("anchor (&a)", "no anchors or aliases")),
    "recursive-alias": ("loop: &a [*a]\n", "1:7", ("anchor (&a)",)),
    "alias-only": ("id: x\nname: *nowhere\n", "2:7", ("alias (*nowhere)",)),
    "deep-list": ("x: " + "[" * 5000 + "]" * 5000 + "\n", f"1:{3 + limits.YAML_DEPTH}", ("nest more than",)),
    "deep-block": ("".join("  " * i + "- \n" for i in range(200)), "", ("nest more than",)),
    "nul-byte": (GOOD.replace("name:", "na\x00me:", 1), "", ("U+0000", "only text")),
    "escape-char": ("id: demo\nname: x\x1b[31m\n", "2:8", ("U+001B",)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_game_file_is_refused_with_line_and_column(tmp_path: Path, name: str) -> None:
    text, where, words = HOSTILE[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    clear_cache()
    # No clock here (a shared machine makes timings noise): the place the error points to shows
    # the loader stopped at the first anchor or at the depth bound, before expanding anything.
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    message = str(info.value)
    assert f"{name}.yaml:{where}" in message if where else f"{name}.yaml:" in message
    assert ":" in info.value.location.split(".yaml:", 1)[1]  # line:column
    for word in words:
        assert word in message, message
    assert "\n" not in message


def test_an_over_large_game_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("notes: " + "x" * (limits.GAME_FILE_BYTES + 1) + "\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match=r"huge\.yaml:1:1: the file is 1,000,009 bytes"):
        load_game(path)


def test_the_real_game_files_are_far_inside_the_bounds() -> None:
    for path in sorted((ROOT / "rules-data").glob("*.yaml")):
        assert path.stat().st_size < limits.GAME_FILE_BYTES / 5


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize("name", ["billion-laughs", "recursive-alias", "deep-list", "nul-byte"])
def test_check_and_build_answer_one_line_and_exit_2(tmp_path: Path, command: str, name: str) -> None:
    project = copy_project(tmp_path / "project")
    (project / "rules-data" / f"{name}.yaml").write_text(HOSTILE[name][0], encoding="utf-8")
    result = _rulebook(project, command)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr and "RecursionError" not in result.stderr
    assert f"rules-data/{name}.yaml:" in lines[0]
    assert not (project / "site").exists()
