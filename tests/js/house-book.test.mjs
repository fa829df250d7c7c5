// A family edition's page (rulebook build --house; partials/house_options.html data-house-book):
// houseFor gives the book's options, not what this device saved, and the scorers' words come
// from the data the page carries. A stand-in document holds only what the partial renders.

import { test } from "node:test";
import assert from "node:assert/strict";
import { followedWords, houseFor, houseReadings } from "../../docs/assets/js/house/current.js";
import { HOUSE_OPTIONS } from "../../docs/assets/js/engine/3-chip-stack.js";

const DATA = {
  game: "3-chip-stack",
  options: [
    { id: "odd-chip", kind: "ruling", source: "r", title: "The odd chip in a split pot", values: ["next-hand", "dealer", "winners"],
      labels: ["They stay in the middle for the next hand.", "They go to the dealer.", "They go one each to the tied winners."], default: "winners" },
    { id: "passed-chip", kind: "ruling", source: "p", title: "When the dealer gets the passed chip", values: ["at-once", "after-hand"],
      labels: ["Yes, at once.", "No, after the hand."], default: "at-once" },
  ],
};

function withPage(nodes, run) {
  const saved = { document: globalThis.document, window: globalThis.window };
  const store = new Map([["rulebook-house-3-chip-stack", JSON.stringify({ version: 1, house: { "odd-chip": "next-hand" } })]]);
  globalThis.window = { localStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) } };
  globalThis.document = {
    querySelectorAll: (selector) => nodes.filter((n) => selector.split(",").some((one) => one.trim().match(/\[data-([a-z-]+)\]/g)
      .every((a) => n.attrs.includes(a.slice(6, -1))))),
  };
  try {
    run();
  } finally {
    globalThis.document = saved.document;
    globalThis.window = saved.window;
  }
}

const book = {
  attrs: ["house-book", "house-current", "house-data"],
  dataset: { houseBook: "3-chip-stack", houseCurrent: JSON.stringify({ "odd-chip": "dealer" }), houseData: JSON.stringify(DATA) },
};

test("on an edition's page the book's options are the house, not what this device saved", () => {
  withPage([book], () => {
    assert.deepEqual(houseFor("3-chip-stack"), { "odd-chip": "dealer" });
    assert.deepEqual(houseFor("3-chip-stack", { options: HOUSE_OPTIONS }), { "odd-chip": "dealer" });
    assert.deepEqual(houseFor("chains"), {}); // another game: what this device saved for it (nothing)
    assert.equal(followedWords("3-chip-stack", { "odd-chip": "dealer" }),
      "By your table's rules: The odd chip in a split pot: They go to the dealer.");
  });
});

test("without the book's marker, a page with no control follows what this device saved", () => {
  withPage([], () => {
    assert.deepEqual(houseFor("3-chip-stack"), { "odd-chip": "next-hand" });
    assert.deepEqual(houseReadings("3-chip-stack", { "odd-chip": "next-hand" }), []); // no words on this page
    assert.equal(followedWords("3-chip-stack", { "odd-chip": "next-hand" }), "");
  });
});
