// What the practice tables share (issue 16): the game of the practice page played against the
// computer through a whole-game engine of docs/assets/js/play/ (newGame, legalMoves, applyMove,
// botMove, seatToAct; never a second judge here). Seat 0 is the human ("You"); people are
// numbered from 1 everywhere.
//
// A game is kept as its record {v, game, seed, players, moves, seen}: the seed and the moves the
// table made, replayed through the engine on load (../saves.js: every move by the same rules, and
// each computer seat's move the computer's own). So a damaged or edited save fails the replay,
// says so and starts afresh, never a blank page, and the storage is small and bounded.
//
// A save the table cannot read (damaged, or written by a newer version of this page, or of a game
// this page does not know) is never rewritten or deleted by it (issue 24): before the table writes
// its own game there, the save is set aside, byte for byte, under a backup key of the shared store
// (../../store.js setAside, as the score keeper keeps its copies). The table lists what it has set
// aside, and each copy can be put back in the table's place or deleted (asked first).
//
// The seed and the number of players can come from the address (?seed=N&players=K), so a game can
// be shared and replayed. Such a link offers its game; it never replaces a game in progress without
// the player's say (issue 24): the table keeps the saved game and asks, on the page. Whatever
// game the table then plays (kept, linked or new) is written into the address, so a reload asks
// for the game on the table and the link is not offered again.
//
// The table's own rules (issue 25): a new game takes the house options in force for the game
// (../../house/current.js houseFor, checked against the engine's HOUSE_OPTIONS, `spec.options`),
// keeps them in its record (`house`, left out for the family's rules, so a save from before the
// options reads as it always did) and replays by them. The address carries them in the game
// page's form, ?house=<option-id>:<value>,... (../../house/share.js): a link with them opens a
// game played by them, offered like any other link while a game is in progress; a link to a game
// (?seed=&players=) without them is a game by the family's rules.
//
// The computer's level (issue 28): a game whose engine has LEVELS (Chips: "gentle", "standard")
// keeps the level it is played against in its record (`opponent`); a save without it, from before
// the levels, is against the standard computer, as it always was. A first game (nothing saved) is
// against the gentle one; a new game keeps the level of the game before. The table's choice is a
// <select data-opponent> (its value and data-opponent the level playing): changing it deals a new
// game, asking first while a game is in progress.

import { cardSymbol, parseCard } from "../../engine/cards.js";
import { el, tidy } from "../../widgets/dom.js";
import { freshSeed, seedFrom } from "../drills/common.js";
import { replaySave } from "../saves.js";
import { FULL_WORDS, backupKeys, isQuotaError, readableStorage, setAside } from "../../store.js";
import { houseFor, houseReadings } from "../../house/current.js";
import { PARAM as HOUSE_PARAM, formatHouse, readLink, withHouseParam } from "../../house/share.js";

export const HUMAN = 0;
/** The computer's pause before each of its moves, so a person can follow the table. */
export const BOT_DELAY_MS = 700;
/** The browser tests' hook for a shorter pause (a whole game of Chips is some 160 computer
 * moves): the page's localStorage item of this name, a whole number of milliseconds from 0 to
 * BOT_DELAY_MS, is the pause instead. Nothing on the site sets it; a longer pause, or anything
 * else, is ignored (tests/test_browser_play_table_chips.py sets it). */
export const DELAY_KEY = "rulebook-practice-delay";
const MAX_STORED_CHARS = 200_000;
const MAX_MOVES = 20_000;
const RECORD_VERSION = 2;
// Version 1 was written while the family's rules read some options otherwise than they do now; a
// record leaves the family's readings out, so a version-1 save is read with the readings it was
// played under (issue 37: Chips' K-A-2 default became the Daltons' own words, "no-group", where a
// wild 2 used to make Q-K-A). Read, it is kept as version 2 with those readings named, so the
// game goes on under the rules it began with and its rules line says so. A page of version 1
// sets a version-2 save aside as "newer" rather than replay it by the wrong rules.
const FORMER_FAMILY = { 1: { chips: { "k-a-2": "group" } } };
const readable = (v) => v === RECORD_VERSION || (Number.isInteger(v) && Object.hasOwn(FORMER_FAMILY, v));
/** The moves the table keeps in words (its log). */
const LOG_LINES = 8;
/** The computer's levels in words, for the table's choice (an engine's LEVELS; a table's spec
 * may give its own, `levelWords`). */
export const LEVEL_WORDS = { gentle: "Gentle: gives you time, and says why it calls", standard: "Standard" };
/** The level of a first game, when the engine has it. */
const FIRST_LEVEL = "gentle";
/** The level a record is played against: its `opponent`, or the standard computer (a save from
 * before the levels, or a game whose engine has none). */
export const levelOf = (record) => (record && record.opponent) || "standard";

export const seatName = (seat) => (seat === HUMAN ? "You" : `Player ${seat + 1}`);
export const seatLongName = (seat) => (seat === HUMAN ? "You (player 1)" : `Player ${seat + 1}`);

const storeKey = (game) => `rulebook-practice-${game}`;
/** The keys of the saves set aside: this prefix and the time each was set aside. */
export const asidePrefix = (game) => `rulebook-practice-${game}-aside-`;
/** The one sentence the table says when it has set a save aside. */
export const ASIDE_NOTE = "Your saved game could not be read (a newer version of this page saved it, or it is damaged), "
  + "so it is kept aside, untouched, and a fresh game has started.";

/** The computer's pause: BOT_DELAY_MS, or the tests' shorter one (DELAY_KEY). */
function botDelay() {
  let text = null;
  try {
    text = window.localStorage.getItem(DELAY_KEY);
  } catch {
    return BOT_DELAY_MS;
  }
  const ms = text === null || !/^\d{1,4}$/.test(text) ? NaN : Number(text);
  return ms >= 0 && ms <= BOT_DELAY_MS ? ms : BOT_DELAY_MS;
}

// Storage switched off (null): the game lasts as long as the page. Full storage is still read
// (issue 39): a saved game shows, and a save that finds no room says so.
const storage = () => readableStorage(DELAY_KEY);

/** The engine's state after the record's moves; throws when any of them is not legal, or when a
 * computer seat's move is not the computer's own (../saves.js). */
export function replay(engine, record) {
  return replaySave(engine, record, HUMAN);
}

/** A record read back from storage, replayed: {record, state}, {damaged: true, text} (the stored
 * text, to be set aside) or null (none). */
export function loadGame(game, engine, { minPlayers, maxPlayers }) {
  const store = storage();
  let text = null;
  try {
    text = store ? store.getItem(storeKey(game)) : null;
  } catch {
    text = null;
  }
  if (text === null) return null;
  try {
    if (text.length > MAX_STORED_CHARS) throw new Error("too long");
    const rec = JSON.parse(text);
    if (!rec || typeof rec !== "object" || !readable(rec.v) || rec.game !== game) throw new Error("not ours");
    if (!Number.isInteger(rec.players) || rec.players < minPlayers || rec.players > maxPlayers) throw new Error("players");
    if (seedFrom(String(rec.seed)) === null) throw new Error("seed");
    if (!Array.isArray(rec.moves) || rec.moves.length > MAX_MOVES) throw new Error("moves");
    if (!Number.isInteger(rec.seen) || rec.seen < 0) throw new Error("seen");
    const saved = rec.house === undefined ? {} : rec.house;
    if (!saved || typeof saved !== "object" || Array.isArray(saved)) throw new Error("house");
    const house = rec.v === RECORD_VERSION ? saved : { ...(FORMER_FAMILY[rec.v][game] || {}), ...saved };
    if (rec.opponent !== undefined && !(engine.LEVELS || ["standard"]).includes(rec.opponent)) throw new Error("opponent");
    // The engine refuses an option or a value it does not know (the replay below throws).
    const record = { v: RECORD_VERSION, game, seed: rec.seed, players: rec.players, moves: rec.moves, seen: rec.seen };
    if (Object.keys(house).length) record.house = house;
    if (rec.opponent !== undefined) record.opponent = rec.opponent;
    const state = replay(engine, record);
    if (record.seen > state.rounds.length) throw new Error("seen");
    return { record, state };
  } catch {
    return { damaged: true, text };
  }
}

/** Whether stored `text` is at first sight a record of this table (this version, this game): what
 * is not must be set aside before the table writes there. */
function looksOurs(game, text) {
  try {
    const rec = text.length <= MAX_STORED_CHARS ? JSON.parse(text) : null;
    return Boolean(rec) && typeof rec === "object" && readable(rec.v) && rec.game === game;
  } catch {
    return false;
  }
}

/** The copies of `game`'s saves set aside on this device, oldest first: {key, when, text, kind}
 * (kind "newer": a record of a later version of the page; "game": a record of this table, set
 * aside when another copy was put back; "damaged": anything else). */
export function asideCopies(game) {
  const store = storage();
  if (!store) return [];
  const prefix = asidePrefix(game);
  const copies = [];
  try {
    for (const key of backupKeys(store, prefix)) {
      const text = store.getItem(key);
      if (text === null) continue;
      let kind = looksOurs(game, text) ? "game" : "damaged";
      if (kind === "damaged") {
        try {
          const rec = text.length <= MAX_STORED_CHARS ? JSON.parse(text) : null;
          if (rec && typeof rec === "object" && Number.isSafeInteger(rec.v) && rec.v > RECORD_VERSION) kind = "newer";
        } catch {
          kind = "damaged";
        }
      }
      copies.push({ key, when: key.slice(prefix.length), text, kind });
    }
  } catch {
    return copies;
  }
  return copies;
}

/** Save `record` under its table's key. What is stored there and is not this table's own last
 * write (`written`) is first set aside when it is not a record this table reads (`unread`: a text
 * known not to replay); when it cannot be set aside (no room), nothing is written over it.
 * Returns {text, problem}: `text` the text now stored, or `written` when nothing was saved;
 * `problem` why not (null: saved, or no storage at all): "stuck" (the save there could not be
 * copied aside, so it stays in its place and this game is not saved), "full" (no room for this
 * game), "long" (a record past MAX_STORED_CHARS) or "refused". */
export function saveGame(record, { written = null, unread = null } = {}) {
  const store = storage();
  if (!store) return { text: written, problem: null };
  const key = storeKey(record.game);
  let text;
  try {
    text = JSON.stringify(record);
    if (text.length > MAX_STORED_CHARS) return { text: written, problem: "long" };
    const now = store.getItem(key);
    if (now !== null && now !== written && now !== text && (now === unread || !looksOurs(record.game, now))) {
      if (setAside(store, asidePrefix(record.game), now) === null) return { text: written, problem: "stuck" };
    }
  } catch {
    return { text: written, problem: "refused" };
  }
  try {
    store.setItem(key, text);
    return { text, problem: null };
  } catch (error) {
    // the game on the page goes on, and the table says it is not saved
    return { text: written, problem: isQuotaError(error) ? "full" : "refused" };
  }
}

/** What the table says when its game is not being saved (saveGame's problem). */
const SAVE_WORDS = {
  full: `This game is not being saved: ${FULL_WORDS.charAt(0).toLowerCase()}${FULL_WORDS.slice(1)}. `
    + "It goes on on this page; make room (delete a copy kept aside, or a saved score sheet) and your next move saves it.",
  long: "This game is too long to save on this device: it goes on on this page.",
  refused: "This game is not being saved: the browser refused to store it. It goes on on this page.",
};

/** {seed, players, house} asked for by the page's address: seed and players each null when absent
 * or not a number in range; house the ?house= options (share.js readLink, checked against the
 * engine's `options`), or null when the address names none. Only the address as it is now: the
 * drill on the same page keeps ?seed= and ?players= when it rewrites the query, and the table
 * writes its own game there, so the address the document was first opened with (instant
 * navigation keeps the document) never speaks for a later visit. */
export function askedFor({ minPlayers, maxPlayers, options = [] }) {
  const url = new URL(window.location.href);
  const read = readLink(url.search, options);
  const house = read && !read.refused ? read.house : null;
  if (!url.searchParams.has("players")) return { seed: null, players: null, house };
  const seed = seedFrom(url.searchParams.get("seed"));
  const n = Number(url.searchParams.get("players"));
  const players = Number.isInteger(n) && n >= minPlayers && n <= maxPlayers ? n : null;
  return { seed, players, house };
}

/** The ?house= value of a game's house ("" for the family's rules): its pairs in the engine's
 * order, ':' and ',' written as they are, as the game page writes them. */
const houseQuery = (house, options) => formatHouse(house || {}, options || []);

/** `url` with ?seed=&players= and ?house= (or none, for the family's rules) set. */
function withGame(url, seed, players, house, options) {
  url.searchParams.set("seed", String(seed));
  url.searchParams.set("players", String(players));
  url.searchParams.delete(HOUSE_PARAM);
  const value = houseQuery(house, options);
  // URLSearchParams would write ':' and ',' as %3A and %2C: the pairs stay readable, as share.js writes them.
  url.search = withHouseParam(url.searchParams.toString(), value);
  return url;
}

/** Put the game on the table in the page's address (?seed=&players=&house=), the drill's own
 * settings kept, without a new history entry. */
export function showGameInAddress(seed, players, house = {}, options = []) {
  try {
    const url = withGame(new URL(window.location.href), seed, players, house, options);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  } catch {
    // a page opened from a file: the link to this game still carries them
  }
}

/** This game's address: the page with ?seed=N&players=K (and ?house= for the table's own rules). */
export function gameAddress(seed, players, house = {}, options = []) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  return withGame(url, seed, players, house, options).href;
}

const sameHouse = (a, b, options) => houseQuery(a, options) === houseQuery(b, options);

/** The table's rules in words, as the page names them ("Same rank allowed (played)"), for a
 * game's `house`; options the page has no words for are named by their ids. [] for the family's. */
export function houseWords(game, house) {
  const read = houseReadings(game, house || {});
  const worded = new Set(read.map((r) => r.id));
  const rest = Object.entries(house || {}).filter(([id]) => !worded.has(id)).map(([id, v]) => `${id}: ${v}`);
  return [...read.map((r) => r.words.replace(/[.\s]+$/, "")), ...rest];
}

export { freshSeed };

/** The rule id an engine message ends with ("... (chains-draw)"), or null. */
export function ruleIdOf(message) {
  const m = /\(([a-z0-9]+(?:-[a-z0-9]+)+)\)\s*$/.exec(String(message));
  return m ? m[1] : null;
}

/** A rule's words from the page's <template data-rule> (rendered from rules-data), or null. */
export function ruleQuote(id) {
  const tpl = document.querySelector(`template[data-rule="${id}"]`);
  if (!tpl) return null;
  const p = el("p", { class: "rb-table__rule", "data-quote": id });
  p.append(el("a", { href: tpl.dataset.href || `#${id}` }, tpl.dataset.label || id), ": ", tpl.content.cloneNode(true));
  return p;
}

/** The engine's refusal for people: its words, and the rule it names (quoted when the page has
 * its words; otherwise a link to it on the game's page). */
export function refusalNodes(message, gameUrl) {
  const words = tidy(String(message)
    .replace(/\bseat 0 (holds|can)\b/g, (_, verb) => `you ${verb === "holds" ? "hold" : "can"}`)
    .replace(/\bseat (\d+)\b/g, (_, n) => `player ${Number(n) + 1}`)
    .replace(/\b(10|[2-9AJQK])([SHDC])\b/g, (_, rank, suit) => cardSymbol(parseCard(rank + suit))));
  const nodes = [el("p", { class: "rb-table__why" }, `Not allowed: ${words}.`.replace(/\.\.$/, "."))];
  const id = ruleIdOf(message);
  if (id) {
    const q = ruleQuote(id);
    if (q) nodes.push(q);
    else {
      const p = el("p", { class: "rb-table__rule", "data-rule-id": id });
      p.append(el("a", { href: `${gameUrl}#${id}` }, "Read the rule on the rules page"), ".");
      nodes.push(p);
    }
  }
  return nodes;
}

/** The game page's address, from the practice page's "Back to the rules" link. */
export function gameUrlOf(root, game) {
  const page = root.closest("[data-play-page]") || document;
  const back = page.querySelector(".rb-play__back a");
  return back ? back.getAttribute("href") : `../../${game}/`;
}

/**
 * Run a table on `root`: the record and state, the computer's moves after a pause, saving.
 * `spec`: {game, engine, minPlayers, maxPlayers, defaultPlayers, describe(move, before, after)
 * -> the log line, draw(ctx)}. Returns the controller: {state(), record(), act(move) -> null or
 * the Error, newGame(players, seed), seeRound(), view(), note}.
 */
export function runTable(root, spec) {
  const { game, engine, minPlayers, maxPlayers, defaultPlayers } = spec;
  /** The engine's house options ({id, values, default}): what a game's `house` may hold. */
  const options = spec.options || [];
  /** The house options in force for the game now (the game page's choice, kept on this device). */
  const houseNow = () => houseFor(game, { options });
  let record = null;
  let state = null;
  let timer = null;
  let log = [];
  let note = "";
  /** The text this table last stored, and a stored text known not to replay (to set aside). */
  let written = null;
  let unread = null;
  /** The copy whose deletion waits for the player's yes (its key), or null. */
  let confirming = null;
  /** True while a copy put back that this page cannot read waits in the table's place: nothing is
   * saved (the computer's moves are played on the page only) until the player moves or starts a
   * new game. */
  let hold = false;

  /** Why the game on the table is not being saved (saveGame's problem), or null. */
  let problem = null;
  /** Whether the player has asked to delete the unreadable save stuck in the table's place. */
  let confirmingStuck = false;
  const save = () => {
    if (hold) return;
    const res = saveGame(record, { written, unread });
    written = res.text;
    problem = res.problem;
    // Nothing was kept aside when the copy found no room: never say it was (issue 39).
    if (problem === "stuck" && note === ASIDE_NOTE) note = "";
  };

  /** The engine's levels (none: the one computer, the standard). */
  const levels = engine.LEVELS || [];
  function start(players, seed, house = {}, opponent = levels.includes(FIRST_LEVEL) ? FIRST_LEVEL : null) {
    record = { v: RECORD_VERSION, game, seed, players, moves: [], seen: 0 };
    if (Object.keys(house).length) record.house = { ...house };
    if (opponent && levels.includes(opponent)) record.opponent = opponent;
    state = engine.newGame({ players, seed, house: record.house || null });
    log = [];
  }

  const asked = askedFor({ minPlayers, maxPlayers, options });
  const saved = loadGame(game, engine, { minPlayers, maxPlayers });
  if (saved && saved.damaged) {
    note = ASIDE_NOTE;
    unread = saved.text; // set aside by the first save below, never written over
  }
  // A link to a game (?seed=&players=) is that game, by the rules it names (?house=; none: the
  // family's); a link with only ?house= asks for a game by those rules.
  const wantedGame = asked.players !== null && asked.seed !== null;
  const wanted = wantedGame || asked.house !== null;
  const linkHouse = asked.house || {};
  const kept = saved && !saved.damaged ? saved : null;
  const sameGame = kept && wanted && sameHouse(kept.record.house, linkHouse, options)
    && (!wantedGame || (kept.record.seed === asked.seed && kept.record.players === asked.players));
  // A game in progress: a move made and the game not over. A link never replaces one unasked.
  const inProgress = kept && kept.record.moves.length > 0 && engine.seatToAct(kept.state) !== null;
  /** The link's game while the player has not said whether to play it (null: nothing offered). */
  let offer = wanted && kept && !sameGame && inProgress
    ? { seed: asked.seed ?? freshSeed(), players: asked.players ?? kept.record.players, house: linkHouse } : null;
  if (kept && (!wanted || sameGame || offer)) {
    record = kept.record;
    state = kept.state;
    log = recentLog(record);
  } else {
    // Against the computer of the game saved (a first game: the gentle one).
    start(asked.players ?? defaultPlayers, asked.seed ?? freshSeed(), wanted ? linkHouse : houseNow(),
      kept ? levelOf(kept.record) : undefined);
  }
  save();

  const waitingForRound = () => record.seen < state.rounds.length;

  /** What happened last, in words, replayed from the record: the log survives a reload. */
  function recentLog(rec) {
    const first = Math.max(0, rec.moves.length - LOG_LINES);
    let at = engine.newGame({ players: rec.players, seed: rec.seed, house: rec.house || null });
    const lines = [];
    rec.moves.forEach((move, k) => {
      const next = engine.applyMove(at, move);
      if (k >= first) lines.push(spec.describe(move, at, next, levelOf(rec)));
      at = next;
    });
    return lines;
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const seat = engine.seatToAct(state);
    if (seat === null || seat === HUMAN || waitingForRound()) return;
    timer = setTimeout(() => {
      timer = null;
      if (!root.isConnected) return; // the page was navigated away from
      apply(record.opponent ? engine.botMove(state, record.opponent) : engine.botMove(state));
    }, botDelay());
  }

  function apply(move) {
    const before = state;
    state = engine.applyMove(state, move);
    record.moves.push(move);
    log.push(spec.describe(move, before, state, levelOf(record)));
    if (log.length > LOG_LINES) log = log.slice(-LOG_LINES);
    save();
    ctl.draw();
    schedule();
  }

  const ctl = {
    state: () => state,
    record: () => record,
    log: () => log,
    get note() {
      return note;
    },
    set note(text) {
      note = text;
    },
    waitingForRound,
    humanToAct: () => engine.seatToAct(state) === HUMAN && !waitingForRound(),
    /** What a draw starts from: the state and the record, the seat to act (null: the game is
     * over), whether a finished round waits to be seen, and whether it is the human's move. */
    view: () => ({ state, record, toAct: engine.seatToAct(state), roundShown: waitingForRound(), mine: ctl.humanToAct() }),
    /** The human's move: null when made, else the Error (the engine's refusal). */
    act(move) {
      if (!ctl.humanToAct()) {
        const seat = engine.seatToAct(state);
        return new Error(seat === null ? "the game is over" : `wait: it is ${seatName(seat)}'s turn, not yours`);
      }
      try {
        engine.applyMove(state, move);
      } catch (error) {
        return error;
      }
      note = "";
      hold = false;
      apply(move);
      return null;
    },
    /** A new game; `house` the rules it plays by (absent: the rules of the game on the table, so
     * a link's rules are never dropped unsaid, issue 39), `opponent` the computer's level (absent:
     * the level of the game before). */
    newGame(players, seed, house = record.house || {}, opponent = levelOf(record)) {
      start(players, seed, house, opponent);
      note = "";
      offer = null;
      hold = false;
      save();
      showGameInAddress(seed, players, record.house, options);
      ctl.draw();
      schedule();
    },
    /** The game a link offers in place of the one in progress ({seed, players, house}), or null. */
    offer: () => offer,
    /** The computer's levels this table offers ([]: one computer), and the level playing now. */
    levels: () => levels,
    opponent: () => levelOf(record),
    /** Whether a game is in progress: a move made and the game not over. */
    inProgress: () => record.moves.length > 0 && engine.seatToAct(state) !== null,
    /** The rules of the game on the table in words ([] for the family's rules). */
    houseWords: () => houseWords(game, record.house),
    /** The rules this device keeps for the game (the game page's "Your table's rules"), and
     * whether the game on the table plays by them. */
    deviceHouse: () => houseNow(),
    playsDeviceRules: () => sameHouse(record.house, houseNow(), options),
    /** This game's address, its rules in it. */
    address: () => gameAddress(record.seed, record.players, record.house, options),
    /** The player's answer to the offer: keep the game in progress (its address put back), or
     * start the linked one. */
    keepGame() {
      offer = null;
      showGameInAddress(record.seed, record.players, record.house, options);
      ctl.draw();
    },
    takeOffer() {
      if (offer) ctl.newGame(offer.players, offer.seed, offer.house);
    },
    seeRound() {
      record.seen = state.rounds.length;
      save();
      ctl.draw();
      schedule();
    },
    /** Why the game on the table is not being saved ("stuck", "full", "long", "refused"), or null. */
    saveProblem: () => problem,
    /** The words for a problem other than "stuck" (which has its own section, drawStuck). */
    saveWords: () => (problem && problem !== "stuck" ? SAVE_WORDS[problem] : ""),
    /** The unreadable save that stays in the table's place for want of room to copy it aside:
     * its text (to save as a file), and the question before deleting it. */
    stuckText: () => (problem === "stuck" ? unread ?? (storage() && storage().getItem(storeKey(game))) : null),
    confirmingStuck: () => confirmingStuck,
    askDeleteStuck(yes) {
      confirmingStuck = yes;
      ctl.draw();
    },
    /** Delete the unreadable save in the table's place (the player said yes): the game on the
     * table is saved in its place. */
    deleteStuck() {
      const store = storage();
      confirmingStuck = false;
      try {
        const now = store ? store.getItem(storeKey(game)) : null;
        if (now !== null && now !== written) store.removeItem(storeKey(game));
        unread = null;
        save();
        note = problem ? "The old save is deleted." : "The old save is deleted, and this game is saved in its place.";
      } catch {
        note = "The old save could not be deleted.";
      }
      ctl.draw();
    },
    /** The copies of this game's saves set aside on this device (asideCopies). */
    asides: () => asideCopies(game),
    confirming: () => confirming,
    /** Ask before deleting the copy under `key` (null: the question withdrawn). */
    askDelete(key) {
      confirming = key;
      ctl.draw();
    },
    /** Delete the copy under `key` (the player said yes). */
    deleteAside(key) {
      const store = storage();
      confirming = null;
      try {
        if (store && key.startsWith(asidePrefix(game))) store.removeItem(key);
        note = "The copy is deleted.";
      } catch {
        note = "The copy could not be deleted.";
      }
      ctl.draw();
    },
    /** Put the copy under `key` back in the table's place. The game on the table, when a move of
     * it was made, is set aside first, so putting back loses nothing. A copy this page reads is
     * then played here; one it cannot read (a newer page's) waits there untouched for that page,
     * while a fresh game is dealt here, saved (and the copy set aside again) only once you play. */
    restoreAside(key) {
      const store = storage();
      confirming = null;
      let text = null;
      try {
        text = store && key.startsWith(asidePrefix(game)) ? store.getItem(key) : null;
        if (text === null) throw new Error("gone");
        if (record.moves.length > 0 && setAside(store, asidePrefix(game), JSON.stringify(record)) === null) throw new Error("full");
        store.setItem(storeKey(game), text);
        store.removeItem(key);
      } catch {
        note = "The copy could not be put back: this device has no room to keep the game on the table too.";
        ctl.draw();
        return;
      }
      if (timer !== null) clearTimeout(timer);
      timer = null;
      offer = null;
      const back = loadGame(game, engine, { minPlayers, maxPlayers });
      if (back && !back.damaged) {
        record = back.record;
        state = back.state;
        log = recentLog(record);
        written = text;
        unread = null;
        hold = false;
        note = "The game kept aside is back on the table.";
        save();
      } else {
        start(record.players, freshSeed(), houseNow(), levelOf(record));
        written = null;
        unread = text;
        hold = true;
        note = "The game kept aside is back in its place, untouched, for the newer page that saved it: this page "
          + "cannot play it, so a fresh game is dealt here, and the copy is kept aside again once you play a move or start a new game.";
      }
      showGameInAddress(record.seed, record.players, record.house, options);
      ctl.draw();
      schedule();
    },
    draw: () => spec.draw(ctl),
    schedule,
  };
  return ctl;
}

/** A players <select> for minPlayers..maxPlayers. */
export function playersSelect(id, min, max, value) {
  const select = el("select", { id, name: "players" });
  for (let n = min; n <= max; n += 1) {
    const o = el("option", { value: String(n) }, `${n} players (you and ${n - 1} computer${n > 2 ? "s" : ""})`);
    if (n === value) o.selected = true;
    select.append(o);
  }
  return select;
}

// --- The parts every table builds the same way ------------------------------------------------

/**
 * Claim `root` for a table and build the parts every table has: the New game form (filled in by
 * startTable), the note, the status line, the seats, the log and its live line, the end-of-round
 * summary (hidden), the link to the game, and the human's own section (`you`: its `heading`, the
 * prompt, the hand and the actions row in it; the message, where moves are answered, for the
 * table to place). `prefix` names the ids (rb-table-<prefix>-...). Returns null when the table
 * is mounted already (mounting twice does nothing).
 */
export function tableShell(root, game, prefix, { heading }) {
  if (root.dataset.mounted) return null;
  root.dataset.mounted = "true";
  const section = root.closest("[data-practice-game-section]");
  if (section) {
    section.hidden = false;
    // A link to the table (the page's #practice-game) lands on it: the browser could not scroll to
    // a section still hidden. A reader who has scrolled already is left where they are (issue 28).
    // A page reached by a link starts at its top (landing.js), not at the last page's depth.
    if (section.id && window.location.hash === `#${section.id}` && window.scrollY === 0) section.scrollIntoView();
  }
  const you = el("section", { class: "rb-table__you", "aria-labelledby": `rb-table-${prefix}-you` });
  const prompt = el("p", { class: "rb-table__prompt", "data-prompt": "" });
  const hand = el("div", { class: "rb-table__hand", role: "group", "aria-label": "Your cards", "data-hand": "" });
  const actions = el("div", { class: "rb-table__actions" });
  you.append(el("h3", { id: `rb-table-${prefix}-you`, class: "rb-table__heading" }, heading), prompt, hand, actions);
  const summary = el("section", { class: "rb-table__summary", "aria-labelledby": `rb-table-${prefix}-summary`, "data-summary": "", tabindex: "-1" });
  summary.hidden = true;
  const shareLine = el("p", { class: "rb-table__share" });
  const share = el("a", { href: "", "data-share": "" }, "Link to this game");
  shareLine.append(share, " (the same seed and players deal the same game).");
  return {
    prefix,
    gameUrl: gameUrlOf(root, game),
    setup: el("form", { class: "rb-table__setup", "aria-label": "New practice game" }),
    note: el("p", { class: "rb-table__note", role: "status", "data-note": "" }),
    aside: el("section", { class: "rb-table__aside", "aria-labelledby": `rb-table-${prefix}-aside`, "data-aside": "", hidden: "" }),
    house: el("p", { class: "rb-table__house", "data-house-rules": "", hidden: "" }),
    status: el("p", { class: "rb-table__status", "data-status": "", tabindex: "-1" }),
    seats: el("ul", { class: "rb-table__seats", "data-seats": "", "aria-label": "The players" }),
    logList: el("ol", { class: "rb-table__log", "data-log": "", "aria-label": "What happened" }),
    logLive: el("p", { class: "rb-table__live", "aria-live": "polite", "data-live": "" }),
    summary,
    shareLine,
    share,
    you,
    prompt,
    hand,
    actions,
    message: el("div", { class: "rb-table__message", role: "status", "data-message": "" }),
  };
}

/** A small form for typing a move rather than tapping it: its label and help (the input's
 * description, id `<id>-help`), the input (`input`: its name and any attributes of its own) and
 * the submit button. Returns {form, input, button, label, help}, for the table to relabel. */
export function typedForm({ id, name, label, help = null, button, input, attrs = {} }) {
  const form = el("form", { class: "rb-table__typed", "aria-label": name, ...attrs });
  const field = el("input", { id, type: "text", autocomplete: "off", ...input, "aria-describedby": `${id}-help` });
  const submit = el("button", { type: "submit", class: "md-button rb-table__button" }, button);
  const labelNode = el("label", { for: id }, label);
  const helpNode = el("span", { id: `${id}-help`, class: "rb-table__help" }, help);
  const row = el("span", { class: "rb-table__typed-row" });
  row.append(field, submit);
  form.append(labelNode, helpNode, row);
  return { form, input: field, button: submit, label: labelNode, help: helpNode };
}

/** typedForm for a card's name, typed as people write it (8H, 10S). */
export function typedCardForm({ id, name, label, button, jokers = false, attrs = {} }) {
  const help = `Like 8H for the eight of hearts, 10S, ${jokers ? "JK for a joker" : "KD"}.`;
  return typedForm({
    id, name, label, help, button, attrs, input: { name: "card", autocapitalize: "characters", spellcheck: "false" },
  });
}

/** On submitting a typedCardForm: the card's move made through `act` (and the field emptied
 * when it is), or, for words that are no card, why not. `moveOf(code)` is the move. */
export function onTypedCard(typed, { say, act }, moveOf, { jokers = false } = {}) {
  typed.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = typed.input.value.trim();
    let code;
    try {
      code = parseCard(text).code;
    } catch {
      say([el("p", { class: "rb-table__why" }, `“${text}” is not a card: write a rank and a suit, like 8H or 10S${jokers ? ", or JK for a joker" : ""}.`)]);
      return;
    }
    if (!act(moveOf(code))) typed.input.value = "";
  });
}

/**
 * Start the table (runTable with `spec`) and finish its New game form: the players select and
 * the button. `message` is where the human's moves are answered; `words(message)` puts an engine
 * refusal as refusalNodes reads it; `forget()` drops what the table holds for the next move (on a
 * move made and on a new game). Returns {ctl, say(nodes), act(move) -> null or the Error}, or
 * null when the game could not start (said in the table's place).
 */
export function startTable(root, shell, spec, { message, words = String, forget = () => {} }) {
  let ctl;
  try {
    ctl = runTable(root, spec);
  } catch (error) {
    root.replaceChildren(el("p", { class: "rb-table__note" }, `The practice game could not start: ${error.message}`));
    return null;
  }
  const playersId = `rb-table-${shell.prefix}-players`;
  const select = playersSelect(playersId, spec.minPlayers, spec.maxPlayers, ctl.record().players);
  shell.setup.append(el("label", { for: playersId }, "Players"), select);
  // The computer's level (issue 28), for a game whose engine has levels.
  const levelSelect = ctl.levels().length
    ? opponentSelect(`rb-table-${shell.prefix}-opponent`, ctl.levels(), ctl.opponent(), spec.levelWords || LEVEL_WORDS) : null;
  if (levelSelect) {
    shell.setup.append(el("label", { for: levelSelect.id }, "Computer"), levelSelect, levelSelect.about);
  }
  shell.opponent = levelSelect;
  shell.setup.append(el("button", { type: "submit", class: "md-button rb-table__button" }, "New game"));

  shell.note.after(shell.aside);
  shell.status.before(shell.house);
  const say = (nodes) => message.replaceChildren(...nodes);
  const act = (move) => {
    const error = ctl.act(move);
    if (error) say(refusalNodes(words(error.message), shell.gameUrl));
    else {
      forget();
      say([]);
    }
    return error;
  };
  let offerBox = null;
  const answered = () => {
    if (!offerBox) return;
    offerBox.remove();
    offerBox = null;
    shell.status.focus({ preventScroll: true }); // where the answered question was
  };
  /** The question a change of computer asks while a game is in progress, or null. */
  let askBox = null;
  const closeAsk = () => {
    if (!askBox) return false;
    askBox.remove();
    askBox = null;
    return true;
  };
  /** The question New game asks when the rules this device keeps for the game differ from the
   * game's on the table (a link's, or the game page changed since): a new game keeps neither
   * unasked (issue 39). */
  let rulesBox = null;
  const closeRules = () => {
    if (!rulesBox) return false;
    rulesBox.remove();
    rulesBox = null;
    return true;
  };
  const deal = (players, level, house) => {
    ctl.newGame(players, freshSeed(), house, level);
    select.value = String(ctl.record().players);
    if (offerBox) answered();
  };
  shell.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    say([]);
    forget();
    closeAsk();
    closeRules();
    const players = Number(select.value);
    const level = levelSelect ? levelSelect.value : undefined;
    if (ctl.playsDeviceRules()) {
      deal(players, level, undefined);
      return;
    }
    rulesBox = rulesAskNode(shell.prefix, ctl);
    rulesBox.querySelector("[data-rules-keep]").addEventListener("click", () => {
      closeRules();
      deal(players, level, ctl.record().house || {});
      shell.status.focus({ preventScroll: true });
    });
    rulesBox.querySelector("[data-rules-device]").addEventListener("click", () => {
      closeRules();
      deal(players, level, ctl.deviceHouse());
      shell.status.focus({ preventScroll: true });
    });
    shell.setup.after(rulesBox);
    rulesBox.querySelector("[data-rules-keep]").focus({ preventScroll: true });
  });
  if (levelSelect) {
    const newGameAt = (level) => {
      say([]);
      forget();
      ctl.newGame(Number(select.value), freshSeed(), undefined, level);
      select.value = String(ctl.record().players);
    };
    levelSelect.addEventListener("change", () => {
      const level = levelSelect.value;
      closeAsk();
      if (level === ctl.opponent()) return;
      if (!ctl.inProgress()) {
        newGameAt(level);
        return;
      }
      // A game in progress is never replaced unasked (as for a link to another game).
      askBox = opponentAskNode(shell.prefix, ctl, level);
      askBox.querySelector("[data-opponent-keep]").addEventListener("click", () => {
        closeAsk();
        levelSelect.value = ctl.opponent();
        levelSelect.tell();
        levelSelect.focus({ preventScroll: true });
      });
      askBox.querySelector("[data-opponent-start]").addEventListener("click", () => {
        closeAsk();
        newGameAt(level);
        shell.status.focus({ preventScroll: true });
      });
      shell.setup.after(askBox);
    });
  }
  if (ctl.offer()) {
    offerBox = offerNode(shell.prefix, ctl);
    offerBox.querySelector("[data-offer-keep]").addEventListener("click", () => {
      ctl.keepGame();
      answered();
    });
    offerBox.querySelector("[data-offer-start]").addEventListener("click", () => {
      say([]);
      forget();
      ctl.takeOffer();
      select.value = String(ctl.record().players);
      answered();
    });
    shell.note.after(offerBox);
  }
  return { ctl, say, act };
}

/** The <select data-opponent> of the computer's levels, `value` chosen, each option the level's
 * name from `words` ("Gentle: gives you time, ..." -> "Gentle"), and in `select.about` a line
 * with the chosen level's words whole: a phone's select showed "Gentle: gives you time, and
 * says why it c…" (issue 40); the line follows the choice. */
function opponentSelect(id, levels, value, words) {
  const about = el("span", { id: `${id}-about`, class: "rb-table__level-about" });
  const select = el("select", { id, name: "opponent", "data-opponent": value, "aria-describedby": about.id });
  const tell = () => {
    const said = String(words[select.value] || select.value);
    about.textContent = said.includes(":") ? said : "";
  };
  for (const level of levels) {
    const said = String(words[level] || level);
    const o = el("option", { value: level }, said.split(":")[0]);
    if (level === value) o.selected = true;
    select.append(o);
  }
  select.addEventListener("change", tell);
  tell();
  select.about = about;
  select.tell = tell;
  return select;
}

/** The line that says which computer is playing (Chips' words; `lines` another game's). */
export const opponentLine = (level, lines = {
  gentle: "You play the gentle computer: it gives you time, and says why it calls.",
  standard: "You play the standard computer: it calls as soon as it can.",
}) => lines[level] || `You play the ${level} computer.`;

/** The question a change of computer asks while a game is in progress: a new game against the
 * `level` computer, or keep the game. */
function opponentAskNode(prefix, ctl, level) {
  const rec = ctl.record();
  const id = `rb-table-${prefix}-opponent-ask`;
  const box = el("section", { class: "rb-table__offer", "aria-labelledby": id, "data-opponent-ask": level });
  const moves = rec.moves.length;
  box.append(
    el("h3", { id, class: "rb-table__heading" }, `Play the ${level} computer?`),
    el("p", {}, `That deals a new game. Your game in progress (seed ${rec.seed}, ${moves} move${moves === 1 ? "" : "s"} made, `
      + `against the ${ctl.opponent()} computer) is not kept.`),
  );
  const row = el("p", { class: "rb-table__actions" });
  row.append(
    el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-opponent-keep": "" }, "Keep my game"),
    el("button", { type: "button", class: "md-button rb-table__button", "data-opponent-start": "" }, "Start a new game"),
  );
  box.append(row);
  return box;
}

/** The question New game asks when this device keeps other rules for the game than the game on
 * the table plays by: deal by the game's rules, or by the device's. */
function rulesAskNode(prefix, ctl) {
  const rec = ctl.record();
  const id = `rb-table-${prefix}-rules-ask`;
  const box = el("section", { class: "rb-table__offer", "aria-labelledby": id, "data-rules-ask": "" });
  const rules = (house) => {
    const words = houseWords(rec.game, house);
    return words.length ? `your table's rules (${words.join("; ")})` : "the family's rules";
  };
  const device = ctl.deviceHouse();
  box.append(
    el("h3", { id, class: "rb-table__heading" }, "Which rules for the new game?"),
    el("p", {}, `The game on the table is played by ${rules(rec.house)}. This device keeps ${rules(device)} `
      + "for this game (the game's page sets them)."),
  );
  const row = el("p", { class: "rb-table__actions" });
  row.append(
    el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-rules-keep": "" },
      "The same rules as this game"),
    el("button", { type: "button", class: "md-button rb-table__button", "data-rules-device": "" },
      Object.keys(device).length ? "The rules this device keeps" : "The family's rules"),
  );
  box.append(row);
  return box;
}

/** The question a link to another game asks while a game is in progress: its words, and the two
 * answers (keep my game / start the linked one). */
function offerNode(prefix, ctl) {
  const linked = ctl.offer();
  const rec = ctl.record();
  const id = `rb-table-${prefix}-offer`;
  const box = el("section", { class: "rb-table__offer", "aria-labelledby": id, "data-offer": "" });
  const moves = rec.moves.length;
  const rules = (house) => {
    const words = houseWords(rec.game, house);
    return words.length ? `your table's rules (${words.join("; ")})` : "the family's rules";
  };
  box.append(
    el("h3", { id, class: "rb-table__heading" }, "This link is to another game"),
    el("p", {}, `The link that opened this page deals a new game: seed ${linked.seed}, ${linked.players} players, `
      + `by ${rules(linked.house)}. Your game in progress (seed ${rec.seed}, ${rec.players} players, by ${rules(rec.house)}, `
      + `${moves} move${moves === 1 ? "" : "s"} made) stays on the table until you choose.`),
  );
  const row = el("p", { class: "rb-table__actions" });
  row.append(
    el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-offer-keep": "" }, "Keep my game"),
    el("button", { type: "button", class: "md-button rb-table__button", "data-offer-start": "" }, "Start the linked game"),
  );
  box.append(row);
  return box;
}

/** What every draw shows the same way: the record on the root's data attributes (for the tests
 * and the address), the note, the last `logLines` lines of the log (the newest also spoken) and
 * the link to this game. */
export function drawShared(root, shell, ctl, logLines) {
  const rec = ctl.record();
  root.dataset.seed = String(rec.seed);
  root.dataset.players = String(rec.players);
  root.dataset.moves = String(rec.moves.length);
  shell.note.textContent = ctl.note;
  shell.note.hidden = !ctl.note;
  const log = ctl.log();
  shell.logList.replaceChildren(...log.slice(-logLines).map((line) => el("li", {}, line)));
  shell.logLive.textContent = log.length ? log[log.length - 1] : "";
  shell.share.href = ctl.address();
  const words = ctl.houseWords();
  const said = words.length ? `Playing with your table's rules: ${words.join("; ")}.` : "";
  if (shell.house.textContent !== said) shell.house.textContent = said;
  shell.house.hidden = !said;
  root.dataset.house = JSON.stringify(rec.house || {});
  if (shell.opponent) {
    // The level playing (a pending question keeps the choice the player made until answered).
    shell.opponent.dataset.opponent = ctl.opponent();
    if (!root.querySelector("[data-opponent-ask]")) shell.opponent.value = ctl.opponent();
    shell.opponent.tell();
  }
  drawAside(shell, ctl);
  drawStuck(shell, ctl);
}

/** The save the table could not read and could not copy aside for want of room (issue 39): it
 * stays in its place, untouched, and the game on the table is not saved until it goes. Says so,
 * and offers it as a file and then deleting it. Other reasons a game is not saved: one line. */
function drawStuck(shell, ctl) {
  if (!shell.stuck) {
    shell.stuck = el("section", { class: "rb-table__aside", "aria-labelledby": `rb-table-${shell.prefix}-stuck`, "data-save-stuck": "", hidden: "" });
    shell.saving = el("p", { class: "rb-table__note", role: "status", "data-save-problem": "", hidden: "" });
    shell.aside.after(shell.stuck, shell.saving);
  }
  const words = ctl.saveWords();
  if (shell.saving.textContent !== words) shell.saving.textContent = words;
  shell.saving.hidden = !words;
  const text = ctl.stuckText();
  const box = shell.stuck;
  const asking = ctl.confirmingStuck();
  const sig = JSON.stringify([text === null ? null : text.length, asking]);
  if (box.dataset.sig === sig) return;
  const hadFocus = box.contains(document.activeElement);
  box.dataset.sig = sig;
  box.hidden = text === null;
  if (box.dataset.url) URL.revokeObjectURL(box.dataset.url);
  delete box.dataset.url;
  if (text === null) {
    box.replaceChildren();
    if (hadFocus) shell.status.focus({ preventScroll: true });
    return;
  }
  const id = `rb-table-${shell.prefix}-stuck`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  box.dataset.url = url;
  const row = el("p", { class: "rb-table__actions" });
  row.append(el("a", { class: "md-button rb-table__button", href: url, download: `practice-${ctl.record().game}-old-save.json`, "data-stuck-file": "" },
    "Save the old game as a file"));
  const parts = [
    el("h3", { id, class: "rb-table__heading" }, "This game is not being saved"),
    el("p", { "data-stuck-words": "" }, "Your saved game could not be read (a newer version of this page saved it, or it is damaged), "
      + `and there is no room on this device to keep a copy of it aside (${FULL_WORDS.charAt(0).toLowerCase()}${FULL_WORDS.slice(1)}). `
      + "So it stays in its place, untouched, and the game on the table is not saved. To save your games here again, "
      + "save the old one as a file if you want it, then delete it from this device."),
    row,
  ];
  if (asking) {
    const yes = el("button", { type: "button", class: "md-button rb-table__button", "data-stuck-delete-yes": "" }, "Yes, delete it");
    const no = el("button", { type: "button", class: "md-button rb-table__button", "data-stuck-delete-no": "" }, "No, keep it");
    yes.addEventListener("click", () => ctl.deleteStuck());
    no.addEventListener("click", () => ctl.askDeleteStuck(false));
    const answers = el("p", { class: "rb-table__actions" });
    answers.append(yes, no);
    const group = el("div", { role: "group", "aria-labelledby": `${id}-question` });
    group.append(el("p", { id: `${id}-question`, role: "alert" }, "Delete the old save from this device for good?"), answers);
    parts.push(group);
  } else {
    const del = el("button", { type: "button", class: "md-button rb-table__button", "data-stuck-delete": "" }, "Delete the old save");
    del.addEventListener("click", () => ctl.askDeleteStuck(true));
    row.append(del);
  }
  box.replaceChildren(...parts);
  if (hadFocus || asking) {
    const target = box.querySelector(asking ? "[data-stuck-delete-no]" : "[data-stuck-delete]");
    if (target) target.focus({ preventScroll: true });
  }
}

/** The saves set aside on this device, each with "Put it back" and "Delete the copy" (asked
 * first); redrawn only when the list or the question changes, so focus stays where it is. */
function drawAside(shell, ctl) {
  const box = shell.aside;
  const copies = ctl.asides();
  const asking = ctl.confirming();
  const sig = JSON.stringify([copies.map((c) => c.key), asking]);
  if (box.dataset.sig === sig) return;
  const hadFocus = box.contains(document.activeElement);
  box.dataset.sig = sig;
  box.hidden = copies.length === 0;
  if (!copies.length) {
    box.replaceChildren();
    if (hadFocus) shell.status.focus({ preventScroll: true });
    return;
  }
  const id = `rb-table-${shell.prefix}-aside`;
  const items = copies.map((copy, i) => {
    const when = copy.when.replace("T", " ").replace(/:\d\d\.\d+Z.*$/, " UTC");
    const what = copy.kind === "newer"
      ? `A game saved by a newer version of this page, kept aside ${when}.`
      : copy.kind === "game"
        ? `A saved game of this table, kept aside ${when}.`
        : `A saved game this page could not read (damaged), kept aside ${when}.`;
    const wid = `${id}-${i}`;
    const li = el("li", { "data-aside-key": copy.key });
    li.append(el("p", { id: `${wid}-what` }, what));
    const row = el("p", { class: "rb-table__actions" });
    const back = el("button", { type: "button", class: "md-button rb-table__button", "data-aside-restore": "", "aria-describedby": `${wid}-what` }, "Put it back");
    back.addEventListener("click", () => ctl.restoreAside(copy.key));
    row.append(back);
    if (asking === copy.key) {
      const ask = el("div", { role: "group", "aria-labelledby": `${wid}-question` });
      const yes = el("button", { type: "button", class: "md-button rb-table__button", "data-aside-delete-yes": "" }, "Yes, delete it");
      const no = el("button", { type: "button", class: "md-button rb-table__button", "data-aside-delete-no": "" }, "No, keep it");
      yes.addEventListener("click", () => ctl.deleteAside(copy.key));
      no.addEventListener("click", () => ctl.askDelete(null));
      const answers = el("p", { class: "rb-table__actions" });
      answers.append(yes, no);
      ask.append(el("p", { id: `${wid}-question`, role: "alert" }, "Delete this copy from this device for good?"), answers);
      li.append(row, ask);
    } else {
      const del = el("button", { type: "button", class: "md-button rb-table__button", "data-aside-delete": "", "aria-describedby": `${wid}-what` }, "Delete the copy");
      del.addEventListener("click", () => ctl.askDelete(copy.key));
      row.append(del);
      li.append(row);
    }
    return li;
  });
  const list = el("ul");
  list.append(...items);
  box.replaceChildren(
    el("h3", { id, class: "rb-table__heading" }, "Games kept aside"),
    el("p", {}, "A saved game this page could not play was kept here, not thrown away. Put it back in the table's place, "
      + "for the page that saved it (the game on the table is kept aside in turn), or delete it."),
    list,
  );
  if (hadFocus || asking) {
    const target = asking
      ? box.querySelector("[data-aside-delete-no]")
      : box.querySelector("[data-aside-delete], [data-aside-restore]") || shell.status;
    if (target) target.focus({ preventScroll: true });
  }
}

/** What a seat's line says after its name: " · 1 card · 1 point so far" (each word in the
 * singular for one: issue 40 found "1 points so far"). */
export const seatCounts = (cards, points) =>
  ` · ${cards} card${cards === 1 ? "" : "s"} · ${points} point${points === 1 ? "" : "s"} so far`;

/** The seats of a game counted in points (Chains, Chips), one line each: "You (player 1) · 5
 * cards · 12 points so far · dealer", the seat to act marked. `more(li, s)` adds what only that
 * game says of a seat, after the dealer. */
export function drawPointsSeats(seats, state, toAct, more = () => {}) {
  seats.replaceChildren();
  for (let s = 0; s < state.players; s += 1) {
    const li = el("li", { class: "rb-table__seat", "data-seat": String(s) });
    if (s === toAct) li.classList.add("rb-table__seat--to-act");
    const n = state.hands[s].length;
    li.append(el("strong", {}, seatLongName(s)), seatCounts(n, state.totals[s]));
    if (s === state.dealer) li.append(" · dealer");
    more(li, s);
    if (s === toAct) li.append(el("span", { class: "rb-table__marker" }, " · ▶ to play"));
    seats.append(li);
  }
}

/** The practice table the reader was last at (their last focus or tap was in it), or null once
 * they went elsewhere on the page. A focused button that a draw removes or hides fires no focusin:
 * the table stays theirs while the focus has fallen to <body>. */
let lastTable = null;
if (typeof document !== "undefined") {
  const note = (event) => {
    const t = event.target;
    lastTable = t && typeof t.closest === "function" ? t.closest("[data-practice-game]") : null;
  };
  document.addEventListener("focusin", note, true);
  document.addEventListener("pointerdown", note, true);
}

/** Whether the focus of a reader at `root` was lost with the controls of the round just over: it is
 * on nothing (<body>), on a control the draw has hidden, or on one of the table's own placeholders
 * (tabindex="-1": the status line, a prompt), never a control the reader chose elsewhere. */
function focusLeftAt(root) {
  if (lastTable !== root) return false;
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return true;
  if (!root.contains(a)) return false;
  return !a.isConnected || a.getClientRects().length === 0 || a.getAttribute("tabindex") === "-1";
}

/** A summary just shown, brought into view as little as needed; one taller than the screen below the
 * header, or begun above it, from its heading (issue 40): brought in "nearest", such a summary was
 * left showing its middle, with its heading and the button under its first lines above the screen. */
function placeSummary(summary) {
  const header = document.querySelector(".md-header");
  const above = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const box = summary.getBoundingClientRect();
  const tall = box.top < above || box.height > window.innerHeight - above;
  summary.scrollIntoView({ block: tall ? "start" : "nearest" });
}

/** The summary shown (drawn by `drawIt`) or hidden; scrolled to when it has just appeared on a
 * table drawn before, where the eye is after the last move. A reader whose focus was on the round's
 * controls (gone with the round) is given the summary's focus (issue 42): it is a region named by
 * its heading ("Round 1 of 8 is over"), which a screen reader says, and its next action ("Deal
 * round 2") is the next Tab stops away instead of a walk from the top of the page. */
export function showSummary(root, summary, shown, drawIt) {
  const wasHidden = summary.hidden;
  summary.hidden = !shown;
  if (shown) {
    drawIt();
    // The focus moves at once, never left on <body> for a frame (the tables put back the focus
    // they keep only where it is lost, so they leave it here). Scrolled a painted frame later, as a
    // turn is (bringIntoView): scrolled in the frame that draws it, everything the scroll moved
    // counts as a layout shift (0.56 on a phone, when the computers finish a hand before the
    // player's first turn).
    if (wasHidden && root.dataset.drawn) {
      if (focusLeftAt(root)) summary.focus({ preventScroll: true });
      afterPaint(root, () => { if (!summary.hidden) placeSummary(summary); });
    }
  } else if (!wasHidden) {
    // The player has dealt the next round from the end of a long summary: with the summary gone
    // the screen would be left below the table, so the table's top comes back into view.
    const header = document.querySelector(".md-header");
    const above = (header ? header.getBoundingClientRect().height : 0) + 8;
    const box = root.getBoundingClientRect();
    if (box.top < above && box.bottom < window.innerHeight / 2) window.scrollBy(0, box.top - above);
  }
}

/** The buttons that deal the next round from its summary (issue 40): one under the summary's first
 * lines, in view as the round ends, for a player who has seen enough, and one at its foot, for the
 * reader who has read the whole round. Neither is pinned to the screen: a button pinned to the
 * foot of a phone's screen (issue 28) covered the lines of the summary scrolling under it. The
 * first carries `attr` (data-next-round, data-next-hand), the second `attr`-foot; both do `act`. */
export function nextButtons(attr, label, act) {
  return [attr, `${attr}-foot`].map((name) => {
    const b = el("button", { type: "button", class: "md-button md-button--primary rb-table__button", [name]: "" }, label);
    b.addEventListener("click", act);
    return b;
  });
}

/** The summary's table of scores in its scrolling box: the caption, the column headings and the
 * body's rows (<tr> each). */
export function scoresTable(caption, headings, rows) {
  const table = el("table", { class: "rb-table__scores" });
  const head = el("tr");
  for (const h of headings) head.append(el("th", { scope: "col" }, h));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  body.append(...rows);
  table.append(el("caption", {}, caption), thead, body);
  const wrap = el("div", { class: "rb-table__scroll" });
  wrap.append(table);
  return wrap;
}

/** On the human's turn (issue 28, on a phone): scroll, as little as needed, so that everything
 * from the first shown of `firsts` (the pile, the pot, the groups on the table) down to `last`
 * (the actions row) is in view below the site's sticky header; when it cannot all fit, as much
 * as fits ending with `last` (your hand and the buttons you press come before the rest). `why`
 * is turnsToYou's answer: a reader away from the table is left there, except just after dealing
 * the next round themselves ("dealt"), when the table is where they are going. */
export function bringIntoView(firsts, last, why = "turn") {
  // The scroll waits for the frame that draws the turn to be painted: scrolled in that same frame,
  // everything the draw moved counts as a layout shift (0.26 to 0.37 on a phone, issue 28); a
  // frame later, nothing does.
  const table = firsts.concat(last).find(Boolean)?.closest("[data-practice-game]");
  afterPaint(table, () => placeInView(firsts, last, why === "dealt"));
}

/** Tables with a scroll waiting for a painted frame, and how many each has waiting. */
const placing = new WeakMap();

/** `scroll` run once the frame drawn now has been painted (two animation frames on). Until every
 * scroll waiting on `table` has run, the table says `data-placing` (the tests wait for it). */
function afterPaint(table, scroll) {
  if (table) {
    placing.set(table, (placing.get(table) || 0) + 1);
    table.dataset.placing = "true";
  }
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (table) {
      const left = placing.get(table) - 1;
      placing.set(table, left);
      if (!left) delete table.dataset.placing;
    }
    scroll();
  }));
}

function placeInView(firsts, last, always) {
  const first = firsts.find((node) => node && !node.hidden && node.offsetParent !== null);
  if (!first || !last || last.offsetParent === null) return;
  // A reader who has scrolled away from the table (to the drill, say) is left there.
  const table = first.closest("[data-practice-game]");
  const box = table ? table.getBoundingClientRect() : null;
  if (!always && box && (box.bottom <= 0 || box.top >= window.innerHeight)) return;
  const header = document.querySelector(".md-header");
  const above = (header ? header.getBoundingClientRect().height : 0) + 8;
  const a = first.getBoundingClientRect();
  const b = last.getBoundingClientRect();
  const room = window.innerHeight - above - 8;
  let by = 0;
  if (b.bottom - a.top > room) by = b.bottom - window.innerHeight + 8;
  else if (a.top < above) by = a.top - above;
  else if (b.bottom > window.innerHeight - 8) by = b.bottom - window.innerHeight + 8;
  if (by) window.scrollBy(0, by);
}

/** Whether this draw is the moment to bring the human's cards into view, and why: null (not the
 * human's move, or nothing new), "load" (the table's first draw, the human to move), "dealt" (the
 * human has just dealt the next round or hand), "turn" (the play has come round to the human) or
 * "step" (the human's own move leaves a further step of the same turn, `phase` naming it: a card
 * taken, one now to throw away). */
export function turnsToYou(root, turn, phase = null) {
  if (turn !== "you") return null;
  if (!root.dataset.drawn) return "load";
  if (root.dataset.turn === "round-over") return "dealt";
  if (root.dataset.turn !== "you") return "turn";
  if (phase !== null && root.dataset.phase !== phase) return "step";
  return null;
}
