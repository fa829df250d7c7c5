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
