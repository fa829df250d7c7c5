"""Blank score sheets to print, one per game, in A4 and US Letter (issues 7 and 13).

``build_scoresheets(root, out_dir)`` writes ``<id>-score-a4.pdf`` and ``<id>-score-letter.pdf``
for every game in ``rules-data/``:

* **Chips**: landscape, eight seats, a row per round labelled by hand size; each seat has a box
  to tick when that player called chips, the hand's score and the running total (the second
  tie-breaker compares the totals as they stood after each round), and a "times called" row
  for the first tie-breaker.
* **Chains**: landscape, eight seats, ten hands; each seat has the hand's score and the running
  total (three-digit totals fit).
* **3 Chip Stack**: portrait, as many seats as the game allows (``three_chip_stack.MAX_PLAYERS``),
  each player's chip count after every hand and a check column (the counts always add up to the
  same number); page 2 is a continuation sheet with unnumbered rows, to print again as often as
  a long game needs, which the sheet says.
* **A game that declares its scoring** (``scoring.declared``, a game with no engine: issue 38), laid
  out from the declaration (:func:`declared_layout`): a column per player (as many as the game's
  "Players" fact names, at most ``SEATS``), each with the hand's score and the running total, and a
  box to tick for the hand's winner when the tie-breakers count hands won; a row per hand, exactly
  ``N`` for ``end: {hands: N}``, else as many as fill the page and a continuation page (a "Start"
  row first where every total starts from the chips brought, ``last-player-left``); what the cards
  left in a hand count, and how the game ends and who wins, in words (:func:`ending_words`).

Every sheet carries an upright printing note (print at 100 % / actual size, which paper) and a
20 mm reference square, keeps every mark at least :data:`EDGE_MM` from the paper's edge, numbers
seats from 1, and prints the game's ``tie_breakers`` and its "To win" fact from rules-data, never
retyped. WeasyPrint with the project's own fonts only (one family per font file; one
FontConfiguration for the CSS and the PDF; no glyph outside them, so no "→"), byte-identical for
the same sources and ``SOURCE_DATE_EPOCH``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import RulebookError

FONTS_DIR = Path("docs") / "assets" / "fonts"
FONT_FILES = ("atkinson-hyperlegible-latin-400-normal.ttf", "atkinson-hyperlegible-latin-700-normal.ttf",
              "rulebook-suits-regular.ttf", "rulebook-suits-bold.ttf")
#: Seats on the Chips and Chains sheets: Chips "plays best with up to about eight".
SEATS = 8
#: The games with a score-sheet layout of their own (``sheet_html``). A game added with one YAML file and
#: one page (issue 26) gets a blank score sheet when it declares its scoring (``scoring.declared``, issue
#: 38: :func:`has_sheet`), laid out from the declaration; without one, none, and "Keep & share" lists none.
LAYOUTS: tuple[str, ...] = ("chips", "chains", "3-chip-stack")
#: The height of a row of a declared game's sheet, with its padding: 8 mm a row with its rule, over the
#: pen's 7 mm minimum (tests/test_scoresheet_pdf.py).
DECLARED_ROW_MM = 7.6
#: The most rows each page of a declared game's sheet gives back to keep each part one page.
MAX_FEWER = 8
#: Nothing is printed closer than this to the paper's edge (home printers cannot print there);
#: the page margins below keep at least 10 mm.
EDGE_MM = 6.0
#: The side of the reference square, to check that the printer did not scale the page.
SQUARE_MM = 20


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    size: str
    #: What the printing note names: the paper and a plain weight.
    stock: str
    #: 3 Chip Stack, which has no fixed number of hands: rows on page 1 (after "Start") and on
    #: the continuation page (after "Carried over"), which a long game prints again.
    stack_rows: tuple[int, int]
    #: A declared game with no fixed number of hands: rows on page 1 and on the continuation page,
    #: landscape (six seats or more) and portrait. A long line of words above the table may take a row
    #: back: :func:`render_scoresheet` lays the sheet out again with fewer until each part is one page.
    open_rows: tuple[tuple[int, int], tuple[int, int]]


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", "A4", "A4 paper (plain 80 g/m² is fine)", (26, 29), ((13, 14), (24, 23))),
    "letter": Paper("letter", "US Letter", "letter", "US Letter paper (plain 20 lb is fine)", (24, 26),
                    ((12, 13), (22, 21))),
}


class ScoresheetError(RulebookError):
    """A score sheet could not be made (missing font, rendering failed)."""


CSS_TEXT = """
@font-face { font-family: "Atkinson Hyperlegible"; src: url("atkinson-hyperlegible-latin-400-normal.ttf"); }
@font-face { font-family: "Atkinson Hyperlegible Bold"; src: url("atkinson-hyperlegible-latin-700-normal.ttf"); }
@font-face { font-family: "Rulebook Suits"; src: url("rulebook-suits-regular.ttf"); }
@font-face { font-family: "Rulebook Suits Bold"; src: url("rulebook-suits-bold.ttf"); }
:root { --ink: #000; --rule: #555; --shade: #ececec; }
@page { margin: 11mm 12mm 17mm 12mm;
  @bottom-center { vertical-align: top; padding-top: 3mm;
    font: 7.5pt "Atkinson Hyperlegible", "Rulebook Suits"; color: #333; } }
html { font: 9.5pt/1.3 "Atkinson Hyperlegible", "Rulebook Suits"; color: var(--ink); }
h1, h2, th, strong { font-family: "Atkinson Hyperlegible Bold", "Rulebook Suits Bold"; font-weight: normal; }
h1 { font-size: 16pt; margin: 0 0 1mm; }
h2 { font-size: 10.5pt; margin: 0 0 1mm; }
p { margin: 0 0 1.5mm; }
.head { display: flex; justify-content: space-between; align-items: flex-start; }
.head .intro { width: 62%; }
.printing { width: 34%; border: 0.6pt solid var(--rule); padding: 2mm; font-size: 9pt;
  display: flex; align-items: flex-start; }
.printing .square { flex: none; width: 20mm; height: 20mm; border: 0.5pt solid var(--ink);
  margin-right: 2.5mm; box-sizing: border-box; }
.printing p { margin: 0 0 1mm; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; margin: 2mm 0 2.5mm; clear: both; }
th, td { border: 0.6pt solid var(--rule); padding: 0.8mm 1mm; text-align: left; vertical-align: top; }
thead th { background: var(--shade); font-size: 8pt; }
thead .seat { height: 8mm; font-size: 9pt; }
thead .sub th { font-size: 7pt; padding: 0.8mm 0.6mm; font-family: "Atkinson Hyperlegible", "Rulebook Suits"; }
tbody th { font-size: 8.5pt; }
col.label { width: 20mm; }
col.called { width: 7mm; }
col.hand { width: 10.5mm; }
col.check { width: 22mm; }
td.total, td.hand { border-left-style: dotted; }
td.called { text-align: center; vertical-align: middle; }
.box { display: inline-block; width: 3.4mm; height: 3.4mm; border: 0.6pt solid var(--ink); }
.rows-chips tbody td, .rows-chips tbody th { height: 10.5mm; }
.rows-chains tbody td, .rows-chains tbody th { height: 9.5mm; }
/* 7 mm a row with its padding and rule, the pen's minimum (issue 27: 6.9 mm before) */
.rows-stack tbody td, .rows-stack tbody th { height: 6.35mm; padding-top: 0.5mm; padding-bottom: 0; }
.note { display: block; font-family: "Atkinson Hyperlegible", "Rulebook Suits"; font-size: 7.5pt; color: #333; }
.calls th, .calls td { background: var(--shade); height: 8mm; }
.ties { break-inside: avoid; border-top: 1pt solid var(--ink); padding-top: 1.5mm; }
ol { margin: 0; padding-left: 5mm; }
.more { break-before: page; }
.nobr { white-space: nowrap; }
.blank { display: inline-block; width: 9mm; border-bottom: 0.6pt solid var(--rule); }
"""


def _glance(game: Mapping[str, Any], key: str) -> str:
    for fact in game.get("glance") or []:
        if fact.get("key") == key:
            return str(fact.get("value", ""))
    return ""


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal that is safe inside ``<style>``."""
    out = "".join(f"\\{ord(c):x} " if c in '"\\<>&' or ord(c) < 32 else c for c in text)
    return f'"{out}"'


def _in_sentence(value: str) -> str:
    """A glance fact's value as it reads after a colon in the middle of the sheet's sentences: the
    capital a table cell gives its first word dropped ("To win: lowest total score", issue 40),
    unless that word is a name or an abbreviation (a capital after its first letter, or a word
    of one letter)."""
    first = value.split(" ", 1)[0]
    if len(first) > 1 and first[0].isupper() and first[1:].islower():
        return value[0].lower() + value[1:]
    return value


def _glance_line(game: Mapping[str, Any], key: str) -> str:
    """A glance fact as "Label: value" (the words of rules-data), the value as in a sentence."""
    for fact in game.get("glance") or []:
        if fact.get("key") == key:
            return f"{fact.get('label', '')}: {_in_sentence(str(fact.get('value', '')))}"
    return ""


def has_sheet(game: Mapping[str, Any]) -> bool:
    """Whether a game (its data) gets a blank score sheet: a layout of its own (``LAYOUTS``), or its
    scoring declared in its file (issue 38)."""
    return str(game["id"]) in LAYOUTS or "declared" in (game.get("scoring") or {})


#: "2 to 5", "2-5", "2 – 5": the most players a game's "Players" fact names.
_PLAYERS_RANGE = re.compile(r"\b(\d+)\s*(?:to|-|–)\s*(\d+)\b")


def declared_seats(game: Mapping[str, Any]) -> tuple[int, bool]:
    """The columns of a declared game's sheet: the most players its "Players" fact names ("2 to 5"),
    at least 2 and at most ``SEATS``; ``SEATS`` when it names no most ("2 or more"). And whether a
    bigger table needs a second sheet (the game takes more players than there are columns)."""
    found = _PLAYERS_RANGE.search(_glance(game, "players"))
    most = int(found.group(2)) if found else None
    if most is None or most > SEATS:
        return SEATS, True
    return max(2, most), False


#: A rank's name in the plural, as a family says it ("eights 50").
_RANK_PLURALS = {"A": "aces", "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
                 "7": "sevens", "8": "eights", "9": "nines", "10": "tens", "J": "jacks", "Q": "queens",
                 "K": "kings", "JK": "jokers"}


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def card_words(spec: Mapping[str, Any]) -> str:
    """What the cards left in a hand count, from a declaration's ``cards``: "eights 50; aces 1,
    picture cards 10, any other card its number"."""
    cards = dict(spec.get("cards") or {})
    other = cards.pop("other", None)
    named = [f"{_RANK_PLURALS[key]} {cards[key]}" for key in _RANK_PLURALS if key in cards]
    rest: list[str] = []
    if other == "face":
        if "A" not in cards:
            rest.append("aces 1")
        pictures = [key for key in ("J", "Q", "K") if key not in cards]
        if pictures:
            rest.append("picture cards 10" if len(pictures) == 3 else f"{_join([_RANK_PLURALS[k] for k in pictures])} 10")
        if any(str(n) not in cards for n in range(2, 11)):
            rest.append("any other card its number")
    elif isinstance(other, int) and not isinstance(other, bool):
        rest.append(f"any other card {other}" if named else f"every card {other}")
    return "; ".join(part for part in (", ".join(named), ", ".join(rest)) if part)


def ending_words(spec: Mapping[str, Any]) -> str:
    """How a declared game ends and who wins, in a family's words, from ``end``, ``winner`` and
    ``tie_breakers`` (generator/engine/declared.py says what each means)."""
    end = spec["end"]
    best = "lowest" if spec["winner"] == "lowest" else "highest"
    if end == "last-player-left":
        ends = "The game ends when only one player has a total above 0"
    elif "hands" in end:
        hands = int(end["hands"])
        ends = f"The game ends after hand {hands}" if hands > 1 else "The game is one hand"
    else:
        ends = f"The game ends after the hand in which a player’s total reaches {int(end['target'])} or more"
    said = {"most-hands-won": "the player who won more hands (the Won ticks) wins",
            "best-last-hand": f"the {best} score in the last hand wins"}
    breakers = [said[b] for b in spec.get("tie_breakers") or [] if b in said]
    if breakers:
        ties = "If the best totals are level, " + "; if still level, ".join(breakers) + "; players still level share the win."
    else:
        ties = "Players level on the best total share the win."
    return f"{ends}, and the {best} total wins. {ties}"


def declared_layout(game: Mapping[str, Any], paper: Paper, fewer: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """The sheet of a game that declares its scoring: its columns, its rows (``fewer`` rows fewer on
    page 1 and on the continuation page than the paper's ``open_rows``, for a game with no fixed
    number of hands) and its words."""
    from markupsafe import Markup

    spec = game["scoring"]["declared"]
    seats, second_sheet = declared_seats(game)
    orient = "landscape" if seats > 5 else "portrait"
    end = spec["end"]
    start = end == "last-player-left"
    won = "most-hands-won" in (spec.get("tie_breakers") or [])
    if isinstance(end, Mapping) and "hands" in end:
        rows = [(f"Hand {i + 1}", "") for i in range(int(end["hands"]))]
        more: list[tuple[str, str]] = []
    else:
        first, then = paper.open_rows[0 if orient == "landscape" else 1]
        rows = [(f"Hand {i + 1}", "") for i in range(max(3, first - fewer[0] - int(start)))]
        more = [("Carried over", "from the last sheet")] + [("", "")] * max(3, then - fewer[1])
    if start:
        rows = [("Start", "each player’s total")] + rows
    best = "lowest" if spec["winner"] == "lowest" else "highest"
    if spec["hand"] == "winner-scores-others":
        scored: str = Markup("write the score of the player who went out under <strong>Hand</strong> (the cards left in "
                  "every other hand; the others score 0)")
    else:
        scored = Markup("write each player’s score for the hand under <strong>Hand</strong> (the cards left in their hand)")
    return {"seats": seats, "orient": orient, "rows": rows, "more": more, "won": won, "start": start,
            "scored": scored, "best": best, "second_sheet": second_sheet,
            "cards": card_words(spec), "ending": ending_words(spec),
            "last_hand": len(rows) - int(start)}


def sheet_html(game: Mapping[str, Any], refs: Mapping[str, Any], edition: str, paper: Paper,
               fewer: tuple[int, int] = (0, 0)) -> str:
    """The HTML of one blank sheet (escaped by Jinja; tie-breakers in words via plain_text)."""
    import jinja2

    from ..engine.games import chains, chips, three_chip_stack
    from ..render import plain_text

    gid = str(game["id"])
    declared: dict[str, Any] = {}
    if gid not in LAYOUTS and has_sheet(game):
        declared = declared_layout(game, paper, fewer)
        kind, seats, orient, rows = "declared", declared["seats"], declared["orient"], declared["rows"]
    elif gid == "chips":
        kind, seats, orient = "chips", SEATS, "landscape"
        rows = [(f"Round {i + 1}", f"{n} cards each") for i, n in enumerate(chips.HAND_SIZES)]
    elif gid == "chains":
        kind, seats, orient = "chains", SEATS, "landscape"
        rows = [(f"Hand {i + 1}", "") for i in range(chains.HANDS_PER_GAME)]
    elif gid == "3-chip-stack":
        kind, seats, orient = "stack", min(SEATS, three_chip_stack.MAX_PLAYERS), "portrait"
        rows = [("Start", "chips each")] + [(f"Hand {i + 1}", "") for i in range(paper.stack_rows[0])]
    else:
        raise ScoresheetError(f"no score-sheet layout for {gid!r} (the layouts: {', '.join(LAYOUTS)})")
    more = [("Carried over", "from the last sheet")] + [("", "")] * paper.stack_rows[1] if kind == "stack" else []
    if declared:
        more = declared["more"]
    # The 3 Chip Stack sheet records chips, never cards: its tie-breakers (which hand is better) are
    # settled at the table and have no place on it (issue 40).
    ties = [] if kind in ("stack", "declared") else [plain_text(str(t.get("text", "")), refs) for t in game.get("tie_breakers") or []]
    env = jinja2.Environment(autoescape=True)
    template = env.from_string(_TEMPLATE)
    footer = _css_string(f"{game['name']} score sheet · {edition}")
    return template.render(game=game, footer=footer, author=game.get("author") or game["name"], kind=kind, rows=rows, more=more, ties=ties, seats=seats, orient=orient,
                           edition=edition, paper=paper, aim=_in_sentence(_glance(game, "aim")),
                           length=_glance_line(game, "rounds"), square=SQUARE_MM,
                           last_hand=declared["last_hand"] if declared else paper.stack_rows[0], d=declared,
                           row_mm=DECLARED_ROW_MM)


_TEMPLATE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>{{ game.name }}: score sheet</title><meta name="author" content="{{ author }}">
<style>@page { size: {{ paper.size }} {{ orient }}; @bottom-center { content: {{ footer|safe }} " · page " counter(page) " of " counter(pages); } }</style>{% if d %}
<style>.rows-declared tbody td, .rows-declared tbody th { height: {{ row_mm }}mm; padding-top: 0.5mm; padding-bottom: 0; }
.ties p { margin: 0; }</style>{% endif %}</head>
<body>
{% macro printing() %}<div class="printing"><div class="square"></div><div>
<p><strong>Print at 100 % (actual size)</strong>, not “fit to page”, on {{ paper.stock }}, {{ orient }}, one side.</p>
<p>The square measures <span class="nobr">{{ square }} mm × {{ square }} mm</span> at actual size: measure it to check.</p></div></div>{% endmacro %}
{% macro head(cols, sub) %}<thead><tr class="seat"><th scope="col" class="label"{% if sub %} rowspan="2"{% endif %}>Player</th>
{% for s in range(seats) %}<th scope="colgroup" colspan="{{ cols }}">{{ s + 1 }}</th>{% endfor %}
{% if kind == "stack" %}<th scope="col">All chips<span class="note">the same every hand</span></th>{% endif %}</tr>
{% if sub %}<tr class="sub">{% for s in range(seats) %}{% if kind == "chips" %}<th scope="col">Call</th>{% elif d.won %}<th scope="col">Won</th>{% endif %}<th scope="col">Hand</th><th scope="col">Total</th>{% endfor %}</tr>{% endif %}
</thead>{% endmacro %}
{% macro cols(n) %}<colgroup><col class="label">{% for s in range(seats) %}{% if kind == "chips" or d.won %}<col class="called">{% endif %}{% if kind != "stack" %}<col class="hand">{% endif %}<col class="total">{% endfor %}{% if kind == "stack" %}<col class="check">{% endif %}</colgroup>{% endmacro %}
<div class="head"><div class="intro">
<h1>{{ game.name }}: score sheet</h1>
{% if kind == "chips" %}
<p>Write the players in seating order under 1 to {{ seats }}. After each round, tick <strong>Call</strong> for the player who called chips, write each player’s score for the hand under <strong>Hand</strong> and their new running total under <strong>Total</strong>. At the end, count each player’s calls. To win: {{ aim }}. With more than {{ seats }} players, use a second sheet for the rest: number its columns on from {{ seats + 1 }} and write each {{ "round" if kind == "chips" else "hand" }} on the same row of both sheets.</p>
{% elif kind == "chains" %}
<p>Write the players in seating order under 1 to {{ seats }}. After each hand, write each player’s score for the hand under <strong>Hand</strong> and their new running total under <strong>Total</strong>. To win: {{ aim }}. With more than {{ seats }} players, use a second sheet for the rest: number its columns on from {{ seats + 1 }} and write each {{ "round" if kind == "chips" else "hand" }} on the same row of both sheets.</p>
{% elif kind == "declared" %}
<p>Write the players in seating order under 1 to {{ seats }}.{% if d.start %} On the <strong>Start</strong> row, write the total each player starts with.{% endif %} After each hand, {{ d.scored }}, and each player’s new running total under <strong>Total</strong>.{% if d.won %} Tick <strong>Won</strong> for the player with the {{ d.best }} score of the hand (each of them, when level).{% endif %}{% if d.cards %} The cards left in a hand count: {{ d.cards }}.{% endif %}{% if d.second_sheet %} With more than {{ seats }} players, use a second sheet for the rest: number its columns on from {{ seats + 1 }} and write each hand on the same row of both sheets.{% endif %}</p>
{% if more %}<p>Page 2 is a continuation sheet: when hand {{ last_hand }} is done, carry the totals over to its first row; print page 2 again as often as the game needs.</p>{% endif %}
{% else %}
<p>Write the players in seating order under 1 to {{ seats }}, and each player’s chips after every hand. Starting chips: <span class="blank"></span> each. <strong>All chips</strong> is the sum of a row: it never changes, so a different sum means a slip. {{ length }}.</p>
<p>Page 2 is a continuation sheet: when hand {{ last_hand }} is done, carry the counts over to its first row; print page 2 again as often as the game needs.</p>
{% endif %}
</div>{{ printing() }}</div>
<table class="rows-{{ kind }}">{{ cols(0) }}
{{ head(3 if kind == "chips" or d.won else 2 if kind in ("chains", "declared") else 1, kind != "stack") }}
<tbody>
{% for label, note in rows %}<tr><th scope="row">{{ label }}{% if note %}<span class="note">{{ note }}</span>{% endif %}</th>{% for s in range(seats) %}{% if kind == "chips" or d.won %}<td class="called">{% if label != "Start" %}<span class="box"></span>{% endif %}</td>{% endif %}{% if kind != "stack" %}<td class="hand"></td>{% endif %}<td class="total"></td>{% endfor %}{% if kind == "stack" %}<td></td>{% endif %}</tr>
{% endfor %}
{% if kind == "chips" %}<tr class="calls"><th scope="row">Times called</th>{% for s in range(seats) %}<td colspan="3"></td>{% endfor %}</tr>{% endif %}{% if d.won %}
<tr class="calls"><th scope="row">Hands won</th>{% for s in range(seats) %}<td colspan="3"></td>{% endfor %}</tr>{% endif %}
</tbody></table>
{% if ties %}<div class="ties"><h2>{{ "Tie-breakers, in order" if kind == "chips" else "Ties" }}</h2>
<ol>{% for t in ties %}<li>{{ t }}</li>{% endfor %}</ol></div>{% endif %}{% if d %}
<div class="ties"><h2>How the game ends</h2><p>{{ d.ending }}</p></div>{% endif %}
{% if more %}<div class="more" id="continuation"><div class="head"><div class="intro">
<h1>{{ game.name }}: continuation sheet</h1>
{% if d %}<p>For a long game: copy the last totals into <strong>Carried over</strong>{% if d.won %}, and each player’s Won ticks so far in its boxes,{% endif %} and go on, numbering the hands yourself. Print this page again whenever it fills.</p>
{% else %}<p>For a long game: copy the last counts into <strong>Carried over</strong> and go on, numbering the hands yourself. Print this page again whenever it fills.</p>{% endif %}
</div>{{ printing() }}</div>
{% if d %}<table class="rows-{{ kind }}">{{ cols(0) }}{{ head(3 if d.won else 2, True) }}
<tbody>
{% for label, note in more %}<tr><th scope="row">{% if label %}{{ label }}{% if note %}<span class="note">{{ note }}</span>{% endif %}{% else %}Hand <span class="blank"></span>{% endif %}</th>{% for s in range(seats) %}{% if d.won %}<td class="called">{% if not label %}<span class="box"></span>{% endif %}</td>{% endif %}<td class="hand"></td><td class="total"></td>{% endfor %}</tr>
{% endfor %}
{% if d.won %}<tr class="calls"><th scope="row">Hands won<span class="note">on all sheets</span></th>{% for s in range(seats) %}<td colspan="3"></td>{% endfor %}</tr>{% endif %}
</tbody></table>
<div class="ties"><h2>How the game ends</h2><p>{{ d.ending }}</p></div>
{% else %}<table class="rows-{{ kind }}">{{ cols(0) }}{{ head(1, False) }}
<tbody>
{% for label, note in more %}<tr><th scope="row">{% if label %}{{ label }}{% if note %}<span class="note">{{ note }}</span>{% endif %}{% else %}Hand <span class="blank"></span>{% endif %}</th>{% for s in range(seats) %}<td class="total"></td>{% endfor %}<td></td></tr>
{% endfor %}
</tbody></table>{% endif %}</div>{% endif %}
</body></html>
"""


def render_scoresheet(root: Path, game: Mapping[str, Any], games: Sequence[Mapping[str, Any]], paper_key: str) -> bytes:
    """One blank sheet as PDF bytes."""
    from weasyprint import CSS, HTML  # type: ignore[import-untyped]
    from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

    from ..render import game_refs
    from .booklets import project_edition

    paper = PAPERS[paper_key]
    edition = project_edition(root)
    refs = game_refs(games, None, page_url=lambda gid: f"{gid}.pdf")
    label = f"{edition.label} · {paper.label}"
    html = sheet_html(game, refs, label, paper)
    fonts = (root / FONTS_DIR).resolve()
    for name in FONT_FILES:
        if not (fonts / name).is_file():
            raise ScoresheetError(f"missing font file {FONTS_DIR / name}")
    base = fonts.as_uri() + "/"
    font_config = FontConfiguration()
    try:
        css = CSS(string=CSS_TEXT, base_url=base, font_config=font_config)
        document = HTML(string=html, base_url=base).render(stylesheets=[css], font_config=font_config)
        if str(game["id"]) not in LAYOUTS:
            # A declared game's sheet: its rows fill the page, and the words above the table (as long as
            # its declaration makes them) may take a row or two back. Each part stays one page: page 1,
            # and the continuation page when the game has no fixed number of hands.
            pages = 2 if declared_layout(game, paper)["more"] else 1
            fewer = (0, 0)
            for _ in range(2 * MAX_FEWER):
                if len(document.pages) <= pages:
                    break
                # The part that ran over gives a row back: page 1, when the continuation starts after it.
                starts = next((n for n, page in enumerate(document.pages) if "continuation" in page.anchors), 1)
                fewer = (fewer[0] + 1, fewer[1]) if starts > 1 else (fewer[0], fewer[1] + 1)
                html = sheet_html(game, refs, label, paper, fewer)
                document = HTML(string=html, base_url=base).render(stylesheets=[css], font_config=font_config)
        digest = hashlib.sha256(f"{html}\0{CSS_TEXT}".encode()).hexdigest()[:32]
        data: bytes = document.write_pdf(pdf_identifier=bytes.fromhex(digest))
    except Exception as exc:  # noqa: BLE001 - WeasyPrint raises many kinds; one line naming the sheet
        raise ScoresheetError(f"the {paper.label} score sheet of {game['id']} failed: {type(exc).__name__}: "
                              f"{' '.join(str(exc).split())}") from None
    return data


def sheet_files(game: str | Mapping[str, Any]) -> list[dict[str, str]]:
    """The blank score sheets of a game (its data, or its id), for the site's "Keep & share" block (as
    ``pdf.pdf_files``): none for a game without one (:func:`has_sheet`; by id alone, a game of
    ``LAYOUTS``)."""
    game_id = game if isinstance(game, str) else str(game["id"])
    if not (game_id in LAYOUTS if isinstance(game, str) else has_sheet(game)):
        return []
    return [{"name": f"{game_id}-score-{key}.pdf", "label": "Blank score sheet", "paper": paper.label}
            for key, paper in PAPERS.items()]


def build_scoresheets(root: Path | str, out_dir: Path | str) -> list[Path]:
    """Every game's blank score sheet, A4 and Letter, into ``out_dir``; returns the paths written."""
    from ..content.loader import load_games

    root = Path(root)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    games = [g.data for g in load_games(root)]
    written: list[Path] = []
    for game in games:
        for key in PAPERS if has_sheet(game) else ():
            path = out / f"{game['id']}-score-{key}.pdf"
            path.write_bytes(render_scoresheet(root, game, games, key))
            written.append(path)
    return written
