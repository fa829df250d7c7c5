// Cards: notation, names and copies. The browser port of generator/engine/cards.py.
//
// A card is a frozen object { rank, suit, code }: rank is "A" "2".."10" "J" "Q" "K" or "JK",
// suit is "S" "H" "D" "C" (null for a joker), code is the canonical notation ("10H", "JK").
// parseCard / formatCard are a pair, as in Python; bad notation throws CardError, which the
// record functions of each game catch and turn into {"error": "..."}.

import { jsonRepr, pyRepr, showValue } from "./words.js";
import { houseField as readHouse } from "./house.js";

export { jsonRepr, pyRepr, showValue };

export class RulebookError extends Error {}
export class CardError extends RulebookError {}
export class IllegalPlay extends RulebookError {}
export class RecordError extends RulebookError {}

export const SUITS = ["S", "H", "D", "C"];
// Ranks in pack order, without the joker.
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NOUN = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const TEXT_PRESENTATION = "\ufe0e";

// Ace 1 ... King 13; joker 0 (Rank.number).
export const RANK_NUMBER = { JK: 0 };
RANKS.forEach((r, i) => { RANK_NUMBER[r] = i + 1; });
export const RANK_NOUN = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king", JK: "joker",
};
export const RANK_PLURAL = {};
for (const [r, n] of Object.entries(RANK_NOUN)) RANK_PLURAL[r] = n === "six" ? "sixes" : n + "s";

const CARDS = new Map();
function makeCard(rank, suit) {
  const code = suit === null ? "JK" : rank + suit;
  let card = CARDS.get(code);
  if (!card) {
    card = Object.freeze({ rank, suit, code });
    CARDS.set(code, card);
  }
  return card;
}
export const JOKER = makeCard("JK", null);
for (const s of SUITS) for (const r of RANKS) makeCard(r, s);

/** The card for a canonical code ("8H"); one object per card, so === compares cards. */
export function card(code) {
  const c = CARDS.get(code);
  if (!c) throw new CardError(`unknown card ${pyRepr(code)}`);
  return c;
}

const RANK_INPUT = new Map(RANKS.map((r) => [r, r]));
RANK_INPUT.set("T", "10");
const SUIT_INPUT = new Map(Object.entries({ S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H",
  "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" }));

// Python's str.isspace() characters: str.strip() and str.split() use exactly these, which
// differ from JavaScript's trim() (U+001C-U+001F are space in Python, U+FEFF is not).
const PY_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
  0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
const isPySpace = (ch) => PY_SPACE.has(ch.codePointAt(0));

/** Python's str.strip(). */
export function pyStrip(text) {
  const chars = Array.from(text);
  let a = 0;
  let b = chars.length;
  while (a < b && isPySpace(chars[a])) a++;
  while (b > a && isPySpace(chars[b - 1])) b--;
  return chars.slice(a, b).join("");
}

/** Python's str.split() with no argument: runs of whitespace, no empty pieces. */
export function pySplit(text) {
  const out = [];
  let cur = "";
  for (const ch of text) {
    if (isPySpace(ch)) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}


/** Read one card: "10h", "TH", "10♥", "jk" all work. Throws CardError. */
export function parseCard(text) {
  if (typeof text !== "string") {
    throw new CardError(`a card must be written as text like '8H', not ${pyRepr(text)}`);
  }
  const raw = pyStrip(text).replaceAll(TEXT_PRESENTATION, "").replaceAll("\ufe0f", "").toUpperCase();
  if (raw === "JK" || raw === "JOKER" || raw === "🃏") return JOKER;
  const chars = Array.from(raw);
  const rank = chars.length >= 2 ? RANK_INPUT.get(chars.slice(0, -1).join("")) : undefined;
  const suit = chars.length ? SUIT_INPUT.get(chars[chars.length - 1]) : undefined;
  if (rank === undefined || suit === undefined) {
    throw new CardError(
      `unknown card ${pyRepr(text)}: write a rank (A 2-10 J Q K, T for ten) and a suit ` +
      "(S H D C), like '8H' or '10S', or JK for a joker");
  }
  return makeCard(rank, suit);
}

/** Canonical notation: 10H, QS, JK. */
export function formatCard(c) {
  return c.code;
}

/** What people see: 8♥ (with the text-presentation selector unless told not to). */
export function cardSymbol(c, textPresentation = true) {
  if (c.suit === null) return textPresentation ? "Joker" : "🃏";
  return c.rank + SUIT_SYMBOL[c.suit] + (textPresentation ? TEXT_PRESENTATION : "");
}

/** The name a screen reader says: "ten of hearts", "joker". */
export function spokenName(c) {
  if (c.suit === null) return "joker";
  return `${RANK_NOUN[c.rank]} of ${SUIT_NOUN[c.suit]}`;
}

/** Several cards from one string split on spaces and commas, or from a list. */
export function parseCards(cards) {
  const list = typeof cards === "string" ? pySplit(cards.replaceAll(",", " ")) : cards;
  return list.map(parseCard);
}

/** `packs` standard packs of 52, each with two jokers when `jokers`. */
export function buildDeck(packs = 1, jokers = true) {
  const one = [];
  for (const s of SUITS) for (const r of RANKS) one.push(makeCard(r, s));
  if (jokers) one.push(JOKER, JOKER);
  const out = [];
  for (let k = 0; k < packs; k++) out.push(...one);
  return out;
}

/** Refuse more copies of one card than `packs` packs hold (2 jokers a pack). */
export function checkCopies(cards, packs, { jokers = true, what = "the cards" } = {}) {
  if (packs < 1) throw new CardError(`packs must be 1 or more, not ${packs}`);
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  for (const [c, n] of counts) {
    let limit;
    if (c.suit === null) {
      if (!jokers) throw new CardError(`a joker in ${what}, but this game is played without jokers`);
      limit = 2 * packs;
    } else limit = packs;
    if (n > limit) {
      const packWords = packs === 1 ? "one pack holds" : `${packs} packs hold`;
      throw new CardError(`${n} copies of ${c.code} in ${what}, but ${packWords} only ${limit}`);
    }
  }
}

// --- Field readers shared by the record functions (generator/engine/games/fields.py) -------------

export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** A whole number; true is not a number here. */
export const isInt = (v) => typeof v === "number" && Number.isInteger(v);

export function checkFields(rec, required, optional = []) {
  if (!isObject(rec)) throw new RecordError(`a record must be a JSON object, not ${jsonRepr(rec)}`);
  const missing = required.filter((f) => !Object.hasOwn(rec, f));
  if (missing.length) throw new RecordError(`missing field '${missing[0]}'`);
  const known = [...required, ...optional];
  for (const key of Object.keys(rec)) {
    if (!known.includes(key)) throw new RecordError(`unknown field ${pyRepr(key)} (known: ${known.join(", ")})`);
  }
  return rec;
}

export function intField(value, field, { minimum = null, maximum = null } = {}) {
  if (!isInt(value)) throw new RecordError(`${field} must be a whole number, not ${jsonRepr(value)}`);
  if (minimum !== null && value < minimum) throw new RecordError(`${field} must be ${minimum} or more, not ${value}`);
  if (maximum !== null && value > maximum) throw new RecordError(`${field} must be ${maximum} or less, not ${value}`);
  return value;
}

export function cardField(value, field) {
  if (typeof value !== "string") throw new RecordError(`${field} must be a card written like '8H', not ${jsonRepr(value)}`);
  try {
    return parseCard(value);
  } catch (e) {
    if (e instanceof RulebookError) throw new e.constructor(`${field}: ${e.message}`);
    throw e;
  }
}

/** A list of cards; a single string of cards separated by spaces is accepted too. */
export function cardsField(value, field) {
  if (typeof value === "string") value = pySplit(value.replaceAll(",", " "));
  if (!Array.isArray(value)) {
    throw new RecordError(`${field} must be a list of cards like ["7H", "KD"], not ${jsonRepr(value)}`);
  }
  return value.map((v, i) => cardField(v, `${field}[${i}]`));
}

/** Run a record function: its result, or {"error": "..."} for any refusal; never throws. */
export function guard(fn, rec) {
  try {
    return fn(rec);
  } catch (e) {
    const msg = e instanceof RulebookError ? e.message : `could not read that: ${e && e.message ? e.message : e}`;
    return { error: pySplit(String(msg)).join(" ") };
  }
}


/** Python's truth of a JSON value: null, false, 0, "", [] and {} are false. */
export function pyTruthy(value) {
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** A record's `house` (engine/house.js houseField), refused as a RecordError. */
export function houseField(value, options, field = "house") {
  return readHouse(value, options, field, RecordError);
}
