// 3 Chip Stack's house options (rules-data/3-chip-stack.yaml `option:`), on their own so the score
// keeper reads a game's odd-chip (rank/3-chip-stack.js) without loading the engine; the engine
// (3-chip-stack.js) re-exports them as its HOUSE_OPTIONS, held equal to the game file and to
// Python's HOUSE_OPTIONS by tests/test_house_engines.py.

/** The house options the engine follows. */
export const HOUSE_OPTIONS = Object.freeze([
  // three-chip-stack-ruling-odd-chip: the chips a split pot leaves over.
  Object.freeze({ id: "odd-chip", values: Object.freeze(["next-hand", "dealer", "winners"]), default: "winners" }),
  // three-chip-stack-ruling-passed-chip: when the dealer gets a chip passed on a fold.
  Object.freeze({ id: "passed-chip", values: Object.freeze(["at-once", "after-hand"]), default: "at-once" }),
]);
