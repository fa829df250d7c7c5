// The score keeper's saved games (localStorage): read with every part checked, damaged data
// backed up once and then repaired in place, and each change written on top of what another tab
// or window may have saved since this one last read (a revision number per game says which).
//
// Anything read from storage may be hostile: a game id or a player's name may be "__proto__" or
// "toString". Games are kept in objects without a prototype (Object.create(null)) and looked up
// with Object.hasOwn, so no name ever answers from Object.prototype; JSON.stringify still writes
// every name as an own key.
import { rank as rankChips } from "../engine/rank/chips.js";
import { rank as rankChains } from "../engine/rank/chains.js";
import { rank as rankStack } from "../engine/rank/3-chip-stack.js";

export const STORE_KEY = "rulebook-scorekeeper";
export const BACKUP_PREFIX = "rulebook-scorekeeper-backup-";
export const VERSION = 1;
export const HISTORY_LIMIT = 100;

const RANK = new Map([["chips", rankChips], ["chains", rankChains], ["3-chip-stack", rankStack]]);

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** An object keyed by names from people or storage: no prototype, so "__proto__" is a plain key. */
export const dict = () => Object.create(null);

/** obj[key] when it is obj's own property, else undefined (never a prototype's toString). */
export function own(obj, key) {
  return obj !== null && typeof obj === "object" && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** The rank input of a saved game. */
export function rankInput(game) {
  if (game.game === "chips") return { players: game.players, rounds: game.rows };
  if (game.game === "chains") return { players: game.players, hands: game.rows };
  return { players: game.players, start: game.start, hands: game.rows };
}

/** The game's ranking record (or {error}); the game's kind must be one of the three. */
export function rankOf(game) {
  return RANK.get(game.game)(rankInput(game));
}

export const knownGame = (kind) => typeof kind === "string" && RANK.has(kind);

/** localStorage, or null when the browser refuses it (private modes, storage switched off). */
export function storage() {
  try {
    const s = window.localStorage;
    const probe = `${STORE_KEY}-probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

export const emptyStore = () => ({ version: VERSION, current: null, games: dict() });

/** A game as stored, checked: { game, damagedSteps } or null when the game itself is unusable.
 * A damaged Undo step becomes null (a step known to be lost), so Undo can say so when it gets
 * there instead of throwing, and the next load does not count it as new damage. */
function readGame(id, g) {
  // An empty id cannot be told from "no game open" (the game menu's first choice).
  if (!isObject(g) || id === "" || g.id !== id || !knownGame(g.game)) return null;
  if (!Array.isArray(g.players) || !Array.isArray(g.rows)) return null;
  if (g.game === "3-chip-stack" && !Number.isInteger(g.start)) return null;
  for (const key of ["created", "updated"]) if (g[key] !== undefined && typeof g[key] !== "string") return null;
  if ("error" in rankOf(g)) return null;
  let damagedSteps = 0;
  let history = [];
  if (Array.isArray(g.history)) {
    history = g.history.slice(-HISTORY_LIMIT).map((rows) => {
      if (rows === null) return null;
      if (Array.isArray(rows) && !("error" in rankOf({ ...g, rows }))) return rows;
      damagedSteps += 1;
      return null;
    });
  } else if (g.history !== undefined) {
    damagedSteps += 1;
  }
  // A safe integer, so that adding one always makes a new revision.
  const rev = Number.isSafeInteger(g.rev) && g.rev >= 0 ? g.rev : 0;
  return { game: { ...g, history, rev }, damagedSteps };
}

/** A game that came from outside this device (a share link, a file), checked exactly as a saved
 * game is on load (the same bounds: a known kind, players and rows the engine accepts); the
 * game as it would be saved, or null. Its history is dropped: Undo never reaches another device. */
export function checkGame(g) {
  if (!isObject(g) || typeof g.id !== "string") return null;
  const read = readGame(g.id, { ...g, history: [] });
  return read ? read.game : null;
}

/** The key of a backup already holding exactly `text`, if there is one. */
function findBackup(store, text) {
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && key.startsWith(BACKUP_PREFIX) && store.getItem(key) === text) return key;
  }
  return null;
}

/** Keep `text` under a backup key, once: the same damaged text loaded again reuses its backup
 * (a store read on every load used to gain a copy each time, heading for the quota). */
function backup(store, text) {
  const kept = findBackup(store, text);
  if (kept) return kept;
  let key = `${BACKUP_PREFIX}${new Date().toISOString()}`;
  for (let n = 2; store.getItem(key) !== null; n++) key = `${BACKUP_PREFIX}${new Date().toISOString()}-${n}`;
  try {
    store.setItem(key, text);
  } catch {
    return null;
  }
  return key;
}

/** Write the repaired store over the damaged one, so the next load finds it clean. */
function repair(store, data) {
  try {
    store.setItem(STORE_KEY, JSON.stringify(data));
  } catch {
    /* full: the next load repairs again, and finds its backup already kept */
  }
}

const noCopy = " No copy could be kept: this browser's storage is full.";

/** The saved games, and a message when some or all of them could not be used. Nothing readable
 * is thrown away: damaged data is copied under a backup key (once) before it is repaired. */
export function loadStore(store) {
  if (!store) {
    return { data: emptyStore(), message: "This browser is not letting the page keep data, so the sheet will not be saved." };
  }
  const raw = store.getItem(STORE_KEY);
  if (raw === null) return { data: emptyStore(), message: null };
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed) || !isObject(parsed.games) || parsed.version !== VERSION) {
    const key = backup(store, raw);
    if (key) repair(store, emptyStore());
    const why = isObject(parsed) && parsed.version !== VERSION && parsed.version !== undefined
      ? "were saved by an older version of this page"
      : "are damaged and could not be read";
    const kept = key ? ` A copy is kept in this browser under “${key}”.` : noCopy;
    return { data: emptyStore(), message: `The saved score sheets ${why}, so here is a fresh sheet.${kept}` };
  }
  const data = emptyStore();
  const aside = dict(); // each game as it was stored, when any part of it had to be repaired
  let badGames = 0;
  let damagedSteps = 0;
  for (const [id, g] of Object.entries(parsed.games)) {
    const read = readGame(id, g);
    if (read) data.games[id] = read.game;
    if (!read || read.damagedSteps) aside[id] = g;
    if (!read) badGames += 1;
    else damagedSteps += read.damagedSteps;
  }
  const current = parsed.current;
  data.current = typeof current === "string" && Object.hasOwn(data.games, current) ? current : null;
  if (!badGames && !damagedSteps) return { data, message: null };
  const key = backup(store, JSON.stringify({ version: VERSION, games: aside }));
  if (key) repair(store, data);
  const copy = key ? ` (a copy is kept under “${key}”)` : "";
  const said = [];
  if (badGames) {
    said.push(`${badGames === 1 ? "One saved game was" : `${badGames} saved games were`} damaged and put aside${copy}; the others are here.`);
  }
  if (damagedSteps) {
    said.push(`Some of the saved steps that Undo goes back through were damaged${badGames ? "" : copy}, so Undo stops before them; the scores themselves are fine.`);
  }
  return { data, message: said.join(" ") + (key ? "" : noCopy) };
}

/** Write one change on top of what is stored now. `id` is the game changed (none: only `current`
 * changes), `base` the revision this tab's copy of it had (null: a new game), `game` its new
 * state (null: delete it). Another tab may have saved or deleted the game since this tab read
 * it: then nothing is written and `conflict` says which ("changed" or "deleted"). `data` is the
 * stored state after the write (or the newer state that refused it); `message` any repair. */
export function writeChange(store, { id = null, base = null, game, current = null }) {
  const { data, message } = loadStore(store);
  let conflict = null;
  if (id !== null) {
    const stored = own(data.games, id);
    if (base === null && stored) conflict = "changed";
    else if (base !== null && !stored && game !== null) conflict = "deleted";
    else if (base !== null && stored && stored.rev !== base) conflict = "changed";
  }
  if (conflict) {
    data.current = Object.hasOwn(data.games, current ?? "") ? current : null;
    return { data, conflict, message, saved: false };
  }
  if (id !== null && game === null) delete data.games[id];
  else if (id !== null) data.games[id] = { ...game, rev: (base ?? 0) + 1 };
  data.current = current !== null && Object.hasOwn(data.games, current) ? current : null;
  try {
    store.setItem(STORE_KEY, JSON.stringify(data));
  } catch {
    // Not saved: keep the change on screen, at the stored revision, so the next save (with
    // room again) is still based on what is stored and goes through.
    if (id !== null && game !== null) data.games[id].rev = base ?? 0;
    return { data, conflict: null, message, saved: false };
  }
  return { data, conflict: null, message, saved: true };
}
