// The practice games under node, for tests/test_play_differential.py and bench/bench_play.py.
// One JSON request a line on stdin, one answer a line on stdout, in order:
//
//   {"game": "chips", "players": 4, "seed": 7}            a game played by botMove alone
//   {"game": "chips", "players": 4, "seed": 7, "full": true}   ... with every state in full
//   {"game": "chips", "players": 4, "seed": 7, "random": [1, 3]}  seats 1 and 3 pick uniformly
//       among legalMoves, drawing from mulberry32 seeded with seed + 1 (rng.js's below)
//   {"game": "chips", "players": 4, "seed": 7, "house": {"k-a-2": "no-group"}}  played by the
//       table's house options (newGame's house)
//   {"game": "chips", "players": 4, "seed": 7, "level": "gentle"}  the computer at that level
//       (botMove's second argument; absent: botMove(state), the standard computer)
//   {"replay": true, "game": "chains", "players": 3, "seed": 7, "moves": [...]}  a practice save
//       read back by play/saves.js replaySave (any of the three games): {"digest"} of the state
//       it replays to, or {"refused": k}, the index of the first move refused; "opponent": the
//       save's computer level (absent: the standard computer)
//
// Answer: {"moves": [...], "digests": [...], "final": state} (or {"error", "step"} when a move
// was refused or a game did not end): digests[k] is the SHA-1 of the canonical JSON (keys
// sorted, no spaces) of the state after k moves, digests[0] the new game's; with "full",
// "states" lists every state itself. The canonical form and the digest (each finished round's
// record hashed once, its digest in its place) are the same in Python
// (tests/test_play_differential.py), so a digest is equal only when the whole state is.
//
// Each game is a module with the one contract (newGame, legalMoves, applyMove, botMove,
// seatToAct): GAMES maps a request's "game" to it; a new game adds one line there.

import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import * as stack from "../../docs/assets/js/play/3-chip-stack.js";
import * as chains from "../../docs/assets/js/play/chains.js";
import * as chips from "../../docs/assets/js/play/chips.js";
import { below, seedState } from "../../docs/assets/js/play/rng.js";
import { RefusedSave, replaySave } from "../../docs/assets/js/play/saves.js";

export const GAMES = {
  chips, chains, "3-chip-stack": stack,
};

/** A game longer than this many moves is taken to be stuck (no rule ends it). */
export const MAX_MOVES = 100000;

/** JSON with object keys sorted and no spaces: json.dumps(sort_keys=True, separators=(",", ":")). */
export function canonical(value) {
  if (value === null || typeof value !== "object") {
    if (value === undefined) throw new Error("undefined in a state");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
}

const sha1 = (text) => createHash("sha1").update(text).digest("hex");

/** The digest of a state: SHA-1 of its canonical JSON, where each finished round's record in
 * `rounds` is hashed once and its digest stands in its place (the records never change once
 * made, so they are remembered by identity). `memo` is one game's WeakMap. */
export function digest(state, memo) {
  if (!Array.isArray(state.rounds)) return sha1(canonical(state));
  const rounds = state.rounds.map((r) => {
    let d = memo.get(r);
    if (d === undefined) {
      d = sha1(canonical(r));
      memo.set(r, d);
    }
    return d;
  });
  return sha1(canonical({ ...state, rounds }));
}

/** One seeded game played by botMove (and the random seats), every state recorded. */
export function playGame(mod, { players, seed, full = false, random = [], house = null, level = null }) {
  let state = house === null ? mod.newGame({ players, seed }) : mod.newGame({ players, seed, house });
  let pick = seedState(seed + 1);
  const memo = new WeakMap();
  const moves = [];
  const digests = [digest(state, memo)];
  const states = full ? [state] : null;
  while (mod.seatToAct(state) !== null) {
    if (moves.length >= MAX_MOVES) return { error: `no end after ${MAX_MOVES} moves`, step: moves.length };
    let move;
    if (random.includes(mod.seatToAct(state))) {
      const legal = mod.legalMoves(state);
      let i;
      [i, pick] = below(pick, legal.length);
      move = legal[i];
    } else move = level === null ? mod.botMove(state) : mod.botMove(state, level);
    try {
      state = mod.applyMove(state, move);
    } catch (e) {
      return { error: e.message, step: moves.length, move };
    }
    moves.push(move);
    digests.push(digest(state, memo));
    if (full) states.push(state);
  }
  const out = { moves, digests, final: state };
  if (full) out.states = states;
  return out;
}

/** A save replayed as the practice tables read it. */
export function replayed(mod, { players, seed, moves, opponent = null }) {
  try {
    return { digest: sha1(canonical(replaySave(mod, { players, seed, moves, opponent }))) };
  } catch (e) {
    if (e instanceof RefusedSave) return { refused: e.at };
    throw e;
  }
}

async function main() {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    let answer;
    try {
      const req = JSON.parse(line);
      const mod = GAMES[req.game];
      if (!mod) answer = { error: `unknown game ${JSON.stringify(req.game)}` };
      else answer = req.replay ? replayed(mod, req) : playGame(mod, req);
    } catch (e) {
      answer = { error: `run_play: ${e.message}`, thrown: true };
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
