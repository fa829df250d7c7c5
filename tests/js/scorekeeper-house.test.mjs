// node --test tests/js/: the score keeper keeps the table's rules each game is played by (issue
// 25): a game's `house` goes out in its share link and its file and comes back the same; ids or
// values this page does not know are kept with the game and named in one message, the rest of the
// game kept; table's rules in a shape no page writes leave the game without them, and say so;
// a game under other rules is never merged into a saved game under the family's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { exportCsv, exportFile, placeIncoming, readFile, readFragment, shareFragment } from "../../docs/assets/js/scorekeeper/share.js";
import { checkGame, dict, houseOf, loadStore, storeText, emptyStore, unknownHouse } from "../../docs/assets/js/scorekeeper/store.js";
import { houseNotice, houseWords } from "../../docs/assets/js/scorekeeper/sheet.js";
import { rankOf } from "../../docs/assets/js/scorekeeper/store.js";

const OPTIONS = [
  { id: "no-extra-play", kind: "variant", title: "No extra card after a royal", values: ["not-played", "played"], labels: ["Not played", "Played"], default: "not-played" },
  { id: "same-rank", kind: "variant", title: "Same rank allowed", values: ["not-played", "played"], labels: ["Not played", "Played"], default: "not-played" },
];
const INFO = { id: "chains", name: "Chains", house: { options: OPTIONS, book: {} } };
const GAME = {
  id: "g7", game: "chains", players: ["Ann", "Bo"], history: [], house: { "same-rank": "played" },
  rows: [{ Ann: 0, Bo: 35 }, { Ann: 20, Bo: 0 }],
};

test("a link and a file carry the game's table's rules and bring them back", () => {
  const link = readFragment(`#${shareFragment(GAME)}`);
  assert.equal(link.error, undefined, link.error);
  assert.deepEqual(link.game.house, { "same-rank": "played" });
  const file = readFile(exportFile(GAME));
  assert.equal(file.error, undefined, file.error);
  assert.deepEqual(file.game.house, { "same-rank": "played" });
  assert.deepEqual(JSON.parse(exportFile(GAME)).house, { "same-rank": "played" });
  // A game under the family's rules carries none.
  const plain = { ...GAME, house: undefined };
  assert.equal("house" in JSON.parse(exportFile(plain)), false);
  assert.equal(readFragment(`#${shareFragment(plain)}`).game.house, undefined);
});

test("the rules in words: the sheet, the list and the CSV name the readings, never the ids", () => {
  assert.deepEqual(houseWords(GAME, INFO), ["Same rank allowed (played)"]);
  assert.deepEqual(houseWords({ ...GAME, house: {} }, INFO), []);
  const csv = exportCsv(GAME, INFO, rankOf(GAME));
  assert.match(csv, /\r\nTable's rules,Same rank allowed \(played\)\r\n$/);
  assert.doesNotMatch(csv, /same-rank/);
});

test("ids or values this page does not know: kept with the game, named in one message", () => {
  const odd = { ...GAME, house: { "same-rank": "played", "wild-queens": "yes", "no-extra-play": "sometimes" } };
  const back = readFile(exportFile(odd));
  assert.equal(back.error, undefined, back.error);
  assert.deepEqual(back.game.house, odd.house); // nothing dropped
  assert.deepEqual(back.game.rows, odd.rows); // the rest of the game kept
  assert.deepEqual(houseOf(back.game, OPTIONS), Object.assign(dict(), { "same-rank": "played" }));
  assert.deepEqual(unknownHouse(back.game, OPTIONS), [["wild-queens", "yes"], ["no-extra-play", "sometimes"]]);
  const note = houseNotice(back.game, INFO);
  assert.match(note, /^Its table's rules name some this page does not know \(“wild-queens: yes”, “no-extra-play: sometimes”\)/);
  assert.match(note, /the rest of the game is here\.$/);
  assert.equal(houseNotice(GAME, INFO), null);
});

test("table's rules in a shape no page writes: the game comes without them, and says so", () => {
  for (const house of [["same-rank"], "same-rank:played", { "same-rank": 1 }, { "": "played" }]) {
    const back = readFile(exportFile({ ...GAME, house: null }).replace('"game": "chains"', `"game": "chains", "house": ${JSON.stringify(house)}`));
    assert.equal(back.error, undefined, back.error);
    assert.equal(back.houseUnread, true);
    assert.equal(back.game.house, undefined);
    assert.deepEqual(back.game.rows, GAME.rows);
    assert.match(houseNotice(back.game, INFO, true), /could not be read, so it came without them/);
  }
});

test("the store keeps a game's rules as stored, unknown ones too, and never drops a game for them", () => {
  const data = emptyStore();
  const odd = { ...GAME, house: { "same-rank": "played", "wild-queens": "yes" } };
  data.games.g7 = odd;
  const text = storeText(data);
  const mem = new Map([["rulebook-scorekeeper", text]]);
  const store = { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, v), removeItem: (k) => mem.delete(k), key: () => null, length: 0 };
  const { data: back, message } = loadStore(store);
  assert.equal(message, null);
  assert.deepEqual(back.games.g7.house, odd.house);
  // A stored game whose rules are not pairs is unusable as a game: set aside (copied), never lost.
  assert.match(checkGame({ ...GAME, house: ["x"] }).error, /^house: /);
});

test("a game under other rules is another game: never merged into the saved one", () => {
  const saved = dict();
  saved.g7 = { ...GAME, house: undefined, rows: GAME.rows.slice(0, 1) };
  const place = placeIncoming(saved, GAME, () => "g-new");
  assert.equal(place.action, "add");
  assert.equal(place.game.id, "g-new");
  const same = placeIncoming(saved, { ...GAME, house: undefined }, () => "g-new");
  assert.equal(same.action, "update");
});
