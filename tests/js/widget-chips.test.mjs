// The Chips page scorer's reading of the caller's groups (docs/assets/js/widgets/chips.js
// callerGroups), under node: each group read as the caller announced it, and scored by the
// browser engine as the rulings say. The page itself is driven in tests/test_browser_widgets.py.

import { test } from "node:test";
import assert from "node:assert/strict";
import { callerGroups } from "../../docs/assets/js/widgets/chips.js";
import { scoreChips } from "../../docs/assets/js/engine/chips.js";

const scored = (hand, caller) => scoreChips({ hand: hand.split(" "), caller_groups: callerGroups(caller) });

test("chips-ruling-wild-set-rank: a caller's group of wilds alone is a set of 2s unless announced", () => {
  assert.deepEqual(callerGroups("2S 2H JK"), [{ kind: "set", rank: "2", cards: ["2S", "2H", "JK"] }]);
  assert.deepEqual(callerGroups("set 2S 2H JK"), [{ kind: "set", rank: "2", cards: ["2S", "2H", "JK"] }]);
  const rec = scored("KC 8H QC", "2S 2H JK");
  assert.equal(rec.score, 28);
  assert.deepEqual(rec.laid_off, []);
  assert.deepEqual(scored("KC 8H QC", "2S 2H JK = 2").laid_off, []); // announced as 2s: the same
  assert.throws(() => callerGroups("run JK 2S 2H"), /Caller's group 1: a run of wilds alone needs its place: write "=" and its first card/);
});

test("chips-ruling-wild-set-rank: a group of wilds announced with = stands as a set of that rank or a run from that card", () => {
  assert.deepEqual(callerGroups("2S 2H JK = Q"), [{ kind: "set", rank: "Q", cards: ["2S", "2H", "JK"] }]);
  assert.deepEqual(callerGroups("set 2s 2h jk=t")[0], { kind: "set", rank: "10", cards: ["2s", "2h", "jk"] });
  assert.deepEqual(callerGroups("JK JK 2C = 10D"), [{ kind: "run", suit: "D", cards: ["JK", "JK", "2C"], lo: 10 }]);
  assert.deepEqual(callerGroups("run JK JK 2C = AD")[0].lo, 1); // an Ace first is low
  assert.deepEqual(callerGroups("JK JK 2C = 2D")[0].lo, 2); // a 2's own place in a run
  // The declared run 10-J-Q of diamonds takes the 9 and the King laid off; the set of Queens a Queen.
  let rec = scored("9D KD 5C", "JK JK 2C = 10D");
  assert.deepEqual(rec.lay_offs, [{ card: "9D", group: 0, as: "9D" }, { card: "KD", group: 0, as: "KD" }]);
  assert.equal(rec.score, 5);
  rec = scored("QC 8H", "2S 2H JK = Q; 4C 5C 6C");
  assert.deepEqual(rec.laid_off, ["QC"]);
  assert.equal(rec.score, 8);
  // What cannot be read gets one line naming the group.
  assert.throws(() => callerGroups("JK JK 2C = KD"), /Caller's group 1: 3 cards from K♦\ufe0e? would go past the Ace/);
  assert.throws(() => callerGroups("8H JK 2S = Q"), /Caller's group 1: "=" says what a group of wilds alone stands for/);
  assert.throws(() => callerGroups("run JK 2S 2H = Q"), /a run is announced by its first card/);
  assert.throws(() => callerGroups("set JK 2S 2H = 10D"), /a set is announced by its rank/);
  assert.throws(() => callerGroups("JK 2S 2H = JK"), /a joker stands for another card/);
  assert.throws(() => callerGroups("JK 2S 2H = 10D JD"), /after "=" write a rank for a set/);
  assert.throws(() => callerGroups("= Q"), /Caller's group 1: write its cards before "="/);
});

test("a caller's run with one natural card is entered with the word run, cards in run order", () => {
  assert.deepEqual(callerGroups("run 8H JK 2S"), [{ kind: "run", suit: "H", cards: ["8H", "JK", "2S"] }]);
  assert.deepEqual(callerGroups("RUN 8H JK 2S")[0].kind, "run"); // a phone's keyboard writes capitals
  assert.deepEqual(callerGroups("Run: jk 2s 8h")[0], { kind: "run", suit: "H", cards: ["jk", "2s", "8h"] });
  // The wilds stand for the places they sit in: 8-9-10 of hearts takes the 7 below and the Jack above.
  let rec = scored("7H 4C", "run 8H JK 2S");
  assert.deepEqual(rec.lay_offs, [{ card: "7H", group: 0, as: "7H" }]);
  assert.equal(rec.score, 4);
  rec = scored("JH 4C", "run 8H JK 2S");
  assert.deepEqual(rec.laid_off, ["JH"]);
  // The same cards with no word are a set of 8s (the default reading): the 7 does not go on.
  assert.deepEqual(callerGroups("8H JK 2S"), [{ kind: "set", rank: "8", cards: ["8H", "JK", "2S"] }]);
  assert.equal(scored("7H 4C", "8H JK 2S").score, 11);
  assert.deepEqual(scored("8C 4C", "8H JK 2S").laid_off, ["8C"]);
  // Ace low or high, as the wilds place it.
  assert.deepEqual(scored("4H", "run AH JK 2S").laid_off, ["4H"]);
  assert.deepEqual(scored("JH", "run JK 2S AH").laid_off, ["JH"]);
});

test("the cards alone still say what a group is; several groups, a semicolon between", () => {
  assert.deepEqual(callerGroups("8H 8S 8D; 4C 5C JK; run 10D 2C QD"), [
    { kind: "set", rank: "8", cards: ["8H", "8S", "8D"] },
    { kind: "run", suit: "C", cards: ["4C", "5C", "JK"] },
    { kind: "run", suit: "D", cards: ["10D", "2C", "QD"] },
  ]);
  assert.deepEqual(callerGroups("set KS 2H JK")[0], { kind: "set", rank: "K", cards: ["KS", "2H", "JK"] });
});

test("a group the scorer cannot read gets one line naming it", () => {
  assert.throws(() => callerGroups("8H 8S 8D; 8S 9D 10C"), /^Error: Caller's group 2 \(8S 9D 10C\) is neither a set/);
  assert.throws(() => callerGroups("8H JK run"), /Caller's group 1: write "run" before its cards, not among them/);
  assert.throws(() => callerGroups("8H 8S 8D; run"), /Caller's group 2: write its cards after "run"/);
  assert.throws(() => callerGroups("run 8H XX"), /Caller's group 1: 'XX' is not a card/);
  // What the words say and the cards do not fit is the engine's to refuse, beside the field.
  assert.match(scoreChips({ hand: ["KD"], caller_groups: callerGroups("run 8H 9S JK") }).error, /^caller_groups\[0\]: 8H 9S JK is not a run of hearts/);
  assert.match(scoreChips({ hand: ["KD"], caller_groups: callerGroups("set 8H 9H JK") }).error, /^caller_groups\[0\]: 9H cannot be in a set of eights/);
});
