"""The PDFs of a build, kept in ``.cache/pdf/`` and made again only when what they are made from
changes (issue 26, "builds that reuse their work").

Each game's files come in four parts, each one job: ``cards`` (the card-box rules and their
print-at-home sheets), ``book-a5`` (the complete rulebook and its A4 booklet), ``book-letter`` (the
Letter booklet: :func:`generator.print.booklets.build_part`) and ``sheets`` (the blank score sheets,
:func:`generator.print.scoresheets.render_scoresheet`). A part is kept under
``.cache/pdf/<game>/<part>-<key>/`` where ``key`` is the sha256 of everything the part is made from
(:func:`part_key`): the game's YAML file, what it links to in the other games (the address and label
of each of their ids its file names), the templates, the print stylesheets, the fonts, every source file of the
generator, the versions of WeasyPrint and pypdf, the edition printed in the footer (version and
date) and, in a family edition, the game's own house options where they change the game (its books
only, not its score sheets, which do not read them). Nothing else goes in, so a one-word edit to one
game makes only that game's parts again, and a family edition whose house file changes Chips alone
takes the other games' PDFs from the default edition's entries.

Missing parts are made in parallel by one process per core, each making one part after another, the
biggest first (:func:`render_missing`). An entry is written whole into a temporary folder and
renamed into place, and it holds ``manifest.json`` with the sha256 of every file: an entry that does
not match it (cut short, edited, half written by a process that died) is removed and made again,
never served.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from ..engine.errors import RulebookError

#: Where the entries are kept, under the project (.gitignore has ``/.cache/``) ...
CACHE_DIR = Path(".cache") / "pdf"
#: ... unless this environment variable names another folder. An entry is found by the hash of
#: what it is made from, never by where the project is, so copies of the project can share one
#: folder safely: the tests' copies share the project's (tests/conftest.py).
CACHE_ENV = "RULEBOOK_PDF_CACHE"
#: Changed when the layout of an entry changes, so old entries are never read the new way.
FORMAT = "pdfcache-1"
#: The parts of a game, each made by one job: the biggest first, so the cores finish together.
PARTS = ("book-a5", "book-letter", "cards", "sheets")
#: Entries kept per game and part (the newest used): enough to go back and forth between two edits.
KEEP = 3
#: ... but never an entry used within the last hour, however many there are: a build (or another
#: copy of the project sharing the cache, or a test worker) that looked an entry up may still be
#: copying it into its site, and a build under load takes minutes. Removing it then made that
#: build fail with "No such file" (issue 41: seen when several copies shared one cache).
IN_USE_SECONDS = 3600

_GENERATOR = Path(__file__).resolve().parent.parent


class PdfCacheError(RulebookError):
    """A part could not be made (the message of the failure, on one line)."""


@dataclass(frozen=True)
class Part:
    """One job: a part of :data:`PARTS` of a game, and the key of what it is made from; ``size``, the
    bytes of the game's file, says which game's parts take longest (not part of what it is)."""

    game_id: str
    part: str
    key: str
    size: int = field(default=0, compare=False)

    @property
    def folder(self) -> str:
        return f"{self.game_id}/{self.part}-{self.key}"


def cache_root(root: Path | str) -> Path:
    shared = os.environ.get(CACHE_ENV, "").strip()
    return Path(shared).resolve() if shared else Path(root).resolve() / CACHE_DIR


def _shown() -> str:
    """The cache folder as the build's log names it."""
    return (os.environ.get(CACHE_ENV, "").strip() or str(CACHE_DIR)).rstrip("/") + "/"


def file_names(game_id: str, part: str) -> list[str]:
    """The names under ``pdf/`` that a part of a game makes (:func:`plan` leaves out the sheets of a
    game that has none: :func:`has_part`)."""
    from .booklets import pdf_files
    from .scoresheets import PAPERS

    if part == "sheets":
        return [f"{game_id}-score-{key}.pdf" for key in PAPERS]
    return [f["name"] for f in pdf_files(game_id) if f["part"] == part]


def has_part(game: Any, part: str) -> bool:
    """Whether a loaded game has files of ``part``: every game its books, a game with a score-sheet
    layout or a declared scoring its blank sheets (generator/print/scoresheets.py ``has_sheet``)."""
    from .scoresheets import has_sheet

    return bool(file_names(game.id, part)) and (part != "sheets" or has_sheet(game.data))


# --------------------------------------------------------------------------- keys


#: (path, size, mtime in ns) -> sha256 of the file: `make serve` hashes the same files at every rebuild.
_FILE_DIGESTS: dict[tuple[str, int, int], bytes] = {}


def _digest_files(h: Any, paths: Iterable[Path], base: Path) -> None:
    for path in sorted(paths):
        if "__pycache__" in path.parts:
            continue
        try:
            st = path.stat()
        except OSError:
            continue
        if not path.is_file():
            continue
        seen = (str(path), st.st_size, st.st_mtime_ns)
        digest = _FILE_DIGESTS.get(seen)
        if digest is None:
            digest = _FILE_DIGESTS[seen] = hashlib.sha256(path.read_bytes()).digest()
        h.update(str(path.relative_to(base)).encode() + b"\0")
        h.update(digest)


#: What only the web pages are made from (generator/site/, and build.py and cli.py on top of it):
#: the print room never imports it (engine <- content <- print <- site), so an edit there, such as
#: a page hook, makes no PDF again.
SITE_ONLY: tuple[str, ...] = ("site", "build.py", "cli.py", "__main__.py")


def _site_only(path: Path) -> bool:
    return path.relative_to(_GENERATOR).parts[0] in SITE_ONLY


def shared_digest(root: Path | str) -> str:
    """The hash of what every PDF is made from: the generator's source files and templates (the
    print stylesheets are among them) but those of the pages alone (:data:`SITE_ONLY`), the fonts,
    pyproject.toml, the renderers' versions and the edition printed in the footers."""
    from .booklets import project_edition

    root = Path(root).resolve()
    h = hashlib.sha256(FORMAT.encode() + b"\0")
    _digest_files(h, (p for p in _GENERATOR.rglob("*") if p.suffix != ".pyc" and not _site_only(p)), _GENERATOR)
    fonts = root / "docs" / "assets" / "fonts"
    _digest_files(h, fonts.glob("*"), root)
    _digest_files(h, [root / "pyproject.toml"], root)
    for package in ("weasyprint", "pypdf", "pydyf", "fonttools"):
        try:
            h.update(f"{package}={metadata.version(package)}\0".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{package}=none\0".encode())
    edition = project_edition(root)
    h.update(f"edition\0{edition.version}\0{edition.epoch}\0".encode())
    return h.hexdigest()


#: A word of a game file that could be an id: a ``[[#id]]`` link, or an id a field names.
_WORD = re.compile(r"[A-Za-z0-9][\w-]*")


def _links_of(game: Any, games: Sequence[Any]) -> list[list[str]]:
    """What a game's PDFs show of the other games: every id of theirs its file names (a
    ``[[#id]]`` link, or any field naming it), with the link's address and label, which carries
    that game's name ("Chains rule 2.3"). An id is looked for as a whole word of the file, so a
    word that only looks like one adds to the key and never leaves a link out."""
    from ..render import game_refs

    words = set(_WORD.findall(Path(game.path).read_text(encoding="utf-8")))
    others = [g.data for g in games if g.id != game.id]
    refs = game_refs(others, None, page_url=lambda gid: f"{gid}.pdf")
    return [[ref_id, ref.href, ref.label] for ref_id, ref in sorted(refs.items()) if ref_id in words]


def part_key(game: Any, part: str, shared: str, links: list[list[str]],
             houses: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """The key of a part: ``shared`` (:func:`shared_digest`), the part, the game's own file, what
    it links to in the other games (``links``, the game's :func:`_links_of`, worked out by
    :func:`plan` once per game for its four parts: only those, so a game added or edited makes
    again only the PDFs of the games that link to it) and, for its books, the house options of a family edition
    (``houses``, by game) that change the game: options left as the family plays give the default
    edition's books (generator/content/house.py ``edition_data``)."""
    from ..content.house import changed

    h = hashlib.sha256(f"{shared}\0{part}\0{game.id}\0".encode())
    h.update(Path(game.path).read_bytes())
    h.update(json.dumps(links, ensure_ascii=False).encode())
    chosen = (houses or {}).get(game.id)
    if part != "sheets" and chosen and changed(game, chosen):
        h.update(b"house\0" + json.dumps(dict(chosen), sort_keys=True).encode())
    return h.hexdigest()[:40]


def plan(root: Path | str, games: Sequence[Any]) -> list[Part]:
    """Every part of every game, with its key; none for a part a game has no file of (a game without
    neither a score-sheet layout nor a declared scoring has no sheets: :func:`has_part`, issue 38)."""
    from ..content.house import edition

    shared = shared_digest(root)
    houses = edition(games)  # the family edition's options (RULEBOOK_HOUSE), or none
    links = {g.id: _links_of(g, games) for g in games}
    return [Part(g.id, part, part_key(g, part, shared, links[g.id], houses), Path(g.path).stat().st_size)
            for g in games for part in PARTS if has_part(g, part)]


# --------------------------------------------------------------------------- entries


def _valid(folder: Path, names: Sequence[str]) -> bool:
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        if sorted(manifest.get("files", {})) != sorted(names):
            return False
        for name in names:
            data = (folder / name).read_bytes()
            if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
                return False
            if hashlib.sha256(data).hexdigest() != manifest["files"][name]:
                return False
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    return True


def lookup(root: Path | str, part: Part) -> dict[str, Path] | None:
    """The files of a cached part (name -> path), or None when it is missing or does not match
    its manifest (then it is removed, to be made again)."""
    folder = cache_root(root) / part.folder
    if not folder.is_dir():
        return None
    names = file_names(part.game_id, part.part)
    if not _valid(folder, names):
        shutil.rmtree(folder, ignore_errors=True)
        return None
    try:  # used now: the entries kept are the newest used (_prune), not the newest made
        os.utime(folder)
    except OSError:
        pass
    return {name: folder / name for name in names}


def latest(root: Path | str, game_id: str, part: str) -> dict[str, Path] | None:
    """The newest whole entry of a game's part, whatever its key (the PDFs before an edit, shown
    while the new ones are made under ``make serve``)."""
    folder = cache_root(root) / game_id
    names = file_names(game_id, part)
    entries = sorted(folder.glob(f"{part}-*"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for entry in entries:
        if entry.is_dir() and _valid(entry, names):
            return {name: entry / name for name in names}
    return None


def store(root: Path | str, part: Part, files: Mapping[str, bytes]) -> dict[str, Path]:
    """Write a part's files as one entry: into a temporary folder, renamed into place whole."""
    base = cache_root(root) / part.game_id
    base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base))
    try:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        manifest = {"format": FORMAT, "key": part.key,
                    "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}}
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        final = cache_root(root) / part.folder
        try:
            tmp.rename(final)
        except OSError:  # another build stored the same entry first: theirs is as good, if whole
            if lookup(root, part) is None:
                shutil.rmtree(final, ignore_errors=True)
                tmp.rename(final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    _prune(base, part.part)
    return {name: cache_root(root) / part.folder / name for name in files}


def _prune(base: Path, part: str) -> None:
    entries = sorted((p for p in base.glob(f"{part}-*") if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    now = time.time()
    for old in entries[KEEP:]:
        try:
            if now - old.stat().st_mtime <= IN_USE_SECONDS:
                continue
        except OSError:
            continue
        shutil.rmtree(old, ignore_errors=True)
    for tmp in base.glob(".tmp-*"):  # left by a process that died; an hour is far longer than any render
        try:
            if time.time() - tmp.stat().st_mtime > 3600:
                shutil.rmtree(tmp, ignore_errors=True)
        except OSError:
            pass


# --------------------------------------------------------------------------- making parts


#: The games a worker read (root -> games): one worker serves one build, so it reads the files once.
_GAMES: dict[str, list[Any]] = {}


def render_part(root: str, game_id: str, part: str) -> dict[str, bytes]:
    """Make one part's files (in whatever process runs it) and return them by name."""
    from ..content.loader import load_games
    from .booklets import build_part, game_by_id
    from .scoresheets import render_scoresheet

    games = _GAMES.get(root) or _GAMES.setdefault(root, load_games(root))
    game = game_by_id(games, game_id)
    if part != "sheets":
        return build_part(root, game, games, part)
    datas = [g.data for g in games]
    return {f"{game_id}-score-{key}.pdf": render_scoresheet(Path(root), game.data, datas, key)
            for key in ("a4", "letter")}


def _job(root: str, part: Part) -> str | None:
    """Make the part and store it; a failure comes back as one line."""
    from .booklets import collect_after

    try:
        with collect_after():
            files = render_part(root, part.game_id, part.part)
        store(root, part, files)
    except RulebookError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - one line naming the game, never a traceback
        return f"the {part.part} of {part.game_id} failed: {type(exc).__name__}: {' '.join(str(exc).split())}"
    return None


def workers(jobs: int) -> int:
    """Processes for ``jobs`` parts: one per core the process may use, never more than the jobs."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(jobs, cores))


@dataclass
class _Worker:
    """A process making parts one after another: it reads ``GAME PART KEY`` lines and answers each
    with one line, ``ok`` or what failed."""

    proc: subprocess.Popen[str]
    err: Any  # its stderr, kept in a temporary file for the last words of a worker that died
    part: Part | None = None


def render_missing(root: Path | str, parts: Sequence[Part], done: Callable[[Part], None] | None = None,
                   *, nice: int = 0) -> dict[Part, dict[str, Path]]:
    """Make ``parts`` in parallel and store each: one worker process per core (never more than the
    parts), each given the biggest part left as soon as it is free, so the cores finish together and
    Python and WeasyPrint start once per core, not once per part. A worker is
    ``python -m generator.print.pdfcache ROOT``, run in the project, so a copy of the project renders
    with its own generator. A failed part raises PdfCacheError after the others finished (their
    work is kept). Processes, not threads: WeasyPrint holds the interpreter; and fresh ones, not
    forks, because ``make serve`` calls this from a thread of a server that holds locks. ``nice``:
    how much lower the workers run (``make serve`` gives its page rebuilds the cores first)."""
    root_p = Path(root).resolve()
    made: dict[Part, dict[str, Path]] = {}
    errors: list[str] = []
    order = {name: n for n, name in enumerate(PARTS)}
    # The biggest first: the rulebooks, and of the same part the game with the longest rules.
    queue = sorted(parts, key=lambda p: (order.get(p.part, len(PARTS)), -p.size))
    env = dict(os.environ, RULEBOOK_PDF_NICE=str(nice), RULEBOOK_PDF_PARENT=str(os.getpid()))
    selector = selectors.DefaultSelector()
    alive: list[_Worker] = []

    def start() -> _Worker:
        err = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 - closed when the worker ends
        proc = subprocess.Popen([sys.executable, "-m", "generator.print.pdfcache", str(root_p)], cwd=root_p, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True, bufsize=1)
        worker = _Worker(proc, err)
        assert proc.stdout is not None
        selector.register(proc.stdout, selectors.EVENT_READ, worker)
        alive.append(worker)
        return worker

    def give(worker: _Worker) -> None:
        assert worker.proc.stdin is not None
        worker.part = queue.pop(0) if queue else None
        if worker.part is None:
            worker.proc.stdin.close()  # nothing left: the worker ends
            return
        try:
            worker.proc.stdin.write(f"{worker.part.game_id} {worker.part.part} {worker.part.key}\n")
            worker.proc.stdin.flush()
        except OSError:  # it died already: its end, read below, fails the part
            pass

    def finished(part: Part, answer: str) -> None:
        files = lookup(root_p, part) if answer == "ok" else None
        if files is None:
            errors.append(answer if answer and answer != "ok" else
                          f"the {part.part} of {part.game_id}: the worker stored nothing")
            return
        made[part] = files
        if done is not None:
            done(part)

    try:
        for _ in range(workers(len(queue))):
            give(start())
        while any(w.part is not None for w in alive):
            for key, _ in selector.select():
                worker: _Worker = key.data
                assert worker.proc.stdout is not None
                line = worker.proc.stdout.readline()
                part = worker.part
                if line:
                    if part is not None:
                        finished(part, line.strip())
                    give(worker)
                    continue
                # The worker died: its part failed with its last words; the parts left go on in a new one.
                selector.unregister(worker.proc.stdout)
                alive.remove(worker)
                code = worker.proc.wait()
                worker.err.seek(0)
                lines = [ln for ln in worker.err.read().splitlines() if ln.strip()]
                worker.err.close()
                if part is not None:
                    errors.append(lines[-1] if lines else
                                  f"the {part.part} of {part.game_id}: the process ended with code {code}")
                if queue:
                    give(start())
        for worker in alive:
            worker.proc.wait()
    finally:
        for worker in alive:
            if worker.proc.poll() is None:
                worker.proc.kill()
                worker.proc.wait()
            worker.err.close()
        selector.close()
    if errors:
        raise PdfCacheError(errors[0])
    return made



def ensure(root: Path | str, games: Sequence[Any]) -> tuple[dict[str, Path], list[Part]]:
    """Every PDF of ``games`` (name -> path in the cache), and the parts that had to be made."""
    parts = plan(root, games)
    found: dict[str, Path] = {}
    missing: list[Part] = []
    for part in parts:
        files = lookup(root, part)
        if files is None:
            missing.append(part)
        else:
            found.update(files)
    for files in render_missing(root, missing).values():
        found.update(files)
    return found, missing


def summary(made: Sequence[Part], total: int) -> str:
    """One line for the build's log: which parts were made, how many came from the cache."""
    if not made:
        return f"all {total} parts from {_shown()}, none made"
    names = ", ".join(f"{p.game_id} {p.part}" for p in made)
    return f"made {len(made)} of {total} parts ({names}), {total - len(made)} from {_shown()}"


def _end_with_parent() -> None:
    """A worker ends when the build or server that started it ends, even killed (Linux:
    PR_SET_PDEATHSIG), so a stopped ``make serve`` leaves no renderer behind."""
    import ctypes
    import signal

    parent = os.environ.get("RULEBOOK_PDF_PARENT", "")
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return
    if parent.isdigit() and os.getppid() != int(parent):  # the parent ended before prctl
        raise SystemExit(3)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m generator.print.pdfcache ROOT GAME PART KEY``: one part, stored under KEY.
    ``python -m generator.print.pdfcache ROOT``: a worker of :func:`render_missing`, making the
    parts its standard input names, one ``GAME PART KEY`` a line, answering each on its standard
    output with one line (``ok`` or what failed) until its input ends."""
    args = list(sys.argv[1:] if argv is None else argv)
    _end_with_parent()
    nice = int(os.environ.get("RULEBOOK_PDF_NICE", "0") or 0)
    if nice > 0:
        os.nice(nice)
    if len(args) == 1:
        return _serve(args[0])
    root, game_id, part, key = args
    error = _job(root, Part(game_id, part, key))
    if error is not None:
        print(error, file=sys.stderr)
        return 2
    return 0


def _serve(root: str) -> int:
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever else writes to the standard output goes to stderr, not into the answers
    sys.stdout = sys.stderr
    for line in sys.stdin:
        fields = line.split()
        if len(fields) != 3:
            answers.write(f"not a part: {' '.join(line.split())[:80]!r}\n")
        else:
            error = _job(root, Part(*fields))
            answers.write(" ".join((error or "ok").split()) + "\n")
        answers.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
