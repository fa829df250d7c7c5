// Chips in the browser: the port of generator/engine/games/chips.py (score_record), step for step.
//
// scoreChips({hand, packs, caller_groups}) returns exactly the record of the Python
// `score_record` (same keys, values, group and card order, tie-breaks), or {"error": "..."}.
// The search is the same: an exact memoised search over the hand's natural cards, the
// candidate groups generated in the same fixed order, the same assembly of groups and leftover
// wilds. tests/test_differential.py ties the two engines. Rule ids point at rules-data/chips.yaml.
//
// House options (HOUSE_OPTIONS, Python's docstring says what each does): a record's `house`,
// passed to the functions as their last argument; left out, every answer is the family's.
// k-a-2 (chips-ruling-k-a-2): "no-group" (the family's, the default), a run holding a natural
// King and a natural Ace above it holds no wild 2; "group", any wild anywhere a run does not
// wrap; "round-the-corner", runs may wrap, the Ace between the King and the 2. lay-off-order
// "as-laid": the round record's `layoff_order`; throw-back and random-extra: the replay.

import {
  IllegalPlay, RulebookError, RANKS, RANK_NUMBER, RANK_PLURAL, SUITS, SUIT_NOUN, SUIT_SYMBOL,
  RecordError, cardsField, checkCopies, checkFields, guard, houseField, intField, isInt, isObject, jsonRepr, parseCard,
  pyRepr, pyStrip, showValue,
} from "./cards.js";
import { CALLER_GROUPS, RANK_PER_PACK, WILDS_PER_PACK } from "./limits.js";

export const HAND_SIZES = [3, 4, 5, 6, 7, 8, 9, 10];
export const MAX_HAND = 10;
// chips-no-wrap: a run spans at most 13 positions (round the corner too, one card a place).
export const MAX_RUN = 13;
const ACE_LOW = 1;
const ACE_HIGH = 14;
const KING = 13;
// chips-ruling-k-a-2: the readings (the option's values, in the game file's order).
export const K_A_2_NO_GROUP = "no-group";
export const K_A_2_GROUP = "group";
export const K_A_2_CORNER = "round-the-corner";
// The objective is score * W + cards laid off (chips-ruling-layoff-order, chips-ruling-layoff-aim).
const W_ = 256;

/** The house options this engine follows, as rules-data/chips.yaml declares them (held equal to
 * the game file and to Python's HOUSE_OPTIONS by tests/test_house_engines.py). */
export const HOUSE_OPTIONS = Object.freeze([
  Object.freeze({ id: "k-a-2", values: Object.freeze([K_A_2_NO_GROUP, K_A_2_GROUP, K_A_2_CORNER]), default: K_A_2_NO_GROUP }),
  Object.freeze({ id: "lay-off-order", values: Object.freeze(["turn-order", "as-laid"]), default: "turn-order" }),
  Object.freeze({ id: "throw-back", values: Object.freeze(["allowed", "not-allowed"]), default: "allowed" }),
  Object.freeze({ id: "random-extra", values: Object.freeze(["not-played", "played"]), default: "not-played" }),
]);
/** The records that take a `house` field (rank answers the same under every house). */
export const HOUSE_RECORDS = Object.freeze(["score", "round", "replay"]);

/** Every option, checked, the defaults filled in for those `house` leaves out. */
export function houseOptions(house = null) {
  return houseField(house, HOUSE_OPTIONS);
}

/** chips-ruling-k-a-2: the table's reading of K-A-2 (left out: the family's, "no-group"). */
export const kA2Reading = (house) => (house === null || house === undefined ? K_A_2_NO_GROUP : houseOptions(house)["k-a-2"]);

const SUIT_INDEX = { S: 0, H: 1, D: 2, C: 3 };
const RANK_BY_NUMBER = [null, ...RANKS, "A"]; // position 1..14 -> rank

/** chips-wilds: every 2 and every joker is wild. */
export const isWild = (c) => c.rank === "2" || c.rank === "JK";

/** chips-card-values: Ace 1, 3-10 face value, J/Q/K 10; wilds 0. A loose Ace counts 1 (chips-card-values). */
export function cardValue(c) {
  if (isWild(c)) return 0;
  const n = RANK_NUMBER[c.rank];
  return n >= 10 ? 10 : n;
}

/** The rank at a run position (1 and 14 the Ace); round the corner 15 is the 2, 16 the 3, ...,
 * and a run laid off onto below its Ace low counts down through 0 (the King). */
export const positionRank = (pos) => RANK_BY_NUMBER[pos >= ACE_LOW && pos <= ACE_HIGH ? pos : ((((pos - 1) % 13) + 13) % 13) + 1];

function sortKey(c) {
  return c.suit === null ? 4 * 16 : SUIT_INDEX[c.suit] * 16 + RANK_NUMBER[c.rank];
}

/** By suit (S H D C), then rank; jokers last. Stable, like Python's sorted. */
export function sortCards(cards) {
  return [...cards].sort((a, b) => sortKey(a) - sortKey(b));
}

// --- Groups ------------------------------------------------------------------------------

function group(kind, cards, { rank = null, suit = null, lo = 0 } = {}) {
  return { kind, cards, rank, suit, lo };
}
const hiOf = (g) => g.lo + g.cards.length - 1;

/** A run holding a natural King (position 13) and a natural Ace just above it (14): under
 * "no-group" it holds no 2 as a wild (chips-ruling-k-a-2). */
export function kingAndHighAce(g) {
  if (g.kind !== "run" || g.lo > KING || hiOf(g) < ACE_HIGH) return false;
  return !isWild(g.cards[KING - g.lo]) && !isWild(g.cards[ACE_HIGH - g.lo]);
}
/** A 2 of the run standing in as a wild: every 2 but the run's own-suit 2 at its own place,
 * position 2, which is that run's natural 2 (chips-ruling-k-a-2). */
export const twosStandingIn = (g) => g.cards.some((c, i) => c.rank === "2" && !(c.suit === g.suit && g.lo + i === 2));
export const holdsATwo = (cards) => cards.some((c) => c.rank === "2");

function standsFor(g) {
  if (g.kind === "set") return g.cards.map(() => g.rank);
  return g.cards.map((_, i) => positionRank(g.lo + i) + g.suit);
}

export function groupRecord(g) {
  if (g.kind === "set") return { kind: "set", rank: g.rank, cards: g.cards.map((c) => c.code) };
  return { kind: "run", suit: g.suit, lo: g.lo, cards: g.cards.map((c) => c.code) };
}

/** In words: "a run of hearts 5-6-7 with the joker as the 7" (Group.describe). */
export function describeGroup(g) {
  const wildWords = [];
  const stands = standsFor(g);
  g.cards.forEach((c, i) => {
    if (!isWild(c)) return;
    const stand = stands[i];
    const what = g.kind === "set" ? stand : stand.slice(0, -1);
    const noun = c.suit === null ? "joker" : `${c.rank} of ${SUIT_NOUN[c.suit]}`;
    wildWords.push(g.kind === "set"
      ? `the ${noun} as ${what === "A" || what === "8" ? "an" : "a"} ${what}`
      : `the ${noun} as the ${what}`);
  });
  if (g.kind === "set" && g.rank === "2") return `a group of ${g.cards.length} wilds`; // chips-ruling-wild-groups
  let text;
  if (g.kind === "set") text = `a set of ${RANK_PLURAL[g.rank]}`;
  else {
    const seq = g.cards.map((_, i) => positionRank(g.lo + i)).join("-");
    text = `a run of ${SUIT_NOUN[g.suit]} ${seq}`;
  }
  if (wildWords.length) text += " with " + wildWords.join(" and ");
  return text;
}

/** chips-sets: three or more cards of one rank, wilds standing in. */
function makeSet(rank, cards) {
  if (rank === "JK") {
    throw new IllegalPlay("jokers are wild: a set names the rank its cards stand for (A, 2-10, J, Q, K)");
  }
  // A group made only of wilds (chips-ruling-wild-groups) is the set the caller announces it as,
  // of any rank, and takes that rank laid off; a set of 2s takes only wilds
  // (chips-ruling-wild-set-rank). No upper size (chips-ruling-set-size).
  if (cards.length < 3) throw new IllegalPlay(`a set needs three or more cards, not ${cards.length}`);
  for (const c of cards) {
    if (!isWild(c) && c.rank !== rank) throw new IllegalPlay(`${c.code} cannot be in a set of ${RANK_PLURAL[rank]}`);
  }
  return group("set", cards, { rank });
}

/** chips-runs: three or more consecutive positions of one suit; chips-aces, chips-no-wrap, read
 * as the table reads K-A-2 (chips-ruling-k-a-2): under "no-group" a run holding a natural King and
 * a natural Ace above it holds no wild 2; under "round-the-corner" a run may wrap, lo (1 to
 * 13) its first place and the places after 14 (the Ace) 15 = 2, 16 = 3, ... */
export function makeRun(suit, cards, lo, house = null) {
  const n = cards.length;
  if (n < 3) throw new IllegalPlay(`a run needs three or more cards, not ${n}`);
  const reading = kA2Reading(house);
  const wrap = reading === K_A_2_CORNER;
  // chips-no-wrap: at most 13 cards, one a place (round the corner too: chips-ruling-k-a-2).
  if (n > MAX_RUN) {
    throw new IllegalPlay(wrap
      ? `a run holds at most ${MAX_RUN} cards, one a place (it may not wrap round on itself), not ${n}`
      : `a run holds at most ${MAX_RUN} cards (it may not wrap round), not ${n}`);
  }
  // chips-ruling-wild-set-rank: a run made only of wilds is the run the caller announces, so its
  // place (lo) is theirs to give; nothing else says where it stands.
  if ((lo === null || lo === undefined) && cards.every(isWild)) {
    throw new IllegalPlay("a run made only of wilds must say where it starts (lo), as the caller " +
      "announced it (chips-ruling-wild-set-rank)");
  }
  if (lo === null || lo === undefined) {
    let options = possibleLows(suit, cards, wrap);
    if (reading === K_A_2_NO_GROUP && holdsATwo(cards)) {
      const kept = options.filter((x) => !refusedKA2(group("run", cards, { suit, lo: x })));
      if (kept.length) options = kept;
    }
    if (!options.length) throw new IllegalPlay(`${cards.map((c) => c.code).join(" ")} is not a run of ${SUIT_NOUN[suit]}`);
    lo = options[0];
  }
  if (wrap) {
    if (!isInt(lo) || lo < ACE_LOW || lo > KING) {
      throw new IllegalPlay("a run round the corner starts at position 1 (Ace) to 13 (King), its first card's " +
        `place (Q-K-A-2-3 starts at 12); lo=${lo}`);
    }
  } else if (!isInt(lo) || lo < ACE_LOW || lo + n - 1 > ACE_HIGH) {
    throw new IllegalPlay(`a run of ${n} cards must start between position 1 (Ace low) and ${ACE_HIGH - n + 1}; lo=${lo}`);
  }
  cards.forEach((c, i) => {
    if (isWild(c)) return;
    const pos = lo + i;
    if (c.suit !== suit || c.rank !== positionRank(pos)) {
      throw new IllegalPlay(`${c.code} cannot stand at position ${pos} of this run (that is ${positionRank(pos) + suit})`);
    }
  });
  const run = group("run", cards, { suit, lo });
  if (reading === K_A_2_NO_GROUP && refusedKA2(run)) {
    throw new IllegalPlay("K-A-2 is not allowed: with a real King and a real high Ace, this run cannot hold a 2 " +
      "standing in (a joker may) (chips-ruling-k-a-2)");
  }
  return run;
}

/** chips-ruling-k-a-2, "no-group": a natural King and a natural Ace above it, and a 2 standing in. */
const refusedKA2 = (run) => kingAndHighAce(run) && twosStandingIn(run);

/** Where a run of these cards may start, lowest first (Python _possible_lows). */
function possibleLows(suit, cards, wrap = false) {
  const n = cards.length;
  let lows = null;
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    if (isWild(c)) continue;
    if (c.suit !== suit) return [];
    const r = RANK_NUMBER[c.rank];
    const positions = c.rank === "A" ? [ACE_LOW, ACE_HIGH] : (wrap ? [r, r + 13] : [r]);
    const mine = wrap
      ? positions.map((p) => p - i).filter((x) => x >= ACE_LOW && x <= KING)
      : positions.map((p) => p - i).filter((x) => x >= ACE_LOW && x + n - 1 <= ACE_HIGH);
    lows = lows === null ? mine : lows.filter((x) => mine.includes(x));
  }
  if (lows === null) throw new IllegalPlay("a run made only of wilds must say where it starts (lo)");
  return lows;
}

function parseRank(text) {
  if (typeof text !== "string") throw new RulebookError(`a rank is written like '8', 'Q' or 'A', not ${jsonRepr(text)}`);
  let t = pyStrip(text).toUpperCase();
  if (t === "T") t = "10";
  if (RANKS.includes(t)) return t;
  throw new RulebookError(`unknown rank ${pyRepr(text)}: expected A, 2-10, J, Q or K`);
}

function parseSuit(text) {
  if (typeof text === "string") {
    const t = pyStrip(text).toUpperCase();
    for (const s of SUITS) {
      if (t === s || t === SUIT_SYMBOL[s] || t === SUIT_NOUN[s].toUpperCase()) return s;
    }
  }
  throw new RulebookError(`unknown suit ${jsonRepr(text)}: expected S, H, D or C`);
}

// --- The search -------------------------------------------------------------------------

function cand(mask, need, cost, kind, pos, token = 0, extLo = 0, extHi = 0, run = -1) {
  // jokersOnly: k-a-2 no-group, a run with a natural King and high Ace holds no wild 2
  return { mask, need, cost, kind, pos, token, extLo, extHi, run, jokersOnly: false };
}

/** Whether a candidate's flattened (index, position) pairs put a natural at `at`. */
const reaches = (pos, at) => {
  for (let k = 1; k < pos.length; k += 2) if (pos[k] === at) return true;
  return false;
};
/** Whether a run candidate's naturals stand at 13 (the King) and 14 (the Ace above it). */
const kingAndAceAt = (pos) => {
  let king = false;
  let ace = false;
  for (let k = 1; k < pos.length; k += 2) {
    if (pos[k] === KING) king = true;
    else if (pos[k] === ACE_HIGH) ace = true;
  }
  return king && ace;
};

/** chips-ruling-k-a-2, no-group: laying off never leaves a 2 standing in a run that holds a
 * natural King and a natural Ace above it (Python _k_a_2_extensions). */
function kA2Extensions(g, exts) {
  const gKing = g.lo <= KING && KING <= hiOf(g) && !isWild(g.cards[KING - g.lo]);
  const gAce = hiOf(g) === ACE_HIGH && !isWild(g.cards[g.cards.length - 1]);
  const standing = twosStandingIn(g);
  const out = [];
  for (const e of exts) {
    const king = gKing || reaches(e.pos, KING);
    if (king && (gAce || reaches(e.pos, ACE_HIGH))) {
      if (standing) continue;
      e.jokersOnly = e.need > 0;
    }
    out.push(e);
  }
  return out;
}

const lowIndex = (mask) => 31 - Math.clz32(mask & -mask);
const bitCount = (x) => { let c = 0; while (x) { x &= x - 1; c++; } return c; };

/** Positions as (index, position) pairs sorted by index, flattened (Python _positions). */
function positions(pairs) {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out = [];
  for (const [i, p] of sorted) out.push(i, p);
  return out;
}

/** The lowest score this hand can make, with laying off onto the caller's groups. K-A-2 as the
 * table reads it (chips-ruling-k-a-2): under "no-group" the search counts the 2s and the jokers
 * apart when it has to; under "round-the-corner" runs may wrap (Python's docstring). */
export function bestArrangement(hand, callerGroups = null, house = null) {
  const wildCards = sortCards(hand.filter(isWild));
  const nat = sortCards(hand.filter((c) => !isWild(c)));
  const n = nat.length;
  const W = wildCards.length;
  const suit = nat.map((c) => SUIT_INDEX[c.suit]);
  const num = nat.map((c) => RANK_NUMBER[c.rank]);
  const val = nat.map(cardValue);
  const callers = [...(callerGroups || [])];

  // chips-ruling-best-arrangement: the lowest-scoring split of the hand into groups that share
  // no card (chips-ruling-one-group); cards are laid off onto the caller's groups only
  // (chips-ruling-lay-off-target).
  // chips-lay-off: a natural of a caller's set rank can always go on that set.
  const setRanks = new Set(callers.filter((g) => g.kind === "set").map((g) => g.rank));
  const free = nat.map((c) => setRanks.has(c.rank));
  const looseCost = val.map((v, i) => (free[i] ? 1 : v * W_));

  const reading = kA2Reading(house);
  const noWrap2 = reading === K_A_2_NO_GROUP;
  const wrap = reading === K_A_2_CORNER;
  let cands = candidates(suit, num, n, W, wrap);
  let restricted = false; // a candidate marked jokersOnly
  const runs = [];
  callers.forEach((g, j) => { if (g.kind === "run") runs.push([j, g]); });
  // Python gives caller run number k the token bit 1 << k. Only runs the hand can extend ever
  // reach `used`, so they get compact bits in the same order (the same search). A caller lays
  // down at most three groups (limits.js), so the bits always fit a number.
  const extByRun = runs.map(([j, g]) => {
    let exts = extensions(suit, num, n, W, g, j, wrap);
    if (noWrap2) {
      exts = kA2Extensions(g, exts);
      restricted = restricted || exts.some((e) => e.jokersOnly);
    }
    return exts;
  });
  let bit = 0;
  for (const exts of extByRun) {
    if (!exts.length) continue;
    const token = 1 << bit;
    bit++;
    for (const e of exts) { e.token = token; cands.push(e); }
  }
  const twos = wildCards.filter((c) => c.rank === "2").length;
  let split = 0; // jokers + 1 when the search counts the 2s and the jokers apart, else 0
  if (noWrap2 && twos) {
    // chips-ruling-k-a-2, no-group: an own run with a natural King and a natural high Ace fills
    // its gaps with jokers only (only a suit holding both can make one).
    const both = new Set();
    for (let i = 0; i < n; i++) {
      if (num[i] === KING && nat.some((c, k) => num[k] === ACE_LOW && suit[k] === suit[i])) both.add(suit[i]);
    }
    if (both.size) {
      for (const cd of cands) {
        if (cd.kind === "run" && cd.need && both.has(suit[cd.pos[0]]) && kingAndAceAt(cd.pos)) {
          cd.jokersOnly = true;
          restricted = true;
        }
      }
    }
    if (restricted) {
      if (W === twos) cands = cands.filter((cd) => !cd.jokersOnly);
      else split = W - twos + 1;
    }
  }
  // The wilds left, packed: with `split`, 2s * split + jokers (a group takes 2s before jokers,
  // one marked jokersOnly jokers alone).
  const W0 = split ? twos * split + split - 1 : W;
  const after = (cd, w) => {
    if (!split) return w - cd.need;
    let t = Math.floor(w / split);
    const j = w % split;
    let need = cd.need;
    if (!cd.jokersOnly) {
      const fromTwos = Math.min(need, t);
      t -= fromTwos;
      need -= fromTwos;
    }
    return need <= j ? t * split + j - need : -1;
  };
  const byLow = Array.from({ length: n }, () => []);
  let live = 0; // the cards in at least one candidate group
  for (const c of cands) {
    live |= c.mask;
    byLow[lowIndex(c.mask)].push(c);
  }

  const memo = new Map();
  const wSpan = Math.max(16, W0 + 1);
  const keyOf = (mask, w, used) => (used * wSpan + w) * 1024 + mask;

  function solve(mask, w, used) {
    if (mask === 0) return 0;
    const key = keyOf(mask, w, used);
    const hit = memo.get(key);
    if (hit !== undefined) return hit.best;
    const lowBit = mask & -mask;
    const c = 31 - Math.clz32(lowBit);
    let best = looseCost[c] + solve(mask ^ lowBit, w, used);
    let choice = null;
    if (best > 0) {
      for (const cd of byLow[c]) {
        if ((cd.mask & mask) !== cd.mask || (cd.token & used)) continue;
        let w2;
        if (!split) { // the family's rules: any wild goes anywhere (the hot path, inline)
          if (cd.need > w) continue;
          w2 = w - cd.need;
        } else if ((w2 = after(cd, w)) < 0) continue;
        const v = cd.cost + solve(mask ^ cd.mask, w2, used | cd.token);
        if (v < best) {
          best = v;
          choice = cd;
          if (v === 0) break;
        }
      }
    }
    memo.set(key, { best, choice });
    return best;
  }

  // A card that is in no candidate group is loose whatever the rest does: its cost is fixed,
  // so the search runs over the other cards only (as in Python).
  const looseIdx = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (!((live >> i) & 1)) {
      looseIdx.push(i);
      total += looseCost[i];
    }
  }
  total += live ? solve(live, W0, 0) : 0;

  // Rebuild the chosen splits.
  const chosen = [];
  let mask = live;
  let w = W0;
  let used = 0;
  while (mask) {
    const cd = memo.get(keyOf(mask, w, used)).choice;
    if (cd === null) {
      const lowBit = mask & -mask;
      looseIdx.push(31 - Math.clz32(lowBit));
      mask ^= lowBit;
    } else {
      chosen.push(cd);
      mask ^= cd.mask;
      w = after(cd, w);
      used |= cd.token;
    }
  }
  return assemble(Math.floor(total / W_), nat, wildCards, chosen, looseIdx, free, callers, noWrap2);
}

/** Every natural core of a group that the wilds in hand can complete, in a fixed order. With
 * `wrap` (k-a-2 round-the-corner) every rank also sits 13 places on, past the Ace (the 2 at 15,
 * the 3 at 16, ...), and a run starts at a place from 1 to 13 (chips-ruling-k-a-2). */
function candidates(suit, num, n, W, wrap = false) {
  const out = [];
  // chips-sets: any non-empty subset of one rank; a wild for each missing card up to three.
  const byRank = new Map();
  for (let i = 0; i < n; i++) {
    if (!byRank.has(num[i])) byRank.set(num[i], []);
    byRank.get(num[i]).push(i);
  }
  const rankNums = [...byRank.keys()].sort((a, b) => a - b);
  for (const r of rankNums) {
    const idx = byRank.get(r);
    const k = idx.length;
    for (let sub = 1; sub < 1 << k; sub++) {
      const size = bitCount(sub);
      const need = size < 3 ? 3 - size : 0;
      if (need > W) continue;
      let m = 0;
      for (let b = 0; b < k; b++) if ((sub >> b) & 1) m |= 1 << idx[b];
      out.push(cand(m, need, 0, "set", []));
    }
  }
  // chips-runs: two or more naturals of one suit at distinct positions within 13; the wilds
  // fill the gaps (and make up three cards). Ace low (1) or high (14): chips-aces.
  for (let s = 0; s < 4; s++) {
    const entries = [];
    for (let i = 0; i < n; i++) {
      if (suit[i] === s) {
        entries.push([num[i], i]);
        if (wrap) entries.push([num[i] + 13, i]); // round the corner: every rank again 13 on
        else if (num[i] === ACE_LOW) entries.push([ACE_HIGH, i]);
      }
    }
    entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const mEntries = entries.length;

    const extend = (start, first, last, count, m, pos) => {
      for (let j = start; j < mEntries; j++) {
        const [p, i] = entries[j];
        if (p === last || ((m >> i) & 1)) continue; // one card per position; one Ace used once
        if (p - first + 1 > MAX_RUN) break;
        // need only grows as the run extends right: prune
        const gaps = (last - first + 1 - count) + (p - last - 1);
        if (gaps > W) break;
        const span = p - first + 1;
        const need = (span >= 3 ? span : 3) - (count + 1);
        const pos2 = [...pos, [i, p]];
        if (need <= W) out.push(cand(m | (1 << i), need, 0, "run", positions(pos2)));
        extend(j + 1, first, p, count + 1, m | (1 << i), pos2);
      }
    };
    for (let j0 = 0; j0 < mEntries; j0++) {
      const [p0, i0] = entries[j0];
      if (p0 > KING) break; // a run starts at 1 to 13 (past the King only an Ace high, which starts none)
      extend(j0 + 1, p0, p0, 1, 1 << i0, [[i0, p0]]);
    }
  }
  return out;
}

/** chips-lay-off: cards laid off at either end of a caller's run; wilds bridge the gaps
 * (chips-lay-off-run-wild), and a wild laid off may take an end with more cards after it
 * (chips-ruling-lay-off-wild); the run stays within 13 cards. With `wrap` (k-a-2
 * round-the-corner) a run goes on round the corner at either end: above its top place a rank
 * also sits 13 on, below its bottom 13 back (a King below an Ace low at 0) (chips-ruling-k-a-2). */
function extensions(suit, num, n, W, g, runIndex, wrap = false) {
  const s = SUIT_INDEX[g.suit];
  const lo = g.lo;
  const hi = hiOf(g);
  const length = hi - lo + 1;
  const downEntries = [];
  const upEntries = [];
  if (wrap) {
    for (let i = 0; i < n; i++) {
      if (suit[i] !== s) continue;
      for (const p of [num[i], num[i] - 13]) if (p < lo) downEntries.push([p, i]);
      for (const p of [num[i], num[i] + 13]) if (p > hi) upEntries.push([p, i]);
    }
  } else {
    for (let i = 0; i < n; i++) if (suit[i] === s && num[i] < lo) downEntries.push([num[i], i]);
    for (let i = 0; i < n; i++) {
      if (suit[i] === s) {
        const p = num[i] === ACE_LOW ? ACE_HIGH : num[i];
        if (p > hi) upEntries.push([p, i]);
      }
    }
  }
  downEntries.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  upEntries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  const side = (entries, end, sign) => {
    const opts = [[0, 0, 0, 0, []]]; // (mask, need, reach, count, pairs)
    const walk = (start, last, count, m, pairs) => {
      for (let j = start; j < entries.length; j++) {
        const [p, i] = entries[j];
        if (p === last || ((m >> i) & 1)) continue;
        const reach = (p - end) * sign;
        if (length + reach > MAX_RUN) break;
        const need = reach - (count + 1);
        if (need > W) break;
        const pairs2 = [...pairs, [i, p]];
        opts.push([m | (1 << i), need, reach, count + 1, pairs2]);
        walk(j + 1, p, count + 1, m | (1 << i), pairs2);
      }
    };
    walk(0, end, 0, 0, []);
    return opts;
  };

  const downs = side(downEntries, lo, -1);
  const ups = side(upEntries, hi, 1);
  const out = [];
  for (const [dm, dn, dr, dc, dp] of downs) {
    for (const [um, un, ur, uc, up] of ups) {
      if (dm === 0 && um === 0) continue;
      if ((dm & um) || dn + un > W || length + dr + ur > MAX_RUN) continue;
      const cost = dc + uc + dn + un; // cards laid off, wilds included
      out.push(cand(dm | um, dn + un, cost, "ext", positions([...dp, ...up]), 0, lo - dr, hi + ur, runIndex));
    }
  }
  return out;
}

function assemble(score, nat, wildCards, chosen, looseIdx, free, callers, noWrap2 = false) {
  let wilds = [...wildCards];
  const groups = [];
  const laid = []; // [card, caller group, as]
  const extended = [...callers];
  for (const cd of chosen) {
    const members = [];
    for (let i = 0; i < nat.length; i++) if ((cd.mask >> i) & 1) members.push(i);
    if (cd.kind === "set") {
      const cards = members.map((i) => nat[i]);
      for (let k = 0; k < cd.need; k++) cards.push(wilds.shift());
      groups.push(group("set", cards, { rank: nat[members[0]].rank }));
      continue;
    }
    const pos = new Map();
    for (let k = 0; k < cd.pos.length; k += 2) pos.set(cd.pos[k], cd.pos[k + 1]);
    if (cd.kind === "run") {
      let first = Math.min(...pos.values());
      let last = Math.max(...pos.values());
      if (last - first + 1 < 3) { // make up three cards: upward if there is room, else down
        if (first + 2 <= ACE_HIGH) last = first + 2;
        else first = last - 2;
      }
      const slots = new Map();
      for (const [i, p] of pos) slots.set(p, nat[i]);
      for (let p = first; p <= last; p++) if (!slots.has(p)) slots.set(p, cd.jokersOnly ? wilds.pop() : wilds.shift());
      const cards = [];
      for (let p = first; p <= last; p++) cards.push(slots.get(p));
      groups.push(group("run", cards, { suit: nat[members[0]].suit, lo: first }));
      continue;
    }
    // "ext": lay off onto the caller's run, from its ends outwards.
    const j = cd.run;
    const g = extended[j];
    const slots = new Map();
    for (const [i, p] of pos) slots.set(p, nat[i]);
    const newCards = [...g.cards];
    for (let p = g.lo - 1; p > cd.extLo - 1; p--) {
      const c = slots.has(p) ? slots.get(p) : (cd.jokersOnly ? wilds.pop() : wilds.shift());
      newCards.unshift(c);
      laid.push([c, j, positionRank(p) + g.suit]);
    }
    for (let p = hiOf(g) + 1; p <= cd.extHi; p++) {
      const c = slots.has(p) ? slots.get(p) : (cd.jokersOnly ? wilds.pop() : wilds.shift());
      newCards.push(c);
      laid.push([c, j, positionRank(p) + g.suit]);
    }
    // Round the corner a run laid off onto below its Ace low starts at the King's place, 13.
    extended[j] = group("run", newCards, { suit: g.suit, lo: cd.extLo < ACE_LOW ? cd.extLo + 13 : cd.extLo });
  }

  const loose = [];
  for (const i of [...looseIdx].sort((a, b) => a - b)) {
    const c = nat[i];
    if (free[i]) {
      const j = extended.findIndex((g) => g.kind === "set" && g.rank === c.rank);
      laid.push([c, j, c.rank]);
      const g = extended[j];
      extended[j] = group("set", [...g.cards, c], { rank: g.rank });
    } else loose.push(c);
  }

  // Wilds left over score nothing; they join a group of the player's own when one can take
  // them (a set first, then a run with room), else three or more make a group of their own.
  while (wilds.length) {
    let home = groups.findIndex((g) => g.kind === "set");
    if (home >= 0) {
      const g = groups[home];
      groups[home] = group("set", [...g.cards, ...wilds], { rank: g.rank });
      wilds = [];
      break;
    }
    // chips-ruling-k-a-2, no-group: a 2 never stands in a run with a natural King and high Ace.
    const two = noWrap2 && wilds[0].rank === "2";
    home = groups.findIndex((g) => g.kind === "run" && g.cards.length < MAX_RUN && !(two && kingAndHighAce(g)));
    if (home < 0) break;
    const g = groups[home];
    if (hiOf(g) < ACE_HIGH) groups[home] = group("run", [...g.cards, wilds.shift()], { suit: g.suit, lo: g.lo });
    else groups[home] = group("run", [wilds.shift(), ...g.cards], { suit: g.suit, lo: g.lo - 1 });
  }
  if (wilds.length >= 3) {
    // chips-ruling-wild-groups: a group may be made only of wilds; arranged by the engine, with
    // no announcement, it is a set of 2s, which takes nothing but wilds (chips-ruling-wild-set-rank).
    groups.push(group("set", wilds, { rank: "2" }));
    wilds = [];
  }
  loose.push(...wilds);
  return { score, groups, loose, laid, extended };
}

export function arrangementRecord(a) {
  return {
    score: a.score,
    groups: a.groups.map((g) => g.cards.map((c) => c.code)),
    loose: a.loose.map((c) => c.code),
    laid_off: a.laid.map(([c]) => c.code),
    melds: a.groups.map((g) => ({ ...groupRecord(g), as: standsFor(g) })),
    lay_offs: a.laid.map(([c, i, as]) => ({ card: c.code, group: i, as })),
  };
}

// --- Records (the JSON of `rulebook score chips --jsonl`) --------------------------------

function packsField(value) {
  return value === null || value === undefined ? 1 : intField(value, "packs", { minimum: 1, maximum: 8 });
}

const ALLOWED = { set: ["kind", "rank", "cards"], run: ["kind", "suit", "cards", "lo"] };

/** One caller group from its record ({"kind": "set", "rank": "8", "cards": [...]} or a run). A wild
 * stands for the place the record gives it and keeps it (chips-ruling-wild-stays); a group made
 * only of wilds is what the record announces: a set of its rank, or a run of its suit from lo
 * (chips-ruling-wild-set-rank). */
export function parseGroup(rec, where = "caller_groups[0]", house = null) {
  if (!isObject(rec)) throw new RulebookError(`${where}: expected an object with kind and cards, got ${jsonRepr(rec)}`);
  const kind = rec.kind;
  if (kind !== "set" && kind !== "run") throw new RulebookError(`${where}.kind: expected "set" or "run", got ${jsonRepr(kind)}`);
  const extra = Object.keys(rec).filter((k) => !ALLOWED[kind].includes(k)).sort();
  if (extra.length) throw new RulebookError(`${where}: unknown field ${pyRepr(extra[0])} for a ${kind}`);
  const cards = cardsField(rec.cards, `${where}.cards`);
  try {
    if (kind === "set") {
      if (!Object.hasOwn(rec, "rank")) throw new RulebookError('rank: missing (the rank the set is of, like "8")');
      return makeSet(parseRank(rec.rank), cards);
    }
    if (!Object.hasOwn(rec, "suit")) throw new RulebookError("suit: missing (S, H, D or C)");
    const lo = rec.lo === undefined ? null : rec.lo;
    if (lo !== null && !isInt(lo)) throw new RulebookError(`lo: expected a position from 1 to 14, got ${jsonRepr(lo)}`);
    return makeRun(parseSuit(rec.suit), cards, lo, house);
  } catch (e) {
    if (e instanceof RulebookError) throw new e.constructor(`${where}: ${e.message}`);
    throw e;
  }
}

/** The caller's groups as a player sees them when laying off: as laid down, or as the players
 * before extended them (chips-ruling-layoff-order). Refused only when the game cannot deal them
 * (limits.js: the number of groups, a run's length, a set's size). */
function parseGroups(value, packs = 1, house = null) {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new RulebookError(`caller_groups: expected a list of groups or null, got ${jsonRepr(value)}`);
  // chips-call: the caller lays down one whole hand, at most ten cards in groups of three or
  // more, and laying off never adds a group (limits.js CALLER_GROUPS).
  if (value.length > CALLER_GROUPS) {
    throw new RulebookError(`caller_groups: ${value.length} groups, but a caller's hand of at most ${MAX_HAND} cards ` +
      `makes at most ${CALLER_GROUPS} groups of three or more`);
  }
  const groups = value.map((g, k) => parseGroup(g, `caller_groups[${k}]`, house));
  groups.forEach((g, k) => {
    // A run is refused past 13 cards by makeRun (limits.js RUN_CARDS, chips-no-wrap); a set
    // holds its rank's cards and wilds, no more than the packs hold (limits.js *_PER_PACK).
    const most = setCards(g.rank, packs);
    if (g.kind === "set" && g.cards.length > most) {
      const packWords = packs === 1 ? "one pack holds" : `${packs} packs hold`;
      const plural = RANK_PLURAL[g.rank];
      const what = g.rank === "2"
        ? `${g.cards.length} wilds in a group, but ${packWords} only ${most} (four 2s and two jokers a pack)`
        : `${g.cards.length} cards in a set of ${plural}, but ${packWords} only ${most} that can ` +
          `stand as ${plural} (four ${plural} and six wilds a pack)`;
      throw new RulebookError(`caller_groups[${k}]: ${what}`);
    }
  });
  return groups;
}

/** The most cards a set of `rank` can hold from `packs` packs: its rank's four cards a pack and
 * the pack's six wilds (chips-sets, chips-wilds); a set of 2s only the wilds (chips-ruling-wild-set-rank). */
export function setCards(rank, packs) {
  return rank === "2" ? packs * WILDS_PER_PACK : packs * (RANK_PER_PACK + WILDS_PER_PACK);
}

function checkHand(hand, packs, extra = [], what = "hand") {
  if (!hand.length) throw new RulebookError(`${what}: no cards (a Chips hand holds 1 to ${MAX_HAND})`);
  if (hand.length > MAX_HAND) {
    throw new RulebookError(`${what}: ${hand.length} cards, but a Chips hand holds at most ${MAX_HAND} (chips-hand-sizes)`);
  }
  checkCopies([...hand, ...extra], packs, { what: extra.length ? `the ${what} and the caller's groups` : `the ${what}` });
}

function scoreRecord(rec) {
  rec = checkFields(rec, ["hand"], ["packs", "caller_groups", "house"]);
  const house = houseOptions(rec.house);
  const hand = cardsField(rec.hand, "hand");
  const packs = packsField(rec.packs);
  const callers = parseGroups(rec.caller_groups, packs, house);
  const callerCards = (callers || []).flatMap((g) => g.cards);
  checkHand(hand, packs, callerCards);
  return arrangementRecord(bestArrangement(hand, callers, house));
}

/** {"hand": [...], "packs": 1, "caller_groups": null} -> the Python score record, or {"error"}. */
export function scoreChips(input) {
  return guard(scoreRecord, input);
}

/** A score record in lines a person reads (Python chips.describe); never throws. */
export function describeChips(result) {
  try {
    const lines = [];
    for (const meld of result.melds || []) {
      const cards = meld.cards.map(parseCard);
      const g = meld.kind === "set"
        ? group("set", cards, { rank: parseRank(meld.rank) })
        : group("run", cards, { suit: parseSuit(meld.suit), lo: meld.lo });
      lines.push(`Group: ${meld.cards.join(" ")} - ${describeGroup(g)}`);
    }
    for (const lay of result.lay_offs || []) {
      lines.push(`Laid off: ${lay.card} on the caller's group ${lay.group + 1} (as ${lay.as})`);
    }
    if (result.loose && result.loose.length) {
      lines.push("Loose: " + result.loose.map((c) => `${c} (${cardValue(parseCard(c))})`).join(" "));
    }
    lines.push(`Score: ${result.score}`);
    return lines;
  } catch (e) {
    return [`could not describe that: ${e && e.message ? e.message : e}`];
  }
}

/** Words for one meld record of a score result: "a set of eights with the joker as an 8". */
export function describeMeld(meld) {
  const cards = meld.cards.map(parseCard);
  const g = meld.kind === "set" ? group("set", cards, { rank: meld.rank }) : group("run", cards, { suit: meld.suit, lo: meld.lo });
  return describeGroup(g);
}

// --- A round (chips-call, chips-lay-off, chips-ruling-layoff-order) ----------------------

/** chips-call: the caller's whole hand, wilds included, must form groups (chips-ruling-whole-hand). */
export function callerArrangement(hand, house = null) {
  const arr = bestArrangement(hand, null, house);
  if (arr.score !== 0 || arr.loose.length) {
    throw new IllegalPlay(`the caller's hand does not form groups: ${arr.loose.map((c) => c.code).join(" ")} would be left over`);
  }
  return arr.groups;
}

/** Score every non-caller against the caller's groups, each laying off onto the groups as the
 * players before extended them: in turn order from the caller's left, or under the house rule
 * lay-off-order "as-laid" in `order` (indexes into `others`). Results stay in turn order
 * (Python play_round). */
export function playRound(callerGroups, others, packs = 1, house = null, order = null) {
  let groups = [...callerGroups];
  const all = [...groups.flatMap((g) => g.cards), ...others.flat()];
  checkCopies(all, packs, { what: "the caller's groups and the hands" });
  const asLaid = order !== null && houseOptions(house)["lay-off-order"] === "as-laid";
  const results = new Map();
  for (const k of asLaid ? order : others.map((_, i) => i)) {
    const arr = bestArrangement(others[k], groups, house);
    results.set(k, arr);
    groups = arr.extended;
  }
  return { callerGroups: groups, results: others.map((_, k) => results.get(k)) };
}

function layoffOrderField(value, hands, house) {
  if (value === null || value === undefined) return null;
  if (house["lay-off-order"] !== "as-laid") {
    throw new RecordError("layoff_order: the order the table laid off in counts only under the house rule " +
      'lay-off-order as-laid (house: {"lay-off-order": "as-laid"}); in turn order, leave it out');
  }
  const want = Array.from({ length: hands }, (_, i) => i);
  const sorted = Array.isArray(value) && value.every(isInt) ? [...value].sort((a, b) => a - b) : null;
  if (sorted === null || sorted.length !== want.length || sorted.some((v, i) => v !== want[i])) {
    throw new RecordError(want.length
      ? `layoff_order: expected each hand's index (${want[0]} to ${want[want.length - 1]}) once, in the order the players laid off, not ${showValue(value)}`
      : `layoff_order: there are no hands to lay off, not ${showValue(value)}`);
  }
  return [...value];
}

function roundRecord(rec) {
  rec = checkFields(rec, ["hands"], ["caller", "caller_groups", "packs", "house", "layoff_order"]);
  const house = houseOptions(rec.house);
  const packs = packsField(rec.packs);
  let groups;
  if (rec.caller_groups !== null && rec.caller_groups !== undefined) {
    groups = parseGroups(rec.caller_groups, packs, house) || [];
  } else if (rec.caller !== null && rec.caller !== undefined) {
    const caller = cardsField(rec.caller, "caller");
    checkHand(caller, packs, [], "caller");
    groups = callerArrangement(caller, house);
  } else {
    throw new RulebookError("caller_groups: missing (the caller's groups, or caller: the caller's hand)");
  }
  const handsV = rec.hands;
  if (!Array.isArray(handsV)) throw new RulebookError(`hands: expected a list of hands, got ${jsonRepr(handsV)}`);
  const hands = handsV.map((h, k) => cardsField(h, `hands[${k}]`));
  hands.forEach((h, k) => {
    if (!h.length || h.length > MAX_HAND) throw new RulebookError(`hands[${k}]: a Chips hand holds 1 to ${MAX_HAND} cards, not ${h.length}`);
  });
  const order = layoffOrderField(rec.layoff_order, hands.length, house);
  const res = playRound(groups, hands, packs, house, order);
  return {
    scores: res.results.map((r) => r.score),
    caller_groups: res.callerGroups.map(groupRecord),
    results: res.results.map(arrangementRecord),
  };
}

/** {"caller" | "caller_groups", "hands", "packs", "house", "layoff_order"} -> Python's round record, or {"error"}. */
export function roundChips(input) {
  return guard(roundRecord, input);
}

// --- A round replayed move by move (Python replay_round) ---------------------------------

/** chips-variant-random-extra: the variant is for nine or more at the table. */
export const RANDOM_EXTRA_PLAYERS = 9;

/** chips-deal: `size` cards each from the dealer's left, then the extra card to the dealer's
 * left (or to seat `extra`, chips-variant-random-extra). `deck` is top first. */
export function dealRound(deck, players, dealer, size, extra = null) {
  const need = players * size + 1;
  if (deck.length < need) {
    throw new IllegalPlay(`${players} players with ${size} cards each need ${need} cards to deal, not ${deck.length}`);
  }
  const hands = Array.from({ length: players }, () => []);
  let k = 0;
  for (let r = 0; r < size; r++) {
    for (let seat = 0; seat < players; seat++) hands[(dealer + 1 + seat) % players].push(deck[k++]);
  }
  hands[extra === null ? (dealer + 1) % players : extra].push(deck[k]);
  return [hands, deck.slice(k + 1)];
}

function replayRound(deck, moves, { players, dealer, size, packs = 1, house = null, extra = null }) {
  const chosen = houseOptions(house);
  checkCopies(deck, packs, { what: "the deck" });
  let [hands, stock] = dealRound(deck, players, dealer, size, extra);
  let pile = [];
  const steps = [];
  let seat = extra === null ? (dealer + 1) % players : extra;
  let caller = null;
  let lastTurnsLeft = -1;
  moves.forEach((move, k) => {
    const number = k + 1;
    const where = `move ${number} (player ${seat + 1})`;
    if (caller !== null && lastTurnsLeft === 0) {
      throw new IllegalPlay(`${where}: the round is over; everyone has had a last turn after the call`);
    }
    const hand = hands[seat];
    let taken = null;
    if (number === 1) {
      // chips-ruling-opening-discard: the opening discard is the whole first turn.
      if (move.take !== null) throw new IllegalPlay(`${where}: the player with the extra card opens by discarding, without taking a card`);
      if (move.call) throw new IllegalPlay(`${where}: chips can be called only after taking and discarding a card on your turn`);
    } else {
      if (move.take === null) throw new IllegalPlay(`${where}: take a card from the deck or the discard pile before discarding`);
      if (move.take === "deck") {
        if (!stock.length) {
          // chips-ruling-deck-runs-out: the pile but its top card, turned over, becomes the deck.
          if (pile.length < 2) throw new IllegalPlay(`${where}: the deck is empty and the discard pile has no card to turn over`);
          stock = pile.slice(0, -1);
          pile = pile.slice(-1);
        }
        taken = stock.shift();
      } else {
        if (!(move.depth >= 1 && move.depth <= 3)) {
          throw new IllegalPlay(`${where}: a card can be taken at most three deep in the discard pile, not ${move.depth} deep`);
        }
        if (move.depth > pile.length) throw new IllegalPlay(`${where}: the discard pile holds only ${pile.length} card(s), not ${move.depth}`);
        taken = pile.splice(pile.length - move.depth, 1)[0]; // chips-ruling-discard-depth: that card alone
      }
      hand.push(taken);
    }
    // chips-ruling-throw-back (house throw-back "not-allowed": not the card just taken from the pile).
    const at = hand.indexOf(move.discard);
    if (at < 0) throw new IllegalPlay(`${where}: cannot discard ${move.discard.code}, it is not in the hand`);
    if (move.take === "pile" && move.discard === taken && chosen["throw-back"] === "not-allowed" &&
        hand.filter((c) => c === move.discard).length === 1) {
      throw new IllegalPlay(`${where}: ${move.discard.code} was just taken from the discard pile, and at this ` +
        "table it may not be thrown straight back (chips-ruling-throw-back)");
    }
    hand.splice(at, 1);
    pile.push(move.discard);
    let text = "";
    if (move.call) {
      if (caller !== null) throw new IllegalPlay(`${where}: chips has already been called; the others only take a last turn`);
      callerArrangement(hand, chosen);
      caller = seat;
      lastTurnsLeft = players - 1;
      text = "calls chips";
    } else if (caller !== null) lastTurnsLeft -= 1;
    steps.push({
      number, player: seat, take: move.take, depth: move.take === "pile" ? move.depth : null,
      taken: taken ? taken.code : null, discard: move.discard.code, call: move.call,
      hands: hands.map((h) => sortCards(h).map((c) => c.code)), pile: pile.map((c) => c.code),
      deck_left: stock.length, text,
    });
    seat = (seat + 1) % players;
  });
  const result = { steps, finished: false, caller };
  if (caller !== null && lastTurnsLeft === 0) {
    const groups = callerArrangement(hands[caller], chosen);
    const order = Array.from({ length: players - 1 }, (_, k) => (caller + k + 1) % players);
    const rnd = playRound(groups, order.map((p) => hands[p]), packs, chosen);
    const scores = new Array(players).fill(0);
    order.forEach((p, k) => { scores[p] = rnd.results[k].score; });
    Object.assign(result, {
      finished: true,
      caller_groups: groups.map(groupRecord),
      laid_down: rnd.callerGroups.map(groupRecord),
      results: Object.fromEntries(order.map((p, k) => [String(p), arrangementRecord(rnd.results[k])])),
      scores,
    });
  }
  return result;
}

function moveField(value, where) {
  const rec = checkFields(value, ["discard"], ["take", "depth", "call"]);
  const discard = cardsField([rec.discard], `${where}.discard`)[0];
  const take = rec.take === undefined ? null : rec.take;
  if (take !== null && take !== "deck" && take !== "pile") {
    throw new RecordError(`${where}.take must be "deck" or "pile", not ${showValue(take)}`);
  }
  const depth = intField(rec.depth === undefined ? 1 : rec.depth, `${where}.depth`, { minimum: 1 });
  const call = rec.call === undefined ? false : rec.call;
  if (typeof call !== "boolean") throw new RecordError(`${where}.call must be true or false, not ${showValue(call)}`);
  return { discard, take, depth, call };
}

function extraField(value, players, house) {
  if (value === null || value === undefined) return null;
  if (house["random-extra"] !== "played") {
    throw new RecordError("extra: the extra card goes to the player on the dealer's left (chips-deal); a seat of " +
      'its own only under the house variant random-extra (house: {"random-extra": "played"})');
  }
  if (players < RANDOM_EXTRA_PLAYERS) {
    throw new RecordError(`extra: the random extra card is for ${RANDOM_EXTRA_PLAYERS} or more players (chips-variant-random-extra), not ${players}`);
  }
  return intField(value, "extra", { minimum: 0, maximum: players - 1 });
}

function replayRecord(rec) {
  rec = checkFields(rec, ["players", "dealer", "hand_size", "deck", "moves"], ["packs", "house", "extra"]);
  const house = houseOptions(rec.house);
  const players = intField(rec.players, "players", { minimum: 2, maximum: 32 });
  const dealer = intField(rec.dealer, "dealer", { minimum: 0, maximum: players - 1 });
  const extra = extraField(rec.extra, players, house);
  const size = intField(rec.hand_size, "hand_size", { minimum: HAND_SIZES[0], maximum: HAND_SIZES[HAND_SIZES.length - 1] });
  const deck = cardsField(rec.deck, "deck");
  if (!Array.isArray(rec.moves)) throw new RecordError("moves must be a list of turns");
  const moves = rec.moves.map((m, k) => moveField(m, `moves[${k}]`));
  return replayRound(deck, moves, { players, dealer, size, packs: packsField(rec.packs), house, extra });
}

/** Python's replay record ({"players", "dealer", "hand_size", "deck", "moves", "packs", "house",
 * "extra"}), or {"error"}. */
export function replayChips(input) {
  return guard(replayRecord, input);
}
