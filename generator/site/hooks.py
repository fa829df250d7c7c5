"""MkDocs hooks (``hooks:`` in mkdocs.yml): the PDFs in every build, and the author's loop under
``make serve`` (issue 26).

So ``mkdocs serve`` (``make serve``), ``mkdocs build`` and ``rulebook build`` all give a site
whose "Keep & share" links work. The PDFs come from the cache of ``generator/print/pdfcache.py``
(made again, in parallel processes, only when what they are made from changed), are staged before
the pages (so the pages can say how big each file is), and copied into ``<site_dir>/pdf/`` after
them.

Under ``mkdocs serve`` (:func:`on_startup` says so) three things change, and nothing of a built
site does:

* the PDFs never hold up a page: a game whose PDFs must be made again is served with the ones
  it had before, a note beside its download links says they are being remade, and they are made
  in the background (:class:`_Background`); when they are done the site is rebuilt, so the page
  reloads without the note;
* the live-reload script is a file (``assets/livereload.js``, reading its epoch from data
  attributes), not the inline script MkDocs writes, which every page's Content-Security-Policy
  blocks; so no policy is relaxed;
* every rebuild first checks the rules as ``rulebook check`` does: a YAML error or a wrong claim
  in an example prints one line in the terminal, and every page gets a banner with that
  ``file:line:column`` message and says it is the last good version (the wrong page is never built).
"""

from __future__ import annotations

import atexit
import html
import logging
import re
import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

#: Written into every built site: a folder holding it is one a build made, so ``rulebook build``
#: may replace it (generator/build.py refuses any other non-empty folder).
MARKER = ".rulebook-site"
MARKER_TEXT = "Built by the rulebook site build; the next build replaces this whole folder.\n"

log = logging.getLogger("mkdocs.hooks.rulebook")

_staged: list[Path] = []
_exit_hook: list[bool] = []


class _Serving:
    """What ``make serve`` keeps between builds (one server a process)."""

    def __init__(self) -> None:
        self.on = False
        self.stale: set[str] = set()  # game ids whose PDFs on the pages are not the current ones
        self.background: _Background | None = None
        self.server: Any = None  # mkdocs' LiveReloadServer, once on_serve has run
        self.games: list[Any] | None = None  # loaded and checked by this rebuild's check
        self.pending: list[Any] = []  # the parts this build found missing


_serving = _Serving()


def on_startup(*, command: str, dirty: bool) -> None:
    _serving.on = command == "serve"


@event_priority(100)  # before mkdocs-macros loads the games (a YAML error would end in its traceback)
def on_config(config: Any, **kwargs: Any) -> Any:
    """The first build of ``make serve``: a game file that does not load or an example the engine
    contradicts stops it with one line (a later save shows it on the page instead)."""
    if _serving.on and _serving.server is None:
        from mkdocs.exceptions import Abort

        from generator.content.checks import check_project
        from generator.engine.errors import RulebookError

        try:
            _serving.games = check_project(Path(config["config_file_path"]).resolve().parent)
        except RulebookError as error:
            raise Abort(f"make serve: {_one_line(str(error))}") from None
    return config


def on_pre_build(config: Any, **kwargs: Any) -> None:
    from generator.content.loader import load_games
    from generator.print import downloads, pdfcache

    _clean()
    root = Path(config["config_file_path"]).resolve().parent
    stage = Path(tempfile.mkdtemp(prefix="rulebook-pdf-"))
    if not _staged and not _exit_hook:
        # A build stopped by SIGTERM (rulebook's handler unwinds the stack, so the interpreter
        # exits normally) still removes the staging folder.
        atexit.register(_clean)
        _exit_hook.append(True)
    _staged.append(stage)
    # Under serve, the games the rebuild's check just loaded (no second read of every file).
    games, _serving.games = _serving.games or load_games(root), None
    if _serving.on:
        files = _serve_pdfs(root, games, config)
    else:
        files, made = pdfcache.ensure(root, games)  # booklets, sheets (issues 4, 7, 13), in parallel
        total = sum(1 for g in games for part in pdfcache.PARTS if pdfcache.has_part(g, part))
        log.info("PDFs: %s", pdfcache.summary(made, total))
    for name, path in files.items():
        shutil.copy2(path, stage / name)
    downloads.FILE_SIZES.clear()
    downloads.FILE_SIZES.update({name: path.stat().st_size for name, path in files.items()})


def _serve_pdfs(root: Path, games: list[Any], config: Any) -> dict[str, Path]:
    """The PDFs to serve now: the current ones where the cache has them, else the newest it has of
    that game, marked stale, while the background makes the current ones."""
    from generator.print import pdfcache

    parts = pdfcache.plan(root, games)
    files: dict[str, Path] = {}
    missing = []
    _serving.stale.clear()
    for part in parts:
        found = pdfcache.lookup(root, part)
        if found is None:
            missing.append(part)
            _serving.stale.add(part.game_id)
            found = pdfcache.latest(root, part.game_id, part.part)
        files.update(found or {})
    if missing:  # made once the pages are written (on_post_build), so the page reloads first
        if _serving.background is None:
            _serving.background = _Background(root)
        _serving.pending = missing
    return files


class _Background:
    """One thread that makes the wanted parts (only the newest wish counts) and then asks the
    server for a rebuild, which finds them in the cache."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cond = threading.Condition()
        self.wanted: list[Any] = []
        threading.Thread(target=self._run, name="rulebook-pdfs", daemon=True).start()

    def want(self, parts: list[Any]) -> None:
        with self.cond:
            self.wanted = list(parts)
            self.cond.notify_all()

    def _run(self) -> None:
        from generator.engine.errors import RulebookError
        from generator.print import pdfcache

        while True:
            with self.cond:
                while not self.wanted:
                    self.cond.wait()
                parts, self.wanted = self.wanted, []
            names = ", ".join(sorted({p.game_id for p in parts}))
            log.info("making the PDFs of %s in the background", names)
            try:
                pdfcache.render_missing(self.root, parts, nice=10)
            except RulebookError as error:
                log.error("the PDFs of %s: %s", names, " ".join(str(error).split()))
                continue
            log.info("the PDFs of %s are ready", names)
            with self.cond:
                newer = bool(self.wanted)
            if not newer and _serving.server is not None:
                _request_rebuild(_serving.server)


def on_env(env: Any, /, *, config: Any, files: Any) -> Any:
    """The theme's templates compiled once, kept in ``.cache/jinja/`` (keyed by each template's
    source, so an edited template is compiled again): most of a page rebuild was compiling them."""
    import jinja2

    if env.bytecode_cache is None:
        folder = Path(config["config_file_path"]).resolve().parent / ".cache" / "jinja"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return env
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env


_HEADERLINK = re.compile(
    r'(<h([1-6]) id="([^"]+)"[^>]*>)(.*?)<a class="headerlink" href="#\3" title="[^"]*">')


def on_page_content(html_text: str, **kwargs: Any) -> str:
    """The heading permalinks of Markdown's toc get a spoken name instead of a ``title``.

    A ``title`` is a tooltip only on hover with a mouse, and Material's ``content.tooltips`` (now
    off) measured each at load: the ~100 permalinks of a game page were most of its blocking time
    on a phone (Lighthouse, issue 15). The glossary words keep theirs (docs/assets/js/terms.js).

    Under ``make serve``, the download links of a game whose PDFs are being remade get a note."""
    html_text = _HEADERLINK.sub(_named_headerlink, html_text)
    if _serving.on and _serving.stale:
        html_text = _KEEP.sub(_stale_note, html_text)
    return html_text


def _named_headerlink(match: re.Match[str]) -> str:
    heading = " ".join(html.unescape(re.sub(r"<[^>]+>", "", match.group(4))).split())
    label = html.escape(f"Link to “{heading}”", quote=True)
    return f'{match.group(1)}{match.group(4)}<a class="headerlink" href="#{match.group(3)}" aria-label="{label}">'


_KEEP = re.compile(r'(<div class="rb-keep">)(.*?<a class="rb-keep__link" href="[^"]*pdf/([^"/]+)\.pdf")', re.DOTALL)
STALE_NOTE = ("These PDFs are being made again after your last change, in the background: the files "
              "below are from before it. This page reloads when the new ones are ready.")


def _stale_note(match: re.Match[str]) -> str:
    if match.group(3) not in _serving.stale:  # the first link is the card-box rules, <game>.pdf
        return match.group(0)
    return f'{match.group(1)}<p class="rb-keep__stale" role="status" data-pdf-stale>{html.escape(STALE_NOTE)}</p>{match.group(2)}'


def on_post_build(config: Any, **kwargs: Any) -> None:
    site = Path(config["site_dir"])
    (site / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    out = site / "pdf"
    out.mkdir(parents=True, exist_ok=True)
    for stage in _staged:
        for f in sorted(stage.iterdir()):
            shutil.copy2(f, out / f.name)
    _clean()
    if _serving.on:
        (site / LIVERELOAD_FILE).write_text(LIVERELOAD_JS, encoding="utf-8")
        if _serving.pending and _serving.background is not None:
            _serving.background.want(_serving.pending)
        _serving.pending = []


def on_build_error(error: Exception, **kwargs: Any) -> None:
    _clean()


def _clean() -> None:
    while _staged:
        shutil.rmtree(_staged.pop(), ignore_errors=True)


# --------------------------------------------------------------------------- make serve

#: MkDocs' live-reload poller (mkdocs/livereload/__init__.py), as a file: the policy allows
#: 'self' scripts, and the epoch comes from the script's data attributes.
LIVERELOAD_FILE = "assets/livereload.js"
LIVERELOAD_JS = """// Written by `make serve` only (generator/site/hooks.py); never part of a built site.
(function () {
  var me = document.currentScript;
  var epoch = parseFloat(me.dataset.epoch), requestId = me.dataset.request;
  var req, timeout;
  var poll = function () {
    req = new XMLHttpRequest();
    req.onloadend = function () {
      if (parseFloat(this.responseText) > epoch) {
        location.reload();
      } else {
        timeout = setTimeout(poll, this.status === 200 ? 0 : 3000);
      }
    };
    req.open("GET", "/livereload/" + epoch + "/" + requestId);
    req.send();
  };
  var stop = function () {
    if (req) req.abort();
    if (timeout) clearTimeout(timeout);
    req = timeout = undefined;
  };
  var start = function () { if (document.visibilityState === "visible") { stop(); poll(); } };
  if (document.readyState === "complete") start(); else window.addEventListener("load", start);
  window.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") start(); else stop();
  });
  window.addEventListener("beforeunload", stop);
})();
"""


def on_serve(server: Any, /, *, config: Any, builder: Callable[..., None]) -> Any:
    """Live reload through a script file, a checked rebuild, and the background PDFs' rebuild."""
    root = Path(config["config_file_path"]).resolve().parent
    mount = getattr(server, "mount_path", "/")

    def inject(content: bytes, epoch: int) -> bytes:
        from mkdocs.livereload import _timestamp

        tag = (f'<script src="{mount}{LIVERELOAD_FILE}" data-epoch="{int(epoch)}" '
               f'data-request="{_timestamp()}"></script>').encode()
        end = content.rfind(b"</body>")
        end = len(content) if end < 0 else end
        return content[:end] + tag + content[end:]

    server._inject_js_into_html = inject
    server.builder = _checked_builder(root, server.builder, lambda: Path(server.root))
    _serving.server = server
    _notified(server)
    return server


#: What a save does to a file, as watchdog names it: written, made, moved, removed. Not "opened" or
#: "closed_no_write": every build reads the templates it watches, and would rebuild forever.
_CHANGES = frozenset({"created", "modified", "moved", "deleted", "closed"})


def _notified(server: Any) -> None:
    """The watched folders told of a save by the kernel (inotify), not looked over every half second.

    MkDocs' server polls every watched file twice a second: a save waited up to 0.5 s before its
    rebuild began, on top of the work of stat-ing every file each time. Its watch() keeps working
    for whatever a plugin adds later (mkdocs.yml's ``watch:`` list): those go on the kernel's
    watcher too. A file is watched through its folder (an editor that saves by renaming a new file
    over it would leave a watch on the file itself on the old one). Where the kernel watcher cannot
    start (no inotify, no watches left), the polling stays."""
    try:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer
        from watchdog.observers.polling import PollingObserver

        if Observer is PollingObserver or not hasattr(server, "_watch_refs"):
            return
        kernel = Observer()
    except ImportError:  # pragma: no cover - mkdocs needs watchdog
        return

    def watch(path: str, func: None = None, *, recursive: bool = True) -> None:
        path = str(Path(path).resolve())
        if path in server._watched_paths:
            server._watched_paths[path] += 1
            return
        folder = Path(path) if Path(path).is_dir() else Path(path).parent

        def changed(event: FileSystemEvent) -> None:
            if event.is_directory or event.event_type not in _CHANGES:
                return
            if folder != Path(path):  # a single file: only its own events
                names = {str(event.src_path), str(getattr(event, "dest_path", "") or "")}
                if path not in names:
                    return
            _request_rebuild(server)

        handler = FileSystemEventHandler()
        handler.on_any_event = changed  # type: ignore[method-assign]
        server._watch_refs[path] = kernel.schedule(handler, str(folder), recursive=recursive and folder == Path(path))
        server._watched_paths[path] = 1

    polled, server.observer = server.observer, kernel
    before, refs = dict(server._watched_paths), dict(server._watch_refs)
    server._watched_paths.clear()
    server._watch_refs.clear()
    try:
        for path, count in before.items():
            for _ in range(count):
                watch(path)
    except OSError as error:  # no inotify instance or watch left: poll as MkDocs does
        log.info("make serve: watching by polling (%s)", error)
        kernel.unschedule_all()
        server.observer = polled
        server._watched_paths.clear()
        server._watched_paths.update(before)
        server._watch_refs.clear()
        server._watch_refs.update(refs)
        return
    server.watch = watch


def _request_rebuild(server: Any) -> None:
    """What a change to a watched file does (mkdocs' LiveReloadServer.watch callback)."""
    with server._rebuild_cond:
        server._want_rebuild = True
        server._rebuild_cond.notify_all()


def _checked_builder(root: Path, build: Callable[..., None], site: Callable[[], Path]) -> Callable[..., None]:
    """``build``, after the rules check; a failed check or build shows its one line on every page."""

    def checked(config: Any = None) -> None:
        from generator.content.checks import check_project
        from generator.engine.errors import RulebookError, rulebook_cause

        try:
            _serving.games = check_project(root)
            build() if config is None else build(config)
        except (Exception, SystemExit) as error:  # noqa: BLE001 - shown on the page, one terminal line
            cause = rulebook_cause(error) if isinstance(error, Exception) else None
            shown: BaseException = cause if cause is not None else error
            text = str(shown) if isinstance(shown, RulebookError | SystemExit) else f"{type(shown).__name__}: {shown}"
            message = _one_line(text)
            _serving.games = None
            log.error("not rebuilt: %s", message)
            error_banner(site(), message)
            _clean()

    return checked


def _one_line(text: str) -> str:
    return " ".join(text.split())


BANNER_START = "<!-- rulebook:serve-error -->"
BANNER_END = "<!-- /rulebook:serve-error -->"
_BANNER = re.compile(re.escape(BANNER_START) + ".*?" + re.escape(BANNER_END), re.DOTALL)
_BODY = re.compile(rb"<body\b[^>]*>")
#: Where the banner goes: the top of the page's text, under the header, where Material styles an
#: admonition (at the top of <body> it was unstyled small print above the header: issue 40).
_CONTENT = re.compile(rb'<article\b[^>]*\bmd-typeset\b[^>]*>')


def banner_html(message: str) -> str:
    return (f'{BANNER_START}<div class="admonition failure" role="alert" data-serve-error>'
            f'<p class="admonition-title">The rules could not be rebuilt</p>'
            f"<p><code>{html.escape(message)}</code></p>"
            f"<p>This page is the last version that was right. Fix the file and save it: the page "
            f"reloads by itself.</p></div>{BANNER_END}")


def error_banner(site_dir: Path, message: str) -> None:
    """Every page of the served site, with the banner at the top of its text (of its body where it
    has none; one banner: the last message replaces an earlier one)."""
    banner = banner_html(message).encode()
    for page in site_dir.rglob("*.html"):
        data = _BANNER.sub("", page.read_text(encoding="utf-8")).encode()
        at = _CONTENT.search(data) or _BODY.search(data)
        if at is None:
            continue
        page.write_bytes(data[: at.end()] + banner + data[at.end():])
