"""The score keeper's bounds on names (issue 24): the plain form's maxlength comes from
generator/site/scorekeeper.py NAME_CHARS, which must equal NAME_CHARS of the live sheet's store
(docs/assets/js/scorekeeper/store.js), the one bound that typed, linked, imported and stored
names all meet."""

from __future__ import annotations

import re
from pathlib import Path

from generator.site import scorekeeper

ROOT = Path(__file__).resolve().parent.parent
STORE_JS = ROOT / "docs" / "assets" / "js" / "scorekeeper" / "store.js"


def _js_number(name: str) -> int:
    match = re.search(rf"^export const {name} = ([\d_]+);", STORE_JS.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, f"{name} is not a number in {STORE_JS.name}"
    return int(match.group(1).replace("_", ""))


def test_the_plain_forms_name_bound_is_the_live_sheets() -> None:
    assert scorekeeper.NAME_CHARS == _js_number("NAME_CHARS") == 40


def test_every_name_box_of_the_plain_form_takes_at_most_the_bound() -> None:
    html = str(scorekeeper.render_score_keeper([], "../", {}))
    boxes = re.findall(r'<input class="sk-input" type="text" id="sk-plain-player-\d+"[^>]*>', html)
    assert len(boxes) == scorekeeper.PLAIN_SEATS
    assert all(f'maxlength="{scorekeeper.NAME_CHARS}"' in box and 'dir="auto"' in box for box in boxes)
