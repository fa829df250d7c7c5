"""One set of input bounds: generator/engine/limits.py and its browser copy
docs/assets/js/engine/limits.js hold the same numbers, and clip() cuts text the same way."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.engine import limits

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "docs" / "assets" / "js" / "engine" / "limits.js"
NAMES = ("CALLER_CARDS", "CALLER_GROUPS", "JSON_DEPTH", "JSON_LINE_CHARS", "QUOTE_CHARS", "POT_CHIPS")


def _node(script: str) -> object:
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout)


def test_the_browser_states_the_same_bounds_as_python() -> None:
    names = ", ".join(NAMES)
    got = _node(f"import {{ {names} }} from {json.dumps(JS.as_uri())}; "
                f"console.log(JSON.stringify({{ {names} }}));")
    assert got == {name: getattr(limits, name) for name in NAMES}


@pytest.mark.parametrize("text", ["", "8H", "x" * 40, "x" * 41, "y" * 100_000])
def test_clip_cuts_the_same_in_both(text: str) -> None:
    got = _node(f"import {{ clip }} from {json.dumps(JS.as_uri())}; "
                f"console.log(JSON.stringify(clip({json.dumps(text)})));")
    assert got == limits.clip(text)
    assert len(limits.clip(text)) <= limits.QUOTE_CHARS + 30


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert limits.json_depth('{"a": [[1], {"b": "[[[[\\"]]"}]}') == 3
    assert limits.json_depth("[" * 990 + "]" * 990) == 990
