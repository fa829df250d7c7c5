"""Hostile input at the command line and in the records (issue 11): each test first gives the input
the hostile tester reported, then checks the answer is one short line, exit 2 (or one error record
in a stream that goes on), no traceback, and quick."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import ERROR_CHARS
from generator.engine import limits
from generator.engine.games import GAME_MODULES, record
from tests.test_cli import run
from tests.test_cli import run_jsonl as jsonl

ROOT = Path(__file__).resolve().parent.parent


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "", (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert len(lines[0]) <= ERROR_CHARS + 20
    return lines[0]


def thirty_two_runs() -> list[dict[str, Any]]:
    return [{"kind": "run", "suit": s, "cards": [f"5{s}", f"6{s}", f"7{s}"]} for _ in range(8) for s in "SHDC"]


# --- 2. one Chips record could take seconds --------------------------------------------------


def test_chips_caller_groups_beyond_three_are_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    # Reported: 8 packs and 28 caller runs took 6.6 s.
    runs = thirty_two_runs()[:28]
    # Refused by the bound (limits.CALLER_GROUPS) before any search: the message says which.
    line = one_line_error(*run(capsys, "score", "chips", "8S", "8H", "8D", "8C", "4S", "KD", "--packs", "8",
                               "--caller", json.dumps(runs)))
    assert "caller_groups: 28 groups" in line and "at most 3 groups" in line


def test_chips_caller_groups_extended_past_one_hand_are_scored() -> None:
    # chips-ruling-layoff-order: a later player sees the caller's groups as the players before
    # extended them, so they may hold more than the ten cards of one hand between them.
    fn = record("chips", "score")
    eleven = [{"kind": "run", "suit": "S", "cards": ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]},
              {"kind": "set", "rank": "K", "cards": ["KS", "KH", "KD", "KC"]}]
    assert fn({"hand": ["10S", "KC", "8H"], "packs": 2, "caller_groups": eleven})["score"] == 8
    # Each group at the most the packs can deal: every heart, every 8 and wild of two packs.
    hearts = [f"{r}H" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    eights = ["8S", "8D", "8C"] * 2 + ["2S", "2D", "2C"] * 2 + ["JK"] * 4 + ["2H", "8H"]
    out = fn({"hand": ["8S", "KD"], "packs": 3,
              "caller_groups": [{"kind": "run", "suit": "H", "cards": hearts},
                                {"kind": "set", "rank": "8", "cards": eights}]})
    assert out["score"] == 10 and out["laid_off"] == ["8S"]


@pytest.mark.parametrize(("groups", "packs", "words"), [
    ([{"kind": "run", "suit": "H", "cards": ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH",
                                             "QH", "KH", "JK"]}], 2,
     "caller_groups[0]: a run holds at most 13 cards (it may not wrap round), not 14"),
    ([{"kind": "set", "rank": "8", "cards": ["8S", "8H", "8D", "8C", "2S", "2H", "2D", "2C", "JK", "JK", "8S"]}], 1,
     "caller_groups[0]: 11 cards in a set of eights, but one pack holds only 10 that can stand as eights"),
    ([{"kind": "set", "rank": "2", "cards": ["2S", "2H", "2D", "2C", "JK", "JK"] * 2 + ["JK"]}], 2,
     "caller_groups[0]: 13 wilds in a group, but 2 packs hold only 12"),
    ([{"kind": "run", "suit": "S", "cards": ["5S", "6S", "7S"]}] * 4, 4,
     "caller_groups: 4 groups, but a caller's hand of at most 10 cards makes at most 3 groups"),
])
def test_chips_caller_groups_the_packs_cannot_deal_are_one_line(capsys: pytest.CaptureFixture[str],
                                                               groups: list[dict[str, Any]], packs: int,
                                                               words: str) -> None:
    line = one_line_error(*run(capsys, "score", "chips", "KD", "--packs", str(packs), "--caller", json.dumps(groups)))
    assert words in line


def test_the_bounds_are_the_rules_they_come_from() -> None:
    from generator.engine.games import chips

    assert limits.CALLER_GROUPS * 3 <= chips.MAX_HAND < (limits.CALLER_GROUPS + 1) * 3  # chips-call: one hand
    assert limits.RUN_CARDS == chips.MAX_RUN  # chips-no-wrap
    assert chips.set_cards(chips.Rank.EIGHT, 2) == 20 and chips.set_cards(chips.Rank.TWO, 2) == 12


# --- 3. deep JSON -----------------------------------------------------------------------------


def test_a_deeply_nested_jsonl_line_is_one_error_and_the_stream_goes_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "[" * 990 + "]" * 990
    deep_obj = '{"hand": ' + "[" * 5000 + "]" * 5000 + "}"
    lines = ['{"hand": ["8H", "8S", "8D"]}', deep, deep_obj, '{"hand": ["KD"]}']
    text = "".join(line + "\n" for line in lines)
    out = jsonl(capsys, monkeypatch, text, "score", "chips")
    assert [o.get("score") for o in out] == [0, None, None, 10]
    assert out[1] == {"error": f"line 2: bad JSON: nested more than {limits.JSON_DEPTH} levels deep"}
    assert out[2]["error"].startswith("line 3: bad JSON: nested more than")


@pytest.mark.parametrize("argv", [
    ("score", "chips", "8H", "--caller"),
    ("rank", "chips"),
    ("record", "chains", "game"),
])
def test_deep_json_arguments_get_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    deep = "[" * 990 + "]" * 990
    line = one_line_error(*run(capsys, *argv, deep))
    assert "nested more than" in line


def test_deep_json_inside_strings_is_not_counted(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # Brackets inside a string are text, not nesting: the record is read and refused for its card.
    out = jsonl(capsys, monkeypatch, json.dumps({"hand": ["[" * 50]}) + "\n", "score", "chips")
    assert "unknown card" in out[0]["error"] and "nested" not in out[0]["error"]


def test_an_over_long_jsonl_line_is_refused_without_echoing_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    huge = json.dumps({"hand": ["8H"] * 60_000})
    out = jsonl(capsys, monkeypatch, huge + "\n" + '{"hand": ["KD"]}\n', "score", "chips")
    assert "at most 100,000 are read" in out[0]["error"] and len(out[0]["error"]) < 200
    assert out[1]["score"] == 10


# --- 5. unbounded sizes ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [10**7, 10**30, 21])
def test_chains_game_record_refuses_a_stadium_of_players(capsys: pytest.CaptureFixture[str], players: int) -> None:
    line = one_line_error(*run(capsys, "record", "chains", "game", json.dumps({"players": players, "hands": []})))
    assert "20 or less" in line


def test_a_megabyte_card_is_quoted_as_a_short_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(*run(capsys, "score", "chips", "X" * 1_000_000))
    assert "1,000,002 characters" in line and len(line) < 300


@pytest.mark.parametrize("bad", [None, 10**23, -1])
def test_3_chip_stack_pot_messages_name_no_null_and_no_exponent(bad: Any) -> None:
    fn = record("3-chip-stack", "showdown")
    with pytest.raises(ValueError) as err:
        fn({"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]], "pot": bad})
    message = str(err.value)
    assert "None" not in message and "null" not in message and "e+" not in message


# --- 10. the small ones --------------------------------------------------------------------------


def test_a_byte_order_mark_before_the_first_jsonl_line_is_skipped(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = jsonl(capsys, monkeypatch, '\ufeff{"hand": ["7H", "KD"]}\n', "score", "chains")
    assert out == [{"score": 30}]


@pytest.mark.parametrize("packs", ["８", "1_0", "²", "+2", "0x2", "٣"])
def test_packs_take_ascii_digits_only(capsys: pytest.CaptureFixture[str], packs: str) -> None:
    one_line_error(*run(capsys, "score", "chips", "8H", "--packs", packs))


def test_check_outside_a_project_says_it_is_not_a_project(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "check"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, check=False, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not a rulebook project" in result.stderr and len(result.stderr.strip().splitlines()) == 1


# --- The property: any hostile record, one answer line, fast ------------------------------------

_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**40), max_value=10**40),
                  st.floats(allow_nan=False), st.text(max_size=30),
                  st.sampled_from(["8H", "JK", "2C", "10S", "KD", "AS", "QH", "x" * 5000]))


def _nest(depth: int) -> st.SearchStrategy[str]:
    return st.just("[" * depth + "]" * depth)


_record = st.fixed_dictionaries(
    {"hand": st.one_of(st.lists(st.sampled_from(["8H", "8S", "8D", "9H", "10H", "JK", "2C", "KD", "AS"]),
                                min_size=0, max_size=12), _leaf)},
    optional={
        "packs": st.one_of(st.integers(-3, 12), _leaf),
        "caller_groups": st.one_of(
            st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["run", "set", "x"]),
                                            "suit": st.sampled_from(["H", "S", "D", "C"]),
                                            "cards": st.lists(st.sampled_from(["5H", "6H", "7H", "8H", "JK", "2S"]),
                                                              max_size=14)}), max_size=40),
            _leaf),
        "extra": _leaf,
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(st.one_of(_record.map(json.dumps), st.integers(1, 3000).flatmap(_nest),
                                  st.text(max_size=200).filter(lambda t: "\n" not in t and "\r" not in t)),
                        min_size=1, max_size=12))
def test_score_chips_jsonl_answers_every_hostile_line_once_and_fast(records: list[str]) -> None:
    text = "\n".join(records) + "\n"
    sent = [r for r in records if r.strip()]
    result = subprocess.run([sys.executable, "-m", "generator", "score", "chips", "--jsonl"], input=text,
                            capture_output=True, text=True, timeout=60, check=False,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"}, cwd=ROOT)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(sent)
    for line in lines:
        answer = json.loads(line)
        if "error" in answer:
            assert "\n" not in answer["error"] and len(answer["error"]) <= ERROR_CHARS + 20
    # How fast is bench/'s business (bench/bench_worst_case.py); the 60 s timeout above only stops
    # a runaway.


@pytest.mark.parametrize(("inner", "message"), [
    ("<p>{{ game.nosuchfield }}</p>", "partials/inner.html:2: 'dict object' has no attribute 'nosuchfield'"),
    ("<p>{% if %}</p>", "partials/inner.html:2: Expected an expression"),
])
def test_a_template_error_names_the_partial_that_failed_not_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inner: str, message: str) -> None:
    # Reported: an error in partials/hero.html was blamed on pdf/booklet.html.
    from generator import render

    (tmp_path / "pdf").mkdir()
    (tmp_path / "partials").mkdir()
    (tmp_path / "pdf" / "outer.html").write_text('<main>\n{% include "partials/inner.html" %}\n</main>\n')
    (tmp_path / "partials" / "inner.html").write_text("<div>\n" + inner + "\n</div>\n")
    monkeypatch.setattr(render, "TEMPLATES", tmp_path.resolve())
    render.template_env.cache_clear()
    try:
        with pytest.raises(render.RenderError) as err:
            render.render_partial("pdf/outer.html", game={"id": "x"}, refs={})
    finally:
        monkeypatch.undo()
        render.template_env.cache_clear()
    assert str(err.value).startswith(f"template {message}"), str(err.value)


# --- Issue 24: every --jsonl command reads a hostile stream line by line, in bounded memory ------

#: Each command that reads --jsonl, with one record it answers.
JSONL_COMMANDS: dict[tuple[str, ...], str] = {
    ("score", "chips"): '{"hand": ["KD"]}',
    ("score", "chains"): '{"hand": ["KD"]}',
    ("play", "chains"): '{"top": "7H", "card": "8H"}',
    ("showdown", "3-chip-stack"): '{"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]]}',
    ("rank", "chips"): '{"players": ["A", "B"], "rounds": [{"scores": {"A": 0, "B": 12}}]}',
    ("rank", "chains"): '{"players": ["A", "B"], "hands": []}',
    ("record", "3-chip-stack", "rank"): '{"players": ["A", "B"], "hands": []}',
}

#: The address space a --jsonl run may use in the tests below: Python and the engine take about
#: 20 MB, so this is room to spare, and far less than the line without end sent to it.
MEMORY_BOUND = 128 * 2**20


def _jsonl_stream(argv: tuple[str, ...], chunks: Any, memory: int | None = None) -> tuple[int, list[str], str]:
    """Run ``rulebook <argv> --jsonl`` in a process of its own (with at most ``memory`` bytes of
    address space), writing ``chunks`` (bytes) to its stdin as it reads: (exit code, answer lines,
    stderr)."""
    import resource
    import tempfile

    def bound() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "generator", *argv, "--jsonl"], stdin=subprocess.PIPE,
                                stdout=out, stderr=err, cwd=ROOT, preexec_fn=bound,  # noqa: PLW1509
                                env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"})
        assert proc.stdin is not None
        try:
            for chunk in chunks:
                proc.stdin.write(chunk)
            proc.stdin.close()
        except BrokenPipeError:
            pass  # it stopped reading: the exit code and stderr say why
        code = proc.wait(timeout=300)
        out.seek(0)
        err.seek(0)
        return code, out.read().decode("utf-8").splitlines(), err.read().decode("utf-8", "replace")


@pytest.mark.parametrize("argv", list(JSONL_COMMANDS), ids=" ".join)
def test_a_line_without_end_is_refused_in_bounded_memory_and_the_stream_goes_on(argv: tuple[str, ...]) -> None:
    # Reported: 1.5 GB without a newline ended `score chips --jsonl` in a MemoryError traceback,
    # the line read whole before its length was checked (limits.JSON_LINE_CHARS).
    megabyte = b"x" * 2**20
    size = 2 * MEMORY_BOUND  # more than the process may hold at all

    def chunks() -> Any:
        for _ in range(size // len(megabyte)):
            yield megabyte
        yield b"\n" + JSONL_COMMANDS[argv].encode() + b"\n"

    code, lines, err = _jsonl_stream(argv, chunks(), MEMORY_BOUND)
    assert (code, err) == (0, ""), err[-2000:]
    assert len(lines) == 2, lines
    assert json.loads(lines[0]) == {"error": f"line 1: a record of {size:,} characters; at most "
                                             f"{limits.JSON_LINE_CHARS:,} are read"}
    assert "error" not in json.loads(lines[1])


@pytest.mark.parametrize("argv", list(JSONL_COMMANDS), ids=" ".join)
def test_a_line_of_exactly_the_bound_is_read(argv: tuple[str, ...]) -> None:
    record = JSONL_COMMANDS[argv]
    padded = record + " " * (limits.JSON_LINE_CHARS - len(record))
    code, lines, err = _jsonl_stream(argv, [padded.encode() + b"\n", padded.encode() + b"x\n",
                                            padded.encode()])
    assert (code, err) == (0, "")
    assert "error" not in json.loads(lines[0]) and "error" not in json.loads(lines[2])
    assert json.loads(lines[1])["error"].startswith(f"line 2: a record of {limits.JSON_LINE_CHARS + 1:,} characters")


#: For each command, a record whose strings hold a lone surrogate where the answer quotes them back.
_SURROGATE_RECORDS: dict[tuple[str, ...], str] = {
    ("score", "chips"): '{"hand": ["KD", "\\ud800"]}',
    ("score", "chains"): '{"hand": ["\\udfff8H"]}',
    ("play", "chains"): '{"top": "7H", "card": "8H", "variant": ["\\ud800"]}',
    ("showdown", "3-chip-stack"): '{"hands": [["AS", "KD", "\\ud800"], ["3H", "5D", "6C"]]}',
    ("rank", "chips"): '{"players": ["\\ud800", "B"], "rounds": [{"scores": {"\\ud800": 0, "B": 12}}]}',
    ("rank", "chains"): '{"players": ["A\\ud800", "B"], "hands": []}',
    ("record", "3-chip-stack", "rank"): '{"players": ["\\udc00", "B"], "hands": []}',
}


@pytest.mark.parametrize("argv", list(JSONL_COMMANDS), ids=" ".join)
def test_a_lone_surrogate_or_bad_utf8_is_one_error_line_and_the_stream_goes_on(argv: tuple[str, ...]) -> None:
    # Reported: one line with "\ud800" ended `rank --jsonl` (exit 2), the lines after it unanswered.
    good = JSONL_COMMANDS[argv].encode()
    sent = [good, _SURROGATE_RECORDS[argv].encode(), b'{"hand": ["\xff\xfe8H"]}', b"\xc3\x28\xa0\xa1",
            good.replace(b'"A"', b'"\xe2\x82"'), good]
    code, lines, err = _jsonl_stream(argv, [b"\n".join(sent) + b"\n"])
    assert (code, err) == (0, ""), err
    assert len(lines) == len(sent), lines
    answers = [json.loads(line) for line in lines]
    assert "error" not in answers[0] and "error" not in answers[-1]
    assert answers[1]["error"].startswith("line 2: ") and "surrogate" in answers[1]["error"]
    for n in (3, 4):
        assert answers[n - 1]["error"].startswith(f"line {n}: ")
    # An emoji written as its escaped surrogate pair is one character, not a bad line.
    pair = good.replace(b'"A"', b'"\\ud83d\\ude00"').replace(b'"KD"', b'"KD"')
    code, lines, err = _jsonl_stream(argv, [pair + b"\n"])
    assert code == 0 and "surrogate" not in lines[0]


def test_a_lone_surrogate_in_a_json_argument_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(*run(capsys, "rank", "chips", '{"players": ["\\ud800", "B"], "rounds": []}'))
    assert "surrogate" in line


# --- Issue 24, item 14: a value of any length is quoted back clipped ------------------------------

#: Records beside the worked examples' inputs, so every record of every game is tried.
_MORE_RECORDS: list[tuple[str, str, dict[str, Any]]] = [
    ("chips", "round", {"caller": ["8H", "8S", "8D"], "hands": [["KD", "5C"]], "packs": 1}),
    ("chips", "replay", {"players": 2, "dealer": 0, "hand_size": 3, "deck": ["8H"] * 20, "moves": ["draw"],
                         "packs": 1}),
    ("chips", "rank", {"players": ["A", "B"], "rounds": [{"scores": {"A": 0, "B": 12}, "called": "A"}]}),
    ("chains", "game", {"players": ["A", "B"], "hands": [[0, 20]]}),
    ("chains", "hand", {"players": 2, "dealer": 0, "deck": ["8H", "9H", "KD"], "moves": ["8H", "draw"],
                        "decks": 1, "variant": ["same-rank"]}),
    ("chains", "rank", {"players": ["A", "B"], "hands": [{"A": 0, "B": 35}]}),
    ("3-chip-stack", "rank", {"players": ["A", "B"], "hands": [{"A": 2, "B": -2}]}),
]

#: What each value of a record is replaced by, one at a time (JSON can carry each of them).
_HOSTILE_VALUES: list[Any] = ["X" * 100_000, 10**4000, -(10**4000), ["X" * 100_000], {"X" * 100_000: 1}]


def _records_of(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    from generator.content.loader import load_games

    examples = [(ex["record"], json.loads(json.dumps(ex["input"])))
                for g in load_games(ROOT) if g.id == game_id for ex in g.data["examples"]]
    return examples + [(name, rec) for g, name, rec in _MORE_RECORDS if g == game_id]


def _places(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every value's place in a record (the record's own keys, list items, nested keys)."""
    if isinstance(node, dict):
        return [at + (k,) for k in node] + [p for k, v in node.items() for p in _places(v, at + (k,))]
    if isinstance(node, list):
        return [at + (i,) for i in range(len(node))] + [p for i, v in enumerate(node) for p in _places(v, at + (i,))]
    return []


@pytest.mark.parametrize("game_id", list(GAME_MODULES))  # every game with an engine
def test_every_record_quotes_a_hostile_value_clipped(game_id: str) -> None:
    # Reported: a typed card of 100,000 characters was quoted back in full.
    too_long: list[str] = []
    for name, good in _records_of(game_id):
        fn = record(game_id, name)
        for place in _places(good):
            for bad in _HOSTILE_VALUES:
                rec = json.loads(json.dumps(good))
                node = rec
                for step in place[:-1]:
                    node = node[step]
                node[place[-1]] = bad
                try:
                    fn(rec)
                except ValueError as exc:  # every RulebookError is one
                    if len(str(exc)) > ERROR_CHARS:
                        too_long.append(f"{name} {place} {type(bad).__name__}: {str(exc)[:120]}")
    assert too_long == []


@pytest.mark.parametrize("game_id", list(GAME_MODULES))  # every game with an engine
def test_every_practice_engine_quotes_a_hostile_move_clipped(game_id: str) -> None:
    import importlib

    from generator.engine.errors import RulebookError

    play = importlib.import_module("generator.engine.play." + {"3-chip-stack": "three_chip_stack"}.get(game_id, game_id))
    for players, seed in (("X" * 100_000, 1), (10**4000, 1), (3, "X" * 100_000), (3, [10**4000])):
        with pytest.raises(RulebookError) as err:
            play.new_game(players, seed)
        assert len(str(err.value)) <= ERROR_CHARS, str(err.value)[:200]
    state = play.new_game(3, 5)
    for move in ("X" * 100_000, {"X" * 100_000: 1}, {"type": "X" * 100_000}, {"action": "X" * 100_000},
                 {"action": "raise", "amount": "X" * 100_000}, {"action": "play", "card": "X" * 100_000},
                 {"type": "take", "source": "X" * 100_000}, {"type": "discard", "card": "X" * 100_000},
                 {"type": "take", "source": "pile", "index": 10**4000}):
        try:
            play.apply_move(state, move)
        except RulebookError as exc:
            assert len(str(exc)) <= ERROR_CHARS, f"{str(move)[:60]}: {str(exc)[:200]}"
