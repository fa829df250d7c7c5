"""The declared scoring's browser port (docs/assets/js/engine/declared.js) against Python's
(generator/engine/declared.py), over random declarations and records, refusals included (issue 38)."""

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
