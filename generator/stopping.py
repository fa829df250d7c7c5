"""Stopping a command cleanly on SIGTERM: :class:`Interrupted`, raised where the program is.

``rulebook`` installs :func:`request_stop` as its SIGTERM handler. The exception unwinds the
build, so every ``finally`` (the temporary folder) runs. Python ignores an exception raised while
it runs a weakref callback or a ``__del__``, and a signal can land there; so the request is also
remembered, and the build asks :func:`raise_if_stopped` before it swaps the new site in. Python's
"Exception ignored in ..." report of that swallowed exception is kept off the terminal: the
command's one line says what happened.
"""

from __future__ import annotations

import signal
import sys
from typing import Any


class Interrupted(BaseException):
    """The command was told to stop. A BaseException, so no ``except Exception`` swallows it."""


_requested: list[bool] = [False]


def request_stop(signum: int = 0, frame: object = None) -> None:
    """Remember the request and raise :class:`Interrupted` here (a signal handler's signature)."""
    _requested[0] = True
    raise Interrupted()


def stop_requested() -> bool:
    """Whether :func:`request_stop` was called in this process."""
    return _requested[0]


def raise_if_stopped() -> None:
    """Raise :class:`Interrupted` if a stop was asked for, even one whose exception went astray."""
    if _requested[0]:
        raise Interrupted()


def install() -> None:
    """Make SIGTERM stop this process through :func:`request_stop` (main thread only)."""
    try:
        signal.signal(signal.SIGTERM, request_stop)
    except ValueError:  # not the main thread (main() called from a test's thread): leave it be
        return
    if sys.unraisablehook is not _quiet_about_interrupted:
        _default_unraisable[0] = sys.unraisablehook
        sys.unraisablehook = _quiet_about_interrupted


_default_unraisable: list[Any] = [sys.__unraisablehook__]


def _quiet_about_interrupted(unraisable: Any) -> None:
    if isinstance(unraisable.exc_value, Interrupted):
        return  # remembered in _requested; the command reports the stop itself
    _default_unraisable[0](unraisable)
