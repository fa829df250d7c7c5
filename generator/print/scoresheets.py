"""Blank score sheets to print, one per game, in A4 and US Letter (issue 7, "On paper").

``build_scoresheets(root, out_dir)`` writes ``<id>-score-a4.pdf`` and ``<id>-score-letter.pdf``
for every game in ``rules-data/``: the same rows as the score keeper page (Chips rounds labelled
by hand size, with a column for who called chips; Chains' ten hands; 3 Chip Stack's chip counts
from the starting stack), and the game's ``tie_breakers`` from rules-data printed at the foot,
never retyped. WeasyPrint with the project's own fonts (one family per font file; one
FontConfiguration for the CSS and the PDF), byte-identical for the same sources and
``SOURCE_DATE_EPOCH``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.errors import RulebookError

FONTS_DIR = Path("docs") / "assets" / "fonts"
#: Columns for names: enough for a family table, and what fits a portrait page.
SEATS = 6
#: Rows for 3 Chip Stack, which has no fixed number of hands.
STACK_ROWS = 16
PAPERS: dict[str, tuple[str, str]] = {"a4": ("A4", "A4"), "letter": ("US Letter", "letter")}


class ScoresheetError(RulebookError):
    """A score sheet could not be made (missing font, rendering failed)."""


CSS_TEXT = """
@font-face { font-family: "Atkinson Hyperlegible"; src: url("atkinson-hyperlegible-latin-400-normal.ttf"); }
@font-face { font-family: "Atkinson Hyperlegible Bold"; src: url("atkinson-hyperlegible-latin-700-normal.ttf"); }
@font-face { font-family: "Rulebook Suits"; src: url("rulebook-suits-regular.ttf"); }
:root { --ink: #000; --rule: #555; --shade: #ececec; }
@page { margin: 14mm 12mm 14mm 12mm;
  @bottom-center { content: string(edition); font: 7pt "Atkinson Hyperlegible", "Rulebook Suits"; color: #333; } }
html { font: 9.5pt/1.3 "Atkinson Hyperlegible", "Rulebook Suits"; color: var(--ink); }
h1, h2, th, strong { font-family: "Atkinson Hyperlegible Bold", "Rulebook Suits"; font-weight: normal; }
h1 { font-size: 16pt; margin: 0 0 1mm; }
.edition { string-set: edition content(); font-size: 7pt; }
p { margin: 0 0 2mm; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; margin: 2mm 0 3mm; }
th, td { border: 0.6pt solid var(--rule); padding: 1.2mm 1.5mm; text-align: left; vertical-align: top; }
thead th { background: var(--shade); font-size: 8.5pt; height: 9mm; }
tbody th { font-size: 8.5pt; width: 26mm; }
td { height: 8mm; }
.rows-chips td { height: 15mm; }
.rows-chains td { height: 12.5mm; }
.called { width: 20mm; }
.note { display: block; font-family: "Atkinson Hyperlegible", "Rulebook Suits"; font-size: 7pt; color: #333; }
.total th, .total td { background: var(--shade); height: 8mm; }
.ties { break-inside: avoid; border-top: 1pt solid var(--ink); padding-top: 2mm; }
h2 { font-size: 11pt; margin: 0 0 1mm; }
ol { margin: 0; padding-left: 5mm; }
"""


def sheet_html(game: Mapping[str, Any], refs: Mapping[str, Any], edition: str, paper: str) -> str:
    """The HTML of one blank sheet (escaped by Jinja; tie-breakers in words via plain_text)."""
    import jinja2

    from ..engine.games import chains, chips
    from ..render import plain_text

    gid = str(game["id"])
    if gid == "chips":
        rows = [(f"Round {i + 1}", f"{n} cards each") for i, n in enumerate(chips.HAND_SIZES)]
    elif gid == "chains":
        rows = [(f"Hand {i + 1}", "") for i in range(chains.HANDS_PER_GAME)]
    else:
        rows = [("Start", "chips each")] + [(f"Hand {i + 1}", "") for i in range(STACK_ROWS)]
    ties = [plain_text(str(t.get("text", "")), refs) for t in game.get("tie_breakers") or []]
    env = jinja2.Environment(autoescape=True)
    template = env.from_string(_TEMPLATE)
    return template.render(game=game, gid=gid, rows=rows, ties=ties, seats=SEATS, edition=edition, paper=paper)


_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ game.name }}: score sheet</title>
<style>:root { --paper: {{ paper }}; } @page { size: {{ paper }} portrait; }</style></head>
<body>
<h1>{{ game.name }}: score sheet</h1>
<p class="edition">{{ game.name }} score sheet · {{ edition }}</p>
{% if gid == "chips" %}
<p>Eight rounds, from three cards each to ten. Write the players in seating order: the first deals round 1 and the player to their left has the extra card; both move one seat left each round. The player who calls chips scores 0. Lowest total wins.</p>
{% elif gid == "chains" %}
<p>Ten hands. Write the players in seating order; the deal passes to the left each hand. The player who goes out scores 0. Lowest total wins.</p>
{% else %}
<p>Write each player's chips after every hand. Starting chips: ______ each. The counts always add up to the same number: chips are only won and lost between players. A player with no chips is out; the game ends when one player holds them all.</p>
{% endif %}
<table class="rows-{{ gid }}">
<thead><tr><th scope="col">Players →</th>{% for s in range(seats) %}<th scope="col"></th>{% endfor %}{% if gid == "chips" %}<th scope="col" class="called">Called chips</th>{% endif %}</tr></thead>
<tbody>
{% for label, note in rows %}<tr><th scope="row">{{ label }}{% if note %}<span class="note">{{ note }}</span>{% endif %}</th>{% for s in range(seats) %}<td></td>{% endfor %}{% if gid == "chips" %}<td class="called"></td>{% endif %}</tr>
{% endfor %}
{% if gid != "3-chip-stack" %}<tr class="total"><th scope="row">Total</th>{% for s in range(seats) %}<td></td>{% endfor %}{% if gid == "chips" %}<td></td>{% endif %}</tr>{% endif %}
</tbody></table>
{% if ties %}<div class="ties"><h2>{{ "Tie-breakers, in order" if gid == "chips" else "Ties" }}</h2>
<ol>{% for t in ties %}<li>{{ t }}</li>{% endfor %}</ol></div>{% endif %}
</body></html>
"""


def render_scoresheet(root: Path, game: Mapping[str, Any], games: Sequence[Mapping[str, Any]], paper_key: str) -> bytes:
    """One blank sheet as PDF bytes."""
    from weasyprint import CSS, HTML  # type: ignore[import-untyped]
    from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

    from ..render import game_refs
    from .booklets import project_edition

    label, size = PAPERS[paper_key]
    edition = project_edition(root)
    refs = game_refs(games, None, page_url=lambda gid: f"{gid}.pdf")
    html = sheet_html(game, refs, f"{edition.label} · {label}", size)
    fonts = (root / FONTS_DIR).resolve()
    for name in ("atkinson-hyperlegible-latin-400-normal.ttf", "atkinson-hyperlegible-latin-700-normal.ttf",
                 "rulebook-suits-regular.ttf"):
        if not (fonts / name).is_file():
            raise ScoresheetError(f"missing font file {FONTS_DIR / name}")
    base = fonts.as_uri() + "/"
    digest = hashlib.sha256(f"{html}\0{CSS_TEXT}".encode()).hexdigest()[:32]
    font_config = FontConfiguration()
    try:
        css = CSS(string=CSS_TEXT, base_url=base, font_config=font_config)
        data: bytes = HTML(string=html, base_url=base).write_pdf(
            stylesheets=[css], font_config=font_config, pdf_identifier=bytes.fromhex(digest))
    except Exception as exc:  # noqa: BLE001 - WeasyPrint raises many kinds; one line naming the sheet
        raise ScoresheetError(f"the {label} score sheet of {game['id']} failed: {type(exc).__name__}: "
                              f"{' '.join(str(exc).split())}") from None
    return data


def sheet_files(game_id: str) -> list[dict[str, str]]:
    """The blank score sheets of a game, for the site's "Keep & share" block (as ``pdf.pdf_files``)."""
    return [{"name": f"{game_id}-score-{key}.pdf", "label": "Blank score sheet", "paper": label}
            for key, (label, _) in PAPERS.items()]


def build_scoresheets(root: Path | str, out_dir: Path | str) -> list[Path]:
    """Every game's blank score sheet, A4 and Letter, into ``out_dir``; returns the paths written."""
    from ..content.loader import load_games

    root = Path(root)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    games = [g.data for g in load_games(root)]
    written: list[Path] = []
    for game in games:
        for key in PAPERS:
            path = out / f"{game['id']}-score-{key}.pdf"
            path.write_bytes(render_scoresheet(root, game, games, key))
            written.append(path)
    return written
