// The house rules in force on this page (issue 25), for every script that should follow them:
// the scorers, the drills, the practice games. This small module is the whole interface; the
// control itself ("Your table's rules", house/view.js) is the only writer.
//
//   import { houseFor, onHouseChange } from "../house/current.js";
//
//   houseFor("chips")
//     -> {"k-a-2": "group"}: the options the table plays differently from the family's rules,
//        option id -> value, with the ids and values of `rulebook options chips --json` and of
//        ?house= links; {} when the table plays the family's rules. A fresh plain object each call
//        (change it freely). Pass it to the engines as the record's `house` field, which fills in
//        the defaults for the options it leaves out:
//          const house = houseFor("chips");
//          scoreChips(Object.keys(house).length ? { ...input, house } : input);
//        (the second form keeps working with an engine that takes no `house` yet).
//     On a game page it is what the control shows. Elsewhere (the practice page /chips/play/) it
//     is what this device saved for that game (house/store.js), unchecked against the game's
//     options unless you give them: houseFor("chips", { options: HOUSE_OPTIONS }) keeps only the
//     ids and values of a list of {id, values, default} (the engines export HOUSE_OPTIONS; the
//     control's data-house-data has the same shape) and drops values equal to the default.
//
//   onHouseChange("chips", (house, event) => rescore(house))
//     -> calls back with houseFor's object whenever the control changes the game's house (a
//        choice, "Back to the family's rules", a link, another tab), and once when the control
//        mounts on a page; returns the function that stops it. Subscribe once per module, not per
//        mount: instant navigation keeps the document, and its listeners, from page to page.
//
//   followedWords("chips", house) / houseReadings("chips", house)
//     -> the page's own words for what `house` sets ("By your table's rules: K-A-2: never a
//        group.", each choice in its short label), from the control's data (or a family edition's
//        book); "" / [] on a page that has neither. A scorer or a drill adds the sentence to an
//        answer the table's rules changed (never an option's id).
//
//   document.addEventListener("rulebook:house", (event) => ...)
//     -> the same, as a DOM event (HOUSE_EVENT) on document: event.detail is
//        {game: "chips", house: {...}, previous: {...}}. Not cancellable.
//
// The control keeps the house on its element, [data-house-options="<game>"] data-house-current
// (JSON), so there is one truth whichever copy of this module a script imported. A family edition
// (rulebook build --house) that changes the game has no control: its page carries the book's
// options on [data-house-book="<game>"] instead, and houseFor gives those (never what this device
// saved elsewhere); they never change, so onHouseChange never calls back there.

import { readSaved } from "./store.js";

export const HOUSE_EVENT = "rulebook:house";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Only string ids with string values, in a prototype-free object; `options` (a list of
 * {id, values, default}) keeps only their known ids and values other than the default. */
export function cleanHouse(house, options = null) {
  const out = {};
  if (!isObject(house)) return out;
  const known = options ? new Map(options.map((o) => [o.id, o])) : null;
  for (const [id, value] of Object.entries(house)) {
    if (typeof id !== "string" || typeof value !== "string") continue;
    if (known) {
      const option = known.get(id);
      if (!option || !option.values.includes(value) || value === option.default) continue;
    }
    out[id] = value;
  }
  return out;
}

/** Where the page keeps the house in force: the control, or on a family edition's page (rulebook
 * build --house) the book's own options, fixed (partials/house_options.html, data-house-book). */
function controlOf(gameId) {
  if (typeof document === "undefined") return null;
  for (const node of document.querySelectorAll("[data-house-options][data-house-current], [data-house-book][data-house-current]")) {
    if ((node.dataset.houseOptions ?? node.dataset.houseBook) === gameId) return node;
  }
  return null;
}

/** The house in force for `gameId` (see the header comment). */
export function houseFor(gameId, { options = null } = {}) {
  const control = controlOf(String(gameId));
  if (control) {
    try {
      return cleanHouse(JSON.parse(control.dataset.houseCurrent), options);
    } catch {
      return {};
    }
  }
  return cleanHouse(readSaved(String(gameId)).house, options);
}

/** Call `callback(house, event)` on every change of `gameId`'s house; returns the unsubscriber. */
export function onHouseChange(gameId, callback) {
  const listener = (event) => {
    if (event.detail && event.detail.game === gameId) callback(cleanHouse(event.detail.house), event);
  };
  document.addEventListener(HOUSE_EVENT, listener);
  return () => document.removeEventListener(HOUSE_EVENT, listener);
}

/** For house/view.js only: put `house` in force for the control `root`, and tell the page. */
export function publish(root, gameId, house) {
  let previous = {};
  try {
    previous = cleanHouse(JSON.parse(root.dataset.houseCurrent || "{}"));
  } catch {
    previous = {};
  }
  const now = cleanHouse(house);
  root.dataset.houseCurrent = JSON.stringify(now);
  document.dispatchEvent(new CustomEvent(HOUSE_EVENT, { detail: { game: gameId, house: { ...now }, previous } }));
}

/** The page's own words for the options `house` sets away from the family's rules, from the
 * control's data (data-house-data: titles and readings as the page names them, never ids):
 * [{id, kind, title, reading, words}], `words` being "King, Ace and a wild 2: King, Ace and 2
 * never make a group, ..." for a ruling, "Same rank allowed (played)" for a variant. Options this
 * page has no control for are left out (a script then says nothing it cannot word). */
export function houseReadings(gameId, house) {
  // The control's data on a game page; elsewhere any element carrying the same data for the game.
  let data = null;
  const nodes = typeof document === "undefined" ? [] : document.querySelectorAll("[data-house-data]");
  for (const node of nodes) {
    try {
      const found = JSON.parse(node.dataset.houseData || "null");
      if (isObject(found) && found.game === String(gameId)) {
        data = found;
        break;
      }
    } catch {
      // not this one
    }
  }
  const options = data && Array.isArray(data.options) ? data.options : [];
  const out = [];
  for (const [id, value] of Object.entries(cleanHouse(house))) {
    const option = options.find((o) => isObject(o) && o.id === id);
    const at = option && Array.isArray(option.values) ? option.values.indexOf(value) : -1;
    if (at < 0 || typeof option.title !== "string" || !Array.isArray(option.labels) || typeof option.labels[at] !== "string") continue;
    const reading = option.labels[at];
    // The choice in the game file's short label ("K-A-2: never a group", issue 37); without one
    // (data from an older build), the title and the reading.
    const short = Array.isArray(option.short) && typeof option.short[at] === "string" ? option.short[at] : null;
    const words = short || (option.kind === "variant" ? `${option.title} (${reading.toLowerCase()})` : `${option.title}: ${reading}`);
    out.push({ id, kind: option.kind, title: option.title, reading, words, scope: option.scope === "site" ? "site" : "table" });
  }
  return out;
}

/** The sentence a scorer adds when the table's rules changed its answer: "By your table's rules:
 * <the readings, as the page words them>." ("" when there is nothing to word). */
export function followedWords(gameId, house) {
  const said = houseReadings(gameId, house).map((r) => r.words.replace(/[.\s]+$/, ""));
  return said.length ? `By your table's rules: ${said.join("; ")}.` : "";
}

/** Whose rules the game's page gives, as it says them: "the family's", "the article's", "Kuglics and
 * Licari's" (the game file's source:, carried in data-house-data as `whose`, issue 37). */
export function whoseRules(gameId) {
  const nodes = typeof document === "undefined" ? [] : document.querySelectorAll("[data-house-data]");
  for (const node of nodes) {
    try {
      const found = JSON.parse(node.dataset.houseData || "null");
      if (isObject(found) && found.game === String(gameId) && typeof found.whose === "string" && found.whose) return found.whose;
    } catch {
      // not this one
    }
  }
  return "the family's";
}
