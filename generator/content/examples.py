"""Check every worked example of a game against the reference engine.

Each example in ``rules-data/<id>.yaml`` names an engine ``record`` (see
``generator/engine/games/<id>.py``, ``RECORDS``), gives its JSON ``input`` and ``claim``s part of the
answer. Every key of the claim must equal the engine's answer; a mismatch is a
``RulesDataError`` naming the example's ``file:line``, its id, the claim and the engine's answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.errors import RulebookError, RulesDataError, raise_all

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
    from ..engine.games import GAME_MODULES, UnknownGame, record

    example = game.data["examples"][index]
    at = ("examples", index)
    where = game.location(at)
    declared = declared_records(game)
    try:
        if declared is not None:
            if example["record"] not in declared:
                raise RulebookError(f"the declared scoring has no {example['record']!r} record "
                                    f"(it has: {', '.join(sorted(declared))})")
            func = declared[example["record"]]
        else:
            func = record(game.id, example["record"])
    except (UnknownGame, ModuleNotFoundError) as exc:
        if isinstance(exc, ModuleNotFoundError) and exc.name != GAME_MODULES.get(game.id):
            raise  # a module the engine itself imports is missing: not the author's to fix
        raise RulesDataError(
            game.location(at + ("record",)),
            f"example `{example['id']}`: {game.id!r} has no engine to check it; {no_engine_help(game.id, example['record'])}",
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


def declared_records(game: Game) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]] | None:
    """The records of a game's declared scoring (``scoring.declared``, ``generator/engine/declared.py``)
    when the game has no engine of its own; None otherwise (an engine is the reference where there is one)."""
    from ..engine.games import GAME_MODULES

    spec = game.data["scoring"].get("declared")
    if spec is None or game.id in GAME_MODULES:
        return None
    from ..engine import declared

    return declared.records(spec)


def engine_module(game_id: str) -> str:
    """The Python module a game's engine lives in: ``three_chip_stack`` for ``3-chip-stack``."""
    from .loader import id_prefix

    return id_prefix(game_id).rstrip("-").replace("-", "_")


def no_engine_help(game_id: str, record_name: str | None) -> str:
    """What to write so that a game has an engine (issue 26): the module, the function a record needs
    (``record_name``; none for a ruling's functions) and the registry line; or, for a worked example,
    how to leave it unchecked."""
    module = engine_module(game_id)
    registry = (f"register it with the line `{game_id!r}: \"generator.engine.games.{module}\",` in GAME_MODULES "
                f"(generator/engine/games/__init__.py)")
    if record_name is None:
        return f"write generator/engine/games/{module}.py with the functions it names and {registry}"
    return (f"write generator/engine/games/{module}.py with a function `{record_name}_record(rec: dict) -> dict` "
            f"and `RECORDS = {{{record_name!r}: {record_name}_record}}`, {registry}; or give the example "
            f"`text_only: <why no engine checks it>` instead of `record`, `input` and `claim`")


def unchecked_examples(game: Game) -> list[str]:
    """One line per worked example no engine checks (``text_only``): ``file:line:column: <game> example
    `<id>` is not checked (<why>)``, for ``rulebook check`` and ``rulebook build`` to list."""
    return [f"{game.location(('examples', i))}: example `{ex['id']}` is not checked by an engine "
            f"({' '.join(str(ex['text_only']).split())})"
            for i, ex in enumerate(game.data["examples"]) if "text_only" in ex]


def unchecked_records(game: Game) -> list[dict[str, str]]:
    """``unchecked_examples`` as records, for ``--json``: ``{"location", "game", "example", "why"}``."""
    return [{"location": game.location(("examples", i)), "game": game.id, "example": str(ex["id"]),
             "why": " ".join(str(ex["text_only"]).split())}
            for i, ex in enumerate(game.data["examples"]) if "text_only" in ex]


def check_examples(game: Game) -> list[ExampleResult]:
    """Run every example of ``game`` checked by the engine and compare each claimed key with the
    engine's answer; a text-only example (``text_only``) is left out (``unchecked_examples``)."""
    results = []
    problems: list[RulesDataError] = []  # every wrong claim of the file, raised at once (issue 38)
    answerer = "declared scoring" if declared_records(game) is not None else "engine"
    for index, example in enumerate(game.data["examples"]):
        if "text_only" in example:
            continue
        try:
            result = run_example(game, index)
        except RulesDataError as exc:
            problems.append(exc)
            continue
        for key, claimed in example["claim"].items():
            if key not in result.answer:
                problems.append(RulesDataError(
                    game.location(("examples", index, "claim", key)),
                    f"example `{result.id}`: claims `{key}`, but the {result.record!r} record answers "
                    f"only {', '.join(sorted(result.answer))}",
                ))
            elif not _same(result.answer[key], claimed):
                problems.append(RulesDataError(
                    game.location(("examples", index, "claim", key)),
                    f"example `{result.id}`: claims {key} {_show(claimed)}, "
                    f"but the {answerer} answers {_show(result.answer[key])}",
                ))
        results.append(result)
    raise_all(problems)
    return results


@dataclass(frozen=True)
class HouseAnswer:
    """A worked example's answer at a table that plays house options, where it is not the family's
    (issue 25): the options that change it (each alone, or all of them when only together), the
    answer's fields (the claim's, then those only the table's answer has, such as 3 Chip Stack's
    odd chips), or, when the engine refuses the example under those options, why it cannot happen.

    The same answer, worded the same way, as the game page's re-render in the browser
    (docs/assets/js/house/examples.js); the family edition prints it (``rulebook build --house``)."""

    id: str
    options: tuple[str, ...]
    facts: tuple[tuple[str, Any], ...]
    refused: str | None

    def claim(self, keys: Iterable[str]) -> dict[str, Any]:
        """The answer's fields named by ``keys`` (the family's claim), ``None`` for those it lacks:
        what ``data-house-claim`` holds for a drill that asks the example as a question."""
        facts = dict(self.facts)
        return {key: facts.get(key) for key in keys}


#: An engine's refusal ends with the id of the rule it cites, "(chips-no-wrap)"; people read the reason.
_RULE_ID_TAIL = re.compile(r"\s*\([a-z0-9]+(?:-[a-z0-9]+)+\)\s*$")


def house_answers(game: Game, house: Mapping[str, str]) -> dict[str, HouseAnswer]:
    """``{example id: HouseAnswer}`` for each worked example of ``game`` whose answer under
    ``house`` (the options a table sets away from the family's) is not the claim: each example whose
    record follows house options (the game module's ``HOUSE_RECORDS``) is run again by the engine
    with the options it knows (``HOUSE_OPTIONS``). Nothing is stored: the claim stays the family's."""
    from ..engine.games import load_game, record

    module = load_game(game.id)
    takes: frozenset[str] = getattr(module, "HOUSE_RECORDS", frozenset())
    known = [o.id for o in getattr(module, "HOUSE_OPTIONS", ())]
    ours = {option_id: house[option_id] for option_id in known if option_id in house}
    out: dict[str, HouseAnswer] = {}
    if not ours:
        return out
    for example in game.data["examples"]:
        if "text_only" not in example and example["record"] in takes:
            found = _house_answer(example, record(game.id, example["record"]), ours)
            if found is not None:
                out[example["id"]] = found
    return out


def _house_answer(example: Mapping[str, Any], func: Callable[[dict[str, Any]], dict[str, Any]],
                  house: Mapping[str, str]) -> HouseAnswer | None:
    """One example under ``house`` (``func`` its record), or None when its answer is the claim."""
    claim: dict[str, Any] = example["claim"]

    def run(options: Mapping[str, str]) -> tuple[dict[str, Any], str | None]:
        try:
            return func({**json.loads(json.dumps(example["input"])), "house": dict(options)}), None
        except RulebookError as exc:
            return {}, _RULE_ID_TAIL.sub("", str(exc))

    def differs(answer: dict[str, Any], refused: str | None) -> bool:
        return refused is not None or any(not _same(answer.get(k), v) for k, v in claim.items())

    answer, refused = run(house)
    if not differs(answer, refused):
        return None
    # Which of the table's options change it, each alone (all of them when it takes them together).
    alone = tuple(k for k in house if differs(*run({k: house[k]})))
    baseline, _ = run({})
    keys = [*claim, *(k for k in answer if k not in claim and k not in baseline)]
    return HouseAnswer(id=example["id"], options=alone or tuple(house),
                       facts=() if refused is not None else tuple((k, answer.get(k)) for k in keys), refused=refused)
