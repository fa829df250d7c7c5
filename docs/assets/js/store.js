// A record kept in the browser's localStorage under one key, with a version number: what any page
// that keeps something needs (the score keeper's games, scorekeeper/store.js; the practice
// tables' records could use it the same way), so no page does it its own way.
//
// The rules it keeps (issue 24):
// - What a newer version of a page wrote is never rewritten by an older one: readItem says
//   "newer" and leaves it, writeItem refuses to write over it. A tab left open across a release
//   must not wipe what the new release saved.
// - An older version is brought up by its migration steps; with no step that reaches it, it is
//   set aside (a copy under a backup key) before anything is written in its place.
// - Every copy set aside stays under a key the page can list (backupKeys), to be put back or
//   saved as a file from the page.
// Nothing here knows what the record holds; the caller checks its parts.

/** The one sentence every page says when this site's storage is full (issue 39). */
export const FULL_WORDS = "This browser's storage for this site is full";

/** Whether `error` (thrown by setItem) is the browser's "no room" (QuotaExceededError). */
export function isQuotaError(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || error.code === 22 || error.code === 1014);
}

/** localStorage when it can be read, without a probe write, or null when the browser refuses it:
 * for a helper that writes often (the practice tables, the drills' streaks) and says what each
 * refused write means where it happens. */
export function readableStorage(key = "rulebook-storage-probe") {
  try {
    const s = window.localStorage;
    s.getItem(key);
    return s;
  } catch {
    return null;
  }
}

/** This site's localStorage as a page may use it (issue 39: full storage must not hide what is
 * saved): {store, full}. `store` is localStorage whenever it can be read, null only when the
 * browser refuses it (private modes, storage switched off); `full` is true when a small write
 * (the probe under `probeKey`, removed at once) is refused for want of room. A full store is
 * still read: what is saved shows, and only a save says it could not be made. The one probe
 * every storage helper uses (house/store.js, scorekeeper/store.js, the practice tables). */
export function openStorage(probeKey = "rulebook-storage-probe") {
  const s = readableStorage(probeKey);
  if (!s) return { store: null, full: false };
  try {
    s.setItem(probeKey, "1");
    s.removeItem(probeKey);
    return { store: s, full: false };
  } catch (error) {
    // Full: read all the same. Any other refusal of a write, on storage that reads, is a browser
    // that keeps nothing (an old Safari's private mode): no storage.
    return isQuotaError(error) ? { store: s, full: true } : { store: null, full: false };
  }
}

/** localStorage when it can be read (full or not), or null when the browser refuses it. */
export function storage(probeKey = "rulebook-storage-probe") {
  return openStorage(probeKey).store;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The version a parsed record says it is: a whole number, or null (no version: damaged). */
function versionOf(value, field) {
  const v = isObject(value) ? value[field] : undefined;
  return Number.isSafeInteger(v) && v >= 0 ? v : null;
}

/** What `text` (a stored record) is to a page at `version`:
 *  { status: "ok", value, migrated } the record, brought up to `version` by `migrations` (an
 *    object: migrations[n] turns a version-n record into a version-(n + 1) one, or throws);
 *  { status: "newer" } written by a newer page: to be left exactly as it is;
 *  { status: "older" } an older version that no migration reaches;
 *  { status: "damaged" } not JSON, not an object, no version, or longer than `maxChars`. */
export function readText(text, { version, migrations = {}, field = "version", maxChars = Infinity }) {
  if (typeof text !== "string" || text.length > maxChars) return { status: "damaged" };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: "damaged" };
  }
  const found = versionOf(value, field);
  if (found === null) return { status: "damaged" };
  if (found > version) return { status: "newer", value };
  let migrated = false;
  for (let v = found; v < version; v++) {
    if (!Object.hasOwn(migrations, v)) return { status: "older", value };
    try {
      value = migrations[v](value);
    } catch {
      return { status: "older", value };
    }
    if (versionOf(value, field) !== v + 1) return { status: "older", value };
    migrated = true;
  }
  return { status: "ok", value, migrated };
}

/** The stored text under `key` and what it is (readText), or { status: "absent" }. */
export function readItem(store, key, options) {
  let text = null;
  try {
    text = store.getItem(key);
  } catch {
    text = null;
  }
  if (text === null) return { status: "absent", text: null };
  return { ...readText(text, options), text };
}

/** Write `text` under `key`, unless what is stored there now was written by a newer version
 * (then nothing is written): "saved", "newer" or "full" (the browser refused the write). */
export function writeItem(store, key, text, { version, field = "version" }) {
  if (readItem(store, key, { version, field }).status === "newer") return "newer";
  try {
    store.setItem(key, text);
    return "saved";
  } catch {
    return "full";
  }
}

/** The backup keys under `prefix`, oldest first (each key ends with the time it was made). */
export function backupKeys(store, prefix) {
  const keys = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && key.startsWith(prefix)) keys.push(key);
  }
  return keys.sort();
}

/** Keep `text` under a backup key, once: the same text set aside again reuses its key (a store
 * read on every load would otherwise gain a copy each time, heading for the quota). The key, or
 * null when the browser has no room for it. */
export function setAside(store, prefix, text) {
  for (const key of backupKeys(store, prefix)) if (store.getItem(key) === text) return key;
  let key = `${prefix}${new Date().toISOString()}`;
  for (let n = 2; store.getItem(key) !== null; n++) key = `${prefix}${new Date().toISOString()}-${n}`;
  try {
    store.setItem(key, text);
  } catch {
    return null;
  }
  return key;
}

/** The members of a JSON object's text, each value exactly as it is written there: [key, text]
 * pairs in order (a key written twice keeps its last value, as JSON.parse does). `text` must be
 * JSON that parses to an object. Used to carry what a page cannot read through a save
 * untouched, byte for byte: JSON.parse and JSON.stringify would round its numbers. */
export function jsonMembers(text) {
  let i = 0;
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const skipString = () => {
    i++; // the opening quote
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    if (text[i] === '"') return skipString();
    if (text[i] !== "{" && text[i] !== "[") {
      while (i < text.length && !",}] \t\n\r".includes(text[i])) i++;
      return undefined;
    }
    let depth = 0;
    do {
      if (text[i] === '"') {
        skipString();
        continue;
      }
      if (text[i] === "{" || text[i] === "[") depth++;
      else if (text[i] === "}" || text[i] === "]") depth--;
      i++;
    } while (depth > 0);
    return undefined;
  };
  const members = new Map();
  space();
  i++; // {
  space();
  while (text[i] !== "}") {
    const start = i;
    skipString();
    const key = JSON.parse(text.slice(start, i));
    space();
    i++; // :
    space();
    const from = i;
    skipValue();
    members.delete(key);
    members.set(key, text.slice(from, i));
    space();
    if (text[i] === ",") i++;
    space();
  }
  return [...members];
}
