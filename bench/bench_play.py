"""The practice game of Chips: how long a computer move takes, and how often the computer beats a
player who picks uniformly among the legal moves (figures for the README; never pass/fail).

    .venv/bin/python bench/bench_play.py [--games 30] [--duels 1000]

- A computer move is ``bot_move`` then ``apply_move`` (the choice and the new state), timed over
  every move of ``--games`` seeded games played by the computer alone (2-8 players in turn), in
  Python and under node (docs/assets/js/play/chips.js, the code the page runs), in CPU time
  (the machine is shared: wall-clock time, also printed, counts other processes too). The computer's
  evaluations are remembered while a page is open, so the timings include that, as in the page.
- The duel: ``--duels`` seeded four-player games under node, one computer seat (seat
  ``game % 4``) against three players who each pick uniformly among ``legalMoves``; a win is
  the computer alone in first place after the tie-breakers.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.engine.play import chips

NODE = r"""
import * as chips from "./docs/assets/js/play/chips.js";
import { below, seedState } from "./docs/assets/js/play/rng.js";
const [games, duels] = process.argv.slice(1).map(Number);
const times = [];
const cpu = [];
const phases = {};
for (let k = 0; k < games; k++) {
  let s = chips.newGame({ players: 2 + (k % 7), seed: 5000 + k });
  while (chips.seatToAct(s) !== null) {
    const phase = s.phase;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    s = chips.applyMove(s, chips.botMove(s));
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    (phases[phase] ||= []).push((c.user + c.system) / 1000);
  }
}
let wins = 0, shared = 0, moves = 0;
for (let k = 0; k < duels; k++) {
  const bot = k % 4;
  let r = seedState(90000 + k);
  let s = chips.newGame({ players: 4, seed: 90000 + k });
  while (chips.seatToAct(s) !== null) {
    let move;
    if (s.seat === bot) move = chips.botMove(s);
    else {
      const legal = chips.legalMoves(s);
      let i;
      [i, r] = below(r, legal.length);
      move = legal[i];
    }
    s = chips.applyMove(s, move);
    moves++;
  }
  const first = s.result.ranking[0];
  if (first.length === 1 && first[0] === bot) wins++;
  else if (first.includes(bot)) shared++;
}
console.log(JSON.stringify({ times, cpu, phases, wins, shared, duels, moves }));
"""


def spread(ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"median {statistics.median(ms):.2f} ms, p99 {ms[int(len(ms) * 0.99) - 1]:.2f} ms, "
            f"slowest {ms[-1]:.1f} ms over {len(ms)} moves")


def python_moves(games: int) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    gc.collect()
    gc.disable()
    try:
        for k in range(games):
            state = chips.new_game(2 + k % 7, 5000 + k)
            while chips.seat_to_act(state) is not None:
                c0, t0 = time.process_time(), time.perf_counter()
                state = chips.apply_move(state, chips.bot_move(state))
                wall.append((time.perf_counter() - t0) * 1e3)
                cpu.append((time.process_time() - c0) * 1e3)
    finally:
        gc.enable()
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--duels", type=int, default=1000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE, str(args.games), str(args.duels)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    node = json.loads(proc.stdout)
    node_s = time.perf_counter() - t0
    print(f"computer move under node (botMove + applyMove), CPU time: {spread(node['cpu'])}")
    print(f"  the same, wall-clock time on this shared machine: {spread(node['times'])}")
    for phase, ms in sorted(node["phases"].items()):
        print(f"  phase {phase}: {spread(ms)}")
    wall, cpu = python_moves(args.games)
    print(f"computer move in Python (bot_move + apply_move), CPU time: {spread(cpu)}")
    print(f"  the same, wall-clock time: {spread(wall)}")
    if not node["duels"]:
        return
    rate = 100 * node["wins"] / node["duels"]
    print(f"computer vs three uniform-random players, four-player games: computer alone first in "
          f"{node['wins']} of {node['duels']} ({rate:.1f} %), first place shared in {node['shared']}; "
          f"{node['moves']} moves, node {node_s:.0f} s in all")


if __name__ == "__main__":
    main()
