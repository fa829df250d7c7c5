"""The few error classes of the project.

All are ``ValueError`` subclasses and each message quotes the offending input, so the
command line can print ``str(error)`` as its one-line answer.
"""

from __future__ import annotations


class RulebookError(ValueError):
    """Base class: any input the project refuses, with a message fit for one line."""


class CardError(RulebookError):
    """A card written in a notation we do not know, or more copies than the packs hold."""


class IllegalPlay(RulebookError):
    """A group, a play or a move that the rules of the game do not allow."""


class RulesDataError(RulebookError):
    """A game file in rules-data/ that does not match the schema.

    ``location`` is ``file:line:column`` so editors can jump to it.
    """

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


class RulesDataErrors(RulesDataError):
    """Several mistakes found in one run of the checks (issue 38: an author fixes them all at once).

    ``errors`` holds each one, in file order (at most ``MAX_REPORTED``; ``more`` counts those left
    out); ``location`` and ``message`` are the first's, so a caller that shows one line still names
    a place. ``str()`` is one line per mistake.
    """

    #: The most mistakes one run reports: past this, the first ones are the ones to fix.
    MAX_REPORTED = 20

    def __init__(self, errors: list[RulesDataError], more: int = 0) -> None:
        first = errors[0]
        super().__init__(first.location, first.message)
        self.errors = list(errors)
        self.more = more
        lines = [str(e) for e in self.errors]
        if more:
            lines.append(f"... and {more} more mistake{'s' if more != 1 else ''} (fix these and run the check again)")
        self.args = ("\n".join(lines),)

    def __str__(self) -> str:
        return str(self.args[0])


def _file_order(error: RulesDataError) -> tuple[str, int, int]:
    """(file, line, column) of an error's ``file:line:column``, so mistakes read top to bottom."""
    parts = error.location.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return parts[0], int(parts[1]), int(parts[2])
    return error.location, 0, 0


def in_file_order(errors: list[RulesDataError]) -> list[RulesDataError]:
    """``errors`` sorted by file, line and column."""
    return sorted(errors, key=_file_order)


def raise_all(errors: list[RulesDataError]) -> None:
    """Nothing when ``errors`` is empty; the one mistake when there is one; else every mistake
    (each ``RulesDataErrors`` among them flattened), bounded by ``RulesDataErrors.MAX_REPORTED``."""
    flat: list[RulesDataError] = []
    more = 0
    for e in errors:
        flat.extend(e.errors if isinstance(e, RulesDataErrors) else [e])
        more += e.more if isinstance(e, RulesDataErrors) else 0
    if not flat:
        return
    flat.sort(key=lambda e: _file_order(e)[0])  # by file; each caller gives a file's mistakes in the order to fix them
    if len(flat) == 1 and not more:
        raise flat[0]
    bound = RulesDataErrors.MAX_REPORTED
    raise RulesDataErrors(flat[:bound], more=more + max(0, len(flat) - bound))


def rulebook_cause(error: BaseException) -> RulebookError | None:
    """The RulebookError behind ``error``, following its causes and contexts (MkDocs and the
    macros plugin wrap what a game file's check raises), or None."""
    seen: set[int] = set()
    cur: BaseException | None = error
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, RulebookError):
            return cur
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return None
