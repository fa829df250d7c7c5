"""`mkdocs serve` in a copy of the project, for tests/test_serve.py and bench/bench_build.py
(issue 26): start it, edit a game file, and time how long the open page takes to show the edit."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = ("mkdocs.yml", "docs", "overrides", "rules-data", "generator", "pyproject.toml")


def copy_project(copy: Path) -> Path:
    """The project's sources in ``copy``: a snapshot (the generator too), so edits to the shared
    working tree never rebuild the copy's server."""
    copy.mkdir(parents=True, exist_ok=True)
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, copy / name)
    if (ROOT / "node_modules").is_dir():  # esbuild and Workbox (generator/site/node.py looks beside the project)
        (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return copy


class Server:
    def __init__(self, proc: subprocess.Popen[str], log: Path, url: str) -> None:
        self.proc, self.log, self.url = proc, log, url

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, pattern: str, after: int = 0, timeout: float = 600) -> re.Match[str]:
        """The first match of ``pattern`` in the server's output after character ``after``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.text()[after:])
            if found:
                return found
            if self.proc.poll() is not None:
                raise AssertionError(f"mkdocs serve ended ({self.proc.returncode}):\n{self.text()[-3000:]}")
            time.sleep(0.1)
        raise AssertionError(f"no {pattern!r} from mkdocs serve within {timeout} s:\n{self.text()[-3000:]}")


@contextmanager
def serving(copy: Path, port: int) -> Iterator[Server]:
    """``mkdocs serve`` of ``copy`` on 127.0.0.1:``port``, until the block ends."""
    log = copy / "serve.log"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "1764374400"),
               RULEBOOK_SITE_URL=f"http://127.0.0.1:{port}/")
    env.pop("PYTHONPATH", None)
    env.pop("RULEBOOK_PDF_CACHE", None)  # the copy's own .cache/pdf/, empty at first: PDFs are made while it serves
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                                cwd=copy, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
    server = Server(proc, log, f"http://127.0.0.1:{port}/")
    try:
        server.wait_for(r"Serving on")
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        _end_pdf_workers(copy)


def _end_pdf_workers(copy: Path) -> None:
    """The background PDF processes of this copy's server (found by the copy's path in their command)."""
    for pid_dir in Path("/proc").iterdir():
        if not pid_dir.name.isdigit():
            continue
        try:
            cmd = (pid_dir / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"generator.print.pdfcache" in cmd and str(copy.resolve()).encode() in cmd:
            try:
                os.kill(int(pid_dir.name), 15)
            except OSError:
                pass


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def time_to_show(page: Any, path: Path, old: str, new: str, timeout_ms: float = 600_000) -> float:
    """Seconds from saving ``path`` with ``old`` replaced by ``new`` until the open page's text holds
    ``new`` (the reload included)."""
    start = time.monotonic()
    edit(path, old, new)
    page.wait_for_function("(word) => document.body && document.body.innerText.includes(word)", arg=new,
                           timeout=timeout_ms, polling=50)
    return time.monotonic() - start
