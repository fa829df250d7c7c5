"""Hostile game files (issue 11, items 4 and 10): aliases and anchors, nesting, size and control
characters are refused with file:line:column, one line and exit 2, in `check` and `build` alike,
quickly and without a RecursionError."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import clear_cache, load_game, load_games
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


# --- Issue 24: numbers that are not what they seem, and values quoted back ----------------------


def _load_with(tmp_path: Path, old: str, new: str, name: str = "sample-game") -> RulesDataError:
    """The error ``load_game`` raises for the sample game with ``old`` replaced by ``new``."""
    path = tmp_path / f"{name}.yaml"
    assert old in GOOD
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    clear_cache()
    with pytest.raises(RulesDataError) as info:
        load_game(path)
    assert "\n" not in str(info.value)
    return info.value


def test_a_base_60_value_is_text_and_refused_at_once(tmp_path: Path) -> None:
    # Reported: `order: 1:59:59:...` (300,000 parts, under the 1 MB bound) took 54 s: YAML 1.1 reads
    # it as one base-60 integer, built part by part in big-number arithmetic. The loader reads
    # it as text, so `order` is refused as a number would be that is written as text.
    value = "1" + ":59" * 299_999
    error = _load_with(tmp_path, "order: 9", f"order: {value}")
    assert error.location.endswith("sample-game.yaml:6:8")
    assert error.message == ('field `order`: expected a whole number, got "1:59:59:59:59:59:59:59:59:59:59:59:59:5… '
                             '(900,000 characters)')


@pytest.mark.parametrize("text", ["1:30", "190:20:30", "-1:59", "1:30.5", "+12:00:00.0"])
def test_a_time_written_in_a_text_field_stays_text(tmp_path: Path, text: str) -> None:
    # YAML 1.1 would have made "1:30" the number 90, and the schema would have refused a number.
    path = tmp_path / "sample-game.yaml"
    path.write_text(GOOD.replace("tagline: A game for testing the loader.", f"tagline: {text}"), encoding="utf-8")
    clear_cache()
    assert load_game(path).data["tagline"] == text


@pytest.mark.parametrize(("digits", "written"), [
    ("1" * 5000, "5,000 digits"), ("1" * 16, "16 digits"), ("-" + "9" * 4301, "4,301 digits"),
    ("0x" + "f" * 100_000, "100,000 digits"), ("1_000_000_000_000_000", "16 digits"),
])
def test_a_number_with_too_many_digits_names_its_place(tmp_path: Path, digits: str, written: str) -> None:
    # Reported: a 5,000-digit integer gave Python's "Exceeds the limit (4300 digits)", with no
    # file:line:column. Numbers in a game file are small (an order, a pot, a score).
    error = _load_with(tmp_path, "order: 9", f"order: {digits}")
    assert error.location.endswith("sample-game.yaml:6:8"), str(error)
    assert f"field `order`: a number of {written}" in str(error)
    assert f"at most {limits.YAML_NUMBER_DIGITS}" in error.message and len(error.message) < 120


def test_the_largest_number_a_game_file_takes_is_read_exactly_by_the_browser() -> None:
    assert 10**limits.YAML_NUMBER_DIGITS - 1 < 2**53


#: (text replaced in the sample game, its replacement): each puts a 100,000-character value where
#: an error message quotes it.
LONG = "X" * 100_000
QUOTED_BACK: dict[str, tuple[str, str]] = {
    "card-in-example": ("hand: [8H, 8S, 8C]", f"hand: [8H, 8S, {LONG}]"),
    "card-token": ("like [[8H]]", f"like [[{LONG}]]"),
    "link-token": ("See [[#sample-game-sets]].", f"See [[#sample-game-{LONG.lower()}]]."),
    "item-id": ("id: sample-game-runs", f"id: {LONG.lower()}"),
    "ruling-ref": ("rules: [sample-game-tie]", f"rules: [sample-game-{LONG.lower()}]"),
    "unknown-key": ("tagline: A game", f"? {LONG.lower()}\n: x\ntagline: A game"),
    "text-for-number": ("order: 9", f"order: {LONG}"),
}


@pytest.mark.parametrize("name", sorted(QUOTED_BACK))
def test_a_long_value_is_quoted_back_clipped(tmp_path: Path, name: str) -> None:
    # Reported: a card of 100,000 characters was quoted back in full.
    old, new = QUOTED_BACK[name]
    error = _load_with(tmp_path, old, new)
    assert len(error.message) < 400, error.message[:600]
    assert "100,0" in error.message and " characters)" in error.message  # limits.clip says how long it was


@pytest.mark.parametrize("name", ["number", "base-60"])
def test_check_names_the_place_of_a_bad_number_in_one_line(tmp_path: Path, name: str) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "rules-data", project / "rules-data")
    value = "1" * 5000 if name == "number" else "1" + ":59" * 299_999
    (project / "rules-data" / "sample-game.yaml").write_text(GOOD.replace("order: 9", f"order: {value}"),
                                                             encoding="utf-8")
    started = time.perf_counter()
    result = _rulebook(project, "check")
    took = time.perf_counter() - started
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith("rulebook: rules-data/sample-game.yaml:6:8: field `order`: ")
    print(f"check with a {len(value):,}-character order: {took:.1f} s")  # a figure, not a test


# --- Issue 24: what rules-data/ holds that is not a game file -------------------------------------


def _project_with_rules(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "rules-data", project / "rules-data")
    return project


#: name -> (how to make rules-data/<name>.yaml, words the one line holds)
def _make_zero(path: Path, outside: Path) -> None:
    path.symlink_to("/dev/zero")


def _make_fifo(path: Path, outside: Path) -> None:
    os.mkfifo(path)


def _make_loop(path: Path, outside: Path) -> None:
    path.symlink_to(path.name)


def _make_link_out(path: Path, outside: Path) -> None:
    path.symlink_to(outside)


def _make_dangling(path: Path, outside: Path) -> None:
    path.symlink_to(path.parent / "nowhere" / "x.yaml")


def _make_folder(path: Path, outside: Path) -> None:
    path.mkdir()


NOT_GAME_FILES = {
    "zero": (_make_zero, "outside the project"),
    "fifo": (_make_fifo, "not a regular file (a named pipe)"),
    "loop": (_make_loop, "a symbolic link that leads round to itself"),
    "link-out": (_make_link_out, "outside the project"),
    "dangling": (_make_dangling, "a symbolic link to nothing"),
    "folder": (_make_folder, "not a regular file (a folder)"),
}


@pytest.mark.parametrize("name", sorted(NOT_GAME_FILES))
def test_check_refuses_what_is_not_a_regular_file_in_the_project(tmp_path: Path, name: str) -> None:
    # Reported: a symlink to /dev/zero ended in a MemoryError traceback, a FIFO blocked `check`
    # forever, a symlink to itself gave a RuntimeError traceback, and a symlink to another file
    # quoted that file's first line.
    project = _project_with_rules(tmp_path)
    outside = tmp_path / "private.txt"
    outside.write_text("SECRET: the first line of a file outside the project\n", encoding="utf-8")
    make, words = NOT_GAME_FILES[name]
    make(project / "rules-data" / f"{name}.yaml", outside)
    result = _rulebook(project, "check")  # its timeout stops a check that blocks
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith(f"rulebook: rules-data/{name}.yaml: ") and words in lines[0], lines[0]
    assert "SECRET" not in result.stderr


def test_a_link_to_a_game_file_inside_the_project_is_read(tmp_path: Path) -> None:
    project = _project_with_rules(tmp_path)
    (project / "drafts").mkdir()
    (project / "rules-data" / "chains.yaml").rename(project / "drafts" / "chains.yaml")
    (project / "rules-data" / "chains.yaml").symlink_to(Path("..") / "drafts" / "chains.yaml")
    clear_cache()
    assert "chains" in [g.id for g in load_games(project)]


def test_the_size_bound_holds_while_the_file_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The size a file states is not trusted: one that grows after it is measured (or claims a
    # smaller size) is still read no further than the bound.
    from generator.content import loader

    path = tmp_path / "grows.yaml"
    path.write_text("notes: " + "x" * (limits.GAME_FILE_BYTES + 10) + "\n", encoding="utf-8")
    real_fstat = os.fstat

    def small(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid, 100,
                               int(st.st_atime), int(st.st_mtime), int(st.st_ctime)))

    monkeypatch.setattr(loader.os, "fstat", small)
    clear_cache()
    with pytest.raises(RulesDataError, match=r"grows\.yaml:1:1: the file is more than 1,000,000 bytes"):
        load_game(path)


# --- Issue 39: house files and tags --------------------------------------------------------------

DEEP_HOUSE = "chips: " + "[" * 500 + "]" * 500 + "\n"


def _house_commands(tmp_path: Path, house: Path) -> dict[str, tuple[str, ...]]:
    """Each command that takes a house file, run from the project, writing only into tmp_path."""
    return {
        "score": ("score", "chips", "8H", "8S", "--house", str(house)),
        "build": ("build", "--site-dir", str(tmp_path / "site"), "--house", str(house)),
        "pdf": ("pdf", "chips", "--out", str(tmp_path / "pdf"), "--house", str(house)),
    }


def _one_line(result: Any) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr and "Error:" not in result.stderr, result.stderr
    return str(lines[0])


@pytest.mark.parametrize("command", ["score", "build", "pdf"])
def test_a_deeply_nested_house_file_is_one_line_naming_the_file(tmp_path: Path, command: str) -> None:
    # Reported: `chips: [[[[…` 500 levels deep ended score, build and pdf in a RecursionError; a
    # house file is now held to the game file's depth bound (limits.YAML_DEPTH), from the events.
    house = tmp_path / "deep.yaml"
    house.write_text(DEEP_HOUSE, encoding="utf-8")
    line = _one_line(_rulebook(ROOT, *_house_commands(tmp_path, house)[command]))
    assert line.startswith(f"rulebook: {house}:1:{7 + limits.YAML_DEPTH}: lists and mappings nest more than "
                           f"{limits.YAML_DEPTH} levels deep"), line
    assert not (tmp_path / "site").exists() and not (tmp_path / "pdf").exists()


def _fifo(path: Path) -> None:
    os.mkfifo(path)


NOT_HOUSE_FILES = {"fifo": (_fifo, "a named pipe, not a house file"),
                   "folder": (Path.mkdir, "a folder, not a house file")}


@pytest.mark.parametrize("command", ["score", "build", "pdf"])
@pytest.mark.parametrize("name", sorted(NOT_HOUSE_FILES))
def test_a_house_file_that_is_no_file_is_named_as_what_it_is(tmp_path: Path, name: str, command: str) -> None:
    # Reported: a FIFO or a folder given as the house file was "no such file". A FIFO is never
    # opened for reading (that would wait for a writer: the subprocess timeout would stop it).
    make, words = NOT_HOUSE_FILES[name]
    house = tmp_path / f"{name}.yaml"
    make(house)
    line = _one_line(_rulebook(ROOT, *_house_commands(tmp_path, house)[command]))
    assert line.startswith(f"rulebook: {house}: {words}"), line
    assert "no such file" not in line


@pytest.mark.parametrize(("written", "shown"), [("!custom not-allowed", "!custom"),
                                                 ("!!binary bm90LWFsbG93ZWQ=", "!!binary"),
                                                 ("!!str not-allowed", "!!str")])
def test_a_tag_in_a_house_file_is_refused_not_read_as_text(tmp_path: Path, written: str, shown: str) -> None:
    # Reported: `throw-back: !custom not-allowed` was read as the text "not-allowed".
    from generator.content import house
    from generator.content.loader import load_games

    path = tmp_path / "tagged.yaml"
    path.write_text(f"chips:\n  throw-back: {written}\n", encoding="utf-8")
    with pytest.raises(house.HouseError) as info:
        house.read_house_file(path, {g.id: g for g in load_games(ROOT)})
    assert str(info.value).startswith(f"{path}:2:15: found the tag {shown}; house files use no tags"), info.value


@pytest.mark.parametrize(("written", "shown"), [("!custom", "!custom"), ("!!binary", "!!binary")])
def test_a_tag_in_a_game_file_is_refused_in_one_line(tmp_path: Path, written: str, shown: str) -> None:
    # Reported: `!custom` gave PyYAML's own three-part message, clipped; `!!binary` over text
    # that decodes is a value of bytes, not the text written.
    error = _load_with(tmp_path, "tagline: A game", f"tagline: {written} QSBnYW1l")
    assert str(error) == (f"{tmp_path / 'sample-game.yaml'}:4:10: found the tag {shown}; game files use no tags "
                          f"(a tag makes a value something other than the text written): write the value without it")


def test_a_game_file_named_twice_by_a_link_is_refused_naming_the_link(tmp_path: Path) -> None:
    # Reported: a symbolic link beside chains.yaml loaded Chains twice, and the error said
    # "order ... got 2, which rules-data/chains.yaml also uses" of chains.yaml itself.
    project = _project_with_rules(tmp_path)
    (project / "rules-data" / "chains-too.yaml").symlink_to("chains.yaml")
    result = _rulebook(project, "check")
    line = _one_line(result)
    assert line.startswith("rulebook: rules-data/chains-too.yaml: a symbolic link to rules-data/chains.yaml, "
                           "so the game would be read twice"), line
    (project / "rules-data" / "chains-too.yaml").unlink()
    os.link(project / "rules-data" / "chains.yaml", project / "rules-data" / "zz-chains.yaml")
    line = _one_line(_rulebook(project, "check"))
    assert line.startswith("rulebook: rules-data/zz-chains.yaml: another name (a hard link) for "
                           "rules-data/chains.yaml"), line
