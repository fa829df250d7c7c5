"""Our own words: no page repeats more than eleven words in a row of a write-up (issue 23).

The seeds in /work/shared/seeds/ are facts to carry, not text to paste. Quoted or not, no run of
twelve consecutive words of a write-up may appear in a game file's text (the fast test, every
string of rules-data/<game>.yaml) or on any built page or PDF text layer (the slow test). Words
are compared lower-cased, with punctuation, card tokens and links set aside, so changing a comma
does not make a copied sentence our own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.pdf_build import page_texts
from tests.test_facts import page_text

ROOT = Path(__file__).resolve().parent.parent
#: The write-ups beside the project (../shared/seeds), or where this machine keeps them.
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()),
             ROOT.parent / "shared" / "seeds")
RUN = 12  # the shortest run of a write-up's words that counts as copied


def words(text: str) -> list[str]:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"\[\[#[^\]]+\]\]", " xlinkx ", text)  # a link breaks a run (a word no write-up has)
    text = re.sub(r"\[\[([^\]]+)\]\]", r" \1 ", text)
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def _seed_runs() -> set[tuple[str, ...]]:
    files = sorted(SEEDS.glob("0*.txt"))
    if not files:
        pytest.skip(f"the write-ups are not at {SEEDS}")
    return set().union(*(runs(p.read_text(encoding="utf-8")) for p in files))


def _strings(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, f"{path}[{i}]")


def copied(text: str, seeds: set[tuple[str, ...]]) -> str | None:
    """The first run of a write-up's words in ``text``, grown to its full length, or None."""
    w = words(text)
    for i in range(len(w) - RUN + 1):
        if tuple(w[i:i + RUN]) in seeds:
            end = i + RUN
            while end < len(w) and tuple(w[end - RUN + 1:end + 1]) in seeds:
                end += 1
            return " ".join(w[i:end])
    return None


@pytest.mark.parametrize("path", sorted((ROOT / "rules-data").glob("*.yaml")), ids=lambda p: p.stem)
def test_game_file_repeats_no_long_run_of_a_write_up(path: Path) -> None:
    seeds = _seed_runs()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = [f"{where}: {run!r}" for where, text in _strings(data) if (run := copied(text, seeds))]
    assert not found, f"{path.name} repeats a write-up word for word:\n" + "\n".join(found)


def test_the_check_finds_a_copied_sentence_and_lets_a_short_quote_be() -> None:
    seeds = runs("The player left of the dealer can now stack 3 chips in the middle and if he wants")
    assert copied("so the player left of the dealer can now stack 3 chips in the middle, then", seeds)
    assert copied("the player left of the dealer can now stack 3 chips", seeds) is None  # eleven words
    assert copied("The player, left of the [[#x-deal]] dealer can now stack 3 chips in the middle", seeds) is None


@pytest.mark.slow
def test_no_built_page_or_pdf_repeats_a_long_run_of_a_write_up(built_site: Path) -> None:
    seeds = _seed_runs()
    found = []
    for page in sorted(built_site.rglob("*.html")):
        run = copied(page_text(page.read_text(encoding="utf-8")), seeds)
        if run:
            found.append(f"{page.relative_to(built_site)}: {run!r}")
    for pdf in sorted((built_site / "pdf").glob("*.pdf")):
        text = " ".join(page_texts(pdf))
        run = copied(text.replace("-\n", ""), seeds)
        if run:
            found.append(f"{pdf.name}: {run!r}")
    assert not found, "\n".join(found)
