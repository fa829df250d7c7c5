"""House options read from the game files (generator/content/house.py, issue 25).

The options a table may choose are data: ``option:`` on a ruling (one value per reading, the
chosen reading's value the default) or on a variant (not played, then played). A house file,
``--house id=value`` and a link's ``?house=id:value`` are refused in one line when they name an
option or a value the game does not have.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
    chosen = house.resolve(chips, house.parse_query("k-a-2:no-group,throw-back:not-allowed"))
    assert house.format_query(chips, chosen) == "k-a-2:no-group,throw-back:not-allowed"
    assert house.format_query(chips, house.defaults(chips)) == ""
    assert house.parse_pair("k-a-2=no-group") == ("k-a-2", "no-group")
    with pytest.raises(house.HouseError, match="expects <option-id>=<value>"):
        house.parse_pair("k-a-2")


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
    data = house.apply(chips, {"k-a-2": "no-group"})
    rule = next(i for s in data["rules"] for i in s["items"] if i["id"] == "chips-no-wrap")
    ruling = next(r for r in data["rulings"] if r["id"] == "chips-ruling-k-a-2")
    assert rule["text"] != chips.item("chips-no-wrap")["text"] and "never make a group" in rule["text"]
    assert ruling["chosen"] == 2 and ruling["house"]["value"] == "no-group" and ruling["house"]["reading"] == 1
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
    assert listed["k-a-2"]["values"] == ["no-group", "group"] and listed["k-a-2"]["default"] == "group"
    assert listed["random-extra"]["variant"] == "chips-variant-random-extra"
    assert main(["options", "chips"]) == 0
    assert "group: King, Ace and 2 make a group" in capsys.readouterr().out
    assert main(["options", "whist"]) == 2
    assert capsys.readouterr().err.startswith(f"rulebook: unknown game 'whist' (games: {', '.join(GAMES)})")


def test_a_family_edition_renders_the_table_s_rules_and_the_default_renders_as_before() -> None:
    from generator.site.macros import PARTS, Site

    games = list(GAMES.values())
    plain = Site(games)
    same = Site(games, houses={g.id: house.defaults(g) for g in games})
    ours = Site(games, houses={"chips": {"k-a-2": "no-group"}})
    for game_id in GAMES:
        for part in PARTS:
            if part in ("keep_share",):
                continue
            assert plain.part(part, game_id, "/") == same.part(part, game_id, "/"), (game_id, part)
    hero = str(ours.part("hero", "chips", "/"))
    assert "data-house-edition" in hero and "King, Ace and 2 never make a group" in hero
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
    assert 'data-controls hidden' in page and "<p data-nojs>This page follows the family's rules." in page


def test_a_family_edition_has_no_control_and_no_banner_for_the_game_it_changes() -> None:
    from generator.site.macros import Site

    games = list(GAMES.values())
    ours = Site(games, houses={"chips": {"k-a-2": "no-group"}})
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
