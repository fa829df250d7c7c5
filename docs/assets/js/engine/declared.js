// Scoring declared in a game file: the browser port of generator/engine/declared.py, step for step
// (issue 38). A game with no engine of its own declares its card values, who scores what at the end
// of a hand, the game's end, whose total wins and its tie-breakers (rules-data/README.md, "Declared
// scoring"); records(spec) gives the same three records as Python: points, hand and game.
// Tied to Python by tests/test_declared_differential.py.

import { RulebookError, parseCard } from "./cards.js";

export class DeclaredError extends RulebookError {}

export const HAND_RULES = ["own-cards", "winner-scores-others"];
export const WINNERS = ["lowest", "highest"];
export const TIE_BREAKERS = ["most-hands-won", "best-last-hand"];
export const RANK_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"];

const isInt = (v) => typeof v === "number" && Number.isInteger(v);

function face(key) {
  if (key === "JK") return null;
  if (key === "A") return 1;
  if (key === "J" || key === "Q" || key === "K") return 10;
  return Number(key);
}

/** Rank key -> points, from spec.cards (`other` filled in for the ranks not named). */
export function cardValues(spec) {
  const cards = { ...(spec.cards || {}) };
  const other = cards.other;
  delete cards.other;
  const values = {};
  for (const key of RANK_KEYS) {
    if (Object.hasOwn(cards, key)) values[key] = Math.trunc(cards[key]);
    else if (other === "face") {
      const f = face(key);
      if (f !== null) values[key] = f;
    } else if (isInt(other) && key !== "JK") values[key] = other;
  }
  return values;
}

function cardsOf(value, where) {
  if (!Array.isArray(value)) throw new DeclaredError(`${where}: expected a list of cards, got ${JSON.stringify(value)}`);
  return value.map((c) => parseCard(String(c)));
}

/** The points of the cards left in one hand. */
export function handPoints(spec, cards) {
  const values = cardValues(spec);
  let total = 0;
  for (const card of cards) {
    const key = card.rank;
    if (!Object.hasOwn(values, key)) {
      throw new DeclaredError(`${card.code}: the declared scoring gives this card no value (add '${key}' to cards)`);
    }
    total += values[key];
  }
  return total;
}

/** Every player's score for one hand; `out` who went out (the one player with no cards, when null). */
export function handScores(spec, hands, out) {
  const points = hands.map((h) => handPoints(spec, h));
  if (spec.hand === "own-cards") return points;
  if (out === null || out === undefined) {
    const empty = hands.map((h, i) => (h.length ? -1 : i)).filter((i) => i >= 0);
    if (empty.length !== 1) {
      throw new DeclaredError("expected `out`, the player who went out (or one player with no cards left)");
    }
    out = empty[0];
  }
  if (!(out >= 0 && out < hands.length)) {
    throw new DeclaredError(`out: expected a player 0 to ${hands.length - 1}, got ${out}`);
  }
  const others = points.reduce((s, p, i) => (i === out ? s : s + p), 0);
  return hands.map((_, i) => (i === out ? others : 0));
}

function over(spec, totals, played) {
  const end = spec.end;
  if (end === "last-player-left") return totals.filter((t) => t > 0).length <= 1;
  if (Object.hasOwn(end, "hands")) return played >= end.hands;
  return totals.some((t) => t >= end.target);
}

/** Totals, whether the game is over, and its winners (winner, then tie_breakers; still level, shared). */
export function gameResult(spec, hands, start = 0) {
  if (!hands.length) throw new DeclaredError("hands: expected the scores of at least one hand");
  const players = hands[0].length;
  if (players < 2 || hands.some((h) => h.length !== players)) {
    throw new DeclaredError("hands: expected one score per player in every hand, two players or more");
  }
  let totals = new Array(players).fill(start);
  hands.forEach((scores, k) => {
    const n = k + 1;
    if (n > 1 && over(spec, totals, n - 1)) {
      throw new DeclaredError(`hands: the game was over after hand ${n - 1}, yet hand ${n} is given`);
    }
    totals = totals.map((t, i) => t + scores[i]);
  });
  if (!over(spec, totals, hands.length)) return { totals, over: false, winners: [], decided_by: null };
  const better = spec.winner === "lowest" ? (xs) => Math.min(...xs) : (xs) => Math.max(...xs);
  const best = better(totals);
  let level = totals.map((t, i) => (t === best ? i : -1)).filter((i) => i >= 0);
  let decidedBy = null;
  for (const breaker of spec.tie_breakers || []) {
    if (level.length === 1) break;
    let after;
    if (breaker === "most-hands-won") {
      const won = [...Array(players).keys()].map((i) => hands.filter((h) => h[i] === better(h)).length);
      const top = Math.max(...level.map((i) => won[i]));
      after = level.filter((i) => won[i] === top);
    } else { // best-last-hand
      const last = hands[hands.length - 1];
      const top = better(level.map((i) => last[i]));
      after = level.filter((i) => last[i] === top);
    }
    if (after.length < level.length) decidedBy = breaker;
    level = after;
  }
  return { totals, over: true, winners: level, decided_by: decidedBy };
}

/** The declared scoring's records, as an engine's RECORDS. */
export function records(spec) {
  const points = (rec) => ({ points: handPoints(spec, cardsOf(rec.hand, "hand")) });
  const hand = (rec) => {
    const hands = rec.hands;
    if (!Array.isArray(hands) || hands.length < 2) {
      throw new DeclaredError("hands: expected the cards left in each player's hand, two players or more");
    }
    const out = rec.out ?? null;
    if (out !== null && !isInt(out)) throw new DeclaredError(`out: expected a player's number, got ${JSON.stringify(out)}`);
    return { scores: handScores(spec, hands.map((h, i) => cardsOf(h, `hands[${i}]`)), out) };
  };
  const game = (rec) => {
    const hands = rec.hands;
    if (!Array.isArray(hands) || !hands.every(Array.isArray)) {
      throw new DeclaredError("hands: expected a list of hands, each a list of scores (one per player)");
    }
    for (const h of hands) {
      if (!h.every(isInt)) throw new DeclaredError(`hands: expected whole numbers, got ${JSON.stringify(h)}`);
    }
    const start = Object.hasOwn(rec, "start") ? rec.start : 0;
    if (!isInt(start) || start < 0) {
      throw new DeclaredError(`start: expected the chips (or points) each player starts with, got ${JSON.stringify(start)}`);
    }
    return gameResult(spec, hands, start);
  };
  return { points, hand, game };
}
