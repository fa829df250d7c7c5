// "Your table's rules" without a page (issue 25): the link (docs/assets/js/house/share.js), the
// store (house/store.js) and the plain object other scripts read (house/current.js). The page
// itself is tested in Chromium (tests/test_browser_house.py).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_PAIRS, addressFor, clip, formatHouse, ignoredNote, parseHouse, readLink, withHouseParam,
} from "../../docs/assets/js/house/share.js";
import { VERSION, keyOf, loadHouse, readSaved, saveHouse } from "../../docs/assets/js/house/store.js";
import { cleanHouse, houseFor } from "../../docs/assets/js/house/current.js";

// The shape of generator/content/house.py control_data, as `rulebook options chips --json` lists it.
const OPTIONS = [
  { id: "k-a-2", kind: "ruling", values: ["no-group", "group"], default: "group" },
  { id: "lay-off-order", kind: "ruling", values: ["turn-order", "as-laid"], default: "turn-order" },
  { id: "throw-back", kind: "ruling", values: ["allowed", "not-allowed"], default: "allowed" },
  { id: "random-extra", kind: "variant", values: ["not-played", "played"], default: "not-played" },
];

/** localStorage's interface over a Map. */
function memory(entries = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
}

// --- share.js: ?house=<option-id>:<value>,... ------------------------------------------------------

test("a link's pairs are read against the game's options, in the CLI's ids and values", () => {
  assert.deepEqual(parseHouse("k-a-2:no-group,throw-back:not-allowed", OPTIONS).house,
    { "k-a-2": "no-group", "throw-back": "not-allowed" });
  // The default named in a link is no house rule; the last pair for one option wins, as in Python.
  assert.deepEqual(parseHouse("k-a-2:group,throw-back:not-allowed,throw-back:allowed", OPTIONS).house, {});
  assert.deepEqual(parseHouse(" k-a-2 : no-group ,", OPTIONS).house, { "k-a-2": "no-group" });
});

test("unknown ids and values in a link are left out and named, never thrown", () => {
  const read = parseHouse("<script>alert(1)</script>,k-a-2:maybe,nonsense,throw-back:not-allowed,__proto__:x", OPTIONS);
  assert.deepEqual(read.house, { "throw-back": "not-allowed" });
  assert.deepEqual(read.ignored.map((i) => i.why), ["not option:value", "unknown reading", "not option:value", "unknown option"]);
  const note = ignoredNote(read, "Chips");
  assert.match(note, /^Ignored from this link: “<script>alert\(1\)<\/scrip…” \(not option:value\), “k-a-2:maybe” \(k-a-2 has no reading “maybe”; its readings: no-group, group\)/);
  assert.match(note, /and 1 more\.$/);
  assert.equal(note.includes("\n"), false);
  assert.equal(Object.getPrototypeOf(read.house), Object.prototype);
});

test("an unknown reading of a known house rule is named as such, with the rule's readings", () => {
  // Issue 39, item 8: the note said "Chips has no such house rule" of k-a-2, which it has.
  const read = parseHouse("k-a-2:maybe,nonsense:x", OPTIONS);
  assert.deepEqual(read.house, {});
  assert.equal(ignoredNote(read, "Chips"), "Ignored from this link: “k-a-2:maybe” (k-a-2 has no reading “maybe”; "
    + "its readings: no-group, group), “nonsense” (Chips has no such house rule).");
});

test("a pair with a control character is left out and never quoted as the valid pair it hides", () => {
  // Issue 39, item 8: ?house=k-a-2:no-group%00 was noted as “k-a-2:no-group” (unknown reading).
  for (const [code, char] of [["U+0000", "%00"], ["U+0009", "%09"], ["U+000A", "%0A"], ["U+001F", "%1F"], ["U+0085", "%C2%85"]]) {
    const read = readLink(`?house=throw-back:not-allowed,k-a-2:no-group${char}`, OPTIONS);
    assert.deepEqual(read.house, { "throw-back": "not-allowed" }, code);
    const note = ignoredNote(read, "Chips");
    assert.equal(note, `Ignored from this link: “k-a-2:no-group\ufffd” (it holds the control character ${code}).`);
  }
  assert.deepEqual(readLink("?house=k-a-2%00:no-group", OPTIONS).ignored.map((i) => i.why), ["control character"]);
  // Spaces around a pair are no control characters.
  assert.deepEqual(readLink("?house=%20k-a-2:no-group%20", OPTIONS).house, { "k-a-2": "no-group" });
});

test("withHouseParam writes a ?house= value readable, ':' and ',' as they are, anything else escaped", () => {
  assert.equal(withHouseParam("seed=1&players=4", "k-a-2:no-group,throw-back:not-allowed"),
    "seed=1&players=4&house=k-a-2:no-group,throw-back:not-allowed");
  assert.equal(withHouseParam("", "k-a-2:no-group"), "house=k-a-2:no-group");
  assert.equal(withHouseParam("seed=1", ""), "seed=1");
  assert.equal(withHouseParam("seed=1", "a&b=c#d e"), "seed=1&house=a%26b%3Dc%23d%20e");
  assert.equal(readLink(`?${withHouseParam("", "a&b,k-a-2:no-group")}`, OPTIONS).house["k-a-2"], "no-group");
});

test("a link longer than any honest one is not read at all", () => {
  const many = Array.from({ length: 10000 }, (_, i) => `k-a-2:no-group${i}`).join(",");
  const read = parseHouse(many, OPTIONS);
  assert.equal(read.refused, "too-long");
  assert.deepEqual(read.house, {});
  assert.equal(ignoredNote(read, "Chips"), "This link's house rules were not read: it names far more than Chips has.");
  assert.equal(readLink(`?${Array.from({ length: MAX_PAIRS + 1 }, () => "house=k-a-2:no-group").join("&")}`, OPTIONS).refused, "too-long");
  assert.equal(parseHouse("x".repeat(5000), OPTIONS).refused, "too-long");
});

test("readLink: null without ?house=, several ?house= read as one list", () => {
  assert.equal(readLink("?round=2", OPTIONS), null);
  assert.deepEqual(readLink("?house=k-a-2:no-group&house=throw-back:not-allowed", OPTIONS).house,
    { "k-a-2": "no-group", "throw-back": "not-allowed" });
  assert.deepEqual(readLink("?house=k-a-2%3Ano-group", OPTIONS).house, { "k-a-2": "no-group" });
});

test("formatHouse and addressFor write the game's order, readable, other parameters and #fragment kept", () => {
  const house = { "throw-back": "not-allowed", "k-a-2": "no-group", "lay-off-order": "turn-order" };
  assert.equal(formatHouse(house, OPTIONS), "k-a-2:no-group,throw-back:not-allowed");
  assert.equal(addressFor("http://h/chips/?x=1&house=junk#chips-no-wrap", house, OPTIONS),
    "http://h/chips/?x=1&house=k-a-2:no-group,throw-back:not-allowed#chips-no-wrap");
  assert.equal(addressFor("http://h/chips/?house=k-a-2:no-group", {}, OPTIONS), "http://h/chips/");
  // Round trip: what the address says is what a link brings.
  const read = readLink(new URL(addressFor("http://h/chips/", house, OPTIONS)).search, OPTIONS);
  assert.deepEqual(read.house, { "k-a-2": "no-group", "throw-back": "not-allowed" });
});

test("clip keeps a note to one short line", () => {
  assert.equal(clip("a\nb\tc"), "a b c");
  assert.equal(clip("x".repeat(100)).length, 24);
});

// --- store.js ----------------------------------------------------------------------------------------

test("the store keeps only the choices away from the defaults, one key a game, versioned", () => {
  const store = memory();
  assert.deepEqual(saveHouse("chips", { "k-a-2": "no-group", "throw-back": "allowed" }, OPTIONS, store), { saved: true });
  assert.deepEqual(JSON.parse(store.getItem(keyOf("chips"))), { version: VERSION, house: { "k-a-2": "no-group" } });
  assert.deepEqual(loadHouse("chips", OPTIONS, store).house, { "k-a-2": "no-group" });
  saveHouse("chips", {}, OPTIONS, store);
  assert.equal(store.getItem(keyOf("chips")), null); // the family's rules: nothing kept
});

test("the store never writes over a newer version's save", () => {
  const text = JSON.stringify({ version: VERSION + 1, house: { "k-a-2": "no-group" }, more: [1] });
  const store = memory({ [keyOf("chips")]: text });
  assert.equal(readSaved("chips", store).state, "newer");
  assert.deepEqual(loadHouse("chips", OPTIONS, store).house, {});
  assert.deepEqual(saveHouse("chips", { "throw-back": "not-allowed" }, OPTIONS, store), { saved: false, why: "newer" });
  assert.equal(store.getItem(keyOf("chips")), text);
});

test("damaged text is kept aside once, then replaced", () => {
  const store = memory({ [keyOf("chips")]: "{not json" });
  assert.equal(readSaved("chips", store).state, "damaged");
  assert.deepEqual(saveHouse("chips", { "k-a-2": "no-group" }, OPTIONS, store), { saved: true });
  assert.equal(store.getItem(`${keyOf("chips")}-damaged`), "{not json");
  assert.deepEqual(loadHouse("chips", OPTIONS, store).house, { "k-a-2": "no-group" });
  for (const bad of ["null", "[]", '{"version":"1","house":{}}', '{"version":1,"house":[]}', '{"version":0,"house":{}}']) {
    assert.equal(readSaved("chips", memory({ [keyOf("chips")]: bad })).state, "damaged", bad);
  }
});

test("choices this page does not know are kept as found when it saves its own", () => {
  const store = memory({ [keyOf("chips")]: JSON.stringify({ version: 1, house: { "new-rule": "on", "k-a-2": "someday", "throw-back": "not-allowed" } }) });
  const loaded = loadHouse("chips", OPTIONS, store);
  assert.deepEqual([loaded.house, loaded.unknown], [{ "throw-back": "not-allowed" }, 2]);
  saveHouse("chips", { "random-extra": "played" }, OPTIONS, store);
  assert.deepEqual(JSON.parse(store.getItem(keyOf("chips"))).house, { "new-rule": "on", "k-a-2": "someday", "random-extra": "played" });
  // Choosing that option here replaces the value it could not read.
  saveHouse("chips", { "k-a-2": "no-group" }, OPTIONS, store);
  assert.deepEqual(JSON.parse(store.getItem(keyOf("chips"))).house, { "new-rule": "on", "k-a-2": "no-group" });
});

test("a store that throws is no store", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); }, removeItem() {} };
  assert.equal(readSaved("chips", broken).state, "none");
  assert.deepEqual(saveHouse("chips", { "k-a-2": "no-group" }, OPTIONS, broken), { saved: false, why: "refused" });
  assert.deepEqual(saveHouse("chips", {}, OPTIONS, null), { saved: false, why: "no-storage" });
});

// --- current.js ----------------------------------------------------------------------------------------

test("houseFor gives a plain object of option values; options filter it as the engines would", () => {
  assert.deepEqual(houseFor("chips"), {}); // no page, no storage: the family's rules
  assert.deepEqual(cleanHouse({ "k-a-2": "no-group", "throw-back": "allowed", x: "y", n: 3 }, OPTIONS), { "k-a-2": "no-group" });
  assert.deepEqual(cleanHouse({ "k-a-2": "no-group", n: 3 }), { "k-a-2": "no-group" });
  assert.deepEqual(cleanHouse(JSON.parse('{"__proto__": "x"}'), OPTIONS), {});
  for (const bad of [null, "k-a-2", [], 3]) assert.deepEqual(cleanHouse(bad), {});
});
