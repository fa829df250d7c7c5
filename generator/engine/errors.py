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
