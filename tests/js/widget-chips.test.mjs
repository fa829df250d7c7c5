// The Chips page scorer's reading of the caller's groups (docs/assets/js/widgets/chips.js
// callerGroups), under node: each group read as the caller announced it, and scored by the
// browser engine as the rulings say. The page itself is driven in tests/test_browser_widgets.py.

import { test } from "node:test";
import assert from "node:assert/strict";
import { callerGroups } from "../../docs/assets/js/widgets/chips.js";
import { scoreChips } from "../../docs/assets/js/engine/chips.js";

const scored = (hand, caller) => scoreChips({ hand: hand.split(" "), caller_groups: callerGroups(caller) });

test("chips-ruling-wild-set-rank: a caller's group of wilds alone is a set of 2s, not Kings", () => {
  assert.deepEqual(callerGroups("2S 2H JK"), [{ kind: "set", rank: "2", cards: ["2S", "2H", "JK"] }]);
  assert.deepEqual(callerGroups("set 2S 2H JK"), [{ kind: "set", rank: "2", cards: ["2S", "2H", "JK"] }]);
  const rec = scored("KC 8H QC", "2S 2H JK");
  assert.equal(rec.score, 28);
  assert.deepEqual(rec.laid_off, []);
  assert.throws(() => callerGroups("run JK 2S 2H"), /Caller's group 1: a group of wilds alone counts as a set of 2s, not a run/);
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
