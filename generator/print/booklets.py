"""The card-box rulebook of each game, and sheets to print it at home (issue 4).

* ``out/<id>.pdf``: the booklet, pages of 63 x 88 mm (a poker card, it fits in the deck box),
  rendered by WeasyPrint from ``templates/pdf/booklet.html``, which includes the SAME partials
  as the site pages (every rule sentence lives once, in ``rules-data/``), styled by
  ``print/common.css`` + ``print/cardbox.css``.
* ``out/<id>-a4.pdf`` and ``out/<id>-letter.pdf``: the booklet's pages imposed nine to a side
  (3 x 3, no gutter, so one cut serves two cards), double-sided: each cut card carries page
  2k+1 on its front and 2k+2 on its back, so a family cuts half as many pieces and stacks them
  in order. The booklet pages are placed as form XObjects with pypdf over a frame page
  (``templates/pdf/sheet.html`` + ``print/sheet.css``: how to print and cut), and the cut marks
  are drawn on the trim lines, in the margins only. The back side mirrors the columns (flip on
  the long edge), which is why the grid is centred on the sheet.

Reproducible: the same sources give byte-identical files. Dates come from ``SOURCE_DATE_EPOCH``
(else the last commit, else a fixed day); PDF identifiers are hashes of the sources; pypdf
writes no dates and no random id.

Any failure is a :class:`PdfError` (a ``RulebookError``) with a one-line message.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.errors import RulebookError

PRINT_DIR = Path(__file__).resolve().parent
FONTS_DIR = Path("docs") / "assets" / "fonts"

MM = 72 / 25.4  #: PDF points per millimetre
#: The booklet's trim size, in mm (a poker card).
CARD_MM = (63.0, 88.0)
#: A fixed day (2025-11-29) when neither SOURCE_DATE_EPOCH nor git says when the sources changed.
FALLBACK_EPOCH = 1764374400
#: Cut marks: how far they stay off the grid, how long they are, and their weight (points).
MARK_GAP_MM = 1.5
MARK_LEN_MM = 4.0
MARK_WIDTH_PT = 0.3


class PdfError(RulebookError):
    """A booklet or sheet could not be made (bad game id, missing font, rendering failed)."""


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width_mm: float
    height_mm: float
    cols: int = 3
    rows: int = 3

    @property
    def per_side(self) -> int:
        return self.cols * self.rows


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class Edition:
    """What the footer of every page says, so a printed copy can be matched to the site."""

    version: str
    epoch: int

    @property
    def date(self) -> str:
        return datetime.fromtimestamp(self.epoch, tz=UTC).strftime("%Y-%m-%d")

    @property
    def iso(self) -> str:
        return datetime.fromtimestamp(self.epoch, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def label(self) -> str:
        return f"{self.version}, {self.date}"


# --------------------------------------------------------------------------- public API


def pdf_files(game_id: str) -> list[dict[str, str]]:
    """The three files of a game, for the site's "Keep & share" block: name (under ``pdf/``),
    label and paper."""
    return [
        {"name": f"{game_id}.pdf", "label": "Card-box booklet", "paper": "63 × 88 mm"},
        {"name": f"{game_id}-a4.pdf", "label": "Print at home", "paper": "A4"},
        {"name": f"{game_id}-letter.pdf", "label": "Print at home", "paper": "US Letter"},
    ]


def build_all(root: Path | str, out_dir: Path | str) -> list[Path]:
    """Every game's booklet and sheets into ``out_dir``; returns the paths written."""
    from ..content.loader import load_games

    root = Path(root)
    games = load_games(root)
    written: list[Path] = []
    for game in games:
        written += _build_game(root, game, games, Path(out_dir))
    return written


def build_game_pdfs(root: Path | str, game_id: str, out_dir: Path | str) -> list[Path]:
    """One game's booklet, A4 and Letter sheets into ``out_dir``; returns the three paths."""
    from ..content.loader import load_games

    root = Path(root)
    games = load_games(root)
    by_id = {g.id: g for g in games}
    if game_id not in by_id:
        known = ", ".join(sorted(by_id))
        raise PdfError(f"unknown game id {game_id!r}: rules-data/ defines {known}")
    return _build_game(root, by_id[game_id], games, Path(out_dir))


def render_booklet(root: Path | str, game: Any, games: Sequence[Any], edition: Edition | None = None) -> bytes:
    """The booklet of ``game`` (a loaded :class:`generator.content.loader.Game`) as PDF bytes."""
    from ..render import game_refs, render_partial

    root = Path(root)
    edition = edition or project_edition(root)
    refs = game_refs([g.data for g in games], game.id, page_url=lambda gid: f"{gid}.pdf")
    html = render_partial("pdf/booklet.html", game=game.data, refs=refs, level=3, root="", edition=edition)
    return _weasy(root, str(html), ("common.css", "cardbox.css"), identifier=_identifier(game, edition, "booklet"))


def impose(root: Path | str, game: Any, booklet: bytes, paper: Paper, edition: Edition | None = None) -> bytes:
    """The print-at-home sheet of a booklet on ``paper``: see the module docstring."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject

    root = Path(root)
    edition = edition or project_edition(root)
    source = PdfReader(io.BytesIO(booklet))
    n_pages = len(source.pages)
    cards = (n_pages + 1) // 2
    sheets = max(1, -(-cards // paper.per_side))
    sides = [{"sheet": s + 1, "side": side} for s in range(sheets) for side in ("front", "back")]

    from ..render import render_partial

    html = render_partial("pdf/sheet.html", game=game.data, edition=edition, paper=paper, sides=sides,
                          sheets=sheets, refs={})
    frame = _weasy(root, str(html), ("common.css", "sheet.css"),
                   identifier=_identifier(game, edition, f"frame-{paper.key}"))

    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(frame)))
    if len(writer.pages) != len(sides):
        raise PdfError(f"the {paper.label} sheet frame of {game.id} has {len(writer.pages)} pages, "
                       f"expected {len(sides)}")
    forms = [_form_xobject(writer, page) for page in source.pages]

    for index, sheet_page in enumerate(writer.pages):
        sheet, back = divmod(index, 2)
        ops: list[str] = []
        names: dict[str, Any] = {}
        placed: list[tuple[float, float]] = []
        for slot, (x, y) in enumerate(slot_origins(paper, back=bool(back))):
            card = sheet * paper.per_side + slot
            if 2 * card >= n_pages:
                continue
            placed.append((x, y))  # the card exists: its back is cut with it, blank or not
            page_no = 2 * card + back  # 0-based booklet page on this side of this card
            if page_no >= n_pages:
                continue
            name = f"/BP{page_no + 1}"
            names[name] = forms[page_no]
            ops.append(f"q 1 0 0 1 {_num(x)} {_num(y)} cm {name} Do Q")
        ops += cut_mark_ops(placed)
        _append_content(writer, sheet_page, "\n".join(ops).encode("ascii"), names)

    writer.add_metadata({"/Title": f"{game.data['name']}: the rules to print at home ({paper.label})",
                         "/Producer": f"chips-rulebook {edition.version} (WeasyPrint, pypdf)"})
    # A fixed identifier (pypdf writes none by default; its generate_file_identifiers is random).
    ident = ByteStringObject(bytes.fromhex(_identifier(game, edition, f"sheet-{paper.key}")))
    writer._ID = ArrayObject([ident, ident])
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def grid_origin(paper: Paper) -> tuple[float, float]:
    """Lower-left corner of the 3 x 3 grid of cards, in points: centred on the sheet, so the back
    side (columns mirrored, flip on the long edge) lands exactly behind the front."""
    w, h = CARD_MM
    x0 = (paper.width_mm - paper.cols * w) / 2 * MM
    y0 = (paper.height_mm - paper.rows * h) / 2 * MM
    return x0, y0


def slot_origins(paper: Paper, *, back: bool = False) -> list[tuple[float, float]]:
    """Lower-left corner (points) of each card slot, in reading order (rows from the top, columns
    from the left on the front; mirrored columns on the back)."""
    x0, y0 = grid_origin(paper)
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    out: list[tuple[float, float]] = []
    for r in range(paper.rows):
        for c in range(paper.cols):
            col = paper.cols - 1 - c if back else c
            out.append((x0 + col * w, y0 + (paper.rows - 1 - r) * h))
    return out


def trim_lines(paper: Paper) -> tuple[list[float], list[float]]:
    """The x of every vertical trim line and the y of every horizontal one, in points."""
    x0, y0 = grid_origin(paper)
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    return [x0 + i * w for i in range(paper.cols + 1)], [y0 + j * h for j in range(paper.rows + 1)]


def cut_mark_ops(origins: Sequence[tuple[float, float]]) -> list[str]:
    """PDF operators drawing the cut marks of the cards placed at ``origins`` (lower-left
    corners, points): short strokes ON each trim line, outside the placed cards (in the margins,
    never over a card), at both ends of the line. A half-filled last sheet gets the marks of its
    own cards only."""
    if not origins:
        return []
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    xs = sorted({round(v, 4) for x, _ in origins for v in (x, x + w)})
    ys = sorted({round(v, 4) for _, y in origins for v in (y, y + h)})
    gap, length = MARK_GAP_MM * MM, MARK_LEN_MM * MM
    top, bottom, left, right = ys[-1], ys[0], xs[0], xs[-1]
    ops = [f"q 0 G {_num(MARK_WIDTH_PT)} w 0 J [] 0 d"]
    for x in xs:
        ops.append(f"{_num(x)} {_num(top + gap)} m {_num(x)} {_num(top + gap + length)} l S")
        ops.append(f"{_num(x)} {_num(bottom - gap)} m {_num(x)} {_num(bottom - gap - length)} l S")
    for y in ys:
        ops.append(f"{_num(left - gap)} {_num(y)} m {_num(left - gap - length)} {_num(y)} l S")
        ops.append(f"{_num(right + gap)} {_num(y)} m {_num(right + gap + length)} {_num(y)} l S")
    ops.append("Q")
    return ops


def project_edition(root: Path | str) -> Edition:
    """The version in ``pyproject.toml`` and the date of ``SOURCE_DATE_EPOCH`` (else of the last
    commit, else a fixed day): never the clock, so two builds are identical."""
    root = Path(root)
    return Edition(version=_version(root), epoch=_epoch(root))


# --------------------------------------------------------------------------- internals


def _build_game(root: Path, game: Any, games: Sequence[Any], out_dir: Path) -> list[Path]:
    edition = project_edition(root)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PdfError(f"cannot create {out_dir}: {exc.strerror or exc}") from None
    booklet = render_booklet(root, game, games, edition)
    files = {f"{game.id}.pdf": booklet}
    for paper in PAPERS.values():
        try:
            files[f"{game.id}-{paper.key}.pdf"] = impose(root, game, booklet, paper, edition)
        except RulebookError:
            raise
        except Exception as exc:  # noqa: BLE001  (pypdf: still one line, naming the game and the paper)
            raise PdfError(f"imposing the {paper.label} sheet of {game.id} failed: {type(exc).__name__}: "
                           f"{' '.join(str(exc).split())}") from None
    written = []
    for name, data in files.items():
        path = out_dir / name
        try:
            path.write_bytes(data)
        except OSError as exc:
            raise PdfError(f"cannot write {path}: {exc.strerror or exc}") from None
        written.append(path)
    return written


def _weasy(root: Path, html: str, sheets: Sequence[str], *, identifier: str) -> bytes:
    """Render ``html`` with the print stylesheets: one FontConfiguration for the CSS and the
    PDF, font URLs resolved against ``docs/assets/fonts/`` and a base URL for the document (or
    the fonts silently fall back to system ones)."""
    try:
        from weasyprint import CSS, HTML  # type: ignore[import-untyped]
        from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - the venv has it
        raise PdfError(f"WeasyPrint is not installed ({exc}): run make setup") from None

    fonts = (root / FONTS_DIR).resolve()
    for name in _FONT_FILES:
        if not (fonts / name).is_file():
            raise PdfError(f"missing font file {FONTS_DIR / name} (docs/assets/fonts/README.md says how it is made)")
    font_config = FontConfiguration()
    base = fonts.as_uri() + "/"
    with _quiet_weasyprint() as problems:
        try:
            styles = [CSS(filename=str(PRINT_DIR / s), base_url=base, font_config=font_config) for s in sheets]
            data = HTML(string=html, base_url=base).write_pdf(
                stylesheets=styles, font_config=font_config, pdf_identifier=bytes.fromhex(identifier),
                uncompressed_pdf=False, pdf_tags=True,  # tagged: screen readers can follow the booklet
            )
        except RulebookError:
            raise
        except Exception as exc:  # noqa: BLE001  (any WeasyPrint failure becomes one line)
            raise PdfError(f"WeasyPrint failed: {type(exc).__name__}: {' '.join(str(exc).split())}") from None
    if problems:
        raise PdfError(f"WeasyPrint: {problems[0]}")
    if data is None:  # pragma: no cover
        raise PdfError("WeasyPrint returned no PDF")
    return bytes(data)


_FONT_FILES = (
    "atkinson-hyperlegible-latin-400-normal.ttf", "atkinson-hyperlegible-latin-700-normal.ttf",
    "rulebook-suits-regular.ttf", "rulebook-suits-bold.ttf",
)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = " ".join(record.getMessage().split())
        # A font or stylesheet that does not load is an error here: the PDF would look right in
        # text extraction and wrong on paper.
        if any(w in message for w in ("Failed to load", "Ignored", "Invalid", "unsupported", "Unsupported")):
            self.messages.append(message)


class _QuietLog:
    def __init__(self) -> None:
        self.handler = _Collect()
        self.logger = logging.getLogger("weasyprint")

    def __enter__(self) -> list[str]:
        self.logger.addHandler(self.handler)
        return self.handler.messages

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self.handler)


def _quiet_weasyprint() -> _QuietLog:
    return _QuietLog()


def _form_xobject(writer: Any, page: Any) -> Any:
    """One booklet page as a form XObject in ``writer`` (its content, resources and box)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    form = DecodedStreamObject()
    form.set_data(page.get_contents().get_data() if page.get_contents() is not None else b"")
    box = page.mediabox
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)])
    form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    return writer._add_object(form.flate_encode(level=9))


def _append_content(writer: Any, page: Any, ops: bytes, xobjects: Mapping[str, Any]) -> None:
    """Add ``ops`` after the page's own content, with ``xobjects`` in its resources."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else DictionaryObject()
    page[NameObject("/Resources")] = resources
    xdict = resources.get("/XObject")
    xdict = xdict.get_object() if xdict is not None else DictionaryObject()
    resources[NameObject("/XObject")] = xdict
    for name in sorted(xobjects):
        xdict[NameObject(name)] = xobjects[name]
    stream = DecodedStreamObject()
    # The frame's content may leave its graphics state changed: wrap it in q ... Q first.
    own = page.get_contents()
    own_data = own.get_data() if own is not None else b""
    stream.set_data(b"q\n" + own_data + b"\nQ\n" + ops + b"\n")
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode(level=9))


def _num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _identifier(game: Any, edition: Edition, what: str) -> str:
    """A 16-byte hex identifier that depends on the sources only (game file, templates, CSS)."""
    h = hashlib.sha256()
    h.update(f"{what}\0{edition.version}\0{edition.epoch}\0".encode())
    h.update(Path(game.path).read_bytes())
    for path in _source_files():
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def _source_files() -> Iterator[Path]:
    yield from sorted(PRINT_DIR.glob("*.css"))
    templates = Path(__file__).resolve().parent.parent / "templates"
    yield from sorted(templates.glob("pdf/*.html"))
    yield from sorted(templates.glob("partials/*.html"))


def _version(root: Path) -> str:
    import tomllib

    try:
        with open(root / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("chips-rulebook")
        except PackageNotFoundError:
            return "0"


def _epoch(root: Path) -> int:
    env = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if env:
        try:
            return int(env)
        except ValueError:
            raise PdfError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, got {env!r}") from None
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True,
                             timeout=10, check=False)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return int(out.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return FALLBACK_EPOCH
