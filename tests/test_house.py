"""House options read from the game files (generator/content/house.py, issue 25).

The options a table may choose are data: ``option:`` on a ruling (one value per reading, the
chosen reading's value the default) or on a variant (not played, then played). A house file,
``--house id=value`` and a link's ``?house=id:value`` are refused in one line when they name an
option or a value the game does not have.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from generator.content import house
from tests.support.games import BY_ID

ROOT = Path(__file__).resolve().parent.parent
GAMES = BY_ID  # every game of rules-data/, in its order

#: The options issue 25 names, at least: game -> option ids.
REQUIRED = {
    "chips": {"k-a-2", "lay-off-order", "throw-back", "random-extra"},
    "chains": {"no-extra-play", "draw-after-royal", "same-rank"},
    "3-chip-stack": {"odd-chip", "passed-chip"},
}


@pytest.mark.parametrize("game_id", sorted(REQUIRED))  # the games issue 25 names; a game added later names its own
def test_the_options_the_issue_names_are_options(game_id: str) -> None:
    assert REQUIRED[game_id] <= {o.id for o in house.game_options(GAMES[game_id])}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_default_is_the_reading_the_site_follows_or_the_variant_not_played(game_id: str) -> None:
    game = GAMES[game_id]
    for option in house.game_options(game):
        if option.kind == "ruling":
            ruling = game.item(option.source)
            assert option.default == ruling["option"]["values"][ruling["chosen"] - 1]
            assert option.labels == tuple(ruling["readings"])
        else:
            assert option.default == option.values[0]


def test_every_variant_that_can_be_played_is_an_option() -> None:
    for game in GAMES.values():
        for variant in (game.data.get("variants") or {}).get("items", []):
            if not variant.get("incomplete"):
                assert "option" in variant, f"{variant['id']} can be played but is not an option"


def test_resolve_fills_defaults_and_refuses_unknown_ids_and_values() -> None:
    chips = GAMES["chips"]
    got = house.resolve(chips, {"k-a-2": "no-group"})
    assert got["k-a-2"] == "no-group" and got["throw-back"] == "allowed"
    with pytest.raises(house.HouseError, match=r"no house option 'k-a-3' \(did you mean 'k-a-2'\?\)"):
        house.resolve(chips, {"k-a-3": "no-group"})
    with pytest.raises(house.HouseError, match=r"has no value 'nogroup' \(did you mean 'no-group'\?\)"):
        house.resolve(chips, {"k-a-2": "nogroup"})


def test_links_and_arguments_round_trip() -> None:
    chips = GAMES["chips"]
    chosen = house.resolve(chips, house.parse_query("k-a-2:group,throw-back:not-allowed"))
    assert house.format_query(chips, chosen) == "k-a-2:group,throw-back:not-allowed"
    # The family's reading named outright is the default: a link leaves it out.
    assert house.format_query(chips, house.resolve(chips, house.parse_query("k-a-2:no-group"))) == ""
    assert house.format_query(chips, house.defaults(chips)) == ""
    assert house.parse_pair("k-a-2=no-group") == ("k-a-2", "no-group")
    with pytest.raises(house.HouseError, match="expects <option-id>=<value>"):
        house.parse_pair("k-a-2")


@pytest.mark.parametrize("text", ["throw-back:not-allowed\x00", "throw-back:not-allowed\x1f", "throw-\x1bback:not-allowed",
                                  "throw-back:not-allowed\n", "throw-back:not-allowed\x85"])
def test_a_link_or_argument_pair_with_a_control_character_is_refused(text: str) -> None:
    # Issue 39, item 8: `?house=k-a-2:no-group%00` read as a pair that looked valid. Python's
    # strip() takes \x1c-\x1f and \x85 for spaces, so the pair is tested before it.
    code = next(f"U+{ord(c):04X}" for c in text if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)
    with pytest.raises(house.HouseError, match=re.escape(f"holds the control character {code}")):
        house.parse_query(f"k-a-2:no-group,{text}")
    with pytest.raises(house.HouseError, match=re.escape(f"holds the control character {code}")):
        house.parse_pair(text.replace(":", "=", 1))
    assert house.parse_query(" k-a-2 : no-group , ,throw-back:not-allowed") == {
        "k-a-2": "no-group", "throw-back": "not-allowed"}


def test_house_file_errors_name_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text("chips:\n  k-a-2: no-group\n  throw-back: never\n", encoding="utf-8")
    with pytest.raises(house.HouseError) as info:
        house.read_house_file(path, GAMES)
    assert str(info.value).startswith(f"{path}:3:15: house option 'throw-back' has no value 'never'")
    path.write_text("chips:\n  k-a-2: no-group\nchanes: {same-rank: played}\n", encoding="utf-8")
    with pytest.raises(house.HouseError, match=r":3:1: no game 'chanes' \(did you mean 'chains'\?\)"):
        house.read_house_file(path, GAMES)
    path.write_text("chips:\n  k-a-2: no-group\n", encoding="utf-8")
    assert house.read_house_file(path, GAMES)["chips"]["k-a-2"] == "no-group"


def test_applying_a_house_rewords_the_rule_and_moves_the_chosen_reading() -> None:
    chips = GAMES["chips"]
    data = house.apply(chips, {"k-a-2": "group"})
    rule = next(i for s in data["rules"] for i in s["items"] if i["id"] == "chips-no-wrap")
    ruling = next(r for r in data["rulings"] if r["id"] == "chips-ruling-k-a-2")
    assert rule["text"] != chips.item("chips-no-wrap")["text"] and "the 2 stands as the Queen" in rule["text"]
    assert ruling["chosen"] == 1 and ruling["house"]["value"] == "group" and ruling["house"]["reading"] == 2
    assert [h["option"] for h in data["house_rules"]] == ["k-a-2"]
    # The family's rules: nothing changes, nothing is listed.
    plain = house.apply(chips, {})
    assert plain["house_rules"] == [] and plain["rules"] == chips.data["rules"]


def test_rulebook_options_lists_ids_values_and_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from generator.cli import main

    assert main(["options", "chips", "--json"]) == 0
    listed = {o["id"]: o for o in json.loads(capsys.readouterr().out)}
    assert listed["k-a-2"]["ruling"] == "chips-ruling-k-a-2"
    # chips-ruling-k-a-2: three readings, the family's words the default
    assert listed["k-a-2"]["values"] == ["no-group", "group", "round-the-corner"]
    assert listed["k-a-2"]["default"] == "no-group"
    assert listed["random-extra"]["variant"] == "chips-variant-random-extra"
    assert main(["options", "chips"]) == 0
    out = capsys.readouterr().out
    assert "group: Yes: the wild 2 stands as the Queen" in out and "round-the-corner: Runs may go round" in out
    assert main(["options", "whist"]) == 2
    assert capsys.readouterr().err.startswith(f"rulebook: unknown game 'whist' (games: {', '.join(GAMES)})")


def test_a_family_edition_renders_the_table_s_rules_and_the_default_renders_as_before() -> None:
    from generator.site.macros import PARTS, Site

    games = list(GAMES.values())
    plain = Site(games)
    same = Site(games, houses={g.id: house.defaults(g) for g in games})
    ours = Site(games, houses={"chips": {"k-a-2": "group"}})
    for game_id in GAMES:
        for part in PARTS:
            if part in ("keep_share",):
                continue
            assert plain.part(part, game_id, "/") == same.part(part, game_id, "/"), (game_id, part)
    hero = str(ours.part("hero", "chips", "/"))
    # The edition names the choice in its short label (issue 37), not the ruling's topic.
    assert "data-house-edition" in hero and "<li>K-A-2: a wild 2 makes Q-K-A</li>" in hero
    rules = str(ours.part("rules", "chips", "/"))
    assert 'id="chips-no-wrap" data-house-worded="k-a-2"' in rules
    rulings = str(ours.part("rulings", "chips", "/"))
    assert "(your table's rule)" in rulings and "data-house-chosen" in rulings
    assert "data-house-edition" not in str(plain.part("hero", "chips", "/"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_page_control_carries_the_cli_s_ids_values_and_defaults(game_id: str) -> None:
    import html
    import json
    import re

    from generator.site.macros import Site

    game = GAMES[game_id]
    data = house.control_data(game)
    assert data["game"] == game_id
    assert [(o["id"], o["values"], o["default"]) for o in data["options"]] == [
        (o.id, list(o.values), o.default) for o in house.game_options(game)]
    page = str(Site(list(GAMES.values())).house_options(game_id, "/"))
    shown = json.loads(html.unescape(re.search(r'data-house-data="([^"]*)"', page).group(1)))  # type: ignore[union-attr]
    assert [o["id"] for o in shown["options"]] == [o["id"] for o in data["options"]]
    assert not any("[[" in label for o in shown["options"] for label in o["labels"]), "labels in plain words"
    for o in data["options"]:
        for value in o["values"]:
            assert f'name="rb-house-{game_id}-{o["id"]}" value="{value}"' in page
    assert page.count("checked data-default") == len(data["options"])
    assert 'data-controls hidden' in page and f"<p data-nojs>This page follows {escape(GAMES[game_id].data.get('source') or 'the family' + chr(39) + 's')} rules." in page


def test_a_family_edition_has_no_control_and_no_banner_for_the_game_it_changes() -> None:
    from generator.site.macros import Site

    games = list(GAMES.values())
    ours = Site(games, houses={"chips": {"k-a-2": "group"}})
    assert "data-house-options" not in str(ours.house_options("chips", "/"))  # the book's options only
    assert "data-house-banner" not in str(ours.part("hero", "chips", "/"))
    assert "data-house-options" in str(ours.house_options("chains", "/"))
    assert 'data-house-banner="chips"' in str(Site(games).part("hero", "chips", "/"))


def test_build_refuses_a_bad_house_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import main

    bad = tmp_path / "ours.yaml"
    bad.write_text("chips:\n  k-a-2: never\n", encoding="utf-8")
    assert main(["build", "--site-dir", str(tmp_path / "site"), "--house", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook: {bad}:2:10: house option 'k-a-2' has no value 'never'"), err
    assert not (tmp_path / "site").exists()


# --- House rules a newcomer can read (issue 37) ---------------------------------------------------

#: Every reading a table may choose away from the default, read from rules-data/: (game, option, value).
READINGS = [(g, o, v) for g in GAMES.values() for o in house.game_options(g) for v in o.values if v != o.default]


def _reading_id(reading: tuple[object, house.Option, str]) -> str:
    return f"{reading[1].id}:{reading[2]}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_names_each_choice_in_a_short_label(game_id: str) -> None:
    """The banner, the score keeper and the practice game name the choice ("K-A-2: never a group"),
    never the topic alone: one short label per value, each its own, none the option's title."""
    for option in house.game_options(GAMES[game_id]):
        assert len(option.short) == len(option.values), f"{option.id}: a short label for every value"
        assert len(set(option.short)) == len(option.short), f"{option.id}: two choices named alike"
        assert option.title not in option.short, option.id
        assert all(len(s) <= 60 for s in option.short), f"{option.id}: a short label is short"
    data = house.control_data(GAMES[game_id])
    assert all(o["short"] and len(o["short"]) == len(o["values"]) for o in data["options"])


def test_an_option_without_its_short_labels_is_refused(tmp_path: Path) -> None:
    from generator.engine.errors import RulesDataError

    text = (ROOT / "rules-data" / "chains.yaml").read_text(encoding="utf-8")
    broken = text.replace('          played: "Same rank: allowed"\n', "", 1)
    assert broken != text
    (tmp_path / "chains.yaml").write_text(broken, encoding="utf-8")
    from generator.content.loader import load_game

    with pytest.raises(RulesDataError, match=r"chains\.yaml:\d+:\d+: .*short.*missing 'played'"):
        load_game(tmp_path / "chains.yaml")


@pytest.mark.parametrize("reading", [r for r in READINGS if r[1].scope != "site"], ids=_reading_id)
def test_every_reading_a_table_plays_rewords_a_rule(reading: tuple[object, house.Option, str]) -> None:
    """Each reading of each option that changes how the table plays gives some rule its own
    wording, marked for the table (a new option or reading without `wording:` fails here)."""
    game, option, value = reading
    assert isinstance(game, type(GAMES["chips"]))
    family = house.apply(game, {})
    ours = house.apply(game, {option.id: value})

    def items(data: dict[str, object]) -> dict[str, dict[str, object]]:
        found = [i for s in data["rules"] for i in s["items"]]  # type: ignore[attr-defined]
        found += [*data["scoring"].get("items", []), *data["tie_breakers"]]  # type: ignore[attr-defined]
        return {str(i["id"]): i for i in found}

    before, after = items(family), items(ours)
    worded = [i for i, item in after.items() if item.get("house_worded") == option.id]
    assert worded, f"{game.id} {option.id}:{value} rewords no rule"
    for item_id in worded:
        assert after[item_id]["text"] != before[item_id]["text"], item_id




@pytest.mark.parametrize("reading", READINGS, ids=_reading_id)
def test_every_example_a_reading_changes_has_its_own_explanation(reading: tuple[object, house.Option, str]) -> None:
    """A worked example whose answer a reading changes carries the explanation written for that
    reading (`house_explain`), shown first with the table's answer, and the family's after it."""
    from generator.content.examples import house_answers

    game, option, value = reading
    assert isinstance(game, type(GAMES["chips"]))
    examples = {e["id"]: e for e in game.data["examples"]}
    for example_id in house_answers(game, {option.id: value}):
        written = (examples[example_id].get("house_explain") or {}).get(option.id) or {}
        assert value in written, f"{example_id} has no explanation for {option.id}:{value}"
        data = house.apply(game, {option.id: value})
        shown = next(e for e in data["examples"] if e["id"] == example_id)
        assert shown["house"]["explain"] == [written[value]]
        assert shown["house"]["because"] == option.short_label(value)


def test_a_ruling_for_the_sites_tools_is_offered_apart_and_is_no_rule_of_a_family_edition() -> None:
    """chips-ruling-layoff-order tells the scorers and the practice game an order; at the table
    the quickest player wins the place. Its option is offered "For this site's scorers", apart
    from the table's rules, and a family edition does not list it among them."""
    from generator.site.macros import Site

    chips = GAMES["chips"]
    site_only = [o for o in house.game_options(chips) if o.scope == "site"]
    assert [o.id for o in site_only] == ["lay-off-order"]
    page = str(Site(list(GAMES.values())).house_options("chips", "/"))
    table_part, _, site_part = page.partition('<legend class="rb-house__site-title">For this site' "'" 's scorers</legend>')
    assert 'data-house-option="lay-off-order"' in site_part and 'data-house-option="lay-off-order"' not in table_part
    assert 'data-house-option="throw-back"' in table_part
    edition = house.apply(chips, {"lay-off-order": "as-laid", "throw-back": "not-allowed"})
    assert [h["option"] for h in edition["house_rules"]] == ["throw-back"]
    assert [h["option"] for h in edition["house_site"]] == ["lay-off-order"]
    hero = str(Site(list(GAMES.values()), houses={"chips": {"lay-off-order": "as-laid", "throw-back": "not-allowed"}})
               .part("hero", "chips", "/"))
    listed = hero.split("except:", 1)[1]
    assert "Laying off" not in listed.split("</ul>")[0]
    assert "For this site's scorers: Laying off: in the order you laid off." in hero


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_page_names_whose_rules_it_follows(game_id: str) -> None:
    """Chains follows an article, 3 Chip Stack a write-up by Jim Kuglics and Jamie Licari: their
    pages name that source where they said "the family's" (the game file's `source:`)."""
    from generator.site.macros import Site

    whose = str(GAMES[game_id].data.get("source") or "the family's")
    site = Site(list(GAMES.values()))
    page = str(site.house_options(game_id, "/")) + str(site.part("hero", game_id, "/"))
    assert str(escape(f"This page follows {whose} rules.")) in page
    assert str(escape(f"Back to {whose} rules")) in page
    if whose != "the family's":  # a game that is not a family's own (a fourth game may be one)
        assert "family" not in page, f"{game_id}: the family named on a page that is not theirs"
