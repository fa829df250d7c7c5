"""The checks ``rulebook check`` and ``rulebook build`` run after loading: every worked example's
claim and every sample round, replayed by the reference engine, and every function a ruling's
``engine:`` names, found in that engine.

Loading a game (``content.loader``) only reads and validates its file; these checks come after it,
so the loader never depends on the engine, nor on the example and sample modules that depend on it.
"""

from __future__ import annotations

import difflib
import importlib
from pathlib import Path
from types import ModuleType

from ..engine.errors import RulesDataError, in_file_order, raise_all
from .examples import check_examples, no_engine_help, unchecked_examples
from .loader import Game, load_games
from .samples import check_sample_round


def check_project(root: Path | str) -> list[Game]:
    """Everything ``rulebook check`` checks: every game file loads, every worked example's claim
    agrees with the reference engine (text-only examples are listed by :func:`unchecked`), and every
    ruling's ``engine:`` names functions that exist. Returns the games, sorted by ``order``."""
    games = load_games(root)
    problems: list[RulesDataError] = []
    for game in games:  # every mistake of every file, in one run (issue 38)
        for check in (check_rulings, check_examples, check_sample_round):
            try:
                # check_examples: a game without an engine module is an error naming the example;
                # check_sample_round: the sample round replays without an illegal move.
                check(game)
            except RulesDataError as exc:
                problems.append(exc)
    raise_all(in_file_order(problems))
    return games


def unchecked(games: list[Game]) -> list[str]:
    """One line per worked example that no engine checks (``text_only:``), for the command to show."""
    return [line for game in games for line in unchecked_examples(game)]


def unchecked_records(games: list[Game]) -> list[dict[str, str]]:
    """``unchecked`` as records, one per worked example no engine checks."""
    from .examples import unchecked_records as of_game

    return [r for game in games for r in of_game(game)]


def _engine_modules(game_id: str) -> list[ModuleType]:
    """The modules a ruling's ``engine:`` may name functions of: the game's engine
    (``generator/engine/games/<module>.py``) and its practice game (``generator/engine/play/``), those
    that exist."""
    from ..engine.games import GAME_MODULES

    path = GAME_MODULES.get(game_id)
    if path is None:
        return []
    modules = []
    for name in (path, path.replace(".games.", ".play.")):
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return modules


def check_rulings(game: Game) -> None:
    """Every ruling has ``engine:`` or ``text_only:``, and every function named in its ``engine:`` is a
    function of the game's engine or of its practice game: a ``RulesDataError`` for each that is not,
    all raised at once."""
    problems: list[RulesDataError] = []
    for i in range(len(game.data["rulings"])):
        try:
            _check_ruling(game, i)
        except RulesDataError as exc:
            problems.append(exc)
    raise_all(problems)


def _check_ruling(game: Game, i: int) -> None:
    for ruling in (game.data["rulings"][i],):
        if "text_only" not in ruling and "engine" not in ruling:
            raise RulesDataError(
                game.location(("rulings", i)),
                f"field `rulings[{i}]`: ruling `{ruling['id']}` is missing `engine`; expected `engine: [<the "
                f"engine functions that implement it>]`, or `text_only: <why no engine implements it>`",
            )
        names = ruling.get("engine") or []
        if not names:
            continue
        modules = _engine_modules(game.id)
        if not modules:
            raise RulesDataError(
                game.location(("rulings", i, "engine")),
                f"field `rulings[{i}].engine`: ruling `{ruling['id']}` names engine functions, but {game.id!r} "
                f"has no engine yet; give it `text_only: <why no engine implements it>` instead, or "
                f"{no_engine_help(game.id, None)}",
            )
        for j, name in enumerate(names):
            if any(callable(getattr(m, name, None)) for m in modules):
                continue
            have = sorted({n for m in modules for n, v in vars(m).items()
                           if callable(v) and getattr(v, "__module__", None) == m.__name__})
            hint = difflib.get_close_matches(name, have, n=1, cutoff=0.7)
            where = " or ".join(m.__name__.replace(".", "/") + ".py" for m in modules)
            raise RulesDataError(
                game.location(("rulings", i, "engine", j)),
                f"field `rulings[{i}].engine[{j}]`: expected the name of a function in {where}, got "
                f"`{name}`" + (f" (did you mean `{hint[0]}`?)" if hint else ""),
            )
