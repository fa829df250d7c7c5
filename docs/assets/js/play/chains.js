// Chains, a whole game of ten hands against the computer: the browser port of
// generator/engine/play/chains.py, step for step, on the same JSON state (see that module for the
// state and the moves). tests/test_play_differential_chains_stack.py holds the two equal state by
// state. Legal plays and scores come from ../engine/chains.js; the turn-by-turn rules of a hand
// are the port of apply_move in generator/engine/games/chains.py. Rule ids point at
// rules-data/chains.yaml.

import {
  IllegalPlay, RulebookError, buildDeck, card as cardOf, houseField,
} from "../engine/cards.js";
import { HOUSE_OPTIONS, handPoints, houseVariants, judgePlay } from "../engine/chains.js";
import { below, seedState, shuffled } from "./rng.js";

const GAME = "chains";
const MIN_PLAYERS = 2;
// The practice table seats two to six; one deck serves them all (chains-ruling-decks).
const MAX_PLAYERS = 6;
// chains-deal: five cards each; chains-game: ten hands.
const HAND_SIZE = 5;
const HANDS_PER_GAME = 10;
const DECKS = 1;
// Every card of the one deck in pack order, without jokers (chains-ruling-jokers).
const FULL_DECK = buildDeck(DECKS, false).map((c) => c.code);
const CODES = new Set(FULL_DECK);

const PLAY = "play";
const DRAW = "draw";
const PASS = "pass";

const cards = (codes) => codes.map(cardOf);
const points = (codes) => handPoints(cards(codes), DECKS);

/** The table's own rules as the state keeps them (house_of): the options, checked by houseField,
 * whose value is not the family's, in HOUSE_OPTIONS order. */
function houseOf(house = null) {
  const chosen = houseField(house ?? null, HOUSE_OPTIONS);
  const out = {};
  for (const o of HOUSE_OPTIONS) if (chosen[o.id] !== o.default) out[o.id] = chosen[o.id];
  return out;
}

/** The variations the table plays (chains-ruling-variations-combine: any together). */
const variantsOf = (state) => houseVariants(state.house || {});

/** The cards of the hand to act that may go on the top card, in hand order. judgePlay under the
 * table's variations: runs and royals round the circle K-A-2 (chains-ruling-ace); with one deck
 * no card goes on itself (chains-ruling-same-card). */
function playable(state) {
  const top = cardOf(state.pile[state.pile.length - 1]);
  const variants = variantsOf(state);
  const out = [];
  for (const code of state.hands[state.turn]) {
    if (out.includes(code) || code === top.code) continue;
    if (judgePlay(top, cardOf(code), DECKS, variants).legal) out.push(code);
  }
  return out;
}

/** chains-deal, chains-upcard: a fresh shuffle, one card at a time clockwise from the dealer's
 * left until each player has five; the next card starts the pile, the rest is the deck. */
function dealHand(players, dealer, seed) {
  const [order, next] = shuffled(seed, FULL_DECK);
  const hands = Array.from({ length: players }, () => []);
  for (let i = 0; i < HAND_SIZE * players; i += 1) hands[(dealer + 1 + i) % players].push(order[i]);
  const need = HAND_SIZE * players + 1;
  // chains-first-play: the player on the dealer's left goes first, on the upcard.
  return [{ turn: (dealer + 1) % players, again: false, hadTurn: [], stuck: 0, hands, deck: order.slice(need),
    pile: [order[need - 1]] }, next];
}

function putHand(state, hs) {
  state.turn = hs.turn;
  state.again = hs.again;
  state.hadTurn = hs.hadTurn;
  state.stuck = hs.stuck;
  state.hands = hs.hands;
  state.deck = hs.deck;
  state.pile = hs.pile;
}

export function newGame({ players, seed, house = null } = {}) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new IllegalPlay(`a practice game of Chains is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, ` +
      `not ${players} (chains-ruling-players)`);
  }
  if (!Number.isSafeInteger(seed)) {
    throw new IllegalPlay(`the seed must be a whole number of at most ${Number.MAX_SAFE_INTEGER} either side of 0, not ${seed}`);
  }
  const chosen = houseOf(house);
  let r = seedState(seed);
  // chains-ruling-first-dealer: any way the table likes; here the seed draws the first dealer.
  let first;
  [first, r] = below(r, players);
  const state = {
    game: GAME, players, seed, handNumber: 1, firstDealer: first, dealer: first, turn: null, again: false,
    hadTurn: [], stuck: 0, hands: [], deck: [], pile: [], totals: new Array(players).fill(0), rounds: [],
    over: false, winners: [], last: null, rng: 0, house: chosen,
  };
  const [hs, next] = dealHand(players, first, r);
  putHand(state, hs);
  state.rng = next;
  return state;
}

export function seatToAct(state) {
  return state.over ? null : state.turn;
}

// chains-ruling-deck-runs-out: an empty deck is refilled from the pile under its top card.
const nothingToDraw = (state) => state.deck.length === 0 && state.pile.length <= 1;

export function legalMoves(state) {
  if (state.over) return [];
  const moves = playable(state).map((code) => ({ action: PLAY, card: code }));
  if (state.again) {
    // chains-ruling-royal: stopping after a royal costs no card; with the draw-after-royal
    // variation it is a draw, while there is one.
    const draws = variantsOf(state).has("draw-after-royal") && !nothingToDraw(state);
    moves.push({ action: draws ? DRAW : PASS });
  } else if (!moves.length) {
    // chains-ruling-must-play: draw only when no card can be played; chains-ruling-first-turn: a
    // first turn of the hand passes instead; chains-ruling-deck-runs-out: so does a player with
    // nothing left to draw.
    const firstTurn = !state.hadTurn.includes(state.turn);
    moves.push({ action: firstTurn || nothingToDraw(state) ? PASS : DRAW });
  }
  return moves;
}

const sameMove = (a, b) => a.action === b.action && (a.action !== PLAY || a.card === b.card);

function isMoveShape(move) {
  if (move === null || typeof move !== "object" || Array.isArray(move)) return false;
  if (![PLAY, DRAW, PASS].includes(move.action)) return false;
  const keys = Object.keys(move).sort().join(",");
  return keys === (move.action === PLAY ? "action,card" : "action");
}

/** Why `move` is not one of the legal moves, naming the rule. */
function refusal(state, move) {
  if (state.over) return new IllegalPlay("the game is over: all ten hands have been played (chains-game)");
  const p = state.turn;
  const top = state.pile[state.pile.length - 1];
  if (!isMoveShape(move)) {
    return new IllegalPlay("a move is a play of a card, a draw or a pass, like " +
      `{"action": "play", "card": "8H"}, not ${JSON.stringify(move)}`);
  }
  const can = playable(state);
  if (move.action === PLAY) {
    const code = move.card;
    if (typeof code !== "string" || !CODES.has(code)) {
      return new IllegalPlay(`a play names the card to play, like "8H", not ${JSON.stringify(code)}`);
    }
    if (!state.hands[p].includes(code)) {
      return new IllegalPlay(`seat ${p} holds no ${code}: a player plays a card from their own hand ` +
        "(chains-first-play)");
    }
    if (cardOf(code).rank === cardOf(top).rank) {
      return new IllegalPlay(`${code} may not go on ${top}: matching the rank alone is not allowed (chains-same-rank)`);
    }
    return new IllegalPlay(`${code} may not go on ${top}: a card must be one rank up or down (a run) ` +
      "or of the same suit (a flush) (chains-legal-plays)");
  }
  if (state.again) {
    if (variantsOf(state).has("draw-after-royal")) {
      if (move.action === PASS) {
        return new IllegalPlay("with the draw-after-royal variation, a player who plays no other " +
          "card after a royal draws one (chains-variant-draw-after-royal)");
      }
      return new IllegalPlay("there is nothing left to draw, so a player who stops after a royal " +
        "passes (chains-ruling-deck-runs-out)");
    }
    return new IllegalPlay("after a royal a player may play another card or stop, and draws nothing " +
      "(chains-ruling-royal)");
  }
  if (can.length) {
    return new IllegalPlay(`seat ${p} can play ${can[0]} on ${top}, so must play a card: ` +
      "a player draws only when they cannot play (chains-ruling-must-play)");
  }
  if (move.action === DRAW) {
    if (!state.hadTurn.includes(p)) {
      return new IllegalPlay("on a first turn of the hand, a player who cannot play passes without " +
        "drawing (chains-first-turn)");
    }
    return new IllegalPlay("there is nothing left to draw, so a player who cannot play passes " +
      "(chains-ruling-deck-runs-out)");
  }
  return new IllegalPlay("a player who cannot play after their first turn draws a card (chains-draw)");
}

const withSeat = (seats, p) => (seats.includes(p) ? seats.slice() : [...seats, p].sort((a, b) => a - b));

/** One legal move on the hand in play: the port of apply_move in generator/engine/games/chains.py.
 * Returns [hand state, step, out, blocked]. */
function stepHand(state, move) {
  const p = state.turn;
  const n = state.players;
  const hand = state.hands[p];
  const base = { turn: state.turn, again: state.again, hadTurn: state.hadTurn, stuck: state.stuck,
    hands: state.hands, deck: state.deck, pile: state.pile };
  // _end_turn: the turn passes to the left; the player has had a turn this hand (chains-first-turn).
  // chains-ruling-direction: the next seat to the left.
  const endTurn = (changes) => ({ ...base, stuck: 0, ...changes, turn: (p + 1) % n, again: false,
    hadTurn: withSeat(state.hadTurn, p) });
  if (move.action === PLAY) {
    const top = cardOf(state.pile[state.pile.length - 1]);
    const verdict = judgePlay(top, cardOf(move.card), DECKS, variantsOf(state));
    const i = hand.indexOf(move.card);
    const newHand = [...hand.slice(0, i), ...hand.slice(i + 1)];
    const hands = state.hands.map((h, s) => (s === p ? newHand : h));
    const pile = [...state.pile, move.card];
    const step = { kind: verdict.kind, drew: null, again: false, wentOut: false };
    if (!newHand.length) {
      // The hand ends the moment a player has no cards, even after a royal
      // (chains-ruling-royal-last-card).
      return [{ ...base, hands, pile, again: false, hadTurn: withSeat(state.hadTurn, p) },
        { ...step, wentOut: true }, p, false];
    }
    if (verdict.again) {
      // chains-royal: the same player may play another card (chains-ruling-royal-chain).
      return [{ ...base, hands, pile, again: true }, { ...step, again: true }, null, false];
    }
    return [endTurn({ hands, pile }), step, null, false];
  }
  const canPlay = playable(state).length > 0;
  let stock = state.deck;
  let pile = state.pile;
  if (!stock.length && pile.length > 1) {
    // chains-draw (chains-ruling-deck-runs-out): the pile under the top card, turned over
    // without shuffling, is the new deck.
    stock = pile.slice(0, -1);
    pile = pile.slice(-1);
  }
  const step = { kind: null, drew: null, again: false, wentOut: false };
  if (move.action === DRAW) {
    const drawn = stock[0];
    const hands = state.hands.map((h, s) => (s === p ? [...h, drawn] : h));
    return [endTurn({ hands, deck: stock.slice(1), pile }), { ...step, drew: drawn }, null, false];
  }
  if (!stock.length && !canPlay && !state.again) {
    // chains-ruling-deck-runs-out, chains-ruling-blocked: when every player in turn can neither
    // play nor draw, the hand ends there and everyone counts the cards they hold.
    const stuck = state.stuck + 1;
    const blocked = stuck >= n;
    return [endTurn({ stuck, deck: stock, pile }), step, null, blocked];
  }
  return [endTurn({}), step, null, false];
}

function copyState(state) {
  return { ...state, totals: state.totals.slice(), rounds: state.rounds.slice(), winners: state.winners.slice() };
}

export function applyMove(state, move) {
  const legal = legalMoves(state);
  if (!isMoveShape(move) || !legal.some((m) => sameMove(m, move))) throw refusal(state, move);
  const p = state.turn;
  const [hs, step, out, blocked] = stepHand(state, move);
  const next = copyState(state);
  next.last = {
    seat: p, action: move.action, card: move.action === PLAY ? move.card : null, kind: step.kind,
    drew: step.drew, again: step.again, wentOut: step.wentOut, handOver: false,
  };
  putHand(next, hs);
  if (out === null && !blocked) return next;
  // chains-hand-end: someone is out (or, chains-ruling-blocked, nobody can move): count up.
  const scores = hs.hands.map(points); // chains-scoring
  next.last.handOver = true;
  next.rounds.push({
    number: state.handNumber, dealer: state.dealer, out, blocked, hands: hs.hands.map((h) => h.slice()), scores,
  });
  // game_result: the running totals.
  next.totals = next.totals.map((t, s) => t + scores[s]);
  if (next.rounds.length === HANDS_PER_GAME) { // chains-game: ten hands
    const low = Math.min(...next.totals);
    next.over = true;
    next.turn = null;
    // chains-ruling-tie: equal lowest totals share the win.
    next.winners = next.totals.flatMap((t, s) => (t === low ? [s] : []));
    return next;
  }
  // chains-hand-end: the deal passes to the left (dealer_of_hand).
  next.handNumber = state.handNumber + 1;
  next.dealer = (state.firstDealer + next.handNumber - 1) % state.players;
  const [nh, r] = dealHand(state.players, next.dealer, state.rng);
  next.rng = r;
  putHand(next, nh);
  return next;
}

// --- The computer player ------------------------------------------------------------------

/** The fewest points the hand can be left holding this turn (a card on `top`, then after each
 * royal the best extra card or none: chains-ruling-royal-chain; none when not `extras`): [points
 * left, index of the first card to play], the earliest card on equal points; -1 when no card can
 * be played. */
function leftAfter(hand, top, variants = new Set(), extras = true) {
  let best = [points(hand), -1];
  const topCard = cardOf(top);
  for (let i = 0; i < hand.length; i += 1) {
    if (hand[i] === top) continue;
    const verdict = judgePlay(topCard, cardOf(hand[i]), DECKS, variants);
    if (!verdict.legal) continue;
    const rest = [...hand.slice(0, i), ...hand.slice(i + 1)];
    let left = points(rest);
    if (extras && verdict.again && rest.length) left = Math.min(left, leftAfter(rest, hand[i], variants)[0]);
    if (left < best[0]) best = [left, i];
  }
  return best;
}

// The computer's levels (issue 28): "standard" plays the card that leaves its hand cheapest,
// counting the extra plays its royals earn, and takes them; "gentle" plays its dearest card but
// never takes the extra play a royal earns (chains-ruling-royal: a choice), so it goes out later.
export const LEVELS = Object.freeze(["gentle", "standard"]);

/** The computer's move at `level` (LEVELS): the card that leaves its hand cheapest, counting the
 * extra plays its royals earn (gentle: counting none, and stopping after a royal); when it cannot
 * play, the one move left (draw, or pass). */
export function botMove(state, level = "standard") {
  if (!LEVELS.includes(level)) {
    throw new RulebookError(`opponent: the computer plays at level "gentle" or "standard", not ${JSON.stringify(level)}`);
  }
  const moves = legalMoves(state);
  if (!moves.length) throw new IllegalPlay("the game is over: nobody is to move (chains-game)");
  if (moves[0].action !== PLAY) return moves[0];
  const gentle = level === "gentle";
  // chains-ruling-royal: stopping after a royal (a draw under draw-after-royal)
  if (gentle && state.again) return moves[moves.length - 1];
  const hand = state.hands[state.turn];
  const [, i] = leftAfter(hand, state.pile[state.pile.length - 1], variantsOf(state), !gentle);
  // stopping after a royal: a pass, or a draw (the draw-after-royal variation)
  return i < 0 ? moves[moves.length - 1] : { action: PLAY, card: hand[i] };
}
