"""`rulebook build` and `rulebook pdf` never write over the project (issue 11, item 1): an output
folder that is the project, holds it, lies in a source folder, is a file, or is a non-empty folder
no build made is refused with one line and exit 2, and nothing is touched. A build stopped by
SIGTERM leaves no temporary folder and keeps the last good site."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import BuildError, check_site_dir
from tests.test_build_errors import _rulebook, _snapshot, copy_project

ROOT = Path(__file__).resolve().parent.parent


def _tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (the site excluded) with its hash."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "site" not in p.relative_to(folder).parts}


@pytest.fixture()
def small_project(tmp_path: Path) -> Path:
    """A project folder with sources to lose, and no site yet (the refusals come before any build)."""
    project = tmp_path / "project"
    for name in ("docs", "rules-data", "overrides", ".git", "generator"):
        (project / name).mkdir(parents=True)
        (project / name / "keep.txt").write_text(f"{name} must survive\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    return project


@pytest.mark.parametrize("site_dir", ["", ".", "./", "..", "docs", "rules-data", "overrides", ".git",
                                      "generator", "docs/site", ".git/objects", "mkdocs.yml", "busy"])
def test_build_refuses_an_output_folder_that_would_replace_the_project(small_project: Path, site_dir: str) -> None:
    (small_project / "busy").mkdir()
    (small_project / "busy" / "notes.txt").write_text("not a site\n", encoding="utf-8")
    before = _tree(small_project)
    result = _rulebook(small_project, "build", "--site-dir", site_dir)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rulebook: --site-dir") and "Traceback" not in result.stderr
    assert _tree(small_project) == before
    assert [p.name for p in small_project.iterdir() if p.name.startswith(".site")] == []


def test_build_refuses_the_project_by_absolute_path_and_a_folder_above_it(small_project: Path) -> None:
    for target in (small_project, small_project.parent, Path("/")):
        with pytest.raises(BuildError, match="holds the project"):
            check_site_dir(small_project, target)


def test_build_accepts_an_empty_folder_a_new_folder_and_its_own_site(small_project: Path) -> None:
    (small_project / "empty").mkdir()
    check_site_dir(small_project, small_project / "empty")
    check_site_dir(small_project, small_project / "site")  # does not exist yet
    own = small_project / "old-site"
    own.mkdir()
    (own / "index.html").write_text("<p>old</p>", encoding="utf-8")
    with pytest.raises(BuildError, match="no build made it"):
        check_site_dir(small_project, own)
    (own / ".rulebook-site").write_text("made by a build\n", encoding="utf-8")
    check_site_dir(small_project, own)


@pytest.mark.parametrize("out", ["", ".", "docs", "rules-data/pdf", "generator"])
def test_pdf_refuses_to_write_into_the_project_or_its_sources(small_project: Path, out: str) -> None:
    before = _tree(small_project)
    result = _rulebook(small_project, "pdf", "chips", "--out", out)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert _tree(small_project) == before


@pytest.mark.slow
def test_build_stopped_by_sigterm_leaves_no_temporary_folder_and_keeps_the_site(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    copy = copy_project(tmp_path_factory.mktemp("sigterm") / "project")
    assert _rulebook(copy, "build").returncode == 0
    site = copy / "site"
    assert (site / ".rulebook-site").is_file()  # the next build may replace it
    before = _snapshot(site)
    # A word changed, so this build makes Chains' PDFs again (tens of seconds): with nothing
    # changed, a build takes about a second from its cache (issue 26) and could end before the stop.
    chains = copy / "rules-data" / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    assert "be the first to empty your hand" in text
    chains.write_text(text.replace("be the first to empty your hand", "be first to empty your hand", 1), encoding="utf-8")

    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1")
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build"], cwd=copy, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(p.name.startswith(".site-") for p in copy.iterdir()):
        time.sleep(0.05)
    assert any(p.name.startswith(".site-") for p in copy.iterdir()), "the build never started"
    time.sleep(1.0)  # well inside the build (the pages, then Chains' PDFs)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert [p.name for p in copy.iterdir() if p.name.startswith(".site")] == []
    assert _snapshot(site) == before


_SWALLOWED_STOP = r'''
import os, signal, sys
from pathlib import Path
import generator.build as build
import generator.content.checks as checks
from generator.cli import main

checks.check_project = lambda root: []

class _Collected:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGTERM)  # the handler runs in here: Python swallows its raise

def pages(root, out, *, site_url):
    (out / "index.html").write_text("the new site", encoding="utf-8")
    obj = _Collected()
    del obj
    print("went on after the swallowed stop", flush=True)

build._build_pages = pages
sys.exit(main(["build"]))
'''


def test_a_stop_python_swallows_still_stops_the_build_before_the_swap(tmp_path: Path) -> None:
    # CI saw SIGTERM land inside a weakref callback: Python printed "Exception ignored", the build
    # went on and replaced the site. The request is remembered, so the swap never happens.
    project = tmp_path / "project"
    (project / "rules-data").mkdir(parents=True)
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    site = project / "site"
    site.mkdir()
    (site / ".rulebook-site").write_text("", encoding="utf-8")
    (site / "index.html").write_text("the last good site", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", _SWALLOWED_STOP], check=False, cwd=project, env=env,
                            capture_output=True, text=True, timeout=120)
    assert "went on after the swallowed stop" in result.stdout  # the exception really was swallowed
    assert result.returncode == 128 + signal.SIGTERM, result.stderr
    assert result.stderr.strip().splitlines() == [
        "rulebook: stopped (SIGTERM); nothing half-built was left behind"], result.stderr
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good site"
    assert [p.name for p in project.iterdir() if p.name.startswith(".site")] == []


# --- Issue 24, item 15: paths from another folder than the project's --------------------------


@pytest.mark.parametrize(("where", "out", "source"), [
    ("rules-data", "../docs/zz-pdf", "docs"), ("rules-data", "zz-pdf", "rules-data"),
    ("docs", "../generator/zz", "generator"), ("docs", "site/pdf", "docs"),
])
def test_pdf_run_inside_the_project_refuses_the_sources_before_creating_anything(
        small_project: Path, where: str, out: str, source: str) -> None:
    # Reported: from inside rules-data/, --out ../docs/zz-pdf passed the source-folder check (it
    # was resolved against the current folder as if that were the project), created docs/zz-pdf/,
    # then failed with "missing font file" for a font that exists.
    before = _tree(small_project)
    result = _rulebook(small_project / where, "pdf", "3-chip-stack", "--out", out)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"inside the project's {source}/ folder" in lines[0], lines[0]
    assert _tree(small_project) == before
    assert not (small_project / where / out).exists()


@pytest.mark.parametrize("where", ["", "rules-data", "docs", "docs/assets"])
def test_pdf_finds_the_project_from_any_folder_in_it_and_writes_where_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    # The sources (and so the fonts, docs/assets/fonts/) come from the project, wherever the
    # command runs; --out is a path from the current folder, as the shell completes it.
    from generator.cli import main
    from generator.print import booklets

    project = copy_project(tmp_path / "project")
    calls: list[tuple[Path, str, Path]] = []
    monkeypatch.setattr(booklets, "build_game_pdfs", lambda root, game, out: calls.append((root, game, out)) or [])
    monkeypatch.chdir(project / where)
    out = tmp_path / "elsewhere" / "pdf"
    relative = os.path.relpath(out, project / where)
    assert main(["pdf", "3-chip-stack", "--out", relative]) == 0
    assert [(root, game, Path(at).resolve()) for root, game, at in calls] == [(project, "3-chip-stack", out)]
    assert (project.resolve() / booklets.FONTS_DIR).is_dir()


def test_pdf_outside_any_project_says_so(tmp_path: Path) -> None:
    result = _rulebook(tmp_path, "pdf", "chips", "--out", "pdf")
    assert result.returncode == 2 and "not a rulebook project" in result.stderr
    assert not (tmp_path / "pdf").exists()


@pytest.mark.slow
def test_pdf_from_inside_rules_data_finds_its_fonts(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    result = _rulebook(project / "rules-data", "pdf", "3-chip-stack", "--out", "../../pdf")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "pdf" / "3-chip-stack.pdf").is_file()
