// What the three drills of the practice pages share (issue 16): the seed of a question (from the
// address, so a question can be shared: ?question=123 brings the same one back; ?seed= and
// ?players= belong to the practice game on the same page, play/table/), the streak kept in
// localStorage (bounded; a saved value that cannot be read gives a fresh start and says so, never
// a blank page), the rules quoted from the page's <template data-rule> elements (rendered from
// rules-data by generator/site/play.py: no rule words live here), and the controller that runs a
// drill's form: ask, check, explain, count, next.
//
// A game's module gives the controller three pure parts: question(seed, settings) -> a question
// (with `next`, the seed of the one after), judge(question, answer) -> {right, ...} and the
// drawing of both. Mounting twice does nothing; nothing here runs before mount().

import { el } from "../../widgets/dom.js";
import { followedWords, houseFor } from "../../house/current.js";
import { PARAM as HOUSE_PARAM, withHouseParam } from "../../house/share.js";
import { nextU32, seedState } from "../rng.js";
import { readableStorage } from "../../store.js";

export const STORE_KEY = "rulebook-drills";
/** No streak is longer than this (a saved number past it is not ours). */
export const MAX_STREAK = 100_000;
const MAX_STORED_CHARS = 2_000;
const GAMES = ["chips", "chains", "3-chip-stack"];
/** The address's name for a question's seed; the practice game's are GAME_PARAMS. */
export const QUESTION_PARAM = "question";
const GAME_PARAMS = ["seed", "players", HOUSE_PARAM]; // house: the game's own rules (issue 25)

/** The seed in the address: a whole number 0 to 2^32 - 1, or null. */
export function seedFrom(text) {
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= 0xffffffff ? n : null;
}

/** A seed nobody chose: from the browser's random source when there is one. */
export function freshSeed() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") return c.getRandomValues(new Uint32Array(1))[0];
  return nextU32(seedState(Date.now()))[0];
}

const count = (v) => (Number.isInteger(v) && v >= 0 && v <= MAX_STREAK ? v : null);

/** Every game's {streak, best} from a stored string; `damaged` when it was there but not ours. */
export function readStreaks(text) {
  const fresh = Object.fromEntries(GAMES.map((g) => [g, { streak: 0, best: 0 }]));
  if (text === null || text === undefined) return { streaks: fresh, damaged: false };
  let data;
  try {
    if (typeof text !== "string" || text.length > MAX_STORED_CHARS) throw new Error("too long");
    data = JSON.parse(text);
  } catch {
    return { streaks: fresh, damaged: true };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return { streaks: fresh, damaged: true };
  let damaged = false;
  for (const g of GAMES) {
    if (!Object.hasOwn(data, g)) continue;
    const rec = data[g];
    const streak = rec && typeof rec === "object" ? count(rec.streak) : null;
    const best = rec && typeof rec === "object" ? count(rec.best) : null;
    if (streak === null || best === null || best < streak) damaged = true;
    else fresh[g] = { streak, best };
  }
  return { streaks: fresh, damaged };
}

// Storage switched off (null): the streak lasts as long as the page.
const storage = () => readableStorage(STORE_KEY);

export function loadStreaks() {
  const store = storage();
  let text = null;
  try {
    text = store ? store.getItem(STORE_KEY) : null;
  } catch {
    text = null;
  }
  return readStreaks(text);
}

export function saveStreaks(streaks) {
  const store = storage();
  try {
    if (store) store.setItem(STORE_KEY, JSON.stringify(streaks));
  } catch {
    // full or refused: the count on the page is still right
  }
}

/** A rule's words from the page (templates/play/page.html), with its label linked; null when the
 * page has no such template. */
export function quote(root, id) {
  const tpl = root.querySelector(`template[data-rule="${id}"]`);
  if (!tpl) return null;
  const p = el("p", { class: "rb-drill__rule", "data-quote": id });
  const link = el("a", { href: tpl.dataset.href || `#${id}` }, tpl.dataset.label || id);
  p.append(link, ": ", tpl.content.cloneNode(true));
  return p;
}

/** The table's rules for `game` (issue 25): what this device saved on the game's page ("Your
 * table's rules"), kept to the engine's options (`options`, its HOUSE_OPTIONS); {} when the engine
 * takes none. A drill checks the learner's answer by these. */
export function drillHouse(game, options) {
  return options ? houseFor(game, { options }) : {};
}

/** The line a verdict adds when the table's rules changed its answer: the readings in the page's
 * words where this page has them, else where they were chosen. */
export function houseLine(game, house) {
  const words = followedWords(game, house) || "By your table's rules, as chosen on the game's page and saved on this device.";
  return el("p", { class: "rb-result__house", "data-house-rule": Object.keys(house).sort().join(" ") }, words);
}

/** The words of a quoted rule, for the live region. */
export function quoteText(root, id) {
  const tpl = root.querySelector(`template[data-rule="${id}"]`);
  return tpl ? tpl.content.textContent.replace(/\ufe0e/g, "").trim() : "";
}

/**
 * Run a drill on its root ([data-drill]): `game` is its key in the streaks;
 * `applySettings(form, params)` sets the settings form from the address (what it does not know
 * it leaves as it is); `settingsOf(form)` reads them back (each becomes an address parameter);
 * `question(seed, settings)` makes a question; `show(question, box)` draws it;
 * `answerOf(form, submitter)` reads an answer or returns {error}; `judge(question, answer)` ->
 * {right, head (nodes after "Right."/"Not quite."), nodes (the explanation)}; `resetAnswer(form)`
 * clears the answer for a new question.
 */
export function runDrill(root, { game, settingsOf, applySettings, question, show, answerOf, judge, resetAnswer }) {
  if (root.dataset.mounted === "true") return;
  root.dataset.mounted = "true";
  const settings = root.querySelector('[data-form="settings"]');
  const answer = root.querySelector('[data-form="answer"]');
  const box = root.querySelector("[data-question]");
  const result = root.querySelector("[data-result]");
  const streakLine = root.querySelector("[data-streak]");
  const share = root.querySelector("[data-share]");
  const next = root.querySelector("[data-next]");
  if (!answer || !box || !result) return;
  const loaded = loadStreaks();
  const streaks = loaded.streaks;
  let note = loaded.damaged ? "Your saved streak could not be read, so it starts again from nought." : "";
  if (loaded.damaged) saveStreaks(streaks);

  const params = new URLSearchParams(window.location.search);
  if (settings && applySettings) applySettings(settings, params);
  // A link made before the practice game had the page's ?seed= said ?seed= for the question.
  let seed = seedFrom(params.get(QUESTION_PARAM) ?? (params.has("players") ? null : params.get("seed")));
  if (seed === null) seed = freshSeed();
  let current = null;
  let answered = false;

  function drawStreak() {
    if (!streakLine) return;
    const { streak, best } = streaks[game];
    streakLine.dataset.streakCount = String(streak);
    streakLine.dataset.best = String(best);
    streakLine.replaceChildren(
      "Right in a row: ", el("strong", {}, String(streak)), `. Your best: ${best}.`,
    );
    if (note) streakLine.append(el("span", { class: "rb-drill__note-line", "data-storage-note": "" }, ` ${note}`));
  }

  /** This question's address: the settings, then the seed (so the link replays it). With
   * `keepGame`, the practice game's own ?seed= and ?players= stay (the page's address). */
  function address(s, keepGame = false) {
    const url = new URL(window.location.href);
    const game = GAME_PARAMS.filter((k) => keepGame && url.searchParams.has(k)).map((k) => [k, url.searchParams.get(k)]);
    url.search = "";
    url.hash = "";
    const chosen = settings ? settingsOf(settings) : {};
    for (const [k, v] of Object.entries(chosen)) url.searchParams.set(k, String(v));
    url.searchParams.set(QUESTION_PARAM, String(s));
    for (const [k, v] of game) if (k !== HOUSE_PARAM) url.searchParams.set(k, v);
    // The practice game's ?house= as the table wrote it, ':' and ',' readable (issue 39, item 8):
    // URLSearchParams.set would write them as %3A and %2C.
    const house = game.find(([k]) => k === HOUSE_PARAM);
    if (house) url.search = withHouseParam(url.searchParams.toString(), house[1]);
    return url;
  }

  function ask(s) {
    seed = s;
    current = question(s, settings ? settingsOf(settings) : {});
    answered = false;
    box.replaceChildren();
    show(current, box);
    box.dataset.seed = String(s);
    result.hidden = true;
    result.replaceChildren();
    result.dataset.right = "";
    for (const b of answer.querySelectorAll("[data-check]")) b.disabled = false;
    if (resetAnswer) resetAnswer(answer, current);
    try {
      window.history.replaceState(window.history.state, "", address(s, true));
    } catch {
      // a page opened from a file: the share link below still carries the seed
    }
    if (share) share.href = address(s).href;
  }

  answer.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!current) return;
    const given = answerOf(answer, event.submitter || null, current);
    const error = answer.querySelector("[data-error-for]");
    if (given && given.error) {
      if (error) error.textContent = given.error;
      if (given.field) given.field.setAttribute("aria-invalid", "true");
      return;
    }
    if (error) error.textContent = "";
    for (const f of answer.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
    const verdict = judge(current, given);
    if (!answered) {
      const s = streaks[game];
      s.streak = verdict.right ? Math.min(s.streak + 1, MAX_STREAK) : 0;
      s.best = Math.max(s.best, s.streak);
      note = "";
      saveStreaks(streaks);
      answered = true;
    }
    result.dataset.right = String(verdict.right);
    const head = el("p", { class: `rb-drill__verdict rb-drill__verdict--${verdict.right ? "right" : "wrong"}` });
    // A sign as well as a colour tells right from wrong.
    head.append(el("span", { class: "rb-drill__sign", "aria-hidden": "true" }, verdict.right ? "✓ " : "✗ "),
      el("strong", {}, verdict.right ? "Right." : "Not quite."), " ", ...verdict.head);
    result.replaceChildren(head, ...verdict.nodes);
    result.hidden = false;
    for (const b of answer.querySelectorAll("[data-check]")) b.disabled = true;
    drawStreak();
    // The focus goes to the verdict, brought into view, never to "Next" below the fold (issue 28,
    // WCAG 2.4.11); Tab goes on from there to the result's links and "Next".
    head.tabIndex = -1;
    result.scrollIntoView({ block: "nearest" });
    head.focus({ preventScroll: true });
    const seen = head.getBoundingClientRect();
    if (seen.top < 0 || seen.bottom > window.innerHeight) head.scrollIntoView({ block: "start" });
  });

  if (next) next.addEventListener("click", () => ask(current.next));
  if (settings) {
    settings.addEventListener("change", () => ask(current ? current.next : seed));
    settings.addEventListener("submit", (event) => event.preventDefault());
  }
  for (const node of root.querySelectorAll("[data-controls]")) node.hidden = false;
  for (const node of root.querySelectorAll("[data-nojs]")) node.hidden = true;
  result.hidden = true;
  ask(seed);
  drawStreak();
}
