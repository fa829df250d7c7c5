"""The declared scoring's browser port (docs/assets/js/engine/declared.js) against Python's
(generator/engine/declared.py), over random declarations and records, refusals included (issue 38);
and the score keeper's sheet of a declared game (docs/assets/js/engine/rank/declared.js): whether the
game is over, its totals and its winners, as Python's ``game`` record says, over random sheets."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.engine import declared
from generator.engine.errors import RulebookError

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "docs" / "assets" / "js" / "engine" / "declared.js"
CASES = 3000

RUNNER = f"""
import {{ records }} from {json.dumps(ENGINE.as_uri())};
import {{ RulebookError }} from {json.dumps((ENGINE.parent / "cards.js").as_uri())};
import readline from "node:readline";
const rl = readline.createInterface({{ input: process.stdin }});
for await (const line of rl) {{
  if (!line.trim()) continue;
  const {{ spec, record, input }} = JSON.parse(line);
  let out;
  try {{ out = records(spec)[record](input); }}
  catch (e) {{ if (!(e instanceof RulebookError)) throw e; out = {{ error: e.message }}; }}
  console.log(JSON.stringify(out));
}}
"""

CARDS = ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S", "10H", "JD", "QC", "KS", "JK", "8H", "ZZ"]


def _spec(rng: random.Random) -> dict[str, Any]:
    keys = rng.sample(declared.RANK_KEYS, rng.randint(0, 6))
    cards: dict[str, Any] = {k: rng.randint(0, 60) for k in keys}
    other = None if rng.random() < 0.15 else rng.choice(["face", rng.randint(0, 15)])
    if other is not None:
        cards["other"] = other
    end = rng.choice([{"hands": rng.randint(1, 4)}, {"target": rng.choice([10, 50, 100])}, "last-player-left"])
    return {"cards": cards or {"A": 1}, "hand": rng.choice(declared.HAND_RULES), "end": end,
            "winner": rng.choice(declared.WINNERS),
            "tie_breakers": rng.sample(list(declared.TIE_BREAKERS), rng.randint(0, 2))}


def _case(rng: random.Random) -> dict[str, Any]:
    spec = _spec(rng)
    players = rng.randint(1, 5)
    record = rng.choice(["points", "hand", "game"])
    if record == "points":
        inp: dict[str, Any] = {"hand": rng.sample(CARDS if rng.random() < 0.2 else CARDS[:-2], rng.randint(0, 5))}
    elif record == "hand":
        inp = {"hands": [rng.sample(CARDS[:-2], rng.choice([0, 0, 1, 2, 3])) for _ in range(players)]}
        if rng.random() < 0.4:
            inp["out"] = rng.randint(-1, players)
    else:
        inp = {"hands": [[rng.randint(-10, 40) for _ in range(players)] for _ in range(rng.randint(1, 5))]}
        if rng.random() < 0.3:
            inp["start"] = rng.choice([0, 3, 10])
    return {"spec": spec, "record": record, "input": inp}


def _python(case: dict[str, Any]) -> dict[str, Any]:
    try:
        return declared.records(case["spec"])[case["record"]](json.loads(json.dumps(case["input"])))
    except RulebookError as exc:
        return {"error": str(exc)}


def test_the_port_answers_as_python_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: run `make setup`")
    rng = random.Random(38)
    cases = [_case(rng) for _ in range(CASES)]
    text = "".join(json.dumps(c) + "\n" for c in cases)
    proc = subprocess.run([node, "--input-type=module", "-e", RUNNER], input=text, capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=300)
    answers = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(answers) == len(cases), proc.stderr
    refused = 0
    for case, js in zip(cases, answers, strict=True):
        py = _python(case)
        if "error" in py:
            refused += 1
            assert "error" in js, (case, py, js)
        else:
            assert js == py, case
    assert 0 < refused < CASES // 2  # both kinds of answer compared


SHEET_RUNNER = f"""
import {{ rank }} from {json.dumps((ENGINE.parent / "rank" / "declared.js").as_uri())};
import readline from "node:readline";
const rl = readline.createInterface({{ input: process.stdin }});
for await (const line of rl) {{
  if (!line.trim()) continue;
  const {{ spec, input }} = JSON.parse(line);
  console.log(JSON.stringify(rank(spec, "A game", input)));
}}
"""
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _sheet(rng: random.Random) -> dict[str, Any]:
    """A random declared game's sheet, as the score keeper keeps it: points by name, one row a hand
    (signed for a last-player-left game, which starts from a total)."""
    spec = _spec(rng)
    players = NAMES[:rng.randint(2, 5)]
    signed = spec["end"] == "last-player-left"
    rows = [[rng.randint(-4, 2) if signed else rng.randint(0, 60) for _ in players] for _ in range(rng.randint(1, 6))]
    sheet: dict[str, Any] = {"players": players, "hands": [dict(zip(players, r, strict=True)) for r in rows]}
    if signed:
        sheet["start"] = rng.randint(1, 4)
    return {"spec": spec, "input": sheet, "rows": rows}


def test_the_score_keepers_sheet_ends_and_names_the_winners_as_python_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: run `make setup`")
    rng = random.Random(3838)
    cases = [_sheet(rng) for _ in range(CASES)]
    text = "".join(json.dumps({"spec": c["spec"], "input": c["input"]}) + "\n" for c in cases)
    proc = subprocess.run([node, "--input-type=module", "-e", SHEET_RUNNER], input=text, capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=300)
    answers = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(answers) == len(cases), proc.stderr
    over = refused = 0
    for case, js in zip(cases, answers, strict=True):
        try:
            py = declared.game_result(case["spec"], case["rows"], case["input"].get("start", 0))
        except RulebookError as exc:
            refused += 1
            assert js.get("error", "").endswith(str(exc)), (case, str(exc), js)
            continue
        players = case["input"]["players"]
        assert js["finished"] == py["over"], case
        assert js["totals"] == dict(zip(players, py["totals"], strict=True)), case
        assert js["winners"] == [players[i] for i in py["winners"]], case
        assert js["decided_by"] == py["decided_by"], case
        if py["over"]:
            over += 1
            assert js["ranking"][0] == js["winners"], case
    assert refused > 0 and over > CASES // 10 and CASES - refused - over > CASES // 10  # every kind of answer compared
