// The drill generators of the practice pages (docs/assets/js/play/drills/), under node:
// the same seed gives the same question, a question's `next` seed gives the one after, every
// hand is a real deal (the round's size, no card twice, one pack), the Chips focus really deals
// hands with wilds in a group, an Ace, a card that lays off; the streak store refuses what is not
// its own. Run by `node --test tests/js/` (make test-js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { chipsQuestion, chipsSettings, FOCI, rulesOf as chipsRules } from "../../docs/assets/js/play/drills/chips.js";
import { chainsQuestion, KINDS } from "../../docs/assets/js/play/drills/chains.js";
import { threeQuestion } from "../../docs/assets/js/play/drills/3-chip-stack.js";
import { answerOf, questionOf, isRight, tableQuestion, verdictOf } from "../../docs/assets/js/play/drills/examples.js";
import { readStreaks, seedFrom, MAX_STREAK } from "../../docs/assets/js/play/drills/common.js";
import { HAND_SIZES, scoreChips } from "../../docs/assets/js/engine/chips.js";
import { playChains } from "../../docs/assets/js/engine/chains.js";
import { showdown } from "../../docs/assets/js/engine/3-chip-stack.js";

const SEEDS = Array.from({ length: 60 }, (_, k) => (k * 2654435761) >>> 0);
const wild = (code) => code === "JK" || code.startsWith("2");

test("chips: one seed, one question; `next` seeds the one after", () => {
  for (const focus of FOCI) {
    for (const round of [1, 4, 8]) {
      const a = chipsQuestion(12345, { round, focus });
      const b = chipsQuestion(12345, { round, focus });
      assert.deepEqual(a, b);
      const c = chipsQuestion(a.next, { round, focus });
      assert.notDeepEqual(c.hand, a.hand);
      assert.deepEqual(chipsQuestion(a.next, { round, focus }), c);
    }
  }
});

test("chips: a hand of the round's size, from one pack, scored by the engine", () => {
  for (const seed of SEEDS) {
    for (const focus of FOCI) {
      const round = 1 + (seed % HAND_SIZES.length);
      const q = chipsQuestion(seed, { round, focus });
      assert.equal(q.hand.length, HAND_SIZES[round - 1]);
      const all = [...q.hand, ...(q.caller_groups || []).flatMap((g) => g.cards)];
      const counts = {};
      for (const code of all) counts[code] = (counts[code] || 0) + 1;
      for (const [code, n] of Object.entries(counts)) assert.ok(n <= (code === "JK" ? 2 : 1), `${code} x${n}`);
      assert.deepEqual(q.record, scoreChips({ hand: q.hand, packs: 1, caller_groups: q.caller_groups }));
      if (q.caller_groups) {
        // The caller called: their groups are a whole hand of the round's size.
        assert.equal(q.caller_groups.reduce((n, g) => n + g.cards.length, 0), q.hand.length);
      }
    }
  }
});

test("chips: the wilds focus puts a wild in a group", () => {
  let n = 0;
  for (const seed of SEEDS) {
    const q = chipsQuestion(seed, { round: 1 + (seed % 8), focus: "wilds" });
    assert.ok(q.record.melds.some((m) => m.cards.some(wild)) || q.record.lay_offs.some((l) => wild(l.card)), q.hand.join(" "));
    n += 1;
  }
  assert.equal(n, SEEDS.length);
});

test("chips: the Aces focus deals an Ace, mostly in a run or loose", () => {
  let inRun = 0;
  for (const seed of SEEDS) {
    const q = chipsQuestion(seed, { round: 1 + (seed % 8), focus: "aces" });
    assert.ok(q.hand.some((c) => c.startsWith("A")), q.hand.join(" "));
    if (q.record.melds.some((m) => m.kind === "run" && m.cards.some((c) => c.startsWith("A")))) inRun += 1;
  }
  assert.ok(inRun >= SEEDS.length / 3, `an Ace in a run in ${inRun} of ${SEEDS.length}`);
});

test("chips: the laying-off focus deals the caller's groups and a card that lays off", () => {
  for (const seed of SEEDS) {
    const q = chipsQuestion(seed, { round: 1 + (seed % 8), focus: "lay-off" });
    assert.ok(q.caller_groups && q.caller_groups.length >= 1);
    assert.ok(q.record.lay_offs.length >= 1, `${q.hand.join(" ")} onto ${JSON.stringify(q.caller_groups)}`);
    assert.ok(chipsRules(q.record).includes("chips-lay-off"));
  }
});

test("chips: settings from the address are checked, never trusted", () => {
  assert.deepEqual(chipsSettings({ round: "9", focus: "<b>", caller: "1" }), { round: 1, focus: "any", caller: false });
  assert.deepEqual(chipsSettings({ round: "8", focus: "aces", caller: "yes" }), { round: 8, focus: "aces", caller: true });
});

test("chains: deterministic, every kind dealt, the engine's record", () => {
  const kinds = new Set();
  const legal = new Set();
  for (const seed of SEEDS) {
    const q = chainsQuestion(seed);
    assert.deepEqual(chainsQuestion(seed), q);
    assert.notEqual(q.top, q.card);
    assert.deepEqual(q.record, playChains({ top: q.top, card: q.card, decks: 1, variant: null }));
    kinds.add(q.kind);
    legal.add(q.record.legal);
  }
  assert.deepEqual([...kinds].sort(), [...KINDS].sort());
  assert.deepEqual([...legal].sort(), [false, true]);
});

test("3 Chip Stack: deterministic, n hands of three, no card twice", () => {
  for (const seed of SEEDS) {
    for (const hands of [2, 3, 4]) {
      const q = threeQuestion(seed, { hands });
      assert.deepEqual(threeQuestion(seed, { hands }), q);
      assert.equal(q.hands.length, hands);
      const cards = q.hands.flat();
      assert.equal(new Set(cards).size, 3 * hands);
      assert.deepEqual(q.record, showdown({ hands: q.hands, pot: 0 }));
    }
  }
  assert.equal(threeQuestion(1, { hands: 9 }).hands.length, 3); // out of range: the default
});

test("examples: what each record asks, and its answer from the claim", () => {
  const chips = questionOf("chips", "score", {}, { score: 5, loose: ["5D"] });
  assert.equal(chips.ask, "What does this hand score?");
  assert.ok(isRight(chips, 5) && !isRight(chips, 6));
  const play = questionOf("chains", "play", {}, { legal: false });
  assert.ok(isRight(play, false) && !isRight(play, true));
  const who = questionOf("3-chip-stack", "showdown", { hands: [[], [], []] }, { winners: [0, 1] });
  assert.equal(who.seats, 3);
  assert.ok(isRight(who, [1, 0]) && !isRight(who, [0]) && !isRight(who, [0, 1, 2]));
  assert.equal(questionOf("chips", "replay", {}, { scores: [0] }), null);
});

test("examples at a table: the table's answer is right, named with its rule; the family's is not", () => {
  // Chips "Why K-A-2-3 is not a run" under "King, Ace and a wild 2": never a group (issue 25).
  const claim = { score: 3, loose: ["3C"] };
  const family = questionOf("chips", "score", {}, claim);
  const because = "King, Ace and a wild 2";
  const table = tableQuestion("chips", "score", {}, claim, family, { score: 10, loose: ["KH", "AS", "2D", "3C"] }, because);
  assert.equal(table.answer, 10);
  const right = verdictOf(family, table, 10);
  assert.ok(right.right);
  assert.match(right.text, /^✓ Right at your table \(King, Ace and a wild 2\): 10\. By the family's rules: 3\.$/);
  const theirs = verdictOf(family, table, 3);
  assert.ok(!theirs.right);
  assert.match(theirs.text, /family's answer \(3\); at your table \(King, Ace and a wild 2\): 10/);
  const wrong = verdictOf(family, table, 7);
  assert.ok(!wrong.right && wrong.text.includes("10") && wrong.text.includes(because));
  assert.match(answerOf(family, table), /^The answer at your table \(King, Ace and a wild 2\): 10; by the family's rules: 3\.$/);
  // With the family's rules (no table's answer), or a table answering as the family does: the family's.
  assert.equal(tableQuestion("chips", "score", {}, claim, family, null, because), null);
  assert.equal(tableQuestion("chips", "score", {}, claim, family, { score: 3 }, because), null);
  assert.deepEqual(verdictOf(family, null, 3), { right: true, text: "✓ Right: 3." });
  assert.deepEqual(verdictOf(family, null, 10), { right: false, text: "✗ Not quite: 3." });
  assert.equal(answerOf(family, null), "The answer: 3.");
  // Who wins, and whether a play may go, follow the table's answer the same way.
  const input = { hands: [[], [], []] };
  const who = questionOf("3-chip-stack", "showdown", input, { winners: [0, 1] });
  const whoAt = tableQuestion("3-chip-stack", "showdown", input, { winners: [0, 1] }, who, { winners: [1] }, "x");
  assert.ok(verdictOf(who, whoAt, [1]).right && !verdictOf(who, whoAt, [0, 1]).right);
  const play = questionOf("chains", "play", {}, { legal: false });
  const playAt = tableQuestion("chains", "play", {}, { legal: false }, play, { legal: true }, "Same rank allowed, played");
  assert.ok(verdictOf(play, playAt, true).right && !verdictOf(play, playAt, false).right);
});

test("streaks: a stored value that is not ours gives a fresh start", () => {
  assert.deepEqual(readStreaks(null), { streaks: { chips: { streak: 0, best: 0 }, chains: { streak: 0, best: 0 }, "3-chip-stack": { streak: 0, best: 0 } }, damaged: false });
  for (const bad of ["{", "[]", "null", '"x"', '{"chips": {"streak": 3, "best": 1}}', '{"chips": {"streak": -1, "best": 0}}',
    `{"chips": {"streak": ${MAX_STREAK + 1}, "best": ${MAX_STREAK + 1}}}`, "9".repeat(3000)]) {
    const { streaks, damaged } = readStreaks(bad);
    assert.ok(damaged, bad.slice(0, 40));
    assert.deepEqual(streaks.chips, { streak: 0, best: 0 });
  }
  const ok = readStreaks('{"chips": {"streak": 2, "best": 5}}');
  assert.deepEqual(ok.streaks.chips, { streak: 2, best: 5 });
  assert.equal(ok.damaged, false);
  assert.equal(seedFrom("123"), 123);
  for (const bad of ["", "-1", "1e3", "4294967296", "12a", null]) assert.equal(seedFrom(bad), null);
});

// Issue 25: the drills check the learner's answer by the table's rules.
test("chains: the same-rank variation makes a same-rank card legal, and the question says it followed the house", () => {
  let tried = 0;
  for (const seed of SEEDS) {
    const family = chainsQuestion(seed);
    if (family.kind !== "same-rank") continue;
    tried += 1;
    const housed = chainsQuestion(seed, { "same-rank": "played" });
    assert.equal(family.record.legal, false);
    assert.equal(family.house, null);
    assert.deepEqual([housed.top, housed.card], [family.top, family.card]); // the same question
    assert.equal(housed.record.legal, true);
    assert.deepEqual(housed.house, { "same-rank": "played" });
  }
  assert.ok(tried > 0, "no seed dealt a same-rank question");
});

test("chains: no extra play after a royal under no-extra-play; a house that changes nothing is not named", () => {
  let tried = 0;
  for (const seed of SEEDS) {
    const family = chainsQuestion(seed);
    const housed = chainsQuestion(seed, { "no-extra-play": "played" });
    if (family.kind === "royal") {
      tried += 1;
      assert.equal(family.record.again, true);
      assert.equal(housed.record.again, false);
      assert.deepEqual(housed.house, { "no-extra-play": "played" });
    } else {
      assert.deepEqual(housed.record, family.record);
      assert.equal(housed.house, null);
    }
  }
  assert.ok(tried > 0, "no seed dealt a royal");
});

test("3 Chip Stack: the house reaches the engine (a bad one is refused), and no option changes who wins", () => {
  for (const seed of SEEDS.slice(0, 10)) {
    const family = threeQuestion(seed, { hands: 3 });
    for (const house of [{ "odd-chip": "dealer" }, { "odd-chip": "next-hand" }, { "passed-chip": "after-hand" }]) {
      assert.deepEqual(threeQuestion(seed, { hands: 3 }, house).record.winners, family.record.winners);
    }
    assert.match(threeQuestion(seed, { hands: 3 }, { "odd-chip": "nobody" }).record.error, /odd-chip/);
  }
});
