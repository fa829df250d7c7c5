// House options in the browser engines (issue 25): for each option a case whose answer differs
// between its readings, as tests/test_three_chip_stack.py and tests/test_chains.py check it in
// Python (tests/test_differential.py ties the two on thousands of generated inputs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { card, houseField } from "../../docs/assets/js/engine/cards.js";
import {
  HOUSE_OPTIONS, actionOptions, applyAction, hand, showdown, startHand,
} from "../../docs/assets/js/engine/3-chip-stack.js";
import { gameChains, handChains, judgePlay, playChains, scoreChains } from "../../docs/assets/js/engine/chains.js";

// --- 3 Chip Stack: three-chip-stack-ruling-odd-chip ---------------------------------------------

const TIED = [["AS", "KD", "4C"], ["AH", "KS", "4D"]];
// Dealer 2; seats 0 and 1 see, the dealer checks; seat 0 bets 2, seat 1 sees, the dealer folds:
// a pot of 13 that seats 0 and 1 split.
const THIRTEEN = {
  chips: [15, 15, 15], dealer: 2, hands: [...TIED, ["2C", "5H", "6S"]],
  first_round: ["see", "see", "check"], second_round: ["bet 2", "see", "fold"],
};

test("three-chip-stack-ruling-odd-chip winners (default): 13 split two ways is 7 and 6", () => {
  assert.deepEqual(showdown({ hands: TIED, pot: 13 }), { winners: [0, 1], decided_by: null, shares: [7, 6] });
  assert.deepEqual(showdown({ hands: TIED, pot: 13, house: { "odd-chip": "winners" } }).shares, [7, 6]);
  const out = hand(THIRTEEN);
  assert.deepEqual([out.pot_to, out.chips], [[7, 6, 0], [17, 16, 12]]);
  assert.equal("odd" in out, false);
});

test("three-chip-stack-ruling-odd-chip dealer: 6 and 6, and 1 to the dealer", () => {
  assert.deepEqual(showdown({ hands: TIED, pot: 13, house: { "odd-chip": "dealer" } }),
    { winners: [0, 1], decided_by: null, shares: [6, 6], odd: 1, odd_to: "dealer" });
  const out = hand({ ...THIRTEEN, house: { "odd-chip": "dealer" } });
  assert.deepEqual([out.pot_to, out.chips, out.odd, out.odd_to], [[6, 6, 1], [16, 16, 13], 1, "dealer"]);
});

test("three-chip-stack-ruling-odd-chip next-hand: 6 and 6, and 1 carried into the next pot", () => {
  assert.deepEqual(showdown({ hands: TIED, pot: 13, house: { "odd-chip": "next-hand" } }),
    { winners: [0, 1], decided_by: null, shares: [6, 6], odd: 1, odd_to: "next-hand" });
  const out = hand({ ...THIRTEEN, house: { "odd-chip": "next-hand" } });
  assert.deepEqual([out.pot_to, out.chips, out.odd, out.odd_to], [[6, 6, 0], [16, 16, 12], 1, "next-hand"]);
  const nxt = hand({ chips: out.chips, dealer: out.next_dealer, carried: 1, house: { "odd-chip": "next-hand" },
    first_round: ["fold", "fold"] });
  assert.deepEqual([nxt.pot, nxt.chips], [4, [19, 15, 11]]);
  assert.match(hand({ chips: [15, 15], dealer: 0, carried: 1, first_round: ["fold"] }).error,
    /^carried: .*only under the house rule odd-chip: next-hand$/);
});

// --- 3 Chip Stack: three-chip-stack-ruling-passed-chip ---------------------------------------------

const PASSED = {
  chips: [3, 15, 15], dealer: 0, first_round: ["fold", "see", "raise 1", "see"],
  hands: [["3S", "3H", "AD"], null, ["KC", "QC", "2D"]], second_round: ["check", "check"],
};

test("three-chip-stack-ruling-passed-chip at-once (default): the dealer bets the passed chip", () => {
  let s = startHand([3, 15, 15], 0);
  s = applyAction(applyAction(s, "fold"), "see");
  assert.deepEqual([s.chips, actionOptions(s).maxRaise], [[1, 14, 12], 1]);
  assert.deepEqual(hand(PASSED).chips, [8, 14, 11]);
});

test("three-chip-stack-ruling-passed-chip after-hand: the dealer cannot bet it that hand", () => {
  let s = startHand([3, 15, 15], 0, { house: { "passed-chip": "after-hand" } });
  s = applyAction(applyAction(s, "fold"), "see");
  assert.deepEqual([s.chips, s.passedToDealer, actionOptions(s).maxRaise], [[0, 14, 12], 1, 0]);
  assert.match(hand({ ...PASSED, house: { "passed-chip": "after-hand" } }).error, /raise 1\): that costs 1 chips but seat 0 has 0$/);
  const out = hand({ ...PASSED, house: { "passed-chip": "after-hand" }, first_round: ["fold", "see", "check"] });
  assert.deepEqual([out.pot, out.pot_to, out.chips], [6, [6, 0, 0], [7, 14, 12]]);
});

test("house: unknown ids and values are refused in Python's words", () => {
  assert.deepEqual(showdown({ hands: TIED, house: { "odd-chip": "x" } }),
    { error: "house.odd-chip: no value 'x' (values: next-hand, dealer, winners)" });
  assert.deepEqual(hand({ ...THIRTEEN, house: { odd_chip: "dealer" } }),
    { error: "house: unknown option 'odd_chip' (known: odd-chip, passed-chip)" });
  assert.match(showdown({ hands: TIED, house: ["odd-chip"] }).error,
    /^house must be an object of house options like \{"odd-chip": "next-hand"\}, not a list$/);
  assert.equal(showdown({ hands: TIED, house: { "passed-chip": true } }).error,
    "house.passed-chip: no value true (values: at-once, after-hand)");
  assert.deepEqual(houseField(null, HOUSE_OPTIONS), { "odd-chip": "winners", "passed-chip": "at-once" });
});

// --- Chains: chains-variations as house options ------------------------------------------------------

const DECK = "2C 9S 4D 3C 10S 5D 4C JS 6D 5C QS 7D 6C KS 8D 9H AD KC QH JD".split(" ");

test("chains-variant-same-rank: a same-rank play is legal only with same-rank played", () => {
  assert.equal(playChains({ top: "KH", card: "KS" }).legal, false);
  assert.equal(playChains({ top: "KH", card: "KS", house: { "same-rank": "not-played" } }).legal, false);
  assert.deepEqual(playChains({ top: "KH", card: "KS", house: { "same-rank": "played" } }),
    { legal: true, kind: "same", again: false });
  assert.equal(judgePlay(card("KH"), card("KS"), 1, new Set(), { "same-rank": "played" }).legal, true);
});

test("chains-variant-no-extra-play: a royal's extra play is gone", () => {
  assert.equal(playChains({ top: "7H", card: "8H" }).again, true);
  assert.equal(playChains({ top: "7H", card: "8H", house: { "no-extra-play": "played" } }).again, false);
  const rec = { players: 3, dealer: 0, deck: DECK, moves: ["pass", "10S", "pass", "draw", "JS", "QS"] };
  assert.equal(handChains(rec).steps[5].kind, "royal");
  assert.match(handChains({ ...rec, house: { "no-extra-play": "played" } }).error, /^move 6/);
});

test("chains-variant-draw-after-royal: after a royal, a player who plays no other card draws", () => {
  const rec = { players: 3, dealer: 0, deck: DECK, moves: ["pass", "10S", "pass", "draw", "JS", "draw"] };
  assert.match(handChains(rec).error, /^move 6 .*passes without drawing/);
  const out = handChains({ ...rec, house: { "draw-after-royal": "played" } });
  assert.deepEqual([out.steps[5].drew, out.turn], ["KC", 0]);
});

test("chains: variant and house add up, and a contradiction is refused", () => {
  assert.deepEqual(playChains({ top: "7H", card: "8H", variant: "same-rank", house: { "no-extra-play": "played" } }),
    { legal: true, kind: "royal", again: false });
  assert.equal(playChains({ top: "KH", card: "KS", variant: ["same-rank"], house: { "same-rank": "played" } }).legal, true);
  assert.match(playChains({ top: "KH", card: "KS", variant: ["same-rank"], house: { "same-rank": "not-played" } }).error,
    /^house.same-rank: 'not-played' contradicts variant/);
  for (const [fn, rec] of [[scoreChains, { hand: ["7H"] }], [gameChains, { players: 2, hands: [[0, 10]] }]]) {
    assert.deepEqual(fn({ ...rec, house: { "same-rank": "played" } }), fn(rec));
    assert.equal(fn({ ...rec, house: { "same-rank": "yes" } }).error, "house.same-rank: no value 'yes' (values: not-played, played)");
  }
});
