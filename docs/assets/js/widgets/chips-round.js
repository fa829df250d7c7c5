// The Chips round scorer (issue 25). Reveals and runs the part of the Chips widget that
// templates/widgets/chips-round.html renders under the hand scorer ([data-round-scorer]):
// the caller's cards, one hand a player (1 to 7 others, added and removed in place), the packs, and,
// only under the house rule lay-off-order "as-laid", the order the table laid off in. The engine's
// round scorer (engine/chips.js roundChips, Python round_record) answers: the caller's groups as
// the lay-offs left them, and each player's lay-offs, loose cards and points, in the hand scorer's
// words (its explainHand, passed in by widgets/chips.js, which loads this module). Errors are one
// line. Text goes in with textContent only. Mounting twice does nothing.

import { roundChips, describeMeld, HOUSE_OPTIONS } from "../engine/chips.js";
import { parseCard, cardSymbol } from "../engine/cards.js";
import { clip } from "../engine/limits.js";
import { el, faces, sentence, tidy, announcer, onEveryPage, reveal, showAnswer, tokensOf } from "./dom.js";
import { followedWords, houseFor, onHouseChange } from "../house/current.js";

const GAME = "chips";
const SELECTOR = '[data-widget="chips"] [data-round-scorer]';
const MAX_OTHERS = 7; // chips-players: up to eight at the table, the caller and seven others
const mounted = new WeakSet();
/** Each mounted round scorer's re-score, for a change of the table's rules. */
const updates = new Map();

const tableHouse = () => houseFor(GAME, { options: HOUSE_OPTIONS });
const asLaid = (house) => house["lay-off-order"] === "as-laid";
/** "1st", "2nd", "3rd", "4th", ... */
const SUFFIX = { 1: "st", 2: "nd", 3: "rd" };
export const ordinal = (n) => `${n}${[11, 12, 13].includes(n % 100) ? "th" : SUFFIX[n % 10] || "th"}`;
/** A player of the round scorer by place after the caller, never "Player 1": at the practice
 * table "Player 1" is you (issue 40), and here the caller is not numbered. */
export const playerName = (k) => `${ordinal(k + 1)} after the caller`;

/** Card codes in an engine message shown as faces' symbols ("KS 5H" -> "K♠ 5♥"). */
const symbols = (text) => text.replace(/\b(10|[2-9AJQK])([SHDC])\b|\bJK\b/g, (code) => {
  try { return cardSymbol(parseCard(code)); } catch { return code; }
});

/** An engine message in words, and the field it belongs to (an index into the players, or
 * "caller", or null for the round as a whole). */
function explain(message) {
  let m = /^hands\[(\d+)\](?:\[\d+\])?: (.*)$/s.exec(message);
  if (m) return { field: Number(m[1]), text: `${playerName(Number(m[1]))}: ${symbols(tidy(m[2]))}` };
  m = /^caller(?:\[\d+\])?: (.*)$/s.exec(message);
  if (m) return { field: "caller", text: `Caller's cards: ${symbols(tidy(m[1]))}` };
  if (/^the caller's hand/.test(message)) return { field: "caller", text: symbols(tidy(message)) };
  return { field: null, text: symbols(tidy(message)) };
}

/** The order field ("2 1", "2nd, 1st", "Player 2, Player 1", "p2 p1") as indexes into the
 * players; throws an Error in words. Empty: null (turn order). */
export function layoffOrder(text, players) {
  const words = text.replace(/after the caller|player|\bp(?=\d)/gi, " ").replace(/(\d)(?:st|nd|rd|th)\b/gi, "$1")
    .split(/[\s,;>]+/).filter(Boolean);
  if (!words.length) return null;
  const seen = new Set();
  for (const word of words) {
    const n = /^\d+$/.test(word) ? Number(word) : NaN;
    if (!(n >= 1 && n <= players)) {
      throw new Error(`Order they laid off in: '${clip(word)}' is not a player's place after the caller (1 to ${players})`);
    }
    if (seen.has(n - 1)) throw new Error(`Order they laid off in: the ${playerName(n - 1)} is named twice; name each player once`);
    seen.add(n - 1);
  }
  const missing = [...Array(players).keys()].filter((k) => !seen.has(k));
  if (missing.length) {
    throw new Error(`Order they laid off in: the ${missing.map((k) => ordinal(k + 1)).join(" and ")} after the caller missing; name each player once`);
  }
  return words.map((w) => Number(w) - 1);
}

function mount(root, { explainHand }) {
  if (mounted.has(root)) return;
  mounted.add(root);
  const form = root.querySelector("form");
  const caller = root.querySelector('input[name="caller-cards"]');
  const list = root.querySelector("[data-others]");
  const add = root.querySelector("[data-add-other]");
  const packs = root.querySelector('select[name="round-packs"]');
  const orderField = root.querySelector("[data-order-field]");
  const order = root.querySelector('input[name="round-order"]');
  const error = root.querySelector("[data-round-error]");
  const result = root.querySelector("[data-round-result]");
  const announce = announcer(root.querySelector("[data-round-live]"));
  if (!form || !caller || !list || !result || !error) return;
  const template = list.querySelector("[data-other]").cloneNode(true);
  const placeholder = result.querySelector(".rb-widget__placeholder");
  const placeholderText = placeholder ? placeholder.textContent : "";
  const maxOthers = Math.min(Number(root.dataset.maxOthers) || MAX_OTHERS, MAX_OTHERS);
  let scored = false; // once scored, a change of the table's rules scores again

  const rows = () => [...list.querySelectorAll("[data-other]")];
  const handInputs = () => rows().map((row) => row.querySelector("input"));

  /** Number the rows 1, 2, ... again (labels, ids, the remove buttons' names); one row cannot go,
   * and seven are the most. */
  function renumber() {
    const all = rows();
    all.forEach((row, k) => {
      const id = `rbw-chips-round-hand-${k + 1}`;
      const label = row.querySelector("label");
      const input = row.querySelector("input");
      const remove = row.querySelector("[data-remove-other]");
      label.textContent = playerName(k);
      label.htmlFor = id;
      input.id = id;
      remove.setAttribute("aria-label", `Remove the ${playerName(k)}`);
      remove.hidden = all.length <= 1;
    });
    if (add) add.disabled = all.length >= maxOthers;
  }

  function showOrderField() {
    if (orderField) orderField.hidden = !asLaid(tableHouse());
  }

  function showError(field, text) {
    error.textContent = text;
    const fields = { caller, order };
    handInputs().forEach((input, k) => { fields[k] = input; });
    for (const [name, input] of Object.entries(fields)) {
      if (!input) continue;
      if (text && String(field) === name) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  }

  function clearResult(text) {
    result.replaceChildren();
    result.dataset.scores = "";
    delete result.dataset.record;
    if (text) result.append(el("p", { class: "rb-widget__placeholder" }, text));
  }

  function render(rec, turns, followed, now) {
    result.replaceChildren();
    result.dataset.scores = rec.scores.join(" ");
    result.dataset.record = JSON.stringify(rec);
    const who = turns.map(playerName);
    result.append(el("p", { class: "rb-round__order" },
      `${turns.inTurnOrder ? "In turn order from the caller's left" : "In the order they laid off"}: ${who.join(", then ")}.`));
    const groups = el("ol", { class: "rb-result__groups", "aria-label": "The caller's groups" });
    for (const g of rec.caller_groups) {
      groups.append(el("li"));
      groups.lastChild.append(faces(g.cards), " ", el("span", { class: "rb-result__words" }, sentence(describeMeld(g))));
    }
    result.append(el("p", { class: "rb-round__caller" }, "The caller scores 0. The caller's groups, with what was laid off on them:"), groups);
    const players = el("ul", { class: "rb-round__players", "aria-label": "Each player's points" });
    const said = [];
    rec.results.forEach((hand, k) => {
      const li = el("li", { class: "rb-round__player", "data-player": String(k + 1) });
      const head = el("p", { class: "rb-result__score" });
      head.append(`${playerName(k)}: `, el("strong", {}, String(hand.score)), hand.score === 1 ? " point" : " points");
      const { nodes, words } = explainHand(hand, { numbered: false });
      li.append(head, ...nodes);
      players.append(li);
      said.push(`${playerName(k)} ${hand.score}${words.length ? `, ${words.join(", ")}` : ""}`);
    });
    result.append(players);
    if (followed) result.append(el("p", { class: "rb-result__house", "data-house-rule": "" }, followed));
    announce(`${said.join(". ")}.${followed ? ` ${followed}` : ""}`, { now });
  }

  /** Score the round as the form stands; `now` speaks at once. */
  function update({ now = false } = {}) {
    showOrderField();
    const house = tableHouse();
    const hands = handInputs().map((input) => tokensOf(input.value));
    const input = { caller: tokensOf(caller.value), hands, packs: Number(packs ? packs.value : 1) };
    let turns;
    try {
      turns = asLaid(house) && order ? layoffOrder(order.value, hands.length) : null;
    } catch (e) {
      showError("order", e.message);
      clearResult("");
      announce(e.message, { now });
      return;
    }
    const housed = Object.keys(house).length > 0;
    const rec = roundChips({ ...input, ...(housed ? { house } : {}), ...(turns ? { layoff_order: turns } : {}) });
    if (rec.error) {
      const { field, text } = explain(rec.error);
      showError(field, text);
      clearResult("");
      announce(text, { now });
      return;
    }
    showError(null, "");
    const family = housed ? roundChips(input) : rec;
    const changed = housed && !family.error && JSON.stringify(family.scores) !== JSON.stringify(rec.scores);
    result.dataset.houseFollowed = changed ? Object.keys(house).sort().join(" ") : "";
    const shown = turns || Object.assign(hands.map((_, k) => k), { inTurnOrder: true });
    render(rec, shown, changed ? followedWords(GAME, house) : "", now);
  }

  root.hidden = false;
  reveal(root);
  renumber();
  showOrderField();
  updates.set(root, () => {
    showOrderField();
    if (scored) update();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault(); // the page never reloads
    scored = true;
    update({ now: true });
    showAnswer(error.textContent ? error : result);
  });
  if (add) {
    add.addEventListener("click", () => {
      if (rows().length >= maxOthers) return;
      const row = template.cloneNode(true);
      row.querySelector("input").value = "";
      list.append(row);
      renumber();
      row.querySelector("input").focus();
      announce(`The ${playerName(rows().length - 1)} added.`, { now: true });
    });
  }
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-remove-other]");
    if (!button || rows().length <= 1) return;
    const row = button.closest("[data-other]");
    const at = rows().indexOf(row);
    row.remove();
    renumber();
    const next = handInputs()[Math.min(at, rows().length - 1)];
    if (next) next.focus();
    announce(`The ${playerName(at)} removed; the players after move up a place.`, { now: true });
    if (scored) update();
  });
  if (!result.childElementCount) clearResult(placeholderText);
}

/** Mount every round scorer on this page and every later one; `explainHand` is the hand scorer's
 * (widgets/chips.js), so a player's hand reads as it does there. Run once per module. */
export function startRoundScorers({ explainHand }) {
  if (typeof document === "undefined") return;
  onEveryPage(SELECTOR, (root) => mount(root, { explainHand }));
  onHouseChange(GAME, () => {
    for (const [root, again] of [...updates]) {
      if (root.isConnected) again();
      else updates.delete(root);
    }
  });
}
