"""`make build` reuses its work (issue 26): built twice, the second build makes no PDF; after a
one-word edit to one game, only that game's PDFs are made; and the site still has all 24."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.serving import copy_project, edit

pytestmark = pytest.mark.slow


def _build(copy: Path, site: Path) -> str:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1764374400")
    env.pop("PYTHONPATH", None)
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--site-dir", str(site)], cwd=copy,
                            env=env, capture_output=True, text=True, timeout=3600, check=False)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("PDFs: ")]
    assert len(lines) == 1, result.stdout
    assert len(list((site / "pdf").glob("*.pdf"))) == 24
    return lines[0]


def test_a_second_build_makes_no_pdf_and_an_edit_only_that_games(tmp_path: Path) -> None:
    copy = copy_project(tmp_path / "project")
    site = tmp_path / "site"
    assert _build(copy, site).startswith("PDFs: made 6 of 6 parts")
    first = {p.name: p.read_bytes() for p in (site / "pdf").glob("*.pdf")}
    assert _build(copy, site) == "PDFs: all 6 parts from .cache/pdf/, none made"
    assert {p.name: p.read_bytes() for p in (site / "pdf").glob("*.pdf")} == first
    edit(copy / "rules-data" / "chains.yaml", "or the same suit", "or the matching suit")
    assert _build(copy, site) == "PDFs: made 2 of 6 parts (chains books, chains sheets), 4 from .cache/pdf/"
    after = {p.name: p.read_bytes() for p in (site / "pdf").glob("*.pdf")}
    assert sorted(n for n in first if first[n] != after[n] and not n.startswith("chains")) == []
    assert any(first[n] != after[n] for n in first if n.startswith("chains"))
