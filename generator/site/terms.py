"""Glossary words explained where they are used (issue 14): the first use of each glossary term in
a rule, a round step or a quick-start step is wrapped in ``<abbr class="rb-term" title="...">``.

``docs/assets/js/terms.js`` shows a word's meaning beside it on hover and on focus; ``tabindex="0"``
makes the word focusable, so a tap on a phone and the Tab key show it too, and the word points
``aria-describedby`` at the meaning while it shows, so a screen reader reads it. Without scripts the
``title`` stays: the browser's own tooltip. The meanings come from the game's ``glossary:`` in rules-data/ and nowhere else.

Only the site does this: the partials call ``gloss`` when the site hands it in (generator/site/macros.py),
and paper, which has its glossary on the page, renders the same partials without it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..render import plain_text

#: A tag, or the text between tags, of rendered rule text (render.render_text: escaped text, card spans, links).
_PIECES = re.compile(r"(<[^>]*>)")


@dataclass(frozen=True)
class Term:
    """One glossary entry: the word as the glossary spells it, what it means, and how to find it in text."""

    term: str
    meaning: str
    pattern: re.Pattern[str]


def _pattern(term: str) -> re.Pattern[str]:
    """The term and its plural (``set``/``sets``, ``wild``/``wilds``, ``loose card``/``loose cards``), as
    whole words, in any case; spaces match any run of spaces (folded YAML)."""
    words = [re.escape(w) for w in term.split()]
    body = r"\s+".join(words)
    return re.compile(rf"(?<![\w-])({body}(?:e?s)?)(?![\w-])", re.IGNORECASE)


def terms_of(game: Mapping[str, Any]) -> list[Term]:
    """The glossary of one game, longest terms first (so "Discard pile" wins over "Pile")."""
    entries = [
        Term(str(e["term"]), plain_text(str(e["text"])), _pattern(str(e["term"])))
        for e in game.get("glossary") or []
    ]
    return sorted(entries, key=lambda t: -len(t.term))


def wrap_terms(html: str, terms: Sequence[Term], game_name: str) -> Markup:
    """``html`` (rendered rule text) with the first use of each term wrapped in its ``abbr``.

    Only text between tags is looked at, never inside a link (a word in a link is the link's) or a
    card face; a use that is part of the game's name ("Chips is for two...", "3 Chip Stack") is not
    the term, nor a capitalised word that opens a cross-reference ("See rule 2.3" is not "see")."""
    pieces = _PIECES.split(str(html))
    done: set[str] = set()
    in_link = 0
    out: list[str] = []
    for index, piece in enumerate(pieces):
        if piece.startswith("<"):
            if re.match(r"<a[\s>]", piece):
                in_link += 1
            elif piece.startswith("</a"):
                in_link = max(0, in_link - 1)
            out.append(piece)
            continue
        if in_link or not piece:
            out.append(piece)
            continue
        following = pieces[index + 1] if index + 1 < len(pieces) else ""
        out.append(_wrap_text(piece, terms, done, game_name, following))
    return Markup("".join(out))


def _wrap_text(text: str, terms: Sequence[Term], done: set[str], game_name: str, following: str) -> str:
    """One run of escaped text: each term not yet used in this item wrapped at its first use."""
    taken: list[tuple[int, int, str]] = []  # (start, end, replacement), never overlapping
    names = [(m.start(), m.end()) for m in re.finditer(re.escape(escape(game_name)), text)]
    for term in terms:
        if term.term.lower() in done:
            continue
        for match in term.pattern.finditer(text):
            start, end = match.span(1)
            if any(s <= start < e or s < end <= e for s, e in names):
                continue  # the game's name, not the word
            if any(s < end and start < e for s, e, _ in taken):
                continue  # inside a longer term already wrapped
            word = match.group(1)
            if word[:1].isupper() and text[end:].strip() == "" and following.startswith("<a"):
                continue  # "See [[#id]]": a pointer, not the word
            title = escape(f"{term.term}: {term.meaning}")
            taken.append((start, end, f'<abbr class="rb-term" title="{title}" tabindex="0">{word}</abbr>'))
            done.add(term.term.lower())
            break
    for start, end, replacement in sorted(taken, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text
