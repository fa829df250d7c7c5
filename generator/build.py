"""Build the whole site (pages, then PDFs) into a temporary folder and swap it into place.

A failed build never destroys the last good ``site/``: everything is written to
``.site-<random>/`` next to it, and only a complete build replaces it (old -> backup,
new -> site, backup removed). Any failure is a :class:`BuildError` with a one-line message
(``rulebook build`` prints it and exits 2); the temporary folder is removed.

The output folder is checked before anything is written (:func:`check_site_dir`): never the
project, never a source folder or a folder holding one, never a non-empty folder this build did
not make. Every MkDocs build leaves a marker file in the folder (``generator.site.hooks.MARKER``),
so the next build knows it may replace it.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .engine.errors import RulebookError, rulebook_cause
from .site.hooks import MARKER
from .stopping import raise_if_stopped

# Material prints a banner about MkDocs 2.0 unless this is set before mkdocs is imported.
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


class BuildError(RulebookError):
    """The site could not be built; the previous ``site/`` is untouched."""


#: The folders a build reads and must never replace, write into, or swap out.
SOURCE_DIRS: tuple[str, ...] = (
    "docs", "rules-data", "generator", "overrides", "tests", "bench", ".git", ".github", ".ci", ".venv",
    "node_modules",
)

def check_output_dir(root: Path, out: Path, flag: str) -> None:
    """Refuse an output folder that is the project, holds it, or lies in a source folder."""
    root = Path(root).resolve()
    site = Path(out).resolve()
    shown = str(out) or "''"
    if site == root or root.is_relative_to(site):
        raise BuildError(f"{flag} {shown}: that folder holds the project ({root}); "
                         f"the build would write over it. Give a folder of its own, like site")
    for name in SOURCE_DIRS:
        # Both the folder and where a symlink of that name points.
        if site.is_relative_to(root / name) or site.is_relative_to((root / name).resolve()):
            raise BuildError(f"{flag} {shown}: that is inside the project's {name}/ folder, which the "
                             f"build reads; give a folder of its own, like site")


def check_site_dir(root: Path, site_dir: Path) -> None:
    """Refuse an output folder a build must not replace, with one line saying why.

    ``site_dir`` may not be the project or hold it (``--site-dir ''`` or ``.`` or ``..``), may not
    be or lie inside a source folder (``docs/``, ``rules-data/``, ``generator/``, ``.git`` ...),
    and, if it exists, must be an empty folder or one a previous build made (it holds ``MARKER``).
    """
    check_output_dir(root, site_dir, "--site-dir")
    site = Path(site_dir).resolve()
    shown = str(site_dir) or "''"
    if site.exists() or site.is_symlink():
        if not site.is_dir():
            raise BuildError(f"--site-dir {shown}: that is a file, not a folder")
        if any(site.iterdir()) and not (site / MARKER).is_file():
            raise BuildError(f"--site-dir {shown}: that folder is not empty and no build made it "
                             f"(it has no {MARKER}); empty it or give another folder")


def build(root: Path, site_dir: Path, *, site_url: str | None = None, house: Path | None = None) -> None:
    """Check the data, build the pages (MkDocs, strict) and the PDFs, then swap into ``site_dir``.

    ``site_url`` overrides ``site_url`` of mkdocs.yml (the tests serve on another origin, and
    Material's instant navigation only intercepts links on the configured one). The
    ``RULEBOOK_SITE_URL`` environment variable does the same when ``site_url`` is not given.

    ``house``: a house file (generator/content/house.py); the pages and PDFs are then the family
    edition, worded for the options it chooses, each PDF cover and game page listing them.
    """
    from .content.checks import check_project

    check_site_dir(root, site_dir)
    root = Path(root).resolve()
    site_dir = Path(site_dir).resolve()
    games = check_project(root)  # RulesDataError (a RulebookError) names file:line:column
    if house is not None:
        from .content.house import read_house_file

        read_house_file(house, {g.id: g for g in games})  # file:line:column, before anything is built

    site_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp_dir = Path(tempfile.mkdtemp(prefix=".site-", dir=site_dir.parent))
    try:
        # The pages, then the PDFs (generator/site/hooks.py runs after every MkDocs build).
        with _edition(house):
            _build_pages(root, tmp_dir, site_url=site_url or os.environ.get("RULEBOOK_SITE_URL"))
        with _signals_held():  # a stop arriving now waits until the site is whole again
            raise_if_stopped()
            _swap(tmp_dir, site_dir)
    except RulebookError:
        raise
    except Exception as error:  # anything else still leaves the old site and says why, on one line
        raise BuildError(f"the build failed: {type(error).__name__}: {_one_line(str(error))}") from error
    finally:
        shutil.rmtree(tmp_dir, ignore_errors=True)


def _build_pages(root: Path, out: Path, *, site_url: str | None) -> None:
    """MkDocs, programmatically and strict, into ``out``."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    overrides: dict[str, object] = {"site_dir": str(out), "strict": True}
    if site_url:
        overrides["site_url"] = site_url
    with _captured_warnings() as warnings_seen, _pdf_summary():
        try:
            config = load_config(str(root / "mkdocs.yml"), **overrides)  # type: ignore[arg-type]
            mkdocs_build(config)
        except SystemExit as exc:
            # mkdocs-macros exits the process on a macro error (on_error_fail: true).
            raise BuildError(f"the site build failed: {_first(warnings_seen, f'exit status {exc.code}')}") from None
        except MkDocsException as exc:
            raise BuildError(f"the site build failed: {_first(warnings_seen, str(exc))}") from None
        except RulebookError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever it is, one line and the old site kept
            # A RulebookError raised inside define_env may arrive wrapped by MkDocs' plugin loader.
            cause = rulebook_cause(exc)
            if cause is not None:
                raise cause from None
            raise BuildError(f"the site build failed: {type(exc).__name__}: {_one_line(str(exc))}") from None


@contextmanager
def _edition(house: Path | None) -> Iterator[None]:
    """The house file, for the page macros and the PDFs, while the build runs (content/house.py)."""
    from .content.house import EDITION_ENV

    before = os.environ.pop(EDITION_ENV, None)
    if house is not None:
        os.environ[EDITION_ENV] = str(Path(house).resolve())
    try:
        yield
    finally:
        os.environ.pop(EDITION_ENV, None)
        if before is not None:
            os.environ[EDITION_ENV] = before


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGTERM and SIGINT back while the block runs; one that came in is handled after it."""
    held = {signal.SIGTERM, signal.SIGINT}
    if not hasattr(signal, "pthread_sigmask"):  # not POSIX: nothing to hold with
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _swap(new: Path, site_dir: Path) -> None:
    """Replace ``site_dir`` by ``new``: old -> backup, new -> site_dir, backup removed.

    If the second rename fails, the backup goes back, so ``site_dir`` is never lost."""
    backup: Path | None = None
    if site_dir.exists():
        backup = Path(tempfile.mkdtemp(prefix=".site-old-", dir=site_dir.parent))
        backup.rmdir()
        site_dir.rename(backup)
    try:
        new.rename(site_dir)
    except OSError:
        if backup is not None:
            backup.rename(site_dir)
        raise
    if backup is not None:
        shutil.rmtree(backup, ignore_errors=True)


# --------------------------------------------------------------------------- messages


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.messages.append(record.getMessage())
        except Exception:  # noqa: BLE001, S110 - a broken log record must not hide the real error
            pass


@contextmanager
def _pdf_summary() -> Iterator[None]:
    """The PDF hook's one line ("PDFs: all 12 parts from .cache/pdf/, none made") on stdout."""
    import sys

    logger = logging.getLogger("mkdocs.hooks.rulebook")
    handler = logging.StreamHandler(sys.stdout)
    handler.setLevel(logging.INFO)
    handler.addFilter(lambda record: record.getMessage().startswith("PDFs: "))
    before = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(before)


@contextmanager
def _captured_warnings() -> Iterator[list[str]]:
    """Collect what MkDocs and its plugins warn about, to name the cause of a failed build."""
    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


def _first(messages: list[str], fallback: str) -> str:
    """The most telling warning: for a macro error, "docs/<page>: <Error>: <message>"."""
    for message in messages:
        page = re.search(r"_File_: `([^`]+)`", message)
        error = re.search(r"^_(?!File_)(\w+)_: (.+)$", message, re.MULTILINE)
        if page and error:
            return _one_line(f"docs/{page.group(1)}: {error.group(1)}: {error.group(2)}")
    if messages:
        return _one_line(messages[0])
    return _one_line(fallback)


def _one_line(text: str) -> str:
    return " ".join(text.split())
