// What every widget needs from the page: elements built with textContent only (never HTML from
// what people type), card faces with their spoken names, and mounting on every page that
// Material's instant navigation swaps in (document$), or once on a plain page.

import { parseCard, cardSymbol, spokenName, SUIT_NOUN } from "../engine/cards.js";

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
