// A saved practice game read back (issue 24, item 12), the port of generator/engine/play/saves.py:
// the seed, the number of players and every move made, replayed through a game's module
// (./chips.js, ./chains.js, ./3-chip-stack.js).
//
// A practice game is a pure function of its seed and the human's moves: the computer seats play
// botMove and nothing else. So each computer seat's move in a save must be the one botMove makes
// there; a save that has the computer play anything else (an edited save choosing the computer's
// discards, say) is refused, as is any move the rules refuse. The human's moves need only be
// legal. tests/test_play_differential.py replays the same saves through both ports.

import { IllegalPlay } from "../engine/cards.js";

/** The seat the person plays at the practice tables. */
export const HUMAN = 0;

/** A save that does not replay; `at` is the index of the first move refused. */
export class RefusedSave extends IllegalPlay {
  constructor(at, message) {
    super(`move ${at + 1}: ${message}`);
    this.name = "RefusedSave";
    this.at = at;
  }
}

/** JSON with object keys sorted: two moves are the same when these are equal. */
function canonical(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
}

export const sameMove = (a, b) => canonical(a) === canonical(b);

/** The state after `moves` from engine.newGame({players, seed, house}) (house: the table's own
 * rules, issue 25; absent, as in a save from before them: the family's rules); RefusedSave at the
 * first move the rules refuse or a computer seat (every seat but `human`) would not make at the
 * save's `opponent` level (issue 28: the engine's LEVELS; absent, as in a save from before the
 * levels: the standard computer). */
export function replaySave(engine, { players, seed, moves, house = null, opponent = null }, human = HUMAN) {
  const levels = engine.LEVELS || ["standard"];
  if (opponent !== null && opponent !== undefined && !levels.includes(opponent)) {
    throw new RefusedSave(0, `opponent: this game's computer plays at level ${levels.join(" or ")}, not ${canonical(opponent)}`);
  }
  const standard = opponent === null || opponent === undefined || opponent === "standard";
  let state = engine.newGame({ players, seed, house });
  moves.forEach((move, at) => {
    const seat = engine.seatToAct(state);
    if (seat !== null && seat !== human) {
      const wanted = standard ? engine.botMove(state) : engine.botMove(state, opponent);
      if (!sameMove(move, wanted)) {
        throw new RefusedSave(at, `player ${seat + 1} is the computer, which plays ${canonical(wanted)}, not ${canonical(move)}`);
      }
    }
    try {
      state = engine.applyMove(state, move);
    } catch (error) {
      throw new RefusedSave(at, error && error.message ? error.message : String(error));
    }
  });
  return state;
}
