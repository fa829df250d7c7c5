// node --test tests/js/: a saved game moved by link (share.js: the game in the URL fragment) and
// by file (the JSON export): what goes out comes back the same, names that are Object.prototype's
// own ("__proto__") or not ASCII included; anything damaged is refused whole, with words; an
// incoming game never overwrites a different saved one.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LINK_PREFIX, MAX_LINK_CHARS, exportFile, placeIncoming, readFile, readFragment, shareFragment, shareUrl,
} from "../../docs/assets/js/scorekeeper/share.js";
import { dict } from "../../docs/assets/js/scorekeeper/store.js";

const parse = (value) => JSON.parse(JSON.stringify(value));
const PLAYERS = ["__proto__", "Zoë", "toString", "李"];
const byName = (values) => parse(Object.fromEntries(PLAYERS.map((p, i) => [p, values[i]])));
const CHIPS = {
  id: "g1", game: "chips", players: PLAYERS, history: [], rev: 3, created: "2026-01-01T00:00:00.000Z",
  rows: [
    { scores: byName([0, 5, 7, 9]), called: "__proto__" },
    { scores: byName([4, 0, 2, 1]), called: "Zoë" },
    { scores: byName([4, 3, 2, 1]), called: null },
  ],
};
const STACK = { id: "g2", game: "3-chip-stack", players: ["A", "B", "C"], start: 10, history: [], rows: [{ A: 15, B: 15, C: 0 }] };
const CHAINS = { id: "g3", game: "chains", players: ["A", "B"], history: [], rows: [{ A: 0, B: 35 }, { A: 20, B: 0 }] };

test("a link carries each kind of game and brings it back the same", () => {
  for (const game of [CHIPS, STACK, CHAINS]) {
    const fragment = shareFragment(game);
    assert.ok(fragment.startsWith(LINK_PREFIX));
    assert.match(fragment.slice(LINK_PREFIX.length), /^[A-Za-z0-9_-]+\.[0-9a-z]+$/); // base64url and its check
    const back = readFragment(`#${fragment}`);
    assert.equal(back.error, undefined, back.error);
    assert.equal(back.game.id, game.id);
    assert.deepEqual(back.game.players, game.players);
    assert.equal(JSON.stringify(back.game.rows), JSON.stringify(game.rows));
    assert.equal(back.game.start, game.start);
  }
  const url = shareUrl(CHIPS, "http://127.0.0.1:8000/keep-score/?x=1#old");
  assert.ok(url.startsWith("http://127.0.0.1:8000/keep-score/?x=1#game="));
  assert.ok(shareFragment(CHIPS).length < 300, shareFragment(CHIPS).length); // compact: names once
});

test("a damaged link is refused whole, with words, never thrown", () => {
  const good = shareFragment(CHIPS);
  const code = good.slice(LINK_PREFIX.length);
  const [payload] = code.split(".");
  // One letter changed, anywhere: the check refuses it even where the rest would still read.
  for (let i = 0; i < payload.length; i++) {
    const swapped = payload.slice(0, i) + (payload[i] === "A" ? "B" : "A") + code.slice(i + 1);
    assert.match(readFragment(`#${LINK_PREFIX}${swapped}`).error, /no game was opened/, `letter ${i}`);
  }
  // Without its check, a well-formed game is not read either.
  const withCheck = (text) => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) { hash ^= text.charCodeAt(i); hash = Math.imul(hash, 0x01000193) >>> 0; }
    return `${text}.${hash.toString(36)}`;
  };
  assert.match(readFragment(`#${LINK_PREFIX}${payload}`).error, /no game was opened/);
  assert.equal(readFragment(`#${LINK_PREFIX}${withCheck(payload)}`).game.id, "g1");
  const bad = [
    code.slice(0, -6), code.slice(0, 10), `${code}!`, `${code}.x`, "%%%", "", "A".repeat(MAX_LINK_CHARS + 1),
    // valid base64url of the wrong things
    Buffer.from("[1,2]").toString("base64url"), Buffer.from('{"v":1}').toString("base64url"),
    Buffer.from(JSON.stringify({ v: 1, id: "x", g: "poker", p: ["A", "B"], r: [] })).toString("base64url"),
    Buffer.from(JSON.stringify({ v: 1, id: "x", g: "chips", p: ["A", "B"], r: [[[5, 1], 0]] })).toString("base64url"), // the caller scores 0
    Buffer.from(JSON.stringify({ v: 1, id: "x", g: "chips", p: ["A", "B"], r: [[[5], -1]] })).toString("base64url"),
    Buffer.from(JSON.stringify({ v: 1, id: "", g: "chains", p: ["A", "B"], r: [] })).toString("base64url"),
    Buffer.from(JSON.stringify({ v: 1, id: "x", g: "3-chip-stack", p: ["A", "B"], s: 10, r: [[12, 9]] })).toString("base64url"), // chips lost
  ];
  for (const [k, text] of bad.entries()) {
    // Past the first seven, well-formed payloads with a good check: refused for what they say.
    const out = readFragment(`#${LINK_PREFIX}${k >= 7 ? withCheck(text) : text}`);
    assert.equal(out.game, undefined, text.slice(0, 40));
    assert.match(out.error, /no game was opened/);
  }
  assert.match(readFragment("#other").error, /carries no game/);
  const later = Buffer.from(JSON.stringify({ v: 2 })).toString("base64url");
  assert.match(readFragment(`#${LINK_PREFIX}${withCheck(later)}`).error, /another version/);
});

test("the file export opens again, and the older export (no format field) does too", () => {
  for (const game of [CHIPS, STACK, CHAINS]) {
    const text = exportFile(game);
    const back = readFile(text);
    assert.equal(back.error, undefined, back.error);
    assert.equal(JSON.stringify(back.game.rows), JSON.stringify(game.rows));
    assert.deepEqual(back.game.players, game.players);
    assert.ok("result" in JSON.parse(text)); // what the sheet shows, for reading
  }
  const old = JSON.stringify({ game: "chains", players: ["A", "B"], hands: CHAINS.rows, result: {} });
  assert.equal(JSON.stringify(readFile(old).game.rows), JSON.stringify(CHAINS.rows));
  for (const text of ["", "{", "[]", '{"game":"chips"}', JSON.stringify({ format: "other", game: "chains", players: ["A", "B"], hands: [] }), null]) {
    assert.match(readFile(text).error, /no game was opened/);
  }
});

test("an incoming game never overwrites a different saved game", () => {
  const games = dict();
  games.g1 = { ...CHIPS, rows: CHIPS.rows.slice(0, 2) };
  let n = 0;
  const newId = () => `new${++n}`;
  // The saved copy is an earlier point of the same game: brought up to date, Undo keeps the old.
  const up = placeIncoming(games, readFragment(`#${shareFragment(CHIPS)}`).game, newId);
  assert.equal(up.action, "update");
  assert.equal(up.game.rows.length, 3);
  assert.equal(JSON.stringify(up.game.history.at(-1)), JSON.stringify(games.g1.rows));
  // Exactly the same: just opened.
  games.g1 = { ...CHIPS };
  assert.deepEqual(placeIncoming(games, readFragment(`#${shareFragment(CHIPS)}`).game, newId), { action: "open", id: "g1" });
  // Same id, rows that went another way (or fewer): added beside it under a new id.
  const other = { ...CHIPS, rows: [CHIPS.rows[1]] };
  const side = placeIncoming(games, readFragment(`#${shareFragment(other)}`).game, newId);
  assert.equal(side.action, "add");
  assert.equal(side.game.id, "new1");
  // A game this device has never seen keeps its id.
  assert.equal(placeIncoming(games, readFragment(`#${shareFragment(CHAINS)}`).game, newId).game.id, "g3");
  // "__proto__" as an id is a key like any other.
  const proto = placeIncoming(games, readFragment(`#${shareFragment({ ...CHAINS, id: "__proto__" })}`).game, newId);
  assert.equal(proto.action, "add");
  assert.equal(proto.game.id, "__proto__");
});
