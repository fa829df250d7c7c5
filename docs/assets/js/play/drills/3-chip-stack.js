// The 3 Chip Stack drill of the practice page, "Who wins this showdown?" (issue 16): two to four
// hands of three cards dealt from a seeded pack (play/rng.js); the learner ticks the winner (or
// the winners: hands can tie), the browser engine (engine/3-chip-stack.js showdown, never a second
// judge here) decides, and the answer says at which card it was decided, with the rules quoted
// from the page. threeQuestion(seed, settings) is pure.

import { HOUSE_OPTIONS, compareHands, showdown, sortHand } from "../../engine/3-chip-stack.js";
import { buildDeck, parseCard } from "../../engine/cards.js";
import { seedState, shuffled } from "../rng.js";
import { el, face, onEveryPage } from "../../widgets/dom.js";
import { drillHouse, quote, runDrill } from "./common.js";

export const MIN_HANDS = 2;
export const MAX_HANDS = 4;
const ORDINAL = ["first", "second", "third"];

export function threeSettings({ hands = 3 } = {}) {
  const n = Number(hands);
  return { hands: Number.isInteger(n) && n >= MIN_HANDS && n <= MAX_HANDS ? n : 3 };
}

/** The question of a seed: {seed, hands (lists of codes), record (the engine's showdown), next}.
 * `house`: the table's options (issue 25). The drill asks who wins, with no pot: no option of the
 * game changes that (odd-chip shares a pot, passed-chip moves chips in the hand), but the record
 * is the engine's by the table's rules all the same. */
export function threeQuestion(seed, settings = {}, house = {}) {
  const { hands: n } = threeSettings(settings);
  const [deck, next] = shuffled(seedState(seed), buildDeck(1, false).map((c) => c.code));
  const hands = [];
  for (let k = 0; k < n; k++) hands.push(deck.slice(3 * k, 3 * k + 3));
  const record = Object.keys(house).length ? showdown({ hands, pot: 0, house }) : showdown({ hands, pot: 0 });
  return { seed, hands, record, next };
}

/** The engine's order (three-chip-stack-ranking): best card first. */
const best = (codes) => sortHand(codes.map(parseCard));

export function rulesOf(q) {
  const ids = ["three-chip-stack-ranking"];
  const paired = q.hands.some((h) => new Set(h.map((c) => parseCard(c).rank)).size < 3);
  if (paired) ids.push("three-chip-stack-no-combinations");
  if (q.record.decided_by !== null && q.record.decided_by > 1) ids.push("three-chip-stack-next-card");
  if (q.record.winners.length > 1) ids.push("three-chip-stack-split", "three-chip-stack-ruling-suits");
  return ids;
}

/** The engine's showdown in words (a <p>): "Decided at the second best card: K♠ beats Q♥, after
 * the best cards tie.", or "Every hand is level, card for card." `hands` are lists of codes,
 * `record` the engine's {winners, decided_by} over them. The card beaten is the one at that place
 * in the best hand that lost (card by card, as the engine compares), not the best card at that
 * place among every hand that lost. Also used by the practice table (play/table/3-chip-stack.js). */
export function decidedLine(hands, record) {
  if (record.decided_by === null) return el("p", { class: "rb-result__words" }, "Every hand is level, card for card.");
  const parsed = hands.map(best);
  const p = record.decided_by - 1;
  const w = parsed[record.winners[0]][p];
  const runnerUp = parsed.filter((_, k) => !record.winners.includes(k)).sort((a, b) => compareHands(b, a))[0][p];
  const line = el("p", { class: "rb-result__words", "data-decided": `${w.code} ${runnerUp.code}` });
  line.append(`Decided at the ${ORDINAL[p]} best card: `, face(w), " beats ", face(runnerUp),
    p > 0 ? `, after the ${p === 1 ? "best cards tie" : "first two cards tie"}.` : ".");
  return line;
}

const names = (list) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);

function show(q, box) {
  box.append(el("p", { class: "rb-drill__prompt" }, "At the showdown:"));
  const list = el("ul", { class: "rb-drill__groups", "data-hands": JSON.stringify(q.hands) });
  q.hands.forEach((h, k) => {
    const li = el("li");
    li.append(`Player ${k + 1}: `);
    h.forEach((code) => li.append(face(code), " "));
    list.append(li);
  });
  box.append(list);
}

function mount(root) {
  runDrill(root, {
    game: "3-chip-stack",
    settingsOf: (form) => threeSettings({ hands: form.elements.hands.value }),
    applySettings: (form, params) => {
      form.elements.hands.value = String(threeSettings({ hands: params.get("hands") ?? 3 }).hands);
    },
    question: (seed, settings) => threeQuestion(seed, settings, drillHouse("3-chip-stack", HOUSE_OPTIONS)),
    show,
    resetAnswer: (form, q) => {
      const boxes = form.querySelector("[data-winner-boxes]");
      boxes.replaceChildren();
      q.hands.forEach((_, k) => {
        const label = el("label", { class: "rb-drill__check" });
        label.append(el("input", { type: "checkbox", name: "winner", value: String(k) }), ` Player ${k + 1}`);
        boxes.append(label);
      });
    },
    answerOf: (form) => {
      const picked = [...form.querySelectorAll('input[name="winner"]:checked')].map((i) => Number(i.value));
      return picked.length ? { winners: picked } : { error: "Tick the player who wins (or every player who ties)." };
    },
    judge: (q, given) => {
      const rec = q.record;
      const right = given.winners.length === rec.winners.length && given.winners.every((w) => rec.winners.includes(w));
      const who = names(rec.winners.map((k) => `Player ${k + 1}`));
      const head = [rec.winners.length === 1 ? `${who} wins.` : `${who} tie and share the pot.`];
      const nodes = [];
      const parsed = q.hands.map(best);
      nodes.push(decidedLine(q.hands, rec));
      const list = el("ul", { class: "rb-result__groups", "aria-label": "Hands, best card first" });
      parsed.forEach((h, k) => {
        const li = el("li");
        li.append(`Player ${k + 1}: `);
        h.forEach((c) => li.append(face(c), " "));
        if (rec.winners.includes(k)) li.append(el("strong", {}, rec.winners.length === 1 ? "wins" : "shares the win"));
        list.append(li);
      });
      nodes.push(list);
      const why = el("div", { class: "rb-drill__rules" });
      for (const id of rulesOf(q)) {
        const node = quote(root, id);
        if (node) why.append(node);
      }
      nodes.push(why);
      return { right, head, nodes };
    },
  });
}

if (typeof document !== "undefined") onEveryPage('[data-drill="3-chip-stack"]', mount);
