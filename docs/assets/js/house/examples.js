// The worked examples under a table's house rules (issue 25): each example whose answer the
// house changes shows, inside its result, the answer at your table, worked out here by the
// browser engine (docs/assets/js/engine/<game>.js, the record function of data-record called
// with {...data-input, house}). Nothing is stored twice: the page holds the family's answer
// (data-claim, checked by the build); the table's is computed when the house changes.
//
// An engine that takes no house yet (it exports no HOUSE_RECORDS), or not for this record, or
// not this option, leaves the example as it is. The table's answer also goes on the example as
// data-house-claim (JSON, the claim's fields only), with the rules that changed it in words
// (data-house-because), for the examples asked as questions (play/drills/examples.js) to follow;
// both are removed with the family's rules.

import { el, faces } from "../widgets/dom.js";
import { parseCard } from "../engine/cards.js";

/** Game id -> record (data-record) -> the engine's record function. */
const RECORDS = {
  chips: { score: "scoreChips" },
  chains: { score: "scoreChains", play: "playChains", hand: "handChains", game: "gameChains" },
  "3-chip-stack": { showdown: "showdown", hand: "hand" },
};

/** Field names said in words, as partials/examples.html says them. */
const LABELS = {
  again: "Plays again (after a royal)", kind: "Kind of play", legal: "Legal play",
  odd: "Chips left over", odd_to: "They go to", carried: "Carried into the next pot",
};
const PER_PLAYER = new Set(["hands", "shares", "chips", "pot_to"]);
const PLAYER_INDEX = new Set(["winners", "folded", "eliminated"]);
const ONE_PLAYER = new Set(["dealer", "first_dealer", "caller", "winner", "out", "player"]);
const DECIDED_BY = { 1: "the best card", 2: "the second card", 3: "the third card" };
/** Where 3 Chip Stack's odd chips go (odd_to), in the words of generator/render.py's _ODD_TO, which
 * the built page and the PDF print (tests/js/house-examples.test.mjs holds the two alike). */
export const ODD_TO = Object.freeze({ dealer: "the dealer", "next-hand": "the next hand's pot", winners: "the tied winners" });

const humanize = (key) => {
  const words = String(key).replace(/[_-]/g, " ").trim();
  return words.slice(0, 1).toUpperCase() + words.slice(1);
};

function asCards(value) {
  let codes = value;
  if (typeof value === "string") codes = value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  if (!Array.isArray(codes) || !codes.length || !codes.every((c) => typeof c === "string")) return null;
  try {
    codes.forEach(parseCard);
    return codes;
  } catch {
    return null;
  }
}

const isIndex = (v) => Number.isInteger(v) && v >= 0;

/** One field of an answer as nodes, as generator/render.py fact_html draws it. */
export function factNodes(key, value) {
  if (PER_PLAYER.has(key) && Array.isArray(value) && value.length) {
    return value.flatMap((v, i) => [...(i ? [el("br")] : []), `player ${i + 1}: `, ...factNodes("", v)]);
  }
  if (PLAYER_INDEX.has(key) && Array.isArray(value) && value.every(isIndex)) {
    if (!value.length) return ["none"];
    return [`${value.length === 1 ? "player" : "players"} ${value.map((v) => v + 1).join(" and ")}`];
  }
  if (ONE_PLAYER.has(key) && isIndex(value)) return [`player ${value + 1}`];
  if (key === "decided_by" && Number.isInteger(value)) return [DECIDED_BY[value] || String(value)];
  if (key === "odd_to" && typeof value === "string") return [Object.hasOwn(ODD_TO, value) ? ODD_TO[value] : value];
  const cards = typeof value !== "string" || value.includes(" ") || value.length <= 3 ? asCards(value) : null;
  if (cards) return [faces(cards)];
  if (value === null || value === undefined) return [el("span", { class: "value-none" }, "none")];
  if (typeof value === "boolean") return [value ? "yes" : "no"];
  if (typeof value === "number" || typeof value === "string") return [String(value)];
  if (Array.isArray(value)) {
    if (!value.length) return ["none"];
    return value.flatMap((v, i) => [...(i ? [", "] : []), ...factNodes("", v)]);
  }
  if (typeof value === "object" && Array.isArray(value.cards) && asCards(value.cards)) return [faces(value.cards)];
  return [JSON.stringify(value)];
}

/** JSON with the keys of every object sorted: two answers compare as text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The family's result title, "Result", relabelled while the table's answer shows above it. */
const familyTitle = (article) => article.querySelector(".rb-example__result > .rb-example__result-title:not([data-house-answer])");

function clear(article) {
  for (const node of article.querySelectorAll("[data-house-answer]")) node.remove();
  const title = familyTitle(article);
  if (title && title.hasAttribute("data-house-title-hidden")) {
    title.hidden = false;
    title.removeAttribute("data-house-title-hidden");
  }
  delete article.dataset.houseClaim;
  delete article.dataset.houseBecause;
}

const engines = new Map();

/** The game's engine module, imported once (the page's scorer has usually loaded it already). */
function engineOf(gameId) {
  if (!Object.hasOwn(RECORDS, gameId)) return Promise.resolve(null);
  if (!engines.has(gameId)) {
    engines.set(gameId, import(new URL(`../engine/${gameId}.js`, import.meta.url).href).catch(() => {
      engines.delete(gameId);
      return null;
    }));
  }
  return engines.get(gameId);
}

/** The options `engine` takes, of those `house` sets: {id: value}. */
function engineHouse(engine, house) {
  const known = Array.isArray(engine.HOUSE_OPTIONS) ? new Set(engine.HOUSE_OPTIONS.map((o) => o.id)) : new Set();
  return Object.fromEntries(Object.entries(house).filter(([id]) => known.has(id)));
}

function run(fn, input, house) {
  try {
    return fn({ ...input, house });
  } catch (error) {
    return { error: String(error && error.message ? error.message : error) };
  }
}

const differs = (result, claim) => Object.keys(claim).some((k) => canonical(result[k]) !== canonical(claim[k]));

/** The explanations written for the readings that change the example (partials/examples.html:
 * <template data-house-explain="<option>:<value>">, from the example's house_explain), cloned. */
function explanations(article, keys) {
  const out = [];
  for (const key of keys) {
    const t = [...article.querySelectorAll("template[data-house-explain]")].find((x) => x.dataset.houseExplain === key);
    const p = t && t.content.firstElementChild;
    if (p) out.push(p.cloneNode(true));
  }
  return out;
}

/** The table's answer first (issue 37): `claim`'s fields, then those the table's answer has and the
 * family's has not (3 Chip Stack's odd chip: how many, and to whom), with the explanation written
 * for the table's reading; then the family's answer, its title relabelled "By <whose> rules", and
 * the family's explanation below it, as the page has them. */
function show(article, claim, result, baseline, because, keys, whose) {
  const box = el("div", { class: "rb-example__house", "data-house-answer": "" });
  box.append(el("p", { class: "rb-example__result-title" }, `At your table (${because})`));
  if (result.error) {
    box.append(el("p", {}, `This example cannot happen at your table: ${String(result.error).replace(/\s*\([a-z0-9]+(?:-[a-z0-9]+)+\)\s*$/, "")}.`));
  } else {
    const facts = el("dl", { class: "rb-facts" });
    const told = {};
    for (const key of Object.keys(claim)) told[key] = result[key] ?? null;
    const extra = Object.keys(result).filter((k) => !(k in claim) && !(k in baseline) && k !== "error");
    for (const key of [...Object.keys(claim), ...extra]) {
      const row = el("div", { class: "rb-facts__row" });
      const dd = el("dd");
      dd.append(...factNodes(key, result[key] ?? null));
      row.append(el("dt", {}, LABELS[key] || humanize(key)), dd);
      facts.append(row);
    }
    box.append(facts);
    article.dataset.houseBecause = because;
    article.dataset.houseClaim = JSON.stringify(told);
  }
  box.append(...explanations(article, keys));
  const answer = article.querySelector(".rb-example__result");
  if (answer) {
    answer.prepend(box);
    const title = familyTitle(article);
    if (title) {
      title.hidden = true;
      title.setAttribute("data-house-title-hidden", "");
      title.after(el("p", { class: "rb-example__result-title rb-example__family-title", "data-house-answer": "" }, `By ${whose} rules`));
    }
  } else {
    article.append(box);
  }
  // Said before the answer too: a page that asks its examples as questions (play/drills/examples.js)
  // hides the result until the question is answered.
  const mark = el("p", { class: "rb-example__house-mark", "data-house-answer": "" });
  mark.append(el("span", { class: "rb-badge" }, "Another answer at your table"));
  const heading = article.querySelector("h1, h2, h3, h4, h5, h6");
  if (heading) heading.after(mark);
  else article.prepend(mark);
}

/** A choice in the game file's short label ("K-A-2: never a group", issue 37), or as before. */
function choiceWords(option, value) {
  const at = option.values.indexOf(value);
  if (Array.isArray(option.short) && typeof option.short[at] === "string") return option.short[at];
  return option.kind === "variant" ? `${option.title}, played` : option.title;
}

/** A fold of examples (partials/examples.html, "Show the 15 worked examples") says, while closed,
 * how many of its examples answer otherwise at the table: on a phone they are far below the choice. */
function markFolds(root, changed) {
  for (const note of root.querySelectorAll("[data-house-fold-note]")) note.remove();
  const ids = new Set(changed);
  for (const fold of root.querySelectorAll("details.rb-fold")) {
    const summary = fold.querySelector(":scope > summary");
    const n = [...fold.querySelectorAll("article[data-example]")].filter((a) => ids.has(a.id)).length;
    if (!summary || !n) continue;
    summary.append(el("span", { class: "rb-fold__house", "data-house-fold-note": "" },
      ` (${n === 1 ? "1 has another answer" : `${n} have another answer`} at your table)`));
  }
}

let generation = 0;

/** Show, under each example of `gameId` on the page, its answer under `house` where that differs
 * from the family's; with the family's rules (an empty house), take every such answer away.
 * Resolves to {supported: boolean, changed: [example ids]}. */
export async function showHouseAnswers(root, gameId, options, house, { whose = "the family's" } = {}) {
  const mine = ++generation;
  const articles = [...root.querySelectorAll(".rb-examples article[data-example][data-record]")]
    .filter((a) => a.dataset.example.startsWith(`${gameId}/`));
  const chosen = Object.keys(house);
  if (!chosen.length || !articles.length) {
    articles.forEach(clear);
    markFolds(root, []);
    return { supported: true, changed: [] };
  }
  const engine = await engineOf(gameId);
  if (mine !== generation) return { supported: true, changed: [], stale: true };
  const records = engine && Array.isArray(engine.HOUSE_RECORDS) ? engine.HOUSE_RECORDS : [];
  const ours = engine ? engineHouse(engine, house) : {};
  const changed = [];
  for (const article of articles) {
    clear(article);
    const record = article.dataset.record;
    const name = Object.hasOwn(RECORDS[gameId], record) ? RECORDS[gameId][record] : null;
    const fn = name && records.includes(record) ? engine[name] : null;
    const input = parse(article.dataset.input || "null");
    const claim = parse(article.dataset.claim || "null");
    if (typeof fn !== "function" || !input || !claim || !Object.keys(ours).length) continue;
    const result = run(fn, input, ours);
    if (!result.error && !differs(result, claim)) continue;
    // Which of the table's rules change it, each alone (all of them when only together).
    const alone = Object.keys(ours).filter((id) => {
      const one = run(fn, input, { [id]: ours[id] });
      return one.error || differs(one, claim);
    });
    const ids = (alone.length ? alone : Object.keys(ours)).filter((id) => options.some((o) => o.id === id));
    const titles = ids.map((id) => choiceWords(options.find((o) => o.id === id), ours[id]));
    show(article, claim, result, run(fn, input, {}), titles.join("; "), ids.map((id) => `${id}:${ours[id]}`), whose);
    changed.push(article.id);
  }
  markFolds(root, changed);
  return { supported: records.length > 0, changed };
}
