"""The `rulebook` command: records by hand and by --json/--jsonl, and one-line errors with exit 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_jsonl(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str,
              *argv: str) -> list[dict[str, object]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(capsys, *argv, "--jsonl")
    assert code == 0 and err == ""
    return [json.loads(line) for line in out.splitlines()]


# --- Chains ------------------------------------------------------------------------------------


def test_cli_score_chains_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "score", "chains", "7H", "KD", "--json") == (0, '{"score": 30}\n', "")


def test_cli_score_chains_human_has_symbols_and_spoken_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "chains", "7h", "KD")
    assert code == 0
    assert "7♥" in out and "seven of hearts" in out and "king of diamonds" in out
    assert out.rstrip().endswith("Score: 30 points")


def test_cli_score_chains_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "score", "chains", "7H", "7H", "--decks", "2", "--json")[1] == '{"score": 20}\n'


def test_cli_play_chains_royal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "chains", "--top", "7H", "8H", "--json")
    assert code == 0 and json.loads(out) == {"legal": True, "kind": "royal", "again": True}
    code, out, _ = run(capsys, "play", "chains", "--top", "7H", "8H")
    assert "royal" in out and "may play another card" in out and "eight of hearts" in out


def test_cli_play_chains_variants_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "play", "chains", "8H", "--top", "7H", "--variant", "no-extra-play", "--json")[1]
    assert json.loads(out)["again"] is False
    out = run(capsys, "play", "chains", "--top", "KH", "KD", "--variant", "same-rank",
              "--variant", "no-extra-play", "--json")[1]
    assert json.loads(out) == {"legal": True, "kind": "same", "again": False}
    out = run(capsys, "play", "chains", "--top", "2H", "2H", "--decks", "2", "--json")[1]
    assert json.loads(out)["kind"] == "same"


def test_cli_play_chains_illegal_is_an_answer_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "chains", "--top", "7H", "7S")
    assert code == 0 and "Not legal" in out and "same rank" in out and err == ""


# --- 3 Chip Stack ------------------------------------------------------------------------------


def test_cli_showdown_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "showdown", "3-chip-stack", "AS KD 4C", "3H 5D 6C", "--pot", "12", "--json")
    assert code == 0 and json.loads(out) == {"winners": [1], "decided_by": 1, "shares": [0, 12]}


def test_cli_showdown_human(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "showdown", "3-chip-stack", "AS KD 4C", "AH KS 4D", "--pot", "7")[1]
    assert "Every hand ties" in out and "wins 4" in out and "wins 3" in out and "ace of spades" in out


def test_cli_record_three_chip_stack_hand(capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"chips": [15, 15, 15], "dealer": 0, "first_round": ["fold", "fold"]}
    code, out, _ = run(capsys, "record", "3-chip-stack", "hand", json.dumps(rec))
    assert code == 0 and json.loads(out)["chips"] == [17, 14, 14]


# --- jsonl ---------------------------------------------------------------------------------------


def test_cli_jsonl_one_result_per_line_in_order(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [{"top": "7H", "card": c} for c in ("8H", "8S", "2H", "7S", "9S")]
    text = "\n".join(json.dumps(x) for x in lines) + "\n"
    got = run_jsonl(capsys, monkeypatch, text, "play", "chains")
    assert [g["kind"] for g in got] == ["royal", "run", "flush", None, None]


def test_cli_jsonl_bad_line_answers_error_and_goes_on(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    text = '{"hand": ["7H"]}\n\n   \nnot json\n{"hand": ["ZZ"]}\n[1, 2]\n{"hand": ["AS"], "deck": 1}\n{"hand": []}\n'
    got = run_jsonl(capsys, monkeypatch, text, "score", "chains")
    assert len(got) == 6  # blank lines are skipped
    assert got[0] == {"score": 10} and got[-1] == {"score": 0}
    errors = [str(g["error"]) for g in got[1:5]]
    assert errors[0].startswith("line 4: bad JSON")
    assert errors[1].startswith("line 5: hand[0]: unknown card 'ZZ'")
    assert errors[2].startswith("line 6: ")
    assert "unknown field 'deck'" in errors[3]


def test_cli_jsonl_showdown(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = '{"hands": [["AS","KD","4C"],["3H","5D","6C"]], "pot": 12}\n{"hands": [["AS","KD","4C"]], "pot": -1}\n'
    got = run_jsonl(capsys, monkeypatch, text, "showdown", "3-chip-stack")
    assert got[0] == {"winners": [1], "decided_by": 1, "shares": [0, 12]}
    assert "pot" in str(got[1]["error"])


def test_cli_score_chips_delegates(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("generator.engine.games.chips")
    code, out, err = run(capsys, "score", "chips", "8H", "8S", "JK", "5H", "6H", "7H", "--json")
    assert code == 0 and json.loads(out)["score"] == 0, err


def test_cli_help_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "score" in out and "showdown" in out
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0 and "--variant" in out


# --- Bad input: one line on stderr, exit 2 ------------------------------------------------------

BAD = [
    ["score", "chains", "XX"],
    ["score", "chains", "7H", "JK"],
    ["score", "chains", "7H", "7H"],
    ["score", "nogame", "7H"],
    ["score"],
    ["score", "chains"],
    ["score", "chains", "7H", "--decks", "0"],
    ["score", "chains", "7H", "--decks", "two"],
    ["score", "chains", "7H", "--caller", "[]"],
    ["score", "chips", "8H", "--caller", "{not json"],
    ["score", "3-chip-stack", "AS"],
    ["score", "chains", "--jsonl", "7H"],
    ["play", "chains", "8H"],
    ["play", "chains", "--top", "7H", "7H"],
    ["play", "chains", "--top", "7H", "8H", "--variant", "wild"],
    ["play", "chains", "--top", "7H", "8H", "9H"],
    ["play", "chains", "--top", "7H", "8H", "--bogus"],
    ["play", "3-chip-stack", "--top", "7H", "8H"],
    ["showdown", "3-chip-stack", "AS KD", "3H 5D 6C"],
    ["showdown", "3-chip-stack", "AS KD 4C", "AS 5D 6C"],
    ["showdown", "3-chip-stack", "AS KD 4C", "3H 5D 6C", "--pot", "-3"],
    ["showdown", "3-chip-stack", "AS KD 4C", "3H 5D 6C", "--json", "--jsonl"],
    ["showdown", "chains", "AS KD 4C"],
    ["record", "chains", "play", "{bad"],
    ["record", "chains", "play", "[1]"],
    ["record", "chains", "nope", "{}"],
    ["record", "3-chip-stack", "hand", '{"chips": [15, 15], "dealer": 0, "first_round": ["see"]}'],
    ["rank", "chains", "{}"],
    ["pdf", "nogame"],
    ["frobnicate"],
    [],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a) or "(nothing)" for a in BAD])
def test_cli_bad_input_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert err.startswith("rulebook: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["score", "chains", "XX"], ["play", "chains", "--top", "7H"], ["bogus"], ["score", "chains", "1H"],
    ["showdown", "3-chip-stack", "AS KD 4C", "3H 5D 6C", "--pot", "x"],
])
def test_cli_subprocess_bad_input_exit_2(argv: list[str]) -> None:
    p = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True, check=False,
                       cwd=ROOT, timeout=60)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("rulebook: ") and p.stdout == ""


def test_cli_subprocess_jsonl_roundtrip() -> None:
    text = "".join(json.dumps({"top": "7H", "card": c}) + "\n" for c in ["8H", "JK", "KS"])
    p = subprocess.run([sys.executable, "-m", "generator", "play", "chains", "--jsonl"], input=text,
                       capture_output=True, text=True, check=False, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert out[0]["kind"] == "royal" and "error" in out[1] and out[2]["legal"] is False


# --- House options: --house <option-id>=<value> (repeatable) or --house FILE.yaml ------------------

TIED = ["AS KD 4C", "AH KS 4D"]


@pytest.fixture
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # --house reads the options from rules-data/


@pytest.mark.usefixtures("in_project")
@pytest.mark.parametrize(("hand", "house", "score"), [
    ("KD AD 2D 3D", None, 10), ("KD AD 2C", None, 11), ("2C JD QD AD", None, 0),  # the family's words
    ("KD AD 2C", "k-a-2=group", 0), ("KD AD 2D 3D", "k-a-2=group", 3),
    ("QD KD AD 2D 3D", "k-a-2=round-the-corner", 0), ("KD AD 2D 3D", "k-a-2=round-the-corner", 0),
])
def test_cli_scores_k_a_2_as_the_family_writes_it_and_as_each_house_reading(
        capsys: pytest.CaptureFixture[str], hand: str, house: str | None, score: int) -> None:
    # chips-ruling-k-a-2: `rulebook score chips KD AD 2C` and the like, as typed.
    code, out, err = run(capsys, "score", "chips", *hand.split(), *(["--house", house] if house else []))
    assert code == 0, err
    assert out.splitlines()[-1] == f"Score: {score}"


@pytest.mark.usefixtures("in_project")
def test_cli_options_lists_three_readings_of_k_a_2_the_familys_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "options", "chips", "--json")
    k_a_2 = next(o for o in json.loads(out) if o["id"] == "k-a-2")
    assert code == 0 and k_a_2["values"] == ["no-group", "group", "round-the-corner"] and k_a_2["default"] == "no-group"
    assert len(k_a_2["labels"]) == 3


@pytest.mark.usefixtures("in_project")
def test_cli_house_pair_changes_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "showdown", "3-chip-stack", *TIED, "--pot", "13", "--json")
    assert code == 0 and json.loads(out) == {"winners": [0, 1], "decided_by": None, "shares": [7, 6]}
    code, out, _ = run(capsys, "showdown", "3-chip-stack", *TIED, "--pot", "13", "--json", "--house", "odd-chip=dealer")
    assert code == 0 and json.loads(out)["shares"] == [6, 6] and json.loads(out)["odd_to"] == "dealer"
    code, out, _ = run(capsys, "showdown", "3-chip-stack", *TIED, "--pot", "13", "--house", "odd-chip=next-hand")
    assert code == 0 and "1 chip left over by the split goes into the middle, for the next hand's pot" in out
    code, out, _ = run(capsys, "play", "chains", "--top", "KH", "KS", "--house", "same-rank=played",
                       "--house", "no-extra-play=played", "--json")
    assert code == 0 and json.loads(out) == {"legal": True, "kind": "same", "again": False}
    code, out, _ = run(capsys, "play", "chains", "--top", "7H", "8H", "--house", "no-extra-play=played")
    assert code == 0 and "No extra card" in out


@pytest.mark.usefixtures("in_project")
def test_cli_house_file_and_its_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "ours.yaml"
    good.write_text("chips: {k-a-2: group}\n3-chip-stack:\n  odd-chip: dealer\n", encoding="utf-8")
    code, out, _ = run(capsys, "record", "3-chip-stack", "showdown",
                       json.dumps({"hands": [h.split() for h in TIED], "pot": 13}), "--house", str(good))
    assert code == 0 and json.loads(out)["odd"] == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("3-chip-stack:\n  odd-chip: dealr\n", encoding="utf-8")
    code, _, err = run(capsys, "showdown", "3-chip-stack", *TIED, "--house", str(bad))
    assert code == 2 and err.startswith(f"rulebook: {bad}:2:13: house option 'odd-chip' has no value 'dealr'")
    code, _, err = run(capsys, "showdown", "3-chip-stack", *TIED, "--house", "odd-chip=dealr")
    assert code == 2 and "has no value 'dealr'" in err and err.count("\n") == 1
    code, _, err = run(capsys, "play", "chains", "--top", "7H", "8H", "--house", "odd-chip=dealer")
    assert code == 2 and "Chains has no house option 'odd-chip'" in err
    code, _, err = run(capsys, "play", "chains", "--top", "7H", "8H", "--house", str(tmp_path / "missing.yaml"))
    assert code == 2 and "no such file" in err


@pytest.mark.usefixtures("in_project")
def test_cli_house_jsonl_is_merged_with_each_records_own(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 39, item 7: a record's house of null or {} took none of the command line's options, and
    # a record's own house replaced them all. Now they merge: the record's choice wins on its own
    # options, the command line's fill the rest.
    same_rank = {"top": "KH", "card": "KS"}  # legal only when same-rank is played
    royal = {"top": "7H", "card": "8H"}  # a royal: "again" unless no-extra-play is played
    lines = [same_rank, {**same_rank, "house": None}, {**same_rank, "house": {}},
             {**same_rank, "house": {"no-extra-play": "not-played"}},
             {**royal, "house": {"no-extra-play": "not-played"}}, {**royal, "house": {}},
             {**same_rank, "house": {"same-rank": "not-played"}},
             {**same_rank, "house": {"same-rank": "bad"}}, {**same_rank, "variant": "same-rank"}]
    text = "".join(json.dumps(x) + "\n" for x in lines)
    out = run_jsonl(capsys, monkeypatch, text, "play", "chains", "--house", "same-rank=played",
                    "--house", "no-extra-play=played")
    assert [o.get("legal") for o in out] == [True, True, True, True, True, True, False, None, True]
    assert out[4]["again"] is True, "the record's own no-extra-play wins over the command line's"
    assert out[5]["again"] is False, "an empty house takes the command line's no-extra-play"
    assert out[7]["error"].startswith("line 8: house.same-rank: no value 'bad'")


@pytest.mark.usefixtures("in_project")
def test_cli_house_reaches_a_chips_record_whose_house_is_null_or_empty(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The reported case: `rulebook score chips --jsonl --house k-a-2=no-group` with a record whose
    # house is null or {} scored it by the family's rules. Whatever k-a-2's default, each such
    # record is answered as one that names the command line's option itself.
    hand = {"hand": ["KH", "AH", "2S", "5C", "6C", "7C", "9D"], "packs": 1}
    for value in ("no-group", "group"):
        lines = [hand, {**hand, "house": None}, {**hand, "house": {}}, {**hand, "house": {"k-a-2": value}}]
        text = "".join(json.dumps(x) + "\n" for x in lines)
        out = run_jsonl(capsys, monkeypatch, text, "score", "chips", "--house", f"k-a-2={value}")
        assert out[0] == out[1] == out[2] == out[3], (value, out)


def test_cli_house_help_says_how_a_records_own_house_is_merged(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("score", "play", "showdown", "rank", "record"):
        code, out, _ = run(capsys, command, "--help")
        flat = " ".join(out.split())
        assert code == 0 and "the record's choice wins on the same option, these fill the rest" in flat, command


@pytest.mark.usefixtures("in_project")
def test_cli_house_file_without_the_game_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Issue 39, item 7: a house file for another game was read as the family's rules, unsaid.
    chains_only = tmp_path / "chains-only.yaml"
    chains_only.write_text("chains:\n  same-rank: played\n", encoding="utf-8")
    code, _, err = run(capsys, "score", "chips", "8H", "--house", str(chains_only))
    assert code == 2 and err.count("\n") == 1, err
    assert f"{chains_only}: the house file has rules for chains, none for chips" in err
    assert "chips: {}" in err  # how to say the family's rules on purpose
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    code, _, err = run(capsys, "play", "chains", "--top", "7H", "8H", "--house", str(empty))
    assert code == 2 and "the house file names no game" in err, err
    # Naming the game with nothing changed is the family's rules, asked for.
    chains_only.write_text("chips: {}\nchains:\n  same-rank: played\n", encoding="utf-8")
    code, out, _ = run(capsys, "score", "chips", "8H", "--house", str(chains_only), "--json")
    assert code == 0 and json.loads(out)["score"] == 8


@pytest.mark.usefixtures("in_project")
def test_cli_house_refused_for_a_record_that_follows_none(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "rank", "chains", '{"players": ["Ann", "Bo"], "hands": []}', "--house", "same-rank=played")
    assert code == 2 and "the chains rank record does not follow house options" in err
    # A house file that leaves the game at its defaults changes nothing, so it is no reason to refuse.
    other = tmp_path / "other.yaml"
    other.write_text("3-chip-stack: {odd-chip: dealer}\nchains: {same-rank: not-played}\n", encoding="utf-8")
    code, out, _ = run(capsys, "rank", "chains", '{"players": ["Ann", "Bo"], "hands": []}', "--house", str(other))
    assert code == 0 and json.loads(out)["played"] == 0


@pytest.mark.usefixtures("in_project")
def test_pdf_and_build_refuse_a_house_file_that_does_not_name_the_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Reported: `chains: ...` given to `rulebook pdf chips` exited 0 with the family's PDFs.
    chains_only = tmp_path / "chains-only.yaml"
    chains_only.write_text("chains: {same-rank: played}\n", encoding="utf-8")
    code, out, err = run(capsys, "pdf", "chips", "--out", str(tmp_path / "pdf"), "--house", str(chains_only))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "the house file has rules for chains, none for chips" in err
    assert not (tmp_path / "pdf").exists()
    # A whole-site build takes a file naming any game, but not one that names none.
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    code, _, err = run(capsys, "build", "--site-dir", str(tmp_path / "site"), "--house", str(empty))
    assert code == 2 and "the house file names no game" in err and err.count("\n") == 1, err
    assert not (tmp_path / "site").exists()
