"""`rulebook build` on a bad game file: one line naming file:line, exit code 2, and the site
built before stays exactly as it was (every malformed file of tests/data/malformed/)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_loader import CASES, FOLLOWED_BY_OTHERS, MALFORMED

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _snapshot(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def _rulebook(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1")
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def copy_project(copy: Path) -> Path:
    """The project's sources in ``copy`` (the engine by symlink), to build and break at will."""
    copy.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "docs", "overrides", "rules-data", "pyproject.toml"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, copy / name)
    (copy / "generator").symlink_to(ROOT / "generator", target_is_directory=True)
    return copy


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = copy_project(tmp_path_factory.mktemp("build-errors") / "project")
    result = _rulebook(copy, "build")
    assert result.returncode == 0, result.stderr
    assert (copy / "site" / "chips" / "index.html").is_file()
    assert (copy / "site" / "pdf" / "chips.pdf").is_file()
    return copy


@pytest.mark.parametrize("name", sorted(CASES))
def test_build_with_a_malformed_file_keeps_the_last_good_site(project: Path, name: str) -> None:
    site = project / "site"
    before = _snapshot(site)
    bad = project / "rules-data" / f"{name}.yaml"
    shutil.copy(MALFORMED / f"{name}.yaml", bad)
    try:
        result = _rulebook(project, "build")
    finally:
        bad.unlink()
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    # One mistake, one line; a mistake that leaves others behind it gets them too, then their count (issue 38).
    assert "Traceback" not in result.stderr and (len(lines) == 1 or name in FOLLOWED_BY_OTHERS), result.stderr
    if len(lines) > 1:
        assert lines[-1] == f"rulebook: {len(lines) - 1} mistakes in the game files"
    assert f"rules-data/{name}.yaml:{CASES[name][0]}" in lines[0]
    assert _snapshot(site) == before
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".site")) == []
