// Unit tests of the browser engines (node --test tests/js/). The differential test
// (tests/test_differential.py) ties them to the Python engine on thousands of inputs; these
// pin the rules by name and the promise that nothing throws.

import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCard, parseCards, spokenName, cardSymbol, checkCopies, pyStrip, pySplit, CardError } from "../../docs/assets/js/engine/cards.js";
import { scoreChips, describeChips, describeMeld, replayChips, roundChips } from "../../docs/assets/js/engine/chips.js";
import { scoreChains, playChains } from "../../docs/assets/js/engine/chains.js";
import { compareHands, showdown } from "../../docs/assets/js/engine/3-chip-stack.js";

const score = (hand, extra = {}) => scoreChips({ hand: hand.split(" "), ...extra });

// --- cards.js -------------------------------------------------------------------------

test("cards: parse and format are a pair, any spelling", () => {
  for (const [text, code] of [["th", "10H"], ["10♥︎", "10H"], [" jk ", "JK"], ["Joker", "JK"], ["q♧", "QC"], ["🃏", "JK"]]) {
    assert.equal(parseCard(text).code, code);
  }
  assert.equal(parseCard("8h"), parseCard("8H")); // one object per card
});

test("cards: unknown notation is a CardError quoting the text", () => {
  for (const bad of ["1H", "11S", "ZZ", "", "JKH", "10", "\ufeff8H", "constructor", "__proto__"]) {
    assert.throws(() => parseCard(bad), CardError, bad);
  }
  assert.throws(() => parseCard(8), CardError);
});

test("cards: Python's whitespace, not JavaScript's", () => {
  assert.equal(pyStrip("\u001c8H\u3000"), "8H");
  assert.equal(pyStrip("\ufeff8H"), "\ufeff8H");
  assert.deepEqual(pySplit(" 8H\u00a0 9S\n"), ["8H", "9S"]);
  assert.deepEqual(parseCards("8H, 9S").map((c) => c.code), ["8H", "9S"]);
});

test("cards: names and faces tell the suit in words and symbols", () => {
  assert.equal(spokenName(parseCard("8H")), "eight of hearts");
  assert.equal(spokenName(parseCard("JK")), "joker");
  assert.equal(cardSymbol(parseCard("10S")), "10♠\ufe0e");
});

test("cards: no more copies than the packs hold", () => {
  assert.throws(() => checkCopies(parseCards("8H 8H"), 1), /2 copies of 8H/);
  assert.doesNotThrow(() => checkCopies(parseCards("8H 8H JK JK JK"), 2));
  assert.throws(() => checkCopies(parseCards("JK JK JK"), 1), /copies of JK/);
  // The words read as a sentence whatever `what` is ("the hand hold..." did not).
  assert.throws(() => checkCopies(parseCards("8H 8H 8H"), 1, { what: "the hand" }),
    { message: "3 copies of 8H in the hand, but one pack holds only 1" });
  assert.throws(() => checkCopies(parseCards("8H 8H 8H"), 2, { what: "the hands" }),
    { message: "3 copies of 8H in the hands, but 2 packs hold only 2" });
  assert.throws(() => checkCopies(parseCards("JK"), 1, { jokers: false, what: "the hands" }),
    { message: "a joker in the hands, but this game is played without jokers" });
});

// --- chips.js ------------------------------------------------------------------------

test("chips-sets: three of a rank in any suits", () => {
  assert.equal(score("8H 8S 8D").score, 0);
  assert.equal(score("8H 8S 9D").score, 25);
});

test("chips-runs: three in sequence in one suit", () => {
  assert.equal(score("4H 5H 6H").score, 0);
  assert.equal(score("4H 5S 6H").score, 15);
});

test("chips-aces: low A-2-3 and high Q-K-A, never wrapping", () => {
  assert.equal(score("AH 3H 4H").score, 8);
  assert.equal(score("QH KH AH").score, 0);
  // chips-no-wrap, chips-ruling-k-a-2 (the family's words): K-A-2 is no group; A-2-3, the King loose.
  assert.equal(score("KH AH 2H 3H").score, 10);
  assert.deepEqual(score("KH AH 2C").groups, []);
  assert.deepEqual(score("2C JH QH AH").melds[0].as, ["JH", "QH", "KH", "AH"]); // the 2 as the King
});

test("chips-wilds: a joker stands in, and the record says as what", () => {
  const rec = score("5H 6H JK");
  assert.equal(rec.score, 0);
  assert.deepEqual(rec.melds, [{ kind: "run", suit: "H", lo: 5, cards: ["5H", "6H", "JK"], as: ["5H", "6H", "7H"] }]);
  assert.equal(describeMeld(rec.melds[0]), "a run of hearts 5-6-7 with the joker as the 7");
  assert.equal(describeMeld(score("8H 8S JK").melds[0]), "a set of eights with the joker as an 8");
});

test("chips-lay-off: cards go onto the caller's groups", () => {
  const rec = scoreChips({ hand: ["9S", "5D", "KD"], caller_groups: [{ kind: "run", suit: "S", cards: ["6S", "7S", "8S"] }] });
  assert.equal(rec.score, 15);
  assert.deepEqual(rec.lay_offs, [{ card: "9S", group: 0, as: "9S" }]);
  assert.deepEqual(describeChips(rec), ["Laid off: 9S on the caller's group 1 (as 9S)", "Loose: 5D (5) KD (10)", "Score: 15"]);
});

test("chips-ruling-wild-set-rank: a caller's group of wilds stands as announced, a run or a set of any rank", () => {
  const run = [{ kind: "run", suit: "D", cards: ["JK", "JK", "2C"], lo: 10 }];
  let rec = scoreChips({ hand: ["9D", "KD", "5C"], caller_groups: run });
  assert.equal(rec.score, 5);
  assert.deepEqual(rec.lay_offs, [{ card: "9D", group: 0, as: "9D" }, { card: "KD", group: 0, as: "KD" }]);
  assert.equal(scoreChips({ hand: ["9H", "8D"], caller_groups: run }).score, 17);
  rec = scoreChips({ hand: ["QC", "8H", "QS"], caller_groups: [{ kind: "set", rank: "Q", cards: ["2S", "2H", "JK"] }] });
  assert.equal(rec.score, 8);
  assert.deepEqual([...rec.laid_off].sort(), ["QC", "QS"]);
  rec = scoreChips({ hand: ["KC", "8H", "QC"], caller_groups: [{ kind: "set", rank: "2", cards: ["2S", "2H", "JK"] }] });
  assert.equal(rec.score, 28);
  assert.deepEqual(rec.laid_off, []);
});

test("chips: the record has the Python keys, in order", () => {
  assert.deepEqual(Object.keys(score("8H 8S 8D 4C")), ["score", "groups", "loose", "laid_off", "melds", "lay_offs"]);
});

test("chips: more than three caller groups are refused (the 6.6 s record of the hostile test)", () => {
  // chips-call: a caller's hand of at most ten cards makes at most three groups, and laying off
  // adds none. 32 runs (96 cards) once took seconds in the lay-off search; now they are refused
  // before any search.
  const runs = [];
  for (let k = 0; k < 8; k++) for (const s of ["S", "H", "D", "C"]) runs.push({ kind: "run", suit: s, cards: [`5${s}`, `6${s}`, `7${s}`] });
  assert.deepEqual(scoreChips({ hand: ["8S", "8H", "8D", "8C", "4S", "KD"], packs: 8, caller_groups: runs }),
    { error: "caller_groups: 32 groups, but a caller's hand of at most 10 cards makes at most 3 groups of three or more" });
  // Three runs, ten cards: as a caller lays them down, scored exactly (expected from Python).
  const three = [{ kind: "run", suit: "S", cards: ["5S", "6S", "7S"] }, { kind: "run", suit: "H", cards: ["5H", "6H", "7H"] },
    { kind: "run", suit: "D", cards: ["5D", "6D", "7D", "8D"] }];
  assert.deepEqual(scoreChips({ hand: ["8S", "8H", "8C", "4S", "KD"], packs: 2, caller_groups: three }),
    {"score": 10, "groups": [["8S", "8H", "8C"]], "loose": ["KD"], "laid_off": ["4S"], "melds": [{"kind": "set", "rank": "8", "cards": ["8S", "8H", "8C"], "as": ["8", "8", "8"]}], "lay_offs": [{"card": "4S", "group": 0, "as": "4S"}]});
});

test("chips: caller groups extended past one hand by earlier players are scored (chips-ruling-layoff-order)", () => {
  // A run of hearts A-Q (12 cards) and a set of three 7s and a joker: 16 cards between them.
  const run12 = ["AH", "2C", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"];
  const rec = scoreChips({ hand: ["KH", "6C"], caller_groups: [{ kind: "run", suit: "H", cards: run12 },
    { kind: "set", rank: "7", cards: ["7S", "7D", "7C", "JK"] }] });
  assert.equal(rec.score, 6);
  assert.deepEqual(rec.lay_offs, [{ card: "KH", group: 0, as: "KH" }]);
});

test("chips: caller groups the packs cannot deal are refused, each in one line naming the field", () => {
  const one = (g, packs = 1) => scoreChips({ hand: ["KD"], packs, caller_groups: [g] }).error;
  assert.equal(one({ kind: "run", suit: "H", cards: ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "JK"] }, 2),
    "caller_groups[0]: a run holds at most 13 cards (it may not wrap round), not 14");
  const ten = ["8S", "8H", "8D", "8C", "2S", "2H", "2D", "2C", "JK", "JK"];
  assert.equal(one({ kind: "set", rank: "8", cards: ten }), undefined);
  assert.equal(one({ kind: "set", rank: "8", cards: [...ten, "JK"] }),
    "caller_groups[0]: 11 cards in a set of eights, but one pack holds only 10 that can stand as eights (four eights and six wilds a pack)");
  assert.equal(one({ kind: "set", rank: "2", cards: [...ten.slice(4), "2S"] }),
    "caller_groups[0]: 7 wilds in a group, but one pack holds only 6 (four 2s and two jokers a pack)");
  // chips-ruling-wild-set-rank: a group of wilds alone is what the caller announced; a run of
  // wilds must say where it starts.
  assert.equal(one({ kind: "run", suit: "H", lo: 8, cards: ["JK", "2S", "2H"] }), undefined);
  assert.equal(one({ kind: "set", rank: "K", cards: ["JK", "2S", "2H"] }), undefined);
  assert.equal(one({ kind: "run", suit: "H", cards: ["JK", "2S", "2H"] }),
    "caller_groups[0]: a run made only of wilds must say where it starts (lo), as the caller announced it (chips-ruling-wild-set-rank)");
});

test("chips: every bad input is an error record, never a throw", () => {
  const bad = [
    null, [], "8H", 3, {}, { hand: [] }, { hand: ["ZZ"] }, { hand: ["8H", "8H"] },
    { hand: "AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS".split(" ") }, { hand: ["8H"], packs: 0 },
    { hand: ["8H"], packs: true }, { hand: ["8H"], packs: "1" }, { hand: ["8H"], extra: 1 },
    { hand: ["8H"], caller_groups: [{ kind: "set", rank: "8", cards: ["8S", "9D", "8C"] }] },
    { hand: ["8H"], caller_groups: [{ kind: "run", suit: "H", cards: ["KH", "AH", "2H", "3H"] }] },
    { hand: ["8H"], caller_groups: [{ kind: "run", suit: "H", cards: ["JK", "JK", "2H"] }] },
    { hand: ["8H"], caller_groups: [{ kind: ["set"], cards: [] }] }, { hand: ["8H"], caller_groups: {} },
    { hand: [8] }, { hand: [null] },
  ];
  for (const input of bad) {
    const out = scoreChips(input);
    assert.equal(typeof out.error, "string", JSON.stringify(input));
    assert.equal(Object.keys(out).length, 1);
  }
});

// --- chains.js -----------------------------------------------------------------------

test("chains-scoring: 2-9 ten, 10 J Q fifteen, K twenty, A twenty-five", () => {
  assert.deepEqual(scoreChains({ hand: ["7H", "KD", "AS"] }), { score: 55 });
  assert.deepEqual(scoreChains({ hand: "10H JC QD" }), { score: 45 });
  assert.deepEqual(scoreChains({ hand: [] }), { score: 0 });
  assert.ok(scoreChains({ hand: ["JK"] }).error);
  assert.ok(scoreChains({ hand: ["7H"], decks: null }).error);
});

test("chains-royal, run, flush; chains-ruling-ace: the ranks form a circle", () => {
  assert.deepEqual(playChains({ top: "7H", card: "8H" }), { legal: true, kind: "royal", again: true });
  assert.deepEqual(playChains({ top: "KS", card: "AS" }), { legal: true, kind: "royal", again: true });
  assert.deepEqual(playChains({ top: "2D", card: "AC" }), { legal: true, kind: "run", again: false });
  assert.deepEqual(playChains({ top: "2D", card: "9D" }), { legal: true, kind: "flush", again: false });
  assert.deepEqual(playChains({ top: "2D", card: "9C" }), { legal: false, kind: null, again: false });
});

test("chains variations and decks", () => {
  assert.equal(playChains({ top: "7H", card: "8H", variant: "no-extra-play" }).again, false);
  assert.equal(playChains({ top: "7H", card: "7S" }).legal, false);
  assert.equal(playChains({ top: "7H", card: "7S", variant: ["same-rank"] }).kind, "same");
  assert.equal(playChains({ top: "7H", card: "7H", decks: 2 }).kind, "same");
  assert.ok(playChains({ top: "7H", card: "7H" }).error);
  assert.ok(playChains({ top: "7H", card: "8H", variant: "royal" }).error);
  assert.ok(playChains({ top: "7H" }).error);
});

// --- 3-chip-stack.js -----------------------------------------------------------------

test("three-chip-stack-ranking: 3 beats A beats K ... 4 beats 2", () => {
  assert.deepEqual(showdown({ hands: [["AS", "KD", "4C"], ["3H", "5D", "6C"]], pot: 12 }),
    { winners: [1], decided_by: 1, shares: [0, 12] });
  assert.deepEqual(showdown({ hands: [["4S", "5D", "6C"], ["2H", "KD", "QC"]] }).winners, [1]);
});

test("three-chip-stack-split and the odd chip from the dealer's left", () => {
  assert.deepEqual(showdown({ hands: [["3H", "9C", "4D"], ["3S", "9D", "4C"], ["AS", "KD", "QC"]], pot: 13 }),
    { winners: [0, 1], decided_by: 1, shares: [7, 6, 0] });
  assert.equal(showdown({ hands: [["3H", "9C", "4D"], ["3S", "9D", "5C"]] }).decided_by, 3);
});

test("three-chip-stack-showdown: compareHands goes card by card from the best; pairs and suits count for nothing", () => {
  const hand = parseCards;
  assert.ok(compareHands(hand("3H 4S 5D"), hand("AS KD QC")) > 0); // three-chip-stack-ranking: 3 is best
  assert.ok(compareHands(hand("AS QD JC"), hand("AH KS 4D")) < 0); // the second card decides
  assert.ok(compareHands(hand("AS KD 5C"), hand("AH KS 4D")) > 0); // the third card decides
  assert.ok(compareHands(hand("9S 9D 9C"), hand("10H 5S 4D")) < 0); // three of a kind is no better
  assert.equal(compareHands(hand("AS KD 4C"), hand("4D AH KS")), 0); // same ranks, other suits, any order
  assert.throws(() => compareHands(hand("AS KD"), hand("AH KS 4D")), /3 cards, not 2/);
  // The same judgement as the showdown's, on pairs of hands dealt from one shuffled pack.
  const pack = "3 A K Q J 10 9 8 7 6 5 4 2".split(" ").flatMap((r) => ["S", "H", "D", "C"].map((s) => r + s));
  let seed = 20261202; // a Park-Miller generator: the same deals every run
  for (let deal = 0; deal < 300; deal++) {
    const cards = [...pack];
    for (let i = cards.length - 1; i > 0; i--) {
      seed = (seed * 48271) % 2147483647;
      const j = seed % (i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    const [a, b] = [cards.slice(0, 3), cards.slice(3, 6)];
    const { winners } = showdown({ hands: [a, b] });
    const expected = winners.length === 2 ? 0 : winners[0] === 0 ? 1 : -1;
    assert.equal(Math.sign(compareHands(hand(a), hand(b))), expected, `${a} vs ${b}`);
  }
});

test("3 Chip Stack bad inputs are errors", () => {
  for (const input of [{ hands: [["3H", "9C"]] }, { hands: [["3H", "9C", "JK"], ["3S", "4S", "5S"]] },
    { hands: [["3H", "9C", "4D"], ["3H", "9D", "4C"]] }, { hands: [] }, { hands: [["3H", "9C", "4D"]], pot: -1 },
    { hands: Array(7).fill(0).map((_, k) => [`${k + 4}S`, `${k + 4}H`, `${k + 4}D`]) }, null]) {
    assert.equal(typeof showdown(input).error, "string", JSON.stringify(input));
  }
});

// --- Chips house options (issue 25): each one changes an answer, as in tests/test_house_engines.py ---

test("chips k-a-2: never a group by the family's words; the wild 2 as the Queen, or round the corner, by a house reading", () => {
  const family = scoreChips({ hand: ["KD", "AD", "2C"] });
  assert.equal(family.score, 11);
  assert.deepEqual(family.groups, []);
  assert.deepEqual(scoreChips({ hand: ["KD", "AD", "2C"], house: { "k-a-2": "no-group" } }), family);
  assert.deepEqual(scoreChips({ hand: ["KD", "AD", "2C"], house: { "k-a-2": "group" } }).melds[0].as, ["QD", "KD", "AD"]);
  assert.equal(scoreChips({ hand: ["KD", "AD", "JK"] }).score, 0); // a joker still can
  assert.equal(scoreChips({ hand: ["KD", "AD", "2D", "3D"] }).score, 10);
  assert.equal(scoreChips({ hand: ["2C", "JD", "QD", "AD"] }).score, 0);
  assert.equal(scoreChips({ hand: ["KD", "AD", "2D", "3D"], house: { "k-a-2": "group" } }).score, 3);
  const corner = { "k-a-2": "round-the-corner" };
  assert.equal(scoreChips({ hand: ["KD", "AD", "2D", "3D"], house: corner }).score, 0);
  assert.deepEqual(scoreChips({ hand: ["QD", "KD", "AD", "2D", "3D"], house: corner }).melds[0].lo, 12);
  const callers = [{ kind: "run", suit: "D", lo: 12, cards: ["QD", "KD", "AD"] }];
  assert.equal(scoreChips({ hand: ["2C", "10D"], caller_groups: callers, house: { "k-a-2": "group" } }).score, 0);
  assert.equal(scoreChips({ hand: ["2C", "10D"], caller_groups: callers }).score, 10);
  assert.match(scoreChips({ hand: ["5C"], caller_groups: [{ kind: "run", suit: "D", cards: ["2C", "KD", "AD"] }] }).error,
    /^caller_groups\[0\]: K-A-2 is not allowed/);
  const wrapped = [{ kind: "run", suit: "H", lo: 13, cards: ["KH", "AH", "2H"] }];
  assert.equal(scoreChips({ hand: ["QH", "3H", "5C"], caller_groups: wrapped, house: corner }).score, 5);
  assert.match(scoreChips({ hand: ["5C"], caller_groups: [{ ...wrapped[0], lo: 14 }], house: corner }).error,
    /^caller_groups\[0\]: a run round the corner starts at position 1 \(Ace\) to 13 \(King\)/);
  assert.match(scoreChips({ hand: ["5C"], house: { "k-a-2": "never" } }).error, /^house\.k-a-2: no value 'never'/);
});

test("chips lay-off-order: as laid, a later seat that laid off first takes the place", () => {
  const rec = { caller_groups: [{ kind: "run", suit: "H", cards: ["5H", "6H", "7H"] }], hands: [["8H", "KC"], ["9H", "4H"]] };
  assert.deepEqual(roundChips(rec).scores, [10, 0]);
  const asLaid = { ...rec, house: { "lay-off-order": "as-laid" }, layoff_order: [1, 0] };
  assert.deepEqual(roundChips(asLaid).scores, [10, 9]);
  assert.match(roundChips({ ...rec, layoff_order: [1, 0] }).error, /^layoff_order: the order the table laid off in counts only/);
  assert.match(roundChips({ ...asLaid, layoff_order: [1, 1] }).error, /^layoff_order: expected each hand's index \(0 to 1\) once/);
});

test("chips throw-back and random-extra: the replay follows them", () => {
  const rec = { players: 2, dealer: 0, hand_size: 3, deck: "7H KD 8H QS 9H 4C 2S 5D 6D 3C",
    moves: [{ discard: "2S" }, { take: "pile", discard: "2S" }] };
  assert.equal(replayChips(rec).steps[1].taken, "2S");
  assert.match(replayChips({ ...rec, house: { "throw-back": "not-allowed" } }).error,
    /^move 2 \(player 1\): 2S was just taken from the discard pile, and at this table it may not be thrown straight back/);
  assert.match(replayChips({ ...rec, extra: 1 }).error, /^extra: the extra card goes to the player on the dealer's left/);
  assert.match(replayChips({ ...rec, extra: 1, house: { "random-extra": "played" } }).error, /^extra: the random extra card is for 9 or more players/);
});
