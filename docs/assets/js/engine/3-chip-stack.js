// 3 Chip Stack in the browser: the port of the `showdown` record of
// generator/engine/games/three_chip_stack.py. Returns exactly the Python record or {"error": "..."}.
// Rule ids point at rules-data/3-chip-stack.yaml.

import { CardError, IllegalPlay, RecordError, cardsField, checkCopies, checkFields, guard, intField, jsonRepr } from "./cards.js";
import { POT_CHIPS } from "./limits.js";

export const HAND_SIZE = 3;
export const MAX_PLAYERS = 6;
// three-chip-stack-ranking: 3 is best, then A K Q J 10 ... 4; a 2 is worthless (lowest).
const ORDER = ["2", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "3"];
export const STRENGTH = Object.fromEntries(ORDER.map((r, i) => [r, i]));

export function strength(c) {
  if (c.suit === null) throw new CardError("3 Chip Stack is played without jokers: JK is not a 3 Chip Stack card");
  return STRENGTH[c.rank];
}

/** A hand best card first (three-chip-stack-ranking); stable, so cards of one rank keep their order. */
export function sortHand(cards) {
  return [...cards].sort((a, b) => strength(b) - strength(a));
}

/** three-chip-stack-showdown: the strengths, best first (pairs count for nothing); suits never
 * come into it (three-chip-stack-ruling-suits). */
export function handKey(cards) {
  if (cards.length !== HAND_SIZE) {
    throw new IllegalPlay(`a 3 Chip Stack hand is ${HAND_SIZE} cards, not ${cards.length}: ` +
      `${cards.map((c) => c.code).join(" ") || "no cards"}`);
  }
  return cards.map(strength).sort((a, b) => b - a);
}

// Python compares the keys as tuples (max(keys), k == best); this is that comparison.
function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** three-chip-stack-showdown: which of two hands (lists of parsed cards) is better, card by card
 * from the best: above 0 when `a` is, below 0 when `b` is, 0 when they are level (suits never
 * count). The one order of hands, for everything that ranks them: sort with
 * `(a, b) => compareHands(b, a)` for the best hand first. */
export function compareHands(a, b) {
  return compareKeys(handKey(a), handKey(b));
}

/** three-chip-stack-split; three-chip-stack-ruling-odd-chip: odd chips one each to the winners in order. */
function splitPot(pot, winners, hands) {
  if (pot < 0) throw new IllegalPlay(`a pot is never negative, not ${pot}`);
  if (!winners.length) throw new IllegalPlay("a pot needs at least one winner");
  const each = Math.floor(pot / winners.length);
  const odd = pot - each * winners.length;
  const shares = new Array(hands).fill(0);
  winners.forEach((w, i) => { shares[w] = each + (i < odd ? 1 : 0); });
  return shares;
}

/** Who wins, at which card position (1-3) it was decided, and each hand's share of the pot. */
export function decideShowdown(hands, pot = 0) {
  if (!(hands.length >= 1 && hands.length <= MAX_PLAYERS)) {
    throw new IllegalPlay(`a showdown is between 1 and ${MAX_PLAYERS} hands, not ${hands.length}`);
  }
  const keys = hands.map(handKey);
  checkCopies(hands.flat(), 1, { jokers: false, what: "the hands" });
  const best = keys.reduce((m, k) => (compareKeys(k, m) > 0 ? k : m));
  const winners = [];
  keys.forEach((k, i) => { if (compareKeys(k, best) === 0) winners.push(i); });
  const rest = keys.filter((k) => compareKeys(k, best) !== 0);
  let decidedBy = null;
  if (rest.length) {
    const runnerUp = rest.reduce((m, k) => (compareKeys(k, m) > 0 ? k : m));
    decidedBy = best.findIndex((v, p) => v !== runnerUp[p]) + 1;
  }
  return { winners, decided_by: decidedBy, shares: splitPot(pot, winners, hands.length) };
}

/** A pot of chips: 0 to POT_CHIPS; null is named in words, not echoed. */
function potField(value) {
  if (value === null) throw new RecordError("pot must be a number of chips, like 12 (leave it out for no pot)");
  return intField(value, "pot", { minimum: 0, maximum: POT_CHIPS });
}

function showdownRecord(rec) {
  rec = checkFields(rec, ["hands"], ["pot"]);
  if (!Array.isArray(rec.hands)) throw new RecordError(`hands must be a list of hands, not ${jsonRepr(rec.hands)}`);
  const hands = rec.hands.map((h, i) => cardsField(h, `hands[${i}]`));
  return decideShowdown(hands, potField(Object.hasOwn(rec, "pot") ? rec.pot : 0));
}

/** {"hands": [["AS","KD","4C"], ["3H","5D","6C"]], "pot": 12} -> {"winners", "decided_by", "shares"}. */
export function showdown(input) {
  return guard(showdownRecord, input);
}
