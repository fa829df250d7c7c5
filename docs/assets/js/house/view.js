// "Your table's rules" on a game page (issue 25): the control [data-house-options="<game>"]
// (partials/house_options.html: one radio group per house option, inside a closed line that says
// which rules are in force), the banner that says so near the top with one tap back to the
// family's rules, and the question a link asks when it brings other rules than this device saved.
//
// A choice, in this order: the page is worded for it (house/page.js: rule text, rulings,
// variants), the worked examples whose answer changes show the table's (house/examples.js, the
// browser engine), it is saved (house/store.js), the page's address carries it (house/share.js,
// history.replaceState, ?house=<option>:<value>,...) and the page's other scripts are told
// (house/current.js: houseFor, the rulebook:house event).
//
// A link never overwrites different saved rules without asking; its unknown options and values
// are left out in one line. Mounts on every page instant navigation brings (document$), once per
// element. Without scripts the element says only that the page follows the family's rules.

import { el, onEveryPage, reveal } from "../widgets/dom.js";
import { publish } from "./current.js";
import { showHouseAnswers } from "./examples.js";
import { applyHouse } from "./page.js";
import { addressFor, formatHouse, ignoredNote, readLink } from "./share.js";
import { KEY_PREFIX, keyOf, loadHouse, saveHouse } from "./store.js";
import { FULL_WORDS } from "../store.js";

const SELECTOR = "[data-house-options]";
/** Each mounted control's state, by its element. */
const controls = new WeakMap();

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isText = (v) => typeof v === "string" && v.length > 0;

/** The control's data (generator/content/house.py control_data), checked, or null. */
function readData(root) {
  let data;
  try {
    data = JSON.parse(root.dataset.houseData || "null");
  } catch {
    return null;
  }
  if (!isObject(data) || data.game !== root.dataset.houseOptions || !Array.isArray(data.options)) return null;
  const ok = data.options.every((o) => isObject(o) && isText(o.id) && isText(o.title) && isText(o.source)
    && (o.kind === "ruling" || o.kind === "variant") && Array.isArray(o.values) && o.values.every(isText)
    && Array.isArray(o.labels) && o.labels.length === o.values.length && o.values.includes(o.default)
    && (o.short === undefined || (Array.isArray(o.short) && (!o.short.length || o.short.length === o.values.length))));
  return ok && data.options.length ? data : null;
}

const valueOf = (option, house) => (Object.hasOwn(house, option.id) ? house[option.id] : option.default);
const chosenOptions = (ctl, house) => ctl.options.filter((o) => valueOf(o, house) !== o.default);

/** The banner's words for one rule the table sets: the choice, not the topic (issue 37), in the
 * short label the game file gives each reading ("K-A-2: never a group", "Same rank: allowed"); an
 * option without one (data from an older build) by its title and reading. */
export function shortName(option, value) {
  const at = option.values.indexOf(value);
  if (Array.isArray(option.short) && typeof option.short[at] === "string") return option.short[at];
  const label = option.labels[at];
  if (option.kind === "variant") return `${option.title} (${label.toLowerCase()})`;
  return `${option.title}: ${label.replace(/[.\s]+$/, "")}`;
}

/** Whose rules the page gives: "the family's", "the article's", "Kuglics and Licari's" (the game's source:). */
const whoseOf = (ctl) => ctl.whose;

/** Every rule a house sets, in words: "K-A-2: never a group" (the reading in full after it). */
function inWords(ctl, house) {
  const chosen = chosenOptions(ctl, house);
  if (!chosen.length) return [`${whoseOf(ctl).replace(/^./, (c) => c.toUpperCase())} rules, as this page gives them.`];
  return chosen.map((o) => `${shortName(o, valueOf(o, house))} (${o.labels[o.values.indexOf(valueOf(o, house))].replace(/[.\s]+$/, "")})${o.scope === "site" ? ", for this site's scorers" : ""}`);
}

function renderNote(ctl) {
  ctl.note.textContent = [ctl.notes.link, ctl.notes.save, ctl.notes.did].filter(Boolean).join(" ");
}

/** Put `house` in force: the control, the banner, the page, the examples; saved, in the address,
 * told to the page's other scripts. */
function set(ctl, house, { save = true, address = true } = {}) {
  ctl.house = { ...house };
  const chosen = chosenOptions(ctl, house);
  for (const fieldset of ctl.root.querySelectorAll("fieldset[data-house-option]")) {
    const option = ctl.options.find((o) => o.id === fieldset.dataset.houseOption);
    if (!option) continue;
    for (const input of fieldset.querySelectorAll("input[type=radio]")) input.checked = input.value === valueOf(option, house);
  }
  ctl.summary.textContent = chosen.length
    ? `${chosen.length} house rule${chosen.length === 1 ? "" : "s"}`
    : `${whoseOf(ctl)} rules`;
  if (ctl.banner) {
    ctl.banner.hidden = !chosen.length;
    ctl.bannerText.textContent = "";
    // The table's rules, then apart what only tells the site's tools an order (scope "site",
    // chips-ruling-layoff-order): no rule of the table (issue 37).
    const table = chosen.filter((o) => o.scope !== "site");
    const site = chosen.filter((o) => o.scope === "site");
    if (table.length) {
      ctl.bannerText.append(el("strong", {}, "Played with your table's rules:"),
        ` ${table.map((o) => shortName(o, valueOf(o, house))).join("; ")}.`);
    }
    if (site.length) {
      ctl.bannerText.append(table.length ? " " : "", el("strong", {}, "For this site's scorers:"),
        ` ${site.map((o) => shortName(o, valueOf(o, house))).join("; ")}.`);
    }
  }
  ctl.root.dataset.houseState = chosen.length ? "house" : "family";
  applyHouse(document, ctl.options, house);
  ctl.root.dataset.houseExamples = "pending";
  showHouseAnswers(document, ctl.game, ctl.options, house, { whose: ctl.whose }).then((r) => {
    if (!r.stale) ctl.root.dataset.houseExamples = r.supported ? r.changed.join(" ") || "none" : "unsupported";
  });
  if (save) {
    // A choice the device cannot keep is said, never dropped unsaid at the next visit (issue 39).
    const done = saveHouse(ctl.game, house, ctl.options);
    ctl.notes.save = done.saved ? "" : {
      newer: "Not saved on this device: it holds house rules from a newer version of this site, left as they are.",
      full: `Not saved on this device: ${FULL_WORDS.charAt(0).toLowerCase()}${FULL_WORDS.slice(1)}. `
        + "This page follows your choice until you leave it.",
      "no-storage": "Not saved on this device: this browser does not let the page keep data. "
        + "This page follows your choice until you leave it.",
    }[done.why] || "Not saved on this device: the browser refused to store it.";
  }
  if (address) {
    const next = addressFor(window.location.href, house, ctl.options);
    if (next !== window.location.href) window.history.replaceState(window.history.state, "", next);
  }
  renderNote(ctl);
  publish(ctl.root, ctl.game, house);
}

/** Where the focus goes when what held it leaves: the control's closed line. */
const focusSummary = (ctl) => ctl.summary.closest("summary").focus();

/** After "Back to the family's rules" (the banner goes): the game's name, where the banner was. */
function focusName(ctl) {
  const name = ctl.banner && ctl.banner.closest(".rb-hero") && ctl.banner.closest(".rb-hero").querySelector("h1");
  if (!name) return focusSummary(ctl);
  if (!name.hasAttribute("tabindex")) name.setAttribute("tabindex", "-1");
  return name.focus({ preventScroll: true });
}

/** A link brings other rules than this device saved: ask which to play; the saved ones meanwhile. */
function ask(ctl, fromLink, saved) {
  ctl.asking = true;
  const box = ctl.askBox;
  box.textContent = "";
  const id = `rb-house-ask-${ctl.game}`;
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", id);
  box.append(el("p", { id, class: "rb-house__ask-title" }, "This link brings other house rules than the ones saved on this device. Which should this page follow?"));
  const list = (title, house) => {
    const part = el("div", { class: "rb-house__ask-part" });
    part.append(el("p", { class: "rb-house__ask-head" }, title));
    const ul = el("ul");
    for (const line of inWords(ctl, house)) ul.append(el("li", {}, line));
    part.append(ul);
    return part;
  };
  box.append(list("The link's:", fromLink), list("Saved on this device (followed until you choose):", saved));
  const row = el("p", { class: "rb-house__ask-buttons" });
  const take = el("button", { type: "button", class: "md-button md-button--primary", "data-house-take-link": "" }, "Use the link's rules");
  const keep = el("button", { type: "button", class: "md-button", "data-house-keep": "" }, "Keep the saved rules");
  row.append(take, " ", keep);
  box.append(row);
  box.hidden = false;
  const answer = (house) => {
    ctl.asking = false;
    box.hidden = true;
    box.textContent = "";
    set(ctl, house);
    focusSummary(ctl);
  };
  take.addEventListener("click", () => answer(fromLink));
  keep.addEventListener("click", () => answer(saved));
}

function mount(root) {
  if (root.dataset.houseMounted) return;
  const data = readData(root);
  if (!data) return;
  const gameName = document.querySelector(`.rb-hero[data-game="${CSS.escape(data.game)}"] .rb-hero__name`);
  // The banner sits in the hero (partials/hero.html), at the top of the page.
  const banner = document.querySelector(`[data-house-banner="${CSS.escape(data.game)}"]`);
  const ctl = {
    root, game: data.game, options: data.options, house: {}, asking: false,
    whose: isText(data.whose) ? data.whose : "the family's",
    name: gameName ? gameName.textContent.trim() : data.game,
    summary: root.querySelector("[data-house-summary]"),
    banner: banner && banner.querySelector("[data-house-banner-text]") ? banner : null,
    bannerText: banner && banner.querySelector("[data-house-banner-text]"),
    note: root.querySelector("[data-house-note]"),
    askBox: root.querySelector("[data-house-ask]"),
    form: root.querySelector("form"),
    notes: { link: "", save: "", did: "" },
  };
  if (!ctl.summary || !ctl.note || !ctl.askBox || !ctl.form) return;
  root.dataset.houseMounted = "true";
  controls.set(root, ctl);
  reveal(root);

  ctl.form.addEventListener("submit", (event) => event.preventDefault());
  ctl.form.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
    const fieldset = input.closest("fieldset[data-house-option]");
    const option = fieldset && ctl.options.find((o) => o.id === fieldset.dataset.houseOption);
    if (!option || !option.values.includes(input.value)) return;
    const house = { ...ctl.house };
    if (input.value === option.default) delete house[option.id];
    else house[option.id] = input.value;
    ctl.notes.did = "";
    if (ctl.asking) {
      // Choosing here answers a link's question: the table makes its own rules from what shows.
      ctl.asking = false;
      ctl.askBox.hidden = true;
      ctl.askBox.textContent = "";
    }
    set(ctl, house);
  });
  const copy = root.querySelector("[data-house-copy]");
  if (copy) {
    copy.addEventListener("click", async () => {
      const href = window.location.href;
      try {
        await navigator.clipboard.writeText(href);
        ctl.notes.did = "Link copied.";
      } catch {
        ctl.notes.did = `Copy this address: ${href}`;
      }
      renderNote(ctl);
    });
  }
  const reset = ctl.banner && ctl.banner.querySelector("[data-house-reset]");
  if (reset) {
    reset.addEventListener("click", () => {
      ctl.notes.did = `Back to ${whoseOf(ctl)} rules of ${ctl.name}.`;
      ctl.notes.link = "";
      set(ctl, {});
      focusName(ctl);
    });
  }

  const saved = loadHouse(ctl.game, ctl.options);
  const link = readLink(window.location.search, ctl.options);
  ctl.notes.link = ignoredNote(link, ctl.name);
  const brought = link && !link.refused ? link.house : {};
  if (!Object.keys(brought).length || formatHouse(brought, ctl.options) === formatHouse(saved.house, ctl.options)) {
    set(ctl, saved.house, { save: false });
  } else if (!Object.keys(saved.house).length) {
    set(ctl, brought);
  } else {
    set(ctl, saved.house, { save: false, address: false });
    ask(ctl, brought, saved.house);
  }
}

// Another tab or window changed this game's rules: follow them (unless a question is open).
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== null && !event.key.startsWith(KEY_PREFIX)) return;
    for (const root of document.querySelectorAll("[data-house-options][data-house-mounted]")) {
      const ctl = controls.get(root);
      if (!ctl || ctl.asking || (event.key !== null && event.key !== keyOf(ctl.game))) continue;
      set(ctl, loadHouse(ctl.game, ctl.options).house, { save: false });
    }
  });
  onEveryPage(SELECTOR, mount);
}
