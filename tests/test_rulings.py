"""The rulings register: one decision, one ruling, and the engines follow it.

Every ruling of rules-data/<game>.yaml states its question, at least two readings a table could
really take (each a rule, never "the source does not say"), the one followed (``chosen``) and
why. Its id is cited in a comment beside the code that implements it, in the Python engine
(generator/engine/games/<module>.py, or the practice game generator/engine/play/<module>.py) and
in the browser port (docs/assets/js/engine/<game>.js, rank/<game>.js, or play/<game>.js), unless the YAML says ``python_only`` (the port has no such part) or
``text_only`` (no engine implements it), each with its reason. The page marks each ruling
``data-ruling``, each reading ``data-reading`` and the followed one ``data-chosen``; the card-box
booklet prints each ruling's question and answer.
"""

from __future__ import annotations

import importlib
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import TOKEN, load_games
from generator.engine.games import GAME_MODULES
from generator.render import game_refs, render_partial

ROOT = Path(__file__).resolve().parent.parent
GAMES = {g.id: g for g in load_games(ROOT)}
JS = ROOT / "docs" / "assets" / "js" / "engine"

#: Decisions the issue named (issue 12), each now a ruling of its own.
SPLIT = {
    "chips": ["chips-ruling-throw-back", "chips-ruling-layoff-aim", "chips-ruling-wild-set-rank",
              "chips-ruling-random-extra-turns"],
    "chains": ["chains-ruling-royal-chain", "chains-ruling-royal-last-card",
               "chains-ruling-variations-combine", "chains-ruling-blocked", "chains-ruling-players"],
    "3-chip-stack": ["three-chip-stack-ruling-dealer-last", "three-chip-stack-ruling-min-raise",
                     "three-chip-stack-ruling-second-bet", "three-chip-stack-ruling-passed-chip",
                     "three-chip-stack-ruling-short-dealer"],
}

#: Rule items whose text rests on a ruling that departs from the write-up's words: each names it.
DECLARED_IN_PLACE = {
    "chips": {"chips-no-wrap": "chips-ruling-k-a-2", "chips-lay-off-exact-card": "chips-ruling-layoff-order"},
    "chains": {"chains-first-turn": "chains-ruling-first-turn"},
    "3-chip-stack": {},
}

#: Words that make a "reading" no reading at all.
NON_READING = re.compile(r"does not say|doesn't say|gives no|says nothing|is silent", re.IGNORECASE)

CASES = [(game_id, r["id"]) for game_id, g in GAMES.items() for r in g.data["rulings"]]


def _ruling(game_id: str, rid: str) -> dict[str, Any]:
    return next(r for r in GAMES[game_id].data["rulings"] if r["id"] == rid)


def _python_source(game_id: str) -> str:
    texts = []
    for name in (GAME_MODULES[game_id], GAME_MODULES[game_id].replace(".games.", ".play.")) if game_id in GAME_MODULES else ():
        module = importlib.import_module(name)
        assert module.__file__ is not None
        texts.append(Path(module.__file__).read_text(encoding="utf-8"))
    return "\n".join(texts)


def _js_source(game_id: str) -> str:
    files = [JS / f"{game_id}.js", JS / "rank" / f"{game_id}.js", JS.parent / "play" / f"{game_id}.js"]
    return "\n".join(p.read_text(encoding="utf-8") for p in files if p.exists())


def _cites(source: str, rid: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(rid)}(?![\w-])", source) is not None


def test_every_game_has_rulings_and_the_ids_are_unique() -> None:
    assert {"chips", "chains", "3-chip-stack"} <= set(GAMES)  # and any game added to rules-data/
    ids = [rid for _, rid in CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("game_id", "rid"), CASES)
def test_ruling_names_its_readings_the_one_followed_and_why(game_id: str, rid: str) -> None:
    ruling = _ruling(game_id, rid)
    readings = ruling["readings"]
    assert len(readings) >= 2, f"{rid}: a ruling names at least two readings"
    assert len(set(readings)) == len(readings), f"{rid}: a reading is given twice"
    assert 1 <= ruling["chosen"] <= len(readings)
    assert ruling["question"].strip() and ruling["ruling"].strip() and ruling["why"].strip()
    for reading in readings:
        assert not NON_READING.search(reading), f"{rid}: {reading!r} is not a reading a table could take"


@pytest.mark.parametrize(("game_id", "rid"), CASES)
def test_ruling_is_cited_by_both_engines_or_says_why_not(game_id: str, rid: str) -> None:
    ruling = _ruling(game_id, rid)
    py, js = _python_source(game_id), _js_source(game_id)
    if "text_only" in ruling:
        assert ruling["text_only"].strip()
        assert "engine" not in ruling and "python_only" not in ruling
        assert not _cites(py, rid) and not _cites(js, rid), f"{rid} is text-only, yet engine code cites it"
        return
    assert ruling.get("engine"), f"{rid}: name the engine functions, or mark it text_only with a reason"
    assert _cites(py, rid), f"{rid}: no comment in {GAME_MODULES[game_id]} cites it"
    if "python_only" in ruling:
        assert ruling["python_only"].strip()
    else:
        assert _cites(js, rid), f"{rid}: no comment in docs/assets/js/engine/ ({game_id}) cites it"


@pytest.mark.parametrize(("game_id", "rid"), CASES)
def test_ruling_engine_functions_exist(game_id: str, rid: str) -> None:
    # In the engine of the game, or of its practice game (generator/engine/play/).
    names = (GAME_MODULES[game_id], GAME_MODULES[game_id].replace(".games.", ".play.")) if game_id in GAME_MODULES else ()
    modules = [importlib.import_module(n) for n in names]
    for name in _ruling(game_id, rid).get("engine") or []:
        assert any(callable(getattr(m, name, None)) for m in modules), f"{rid}: {' or '.join(names)} has no function {name}"


@pytest.mark.parametrize(("game_id", "rid"), CASES)
def test_ruling_examples_are_worked_examples(game_id: str, rid: str) -> None:
    examples = {ex["id"] for ex in GAMES[game_id].data["examples"]}
    assert set(_ruling(game_id, rid).get("examples") or []) <= examples


@pytest.mark.parametrize("game_id", sorted(SPLIT))
def test_each_decision_the_issue_named_has_its_own_ruling(game_id: str) -> None:
    ids = {r["id"] for r in GAMES[game_id].data["rulings"]}
    assert set(SPLIT[game_id]) <= ids


@pytest.mark.parametrize("game_id", sorted(DECLARED_IN_PLACE))
def test_rule_resting_on_a_departing_ruling_says_so_in_place(game_id: str) -> None:
    game = GAMES[game_id]
    for item_id, rid in DECLARED_IN_PLACE[game_id].items():
        links = {m.group(2) for m in TOKEN.finditer(game.item(item_id)["text"]) if m.group(1)}
        assert rid in links, f"{item_id} does not link {rid}"


def test_glance_facts_quote_the_write_up_or_link_a_ruling() -> None:
    packs = next(f for f in GAMES["chips"].data["glance"] if f["key"] == "packs")
    assert "roughly" in packs["value"].lower(), "the write-up says roughly one pack per four more"
    players = next(f for f in GAMES["chains"].data["glance"] if f["key"] == "players")
    assert "[[#chains-ruling-players]]" in players.get("note", "")


# --------------------------------------------------------------------------- markup


class _Rulings(HTMLParser):
    """Each data-ruling element: its data-reading and data-chosen counts."""

    def __init__(self) -> None:
        super().__init__()
        self.rulings: dict[str, dict[str, int]] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("data-ruling"):
            self._current = a["data-ruling"]
            self.rulings[self._current] = {"readings": 0, "chosen": 0}
        if self._current and "data-reading" in a:
            self.rulings[self._current]["readings"] += 1
            self.rulings[self._current]["chosen"] += "data-chosen" in a


def _html(game_id: str, partial: str) -> str:
    game = GAMES[game_id].data
    return str(render_partial(partial, game=game, refs=game_refs([g.data for g in GAMES.values()], game_id),
                              level=3))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_page_marks_every_ruling_with_its_readings_and_one_chosen(game_id: str) -> None:
    parser = _Rulings()
    parser.feed(_html(game_id, "partials/rulings.html"))
    assert list(parser.rulings) == [r["id"] for r in GAMES[game_id].data["rulings"]]
    for rid, seen in parser.rulings.items():
        assert seen["readings"] >= 2, f"{rid}: {seen}"
        assert seen["chosen"] == 1, f"{rid}: {seen}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_booklet_prints_each_rulings_question_and_answer(game_id: str) -> None:
    html = _html(game_id, "partials/rulings_compact.html")
    for ruling in GAMES[game_id].data["rulings"]:
        start = html.index(f'data-ruling="{ruling["id"]}"')
        end = html.find("data-ruling=", start + 1)
        block = html[start:end if end > 0 else len(html)]
        assert "Q:" in block and "A:" in block, ruling["id"]
        for field in ("question", "ruling"):
            words = TOKEN.sub(" ", ruling[field]).split()[:4]
            plain = re.sub(r"<[^>]+>", " ", block).replace("&#34;", '"').replace("&#39;", "'")
            assert " ".join(words) in " ".join(plain.split()), f"{ruling['id']}: {field} missing"


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_engine_code_cites_rulings_by_id_and_repeats_none_of_their_words(game_id: str) -> None:
    # One source of truth: a ruling's question, readings and answer live in rules-data only; the
    # engines cite its id. Any run of eight words from them in engine code is a copy.
    code = re.sub(r"\s+", " ", _python_source(game_id) + "\n" + _js_source(game_id)).lower()
    for ruling in GAMES[game_id].data["rulings"]:
        texts = [ruling["question"], ruling["chosen"], ruling["why"], *ruling["readings"]]
        for text in texts:
            words = re.sub(r"\s+", " ", str(text)).lower().split(" ")
            for i in range(len(words) - 7):
                run = " ".join(words[i:i + 8])
                assert run not in code, f"{ruling['id']}: engine code repeats {run!r}"
