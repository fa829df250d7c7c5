// 3 Chip Stack in the browser: the port of the `showdown` and `hand` records of
// generator/engine/games/three_chip_stack.py, step for step. Returns exactly the Python record or
// {"error": "..."}. Rule ids point at rules-data/3-chip-stack.yaml.
//
// House options (HOUSE_OPTIONS, read by Python from the same game file): one plain object,
// {"odd-chip": "dealer", "passed-chip": "after-hand"}, given to decideShowdown and startHand (the
// hand's state carries it on) and read from a record's `house` field.

import {
  CardError, IllegalPlay, RecordError, cardsField, checkCopies, checkFields, guard, houseField, intField,
  jsonRepr, pyRepr, pySplit, pyStrip, pyTruthy,
} from "./cards.js";
import { POT_CHIPS } from "./limits.js";
import { HOUSE_OPTIONS } from "./3-chip-stack-house.js";

export const HAND_SIZE = 3;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
// three-chip-stack-ante: the dealer always stacks 3 chips.
export const DEALER_STACK = 3;
// three-chip-stack-first-round: the minimum bet of the first round.
export const FIRST_ROUND_MINIMUM = 3;
// three-chip-stack-fold-first: a first-round fold without a bet passes the dealer one chip.
export const FOLD_CHIP = 1;

/** The house options this engine follows, as rules-data/3-chip-stack.yaml declares them (held equal
 * to the game file and to Python's HOUSE_OPTIONS by tests/test_house_engines.py): in
 * 3-chip-stack-house.js, which the score keeper reads without the engine. */
export { HOUSE_OPTIONS };
/** The records that take a `house` field. */
export const HOUSE_RECORDS = Object.freeze(["showdown", "hand", "rank"]);

/** Every option, checked, the defaults filled in for those `house` leaves out. */
export function houseOptions(house = null) {
  return houseField(house, HOUSE_OPTIONS);
}
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

/** three-chip-stack-split: equal shares, and the chips left over (three-chip-stack-ruling-odd-chip):
 * under "winners" one each to the tied winners in the order given, none left; under "dealer" or
 * "next-hand" returned apart. [shares, odd]. */
export function dividePot(pot, winners, hands, house = null) {
  if (pot < 0) throw new IllegalPlay(`a pot is never negative, not ${pot}`);
  if (!winners.length) throw new IllegalPlay("a pot needs at least one winner");
  const each = Math.floor(pot / winners.length);
  const odd = pot - each * winners.length;
  const toWinners = houseOptions(house)["odd-chip"] === "winners";
  const shares = new Array(hands).fill(0);
  winners.forEach((w, i) => { shares[w] = each + (toWinners && i < odd ? 1 : 0); });
  return [shares, toWinners ? 0 : odd];
}

/** Who wins, at which card position (1-3) it was decided, and each hand's share of the pot; under
 * the house rule odd-chip "dealer" or "next-hand", also `odd` and `odd_to`. */
export function decideShowdown(hands, pot = 0, house = null) {
  const oddChip = houseOptions(house)["odd-chip"];
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
  const [shares, odd] = dividePot(pot, winners, hands.length, house);
  const out = { winners, decided_by: decidedBy, shares };
  if (oddChip !== "winners") Object.assign(out, { odd, odd_to: oddChip });
  return out;
}

/** A pot of chips: 0 to POT_CHIPS; null is named in words, not echoed. */
function potField(value) {
  if (value === null) throw new RecordError("pot must be a number of chips, like 12 (leave it out for no pot)");
  return intField(value, "pot", { minimum: 0, maximum: POT_CHIPS });
}

const get = (rec, key, fallback = null) => (Object.hasOwn(rec, key) ? rec[key] : fallback);

function showdownRecord(rec) {
  rec = checkFields(rec, ["hands"], ["pot", "house"]);
  const house = houseField(get(rec, "house"), HOUSE_OPTIONS);
  if (!Array.isArray(rec.hands)) throw new RecordError(`hands must be a list of hands, not ${jsonRepr(rec.hands)}`);
  const hands = rec.hands.map((h, i) => cardsField(h, `hands[${i}]`));
  return decideShowdown(hands, potField(get(rec, "pot", 0)), house);
}

/** {"hands": [["AS","KD","4C"], ["3H","5D","6C"]], "pot": 12, "house": {...}?} ->
 * {"winners", "decided_by", "shares"} (+ "odd", "odd_to" under odd-chip dealer or next-hand). */
export function showdown(input) {
  return guard(showdownRecord, input);
}

// --- Elimination and the end of the game ------------------------------------------------------

/** three-chip-stack-elimination: the seats that still have chips. */
export function playersIn(chips) {
  const out = [];
  chips.forEach((c, i) => { if (c > 0) out.push(i); });
  return out;
}

export function eliminated(chips) {
  const out = [];
  chips.forEach((c, i) => { if (c <= 0) out.push(i); });
  return out;
}

export const gameOver = (chips) => playersIn(chips).length === 1;

/** The deal passes to the left, skipping players who are out (three-chip-stack-ruling-next-dealer). */
export function nextDealer(chips, dealer) {
  const n = chips.length;
  for (let step = 1; step <= n; step++) {
    const seat = (dealer + step) % n;
    if (chips[seat] > 0) return seat;
  }
  throw new IllegalPlay("nobody has any chips left to deal");
}

// --- The chips of one hand -----------------------------------------------------------------------

export const Phase = Object.freeze({
  FIRST_ROUND: "first_round", EXCHANGE: "exchange", SECOND_ROUND: "second_round", SHOWDOWN: "showdown", OVER: "over",
});
const VERBS = ["fold", "check", "see", "bet", "raise"];
const VERB_ALIASES = { call: "see" };

const actionText = (a) => (a.verb === "bet" || a.verb === "raise" ? `${a.verb} ${a.amount}` : a.verb);

/** Python's `int(w)` for a word of decimal digits (any script's, as str.isdigit and int read
 * them), or null. Unicode assigns decimal digits in runs of ten from 0, so a digit's value is its
 * distance from the start of its run, modulo 10. */
function pyInt(word) {
  if (!/^\p{Nd}+$/u.test(word)) return null;
  let value = 0;
  for (const ch of word) {
    let start = ch.codePointAt(0);
    while (/^\p{Nd}$/u.test(String.fromCodePoint(start - 1))) start--;
    value = value * 10 + ((ch.codePointAt(0) - start) % 10);
  }
  return value;
}

/** "fold", "check", "see" (or "call"), "bet 4", "raise 2" -> {verb, amount}. */
export function parseAction(text, where = "action") {
  if (typeof text !== "string") {
    throw new RecordError(`${where} must be text like 'see', 'raise 2' or 'fold', not ${pyRepr(text)}`);
  }
  const words = pySplit(pyStrip(text).toLowerCase());
  let verb = words.length ? (Object.hasOwn(VERB_ALIASES, words[0]) ? VERB_ALIASES[words[0]] : null) : null;
  if (verb === null && words.length && VERBS.includes(words[0])) verb = words[0];
  if (verb === null) throw new RecordError(`${where}: unknown action ${pyRepr(text)} (fold, check, see, bet N, raise N)`);
  if (verb === "bet" || verb === "raise") {
    // three-chip-stack-ruling-min-raise, three-chip-stack-ruling-second-bet: one chip or more.
    const amount = words.length === 2 ? pyInt(words[1]) : null;
    if (amount === null || amount < 1) {
      throw new RecordError(`${where}: ${verb} needs a number of chips, 1 or more, like ` +
        `'${verb} 2', not ${pyRepr(text)}`);
    }
    return { verb, amount };
  }
  if (words.length !== 1) throw new RecordError(`${where}: ${verb} takes no number: ${pyRepr(text)}`);
  return { verb, amount: 0 };
}

/** Every seat in turn order: the dealer's left first, the dealer last (three-chip-stack-ruling-direction). */
function orderFromLeft(n, dealer) {
  const out = [];
  for (let k = 1; k <= n; k++) out.push((dealer + k) % n);
  return out;
}

const player = (state) => (state.toAct.length ? state.toAct[0] : null);
const stillIn = (state) => state.inHand.flatMap((x, i) => (x ? [i] : []));
/** Chips passed on folds that reach the dealer only when the hand is over (passed-chip after-hand). */
const waiting = (state) => (state.house["passed-chip"] === "after-hand" ? state.passedToDealer : 0);
const sum = (xs) => xs.reduce((t, x) => t + x, 0);

/** The number of chips never changes, and nobody holds fewer than none. */
function checkChips(state) {
  if (sum(state.chips) + state.pot + waiting(state) !== state.total || Math.min(...state.chips) < 0) {
    throw new Error(`chips not conserved: ${JSON.stringify(state.chips)} ${state.pot} ${state.total}`);
  }
}

/** three-chip-stack-ante, -first-round, -ruling-dealer, -ruling-dealer-last, -ruling-short-dealer;
 * `house`: the table's options; `carried`: chips a split left in the middle (odd-chip next-hand). */
export function startHand(chips, dealer, { house = null, carried = 0 } = {}) {
  const options = houseOptions(house);
  if (carried < 0) throw new IllegalPlay(`chips carried over are never negative, not ${carried}`);
  if (carried && options["odd-chip"] !== "next-hand") {
    throw new IllegalPlay("chips stay in the middle for the next hand only under the house rule " +
      "odd-chip: next-hand");
  }
  const n = chips.length;
  if (!(n >= MIN_PLAYERS && n <= MAX_PLAYERS)) throw new IllegalPlay(`3 Chip Stack is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${n}`);
  if (chips.some((c) => c < 0)) throw new IllegalPlay(`chips are never negative: [${chips.join(", ")}]`);
  if (!(dealer >= 0 && dealer < n)) throw new IllegalPlay(`dealer must be a seat from 0 to ${n - 1}, not ${dealer}`);
  if (playersIn(chips).length < MIN_PLAYERS) throw new IllegalPlay("the game is over: one player holds all the chips");
  if (chips[dealer] <= 0) throw new IllegalPlay(`seat ${dealer} has no chips, so is out of the game and cannot deal`);
  const stack = Math.min(DEALER_STACK, chips[dealer]);
  const after = [...chips];
  after[dealer] -= stack;
  const putIn = new Array(n).fill(0);
  putIn[dealer] = stack;
  const inHand = chips.map((c) => c > 0);
  return {
    chips: after, dealer, phase: Phase.FIRST_ROUND, pot: stack + carried, inHand, bet: FIRST_ROUND_MINIMUM, putIn,
    toAct: orderFromLeft(n, dealer).filter((s) => inHand[s]), passedToDealer: 0, total: sum(chips) + carried,
    dealtIn: inHand, house: options,
  };
}

/** What the player to act may do (Python's Options). A chip passed under passed-chip after-hand
 * is not in the dealer's chips yet, so cannot be bet (three-chip-stack-ruling-passed-chip). */
export function actionOptions(state) {
  const p = player(state);
  if (p === null || (state.phase !== Phase.FIRST_ROUND && state.phase !== Phase.SECOND_ROUND)) {
    throw new IllegalPlay(`nobody is to act: the hand is at ${state.phase}`);
  }
  const owed = state.bet - state.putIn[p];
  const have = state.chips[p];
  return {
    player: p, canCheck: owed === 0, canSee: owed > 0 && owed <= have, seeCost: owed,
    canBet: state.bet === 0, maxRaise: Math.max(0, have - owed),
  };
}

/** One player left takes the pot; the first round leads to the exchange, the second to the showdown. */
function roundOver(state) {
  if (stillIn(state).length === 1) return { ...state, phase: Phase.OVER, toAct: [] };
  if (state.toAct.length) return state;
  return { ...state, phase: state.phase === Phase.FIRST_ROUND ? Phase.EXCHANGE : Phase.SHOWDOWN };
}

/** One betting action by the player to act; IllegalPlay says why an action is refused. */
export function applyAction(state, action, where = "action") {
  const act = typeof action === "string" ? parseAction(action, where) : action;
  const p = player(state);
  if (p === null || (state.phase !== Phase.FIRST_ROUND && state.phase !== Phase.SECOND_ROUND)) {
    throw new IllegalPlay(`${where} (${actionText(act)}): the betting round is already over`);
  }
  const who = `${where} (seat ${p}, ${actionText(act)})`;
  const opts = actionOptions(state);
  const chips = [...state.chips];
  const putIn = [...state.putIn];
  const rest = state.toAct.slice(1);
  if (act.verb === "fold") {
    const inHand = [...state.inHand];
    inHand[p] = false;
    let passed = state.passedToDealer;
    if (state.phase === Phase.FIRST_ROUND && putIn[p] === 0 && p !== state.dealer) {
      // three-chip-stack-fold-first, -ruling-fold-chip; -ruling-passed-chip: the dealer has the
      // chip at once, or (after-hand) it waits beside the dealer until the hand is over.
      chips[p] -= FOLD_CHIP;
      if (state.house["passed-chip"] !== "after-hand") chips[state.dealer] += FOLD_CHIP;
      passed += FOLD_CHIP;
    }
    const nxt = { ...state, chips, inHand, toAct: rest, passedToDealer: passed };
    checkChips(nxt);
    return roundOver(nxt);
  }
  if (act.verb === "check") {
    if (!opts.canCheck) {
      throw new IllegalPlay(`${who}: there is a bet of ${state.bet} to see (${opts.seeCost} more); see, raise or fold`);
    }
    return roundOver({ ...state, toAct: rest });
  }
  if (act.verb === "see") {
    if (opts.seeCost === 0) throw new IllegalPlay(`${who}: there is nothing to see; check, bet or raise`);
    if (!opts.canSee) {
      // three-chip-stack-ruling-short: a player who cannot see the bet must fold.
      throw new IllegalPlay(`${who}: seeing costs ${opts.seeCost} chips but seat ${p} has ` +
        `${chips[p]}; a player who cannot see the bet must fold`);
    }
    chips[p] -= opts.seeCost;
    putIn[p] += opts.seeCost;
    const nxt = { ...state, chips, putIn, pot: state.pot + opts.seeCost, toAct: rest };
    checkChips(nxt);
    return roundOver(nxt);
  }
  // A bet or a raise: everyone else still in acts again (three-chip-stack-ruling-betting).
  if (act.verb === "bet" && !opts.canBet) throw new IllegalPlay(`${who}: there is already a bet of ${state.bet}; see, raise or fold`);
  if (act.verb === "raise" && opts.canBet) throw new IllegalPlay(`${who}: there is no bet to raise yet; bet or check`);
  const cost = opts.seeCost + act.amount;
  if (cost > chips[p]) throw new IllegalPlay(`${who}: that costs ${cost} chips but seat ${p} has ${chips[p]}`);
  chips[p] -= cost;
  putIn[p] += cost;
  const again = orderFromLeft(chips.length, p).filter((s) => s !== p && state.inHand[s]);
  const nxt = { ...state, chips, putIn, pot: state.pot + cost, bet: state.bet + act.amount, toAct: again };
  checkChips(nxt);
  return roundOver(nxt);
}

/** three-chip-stack-exchange done: the second round starts at the dealer's left, no bet yet. */
export function endExchange(state) {
  if (state.phase !== Phase.EXCHANGE) throw new IllegalPlay(`the exchange comes after the first round, not at ${state.phase}`);
  const n = state.chips.length;
  return {
    ...state, phase: Phase.SECOND_ROUND, bet: 0, putIn: new Array(n).fill(0),
    toAct: orderFromLeft(n, state.dealer).filter((s) => state.inHand[s]),
  };
}

/** Pay out the pot (three-chip-stack-showdown, -split, -ruling-all-fold); the odd chips go where
 * odd-chip says, a chip passed under passed-chip after-hand reaches the dealer now. */
export function settle(state, hands = null) {
  if (state.phase !== Phase.OVER && state.phase !== Phase.SHOWDOWN) throw new IllegalPlay(`the hand is not over: it is at ${state.phase}`);
  const n = state.chips.length;
  const order = orderFromLeft(n, state.dealer).filter((s) => state.inHand[s]);
  const potTo = new Array(n).fill(0);
  let decidedBy = null;
  let winners;
  const oddChip = state.house["odd-chip"];
  let odd = 0;
  if (state.phase === Phase.OVER) {
    winners = [order[0]];
    potTo[order[0]] = state.pot;
  } else {
    const shown = order.map((s) => {
      const h = hands === null || s >= hands.length ? null : hands[s];
      if (h === null || h === undefined) throw new IllegalPlay(`seat ${s} is in the showdown, so its hand must be given`);
      return h;
    });
    const result = decideShowdown(shown, state.pot, state.house);
    decidedBy = result.decided_by;
    winners = result.winners.map((i) => order[i]).sort((a, b) => a - b);
    result.shares.forEach((share, i) => { potTo[order[i]] = share; });
    odd = result.odd || 0;
    if (oddChip === "dealer") potTo[state.dealer] += odd;
  }
  const chips = state.chips.map((c, i) => c + potTo[i]);
  chips[state.dealer] += waiting(state);
  const carried = oddChip === "next-hand" ? odd : 0;
  if (sum(chips) + carried !== state.total) throw new Error(`chips not conserved: ${JSON.stringify(chips)} ${carried} ${state.total}`);
  const folded = [];
  for (let s = 0; s < n; s++) if (state.dealtIn[s] && !state.inHand[s]) folded.push(s);
  return {
    chips, pot: state.pot, potTo, winners, decidedBy, showdown: state.phase === Phase.SHOWDOWN,
    passedToDealer: state.passedToDealer, folded, odd, oddTo: oddChip === "winners" ? null : oddChip,
  };
}

function actionsField(value, field) {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new RecordError(`${field} must be a list of actions like ["see", "raise 2", "fold"], not ${pyRepr(value)}`);
  }
  return value.map((a, i) => parseAction(a, `${field}[${i}]`));
}

function runRound(state, actions, field) {
  const phase = state.phase;
  actions.forEach((act, i) => {
    if (state.phase !== phase) throw new IllegalPlay(`${field}[${i}] (${actionText(act)}): the round is already over`);
    state = applyAction(state, act, `${field}[${i}]`);
  });
  if (state.phase === phase) {
    throw new IllegalPlay(`${field} stops after ${actions.length} actions, but seat ${player(state)} still has to act`);
  }
  return state;
}

function handRecord(rec) {
  rec = checkFields(rec, ["chips", "dealer", "first_round"], ["hands", "exchange", "second_round", "house", "carried"]);
  const house = houseField(get(rec, "house"), HOUSE_OPTIONS);
  const rawChips = rec.chips;
  if (!Array.isArray(rawChips)) throw new RecordError(`chips must be a list of chip counts, one a seat, not ${pyRepr(rawChips)}`);
  if (!(rawChips.length >= MIN_PLAYERS && rawChips.length <= MAX_PLAYERS)) {
    throw new RecordError(`chips: 3 Chip Stack is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${rawChips.length}`);
  }
  const chips = rawChips.map((c, i) => intField(c, `chips[${i}]`, { minimum: 0 }));
  const n = chips.length;
  const dealer = intField(rec.dealer, "dealer", { minimum: 0, maximum: n - 1 });
  const carried = intField(get(rec, "carried", 0), "carried", { minimum: 0, maximum: POT_CHIPS });
  if (carried && house["odd-chip"] !== "next-hand") {
    throw new RecordError("carried: chips stay in the middle for the next hand only under the house rule " +
      "odd-chip: next-hand");
  }
  const hands = new Array(n).fill(null);
  const rawHands = get(rec, "hands");
  if (rawHands !== null) {
    if (!Array.isArray(rawHands) || rawHands.length !== n) {
      throw new RecordError(`hands must be a list with one hand (or null) for each of the ${n} seats`);
    }
    rawHands.forEach((h, i) => {
      if (h === null) return;
      const cards = cardsField(h, `hands[${i}]`);
      if (cards.length !== HAND_SIZE) throw new RecordError(`hands[${i}] must be ${HAND_SIZE} cards, not ${cards.length}`);
      hands[i] = cards;
    });
  }
  let state = startHand(chips, dealer, { house, carried });
  state = runRound(state, actionsField(rec.first_round, "first_round"), "first_round");
  const drawn = [];
  const rawEx = get(rec, "exchange");
  if (rawEx !== null && !Array.isArray(rawEx)) {
    throw new RecordError(`exchange must be a list with null or [thrown away, drawn] for each seat, not ${pyRepr(rawEx)}`);
  }
  if (state.phase === Phase.EXCHANGE) {
    (rawEx || []).forEach((swap, seat) => {
      if (swap === null) return;
      const where = `exchange[${seat}]`;
      if (seat >= n || !state.inHand[seat]) throw new IllegalPlay(`${where}: seat ${seat} is not in the hand, so cannot exchange`);
      const pair = cardsField(swap, where);
      if (pair.length !== 2) throw new RecordError(`${where} must be [card thrown away, card drawn], not ${pyRepr(swap)}`);
      const held = hands[seat];
      if (held === null) throw new RecordError(`${where}: give hands[${seat}] to exchange one of its cards`);
      const k = held.indexOf(pair[0]);
      if (k < 0) throw new IllegalPlay(`${where}: seat ${seat} holds no ${pair[0].code} to throw away`);
      // three-chip-stack-exchange: one card out, one off the top of the deck in
      // (three-chip-stack-ruling-exchange).
      hands[seat] = [...held.slice(0, k), ...held.slice(k + 1), pair[1]];
      drawn.push(pair[1]);
    });
    state = endExchange(state);
    state = runRound(state, actionsField(get(rec, "second_round"), "second_round"), "second_round");
  } else if ((rawEx || []).some((x) => x !== null) || pyTruthy(get(rec, "second_round"))) {
    throw new IllegalPlay("everyone else folded in the first round, so there is no exchange and no second round");
  }
  const dealt = (rawHands || []).filter((h) => h !== null).flatMap((h) => cardsField(h, "hands"));
  checkCopies([...dealt, ...drawn], 1, { jokers: false, what: "the hands and the cards drawn" });
  const result = settle(state, hands);
  const over = gameOver(result.chips);
  const out = {
    chips: result.chips,
    pot: result.pot,
    pot_to: result.potTo,
    winners: result.winners,
    decided_by: result.decidedBy,
    showdown: result.showdown,
    passed_to_dealer: result.passedToDealer,
    folded: result.folded,
    eliminated: eliminated(result.chips).filter((s) => chips[s] > 0),
    game_over: over,
    next_dealer: over ? null : nextDealer(result.chips, dealer),
  };
  if (result.oddTo !== null) Object.assign(out, { odd: result.odd, odd_to: result.oddTo });
  return out;
}

/** The chips of one hand (three_chip_stack.hand_record): {"chips", "dealer", "first_round",
 * "hands"?, "exchange"?, "second_round"?, "house"?, "carried"?} -> the Python record. */
export function hand(input) {
  return guard(handRecord, input);
}
