// 3 Chip Stack, a whole game against the computer: the browser port of
// generator/engine/play/three_chip_stack.py, step for step, on the same JSON state (see that module
// for the state and the moves). tests/test_play_differential_chains_stack.py holds the two equal
// state by state. Card order and the showdown come from ../engine/3-chip-stack.js; the chips of a
// hand, action by action, are the port of start_hand, options, apply_action, end_exchange,
// settle and next_dealer in generator/engine/games/three_chip_stack.py. Rule ids point at
// rules-data/3-chip-stack.yaml.

import {
  IllegalPlay, RulebookError, buildDeck, card as cardOf,
} from "../engine/cards.js";
import { HAND_SIZE, HOUSE_OPTIONS, decideShowdown, handKey, houseOptions, strength } from "../engine/3-chip-stack.js";
import { below, seedState, shuffled } from "./rng.js";

const GAME = "3-chip-stack";
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
// three-chip-stack-chips: "around 15 is usual".
const START_CHIPS = 15;
// three-chip-stack-ante: the dealer always stacks 3; three-chip-stack-first-round: the smallest
// first-round bet is 3; three-chip-stack-fold-first: a fold without a bet passes one chip.
const DEALER_STACK = 3;
const FIRST_ROUND_MINIMUM = 3;
const FOLD_CHIP = 1;
// three-chip-stack-pack: one pack of 52, no jokers.
const FULL_DECK = buildDeck(1, false).map((c) => c.code);

const FIRST = "first_round";
const EXCHANGE = "exchange";
const SECOND = "second_round";
const OVER = "over";
const BETTING = ["fold", "check", "see", "bet", "raise"];
const SWAPPING = ["exchange", "keep"];

/** Every seat in turn order: the dealer's left first, the dealer last. */
// three-chip-stack-ruling-direction: betting goes to the left, as the deal does.
const orderFromLeft = (n, dealer) => Array.from({ length: n }, (_, k) => (dealer + k + 1) % n);
const total = (state) => state.players * state.start;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** The table's own rules as the state keeps them (house_of): the options, checked, whose value is
 * not the family's, in HOUSE_OPTIONS order. */
function houseOf(house = null) {
  const chosen = houseOptions(house ?? null);
  const out = {};
  for (const o of HOUSE_OPTIONS) if (chosen[o.id] !== o.default) out[o.id] = chosen[o.id];
  return out;
}

/** Every option of the table, the family's for those it leaves out (a save from before the
 * options has none). */
const houseOfState = (state) => houseOptions(state.house || {});

/** Chips passed on folds that wait beside the dealer until the hand is over (passed-chip
 * after-hand, three-chip-stack-ruling-passed-chip); none once the game is over. */
function waiting(state) {
  const after = houseOfState(state)["passed-chip"] === "after-hand";
  return after && !state.over ? state.passedToDealer : 0;
}

function checkChips(state) {
  // The number of chips never changes, and nobody holds fewer than none.
  if (sum(state.chips) + state.pot + waiting(state) !== total(state) || Math.min(...state.chips) < 0) {
    throw new Error(`chips created or lost: ${JSON.stringify(state.chips)} + pot ${state.pot} != ${total(state)}`);
  }
}

/** three-chip-stack-ante: the dealer stacks 3 chips, all they have if fewer
 * (three-chip-stack-ruling-short-dealer); the stack is the dealer's own first-round bet
 * (three-chip-stack-ruling-dealer), so the others see 3, and the dealer acts last
 * (three-chip-stack-ruling-dealer-last). three-chip-stack-deal: a fresh shuffle, three cards each,
 * one at a time clockwise from the dealer's left, to every player still in the game. */
function startHand(state, dealer, seed, carried = 0) {
  const n = state.players;
  const chips = state.totals.slice();
  const stack = Math.min(DEALER_STACK, chips[dealer]);
  chips[dealer] -= stack;
  const putIn = new Array(n).fill(0);
  putIn[dealer] = stack;
  const inHand = state.totals.map((c) => c > 0);
  const [order, next] = shuffled(seed, FULL_DECK);
  const hands = Array.from({ length: n }, () => []);
  const seats = orderFromLeft(n, dealer).filter((s) => inHand[s]);
  let k = 0;
  for (let i = 0; i < HAND_SIZE; i += 1) for (const s of seats) hands[s].push(order[k++]);
  state.dealer = dealer;
  state.phase = FIRST;
  state.toAct = seats;
  state.chips = chips;
  // odd-chip next-hand: the chips a split left in the middle start the pot.
  state.pot = stack + carried;
  state.bet = FIRST_ROUND_MINIMUM;
  state.putIn = putIn;
  state.inHand = inHand;
  state.passedToDealer = 0;
  state.hands = hands;
  state.deck = order.slice(k);
  state.discards = [];
  state.dealtIn = inHand.slice();
  state.carried = carried;
  state.rng = next;
}

export function newGame({ players, seed, house = null } = {}) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new IllegalPlay(`3 Chip Stack is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players} ` +
      "(three-chip-stack-players)");
  }
  if (!Number.isSafeInteger(seed)) {
    throw new IllegalPlay(`the seed must be a whole number of at most ${Number.MAX_SAFE_INTEGER} either side of 0, not ${seed}`);
  }
  const chosen = houseOf(house);
  let r = seedState(seed);
  // three-chip-stack-ruling-first-dealer: any player; here the seed draws the first dealer.
  let first;
  [first, r] = below(r, players);
  const state = {
    game: GAME, players, seed, start: START_CHIPS, handNumber: 1, dealer: first, phase: FIRST, toAct: [],
    hands: [], deck: [], discards: [], chips: [], pot: 0, bet: 0, putIn: [], inHand: [], dealtIn: [],
    passedToDealer: 0, totals: new Array(players).fill(START_CHIPS), rounds: [], over: false, winner: null,
    last: null, rng: 0, house: chosen, carried: 0,
  };
  startHand(state, first, r);
  checkChips(state);
  return state;
}

export function seatToAct(state) {
  return state.over ? null : state.toAct[0];
}

/** What the player to act may do (the engine's options): see costs seeCost; a bet or raise is
 * 1 to maxRaise chips. */
function options(state) {
  const p = state.toAct[0];
  const owed = state.bet - state.putIn[p];
  const have = state.chips[p];
  // three-chip-stack-ruling-dealer-last: with no raise the dealer owes nothing, so may check;
  // three-chip-stack-ruling-short, three-chip-stack-ruling-short-dealer: nobody sees with chips
  // they do not have.
  return { canCheck: owed === 0, canSee: owed > 0 && owed <= have, seeCost: owed, canBet: state.bet === 0,
    maxRaise: Math.max(0, have - owed) };
}

export function legalMoves(state) {
  if (state.over) return [];
  const p = state.toAct[0];
  if (state.phase === EXCHANGE) {
    // three-chip-stack-ruling-exchange: keep all three, or throw away any one card.
    return [{ action: "keep" }, ...state.hands[p].map((c) => ({ action: "exchange", card: c }))];
  }
  const opts = options(state);
  const moves = [];
  if (opts.canCheck) moves.push({ action: "check" });
  if (opts.canSee) moves.push({ action: "see" });
  // three-chip-stack-ruling-min-raise, three-chip-stack-ruling-second-bet: one chip or more, up
  // to the chips the player has (three-chip-stack-ruling-short).
  const verb = opts.canBet ? "bet" : "raise";
  for (let a = 1; a <= opts.maxRaise; a += 1) moves.push({ action: verb, amount: a });
  moves.push({ action: "fold" });
  return moves;
}

const SHAPES = { bet: "action,amount", raise: "action,amount", exchange: "action,card" };

function isMoveShape(move) {
  if (move === null || typeof move !== "object" || Array.isArray(move)) return false;
  if (![...BETTING, ...SWAPPING].includes(move.action)) return false;
  return Object.keys(move).sort().join(",") === (SHAPES[move.action] || "action");
}

const sameMove = (a, b) => a.action === b.action && a.amount === b.amount && a.card === b.card;
const roundRule = (state) => (state.phase === FIRST ? "three-chip-stack-first-round" : "three-chip-stack-second-round");

/** Why `move` is not one of the legal moves, naming the rule. */
function refusal(state, move) {
  if (state.over) {
    return new IllegalPlay(`the game is over: seat ${state.winner} holds every chip (three-chip-stack-elimination)`);
  }
  if (!isMoveShape(move)) {
    return new IllegalPlay('a move is fold, check, see, bet, raise, exchange or keep, like {"action": "see"} ' +
      `or {"action": "raise", "amount": 2}, not ${JSON.stringify(move)}`);
  }
  const p = state.toAct[0];
  const action = move.action;
  if (state.phase === EXCHANGE) {
    if (!SWAPPING.includes(action)) {
      return new IllegalPlay("the betting round is over: each player still in now throws away one card " +
        "or keeps all three (three-chip-stack-exchange)");
    }
    return new IllegalPlay(`seat ${p} holds no ${JSON.stringify(move.card)} to throw away (three-chip-stack-exchange)`);
  }
  if (SWAPPING.includes(action)) {
    return new IllegalPlay("cards are exchanged after the first round of betting, not during a round " +
      "(three-chip-stack-exchange)");
  }
  const opts = options(state);
  if (action === "check") {
    const rule = state.phase === FIRST ? "three-chip-stack-ruling-dealer-last" : roundRule(state);
    return new IllegalPlay(`there is a bet of ${state.bet} to see (${opts.seeCost} more for seat ${p}): ` +
      `see, raise or fold (${rule})`);
  }
  if (action === "see") {
    if (opts.seeCost === 0) return new IllegalPlay(`there is nothing to see: check, bet or raise (${roundRule(state)})`);
    return new IllegalPlay(`seeing costs ${opts.seeCost} chips but seat ${p} has ${state.chips[p]}: a player ` +
      "who cannot see the bet must fold (three-chip-stack-ruling-short)");
  }
  if (action === "bet" && !opts.canBet) {
    return new IllegalPlay(`there is already a bet of ${state.bet}: see, raise or fold (${roundRule(state)})`);
  }
  if (action === "raise" && opts.canBet) {
    return new IllegalPlay("there is no bet to raise yet: bet or check (three-chip-stack-second-round)");
  }
  const amount = move.amount;
  if (!Number.isInteger(amount) || amount < 1) {
    const rule = action === "raise" ? "three-chip-stack-ruling-min-raise" : "three-chip-stack-ruling-second-bet";
    return new IllegalPlay(`a ${action} is a whole number of chips, 1 or more, not ${JSON.stringify(amount)} (${rule})`);
  }
  return new IllegalPlay(`that costs ${opts.seeCost + amount} chips but seat ${p} has ${state.chips[p]}: nobody ` +
    "puts in chips they do not have (three-chip-stack-ruling-short)");
}

/** One betting action (the engine's apply_action and _round_over): returns the phase it leads to,
 * "first_round"/"second_round" (go on), "exchange", "showdown" or "folded" (one player left). */
function applyAction(out, state, move) {
  const p = state.toAct[0];
  const opts = options(state);
  const chips = state.chips.slice();
  const putIn = state.putIn.slice();
  let toAct = state.toAct.slice(1);
  let inHand = state.inHand;
  if (move.action === "fold") {
    inHand = state.inHand.slice();
    inHand[p] = false;
    if (state.phase === FIRST && putIn[p] === 0 && p !== state.dealer) {
      // three-chip-stack-fold-first: a player who bets nothing passes the dealer a chip
      // (three-chip-stack-ruling-fold-chip); three-chip-stack-ruling-passed-chip: the dealer has
      // it at once, or (after-hand) it waits beside the dealer until the hand is over.
      chips[p] -= FOLD_CHIP;
      if (houseOfState(state)["passed-chip"] !== "after-hand") chips[state.dealer] += FOLD_CHIP;
      out.passedToDealer = state.passedToDealer + FOLD_CHIP;
    }
    // three-chip-stack-fold-second: folding in the second round costs nothing more.
  } else if (move.action === "see") {
    chips[p] -= opts.seeCost;
    putIn[p] += opts.seeCost;
    out.pot = state.pot + opts.seeCost;
  } else if (move.action === "bet" || move.action === "raise") {
    // A bet or a raise: everyone else still in acts again (three-chip-stack-ruling-betting).
    const cost = opts.seeCost + move.amount;
    chips[p] -= cost;
    putIn[p] += cost;
    out.pot = state.pot + cost;
    out.bet = state.bet + move.amount;
    toAct = orderFromLeft(state.players, p).filter((s) => s !== p && state.inHand[s]);
  }
  out.chips = chips;
  out.putIn = putIn;
  out.inHand = inHand;
  out.toAct = toAct;
  checkChips(out);
  // _round_over: one player left takes the pot (three-chip-stack-ruling-all-fold); a round is
  // done when everyone still in has acted since the last raise (three-chip-stack-ruling-betting).
  if (inHand.filter(Boolean).length === 1) return "folded";
  if (toAct.length) return state.phase;
  return state.phase === FIRST ? EXCHANGE : "showdown";
}

/** The next dealer: to the left, skipping players who are out (three-chip-stack-ruling-next-dealer). */
function nextDealer(chips, dealer) {
  const n = chips.length;
  for (let step = 1; step <= n; step += 1) {
    const seat = (dealer + step) % n;
    if (chips[seat] > 0) return seat;
  }
  throw new IllegalPlay("nobody has any chips left to deal");
}

/** The engine's settle: the pot to the last player in (three-chip-stack-ruling-all-fold), or at
 * the showdown (three-chip-stack-showdown, three-chip-stack-split, three-chip-stack-ruling-odd-chip)
 * among the players still in, in turn order from the dealer's left; then elimination. */
function finishHand(out, showdown) {
  const n = out.players;
  const order = orderFromLeft(n, out.dealer).filter((s) => out.inHand[s]);
  const potTo = new Array(n).fill(0);
  let decidedBy = null;
  let winners;
  const house = houseOfState(out);
  const oddChip = house["odd-chip"];
  let odd = 0;
  if (!showdown) {
    winners = [order[0]];
    potTo[order[0]] = out.pot;
  } else {
    const result = decideShowdown(order.map((s) => out.hands[s].map(cardOf)), out.pot, house);
    decidedBy = result.decided_by;
    winners = result.winners.map((i) => order[i]).sort((a, b) => a - b);
    result.shares.forEach((share, i) => { potTo[order[i]] = share; });
    odd = result.odd ?? 0;
    if (oddChip === "dealer") potTo[out.dealer] += odd;
  }
  const chips = out.chips.map((c, s) => c + potTo[s]);
  // passed-chip after-hand: the chips passed on folds reach the dealer now.
  if (house["passed-chip"] === "after-hand") chips[out.dealer] += out.passedToDealer;
  const carried = oddChip === "next-hand" ? odd : 0;
  if (sum(chips) + carried !== total(out)) throw new Error(`chips created or lost: ${JSON.stringify(chips)}`);
  const folded = [];
  for (let s = 0; s < n; s += 1) if (out.dealtIn[s] && !out.inHand[s]) folded.push(s);
  out.rounds.push({
    number: out.handNumber, dealer: out.dealer, showdown, hands: out.hands.map((h) => h.slice()),
    inHand: out.inHand.slice(), pot: out.pot, potTo, winners, decidedBy, passedToDealer: out.passedToDealer,
    folded, chips: chips.slice(), odd, oddTo: oddChip === "winners" ? null : oddChip,
  });
  out.last.handOver = true;
  out.totals = chips.slice();
  out.chips = chips;
  out.pot = 0;
  out.toAct = [];
  const live = chips.flatMap((c, s) => (c > 0 ? [s] : []));
  if (live.length === 1) { // three-chip-stack-elimination: one player holds every chip
    out.phase = OVER;
    out.over = true;
    out.winner = live[0];
    return;
  }
  // three-chip-stack-next-dealer, three-chip-stack-ruling-next-dealer.
  out.handNumber += 1;
  // three-chip-stack-ruling-odd-chip: under next-hand the chips a split left over start the pot.
  startHand(out, nextDealer(chips, out.dealer), out.rng, carried);
}

export function applyMove(state, move) {
  if (!isMoveShape(move) || !legalMoves(state).some((m) => sameMove(m, move))) throw refusal(state, move);
  const p = state.toAct[0];
  const out = { ...state, rounds: state.rounds.slice() };
  out.last = { seat: p, action: move.action, amount: move.amount ?? null, card: move.card ?? null, drew: null,
    passed: 0, handOver: false };
  if (state.phase === EXCHANGE) {
    if (move.action === "exchange") {
      // three-chip-stack-exchange: the card thrown away, the top card of the deck dealt in.
      const hand = state.hands[p].slice();
      hand.splice(hand.indexOf(move.card), 1);
      hand.push(state.deck[0]);
      out.hands = state.hands.map((h, s) => (s === p ? hand : h));
      out.last.drew = state.deck[0];
      out.deck = state.deck.slice(1);
      out.discards = [...state.discards, move.card];
    }
    out.toAct = state.toAct.slice(1);
    if (!out.toAct.length) {
      // end_exchange: the second round starts at the dealer's left, no bet yet.
      out.phase = SECOND;
      out.toAct = orderFromLeft(state.players, state.dealer).filter((s) => state.inHand[s]);
      out.bet = 0;
      out.putIn = new Array(state.players).fill(0);
    }
    checkChips(out);
    return out;
  }
  const next = applyAction(out, state, move);
  out.last.passed = out.passedToDealer - state.passedToDealer; // three-chip-stack-fold-first
  if (next === EXCHANGE) {
    out.phase = EXCHANGE;
    out.toAct = orderFromLeft(state.players, state.dealer).filter((s) => out.inHand[s]);
  } else if (next === "showdown" || next === "folded") {
    finishHand(out, next === "showdown");
  }
  checkChips(out);
  return out;
}

// --- The computer player ------------------------------------------------------------------

// Every three-card hand by strengths alone, best first: the 455 multisets of the 13 strengths,
// in the order of Python's combinations_with_replacement.
const PATTERNS = [];
for (let c = 0; c < 13; c += 1) for (let b = c; b < 13; b += 1) for (let a = b; a < 13; a += 1) PATTERNS.push([a, b, c]);
const COMB = [[1, 0, 0, 0], [1, 1, 0, 0], [1, 2, 1, 0], [1, 3, 3, 1], [1, 4, 6, 4]];
const ODDS = new Map();

function compare(a, b) {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Out of every hand of three an opponent could hold from the 49 unseen cards: how many are worse,
 * how many tie, and how many there are (three-chip-stack-showdown; suits never matter,
 * three-chip-stack-ruling-suits). */
function odds(hand) {
  const key = handKey(hand);
  const id = key.join(",");
  const known = ODDS.get(id);
  if (known) return known;
  const left = new Array(13).fill(4);
  for (const st of key) left[st] -= 1;
  let worse = 0;
  let tie = 0;
  let all = 0;
  for (const pat of PATTERNS) {
    const [a, b, c] = pat;
    let ways;
    if (a === b && b === c) ways = COMB[left[a]][3];
    else if (a === b) ways = COMB[left[a]][2] * left[c];
    else if (b === c) ways = left[a] * COMB[left[b]][2];
    else ways = left[a] * left[b] * left[c];
    if (!ways) continue;
    all += ways;
    const cmp = compare(pat, key);
    if (cmp < 0) worse += ways;
    else if (cmp === 0) tie += ways;
  }
  const out = [worse, tie, all];
  ODDS.set(id, out);
  return out;
}

/** The chance `hand` (card objects) beats `opponents` random hands, a tie counted half. */
function winChance(hand, opponents) {
  const [worse, tie, all] = odds(hand);
  const one = (2 * worse + tie) / (2 * all);
  let p = 1.0;
  for (let i = 0; i < opponents; i += 1) p *= one;
  return p;
}

/** How many chips the computer is willing to have in this round. */
function target(p, stack) {
  const edge = p - 0.45;
  return edge > 0 ? Math.trunc(stack * edge * 0.8) : 0;
}

/** What folding costs the seat to act: a chip to the dealer in the first round from a player who
 * has put nothing in (three-chip-stack-fold-first, three-chip-stack-ruling-fold-chip), else nothing. */
function foldCost(state) {
  const p = state.toAct[0];
  return state.phase === FIRST && state.putIn[p] === 0 && p !== state.dealer ? FOLD_CHIP : 0;
}

/** The chips the seat to act would have left after seeing the bet, when those are too few to see
 * the next hand's smallest bet of 3 (three-chip-stack-first-round) but folding would keep enough;
 * null otherwise (short_after_see in the Python module). */
export function shortAfterSee(state) {
  if (state.over || state.phase === EXCHANGE) return null;
  const p = state.toAct[0];
  const owed = state.bet - state.putIn[p];
  const chips = state.chips[p];
  if (owed <= 0 || owed > chips) return null;
  const left = chips - owed;
  return left < FIRST_ROUND_MINIMUM && FIRST_ROUND_MINIMUM <= chips - foldCost(state) ? left : null;
}

// The computer's levels (issue 28): "standard" raises and bets as much as its chance of winning is
// worth and sees when the pot pays for the risk; "gentle" never raises and never bluffs: it bets a
// stack of 3 (GENTLE_BET, three-chip-stack-first-round's smallest bet) only with strong cards and
// only when nobody has bet, sees with fair cards, and folds weak ones early, even at the cost of a
// chip (three-chip-stack-fold-first). See LEVELS in the Python module for the measure.
export const LEVELS = Object.freeze(["gentle", "standard"]);
const GENTLE_BET = FIRST_ROUND_MINIMUM;
// Strong cards beat three hands in four dealt at random (a 3; two Aces; an Ace and a King with a 6
// or better); fair cards, at least half of them (an Ace; a King with a 9 or better, nearly always).
const GENTLE_STRONG = 0.75;
const GENTLE_FAIR = 0.5;

/** Whether seeing the bet would take half the chips of the seat to act or more, which the gentle
 * computer risks only with strong cards. */
const gentleRisky = (state) => 2 * (state.bet - state.putIn[state.toAct[0]]) >= state.chips[state.toAct[0]];

/** three-chip-stack-exchange: throw away the worst card when most unseen cards beat it, else keep
 * all three (three-chip-stack-ruling-exchange); both levels alike. */
function exchangeMove(state, hand) {
  const p = state.toAct[0];
  let worst = 0;
  for (let i = 1; i < hand.length; i += 1) if (strength(hand[i]) < strength(hand[worst])) worst = i;
  const s = strength(hand[worst]);
  const unseenBetter = 4 * (12 - s) - hand.filter((c) => strength(c) > s).length;
  if (2 * unseenBetter > FULL_DECK.length - hand.length) return { action: "exchange", card: state.hands[p][worst] };
  return { action: "keep" };
}

/** The gentle computer in a betting round (_gentle_move in the Python module): bet GENTLE_BET with
 * strong cards when nobody has bet, else check when it may; see with fair cards (strong ones when
 * the see takes half its chips or more); else fold. It never raises. */
function gentleMove(state, moves, chance) {
  const byAction = {};
  for (const m of moves) if (["check", "see", "fold"].includes(m.action)) byAction[m.action] = m;
  const bets = moves.filter((m) => m.action === "bet"); // 1 chip, 2, ... up to all it has
  if (bets.length && chance >= GENTLE_STRONG) return bets[Math.min(GENTLE_BET, bets.length) - 1];
  if (byAction.check) return byAction.check;
  if (byAction.see && chance >= (gentleRisky(state) ? GENTLE_STRONG : GENTLE_FAIR)) return byAction.see;
  return byAction.fold;
}

/** The computer's move at `level` (LEVELS), by the strength of its three cards (see bot_move in
 * the Python module). */
export function botMove(state, level = "standard") {
  if (!LEVELS.includes(level)) {
    throw new RulebookError(`opponent: the computer plays at level "gentle" or "standard", not ${JSON.stringify(level)}`);
  }
  const moves = legalMoves(state);
  if (!moves.length) {
    throw new IllegalPlay(`the game is over: seat ${state.winner} holds every chip (three-chip-stack-elimination)`);
  }
  const p = state.toAct[0];
  const hand = state.hands[p].map(cardOf);
  if (state.phase === EXCHANGE) return exchangeMove(state, hand);
  // Judged against one hand dealt at random, however many are still in (see bot_move in Python).
  const chance = winChance(hand, 1);
  if (level === "gentle") return gentleMove(state, moves, chance);
  const stack = state.chips[p] + state.putIn[p];
  const want = target(chance, stack);
  const owed = state.bet - state.putIn[p];
  const byAction = {};
  for (const m of moves) if (["check", "see", "fold"].includes(m.action)) byAction[m.action] = m;
  const ups = moves.filter((m) => m.action === "bet" || m.action === "raise");
  if (ups.length && want > state.bet) return ups[Math.min(want - state.bet, ups.length) - 1];
  if (byAction.check) return byAction.check;
  if (byAction.see) {
    // three-chip-stack-ruling-fold-chip: a first-round fold with nothing put in costs a chip.
    const cost = foldCost(state);
    let worth = chance * (state.pot + owed) - owed >= -cost;
    // Issue 28: a see that leaves fewer chips than the next hand's smallest bet of 3 risks nearly
    // everything; the chips left count as lost with the bet, and the chance of the whole pot must
    // be worth twice the chips a fold keeps (see bot_move in the Python module for the measure).
    if (worth && shortAfterSee(state) !== null) {
      const chips = state.chips[p];
      worth = chance * (chips + state.pot) >= 2 * (chips - cost);
    }
    if (worth) return byAction.see;
  }
  return byAction.fold;
}
