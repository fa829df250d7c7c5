"""A saved practice game read back (issue 24, item 12): the seed, the number of players and every
move made, replayed through a game's module (``chips``, ``chains``, ``three_chip_stack``).

A practice game is a pure function of its seed and the human's moves: the computer seats play
``bot_move`` and nothing else. So a save is replayed move by move and each computer seat's move
must be the one ``bot_move`` makes there; a save that has the computer play anything else (an
edited save choosing the computer's discards, say) is refused, as is any move the rules refuse.
The human's moves need only be legal.

The browser port is ``docs/assets/js/play/saves.js`` (``replaySave``), which the practice tables
read their saves through; ``tests/test_play_differential.py`` replays the same saves, genuine
and edited, through both and compares the verdicts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from ..errors import IllegalPlay, RulebookError

#: The seat the person plays at the practice tables (play/table/common.js HUMAN).
HUMAN = 0


class RefusedSave(IllegalPlay):
    """A save that does not replay; ``at`` is the index of the first move refused."""

    def __init__(self, at: int, message: str) -> None:
        super().__init__(f"move {at + 1}: {message}")
        self.at = at


def same_move(a: object, b: object) -> bool:
    """Equal as JSON values are equal after parsing in the browser: ``True`` is not ``1`` (Python's
    ``==`` says it is), ``1.0`` is ``1`` (one number in JavaScript), object keys in any order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_move(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_move(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def replay(module: ModuleType, players: int, seed: int, moves: Sequence[Any], *, human: int = HUMAN,
           house: Mapping[str, str] | None = None, opponent: str | None = None) -> Any:
    """The state after ``moves`` from ``module.new_game(players, seed)``, played by the table's
    ``house`` options (issue 25; None, as in a save from before them: the family's rules);
    :class:`RefusedSave` at the first move the rules refuse or a computer seat (every seat but
    ``human``) would not make at the save's ``opponent`` level (issue 28: the module's
    ``LEVELS``; None, as in a save from before the levels: the standard computer)."""
    levels = getattr(module, "LEVELS", ("standard",))
    if opponent is not None and opponent not in levels:
        raise RefusedSave(0, f"opponent: this game's computer plays at level {' or '.join(levels)}, not {opponent!r}")
    state = module.new_game(players, seed) if house is None else module.new_game(players, seed, house)
    for at, move in enumerate(moves):
        seat = module.seat_to_act(state)
        if seat is not None and seat != human:
            wanted = module.bot_move(state) if opponent in (None, "standard") else module.bot_move(state, opponent)
            if not same_move(move, wanted):
                raise RefusedSave(at, f"player {seat + 1} is the computer, which plays {wanted}, not {move}")
        try:
            state = module.apply_move(state, move)
        except RulebookError as refused:
            raise RefusedSave(at, str(refused)) from refused
    return state
