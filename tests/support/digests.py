"""The finished hands of a practice game's state, each hashed once (the differential tests).

A state carries every hand played so far (``rounds``): hashed whole at every move, the same early
hands are written out again and again. :class:`RoundDigests` writes each record's digest in its
place instead, worked out once for each record; the node runners do the same (tests/js/run_play.mjs
``digest``, run_play_chains_stack.mjs ``stepDigest``), each with its own hash."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RoundDigests:
    """``flat(state)``: the state with each record of ``rounds`` replaced by ``hash(record)``, the key
    kept in its place. A record is kept here with its digest, so its id is never reused while it is
    remembered."""

    def __init__(self, hash: Callable[[Any], str]) -> None:
        self._hash = hash
        self._rounds: dict[int, tuple[Any, str]] = {}

    def _round(self, record: Any) -> str:
        hit = self._rounds.get(id(record))
        if hit is None or hit[0] is not record:
            hit = (record, self._hash(record))
            self._rounds[id(record)] = hit
        return hit[1]

    def flat(self, state: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(state.get("rounds"), list):
            return state
        return {**state, "rounds": [self._round(r) for r in state["rounds"]]}
