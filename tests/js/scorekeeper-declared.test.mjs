// node --test tests/js/: the score keeper's sheet of a game that declares its scoring (issue 38):
// its end (a number of hands, a target total, last player left) and its winner (lowest or highest,
// the tie-breakers) come from the declaration through docs/assets/js/engine/declared.js (tied to
// Python by tests/test_declared_differential.py); the games of the three keep loading as before, and
// a declared game this page does not declare is kept as stored, never rewritten.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rank } from "../../docs/assets/js/engine/rank/declared.js";
import { STORE_KEY, checkGame, knownGame, loadStore, rankOf, useDeclared, writeChange } from "../../docs/assets/js/scorekeeper/store.js";
import { readFile, readFragment, shareFragment, exportFile } from "../../docs/assets/js/scorekeeper/share.js";

function memoryStorage() {
  const items = new Map();
  return {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); },
    removeItem: (k) => items.delete(k),
  };
}

const FIXTURE = { cards: { 8: 50, other: "face" }, hand: "winner-scores-others", end: { hands: 3 }, winner: "highest",
  tie_breakers: ["most-hands-won", "best-last-hand"] };
const EIGHTS = { cards: { 8: 50, other: "face" }, hand: "own-cards", end: { target: 100 }, winner: "lowest", tie_breakers: ["most-hands-won"] };
const LIVES = { cards: { other: 1 }, hand: "own-cards", end: "last-player-left", winner: "highest" };
const rows = (players, scores) => scores.map((s) => Object.fromEntries(players.map((p, i) => [p, s[i]])));
const P = ["Ann", "Bo", "Cy"];

test("a game of a number of hands ends after them, and a tie-breaker names the winner", () => {
  const two = rank(FIXTURE, "Fixture", { players: P, hands: rows(P, [[67, 0, 0], [0, 40, 0]]) });
  assert.equal(two.finished, false);
  assert.deepEqual(two.ranking[0], ["Ann"]); // highest leads
  const three = rank(FIXTURE, "Fixture", { players: P, hands: rows(P, [[67, 0, 0], [0, 40, 0], [0, 27, 0]]) });
  assert.equal(three.finished, true);
  assert.deepEqual(three.winners, ["Bo"]); // level on 67, two hands won to one
  assert.equal(three.decided_by, "most-hands-won");
  assert.deepEqual(three.ranking, [["Bo"], ["Ann"], ["Cy"]]);
  assert.match(three.explanation, /^Bo wins: level with Ann on 67, and ahead by the tie-breaker, more hands won\.$/);
  const four = rank(FIXTURE, "Fixture", { players: P, hands: rows(P, [[67, 0, 0], [0, 40, 0], [0, 27, 0], [1, 0, 0]]) });
  assert.match(four.error, /over after hand 3, yet hand 4 is given/);
});

test("a target game ends after the hand a total reaches it, and the lowest total wins", () => {
  const res = rank(EIGHTS, "Crazy Eights", { players: P, hands: rows(P, [[0, 64, 3], [50, 0, 12], [10, 40, 0]]) });
  assert.equal(res.finished, true);
  assert.deepEqual(res.winners, ["Cy"]);
  assert.deepEqual(res.totals, { Ann: 60, Bo: 104, Cy: 15 });
  assert.equal(res.explanation, "Cy wins with the lowest total, 15.");
  const level = rank({ ...EIGHTS, tie_breakers: [] }, "Crazy Eights", { players: ["Ann", "Bo"], hands: rows(["Ann", "Bo"], [[100, 100]]) });
  assert.deepEqual(level.winners, ["Ann", "Bo"]);
  assert.equal(level.explanation, "Ann and Bo share the win on 100.");
  assert.match(rank(EIGHTS, "Crazy Eights", { players: P, hands: rows(P, [[-1, 0, 0]]) }).error, /negative/);
});

test("a last-player-left game starts from a total, takes points away, and ends with one player above 0", () => {
  const res = rank(LIVES, "Lives", { players: P, start: 2, hands: rows(P, [[0, -1, -1], [0, -1, -1]]) });
  assert.equal(res.finished, true);
  assert.deepEqual(res.winners, ["Ann"]);
  assert.deepEqual(res.totals, { Ann: 2, Bo: 0, Cy: 0 });
  assert.equal(rank(LIVES, "Lives", { players: P, start: 2, hands: rows(P, [[0, -1, 0]]) }).finished, false);
  assert.match(rank(LIVES, "Lives", { players: P, hands: [] }).error, /^start: /);
});

test("the page's declared games are kept; the three games' saved sheets still load; an undeclared one is kept as stored", () => {
  const store = memoryStorage();
  const chains = { id: "g1", game: "chains", players: ["Ann", "Bo"], rows: [{ Ann: 0, Bo: 25 }], history: [], rev: 1 };
  const fixture = { id: "g2", game: "zz-test-fixture-game", players: P, rows: rows(P, [[67, 0, 0]]), history: [], rev: 1 };
  const raw = JSON.stringify({ version: 1, current: "g2", games: { g1: chains, g2: fixture } });
  store.setItem(STORE_KEY, raw);
  // A page that does not declare the game: it is someone else's, carried byte for byte.
  useDeclared([]);
  let { data, message } = loadStore(store);
  assert.equal(message, null);
  assert.deepEqual(Object.keys(data.games), ["g1"]);
  assert.equal(data.foreign.length, 1);
  writeChange(store, { current: "g1" });
  assert.ok(store.getItem(STORE_KEY).includes(JSON.stringify(fixture).slice(1, -1)), "the undeclared game is written back as it was");
  // The page that declares it reads it, ranks it, and the Chains sheet is as it was.
  useDeclared([{ id: "zz-test-fixture-game", name: "Fixture", declared: FIXTURE }, { id: "chains", declared: FIXTURE }]);
  ({ data } = loadStore(store));
  assert.deepEqual(Object.keys(data.games).sort(), ["g1", "g2"]);
  assert.equal(knownGame("zz-test-fixture-game"), true);
  assert.deepEqual(rankOf(data.games.g1).totals, { Ann: 0, Bo: 25 }); // Chains keeps its engine, never declared over
  assert.deepEqual(rankOf(data.games.g2).totals, { Ann: 67, Bo: 0, Cy: 0 });
  assert.ok("error" in checkGame({ ...fixture, rows: rows(P, [[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]]) }));
  useDeclared([]);
});

test("a declared game goes by link and by file, its start with it", () => {
  useDeclared([{ id: "lives", name: "Lives", declared: LIVES }]);
  const game = { id: "g9", game: "lives", players: P, start: 3, rows: rows(P, [[0, -1, -2]]), history: [] };
  const linked = readFragment(shareFragment(game));
  assert.deepEqual([linked.game.start, linked.game.rows], [3, game.rows]);
  const filed = readFile(exportFile(game));
  assert.deepEqual([filed.game.start, filed.game.rows], [3, game.rows]);
  assert.ok("error" in checkGame({ ...game, start: undefined }));
  useDeclared([]);
});
