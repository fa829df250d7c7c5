// Chains in the browser: the port of the `score`, `play`, `hand` and `game` records of
// generator/engine/games/chains.py, step for step. Each returns exactly the Python record or
// {"error": "..."}. Rule ids point at rules-data/chains.yaml.
//
// House options (HOUSE_OPTIONS): the three variations, each "not-played" (the default) or
// "played", given in a record's `house` ({"same-rank": "played"}), in its `variant`, or both if
// they agree; judgePlay and startHand take the house object beside the set of variants.

import {
  CardError, IllegalPlay, RecordError, RANK_NUMBER, cardField, cardsField, checkCopies, checkFields, guard,
  houseField, intField, jsonRepr, pyRepr, pyStrip,
} from "./cards.js";

// chains-scoring: 2-9 ten points, 10/J/Q fifteen, K twenty, A twenty-five.
export const POINTS = { 2: 10, 3: 10, 4: 10, 5: 10, 6: 10, 7: 10, 8: 10, 9: 10, 10: 15, J: 15, Q: 15, K: 20, A: 25 };
// The three variations the source names (chains-variations).
export const VARIANTS = ["no-extra-play", "draw-after-royal", "same-rank"];
// chains-deal: five cards each; chains-game: a game is ten hands.
export const HAND_SIZE = 5;
export const HANDS_PER_GAME = 10;
// The score sheet takes up to this many names (chains.MAX_SHEET_PLAYERS).
const MAX_SHEET_PLAYERS = 20;

/** The house options this engine follows: each variation, as rules-data/chains.yaml declares it
 * (held equal to the game file and to Python's HOUSE_OPTIONS by tests/test_house_engines.py). */
export const HOUSE_OPTIONS = Object.freeze(VARIANTS.map((id) => Object.freeze(
  { id, values: Object.freeze(["not-played", "played"]), default: "not-played" })));
/** The records that take a `house` field. */
export const HOUSE_RECORDS = Object.freeze(["score", "play", "hand", "game"]);

/** The variations a house plays: {"same-rank": "played"} -> Set {"same-rank"}. */
export function houseVariants(house = null) {
  const chosen = houseField(house, HOUSE_OPTIONS);
  return new Set(VARIANTS.filter((v) => chosen[v] === "played"));
}

const withHouse = (variants, house) => (house === null || house === undefined
  ? new Set(variants) : new Set([...variants, ...houseVariants(house)]));

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
export function judgePlay(top, card, decks = 1, variants = new Set(), house = null) {
  noJoker(top);
  noJoker(card);
  checkDecks(decks);
  variants = withHouse(variants, house);
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

const get = (rec, key, fallback = null) => (Object.hasOwn(rec, key) ? rec[key] : fallback);
const decksOf = (rec) => intField(get(rec, "decks", 1), "decks", { minimum: 1, maximum: 8 });

/** The variations a record plays: those `variant` names and those `house` sets to "played";
 * naming one in `variant` that `house` says is "not-played" is refused. */
export function recordVariants(rec) {
  const named = parseVariants(get(rec, "variant"));
  const raw = get(rec, "house");
  const house = houseField(raw, HOUSE_OPTIONS);
  for (const v of [...named].sort()) {
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw) && Object.hasOwn(raw, v) && raw[v] === "not-played") {
      throw new RecordError(`house.${v}: 'not-played' contradicts variant, which names '${v}' as played; ` +
        "give one or the other");
    }
  }
  return new Set([...named, ...houseVariants(house)]);
}

function scoreRecord(rec) {
  rec = checkFields(rec, ["hand"], ["decks", "house"]);
  houseField(get(rec, "house"), HOUSE_OPTIONS);
  const cards = cardsField(rec.hand, "hand");
  return { score: handPoints(cards, decksOf(rec)) };
}

function playRecord(rec) {
  rec = checkFields(rec, ["top", "card"], ["decks", "variant", "house"]);
  const top = cardField(rec.top, "top");
  const card = cardField(rec.card, "card");
  const variants = recordVariants(rec);
  return judgePlay(top, card, decksOf(rec), variants);
}

/** {"hand": ["7H", "KD"], "decks": 1} -> {"score": 35}, or {"error": "..."}. */
export function scoreChains(input) {
  return guard(scoreRecord, input);
}

/** {"top": "7H", "card": "8H", "decks": 1, "variant": null, "house": {...}?} -> {"legal", "kind", "again"}. */
export function playChains(input) {
  return guard(playRecord, input);
}

// --- One hand, replayed move by move (chains.py deal, apply_move, replay_hand) -----------------

/** "8H" plays the eight of hearts; "draw" and "pass" are the other moves. */
export function parseMove(move) {
  if (typeof move !== "string") throw new RecordError(`a move is a card like '8H', 'draw' or 'pass', not ${pyRepr(move)}`);
  const word = pyStrip(move).toLowerCase();
  if (word === "draw" || word === "pass") return { action: word, card: null };
  return { action: "play", card: cardField(move, "move") };
}

const moveText = (mv) => (mv.card !== null ? mv.card.code : mv.action);

/** chains-deal: one card at a time, clockwise from the dealer's left, five each; the next card
 * face up; the rest is the stock (top first). */
export function deal(order, players, dealer, decks = 1) {
  checkDecks(decks);
  if (players < 2) throw new IllegalPlay(`Chains needs 2 or more players, not ${players}`);
  if (!(dealer >= 0 && dealer < players)) throw new IllegalPlay(`dealer must be a player from 0 to ${players - 1}, not ${dealer}`);
  const need = HAND_SIZE * players + 1;
  if (order.length < need) {
    throw new IllegalPlay(`${players} players need ${need} cards to deal (five each and the upcard), not ${order.length}`);
  }
  order.forEach(noJoker);
  checkCopies(order, decks, { jokers: false, what: "the deck" });
  const hands = Array.from({ length: players }, () => []);
  for (let i = 0; i < HAND_SIZE * players; i++) hands[(dealer + 1 + i) % players].push(order[i]);
  return { players, dealer, hands, upcard: order[need - 1], stock: order.slice(need), decks };
}

/** chains-first-turn: the player to the dealer's left plays first, on the upcard. */
export function startHand(dealt, { variants = new Set(), house = null } = {}) {
  return {
    hands: dealt.hands, pile: [dealt.upcard], stock: dealt.stock, turn: (dealt.dealer + 1) % dealt.players,
    decks: dealt.decks, variants: withHouse(variants, house), again: false, hadTurn: new Set(), out: null, stuck: 0,
    blocked: false,
  };
}

const topOf = (state) => state.pile[state.pile.length - 1];

/** The cards in a player's hand that may go on the top card, in hand order, once each. */
export function playable(state, who = null) {
  const hand = state.hands[who === null ? state.turn : who];
  const top = topOf(state);
  const seen = [];
  for (const c of hand) {
    if (seen.includes(c) || (c === top && state.decks === 1)) continue;
    if (judgePlay(top, c, state.decks, state.variants).legal) seen.push(c);
  }
  return seen;
}

/** chains-ruling-direction: the next seat to the left. */
function endTurn(state, changes) {
  return {
    ...state, stuck: 0, ...changes, turn: (state.turn + 1) % state.hands.length, again: false,
    hadTurn: new Set([...state.hadTurn, state.turn]),
  };
}

const step = (number, who, mv, { kind = null, drew = null, again = false, wentOut = false, top = null } = {}) => ({
  number, player: who, move: moveText(mv), kind, drew: drew === null ? null : drew.code, again, went_out: wentOut,
  top: top === null ? null : top.code,
});

/** One move; IllegalPlay names the move number, the player and why. [state, step]. */
export function applyMove(state, move, number = 1) {
  const mv = typeof move === "string" ? parseMove(move) : move;
  const p = state.turn;
  const where = `move ${number} (player ${p}, ${moveText(mv)})`;
  if (state.out !== null) throw new IllegalPlay(`${where}: the hand is over, player ${state.out} went out`);
  if (state.blocked) throw new IllegalPlay(`${where}: the hand is over: nobody could play and there was nothing to draw`);
  const hand = state.hands[p];
  const top = topOf(state);
  if (mv.action === "play") {
    const c = mv.card;
    if (!hand.includes(c)) throw new IllegalPlay(`${where}: player ${p} holds no ${c.code}`);
    if (c === top && state.decks === 1) throw new IllegalPlay(`${where}: one deck holds only one ${c.code}`);
    const verdict = judgePlay(top, c, state.decks, state.variants);
    if (!verdict.legal) throw new IllegalPlay(`${where}: ${c.code} may not go on ${top.code} (not a run, a flush or a royal)`);
    const i = hand.indexOf(c);
    const newHand = [...hand.slice(0, i), ...hand.slice(i + 1)];
    const hands = state.hands.map((h, k) => (k === p ? newHand : h));
    const pile = [...state.pile, c];
    if (!newHand.length) {
      // The hand ends the moment a player has no cards, even after a royal (chains-ruling-royal-last-card).
      const done = { ...state, hands, pile, out: p, again: false, hadTurn: new Set([...state.hadTurn, p]) };
      return [done, step(number, p, mv, { kind: verdict.kind, wentOut: true, top: c })];
    }
    // chains-royal: the same player may play another card (chains-ruling-royal-chain).
    const nxt = verdict.again ? { ...state, hands, pile, again: true } : endTurn(state, { hands, pile });
    return [nxt, step(number, p, mv, { kind: verdict.kind, again: verdict.again, top: c })];
  }
  const canPlay = playable(state);
  let { stock, pile } = state;
  if (!stock.length && pile.length > 1) {
    // chains-draw (chains-ruling-deck-runs-out): the pile under the top card, turned over
    // without shuffling, is the new stock.
    stock = pile.slice(0, -1);
    pile = pile.slice(-1);
  }
  const nothingToDraw = !stock.length;
  if (state.again) {
    // After a royal the extra card is optional (chains-ruling-royal); with draw-after-royal the
    // player who plays no other card draws one.
    const draws = state.variants.has("draw-after-royal") && !nothingToDraw;
    if (mv.action === "draw" && !draws) {
      const why = nothingToDraw ? "there is nothing to draw"
        : "after a royal a player who plays no other card passes without drawing " +
          "(draw only with the draw-after-royal variation)";
      throw new IllegalPlay(`${where}: ${why}`);
    }
    if (mv.action === "pass" && draws) {
      throw new IllegalPlay(`${where}: with the draw-after-royal variation, a player who plays ` +
        "no other card after a royal draws one");
    }
  } else {
    if (canPlay.length) { // chains-ruling-must-play
      throw new IllegalPlay(`${where}: player ${p} can play ${canPlay[0].code} on ${top.code}, so must play a card`);
    }
    const firstTurn = !state.hadTurn.has(p); // chains-ruling-first-turn
    if (mv.action === "draw") {
      if (firstTurn) throw new IllegalPlay(`${where}: on a first turn a player who cannot play passes without drawing`);
      if (nothingToDraw) throw new IllegalPlay(`${where}: there is nothing to draw; pass`);
    } else if (!firstTurn && !nothingToDraw) {
      throw new IllegalPlay(`${where}: a player who cannot play after the first turn draws a card`);
    }
  }
  if (mv.action === "draw") {
    const drawn = stock[0];
    const hands = state.hands.map((h, k) => (k === p ? [...hand, drawn] : h));
    const nxt = endTurn(state, { hands, stock: stock.slice(1), pile });
    return [nxt, step(number, p, mv, { drew: drawn, top: pile[pile.length - 1] })];
  }
  if (nothingToDraw && !canPlay.length && !state.again) {
    // chains-ruling-deck-runs-out, chains-ruling-blocked.
    const stuck = state.stuck + 1;
    return [endTurn(state, { stuck, blocked: stuck >= state.hands.length, stock, pile }), step(number, p, mv, { top })];
  }
  return [endTurn(state, {}), step(number, p, mv, { top })];
}

function handRecord(rec) {
  rec = checkFields(rec, ["players", "dealer", "deck", "moves"], ["decks", "variant", "house"]);
  const players = intField(rec.players, "players", { minimum: 2, maximum: 20 });
  const dealer = intField(rec.dealer, "dealer", { minimum: 0, maximum: players - 1 });
  const order = cardsField(rec.deck, "deck");
  const moves = rec.moves;
  if (!Array.isArray(moves)) throw new RecordError(`moves must be a list like ["8H", "draw"], not ${pyRepr(moves)}`);
  const dealt = deal(order, players, dealer, decksOf(rec));
  const variants = recordVariants(rec);
  const parsed = moves.map(parseMove);
  let state = startHand(dealt, { variants });
  const steps = [];
  parsed.forEach((mv, i) => {
    const [nxt, st] = applyMove(state, mv, i + 1);
    state = nxt;
    steps.push(st);
  });
  const finished = state.out !== null || state.blocked;
  return {
    dealt: dealt.hands.map((h) => h.map((c) => c.code)),
    upcard: dealt.upcard.code,
    steps,
    hands: state.hands.map((h) => h.map((c) => c.code)),
    top: topOf(state).code,
    turn: finished ? null : state.turn,
    out: state.out,
    // chains-scoring: the player who went out scores 0, the others their cards' points.
    scores: finished ? state.hands.map((h) => handPoints(h, state.decks)) : null,
  };
}

/** {"players": 3, "dealer": 0, "deck": [...top first], "moves": ["8H", "draw"], "decks"?, "variant"?,
 * "house"?} -> the steps, the hands left, and the scores once someone is out. */
export function handChains(input) {
  return guard(handRecord, input);
}

// --- A game of ten hands (chains-game) -----------------------------------------------------------

/** chains-ruling-players, chains-ruling-tie: the running totals; the lowest total wins, shared. */
export function gameResult(players, handScores) {
  if (players < 2) throw new IllegalPlay(`Chains needs 2 or more players, not ${players}`);
  if (handScores.length > HANDS_PER_GAME) throw new IllegalPlay(`a game of Chains is ${HANDS_PER_GAME} hands, not ${handScores.length}`);
  const totals = new Array(players).fill(0);
  handScores.forEach((row, k) => {
    const n = k + 1;
    if (row.length !== players) throw new IllegalPlay(`hand ${n} has ${row.length} scores for ${players} players`);
    row.forEach((s, i) => {
      if (s < 0) throw new IllegalPlay(`hand ${n}: player ${i} scores ${s}, but scores are never negative`);
      totals[i] += s;
    });
  });
  const low = Math.min(...totals);
  return { totals, winners: totals.flatMap((t, i) => (t === low ? [i] : [])), handsPlayed: handScores.length };
}

function gameRecord(rec) {
  rec = checkFields(rec, ["players", "hands"], ["house"]);
  houseField(get(rec, "house"), HOUSE_OPTIONS);
  const players = rec.players;
  let count;
  if (Array.isArray(players)) {
    count = players.length;
    if (count > MAX_SHEET_PLAYERS) throw new RecordError(`players: at most ${MAX_SHEET_PLAYERS} players, not ${count}`);
  } else count = intField(players, "players", { minimum: 2, maximum: MAX_SHEET_PLAYERS });
  const rows = rec.hands;
  if (!Array.isArray(rows)) throw new RecordError(`hands must be a list of per-hand score lists, not ${pyRepr(rows)}`);
  const scores = rows.map((row, n) => {
    if (!Array.isArray(row)) throw new RecordError(`hands[${n}] must be a list of scores, not ${pyRepr(row)}`);
    return row.map((s, i) => intField(s, `hands[${n}][${i}]`, { minimum: 0 }));
  });
  const result = gameResult(count, scores);
  return { totals: result.totals, winners: result.winners, complete: result.handsPlayed === HANDS_PER_GAME };
}

/** {"players": 3 or [names], "hands": [[0, 20, 35], ...], "house"?} -> {"totals", "winners", "complete"}. */
export function gameChains(input) {
  return guard(gameRecord, input);
}
