// The score keeper (docs/keep-score.md): upgrades the plain-form sheets rendered by
// generator/templates/scorekeeper/page.html into a live sheet that adds up, names the leader,
// ranks with each game's tie-breakers (the JS ports of the Python rank records) and keeps every
// game on this device (localStorage, saved after every entry).
//
// Mounted inside Material's document$ (instant navigation swaps pages without re-running
// scripts); mounting twice is harmless. Text goes in with textContent only. No globals.
//
// Two tabs (or windows) on one saved game stay in step: each listens for the other's saves (the
// storage event) and every save is written on top of what is stored now, refused with a message
// when another tab changed or deleted the game since (saved.js keeps a revision per game).
// Player names are keys people type, so anything keyed by a name is a Map, an object without a
// prototype or an own-property lookup (own()): "__proto__" and "toString" are names like others.
import { seatForRound } from "../engine/rank/chips.js";
import { dealerOfHand } from "../engine/rank/chains.js";
import { nextDealer } from "../engine/rank/3-chip-stack.js";
import {
  HISTORY_LIMIT, STORE_KEY, dict, loadStore, own, rankOf, storage, writeChange,
} from "./saved.js";
import { MAX_FILE_BYTES, exportFile, placeIncoming, readFile, readFragment, shareUrl } from "./share.js";

// --- small helpers ------------------------------------------------------------------------

/** An element; `text` goes in through textContent, other props as attributes or properties. */
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key === "className") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

const listNames = (list) =>
  list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
const ordinal = (n) => {
  const s = { 1: "st", 2: "nd", 3: "rd" }[n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? "th";
  return `${n}${s}`;
};
const newId = () => `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** An engine message for people: "hands[2].Bo: ..." -> "Hand 3 (Bo): ...". */
function humanize(message) {
  return message.replace(/^(rounds|hands)\[(\d+)\](?:\.scores)?(?:\.([^:]+))?(?:: )?/, (m, kind, i, name) =>
    `${kind === "rounds" ? "Round" : "Hand"} ${Number(i) + 1}${name ? ` (${name})` : ""}: `);
}

// --- the widget ---------------------------------------------------------------------------

class ScoreKeeper {
  constructor(root) {
    this.root = root;
    let config = { games: [] };
    try {
      config = JSON.parse(root.dataset.config || "{}");
    } catch {
      /* keep the plain form */
    }
    this.info = Object.fromEntries((config.games || []).map((g) => [g.id, g]));
    this.store = storage();
    const { data, message } = loadStore(this.store);
    this.data = data;
    this.notice = message;
    // True when the notice is news from another tab (a refused save): the next save here that
    // goes through makes it old news, so it goes.
    this.noticeUntilSave = false;
    this.error = null;
    // The input the error is about: a player's name, "called", or null (the entry as a whole).
    this.errorField = null;
    this.editing = null;
    this.urls = [];
    this.draft = null;
    // What was typed into the entry form and not yet saved: { gameId, index, values, called }.
    // A refused entry re-renders the form from it, so one bad box never wipes the others.
    this.entryDraft = null;
    // A word for the live region about what was just done ("Removed round 3."), said once.
    this.said = null;
    this.confirmingDelete = false;
    // The share panel (the link to send) is open.
    this.sharing = false;

    root.querySelector(".sk-static")?.setAttribute("hidden", "");
    this.app = h("div", { className: "sk-app" });
    // Visually hidden: the leader is already on screen in the standing; this only announces.
    this.live = h("p", { className: "sk-live sk-sr", role: "status", "aria-live": "polite" });
    const staticPart = root.querySelector(".sk-static");
    root.insertBefore(this.app, staticPart ? staticPart.nextSibling : root.firstChild);
    this.app.after(this.live);
    // Another tab or window saved: show what it saved (the event never fires in the tab that
    // wrote). A page left by instant navigation stops listening.
    this.onStorage = (e) => {
      if (!this.root.isConnected) {
        window.removeEventListener("storage", this.onStorage);
        return;
      }
      if (this.store && e.storageArea === this.store && (e.key === STORE_KEY || e.key === null)) this.sync();
    };
    window.addEventListener("storage", this.onStorage);
    // A second share link opened while the page is open changes only the fragment (no reload).
    this.onHash = () => {
      if (!this.root.isConnected) {
        window.removeEventListener("hashchange", this.onHash);
        return;
      }
      if (!window.location.hash.startsWith("#game=")) return;
      this.receiveLink();
      this.render();
      this.app.querySelector(".sk-notice")?.focus();
    };
    window.addEventListener("hashchange", this.onHash);
    this.receiveLink();
    this.render();
  }

  /** A page opened from a share link (#game=...): open the game it carries, saved on this device
   * beside the others. A damaged link opens nothing and says so; the saved games stay as they
   * were. The fragment is taken off the address either way, so a reload does not do it again. */
  receiveLink() {
    const hash = window.location.hash;
    if (!hash.startsWith("#game=")) return;
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
    const read = readFragment(hash);
    if (read.error) {
      this.tell(`${read.error} Your saved games are as they were.`);
      return;
    }
    this.adopt(read.game, "link");
  }

  /** Save a game that came by link or file (placeIncoming says how, losing nothing) and open it. */
  adopt(incoming, how) {
    const place = placeIncoming(this.data.games, incoming, newId);
    const info = this.info[incoming.game] || { name: incoming.game };
    const unit = incoming.game === "chips" ? "round" : "hand";
    const n = incoming.rows.length;
    const what = `${info.name}: ${incoming.players.join(", ")} (${n} ${unit}${n === 1 ? "" : "s"})`;
    const from = how === "link" ? "the link" : "the file";
    if (place.action === "open") {
      this.saveCurrent(place.id);
      this.tell(`This device already has the game in ${from}, ${what}: here it is.`);
      return true;
    }
    const isNew = place.action === "add";
    const game = place.game;
    const ok = this.change(game.id, game, { current: game.id, isNew, refused: () =>
      `The game in ${from} was not saved: this game was changed in another tab or window at the same moment. Open ${from} again.` });
    if (!ok) return false;
    this.editing = null;
    this.clearEntry();
    this.tell(isNew
      ? `Opened the game from ${from}, ${what}, and saved it on this device beside your other games.`
      : `Brought the saved game up to date from ${from}, ${what}. Undo goes back to what this device had.`);
    return true;
  }

  /** Read a chosen file (an export of this page) and open the game in it. */
  async importFile(file) {
    let text = null;
    if (file && file.size <= MAX_FILE_BYTES) {
      try {
        text = await file.text();
      } catch {
        text = null;
      }
    }
    const read = readFile(text);
    if (read.error) {
      this.tell(`${read.error} Your saved games are as they were.`);
    } else {
      this.adopt(read.game, "file");
    }
    this.render();
    this.app.querySelector(".sk-notice")?.focus();
  }

  get game() {
    return this.data.current ? own(this.data.games, this.data.current) ?? null : null;
  }

  /** Re-read the saved games after another tab or window saved, and say what that changed here. */
  sync() {
    const { data, message } = loadStore(this.store);
    const id = this.data.current;
    const mine = this.game;
    const theirs = id ? own(data.games, id) : undefined;
    const draft = this.entryDraft;
    const typed = draft && draft.gameId === id &&
      (draft.called || Object.values(draft.values).some((v) => String(v).trim() !== ""));
    const busy = typed || this.editing !== null || this.confirmingDelete;
    this.data = data;
    this.data.current = theirs ? id : null;
    if (message) this.tell(message);
    if (mine && !theirs) {
      this.clearEntry();
      this.editing = null;
      this.tell("This game was deleted in another tab or window, so it is no longer on this device.", true);
    } else if (mine && theirs.rev === mine.rev && JSON.stringify(theirs.rows) !== JSON.stringify(mine.rows)) {
      // Both tabs saved on top of the same revision within a moment (each browser tab sees the
      // other's write a little late): the other write won, and this tab's is gone. Say so.
      this.clearEntry();
      this.editing = null;
      this.tell("This game was saved in another tab or window at the same moment, so the last entry made here was replaced. " +
        "The sheet now shows the other tab's scores: check them, and enter it again if it is still needed.", true);
    } else if (mine && theirs.rev !== mine.rev) {
      if (busy) {
        this.clearEntry();
        this.editing = null;
        this.tell("This game was changed in another tab or window, so the sheet now shows the newer scores. " +
          "What you were typing here was not saved: enter it again if it is still needed.", true);
      } else {
        this.said = "The sheet was updated from another tab or window.";
      }
    }
    this.render();
  }

  /** Save one change to game `id` (`next` null: delete it) on top of what is stored now. When
   * another tab or window changed or deleted the game since this tab read it, nothing is saved:
   * the sheet shows the newer state with `refused(conflict)` as the notice, and this is false. */
  change(id, next, { current, isNew = false, refused }) {
    const base = isNew ? null : own(this.data.games, id)?.rev ?? null;
    if (!this.store) {
      if (next === null) delete this.data.games[id];
      else this.data.games[id] = next;
      this.data.current = current;
      return true;
    }
    const open = this.data.current;
    const res = writeChange(this.store, { id, base, game: next, current });
    this.data = res.data;
    if (res.conflict) {
      // Refused: this tab stays on the game it had open, if that is still saved.
      this.data.current = open !== null && own(this.data.games, open) ? open : null;
      this.clearEntry();
      this.editing = null;
      this.tell(refused(res.conflict), true);
      this.render();
      this.app.querySelector(".sk-notice")?.focus();
      return false;
    }
    if (this.noticeUntilSave) this.tell(null);
    if (res.message) this.tell(res.message);
    if (!res.saved) this.tell("The sheet could not be saved in this browser (its storage is full or switched off).");
    return true;
  }

  /** Show a notice above the sheet (null: none). */
  tell(message, untilNextSave = false) {
    this.notice = message;
    this.noticeUntilSave = untilNextSave && message !== null;
  }

  /** Save which game is open (so a reload comes back to it); the games as stored come along. */
  saveCurrent(current) {
    if (!this.store) {
      this.data.current = current;
      return;
    }
    const res = writeChange(this.store, { current });
    this.data = res.data;
    if (res.message) this.tell(res.message);
  }

  /** Replace the rows of the current game if the engine accepts them; keep the old for undo.
   * `index` is the row being entered: an engine error about one of its boxes is shown there. */
  commit(rows, index) {
    const game = this.game;
    const result = rankOf({ ...game, rows });
    if ("error" in result) {
      this.fail(humanize(result.error), this.fieldOf(result.error, game, index));
      return false;
    }
    const unit = game.game === "chips" ? "round" : "hand";
    const what = index < game.rows.length ? `the change to ${unit} ${index + 1}` : `${unit} ${index + 1}`;
    const next = { ...game, rows, history: [...(game.history || []), game.rows].slice(-HISTORY_LIMIT), updated: new Date().toISOString() };
    const saved = this.change(game.id, next, { current: game.id, refused: (conflict) => (conflict === "deleted"
      ? `This game was deleted in another tab or window, so ${what} was not saved, and the game stays deleted.`
      : `This game was changed in another tab or window, so ${what} was not saved here. ` +
        `The sheet now shows the newer scores: check them, and enter it again if it is still needed.`) });
    if (!saved) return false;
    this.clearEntry();
    this.editing = null;
    this.render();
    return true;
  }

  /** Show an entry error beside the box it is about (focused, so it is read with its message),
   * or, when it is about the entry as a whole, as an alert below the boxes. */
  fail(message, field) {
    this.error = message;
    this.errorField = field;
    this.render();
    const input = field === null ? null : this.app.querySelector("[aria-invalid=true]");
    (input || this.app.querySelector(".sk-error"))?.focus();
  }

  /** Forget the error and what was typed (after a save, Cancel, or moving to another row or game). */
  clearEntry() {
    this.error = null;
    this.errorField = null;
    this.entryDraft = null;
    this.confirmingDelete = false;
  }

  /** Which box of row `index` an engine message is about: "rounds[3].scores.Cy: ..." -> "Cy",
   * "rounds[3].called: ..." -> "called"; null when it is about the row as a whole. */
  fieldOf(raw, game, index) {
    const at = `${game.game === "chips" ? "rounds" : "hands"}[${index}]`;
    if (index === undefined || !raw.startsWith(at)) return null;
    const rest = raw.slice(at.length);
    if (rest.startsWith(".called:")) return "called";
    const hit = game.players
      .filter((p) => rest.startsWith(`.scores.${p}:`) || rest.startsWith(`.${p}:`))
      .sort((a, b) => b.length - a.length)[0];
    return hit ?? null;
  }

  render() {
    const focusId = document.activeElement && this.app.contains(document.activeElement) ? document.activeElement.id : null;
    this.resize?.disconnect();
    this.resize = null;
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls = [];
    const parts = [];
    if (this.notice) {
      parts.push(h("div", { className: "sk-notice", role: "alert", tabindex: "-1" },
        h("p", { text: this.notice }),
        h("button", { type: "button", className: "md-button", text: "Dismiss", onclick: () => { this.tell(null); this.render(); } })));
    }
    parts.push(this.renderBar());
    parts.push(this.game ? this.renderSheet() : this.renderSetup());
    this.app.replaceChildren(...parts);
    if (!this.game) this.say(this.said || "");
    this.said = null;
    if (focusId) document.getElementById(focusId)?.focus();
    this.watchScroll();
  }

  /** Put words in the live region (only when they change, so nothing is read twice). */
  say(text) {
    if (this.live.textContent !== text) this.live.textContent = text;
  }

  /** Say under the table when it is wider than its box (6+ players on a phone), and only then. */
  watchScroll() {
    const box = this.app.querySelector(".sk-live-sheet .sk-scroll");
    const hint = this.app.querySelector(".sk-scroll-hint");
    if (!box || !hint) return;
    const check = () => { hint.hidden = box.scrollWidth <= box.clientWidth + 1; };
    check();
    if (typeof ResizeObserver === "function") {
      this.resize = new ResizeObserver(check);
      this.resize.observe(box);
    }
  }

  renderBar() {
    const games = Object.values(this.data.games).sort((a, b) => (b.updated || "").localeCompare(a.updated || ""));
    const select = h("select", { id: "sk-saved", className: "sk-input", onchange: (e) => {
      this.editing = null;
      this.clearEntry();
      this.saveCurrent(e.target.value || null);
      this.render();
    } });
    select.append(h("option", { value: "", text: games.length ? "Start a new game" : "No saved games yet" }));
    for (const g of games) {
      const info = this.info[g.game] || { name: g.game };
      const res = rankOf(g);
      const unit = g.game === "chips" ? "round" : "hand";
      const state = res.finished ? "finished" : `${g.rows.length} ${unit}${g.rows.length === 1 ? "" : "s"} so far`;
      select.append(h("option", { value: g.id, text: `${info.name}: ${g.players.join(", ")} (${state})`, selected: g.id === this.data.current }));
    }
    const picker = h("input", { type: "file", id: "sk-import", className: "sk-file", accept: ".json,application/json",
      onchange: (e) => {
        const file = e.target.files && e.target.files[0];
        if (file) this.importFile(file);
      } });
    return h("div", { className: "sk-bar" },
      h("label", { for: "sk-saved", text: "Saved games" }), select,
      h("span", { className: "sk-filepick" }, picker,
        h("label", { for: "sk-import", className: "md-button", text: "Open a game file" })),
      h("button", { type: "button", className: "md-button", id: "sk-new", text: "New game", onclick: () => {
        this.editing = null;
        this.clearEntry();
        this.saveCurrent(null);
        this.render();
        document.getElementById("sk-setup-game-chips")?.focus();
      } }));
  }

  // --- a new game -----------------------------------------------------------------------

  renderSetup() {
    const last = Object.values(this.data.games).sort((a, b) => (b.updated || "").localeCompare(a.updated || ""))[0];
    const draft = this.draft || { game: last?.game || "chips", players: last ? [...last.players] : ["", "", "", ""], start: 15 };
    this.draft = draft;
    while (draft.players.length < 2) draft.players.push("");
    const info = this.info[draft.game] || {};
    const form = h("form", { className: "sk-setup", "aria-labelledby": "sk-setup-title", onsubmit: (e) => {
      e.preventDefault();
      this.start();
    } });
    form.append(h("h2", { id: "sk-setup-title", text: "A new game" }));
    const choose = h("fieldset", { className: "sk-fieldset" }, h("legend", { text: "Game" }));
    for (const g of Object.values(this.info)) {
      choose.append(h("label", { className: "sk-choice" },
        h("input", { type: "radio", name: "sk-setup-game", id: `sk-setup-game-${g.id}`, value: g.id, checked: g.id === draft.game,
          onchange: () => { draft.game = g.id; this.render(); document.getElementById(`sk-setup-game-${g.id}`)?.focus(); } }),
        h("span", { text: ` ${g.name}` })));
    }
    form.append(choose);
    const people = h("fieldset", { className: "sk-fieldset" },
      h("legend", { text: "Players, in seating order: play moves to the left, and the first player deals first" }));
    draft.players.forEach((name, i) => {
      people.append(h("div", { className: "sk-row" },
        h("label", { for: `sk-player-${i}`, className: "sk-field", text: `Seat ${i + 1}` }),
        h("input", { type: "text", id: `sk-player-${i}`, className: "sk-input", value: name, autocomplete: "off", maxlength: "40",
          oninput: (e) => { draft.players[i] = e.target.value; } })));
    });
    const max = info.max_players || 20;
    people.append(h("div", { className: "sk-row" },
      h("button", { type: "button", className: "md-button", id: "sk-add-player", text: "Add a seat", disabled: draft.players.length >= max,
        onclick: () => { draft.players.push(""); this.render(); document.getElementById(`sk-player-${draft.players.length - 1}`)?.focus(); } }),
      h("button", { type: "button", className: "md-button", id: "sk-remove-player", text: "Remove the last seat", disabled: draft.players.length <= 2,
        onclick: () => { draft.players.pop(); this.render(); document.getElementById("sk-remove-player")?.focus(); } })));
    form.append(people);
    if (draft.game === "3-chip-stack") {
      form.append(h("div", { className: "sk-row" },
        h("label", { for: "sk-start", className: "sk-field", text: "Starting chips for each player" }),
        h("input", { type: "number", id: "sk-start", className: "sk-input sk-input--num", min: "1", max: "1000", step: "1", inputmode: "numeric",
          value: String(draft.start), oninput: (e) => { draft.start = e.target.value; } })));
    }
    if (this.error) form.append(h("p", { className: "sk-error", role: "alert", tabindex: "-1", text: this.error }));
    form.append(h("button", { type: "submit", className: "md-button md-button--primary", id: "sk-start-game", text: "Start the sheet" }));
    return form;
  }

  start() {
    const draft = this.draft;
    const players = draft.players.map((p) => p.trim()).filter(Boolean);
    const info = this.info[draft.game] || {};
    const game = { id: newId(), game: draft.game, players, rows: [], history: [], created: new Date().toISOString() };
    game.updated = game.created;
    if (draft.game === "3-chip-stack") game.start = /^\d+$/.test(String(draft.start).trim()) ? Number(draft.start) : NaN;
    let error = null;
    if (players.length < (info.min_players || 2)) error = `Write the names of at least ${info.min_players || 2} players.`;
    else if (draft.game === "3-chip-stack" && !Number.isInteger(game.start)) error = "Starting chips: write a whole number, like 15.";
    else {
      const res = rankOf(game);
      if ("error" in res) error = humanize(res.error).replace(/^players(\[\d+\])?: /, "");
    }
    if (error) {
      this.error = error;
      this.render();
      this.app.querySelector(".sk-error")?.focus();
      return;
    }
    this.error = null;
    this.draft = null;
    // A new id cannot be taken already; should it be, the stored game is kept, not overwritten.
    if (!this.change(game.id, game, { current: game.id, isNew: true,
      refused: () => "A game was saved in another tab or window at the same moment; start the sheet again." })) return;
    this.render();
    this.focusEntry();
  }

  /** Focus the entry's first score box and bring it to the middle of the screen: a plain focus()
   * scrolls only as far as the box's edge, which leaves it under the site's sticky header. */
  focusEntry(selector = ".sk-entry input:not([readonly])") {
    const box = this.app.querySelector(selector);
    if (!box) return false;
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "center" });
    return true;
  }

  // --- the sheet ------------------------------------------------------------------------

  /** Who deals each row (and, for Chips, who gets the extra card), from the seating order. */
  seats(game, index) {
    const n = game.players.length;
    if (game.game === "chips") {
      const [dealer, extra] = seatForRound(n, index);
      return { dealer: game.players[dealer], extra: game.players[extra] };
    }
    if (game.game === "chains") return { dealer: game.players[dealerOfHand(n, index)] };
    // 3 Chip Stack: the deal passes to the left, skipping players who are out (the engine's rule).
    let dealer = 0;
    for (let k = 0; k < index && k < game.rows.length; k++) {
      const chips = game.players.map((p) => own(game.rows[k], p) ?? 0);
      dealer = nextDealer(chips, dealer) ?? dealer;
    }
    return { dealer: game.players[dealer] };
  }

  renderSheet() {
    const game = this.game;
    const info = this.info[game.game] || { name: game.game };
    const result = rankOf(game);
    const unit = game.game === "chips" ? "Round" : "Hand";
    const wrap = h("section", { className: "sk-live-sheet", "aria-labelledby": "sk-title" });
    wrap.append(h("h2", { id: "sk-title", text: `${info.name}: ${game.players.join(", ")}` }));
    if (game.game === "3-chip-stack") wrap.append(h("p", { text: `Each player started with ${game.start} chips; ${result.total} chips in all.` }));

    // The table of entries. Cards, dealer and extra card ride in the row header as a small
    // sub-line (as the plain sheet's .sk-seat-note does), so on a phone the players' columns
    // get the room; the row header stays put (sticky) when a wide table scrolls sideways.
    const head = h("tr", {}, h("th", { scope: "col", className: "sk-rowhead", text: unit }));
    for (const p of game.players) head.append(h("th", { scope: "col", className: "sk-player", text: p }));
    if (game.game === "chips") head.append(h("th", { scope: "col", className: "sk-called", text: "Called chips" }));
    head.append(h("th", { scope: "col", className: "sk-noprint sk-change", text: "Edit" }));
    const body = h("tbody");
    const running = new Map(game.players.map((p) => [p, 0]));
    game.rows.forEach((row, i) => {
      const seats = this.seats(game, i);
      const note = game.game === "chips"
        ? `${info.hand_sizes?.[i] ?? i + 3} cards, ${seats.dealer} deals, ${seats.extra}: extra card`
        : `${seats.dealer} deals`;
      const tr = h("tr", { className: this.editing === i ? "sk-editing" : undefined },
        h("th", { scope: "row", className: "sk-rowhead" }, h("span", { text: `${unit} ${i + 1}` }),
          h("span", { className: "sk-seat-note", text: ` ${note}` })));
      const scores = game.game === "chips" ? row.scores : row;
      for (const p of game.players) {
        const v = own(scores, p) ?? 0;
        if (game.game === "3-chip-stack") {
          tr.append(h("td", { className: "sk-num", text: v === 0 ? "0 (out)" : String(v) }));
        } else {
          running.set(p, running.get(p) + v);
          tr.append(h("td", { className: "sk-num" }, h("span", { text: String(v) }),
            h("span", { className: "sk-running", text: ` (${running.get(p)})` })));
        }
      }
      if (game.game === "chips") tr.append(h("td", { className: "sk-called", text: row.called ?? "–" }));
      tr.append(h("td", { className: "sk-noprint sk-change" }, h("button", { type: "button", className: "sk-link", id: `sk-edit-${i}`,
        "aria-label": `Edit ${unit.toLowerCase()} ${i + 1}`, text: "Edit", onclick: () => {
          this.editing = i;
          this.clearEntry();
          this.render();
          this.focusEntry();
        } })));
      body.append(tr);
    });
    if (game.game !== "3-chip-stack") {
      const tr = h("tr", { className: "sk-total" }, h("th", { scope: "row", className: "sk-rowhead", text: "Total" }));
      for (const p of game.players) tr.append(h("td", { className: "sk-num", text: String(own(result.totals, p) ?? 0) }));
      if (game.game === "chips") {
        const calls = Object.values(result.calls || {}).reduce((a, b) => a + b, 0);
        tr.append(h("td", { className: "sk-called", text: `${calls} ${calls === 1 ? "call" : "calls"}` }));
      }
      tr.append(h("td", { className: "sk-noprint sk-change" }));
      body.append(tr);
    }
    wrap.append(h("div", { className: "sk-scroll", role: "region", "aria-label": `${info.name} score table`, tabindex: "0" },
      h("table", { className: "sk-table" }, h("caption", { className: "sk-sr", text: `${info.name} score sheet` }), h("thead", {}, head), body)));
    wrap.append(h("p", { className: "sk-hint sk-scroll-hint sk-noprint", hidden: true,
      text: "The table is wider than the screen: scroll it sideways to see every player." }));

    // The next entry (or the one being edited).
    const done = result.finished;
    if (this.editing !== null || !done) wrap.append(this.renderEntry(game, info, result));
    if (this.error && this.editing === null && done) {
      wrap.append(h("p", { className: "sk-error", role: "alert", tabindex: "-1", text: this.error }));
    }

    // Where the game stands.
    wrap.append(this.renderStanding(game, info, result));

    // Undo, print, export, delete.
    const actions = h("div", { className: "sk-actions sk-noprint" },
      h("button", { type: "button", className: "md-button", id: "sk-undo", text: "Undo the last entry",
        disabled: !(game.history && game.history.length), onclick: () => this.undo() }),
      h("button", { type: "button", className: "md-button", id: "sk-print", text: "Print the sheet", onclick: () => window.print() }));
    const stamp = (game.updated || game.created || "").slice(0, 10);
    const base = `${game.game}-score-${stamp || "game"}`;
    actions.append(h("button", { type: "button", className: "md-button", id: "sk-share", text: "Share by link",
      "aria-expanded": this.sharing ? "true" : "false", "aria-controls": "sk-share-panel", onclick: () => {
        this.sharing = !this.sharing;
        this.render();
        document.getElementById(this.sharing ? "sk-share-link" : "sk-share")?.focus();
      } }));
    // The file opens again with "Open a game file", on this device or another.
    const json = new Blob([exportFile(game)], { type: "application/json" });
    const jsonUrl = URL.createObjectURL(json);
    this.urls.push(jsonUrl);
    actions.append(h("a", { className: "md-button", id: "sk-json", href: jsonUrl, download: `${base}.json`, text: "Save as a file (JSON)" }));
    if (done) {
      const csv = new Blob([this.csv(game, info, result)], { type: "text/csv;charset=utf-8" });
      const csvUrl = URL.createObjectURL(csv);
      this.urls.push(csvUrl);
      actions.append(h("a", { className: "md-button", id: "sk-csv", href: csvUrl, download: `${base}.csv`, text: "Export as CSV" }));
    }
    actions.append(h("button", { type: "button", className: "md-button", id: "sk-delete", text: "Delete this game",
      "aria-expanded": this.confirmingDelete ? "true" : "false", onclick: () => {
        this.confirmingDelete = true;
        this.render();
        document.getElementById("sk-delete-no")?.focus();
      } }));
    wrap.append(actions);
    if (this.sharing) wrap.append(this.renderShare(game, info));
    if (this.confirmingDelete) wrap.append(this.renderConfirmDelete(game, info));
    this.announce(game, result);
    return wrap;
  }

  /** The link that carries this game to another phone: shown to copy, or sent with the phone's
   * own share sheet where there is one. Nothing is sent anywhere by the page itself. */
  renderShare(game, info) {
    const url = shareUrl(game, window.location.href);
    const status = h("p", { className: "sk-hint", id: "sk-share-status", role: "status" });
    const field = h("input", { type: "text", id: "sk-share-link", className: "sk-input sk-share__link", readonly: true, value: url,
      "aria-describedby": "sk-share-help", onfocus: (e) => e.target.select() });
    const row = h("div", { className: "sk-row" },
      h("button", { type: "button", className: "md-button", id: "sk-share-copy", text: "Copy the link", onclick: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(url);
          status.textContent = "The link is copied: paste it into a message to the other phone.";
        } catch {
          status.textContent = "This browser did not let the page copy: the link is selected, so copy it from the box.";
        }
      } }));
    if (typeof navigator.share === "function") {
      row.append(h("button", { type: "button", className: "md-button", id: "sk-share-send", text: "Send it…", onclick: () => {
        navigator.share({ title: `${info.name} score sheet`, url }).catch(() => {});
      } }));
    }
    return h("div", { className: "sk-share sk-noprint", id: "sk-share-panel", role: "group", "aria-labelledby": "sk-share-title" },
      h("p", { id: "sk-share-title", className: "sk-who", text: "Share this game by link" }),
      h("label", { for: "sk-share-link", className: "sk-sr", text: "The link to this game" }),
      field,
      h("p", { className: "sk-hint", id: "sk-share-help",
        text: "Opened on another phone, the link shows this sheet as it is now and saves it there. The scores travel inside the link itself: no server keeps them." }),
      row, status);
  }

  /** The second step of "Delete this game": a question and two buttons, no window.confirm. The
   * safe answer has the focus, so a second Enter keeps the game. */
  renderConfirmDelete(game, info) {
    const what = `the ${info.name} game of ${listNames(game.players)}`;
    return h("div", { className: "sk-confirm sk-noprint", role: "group", "aria-labelledby": "sk-delete-question" },
      h("p", { id: "sk-delete-question", role: "alert",
        text: `Delete ${what}? Its scores are removed from this device; other saved games stay.` }),
      h("div", { className: "sk-row" },
        h("button", { type: "button", className: "md-button", id: "sk-delete-yes", text: "Yes, delete it", onclick: () => {
          // Deleting a game another tab has changed since would throw away scores never seen here.
          if (!this.change(game.id, null, { current: null, refused: () =>
            "This game was changed in another tab or window, so it was not deleted. The sheet now shows the newer scores." })) return;
          this.editing = null;
          this.clearEntry();
          this.said = `Deleted ${what}.`;
          this.render();
          (document.getElementById("sk-saved"))?.focus();
        } }),
        h("button", { type: "button", className: "md-button", id: "sk-delete-no", text: "No, keep it", onclick: () => {
          this.confirmingDelete = false;
          this.render();
          document.getElementById("sk-delete")?.focus();
        } })));
  }

  /** Take back the last entry or change, and say which it was in the live region. */
  undo() {
    const game = this.game;
    if (!game?.history?.length) return;
    const unit = game.game === "chips" ? "round" : "hand";
    const history = game.history.slice(0, -1);
    const before = game.history[game.history.length - 1];
    const after = game.rows;
    const refused = () => "This game was changed in another tab or window, so Undo did nothing here. The sheet now shows the newer scores.";
    // What Undo would go back to is read from storage like everything else, so it is checked
    // first: loading turns a damaged step into null, and anything else the engine refuses.
    if (!Array.isArray(before) || "error" in rankOf({ ...game, rows: before })) {
      // The steps before a lost one cannot be reached in order, so Undo stops here for good.
      if (!this.change(game.id, { ...game, history: [] }, { current: game.id, refused })) return;
      this.editing = null;
      this.clearEntry();
      this.tell("Undo cannot go back any further: the saved copy of the sheet before the last entry is damaged. " +
        "The scores are as they were.");
      this.render();
      this.app.querySelector(".sk-notice")?.focus();
      return;
    }
    let said;
    if (before.length < after.length) {
      said = after.length - before.length === 1
        ? `Removed ${unit} ${after.length}.`
        : `Removed ${unit}s ${before.length + 1} to ${after.length}.`;
    } else {
      const k = after.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
      said = k >= 0 ? `Undid the change to ${unit} ${k + 1}.` : "Undid the last entry.";
    }
    if (!this.change(game.id, { ...game, rows: before, history, updated: new Date().toISOString() }, { current: game.id, refused })) return;
    this.said = said;
    this.editing = null;
    this.clearEntry();
    this.render();
    const undo = document.getElementById("sk-undo");
    (undo && !undo.disabled ? undo : this.app.querySelector(".sk-entry input:not([readonly])"))?.focus();
  }

  renderEntry(game, info, result) {
    const index = this.editing ?? game.rows.length;
    const editing = this.editing !== null;
    const unit = game.game === "chips" ? "Round" : "Hand";
    const seats = this.seats(game, index);
    const current = editing ? game.rows[index] : null;
    const saved = current ? (game.game === "chips" ? current.scores : current) : {};
    // What was typed wins over what is saved, so a refused entry comes back as it was typed.
    const draft = this.entryDraft && this.entryDraft.gameId === game.id && this.entryDraft.index === index ? this.entryDraft : null;
    const valueOf = (p) => String((draft ? own(draft.values, p) : own(saved, p)) ?? "");
    const calledNow = draft ? draft.called : current?.called ?? "";
    const form = h("form", { className: "sk-entry sk-noprint", "aria-labelledby": "sk-entry-title", novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        this.enter(form, index);
      },
      oninput: () => this.keepDraft(form, game, index),
      onchange: () => this.keepDraft(form, game, index) });
    let title = `${unit} ${index + 1}`;
    if (game.game === "chips") title += ` of ${info.rounds}: ${info.hand_sizes?.[index]} cards each`;
    if (game.game === "chains") title += ` of ${info.rounds}`;
    form.append(h("h3", { id: "sk-entry-title", text: editing ? `Change ${title.toLowerCase()}` : title }));
    let who = `${seats.dealer} deals`;
    if (game.game === "chips") who += `; ${seats.extra} gets the extra card and opens the round`;
    form.append(h("p", { className: "sk-who", text: `${who}.` }));
    // What opening means, in the ruling's own words (rules-data, through the page's config).
    if (info.opening?.text) {
      const note = h("p", { className: "sk-hint sk-opening" }, h("span", { text: `${info.opening.title}: ${info.opening.text} ` }));
      if (info.opening.href) note.append(h("a", { href: info.opening.href, text: "The ruling" }));
      form.append(note);
    }
    const errorId = "sk-entry-error";
    const errorFor = (field) => (this.error && this.errorField === field
      ? h("p", { className: "sk-error sk-error--field", id: errorId, text: this.error })
      : null);
    const invalid = (field) => (this.error && this.errorField === field
      ? { "aria-invalid": "true", "aria-describedby": errorId } : {});
    const grid = h("div", { className: "sk-grid" });
    // Chips: who called comes first, since it decides which score box stays empty.
    if (game.game === "chips") {
      const select = h("select", { id: "sk-called", className: "sk-input", "aria-describedby": "sk-called-hint", ...invalid("called"),
        onchange: () => this.markCaller(form) },
        h("option", { value: "", text: "Not noted" }));
      for (const p of game.players) select.append(h("option", { value: p, text: p, selected: calledNow === p }));
      if (this.errorField === "called") select.setAttribute("aria-describedby", `sk-called-hint ${errorId}`);
      grid.append(h("div", { className: "sk-cellbox sk-cellbox--wide" },
        h("label", { for: "sk-called", text: "Who called chips?" }), select,
        h("p", { className: "sk-hint", id: "sk-called-hint", text: "The player who called chips scores 0; leave their score empty." }),
        errorFor("called")));
    }
    const before = editing && game.game === "3-chip-stack" ? rankOf({ ...game, rows: game.rows.slice(0, index) }) : result;
    const what = game.game === "3-chip-stack" ? "chips after the hand" : game.game === "chips" ? "score" : "points";
    game.players.forEach((p, i) => {
      const id = `sk-entry-${i}`;
      const out = game.game === "3-chip-stack" && own(before.out, p) !== undefined;
      grid.append(h("div", { className: "sk-cellbox" },
        h("label", { for: id, text: `${p}: ${what}` }),
        out
          ? h("input", { type: "text", id, className: "sk-input sk-input--num", value: "out", readonly: true, "data-out": "1" })
          : h("input", { type: "number", id, className: "sk-input sk-input--num", min: "0", step: game.game === "chains" ? "5" : "1",
            inputmode: "numeric", value: valueOf(p), "data-player": p, placeholder: calledNow === p ? "0" : undefined, ...invalid(p) }),
        errorFor(p)));
    });
    form.append(grid);
    if (game.game === "3-chip-stack") form.append(h("p", { className: "sk-hint", text: `The counts must add up to ${result.total}: chips are only won and lost between players.` }));
    if (this.error && this.errorField === null) form.append(h("p", { className: "sk-error", id: errorId, role: "alert", tabindex: "-1", text: this.error }));
    const buttons = h("div", { className: "sk-row" },
      h("button", { type: "submit", className: "md-button md-button--primary", id: "sk-enter", text: editing ? `Save ${unit.toLowerCase()} ${index + 1}` : `Add ${unit.toLowerCase()} ${index + 1}` }));
    if (editing) {
      buttons.append(h("button", { type: "button", className: "md-button", id: "sk-cancel", text: "Cancel", onclick: () => {
        this.editing = null;
        this.clearEntry();
        this.render();
      } }));
    }
    form.append(buttons);
    return form;
  }

  /** Keep what is in the entry form, so a re-render (an error, a dismissed notice) refills it. */
  keepDraft(form, game, index) {
    const values = dict();
    for (const input of form.querySelectorAll("input[data-player]")) values[input.dataset.player] = input.value;
    const called = form.querySelector("#sk-called")?.value ?? "";
    this.entryDraft = { gameId: game.id, index, values, called };
  }

  /** Show "0" in the caller's (empty) box; the others lose it. */
  markCaller(form) {
    const called = form.querySelector("#sk-called")?.value ?? "";
    for (const input of form.querySelectorAll("input[data-player]")) {
      if (input.dataset.player === called) input.placeholder = "0";
      else input.removeAttribute("placeholder");
    }
  }

  /** Read the entry form into a row; a missing or malformed number is refused here, the rest by the engine. */
  enter(form, index) {
    const game = this.game;
    this.keepDraft(form, game, index);
    const called = game.game === "chips" ? form.querySelector("#sk-called").value || null : null;
    // Entries, not scores[p] = ...: on a plain object, scores["__proto__"] = 5 sets no key at all.
    const entries = [];
    for (const input of form.querySelectorAll("input[data-player]")) {
      const p = input.dataset.player;
      const text = input.value.trim();
      if (text === "" && p === called) {
        entries.push([p, 0]);
        continue;
      }
      if (!/^\d+$/.test(text)) {
        // A number box holds "" for text it cannot read as a number ("1,5"): say so, not "blank".
        const unreadable = text === "" && input.validity?.badInput;
        this.fail(text === "" && !unreadable
          ? `Write ${p}'s ${game.game === "3-chip-stack" ? "chips" : "score"} (a whole number, 0 or more).`
          : `${p}: ${unreadable ? "that" : `“${text}”`} is not a whole number of ${game.game === "3-chip-stack" ? "chips" : "points"}, 0 or more.`, p);
        return;
      }
      entries.push([p, Number(text)]);
    }
    const scores = Object.fromEntries(entries);
    const row = game.game === "chips" ? (called ? { scores, called } : { scores, called: null }) : scores;
    const rows = [...game.rows];
    rows[index] = row;
    const ok = this.commit(rows, index);
    if (ok && !this.focusEntry()) document.getElementById("sk-undo")?.focus();
  }

  renderStanding(game, info, result) {
    const box = h("section", { className: "sk-standing", "aria-labelledby": "sk-standing-title" });
    const done = result.finished;
    box.append(h("h3", { id: "sk-standing-title", text: done ? "Result" : "Standing" }));
    if (!game.rows.length) {
      box.append(h("p", { text: "No scores yet." }));
      return box;
    }
    const list = h("ol", { className: "sk-ranking" });
    let place = 1;
    let tieWords = false;
    result.ranking.forEach((group, g) => {
      const shared = group.length > 1 ? " (shared)" : "";
      const detail = group.map((p) => {
        if (game.game === "3-chip-stack") {
          const out = own(result.out, p);
          return out ? `${p}: out in hand ${out}` : `${p}: ${own(result.chips, p)} chips`;
        }
        return `${p}: ${own(result.totals, p)}${game.game === "chips" ? `, called chips ${own(result.calls, p)}×` : ""}`;
      }).join("; ");
      const li = h("li", { value: String(place) }, h("strong", { text: `${ordinal(place)}${shared}` }), h("span", { text: ` ${detail}` }));
      // Level on points with the place above, yet below it: say which tie-breaker put it there.
      const why = g > 0 ? this.whyBelow(game, result, result.ranking[g - 1][0], group[0]) : null;
      if (why) {
        li.append(h("span", { className: "sk-tie-why", text: ` ${why}` }));
        tieWords = true;
      }
      list.append(li);
      place += group.length;
    });
    box.append(list);
    box.append(h("p", { className: "sk-explain", text: this.sentence(game, result) }));
    const firstByTie = game.game === "chips" && result.decided_by !== "total" && result.ranking.length > 1;
    if ((done || tieWords || firstByTie) && info.tie_breakers?.length && game.game === "chips") {
      box.append(h("p", { className: "sk-hint", text: "Tie-breakers, in order:" }));
      box.append(h("ol", { className: "sk-ties" }, ...info.tie_breakers.map((t) => h("li", { text: t }))));
    }
    return box;
  }

  /** Why `below` is placed under `above` when both have the same total (Chips: the tie-breakers,
   * asked of the engine for just the two of them), or null when their totals differ. */
  whyBelow(game, result, above, below) {
    if (game.game !== "chips") return null;
    const total = own(result.totals, above);
    if (total !== own(result.totals, below)) return null;
    const pair = [above, below];
    const rounds = game.rows.map((row) => ({
      scores: Object.fromEntries(pair.map((p) => [p, own(row.scores, p) ?? 0])),
      called: pair.includes(row.called) ? row.called : null,
    }));
    const two = rankOf({ ...game, players: pair, rows: rounds });
    if ("error" in two) return null;
    const times = (n) => ({ 0: "no times", 1: "once", 2: "twice" })[n] ?? `${n} times`;
    if (two.decided_by === "calls") {
      return `Level with ${above} on ${total}, placed below by the first tie-breaker: ` +
        `${above} called chips ${times(own(two.calls, above))}, ${below} ${times(own(two.calls, below))}.`;
    }
    const m = /^round-(\d+)$/.exec(two.decided_by || "");
    if (m) {
      const size = Number(m[1]);
      const index = (this.info.chips?.hand_sizes || []).indexOf(size);
      const upTo = (p) => game.rows.slice(0, index + 1).reduce((sum, row) => sum + (own(row.scores, p) ?? 0), 0);
      return `Level with ${above} on ${total} and on chips called, placed below by the second tie-breaker: ` +
        `after the ${size}-card round ${above} had ${upTo(above)}, ${below} ${upTo(below)}.`;
    }
    return null;
  }

  /** The words for the leader or the winner. */
  sentence(game, result) {
    const first = result.ranking[0];
    if (!game.rows.length) return "";
    if (game.game === "3-chip-stack") return result.explanation;
    if (result.finished) {
      if (game.game === "chips") return result.explanation;
      return first.length > 1
        ? `${listNames(first)} share the win on ${own(result.totals, first[0])}.`
        : `${first[0]} wins with the lowest total, ${own(result.totals, first[0])}.`;
    }
    const after = `after ${game.game === "chips" ? "round" : "hand"} ${game.rows.length}`;
    return first.length > 1
      ? `${listNames(first)} share the lead on ${own(result.totals, first[0])} ${after}.`
      : `${first[0]} leads on ${own(result.totals, first[0])} ${after}.`;
  }

  announce(game, result) {
    const standing = game.rows.length ? `${result.finished ? "Game over. " : ""}${this.sentence(game, result)}` : "";
    this.say([this.said, standing].filter(Boolean).join(" "));
  }

  csv(game, info, result) {
    const cell = (v) => {
      let s = String(v ?? "");
      if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // never a formula in a spreadsheet
      return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const unit = game.game === "chips" ? "Round" : "Hand";
    const lines = [];
    const head = [unit];
    if (game.game === "chips") head.push("Cards");
    head.push("Dealer");
    if (game.game === "chips") head.push("Extra card");
    head.push(...game.players);
    if (game.game === "chips") head.push("Called chips");
    lines.push(head);
    game.rows.forEach((row, i) => {
      const seats = this.seats(game, i);
      const line = [i + 1];
      if (game.game === "chips") line.push(info.hand_sizes?.[i] ?? i + 3);
      line.push(seats.dealer);
      if (game.game === "chips") line.push(seats.extra);
      const scores = game.game === "chips" ? row.scores : row;
      line.push(...game.players.map((p) => own(scores, p) ?? 0));
      if (game.game === "chips") line.push(row.called ?? "");
      lines.push(line);
    });
    if (game.game !== "3-chip-stack") {
      const pad = game.game === "chips" ? ["Total", "", "", ""] : ["Total", ""];
      lines.push([...pad, ...game.players.map((p) => own(result.totals, p)), ...(game.game === "chips" ? [""] : [])]);
    }
    lines.push([]);
    lines.push(["Place", "Players"]);
    let place = 1;
    for (const group of result.ranking) {
      lines.push([place, group.join(" and ")]);
      place += group.length;
    }
    lines.push(["Result", this.sentence(game, result)]);
    return lines.map((l) => l.map(cell).join(",")).join("\r\n") + "\r\n";
  }
}

function mountAll() {
  for (const root of document.querySelectorAll("[data-score-keeper]")) {
    if (root.dataset.skMounted === "1") continue;
    root.dataset.skMounted = "1";
    new ScoreKeeper(root);
  }
}

// Material's document$ emits on the first load and after every instant navigation.
const doc$ = globalThis.document$;
if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(mountAll);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
