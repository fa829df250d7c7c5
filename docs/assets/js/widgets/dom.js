// What every widget needs from the page: elements built with textContent only (never HTML from
// what people type), card faces with their spoken names, and mounting on every page that
// Material's instant navigation swaps in (document$), or once on a plain page.

import { parseCard, pySplit, cardSymbol, spokenName, SUIT_NOUN } from "../engine/cards.js";

export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/** A card face (from "8H" or a parsed card): the symbol always tells the suit; colour only adds to it. */
export function face(card) {
  const c = typeof card === "string" ? parseCard(card) : card;
  return el("span", {
    class: `card card--${c.suit === null ? "joker" : SUIT_NOUN[c.suit]}`, role: "img", "aria-label": spokenName(c),
  }, cardSymbol(c));
}

export function faces(codes) {
  const row = el("span", { class: "cards" });
  codes.forEach((code) => row.append(face(code), " "));
  return row;
}

export const sentence = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** An engine message for people: no trailing rule id ("... at most 10 (chips-hand-sizes)": the
 * id is for tests and the PDF, not for a player), and card codes in "copies of 8H" shown as 8♥. */
export function tidy(message) {
  return sentence(String(message)
    .replace(/\s*\([a-z0-9]+(?:-[a-z0-9]+)+\)\s*$/, "")
    .replace(/\b(\d+) copies of JK\b/g, "$1 jokers")
    .replace(/\b(copies of) (10|[2-9AJQK])([SHDC])\b/g, (_, words, rank, suit) => `${words} ${cardSymbol(parseCard(rank + suit))}`));
}

/** A polite live region that speaks once the words settle (~600 ms after the last change), so a
 * screen reader is not made to read every keystroke's answer; `now` speaks at once (Enter, a tap). */
export function announcer(live, delay = 600) {
  let timer = null;
  let last = "";
  const speak = (text) => {
    timer = null;
    if (!live || text === last) return;
    live.textContent = text;
    last = text;
  };
  return (text, { now = false } = {}) => {
    if (timer !== null) clearTimeout(timer);
    if (now) speak(text);
    else timer = setTimeout(() => speak(text), delay);
  };
}

/** Run mount(root) for every element matching selector, now and after each instant navigation. */
export function onEveryPage(selector, mount) {
  const mountAll = () => {
    for (const root of document.querySelectorAll(selector)) mount(root);
  };
  const documents = typeof window !== "undefined" ? window.document$ : undefined;
  if (documents && typeof documents.subscribe === "function") documents.subscribe(mountAll);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
}

/** Show what only works with the script (the form, the promise of an answer) and hide the note
 * that stands in for it without one. Safe to run again on the same widget. */
export function reveal(root) {
  for (const node of root.querySelectorAll("[data-controls]")) node.hidden = false;
  for (const node of root.querySelectorAll("[data-nojs]")) node.hidden = true;
}

/** Bring the answer into view when it is not (a phone, a long form) and mark it for a moment, so
 * a press of the submit button visibly does something even when the answer was already there. */
export function showAnswer(result) {
  if (!result) return;
  const box = result.getBoundingClientRect();
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  if (box.top < top || box.bottom > window.innerHeight) result.scrollIntoView({ block: "nearest" });
  result.classList.remove("rb-widget__result--fresh");
  void result.offsetWidth; // restart the mark if it is still on from the last press
  result.classList.add("rb-widget__result--fresh");
}

/** The cards in a text field ("8H, 10s JK"): words split on spaces and commas. */
export const tokensOf = (text) => pySplit(text.replaceAll(",", " "));
const canonicalCode = (tok) => { try { return parseCard(tok).code; } catch { return null; } };

/** Run a tap grid (generator/templates/widgets/_grid.html) over a text field of cards: a tap
 * puts one more copy in while the packs hold another (and the hand has room), otherwise takes
 * every copy of that card out; the buttons show what is in the field. `packs()` is how many
 * packs (decks) are in play, `maxCards` the most a hand holds (Infinity: no bound), `fullText`
 * the words when the hand is full. `changed()` runs after every change the grid makes.
 * Returns sync(), to run when the field or the packs change some other way. */
export function mountGrid({ grid, full, input, packs, maxCards = Infinity, fullText = "", changed, announce }) {
  if (!grid) return () => {};
  grid.hidden = false;
  grid.open = true;
  function sync() {
    const counts = new Map();
    let total = 0;
    for (const tok of tokensOf(input.value)) {
      const code = canonicalCode(tok);
      if (code) counts.set(code, (counts.get(code) || 0) + 1);
      total += 1;
    }
    const isFull = total >= maxCards;
    for (const button of grid.querySelectorAll("[data-card]")) {
      const n = counts.get(button.dataset.card) || 0;
      const most = Number(button.dataset.perPack || 1) * packs();
      const name = button.querySelector("[data-name]");
      const badge = button.querySelector(".rb-grid__count");
      button.setAttribute("aria-pressed", String(n > 0));
      button.dataset.count = String(n);
      button.dataset.next = n < most && !isFull ? "add" : "remove";
      if (n === 0 && isFull) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
      if (name) name.textContent = n > 0 ? `${name.dataset.name}, ${n} in hand` : name.dataset.name;
      if (badge) badge.textContent = n === 0 ? "" : n === 1 ? "✓" : `×${n}`;
    }
    if (full) full.textContent = isFull ? fullText : "";
  }
  function tap(button) {
    if (button.getAttribute("aria-disabled") === "true") {
      if (full && announce) announce(full.textContent, { now: true }); // say why nothing went in
      return;
    }
    const code = button.dataset.card;
    const list = tokensOf(input.value);
    if (button.dataset.next === "add") list.push(code);
    else {
      for (let k = list.length - 1; k >= 0; k--) if (canonicalCode(list[k]) === code) list.splice(k, 1);
    }
    input.value = list.join(" ");
    changed();
  }
  roving(grid);
  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !grid.contains(button)) return;
    if (button.hasAttribute("data-clear")) {
      input.value = "";
      changed();
    } else if (button.hasAttribute("data-undo")) {
      input.value = tokensOf(input.value).slice(0, -1).join(" ");
      changed();
    } else if (button.dataset.card) tap(button);
  });
  return sync;
}

/** The cards of a tap grid are one stop of the Tab key, as a card picker is (issue 28: 53 stops
 * before): the card last moved to holds tabindex 0, every other -1 (a roving tabindex). Left and
 * Right move card by card (on into the next or the previous row at a row's end), Up and Down to the same
 * place in the row above or below, Home and End to the row's first and last card, Ctrl+Home and
 * Ctrl+End to the grid's. The grid's other buttons (take out, clear) keep their own stops. Safe to
 * run again on the same grid. */
export function roving(grid) {
  const rows = [...grid.querySelectorAll(".rb-grid__row")]
    .map((row) => [...row.querySelectorAll("[data-card]")])
    .filter((cards) => cards.length > 0);
  const cards = rows.flat();
  if (cards.length === 0) return;
  const current = cards.find((b) => b.getAttribute("tabindex") === "0") || cards[0];
  for (const b of cards) b.setAttribute("tabindex", b === current ? "0" : "-1");
  if (grid.dataset.roving) return;
  grid.dataset.roving = "true";
  const place = (button) => {
    for (let r = 0; r < rows.length; r++) {
      const c = rows[r].indexOf(button);
      if (c >= 0) return [r, c];
    }
    return null;
  };
  const moveTo = (button) => {
    for (const b of cards) b.setAttribute("tabindex", b === button ? "0" : "-1");
    button.focus();
  };
  grid.addEventListener("focusin", (event) => {
    const button = event.target.closest("[data-card]");
    if (button && cards.includes(button)) {
      for (const b of cards) b.setAttribute("tabindex", b === button ? "0" : "-1");
    }
  });
  grid.addEventListener("keydown", (event) => {
    if (event.altKey || event.metaKey || event.shiftKey) return;
    const at = place(event.target);
    if (!at) return;
    const [r, c] = at;
    const row = rows[r];
    const flat = cards.indexOf(event.target);
    let next = null;
    switch (event.key) {
      case "ArrowRight": next = cards[Math.min(flat + 1, cards.length - 1)]; break;
      case "ArrowLeft": next = cards[Math.max(flat - 1, 0)]; break;
      case "ArrowDown": if (r + 1 < rows.length) next = rows[r + 1][Math.min(c, rows[r + 1].length - 1)]; break;
      case "ArrowUp": if (r > 0) next = rows[r - 1][Math.min(c, rows[r - 1].length - 1)]; break;
      case "Home": next = event.ctrlKey ? cards[0] : row[0]; break;
      case "End": next = event.ctrlKey ? cards[cards.length - 1] : row[row.length - 1]; break;
      default: return;
    }
    event.preventDefault();
    if (next) moveTo(next);
  });
}
