// The one storage module (docs/assets/js/store.js, issue 39): a full localStorage is still read,
// and said to be full; only a browser that refuses storage gets none. Every storage helper uses it.
import test from "node:test";
import assert from "node:assert/strict";

import { isQuotaError, openStorage, readableStorage, storage } from "../../docs/assets/js/store.js";
import { loadHouse, saveHouse, storage as houseStorage } from "../../docs/assets/js/house/store.js";

const quota = () => Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError", code: 22 });

/** localStorage over a Map, whose writes throw `fail()` (none: writes go through). */
function fakeStorage(items = {}, fail = null) {
  const map = new Map(Object.entries(items));
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => {
      if (fail) throw fail();
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
    map,
  };
}

function withWindow(win, fn) {
  const saved = globalThis.window;
  globalThis.window = win;
  try {
    return fn();
  } finally {
    globalThis.window = saved;
  }
}

test("a full store is read all the same, and said to be full", () => {
  const s = fakeStorage({ "rulebook-house-chips": JSON.stringify({ version: 1, house: { "k-a-2": "no-group" } }) }, quota);
  withWindow({ localStorage: s }, () => {
    assert.deepEqual(openStorage("p"), { store: s, full: true });
    assert.equal(storage("p"), s);
    assert.equal(houseStorage(), s);
    const options = [{ id: "k-a-2", values: ["no-group", "group"], default: "group" }];
    assert.deepEqual(loadHouse("chips", options).house, { "k-a-2": "no-group" });
    assert.deepEqual(saveHouse("chips", {}, options).saved, true); // a removal needs no room
    s.map.set("rulebook-house-chips", JSON.stringify({ version: 1, house: {} }));
    assert.deepEqual(saveHouse("chips", { "k-a-2": "no-group" }, options), { saved: false, why: "full" });
  });
});

test("a store with room is not full, and the probe leaves nothing behind", () => {
  const s = fakeStorage();
  withWindow({ localStorage: s }, () => {
    assert.deepEqual(openStorage("probe-key"), { store: s, full: false });
    assert.equal(s.map.size, 0);
  });
});

test("a browser that refuses storage gives none", () => {
  withWindow({ get localStorage() { throw new Error("SecurityError"); } }, () => {
    assert.deepEqual(openStorage(), { store: null, full: false });
    assert.equal(readableStorage(), null);
  });
  // Writes refused for another reason than room, on storage that reads: no storage.
  const s = fakeStorage({}, () => new Error("refused"));
  withWindow({ localStorage: s }, () => assert.deepEqual(openStorage(), { store: null, full: false }));
});

test("the quota error is known by its name or code", () => {
  assert.ok(isQuotaError(quota()));
  assert.ok(isQuotaError({ name: "NS_ERROR_DOM_QUOTA_REACHED" }));
  assert.ok(!isQuotaError(new Error("x")) && !isQuotaError(null));
});
