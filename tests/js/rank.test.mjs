// node --test tests/js/: the score sheet's rank modules (the same records as the Python ones;
// tests/test_rank_differential.py compares thousands of games).
import { test } from "node:test";
import assert from "node:assert/strict";
import { rank as chips, seatForRound } from "../../docs/assets/js/engine/rank/chips.js";
import { rank as chains } from "../../docs/assets/js/engine/rank/chains.js";
import { rank as stack } from "../../docs/assets/js/engine/rank/3-chip-stack.js";

const chipsGame = (players, rows) => chips({ players, rounds: rows.map(([scores, called]) => ({ scores, called })) });

test("chips: lowest total wins", () => {
  const rows = [[{ Ann: 0, Bo: 12 }, "Ann"], ...Array(7).fill([{ Ann: 1, Bo: 1 }, null])];
  const out = chipsGame(["Ann", "Bo"], rows);
  assert.deepEqual(out.ranking, [["Ann"], ["Bo"]]);
  assert.equal(out.decided_by, "total");
  assert.equal(out.finished, true);
});

test("chips: most calls breaks a tie, in words", () => {
  const rows = [
    ...Array(3).fill([{ Ann: 0, Bo: 5 }, "Ann"]), ...Array(2).fill([{ Ann: 5, Bo: 0 }, "Bo"]),
    ...Array(2).fill([{ Ann: 5, Bo: 5 }, null]), [{ Ann: 10, Bo: 5 }, null],
  ];
  const out = chipsGame(["Bo", "Ann"], rows);
  assert.equal(out.decided_by, "calls");
  assert.equal(out.explanation, "Ann and Bo tie on 30; Ann called chips 3 times, Bo twice: Ann wins.");
});

for (const size of [9, 8, 7, 6, 5, 4, 3]) {
  test(`chips: the total after the ${size}-card round breaks a tie`, () => {
    const rows = Array.from({ length: 8 }, () => [{ Ann: 2, Bo: 2 }, null]);
    rows[size - 3] = [{ Ann: 1, Bo: 3 }, null];
    rows[size - 2] = [{ Ann: 3, Bo: 1 }, null];
    const out = chipsGame(["Bo", "Ann"], rows);
    assert.equal(out.decided_by, `round-${size}`);
    assert.deepEqual(out.ranking, [["Ann"], ["Bo"]]);
  });
}

test("chips: level on everything shares first place", () => {
  const out = chipsGame(["Ann", "Bo", "Cy"], Array(8).fill([{ Ann: 3, Bo: 3, Cy: 9 }, null]));
  assert.deepEqual(out.ranking, [["Ann", "Bo"], ["Cy"]]);
  assert.equal(out.decided_by, "shared");
});

test("chips: errors are records naming the field, never exceptions", () => {
  assert.match(chips({ players: ["Ann", "Bo"], rounds: [{ scores: { Ann: 0, Bo: -1 } }] }).error, /rounds\[0\]\.scores\.Bo: -1 is negative/);
  assert.match(chips({ players: ["Ann", "Bo"], rounds: Array(9).fill({ scores: { Ann: 0, Bo: 1 } }) }).error, /8 rounds/);
  assert.match(chips(null).error, /expected an object/);
  assert.match(chips({ players: ["Ann", "Bo"], rounds: [{ scores: { Ann: 3, Bo: 1 }, called: "Ann" }] }).error, /called chips, so scores 0/);
});

test("chips: the deal and the extra card rotate left", () => {
  assert.deepEqual(seatForRound(3, 0), [0, 1]);
  assert.deepEqual(seatForRound(3, 2), [2, 0]);
});

test("chains: ten hands, lowest total, shared ties, impossible scores refused", () => {
  const tie = chains({ players: ["Ann", "Bo"], hands: [{ Ann: 0, Bo: 10 }, { Ann: 10, Bo: 0 }] });
  assert.deepEqual(tie.ranking, [["Ann", "Bo"]]);
  assert.equal(tie.decided_by, "shared");
  assert.match(chains({ players: ["Ann", "Bo"], hands: [{ Ann: 0, Bo: 12 }] }).error, /12 cannot be scored/);
  assert.match(chains({ players: ["Ann", "Bo"], hands: Array(11).fill({ Ann: 0, Bo: 10 }) }).error, /10 hands/);
});

test("3 chip stack: elimination, game over, and chips never created or lost", () => {
  const out = stack({ players: ["Ann", "Bo", "Cy"], hands: [{ Ann: 20, Bo: 25, Cy: 0 }, { Ann: 45, Bo: 0 }] });
  assert.equal(out.finished, true);
  assert.deepEqual(out.ranking, [["Ann"], ["Bo"], ["Cy"]]);
  assert.deepEqual(out.out, { Cy: 1, Bo: 2 });
  const lost = stack({ players: ["Ann", "Bo"], hands: [{ Ann: 14, Bo: 15 }] });
  assert.match(lost.error, /1 chip missing\. Chips are never created or lost/);
  assert.match(stack({ players: ["Ann", "Bo"], hands: [{ Ann: 30, Bo: 0 }, { Ann: 30, Bo: 0 }] }).error, /the game is over/);
});

test("3 Chip Stack: the deal passes left, skipping players who are out (as next_dealer in Python)", async () => {
  const { nextDealer } = await import("../../docs/assets/js/engine/rank/3-chip-stack.js");
  // The same vectors as test_three_chip_stack_next_dealer_vectors_shared_with_the_score_keeper.
  assert.equal(nextDealer([15, 15, 15], 0), 1);
  assert.equal(nextDealer([15, 0, 15], 0), 2);
  assert.equal(nextDealer([15, 0, 0], 0), 0);
  assert.equal(nextDealer([0, 0, 45], 2), 2);
  assert.equal(nextDealer([0, 0, 0], 1), null);
});

test("every rank refuses a score above the score sheet's bound, in Python's words (limits MAX_POINTS)", () => {
  assert.equal(chips({ players: ["Ann", "Bo"], rounds: [{ scores: { Ann: 0, Bo: 1_000_000 }, called: "Ann" }] }).totals.Bo, 1_000_000);
  assert.equal(chips({ players: ["Ann", "Bo"], rounds: [{ scores: { Ann: 0, Bo: 1_000_001 }, called: "Ann" }] }).error,
    "rounds[0].scores.Bo: 1,000,001 is more than 1,000,000 points, the most a score sheet takes");
  assert.equal(chips({ players: ["A", "B"], rounds: [{ scores: { A: 9007199254740993, B: 9007199254740992 } }] }).error,
    "rounds[0].scores.A: that is more than 1,000,000 points, the most a score sheet takes");
  assert.match(chains({ players: ["Ann", "Bo"], hands: [{ Ann: 0, Bo: 1_000_005 }] }).error,
    /^hands\[0\]\.Bo: 1,000,005 is more than 1,000,000 points/);
  assert.match(stack({ players: ["Ann", "Bo"], hands: [{ Ann: 1_000_001, Bo: 0 }] }).error,
    /^hands\[0\]\.Ann: 1,000,001 is more than 1,000,000 chips/);
});
