"""The small words of pages and PDFs (issue 40), read from what the renderer writes: a link to a
scoring rule names it as the scoring part numbers it ("S1", partials/scoring.html), not
"scoring rule 1", which a reader looks for among the rules' numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_games
from generator.render import game_refs, render_partial

ROOT = Path(__file__).resolve().parent.parent
GAMES = load_games(ROOT)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_link_to_a_scoring_rule_names_it_as_the_scoring_part_numbers_it(game: Any) -> None:
    data = game.data
    refs = game_refs([g.data for g in GAMES], data["id"])
    html = render_partial("partials/scoring.html", game=data, refs=refs, level=3)
    for item in data["scoring"].get("items") or []:
        number = re.search(rf'id="{re.escape(item["id"])}".*?>(S\d+)<', html, re.DOTALL)
        assert number, item["id"]
        assert refs[item["id"]].label == f"scoring rule {number.group(1)}"
