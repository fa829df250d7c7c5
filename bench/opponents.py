"""The computer's levels at the practice tables (issue 28): the gentle and the standard computer,
each against a player who picks uniformly among the legal moves (a stand-in for a beginner), in
seeded games under node (docs/assets/js/play/<game>.js, the code the page runs). Figures for the
README; never pass/fail.

    .venv/bin/python bench/opponents.py [--games 200]

Each game is played at the table's default size (Chips 4 players, Chains 3, 3 Chip Stack 4): seat ``k % players``
of game ``k`` picks at random (mulberry32 seeded with the game's seed + 1, as
tests/js/run_play.mjs does), every other seat is the computer at the level. The same seeds for
both levels. Printed for each game and level:

- the random player alone in first place (a shared first place counted apart), and its points
  per game;
- Chips: the random player's turns in a round before someone calls (the opening discard counts as
  a turn; the last turn after the call does not), their median, and the rounds that gave it two
  turns or fewer; and the rounds called on the caller's first or second turn;
- Chains: the moves in a hand, and the hands the random player went out in;
- 3 Chip Stack: the hands a game (median), and the hands the random player stayed in the game
  (median; the whole game when it won).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NODE = r"""
import * as chips from "./docs/assets/js/play/chips.js";
import * as chains from "./docs/assets/js/play/chains.js";
import * as stack from "./docs/assets/js/play/3-chip-stack.js";
import { below, seedState } from "./docs/assets/js/play/rng.js";
const games = Number(process.argv[1]);
const GAMES = { chips: [chips, 4], chains: [chains, 3], "3-chip-stack": [stack, 4] };
const out = {};
for (const [name, [mod, players]] of Object.entries(GAMES)) {
  for (const level of ["gentle", "standard"]) {
    const r = { games, wins: 0, shared: 0, points: 0, moves: 0, turnsBefore: [], early: 0, rounds: 0, out: 0, hands: [], stayed: [] };
    for (let k = 0; k < games; k++) {
      const seed = 28000 + k;
      const rand = k % players;
      let pick = seedState(seed + 1);
      let s = mod.newGame({ players, seed });
      while (mod.seatToAct(s) !== null) {
        let move;
        if (mod.seatToAct(s) === rand) {
          const legal = mod.legalMoves(s);
          let i;
          [i, pick] = below(pick, legal.length);
          move = legal[i];
        } else move = mod.botMove(s, level);
        s = mod.applyMove(s, move);
        r.moves++;
      }
      r.points += s.totals[rand];
      if (name === "3-chip-stack") {
        // No points: the random player wins when it holds every chip; it is out after the last
        // hand it was dealt into (three-chip-stack-elimination).
        if (s.winner === rand) r.wins++;
        r.hands.push(s.rounds.length);
        r.stayed.push(s.rounds.filter((h) => h.hands[rand].length > 0).length);
        r.rounds += s.rounds.length;
      } else if (name === "chips") {
        const first = s.result.ranking[0];
        if (first.length === 1 && first[0] === rand) r.wins++;
        else if (first.includes(rand)) r.shared++;
        for (const round of s.rounds) {
          const at = round.turns.findIndex((t) => t.call);
          const before = round.turns.slice(0, at);
          r.turnsBefore.push(before.filter((t) => t.seat === rand).length);
          if (before.filter((t) => t.seat === round.caller).length <= 1) r.early++;
          r.rounds++;
        }
      } else {
        if (s.winners.length === 1 && s.winners[0] === rand) r.wins++;
        else if (s.winners.includes(rand)) r.shared++;
        r.rounds += s.rounds.length;
        r.out += s.rounds.filter((h) => h.out === rand).length;
      }
    }
    out[`${name} ${level}`] = r;
  }
}
console.log(JSON.stringify(out));
"""


def median(values: list[int]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return float(ordered[mid]) if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    t0 = time.perf_counter()
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE, str(args.games)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    results = json.loads(proc.stdout)
    seconds = time.perf_counter() - t0
    print(f"{args.games} seeded games per game and level, one random player against the computer at each level "
          f"(Chips 4 players, Chains 3, 3 Chip Stack 4); node {seconds:.0f} s")
    print()
    print("| Game | Computer | Random player alone first | Its points a game | Its turns before a call "
          "(median; rounds with 2 or fewer) | Calls on the caller's 1st or 2nd turn |")
    print("|---|---|---|---|---|---|")
    for key, r in results.items():
        game, level = key.split()
        n = r["games"]
        first = f"{r['wins']} of {n} ({100 * r['wins'] / n:.1f} %), shared {r['shared']}"
        points = f"{r['points'] / n:.1f}" if game != "3-chip-stack" else "n/a"
        if game == "chips":
            few = sum(1 for t in r["turnsBefore"] if t <= 2)
            turns = f"{median(r['turnsBefore']):g}; {few} of {r['rounds']} ({100 * few / r['rounds']:.0f} %)"
            early = f"{r['early']} of {r['rounds']} ({100 * r['early'] / r['rounds']:.0f} %)"
        else:
            turns = early = "n/a"
        name = "3 Chip Stack" if game == "3-chip-stack" else game.capitalize()
        print(f"| {name} | {level} | {first} | {points} | {turns} | {early} |")
    chains_rows = {k: r for k, r in results.items() if k.startswith("chains")}
    for key, r in chains_rows.items():
        print(f"{key}: {r['moves'] / r['rounds']:.1f} moves a hand, the random player out first in "
              f"{r['out']} of {r['rounds']} hands")
    for key, r in results.items():
        if key.startswith("3-chip-stack"):
            print(f"{key}: {median(r['hands']):g} hands a game (median; longest {max(r['hands'])}), "
                  f"{r['moves'] / r['rounds']:.1f} moves a hand; the random player stayed in for "
                  f"{median(r['stayed']):g} hands (median)")


if __name__ == "__main__":
    main()
