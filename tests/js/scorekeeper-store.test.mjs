// node --test tests/js/: the saved record (docs/assets/js/store.js) and the score keeper's store
// (scorekeeper/store.js) against issue 24: what a newer page saved is never rewritten, a game of
// a kind this page does not know is carried byte for byte, every copy set aside can be put back;
// one set of bounds for the form, links, files and storage: names (cleaned, at most 40
// characters, compared after cleaning), scores (at most MAX_POINTS, so every total is exact),
// dates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { jsonMembers, readText, setAside, writeItem } from "../../docs/assets/js/store.js";
import {
  BACKUP_PREFIX, MAX_POINTS, NAME_CHARS, STORE_KEY, checkGame, cleanName, copies, incomingGame, loadStore, nameKey,
  restoreCopy, writeChange,
} from "../../docs/assets/js/scorekeeper/store.js";
import { readFile, readFragment, shareFragment } from "../../docs/assets/js/scorekeeper/share.js";

function memoryStorage() {
  const items = new Map();
  return {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); },
    removeItem: (k) => items.delete(k),
    backups: () => [...items.keys()].filter((k) => k.startsWith(BACKUP_PREFIX)),
  };
}

const ROUND = { scores: { Ann: 0, Bo: 5 }, called: "Ann" };
const chips = (id, rows = [ROUND], extra = {}) => ({ id, game: "chips", players: ["Ann", "Bo"], rows, history: [], rev: 1, ...extra });

// --- the saved record, for any page ---------------------------------------------------------

test("a record says what it is: ok, migrated, newer (left alone), older, damaged", () => {
  const opts = { version: 3, migrations: { 2: (v) => ({ ...v, version: 3, moved: true }) } };
  assert.equal(readText('{"version":3}', opts).status, "ok");
  assert.deepEqual(readText('{"version":2}', opts), { status: "ok", value: { version: 3, moved: true }, migrated: true });
  assert.equal(readText('{"version":4,"x":1}', opts).status, "newer");
  assert.equal(readText('{"version":1}', opts).status, "older"); // no step from 1 to 2
  for (const text of ["{", "[]", '{"version":"3"}', '{"version":-1}', "null", '{"v":3}']) {
    assert.equal(readText(text, opts).status, "damaged", text);
  }
  assert.equal(readText('{"v":3}', { ...opts, field: "v" }).status, "ok");
  assert.equal(readText('{"version":3}', { ...opts, maxChars: 5 }).status, "damaged");
});

test("a record written by a newer version is never written over", () => {
  const store = memoryStorage();
  store.setItem("k", '{"version":2,"kept":true}');
  assert.equal(writeItem(store, "k", '{"version":1}', { version: 1 }), "newer");
  assert.equal(store.getItem("k"), '{"version":2,"kept":true}');
  store.setItem("k", '{"version":1}');
  assert.equal(writeItem(store, "k", '{"version":1,"n":2}', { version: 1 }), "saved");
});

test("a copy is set aside once, and an object's members come back byte for byte", () => {
  const store = memoryStorage();
  const one = setAside(store, "p-", "text");
  assert.equal(setAside(store, "p-", "text"), one);
  assert.notEqual(setAside(store, "p-", "other"), one);
  const text = ' { "a" : 9007199254740993 , "b":{"c":[1, "}]\\"", {"d":1.50}]},"__proto__":"x\\u0041", "a": [ ] } ';
  assert.deepEqual(jsonMembers(text), [["b", '{"c":[1, "}]\\"", {"d":1.50}]}'], ["__proto__", '"x\\u0041"'], ["a", "[ ]"]]);
});

// --- item 2: the score keeper's store -------------------------------------------------------

test("a store saved by a newer page is read as newer, never rewritten, and no save goes over it", () => {
  const store = memoryStorage();
  const newer = '{"version":2,"games":{"n":{"kind":"x"}}}';
  store.setItem(STORE_KEY, newer);
  const { data, message } = loadStore(store);
  assert.equal(data.newer, true);
  assert.match(message, /newer version of this page/);
  const res = writeChange(store, { id: "g", base: null, game: chips("g"), current: "g" });
  assert.equal(res.conflict, "newer");
  assert.equal(writeChange(store, { current: null }).conflict, "newer");
  assert.equal(store.getItem(STORE_KEY), newer);
  assert.deepEqual(store.backups(), []);
});

test("a game of a kind this page does not know, and a member it does not know, go through saves byte for byte", () => {
  const store = memoryStorage();
  const whist = '{"id": "w", "game": "whist", "big": 9007199254740993, "f": 1.50}';
  store.setItem(STORE_KEY, `{"version": 1, "current": "c", "games": {"w": ${whist}, "c": ${JSON.stringify(chips("c"))}}, "settings": {"n": 1.0}}`);
  const { data, message } = loadStore(store);
  assert.equal(message, null);
  assert.deepEqual(Object.keys(data.games), ["c"]);
  const res = writeChange(store, { id: "c", base: 1, game: chips("c", [ROUND, ROUND]), current: "c" });
  assert.equal(res.saved, true);
  const text = store.getItem(STORE_KEY);
  assert.ok(text.includes(`"w":${whist}`), text);
  assert.ok(text.includes('"settings":{"n": 1.0}'), text);
  assert.equal(JSON.parse(text).games.c.rows.length, 2);
  // A new game may not take the unknown game's id.
  assert.equal(writeChange(store, { id: "w", base: null, game: chips("w"), current: "w" }).conflict, "changed");
  assert.deepEqual(store.backups(), []);
});

test("every copy set aside can be put back: games merged, unknown kinds as they were, damaged kept", () => {
  const store = memoryStorage();
  store.setItem(STORE_KEY, JSON.stringify({ version: 1, current: null, games: { a: chips("a") } }));
  const whist = '{"id":"w","game":"whist"}';
  // The same game "a", a different game under "a", a name with a zero-width space, a lost game.
  const copy = `{"version":1,"games":{"a":${JSON.stringify(chips("a"))},"w":${whist},` +
    `"b":${JSON.stringify(chips("b", [ROUND], { players: ["Ann", "Bo\u200b"], rows: [{ scores: { Ann: 0, "Bo\u200b": 5 }, called: "Ann" }] }))},` +
    `"z":{"id":"z","game":"chips","players":["A"],"rows":"nope"}}}`;
  const key = `${BACKUP_PREFIX}2024-01-01T00:00:00.000Z`;
  store.setItem(key, copy);
  assert.deepEqual(copies(store).map((c) => [c.kind, c.count]), [["games", 4]]);
  let n = 0;
  const res = restoreCopy(store, key, () => `new${++n}`);
  assert.equal(res.restored, 3);
  assert.match(res.message, /3 games from the copy were put back/);
  assert.match(res.message, /1 game in it could not be read/);
  const saved = JSON.parse(store.getItem(STORE_KEY));
  assert.deepEqual(Object.keys(saved.games).sort(), ["a", "b", "w"]);
  assert.deepEqual(saved.games.b.players, ["Ann", "Bo"]);
  assert.deepEqual(saved.games.b.rows, [ROUND]);
  assert.ok(store.getItem(STORE_KEY).includes(`"w":${whist}`));
  assert.equal(store.getItem(key), copy); // the lost game is still in it
  // A newer version's copy goes back whole while nothing is saved here.
  const empty = memoryStorage();
  empty.setItem(key, '{"version":2,"x":1}');
  assert.equal(restoreCopy(empty, key, () => "n").restored, 1);
  assert.equal(empty.getItem(STORE_KEY), '{"version":2,"x":1}');
  assert.deepEqual(empty.backups(), []);
});

// --- items 9, 11, 13: one set of bounds ------------------------------------------------------

test("family names are kept exactly: emoji with joiners, skin tones and flag tags, accents, every script", () => {
  // Issue 39, item 2 (the same names are typed and stored in Chromium: tests/test_browser_scorekeeper_names.py).
  for (const name of ["\u{1F469}\u200D\u{1F373}", "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", "\u{1F44D}\u{1F3FD}",
    "\u{1F469}\u{1F3FD}\u200D\u{1F373}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F} Dai", "1\uFE0F\u20E3",
    "Zo\u00EB", "Jos\u00E9", "Ll\u0177r", "Si\u00E2n", "\u0141ukasz", "Ma\u0142gorzata", "\u0393\u03B9\u03CE\u03C1\u03B3\u03BF\u03C2",
    "\u0645\u062D\u0645\u062F", "\u738B\u82B3"]) {
    assert.equal(cleanName(name), name, escape(name));
  }
  assert.equal(cleanName("\u{1F469}\u200Da"), "\u{1F469}a"); // a joiner with no pictograph after it goes
  assert.equal(cleanName("\u{1F3F4}\u{E0067}"), "\u{1F3F4}"); // tags that end no flag go
});


test("names: no direction controls or invisible characters, NFC, one space, and compared after that", () => {
  assert.equal(cleanName("\u202eBob"), "Bob");
  assert.equal(cleanName(" Ann\u2066 \t Lee\u200b\u00ad "), "Ann Lee");
  assert.equal(cleanName("Zoe\u0308"), "Zo\u00eb");
  assert.equal(cleanName("\ufeffDan\u180e\u3164"), "Dan");
  assert.equal(cleanName("a\ud800b"), "ab"); // a lone surrogate
  assert.equal(cleanName("\u{1F469}\u200D\u{1F373}"), "\u{1F469}\u200D\u{1F373}"); // an emoji keeps its joiner
  assert.equal(cleanName("\u2764\ufe0f"), "\u2764\ufe0f");
  assert.equal(cleanName("Bo\ufe0f"), "Bo");
  assert.equal(nameKey("\u{1F469}\u200D\u{1F373}"), "\u{1F469}\u{1F373}");
  const two = (a, b) => checkGame({ id: "g", game: "chains", players: [a, b], rows: [] });
  assert.match(two("Bob", "Bob").error, /named twice/);
  assert.match(two("\u{1F469}\u200D\u{1F373}", "\u{1F469}\u{1F373}").error, /named twice/);
  assert.match(two("Bob\u200b", "Al").error, /cannot be shown/); // stored or typed, a name must be clean
  assert.equal(two("N".repeat(NAME_CHARS), "Al").error, undefined);
  assert.match(two("N".repeat(NAME_CHARS + 1), "Al").error, /at most 40 characters/);
});

test("scores: at most MAX_POINTS a row, so 20 players' totals stay exact", () => {
  assert.ok(20 * 10 * MAX_POINTS * 20 < Number.MAX_SAFE_INTEGER);
  const chains = (v) => checkGame({ id: "g", game: "chains", players: ["A", "B"], rows: [{ A: 0, B: v }] });
  assert.equal(chains(MAX_POINTS).error, undefined);
  assert.match(chains(MAX_POINTS + 5).error, /^hands\[0\]\.B: 1,000,005 is more than 1,000,000 points/);
  assert.match(chains(9007199254740992).error, /^hands\[0\]\.B: that is more than/);
  const big = checkGame(chips("g", [{ scores: { Ann: 0, Bo: 1e300 }, called: "Ann" }]));
  assert.match(big.error, /^rounds\[0\]\.scores\.Bo: /);
});

test("a link or a file gets the form's bounds: names, scores, dates, ids", () => {
  const link = (game) => readFragment(`#${shareFragment(game)}`);
  assert.equal(link(chips("g")).error, undefined);
  assert.match(link(chips("g", [], { players: ["A".repeat(41), "Bo"] })).error, /no game was opened from it: a player's name is longer than 40/);
  assert.match(link(chips("g", [{ scores: { Ann: 0, Bo: 9007199254740993 }, called: "Ann" }])).error, /a score is more than 1,000,000/);
  assert.match(link({ ...chips("x".repeat(65)) }).error, /damaged or incomplete/);
  const cleaned = link(chips("g", [{ scores: { "\u202eAnn": 0, Bo: 5 }, called: "\u202eAnn" }], { players: ["\u202eAnn", "Bo"] }));
  assert.deepEqual(cleaned.game.players, ["Ann", "Bo"]);
  assert.equal(JSON.stringify(cleaned.game.rows), JSON.stringify([ROUND]));
  const file = (extra) => readFile(JSON.stringify({ game: "chips", players: ["Ann", "Bo"], rounds: [ROUND], ...extra }));
  assert.equal(file({}).error, undefined);
  assert.match(file({ players: ["A".repeat(450_000), "B".repeat(450_000)], rounds: [] }).error, /longer than 40 characters/);
  assert.match(file({ created: "2024-" + "9".repeat(900_000) }).error, /no game was opened/);
  assert.match(file({ created: "yesterday" }).error, /its date is not a date/);
  assert.equal(file({ created: "2024-05-01T10:00:00.000Z" }).game.created, "2024-05-01T10:00:00.000Z");
  assert.match(file({ players: ["Eve", "Eve\u200d"], rounds: [] }).error, /names one player twice/);
  assert.match(file({ id: "x".repeat(1000) }).game.id, /^g-file-/); // a long id is not kept
  assert.equal(incomingGame({ id: "g", game: "chains", players: ["A", "B"], rows: [{ A: 0, B: 1e400 }] }).error.startsWith("hands[0].B: that is more than"), true);
});
