// The practice games of Chains and 3 Chip Stack in the browser (docs/assets/js/play/chains.js and
// 3-chip-stack.js), under node: 1,000 seeded games of each played by botMove alone end
// (seatToAct null) with no illegal move, every card is in exactly one place at every step, and
// 3 Chip Stack never creates or loses a chip; a few rules by name, and the module contract.
// tests/test_play_differential_chains_stack.py ties these ports to the Python reference.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as chains from "../../docs/assets/js/play/chains.js";
import * as stack from "../../docs/assets/js/play/3-chip-stack.js";

const GAMES = 1000;
const MAX_MOVES = 20000;
const DECK = [];
for (const s of ["S", "H", "D", "C"]) for (const r of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]) DECK.push(r + s);
DECK.sort();

const IN_DECK = new Set(DECK);
function sameCards(cards) {
  // 52 places holding 52 different cards of the pack: each card exactly once.
  assert.equal(cards.length, 52);
  const seen = new Set(cards);
  assert.equal(seen.size, 52, "a card in two places");
  for (const c of seen) assert.ok(IN_DECK.has(c), c);
}
const sameMove = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Play a whole game by botMove alone, checking `check(state)` at every step (and, when `pure`,
 * that applyMove leaves its input as it was). */
function playOut(m, players, seed, check, pure = seed % 25 === 0) {
  let s = m.newGame({ players, seed });
  check(s);
  let moves = 0;
  while (m.seatToAct(s) !== null) {
    const move = m.botMove(s);
    assert.ok(m.legalMoves(s).some((x) => sameMove(x, move)), `players=${players} seed=${seed}: ${JSON.stringify(move)} is not legal`);
    const before = pure ? JSON.stringify(s) : null;
    const next = m.applyMove(s, move);
    if (pure) assert.equal(JSON.stringify(s), before, "applyMove never changes its input");
    s = next;
    check(s);
    moves += 1;
    assert.ok(moves < MAX_MOVES, `players=${players} seed=${seed}: no end after ${MAX_MOVES} moves`);
  }
  assert.equal(s.over, true);
  assert.deepEqual(m.legalMoves(s), []);
  return [s, moves];
}

test("the modules export exactly the contract", () => {
  const names = ["applyMove", "botMove", "legalMoves", "newGame", "seatToAct"];
  for (const m of [chains, stack]) {
    assert.deepEqual(Object.keys(m).sort(), names);
    for (const fn of names) assert.equal(typeof m[fn], "function", fn);
  }
});

test(`chains: ${GAMES} computer-only games end, every card in one place at every step`, () => {
  let total = 0;
  for (let seed = 0; seed < GAMES; seed += 1) {
    const players = 2 + (seed % 5);
    const [end, moves] = playOut(chains, players, seed * 7919 - 25, (s) => {
      sameCards([...s.hands.flat(), ...s.deck, ...s.pile]);
      assert.equal(s.totals.length, players);
    });
    total += moves;
    assert.equal(end.rounds.length, 10); // chains-game: ten hands
    assert.equal(chains.seatToAct(end), null);
    const low = Math.min(...end.totals);
    assert.deepEqual(end.winners, end.totals.flatMap((t, i) => (t === low ? [i] : []))); // chains-ruling-tie
    for (const r of end.rounds) if (r.out !== null) assert.equal(r.scores[r.out], 0);
  }
  assert.ok(total > GAMES * 50);
});

test(`3-chip-stack: ${GAMES} computer-only games end with one player holding every chip; no chip made or lost`, () => {
  for (let seed = 0; seed < GAMES; seed += 1) {
    const players = 2 + (seed % 5);
    const all = players * 15; // three-chip-stack-chips: 15 each
    const [end] = playOut(stack, players, seed * 104729 + 11, (s) => {
      sameCards([...s.hands.flat(), ...s.deck, ...s.discards]);
      assert.equal(s.chips.reduce((a, b) => a + b, 0) + s.pot, all);
      assert.ok(Math.min(...s.chips) >= 0);
      assert.equal(s.totals.reduce((a, b) => a + b, 0), all);
    });
    assert.equal(end.totals[end.winner], all);
    assert.equal(stack.seatToAct(end), null);
  }
});

test("chains: an illegal move is refused naming the rule, and refused moves change nothing", () => {
  const s = chains.newGame({ players: 3, seed: 4 });
  const top = s.pile[s.pile.length - 1];
  const notHeld = ["AS", "KH", "5D", "9C"].find((c) => !s.hands[s.turn].includes(c) && c !== top);
  assert.throws(() => chains.applyMove(s, { action: "play", card: notHeld }), /\(chains-first-play\)$/);
  assert.throws(() => chains.applyMove(s, { action: "jump" }), /a move is/);
  const legal = chains.legalMoves(s);
  if (legal[0].action === "play") {
    assert.throws(() => chains.applyMove(s, { action: "draw" }), /\(chains-ruling-must-play\)$/);
  } else {
    assert.throws(() => chains.applyMove(s, { action: "draw" }), /\(chains-first-turn\)$/);
  }
  assert.throws(() => chains.newGame({ players: 7, seed: 1 }), /chains-ruling-players/);
});

test("chains: a royal earns another play, and the bot keeps its hand cheapest", () => {
  // Find a real position where the player to act holds a royal.
  for (let seed = 0; seed < 50; seed += 1) {
    let s = chains.newGame({ players: 4, seed });
    while (chains.seatToAct(s) !== null) {
      const m = chains.botMove(s);
      const next = chains.applyMove(s, m);
      if (next.last.kind === "royal" && !next.last.handOver) {
        assert.equal(next.again, true);
        assert.equal(chains.seatToAct(next), s.turn);
        assert.ok(chains.legalMoves(next).some((x) => x.action === "pass"));
        assert.throws(() => chains.applyMove(next, { action: "draw" }), /\(chains-ruling-royal\)$/);
        return;
      }
      s = next;
    }
  }
  assert.fail("no royal in 50 games");
});

test("3-chip-stack: the first round, the passed chip and the rules named on refusal", () => {
  const s = stack.newGame({ players: 3, seed: 8 });
  const d = s.dealer;
  const p = stack.seatToAct(s);
  assert.equal(p, (d + 1) % 3);
  assert.equal(s.pot, 3);
  assert.throws(() => stack.applyMove(s, { action: "check" }), /\(three-chip-stack-ruling-dealer-last\)$/);
  assert.throws(() => stack.applyMove(s, { action: "raise", amount: 0 }), /\(three-chip-stack-ruling-min-raise\)$/);
  assert.throws(() => stack.applyMove(s, { action: "raise", amount: true }), /three-chip-stack/);
  const folded = stack.applyMove(s, { action: "fold" });
  assert.equal(folded.chips[p], 14); // three-chip-stack-fold-first
  assert.equal(folded.chips[d], 13); // three-chip-stack-ruling-passed-chip
  assert.throws(() => stack.newGame({ players: 1, seed: 1 }), /three-chip-stack-players/);
});

test("the same seed replays the same game; the bot is a pure function of the state", () => {
  for (const m of [chains, stack]) {
    const a = JSON.stringify(playOut(m, 4, 99, () => {})[0]);
    const b = JSON.stringify(playOut(m, 4, 99, () => {})[0]);
    assert.equal(a, b);
    const s = m.newGame({ players: 3, seed: 5 });
    assert.deepEqual(m.botMove(s), m.botMove(s));
  }
});
