"""MkDocs hook (``hooks:`` in mkdocs.yml, after styles.py, before offline.py): the project's own
scripts and its one stylesheet are sent minified (issue 15).

The sources under ``docs/assets/`` stay as written, comments and all; what a phone downloads is
the built copy with the comments and the spacing taken out. Measured on /chips/ (gzipped): the
stylesheet 15.1 -> 8.4 KB (it is render-blocking, so this is also time to first paint), the scripts
27.2 -> 17.3 KB.

esbuild (npm ``esbuild``, pinned in package.json) does it, one call for every file, in place:
whitespace and syntax only. Names are kept (``--minify-identifiers`` would save 1.4 KB more), so a
stack trace from a family's phone still names our functions, and nothing reads differently but
the layout. The built modules answer exactly as the sources do: ``tests/test_minify.py`` runs the
engines of a built site and of ``docs/`` on the same generated inputs.

Not under ``mkdocs serve`` (``make serve``): there the browser shows the sources as written.
offline.py must come after this hook, so the precache's revisions are those of the files sent.
"""

from __future__ import annotations

import logging
import re
import subprocess
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

# A child of the "mkdocs" logger: under `strict: true` a warning here fails the build.
log = logging.getLogger("mkdocs.hooks.minify")

HERE = Path(__file__).resolve().parent

#: What is minified, as globs over site_dir: our ES modules, and the stylesheet bundle
#: (styles.BUNDLE, added in targets()). Material's own files (assets/javascripts/,
#: assets/stylesheets/) come minified already.
SCRIPTS = "assets/js/**/*.js"

#: esbuild's options: whitespace and syntax, names kept; UTF-8 text stays UTF-8 (the suit signs
#: in strings would otherwise become \u escapes); licence comments dropped (ours have none).
OPTIONS: tuple[str, ...] = ("--minify-whitespace", "--minify-syntax", "--charset=utf8",
                            "--legal-comments=none", "--log-level=error", "--color=false")

_serving: list[bool] = []


def find_esbuild(start: Path = HERE) -> Path:
    """The esbuild binary of the project's node_modules/, or a PluginError saying what to run."""
    from generator.site.node import node_package

    package = node_package("esbuild", start)
    if package is not None and (package / "bin" / "esbuild").is_file():
        return package / "bin" / "esbuild"
    raise PluginError(f"minify: esbuild is missing from node_modules/ (looked from {start} up), "
                      "so the scripts cannot be minified: run `npm ci`")


def targets(site_dir: Path) -> list[Path]:
    """The files of site_dir to minify, in a stable order."""
    from generator.site.styles import BUNDLE

    found = {p for pattern in (SCRIPTS, BUNDLE) for p in site_dir.glob(pattern) if p.is_file()}
    return sorted(found)


def minify(site_dir: Path) -> tuple[int, int, int]:
    """Minify the targets of site_dir in place: (files, bytes before, bytes after).

    One esbuild call for all of them; if it refuses a file it writes none, and the PluginError
    names the file, line and column (so the build fails and the last good site stays)."""
    files = targets(site_dir)
    if not files:
        return 0, 0, 0
    before = sum(f.stat().st_size for f in files)
    done = subprocess.run(
        [str(find_esbuild()), *(f.relative_to(site_dir).as_posix() for f in files), "--outdir=.",
         "--outbase=.", "--allow-overwrite", *OPTIONS],
        capture_output=True, text=True, encoding="utf-8", cwd=site_dir, check=False,
    )
    if done.returncode != 0:
        raise PluginError(f"minify: esbuild failed: {first_error(done.stderr)}")
    return len(files), before, sum(f.stat().st_size for f in files)


def minified(text: str, loader: str) -> str:
    """text (a script, loader "js", or a stylesheet, "css") as :func:`minify` writes it."""
    done = subprocess.run([str(find_esbuild()), f"--loader={loader}", *OPTIONS], input=text,
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        raise PluginError(f"minify: esbuild failed: {first_error(done.stderr)}")
    return done.stdout


def first_error(stderr: str) -> str:
    """esbuild's first error as one line: ``where: what`` (its report spans several lines)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for i, line in enumerate(lines):
        what = re.match(r"\W*\[ERROR\]\s*(.*)", line)
        if what:
            where = next((w[:-1] for w in lines[i + 1:i + 2] if re.match(r"\S+:\d+:\d+:$", w)), "")
            return f"{where}: {what.group(1)}" if where else what.group(1)
    return lines[-1] if lines else "(no message)"


def on_startup(*, command: str, dirty: bool) -> None:
    _serving[:] = [command == "serve"]


def on_post_build(config: Any, **kwargs: Any) -> None:
    if _serving and _serving[0]:
        log.info("minify: scripts and styles sent as written under `mkdocs serve`")
        return
    count, before, after = minify(Path(config["site_dir"]))
    log.info("minify: %d files, %d -> %d KB", count, before // 1024, after // 1024)
