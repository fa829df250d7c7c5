"""Rules text to HTML: card tokens, rule links and the Jinja partials shared by the site and the PDF.

Text in ``rules-data/`` is plain English with two tokens (``rules-data/README.md``):

* ``[[8H]]`` draws a card face; ``[[4H 5H 6H]]`` draws a few in a row.
* ``[[#chips-runs]]`` links to the rule item, section, step, ruling, example or variant with that id.

Everything else is HTML-escaped: data never reaches a page as markup.

The partials in ``generator/templates/partials/`` take a ``game`` (the validated dict of one game
file) and a ``refs`` table (id -> :class:`Ref`) and know nothing of MkDocs, so the PDF renders
the same partials with its own ``refs`` (see :func:`game_refs`, :func:`render_partial`).

Between the rooms: may import ``generator.engine`` and ``generator.content``; ``generator.print``
and ``generator.site`` use it, and hand it what only they know (the site passes the download list
as ``downloads=`` to the "Keep & share" partial).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from .engine.cards import Card, parse_card, parse_cards, spoken_name
from .engine.cards import card_symbol as _card_symbol
from .engine.errors import RulebookError

TEMPLATES = Path(__file__).resolve().parent / "templates"

#: ``[[...]]``: a card (``8H``), a few cards (``4H 5H 6H``) or a link (``#chips-runs``).
TOKEN = re.compile(r"\[\[([^\[\]\n]+?)\]\]")


class RenderError(RulebookError):
    """A text token that cannot be drawn: a bad card, a link to an id no game defines."""


@dataclass(frozen=True)
class Ref:
    """Where ``[[#id]]`` points (``href``) and the words the link shows (``label``)."""

    href: str
    label: str


# --------------------------------------------------------------------------- cards


def card_html(card: Card | str) -> Markup:
    """One card face: ``<span class="card card--hearts" role="img" aria-label="eight of hearts">8♥︎</span>``.

    The suit is always shown by its symbol (U+FE0E keeps it from turning into an emoji);
    colour is only added on top by CSS.
    """
    if isinstance(card, str):
        card = parse_card(card)
    suit = card.suit.noun if card.suit is not None else "joker"
    face = _card_symbol(card) if card.suit is not None else "Joker"
    return Markup(
        '<span class="card card--{suit}" role="img" aria-label="{name}">{face}</span>'
    ).format(suit=suit, name=spoken_name(card), face=face)


def cards_html(cards: str | Iterable[str | Card]) -> Markup:
    """Several card faces in a row, wrapped so they wrap together on a narrow screen."""
    parsed = parse_cards(cards) if isinstance(cards, str) else [
        c if isinstance(c, Card) else parse_card(c) for c in cards
    ]
    inner = Markup(" ").join(card_html(c) for c in parsed)
    return Markup('<span class="cards">{}</span>').format(inner)


# --------------------------------------------------------------------------- text


def render_text(text: str, refs: Mapping[str, Ref] | None = None) -> Markup:
    """Escape ``text`` and draw its ``[[...]]`` tokens.

    ``refs`` maps ids to links; without it a link points to ``#id`` and shows the id.
    An unknown id (with ``refs``) or a bad card raises :class:`RenderError` quoting the token.
    """
    if not isinstance(text, str):
        raise RenderError(f"expected text, got {text!r}")
    out: list[str] = []
    pos = 0
    for run in _token_runs(text):
        out.append(escape(text[pos:run[0].start()]))
        if len(run) > 1:  # [[KD]] [[AD]] [[2C]]: one group of cards, never broken across a line
            cards = [_token_html(m.group(1).strip(), refs) for m in run]
            out.append(Markup('<span class="cards cards--together">{}</span>').format(Markup(" ").join(cards)))
        else:
            out.append(_token_html(run[0].group(1).strip(), refs))
        pos = run[-1].end()
    out.append(escape(text[pos:]))
    return Markup("".join(out))


#: The most single-card tokens in a row that are kept on one line together: a group a rule
#: names (a set, a run, K-A-2) fits the narrowest measure, a whole hand need not.
TOGETHER_MAX = 4


def _token_runs(text: str) -> list[list[re.Match[str]]]:
    """The tokens of ``text`` in order, runs of up to ``TOGETHER_MAX`` single cards that only a
    space separates grouped together (``[[8H]] [[8S]] [[8C]]``); every other token alone."""
    runs: list[list[re.Match[str]]] = []
    for match in TOKEN.finditer(text):
        token = match.group(1).strip()
        single = not token.startswith("#") and " " not in token and "," not in token
        if (single and runs and len(runs[-1]) < TOGETHER_MAX and text[runs[-1][-1].end():match.start()] == " "
                and all(not m.group(1).strip().startswith("#") and " " not in m.group(1).strip()
                        and "," not in m.group(1).strip() for m in runs[-1])):
            runs[-1].append(match)
        else:
            runs.append([match])
    return runs


def _token_html(token: str, refs: Mapping[str, Ref] | None) -> Markup:
    if token.startswith("#"):
        ref_id = token[1:]
        if refs is None:
            ref = Ref(href=f"#{ref_id}", label=ref_id)
        elif ref_id in refs:
            ref = refs[ref_id]
        else:
            raise RenderError(f"[[{token}]] links to {ref_id!r}, which no rule, section or ruling defines")
        if not ref.href:
            # A target this document leaves out on purpose and cannot point into (a ruling for the
            # site's tools only, kept off paper: issue 37): its name, said as text.
            return Markup('<span class="rule-ref rule-ref--elsewhere">{}</span>').format(ref.label)
        return Markup('<a class="rule-ref" href="{}">{}</a>').format(ref.href, ref.label)
    try:
        if " " in token or "," in token:
            return cards_html(token)
        return card_html(token)
    except RulebookError as error:
        raise RenderError(f"[[{token}]]: {error}") from error


def plain_text(text: str, refs: Mapping[str, Ref] | None = None) -> str:
    """The words of ``text`` without markup (for ``title`` attributes and search snippets)."""

    def word(match: re.Match[str]) -> str:
        token = match.group(1).strip()
        if token.startswith("#"):
            ref = (refs or {}).get(token[1:])
            return ref.label if ref else token[1:]
        try:
            return " ".join(_card_symbol(c) if c.suit else "Joker" for c in parse_cards(token))
        except RulebookError:
            return token

    return TOKEN.sub(word, text)


# --------------------------------------------------------------------------- refs


def game_refs(
    games: Iterable[Mapping[str, Any]],
    current: str | None,
    *,
    page_url: Callable[[str], str] = lambda game_id: f"../{game_id}/",
) -> dict[str, Ref]:
    """Every linkable id of every game: ``#id`` on the current game's page, ``page_url(game) + "#id"``
    for the others. Labels: "rule 2.3" for a rule item, else the title of the thing linked."""
    refs: dict[str, Ref] = {}
    for game in games:
        gid = str(game["id"])
        base = "" if gid == current else page_url(gid)
        prefix = "" if gid == current else f"{game.get('name', gid)} "
        for ref_id, label in _labels(game):
            refs[ref_id] = Ref(href=f"{base}#{ref_id}", label=prefix + label)
    return refs


def _labels(game: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    for n, step in enumerate((game.get("round") or {}).get("steps") or [], start=1):
        if isinstance(step, Mapping) and "id" in step:
            yield step["id"], f"step {n}" + (f" ({step['title']})" if step.get("title") else "")
    for s, section in enumerate(game.get("rules") or [], start=1):
        yield section["id"], str(section.get("title", section["id"]))
        for i, item in enumerate(section.get("items") or [], start=1):
            yield item["id"], f"rule {s}.{i}"
    scoring = game.get("scoring") or {}
    for i, item in enumerate(scoring.get("items") or [], start=1):
        yield item["id"], f"scoring rule S{i}"  # as the page and the card box number it (issue 40)
    for i, tie in enumerate(game.get("tie_breakers") or [], start=1):
        yield tie["id"], f"tie-breaker {i}"
    for ex in game.get("examples") or []:
        yield ex["id"], _quoted("example", ex)
    for ruling in game.get("rulings") or []:
        yield ruling["id"], _quoted("ruling", ruling)
    for variant in (game.get("variants") or {}).get("items") or []:
        yield variant["id"], _quoted("variant", variant)


def _quoted(kind: str, entry: Mapping[str, Any]) -> str:
    """``ruling “Laying off”``; a title that already holds double quotes is not quoted again
    (an apostrophe, as in "the caller's hand", is no reason to drop them)."""
    title = str(entry.get("title", entry["id"]))
    if any(q in title for q in "\"“”"):
        return f"{kind} {title}"
    return f"{kind} “{title}”"


def rule_numbers(game: Mapping[str, Any]) -> dict[str, str]:
    """``{"chips-runs": "2.3", ...}``: the visible number of each rule item (its id never changes)."""
    numbers: dict[str, str] = {}
    for s, section in enumerate(game.get("rules") or [], start=1):
        numbers[section["id"]] = str(s)
        for i, item in enumerate(section.get("items") or [], start=1):
            numbers[item["id"]] = f"{s}.{i}"
    return numbers


# --------------------------------------------------------------------------- examples


def example_facts(value: Any) -> list[tuple[str, Any]]:
    """An example's ``input`` (or ``claim``) as (label, value) rows for people to read."""
    if not isinstance(value, Mapping):
        return [("", value)]
    return [(humanize(k), v) for k, v in value.items()]


#: Example fields that hold one entry per player (seat), or a player's index: people read
#: them as "player 1", "player 2" ... in turn order from the dealer's left.
_PER_PLAYER = frozenset({"hands", "shares", "chips", "pot_to"})
_PLAYER_INDEX = frozenset({"winners", "folded", "eliminated"})
#: Example fields that hold one player's index (the records count from 0; people from 1).
_ONE_PLAYER = frozenset({"dealer", "first_dealer", "caller", "winner", "out", "player"})
#: Where 3 Chip Stack's odd chips go (``odd_to``, three-chip-stack-ruling-odd-chip), in words.
_ODD_TO = {"dealer": "the dealer", "next-hand": "the next hand's pot", "winners": "the tied winners"}


def fact_html(key: str, value: Any) -> Markup:
    """One field of an example, drawn for people: like ``value_html``, but a list with one entry
    per player, or of players' indexes, names the players from 1 (the records count from 0)."""
    if key in _PER_PLAYER and isinstance(value, list) and value:
        return Markup("<br>").join(
            Markup("player {}: {}").format(i + 1, value_html(v)) for i, v in enumerate(value))
    if key in _PLAYER_INDEX and isinstance(value, list) and all(isinstance(v, int) for v in value):
        if not value:
            return Markup("none")
        return escape("player" if len(value) == 1 else "players") + Markup(" ") + escape(
            " and ".join(str(v + 1) for v in value))
    if key in _ONE_PLAYER and isinstance(value, int) and not isinstance(value, bool):
        return escape(f"player {value + 1}")
    if key == "decided_by" and isinstance(value, int) and not isinstance(value, bool):
        return escape({1: "the best card", 2: "the second card", 3: "the third card"}.get(value, str(value)))
    if key == "odd_to" and isinstance(value, str):  # 3 Chip Stack's odd chips, under a house reading
        return escape(_ODD_TO.get(value, value))
    return value_html(value)


def humanize(key: str) -> str:
    """``caller_groups`` -> ``Caller groups``."""
    words = str(key).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def as_cards(value: Any) -> list[Card] | None:
    """``value`` read as a list of cards, or None when it is something else."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
        if not value:
            return None
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return None
    try:
        return [parse_card(v) for v in value]
    except RulebookError:
        return None


def value_html(value: Any) -> Markup:
    """Any value of an example drawn for people: cards as faces, groups of cards as groups,
    ``None`` as "none", booleans as yes/no, mappings as nested lists."""
    cards = as_cards(value) if not isinstance(value, str) or " " in value or len(value) <= 3 else None
    if cards is not None:
        return cards_html(cards)
    if value is None:
        return Markup('<span class="value-none">none</span>')
    if isinstance(value, bool):
        return Markup("yes" if value else "no")
    if isinstance(value, (int, float, str)):
        return escape(str(value))
    if isinstance(value, list):
        if all(as_cards(v) is not None for v in value) and value:
            return Markup('<span class="card-groups">{}</span>').format(
                Markup(" ").join(cards_html(as_cards(v) or []) for v in value)
            )
        return Markup(", ").join(value_html(v) for v in value) if value else Markup("none")
    if isinstance(value, Mapping) and value.get("kind") in ("set", "run") and "cards" in value:
        group = _chips_group(value)
        if group is not None:  # a Chips group as laid down: its cards and what it is, in words
            return Markup('<span class="rb-group">{} <span class="rb-group__words">({})</span></span>').format(
                cards_html(group.cards), group.describe())
    if isinstance(value, Mapping):
        rows = Markup("").join(
            Markup("<li><span class=\"fact-key\">{}:</span> {}</li>").format(humanize(k), value_html(v))
            for k, v in value.items()
        )
        return Markup('<ul class="fact-list">{}</ul>').format(rows)
    return escape(repr(value))


def _chips_group(value: Mapping[str, Any]) -> Any:
    from .engine.games.chips import parse_group

    try:
        return parse_group(dict(value))
    except RulebookError:
        return None


def to_json(value: Any) -> str:
    """Compact JSON for ``data-*`` attributes (escaped by the template like any text)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


# --------------------------------------------------------------------------- Jinja


@lru_cache(maxsize=1)
def template_env() -> jinja2.Environment:
    """The Jinja environment of the partials: autoescape on, undefined names are errors."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters["text"] = _text_filter
    env.filters["card"] = card_html
    env.filters["cards"] = cards_html
    env.filters["value"] = value_html
    env.filters["tojson_attr"] = to_json
    env.filters["humanize"] = humanize
    env.filters["plain"] = _plain_filter
    env.globals["example_facts"] = example_facts
    env.filters["fact"] = lambda value, key: fact_html(key, value)
    env.globals["rule_numbers"] = rule_numbers
    env.globals["sample_round"] = _sample_round
    env.globals["house_wordings"] = _house_wordings
    return env


def _house_wordings(game: Mapping[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """The other wordings of the game's rule items under its house options (content/house.py)."""
    from .content.house import wordings_of

    return wordings_of(game)


def _sample_round(game: Mapping[str, Any]) -> Any:
    """The game's sample round replayed by the engine (generator/content/samples.py), or None."""
    from .content.samples import sample_round

    return sample_round(str(game["id"]), game)


@jinja2.pass_context
def _text_filter(context: jinja2.runtime.Context, text: str) -> Markup:
    refs = context.get("refs")
    return render_text(text, refs)


@jinja2.pass_context
def _plain_filter(context: jinja2.runtime.Context, text: str) -> str:
    return plain_text(text, context.get("refs"))


def render_partial(name: str, **context: Any) -> Markup:
    """Render ``templates/<name>`` (e.g. ``partials/rules.html``) with ``context``.

    Partials expect ``game`` (a game dict) and ``refs`` (from :func:`game_refs`); some take
    ``games``, ``level`` (the heading level of their inner headings, 3 by default) and
    ``root`` (the site root relative to the page, for links such as the PDFs) and ``site_url``
    (the absolute address of the site, printed after the PDF links on paper).
    """
    context.setdefault("level", 3)
    context.setdefault("root", "")
    context.setdefault("site_url", "")
    try:
        html = template_env().get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as error:
        where = _template_name(error.filename) or error.name or name
        raise RenderError(f"template {where}:{error.lineno}: {error.message}") from error
    except jinja2.TemplateError as error:
        message = error.message if isinstance(error, jinja2.UndefinedError) else str(error)
        raise RenderError(f"template {_failing_template(error) or name}: {message}") from error
    return Markup(html)


def _template_name(filename: str | None) -> str | None:
    """``partials/hero.html`` for a file under ``templates/``, else None."""
    if not filename:
        return None
    try:
        return Path(filename).resolve().relative_to(TEMPLATES).as_posix()
    except ValueError:
        return None


def _failing_template(error: BaseException) -> str | None:
    """The innermost template in the traceback, with its line: the partial that failed, not the
    page or booklet that included it (Jinja's tracebacks carry template file names and lines)."""
    found = None
    tb = error.__traceback__
    while tb is not None:
        template = _template_name(tb.tb_frame.f_code.co_filename)
        if template is not None:
            found = f"{template}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found
