// The house rules this device keeps for each game (issue 25): localStorage, one key a game,
// "rulebook-house-<game>" -> {"version": 1, "house": {"k-a-2": "group"}}, only the options set
// away from the family's rules (so a reading the site changes later is followed where a table
// never chose otherwise).
//
// Never rewrites what it cannot read: a save from a newer version of the site (a higher
// "version") is left exactly as it is, and nothing is saved over it; damaged text (not JSON, not
// that shape) is first copied to "rulebook-house-<game>-damaged", once, then replaced. Choices
// this page does not know (an option or a value of a newer release, or one since removed) are
// kept as found when the page saves its own.

import { isQuotaError, openStorage } from "../store.js";

export const VERSION = 1;
export const KEY_PREFIX = "rulebook-house-";
export const keyOf = (gameId) => `${KEY_PREFIX}${gameId}`;

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** localStorage when it can be read, full or not (../store.js openStorage: a full store still
 * shows the rules saved in it), or null when the browser refuses it. */
export function storage() {
  return openStorage(`${KEY_PREFIX}probe`).store;
}

/** What is saved for `gameId`: {state, house, raw}. state is "none" (nothing saved, or no
 * storage), "ok", "newer" (a later version's save: not read, never written over) or "damaged".
 * house holds the saved string entries as found (empty unless "ok"). */
export function readSaved(gameId, store = storage()) {
  const none = { state: "none", house: {}, raw: null };
  if (!store) return none;
  let raw;
  try {
    raw = store.getItem(keyOf(gameId));
  } catch {
    return none;
  }
  if (raw === null) return none;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { state: "damaged", house: {}, raw };
  }
  if (!isObject(data) || !Number.isInteger(data.version) || data.version < 1) return { state: "damaged", house: {}, raw };
  if (data.version > VERSION) return { state: "newer", house: {}, raw };
  if (!isObject(data.house)) return { state: "damaged", house: {}, raw };
  const house = {};
  for (const [id, value] of Object.entries(data.house)) {
    if (typeof value === "string" && id !== "__proto__") house[id] = value;
  }
  return { state: "ok", house, raw };
}

const knownChoice = (known, id, value) => known.has(id) && known.get(id).values.includes(value);

/** The saved house of `gameId` checked against `options` (the control's list of {id, values,
 * default}): {house (known, non-default choices), state, unknown (entries it skipped)}. */
export function loadHouse(gameId, options, store = storage()) {
  const saved = readSaved(gameId, store);
  const known = new Map(options.map((o) => [o.id, o]));
  const house = {};
  let unknown = 0;
  for (const [id, value] of Object.entries(saved.house)) {
    if (!knownChoice(known, id, value)) unknown += 1;
    else if (value !== known.get(id).default) house[id] = value;
  }
  return { house, state: saved.state, unknown };
}

/** Save `house` (option id -> value) for `gameId`: {saved: true} or {saved: false, why}, why being
 * "no-storage", "newer", "full" (no room left: the browser's quota) or "refused". */
export function saveHouse(gameId, house, options, store = storage()) {
  if (!store) return { saved: false, why: "no-storage" };
  const saved = readSaved(gameId, store);
  if (saved.state === "newer") return { saved: false, why: "newer" };
  const known = new Map(options.map((o) => [o.id, o]));
  const out = {};
  // Kept as found: what this page cannot read, unless the table has just chosen that option here.
  for (const [id, value] of Object.entries(saved.house)) {
    if (knownChoice(known, id, value)) continue; // this page's own: written below
    const chosenHere = known.has(id) && Object.hasOwn(house, id) && house[id] !== known.get(id).default;
    if (!chosenHere) out[id] = value;
  }
  for (const option of options) {
    const value = Object.hasOwn(house, option.id) ? house[option.id] : option.default;
    if (option.values.includes(value) && value !== option.default) out[option.id] = value;
  }
  const key = keyOf(gameId);
  try {
    if (saved.state === "damaged") {
      const backup = `${key}-damaged`;
      if (store.getItem(backup) === null) store.setItem(backup, saved.raw);
    }
    if (Object.keys(out).length) store.setItem(key, JSON.stringify({ version: VERSION, house: out }));
    else store.removeItem(key);
  } catch (error) {
    return { saved: false, why: isQuotaError(error) ? "full" : "refused" };
  }
  return { saved: true };
}
