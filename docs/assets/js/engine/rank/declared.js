// A declared game's score sheet (issue 38): the ranking the score keeper shows for a game whose file
// declares its scoring (rules-data/README.md, "Declared scoring"). Whether the game is over and who
// wins are gameResult's, the port of generator/engine/declared.py game_result (tied to it by
// tests/test_declared_differential.py); this module only reads the sheet's rows (points by name)
// into it, and places the players who did not win by their totals.
import { DeclaredError, gameResult } from "../declared.js";
import { RankError, guarded, has, isObject, isWhole, names, places, playersField, show } from "./common.js";
import { MAX_POINTS, overPoints } from "../limits.js";

/** The most players a declared game's sheet takes (generator/site/scorekeeper.py DECLARED_MAX_PLAYERS). */
export const MAX_SHEET_PLAYERS = 20;

/** A tie-breaker in words, for the sentence that says it decided the game. */
export const BREAKER_WORDS = {
  "most-hands-won": "more hands won",
  "best-last-hand": "the better score in the last hand",
};

/** Whether the declaration's hands may take points away (a last-player-left game: a hand's chips
 * lost), so an entry may be below 0. */
export const signed = (spec) => spec.end === "last-player-left";

/** Whether a game of this declaration starts from a total each player brings. */
export const hasStart = (spec) => spec.end === "last-player-left";

function rankRecord(spec, name, rec) {
  if (!isObject(rec)) throw new RankError(`expected an object with players and hands, not ${show(rec)}`);
  const players = playersField(rec.players, 2, MAX_SHEET_PLAYERS, name);
  const hands = has(rec, "hands") ? rec.hands : [];
  if (!Array.isArray(hands)) throw new RankError(`hands: expected a list of hands, not ${show(hands)}`);
  let start = 0;
  if (hasStart(spec)) {
    start = rec.start;
    if (!isWhole(start) || start < 1) throw new RankError(`start: expected the total each player starts with, 1 or more, not ${show(start)}`);
    if (start > MAX_POINTS) throw new RankError(`start: ${overPoints(start)}`);
  }
  const rows = hands.map((row, k) => {
    const where = `hands[${k}]`;
    if (!isObject(row)) throw new RankError(`${where}: expected an object of points by name, not ${show(row)}`);
    for (const key of Object.keys(row)) {
      if (!players.includes(key)) throw new RankError(`${where}: ${show(key)} is not one of the players`);
    }
    return players.map((p) => {
      if (!has(row, p)) throw new RankError(`${where}.${p}: missing (every player scores every hand)`);
      const v = row[p];
      if (!isWhole(v)) throw new RankError(`${where}.${p}: expected a whole number of points, not ${show(v)}`);
      if (v < 0 && !signed(spec)) throw new RankError(`${where}.${p}: ${v} is negative; a score is 0 or more`);
      if (Math.abs(v) > MAX_POINTS) throw new RankError(`${where}.${p}: ${overPoints(Math.abs(v))}`);
      return v;
    });
  });
  const lowest = spec.winner === "lowest";
  if (!rows.length) {
    const totals = Object.fromEntries(players.map((p) => [p, start]));
    return { ranking: [players.slice()], decided_by: null, explanation: "", totals, played: 0, finished: false, winners: [] };
  }
  let result;
  try {
    result = gameResult(spec, rows, start);
  } catch (err) {
    if (err instanceof DeclaredError) throw new RankError(err.message);
    throw err;
  }
  const total = new Map(players.map((p, i) => [p, result.totals[i]]));
  const better = (a, b) => (lowest ? total.get(a) - total.get(b) : total.get(b) - total.get(a));
  const winners = result.winners.map((i) => players[i]);
  // The winners first (the declaration's winner and tie-breakers), then everyone else by total.
  const rest = players.filter((p) => !winners.includes(p)).sort(better);
  const ranking = [...(winners.length ? [winners] : []), ...places(rest, (a, b) => total.get(a) === total.get(b))];
  let explanation = "";
  const best = (p) => `${lowest ? "lowest" : "highest"} total, ${total.get(p)}`;
  if (result.over && winners.length > 1) {
    explanation = `${names(winners)} share the win on ${total.get(winners[0])}.`;
  } else if (result.over && result.decided_by) {
    const level = players.filter((p) => total.get(p) === total.get(winners[0]));
    explanation = `${winners[0]} wins: level with ${names(level.filter((p) => p !== winners[0]))} on ${total.get(winners[0])}, ` +
      `and ahead by the tie-breaker, ${BREAKER_WORDS[result.decided_by]}.`;
  } else if (result.over) {
    explanation = `${winners[0]} wins with the ${best(winners[0])}.`;
  }
  return {
    ranking,
    decided_by: result.decided_by,
    explanation,
    totals: Object.fromEntries(players.map((p) => [p, total.get(p)])),
    played: rows.length,
    finished: result.over,
    winners,
  };
}

/** The sheet's record of a declared game: {ranking, decided_by, explanation, totals, played,
 * finished, winners}, or {error}. `spec` is the declaration, `name` the game's name. */
export function rank(spec, name, input) {
  return guarded((rec) => rankRecord(spec, name, rec), input);
}
