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
  // Chains and 3 Chip Stack add LEVELS, their computer's levels (issue 28).
  // 3 Chip Stack adds shortAfterSee, which its table's hint reads (issue 28).
  for (const [m, extra, consts] of [[chains, [], ["LEVELS"]], [stack, ["shortAfterSee"], ["LEVELS"]]]) {
    assert.deepEqual(Object.keys(m).sort(), [...names, ...extra, ...consts].sort());
    for (const fn of [...names, ...extra]) assert.equal(typeof m[fn], "function", fn);
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

// --- The table's own rules (issue 25): each option, a position whose play it changes -----------
// The same positions as tests/test_play_chains.py and tests/test_play_three_chip_stack.py.

/** Seat 0 to act on `top` holding `hand` in a two-player hand of Chains under `house`; every other
 * card in the deck or with seat 1, so the cards stay one of each. */
function chainsTable(hand, top, house = null) {
  const rest = DECK.filter((c) => !hand.includes(c) && c !== top);
  const s = chains.newGame({ players: 2, seed: 3, house });
  return { ...s, hands: [hand, rest.slice(0, 5)], pile: [top], deck: rest.slice(5), turn: 0, hadTurn: [0, 1], again: false, stuck: 0 };
}
const play = (card) => ({ action: "play", card });

test("chains: the house is stored, checked, and a state without one plays the family's rules", () => {
  assert.deepEqual(chains.newGame({ players: 3, seed: 1 }).house, {});
  assert.deepEqual(chains.newGame({ players: 3, seed: 1, house: { "same-rank": "not-played" } }).house, {});
  assert.deepEqual(chains.newGame({ players: 3, seed: 1, house: { "same-rank": "played" } }).house, { "same-rank": "played" });
  assert.throws(() => chains.newGame({ players: 3, seed: 1, house: { "same-rank": "maybe" } }), /house\.same-rank: no value 'maybe'/);
  const old = chainsTable(["7C", "2H"], "7H");
  delete old.house; // a save from before the options
  assert.deepEqual(chains.legalMoves(old), chains.legalMoves(chainsTable(["7C", "2H"], "7H")));
});

test("chains: no-extra-play: a royal ends the turn, and the computer sheds its King instead", () => {
  const family = chains.applyMove(chainsTable(["8H", "KD", "3C"], "7H"), play("8H"));
  assert.equal(family.again, true);
  assert.equal(chains.seatToAct(family), 0);
  const house = { "no-extra-play": "played" };
  const after = chains.applyMove(chainsTable(["8H", "KD", "3C"], "7H", house), play("8H"));
  assert.equal(after.last.kind, "royal");
  assert.equal(after.again, false);
  assert.equal(chains.seatToAct(after), 1);
  assert.deepEqual(chains.botMove(chainsTable(["KH", "8H", "9C"], "7H")), play("8H"));
  assert.deepEqual(chains.botMove(chainsTable(["KH", "8H", "9C"], "7H", house)), play("KH"));
});

test("chains: draw-after-royal: stopping after a royal draws a card", () => {
  const family = chains.applyMove(chainsTable(["8H", "KD", "3C"], "7H"), play("8H"));
  assert.deepEqual(chains.legalMoves(family), [{ action: "pass" }]);
  const after = chains.applyMove(chainsTable(["8H", "KD", "3C"], "7H", { "draw-after-royal": "played" }), play("8H"));
  assert.deepEqual(chains.legalMoves(after), [{ action: "draw" }]);
  assert.throws(() => chains.applyMove(after, { action: "pass" }), /\(chains-variant-draw-after-royal\)$/);
  assert.deepEqual(chains.botMove(after), { action: "draw" });
  const drawn = chains.applyMove(after, { action: "draw" });
  assert.deepEqual(drawn.hands[0], ["KD", "3C", after.deck[0]]);
  assert.equal(chains.seatToAct(drawn), 1);
});

test("chains: same-rank: any card of the rank goes on the pile", () => {
  assert.throws(() => chains.applyMove(chainsTable(["7C", "KD"], "7H"), play("7C")), /\(chains-same-rank\)$/);
  const s = chainsTable(["7C", "KD"], "7H", { "same-rank": "played" });
  assert.deepEqual(chains.legalMoves(s), [play("7C")]);
  const after = chains.applyMove(s, chains.botMove(s));
  assert.equal(after.last.kind, "same");
  assert.equal(after.pile[after.pile.length - 1], "7C");
});

const FOLD = { action: "fold" };
const CHECK = { action: "check" };
const SEE = { action: "see" };
const KEEP = { action: "keep" };
const act = (s, ...moves) => moves.reduce((at, m) => stack.applyMove(at, m), s);

/** Give seats the cards named, swapping each with wherever it was (every card stays in one place). */
function setHands(s, wanted) {
  const out = JSON.parse(JSON.stringify(s));
  const places = [...out.hands, out.deck, out.discards];
  for (const [seat, cards] of Object.entries(wanted)) {
    cards.forEach((code, k) => {
      const here = out.hands[seat][k];
      const where = places.find((pl) => pl.includes(code));
      const i = where.indexOf(code);
      where[i] = here;
      out.hands[seat][k] = code;
    });
  }
  return out;
}

/** Two players tie on an 11-chip pot (test_three_chip_stack_split_and_ruling_odd_chip's hand). */
function split(house = null) {
  let s = act(stack.newGame({ players: 3, seed: 8, house }), SEE, SEE, { action: "raise", amount: 1 }, SEE, FOLD, KEEP, KEEP);
  const d = s.dealer;
  const a = (d + 1) % 3;
  s = setHands(s, { [a]: ["3S", "AD", "9C"], [d]: ["3H", "AC", "9D"] });
  return [act(s, CHECK, CHECK), d, a];
}

test("3-chip-stack: odd-chip dealer and next-hand: where the chip a split leaves goes", () => {
  let [after, d, a] = split();
  assert.equal(after.rounds.at(-1).potTo[a], 6);
  assert.equal(after.rounds.at(-1).oddTo, null);
  [after, d, a] = split({ "odd-chip": "dealer" });
  assert.equal(after.rounds.at(-1).potTo[a], 5);
  assert.equal(after.rounds.at(-1).potTo[d], 6);
  assert.equal(after.rounds.at(-1).oddTo, "dealer");
  [after, d, a] = split({ "odd-chip": "next-hand" });
  const done = after.rounds.at(-1);
  assert.deepEqual([done.potTo[a], done.potTo[d], done.oddTo], [5, 5, "next-hand"]);
  assert.equal(after.carried, 1);
  assert.equal(after.pot, 3 + 1);
});

test("3-chip-stack: passed-chip after-hand: the chip waits beside the dealer until the hand is over", () => {
  const s = stack.newGame({ players: 3, seed: 8, house: { "passed-chip": "after-hand" } });
  const d = s.dealer;
  const p = stack.seatToAct(s);
  let after = stack.applyMove(s, FOLD);
  assert.deepEqual([after.chips[p], after.chips[d], after.passedToDealer], [14, 12, 1]);
  after = stack.applyMove(after, SEE);
  assert.deepEqual(stack.legalMoves(after).at(-2), { action: "raise", amount: 12 });
  const done = stack.applyMove(after, FOLD).rounds.at(-1);
  assert.equal(done.chips[d], 13);
});

test("every house option: 100 computer-only games each end by the rules, no card or chip lost", () => {
  const houses = [
    [chains, { "no-extra-play": "played" }], [chains, { "draw-after-royal": "played" }], [chains, { "same-rank": "played" }],
    [stack, { "odd-chip": "dealer" }], [stack, { "odd-chip": "next-hand" }], [stack, { "passed-chip": "after-hand" }],
  ];
  for (const [m, house] of houses) {
    for (let seed = 0; seed < 100; seed += 1) {
      let s = m.newGame({ players: 2 + (seed % 5), seed, house });
      assert.deepEqual(s.house, house);
      let moves = 0;
      while (m.seatToAct(s) !== null) {
        const move = m.botMove(s);
        assert.ok(m.legalMoves(s).some((x) => sameMove(x, move)));
        s = m.applyMove(s, move);
        moves += 1;
        assert.ok(moves < MAX_MOVES);
      }
      if (m === chains) sameCards([...s.hands.flat(), ...s.deck, ...s.pile]);
    }
  }
});
