"""House rules: the readings and variants a table may choose, read from the game files.

A ruling whose readings change play or scoring, and every playable variant, carries an
``option:`` in ``rules-data/<game>.yaml``: a stable id and one value per reading (for a variant:
not played, then played). The default is the reading the site follows (the ruling's
``chosen``), or the variant not played. What a table chooses is one plain mapping,
``{"k-a-2": "group"}``; :func:`resolve` checks it against the game and fills in the defaults,
and the engines take the result as their ``house`` argument.

Three ways in, each refusing an unknown id or value in one line:

* a house file (``rulebook build --house FILE.yaml``): ``{<game>: {<option-id>: <value>}}``,
  errors named ``file:line:column`` (:func:`read_house_file`);
* the command line: ``--house k-a-2=group`` (:func:`parse_pair`);
* a link: ``?house=k-a-2:group,throw-back:not-allowed`` (:func:`parse_query`).
"""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine import limits
from ..engine.errors import RulebookError
from .loader import Game, event_problem, file_kind

#: What a table chose: option id -> value.
House = dict[str, str]


class HouseError(RulebookError):
    """An unknown option id or value, or a house file that is not ``{game: {option: value}}``."""


@dataclass(frozen=True)
class Option:
    """One choice a table can make. ``labels`` are the readings in words, one per value; ``short``
    the same choices named in a few words, topic and choice ("K-A-2: never a group"), as the banner,
    the score keeper and the practice game show them (the option's ``short:`` in the game file).
    ``scope`` is "site" for a ruling that settles only what this site's scorers and practice game do
    (chips-ruling-layoff-order): offered apart, "For this site's scorers", never as a table's rule."""

    id: str
    kind: str  # "ruling" or "variant"
    source: str  # the ruling's or variant's id
    title: str
    values: tuple[str, ...]
    labels: tuple[str, ...]
    default: str
    short: tuple[str, ...] = ()
    scope: str = "table"

    def label(self, value: str) -> str:
        return self.labels[self.values.index(value)]

    def short_label(self, value: str) -> str:
        """The choice in a few words ("K-A-2: never a group"); the reading itself if none is written."""
        i = self.values.index(value)
        return self.short[i] if i < len(self.short) else self.labels[i]

    def as_record(self) -> dict[str, Any]:
        return {"id": self.id, self.kind: self.source, "title": self.title, "values": list(self.values),
                "labels": list(self.labels), "short": list(self.short), "scope": self.scope, "default": self.default}


def game_options(game: Game) -> list[Option]:
    """Every option of a game, rulings first, in file order."""
    out: list[Option] = []
    for ruling in game.data["rulings"]:
        opt = ruling.get("option")
        if opt:
            values = tuple(opt["values"])
            out.append(Option(opt["id"], "ruling", ruling["id"], ruling["title"], values,
                              tuple(ruling["readings"]), values[ruling["chosen"] - 1],
                              _short(opt, values), ruling.get("scope", "table")))
    for variant in (game.data.get("variants") or {}).get("items", []):
        opt = variant.get("option")
        if opt:
            values = tuple(opt["values"])
            out.append(Option(opt["id"], "variant", variant["id"], variant["title"], values,
                              ("Not played", "Played"), values[0], _short(opt, values)))
    return out


def _short(option: Mapping[str, Any], values: Sequence[str]) -> tuple[str, ...]:
    short = option.get("short") or {}
    return tuple(str(short[v]) for v in values) if all(v in short for v in values) else ()


def source_of(data: Mapping[str, Any]) -> str:
    """Whose rules a game file gives, possessive, as the pages say it: "the family's" (Chips, the
    Daltons), "the article's" (Chains), "Kuglics and Licari's" (3 Chip Stack); the game's ``source:``."""
    return str(data.get("source") or "the family's")


def defaults(game: Game) -> House:
    return {o.id: o.default for o in game_options(game)}


def _closest(word: str, choices: Iterable[str]) -> str:
    import difflib

    near = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def check_choice(game: Game, option_id: str, value: str) -> None:
    """Refuse an id the game has no option for, or a value the option does not have."""
    options = {o.id: o for o in game_options(game)}
    if option_id not in options:
        known = ", ".join(options) or "none"
        raise HouseError(f"{game.name} has no house option {limits.clip(option_id)!r}{_closest(option_id, options)} "
                         f"(its options: {known})")
    option = options[option_id]
    if value not in option.values:
        raise HouseError(f"house option {option_id!r} has no value {limits.clip(value)!r}"
                         f"{_closest(value, option.values)} (its values: {', '.join(option.values)})")


def resolve(game: Game, chosen: Mapping[str, str] | None = None) -> House:
    """The whole option set for ``game``: the defaults, with ``chosen`` checked and laid over them."""
    house = defaults(game)
    for option_id, value in (chosen or {}).items():
        check_choice(game, option_id, value)
        house[option_id] = value
    return house


def changed(game: Game, house: Mapping[str, str]) -> list[tuple[Option, str]]:
    """The options ``house`` sets away from their defaults, in the game's order, with their values."""
    return [(o, house[o.id]) for o in game_options(game) if o.id in house and house[o.id] != o.default]


#: A control character (C0, DEL, C1): no option id or reading holds one, and a note that quotes
#: a pair with one would show it as the valid pair it hides behind (issue 39, item 8).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _refuse_control(text: str, what: str) -> None:
    bad = _CONTROL.search(text)
    if bad:
        raise HouseError(f"{what} {limits.clip(text)!r} holds the control character U+{ord(bad.group()):04X}; "
                         f"an option id and its reading are plain words, like throw-back:not-allowed")


def parse_pair(text: str) -> tuple[str, str]:
    """``k-a-2=group`` -> ``("k-a-2", "group")``. A control character anywhere is refused."""
    _refuse_control(text, "--house")
    option_id, sep, value = text.partition("=")
    if not sep or not option_id.strip() or not value.strip():
        raise HouseError(f"--house expects <option-id>=<value> or a .yaml file, got {limits.clip(text)!r}")
    return option_id.strip(), value.strip()


def parse_query(text: str) -> dict[str, str]:
    """``k-a-2:group,throw-back:not-allowed`` (a link's ``?house=``, decoded) -> the mapping.
    A pair holding a control character (``%00``...) is refused, as the browser leaves it out and
    says so (docs/assets/js/house/share.js ``parseHouse``)."""
    out: dict[str, str] = {}
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        _refuse_control(raw, "?house= pair")  # before strip(), which takes \x1c-\x1f and \x85 for spaces
        option_id, sep, value = part.partition(":")
        if not sep:
            raise HouseError(f"?house= expects <option-id>:<value> pairs, got {limits.clip(part)!r}")
        out[option_id.strip()] = value.strip()
    return out


def format_query(game: Game, house: Mapping[str, str]) -> str:
    """The ``?house=`` value for the options ``house`` sets away from the defaults ('' for none)."""
    return ",".join(f"{o.id}:{v}" for o, v in changed(game, house))


#: What a house file holds, in words, for the line that refuses something else.
HOUSE_FILE_SHAPE = "a house file is a YAML text file like chips: {throw-back: not-allowed}"


def _read_house_text(path: Path, shown: str) -> str:
    """The text of a house file: a regular file (a folder, a named pipe or a device is named as
    what it is, issue 39 item 8), read no further than ``limits.GAME_FILE_BYTES`` (and a byte to
    tell), opened without waiting on a pipe that took the file's place since it was looked at."""
    bound = limits.GAME_FILE_BYTES
    try:
        st = path.stat()
    except FileNotFoundError:
        what = "a symbolic link to nothing" if path.is_symlink() else "no such file"
        raise HouseError(f"{shown}: {what} ({HOUSE_FILE_SHAPE})") from None
    except OSError as exc:
        raise HouseError(f"{shown}: cannot read the file ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise HouseError(f"{shown}: {file_kind(st.st_mode)}, not a house file ({HOUSE_FILE_SHAPE})")
    if st.st_size > bound:
        raise HouseError(f"{shown}:1:1: a house file is at most {bound:,} bytes")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise HouseError(f"{shown}: {file_kind(os.fstat(fd).st_mode)}, not a house file ({HOUSE_FILE_SHAPE})")
            data = file.read(bound + 1)
    except OSError as exc:
        raise HouseError(f"{shown}: cannot read the file ({exc.strerror or exc})") from None
    if len(data) > bound:
        raise HouseError(f"{shown}:1:1: a house file is at most {bound:,} bytes")
    try:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()
    except UnicodeDecodeError as exc:
        raise HouseError(f"{shown}:1:1: the file is not UTF-8 text ({exc.reason})") from None


def read_house_file(path: Path | str, games: Mapping[str, Game]) -> dict[str, House]:
    """A house file, checked: ``{game id: resolved options}`` for the games it names (the others
    keep their defaults). Every problem is one :class:`HouseError` naming ``file:line:column``:
    what is not a regular file, anchors, aliases, tags and nesting past ``limits.YAML_DEPTH``
    (refused from the event stream before anything recursive reads the text, as a game file's
    are: issue 39, item 3) and whatever is not ``{game: {option: value}}``."""
    shown = str(path)
    text = _read_house_text(Path(path), shown)
    try:
        problem = event_problem(text, "house file")
        if problem is not None:
            where, message = problem
            raise HouseError(f"{shown}:{where}: {message}" if where else f"{shown}: {message}")
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{shown}:{mark.line + 1}:{mark.column + 1}" if mark else shown
        raise HouseError(f"{where}: this is not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise HouseError(f"{shown}: this is not valid YAML: {limits.clip(str(exc), 120)}") from None
    except RecursionError:  # a safety net: event_problem bounds the nesting first
        raise HouseError(f"{shown}: lists and mappings nest too deeply; a house file needs two levels") from None

    def at(n: yaml.Node) -> str:
        return f"{shown}:{n.start_mark.line + 1}:{n.start_mark.column + 1}"

    if node is None:
        return {}
    if not isinstance(node, yaml.MappingNode):
        raise HouseError(f"{at(node)}: expected {{<game>: {{<option-id>: <value>}}}}, e.g. chips: {{k-a-2: group}}")
    out: dict[str, House] = {}
    for key, value in node.value:
        game_id = key.value if isinstance(key, yaml.ScalarNode) else ""
        if game_id not in games:
            raise HouseError(f"{at(key)}: no game {limits.clip(str(game_id))!r}{_closest(str(game_id), games)} "
                             f"(games: {', '.join(games)})")
        if game_id in out:
            raise HouseError(f"{at(key)}: {game_id!r} is given twice")
        if not isinstance(value, yaml.MappingNode):
            raise HouseError(f"{at(value)}: expected the options of {game_id} as <option-id>: <value>")
        chosen: dict[str, str] = {}
        for k, v in value.value:
            if not isinstance(k, yaml.ScalarNode) or not isinstance(v, yaml.ScalarNode):
                raise HouseError(f"{at(k)}: expected <option-id>: <value>")
            if k.value in chosen:
                raise HouseError(f"{at(k)}: option {k.value!r} is given twice")
            try:
                check_choice(games[game_id], k.value, v.value)
            except HouseError as exc:
                raise HouseError(f"{at(k if 'no house option' in str(exc) else v)}: {exc}") from None
            chosen[k.value] = v.value
        out[game_id] = resolve(games[game_id], chosen)
    return out


def apply(game: Game, house: Mapping[str, str]) -> dict[str, Any]:
    """The game's data as a table with these options reads it: each changed rule item worded for
    its value, each ruling and variant the table changes marked with ``house`` (its option, value,
    words and, for a ruling, the number of the reading; ``chosen`` stays the site's reading), each
    worked example whose answer the options change marked with ``house`` (the engine's answer, see
    :func:`_answer_examples`; the claim stays the family's), and ``house_rules`` listing what differs
    from the family's rules (empty for the defaults, when the data is returned unchanged in content)."""
    import copy

    data: dict[str, Any] = copy.deepcopy(dict(game.data))
    picked = changed(game, resolve(game, house))
    # A site-scoped option (chips-ruling-layoff-order) is no rule of the table: the edition does not
    # list it among the table's rules (partials/hero.html says it apart, for the site's scorers).
    data["house_rules"] = [{"option": o.id, "title": o.title, "value": v, "label": o.label(v), "short": o.short_label(v),
                            "kind": o.kind, "source": o.source} for o, v in picked if o.scope != "site"]
    data["house_site"] = [{"option": o.id, "title": o.title, "value": v, "label": o.label(v), "short": o.short_label(v),
                           "kind": o.kind, "source": o.source} for o, v in picked if o.scope == "site"]
    if not picked:
        return data
    items = {i["id"]: i for s in data["rules"] for i in s["items"]}
    items |= {i["id"]: i for i in [*data["scoring"].get("items", []), *data["tie_breakers"]]}
    items |= {i["id"]: i for i in (data.get("variants") or {}).get("items", [])}
    rulings = {r["id"]: r for r in data["rulings"]}
    for option, value in picked:
        owner = rulings[option.source] if option.kind == "ruling" else items[option.source]
        for item_id, text in ((owner.get("option") or {}).get("wording") or {}).get(value, {}).items():
            # The first option, in the game's order, that words an item keeps it, as on the page
            # (docs/assets/js/house/page.js): a royal with no extra play leaves nothing to draw after.
            if items[item_id].get("house_worded"):
                continue
            items[item_id]["text"] = text
            items[item_id]["house_worded"] = option.id
        owner["house"] = {"option": option.id, "value": value, "label": option.label(value),
                          "reading": option.values.index(value) + 1}
    _answer_examples(game, data, {o.id: v for o, v in picked})
    return data


def _answer_examples(game: Game, data: dict[str, Any], house: Mapping[str, str]) -> None:
    """Mark each worked example whose answer the table's options change with ``house``: the answer
    the engine gives under them (content/examples.py ``house_answers``), in the words the game
    page's re-render uses (docs/assets/js/house/examples.js): "At your table (<the choices that
    change it, in their short labels>)", and the explanations written for those readings (the
    example's ``house_explain``). The claim stays the family's."""
    from .examples import house_answers

    options = {o.id: o for o in game_options(game)}
    answers = house_answers(game, house)
    for example in data["examples"]:
        found = answers.get(example["id"])
        if found is None:
            continue
        # The choices that change it, as the banner names them (issue 37): "K-A-2: never a group".
        because = "; ".join(options[i].short_label(house[i]) for i in found.options if i in options and i in house)
        # The explanation written for the table's reading (the example's house_explain), one per
        # option that changes it; none when no reading of these options has one.
        written = example.get("house_explain") or {}
        explain = [written[i][house[i]] for i in found.options if i in house and house[i] in (written.get(i) or {})]
        example["house"] = {"because": because, "options": list(found.options), "facts": [list(f) for f in found.facts],
                            "refused": found.refused, "claim": found.claim(example["claim"]), "explain": explain}


def wordings_of(data: Mapping[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """Every rule item a house option rewords: ``{item id: [("k-a-2:group", text), ...]}``, for
    the page to hold the other wordings beside the one it shows (docs/assets/js/house/)."""
    owners = [*data["rulings"], *(data.get("variants") or {}).get("items", [])]
    out: dict[str, list[tuple[str, str]]] = {}
    for owner in owners:
        option = owner.get("option") or {}
        for value, texts in (option.get("wording") or {}).items():
            for item_id, text in texts.items():
                out.setdefault(item_id, []).append((f"{option['id']}:{value}", text))
    return out


def control_data(game: Game) -> dict[str, Any]:
    """What a game page's "Your table's rules" control reads (``[data-house-options]``,
    docs/assets/js/house/): the game's id and each option, rulings first, with its ``id``,
    ``kind`` ("ruling" or "variant"), ``source`` (the ruling's or variant's id, the page anchor),
    ``title``, ``values``, ``labels`` (the readings in words, one per value, as written in the game
    file), ``short`` (each choice in a few words, "K-A-2: never a group"), ``scope`` ("table", or
    "site" for an option that only tells the site's tools an order) and ``default``; and ``whose``,
    the game's ``source:`` ("the article's rules"). The ids and values are those of ``rulebook options`` and ``?house=``."""
    return {"game": game.id, "whose": source_of(game.data), "options": [
        {"id": o.id, "kind": o.kind, "source": o.source, "title": o.title, "values": list(o.values),
         "labels": list(o.labels), "short": list(o.short), "scope": o.scope, "default": o.default}
        for o in game_options(game)
    ]}


#: A family edition (``rulebook build --house FILE``) names its house file here for the parts of
#: the build that run inside MkDocs (the page macros, the PDFs of generator/site/hooks.py).
EDITION_ENV = "RULEBOOK_HOUSE"


def edition(games: Sequence[Game]) -> dict[str, House]:
    """The house options of the build under way: the file ``RULEBOOK_HOUSE`` names, or none."""
    import os

    path = os.environ.get(EDITION_ENV, "")
    if not path:
        return {}
    return read_house_file(path, {g.id: g for g in games})


def edition_data(game: Game, houses: Mapping[str, Mapping[str, str]]) -> Mapping[str, Any]:
    """What a page or a PDF of this build renders for ``game``: its data as the family edition reads
    it (:func:`apply`), or the game file's own data when the edition leaves it at the defaults."""
    chosen = houses.get(game.id)
    if not chosen or not changed(game, chosen):
        return game.data
    return apply(game, chosen)
