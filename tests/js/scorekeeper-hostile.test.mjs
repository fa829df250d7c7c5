// node --test tests/js/: hostile input for the score keeper's saved data (store.js) and the rank
// modules it calls. Player names and game ids that are also Object.prototype's own names
// ("__proto__", "constructor", "toString", "valueOf") must be names like any other; damaged
// storage is backed up once; a save on top of a newer save is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rank as chips } from "../../docs/assets/js/engine/rank/chips.js";
import { rank as chains } from "../../docs/assets/js/engine/rank/chains.js";
import { rank as stack } from "../../docs/assets/js/engine/rank/3-chip-stack.js";
import { BACKUP_PREFIX, STORE_KEY, loadStore, writeChange } from "../../docs/assets/js/scorekeeper/store.js";

const HOSTILE = ["__proto__", "constructor", "toString", "valueOf"];
/** As the page and `rulebook rank --jsonl` get them: parsed JSON, where "__proto__" is an own key. */
const parse = (value) => JSON.parse(JSON.stringify(value));
const row = (values) => JSON.parse(`{${HOSTILE.map((p, i) => `"${p}": ${values[i]}`).join(", ")}}`);

test("chips: the hostile names play a whole game, and every total is an own key of the record", () => {
  const rounds = Array.from({ length: 8 }, (_, k) => ({ scores: row([0, k + 1, 2 * k, 3]), called: "__proto__" }));
  const done = chips({ players: HOSTILE, rounds });
  assert.equal(done.error, undefined, done.error);
  assert.equal(done.finished, true);
  assert.deepEqual(done.ranking, [["__proto__"], ["valueOf"], ["constructor"], ["toString"]]);
  assert.equal(done.explanation, "__proto__ wins with the lowest total, 0.");
  for (const p of HOSTILE) assert.ok(Object.hasOwn(done.totals, p) && Object.hasOwn(done.calls, p), p);
  assert.equal(JSON.stringify(done.totals), '{"__proto__":0,"constructor":36,"toString":56,"valueOf":24}');
  assert.equal(JSON.stringify(done.calls), '{"__proto__":8,"constructor":0,"toString":0,"valueOf":0}');
  assert.equal(Object.getPrototypeOf(done.totals), Object.prototype); // the same shape as before
});

test("chains: the hostile names score hands and share a tie like anyone", () => {
  const out = chains({ players: HOSTILE, hands: [row([0, 10, 15, 20]), row([10, 0, 15, 10])] });
  assert.equal(out.error, undefined, out.error);
  assert.deepEqual(out.ranking, [["__proto__", "constructor"], ["toString", "valueOf"]]);
  assert.equal(JSON.stringify(out.totals), '{"__proto__":10,"constructor":10,"toString":30,"valueOf":30}');
});

test("3 chip stack: nobody named toString is out before they lose their chips, and __proto__ can go out", () => {
  const fresh = stack({ players: HOSTILE, start: 5, hands: [] });
  assert.deepEqual(fresh.out, {});
  assert.equal(JSON.stringify(fresh.chips), '{"__proto__":5,"constructor":5,"toString":5,"valueOf":5}');
  const out = stack({ players: HOSTILE, start: 5, hands: [row([0, 10, 5, 5])] });
  assert.equal(out.error, undefined, out.error);
  assert.equal(JSON.stringify(out.out), '{"__proto__":1}');
  assert.equal(JSON.stringify(out.chips), '{"__proto__":0,"constructor":10,"toString":5,"valueOf":5}');
  assert.deepEqual(out.ranking, [["constructor"], ["toString", "valueOf"], ["__proto__"]]);
  // The player who is out may be left out of the next hand's counts, as any other.
  const next = stack({ players: HOSTILE, start: 5, hands: [row([0, 10, 5, 5]), parse({ constructor: 20, toString: 0, valueOf: 0 })] });
  assert.equal(next.finished, true);
  assert.equal(next.explanation, "constructor holds all 20 chips and wins.");
  assert.equal(JSON.stringify(next.out), '{"__proto__":1,"toString":2,"valueOf":2}');
});

/** A localStorage stand-in: getItem, setItem, key, length, and a quota in characters. */
function memoryStorage(quota = Infinity) {
  const items = new Map();
  return {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) {
      const used = [...items].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
      if (used + k.length + String(v).length > quota) throw new Error("QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
    backups: () => [...items.keys()].filter((k) => k.startsWith(BACKUP_PREFIX)),
  };
}

const chipsGame = (id, extra = {}) => ({ id, game: "chips", players: ["Ann", "Bo"], rows: [], history: [], ...extra });

test("saved data: a game whose id is __proto__ loads and is saved back under its own id", () => {
  const store = memoryStorage();
  store.setItem(STORE_KEY, JSON.stringify(parse({ version: 1, current: "__proto__", games: JSON.parse(`{"__proto__": ${JSON.stringify(chipsGame("__proto__"))}}`) })));
  const { data, message } = loadStore(store);
  assert.equal(message, null);
  assert.equal(data.current, "__proto__");
  assert.deepEqual(Object.keys(data.games), ["__proto__"]);
  const res = writeChange(store, { id: "__proto__", base: 0, game: { ...data.games.__proto__, rows: [{ scores: { Ann: 0, Bo: 4 }, called: "Ann" }] }, current: "__proto__" });
  assert.equal(res.conflict, null);
  assert.match(store.getItem(STORE_KEY), /"games":\{"__proto__":\{"id":"__proto__"/);
  assert.equal(loadStore(store).data.games.__proto__.rows.length, 1);
});

test("saved data: a game of an unknown kind named after Object.prototype is kept as it is, not run", () => {
  // A kind this page does not know is a newer page's game (issue 24): kept byte for byte, never
  // handed to an engine, never set aside as damage.
  const store = memoryStorage();
  const text = JSON.stringify({ version: 1, games: { x: { ...chipsGame("x"), game: "toString" }, ok: chipsGame("ok") } });
  store.setItem(STORE_KEY, text);
  const { data, message } = loadStore(store);
  assert.equal(message, null);
  assert.deepEqual(Object.keys(data.games), ["ok"]);
  assert.deepEqual(data.foreign, [["x", JSON.stringify({ ...chipsGame("x"), game: "toString" })]]);
  assert.equal(store.backups().length, 0);
  assert.equal(store.getItem(STORE_KEY), text);
});

test("saved data: damaged storage is backed up once, however often it is loaded", () => {
  for (const raw of ['{"version": 1, "games": {"x": ', JSON.stringify({ version: 1, games: { bad: { id: "bad", game: "chips", rows: "nope" }, ok: chipsGame("ok") } })]) {
    const store = memoryStorage();
    store.setItem(STORE_KEY, raw);
    const messages = [];
    for (let i = 0; i < 6; i++) messages.push(loadStore(store).message);
    assert.equal(store.backups().length, 1, raw);
    assert.equal(store.getItem(store.backups()[0]).includes('"x"') || store.getItem(store.backups()[0]).includes('"bad"'), true);
    assert.match(messages[0], /damaged/);
    assert.deepEqual(messages.slice(1), [null, null, null, null, null]); // repaired in place
  }
});

test("saved data: the same damaged text written again reuses its backup", () => {
  const store = memoryStorage();
  for (let i = 0; i < 3; i++) {
    store.setItem(STORE_KEY, "not json");
    assert.match(loadStore(store).message, /A copy is kept in this browser under/);
  }
  assert.equal(store.backups().length, 1);
});

test("saved data: a full storage keeps the damaged text where it is and says no copy was kept", () => {
  const raw = "x".repeat(500);
  const store = memoryStorage(700);
  store.setItem(STORE_KEY, raw);
  const { message } = loadStore(store);
  assert.match(message, /No copy could be kept/);
  assert.equal(store.getItem(STORE_KEY), raw);
});

test("saved data: a damaged Undo step is loaded as a lost step (null), once backed up", () => {
  const store = memoryStorage();
  const rows = [{ scores: { Ann: 0, Bo: 4 }, called: "Ann" }];
  store.setItem(STORE_KEY, JSON.stringify({ version: 1, current: "g", games: { g: chipsGame("g", { rows, history: [[], [{ scores: "junk" }], "junk"] }) } }));
  const first = loadStore(store);
  assert.match(first.message, /Undo goes back through were damaged/);
  assert.deepEqual(first.data.games.g.history, [[], null, null]);
  assert.deepEqual(first.data.games.g.rows, rows);
  assert.equal(loadStore(store).message, null);
  assert.equal(store.backups().length, 1);
});

test("saved data: a save on top of a newer save, or onto a deleted game, is refused", () => {
  const store = memoryStorage();
  const made = writeChange(store, { id: "g", base: null, game: chipsGame("g"), current: "g" });
  assert.equal(made.data.games.g.rev, 1);
  const tabA = writeChange(store, { id: "g", base: 1, game: { ...chipsGame("g"), rows: [{ scores: { Ann: 0, Bo: 3 }, called: "Ann" }] }, current: "g" });
  assert.equal(tabA.conflict, null);
  const tabB = writeChange(store, { id: "g", base: 1, game: { ...chipsGame("g"), rows: [{ scores: { Ann: 9, Bo: 0 }, called: "Bo" }] }, current: "g" });
  assert.equal(tabB.conflict, "changed");
  assert.equal(tabB.data.games.g.rows[0].scores.Bo, 3); // A's round, not B's
  assert.equal(JSON.parse(store.getItem(STORE_KEY)).games.g.rows[0].scores.Bo, 3);
  assert.equal(writeChange(store, { id: "g", base: 2, game: null, current: null }).conflict, null); // A deletes
  const late = writeChange(store, { id: "g", base: 2, game: chipsGame("g"), current: "g" });
  assert.equal(late.conflict, "deleted");
  assert.deepEqual(Object.keys(JSON.parse(store.getItem(STORE_KEY)).games), []);
});
