// The Chips practice game in the browser (docs/assets/js/play/chips.js), under node --test:
// seeded games played by botMove alone end with no illegal move, every card in exactly one
// place at every step, each finished round scoring the caller 0 and every other hand by the
// engine's best arrangement and lay-off, in turn order from the caller's left. The
// differential test (tests/test_play_differential.py) ties every state to the Python reference.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as chips from "../../docs/assets/js/play/chips.js";
import { card } from "../../docs/assets/js/engine/cards.js";
import { arrangementRecord, bestArrangement, groupRecord, parseGroup } from "../../docs/assets/js/engine/chips.js";

/** Games played here (the differential test plays 1,000 under node). */
const GAMES = 120;

function fullDeck(packs) {
  const out = new Map();
  for (const s of "SHDC") for (const r of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]) out.set(r + s, packs);
  out.set("JK", 2 * packs);
  return out;
}

function whereCards(state) {
  const m = new Map();
  const add = (c) => m.set(c, (m.get(c) || 0) + 1);
  state.hands.flat().forEach(add);
  state.deck.forEach(add);
  state.pile.forEach(add);
  for (const g of state.table || []) g.cards.forEach(add);
  return m;
}

function checkRound(rnd, players) {
  assert.equal(rnd.scores[rnd.caller], 0, "chips-caller-scores-zero");
  let table = rnd.callerGroups.map((g) => parseGroup(g));
  for (let k = 1; k < players; k++) {
    const p = (rnd.caller + k) % players; // chips-ruling-layoff-order
    const arr = bestArrangement(rnd.hands[p].map(card), table);
    assert.deepEqual(rnd.results[p], arrangementRecord(arr));
    assert.equal(rnd.scores[p], arr.score);
    table = arr.extended;
  }
  assert.deepEqual(rnd.table, table.map(groupRecord));
}

test("chips play: seeded games by botMove alone end, every card in one place at every step", () => {
  for (let k = 0; k < GAMES; k++) {
    const players = 2 + (k % 7);
    let state = chips.newGame({ players, seed: 1000 + k });
    const full = fullDeck(state.packs);
    let moves = 0;
    while (chips.seatToAct(state) !== null) {
      const move = chips.botMove(state);
      assert.ok(chips.legalMoves(state).some((m) => JSON.stringify(m) === JSON.stringify(move)), "a legal move");
      state = chips.applyMove(state, move);
      assert.deepEqual(whereCards(state), full);
      moves++;
      assert.ok(moves < 100000, "the game ends");
    }
    assert.equal(state.rounds.length, 8);
    assert.deepEqual(state.rounds.map((r) => r.handSize), [3, 4, 5, 6, 7, 8, 9, 10]);
    for (const rnd of state.rounds) checkRound(rnd, players);
    const totals = state.totals.map((_, p) => state.rounds.reduce((t, r) => t + r.scores[p], 0));
    assert.deepEqual(state.totals, totals);
    assert.deepEqual(state.result.ranking.flat().sort((a, b) => a - b), [...Array(players).keys()]);
  }
});

test("chips play: applyMove never changes the state it is given", () => {
  let state = chips.newGame({ players: 4, seed: 5 });
  while (chips.seatToAct(state) !== null) {
    const before = JSON.stringify(state);
    const next = chips.applyMove(state, chips.botMove(state));
    assert.equal(JSON.stringify(state), before);
    state = next;
  }
});

test("chips play: a seed replays its game", () => {
  const play = (seed) => {
    let s = chips.newGame({ players: 3, seed });
    while (chips.seatToAct(s) !== null) s = chips.applyMove(s, chips.botMove(s));
    return s;
  };
  assert.deepEqual(play(77), play(77));
  assert.notDeepEqual(play(77).totals.concat(play(77).rounds[0].deal), play(78).totals.concat(play(78).rounds[0].deal));
});

test("chips play: an illegal move throws, naming the rule", () => {
  const rule = (state, move, id) => assert.throws(() => chips.applyMove(state, move), (e) => e.message.startsWith(`${id}: `));
  const open = chips.newGame({ players: 3, seed: 9 });
  rule(open, { type: "take", from: "deck" }, "chips-opening-discard");
  rule(open, { type: "call" }, "chips-ruling-opening-discard");
  rule(open, { type: "discard", card: "ZZ" }, "chips-turn");
  rule(open, { type: "fold" }, "chips-turn");
  rule(open, null, "chips-turn");
  const take = chips.applyMove(open, chips.botMove(open));
  rule({ ...take, pile: ["9C", "4D", "KH", "7S"] }, { type: "take", from: "pile", index: 3 }, "chips-discard-depth");
  rule(take, { type: "discard", card: take.hands[take.seat][0] }, "chips-turn");
  rule({ ...take, deck: [], pile: ["7S"] }, { type: "take", from: "deck" }, "chips-ruling-deck-runs-out");
  rule(take, { type: "layOff" }, "chips-lay-off");
  assert.throws(() => chips.newGame({ players: 11, seed: 1 }), (e) => e.message.startsWith("chips-players: "));
  assert.throws(() => chips.newGame({ players: 1, seed: 1 }), (e) => e.message.startsWith("chips-players: "));
});

test("chips play: the deck, once used up, is the pile but its top card, turned over", () => {
  const open = chips.newGame({ players: 3, seed: 9 });
  const take = { ...chips.applyMove(open, chips.botMove(open)), deck: [], pile: ["9C", "4D", "KH", "7S"] };
  const next = chips.applyMove(take, { type: "take", from: "deck" });
  assert.deepEqual(next.pile, ["7S"]);
  assert.deepEqual(next.deck, ["4D", "KH"]);
  assert.ok(next.hands[take.seat].includes("9C"));
});

// --- The table's house rules (issue 25), as tests/test_play_chips.py ---------------------------

/** The first state of a seeded computer game in `phase` before any call, under `house`. */
function firstAt(phase, house) {
  let state = chips.newGame({ players: 3, seed: 7, house });
  while (!(state.phase === phase && state.caller === null)) state = chips.applyMove(state, chips.botMove(state));
  return state;
}

test("a game without house rules is the family game as before", () => {
  const plain = chips.newGame({ players: 3, seed: 7 });
  assert.deepEqual(plain.house, {});
  // chips-ruling-k-a-2: the family's reading, "no-group", is the default.
  assert.deepEqual(chips.newGame({ players: 3, seed: 7, house: { "k-a-2": "no-group", "throw-back": "allowed" } }), plain);
  assert.deepEqual(chips.newGame({ players: 3, seed: 7, house: { "k-a-2": "group" } }).house, { "k-a-2": "group" });
  assert.throws(() => chips.newGame({ players: 3, seed: 7, house: { "k-a-2": "never" } }), { message: /^house\.k-a-2: no value 'never'/ });
});

test("chips-ruling-k-a-2: K-A-2 is no call by the family's words; Q-K-A or round the corner by a house reading", () => {
  for (const [house, phase] of [[{}, "take"], [{ "k-a-2": "group" }, "call"], [{ "k-a-2": "round-the-corner" }, "call"]]) {
    const state = firstAt("take", house);
    const hands = state.hands.map((h) => h.slice());
    hands[state.seat] = ["KD", "AD", "2C"];
    let s = { ...state, hands, deck: ["5S", ...state.deck.filter((c) => c !== "5S")] };
    s = chips.applyMove(s, { type: "take", from: "deck" });
    s = chips.applyMove(s, { type: "discard", card: "5S" });
    assert.equal(s.phase, phase);
  }
});

test("chips-ruling-throw-back: at a table that says no, the card just taken from the pile stays", () => {
  for (const [house, offered] of [[{}, true], [{ "throw-back": "not-allowed" }, false]]) {
    const state = { ...firstAt("take", house), pile: ["9C", "4D", "KH", "7S"] };
    const took = chips.applyMove(state, { type: "take", from: "pile", index: 0 });
    assert.equal(chips.legalMoves(took).some((m) => m.card === "7S"), offered);
    if (!offered) {
      assert.throws(() => chips.applyMove(took, { type: "discard", card: "7S" }), { message: /^chips-ruling-throw-back: 7S was just taken/ });
      assert.notEqual(chips.botMove(took).card, "7S");
    }
  }
});

// --- Nine or ten at the table (issue 25), as tests/test_play_chips_nine_plus.py ------------------

test("chips-variant-random-extra: nine or ten players, the extra card by lot, never twice, and that seat opens", () => {
  for (const players of [9, 10]) {
    for (let seed = 0; seed < 6; seed++) {
      let state = chips.newGame({ players, seed, house: { "random-extra": "played" } });
      assert.equal(state.packs, 3); // chips-ruling-packs: three packs for nine to twelve
      const opened = [];
      while (chips.seatToAct(state) !== null) {
        if (state.phase === "open" && opened.length === state.round) {
          // chips-ruling-random-extra-turns: the seat drawn holds the extra card and opens
          const drawn = state.extraSeats[state.round];
          assert.equal(chips.extraSeat(state), drawn);
          assert.equal(state.seat, drawn);
          assert.equal(state.hands[drawn].length, state.handSize + 1);
          // chips-ruling-random-extra-deal: the deal still moves one seat left a round
          assert.equal(state.dealer, (players - 1 + state.round) % players);
          opened.push(drawn);
        }
        state = chips.applyMove(state, chips.botMove(state));
      }
      assert.equal(opened.length, 8);
      assert.equal(new Set(state.extraSeats).size, 8, "chips-ruling-random-extra: never the same seat twice");
      assert.deepEqual(opened, state.extraSeats);
    }
  }
});

test("chips-deal: nine or ten players by the family's rule, the extra card to the dealer's left", () => {
  for (const players of [9, 10]) {
    let state = chips.newGame({ players, seed: 3 });
    assert.equal(state.extraSeats, undefined);
    let round = -1;
    while (chips.seatToAct(state) !== null) {
      if (state.round !== round) {
        round = state.round;
        assert.equal(state.phase, "open");
        assert.equal(chips.extraSeat(state), (state.dealer + 1) % players);
        assert.equal(state.seat, chips.extraSeat(state));
      }
      state = chips.applyMove(state, chips.botMove(state));
    }
    assert.equal(round, 7);
  }
});
