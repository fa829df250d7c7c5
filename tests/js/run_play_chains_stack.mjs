// For tests/test_play_differential_chains_stack.py: one JSON request a line on stdin,
//   {"game": "chains" | "3-chip-stack", "players": 4, "seed": 17, "house": {...} or absent, "digest": false}
// ("level": "gentle" plays botMove(state, level), the computer at that level; absent: botMove(state))
// and one line out for each: the whole game played by botMove alone. Without "digest", the
// answer is {"states": [every state, the first one included], "moves": [every move]}; with
// "digest": true it is {"digests": [...]}, one a step: the first 16 hex digits of the SHA-256 of
// JSON.stringify({"state", "legal", "move"}) (legal: legalMoves(state), move: the bot's move, null
// at the end), which the Python side computes from json.dumps with no spaces, byte for byte. In
// the state, each finished hand of `rounds` is written as its own digest (the same 16 digits of
// its record), worked out once a record: a state carries every hand played so far.
// An error thrown by a port is reported as {"error": "...", "at": step}.
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import * as chains from "../../docs/assets/js/play/chains.js";
import * as stack from "../../docs/assets/js/play/3-chip-stack.js";

const GAMES = { chains, "3-chip-stack": stack };
const MAX_STEPS = 100000;

const hash = (value) => createHash("sha256").update(JSON.stringify(value), "utf8").digest("hex").slice(0, 16);
const roundDigests = new WeakMap();

function roundDigest(record) {
  let digest = roundDigests.get(record);
  if (digest === undefined) {
    digest = hash(record);
    roundDigests.set(record, digest);
  }
  return digest;
}

/** The step's digest, the state's finished hands each written as its own digest (the key keeps its place). */
function stepDigest(state, legal, move) {
  const flat = Array.isArray(state.rounds) ? { ...state, rounds: state.rounds.map(roundDigest) } : state;
  return hash({ state: flat, legal, move });
}

function play(req) {
  const m = GAMES[req.game];
  if (!m) return { error: `unknown game ${JSON.stringify(req.game)}` };
  const states = [];
  const moves = [];
  const digests = [];
  let step = 0;
  try {
    let s = m.newGame({ players: req.players, seed: req.seed, house: req.house ?? null });
    for (;;) {
      const over = m.seatToAct(s) === null;
      const move = over ? null : req.level ? m.botMove(s, req.level) : m.botMove(s);
      if (req.digest) {
        digests.push(stepDigest(s, m.legalMoves(s), move));
      } else {
        states.push(s);
        if (move) moves.push(move);
      }
      if (over) break;
      s = m.applyMove(s, move);
      step += 1;
      if (step > MAX_STEPS) return { error: `no end after ${MAX_STEPS} moves`, at: step };
    }
  } catch (e) {
    return { error: String(e && e.message ? e.message : e), at: step };
  }
  return req.digest ? { digests } : { states, moves };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  process.stdout.write(`${JSON.stringify(play(JSON.parse(line)))}\n`);
}
