"""The engines and the game files name the same house options (issue 25).

Each engine module declares the options it follows in ``HOUSE_OPTIONS`` (ids, values, default),
Python and the port alike; these tests hold both equal to what ``generator/content/house.py``
reads from ``rules-data/<game>.yaml``, so an option added, renamed or re-defaulted in a game file
fails here until both engines follow it. ``HOUSE_RECORDS`` names the records that take a
``house`` field: the others must refuse one (the command line refuses ``--house`` for them).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.content import house
from generator.engine.errors import IllegalPlay, RulebookError
from generator.engine.games import GAME_MODULES, RecordError, chips, load_game
from tests.support.games import BY_ID, engine_params

ROOT = Path(__file__).resolve().parent.parent
GAMES = BY_ID
#: Game id -> the port's engine module (docs/assets/js/engine/): one per game with an engine.
PORTS = {"chains": "chains.js", "3-chip-stack": "3-chip-stack.js", "chips": "chips.js"}
#: The games whose engines (this issue's part) must declare their options already.
DECLARED = {"chains", "3-chip-stack", "chips"}


def _yaml_options(game_id: str) -> list[dict[str, Any]]:
    return [{"id": o.id, "values": list(o.values), "default": o.default}
            for o in house.game_options(GAMES[game_id])]


def _py_options(game_id: str) -> list[dict[str, Any]] | None:
    declared = getattr(load_game(game_id), "HOUSE_OPTIONS", None)
    if declared is None:
        return None
    return [{"id": o.id, "values": list(o.values), "default": o.default} for o in declared]


def _js_exports() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: run `make setup`")
    script = (
        "const out = {};\n"
        + "".join(
            f"{{ const m = await import({json.dumps((ROOT / 'docs/assets/js/engine' / f).as_uri())});\n"
            f"  out[{json.dumps(g)}] = {{options: m.HOUSE_OPTIONS ?? null, records: m.HOUSE_RECORDS ?? null}}; }}\n"
            for g, f in PORTS.items())
        + "console.log(JSON.stringify(out));\n")
    proc = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


@pytest.fixture(scope="module")
def js_exports() -> dict[str, Any]:
    return _js_exports()


def test_every_game_module_is_checked() -> None:
    # Every engine has its port and its game file; a game of rules-data/ with no engine (one an author
    # added with no Python) is no engine's to check.
    assert set(GAME_MODULES) == set(PORTS) and set(GAME_MODULES) <= set(GAMES)
    assert all((ROOT / "docs/assets/js/engine" / f).is_file() for f in PORTS.values())


@pytest.mark.parametrize("game_id", engine_params(sorted(GAMES)))
def test_python_engine_declares_the_game_files_options(game_id: str) -> None:
    declared = _py_options(game_id)
    if declared is None and game_id not in DECLARED:
        pytest.skip(f"the {game_id} engine declares no HOUSE_OPTIONS yet")
    assert declared == _yaml_options(game_id)


@pytest.mark.parametrize("game_id", engine_params(sorted(GAMES)))
def test_port_declares_the_game_files_options(game_id: str, js_exports: dict[str, Any]) -> None:
    got = js_exports[game_id]
    if got["options"] is None and game_id not in DECLARED:
        pytest.skip(f"the {game_id} port declares no HOUSE_OPTIONS yet")
    assert got["options"] == _yaml_options(game_id)
    py_records: frozenset[str] = getattr(load_game(game_id), "HOUSE_RECORDS", frozenset())
    assert sorted(got["records"] or []) == sorted(py_records)


#: A small valid record of each record function of the games that declare their options.
MINIMAL: dict[str, dict[str, dict[str, Any]]] = {
    "chains": {
        "score": {"hand": ["7H"]},
        "play": {"top": "7H", "card": "8H"},
        "game": {"players": 2, "hands": [[0, 10]]},
        "hand": {"players": 2, "dealer": 0, "deck": "2C 9S 3C 10S 4C JS 5C QS 6C KS 8D", "moves": ["pass"]},
        "rank": {"players": ["Ann", "Bo"], "hands": []},
    },
    "chips": {
        "score": {"hand": ["KD", "AD", "2C"]},
        "round": {"caller": ["7H", "8H", "9H"], "hands": [["5C", "5D", "KS"]]},
        "replay": {"players": 2, "dealer": 0, "hand_size": 3,
                   "deck": "7H 7C 8H 8C 9H 9C KD 2S QS", "moves": [{"discard": "KD"}]},
        "rank": {"players": ["Ann", "Bo"], "rounds": []},
    },
    "3-chip-stack": {
        "showdown": {"hands": [["AS", "KD", "4C"], ["3H", "5D", "6C"]], "pot": 12},
        "hand": {"chips": [15, 15], "dealer": 0, "first_round": ["fold"]},
        "rank": {"players": ["Ann", "Bo"], "hands": []},
    },
}


@pytest.mark.parametrize("game_id", sorted(DECLARED))
def test_house_records_take_a_house_and_the_others_refuse_one(game_id: str) -> None:
    module = load_game(game_id)
    assert set(MINIMAL[game_id]) == set(module.RECORDS)
    assert module.HOUSE_RECORDS <= set(module.RECORDS)
    for name, rec in MINIMAL[game_id].items():
        fn = module.RECORDS[name]
        if name in module.HOUSE_RECORDS:
            defaults = {o.id: o.default for o in module.HOUSE_OPTIONS}
            assert fn(rec | {"house": {}}) == fn(rec | {"house": defaults}) == fn(rec | {"house": None}) == fn(rec)
        else:
            with pytest.raises(RecordError, match="unknown field .house."):
                fn(rec | {"house": {}})


# --- Chips: each option changes an answer, in Python and in the browser engine ------------------

NO_K_A_2 = {"k-a-2": "no-group"}
GROUP = {"k-a-2": "group"}
CORNER = {"k-a-2": "round-the-corner"}


def test_chips_k_a_2_is_never_a_group_by_default_and_the_group_house_lets_the_2_stand_as_the_queen() -> None:
    # chips-ruling-k-a-2: the family's words, K-A-2 is no group (11); "group": Q-K-A, the 2 the Queen.
    rec = {"hand": ["KD", "AD", "2C"]}
    out = chips.RECORDS["score"](rec)
    assert (out["score"], out["groups"]) == (11, [])
    assert chips.RECORDS["score"](rec | {"house": NO_K_A_2}) == out
    assert chips.RECORDS["score"](rec | {"house": GROUP})["melds"][0]["as"] == ["QD", "KD", "AD"]
    four = {"hand": ["KD", "AD", "2D", "3D"]}
    assert [chips.RECORDS["score"](four | {"house": h})["score"] for h in (NO_K_A_2, GROUP, CORNER)] == [10, 3, 0]


def test_chips_k_a_2_by_default_a_joker_still_stands_as_the_queen() -> None:
    assert chips.RECORDS["score"]({"hand": ["KD", "AD", "JK"]})["score"] == 0
    # J-Q-K-A with the 2 as the Queen holds a real King and Ace: no 2 in it (1, the Ace, left over).
    out = chips.RECORDS["score"]({"hand": ["JD", "2C", "KD", "AD"]})
    assert (out["score"], out["melds"][0]["as"], out["loose"]) == (1, ["JD", "QD", "KD"], ["AD"])
    # ...but with the 2 as the King (no real King) it is J-Q-K-A.
    out = chips.RECORDS["score"]({"hand": ["2C", "JD", "QD", "AD"]})
    assert (out["score"], out["melds"][0]["as"]) == (0, ["JD", "QD", "KD", "AD"])
    # With a joker too, the joker takes the high-Ace run and the 2 finds no place there.
    out = chips.RECORDS["score"]({"hand": ["KD", "AD", "2C", "JK"]})
    assert out["score"] == 0 and all("2C" not in g for g in out["groups"] if "AD" in g)


def test_chips_k_a_2_by_default_a_2_stays_off_a_callers_run_with_a_real_king_and_ace() -> None:
    callers = [{"kind": "run", "suit": "D", "lo": 12, "cards": ["QD", "KD", "AD"]}]
    rec = {"hand": ["2C", "10D"], "caller_groups": callers}
    assert chips.RECORDS["score"](rec | {"house": GROUP})["score"] == 0  # the 2 as the Jack, the 10 below it
    assert chips.RECORDS["score"](rec)["score"] == 10
    # ...and a caller's run holding a 2 takes no Ace above its real King.
    low = [{"kind": "run", "suit": "D", "lo": 11, "cards": ["JD", "2S", "KD"]}]
    assert chips.RECORDS["score"]({"hand": ["AD"], "caller_groups": low, "house": GROUP})["score"] == 0
    assert chips.RECORDS["score"]({"hand": ["AD"], "caller_groups": low})["score"] == 1
    # A joker may go there.
    assert chips.RECORDS["score"]({"hand": ["JK", "10D"], "caller_groups": callers})["score"] == 0


def test_chips_k_a_2_by_default_refuses_such_a_run_laid_down() -> None:
    rec = {"hand": ["5C"], "caller_groups": [{"kind": "run", "suit": "D", "cards": ["2C", "KD", "AD"]}]}
    assert chips.RECORDS["score"](rec | {"house": GROUP})["score"] == 5
    with pytest.raises(RulebookError, match=r"^caller_groups\[0\]: K-A-2 is not allowed"):
        chips.RECORDS["score"](rec)


def test_chips_round_the_corner_caller_run_record_gives_where_it_starts() -> None:
    rec = {"hand": ["JD", "4D", "9C"], "house": CORNER,
           "caller_groups": [{"kind": "run", "suit": "D", "lo": 12, "cards": ["QD", "KD", "AD", "2D", "3D"]}]}
    out = chips.RECORDS["score"](rec)
    assert out["score"] == 9 and [lay["as"] for lay in out["lay_offs"]] == ["JD", "4D"]
    with pytest.raises(RulebookError, match=r"^caller_groups\[0\]: a run round the corner starts at position 1 "
                                            r"\(Ace\) to 13 \(King\)"):
        chips.RECORDS["score"](rec | {"caller_groups": [dict(rec["caller_groups"][0], lo=25)]})
    # Without the house rule the same record is refused: no run turns the corner.
    with pytest.raises(RulebookError, match=r"^caller_groups\[0\]: a run of 5 cards must start between"):
        chips.RECORDS["score"]({k: v for k, v in rec.items() if k != "house"})


def test_chips_k_a_2_no_group_scores_as_an_exhaustive_search_does() -> None:
    import random

    from generator.engine.cards import JOKER, RANKS, Card
    from tests.support.chips_brute import brute_score, is_group

    rng = random.Random("k-a-2")
    pool = [Card(r, s) for s in chips.SUITS[:2] for r in RANKS if r.value in ("A", "2", "3", "J", "Q", "K", "10")]
    pool += [JOKER, JOKER]
    differ = 0
    for _ in range(300):
        hand = rng.sample(pool, rng.randint(3, 8))
        for reading in (chips.K_A_2_NO_GROUP, chips.K_A_2_GROUP, chips.K_A_2_CORNER):
            got = chips.best_arrangement(hand, house={"k-a-2": reading})
            assert got.score == brute_score(hand, reading), (hand, reading)
            for g in got.groups:  # every group it shows is one the reading allows
                assert is_group(g.cards, reading), (hand, reading, g)
        differ += chips.best_arrangement(hand).score != chips.best_arrangement(hand, house=GROUP).score
    assert differ > 10


def test_chips_lay_off_order_as_laid_lets_a_later_seat_take_the_place_first() -> None:
    # The caller's run 5-6-7 of hearts; A (on the caller's left) holds 8H KC, B holds 9H 4H. In
    # turn order A lays the 8 first and B the 9 on it; as laid, B went first: the 9 has nowhere
    # to go yet, so B lays off only the 4 and keeps the 9.
    rec = {"caller_groups": [{"kind": "run", "suit": "H", "cards": ["5H", "6H", "7H"]}],
           "hands": [["8H", "KC"], ["9H", "4H"]]}
    assert chips.RECORDS["round"](rec)["scores"] == [10, 0]
    as_laid = rec | {"house": {"lay-off-order": "as-laid"}, "layoff_order": [1, 0]}
    out = chips.RECORDS["round"](as_laid)
    assert out["scores"] == [10, 9]
    assert out["results"][1]["laid_off"] == ["4H"]
    # As laid in turn order, or not told the order: the family's answer.
    assert chips.RECORDS["round"](rec | {"house": {"lay-off-order": "as-laid"}, "layoff_order": [0, 1]})["scores"] == [10, 0]
    assert chips.RECORDS["round"](rec | {"house": {"lay-off-order": "as-laid"}})["scores"] == [10, 0]


@pytest.mark.parametrize(("order", "words"), [
    ([1, 1], r"^layoff_order: expected each hand's index \(0 to 1\) once, in the order the players laid off, not a list$"),
    ([0], r"^layoff_order: expected each hand's index"),
    ("1,0", r"^layoff_order: expected each hand's index .* not \"1,0\"$"),
    ([0, True], r"^layoff_order: expected each hand's index"),
])
def test_chips_layoff_order_is_checked(order: Any, words: str) -> None:
    rec = {"caller": ["7H", "8H", "9H"], "hands": [["5C"], ["6C"]], "house": {"lay-off-order": "as-laid"},
           "layoff_order": order}
    with pytest.raises(RecordError, match=words):
        chips.RECORDS["round"](rec)


def test_chips_layoff_order_needs_the_as_laid_house_rule() -> None:
    rec = {"caller": ["7H", "8H", "9H"], "hands": [["5C"], ["6C"]], "layoff_order": [1, 0]}
    with pytest.raises(RecordError, match=r"^layoff_order: the order the table laid off in counts only under the house "
                                          r"rule lay-off-order as-laid"):
        chips.RECORDS["round"](rec)


#: Two players, three cards each: player 2 (the dealer's left) gets 7H 8H 9H 2S, player 1 KD QS 4C.
REPLAY = {"players": 2, "dealer": 0, "hand_size": 3, "deck": "7H KD 8H QS 9H 4C 2S 5D 6D 3C",
          "moves": [{"discard": "2S"}, {"take": "pile", "discard": "2S"}]}


def test_chips_throw_back_not_allowed_refuses_the_card_just_taken_from_the_pile() -> None:
    assert chips.RECORDS["replay"](REPLAY)["steps"][1]["discard"] == "2S"
    assert chips.RECORDS["replay"](REPLAY | {"house": {"throw-back": "allowed"}})["steps"][1]["taken"] == "2S"
    with pytest.raises(IllegalPlay, match=r"^move 2 \(player 1\): 2S was just taken from the discard pile, and at this "
                                          r"table it may not be thrown straight back \(chips-ruling-throw-back\)$"):
        chips.RECORDS["replay"](REPLAY | {"house": {"throw-back": "not-allowed"}})
    # From the deck it may go straight back.
    deck_take = REPLAY | {"moves": [{"discard": "2S"}, {"take": "deck", "discard": "5D"}],
                          "house": {"throw-back": "not-allowed"}}
    assert chips.RECORDS["replay"](deck_take)["steps"][1]["taken"] == "5D"


def test_chips_random_extra_gives_the_extra_card_to_the_seat_drawn_and_it_opens() -> None:
    from generator.engine.cards import build_deck, format_card

    deck = chips.sort_cards(build_deck(3))[:9 * 3 + 1 + 5]
    opener = format_card(deck[9 * 3])  # the extra card
    rec = {"players": 9, "dealer": 0, "hand_size": 3, "packs": 3, "deck": [format_card(c) for c in deck],
           "moves": [{"discard": opener}]}
    assert chips.RECORDS["replay"](rec)["steps"][0]["player"] == 1  # the dealer's left
    played = rec | {"house": {"random-extra": "played"}, "extra": 5}
    assert chips.RECORDS["replay"](played)["steps"][0]["player"] == 5
    assert chips.RECORDS["replay"](played | {"extra": None})["steps"][0]["player"] == 1
    with pytest.raises(RecordError, match=r"^extra: the extra card goes to the player on the dealer's left"):
        chips.RECORDS["replay"](rec | {"extra": 5})
    with pytest.raises(RecordError, match=r"^extra: the random extra card is for 9 or more players"):
        chips.RECORDS["replay"](REPLAY | {"house": {"random-extra": "played"}, "extra": 1})


# --- Chips: the port answers as Python under every house, over random records -------------------

#: Records per function (the differential tests' figure is 5,000 a function; these are slower).
CHIPS_PER_FUNCTION = 2500


def _chips_inputs(fn: str, rng: Any) -> list[Any]:
    from tests.support.chips_house_gen import chips_replay_inputs, chips_round_inputs
    from tests.support.house_gen import with_house
    from tests.test_differential import chips_inputs

    if fn == "score":
        # The differential tests' hands, and hands crowded round Q-K-A (the rounds' first hands).
        crowded = [{k: v for k, v in r.items() if k not in ("hands", "caller", "layoff_order")}
                   | {"hand": r["hands"][0]} for r in chips_round_inputs(rng, CHIPS_PER_FUNCTION // 2)]
        return [with_house(rng, rec, chips.HOUSE_OPTIONS) if isinstance(rec, dict) and rng.random() < 0.7 else rec
                for rec in chips_inputs(rng, CHIPS_PER_FUNCTION)] + crowded
    gen = chips_round_inputs if fn == "round" else chips_replay_inputs
    return list(gen(rng, CHIPS_PER_FUNCTION))


@pytest.mark.parametrize("fn", ["score", "round", "replay"])
def test_chips_port_answers_as_python_under_every_house(fn: str) -> None:
    import random

    from tests.conftest import figure
    from tests.support.house_gen import house_values
    from tests.test_differential import js_run

    rng = random.Random(f"house-chips.{fn}")
    inputs = _chips_inputs(fn, rng)
    # chips-ruling-k-a-2: runs round the corner laid down by the caller, scored and laid off onto.
    wrapped = [r for r in inputs if isinstance(r, dict) and any(
        isinstance(g, dict) and g.get("kind") == "run" and isinstance(g.get("lo"), int)
        and isinstance(g.get("cards"), list) and g["lo"] + len(g["cards"]) - 1 > chips.ACE_HIGH
        for g in (r.get("caller_groups") if isinstance(r.get("caller_groups"), list) else []))]
    if fn != "replay":
        assert len(wrapped) >= 100, len(wrapped)
    got = js_run([{"fn": f"chips.{fn}", "input": rec} for rec in inputs])
    diffs, refused, changed = [], 0, 0
    for rec, js in zip(inputs, got, strict=True):
        try:
            want = chips.RECORDS[fn](json.loads(json.dumps(rec)))
        except (RulebookError, ValueError) as exc:
            want = {"error": str(exc)}
        refused += "error" in want
        if js.get("thrown") or ("error" in want) != ("error" in js) or ("error" not in want and js != want):
            diffs.append(f"{json.dumps(rec)}\n  python: {want}\n  js:     {js}")
        elif ("error" not in want and isinstance(rec, dict) and isinstance(rec.get("house"), dict)
              and rec["house"] and "layoff_order" not in rec and "extra" not in rec):
            try:  # the same record under the family's rules
                family = chips.RECORDS[fn]({k: v for k, v in rec.items() if k != "house"})
            except RulebookError:
                family = {"error": ""}
            changed += family != want
    counts = house_values(inputs, chips.HOUSE_OPTIONS)
    finished = sum(1 for r in got if r.get("finished")) if fn == "replay" else None
    figure(f"chips.{fn} under house options: {len(inputs)} compared ({refused} refused by both), {len(diffs)} "
           f"differences, {changed} answers changed by the house"
           + (f", {finished} rounds called and scored" if finished is not None else "")
           + f", {len(wrapped)} with a caller's run round the corner"
           + "; by house option: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    assert not diffs, f"{len(diffs)} of {len(inputs)} differ:\n" + "\n".join(diffs[:5])
    assert min(counts.values()) >= len(inputs) // 10, counts
    assert changed >= 20  # the houses reach answers that differ from the family's
    if finished is not None:
        assert finished >= 100
