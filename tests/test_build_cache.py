"""`make build` reuses its work (issue 26): built twice, the second build makes no PDF and runs no
node for sw.js; after a one-word edit to one game, only that game's PDFs are made; a wrong example
still fails the build however much is cached; and the site still has all 24 PDFs. A build made from
nothing gives the books of this test session's build byte for byte.

The caches, each keyed by what it is made from (an unchanged input reuses, a changed one rebuilds):
the PDFs (generator/print/pdfcache.py: an edit to the web pages' code makes none again) and the
service worker (generator/site/offline.py, ``.cache/sw/``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.print import pdfcache
from generator.print.downloads import downloads
from generator.site import offline
from tests.support.pdf_build import build_once
from tests.support.serving import copy_project, edit

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ["chips", "chains"]
NODE = pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "node_modules/workbox-build").is_dir(),
                          reason="node or node_modules/workbox-build is missing (`make setup`)")


# --------------------------------------------------------------------------- sw.js


def _site(tmp_path: Path) -> Path:
    """A small built site: pages, a stylesheet, a script, the search index, the PDFs."""
    site = tmp_path / "site"
    pdfs = [f["name"] for g in GAME_IDS for f in downloads(g)]
    for rel in ("index.html", "404.html", "chips/index.html", "chains/index.html", "assets/css/rulebook.css",
                "assets/js/offline.js", "assets/javascripts/bundle.min.js.map", "search/search_index.json",
                "sitemap.xml", "sitemap.xml.gz", "manifest.webmanifest", *(f"pdf/{p}" for p in pdfs)):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(f"{rel}\n", encoding="utf-8")
    return site


@pytest.fixture()
def runs(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every time node would run generateSW: a stand-in writes an sw.js naming what it precaches."""
    calls: list[Path] = []

    def generate(site_dir: Path, game_ids: Any = None, *, config: dict[str, Any], tools: Any) -> dict[str, Any]:
        calls.append(site_dir)
        urls = sorted(p.relative_to(site_dir).as_posix() for p in offline.precache_candidates(site_dir, config["precache"]))
        (site_dir / "sw.js").write_text(f"// {len(calls)}\n" + "\n".join(urls), encoding="utf-8")
        return {"count": len(urls), "size": 1, "warnings": [], "urls": urls}

    monkeypatch.setattr(offline, "generate", generate)
    return calls


def test_an_unchanged_site_reuses_sw_js_without_running_node(tmp_path: Path, runs: list[Path]) -> None:
    first, again = _site(tmp_path / "a"), _site(tmp_path / "b")  # two builds' folders, the same files
    summary, reused = offline.cached_generate(first, tmp_path, GAME_IDS)
    assert not reused and len(runs) == 1
    summary2, reused2 = offline.cached_generate(again, tmp_path, GAME_IDS)
    assert reused2 and len(runs) == 1
    assert summary2 == {**summary, "sha256": summary2["sha256"]}
    assert (again / "sw.js").read_bytes() == (first / "sw.js").read_bytes()
    assert offline.missing(summary2, again, GAME_IDS) == []


def _new_page(site: Path) -> None:
    (site / "keep-score").mkdir()
    (site / "keep-score" / "index.html").write_text("new\n", encoding="utf-8")


CHANGES: dict[str, Callable[[Path], object]] = {
    "a word on a page": lambda site: (site / "chips" / "index.html").write_text("other words\n", encoding="utf-8"),
    "a new page": _new_page,
    "a script": lambda site: (site / "assets" / "js" / "offline.js").write_text("let a;\n", encoding="utf-8"),
    "a precached PDF": lambda site: (site / "pdf" / "chips.pdf").write_bytes(b"%PDF-other"),
    "a PDF cached when opened": lambda site: (site / "pdf" / "chains-rulebook.pdf").write_bytes(b"%PDF-other"),
    "the 404 page gone": lambda site: (site / "404.html").unlink(),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_changed_file_of_the_site_makes_sw_js_again(tmp_path: Path, runs: list[Path], change: str) -> None:
    offline.cached_generate(_site(tmp_path / "a"), tmp_path, GAME_IDS)
    site = _site(tmp_path / "b")
    CHANGES[change](site)
    _summary, reused = offline.cached_generate(site, tmp_path, GAME_IDS)
    assert not reused and len(runs) == 2
    assert (site / "sw.js").read_text(encoding="utf-8").startswith("// 2\n")


def test_other_games_make_sw_js_again(tmp_path: Path, runs: list[Path]) -> None:
    offline.cached_generate(_site(tmp_path / "a"), tmp_path, GAME_IDS)
    _summary, reused = offline.cached_generate(_site(tmp_path / "b"), tmp_path, ["chips"])
    assert not reused and len(runs) == 2


def test_a_file_no_precache_glob_matches_changes_nothing(tmp_path: Path, runs: list[Path]) -> None:
    offline.cached_generate(_site(tmp_path / "a"), tmp_path, GAME_IDS)
    site = _site(tmp_path / "b")
    (site / "sitemap.xml.gz").write_bytes(b"another build time")  # MkDocs stamps it with the clock
    (site / "assets" / "javascripts" / "bundle.min.js.map").write_text("{}", encoding="utf-8")
    assert offline.cached_generate(site, tmp_path, GAME_IDS)[1]
    assert len(runs) == 1


def test_a_cut_short_entry_is_made_again(tmp_path: Path, runs: list[Path]) -> None:
    offline.cached_generate(_site(tmp_path / "a"), tmp_path, GAME_IDS)
    [entry] = [p for p in (tmp_path / offline.SW_CACHE).iterdir() if not p.name.startswith(".")]
    (entry / "sw.js").write_bytes((entry / "sw.js").read_bytes()[:-3])
    site = _site(tmp_path / "b")
    assert not offline.cached_generate(site, tmp_path, GAME_IDS)[1]
    assert len(runs) == 2
    assert offline.cached_generate(_site(tmp_path / "c"), tmp_path, GAME_IDS)[1]  # stored whole again


def test_only_the_newest_entries_are_kept(tmp_path: Path, runs: list[Path]) -> None:
    for n in range(offline.SW_KEEP + 2):
        site = _site(tmp_path / str(n))
        (site / "index.html").write_text(f"edition {n}\n", encoding="utf-8")
        offline.cached_generate(site, tmp_path, GAME_IDS)
    assert len([p for p in (tmp_path / offline.SW_CACHE).iterdir() if p.is_dir()]) == offline.SW_KEEP


@NODE
def test_the_kept_sw_js_is_the_one_node_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _site(tmp_path / "a")
    summary, reused = offline.cached_generate(first, tmp_path, GAME_IDS)
    assert not reused and "pdf/chips.pdf" in summary["urls"]

    def no_node(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("node ran for an unchanged site")

    monkeypatch.setattr(offline, "generate", no_node)
    again = _site(tmp_path / "b")
    assert offline.cached_generate(again, tmp_path, GAME_IDS)[1]
    assert (again / "sw.js").read_bytes() == (first / "sw.js").read_bytes()
    monkeypatch.undo()
    fresh = _site(tmp_path / "c")
    offline.generate(fresh, GAME_IDS)
    assert (fresh / "sw.js").read_bytes() == (first / "sw.js").read_bytes()


# --------------------------------------------------------------------------- the PDFs' key


@pytest.fixture()
def generator_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of generator/ that the PDFs' key is taken over."""
    copy = tmp_path / "generator"
    shutil.copytree(ROOT / "generator", copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pdfcache, "_GENERATOR", copy)
    return copy


@pytest.mark.parametrize("rel", ["site/hooks.py", "site/offline.py", "build.py", "cli.py"])
def test_an_edit_to_the_pages_code_makes_no_pdf_again(generator_copy: Path, rel: str) -> None:
    before = pdfcache.shared_digest(ROOT)
    with (generator_copy / rel).open("a", encoding="utf-8") as f:
        f.write("\n# an edit\n")
    assert pdfcache.shared_digest(ROOT) == before


@pytest.mark.parametrize("rel", ["print/booklets.py", "print/book.css", "templates/pdf/rulebook.html",
                                 "templates/partials/rules.html", "render.py", "content/loader.py",
                                 "engine/cards.py"])
def test_an_edit_to_what_the_pdfs_are_made_from_makes_them_again(generator_copy: Path, rel: str) -> None:
    before = pdfcache.shared_digest(ROOT)
    with (generator_copy / rel).open("a", encoding="utf-8") as f:
        f.write("\n")
    assert pdfcache.shared_digest(ROOT) != before


# --------------------------------------------------------------------------- whole builds


def _run(copy: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1764374400")
    env.pop("PYTHONPATH", None)
    env.pop(pdfcache.CACHE_ENV, None)  # the copy's own .cache/pdf/, empty at first
    return subprocess.run([sys.executable, "-m", "generator", "build", "--site-dir", str(site)], cwd=copy,
                          env=env, capture_output=True, text=True, timeout=3600, check=False)


def _build(copy: Path, site: Path) -> str:
    """The build's one line about the PDFs."""
    result = _run(copy, site)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("PDFs: ")]
    assert len(lines) == 1, result.stdout
    assert len(list((site / "pdf").glob("*.pdf"))) == len(_every_pdf())
    return lines[0]


def _every_pdf() -> list[str]:
    """Every PDF a build writes: each game's downloads, as "Keep & share" lists them (the bleed
    copies of issue 40 included), read from the code, not counted here."""
    from generator.content.loader import load_games
    from generator.print.downloads import downloads

    return [f["name"] for g in load_games(ROOT) for f in downloads(g.data)]


@pytest.mark.slow
def test_a_second_build_makes_no_pdf_and_an_edit_only_that_games(tmp_path: Path) -> None:
    copy = copy_project(tmp_path / "project")
    site = tmp_path / "site"
    # Four parts a game (its A5 book, Letter book, card box, sheets), for every game of rules-data/ (issue 38).
    from generator.content.loader import load_games

    parts = 4 * len(load_games(ROOT))
    assert _build(copy, site).startswith(f"PDFs: made {parts} of {parts} parts")
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    # Two whole builds make the same books byte for byte: this one, made from nothing in other processes,
    # and the one this test session made (tests/support/pdf_build.py, the same date).
    session = build_once()
    books = sorted(p.name for p in session.iterdir())
    assert len(books) == len([n for n in _every_pdf() if "-score-" not in n])  # the books, not the score sheets
    assert [n for n in books if first[Path("pdf", n)] != (session / n).read_bytes()] == []
    assert _build(copy, site) == f"PDFs: all {parts} parts from .cache/pdf/, none made"
    # The second build is the first, byte for byte, sw.js included.
    assert {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()} == first
    edit(copy / "rules-data" / "chains.yaml", "or the same suit", "or the matching suit")
    assert _build(copy, site) == (f"PDFs: made 4 of {parts} parts (chains book-a5, chains book-letter, chains cards, "
                                 f"chains sheets), {parts - 4} from .cache/pdf/")
    after = {p.name: p.read_bytes() for p in (site / "pdf").glob("*.pdf")}
    pdfs = {p.name: data for p, data in first.items() if p.parts[0] == "pdf"}
    assert sorted(n for n in pdfs if pdfs[n] != after[n] and not n.startswith("chains")) == []
    assert any(pdfs[n] != after[n] for n in pdfs if n.startswith("chains"))
    assert (site / "sw.js").read_bytes() != first[Path("sw.js")]  # the new pages are precached anew
    # Everything is cached now, and a wrong worked example still fails the build, naming its line;
    # the last good site stays.
    edit(copy / "rules-data" / "chips.yaml", "claim: {score: 5, loose: [5D]}", "claim: {score: 6, loose: [5D]}")
    failed = _run(copy, site)
    assert failed.returncode == 2, failed.stdout + failed.stderr
    assert "rules-data/chips.yaml:" in failed.stderr and "Traceback" not in failed.stderr
    assert {p.name: p.read_bytes() for p in (site / "pdf").glob("*.pdf")} == after


# --------------------------------------------------------------------------- the compiled partials


def test_the_partials_are_compiled_once_and_again_when_one_is_edited(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import jinja2

    from generator.render import template_env
    from generator.site.macros import _keep_compiled

    env = template_env()
    monkeypatch.setattr(env, "bytecode_cache", env.bytecode_cache)  # put back after the test
    _keep_compiled(tmp_path)
    folder = tmp_path / ".cache" / "jinja-partials"
    assert isinstance(env.bytecode_cache, jinja2.FileSystemBytecodeCache)
    fresh = env.overlay(cache_size=0)  # every get_template loads again: from the kept bytecode
    first = fresh.get_template("partials/card.html").render(code="8H", card=None)
    assert list(folder.iterdir())
    kept = {p: p.read_bytes() for p in folder.iterdir()}
    assert fresh.get_template("partials/card.html").render(code="8H", card=None) == first
    assert {p: p.read_bytes() for p in folder.iterdir()} == kept  # reused, not compiled again
    # An edited template is compiled again, never served from the old bytecode.
    templates = tmp_path / "templates"
    templates.mkdir()
    edited = env.overlay(loader=jinja2.FileSystemLoader(str(templates)), cache_size=0)
    (templates / "t.html").write_text("before {{ x }}", encoding="utf-8")
    assert edited.get_template("t.html").render(x=1) == "before 1"
    (templates / "t.html").write_text("after {{ x }}", encoding="utf-8")
    assert edited.get_template("t.html").render(x=1) == "after 1"
