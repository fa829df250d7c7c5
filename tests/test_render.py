"""Rules text to HTML (generator/render.py) and the partials shared by the site and the PDF."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.engine.cards import TEXT_PRESENTATION
from generator.print.downloads import downloads
from generator.render import (
    Ref,
    RenderError,
    card_html,
    game_refs,
    plain_text,
    render_partial,
    render_text,
    rule_numbers,
)

ROOT = Path(__file__).resolve().parent.parent


def _game(**changes: object) -> dict[str, object]:
    """A small game dict in the shape of rules-data/README.md (the partials need no more)."""
    game: dict[str, object] = {
        "id": "demo",
        "name": "Demo <b>",
        "tagline": "Lowest score wins.",
        "pitch": "A pitch with [[8H]].",
        "order": 1,
        "glance": [
            {"key": "players", "label": "Players", "value": "2 or more"},
            {"key": "rounds", "label": "Rounds", "value": "8"},
            {"key": "packs", "label": "Packs", "value": "1"},
        ],
        "quick_start": {"intro": "Start.", "steps": [{"text": "Deal [[3C]].", "rules": ["demo-sets"]}]},
        "round": {"intro": "Shape.", "steps": [{"id": "demo-step-deal", "title": "Deal", "text": "Deal.",
                                               "rules": ["demo-sets"]}]},
        "rules": [{
            "id": "demo-groups", "title": "Groups", "intro": "Groups.",
            "items": [
                {"id": "demo-sets", "text": "Three of a rank: [[8H]] [[8S]] [[8D]]."},
                {"id": "demo-runs", "text": "No wrap (Q-K-A is fine).", "points": ["See [[#demo-sets]]."]},
            ],
        }],
        "scoring": {"intro": "Count.", "table": [{"cards": "Ace", "value": "1"}],
                    "items": [{"id": "demo-score-wild", "text": "Wilds score 0."}]},
        "tie_breakers": [{"id": "demo-tie-calls", "text": "Most calls."}],
        "examples": [{
            "id": "demo-ex-set", "title": "A set", "record": "score",
            "input": {"hand": ["8H", "8S", "JK"], "packs": 1, "caller_groups": None},
            "claim": {"score": 0},
            "explain": "A set ([[#demo-sets]]).",
        }],
        "rulings": [{"id": "demo-ruling-wrap", "title": "Wrapping", "question": "K-A-2?",
                     "readings": ["No.", "Yes."], "chosen": 1, "ruling": "No.", "why": "It wraps.",
                     "rules": ["demo-runs"]}],
        "variants": {"intro": "Optional.", "items": [
            {"id": "demo-variant-tables", "title": "Two tables", "text": "Split.",
             "incomplete": "The source breaks off."}]},
        "origins": ["Old."],
        "glossary": [{"term": "Run", "text": "Cards in a row."}],
    }
    game.update(changes)
    return game


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = dict(attrs)
        self.elements.append((tag, d))
        if d.get("id"):
            self.ids.append(str(d["id"]))


def _parse(html: str) -> _Ids:
    p = _Ids()
    p.feed(html)
    return p


# --- cards ---------------------------------------------------------------------------------


def test_card_face_has_spoken_name_symbol_and_text_presentation() -> None:
    html = card_html("8H")
    assert html == (
        '<span class="card card--hearts" role="img" aria-label="eight of hearts">8♥'
        + TEXT_PRESENTATION + "</span>"
    )


def test_card_face_for_ten_and_joker() -> None:
    assert 'aria-label="ten of spades">10♠' + TEXT_PRESENTATION in card_html("10S")
    assert 'aria-label="joker">Joker</span>' in card_html("JK")


def test_suits_are_told_apart_by_symbol_not_only_by_class() -> None:
    faces = {s: str(card_html("7" + s)) for s in "SHDC"}
    for suit, symbol in zip("SHDC", "♠♥♦♣"):
        assert symbol in faces[suit]


# --- text tokens ---------------------------------------------------------------------------


def test_card_token_draws_a_card_face() -> None:
    html = render_text("Lay [[QD]] down.")
    assert html.startswith("Lay <span class=\"card card--diamonds\"")
    assert 'aria-label="queen of diamonds"' in html and html.endswith("</span> down.")


def test_several_cards_in_one_token_wrap_together() -> None:
    html = render_text("[[4H 5H 6H]]")
    assert html.startswith('<span class="cards">') and html.count('class="card ') == 3


def test_rule_link_uses_the_refs_label() -> None:
    refs = {"chips-runs": Ref(href="#chips-runs", label="rule 2.3")}
    assert render_text("See [[#chips-runs]].", refs) == (
        'See <a class="rule-ref" href="#chips-runs">rule 2.3</a>.'
    )


def test_rule_link_without_refs_points_at_the_id() -> None:
    assert 'href="#chips-runs"' in render_text("[[#chips-runs]]")


def test_unknown_rule_link_is_an_error_naming_the_token() -> None:
    with pytest.raises(RenderError, match=r"\[\[#chips-nope\]\]"):
        render_text("See [[#chips-nope]].", {})


def test_bad_card_token_is_an_error_naming_the_token() -> None:
    with pytest.raises(RenderError, match=r"\[\[1X\]\]"):
        render_text("[[1X]]")


def test_script_in_data_comes_out_escaped() -> None:
    html = render_text('<script>alert("x")</script> & [[8H]]')
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; <span" in html


def test_text_around_tokens_is_escaped_but_tokens_are_not() -> None:
    html = render_text("<b>[[#a]]</b>", {"a": Ref(href='#a"><x', label="<i>")})
    assert html == '&lt;b&gt;<a class="rule-ref" href="#a&#34;&gt;&lt;x">&lt;i&gt;</a>&lt;/b&gt;'


def test_plain_text_keeps_the_words() -> None:
    assert plain_text("Play [[8H]] then [[#x]]", {"x": Ref("#x", "rule 1.1")}) == (
        "Play 8♥" + TEXT_PRESENTATION + " then rule 1.1"
    )


# --- refs ----------------------------------------------------------------------------------


def test_refs_number_rule_items_and_link_other_games_by_page() -> None:
    other = {"id": "other", "name": "Other",
             "rules": [{"id": "other-sec", "title": "Sec", "items": [{"id": "other-a", "text": "A"}]}]}
    refs = game_refs([_game(), other], "demo", page_url=lambda g: f"../{g}/")
    assert refs["demo-runs"] == Ref("#demo-runs", "rule 1.2")
    assert refs["demo-groups"].label == "Groups"
    assert refs["demo-ruling-wrap"].label == "ruling “Wrapping”"
    assert refs["other-a"] == Ref("../other/#other-a", "Other rule 1.1")
    assert rule_numbers(_game())["demo-sets"] == "1.1"


# --- partials ------------------------------------------------------------------------------


def test_rules_partial_gives_every_item_an_anchor_and_a_visible_permalink() -> None:
    game = _game()
    html = render_partial("partials/rules.html", game=game, refs=game_refs([game], "demo"))
    parsed = _parse(html)
    assert {"demo-groups", "demo-sets", "demo-runs"} <= set(parsed.ids)
    links = [a for tag, a in parsed.elements if tag == "a" and a.get("class") == "rb-rule__number"]
    assert [a["href"] for a in links] == ["#demo-sets", "#demo-runs"]
    # A link inside a sub-point (rendered through the shared macro) still gets its label.
    assert '<a class="rule-ref" href="#demo-sets">rule 1.1</a>' in html


def test_example_partial_carries_input_and_claim_as_json() -> None:
    game = _game()
    html = render_partial("partials/examples.html", game=game, refs=game_refs([game], "demo"))
    (attrs,) = [a for tag, a in _parse(html).elements if a.get("data-example")]
    assert attrs["data-example"] == "demo/demo-ex-set"
    assert json.loads(str(attrs["data-input"])) == {"hand": ["8H", "8S", "JK"], "packs": 1, "caller_groups": None}
    assert json.loads(str(attrs["data-claim"])) == {"score": 0}
    assert 'aria-label="joker"' in html and "none" in html


def test_hero_shows_name_tagline_and_the_three_required_facts_escaped() -> None:
    game = _game()
    html = render_partial("partials/hero.html", game=game, refs={})
    assert "<h1" in html and "Demo &lt;b&gt;" in html
    for label in ("Players", "Rounds", "Packs"):
        assert f"<dt>{label}</dt>" in html


def test_variants_show_incomplete_plainly() -> None:
    game = _game()
    html = render_partial("partials/variants.html", game=game, refs=game_refs([game], "demo"))
    assert "Optional" in html and "Incomplete:" in html and "The source breaks off." in html


def test_a_game_with_no_variants_says_so_without_an_optional_badge() -> None:
    # A game file must hold variants, so a game with none gives an empty list and says so in its
    # intro: "Optional None recorded yet." was printed on its page, card box and book (issue 38).
    game = _game(variants={"intro": "None recorded yet.", "items": []})
    refs = game_refs([game], "demo")
    for html in (render_partial("partials/variants.html", game=game, refs=refs),
                 render_partial("pdf/variants_brief.html", game=game, refs=refs, playable=[])):
        assert "None recorded yet." in html and "Optional" not in html, html
    # With a variant to play, the card box still marks it optional.
    kept = _game()["variants"]["items"]
    assert "Optional" in render_partial("pdf/variants_brief.html", game=_game(), refs=refs, playable=kept)


def test_keep_share_links_the_pdfs_relative_to_the_site_root_with_paper_sizes() -> None:
    # The download list belongs to print; the site hands it to the renderer.
    html = render_partial("partials/keep_share.html", game=_game(), refs={}, root="../", downloads=downloads)
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert hrefs == ["../pdf/demo.pdf", "../pdf/demo-a4.pdf", "../pdf/demo-letter.pdf", "../pdf/demo-bleed.pdf",
                     "../pdf/demo-rulebook.pdf", "../pdf/demo-rulebook-a4.pdf", "../pdf/demo-rulebook-letter.pdf"]
    # The bleed version is named for what it is (issue 40): for a card printer, 3 mm bleed.
    assert "for a card printer" in html and "3 mm bleed" in html
    # ... and no blank score sheet: "demo" has no score-sheet layout (tests/test_site_parts.py, issue 26)
    assert "63 × 88 mm" in html and "A4" in html and "Letter" in html and "A5" in html
    assert html.count('class="rb-keep__about"') == len(hrefs)  # each file says what it is for


def test_whole_game_template_renders_every_part_for_the_pdf() -> None:
    game = _game()
    html = render_partial("game.html", game=game, refs=game_refs([game], "demo"))
    for heading in ("Quick start", "How a round works", "The rules", "Scoring", "Tie-breakers",
                    "Worked examples", "Rulings", "Variants", "Origins", "Glossary"):
        assert f">{heading}</h2>" in html


def test_every_real_game_renders_through_every_partial() -> None:
    from generator.content.loader import load_games
    from generator.site.macros import PARTS

    games = load_games(ROOT)
    datas = [g.data for g in games]
    for game in games:
        refs = game_refs(datas, game.id)
        for partial in PARTS.values():
            render_partial(partial, game=game.data, refs=refs, downloads=downloads)
        html = render_partial("game.html", game=game.data, refs=refs)
        ids = set(_parse(html).ids)
        for section in game.data["rules"]:
            assert section["id"] in ids
            for item in section["items"]:
                assert item["id"] in ids, f"{game.id}: rule {item['id']} has no anchor"
