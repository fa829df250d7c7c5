// The score keeper's saved games (localStorage, through ../store.js), and the one set of bounds
// every game meets wherever it comes from: typed into the form, opened from a share link or a
// file (share.js), put back from a copy, or read back from storage.
//
// What is stored: { version: 1, current, games: { id: game } }. Each change is written on top of
// what another tab or window may have saved since this one last read (a revision number per game
// says which). What this page cannot read is never rewritten (issue 24):
// - a store written by a newer version of the page is left exactly as it is, and nothing is saved
//   over it while it is there (the page says so and offers a reload);
// - a game of a kind this page does not know (saved by a newer page) and any other member this
//   page does not know are carried through every save byte for byte (jsonMembers);
// - a damaged game, or a damaged store, is copied under a backup key (once) before it is repaired,
//   and every such copy can be put back, or saved as a file, from the page (restoreCopy, copies).
//
// Anything read from storage may be hostile: a game id or a player's name may be "__proto__" or
// "toString". Games are kept in objects without a prototype (Object.create(null)) and looked up
// with Object.hasOwn, so no name ever answers from Object.prototype; JSON.stringify still writes
// every name as an own key.
import { rank as rankChips } from "../engine/rank/chips.js";
import { rank as rankChains } from "../engine/rank/chains.js";
import { rank as rankStack } from "../engine/rank/3-chip-stack.js";
import { rank as rankDeclared, hasStart } from "../engine/rank/declared.js";
import { HOUSE_OPTIONS as STACK_HOUSE } from "../engine/3-chip-stack-house.js";
import { FULL_WORDS, backupKeys, isQuotaError, jsonMembers, openStorage, readText, setAside, storage as localStore } from "../store.js";

export const STORE_KEY = "rulebook-scorekeeper";
export const BACKUP_PREFIX = "rulebook-scorekeeper-backup-";
export const VERSION = 1;
/** How a stored record of an older version becomes the next version (none yet: version 1 is the
 * first). A step is a pure function; one that throws leaves the record to be set aside. */
export const MIGRATIONS = Object.freeze({});
export const HISTORY_LIMIT = 100;

// --- the bounds (the form, links, files, copies and storage alike) -------------------------

/** The most points one player scores in one round (Chips) or hand (Chains), and the most chips a
 * count may say (3 Chip Stack; the engine's start and conservation bound those far lower). With
 * at most 20 players and 10 rows a game, every total and every sum of totals stays below
 * 20 * 10 * 1,000,000 = 2 * 10^8, far inside the 2^53 a browser's numbers add exactly, so a
 * total never shows "Infinity" or ties two different totals. A family table scores hundreds.
 * The Python engine (`rulebook rank`, generator/engine/games/chips.py and chains.py rank_record;
 * its bounds live in generator/engine/limits.py) must refuse the same: keep the two equal. */
export const MAX_POINTS = 1_000_000;
/** The longest player's name, in UTF-16 code units: the form's maxlength. */
export const NAME_CHARS = 40;
/** A game's id: what newId makes ("g" and base 36), and nothing longer than this. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest "created" or "updated" time (an ISO time is 24 characters). */
export const DATE_CHARS = 40;
/** The most rows a sheet keeps (Chips has 8 rounds and Chains 10 hands; this bounds 3 Chip Stack). */
export const MAX_ROWS = 1000;

const RANK = new Map([["chips", rankChips], ["chains", rankChains], ["3-chip-stack", rankStack]]);
/** The games this page's files declare the scoring of (issue 38), by id: { spec, name }, from the
 * page's config (generator/site/scorekeeper.py sheet_games), set before anything is read from
 * storage (useDeclared). A game saved under a declared game that this page does not declare (a
 * file taken out since, another site's game) is one it does not know: kept, never rewritten. */
const DECLARED = new Map();

/** Take the declared games of the page's config: [{ id, name, declared }]. The three games with
 * engines are never declared over. */
export function useDeclared(games) {
  DECLARED.clear();
  for (const g of games || []) {
    if (isObject(g) && typeof g.id === "string" && !RANK.has(g.id) && isObject(g.declared)) {
      DECLARED.set(g.id, { spec: g.declared, name: typeof g.name === "string" ? g.name : g.id });
    }
  }
}

/** The declaration of a game kind this page declares, or null. */
export const declaredOf = (kind) => (typeof kind === "string" && DECLARED.has(kind) ? DECLARED.get(kind).spec : null);

/** Whether a game of this kind starts from a total each player brings (3 Chip Stack's chips, a
 * last-player-left declared game's): the game keeps it as `start`. */
export const startsWith = (kind) => kind === "3-chip-stack" || (declaredOf(kind) !== null && hasStart(declaredOf(kind)));

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An object keyed by names from people or storage: no prototype, so "__proto__" is a plain key. */
export const dict = () => Object.create(null);

/** obj[key] when it is obj's own property, else undefined (never a prototype's toString). */
export function own(obj, key) {
  return obj !== null && typeof obj === "object" && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** The rank input of a saved game. 3 Chip Stack's ranking follows the table's rule odd-chip
 * (three-chip-stack-ruling-odd-chip: under next-hand a split's odd chips wait in the middle, so a
 * hand's counts may add up to fewer than the table holds); an option or reading this page does not
 * know stays with the game (unknownHouse) but is not given to the engine. */
export function rankInput(game) {
  if (game.game === "chips") return { players: game.players, rounds: game.rows };
  if (game.game === "chains") return { players: game.players, hands: game.rows };
  if (declaredOf(game.game)) {
    return startsWith(game.game) ? { players: game.players, start: game.start, hands: game.rows } : { players: game.players, hands: game.rows };
  }
  const input = { players: game.players, start: game.start, hands: game.rows };
  const house = own(game, "house");
  const rules = dict();
  for (const o of STACK_HOUSE) {
    const value = isObject(house) ? own(house, o.id) : undefined;
    if (o.id === "odd-chip" && value !== o.default && o.values.includes(value)) rules[o.id] = value;
  }
  if (Object.keys(rules).length) input.house = { ...rules };
  return input;
}

/** The game's ranking record (or {error}); the game's kind must be one of the three. */
export function rankOf(game) {
  const declared = typeof game.game === "string" && DECLARED.get(game.game);
  if (declared && !RANK.has(game.game)) return rankDeclared(declared.spec, declared.name, rankInput(game));
  return RANK.get(game.game)(rankInput(game));
}

export const knownGame = (kind) => typeof kind === "string" && (RANK.has(kind) || DECLARED.has(kind));

/** localStorage when it can be read, full or not, or null when the browser refuses it. */
export const storage = () => localStore(`${STORE_KEY}-probe`);
/** {store, full} (../store.js openStorage): a full store still shows the games saved in it. */
export const openStore = () => openStorage(`${STORE_KEY}-probe`);
/** What the sheet says when this site's storage is full (issue 39): the saved games show, and no
 * change is saved until there is room. */
export const FULL_NOTICE = `${FULL_WORDS}: the games saved here are shown, but changes cannot be saved until there is room `
  + "(delete a game or a copy set aside that you no longer need).";

// --- names ----------------------------------------------------------------------------------

// Characters that show nothing yet change what is shown or how names compare: format characters
// (U+202E, the right-to-left override, reverses everything after it; the other direction
// controls; zero-width spaces and joiners; the soft hyphen), the default-ignorable code points
// (variation selectors, Hangul fillers, tags) and lone surrogates.
//
// Each test is one property escape on one code point, without a character class and without `$`:
// Chromium 156 answers `[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$` false for "👩" (node
// 20 true), so the joiner inside "👩‍🍳" was taken out and a saved game with that player set aside
// as damaged (issue 39, item 2). tests/test_browser_scorekeeper_names.py runs this in Chromium.
const has = (pattern) => (ch) => pattern.test(ch);
const isInvisible = ((format, ignorable, surrogate) => (ch) => format(ch) || ignorable(ch) || surrogate(ch))(
  has(/\p{Cf}/u), has(/\p{Default_Ignorable_Code_Point}/u), has(/\p{Cs}/u));
const isPictograph = has(/\p{Extended_Pictographic}/u);
const isEmoji = has(/\p{Emoji}/u);
const isModifier = has(/\p{Emoji_Modifier}/u);
const isGap = ((space, control) => (ch) => space(ch) || control(ch))(has(/\s/u), has(/\p{Cc}/u));
const ZWJ = "\u200D";
const BLACK_FLAG = "\u{1F3F4}";
const CANCEL_TAG = "\u{E007F}";
const isTag = (ch) => ch.codePointAt(0) >= 0xe0020 && ch.codePointAt(0) <= 0xe007f;

/** Whether the invisible code point `chars[i]` is part of an emoji: a zero-width joiner between
 * two pictographs (a family, "👩‍🍳", a skin tone or a presentation selector before it: "👍🏽‍♂️"),
 * a variation selector after an emoji, or the tags of a flag ("🏴" + tags + cancel tag: Wales). */
function inEmoji(chars, i) {
  const ch = chars[i];
  const before = chars[i - 1];
  if (ch === ZWJ) {
    return before !== undefined && chars[i + 1] !== undefined && isPictograph(chars[i + 1])
      && (isPictograph(before) || isModifier(before) || before === "\uFE0F");
  }
  if (ch === "\uFE0E" || ch === "\uFE0F") return before !== undefined && isEmoji(before);
  if (isTag(ch)) {
    let start = i;
    while (start > 0 && isTag(chars[start - 1])) start--;
    let end = i;
    while (end + 1 < chars.length && isTag(chars[end + 1])) end++;
    return chars[start - 1] === BLACK_FLAG && chars[end] === CANCEL_TAG && end > start;
  }
  return false;
}

/** A name as the sheet keeps it: NFC, without direction controls or invisible characters (those
 * of an emoji stay), each run of spaces, tabs, line breaks or control characters one space,
 * trimmed. Read a code point at a time, so Chromium and node keep the same characters. */
export function cleanName(raw) {
  const chars = [...String(raw).normalize("NFC")];
  let out = "";
  let gap = false;
  chars.forEach((ch, i) => {
    if (isInvisible(ch) && !inEmoji(chars, i)) return;
    if (isGap(ch)) {
      gap = out.length > 0;
      return;
    }
    if (gap) out += " ";
    gap = false;
    out += ch;
  });
  return out.normalize("NFC");
}

/** What two names are compared by: two names with the same key are one player twice. */
export const nameKey = (name) => cleanName(name).replace(/[\u200D\uFE0E\uFE0F]/g, "");

/** null when `players` are names the sheet keeps (clean, not empty, at most NAME_CHARS, no two
 * the same), else what is wrong, as "players[k]: ..." (the engine's way). */
function playersProblem(players) {
  if (!Array.isArray(players)) return null; // the engine says what is wrong
  const keys = new Set();
  for (const [k, name] of players.entries()) {
    if (typeof name !== "string") return null;
    if (name.length > NAME_CHARS) {
      return `players[${k}]: a name is at most ${NAME_CHARS} characters, and this one is ${name.length.toLocaleString("en-US")}`;
    }
    if (cleanName(name) !== name) return `players[${k}]: ${JSON.stringify(name)} holds characters that cannot be shown`;
    const key = nameKey(name);
    if (keys.has(key)) return `players[${k}]: ${JSON.stringify(name)} is named twice; give each player a different name`;
    keys.add(key);
  }
  return null;
}

// --- the table's rules a game is played by (issue 25) ---------------------------------------

/** The most options a game's `house` names, and the longest id or value (a game has a handful of
 * options, ids like "k-a-2", values like "not-played"). */
export const HOUSE_ENTRIES = 32;
export const HOUSE_CHARS = 64;

/** null when `house` (a game's `house` field: option id -> value, as `rulebook options` and
 * ?house= links name them) is one the sheet keeps, else what is wrong. Ids and values this page
 * does not know are kept (a newer page's options): only the shape is checked here. */
export function houseProblem(house) {
  if (house === undefined) return null;
  if (!isObject(house)) return "house: expected the table's rules as option: value pairs";
  const entries = Object.entries(house);
  if (entries.length > HOUSE_ENTRIES) return `house: at most ${HOUSE_ENTRIES} options`;
  for (const [id, value] of entries) {
    if (id === "" || id.length > HOUSE_CHARS || typeof value !== "string" || value === "" || value.length > HOUSE_CHARS) {
      return "house: expected the table's rules as option: value pairs";
    }
  }
  return null;
}

/** The table's rules of `game` that differ from the family's, kept to `options` (a list of {id,
 * values, default}): a prototype-free object; {} when the game has none. */
export function houseOf(game, options = []) {
  const out = dict();
  const house = own(game, "house");
  if (!isObject(house)) return out;
  for (const o of options) {
    const value = own(house, o.id);
    if (typeof value === "string" && o.values.includes(value) && value !== o.default) out[o.id] = value;
  }
  return out;
}

/** What `game`'s house names that `options` do not know: [[id, value], ...] (kept, never dropped). */
export function unknownHouse(game, options = []) {
  const house = own(game, "house");
  if (!isObject(house)) return [];
  return Object.entries(house).filter(([id, value]) => {
    const o = options.find((opt) => opt.id === id);
    return !o || !o.values.includes(value);
  });
}

// --- a game, checked ----------------------------------------------------------------------

/** Every number a row says, as [where, name, value] ("rounds[2].scores", "Bo", 5). */
function rowNumbers(game, rows) {
  const out = [];
  rows.forEach((row, k) => {
    const where = game.game === "chips" ? `rounds[${k}].scores` : `hands[${k}]`;
    const values = game.game === "chips" ? own(row, "scores") : row;
    if (!isObject(values)) return;
    for (const [name, v] of Object.entries(values)) out.push([where, name, v]);
  });
  return out;
}

/** Whether `game` is one the sheet keeps: { game } or { error } in the engine's words ("rounds[2]
 * .scores.Bo: ..."). The same bounds for the form, a link, a file, a copy and storage: a known
 * kind, an id, names (cleanName, NAME_CHARS, none twice), at most MAX_ROWS rows, no count over
 * MAX_POINTS, short dates, and rows the engine accepts. Unknown fields are kept. */
export function checkGame(game) {
  if (!isObject(game)) return { error: "expected a game" };
  if (typeof game.id !== "string" || !ID_PATTERN.test(game.id)) return { error: "id: not a game id" };
  if (!knownGame(game.game)) return { error: "game: not a game this page keeps" };
  if (!Array.isArray(game.players) || !Array.isArray(game.rows)) return { error: "expected players and rows" };
  if (startsWith(game.game) && !Number.isInteger(game.start)) return { error: "start: expected a whole number" };
  for (const key of ["created", "updated"]) {
    const v = game[key];
    if (v !== undefined && (typeof v !== "string" || v.length > DATE_CHARS || Number.isNaN(Date.parse(v)))) {
      return { error: `${key}: not a time` };
    }
  }
  const names = playersProblem(game.players);
  if (names) return { error: names };
  const rules = houseProblem(game.house);
  if (rules) return { error: rules };
  if (game.rows.length > MAX_ROWS) return { error: `${game.game === "chips" ? "rounds" : "hands"}: at most ${MAX_ROWS}` };
  for (const [where, name, v] of rowNumbers(game, game.rows)) {
    if (typeof v === "number" && Math.abs(v) > MAX_POINTS) {
      const what = game.game === "3-chip-stack" ? "chips" : "points";
      return { error: `${where}.${name}: ${Math.abs(v) > 1e15 ? "that" : v.toLocaleString("en-US")} is more than ${MAX_POINTS.toLocaleString("en-US")} ${what}, the most this sheet takes` };
    }
  }
  const ranked = rankOf(game);
  return "error" in ranked ? { error: ranked.error } : { game };
}

/** A game that came from outside (a link, a file, a copy put back): its names cleaned as the form
 * cleans them (the rows follow their names), then checked by checkGame. { game } or { error };
 * `houseUnread` when its table's rules were not option: value pairs, so it came without them.
 * Its history is dropped: Undo never reaches another device. */
export function incomingGame(raw) {
  if (!isObject(raw) || !Array.isArray(raw.players) || !Array.isArray(raw.rows)) return { error: "expected players and rows" };
  if (!raw.players.every((p) => typeof p === "string")) return { error: "players: expected names" };
  const clean = raw.players.map(cleanName);
  const changed = clean.some((name, i) => name !== raw.players[i]);
  const keys = new Set(clean.map(nameKey));
  let rows = raw.rows;
  if (changed && keys.size === clean.length) {
    // Entries, not obj[name] = ...: a player may be called "__proto__".
    const rekey = (values) => (isObject(values)
      ? Object.fromEntries(Object.entries(values).map(([name, v]) => {
        const i = raw.players.indexOf(name);
        return [i >= 0 ? clean[i] : name, v];
      }))
      : values);
    rows = raw.rows.map((row) => {
      if (raw.game !== "chips" || !isObject(row)) return rekey(row);
      const i = raw.players.indexOf(row.called);
      return { ...row, scores: rekey(row.scores), called: i >= 0 ? clean[i] : row.called };
    });
  }
  const game = { ...raw, players: clean, rows, history: [] };
  // Table's rules in a shape no page writes: the game comes without them, and says so.
  if (houseProblem(raw.house)) {
    delete game.house;
    const checked = checkGame(game);
    return checked.game ? { ...checked, houseUnread: true } : checked;
  }
  return checkGame(game);
}

/** What a checkGame error means for a person reading why a link or a file was refused. */
export function problemWords(error) {
  if (/^players\[\d+\]: a name is at most/.test(error)) return `a player's name is longer than ${NAME_CHARS} characters, the most the sheet takes`;
  if (/is named twice/.test(error)) return "it names one player twice";
  if (/holds characters that cannot be shown/.test(error)) return "a player's name holds characters that cannot be shown";
  if (/is more than [\d,]+ (points|chips), the most/.test(error)) return `a score is more than ${MAX_POINTS.toLocaleString("en-US")}, the most the sheet takes`;
  if (/^(created|updated): /.test(error)) return "its date is not a date";
  return null;
}

// --- the stored games ---------------------------------------------------------------------

/** No games: { version, current, games, foreign, extra, newer }. `foreign` and `extra` are what
 * this page does not read ([key, text as stored] pairs: games of kinds it does not know, and
 * top-level members it does not know), written back as they were; `newer` is true when the
 * whole store is a newer version's (then nothing is written). */
export const emptyStore = () => ({ version: VERSION, current: null, games: dict(), foreign: [], extra: [], newer: false });

/** The stored text of `data`: the games this page keeps, then what it carries untouched. */
export function storeText(data) {
  const games = Object.keys(data.games).map((id) => `${JSON.stringify(id)}:${JSON.stringify(data.games[id])}`);
  for (const [id, text] of data.foreign) if (!Object.hasOwn(data.games, id)) games.push(`${JSON.stringify(id)}:${text}`);
  const parts = [`"version":${VERSION}`, `"current":${JSON.stringify(data.current)}`, `"games":{${games.join(",")}}`];
  for (const [key, text] of data.extra) parts.push(`${JSON.stringify(key)}:${text}`);
  return `{${parts.join(",")}}`;
}

/** A game of a kind this page does not know (a newer page's): kept, not read. */
const isForeign = (g) => isObject(g) && typeof g.game === "string" && !knownGame(g.game);

/** A game as stored, checked: { game, damagedSteps } or null when the game itself is unusable.
 * A damaged Undo step becomes null (a step known to be lost), so Undo can say so when it gets
 * there instead of throwing, and the next load does not count it as new damage. */
function readGame(id, g) {
  // An empty id cannot be told from "no game open" (the game menu's first choice).
  if (!isObject(g) || id === "" || g.id !== id) return null;
  if ("error" in checkGame({ ...g, history: [] })) return null;
  let damagedSteps = 0;
  let history = [];
  if (Array.isArray(g.history)) {
    history = g.history.slice(-HISTORY_LIMIT).map((rows) => {
      if (rows === null) return null;
      if (Array.isArray(rows) && !("error" in checkGame({ ...g, rows }))) return rows;
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

/** Write the repaired store over the damaged one, so the next load finds it clean. */
function repair(store, data) {
  try {
    store.setItem(STORE_KEY, storeText(data));
  } catch {
    /* full: the next load repairs again, and finds its copy already kept */
  }
}

const noCopy = " No copy could be kept: this browser's storage is full.";
const copyWords = (key) => `A copy is kept in this browser under “${key}”: it can be put back from “Copies set aside” below.`;

export const NEWER_WORDS = "The saved score sheets were saved by a newer version of this page, so this page cannot show them. " +
  "They are kept exactly as they are, and this page saves nothing over them: reload the page to get the newer version.";

/** Read a store's text: the games, and what to say about what could not be used. */
function readStore(store, raw) {
  const read = readText(raw, { version: VERSION, migrations: MIGRATIONS });
  if (read.status === "newer") return { data: { ...emptyStore(), newer: true }, message: NEWER_WORDS };
  const parsed = read.value;
  if (read.status !== "ok" || !isObject(parsed.games)) {
    const key = setAside(store, BACKUP_PREFIX, raw);
    if (key) repair(store, emptyStore());
    const why = read.status === "older"
      ? "were saved by an older version of this page that this one cannot read"
      : "are damaged and could not be read";
    return { data: emptyStore(), message: `The saved score sheets ${why}, so here is a fresh sheet.${key ? ` ${copyWords(key)}` : noCopy}` };
  }
  const data = emptyStore();
  // What this page does not read is carried as written; a migrated store has no text of its own.
  const members = read.migrated ? null : new Map(jsonMembers(raw));
  const gameTexts = members && members.has("games") ? new Map(jsonMembers(members.get("games"))) : null;
  if (members) for (const [key, text] of members) if (!["version", "current", "games"].includes(key)) data.extra.push([key, text]);
  const aside = dict(); // each game as it was stored, when any part of it had to be repaired
  let badGames = 0;
  let damagedSteps = 0;
  for (const [id, g] of Object.entries(parsed.games)) {
    if (isForeign(g)) {
      data.foreign.push([id, gameTexts?.get(id) ?? JSON.stringify(g)]);
      continue;
    }
    const game = readGame(id, g);
    if (game) data.games[id] = game.game;
    if (!game || game.damagedSteps) aside[id] = g;
    if (!game) badGames += 1;
    else damagedSteps += game.damagedSteps;
  }
  const current = parsed.current;
  data.current = typeof current === "string" && Object.hasOwn(data.games, current) ? current : null;
  if (!badGames && !damagedSteps && !read.migrated) return { data, message: null };
  if (!badGames && !damagedSteps) {
    repair(store, data); // migrated: written as this version, nothing lost
    return { data, message: null };
  }
  const key = setAside(store, BACKUP_PREFIX, JSON.stringify({ version: VERSION, games: aside }));
  if (key) repair(store, data);
  const copy = key ? ` (a copy is kept under “${key}”, and can be put back from “Copies set aside” below)` : "";
  const said = [];
  if (badGames) {
    said.push(`${badGames === 1 ? "One saved game was" : `${badGames} saved games were`} damaged and put aside${copy}; the others are here.`);
  }
  if (damagedSteps) {
    said.push(`Some of the saved steps that Undo goes back through were damaged${badGames ? "" : copy}, so Undo stops before them; the scores themselves are fine.`);
  }
  return { data, message: said.join(" ") + (key ? "" : noCopy) };
}

/** The saved games, and a message when some or all of them could not be used. Nothing is thrown
 * away: damaged data is copied under a backup key (once) before it is repaired, and what a newer
 * page saved is left exactly as it is. */
export function loadStore(store) {
  if (!store) {
    return { data: emptyStore(), message: "This browser is not letting the page keep data, so the sheet will not be saved." };
  }
  const raw = store.getItem(STORE_KEY);
  if (raw === null) return { data: emptyStore(), message: null };
  return readStore(store, raw);
}

/** Words for the games kept untouched because a newer page saved them, or null. */
export function foreignWords(data) {
  const n = data.foreign.length;
  if (!n) return null;
  return `${n === 1 ? "One saved game was" : `${n} saved games were`} saved by a newer version of this page ` +
    "(a game this page does not know), so it is not shown here. It is kept exactly as it is: reload the page to get the newer version.";
}

/** Write one change on top of what is stored now. `id` is the game changed (none: only `current`
 * changes), `base` the revision this tab's copy of it had (null: a new game), `game` its new
 * state (null: delete it). Another tab may have saved or deleted the game since this tab read
 * it: then nothing is written and `conflict` says which ("changed" or "deleted"); "newer" when
 * what is stored now is a newer version's. `data` is the stored state after the write (or the
 * newer state that refused it); `message` any repair. */
export function writeChange(store, { id = null, base = null, game, current = null }) {
  const { data, message } = loadStore(store);
  if (data.newer) return { data, conflict: "newer", message, saved: false };
  let conflict = null;
  if (id !== null) {
    const stored = own(data.games, id);
    if (base === null && (stored || data.foreign.some(([key]) => key === id))) conflict = "changed";
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
    store.setItem(STORE_KEY, storeText(data));
  } catch (error) {
    // Not saved: keep the change on screen, at the stored revision, so the next save (with
    // room again) is still based on what is stored and goes through.
    if (id !== null && game !== null) data.games[id].rev = base ?? 0;
    return { data, conflict: null, message, saved: false, full: isQuotaError(error) };
  }
  return { data, conflict: null, message, saved: true };
}

// --- copies set aside ---------------------------------------------------------------------

/** What a copy's text holds: { kind: "games", count } (games this page can try to put back),
 * { kind: "newer" } (a newer version's store) or { kind: "unreadable" } (damaged, or an older
 * version no migration reaches). */
function copyKind(text) {
  const read = readText(text, { version: VERSION, migrations: MIGRATIONS });
  if (read.status === "newer") return { kind: "newer" };
  if (read.status === "ok" && isObject(read.value.games)) return { kind: "games", count: Object.keys(read.value.games).length };
  return { kind: "unreadable" };
}

/** The copies set aside in `store`, oldest first: [{ key, text, when, kind, count }]. */
export function copies(store) {
  if (!store) return [];
  return backupKeys(store, BACKUP_PREFIX).map((key) => {
    const text = store.getItem(key) ?? "";
    return { key, text, when: key.slice(BACKUP_PREFIX.length), ...copyKind(text) };
  });
}

/** Forget the copy under `key` (only a key of a copy). */
export function deleteCopy(store, key) {
  if (typeof key === "string" && key.startsWith(BACKUP_PREFIX)) store.removeItem(key);
}

const sameRows = (a, b) => a.game === b.game && JSON.stringify(a.players) === JSON.stringify(b.players) &&
  a.start === b.start && JSON.stringify(a.rows) === JSON.stringify(b.rows) && houseKey(a) === houseKey(b);

/** A game's house as one comparable text (its entries sorted). */
export const houseKey = (game) => JSON.stringify(isObject(game.house) ? Object.entries(game.house).sort() : []);

/** Put the copy under `key` back: its games go back among the saved ones (checked and cleaned as
 * a file's are; a game already here is not doubled; an id taken by another game gets a new one
 * from newId), and games of kinds this page does not know go back as they were. A newer
 * version's copy goes back as the whole store while nothing is saved here. The copy goes once
 * all of it is back. { data, message, restored } (restored: how many went back). */
export function restoreCopy(store, key, newId) {
  const { data } = loadStore(store);
  const text = store.getItem(key);
  if (text === null || !key.startsWith(BACKUP_PREFIX)) return { data, message: "That copy is no longer on this device.", restored: 0 };
  if (data.newer) {
    return { data, message: "The saved score sheets are a newer version's now, so this page cannot put the copy back among them. " +
      "Reload the page to get the newer version.", restored: 0 };
  }
  const kind = copyKind(text);
  if (kind.kind === "newer") {
    if (Object.keys(data.games).length || data.foreign.length) {
      return { data, message: "This copy was saved by a newer version of this page, and this device has other games saved now, " +
        "so it cannot go back without one replacing the other. Save it as a file to keep it, or open this page's newer version.", restored: 0 };
    }
    try {
      store.setItem(STORE_KEY, text);
    } catch {
      return { data, message: "The copy could not be put back: this browser's storage is full.", restored: 0 };
    }
    deleteCopy(store, key);
    return { data: loadStore(store).data, message: `The copy is put back as the saved score sheets. ${NEWER_WORDS}`, restored: 1 };
  }
  if (kind.kind !== "games") {
    return { data, message: "This copy is damaged, so this page cannot put it back. Save it as a file to keep it as it is.", restored: 0 };
  }
  const read = readText(text, { version: VERSION, migrations: MIGRATIONS });
  const texts = read.migrated ? new Map() : new Map(jsonMembers(jsonMembers(text).find(([k]) => k === "games")?.[1] ?? "{}"));
  let back = 0;
  let left = 0;
  const now = new Date().toISOString();
  for (const [id, g] of Object.entries(read.value.games)) {
    if (isForeign(g)) {
      const raw = texts.get(id) ?? JSON.stringify(g);
      const there = data.foreign.find(([k]) => k === id);
      if (there && there[1] !== raw) left += 1;
      else if (Object.hasOwn(data.games, id)) left += 1;
      else {
        if (!there) data.foreign.push([id, raw]);
        back += 1;
      }
      continue;
    }
    const stored = readGame(id, g);
    const checked = stored ? { game: stored.game } : incomingGame({ ...g, id: typeof g?.id === "string" && ID_PATTERN.test(g.id) ? g.id : newId() });
    if (!checked.game) {
      left += 1;
      continue;
    }
    const game = checked.game;
    const here = own(data.games, game.id);
    back += 1;
    if (here && sameRows(here, game)) continue;
    const gid = here || data.foreign.some(([k]) => k === game.id) ? newId() : game.id;
    data.games[gid] = { ...game, id: gid, created: game.created || now, updated: game.updated || now, rev: 0 };
  }
  try {
    store.setItem(STORE_KEY, storeText(data));
  } catch {
    return { data: loadStore(store).data, message: "The copy could not be put back: this browser's storage is full.", restored: 0 };
  }
  if (!left) deleteCopy(store, key);
  const said = back ? `${plural(back, "game")} from the copy ${back === 1 ? "was" : "were"} put back among the saved games.` : "Nothing in the copy could be put back.";
  const kept = left ? ` ${plural(left, "game")} in it could not be read by this page, so the copy stays: save it as a file to keep it.` : "";
  return { data, message: said + kept, restored: back };
}
