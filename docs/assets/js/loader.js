// Each page loads only what it uses (issue 15): this small module looks at the page for the
// elements a widget mounts on and imports that widget's module, once, when one is there. The
// home page then fetches no scorer and no engine; a game page only its own game's.
//
// Runs on every page Material's instant navigation swaps in (document$), so a game page reached
// by a link still gets its widget. The imported modules mount themselves: each subscribes to
// document$ (widgets/dom.js onEveryPage; scorekeeper.js), a ReplaySubject, so subscribing after the
// page is in still mounts on it, and on every later page; mounting twice is harmless.

// On every page: a page reached by a link opens at its top or its target (issue 41).
import "./landing.js";
// On every page: the light and dark toggle in the header, mounted here rather than by Material (issue 42).
import "./palette.js";

/** What to import, and the element that says a page needs it (generator/templates/). */
const MODULES = [
  ['[data-widget="chips"]', "./widgets/chips.js"],
  ['[data-widget="chains"]', "./widgets/chains.js"],
  ['[data-widget="3-chip-stack"]', "./widgets/3-chip-stack.js"],
  ['[data-widget="declared"]', "./widgets/declared.js"], // a game's hand counter from its declared scoring (issue 38)
  ["[data-score-keeper]", "./scorekeeper/scorekeeper.js"],
  ["[data-sample-round]", "./sample-round.js"],
  // The practice pages' drills (generator/site/play.py) and the game pages' examples as questions.
  ['[data-drill="chips"]', "./play/drills/chips.js"],
  ['[data-drill="chains"]', "./play/drills/chains.js"],
  ['[data-drill="3-chip-stack"]', "./play/drills/3-chip-stack.js"],
  [".rb-examples [data-example]", "./play/drills/examples.js"],
  ['[data-practice-game="chains"]', "./play/table/chains.js"], // the practice game (play/table/)
  ['[data-practice-game="3-chip-stack"]', "./play/table/3-chip-stack.js"],
  ['[data-practice-game="chips"]', "./play/table/chips.js"],
  ["details.rb-fold", "./reveal.js"], // a link into a fold or a section not drawn yet lands on its target (issues 14, 15)
  ["abbr.rb-term", "./terms.js"], // glossary words: their meaning on hover, focus and tap (issue 14)
  ["[data-house-options]", "./house/view.js"], // "Your table's rules" (issue 25); other scripts read house/current.js
];

const started = new Set();

function loadWhatThisPageUses() {
  for (const [selector, path] of MODULES) {
    if (started.has(path) || !document.querySelector(selector)) continue;
    started.add(path);
    import(new URL(path, import.meta.url).href).catch((error) => {
      started.delete(path); // the next page that needs it tries again (back online, say)
      console.error(`${path} did not load:`, error);
    });
  }
}

const documents = window.document$;
if (documents && typeof documents.subscribe === "function") documents.subscribe(loadWhatThisPageUses);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", loadWhatThisPageUses);
else loadWhatThisPageUses();
