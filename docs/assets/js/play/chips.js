// Chips, the whole game, as a state machine of pure functions: the browser port of
// generator/engine/play/chips.py, step for step (the same state, the same moves, the same
// computer player), tied to it by tests/test_play_differential.py. The module docstring there
// describes the state and the moves. Scoring is the engine port's (../engine/chips.js:
// bestArrangement for every hand and lay-off); the tie-breakers are rank/chips.js's rankGame.
// Rule and ruling ids point at rules-data/chips.yaml.
//
//   newGame({players, seed, house}) -> state      legalMoves(state) -> [move]
//   applyMove(state, move) -> next state (pure; throws an IllegalPlay naming the rule)
//   botMove(state, level) -> move (LEVELS)  seatToAct(state) -> seat, or null when over
//   extraSeat(state) -> the seat dealt the extra card this round

import { IllegalPlay, RANKS, RulebookError, SUITS, card } from "../engine/cards.js";
import {
  HOUSE_OPTIONS, RANDOM_EXTRA_PLAYERS, arrangementRecord, bestArrangement, cardValue, groupRecord, houseOptions, parseGroup,
} from "../engine/chips.js";
import { HAND_SIZES, ROUNDS, rankGame, seatForRound } from "../engine/rank/chips.js";
import { below, seedState, shuffled } from "./rng.js";

export const GAME = "chips";
// chips-players: two or more; the practice table seats up to ten (three packs, chips-ruling-packs:
// 101 cards dealt in the ten-card round of 162), so the nine-or-more variant can be played there.
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
// chips-discard-depth: the top card of the pile, and the second and third down.
export const PILE_REACH = 3;

const SUIT_INDEX = { S: 0, H: 1, D: 2, C: 3 };
const RANK_NUMBER = { A: 1, J: 11, Q: 12, K: 13 };
for (let n = 2; n <= 10; n++) RANK_NUMBER[String(n)] = n;

const rankOf = (code) => code.slice(0, -1);
const suitOf = (code) => code.slice(-1);
const numberOf = (code) => (code === "JK" ? 0 : RANK_NUMBER[rankOf(code)]);
/** The engine's order (sortCards): by suit S H D C, then rank; jokers last. */
const order = (code) => (code === "JK" ? 64 : SUIT_INDEX[suitOf(code)] * 16 + RANK_NUMBER[rankOf(code)]);
const sorted = (cards) => [...cards].sort((a, b) => order(a) - order(b));
/** chips-wilds: every 2 and every joker. */
const isWildCode = (code) => code === "JK" || rankOf(code) === "2";
/** chips-card-values (the engine's cardValue). */
const value = (code) => cardValue(card(code));
const distinct = (cards) => [...new Set(cards)];

// chips-ruling-k-a-2: the family's reading of K-A-2, the default of the option k-a-2.
const K_A_2 = "no-group";

const cache = new Map();
/** [score, loose cards] of a sorted hand with nothing to lay off onto: the engine's best
 * arrangement (chips-ruling-best-arrangement), with K-A-2 read as the table reads it (kA2, a
 * value of the option k-a-2, chips-ruling-k-a-2). */
function evaluate(key, kA2 = K_A_2) {
  const k = `${kA2} ${key.join(" ")}`;
  let hit = cache.get(k);
  if (hit === undefined) {
    const arr = bestArrangement(key.map(card), null, { "k-a-2": kA2 });
    hit = [arr.score, arr.loose.map((c) => c.code)];
    if (cache.size >= 8192) cache.clear();
    cache.set(k, hit);
  }
  return hit;
}

/** chips-call, chips-ruling-whole-hand: every card, wilds included, in a group. */
function grouped(hand, kA2 = K_A_2) {
  const [score, loose] = evaluate(sorted(hand), kA2);
  return score === 0 && loose.length === 0;
}

/** The table's own rules as the state keeps them (house_of): the options, checked by the
 * engine, whose value is not the family's, in HOUSE_OPTIONS order. */
export function houseOf(house = null) {
  const chosen = houseOptions(house ?? null);
  const out = {};
  for (const o of HOUSE_OPTIONS) if (chosen[o.id] !== o.default) out[o.id] = chosen[o.id];
  return out;
}

/** Every option the table plays by (a state saved before house rules: the family's). */
const rulesOf = (state) => houseOptions(state.house || {});
/** How the table reads K-A-2 (chips-ruling-k-a-2): the option k-a-2's value. */
const kA2Of = (state) => rulesOf(state)["k-a-2"];

/** chips-ruling-throw-back, house throw-back "not-allowed": the card just taken from the pile,
 * which may not be thrown straight back (unless the hand holds another just like it). */
function banned(state) {
  if (state.phase !== "discard" || (state.house || {})["throw-back"] !== "not-allowed") return null;
  const turn = state.turns[state.turns.length - 1];
  if (turn.take !== "pile" || state.hands[state.seat].filter((c) => c === turn.taken).length > 1) return null;
  return turn.taken;
}

/** chips-call: the caller's whole hand, wilds included, in groups (the engine's caller_arrangement). */
function callerArrangement(hand, house = null) {
  const arr = bestArrangement(hand.map(card), null, house);
  if (arr.score !== 0 || arr.loose.length) {
    throw new IllegalPlay(`chips-call: the caller's hand does not form groups: ${arr.loose.map((c) => c.code).join(" ")} would be left over`);
  }
  return arr.groups;
}

// --- The game ------------------------------------------------------------------------------

function packsFor(players) {
  // chips-packs, chips-ruling-packs: one pack with its jokers per four players, rounding up.
  return Math.ceil(players / 4);
}

function buildDeck(packs) {
  const one = [];
  for (const s of SUITS) for (const r of RANKS) one.push(r + s);
  one.push("JK", "JK"); // chips-ruling-jokers: two jokers with each pack
  const out = [];
  for (let p = 0; p < packs; p++) out.push(...one);
  return out;
}

/** chips-deal: the round's size of hand each, one at a time from the dealer's left, then the
 * extra card to the dealer's left, or to seat `extra` (the engine's deal_round). Deck top first. */
function dealRound(deck, players, dealer, size, extra = null) {
  const hands = Array.from({ length: players }, () => []);
  let k = 0;
  for (let r = 0; r < size; r++) {
    for (let seat = 0; seat < players; seat++) hands[(dealer + 1 + seat) % players].push(deck[k++]);
  }
  hands[extra === null ? (dealer + 1) % players : extra].push(deck[k++]);
  return [hands, deck.slice(k)];
}

/** A new game for `players` seats (2-10), its shuffles drawn from `seed`, played by the table's
 * `house` options (null or {}: the family's rules). */
export function newGame({ players, seed, house = null } = {}) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new RulebookError(`chips-players: a practice game seats ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  }
  if (!Number.isInteger(seed)) throw new RulebookError(`seed: expected a whole number, not ${seed}`);
  const chosen = houseOf(house);
  const state = {
    game: GAME, players, packs: packsFor(players),
    seed: seedState(seed), round: 0, handSize: 0, dealer: 0,
    phase: "open", seat: 0, hands: [], deck: [], pile: [],
    caller: null, callerGroups: null, lastTurns: 0, table: null, layOff: null,
    deal: [], turns: [], totals: new Array(players).fill(0), rounds: [], over: false,
    result: null, rng: seedState(seed), house: chosen,
  };
  return deal(state);
}

/** chips-deal, chips-hand-sizes, chips-rotation: a fresh shuffle of every pack; the extra card
 * to the dealer's left, who opens (chips-opening-discard). */
function deal(state) {
  const { players, round: k } = state;
  const [dealer, left0] = seatForRound(players, k, players - 1);
  let extra = left0;
  const size = HAND_SIZES[k];
  const [deck, next] = shuffled(state.rng, buildDeck(state.packs));
  state.rng = next;
  let drawn = null;
  if (rulesOf(state)["random-extra"] === "played" && players >= RANDOM_EXTRA_PLAYERS) {
    // chips-variant-random-extra, chips-ruling-random-extra: the extra card to a seat drawn by
    // lot, never the same seat twice in a game; the deal still moves left
    // (chips-ruling-random-extra-deal); that seat opens (chips-ruling-random-extra-turns).
    const had = [...(state.extraSeats || [])];
    const left = Array.from({ length: players }, (_, p) => p).filter((p) => !had.includes(p));
    const [i, after] = below(state.rng, left.length);
    state.rng = after;
    drawn = extra = left[i];
    state.extraSeats = [...had, drawn];
  }
  const [hands, stock] = dealRound(deck, players, dealer, size, drawn);
  Object.assign(state, {
    handSize: size, dealer, phase: "open", seat: extra,
    hands: hands.map(sorted), deck: stock, pile: [],
    caller: null, callerGroups: null, lastTurns: 0, table: null, layOff: null,
    deal: deck, turns: [],
  });
  return state;
}

/** The seat dealt the extra card this round (extra_seat): the dealer's left (chips-deal,
 * chips-rotation), or the seat drawn by lot under the variant (chips-variant-random-extra). Once
 * the game is over, the last round's. */
export function extraSeat(state) {
  const k = Math.min(state.round, ROUNDS - 1);
  const drawn = state.extraSeats || [];
  if (k < drawn.length) return drawn[k];
  return (state.dealer + 1) % state.players;
}

/** The seat whose move it is; null when the game is over. */
export function seatToAct(state) {
  return state.over ? null : state.seat;
}

/** Every move the seat to act may make, in a fixed order (the computer's and the page's). */
export function legalMoves(state) {
  const { phase } = state;
  if (state.over) return [];
  const hand = state.hands[state.seat];
  if (phase === "open" || phase === "discard") {
    // chips-ruling-throw-back: any card in the hand, the one just taken included (not it, under
    // the house rule throw-back not-allowed).
    const no = banned(state);
    return distinct(hand).filter((c) => c !== no).map((c) => ({ type: "discard", card: c }));
  }
  if (phase === "take") {
    const moves = [];
    if (state.deck.length || state.pile.length >= 2) moves.push({ type: "take", from: "deck" }); // chips-ruling-deck-runs-out
    // chips-discard-depth: the top three of the pile.
    for (let i = 0; i < Math.min(PILE_REACH, state.pile.length); i++) moves.push({ type: "take", from: "pile", index: i });
    return moves;
  }
  if (phase === "call") {
    return [{ type: "call", groups: callerArrangement(hand, state.house || {}).map(groupRecord) }, { type: "pass" }];
  }
  return [{ type: "layOff" }];
}

function copy(state) {
  return {
    ...state,
    hands: state.hands.map((h) => h.slice()),
    pile: state.pile.slice(),
    turns: state.turns.slice(),
    totals: state.totals.slice(),
    rounds: state.rounds.slice(),
  };
}

const show = (v) => (v === undefined ? "undefined" : JSON.stringify(v));

/** The state after `move` by the seat to act; `state` is left as it was. An illegal move
 * throws IllegalPlay naming the rule. */
export function applyMove(state, move) {
  if (state.over) throw new IllegalPlay("chips-winner: the game is over; eight rounds have been played");
  if (move === null || typeof move !== "object" || typeof move.type !== "string") {
    throw new IllegalPlay(`chips-turn: a move is an object with a type (take, discard, call, pass, layOff), not ${show(move)}`);
  }
  const kind = move.type;
  const { phase } = state;
  const next = copy(state);
  if (kind === "take") return take(next, move, phase);
  if (kind === "discard") return discard(next, move, phase);
  if (kind === "call" || kind === "pass") return call(next, move, phase);
  if (kind === "layOff") {
    if (phase !== "layOff") throw new IllegalPlay("chips-lay-off: laying off comes after everyone's last turn after the call");
    return layOff(next);
  }
  throw new IllegalPlay(`chips-turn: unknown move type ${show(kind)} (take, discard, call, pass, layOff)`);
}

const NEXT = {
  open: "throw a card away", take: "take a card", discard: "throw a card away",
  call: "call chips or pass", layOff: "lay off",
};

function take(state, move, phase) {
  if (phase === "open") {
    // chips-ruling-opening-discard: the opening discard is the whole first turn.
    throw new IllegalPlay("chips-opening-discard: the player with the extra card opens by throwing a card away, without taking one");
  }
  if (phase !== "take") {
    throw new IllegalPlay(`chips-turn: one card is taken a turn, then one thrown away; now is the time to ${NEXT[phase]}`);
  }
  const { seat } = state;
  const source = move.from;
  const { pile } = state;
  let taken;
  let turn;
  if (source === "deck") {
    let deck = state.deck.slice();
    if (!deck.length) {
      // chips-ruling-deck-runs-out: the pile but its top card, turned over without shuffling,
      // is the new deck (the pile's bottom card is now on top).
      if (pile.length < 2) {
        throw new IllegalPlay("chips-ruling-deck-runs-out: the deck is empty and the discard pile has no card under its top one to turn over");
      }
      deck = pile.slice(0, -1);
      state.pile = pile.slice(-1);
    }
    taken = deck.shift();
    state.deck = deck;
    turn = { seat, take: "deck", depth: null, taken, discard: null, call: false };
  } else if (source === "pile") {
    const index = move.index === undefined ? 0 : move.index;
    if (!Number.isInteger(index) || index < 0) {
      throw new IllegalPlay(`chips-discard-depth: index is 0 for the top card of the pile, 1 or 2 below it; not ${show(index)}`);
    }
    if (index >= PILE_REACH) {
      throw new IllegalPlay(`chips-discard-depth: a card can be taken at most three deep in the discard pile, not ${index + 1} deep`);
    }
    if (index >= pile.length) throw new IllegalPlay(`chips-discard-depth: the discard pile holds only ${pile.length} card(s)`);
    // chips-ruling-discard-depth: that card alone; the cards above it stay, in order.
    [taken] = pile.splice(pile.length - 1 - index, 1);
    turn = { seat, take: "pile", depth: index + 1, taken, discard: null, call: false };
  } else {
    throw new IllegalPlay(`chips-discard-depth: take from "deck" or "pile", not ${show(source)}`);
  }
  state.hands[seat] = sorted([...state.hands[seat], taken]);
  state.turns.push(turn);
  state.phase = "discard";
  return state;
}

function discard(state, move, phase) {
  if (phase !== "open" && phase !== "discard") {
    if (phase === "take") throw new IllegalPlay("chips-turn: take a card from the deck or the discard pile before throwing one away");
    throw new IllegalPlay(`chips-turn: now is the time to ${NEXT[phase]}`);
  }
  const { seat } = state;
  const c = move.card;
  const old = state.hands[seat];
  if (typeof c !== "string" || !old.includes(c)) {
    throw new IllegalPlay(`chips-turn: ${show(c)} is not in your hand, so it cannot be thrown away`);
  }
  if (c === banned(state)) {
    throw new IllegalPlay(`chips-ruling-throw-back: ${c} was just taken from the discard pile, and at this table it may not be thrown straight back`);
  }
  const hand = old.slice();
  hand.splice(hand.indexOf(c), 1);
  state.hands[seat] = hand;
  state.pile.push(c);
  if (phase === "open") {
    state.turns.push({ seat, take: null, depth: null, taken: null, discard: c, call: false });
    return nextTurn(state);
  }
  state.turns[state.turns.length - 1] = { ...state.turns[state.turns.length - 1], discard: c };
  if (state.caller === null) {
    if (grouped(hand, kA2Of(state))) { // chips-call: the whole hand in groups, after taking and discarding
      state.phase = "call";
      return state;
    }
    return nextTurn(state);
  }
  // chips-last-turn, chips-ruling-after-the-call: one last turn each, and nobody else calls.
  state.lastTurns -= 1;
  if (state.lastTurns === 0) return layDown(state);
  return nextTurn(state);
}

/** chips-turn: turns go round to the left. */
function nextTurn(state) {
  state.seat = (state.seat + 1) % state.players;
  state.phase = "take";
  return state;
}

function countCodes(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

function sameCounts(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function call(state, move, phase) {
  if (phase !== "call") {
    if (state.caller !== null) {
      throw new IllegalPlay("chips-ruling-after-the-call: chips has already been called; the others only take a last turn");
    }
    if (phase === "open") throw new IllegalPlay("chips-ruling-opening-discard: chips cannot be called on the opening discard");
    if (phase === "layOff") throw new IllegalPlay("chips-lay-off: the round has been called; now is the time to lay off");
    throw new IllegalPlay("chips-call-after-turn: chips can be called only after taking a card and throwing one away, and only when every card left is in a group");
  }
  if (move.type === "pass") return nextTurn(state);
  const { seat } = state;
  const given = move.groups;
  const house = state.house || {};
  let groups;
  if (given === undefined || given === null) {
    groups = callerArrangement(state.hands[seat], house); // chips-ruling-whole-hand
  } else {
    if (!Array.isArray(given)) throw new IllegalPlay(`chips-fixed-groups: groups is a list of the caller's groups, not ${show(given)}`);
    try {
      groups = given.map((g, k) => parseGroup(g, `groups[${k}]`, house));
    } catch (e) {
      if (e instanceof RulebookError) throw new IllegalPlay(`chips-fixed-groups: ${e.message}`);
      throw e;
    }
    const laid = countCodes(groups.flatMap((g) => g.cards.map((c) => c.code)));
    if (!sameCounts(laid, countCodes(state.hands[seat]))) {
      throw new IllegalPlay("chips-ruling-whole-hand: the groups must hold every card of your hand, each once");
    }
  }
  // chips-fixed-groups, chips-ruling-wild-stays: the groups, and what each wild stands for,
  // are fixed now; chips-concealed: they stay hidden until the last turns are over.
  state.caller = seat;
  state.callerGroups = groups.map(groupRecord);
  state.lastTurns = state.players - 1;
  state.turns[state.turns.length - 1] = { ...state.turns[state.turns.length - 1], call: true };
  return nextTurn(state);
}

/** After the last turn the caller lays the groups down; the others lay off one at a time in
 * turn order from the caller's left (chips-ruling-layoff-order). */
function layDown(state) {
  const { caller } = state;
  // The groups as the table's rules read them (chips-ruling-k-a-2: a run round the corner, say).
  const groups = state.callerGroups.map((g) => parseGroup(g, undefined, state.house || {}));
  const results = new Array(state.players).fill(null);
  // chips-caller-scores-zero
  results[caller] = arrangementRecord({ score: 0, groups, loose: [], laid: [], extended: groups });
  state.layOff = { hands: state.hands.map((h) => h.slice()), results };
  state.table = state.callerGroups;
  state.hands[caller] = [];
  state.phase = "layOff";
  state.seat = (caller + 1) % state.players;
  return state;
}

/** chips-lay-off: onto the caller's groups only (chips-ruling-lay-off-target), the cards that
 * leave the lowest score, as few as can be (chips-ruling-layoff-aim), seeing what the players
 * before have added (chips-ruling-layoff-order); the engine's bestArrangement. */
function layOff(state) {
  const { seat } = state;
  const house = state.house || {};
  const table = state.table.map((g) => parseGroup(g, undefined, house));
  const arr = bestArrangement(state.hands[seat].map(card), table, house);
  const record = arrangementRecord(arr);
  state.table = arr.extended.map(groupRecord);
  const hand = state.hands[seat].slice();
  for (const c of record.laid_off) hand.splice(hand.indexOf(c), 1);
  state.hands[seat] = hand;
  const results = state.layOff.results.slice();
  results[seat] = record;
  state.layOff = { ...state.layOff, results };
  const nxt = (seat + 1) % state.players;
  if (nxt !== state.caller) {
    state.seat = nxt;
    return state;
  }
  return finishRound(state);
}

function finishRound(state) {
  const { caller } = state;
  const { results } = state.layOff;
  const scores = results.map((r, p) => (p === caller ? 0 : r.score)); // chips-caller-scores-zero
  state.rounds.push({
    round: state.round + 1, handSize: state.handSize, dealer: state.dealer,
    caller, callerGroups: state.callerGroups, hands: state.layOff.hands,
    laidOff: results.map((r) => r.laid_off.slice()), results, table: state.table,
    scores, deal: state.deal, turns: state.turns,
  });
  state.totals = state.totals.map((t, p) => t + scores[p]);
  state.round += 1;
  if (state.round < ROUNDS) return deal(state);
  // chips-winner, chips-tie-most-calls, chips-tie-round-totals, chips-ruling-shared-win: the
  // engine's rankGame, seats named by their numbers.
  const names = Array.from({ length: state.players }, (_, p) => String(p));
  const standing = rankGame(names, state.rounds.map((r) => ({
    scores: Object.fromEntries(r.scores.map((s, p) => [String(p), s])), called: String(r.caller),
  })));
  Object.assign(state, {
    over: true, phase: "over", seat: null,
    result: {
      ranking: standing.ranking.map((place) => place.map(Number)),
      decidedBy: standing.decidedBy, calls: names.map((p) => standing.calls[p]),
    },
  });
  return state;
}

// --- The computer player: it sees only its own hand, the pile and whether chips was called ---

// The computer's levels (issue 28): "standard" calls the moment it may; "gentle" plays the same
// cards but gives the others time, calling only once everyone has had GENTLE_TURNS turns.
export const LEVELS = Object.freeze(["gentle", "standard"]);
// The turns each player has had in the round before the gentle computer calls (the opening
// discard is a turn: chips-ruling-opening-discard).
export const GENTLE_TURNS = 3;

function checkLevel(level) {
  if (!LEVELS.includes(level)) {
    throw new RulebookError(`opponent: the computer plays at level "gentle" or "standard", not ${JSON.stringify(level)}`);
  }
}

/** How many turns each seat has had in this round so far (the turn being played counted). */
export function turnsHad(state) {
  const had = new Array(state.players).fill(0);
  for (const turn of state.turns) had[turn.seat] += 1;
  return had;
}

/** Whether the gentle computer, at the seat to act with every card in a group (phase "call"),
 * plays on: some other player has had fewer than GENTLE_TURNS turns this round. */
export function gentleWaits(state) {
  return turnsHad(state).some((n, p) => p !== state.seat && n < GENTLE_TURNS);
}

/** A legal move for the seat to act, the same for the same state and `level` (LEVELS). It keeps
 * the cards that group, takes from the pile when a card there lowers its score, and calls when it
 * can; at level "gentle", only once everyone has had GENTLE_TURNS turns. */
export function botMove(state, level = "standard") {
  checkLevel(level);
  if (state.over) throw new IllegalPlay("chips-winner: the game is over; nobody is to move");
  const { phase } = state;
  const hand = state.hands[state.seat];
  if (phase === "open" || phase === "discard") {
    return { type: "discard", card: chooseDiscard(hand, state.caller !== null, kA2Of(state), banned(state)) };
  }
  if (phase === "take") return chooseTake(hand, state);
  if (phase === "call") {
    if (level === "gentle" && gentleWaits(state)) return { type: "pass" }; // chips-call: calling is a choice; the gentle computer waits
    return legalMoves(state)[0]; // chips-call: it always calls when it can
  }
  return { type: "layOff" };
}

/** The score left after the best card of this hand (one card over) is thrown away: the
 * dearest loose card; when every natural card groups, the best of each card in turn. */
function afterDiscard(key, kA2 = K_A_2) {
  const [score, loose] = evaluate(key, kA2);
  const naturals = loose.filter((c) => !isWildCode(c)).map(value);
  if (naturals.length) return score - Math.max(...naturals);
  let best = Infinity;
  for (let i = 0; i < key.length; i++) best = Math.min(best, evaluate([...key.slice(0, i), ...key.slice(i + 1)], kA2)[0]);
  return best;
}

function chooseTake(hand, state) {
  const { pile } = state;
  const deckOk = state.deck.length > 0 || pile.length >= 2;
  const kA2 = kA2Of(state);
  let best = evaluate(sorted(hand), kA2)[0];
  let pick = -1;
  for (let i = 0; i < Math.min(PILE_REACH, pile.length); i++) {
    const c = pile[pile.length - 1 - i];
    if (!mayGroup(c, hand)) continue; // it could not group: no help
    const key = sorted([...hand, c]);
    if (evaluate(key, kA2)[1].includes(c) && !isWildCode(c)) continue; // it would not group: no help
    const after = afterDiscard(key, kA2);
    // a wild is worth taking when it costs nothing now; any other card must lower the score
    if (after < best || (pick < 0 && isWildCode(c) && after <= best)) {
      best = after;
      pick = i;
    }
  }
  if (pick >= 0 || !deckOk) return { type: "take", from: "pile", index: Math.max(pick, 0) };
  return { type: "take", from: "deck" };
}

/** Whether `c` could be in a group with cards of `hand`: it is wild, or the hand holds two
 * wilds, a card of its rank, or one of its suit close enough for the wilds to bridge. */
function mayGroup(c, hand) {
  const wilds = hand.filter(isWildCode).length;
  if (isWildCode(c) || wilds >= 2) return true;
  return hand.some((h) => !isWildCode(h) && (rankOf(h) === rankOf(c) || (suitOf(h) === suitOf(c)
    && positions(c).some((p) => positions(h).some((q) => Math.abs(p - q) <= wilds + 1)))));
}

const positions = (code) => (numberOf(code) === 1 ? [1, 14] : [numberOf(code)]);

/** How many of `others` could group with `code`: the same rank, or the same suit within two
 * places (a set or a run in the making). */
function partners(code, others) {
  let count = 0;
  for (const other of others) {
    if (rankOf(other) === rankOf(code)) count++;
    else if (suitOf(other) === suitOf(code)
      && positions(code).some((p) => positions(other).some((q) => Math.abs(p - q) > 0 && Math.abs(p - q) <= 2))) count++;
  }
  return count;
}

const greater = (a, b) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
};

/** The card to throw away from a hand one card over (never `no`, the card that may not be
 * thrown back). */
function chooseDiscard(hand, called, kA2 = K_A_2, no = null) {
  const key = sorted(hand);
  const [, loose] = evaluate(key, kA2);
  const naturals = loose.filter((c) => !isWildCode(c) && c !== no);
  if (naturals.length) {
    // The dearest loose card, less a little for each loose card it could group with later;
    // after a call there is no later, so the dearest.
    let bestCard = "";
    let bestKey = [-1000, 0];
    naturals.forEach((c, i) => {
      const others = [...naturals.slice(0, i), ...naturals.slice(i + 1)];
      const worth = value(c) - (called ? 0 : 4 * partners(c, others));
      const k = [worth, value(c)];
      if (greater(k, bestKey)) {
        bestCard = c;
        bestKey = k;
      }
    });
    return bestCard;
  }
  // Every natural card groups: throw away one that keeps the hand whole if any does (then
  // call), a natural before a wild and the dearest first; else the one that scores least.
  let bestCard = "";
  let rank = [-1, 0, 0, 0];
  for (const c of distinct(hand)) {
    if (c === no) continue;
    const rest = hand.slice();
    rest.splice(rest.indexOf(c), 1);
    const [left, leftLoose] = evaluate(sorted(rest), kA2);
    const whole = left === 0 && leftLoose.length === 0;
    const r = [whole ? 1 : 0, -left, isWildCode(c) ? 0 : 1, value(c)];
    if (greater(r, rank)) {
      bestCard = c;
      rank = r;
    }
  }
  return bestCard;
}
