// The score keeper's view: the DOM of the live sheet, built from the controller's state
// (scorekeeper.js, passed in as `sk`) with textContent only, never innerHTML. Every control calls
// back into the controller; nothing here saves or reads storage.
//
// Player names are shown isolated (<bdi>), so a name in a right-to-left script never reorders the
// words around it; the names themselves hold no direction controls (store.js cleanName).
import { MAX_POINTS, NAME_CHARS, copies, declaredOf, own, rankOf, startsWith } from "./store.js";
import { signed } from "../engine/rank/declared.js";
import { exportCsv, exportFile, shareUrl } from "./share.js";
import { houseWords, listNames, optionsOf, ordinal, readingWords, seats, sentence, whoseOf, whyBelow } from "./sheet.js";

/** An element; `text` goes in through textContent, other props as attributes or properties;
 * children are elements or strings (text nodes). */
export function h(tag, props = {}, ...children) {
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

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` as nodes, each of `players`' names in it isolated in a <bdi> (a name only where it
 * stands as a word: "Ann" is not looked for inside "Annual"). */
export function withNames(text, players) {
  const names = [...new Set(players)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!text || !names.length) return [text];
  const find = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${names.map(escape).join("|")})(?![\\p{L}\\p{N}\\p{M}])`, "gu");
  const out = [];
  let from = 0;
  for (const m of text.matchAll(find)) {
    if (m.index > from) out.push(text.slice(from, m.index));
    out.push(h("bdi", { text: m[0] }));
    from = m.index + m[0].length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** The names, each isolated, joined with ", ". */
const nameList = (players) => players.flatMap((p, i) => (i ? [", ", h("bdi", { text: p })] : [h("bdi", { text: p })]));

/** Put words in the live region (only when they change, so nothing is read twice). */
export function say(sk, text) {
  if (sk.live.textContent !== text) sk.live.textContent = text;
}

export function render(sk) {
  const focusId = document.activeElement && sk.app.contains(document.activeElement) ? document.activeElement.id : null;
  sk.resize?.disconnect();
  sk.resize = null;
  for (const url of sk.urls) URL.revokeObjectURL(url);
  sk.urls = [];
  const parts = [];
  if (sk.notice) {
    parts.push(h("div", { className: "sk-notice", role: "alert", tabindex: "-1" },
      h("p", { text: sk.notice }),
      h("button", { type: "button", className: "md-button", text: "Dismiss", onclick: () => { sk.tell(null); sk.render(); } })));
  }
  if (sk.data.newer) {
    parts.push(renderNewer(sk));
  } else {
    parts.push(renderBar(sk));
    if (sk.incoming) parts.push(renderIncoming(sk));
    parts.push(sk.game ? renderSheet(sk) : renderSetup(sk));
  }
  const kept = renderCopies(sk);
  if (kept) parts.push(kept);
  sk.app.replaceChildren(...parts);
  if (!sk.game) say(sk, sk.said || "");
  sk.said = null;
  if (focusId) document.getElementById(focusId)?.focus();
  watchScroll(sk);
}

/** Say under the table when it is wider than its box (6+ players on a phone), and only then. */
function watchScroll(sk) {
  const box = sk.app.querySelector(".sk-live-sheet .sk-scroll");
  const hint = sk.app.querySelector(".sk-scroll-hint");
  if (!box || !hint) return;
  const check = () => { hint.hidden = box.scrollWidth <= box.clientWidth + 1; };
  check();
  if (typeof ResizeObserver === "function") {
    sk.resize = new ResizeObserver(check);
    sk.resize.observe(box);
  }
}

/** Focus the entry's first score box and bring it to the middle of the screen: a plain focus()
 * scrolls only as far as the box's edge, which leaves it under the site's sticky header. After an
 * Add, the confirmation above the next entry (#sk-added-note) comes to the top of the screen
 * instead, when the box is still in view below it; otherwise the box wins. */
export function focusEntry(sk, selector = ".sk-entry input:not([readonly])") {
  const box = sk.app.querySelector(selector);
  if (!box) return false;
  box.focus({ preventScroll: true });
  const note = sk.app.querySelector(".sk-entry #sk-added-note");
  if (note) {
    note.scrollIntoView({ block: "start" });
    if (box.getBoundingClientRect().bottom <= window.innerHeight) return true;
  }
  box.scrollIntoView({ block: "center" });
  return true;
}

/** The game is over after the last Add: its confirmation, above the result, takes the focus. */
export function focusAdded(sk) {
  const note = sk.app.querySelector("#sk-added-note");
  if (!note) return false;
  note.focus({ preventScroll: true });
  note.scrollIntoView({ block: "start" });
  return true;
}

/** The saved data is a newer version's: nothing can be saved here, so no form; a reload. */
function renderNewer(sk) {
  return h("section", { className: "sk-confirm sk-newer", "aria-labelledby": "sk-newer-title" },
    h("h2", { id: "sk-newer-title", text: "Saved by a newer version of this page" }),
    h("p", { text: "This page keeps the saved score sheets as they are and saves nothing over them. Reload it to get the newer version, which can show them." }),
    h("div", { className: "sk-row" },
      h("button", { type: "button", className: "md-button md-button--primary", id: "sk-reload", text: "Reload the page",
        onclick: () => window.location.reload() })));
}

function renderBar(sk) {
  const games = Object.values(sk.data.games).sort((a, b) => (b.updated || "").localeCompare(a.updated || ""));
  const select = h("select", { id: "sk-saved", className: "sk-input", onchange: (e) => sk.open(e.target.value || null) });
  select.append(h("option", { value: "", text: games.length ? "Start a new game" : "No saved games yet" }));
  for (const g of games) {
    const info = sk.info[g.game] || { name: g.game };
    const res = rankOf(g);
    const unit = g.game === "chips" ? "round" : "hand";
    const state = res.finished ? "finished" : `${g.rows.length} ${unit}${g.rows.length === 1 ? "" : "s"} so far`;
    // A game played by other rules than the family's says so (issue 25).
    const rules = houseWords(g, info).length ? ", your table's rules" : "";
    select.append(h("option", { value: g.id, text: `${info.name}: ${g.players.join(", ")} (${state}${rules})`, selected: g.id === sk.data.current }));
  }
  const picker = h("input", { type: "file", id: "sk-import", className: "sk-file", accept: ".json,application/json",
    onchange: (e) => {
      const file = e.target.files && e.target.files[0];
      if (file) sk.importFile(file);
    } });
  return h("div", { className: "sk-bar" },
    h("label", { for: "sk-saved", text: "Saved games" }), select,
    h("span", { className: "sk-filepick" }, picker,
      h("label", { for: "sk-import", className: "md-button", text: "Open a game file" })),
    h("button", { type: "button", className: "md-button", id: "sk-new", text: "New game", onclick: () => {
      sk.open(null);
      document.getElementById("sk-setup-game-chips")?.focus();
    } }));
}

/** A link or file brought a later point of a game saved here: bring it up to date, or not. */
function renderIncoming(sk) {
  const { incoming, how, savedRows } = sk.incoming;
  const info = sk.info[incoming.game] || { name: incoming.game };
  const unit = incoming.game === "chips" ? "round" : "hand";
  const count = (n) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const from = how === "link" ? "the link" : "the file";
  const question = `${from === "the link" ? "The link" : "The file"} holds a later point of a game saved on this device, ` +
    `${info.name}: ${incoming.players.join(", ")}. This device has ${count(savedRows)}; ${from} has ${count(incoming.rows.length)}, ` +
    `the same ${count(savedRows)} and ${incoming.rows.length - savedRows} more. Bring the saved game up to date? Undo can take it back.`;
  return h("div", { className: "sk-confirm sk-incoming sk-noprint", role: "group", "aria-labelledby": "sk-incoming-question" },
    h("p", { id: "sk-incoming-question", role: "alert" }, ...withNames(question, incoming.players)),
    h("div", { className: "sk-row" },
      h("button", { type: "button", className: "md-button md-button--primary", id: "sk-incoming-yes",
        text: "Yes, bring it up to date", onclick: () => sk.answerIncoming(true) }),
      h("button", { type: "button", className: "md-button", id: "sk-incoming-no",
        text: "No, keep this device's game as it is", onclick: () => sk.answerIncoming(false) })));
}

/** The copies set aside on this device (damaged or unreadable data, never thrown away): each can
 * be put back (when this page can read it), saved as a file as it is, or deleted. */
function renderCopies(sk) {
  const list = copies(sk.store);
  if (!list.length) return null;
  const items = list.map((copy, i) => {
    const when = copy.when.replace("T", " ").replace(/:\d\d\.\d+Z.*$/, " UTC");
    const what = copy.kind === "games"
      ? `${copy.count} ${copy.count === 1 ? "game" : "games"}, set aside ${when}.`
      : copy.kind === "newer"
        ? `Score sheets saved by a newer version of this page, set aside ${when}.`
        : `Data this page cannot read (damaged), set aside ${when}. Save it as a file to keep it as it is.`;
    const url = URL.createObjectURL(new Blob([copy.text], { type: "application/json" }));
    sk.urls.push(url);
    const id = `sk-copy-${i}`;
    const row = h("div", { className: "sk-row" });
    if (copy.kind !== "unreadable") {
      row.append(h("button", { type: "button", className: "md-button sk-restore", id: `${id}-restore`, text: "Put it back",
        "aria-describedby": `${id}-what`, onclick: () => sk.restoreCopy(copy.key) }));
    }
    row.append(h("a", { className: "md-button sk-backup-file", id: `${id}-file`, href: url, download: `score-sheets-copy-${copy.when.slice(0, 10)}.json`,
      "aria-describedby": `${id}-what`, text: "Save it as a file" }));
    const li = h("li", {}, h("p", { id: `${id}-what`, text: what }), row);
    if (sk.confirmingCopy === copy.key) {
      li.append(h("div", { className: "sk-confirm", role: "group", "aria-labelledby": `${id}-question` },
        h("p", { id: `${id}-question`, role: "alert", text: "Delete this copy from this device for good?" }),
        h("div", { className: "sk-row" },
          h("button", { type: "button", className: "md-button", id: `${id}-delete-yes`, text: "Yes, delete it", onclick: () => sk.deleteCopy(copy.key) }),
          h("button", { type: "button", className: "md-button", id: `${id}-delete-no`, text: "No, keep it", onclick: () => {
            sk.confirmingCopy = null;
            sk.render();
            document.getElementById(`${id}-delete`)?.focus();
          } }))));
    } else {
      row.append(h("button", { type: "button", className: "md-button sk-backup-delete", id: `${id}-delete`, text: "Delete the copy",
        "aria-describedby": `${id}-what`, onclick: () => {
          sk.confirmingCopy = copy.key;
          sk.render();
          document.getElementById(`${id}-delete-no`)?.focus();
        } }));
    }
    return li;
  });
  return h("section", { className: "sk-share sk-backups sk-noprint", "aria-labelledby": "sk-backups-title" },
    h("h2", { id: "sk-backups-title", text: "Copies set aside" }),
    h("p", { className: "sk-hint", text: "Saved data this page could not use was kept here, not thrown away. Put a copy back among the saved games, or save it as a file." }),
    h("ul", { className: "sk-copies" }, ...items));
}

// --- a new game -----------------------------------------------------------------------------

function renderSetup(sk) {
  const last = Object.values(sk.data.games).sort((a, b) => (b.updated || "").localeCompare(a.updated || ""))[0];
  const draft = sk.draft || { game: last?.game || "chips", players: last ? [...last.players] : ["", "", "", ""], start: 15 };
  sk.draft = draft;
  while (draft.players.length < 2) draft.players.push("");
  const info = sk.info[draft.game] || {};
  const form = h("form", { className: "sk-setup", "aria-labelledby": "sk-setup-title", onsubmit: (e) => {
    e.preventDefault();
    sk.start();
  } });
  form.append(h("h2", { id: "sk-setup-title", text: "A new game" }));
  const choose = h("fieldset", { className: "sk-fieldset" }, h("legend", { text: "Game" }));
  for (const g of Object.values(sk.info)) {
    choose.append(h("label", { className: "sk-choice" },
      h("input", { type: "radio", name: "sk-setup-game", id: `sk-setup-game-${g.id}`, value: g.id, checked: g.id === draft.game,
        onchange: () => { draft.game = g.id; sk.render(); document.getElementById(`sk-setup-game-${g.id}`)?.focus(); } }),
      h("span", { text: ` ${g.name}` })));
  }
  form.append(choose);
  const people = h("fieldset", { className: "sk-fieldset" },
    h("legend", { text: "Players, in seating order: play moves to the left, and the first player deals first" }));
  draft.players.forEach((name, i) => {
    people.append(h("div", { className: "sk-row" },
      h("label", { for: `sk-player-${i}`, className: "sk-field", text: `Seat ${i + 1}` }),
      h("input", { type: "text", id: `sk-player-${i}`, className: "sk-input", value: name, autocomplete: "off", maxlength: String(NAME_CHARS),
        dir: "auto", oninput: (e) => { draft.players[i] = e.target.value; } })));
  });
  const max = info.max_players || 20;
  people.append(h("div", { className: "sk-row" },
    h("button", { type: "button", className: "md-button", id: "sk-add-player", text: "Add a seat", disabled: draft.players.length >= max,
      onclick: () => { draft.players.push(""); sk.render(); document.getElementById(`sk-player-${draft.players.length - 1}`)?.focus(); } }),
    h("button", { type: "button", className: "md-button", id: "sk-remove-player", text: "Remove the last seat", disabled: draft.players.length <= 2,
      onclick: () => { draft.players.pop(); sk.render(); document.getElementById("sk-remove-player")?.focus(); } })));
  form.append(people);
  if (startsWith(draft.game)) {
    form.append(h("div", { className: "sk-row" },
      h("label", { for: "sk-start", className: "sk-field", text: draft.game === "3-chip-stack" ? "Starting chips for each player" : "Starting total for each player" }),
      h("input", { type: "number", id: "sk-start", className: "sk-input sk-input--num", min: "1", max: "1000", step: "1", inputmode: "numeric",
        value: String(draft.start), oninput: (e) => { draft.start = e.target.value; } })));
  }
  const rules = renderSetupHouse(sk, draft.game, info);
  if (rules) form.append(rules);
  if (sk.error) form.append(h("p", { className: "sk-error", role: "alert", tabindex: "-1", text: sk.error }));
  form.append(h("button", { type: "submit", className: "md-button md-button--primary", id: "sk-start-game", text: "Start the sheet" }));
  return form;
}

/** "Your table's rules" for the new game (issue 25): one choice per option of the game, in the
 * readings' own words, starting from what this device saved for the game (sk.houseDraft); the
 * game keeps them, and its links and files carry them. */
function renderSetupHouse(sk, kind, info) {
  const options = optionsOf(info);
  if (!options.length) return null;
  const chosen = sk.houseDraft(kind);
  const book = info.house.book || {};
  // Whose rules leave the choice: each game's own source (issue 37: "the family's" was said of all three).
  const whose = whoseOf(info);
  const set = h("fieldset", { className: "sk-fieldset sk-house", "data-sk-house": kind },
    h("legend", { text: "Your table's rules" }),
    h("p", { className: "sk-hint", id: "sk-house-help",
      text: `Where ${whose} rules leave a choice. The sheet starts from the rules this device keeps for the game on its page; a change here is for this game only.` }));
  // One radio group per option (issue 37): each choice by its short label, which wraps on a phone
  // as a one-line select cannot (its text was cut off at 390 px); the chosen reading in full below.
  const choice = (o) => {
    const group = h("fieldset", { className: "sk-fieldset sk-house__option", "data-sk-house-option": o.id, "aria-describedby": "sk-house-help" },
      h("legend", { className: "sk-field", text: o.title }));
    const theirs = book[o.id] ?? o.default;
    o.values.forEach((value) => {
      const id = `sk-house-${o.id}-${value}`;
      const mark = value === theirs ? (book[o.id] ? " (this book's rule)" : ` (${o.scope === "site" ? "the site's reading" : `${whose} rule`})`) : "";
      group.append(h("label", { className: "sk-choice sk-house__choice" },
        h("input", { type: "radio", name: `sk-house-${o.id}`, id, value, checked: chosen[o.id] === value,
          onchange: () => { chosen[o.id] = value; sk.render(); document.getElementById(id)?.focus(); } }),
        h("span", { className: "sk-house__label", text: `${readingWords(o, value)}${mark}` })));
    });
    const at = Math.max(0, o.values.indexOf(chosen[o.id]));
    group.append(h("p", { className: "sk-hint sk-house__reading", "data-sk-house-reading": o.id, text: o.labels[at] }));
    return group;
  };
  for (const o of options.filter((x) => x.scope !== "site")) set.append(choice(o));
  // What only tells this site's tools an order (scope "site", chips-ruling-layoff-order) is no way
  // a table plays: apart, under its own heading.
  const site = options.filter((x) => x.scope === "site");
  if (site.length) {
    const apart = h("fieldset", { className: "sk-fieldset sk-house__site", "data-sk-house-site": "" },
      h("legend", { text: "For this site's scorers" }),
      h("p", { className: "sk-hint", text: "Not a rule of the table: only what this score keeper does where it cannot watch the table." }));
    for (const o of site) apart.append(choice(o));
    set.append(apart);
  }
  const away = options.filter((o) => chosen[o.id] !== o.default);
  set.append(h("p", { className: "sk-hint sk-house__summary", "data-sk-house-summary": "", role: "status" },
    away.length ? `This game: your table's rules (${away.map((o) => readingWords(o, chosen[o.id])).join("; ")}).` : `This game: ${whose} rules.`));
  return set;
}

// --- the sheet ------------------------------------------------------------------------------

function renderSheet(sk) {
  const game = sk.game;
  const info = sk.info[game.game] || { name: game.game };
  const result = rankOf(game);
  const unit = game.game === "chips" ? "Round" : "Hand";
  const wrap = h("section", { className: "sk-live-sheet", "aria-labelledby": "sk-title" });
  wrap.append(h("h2", { id: "sk-title" }, `${info.name}: `, ...nameList(game.players)));
  if (game.game === "3-chip-stack") wrap.append(h("p", { text: `Each player started with ${game.start} chips; ${result.total} chips in all.` }));
  // A declared game (issue 38): how it is scored, when it ends and who wins, as its file declares.
  if (declaredOf(game.game) && info.words) {
    const start = startsWith(game.game) ? ` Each player started with ${game.start}.` : "";
    wrap.append(h("p", { className: "sk-declared", "data-sk-declared": game.game,
      text: `${info.words.hand} ${info.words.end} ${info.words.winner}${start}` }));
  }
  const rules = houseWords(game, info);
  wrap.append(h("p", { className: "sk-house-line", "data-sk-house-line": rules.length ? "house" : "family",
    text: rules.length ? `Played with your table's rules: ${rules.join("; ")}.` : `Played with ${whoseOf(info)} rules.` }));

  // The table of entries: one column a player and nothing else across, so eight players fit a
  // 360 px phone (issue 28). Cards, dealer, extra card and who called chips ride in the row
  // header as a small sub-line (as the plain sheet's .sk-seat-note does), with the row's Edit
  // button under it; the row header stays put (sticky) when a wide table scrolls sideways.
  const head = h("tr", {}, h("th", { scope: "col", className: "sk-rowhead", text: unit }));
  for (const p of game.players) head.append(h("th", { scope: "col", className: "sk-player" }, h("bdi", { text: p })));
  const body = h("tbody");
  const running = new Map(game.players.map((p) => [p, 0]));
  game.rows.forEach((row, i) => {
    const seat = seats(game, i);
    let note = game.game === "chips"
      ? `${info.hand_sizes?.[i] ?? i + 3} cards, ${seat.dealer} deals, ${seat.extra}: extra card`
      : `${seat.dealer} deals`;
    if (game.game === "chips") note += row.called ? `; ${row.called} called chips` : "; no call noted";
    const tr = h("tr", { className: sk.editing === i ? "sk-editing" : sk.added === i ? "sk-added" : undefined },
      h("th", { scope: "row", className: "sk-rowhead" }, h("span", { text: `${unit} ${i + 1}` }),
        h("span", { className: "sk-seat-note" }, " ", ...withNames(note, game.players)),
        h("button", { type: "button", className: "sk-link sk-noprint", id: `sk-edit-${i}`,
          "aria-label": `Edit ${unit.toLowerCase()} ${i + 1}`, text: "Edit", onclick: () => sk.edit(i) })));
    const scores = game.game === "chips" ? row.scores : row;
    for (const p of game.players) {
      const v = own(scores, p) ?? 0;
      if (game.game === "3-chip-stack") {
        tr.append(v === 0
          ? h("td", { className: "sk-num" }, h("span", { text: "0" }), h("span", { className: "sk-running", text: " (out)" }))
          : h("td", { className: "sk-num", text: String(v) }));
      } else {
        running.set(p, running.get(p) + v);
        tr.append(h("td", { className: "sk-num" }, h("span", { text: String(v) }),
          h("span", { className: "sk-running", text: ` (${running.get(p)})` })));
      }
    }
    body.append(tr);
  });
  if (game.game !== "3-chip-stack") {
    const tr = h("tr", { className: "sk-total" }, h("th", { scope: "row", className: "sk-rowhead", text: "Total" }));
    for (const p of game.players) tr.append(h("td", { className: "sk-num", text: String(own(result.totals, p) ?? 0) }));
    body.append(tr);
  }
  wrap.append(h("div", { className: "sk-scroll", role: "region", "aria-label": `${info.name} score table`, tabindex: "0" },
    h("table", { className: "sk-table" }, h("caption", { className: "sk-sr", text: `${info.name} score sheet` }), h("thead", {}, head), body)));
  wrap.append(h("p", { className: "sk-hint sk-scroll-hint sk-noprint", hidden: true,
    text: "The table is wider than the screen: scroll it sideways to see every player." }));

  // The next entry (or the one being edited).
  const done = result.finished;
  // The last entry's confirmation goes above the next entry; when none follows, above the result.
  const added = sk.editing === null ? renderAdded(sk, game) : null;
  if (added && done) wrap.append(added);
  if (sk.editing !== null || !done) wrap.append(renderEntry(sk, game, info, result, added));
  if (sk.error && sk.editing === null && done) {
    wrap.append(h("p", { className: "sk-error", role: "alert", tabindex: "-1", text: sk.error }));
  }

  // Where the game stands.
  wrap.append(renderStanding(sk, game, info, result));

  // Undo, print, export, delete.
  const actions = h("div", { className: "sk-actions sk-noprint" },
    h("button", { type: "button", className: "md-button", id: "sk-undo", text: "Undo the last entry",
      disabled: !(game.history && game.history.length), onclick: () => sk.undo() }),
    h("button", { type: "button", className: "md-button", id: "sk-print", text: "Print the sheet", onclick: () => window.print() }));
  const stamp = (game.updated || game.created || "").slice(0, 10);
  const base = `${game.game}-score-${stamp || "game"}`;
  actions.append(h("button", { type: "button", className: "md-button", id: "sk-share", text: "Share by link",
    "aria-expanded": sk.sharing ? "true" : "false", "aria-controls": "sk-share-panel", onclick: () => {
      sk.sharing = !sk.sharing;
      sk.render();
      document.getElementById(sk.sharing ? "sk-share-link" : "sk-share")?.focus();
      // Opening the panel copies the link at once, and says so (issue 40: it showed the link and
      // copied nothing).
      if (sk.sharing) copyShareLink();
    } }));
  // The file opens again with "Open a game file", on this device or another.
  const jsonUrl = URL.createObjectURL(new Blob([exportFile(game)], { type: "application/json" }));
  sk.urls.push(jsonUrl);
  actions.append(h("a", { className: "md-button", id: "sk-json", href: jsonUrl, download: `${base}.json`, text: "Save as a file (JSON)" }));
  if (done) {
    const csvUrl = URL.createObjectURL(new Blob([exportCsv(game, info, result)], { type: "text/csv;charset=utf-8" }));
    sk.urls.push(csvUrl);
    actions.append(h("a", { className: "md-button", id: "sk-csv", href: csvUrl, download: `${base}.csv`, text: "Export as CSV" }));
  }
  actions.append(h("button", { type: "button", className: "md-button", id: "sk-delete", text: "Delete this game",
    "aria-expanded": sk.confirmingDelete ? "true" : "false", onclick: () => {
      sk.confirmingDelete = true;
      sk.render();
      document.getElementById("sk-delete-no")?.focus();
    } }));
  wrap.append(actions);
  if (sk.sharing) wrap.append(renderShare(game, info));
  if (sk.confirmingDelete) wrap.append(renderConfirmDelete(sk, game, info));
  announce(sk, game, result);
  return wrap;
}

/** Copy the shown share link (#sk-share-link) and say so in #sk-share-status: the clipboard API,
 * then the older copy command on the selected box where the API is missing or refused (an
 * address without https, an older browser); if both fail, the link stays selected to copy by hand. */
async function copyShareLink() {
  const field = document.getElementById("sk-share-link");
  const status = document.getElementById("sk-share-status");
  if (!field || !status) return;
  field.select();
  let copied = false;
  try {
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") throw new Error("no clipboard");
    await navigator.clipboard.writeText(field.value);
    copied = true;
  } catch {
    field.focus();
    field.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
  }
  status.textContent = copied
    ? "Link copied: paste it into a message to the other phone."
    : "This browser did not let the page copy: the link is selected, so copy it from the box.";
}

/** The link that carries this game to another phone: shown to copy, or sent with the phone's
 * own share sheet where there is one. Nothing is sent anywhere by the page itself. */
function renderShare(game, info) {
  const url = shareUrl(game, window.location.href);
  const status = h("p", { className: "sk-hint", id: "sk-share-status", role: "status" });
  const field = h("input", { type: "text", id: "sk-share-link", className: "sk-input sk-share__link", readonly: true, value: url,
    "aria-describedby": "sk-share-help", onfocus: (e) => e.target.select() });
  const row = h("div", { className: "sk-row" },
    h("button", { type: "button", className: "md-button", id: "sk-share-copy", text: "Copy the link", onclick: copyShareLink }));
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
function renderConfirmDelete(sk, game, info) {
  const what = `the ${info.name} game of ${listNames(game.players)}`;
  return h("div", { className: "sk-confirm sk-noprint", role: "group", "aria-labelledby": "sk-delete-question" },
    h("p", { id: "sk-delete-question", role: "alert" },
      ...withNames(`Delete ${what}? Its scores are removed from this device; other saved games stay.`, game.players)),
    h("div", { className: "sk-row" },
      h("button", { type: "button", className: "md-button", id: "sk-delete-yes", text: "Yes, delete it", onclick: () => sk.deleteGame(what) }),
      h("button", { type: "button", className: "md-button", id: "sk-delete-no", text: "No, keep it", onclick: () => {
        sk.confirmingDelete = false;
        sk.render();
        document.getElementById("sk-delete")?.focus();
      } })));
}

/** What the last Add (or Save) put in the table, in words, with the row it went into
 * highlighted (tr.sk-added): the confirmation seen before the next entry's boxes (issue 28). */
function renderAdded(sk, game) {
  const i = sk.added;
  const row = i === null || i === undefined ? null : game.rows[i];
  if (!row) return null;
  const unit = game.game === "chips" ? "round" : "hand";
  const scores = game.game === "chips" ? row.scores : row;
  const parts = game.players.filter((p) => own(scores, p) !== undefined).map((p) => {
    const v = own(scores, p);
    if (game.game === "3-chip-stack") return `${p} ${v === 0 ? "out" : v}`;
    return `${p} ${v}${game.game === "chips" && row.called === p ? " (called chips)" : ""}`;
  });
  const verb = sk.addedHow === "saved" ? "Saved the change to" : "Added";
  return h("p", { className: "sk-added-note sk-noprint", id: "sk-added-note", tabindex: "-1" },
    h("span", { className: "sk-added-mark", "aria-hidden": "true", text: "✓ " }),
    ...withNames(`${verb} ${unit} ${i + 1}: ${parts.join(", ")}.`, game.players));
}

function renderEntry(sk, game, info, result, added = null) {
  const index = sk.editing ?? game.rows.length;
  const editing = sk.editing !== null;
  const unit = game.game === "chips" ? "Round" : "Hand";
  const seat = seats(game, index);
  const current = editing ? game.rows[index] : null;
  const saved = current ? (game.game === "chips" ? current.scores : current) : {};
  // What was typed wins over what is saved, so a refused entry comes back as it was typed.
  const draft = sk.entryDraft && sk.entryDraft.gameId === game.id && sk.entryDraft.index === index ? sk.entryDraft : null;
  const valueOf = (p) => String((draft ? own(draft.values, p) : own(saved, p)) ?? "");
  const calledNow = draft ? draft.called : current?.called ?? "";
  const form = h("form", { className: "sk-entry sk-noprint", "aria-labelledby": "sk-entry-title", novalidate: true,
    onsubmit: (e) => {
      e.preventDefault();
      sk.entryDraft = readEntry(form, game, index);
      sk.enter(index);
    },
    oninput: () => { sk.entryDraft = readEntry(form, game, index); },
    onchange: () => { sk.entryDraft = readEntry(form, game, index); } });
  if (added) form.append(added);
  let title = `${unit} ${index + 1}`;
  if (game.game === "chips") title += ` of ${info.rounds}: ${info.hand_sizes?.[index]} cards each`;
  if ((game.game === "chains" || declaredOf(game.game)) && info.rounds) title += ` of ${info.rounds}`;
  form.append(h("h3", { id: "sk-entry-title", text: editing ? `Change ${title.toLowerCase()}` : title }));
  let who = `${seat.dealer} deals`;
  if (game.game === "chips") who += `; ${seat.extra} gets the extra card and opens the round`;
  form.append(h("p", { className: "sk-who" }, ...withNames(`${who}.`, game.players)));
  // What opening means, in the ruling's own words (rules-data, through the page's config).
  if (info.opening?.text) {
    const note = h("p", { className: "sk-hint sk-opening" }, h("span", { text: `${info.opening.title}: ${info.opening.text} ` }));
    if (info.opening.href) note.append(h("a", { href: info.opening.href, text: "The ruling" }));
    form.append(note);
  }
  const errorId = "sk-entry-error";
  const errorFor = (field) => (sk.error && sk.errorField === field
    ? h("p", { className: "sk-error sk-error--field", id: errorId, text: sk.error })
    : null);
  const invalid = (field) => (sk.error && sk.errorField === field
    ? { "aria-invalid": "true", "aria-describedby": errorId } : {});
  const grid = h("div", { className: "sk-grid" });
  // Chips: who called comes first, since it decides which score box stays empty.
  if (game.game === "chips") {
    const select = h("select", { id: "sk-called", className: "sk-input", "aria-describedby": "sk-called-hint", ...invalid("called"),
      onchange: () => markCaller(form) },
      h("option", { value: "", text: "Not noted" }));
    for (const p of game.players) select.append(h("option", { value: p, text: p, selected: calledNow === p }));
    if (sk.errorField === "called") select.setAttribute("aria-describedby", `sk-called-hint ${errorId}`);
    grid.append(h("div", { className: "sk-cellbox sk-cellbox--wide" },
      h("label", { for: "sk-called", text: "Who called chips?" }), select,
      h("p", { className: "sk-hint", id: "sk-called-hint", text: "The player who called chips scores 0; leave their score empty." }),
      errorFor("called")));
  }
  const before = editing && game.game === "3-chip-stack" ? rankOf({ ...game, rows: game.rows.slice(0, index) }) : result;
  const what = game.game === "3-chip-stack" ? "chips after the hand" : game.game === "chips" ? "score" : "points";
  const minus = declaredOf(game.game) !== null && signed(declaredOf(game.game));
  game.players.forEach((p, i) => {
    const id = `sk-entry-${i}`;
    const out = game.game === "3-chip-stack" && own(before.out, p) !== undefined;
    grid.append(h("div", { className: "sk-cellbox" },
      h("label", { for: id }, h("bdi", { text: p }), `: ${what}`),
      out
        ? h("input", { type: "text", id, className: "sk-input sk-input--num", value: "out", readonly: true, "data-out": "1" })
        : h("input", { type: "number", id, className: "sk-input sk-input--num", min: minus ? String(-MAX_POINTS) : "0", max: String(MAX_POINTS),
          step: game.game === "chains" ? "5" : "1", inputmode: "numeric", value: valueOf(p), "data-player": p,
          placeholder: calledNow === p ? "0" : undefined, ...invalid(p) }),
      errorFor(p)));
  });
  form.append(grid);
  if (game.game === "3-chip-stack") {
    // three-chip-stack-ruling-odd-chip, as the table plays it (rankInput gives the engine the house):
    // under next-hand the chips a split leaves over wait in the middle for the next hand's pot.
    const middle = "middle" in result
      ? `The counts add up to ${result.total}, less any chips a split leaves in the middle for the next hand (your table's rule): chips are only won and lost between players.`
      : `The counts must add up to ${result.total}: chips are only won and lost between players.`;
    form.append(h("p", { className: "sk-hint", "data-sk-middle": "middle" in result ? String(result.middle) : undefined, text: middle }));
  }
  if (sk.error && sk.errorField === null) form.append(h("p", { className: "sk-error", id: errorId, role: "alert", tabindex: "-1", text: sk.error }));
  const buttons = h("div", { className: "sk-row" },
    h("button", { type: "submit", className: "md-button md-button--primary", id: "sk-enter", text: editing ? `Save ${unit.toLowerCase()} ${index + 1}` : `Add ${unit.toLowerCase()} ${index + 1}` }));
  if (editing) {
    buttons.append(h("button", { type: "button", className: "md-button", id: "sk-cancel", text: "Cancel", onclick: () => sk.edit(null) }));
  }
  form.append(buttons);
  return form;
}

/** What is in the entry form: { gameId, index, values, called, unreadable } (unreadable: the
 * players whose number box holds text it cannot read as a number, such as "1,5"). */
function readEntry(form, game, index) {
  const values = Object.create(null);
  const unreadable = [];
  for (const input of form.querySelectorAll("input[data-player]")) {
    values[input.dataset.player] = input.value;
    if (input.value === "" && input.validity?.badInput) unreadable.push(input.dataset.player);
  }
  const called = form.querySelector("#sk-called")?.value ?? "";
  return { gameId: game.id, index, values, called, unreadable };
}

/** Show "0" in the caller's (empty) box; the others lose it. */
function markCaller(form) {
  const called = form.querySelector("#sk-called")?.value ?? "";
  for (const input of form.querySelectorAll("input[data-player]")) {
    if (input.dataset.player === called) input.placeholder = "0";
    else input.removeAttribute("placeholder");
  }
}

function renderStanding(sk, game, info, result) {
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
    const li = h("li", { value: String(place) }, h("strong", { text: `${ordinal(place)}${shared}` }),
      h("span", {}, " ", ...withNames(detail, game.players)));
    // Level on points with the place above, yet below it: say which tie-breaker put it there.
    const why = g > 0 ? whyBelow(game, result, result.ranking[g - 1][0], group[0], sk.info.chips?.hand_sizes || []) : null;
    if (why) {
      li.append(h("span", { className: "sk-tie-why" }, " ", ...withNames(why, game.players)));
      tieWords = true;
    }
    list.append(li);
    place += group.length;
  });
  box.append(list);
  box.append(h("p", { className: "sk-explain" }, ...withNames(sentence(game, result), game.players)));
  const firstByTie = game.game === "chips" && result.decided_by !== "total" && result.ranking.length > 1;
  const declared = declaredOf(game.game) !== null;
  if ((done || tieWords || firstByTie) && info.tie_breakers?.length && (game.game === "chips" || declared)) {
    box.append(h("p", { className: "sk-hint", text: "Tie-breakers, in order:" }));
    box.append(h("ol", { className: "sk-ties" }, ...info.tie_breakers.map((t) => h("li", { text: t }))));
  }
  return box;
}

function announce(sk, game, result) {
  const standing = game.rows.length ? `${result.finished ? "Game over. " : ""}${sentence(game, result)}` : "";
  say(sk, [sk.said, standing].filter(Boolean).join(" "));
}
