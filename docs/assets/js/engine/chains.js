// Chains in the browser: the port of the `score` and `play` records of
// generator/engine/games/chains.py. Each returns exactly the Python record or {"error": "..."}.
// Rule ids point at rules-data/chains.yaml.

import {
  CardError, RecordError, RANK_NUMBER, cardField, cardsField, checkCopies, checkFields, guard, intField,
  jsonRepr,
} from "./cards.js";

// chains-scoring: 2-9 ten points, 10/J/Q fifteen, K twenty, A twenty-five.
export const POINTS = { 2: 10, 3: 10, 4: 10, 5: 10, 6: 10, 7: 10, 8: 10, 9: 10, 10: 15, J: 15, Q: 15, K: 20, A: 25 };
// The three variations the source names (chains-variations).
export const VARIANTS = ["no-extra-play", "draw-after-royal", "same-rank"];

// chains-ruling-jokers: standard decks without jokers.
function noJoker(c) {
  if (c.suit === null) throw new CardError("Chains is played without jokers: JK is not a Chains card");
}

function checkDecks(decks) {
  if (decks < 1) throw new CardError(`decks must be 1 or more, not ${decks}`);
}

/** chains-scoring: the points of the cards left in a hand (0 for an empty hand). */
export function handPoints(cards, decks = 1) {
  checkDecks(decks);
  cards.forEach(noJoker);
  checkCopies(cards, decks, { jokers: false });
  return cards.reduce((t, c) => t + POINTS[c.rank], 0);
}

/** One higher or lower; chains-ruling-ace: the ranks form a circle (K-A-2). */
export function ranksAdjacent(a, b) {
  const d = (((RANK_NUMBER[a] - RANK_NUMBER[b]) % 13) + 13) % 13;
  return d === 1 || d === 12;
}

/** null, one variant name, or a list of names; a list plays the variations together
 * (chains-ruling-variations-combine). */
export function parseVariants(value) {
  if (value === null || value === undefined) return new Set();
  const names = typeof value === "string" ? [value] : value;
  if (!Array.isArray(names)) throw new RecordError(`variant must be null, a name or a list of names, not ${jsonRepr(value)}`);
  const out = new Set();
  for (const name of names) {
    if (typeof name !== "string" || !VARIANTS.includes(name)) {
      throw new RecordError(`unknown variant ${jsonRepr(name)} (known: ${VARIANTS.join(", ")})`);
    }
    out.add(name);
  }
  return out;
}

/** May `card` go on `top`, as which kind, and may the player play again? */
export function judgePlay(top, card, decks = 1, variants = new Set()) {
  noJoker(top);
  noJoker(card);
  checkDecks(decks);
  if (card === top && decks === 1) {
    throw new CardError(`one deck holds only one ${card.code}: it cannot be played on itself`);
  }
  if (card.rank === top.rank) {
    // chains-same-rank; chains-multiple-decks: the exact same card with several decks
    // (chains-ruling-same-card).
    if (card === top || variants.has("same-rank")) return { legal: true, kind: "same", again: false };
    return { legal: false, kind: null, again: false };
  }
  const adjacent = ranksAdjacent(card.rank, top.rank);
  const sameSuit = card.suit === top.suit;
  // chains-royal: play again, unless the no-extra-play variation is on; a royal played as the
  // extra card earns another (chains-ruling-royal-chain).
  if (adjacent && sameSuit) return { legal: true, kind: "royal", again: !variants.has("no-extra-play") };
  if (adjacent) return { legal: true, kind: "run", again: false }; // chains-run
  if (sameSuit) return { legal: true, kind: "flush", again: false }; // chains-flush
  return { legal: false, kind: null, again: false };
}

const decksOf = (rec) => intField(Object.hasOwn(rec, "decks") ? rec.decks : 1, "decks", { minimum: 1, maximum: 8 });

function scoreRecord(rec) {
  rec = checkFields(rec, ["hand"], ["decks"]);
  const cards = cardsField(rec.hand, "hand");
  return { score: handPoints(cards, decksOf(rec)) };
}

function playRecord(rec) {
  rec = checkFields(rec, ["top", "card"], ["decks", "variant"]);
  const top = cardField(rec.top, "top");
  const card = cardField(rec.card, "card");
  const variants = parseVariants(Object.hasOwn(rec, "variant") ? rec.variant : null);
  return judgePlay(top, card, decksOf(rec), variants);
}

/** {"hand": ["7H", "KD"], "decks": 1} -> {"score": 35}, or {"error": "..."}. */
export function scoreChains(input) {
  return guard(scoreRecord, input);
}

/** {"top": "7H", "card": "8H", "decks": 1, "variant": null} -> {"legal", "kind", "again"}. */
export function playChains(input) {
  return guard(playRecord, input);
}
