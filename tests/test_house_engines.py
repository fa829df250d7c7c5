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
from generator.content.loader import load_games
from generator.engine.games import GAME_MODULES, RecordError, load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g for g in load_games(ROOT)}
#: Game id -> the port's engine module (docs/assets/js/engine/).
PORTS = {"chains": "chains.js", "3-chip-stack": "3-chip-stack.js", "chips": "chips.js"}
#: The games whose engines (this issue's part) must declare their options already.
DECLARED = {"chains", "3-chip-stack"}


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
    assert set(GAMES) == set(GAME_MODULES) == set(PORTS)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_python_engine_declares_the_game_files_options(game_id: str) -> None:
    declared = _py_options(game_id)
    if declared is None and game_id not in DECLARED:
        pytest.skip(f"the {game_id} engine declares no HOUSE_OPTIONS yet")
    assert declared == _yaml_options(game_id)


@pytest.mark.parametrize("game_id", sorted(GAMES))
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
