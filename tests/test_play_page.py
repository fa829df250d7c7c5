"""The practice pages' server side (generator/site/play.py): every rule a drill quotes is rendered
from rules-data (words, label, link to the game page), an id rules-data lacks stops the build with
one line, the practice game's place is there but hidden, and the drill's controls wait for the script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from generator.content.loader import load_games
from generator.render import plain_text
from generator.site import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def games() -> list[dict[str, object]]:
    return [g.data for g in load_games(ROOT)]


@pytest.mark.parametrize("game_id", sorted(play.DRILLS))
def test_every_quoted_rule_is_rendered_from_rules_data(games: list[dict[str, object]], game_id: str) -> None:
    html = str(play.render_practice(game_id, games, "../../"))
    found = re.findall(r'<template data-rule="([a-z0-9-]+)" data-label="([^"]+)" data-href="([^"]+)"[^>]*>(.*?)</template>', html, re.DOTALL)
    assert [f[0] for f in found] == list(play.QUOTED[game_id])
    words = play.sentences(next(g for g in games if g["id"] == game_id))
    for rule_id, _label, href, body in found:
        assert href == f"../../{game_id}/#{rule_id}"
        first = str(escape(re.split(r"\[\[", " ".join(words[rule_id].split()))[0].strip()))  # ' and " too
        assert first[:25] in body, rule_id
    assert f'data-drill="{game_id}"' in html
    assert re.search(r'<section class="rb-practice-game"[^>]* hidden data-practice-game-section>', html)
    assert f'data-practice-game="{game_id}"' in html
    # Without the script: the note, and every control hidden.
    for tag in re.findall(r"<(?:form|div)[^>]*data-controls[^>]*>", html):
        assert " hidden" in tag, tag


def test_a_quoted_id_rules_data_lacks_stops_the_build(games: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(play.QUOTED, "chains", ("chains-run", "chains-no-such-rule"))
    with pytest.raises(play.UnknownPractice, match=r"^generator/site/play.py: the chains drill quotes 'chains-no-such-rule'"):
        play.render_practice("chains", games, "../../")
    with pytest.raises(play.UnknownPractice, match="unknown practice page 'poker'"):
        play.render_practice("poker", games, "../../")


def test_the_round_sizes_come_from_the_engine_and_the_rule(games: list[dict[str, object]]) -> None:
    html = str(play.render_practice("chips", games, "../../"))
    options = re.findall(r'<option value="(\d)"[^>]*>(\d) \((\d+) cards\)</option>', html)
    assert [(int(a), int(c)) for a, _, c in options] == list(enumerate(range(3, 11), start=1))
    rule = next(q for q in play.quotes(games, "chips", "") if q["id"] == "chips-hand-sizes")
    assert plain_text(str(rule["html"]))[:40] in html


@pytest.mark.parametrize("game_id", sorted(play.DRILLS))
def test_the_practice_page_carries_the_house_options_in_words(game_id: str) -> None:
    """The table names the rules in force as the game page does (issue 25): the page holds the
    game's options with their readings in words (data-house-data), and a family edition's own
    options (data-house-book) only when it changes the game."""
    import html as html_lib
    import json

    from generator.content.house import control_data
    from generator.render import game_refs

    loaded = load_games(ROOT)
    datas = [g.data for g in loaded]
    source = next(g for g in loaded if g.id == game_id)
    refs = game_refs(datas, None, page_url=lambda gid: f"../../{gid}/")
    control = play.house_control(source, refs)
    assert [o["id"] for o in control["options"]] == [o["id"] for o in control_data(source)["options"]]
    page = str(play.render_practice(game_id, datas, "../../", house_control=control))
    found = re.search(r'<div class="rb-play__house" data-house-data="([^"]*)" hidden></div>', page)
    assert found, "no house data on the practice page"
    data = json.loads(html_lib.unescape(found.group(1)))
    assert data["game"] == game_id and data["options"] and all(
        isinstance(label, str) and "[[" not in label for o in data["options"] for label in o["labels"])
    option = control["options"][0]
    other = next(v for v in option["values"] if v != option["default"])
    book = str(play.render_practice(game_id, datas, "../../", house_control=control, house_book={option["id"]: other}))
    assert f'data-house-book="{game_id}"' in book and "data-house-current=" in book
