// Chains: the score sheet's ranking, a step-for-step port of rank_record in
// generator/engine/games/chains.py. chains-game: ten hands, lowest total wins, equal lowest totals share
// (chains-ruling-tie); two or more players (chains-ruling-players).
import { RankError, guarded, has, isObject, isWhole, names, places, playersField, show } from "./common.js";
import { MAX_POINTS, overPoints } from "../limits.js";

/** chains-game: a game is ten hands. */
export const HANDS_PER_GAME = 10;
const MAX_SHEET_PLAYERS = 20;

/** chains-deal: the deal passes one player to the left each hand (index from 0). */
export function dealerOfHand(players, handIndex, firstDealer = 0) {
  return (firstDealer + handIndex) % players;
}

function rankRecord(rec) {
  if (!isObject(rec)) throw new RankError(`expected an object with players and hands, not ${show(rec)}`);
  for (const key of Object.keys(rec)) {
    if (key !== "players" && key !== "hands") throw new RankError(`unknown field ${show(key)} (known: players, hands)`);
  }
  if (!has(rec, "players")) throw new RankError("players: missing (the names in seating order)");
  const players = playersField(rec.players, 2, MAX_SHEET_PLAYERS, "Chains");
  const hands = has(rec, "hands") ? rec.hands : [];
  if (!Array.isArray(hands)) throw new RankError(`hands: expected a list of hands, not ${show(hands)}`);
  if (hands.length > HANDS_PER_GAME) {
    throw new RankError(`hands: a game of Chains is ${HANDS_PER_GAME} hands (chains-game), not ${hands.length}`);
  }
  // A Map, not a plain object: a player may be called "__proto__" or "toString" (an object would
  // answer those from its prototype); the record's totals are built with Object.fromEntries.
  const totals = new Map(players.map((p) => [p, 0]));
  hands.forEach((row, k) => {
    const where = `hands[${k}]`;
    if (!isObject(row)) throw new RankError(`${where}: expected an object of points by name, not ${show(row)}`);
    for (const name of Object.keys(row)) {
      if (!players.includes(name)) throw new RankError(`${where}: ${show(name)} is not one of the players`);
    }
    const out = [];
    for (const name of players) {
      if (!has(row, name)) throw new RankError(`${where}.${name}: missing (every player scores every hand)`);
      const v = row[name];
      if (!isWhole(v)) throw new RankError(`${where}.${name}: expected a whole number of points, not ${show(v)}`);
      if (v < 0) throw new RankError(`${where}.${name}: ${v} is negative; a score is 0 or more`);
      if (v > MAX_POINTS) throw new RankError(`${where}.${name}: ${overPoints(v)}`);
      if (v % 5 || v === 5) {
        // chains-scoring: every card counts 10, 15, 20 or 25.
        throw new RankError(`${where}.${name}: ${v} cannot be scored; cards count 10, 15, 20 or 25 (chains-scoring)`);
      }
      if (v === 0) out.push(name);
    }
    if (out.length !== 1) {
      // A hand ends when one player goes out (scoring 0); everyone else holds a card.
      const said = out.length ? `${names(out)} all score 0` : "nobody scores 0";
      throw new RankError(`${where}: ${said}, but exactly one player goes out each hand and scores 0`);
    }
    for (const name of players) totals.set(name, totals.get(name) + row[name]);
  });
  const ordered = players.slice().sort((a, b) => totals.get(a) - totals.get(b));
  const ranking = places(ordered, (a, b) => totals.get(a) === totals.get(b));
  const first = ranking[0];
  let decidedBy;
  let explanation;
  if (first.length > 1) {
    decidedBy = "shared";
    explanation = `${names(first)} share first place on ${totals.get(first[0])}.`;
  } else {
    decidedBy = "total";
    explanation = `${first[0]} has the lowest total, ${totals.get(first[0])}.`;
  }
  return {
    ranking,
    decided_by: decidedBy,
    explanation,
    totals: Object.fromEntries(totals),
    played: hands.length,
    finished: hands.length === HANDS_PER_GAME,
  };
}

/** The score sheet's record: same input and output as `rulebook rank chains --jsonl`. */
export function rank(input) {
  return guarded(rankRecord, input);
}
