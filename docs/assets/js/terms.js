// Glossary words in the rules (generator/site/terms.py, issue 14) get Material's own tooltip
// (content.tooltips): shown on hover, on focus and so on a tap, and pointed at by aria-describedby.
// Material appends each tooltip to <body>, outside every landmark, so a screen reader's landmark
// navigation (and axe-core's "region" rule) finds it nowhere. This module only moves a tooltip, the
// moment Material adds it, into <main>: same position (neither is a positioned box), same element,
// so Material still shows, places and removes it. Loaded by loader.js where a glossary word is.

function intoMain(node) {
  const main = document.querySelector("main");
  if (main && node instanceof HTMLElement && node.classList.contains("md-tooltip2") && node.parentElement === document.body) {
    main.append(node);
  }
}

if (!window.__rbTerms) {
  window.__rbTerms = true;
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(intoMain);
  }).observe(document.body, { childList: true });
  document.querySelectorAll("body > .md-tooltip2").forEach(intoMain);
}
