// Chips: the score sheet's ranking, a step-for-step port of generator/engine/games/chips.py
// (rank_game, _explain, rank_record). chips-winner, chips-tie-most-calls,
// chips-tie-round-totals (chips-ruling-round-totals), chips-ruling-shared-win.
import { RankError, guarded, has, isObject, isWhole, names, places, playersField, show } from "./common.js";
import { MAX_POINTS, overPoints } from "../limits.js";

/** chips-hand-sizes: three cards each in the first round, up to ten in the eighth. */
export const HAND_SIZES = [3, 4, 5, 6, 7, 8, 9, 10];
export const ROUNDS = HAND_SIZES.length;
const MAX_SHEET_PLAYERS = 20;

/** (dealer, extra card) seats for a round: both move one seat left each round (chips-rotation). */
export function seatForRound(players, roundIndex, firstDealer = 0) {
  const dealer = (firstDealer + roundIndex) % players;
  return [dealer, (dealer + 1) % players];
}

function times(n) {
  return { 0: "no times", 1: "once", 2: "twice" }[n] ?? `${n} times`;
}

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i][1] !== b[i][1]) return a[i][1] < b[i][1] ? -1 : 1;
  }
  return 0;
}

/** rank_game: the standing of a game so far. */
export function rankGame(players, rounds) {
  // Keyed by player name in Maps, never plain objects: a player may be called "__proto__" or
  // "toString", and an object would answer those from its prototype. The record's objects are
  // built with Object.fromEntries, which makes every name an own key (JSON.stringify keeps it).
  const running = new Map(players.map((p) => [p, []]));
  const calls = new Map(players.map((p) => [p, 0]));
  for (const rnd of rounds) {
    for (const p of players) {
      const line = running.get(p);
      const prev = line.length ? line[line.length - 1] : 0;
      line.push(prev + (has(rnd.scores, p) ? rnd.scores[p] : 0));
    }
    if (rnd.called !== null && rnd.called !== undefined && calls.has(rnd.called)) {
      calls.set(rnd.called, calls.get(rnd.called) + 1);
    }
  }
  const totals = new Map(players.map((p) => {
    const line = running.get(p);
    return [p, line.length ? line[line.length - 1] : 0];
  }));
  const played = rounds.length;
  const keys = (p) => {
    const ks = [["total", totals.get(p)], ["calls", -calls.get(p)]];
    // after the final round comes the 9-card round (index 6), then 8-card ... back to 3
    for (let idx = played - 2; idx >= 0; idx--) {
      ks.push([`round-${idx < HAND_SIZES.length ? HAND_SIZES[idx] : idx + 3}`, running.get(p)[idx]]);
    }
    return ks;
  };
  const ordered = players.slice().sort((a, b) => compareKeys(keys(a), keys(b)));
  const ranking = places(ordered, (a, b) => compareKeys(keys(a), keys(b)) === 0);
  const [decidedBy, explanation] = explain(ranking, keys, totals, calls);
  return {
    ranking, decidedBy, explanation,
    totals: Object.fromEntries(totals), calls: Object.fromEntries(calls), finished: played >= ROUNDS,
  };
}

function explain(ranking, keys, totals, calls) {
  if (!ranking.length) return [null, "No players."];
  const first = ranking[0];
  if (first.length > 1) return ["shared", `${names(first)} share first place: level on every tie-breaker.`];
  if (ranking.length === 1) return [null, `${first[0]} is the only player.`];
  const win = keys(first[0]);
  const runner = keys(ranking[1][0]);
  let i = 0;
  while (i < win.length - 1 && win[i][1] === runner[i][1]) i++;
  const [step, a] = win[i];
  const b = runner[i][1];
  const w = first[0];
  const r = ranking[1][0];
  const level = ranking[1].filter((p) => keys(p)[0][1] === win[0][1]);
  if (step === "total") return ["total", `${w} wins with the lowest total, ${totals.get(w)}.`];
  const tied = names([w, ...level]);
  if (step === "calls") {
    return ["calls", `${tied} tie on ${totals.get(w)}; ${w} called chips ${times(calls.get(w))}, ${r} ${times(calls.get(r))}: ${w} wins.`];
  }
  const size = step.split("-")[1];
  return [step, `${tied} tie on ${totals.get(w)} and on chips called; after the ${size}-card round ${w} had ${a}, ${r} ${b}: ${w} wins.`];
}

function checkKeys(rec, where, known) {
  for (const key of Object.keys(rec)) {
    if (!known.includes(key)) {
      const at = where ? `${where}: ` : "";
      throw new RankError(`${at}unknown field ${show(key)} (known: ${known.join(", ")})`);
    }
  }
}

function rankRecord(rec) {
  if (!isObject(rec)) throw new RankError(`expected an object with players and rounds, not ${show(rec)}`);
  checkKeys(rec, "", ["players", "rounds"]);
  if (!has(rec, "players")) throw new RankError("players: missing (the names in seating order)");
  const players = playersField(rec.players, 2, MAX_SHEET_PLAYERS, "Chips");
  const roundsV = has(rec, "rounds") ? rec.rounds : [];
  if (!Array.isArray(roundsV)) throw new RankError(`rounds: expected a list of rounds, not ${show(roundsV)}`);
  if (roundsV.length > ROUNDS) {
    throw new RankError(`rounds: a game of Chips has ${ROUNDS} rounds (chips-hand-sizes), not ${roundsV.length}`);
  }
  const rounds = roundsV.map((rnd, k) => {
    const where = `rounds[${k}]`;
    if (!isObject(rnd)) throw new RankError(`${where}: expected an object with scores and called, not ${show(rnd)}`);
    checkKeys(rnd, where, ["scores", "called"]);
    const scores = rnd.scores;
    if (!isObject(scores)) {
      throw new RankError(`${where}.scores: expected an object of points by name, not ${show(scores)}`);
    }
    for (const name of Object.keys(scores)) {
      if (!players.includes(name)) throw new RankError(`${where}.scores: ${show(name)} is not one of the players`);
    }
    for (const name of players) {
      if (!has(scores, name)) throw new RankError(`${where}.scores.${name}: missing (every player scores every round)`);
      const v = scores[name];
      if (!isWhole(v)) throw new RankError(`${where}.scores.${name}: expected a whole number of points, not ${show(v)}`);
      if (v < 0) throw new RankError(`${where}.scores.${name}: ${v} is negative; a score is 0 or more`);
      if (v > MAX_POINTS) throw new RankError(`${where}.scores.${name}: ${overPoints(v)}`);
    }
    const called = rnd.called ?? null;
    if (called !== null) {
      if (!players.includes(called)) throw new RankError(`${where}.called: ${show(called)} is not one of the players`);
      if (scores[called] !== 0) {
        // chips-caller-scores-zero
        throw new RankError(`${where}.scores.${called}: ${called} called chips, so scores 0 that round, not ${scores[called]}`);
      }
    }
    return { scores, called };
  });
  const st = rankGame(players, rounds);
  return {
    ranking: st.ranking,
    decided_by: st.decidedBy,
    explanation: st.explanation,
    totals: st.totals,
    calls: st.calls,
    played: rounds.length,
    finished: st.finished,
  };
}

/** The score sheet's record: same input and output as `rulebook rank chips --jsonl`. */
export function rank(input) {
  return guarded(rankRecord, input);
}
