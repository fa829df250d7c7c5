// The practice table's small words (docs/assets/js/play/table/common.js), under node: a seat's
// line counts its cards and points in the singular for one (issue 40 found "1 points so far").

import { test } from "node:test";
import assert from "node:assert/strict";
import { seatCounts } from "../../docs/assets/js/play/table/common.js";
import { layoffOrder, ordinal, playerName } from "../../docs/assets/js/widgets/chips-round.js";

test("a seat's line says 1 card and 1 point, and 0 or 2 of them in the plural", () => {
  assert.equal(seatCounts(1, 1), " · 1 card · 1 point so far");
  assert.equal(seatCounts(0, 0), " · 0 cards · 0 points so far");
  assert.equal(seatCounts(2, 12), " · 2 cards · 12 points so far");
});

test("the round scorer names players by place after the caller, never Player 1 (that is you at the table)", () => {
  assert.deepEqual([1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 23].map(ordinal),
    ["1st", "2nd", "3rd", "4th", "7th", "11th", "12th", "13th", "21st", "22nd", "23rd"]);
  assert.equal(playerName(0), "1st after the caller");
  // The order field reads places as typed: "2 1", "2nd, 1st", and the old "Player 2, Player 1".
  for (const text of ["2 1", "2nd, 1st", "2nd after the caller, 1st after the caller", "Player 2, Player 1", "p2 p1"]) {
    assert.deepEqual(layoffOrder(text, 2), [1, 0], text);
  }
  assert.throws(() => layoffOrder("1 1", 2), /the 1st after the caller is named twice/);
  assert.throws(() => layoffOrder("2", 3), /the 1st and 3rd after the caller missing/);
});
