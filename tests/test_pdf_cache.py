"""The PDF cache (generator/print/pdfcache.py, issue 26): a part is found again only when nothing
it is made from changed, a one-word edit to one game changes only that game's keys, and an entry
cut short or edited is removed and made again, never served."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.loader import load_games
from generator.print import pdfcache

ROOT = Path(__file__).resolve().parent.parent
#: The parts that make a game's books (every part but its score sheets), sorted.
BOOKS = sorted(part for part in pdfcache.PARTS if part != "sheets")


def _copy(dest: Path) -> Path:
    """What the keys read: the game files, the fonts, pyproject.toml (the generator is the project's)."""
    shutil.copytree(ROOT / "rules-data", dest / "rules-data")
    shutil.copytree(ROOT / "docs" / "assets" / "fonts", dest / "docs" / "assets" / "fonts")
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    return dest


def _pdf(text: str) -> bytes:
    return b"%PDF-1.7\n" + text.encode() + b"\n%%EOF\n"


def _part(game: str = "chips", part: str = "sheets", key: str = "k" * 40) -> pdfcache.Part:
    return pdfcache.Part(game, part, key)


def _files(part: pdfcache.Part) -> dict[str, bytes]:
    return {name: _pdf(name) for name in pdfcache.file_names(part.game_id, part.part)}


@pytest.fixture(autouse=True)
def _fixed_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764374400")
    monkeypatch.delenv("RULEBOOK_HOUSE", raising=False)
    monkeypatch.delenv(pdfcache.CACHE_ENV, raising=False)  # each test's cache under its tmp_path


def test_a_cache_named_by_the_environment_is_used_and_named_in_the_log(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    part = _part()
    monkeypatch.setenv(pdfcache.CACHE_ENV, str(tmp_path / "shared"))
    stored = pdfcache.store(tmp_path / "a", part, _files(part))
    assert stored["chips-score-a4.pdf"].is_relative_to(tmp_path / "shared")
    assert pdfcache.lookup(tmp_path / "b", part) == stored  # another copy of the project finds it
    assert pdfcache.summary([], 6) == f"all 6 parts from {tmp_path / 'shared'}/, none made"
    monkeypatch.delenv(pdfcache.CACHE_ENV)
    assert pdfcache.lookup(tmp_path / "b", part) is None
    assert pdfcache.summary([], 6) == "all 6 parts from .cache/pdf/, none made"


def test_the_entries_kept_are_the_newest_used(tmp_path: Path) -> None:
    parts = [_part(key=f"{n:040d}") for n in range(pdfcache.KEEP + 1)]
    for n, part in enumerate(parts[:-1]):
        folder = pdfcache.store(tmp_path, part, _files(part))["chips-score-a4.pdf"].parent
        os.utime(folder, (1_000_000_000 + n, 1_000_000_000 + n))
    assert pdfcache.lookup(tmp_path, parts[0]) is not None  # the oldest made, used again now
    pdfcache.store(tmp_path, parts[-1], _files(parts[-1]))
    assert pdfcache.lookup(tmp_path, parts[0]) is not None
    assert pdfcache.lookup(tmp_path, parts[1]) is None  # the least recently used went


def test_a_stored_part_is_found_with_its_key_only(tmp_path: Path) -> None:
    part = _part()
    stored = pdfcache.store(tmp_path, part, _files(part))
    assert sorted(stored) == ["chips-score-a4.pdf", "chips-score-letter.pdf"]
    found = pdfcache.lookup(tmp_path, part)
    assert found is not None and {n: p.read_bytes() for n, p in found.items()} == _files(part)
    assert pdfcache.lookup(tmp_path, _part(key="j" * 40)) is None
    assert pdfcache.lookup(tmp_path, _part(game="chains")) is None


@pytest.mark.parametrize("damage", ["cut short", "edited", "no manifest", "a file missing", "not a pdf"])
def test_a_damaged_entry_is_never_served_and_is_removed(tmp_path: Path, damage: str) -> None:
    part = _part()
    stored = pdfcache.store(tmp_path, part, _files(part))
    first = stored["chips-score-a4.pdf"]
    folder = first.parent
    if damage == "cut short":
        first.write_bytes(first.read_bytes()[:12])
    elif damage == "edited":
        first.write_bytes(first.read_bytes().replace(b"chips", b"chaps"))
    elif damage == "no manifest":
        (folder / "manifest.json").unlink()
    elif damage == "a file missing":
        first.unlink()
    else:  # a file that is whole by its manifest but no PDF (a manifest written after it)
        first.write_bytes(b"<html>")
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        import hashlib

        manifest["files"][first.name] = hashlib.sha256(b"<html>").hexdigest()
        (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert pdfcache.lookup(tmp_path, part) is None
    assert not folder.exists()
    assert pdfcache.latest(tmp_path, "chips", "sheets") is None


def test_the_latest_entry_is_the_newest_whole_one(tmp_path: Path) -> None:
    old, new = _part(key="a" * 40), _part(key="b" * 40)
    pdfcache.store(tmp_path, old, _files(old))
    stored = pdfcache.store(tmp_path, new, _files(new))
    os.utime(stored["chips-score-a4.pdf"].parent, (2_000_000_000, 2_000_000_000))
    latest = pdfcache.latest(tmp_path, "chips", "sheets")
    assert latest is not None and latest["chips-score-a4.pdf"].parent.name == f"sheets-{'b' * 40}"


def test_only_the_newest_entries_are_kept(tmp_path: Path) -> None:
    for n in range(pdfcache.KEEP + 2):
        part = _part(key=f"{n:040d}")
        folder = pdfcache.store(tmp_path, part, _files(part))["chips-score-a4.pdf"].parent
        os.utime(folder, (1_000_000_000 + n, 1_000_000_000 + n))
    assert len(list((tmp_path / pdfcache.CACHE_DIR / "chips").glob("sheets-*"))) == pdfcache.KEEP


def test_an_entry_used_within_the_hour_is_never_removed(tmp_path: Path) -> None:
    # A build that looked an entry up may still be copying it while other builds sharing the cache
    # store newer ones: the entries past KEEP go only once nobody has used them for an hour.
    folders = []
    for n in range(pdfcache.KEEP + 2):
        part = _part(key=f"{n:040d}")
        folders.append(pdfcache.store(tmp_path, part, _files(part))["chips-score-a4.pdf"].parent)
    assert all(f.is_dir() for f in folders)  # all used just now: none removed
    for n, folder in enumerate(folders[:-1]):
        os.utime(folder, (1_000_000_000 + n, 1_000_000_000 + n))  # long unused
    part = _part(key="f" * 40)
    pdfcache.store(tmp_path, part, _files(part))
    assert [f.is_dir() for f in folders] == [False, False, False, True, True]  # the newest used KEEP stay


def test_a_one_word_edit_changes_only_that_games_keys(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "project")
    before = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    assert pdfcache.plan(copy, load_games(copy)) == pdfcache.plan(copy, load_games(copy))  # stable
    chains = copy / "rules-data" / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    # A word of a rule's text (not a name or an id the other games link to).
    assert " the " in text
    chains.write_text(text.replace(" the ", " THE ", 1), encoding="utf-8")
    after = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == [("chains", "book-a5"), ("chains", "book-letter"), ("chains", "cards"), ("chains", "sheets")]


@pytest.mark.parametrize("what", ["a font", "the edition's date"])
def test_what_every_pdf_is_made_from_changes_every_key(tmp_path: Path, what: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    copy = _copy(tmp_path / "project")
    before = pdfcache.plan(copy, load_games(copy))
    if what == "a font":
        font = next((copy / "docs" / "assets" / "fonts").glob("*.ttf"))
        font.write_bytes(font.read_bytes() + b"\0")
    else:
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764374401")
    after = pdfcache.plan(copy, load_games(copy))
    assert all(a.key != b.key for a, b in zip(before, after, strict=True))


@pytest.mark.parametrize(("house", "changed"), [
    ("chips:\n  k-a-2: group\n", [("chips", part) for part in BOOKS]),
    ("chips: {k-a-2: group}\n3-chip-stack: {odd-chip: dealer}\n",
     [("3-chip-stack", part) for part in BOOKS] + [("chips", part) for part in BOOKS]),
    ("chips: {}\n", []),
])
def test_a_family_edition_makes_again_only_the_books_its_house_rules_change(tmp_path: Path, house: str,
                                                                             changed: list[tuple[str, str]],
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    copy = _copy(tmp_path / "project")
    before = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    path = tmp_path / "ours.yaml"
    path.write_text(house, encoding="utf-8")
    monkeypatch.setenv("RULEBOOK_HOUSE", str(path))
    after = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    assert sorted(k for k in before if before[k] != after[k]) == changed


def test_a_name_changes_the_keys_of_its_game_and_of_the_games_whose_files_name_its_ids(tmp_path: Path) -> None:
    """A game's PDFs show another game only through ids of it the game's file names (a link's
    address and label, "Chains rule 2.3"); the loader allows links only within a file today, so a
    comment naming an id stands in for one. A game nothing names is not a part of the others' keys:
    adding or renaming it makes no other game's PDFs again."""
    copy = _copy(tmp_path / "project")
    chips = copy / "rules-data" / "chips.yaml"
    chips.write_text(chips.read_text(encoding="utf-8") + "# Compare chains-run.\n", encoding="utf-8")
    before = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    chains = copy / "rules-data" / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    assert "\nname: Chains\n" in text and "id: chains-run\n" in text
    chains.write_text(text.replace("\nname: Chains\n", "\nname: Chain Gang\n"), encoding="utf-8")
    after = {(p.game_id, p.part): p.key for p in pdfcache.plan(copy, load_games(copy))}
    assert sorted({game for game, part in before if before[game, part] != after[game, part]}) == ["chains", "chips"]
    assert all(before[k] != after[k] for k in before if k[0] in ("chains", "chips"))


def test_a_failed_part_is_one_line_and_stores_nothing(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "project")
    (copy / "generator").symlink_to(ROOT / "generator", target_is_directory=True)
    missing = pdfcache.Part("no-such-game", "cards", "c" * 40)
    with pytest.raises(pdfcache.PdfCacheError) as caught:
        pdfcache.render_missing(copy, [missing])
    assert "no-such-game" in str(caught.value) and "\n" not in str(caught.value)
    assert not (copy / pdfcache.CACHE_DIR / "no-such-game").exists() or not any(
        (copy / pdfcache.CACHE_DIR / "no-such-game").glob("cards-*"))


def test_the_parts_after_a_failed_one_are_still_made_by_the_workers(tmp_path: Path) -> None:
    """Three parts on the workers (one per core): the failed one first, as the biggest; the score sheets of
    two games after it, made and stored all the same, and the failure still said."""
    copy = _copy(tmp_path / "project")
    (copy / "generator").symlink_to(ROOT / "generator", target_is_directory=True)
    games = load_games(copy)
    sheets = [part for part in pdfcache.plan(copy, games) if part.part == "sheets"][:2]
    assert len(sheets) == 2
    made: list[pdfcache.Part] = []
    with pytest.raises(pdfcache.PdfCacheError, match="no-such-game"):
        pdfcache.render_missing(copy, [*sheets, pdfcache.Part("no-such-game", "book-a5", "c" * 40)], made.append)
    assert sorted(made, key=str) == sorted(sheets, key=str)
    assert all(pdfcache.lookup(copy, part) is not None for part in sheets)


def test_the_worker_command_says_one_line_and_exits_2(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "project")
    (copy / "generator").symlink_to(ROOT / "generator", target_is_directory=True)
    result = subprocess.run([sys.executable, "-m", "generator.print.pdfcache", str(copy), "nope", "sheets", "d" * 40],
                            cwd=copy, capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_parts_run_on_every_core_but_never_more_than_the_jobs() -> None:
    assert pdfcache.workers(1) == 1
    assert 1 <= pdfcache.workers(6) <= max(1, len(os.sched_getaffinity(0)))
