// Glossary words in the rules (generator/site/terms.py, issue 14): a word's meaning shows beside it
// on hover, on focus, and so on a tap (the word is focusable), and the word points
// aria-describedby at it while it shows, so a screen reader reads the meaning too.
//
// One tooltip for the whole page, inside <main> (a landmark), driven by listeners on the document:
// nothing is done per word until a word is used. Material's own tooltips (content.tooltips)
// measured each of the page's words at load, most of a game page's blocking time on a phone
// (Lighthouse, issue 15). A word's meaning is its `title` (rendered from rules-data's glossary:),
// taken into data-meaning the first time the word is used, so the browser's own tooltip does not
// show as well; without scripts the title stays, and is the browser's tooltip.

const TIP_ID = "rb-term-tip";
const WORD = "abbr.rb-term";

function tip() {
  let node = document.getElementById(TIP_ID);
  const main = document.querySelector("main") || document.body;
  if (!node) {
    node = document.createElement("div");
    node.id = TIP_ID;
    node.className = "rb-term-tip";
    node.setAttribute("role", "tooltip");
    node.hidden = true;
  }
  if (node.parentElement !== main) main.append(node); // a page swapped in by instant navigation
  return node;
}

function meaningOf(word) {
  if (word.hasAttribute("title")) {
    word.dataset.meaning = word.getAttribute("title");
    word.removeAttribute("title");
  }
  return word.dataset.meaning || "";
}

let shown = null;

function show(word) {
  const text = meaningOf(word);
  if (!text) return;
  const node = tip();
  node.textContent = text;
  node.hidden = false;
  if (shown && shown !== word) shown.removeAttribute("aria-describedby");
  shown = word;
  word.setAttribute("aria-describedby", TIP_ID);
  place(word, node);
}

function place(word, node) {
  const box = word.getBoundingClientRect();
  const width = Math.min(node.offsetWidth, document.documentElement.clientWidth - 16);
  const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
  // Absolute to its offset parent (the page, or a positioned <main>): its box gives the origin.
  const parent = (node.offsetParent || document.documentElement).getBoundingClientRect();
  node.style.left = `${Math.round(left - parent.left)}px`;
  node.style.top = `${Math.round(box.bottom - parent.top + 6)}px`;
}

function hide(word) {
  if (word && shown !== word) return;
  const node = document.getElementById(TIP_ID);
  if (node) node.hidden = true;
  if (shown) shown.removeAttribute("aria-describedby");
  shown = null;
}

const wordAt = (event) => (event.target instanceof Element ? event.target.closest(WORD) : null);

if (!window.__rbTerms) {
  window.__rbTerms = true;
  document.addEventListener("focusin", (event) => {
    const word = wordAt(event);
    if (word) show(word);
  });
  document.addEventListener("focusout", (event) => {
    const word = wordAt(event);
    if (word) hide(word);
  });
  document.addEventListener("mouseover", (event) => {
    const word = wordAt(event);
    if (word) show(word);
  });
  document.addEventListener("mouseout", (event) => {
    const word = wordAt(event);
    if (word && word !== document.activeElement && !word.contains(event.relatedTarget)) hide(word);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shown) hide(null);
  });
}
