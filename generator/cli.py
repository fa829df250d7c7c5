"""The ``rulebook`` command: score hands, judge plays and showdowns, check and build the project.

Every record command takes cards on the command line and prints a few readable lines, or
``--json`` (one JSON object), or ``--jsonl`` (one JSON record a line on stdin, one result a
line on stdout, same order; a bad line answers ``{"error": "..."}`` and the rest go on).

The record commands (score, play, showdown, rank, record) take ``--house <option-id>=<value>``
(repeatable) or ``--house FILE.yaml`` (``{<game>: {<option-id>: <value>}}``): the house options
of ``rulebook options <game>``, checked against the game file, given to each record as its
``house`` field, merged with the record's own (``--jsonl``, ``record``): the record's own choice
wins on the same option and the command line's fill the rest. A house file must name the game.

Bad input anywhere gives one line on stderr, ``rulebook: <what is wrong and where>``, and
exit code 2, never a traceback. Heavy modules (the site build, the PDFs, the Chips engine)
are imported only by the subcommands that need them, so ``--jsonl`` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any, NoReturn

from . import stopping
from .engine import limits
from .engine.errors import RulebookError, RulesDataError, RulesDataErrors
from .stopping import Interrupted, stop_requested

PROG = "rulebook"
USAGE_ERROR = 2


class UsageError(RulebookError):
    """A command line argparse refused (unknown option, missing argument...)."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and no usage dump (the caller prints it)."""

    def error(self, message: str) -> NoReturn:
        sub = self.prog[len(PROG):].strip()
        raise UsageError(f"{sub}: {message}" if sub else message)


# --- Helpers ----------------------------------------------------------------------------------


def _import(module: str, what: str) -> ModuleType:
    """Import a module written by another part of the project, with a one-line error if it is not there."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (exc.name == module or module.startswith(exc.name + ".")):
            raise RulebookError(f"{what} is not available yet ({module} is not written)") from None
        raise


def _record(game: str, name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    from .engine.games import record

    try:
        return record(game, name)
    except ModuleNotFoundError as exc:
        raise RulebookError(f"the {game} engine is not available yet ({exc.name} is not written)") from None


def _cli_house(args: argparse.Namespace, game_id: str) -> dict[str, str]:
    """The house options ``--house`` gives for ``game_id``, checked against its game file: each
    ``<option-id>=<value>`` as given, and from a house file the options it sets away from their
    defaults; a later ``--house`` overrides an earlier one. Empty without ``--house``.

    A house file that names no rules for ``game_id`` (only another game's) is refused in one line
    rather than read as the family's rules (issue 39, item 7): ``<game>: {}`` in it says the
    family's rules on purpose."""
    given: list[str] = getattr(args, "house", None) or []
    if not given:
        return {}
    from .content import house as house_rules

    loader = _import("generator.content.loader", "--house")
    games = {g.id: g for g in loader.load_games(_project_root("--house"))}
    if game_id not in games:
        raise RulebookError(f"--house: no game file for {limits.clip(game_id)!r} (games: {', '.join(games)})")
    game = games[game_id]
    chosen: dict[str, str] = {}
    for item in given:
        if os.path.lexists(item) or ("=" not in item and item.endswith((".yaml", ".yml"))):
            # A path: read_house_file says what it is when it is no house file (missing, a
            # folder, a named pipe), never "no such file" for what is there (issue 39, item 8).
            houses = _houses_for(item, games, game_id)
            chosen |= {o.id: v for o, v in house_rules.changed(game, houses[game_id])}
        else:
            option_id, value = house_rules.parse_pair(item)
            house_rules.check_choice(game, option_id, value)
            chosen[option_id] = value
    return chosen


def _houses_for(path: str, games: dict[str, Any], game_id: str | None) -> dict[str, dict[str, str]]:
    """A house file read and checked (content/house.py ``read_house_file``), refused in one line
    when it names no game at all, or, for one game's command (``game_id``), not that game: its
    rules would otherwise be the family's without a word (issue 39, item 7)."""
    from .content.house import read_house_file

    houses = read_house_file(path, games)
    shown = path  # a file that was read: the system bounds its name
    if not houses:
        raise RulebookError(f"--house {shown}: the house file names no game; write {{<game>: {{<option-id>: "
                            f"<value>}}}}, like chips: {{throw-back: not-allowed}}")
    if game_id is not None and game_id not in houses:
        raise RulebookError(f"--house {shown}: the house file has rules for {', '.join(houses)}, none for "
                            f"{game_id}; add {game_id}: {{<option-id>: <value>}} to it ({game_id}: {{}} "
                            f"for the family's rules), or leave out --house")
    return houses


def _housed(fn: Callable[[dict[str, Any]], dict[str, Any]], house: dict[str, str], game_id: str,
            name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """``fn`` giving each record the command line's house options, merged with its own: the
    record's own choice wins on the same option, the command line's fill the rest (a record's
    ``house`` of null or {} takes them all; issue 39, item 7). A ``house`` that is not an object
    is left for the engine to refuse.

    A record that follows no house option (not in its game module's ``HOUSE_RECORDS``) is refused
    a house that changes anything, rather than answered as if the table played the defaults."""
    if not house:
        return fn
    from .engine.games import load_game

    takes: frozenset[str] = getattr(load_game(game_id), "HOUSE_RECORDS", frozenset())
    if name not in takes:
        those = f"(the {game_id} records that do: {', '.join(sorted(takes))})" if takes else \
            f"(no {game_id} record takes them yet)"
        raise RulebookError(f"--house: the {game_id} {name} record does not follow house options {those}")

    def run(rec: dict[str, Any]) -> dict[str, Any]:
        if isinstance(rec, dict):
            own = rec.get("house")
            if own is None:
                rec = {**rec, "house": dict(house)}
            elif isinstance(own, dict):
                rec = {**rec, "house": {**house, **own}}
        return fn(rec)

    return run


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


#: An error line never grows past this, whatever it quotes (limits.QUOTE_CHARS each quote).
ERROR_CHARS = 400


def _one_line(text: str) -> str:
    return limits.clip(" ".join(str(text).split()), ERROR_CHARS)


def _too_long(chars: int) -> str:
    return f"a record of {chars:,} characters; at most {limits.JSON_LINE_CHARS:,} are read"


#: Half of a UTF-16 pair: JSON may spell one (``"\ud800"``), but alone it is no character and
#: no UTF-8 can carry it (issue 24, item 10).
_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in the strings (keys too) of a parsed JSON value, or None. The
    value is bounded (``parse_json``), so walking it is cheap."""
    if isinstance(value, str):
        hit = None if value.isascii() else _SURROGATE.search(value)
        return hit.group() if hit else None
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, list):
        for item in value:
            found = _lone_surrogate(item)
            if found is not None:
                return found
    return None


def parse_json(text: str, what: str = "") -> Any:
    """JSON text to a value, within the bounds of ``limits``: at most ``JSON_LINE_CHARS``
    characters and ``JSON_DEPTH`` levels of nesting (checked before parsing, so a hostile text
    never reaches the recursive parser), and Unicode text (no lone surrogate, which no answer
    could print). Every refusal is one ``RulebookError`` line."""
    prefix = f"{what}: " if what else ""
    if len(text) > limits.JSON_LINE_CHARS:
        raise RulebookError(prefix + _too_long(len(text)))
    # Cheap test first: a text with few brackets cannot nest deeply.
    if text.count("[") + text.count("{") > limits.JSON_DEPTH and limits.json_depth(text) > limits.JSON_DEPTH:
        raise RulebookError(f"{prefix}bad JSON: nested more than {limits.JSON_DEPTH} levels deep")
    try:
        value = json.loads(text)
    except RecursionError:
        raise RulebookError(f"{prefix}bad JSON: nested too deeply") from None
    except ValueError as exc:
        raise RulebookError(f"{prefix}bad JSON: {limits.clip(str(exc), 120)}") from None
    half = _lone_surrogate(value)
    if half is not None:
        raise RulebookError(f"{prefix}bad text: \\u{ord(half):04x} is a lone surrogate, half of a UTF-16 pair "
                            f"and not a character")
    return value


#: How much of an over-long line is read at a time while it is skipped.
_SKIP_CHARS = 1 << 16


def bounded_lines(stream: IO[str], limit: int = limits.JSON_LINE_CHARS) -> Iterator[str | int]:
    """Each line of ``stream`` without its line ending, or, for a line of more than ``limit``
    characters, its length instead: the over-long line is read in bounded pieces and dropped,
    so no more than ``limit`` characters are ever held, however long a line is (issue 24, item 8)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line.endswith("\n"):
            yield line[:-1]
        elif len(line) <= limit:  # the last line, with no line ending
            yield line
        else:
            chars = len(line)
            while True:
                piece = stream.readline(_SKIP_CHARS)
                if not piece:
                    break
                if piece.endswith("\n"):
                    chars += len(piece) - 1
                    break
                chars += len(piece)
            yield chars


def _run_jsonl(fn: Callable[[dict[str, Any]], dict[str, Any]], stream: IO[str], out: IO[str]) -> int:
    """One result line per non-blank input line; a bad line answers ``{"error": ...}`` and the
    next line is read (an over-long line too, and one no answer could print).

    A UTF-8 byte-order mark before the first line (as some editors save) is skipped."""
    write = out.write
    for n, line in enumerate(bounded_lines(stream), start=1):
        try:
            if isinstance(line, int):
                raise RulebookError(_too_long(line))
            if n == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if not line.strip():
                continue
            result = fn(parse_json(line))
        except (RulebookError, ValueError, RecursionError) as exc:
            # RecursionError: a safety net only; parse_json bounds the nesting first.
            message = str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"
            result = {"error": f"line {n}: {_one_line(message)}"}
        try:
            answer = _dumps(result)
            answer.encode("utf-8")
        except UnicodeEncodeError:  # a safety net: parse_json refuses lone surrogates first
            answer = json.dumps(result)
        write(answer + "\n")
    out.flush()
    return 0


def _emit(args: argparse.Namespace, fn: Callable[[dict[str, Any]], dict[str, Any]], rec: dict[str, Any] | None,
          human: Callable[[dict[str, Any], dict[str, Any]], list[str]]) -> int:
    """Run a record function in the mode the options ask for."""
    if args.jsonl:
        if rec is not None:
            raise RulebookError("--jsonl reads its records from stdin: give no cards on the command line")
        return _run_jsonl(fn, sys.stdin, sys.stdout)
    if rec is None:
        raise RulebookError(f"{args.command}: give the cards, or --jsonl to read records from stdin")
    result = fn(rec)
    if args.json:
        print(_dumps(result))
    else:
        for line in human(rec, result):
            print(line)
    return 0


def _cards_text(cards: Sequence[str]) -> str:
    """``7♥ K♦ (seven of hearts, king of diamonds)``."""
    from .engine.cards import card_symbol, parse_card, spoken_name

    parsed = [parse_card(c) for c in cards]
    if not parsed:
        return "no cards"
    return (" ".join(card_symbol(c) for c in parsed) + " (" + ", ".join(spoken_name(c) for c in parsed) + ")")


def _card_text(card: str) -> str:
    from .engine.cards import card_symbol, parse_card, spoken_name

    c = parse_card(card)
    return f"{card_symbol(c)} ({spoken_name(c)})"


# --- score -----------------------------------------------------------------------------------


def _cmd_score(args: argparse.Namespace) -> int:
    game = args.game
    fn = _housed(_record(game, "score"), _cli_house(args, game), game, "score")
    rec: dict[str, Any] | None = None
    if game == "chips":
        caller = None
        if args.caller is not None:
            caller = parse_json(args.caller, "--caller")
        if args.cards:
            rec = {"hand": list(args.cards), "packs": args.packs or 1, "caller_groups": caller}
        elif args.caller is not None and not args.jsonl:
            raise RulebookError("score: --caller needs a hand to score")
    else:
        if args.caller is not None:
            raise RulebookError(f"score: --caller is for chips only, not {game}")
        if args.cards:
            rec = {"hand": list(args.cards)}
            if args.packs:
                rec["decks"] = args.packs
    return _emit(args, fn, rec, lambda r, res: _score_lines(game, r, res))


def _score_lines(game: str, rec: dict[str, Any], result: dict[str, Any]) -> list[str]:
    if game == "chips":
        chips = _import("generator.engine.games.chips", "the Chips engine")
        describe = getattr(chips, "describe", None)
        if describe is None:
            return [_dumps(result)]
        return list(describe(result))
    if game == "chains":
        from .engine.cards import card_symbol, parse_card, spoken_name
        from .engine.games.chains import card_points

        lines = []
        for text in rec["hand"]:
            c = parse_card(text)
            lines.append(f"{card_symbol(c)}  {spoken_name(c)}: {card_points(c)}")
        score = result["score"]
        lines.append(f"Score: {score} point{'' if score == 1 else 's'}")
        return lines
    return [_dumps(result)]


# --- play --------------------------------------------------------------------------------------


_KIND_WORDS = {
    "run": "a run: one rank higher or lower, another suit",
    "flush": "a flush: the same suit",
    "royal": "a royal: one rank higher or lower and the same suit",
    "same": "the same rank",
}


def _cmd_play(args: argparse.Namespace) -> int:
    fn = _housed(_record(args.game, "play"), _cli_house(args, args.game), args.game, "play")
    rec: dict[str, Any] | None = None
    if args.card is not None or args.top is not None:
        if args.card is None or args.top is None:
            raise RulebookError("play: give the top card with --top and the card to play, like "
                                "'rulebook play chains --top 7H 8H'")
        variant: list[str] | None = list(args.variant) if args.variant else None
        rec = {"top": args.top, "card": args.card, "decks": args.decks or 1, "variant": variant}
    return _emit(args, fn, rec, _play_lines)


def _play_lines(rec: dict[str, Any], result: dict[str, Any]) -> list[str]:
    head = f"{_card_text(rec['card'])} on {_card_text(rec['top'])}:"
    kind = result.get("kind")
    if not result.get("legal"):
        from .engine.cards import parse_card

        same_rank = parse_card(rec["card"]).rank is parse_card(rec["top"]).rank
        why = ("another card of the same rank is not a legal play" if same_rank
               else "neither one rank away nor the same suit")
        return [head, f"Not legal: {why}."]
    words = _KIND_WORDS.get(str(kind), str(kind))
    if kind == "same":
        from .engine.cards import parse_card

        words = ("the exact same card, legal with several decks" if parse_card(rec["card"]) == parse_card(rec["top"])
                 else "the same rank, legal with the same-rank variation")
    lines = [head, f"Legal, {words}."]
    if kind == "royal":
        lines.append("The player may play another card." if result.get("again")
                     else "No extra card (no-extra-play variation).")
    return lines


# --- showdown ----------------------------------------------------------------------------------


def _cmd_showdown(args: argparse.Namespace) -> int:
    fn = _housed(_record(args.game, "showdown"), _cli_house(args, args.game), args.game, "showdown")
    rec: dict[str, Any] | None = None
    if args.hands:
        rec = {"hands": [h.replace(",", " ").split() for h in args.hands], "pot": args.pot or 0}
    elif args.pot is not None and not args.jsonl:
        raise RulebookError("showdown: give the hands, like '\"AS KD 4C\" \"3H 5D 6C\"'")
    return _emit(args, fn, rec, _showdown_lines)


def _showdown_lines(rec: dict[str, Any], result: dict[str, Any]) -> list[str]:
    from .engine.cards import parse_card
    from .engine.games.three_chip_stack import sort_hand

    lines = []
    winners = result["winners"]
    for i, hand in enumerate(rec["hands"]):
        best_first = [str(c) for c in sort_hand([parse_card(c) for c in hand])]
        mark = f"wins {result['shares'][i]}" if i in winners else "loses"
        lines.append(f"Hand {i + 1}: {_cards_text(best_first)}: {mark}")
    names = " and ".join(f"hand {w + 1}" for w in winners)
    at = result["decided_by"]
    if at is None:
        lines.append("Every hand ties on all three cards: the pot is split." if len(winners) > 1
                     else f"{names.capitalize()} takes the pot.")
    else:
        nth = {1: "first", 2: "second", 3: "third"}[at]
        verb = "win" if len(winners) > 1 else "wins"
        lines.append(f"{names.capitalize()} {verb}, decided on the {nth} card.")
    odd = result.get("odd")
    if odd:  # three-chip-stack-ruling-odd-chip, as the house plays it
        chips, verb = ("1 chip", "goes") if odd == 1 else (f"{odd} chips", "go")
        where = ("to the dealer" if result.get("odd_to") == "dealer"
                 else "into the middle, for the next hand's pot")
        lines.append(f"{chips} left over by the split {verb} {where} (house rule odd-chip: {result.get('odd_to')}).")
    return lines


# --- record / rank: any record of any game, as JSON ---------------------------------------------


def _json_arg(text: str | None, what: str) -> dict[str, Any] | None:
    if text is None:
        return None
    value = parse_json(text, what)
    if not isinstance(value, dict):
        raise RulebookError(f"{what}: expected a JSON object, not {limits.clip(_one_line(text))}")
    return value


def _cmd_record(args: argparse.Namespace) -> int:
    fn = _housed(_record(args.game, args.record), _cli_house(args, args.game), args.game, args.record)
    rec = _json_arg(args.input, args.record)
    return _emit(args, fn, rec, lambda r, res: [_dumps(res)])


def _cmd_rank(args: argparse.Namespace) -> int:
    args.record = "rank"
    return _cmd_record(args)


# --- check / build / pdf -------------------------------------------------------------------------


def _project_root(command: str, *, site: bool = False) -> Path:
    """The rulebook project the current folder is in: the nearest folder, this one or one above
    it, that holds rules-data/ (as git finds its repository), and mkdocs.yml too to build the
    site. Its sources (the game files, the fonts) are read from there, wherever the command
    runs; paths given on the command line (--out, --site-dir, --house) stay paths from the
    current folder (issue 24, item 15)."""
    here = Path.cwd()
    root = next((folder for folder in (here, *here.parents) if (folder / "rules-data").is_dir()), None)
    if root is None:
        raise RulebookError(f"{command}: {here} is not a rulebook project (no rules-data/ here or above); "
                            f"run it in the project folder")
    if site and not (root / "mkdocs.yml").is_file():
        raise RulebookError(f"{command}: {root} is not a rulebook project (no mkdocs.yml here); "
                            f"run it in the project folder")
    return root


def _house_file(args: argparse.Namespace, root: Path, game_id: str | None = None) -> Path | None:
    """``--house FILE.yaml`` of build and pdf, read and checked before anything is built: one line
    for a file that is missing or no regular file (content/house.py says which), for one that names
    no game, and, for ``rulebook pdf <game>``, for one without that game's rules (issue 39, item 7)."""
    if not args.house:
        return None
    from .content.loader import load_games

    _houses_for(args.house, {g.id: g for g in load_games(root)}, game_id)
    return Path(args.house)


def _where(location: str) -> dict[str, Any]:
    """``{"file", "line", "column"}`` from ``file:line:column`` (line and column absent when it has none)."""
    parts = location.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return {"file": parts[0], "line": int(parts[1]), "column": int(parts[2])}
    return {"file": location}


def _mistakes(exc: RulesDataError) -> list[dict[str, Any]]:
    return [{**_where(e.location), "message": e.message}
            for e in (exc.errors if isinstance(exc, RulesDataErrors) else [exc])]


def _cmd_check(args: argparse.Namespace) -> int:
    checks = _import("generator.content.checks", "rulebook check")
    if args.json:
        # One JSON object whatever the outcome: the games, the unchecked examples, or every mistake.
        try:
            games = checks.check_project(_project_root("check"))
        except RulesDataError as exc:
            more = exc.more if isinstance(exc, RulesDataErrors) else 0
            print(_dumps({"ok": False, "errors": _mistakes(exc), "more": more}))
            _print_mistakes(exc)
            return USAGE_ERROR
        print(_dumps({"ok": True, "games": [{"id": g.id, "name": g.name, "file": g.display_path} for g in games],
                      "unchecked": [{**_where(u["location"]), **u} for u in checks.unchecked_records(games)]}))
        return 0
    games = checks.check_project(_project_root("check"))
    for line in checks.unchecked(games):  # text-only worked examples, one line each (issue 26)
        print(f"unchecked: {line}")
    print(f"ok: {len(games)} game files valid")
    return 0


def _cmd_build(args: argparse.Namespace) -> int:
    build = _import("generator.build", "rulebook build")
    if not args.site_dir.strip():
        raise RulebookError("--site-dir '': the folder name is empty (an unset shell variable?); "
                            "give a folder of its own, like site")
    site = Path(args.site_dir)
    root = _project_root("build", site=True)
    build.build(root, site, house=_house_file(args, root))
    checks = _import("generator.content.checks", "rulebook build")
    games = checks.load_games(root)
    if args.json:
        print(_dumps({"ok": True, "site": str(site), "house": bool(args.house),
                      "unchecked": [{**_where(u["location"]), **u} for u in checks.unchecked_records(games)]}))
        return 0
    for line in checks.unchecked(games):  # text-only worked examples (issue 26)
        print(f"unchecked: {line}")
    print(f"built the site into {site}{' (with house rules)' if args.house else ''}")
    return 0


def _cmd_pdf(args: argparse.Namespace) -> int:
    from .content.loader import load_games

    root = _project_root("pdf")
    pdf = _import("generator.print.booklets", "rulebook pdf")
    if not args.out.strip():
        raise RulebookError("--out '': the folder name is empty (an unset shell variable?)")
    out = Path(args.out)  # from the current folder; the sources come from the project
    _import("generator.build", "rulebook pdf").check_output_dir(root, out, "--out")
    # An unknown game id fails here, before anything is made, with the games of rules-data/ listed: a game
    # an author added with no engine (issue 38) has its PDFs too.
    known = [g.id for g in load_games(root)]
    if args.game not in known:
        raise RulebookError(f"unknown game {args.game!r} (rules-data/ has: {', '.join(known)})")
    house = _house_file(args, root, args.game)
    with _import("generator.build", "rulebook pdf")._edition(house):
        made = pdf.build_game_pdfs(root, args.game, out)
    if args.json:
        print(_dumps({"ok": True, "game": args.game, "files": [str(path) for path in made or ()]}))
        return 0
    for path in made or ():
        print(path)
    return 0


# --- options: the house rules a table may choose ---------------------------------------------------


def _game_file(game_id: str) -> Any:
    """The loaded game file of ``game_id`` in this project, or one line naming the games there are."""
    loader = _import("generator.content.loader", "rulebook options")
    games = {g.id: g for g in loader.load_games(_project_root("options"))}
    if game_id not in games:
        raise RulebookError(f"unknown game {limits.clip(game_id)!r} (games: {', '.join(games)})")
    return games[game_id]


def _cmd_options(args: argparse.Namespace) -> int:
    from .content import house

    options = house.game_options(_game_file(args.game))
    if args.json:
        print(_dumps([o.as_record() for o in options]))
        return 0
    if not options:
        print(f"{args.game} has no house options")
    for o in options:
        print(f"{o.id} ({o.kind}: {o.title})")
        for value, label in zip(o.values, o.labels, strict=True):
            mark = "  (default)" if value == o.default else ""
            print(f"  {value}: {' '.join(label.split())}{mark}")
    return 0


# --- The parser ----------------------------------------------------------------------------------


def _house_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--house", action="append", metavar="ID=VALUE|FILE",
                   help="a house option, like same-rank=played (repeatable), or a house file "
                   "{<game>: {<option-id>: <value>}} (it must name this game; <game>: {} for the family's "
                   "rules); 'rulebook options <game>' lists them. A record's own \"house\" is merged with "
                   "these: the record's choice wins on the same option, these fill the rest")


def _modes(p: argparse.ArgumentParser) -> None:
    _house_option(p)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print the result as one JSON object")
    mode.add_argument("--jsonl", action="store_true",
                      help="read one JSON record a line from stdin; print one result a line")


def _count(text: str) -> int:
    # ASCII digits only: int() would also take "８" (fullwidth) or "1_000".
    if not (text.isascii() and text.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {limits.clip(text)!r}")
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {value}")
    return value


def _packs(text: str) -> int:
    value = _count(text)
    if not 1 <= value <= 8:
        raise argparse.ArgumentTypeError(f"expected 1 to 8, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="The rules of Chips, Chains and 3 Chip Stack: "
                     "score hands, judge plays, check and build the rulebook.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("score", help="score a hand", description="Score a hand: "
                       "'rulebook score chips 8H 8S JK 5H 6H 7H', 'rulebook score chains 7H KD'.")
    p.add_argument("game", help="chips or chains")
    p.add_argument("cards", nargs="*", metavar="CARD", help="cards like 8H 10S QD JK")
    p.add_argument("--packs", "--decks", dest="packs", type=_packs, metavar="N",
                   help="packs (decks) in use, 1 to 8 (default 1)")
    p.add_argument("--caller", metavar="JSON", help="Chips: the caller's groups as laid down, as JSON")
    _modes(p)
    p.set_defaults(func=_cmd_score, extra_dest="cards")

    p = sub.add_parser("play", help="is a card a legal play (Chains)",
                       description="Is a card a legal play on the top card: 'rulebook play chains --top 7H 8H'.")
    p.add_argument("game", help="chains")
    p.add_argument("card", nargs="?", metavar="CARD", help="the card to play")
    p.add_argument("--top", metavar="CARD", help="the top card of the discard pile")
    p.add_argument("--decks", type=_packs, metavar="N", help="decks in use, 1 to 8 (default 1)")
    p.add_argument("--variant", action="append", metavar="NAME",
                   help="a variation: no-extra-play, draw-after-royal, same-rank (repeatable)")
    _modes(p)
    p.set_defaults(func=_cmd_play, extra_dest="card")

    p = sub.add_parser("showdown", help="who wins a showdown (3 Chip Stack)",
                       description="Who wins a showdown: "
                       "'rulebook showdown 3-chip-stack \"AS KD 4C\" \"3H 5D 6C\" --pot 12'.")
    p.add_argument("game", help="3-chip-stack")
    p.add_argument("hands", nargs="*", metavar="HAND", help="one hand of three cards, quoted: \"AS KD 4C\"")
    p.add_argument("--pot", type=_count, metavar="N", help="chips in the pot (default 0)")
    _modes(p)
    p.set_defaults(func=_cmd_showdown, extra_dest="hands")

    p = sub.add_parser("rank", help="a game's ranking record (JSON in, JSON out)")
    p.add_argument("game")
    p.add_argument("input", nargs="?", metavar="JSON", help="one record as JSON (or --jsonl)")
    _modes(p)
    p.set_defaults(func=_cmd_rank, extra_dest="input")

    p = sub.add_parser("record", help="any record of any game, JSON in and JSON out",
                       description="Run one record function of a game: "
                       "'rulebook record 3-chip-stack hand '{...}'' or with --jsonl.")
    p.add_argument("game")
    p.add_argument("record", help="the record's name, like score, play, showdown, hand, game")
    p.add_argument("input", nargs="?", metavar="JSON", help="one record as JSON (or --jsonl)")
    _modes(p)
    p.set_defaults(func=_cmd_record, extra_dest="input")

    p = sub.add_parser("options", help="the house rules a table may choose for a game",
                       description="List a game's house options, their values (the readings) and defaults: "
                       "'rulebook options chips'.")
    p.add_argument("game")
    p.add_argument("--json", action="store_true",
                   help='print a JSON list of {"id", "ruling" or "variant", "values", "default"}')
    p.set_defaults(func=_cmd_options)

    p = sub.add_parser("check", help="check every game file and worked example")
    p.add_argument("--json", action="store_true", help='print one JSON object: {"ok", "games", "unchecked"}, '
                   'or {"ok": false, "errors": [{"file", "line", "column", "message"}], "more"}')
    p.set_defaults(func=_cmd_check)

    p = sub.add_parser("build", help="build the website and every PDF")
    p.add_argument("--site-dir", default="site", metavar="DIR", help="where to build (default: site)")
    p.add_argument("--house", metavar="FILE", help="a house file, {<game>: {<option-id>: <value>}}: "
                   "build the family edition with those rules")
    p.add_argument("--json", action="store_true", help='print one JSON object: {"ok", "site", "house", "unchecked"}')
    p.set_defaults(func=_cmd_build)

    p = sub.add_parser("pdf", help="build a game's PDFs")
    p.add_argument("game")
    p.add_argument("--out", default="site/pdf", metavar="DIR", help="where to write (default: site/pdf)")
    p.add_argument("--house", metavar="FILE", help="a house file: the PDFs of the family edition")
    p.add_argument("--json", action="store_true", help='print one JSON object: {"ok", "game", "files"}')
    p.set_defaults(func=_cmd_pdf)
    return parser


def _place_extras(args: argparse.Namespace, extras: list[str]) -> None:
    """Cards given after an option (``play chains --top 7H 8H``): argparse leaves them over, because
    it fills the positionals before it reads the option; put them where they belong."""
    if not extras:
        return
    dest = getattr(args, "extra_dest", None)
    options = [e for e in extras if e.startswith("-") and len(e) > 1]
    if options or dest is None:
        raise UsageError(f"{args.command}: unrecognized arguments: {' '.join(options or extras)}")
    current = getattr(args, dest)
    if isinstance(current, list):
        current.extend(extras)
    elif current is None and len(extras) == 1:
        setattr(args, dest, extras[0])
    else:
        raise UsageError(f"{args.command}: unrecognized arguments: {' '.join(extras)}")


def _utf8(stream: Any, **kw: str) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(encoding="utf-8", **kw)
        except (ValueError, OSError):
            pass


def _fail(message: str) -> int:
    print(f"{PROG}: {_one_line(message)}", file=sys.stderr)
    return USAGE_ERROR


#: A game file's mistake is our own sentence (what it quotes of the file is clipped where it is made):
#: shown whole, up to this bound, so a hint is never cut before its way out (issue 38).
MISTAKE_CHARS = 2000


def _print_mistakes(exc: RulesDataError) -> int:
    """Each mistake of a game file on a line of its own (one run reports them all, issue 38)."""
    lines = [str(e) for e in exc.errors] if isinstance(exc, RulesDataErrors) else [str(exc)]
    if isinstance(exc, RulesDataErrors) and exc.more:
        lines.append(f"... and {exc.more} more (fix these and run the check again)")
    for line in lines:
        print(f"{PROG}: {limits.clip(' '.join(line.split()), MISTAKE_CHARS)}", file=sys.stderr)
    if len(lines) > 1:
        print(f"{PROG}: {len(exc.errors) + exc.more if isinstance(exc, RulesDataErrors) else 1} mistakes "
              f"in the game files", file=sys.stderr)
    return USAGE_ERROR


def main(argv: Sequence[str] | None = None) -> int:
    stopping.install()
    _utf8(sys.stdin, errors="replace")
    _utf8(sys.stdout)
    _utf8(sys.stderr, errors="backslashreplace")
    parser = build_parser()
    try:
        args, extras = parser.parse_known_args(argv)
        _place_extras(args, extras)
    except UsageError as exc:
        return _fail(str(exc))
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    try:
        code = int(args.func(args))
    except RulesDataError as exc:
        return _stopped() if stop_requested() else _print_mistakes(exc)
    except (RulebookError, ValueError) as exc:  # every RulebookError is a ValueError
        return _stopped() if stop_requested() else _fail(str(exc) or type(exc).__name__)
    except BrokenPipeError:
        return 0
    except OSError as exc:
        if stop_requested():
            return _stopped()
        where = f" {exc.filename}" if exc.filename else ""
        return _fail(f"{exc.strerror or exc}{':' if where else ''}{where}")
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; nothing half-built was left behind", file=sys.stderr)
        return 130
    except Interrupted:
        return _stopped()
    # A SIGTERM whose exception Python swallowed (it landed in a weakref callback) still stops.
    return _stopped() if stop_requested() else code


def _stopped() -> int:
    print(f"{PROG}: stopped (SIGTERM); nothing half-built was left behind", file=sys.stderr)
    return 128 + signal.SIGTERM
