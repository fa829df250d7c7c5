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
// The seed and the number of players can come from the address (?seed=N&players=K), so a game can
// be shared and replayed. Such a link offers its game; it never replaces a game in progress without
// the player's say (issue 24): the table keeps the saved game and asks, on the page. Whatever
// game the table then plays (kept, linked or new) is written into the address, so a reload asks
// for the game on the table and the link is not offered again.

import { cardSymbol, parseCard } from "../../engine/cards.js";
import { el, tidy } from "../../widgets/dom.js";
import { freshSeed, seedFrom } from "../drills/common.js";
import { replaySave } from "../saves.js";

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
const RECORD_VERSION = 1;
/** The moves the table keeps in words (its log). */
const LOG_LINES = 8;

export const seatName = (seat) => (seat === HUMAN ? "You" : `Player ${seat + 1}`);
export const seatLongName = (seat) => (seat === HUMAN ? "You (player 1)" : `Player ${seat + 1}`);

const storeKey = (game) => `rulebook-practice-${game}`;

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

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: the game lasts as long as the page
  }
}

/** The engine's state after the record's moves; throws when any of them is not legal, or when a
 * computer seat's move is not the computer's own (../saves.js). */
export function replay(engine, record) {
  return replaySave(engine, record, HUMAN);
}

/** A record read back from storage, replayed: {record, state}, {damaged: true} or null (none). */
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
    if (!rec || typeof rec !== "object" || rec.v !== RECORD_VERSION || rec.game !== game) throw new Error("not ours");
    if (!Number.isInteger(rec.players) || rec.players < minPlayers || rec.players > maxPlayers) throw new Error("players");
    if (seedFrom(String(rec.seed)) === null) throw new Error("seed");
    if (!Array.isArray(rec.moves) || rec.moves.length > MAX_MOVES) throw new Error("moves");
    if (!Number.isInteger(rec.seen) || rec.seen < 0) throw new Error("seen");
    const record = { v: RECORD_VERSION, game, seed: rec.seed, players: rec.players, moves: rec.moves, seen: rec.seen };
    const state = replay(engine, record);
    if (record.seen > state.rounds.length) throw new Error("seen");
    return { record, state };
  } catch {
    return { damaged: true };
  }
}

export function saveGame(record) {
  const store = storage();
  try {
    const text = JSON.stringify(record);
    if (store && text.length <= MAX_STORED_CHARS) store.setItem(storeKey(record.game), text);
  } catch {
    // full or refused: the game on the page goes on
  }
}

export function forgetGame(game) {
  const store = storage();
  try {
    if (store) store.removeItem(storeKey(game));
  } catch {
    // nothing to do
  }
}

/** {seed, players} asked for by the page's address, each null when absent or not a number in
 * range. Only the address as it is now: the drill on the same page keeps ?seed= and ?players= when
 * it rewrites the query, and the table writes its own game there, so the address the document was
 * first opened with (instant navigation keeps the document) never speaks for a later visit. */
export function askedFor({ minPlayers, maxPlayers }) {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("players")) return { seed: null, players: null };
  const seed = seedFrom(url.searchParams.get("seed"));
  const n = Number(url.searchParams.get("players"));
  const players = Number.isInteger(n) && n >= minPlayers && n <= maxPlayers ? n : null;
  return { seed, players };
}

/** Put the game on the table in the page's address (?seed=&players=), the drill's own settings
 * kept, without a new history entry. */
export function showGameInAddress(seed, players) {
  try {
    const url = new URL(window.location.href);
    url.searchParams.set("seed", String(seed));
    url.searchParams.set("players", String(players));
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  } catch {
    // a page opened from a file: the link to this game still carries them
  }
}

/** This game's address: the page with ?seed=N&players=K. */
export function gameAddress(seed, players) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("seed", String(seed));
  url.searchParams.set("players", String(players));
  return url.href;
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
  let record = null;
  let state = null;
  let timer = null;
  let log = [];
  let note = "";

  function start(players, seed) {
    record = { v: RECORD_VERSION, game, seed, players, moves: [], seen: 0 };
    state = engine.newGame({ players, seed });
    log = [];
  }

  const asked = askedFor({ minPlayers, maxPlayers });
  const saved = loadGame(game, engine, { minPlayers, maxPlayers });
  if (saved && saved.damaged) {
    note = "Your saved game could not be read, so a fresh game has started.";
    forgetGame(game);
  }
  const wanted = asked.players !== null && asked.seed !== null;
  const kept = saved && !saved.damaged ? saved : null;
  const sameGame = kept && wanted && kept.record.seed === asked.seed && kept.record.players === asked.players;
  // A game in progress: a move made and the game not over. A link never replaces one unasked.
  const inProgress = kept && kept.record.moves.length > 0 && engine.seatToAct(kept.state) !== null;
  /** The link's game while the player has not said whether to play it (null: nothing offered). */
  let offer = wanted && kept && !sameGame && inProgress ? { seed: asked.seed, players: asked.players } : null;
  if (kept && (!wanted || sameGame || offer)) {
    record = kept.record;
    state = kept.state;
    log = recentLog(record);
  } else {
    start(asked.players ?? defaultPlayers, asked.seed ?? freshSeed());
  }
  saveGame(record);

  const waitingForRound = () => record.seen < state.rounds.length;

  /** What happened last, in words, replayed from the record: the log survives a reload. */
  function recentLog(rec) {
    const first = Math.max(0, rec.moves.length - LOG_LINES);
    let at = engine.newGame({ players: rec.players, seed: rec.seed });
    const lines = [];
    rec.moves.forEach((move, k) => {
      const next = engine.applyMove(at, move);
      if (k >= first) lines.push(spec.describe(move, at, next));
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
      apply(engine.botMove(state));
    }, botDelay());
  }

  function apply(move) {
    const before = state;
    state = engine.applyMove(state, move);
    record.moves.push(move);
    log.push(spec.describe(move, before, state));
    if (log.length > LOG_LINES) log = log.slice(-LOG_LINES);
    saveGame(record);
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
      apply(move);
      return null;
    },
    newGame(players, seed) {
      start(players, seed);
      note = "";
      offer = null;
      saveGame(record);
      showGameInAddress(seed, players);
      ctl.draw();
      schedule();
    },
    /** The game a link offers in place of the one in progress ({seed, players}), or null. */
    offer: () => offer,
    /** The player's answer to the offer: keep the game in progress (its address put back), or
     * start the linked one. */
    keepGame() {
      offer = null;
      showGameInAddress(record.seed, record.players);
      ctl.draw();
    },
    takeOffer() {
      if (offer) ctl.newGame(offer.players, offer.seed);
    },
    seeRound() {
      record.seen = state.rounds.length;
      saveGame(record);
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
  if (section) section.hidden = false;
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
  shell.setup.append(el("label", { for: playersId }, "Players"), select,
    el("button", { type: "submit", class: "md-button rb-table__button" }, "New game"));

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
  shell.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    say([]);
    forget();
    ctl.newGame(Number(select.value), freshSeed());
    select.value = String(ctl.record().players);
    if (offerBox) answered();
  });
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

/** The question a link to another game asks while a game is in progress: its words, and the two
 * answers (keep my game / start the linked one). */
function offerNode(prefix, ctl) {
  const linked = ctl.offer();
  const rec = ctl.record();
  const id = `rb-table-${prefix}-offer`;
  const box = el("section", { class: "rb-table__offer", "aria-labelledby": id, "data-offer": "" });
  const moves = rec.moves.length;
  box.append(
    el("h3", { id, class: "rb-table__heading" }, "This link is to another game"),
    el("p", {}, `The link that opened this page deals a new game: seed ${linked.seed}, ${linked.players} players. `
      + `Your game in progress (seed ${rec.seed}, ${rec.players} players, ${moves} move${moves === 1 ? "" : "s"} made) `
      + "stays on the table until you choose."),
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
  shell.share.href = gameAddress(rec.seed, rec.players);
}

/** The seats of a game counted in points (Chains, Chips), one line each: "You (player 1) · 5
 * cards · 12 points so far · dealer", the seat to act marked. `more(li, s)` adds what only that
 * game says of a seat, after the dealer. */
export function drawPointsSeats(seats, state, toAct, more = () => {}) {
  seats.replaceChildren();
  for (let s = 0; s < state.players; s += 1) {
    const li = el("li", { class: "rb-table__seat", "data-seat": String(s) });
    if (s === toAct) li.classList.add("rb-table__seat--to-act");
    const n = state.hands[s].length;
    li.append(el("strong", {}, seatLongName(s)), ` · ${n} card${n === 1 ? "" : "s"} · ${state.totals[s]} points so far`);
    if (s === state.dealer) li.append(" · dealer");
    more(li, s);
    if (s === toAct) li.append(el("span", { class: "rb-table__marker" }, " · ▶ to play"));
    seats.append(li);
  }
}

/** The summary shown (drawn by `drawIt`) or hidden; scrolled to when it has just appeared on a
 * table drawn before, where the eye is after the last move. */
export function showSummary(root, summary, shown, drawIt) {
  const wasHidden = summary.hidden;
  summary.hidden = !shown;
  if (shown) {
    drawIt();
    if (wasHidden && root.dataset.drawn) summary.scrollIntoView({ block: "nearest" });
  }
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
