"""Check every worked example of a game against the reference engine.

Each example in ``rules-data/<id>.yaml`` names an engine ``record`` (see
``generator/engine/games/<id>.py``, ``RECORDS``), gives its JSON ``input`` and ``claim``s part of the
answer. Every key of the claim must equal the engine's answer; a mismatch is a
``RulesDataError`` naming the example's ``file:line``, its id, the claim and the engine's answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.errors import RulebookError, RulesDataError

if TYPE_CHECKING:
    from .loader import Game


@dataclass(frozen=True)
class ExampleResult:
    """One checked example: what went in, what the engine said, and where it is written."""

    game: str
    id: str
    record: str
    input: dict[str, Any]
    claim: dict[str, Any]
    answer: dict[str, Any]
    location: str

    @property
    def ok(self) -> bool:
        return all(key in self.answer and _same(self.answer[key], value) for key, value in self.claim.items())


def _same(answer: Any, claim: Any) -> bool:
    # JSON equality: a claim read from YAML and an answer from the engine compare as JSON values
    # (tuples and lists alike), so an example never fails on a container type.
    return bool(json.loads(json.dumps(answer)) == json.loads(json.dumps(claim)))


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def run_example(game: Game, index: int) -> ExampleResult:
    """Run one example through its record, without comparing."""
    from ..engine.games import record

    example = game.data["examples"][index]
    at = ("examples", index)
    where = game.location(at)
    try:
        func = record(game.id, example["record"])
    except ModuleNotFoundError as exc:
        raise RulesDataError(
            game.location(at + ("record",)),
            f"example `{example['id']}`: no engine for game {game.id!r} yet ({exc.name} is missing)",
        ) from None
    except RulebookError as exc:
        raise RulesDataError(
            game.location(at + ("record",)), f"field `examples[{index}].record`: example `{example['id']}`: {exc}"
        ) from None
    try:
        answer = func(json.loads(json.dumps(example["input"])))
    except RulebookError as exc:
        raise RulesDataError(
            game.location(at + ("input",)),
            f"example `{example['id']}`: the {example['record']!r} record refuses the input: {exc}",
        ) from None
    return ExampleResult(
        game=game.id, id=example["id"], record=example["record"], input=example["input"],
        claim=example["claim"], answer=answer, location=where,
    )


def check_examples(game: Game) -> list[ExampleResult]:
    """Run every example of ``game`` and compare each claimed key with the engine's answer."""
    results = []
    for index, example in enumerate(game.data["examples"]):
        result = run_example(game, index)
        for key, claimed in example["claim"].items():
            if key not in result.answer:
                raise RulesDataError(
                    game.location(("examples", index, "claim", key)),
                    f"example `{result.id}`: claims `{key}`, but the {result.record!r} record answers "
                    f"only {', '.join(sorted(result.answer))}",
                )
            if not _same(result.answer[key], claimed):
                raise RulesDataError(
                    game.location(("examples", index, "claim", key)),
                    f"example `{result.id}`: claims {key} {_show(claimed)}, "
                    f"but the engine answers {_show(result.answer[key])}",
                )
        results.append(result)
    return results
