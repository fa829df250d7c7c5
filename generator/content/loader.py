"""Read the game files in ``rules-data/`` and refuse anything that is not right.

``load_game(path)`` parses one file with ``yaml.compose`` so every value keeps its line and
column, checks it against ``generator/content/schema/game.schema.json`` and then makes the checks a
schema cannot (ids unique across the file and prefixed with the game id, every ``[[#id]]`` and
every ruling's ``rules:`` pointing at an existing id, every ``[[card]]`` and every card in an
example parsing). Each problem is a ``RulesDataError`` naming ``file:line:column``, the field and
what was expected; a file with several gets them all in one run, in file order, as one
``RulesDataErrors`` (at most ``RulesDataErrors.MAX_REPORTED``), so an author fixes them at once.

Parsed games are cached per (path, modification time, size), so the site build can call
``load_games`` from every page without parsing the files again.
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import stat
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from ..engine import limits
from ..engine.cards import parse_card
from ..engine.errors import RulebookError, RulesDataError, in_file_order, raise_all

SCHEMA_PATH = Path(__file__).with_name("schema") / "game.schema.json"
RULES_DIR = "rules-data"

#: A path to a value inside a game file: keys and list indices, as jsonschema gives them.
FieldPath = tuple[str | int, ...]

#: ``[[8H]]`` draws a card; ``[[#chips-runs]]`` links to an item.
TOKEN = re.compile(r"\[\[(#?)([^\[\]]*)\]\]")

#: Lists whose entries carry an ``id`` that must be unique across the whole file. Only these:
#: other lists (glance, glossary) have no ids.
_ID_LISTS: tuple[FieldPath, ...] = (
    ("round", "steps"), ("rules",), ("scoring", "items"), ("tie_breakers",), ("examples",),
    ("rulings",), ("variants", "items"),
)

#: In an example's ``input``, every string below one of these keys is a card.
CARD_KEYS = frozenset({
    "hand", "hands", "cards", "card", "top", "deal", "deck", "discard", "discards", "draw",
    "drawn", "exchange", "pile", "stock", "up", "upcard",
})

#: Records whose input holds a score sheet, not cards: their ``hands`` are lists of scores (Chains'
#: ``game``, generator/engine/games/chains.py; a declared game's, generator/engine/declared.py). The
#: record itself checks them; read as cards, every score was refused (issue 38).
SHEET_RECORDS = frozenset({"game"})

#: Glance facts every game page shows in its hero.
REQUIRED_GLANCE = ("players", "rounds", "packs")
#: What a worked example checked by the engine gives (the other kind gives ``text_only`` instead).
EXAMPLE_CHECKED = ("record", "input", "claim")

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def id_prefix(game_id: str) -> str:
    """What every item id of a game starts with: ``chips-``; ``three-chip-stack-`` for
    ``3-chip-stack``, since an item id (an HTML anchor) must start with a letter."""
    head, _, rest = game_id.partition("-")
    if head.isdigit() and int(head) < len(_NUMBER_WORDS):
        head = _NUMBER_WORDS[int(head)]
    return "-".join(p for p in (head, rest) if p) + "-"


# --- The model ----------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Game:
    """One validated game file.

    ``data`` is the file as plain dicts and lists (what the templates read); ``items`` maps
    every id in the file (sections, rule items, steps, tie-breakers, examples, rulings,
    variants) to its dict; ``positions`` maps a field path to its ``(line, column)``, both
    counted from 1, so later checks (the worked examples) can name a place in the file.
    """

    id: str
    path: Path
    data: Mapping[str, Any] = field(repr=False)
    items: Mapping[str, Mapping[str, Any]] = field(repr=False)
    positions: Mapping[FieldPath, tuple[int, int]] = field(repr=False)
    display_path: str = field(default="", repr=False)

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def order(self) -> int:
        return int(self.data["order"])

    def item(self, item_id: str) -> Mapping[str, Any]:
        """The section, rule item, step, example, ruling ... with this id (``KeyError`` if none)."""
        try:
            return self.items[item_id]
        except KeyError:
            raise KeyError(f"{self.id} has no item with id {item_id!r}") from None

    def __contains__(self, item_id: object) -> bool:
        return item_id in self.items

    def glance(self, key: str) -> str | None:
        for fact in self.data["glance"]:
            if fact["key"] == key:
                return str(fact["value"])
        return None

    def location(self, path: FieldPath) -> str:
        """``rules-data/chips.yaml:12:5`` for a field path (the nearest known parent if needed)."""
        return _location(self.display_path or str(self.path), self.positions, path)


# --- Public API ---------------------------------------------------------------------------


def load_game(path: Path | str, *, project: Path | str | None = None) -> Game:
    """Load and check one game file (cached until the file changes).

    The file must be a regular file (not a named pipe, a device or a folder) and, when
    ``project`` is given, lie inside that folder once its symbolic links are followed. Anything
    else is one ``RulesDataError`` naming the path as given, never quoting what a link leads
    to, and nothing is opened (issue 24, item 7)."""
    given = Path(path)
    shown = _display(given.absolute())
    try:
        p = given.resolve(strict=True)
    except RuntimeError:  # a symbolic link loop, before Python 3.13
        raise RulesDataError(shown, _LOOP) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RulesDataError(shown, _LOOP) from None
        if given.is_symlink():
            raise RulesDataError(shown, "a symbolic link to nothing (what it names does not exist)") from None
        raise RulesDataError(shown, f"cannot read the file: {exc.strerror or exc}") from None
    if project is not None and not p.is_relative_to(Path(project).resolve()):
        raise RulesDataError(shown, "a symbolic link to a file outside the project; a game file is read only "
                                    "from the project (copy the file into rules-data/)")
    try:
        st = p.stat()
    except OSError as exc:
        raise RulesDataError(shown, f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise RulesDataError(shown, f"not a regular file ({file_kind(st.st_mode)}); a game file is a YAML text file")
    return _load_cached(p, st.st_mtime_ns, st.st_size)


_LOOP = "a symbolic link that leads round to itself; a game file is a YAML text file"


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def load_games(root: Path | str) -> list[Game]:
    """Every game in ``root/rules-data`` (or ``root`` itself if it is that folder), sorted by
    ``order``, then id. Two games with the same ``order`` is an error."""
    folder = Path(root)
    if (folder / RULES_DIR).is_dir():
        folder = folder / RULES_DIR
    if not folder.is_dir():
        raise RulesDataError(str(folder), f"no {RULES_DIR}/ folder here: run this in the project folder")
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    if not files:
        raise RulesDataError(_display(folder), "no game files (*.yaml) in this folder")
    # The project: what holds rules-data/ (a link inside it may lead anywhere in the project).
    project = folder.resolve().parent if folder.name == RULES_DIR else folder.resolve()
    _refuse_second_names(files)
    games: list[Game] = []
    problems: list[RulesDataError] = []
    for f in files:  # every file's mistakes, in one run
        try:
            games.append(load_game(f, project=project))
        except RulesDataError as exc:
            problems.append(exc)
    raise_all(problems)
    games.sort(key=lambda g: (g.order, g.id))
    seen: dict[int, Game] = {}
    for g in games:
        if g.order in seen:
            other = seen[g.order]
            raise RulesDataError(
                g.location(("order",)),
                f"field `order`: expected a place on the home page no other game has, "
                f"got {g.order}, which {other.display_path} also uses",
            )
        seen[g.order] = g
    return games


def _refuse_second_names(files: Sequence[Path]) -> None:
    """Two names in the folder for one file (a symbolic link to a game file beside it, or a hard
    link) would load one game twice, and the duplicate ``order`` error would then point at the
    file itself ("got 2, which rules-data/chains.yaml also uses", issue 39 item 8): refuse the
    second name, saying which file it names. Only regular files count; load_game names the rest."""
    seen: dict[tuple[int, int], Path] = {}
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        first = seen.setdefault((st.st_dev, st.st_ino), f)
        if first is f:
            continue
        # Name the link, not the file it leads to, whichever sorts first.
        link, target = (first, f) if first.is_symlink() and not f.is_symlink() else (f, first)
        how = ("a symbolic link to the same file as" if target.is_symlink() else "a symbolic link to") \
            if link.is_symlink() else "another name (a hard link) for"
        raise RulesDataError(_display(link.absolute()), f"{how} {_display(target.absolute())}, so the game would be "
                                                        f"read twice; a game file has one name in {RULES_DIR}/: "
                                                        f"remove this one")


def clear_cache() -> None:
    """Forget every parsed file (tests that edit files in place within one second use it)."""
    _CACHE.clear()


# --- Loading ------------------------------------------------------------------------------


_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"


class _GameLoader(yaml.SafeLoader):
    """PyYAML's safe loader, but a value like ``1:30`` is text, not YAML 1.1's base-60 number 90.

    An author writing ``1:30`` means the text; and ``1:59:59:...`` of 300,000 parts, read as one
    number, took a minute of big-number arithmetic (issue 24, item 6). Every other value reads
    as before: the int and float patterns below are PyYAML's (``resolver.py``) less their
    base-60 branches."""


_GameLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag not in (_INT, _FLOAT)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_GameLoader.add_implicit_resolver(_INT, re.compile(r"""^(?:[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+)$""", re.VERBOSE), list("-+0123456789"))
_GameLoader.add_implicit_resolver(_FLOAT, re.compile(r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN))$""", re.VERBOSE), list("-+0123456789."))


@cache
def _schema_validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator: jsonschema.protocols.Validator = cls(schema)
    return validator


def _display(path: Path) -> str:
    """``rules-data/chips.yaml``: short, and what an editor in the project folder can open."""
    if path.parent.name == RULES_DIR:
        return f"{RULES_DIR}/{path.name}"
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


_CACHE_SIZE = 64
_CACHE: dict[tuple[Path, int, int], Game] = {}


def _load_cached(path: Path, mtime_ns: int, size: int) -> Game:
    # A small dict cache keyed on (path, mtime, size): an edited file is parsed again.
    key = (path, mtime_ns, size)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    game = _parse(path)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = game
    return game



def _read(path: Path, shown: str) -> str:
    """The text of a game file, read no further than ``limits.GAME_FILE_BYTES`` (and one byte to
    tell) whatever size the file states; opened without following a link or waiting on a pipe,
    in case one took the file's place since ``load_game`` looked."""
    bound = limits.GAME_FILE_BYTES
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise RulesDataError(shown, f"cannot read the file: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as file:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise RulesDataError(shown, f"not a regular file ({file_kind(st.st_mode)}); a game file is a YAML text file")
        if st.st_size > bound:
            raise RulesDataError(f"{shown}:1:1", f"the file is {st.st_size:,} bytes; a game file is at most {bound:,}")
        try:
            data = file.read(bound + 1)
        except OSError as exc:
            raise RulesDataError(shown, f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > bound:
        raise RulesDataError(f"{shown}:1:1", f"the file is more than {bound:,} bytes; a game file is at most {bound:,}")
    try:
        # As Path.read_text reads: UTF-8, and \r\n or \r line endings read as \n.
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()
    except UnicodeDecodeError as exc:
        raise RulesDataError(f"{shown}:1:1", f"the file is not UTF-8 text ({exc.reason})") from None


def _parse(path: Path) -> Game:
    shown = _display(path)
    text = _read(path, shown)

    _check_tabs(shown, text)
    _check_characters(shown, text)
    try:
        _check_events(shown, text)
        node = yaml.compose(text, Loader=_GameLoader)
    except yaml.MarkedYAMLError as exc:
        where, what = yaml_words(shown, text, exc)
        raise RulesDataError(where, what) from None
    except yaml.YAMLError as exc:
        raise RulesDataError(shown, f"this is not valid YAML: {exc}") from None
    if node is None:
        raise RulesDataError(f"{shown}:1:1", "the file is empty: expected a game (id, name, rules, ...)")

    # Every mistake from here on is collected, each with its place, and all are reported at once.
    problems: list[RulesDataError] = []
    positions: dict[FieldPath, tuple[int, int]] = {}
    key_positions: dict[FieldPath, tuple[int, int]] = {}
    broken: set[FieldPath] = set()  # values the reading refused (a number too long ...): no schema words on them
    data = _to_python(node, (), positions, key_positions, shown, problems, broken)

    valid = _validate_schema(shown, data, positions, key_positions, problems, broken) and not problems
    # The file's shape first (what the reader and the schema refuse), then what the checks beyond
    # the schema find; each group top to bottom.
    problems[:] = in_file_order(problems)
    later: list[RulesDataError] = []
    items: dict[str, Mapping[str, Any]] = {}
    if isinstance(data, dict):
        try:
            items = _check_semantics(shown, path, data, positions, later)
        except (KeyError, TypeError, AttributeError, IndexError):
            if valid:
                raise
            # A file the schema refused may lack what a later check reads: the schema's words stand.
    # A place the reading or the schema named already gets no second line from the checks after them.
    named = {e.location for e in problems}
    raise_all(problems + [e for e in in_file_order(later) if e.location not in named])
    assert isinstance(data, dict)
    game_id = str(data["id"])
    return Game(id=game_id, path=path, data=data, items=items, positions=positions, display_path=shown)


def _check_tabs(shown: str, text: str) -> None:
    found = []
    for n, line in enumerate(text.splitlines(), start=1):
        col = line.find("\t")
        if col >= 0:
            found.append(RulesDataError(
                f"{shown}:{n}:{col + 1}", "found a tab character: indent with spaces, and write no tabs in text"))
    raise_all(found)


#: What the YAML reader refuses (NUL, other control characters): found first, with line:column.
_NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def _check_characters(shown: str, text: str) -> None:
    bad = _NON_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise RulesDataError(f"{shown}:{line}:{col}", f"found the control character U+{ord(bad.group()):04X}; "
                                                      f"a game file holds only text")


def _check_events(shown: str, text: str) -> None:
    """Refuse anchors and aliases (a "billion laughs" alias tree, a recursive alias), tags and
    nesting deeper than ``limits.YAML_DEPTH``, from the event stream, before the recursive
    composer runs."""
    problem = event_problem(text, "game file", _GameLoader)
    if problem is not None:
        where, message = problem
        raise RulesDataError(f"{shown}:{where}" if where else shown, message)


#: How a tag the reader expanded was written: ``!!binary`` for ``tag:yaml.org,2002:binary``.
_YAML_TAGS = "tag:yaml.org,2002:"


def event_problem(text: str, noun: str, loader: type[yaml.SafeLoader] = yaml.SafeLoader) -> tuple[str, str] | None:
    """The first thing in a YAML text that a ``noun`` (a game file, a house file) never holds, as
    (``line:column``, what it is), or None: an anchor or an alias (a "billion laughs" alias tree,
    a recursive alias), a tag (``!custom``, ``!!binary``: a value read as something other than
    the text it shows, issue 39 item 8), or lists and mappings nested more than
    ``limits.YAML_DEPTH`` deep. Read from the event stream, which PyYAML parses without
    recursion, so a hostile text is refused before the recursive composer meets it (issue 39,
    item 3). A YAML syntax error is raised as PyYAML raises it."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        mark = event.start_mark
        where = f"{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        if isinstance(event, yaml.AliasEvent):
            return where, (f"found an alias (*{limits.clip(str(event.anchor))}); {noun}s use no anchors or "
                           f"aliases: write the value out")
        if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            return where, (f"found an anchor (&{limits.clip(str(event.anchor))}); {noun}s use no anchors or "
                           f"aliases: write the value out")
        tag = getattr(event, "tag", None)
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and tag is not None:
            written = f"!!{tag[len(_YAML_TAGS):]}" if tag.startswith(_YAML_TAGS) else tag
            return where, (f"found the tag {limits.clip(written)}; {noun}s use no tags (a tag makes a value "
                           f"something other than the text written): write the value without it")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limits.YAML_DEPTH:
                return where, (f"lists and mappings nest more than {limits.YAML_DEPTH} levels deep here; "
                               f"a {noun} needs far fewer")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


_SCALARS = _GameLoader("")

#: What is left of a whole number's text once its sign, ``0x``/``0b`` and ``_`` separators go.
_NUMBER_PREFIX = re.compile(r"^[-+]?(?:0[xb])?")


def _to_python(
    node: yaml.Node,
    path: FieldPath,
    positions: dict[FieldPath, tuple[int, int]],
    key_positions: dict[FieldPath, tuple[int, int]],
    shown: str,
    problems: list[RulesDataError],
    broken: set[FieldPath],
) -> Any:
    """Plain Python from a composed node, recording where every value (and key) sits. A mistake
    (a key given twice, a number too long) goes into ``problems`` and the reading goes on."""
    positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            where = f"{shown}:{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}"
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(RulesDataError(where, f"field `{_dotted(path)}`: expected a plain key, got a {key_node.id}"))
                continue
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(RulesDataError(where, f"field `{_dotted(path)}`: merge keys (<<) are not allowed"))
                continue
            key = str(key_node.value)
            if key in out:
                first = key_positions[path + (key,)]
                problems.append(RulesDataError(
                    where,
                    f"field `{_dotted(path + (key,))}`: duplicate key (first given on line {first[0]}); "
                    f"expected each key once",
                ))
                continue
            key_positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _to_python(value_node, path + (key,), positions, key_positions, shown, problems, broken)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_to_python(v, path + (i,), positions, key_positions, shown, problems, broken)
                for i, v in enumerate(node.value)]
    assert isinstance(node, yaml.ScalarNode)
    line, col = positions[path]
    if node.tag == _INT:
        # Counted on the text, before Python builds the number (its 4,300-digit limit would
        # otherwise answer, with no place in the file).
        digits = len(_NUMBER_PREFIX.sub("", node.value).replace("_", ""))
        if digits > limits.YAML_NUMBER_DIGITS:
            problems.append(RulesDataError(
                f"{shown}:{line}:{col}", f"field `{_dotted(path)}`: a number of {digits:,} digits; "
                                         f"a game file's numbers have at most {limits.YAML_NUMBER_DIGITS} "
                                         f"(put text in quotes)"))
            broken.add(path)
            return None
    try:
        return _SCALARS.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError) as exc:
        problems.append(RulesDataError(f"{shown}:{line}:{col}", f"field `{_dotted(path)}`: {limits.clip(str(exc), 120)}"))
        broken.add(path)
        return None


def _dotted(path: FieldPath) -> str:
    """``rules[0].items[2].id`` for a field path; ``(the file)`` for the top (a key of any length
    clipped, ``limits.clip``)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{limits.clip(part)}" if out else limits.clip(part))
    return out or "(the file)"


def _location(shown: str, positions: Mapping[FieldPath, tuple[int, int]], path: FieldPath) -> str:
    p = tuple(path)
    while p not in positions and p:
        p = p[:-1]
    line, col = positions.get(p, (1, 1))
    return f"{shown}:{line}:{col}"


# --- Schema -------------------------------------------------------------------------------

_TYPE_WORDS = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "array": "a list", "object": "a mapping of keys to values", "null": "nothing",
}

_PATTERN_WORDS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "a kebab-case game id (lowercase letters, digits, single hyphens)",
    "^[a-z][a-z0-9]*(-[a-z0-9]+)*$": "a kebab-case id starting with a letter (lowercase letters, digits, "
    "single hyphens), like chips-runs",
    "^[a-z][a-z0-9_-]*$": "a short lowercase key, like players",
    "^[^\\n]*\\S[^\\n]*$": "one line of text",
    "\\S": "some text",
}


def _describe(value: Any) -> str:
    """A short, quoted picture of a value for an error message."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (YAML reads yes/no/on/off as true/false: put it in quotes)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return limits.clip(json.dumps(value, ensure_ascii=False))
    if isinstance(value, list):
        return f"a list of {len(value)}" if value else "an empty list"
    if isinstance(value, dict):
        return f"a mapping with keys {', '.join(map(limits.clip, list(value)[:4]))}" if value else "an empty mapping"
    return type(value).__name__  # dates and the like


def _schema_message(error: jsonschema.ValidationError) -> tuple[FieldPath, str]:
    """The field path to point at and a one-line message for one schema error."""
    path: FieldPath = tuple(error.absolute_path)
    v = error.validator
    vv: Any = error.validator_value
    inst = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in inst if k not in allowed]
        key = extra[0] if extra else "?"
        hint = _closest(key, allowed)
        expected = f"one of: {', '.join(allowed)}" + (f" (did you mean `{hint}`?)" if hint else "")
        return path + (key,), f"field `{_dotted(path + (key,))}`: unknown key; expected {expected}"
    if v == "required" and isinstance(inst, dict):
        missing = [k for k in vv if k not in inst]
        key = missing[0] if missing else "?"
        return path, f"field `{_dotted(path + (key,))}`: missing; expected a `{key}` key here"
    what = f"field `{_dotted(path)}`"
    got = _describe(inst)
    if v == "type":
        types = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        expected = " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in types)
        if "string" in types and isinstance(inst, (int, float)) and not isinstance(inst, bool):
            expected += " (put it in quotes)"
        return path, f"{what}: expected {expected}, got {got}"
    if v == "pattern":
        expected = _PATTERN_WORDS.get(str(error.validator_value), f"text matching {error.validator_value}")
        return path, f"{what}: expected {expected}, got {got}"
    if v == "minItems":
        n = error.validator_value
        return path, f"{what}: expected at least {n} item{'s' if n != 1 else ''}, got {got}"
    if v == "minLength":
        return path, f"{what}: expected some text, got an empty string"
    if v == "minProperties":
        return path, f"{what}: expected at least {error.validator_value} key, got {got}"
    if v == "minimum":
        return path, f"{what}: expected {error.validator_value} or more, got {got}"
    if v in ("enum", "const"):
        options = vv if v == "enum" else [vv]
        return path, f"{what}: expected one of {', '.join(map(str, options))}, got {got}"
    return path, f"{what}: {limits.clip(error.message, 120)}"


def _closest(word: str, options: Sequence[str]) -> str | None:
    import difflib

    hits = difflib.get_close_matches(word, list(options), n=1, cutoff=0.7)
    return hits[0] if hits else None


def _validate_schema(
    shown: str,
    data: Any,
    positions: Mapping[FieldPath, tuple[int, int]],
    key_positions: Mapping[FieldPath, tuple[int, int]],
    problems: list[RulesDataError],
    broken: set[FieldPath],
) -> bool:
    """Every schema error into ``problems``, each at its place (none on a value in ``broken``, which
    the reading refused already); True when there were none."""
    errors = [e for e in _schema_validator().iter_errors(data) if tuple(e.absolute_path) not in broken]
    if not errors:
        return True

    def place(err: jsonschema.ValidationError) -> tuple[tuple[int, int], str]:
        path, message = _schema_message(err)
        if path in key_positions and err.validator == "additionalProperties":
            pos = key_positions[path]
        else:
            p = path
            while p not in positions and p:
                p = p[:-1]
            pos = positions.get(p, (1, 1))
        return pos, message

    # A typo shows up twice: an unknown key (`txt`) and a missing one (`text`). The unknown key
    # is the one to name, with its "did you mean".
    typo_at = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    errors = [e for e in errors if not (e.validator == "required" and tuple(e.absolute_path) in typo_at)]
    # In file order, so fixing them top to bottom works; one line per place and message.
    seen: set[tuple[tuple[int, int], str]] = set()
    for (line, col), message in sorted((place(e) for e in errors), key=lambda pm: pm[0]):
        if ((line, col), message) not in seen:
            seen.add(((line, col), message))
            problems.append(RulesDataError(f"{shown}:{line}:{col}", message))
    return False


# --- Semantic checks ----------------------------------------------------------------------


def _check_semantics(
    shown: str, path: Path, data: dict[str, Any], positions: Mapping[FieldPath, tuple[int, int]],
    problems: list[RulesDataError],
) -> dict[str, Mapping[str, Any]]:
    """The checks a schema cannot make; each mistake goes into ``problems`` and the checks go on."""
    def fail(at: FieldPath, message: str) -> None:
        problems.append(RulesDataError(_location(shown, positions, at), f"field `{_dotted(at)}`: {message}"))

    game_id = data["id"]
    stem = path.stem
    prefixes = {id_prefix(game_id)}
    if game_id != stem:
        fail(("id",), f"expected the file name, {_quote(stem)}, got {_quote(game_id)}")
        prefixes.add(id_prefix(stem))  # one mistake, not one per id: the ids may follow either until it is fixed
    prefix = id_prefix(game_id)

    # Ids: unique across the file, and prefixed with the game id.
    items: dict[str, Mapping[str, Any]] = {}
    where: dict[str, FieldPath] = {}
    for at, entry in _entries_with_ids(data):
        item_id = entry["id"]
        if not item_id.startswith(tuple(prefixes)):
            fail(at + ("id",), f"expected an id starting with {_quote(prefix)}, got {_quote(item_id)}")
        if item_id in items:
            first = positions.get(where[item_id] + ("id",), (0, 0))[0]
            fail(at + ("id",), f"expected an id used nowhere else in the file, got {_quote(item_id)}, "
                                     f"already used on line {first}")
            continue
        items[item_id] = entry
        where[item_id] = at

    # Glance: the hero needs players, rounds and packs.
    keys = [g["key"] for g in data["glance"]]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            fail(("glance", i, "key"), f"expected each glance key once, got {_quote(k)} twice")
    for k in REQUIRED_GLANCE:
        if k not in keys:
            fail(("glance",), f"expected a fact with key {_quote(k)} (players, rounds and packs are "
                                    f"required), got keys {_quote_list(keys)}")

    # Comparison rows give one cell per relative.
    comparison = data.get("comparison")
    if comparison:
        n = len(comparison["relatives"])
        for i, row in enumerate(comparison["rows"]):
            if len(row["relatives"]) != n:
                fail(("comparison", "rows", i, "relatives"),
                           f"expected {n} entries (one per relative: {', '.join(comparison['relatives'])}), "
                           f"got {len(row['relatives'])}")

    # The picture of the table: the dealer sits at one of its seats.
    table = data.get("table")
    if table and table["dealer"] >= len(table["seats"]):
        fail(("table", "dealer"), f"expected the index of one of the {len(table['seats'])} seats "
                                        f"(0 to {len(table['seats']) - 1}), got {table['dealer']}")

    # Summaries (Quick start steps, round beats) name the rules they summarise: rule items,
    # scoring items or tie-breakers (tests/test_summaries.py holds their numbers to those rules').
    rule_items = {i["id"]: i for s in data["rules"] for i in s["items"]}
    rule_items |= {i["id"]: i for i in [*data["scoring"].get("items", []), *data["tie_breakers"]]}
    for part in ("quick_start", "round"):
        for i, step in enumerate(data[part]["steps"]):
            for j, ref in enumerate(step["rules"]):
                if ref not in rule_items:
                    fail((part, "steps", i, "rules", j),
                               f"expected the id of a rule, scoring rule or tie-breaker in this file, "
                               f"got {_quote(ref)}{_hint(ref, rule_items)}")

    # Worked examples: checked by the engine (record, input and claim) or text only, with its reason.
    for i, ex in enumerate(data["examples"]):
        checked = [k for k in EXAMPLE_CHECKED if k in ex]
        if "text_only" in ex and checked:
            fail(("examples", i, "text_only"), f"expected either `text_only` (no engine checks it) or "
                                                     f"`record`, `input` and `claim`, not both (remove "
                                                     f"`{'`, `'.join(checked)}`, or `text_only`)")
        if "text_only" not in ex and len(checked) < len(EXAMPLE_CHECKED):
            missing = next(k for k in EXAMPLE_CHECKED if k not in ex)
            fail(("examples", i), f"missing `{missing}`; expected `record`, `input` and `claim` (checked "
                                        f"by the engine), or `text_only: <why no engine checks it>`")

    # Rulings cite existing rule ids.
    for i, ruling in enumerate(data["rulings"]):
        for j, ref in enumerate(ruling["rules"]):
            if ref not in items:
                fail(("rulings", i, "rules", j), f"expected the id of an item in this file, got {_quote(ref)}"
                                                       f"{_hint(ref, items)}")
        # One reading is followed; examples are worked examples; an engine-free ruling says so.
        if ruling["chosen"] > len(ruling["readings"]):
            fail(("rulings", i, "chosen"), f"expected the number of one of the {len(ruling['readings'])} "
                                                 f"readings (1 = the first), got {ruling['chosen']}")
        example_ids = {ex["id"]: ex for ex in data["examples"]}
        for j, ref in enumerate(ruling.get("examples") or []):
            if ref not in example_ids:
                fail(("rulings", i, "examples", j), f"expected the id of a worked example in this file, "
                                                          f"got {_quote(ref)}{_hint(ref, example_ids)}")
        if "text_only" in ruling and ("engine" in ruling or "python_only" in ruling):
            fail(("rulings", i, "text_only"), "expected either `text_only` (no engine implements it) or "
                                                    "`engine`/`python_only`, not both")

    # House options (generator/content/house.py): ids unique in the file, one value per reading,
    # values unique, and wording only for a value the option has and an item the file has.
    option_at: dict[str, FieldPath] = {}
    owners: list[tuple[FieldPath, Mapping[str, Any], int | None]] = [
        (("rulings", i), r, len(r["readings"])) for i, r in enumerate(data["rulings"])]
    owners += [(("variants", "items", i), v, None) for i, v in enumerate((data.get("variants") or {}).get("items", []))]
    for at, owner, readings in owners:
        option = owner.get("option")
        if option is None:
            continue
        opt_path = at + ("option",)
        if option["id"] in option_at:
            first = positions.get(option_at[option["id"]] + ("id",), (0, 0))[0]
            fail(opt_path + ("id",), f"expected an option id used nowhere else in the file, got "
                                        f"{_quote(option['id'])}, already used on line {first}")
            continue
        option_at[option["id"]] = opt_path
        values = option["values"]
        if len(set(values)) != len(values):
            fail(opt_path + ("values",), f"expected each value once, got {_quote_list(values)}")
        if readings is not None and len(values) != readings:
            fail(opt_path + ("values",), f"expected one value per reading ({readings}), got {len(values)}")
        if readings is None and len(values) != 2:
            fail(opt_path + ("values",), "expected two values for a variant: not played, then played")
        # Every value has its short label, and no label names a value the option lacks (issue 37).
        short = option.get("short") or {}
        for value in short:
            if value not in values:
                fail(opt_path + ("short", value), f"expected one of the option's values "
                                                     f"({_quote_list(values)}), got {_quote(value)}")
        for value in values:
            if value not in short:
                fail(opt_path + ("short",), f"expected a short label for every value, "
                                                  f"missing {_quote(value)}")
        for value, texts in (option.get("wording") or {}).items():
            if value not in values:
                fail(opt_path + ("wording", value), f"expected one of the option's values "
                                                       f"({_quote_list(values)}), got {_quote(value)}")
            for item_id in texts:
                if item_id not in items:
                    fail(opt_path + ("wording", value, item_id),
                               f"expected the id of an item in this file, got {_quote(item_id)}{_hint(item_id, items)}")

    # An example's explanations under house readings name options and values of this file.
    known_values = {o["id"]: o["values"] for _, owner, _ in owners if (o := owner.get("option"))}
    for i, ex in enumerate(data["examples"]):
        for option_id, texts in (ex.get("house_explain") or {}).items():
            if option_id not in known_values:
                fail(("examples", i, "house_explain", option_id),
                     f"expected the id of a house option in this file, got {_quote(option_id)}"
                     f"{_hint(option_id, known_values)}")
                continue
            for value in texts:
                if value not in known_values[option_id]:
                    fail(("examples", i, "house_explain", option_id, value),
                               f"expected one of the option's values ({_quote_list(known_values[option_id])}), "
                               f"got {_quote(value)}")

    # Text tokens: [[8H]] must be a card, [[#id]] an existing id.
    for at, text in _texts(data, ()):
        for m in TOKEN.finditer(text):
            hash_, body = m.groups()
            if hash_:
                if body not in items:
                    fail(at, f"expected [[#id]] to name an item in this file, got [[#{limits.clip(body)}]]"
                                   f"{_hint(body, items)}")
            else:
                try:
                    parse_card(body)
                except RulebookError as exc:
                    fail(at, f"expected [[card]] like [[8H]], [[10S]] or [[JK]], got [[{limits.clip(body)}]] ({exc})"
                               )

    # Examples and the sample round: every card in the input parses.
    inputs: list[tuple[Any, FieldPath]] = [
        (ex["input"], ("examples", i, "input")) for i, ex in enumerate(data["examples"])
        if "input" in ex and ex.get("record") not in SHEET_RECORDS]
    if data.get("sample_round"):
        inputs.append((data["sample_round"]["input"], ("sample_round", "input")))
    for node, input_path in inputs:
        for at, value in _cards_in(node, input_path, False):
            if not isinstance(value, str):
                fail(at, f"expected a card written like '8H', got {_describe(value)}")
                continue
            try:
                parse_card(value)
            except RulebookError as exc:
                fail(at, f"expected a card, got {limits.clip(json.dumps(value, ensure_ascii=False))} ({exc})")
    return items


def _quote(value: object) -> str:
    """A value an error message quotes back: its ``repr``, clipped (``limits.clip``)."""
    return limits.clip(repr(value))


def _quote_list(values: Sequence[str]) -> str:
    return limits.clip(", ".join(values), 120)


def _hint(word: str, items: Mapping[str, Any]) -> str:
    near = _closest(word, list(items))
    return f" (did you mean {_quote(near)}?)" if near else ""


def _entries_with_ids(data: Mapping[str, Any]) -> Iterator[tuple[FieldPath, Mapping[str, Any]]]:
    variants = data.get("variants")
    if isinstance(variants, dict) and "id" in variants:
        yield ("variants",), variants
    sample = data.get("sample_round")
    if isinstance(sample, dict) and "id" in sample:
        yield ("sample_round",), sample
    for list_path in _ID_LISTS:
        node: Any = data
        for part in list_path:
            node = node.get(part) if isinstance(node, dict) else None
        for i, entry in enumerate(node or []):
            at = list_path + (i,)
            yield at, entry
            if list_path == ("rules",):
                for j, item in enumerate(entry["items"]):
                    yield at + ("items", j), item


def _texts(node: Any, path: FieldPath) -> Iterator[tuple[FieldPath, str]]:
    """Every string in the file except example inputs and claims (data, not text)."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for k, v in node.items():
            if len(path) == 2 and path[0] == "examples" and k in ("input", "claim"):
                continue
            if path == ("sample_round",) and k in ("input", "claim"):
                continue
            yield from _texts(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _texts(v, path + (i,))


def _cards_in(node: Any, path: FieldPath, is_card: bool) -> Iterator[tuple[FieldPath, Any]]:
    """Values below a card key (``hand``, ``cards``, ``top`` ...) of an example input."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _cards_in(v, path + (k,), is_card or k in CARD_KEYS)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _cards_in(v, path + (i,), is_card)
    elif is_card and node is not None:
        yield path, node


# --- YAML syntax errors in words ------------------------------------------------------------------

#: Where a scalar may start: after the indentation, a ``- `` or ``key: ``, or inside ``{`` / ``[`` after ``,``.
_SCALAR_START = re.compile(r"(?:^\s*(?:-\s+)*|:\s+|[\[{,]\s*|-\s+)$")


#: A line whose value is a folded or literal block (``text: >-``, ``- |``): the lines under it are text.
_BLOCK_SCALAR = re.compile(r"(?:^|:\s|-\s)\s*[>|][-+0-9]*\s*(?:#.*)?$")


def _unclosed_quote(text: str, up_to_line: int) -> tuple[int, int, str] | None:
    """The first quote (line, column, the quote) on or before line ``up_to_line`` that opens a value and
    is not closed on its own line. A game file's quoted values each sit on one line, so a quote left
    open is what made the reader run on past it."""
    block_at: int | None = None  # the indentation of the key whose folded (>-) or literal (|) text runs on
    for n, line in enumerate(text.splitlines()[:up_to_line], start=1):
        if block_at is not None:
            if not line.strip() or _indent(line) > block_at:
                continue  # a line of folded text: quotes there are only characters
            block_at = None
        if _BLOCK_SCALAR.search(line):
            block_at = _indent(line)
        i = 0
        while i < len(line):
            ch = line[i]
            if ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break  # a comment: the rest of the line is not YAML
            if ch in "\"'" and _SCALAR_START.search(line[:i]):
                j = i + 1
                while j < len(line):
                    if ch == '"' and line[j] == "\\":
                        j += 2
                        continue
                    if line[j] == ch:
                        if ch == "'" and line[j + 1:j + 2] == "'":
                            j += 2  # '' is a quote inside single quotes
                            continue
                        break
                    j += 1
                if j >= len(line):
                    return n, i + 1, ch
                i = j + 1
                continue
            i += 1
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _line_above(lines: list[str], n: int) -> int | None:
    """The number of the nearest line above line ``n`` (1-based) that holds YAML (not blank, not a comment)."""
    for k in range(n - 1, 0, -1):
        stripped = lines[k - 1].strip()
        if stripped and not stripped.startswith("#"):
            return k
    return None


def yaml_words(shown: str, text: str, exc: yaml.MarkedYAMLError) -> tuple[str, str]:
    """``(file:line:column, message)`` for a YAML syntax error, in an author's words (issue 38): where
    the unclosed part starts, not where the reader gave up, and never the reader's own terms
    ("expected <block end>, but found '<block mapping start>'")."""
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    problem = exc.problem or ""
    context = exc.context or ""
    lines = text.splitlines()

    quote = _unclosed_quote(text, line)
    if quote is not None and ("quoted scalar" in context or "flow" in context or "end of stream" in problem
                              or "block" in problem or "mapping values" in problem):
        qline, qcol, ch = quote
        return (f"{shown}:{qline}:{qcol}", (f"this is not valid YAML: a quote opened on line {qline} is never closed: "
                                           f"end the text with the same quote ({ch}) on that line"))
    if "flow mapping" in context or "flow sequence" in context:
        opener = "{" if "mapping" in context else "["
        closer = "}" if opener == "{" else "]"
        start = exc.context_mark
        at_line = start.line + 1 if start else line
        at_col = start.column + 1 if start else col
        return (f"{shown}:{at_line}:{at_col}", (f"this is not valid YAML: the {opener} opened on line {at_line} is not "
                                               f"closed by a {closer} on that line (or a comma is missing between "
                                               f"two of its entries)"))
    if "mapping values are not allowed" in problem:
        above = _line_above(lines, line)
        here = lines[line - 1] if 0 < line <= len(lines) else ""
        if above is not None and _indent(here) > _indent(lines[above - 1]):
            return (f"{shown}:{line}:{_indent(here) + 1}",
                    (f"this is not valid YAML: this line is indented more than the one above (line {above}), "
                    f"which already has its value; line it up with that line, or end line {above} with its key "
                    f"and a colon"))
        return (f"{shown}:{line}:{col}", ("this is not valid YAML: a colon and a space inside unquoted text; put "
                                         "the text in quotes (\"...\") or fold it with >-"))
    if "expected <block end>" in problem or "block" in context:
        here = lines[line - 1] if 0 < line <= len(lines) else ""
        above = _line_above(lines, line)
        if "'-'" in problem:
            return (f"{shown}:{line}:{col}", ("this is not valid YAML: a list entry (\"- \") where a key was "
                                             "expected; give the list a key of its own, or indent it under one"))
        if above is not None and _indent(here) < _indent(lines[above - 1]):
            return (f"{shown}:{line}:{_indent(here) + 1}",
                    (f"this is not valid YAML: this line is indented less than the one above (line {above}) "
                    f"but not as little as a key it could belong to; line it up with the keys beside it"))
        if above is not None and _indent(here) > _indent(lines[above - 1]):
            return (f"{shown}:{line}:{_indent(here) + 1}",
                    (f"this is not valid YAML: this line is indented more than the one above (line {above}); "
                    f"line it up with that line"))
        return (f"{shown}:{line}:{col}", ("this is not valid YAML: this line does not line up with the keys "
                                         "around it; each key of a mapping starts in the same column"))
    if "end of stream" in problem and "quoted scalar" in context and exc.context_mark is not None:
        start = exc.context_mark
        return (f"{shown}:{start.line + 1}:{start.column + 1}",
                f"this is not valid YAML: a quote opened on line {start.line + 1} is never closed")
    if "could not find expected ':'" in problem or "simple key" in context:
        return (f"{shown}:{line}:{col}", ("this is not valid YAML: a key without its colon (write `key: value`), "
                                         "or text that needs quotes"))
    # Anything rarer: the reader's words, after plain ones.
    what = "; ".join(p for p in (context, problem) if p)
    return (f"{shown}:{line}:{col}", f"this is not valid YAML here (the YAML reader says: {what})")
