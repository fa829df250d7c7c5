// The score keeper (docs/keep-score.md): upgrades the plain-form sheets rendered by
// generator/templates/scorekeeper/page.html into a live sheet that adds up, names the leader,
// ranks with each game's tie-breakers (the JS ports of the Python rank records) and keeps every
// game on this device (localStorage, saved after every entry).
//
// Three modules by concept, and this one between them:
//   store.js   the saved games: load, save, versioned migration, copies set aside and put back,
//              never rewriting what it cannot read; and the one set of bounds (names, scores,
//              dates) that the form, links, files and storage all meet
//   view.js    the DOM, from textContent only (sheet.js: the words and seats it shows)
//   share.js   links (#game=...), the file export and import, the CSV
//   this file  the controller: the state of the page, and what each control does to it.
//
// Mounted inside Material's document$ (instant navigation swaps pages without re-running
// scripts); mounting twice is harmless. No globals.
//
// Two tabs (or windows) on one saved game stay in step: each listens for the other's saves (the
// storage event) and every save is written on top of what is stored now, refused with a message
// when another tab changed or deleted the game since (store.js keeps a revision per game).
// Player names are keys people type, so anything keyed by a name is a Map, an object without a
// prototype or an own-property lookup (own()): "__proto__" and "toString" are names like others.
import { clip } from "../engine/limits.js";
import {
  HISTORY_LIMIT, MAX_POINTS, MAX_ROWS, NEWER_WORDS, STORE_KEY, checkGame, cleanName, copies, declaredOf, deleteCopy, foreignWords, houseOf, loadStore,
  own, restoreCopy, startsWith, storage, useDeclared, writeChange,
} from "./store.js";
import { signed } from "../engine/rank/declared.js";
import { MAX_FILE_BYTES, placeIncoming, readFile, readFragment } from "./share.js";
import { fieldOf, houseNotice, humanize, optionsOf, unitOf } from "./sheet.js";
import { focusAdded, focusEntry, render } from "./view.js";
import { readSaved } from "../house/store.js";
import { FULL_NOTICE, openStore } from "./store.js";
import { FULL_WORDS } from "../store.js";

const newId = () => `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The keeper mounted last in this document (ScoreKeeper.takeOver). */
let mounted = null;

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
    // The games whose files declare their scoring (issue 38), known before storage is read: a saved
    // game of one is read and ranked, not kept aside as a newer page's.
    useDeclared(config.games);
    // A full store is read all the same (issue 39): the saved games show, and the sheet says
    // that changes cannot be saved.
    const opened = openStore();
    this.store = opened.store;
    const { data, message } = loadStore(this.store);
    this.data = data;
    this.notice = [opened.full ? FULL_NOTICE : null, message, foreignWords(data)].filter(Boolean).join(" ") || null;
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
    // The row the last Add or Save put in the table ("added" or "saved", this.addedHow): shown in
    // words above the next entry and highlighted in the table until the next action (issue 28).
    this.added = null;
    this.addedHow = "added";
    this.confirmingDelete = false;
    // The share panel (the link to send) is open.
    this.sharing = false;
    // A link or file that would bring a saved game up to date, waiting for the player's answer:
    // { incoming, how, savedRows }.
    this.incoming = null;
    // The key of the copy set aside whose deletion is being asked about.
    this.confirmingCopy = null;

    root.querySelector(".sk-static")?.setAttribute("hidden", "");
    this.app = document.createElement("div");
    this.app.className = "sk-app";
    // Visually hidden: the leader is already on screen in the standing; this only announces.
    this.live = document.createElement("p");
    this.live.className = "sk-live sk-sr";
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
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
      this.focusNotice();
    };
    window.addEventListener("hashchange", this.onHash);
    this.receiveLink();
    this.takeOver(mounted);
    mounted = this;
    this.render();
    if (this.incoming) document.getElementById("sk-incoming-no")?.focus();
  }

  /** Material's instant navigation may swap in a fresh copy of this very page while the keeper
   * it replaces is busy: the first change of the address's fragment in a document (a second share
   * link opened in the open page) has it fetch the page again. The question or notice the old
   * keeper was showing carries over, unless this one has its own, so a link being answered is
   * never dropped without a word. */
  takeOver(before) {
    if (!before || before === this || before.root.isConnected) return;
    if (!this.incoming && before.incoming) this.incoming = before.incoming;
    if (!this.notice && before.notice) {
      this.notice = before.notice;
      this.noticeUntilSave = before.noticeUntilSave;
    }
  }

  render() {
    render(this);
  }

  focusNotice() {
    (this.app.querySelector(".sk-incoming #sk-incoming-no") || this.app.querySelector(".sk-notice"))?.focus();
  }

  get game() {
    return this.data.current ? own(this.data.games, this.data.current) ?? null : null;
  }

  // --- games from elsewhere -------------------------------------------------------------

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
    if (this.adopt(read.game, "link")) this.tellRules(read);
  }

  /** After a game came by link or file: say so when its table's rules name what this page does
   * not know (kept with the game) or could not be read (the game came without them). */
  tellRules(read) {
    const note = houseNotice(read.game, this.info[read.game.game], read.houseUnread);
    if (note) this.tell([this.notice, note].filter(Boolean).join(" "));
  }

  /** Save a game that came by link or file (placeIncoming says how, losing nothing) and open it.
   * When it would bring a saved game up to date, the player is asked first (`confirmed`: they
   * said yes). */
  adopt(incoming, how, confirmed = false) {
    if (this.data.newer) {
      this.tell(`No game was opened from ${how === "link" ? "the link" : "the file"}. ${NEWER_WORDS}`);
      return false;
    }
    const place = placeIncoming(this.data.games, incoming, newId);
    const info = this.info[incoming.game] || { name: incoming.game };
    const unit = unitOf(incoming);
    const n = incoming.rows.length;
    const what = `${info.name}: ${incoming.players.join(", ")} (${n} ${unit}${n === 1 ? "" : "s"})`;
    const from = how === "link" ? "the link" : "the file";
    this.incoming = null;
    if (place.action === "open") {
      this.saveCurrent(place.id);
      this.tell(`This device already has the game in ${from}, ${what}: here it is.`);
      return true;
    }
    if (place.action === "update" && !confirmed) {
      // Ask first: show this device's game, and the question above it.
      this.saveCurrent(place.id);
      this.editing = null;
      this.clearEntry();
      this.tell(null);
      this.incoming = { incoming, how, savedRows: own(this.data.games, place.id)?.rows.length ?? 0 };
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

  /** The answer to "Bring the saved game up to date?". */
  answerIncoming(yes) {
    const pending = this.incoming;
    if (!pending) return;
    this.incoming = null;
    if (yes) {
      // Placed again: the saved game may have changed since the question (another tab).
      this.adopt(pending.incoming, pending.how, true);
    } else {
      this.tell(`Kept this device's game as it was: nothing from ${pending.how === "link" ? "the link" : "the file"} was saved.`);
    }
    this.render();
    this.focusNotice();
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
    } else if (this.adopt(read.game, "file")) {
      this.tellRules(read);
    }
    this.render();
    this.focusNotice();
  }

  // --- saving ---------------------------------------------------------------------------

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
    const wasNewer = this.data.newer;
    const foreignBefore = JSON.stringify(this.data.foreign.map(([key]) => key));
    this.data = data;
    this.data.current = theirs ? id : null;
    if (data.newer) {
      // A newer page saved its own format: show nothing of it, save nothing over it.
      this.incoming = null;
      this.clearEntry();
      this.editing = null;
      this.tell(message);
      this.render();
      return;
    }
    if (wasNewer) this.tell(null);
    if (message) this.tell(message);
    if (JSON.stringify(data.foreign.map(([key]) => key)) !== foreignBefore && foreignWords(data)) this.tell(foreignWords(data));
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
   * the sheet shows the newer state with `refused(conflict)` as the notice, and this is false.
   * When a newer version of the page saved the store, nothing is saved either, and it says so. */
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
      this.incoming = null;
      this.tell(res.conflict === "newer" ? NEWER_WORDS : refused(res.conflict), true);
      this.render();
      this.focusNotice();
      return false;
    }
    if (this.noticeUntilSave) this.tell(null);
    if (res.message) this.tell(res.message);
    if (!res.saved) {
      this.tell(res.full ? `The sheet could not be saved: ${FULL_WORDS.charAt(0).toLowerCase()}${FULL_WORDS.slice(1)}. `
        + "It stays on this page; delete a game or a copy set aside that you no longer need, then save again."
        : "The sheet could not be saved in this browser (its storage is switched off).");
    }
    return true;
  }

  /** The table's rules the new-game form shows for `kind` (issue 25): chosen there, else what this
   * device saved for the game on its page ("Your table's rules", house/store.js), else a family
   * edition's own (the page's book), else the family's. Every option's value, by id. */
  houseDraft(kind) {
    const draft = this.draft;
    draft.house = draft.house || Object.create(null);
    if (!Object.hasOwn(draft.house, kind)) {
      const options = optionsOf(this.info[kind]);
      const saved = readSaved(kind).house;
      const book = this.info[kind]?.house?.book || {};
      const chosen = Object.create(null);
      for (const o of options) {
        const pick = [own(saved, o.id), own(book, o.id), o.default].find((v) => typeof v === "string" && o.values.includes(v));
        chosen[o.id] = pick;
      }
      draft.house[kind] = chosen;
    }
    return draft.house[kind];
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
    if (res.conflict === "newer") this.tell(NEWER_WORDS);
    else if (res.message) this.tell(res.message);
  }

  /** Open a saved game (null: the form for a new one). */
  open(id) {
    this.editing = null;
    this.incoming = null;
    this.clearEntry();
    this.saveCurrent(id);
    this.render();
  }

  /** Start editing row `index` (null: stop). */
  edit(index) {
    this.editing = index;
    this.clearEntry();
    this.render();
    if (index !== null) focusEntry(this);
  }

  /** Replace the rows of the current game if they are within the bounds and the engine accepts
   * them; keep the old for undo. `index` is the row being entered: an error about one of its
   * boxes is shown there. */
  commit(rows, index) {
    const game = this.game;
    const checked = checkGame({ ...game, rows });
    if ("error" in checked) {
      this.fail(humanize(checked.error), fieldOf(checked.error, game, index));
      return false;
    }
    const unit = unitOf(game);
    const what = index < game.rows.length ? `the change to ${unit} ${index + 1}` : `${unit} ${index + 1}`;
    const next = { ...game, rows, history: [...(game.history || []), game.rows].slice(-HISTORY_LIMIT), updated: new Date().toISOString() };
    const saved = this.change(game.id, next, { current: game.id, refused: (conflict) => (conflict === "deleted"
      ? `This game was deleted in another tab or window, so ${what} was not saved, and the game stays deleted.`
      : `This game was changed in another tab or window, so ${what} was not saved here. ` +
        `The sheet now shows the newer scores: check them, and enter it again if it is still needed.`) });
    if (!saved) return false;
    this.clearEntry();
    this.editing = null;
    this.added = index;
    this.addedHow = index < game.rows.length ? "saved" : "added";
    this.said = index < game.rows.length ? `Saved the change to ${unit} ${index + 1}.` : `Added ${unit} ${index + 1}.`;
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
    this.added = null;
  }

  /** A new game from the setup form: the names cleaned (store.js cleanName) and checked with the
   * same bounds as a game from a link or a file. */
  start() {
    const draft = this.draft;
    const players = draft.players.map(cleanName).filter(Boolean);
    const info = this.info[draft.game] || {};
    const game = { id: newId(), game: draft.game, players, rows: [], history: [], created: new Date().toISOString() };
    game.updated = game.created;
    if (startsWith(draft.game)) game.start = /^\d+$/.test(String(draft.start).trim()) ? Number(draft.start) : NaN;
    // The table's rules chosen in the form (issue 25): only those away from the family's rules.
    const rules = houseOf({ house: draft.house?.[draft.game] }, optionsOf(info));
    if (Object.keys(rules).length) game.house = { ...rules };
    let error = null;
    if (players.length < (info.min_players || 2)) error = `Write the names of at least ${info.min_players || 2} players.`;
    else if (draft.game === "3-chip-stack" && !Number.isInteger(game.start)) error = "Starting chips: write a whole number, like 15.";
    else if (startsWith(draft.game) && !(game.start >= 1)) error = "Starting total: write a whole number, 1 or more, like 10.";
    else {
      const res = checkGame(game);
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
    focusEntry(this);
  }

  /** The entry form's row (this.entryDraft, read by the view) into the sheet; a missing,
   * malformed or too big number is refused here, the rest by checkGame and the engine. */
  enter(index) {
    const game = this.game;
    const draft = this.entryDraft;
    const called = game.game === "chips" ? draft.called || null : null;
    const noun = game.game === "3-chip-stack" ? "chips" : "points";
    // A last-player-left declared game's hand may take points away (issue 38): a signed number.
    const minus = declaredOf(game.game) !== null && signed(declaredOf(game.game));
    const whole = minus ? /^-?\d+$/ : /^\d+$/;
    // Entries, not scores[p] = ...: on a plain object, scores["__proto__"] = 5 sets no key at all.
    const entries = [];
    for (const p of game.players) {
      if (!Object.hasOwn(draft.values, p)) continue; // out of 3 Chip Stack: no box
      const text = String(draft.values[p]).trim();
      if (text === "" && p === called) {
        entries.push([p, 0]);
        continue;
      }
      if (!whole.test(text)) {
        // A number box holds "" for text it cannot read as a number ("1,5"): say so, not "blank".
        const unreadable = text === "" && draft.unreadable.includes(p);
        this.fail(text === "" && !unreadable
          ? `Write ${p}'s ${game.game === "3-chip-stack" ? "chips" : "score"} (a whole number${minus ? ", below 0 for points lost" : ", 0 or more"}).`
          : `${p}: ${unreadable ? "that" : `“${clip(text)}”`} is not a whole number of ${noun}${minus ? "" : ", 0 or more"}.`, p);
        return;
      }
      // Compared as typed: past 2^53 a number is rounded, and 9007199254740993 reads as ...992.
      if (text.replace(/^-?0*(?=\d)/, "").length > String(MAX_POINTS).length || Math.abs(Number(text)) > MAX_POINTS) {
        this.fail(`${p}: ${clip(text)} is more than ${MAX_POINTS.toLocaleString("en-US")} ${noun}, the most this sheet takes ` +
          `in one ${unitOf(game)}.`, p);
        return;
      }
      entries.push([p, Number(text)]);
    }
    if (index >= MAX_ROWS) {
      this.fail(`This sheet keeps at most ${MAX_ROWS} ${unitOf(game)}s.`, null);
      return;
    }
    const scores = Object.fromEntries(entries);
    const row = game.game === "chips" ? (called ? { scores, called } : { scores, called: null }) : scores;
    const rows = [...game.rows];
    rows[index] = row;
    const ok = this.commit(rows, index);
    if (ok && !focusEntry(this) && !focusAdded(this)) document.getElementById("sk-undo")?.focus();
  }

  /** Delete the open game (the second step of "Delete this game"); `what` names it. */
  deleteGame(what) {
    const game = this.game;
    // Deleting a game another tab has changed since would throw away scores never seen here.
    if (!this.change(game.id, null, { current: null, refused: () =>
      "This game was changed in another tab or window, so it was not deleted. The sheet now shows the newer scores." })) return;
    this.editing = null;
    this.clearEntry();
    this.said = `Deleted ${what}.`;
    this.render();
    document.getElementById("sk-saved")?.focus();
  }

  /** Take back the last entry or change, and say which it was in the live region. */
  undo() {
    const game = this.game;
    if (!game?.history?.length) return;
    const unit = unitOf(game);
    const history = game.history.slice(0, -1);
    const before = game.history[game.history.length - 1];
    const after = game.rows;
    const refused = () => "This game was changed in another tab or window, so Undo did nothing here. The sheet now shows the newer scores.";
    // What Undo would go back to is read from storage like everything else, so it is checked
    // first: loading turns a damaged step into null, and anything else the bounds refuse.
    if (!Array.isArray(before) || "error" in checkGame({ ...game, rows: before })) {
      // The steps before a lost one cannot be reached in order, so Undo stops here for good.
      if (!this.change(game.id, { ...game, history: [] }, { current: game.id, refused })) return;
      this.editing = null;
      this.clearEntry();
      this.tell("Undo cannot go back any further: the saved copy of the sheet before the last entry is damaged. " +
        "The scores are as they were.");
      this.render();
      this.focusNotice();
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

  // --- copies set aside -----------------------------------------------------------------

  /** Put the copy under `key` back among the saved games (store.js restoreCopy says how). */
  restoreCopy(key) {
    const res = restoreCopy(this.store, key, newId);
    this.data = res.data;
    if (this.data.current !== null && !own(this.data.games, this.data.current)) this.data.current = null;
    this.confirmingCopy = null;
    this.tell(res.message);
    this.render();
    this.focusNotice();
  }

  /** Forget a copy set aside (the second step of "Delete the copy"). */
  deleteCopy(key) {
    const at = copies(this.store).findIndex((c) => c.key === key);
    deleteCopy(this.store, key);
    this.confirmingCopy = null;
    this.said = "The copy is deleted.";
    this.render();
    const left = this.app.querySelectorAll(".sk-backups .sk-backup-file");
    (left[Math.min(at, left.length - 1)] || document.getElementById("sk-saved") || this.app.querySelector("button"))?.focus();
  }
}

function mountAll() {
  const roots = document.querySelectorAll("[data-score-keeper]");
  // Another page came in between: what the last keeper said belongs to a visit already over.
  if (!roots.length) mounted = null;
  for (const root of roots) {
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
