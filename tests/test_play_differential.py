"""The practice games (generator/engine/play/<game>.py) against their browser ports
(docs/assets/js/play/<game>.js, under node): the same seeded games, played by the computer
player alone in both, must make the same moves and pass through the same states, every one.

Node runs tests/js/run_play.mjs (one request a line: {"game", "players", "seed"}) while Python
plays the same games. Each side writes, for every state of a game (the new game's and the one
after each move), a digest: SHA-1 of the canonical JSON of the state (keys sorted, no spaces),
where the finished-round list ``rounds`` is hashed element by element (each round's record
hashed once, its digest standing in its place), so a digest is equal only when the whole
state is equal. The final states are compared in full, and a game whose digests part is
replayed in full to name the first state and the keys where the two differ.

Each game has its own functions below (its requests and its checks of a finished game); the
runner and the comparison are shared.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.engine.cards import build_deck, format_card
from generator.engine.play import chains as play_chains
from generator.engine.play import chips as play_chips
from generator.engine.play import rng, saves
from generator.engine.play import three_chip_stack as play_stack
from tests.conftest import figure
from tests.support.digests import RoundDigests

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "js" / "run_play.mjs"
#: A game longer than this many moves is taken to be stuck (run_play.mjs has the same bound).
MAX_MOVES = 100000


# --- The digest (run_play.mjs: canonical, digest) -------------------------------------------

def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _sha1(value: Any) -> str:
    return hashlib.sha1(canonical(value).encode()).hexdigest()


class Digests:
    """The digest of a state, each finished round's record hashed once (tests/support/digests.py)."""

    def __init__(self) -> None:
        self._rounds = RoundDigests(_sha1)

    def __call__(self, state: dict[str, Any]) -> str:
        return _sha1(self._rounds.flat(state))


def py_play(mod: ModuleType, players: int, seed: int, full: bool = False,
            check: Callable[[dict[str, Any]], None] | None = None, random_seats: Sequence[int] = (),
            house: dict[str, str] | None = None, level: str | None = None) -> dict[str, Any]:
    """run_play.mjs's playGame, in Python; ``check`` looks at every state on the way. The
    ``random_seats`` pick uniformly among the legal moves, from mulberry32 seeded with seed + 1;
    ``house`` the table's house options; ``level`` the computer's (None: bot_move's own)."""
    digest = Digests()
    state = mod.new_game(players, seed) if house is None else mod.new_game(players, seed, house)
    pick = rng.seed_state(seed + 1)
    moves: list[dict[str, Any]] = []
    digests = [digest(state)]
    states = [state]
    while mod.seat_to_act(state) is not None:
        assert len(moves) < MAX_MOVES, f"{players} players, seed {seed}: no end after {MAX_MOVES} moves"
        if mod.seat_to_act(state) in random_seats:
            legal = mod.legal_moves(state)
            i, pick = rng.below(pick, len(legal))
            move = legal[i]
        else:
            move = mod.bot_move(state) if level is None else mod.bot_move(state, level)
        state = mod.apply_move(state, move)
        moves.append(move)
        digests.append(digest(state))
        if check is not None:
            check(state)
        if full:
            states.append(state)
    out: dict[str, Any] = {"moves": moves, "digests": digests, "final": state}
    if full:
        out["states"] = states
    return out


def node_play(requests: list[dict[str, Any]]) -> tuple[threading.Thread, list[str]]:
    """Start node on the requests; the thread fills the list with its answer lines."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed for the browser half of this test (make setup)")
    lines: list[str] = []

    def run() -> None:
        proc = subprocess.run([node, str(RUNNER)], input="".join(json.dumps(r) + "\n" for r in requests),
                              capture_output=True, text=True, check=False, encoding="utf-8")
        lines.extend(proc.stdout.splitlines())
        if proc.returncode:
            lines.append(json.dumps({"error": f"node exited {proc.returncode}: {proc.stderr[-2000:]}"}))

    thread = threading.Thread(target=run)
    thread.start()
    return thread, lines


def _differences(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}.{k}: only on one side" for k in sorted(set(a) ^ set(b))]
        for k in sorted(set(a) & set(b)):
            out += _differences(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: python {json.dumps(a)[:200]} / node {json.dumps(b)[:200]}"]


def _first_difference(mod: ModuleType, req: dict[str, Any]) -> str:
    py = py_play(mod, req["players"], req["seed"], full=True, random_seats=req.get("random", ()),
                 house=req.get("house"), level=req.get("level"))
    js = node_single({**req, "full": True})
    for k, (a, b) in enumerate(zip(py["states"], js.get("states", []), strict=False)):
        if a != b:
            move = py["moves"][k - 1] if k else None
            return f"state {k} (after {move}): " + "; ".join(_differences(a, b)[:8])
    return f"python made {len(py['moves'])} moves, node {len(js.get('moves', []))}: {js.get('error')}"


def node_single(req: dict[str, Any]) -> dict[str, Any]:
    thread, lines = node_play([req])
    thread.join()
    return dict(json.loads(lines[0]))


def ports_agree(mod: ModuleType, requests: list[dict[str, Any]], thread: threading.Thread, lines: list[str],
                py_results: list[dict[str, Any]], check_final: Callable[[dict[str, Any]], None]) -> int:
    """Once node (node_play's thread) has answered: every request's game the same move for move and
    state for state in both ports (the first state where they part named), its final state equal
    and passing ``check_final``. The number of states compared."""
    thread.join()
    assert len(lines) == len(requests), lines[-1:] if lines else "node gave no answer"
    states = 0
    for req, py, line in zip(requests, py_results, lines, strict=True):
        js = json.loads(line)
        assert "error" not in js, f"{req}: node refused a move of its own computer player: {js}"
        if js["moves"] != py["moves"] or js["digests"] != py["digests"]:
            pytest.fail(f"{req}: the ports part at {_first_difference(mod, req)}")
        assert js["final"] == py["final"], req
        check_final(py["final"])
        states += len(py["digests"])
    return states


# --- Chips ----------------------------------------------------------------------------------

#: The issue asks for at least 1,000 seeded computer-only games per game.
CHIPS_GAMES = 1000
#: And games where one seat picks uniformly among the legal moves: moves the computer never
#: makes (any discard, any depth, passing on a call), and the order of legal_moves itself.
CHIPS_MIXED = 30
#: And games under the table's house options (issue 25): every value of every option.
CHIPS_HOUSED = 140


def chips_houses(rnd: random.Random) -> list[dict[str, str]]:
    """Each option's other values alone, then random houses (tests/support/house_gen.py)."""
    from generator.engine.games import chips
    from tests.support.house_gen import random_house

    alone = [{o.id: v} for o in chips.HOUSE_OPTIONS for v in o.values if v != o.default]
    return alone + [random_house(rnd, chips.HOUSE_OPTIONS) for _ in range(CHIPS_HOUSED - len(alone))]


def chips_requests() -> list[dict[str, Any]]:
    """Players 2-8 in turn; seeds at the 32-bit edges, then drawn at random; then games under
    house options, a third of them with a seat picking at random (throwing back, say)."""
    rnd = random.Random(16)
    seeds = [0, 1, -1, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**40 + 5]
    seeds += [rnd.randrange(2**32) for _ in range(CHIPS_GAMES - len(seeds))]
    out: list[dict[str, Any]] = [{"game": "chips", "players": 2 + k % 7, "seed": s} for k, s in enumerate(seeds)]
    for k in range(CHIPS_MIXED):
        players = 2 + k % 7
        out.append({"game": "chips", "players": players, "seed": rnd.randrange(2**32),
                    "random": [k % players]})
    for k, house in enumerate(chips_houses(rnd)):
        players = 2 + k % 7
        req: dict[str, Any] = {"game": "chips", "players": players, "seed": rnd.randrange(2**32), "house": house}
        if k % 3 == 2:
            req["random"] = [k % players]
        out.append(req)
    return out


def chips_check_step(state: dict[str, Any]) -> None:
    """Every card in exactly one place: a hand, the deck, the pile or the caller's groups."""
    cards = [c for h in state["hands"] for c in h] + state["deck"] + state["pile"]
    cards += [c for g in state["table"] or [] for c in g["cards"]]
    assert Counter(cards) == chips_full_deck(state["packs"]), state


@cache
def chips_full_deck(packs: int) -> Counter[str]:
    return Counter(format_card(c) for c in build_deck(packs))


def chips_check_final(state: dict[str, Any]) -> None:
    """A finished game: eight rounds, each called, the caller scoring 0 (chips-caller-scores-zero),
    totals the sums of the rounds, a ranking of every seat."""
    assert state["over"] and state["phase"] == "over" and state["seat"] is None
    assert len(state["rounds"]) == 8
    for rnd in state["rounds"]:
        assert rnd["scores"][rnd["caller"]] == 0
    assert state["totals"] == [sum(r["scores"][p] for r in state["rounds"]) for p in range(state["players"])]
    assert sorted(p for place in state["result"]["ranking"] for p in place) == list(range(state["players"]))


Check = Callable[[dict[str, Any]], None]
#: game id -> (module, its requests, a check of every state, a check of the final state)
GAMES: dict[str, tuple[ModuleType, Callable[[], list[dict[str, Any]]], Check, Check]] = {
    "chips": (play_chips, chips_requests, chips_check_step, chips_check_final),
}


# --- The test ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_browser_port_matches_python_state_for_state(game: str) -> None:
    mod, requests_of, check_step, check_final = GAMES[game]
    requests = requests_of()
    start = time.perf_counter()
    thread, lines = node_play(requests)
    py_results = [py_play(mod, r["players"], r["seed"], check=check_step, random_seats=r.get("random", ()),
                          house=r.get("house"), level=r.get("level"))
                  for r in requests]
    states = ports_agree(mod, requests, thread, lines, py_results, check_final)
    seconds = time.perf_counter() - start
    mixed = sum(1 for r in requests if r.get("random"))
    housed = sum(1 for r in requests if r.get("house"))
    figure(f"play differential ({game}): {len(requests) - mixed} seeded computer-only games and {mixed} against "
           f"random seats ({housed} under house options), {states} states equal in Python and node, every one "
           f"checked, {seconds:.0f} s")


# --- Saves read back (issue 24, item 12) ------------------------------------------------------

#: The three games' modules by the id the tables save them under.
SAVE_GAMES: dict[str, ModuleType] = {"chips": play_chips, "chains": play_chains, "3-chip-stack": play_stack}
#: Saves per game: genuine ones and each kind of edit below.
SAVES_PER_GAME = 60


def _edited_saves(game: str, rnd: random.Random) -> list[dict[str, Any]]:
    """Saves as a table writes them (seat 0 picking at random, the others the computer's moves),
    and the same saves edited: a computer seat's move swapped for another legal one, a human move
    swapped (the moves after it may no longer be legal), a key added to a computer's move, a
    number written as true, the moves cut short, a move that is no move."""
    mod = SAVE_GAMES[game]
    out: list[dict[str, Any]] = []
    for _ in range(SAVES_PER_GAME // 6):
        players, seed = rnd.randint(2, 5), rnd.randrange(2**32)
        state = mod.new_game(players, seed)
        moves: list[Any] = []
        places: list[tuple[int, int, list[Any]]] = []  # (index, seat, the other legal moves there)
        while mod.seat_to_act(state) is not None and len(moves) < rnd.randint(20, 200):
            seat = mod.seat_to_act(state)
            legal = mod.legal_moves(state)
            move = rnd.choice(legal) if seat == 0 else mod.bot_move(state)
            places.append((len(moves), seat, [m for m in legal if m != move]))
            state = mod.apply_move(state, move)
            moves.append(move)
        base = {"game": game, "players": players, "seed": seed}
        out.append({**base, "moves": moves, "kind": "genuine"})
        computer = [p for p in places if p[1] != 0 and p[2]]
        human = [p for p in places if p[1] == 0 and p[2]]
        for kind in ("computer", "human", "extra-key", "true", "cut", "junk"):
            edited = json.loads(json.dumps(moves))
            if kind in ("computer", "human") and (computer if kind == "computer" else human):
                at, _, others = rnd.choice(computer if kind == "computer" else human)
                edited[at] = rnd.choice(others)
            elif kind == "extra-key" and computer:
                edited[rnd.choice(computer)[0]]["why"] = 1
            elif kind == "true":
                numbered = [k for k, m in enumerate(edited) if any(isinstance(v, int) and v in (0, 1) for v in m.values())]
                if numbered:
                    k = rnd.choice(numbered)
                    key = next(key for key, v in edited[k].items() if isinstance(v, int) and v in (0, 1))
                    edited[k][key] = bool(edited[k][key])
            elif kind == "cut":
                edited = edited[: rnd.randrange(len(edited) + 1)]
            elif kind == "junk" and edited:
                edited[rnd.randrange(len(edited))] = rnd.choice([None, 7, "draw", [], {}])
            if edited != moves:
                out.append({**base, "moves": edited, "kind": kind})
    return out


def _py_replayed(req: dict[str, Any]) -> dict[str, Any]:
    try:
        state = saves.replay(SAVE_GAMES[req["game"]], req["players"], req["seed"], req["moves"],
                             opponent=req.get("opponent"))
    except saves.RefusedSave as refused:
        return {"refused": refused.at}
    return {"digest": hashlib.sha1(canonical(state).encode()).hexdigest()}


def test_a_save_is_read_back_the_same_in_both_ports() -> None:
    """The same saves, genuine and edited, through saves.py and play/saves.js: the same state (its
    digest) or refused at the same move; genuine saves are accepted, a computer's move edited is
    refused."""
    rnd = random.Random(24)
    requests = [{"replay": True, **r} for game in sorted(SAVE_GAMES) for r in _edited_saves(game, rnd)]
    thread, lines = node_play(requests)
    ours = [_py_replayed(r) for r in requests]
    thread.join()
    assert len(lines) == len(requests), lines[-1:] if lines else "node gave no answer"
    verdicts: Counter[str] = Counter()
    for req, py, line in zip(requests, ours, lines, strict=True):
        js = json.loads(line)
        assert js == py, f"{req['game']} players={req['players']} seed={req['seed']}: Python {py}, node {js}"
        verdicts["refused" if "refused" in py else "read"] += 1
        if req["kind"] in ("genuine", "computer", "extra-key"):
            assert ("digest" in py) is (req["kind"] == "genuine"), req
    assert verdicts["refused"] > len(requests) // 3
    figure(f"play differential (saves): {len(requests)} saves of the three games read back alike in Python and "
           f"node, {verdicts['read']} read, {verdicts['refused']} refused at the same move")


# --- The gentle computer (issue 28) -----------------------------------------------------------

#: Seeded games with the computer at level "gentle", a third of them with a seat picking at random.
GENTLE_GAMES = {"chips": 140}


def gentle_requests(game: str) -> list[dict[str, Any]]:
    rnd = random.Random(28)
    out: list[dict[str, Any]] = []
    for k in range(GENTLE_GAMES[game]):
        players = 2 + k % 7
        req: dict[str, Any] = {"game": game, "players": players, "seed": rnd.randrange(2**32), "level": "gentle"}
        if k % 3 == 2:
            req["random"] = [k % players]
        out.append(req)
    return out


def chips_gentle_check_step(state: dict[str, Any]) -> None:
    """chips_check_step, and the gentle computer's promise: nobody calls before every other
    player has had GENTLE_TURNS turns in the round."""
    chips_check_step(state)
    turns = state["turns"]
    if turns and turns[-1]["call"] and state["caller"] == turns[-1]["seat"] and state["phase"] == "take":
        had = Counter(t["seat"] for t in turns)
        assert all(had[p] >= play_chips.GENTLE_TURNS for p in range(state["players"]) if p != state["caller"]), turns


@pytest.mark.parametrize("game", sorted(GENTLE_GAMES))
def test_the_gentle_computer_plays_alike_in_both_ports(game: str) -> None:
    """Seeded games with every computer seat at level "gentle" (botMove's level): the same moves
    and states in Python and node, and no computer seat calls before everyone has had three turns."""
    mod, _, check_step, check_final = GAMES[game]
    requests = gentle_requests(game)
    thread, lines = node_play(requests)
    py_results = []
    for r in requests:
        gentle_check = chips_gentle_check_step if not r.get("random") else check_step
        py_results.append(py_play(mod, r["players"], r["seed"], check=gentle_check, random_seats=r.get("random", ()),
                                  level="gentle"))
    states = ports_agree(mod, requests, thread, lines, py_results, check_final)
    figure(f"play differential ({game}, gentle computer): {len(requests)} seeded games, {states} states equal "
           f"in Python and node")


def _gentle_saves(rnd: random.Random) -> list[dict[str, Any]]:
    """Chips saves against the gentle computer (seat 0 at random), each read as written
    (opponent "gentle"), as a save without the field (the standard computer, which calls where
    the gentle one played on), at "standard", and at a level no port knows."""
    out: list[dict[str, Any]] = []
    for _ in range(12):
        players, seed = rnd.randint(2, 5), rnd.randrange(2**32)
        state = play_chips.new_game(players, seed)
        moves: list[Any] = []
        while play_chips.seat_to_act(state) is not None and len(moves) < 400:
            legal = play_chips.legal_moves(state)
            move = rnd.choice(legal) if play_chips.seat_to_act(state) == 0 else play_chips.bot_move(state, "gentle")
            state = play_chips.apply_move(state, move)
            moves.append(move)
        base = {"replay": True, "game": "chips", "players": players, "seed": seed, "moves": moves}
        out += [{**base, "opponent": "gentle", "kind": "genuine"}, {**base, "kind": "no-field"},
                {**base, "opponent": "standard", "kind": "standard"}, {**base, "opponent": "easy", "kind": "unknown"}]
    return out


def test_a_save_against_the_gentle_computer_is_read_back_the_same_in_both_ports() -> None:
    """The save's opponent field (issue 28) in saves.py and play/saves.js: a gentle save replays at
    its level and is refused at the same move when read at another; an unknown level is refused."""
    requests = _gentle_saves(random.Random(28))
    thread, lines = node_play(requests)
    ours = [_py_replayed(r) for r in requests]
    thread.join()
    assert len(lines) == len(requests), lines[-1:] if lines else "node gave no answer"
    for req, py, line in zip(requests, ours, lines, strict=True):
        js = json.loads(line)
        assert js == py, f"{req['kind']} players={req['players']} seed={req['seed']}: Python {py}, node {js}"
        if req["kind"] in ("genuine", "unknown"):
            assert ("digest" in py) is (req["kind"] == "genuine"), req
    standard = [py for req, py in zip(requests, ours, strict=True) if req["kind"] == "no-field"]
    assert any("refused" in py for py in standard), "no gentle save where the standard computer would have called"
