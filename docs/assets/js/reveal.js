// Folded reference parts (generator/templates/partials/fold.html, issue 14): a <details> opens when a
// link targets anything inside it, and the page then shows the target itself, not the top of the fold.
//
// Material opens the closed <details> around a hash target on load and on hashchange, and scrolls to the
// <details>; on a long fold (the rulings) that is screens away from the ruling asked for. So:
//  - a click on a link to this page opens the folds around its target before the browser follows it,
//    so the browser (or Material's instant navigation) scrolls straight to the target;
//  - on every page Material swaps in (document$), on load and on hashchange, the target of the
//    address's hash is revealed: its folds opened and the target scrolled into view.
// Loaded by loader.js on pages that have a fold; subscribing twice is harmless (the listeners are set once).

const FOLD = "details.rb-fold";

function targetOf(hash) {
  if (!hash || hash.length < 2) return null;
  let id;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/** Open every closed fold around `element`; true when one was closed. */
function openAround(element) {
  let opened = false;
  for (let fold = element.closest(`${FOLD}:not([open])`); fold; fold = fold.parentElement?.closest(`${FOLD}:not([open])`)) {
    fold.open = true;
    opened = true;
  }
  return opened;
}

function reveal(hash, { scroll = true } = {}) {
  const target = targetOf(hash);
  if (!target || !target.closest(FOLD)) return;
  const opened = openAround(target);
  // Material scrolled to the fold when it opened it; the target is what was asked for.
  if (scroll || opened) requestAnimationFrame(() => target.scrollIntoView());
}

function onClick(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
  if (!link) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  const target = targetOf(url.hash);
  if (target) openAround(target); // before the browser scrolls: it then lands on the target itself
}

if (!window.__rbReveal) {
  window.__rbReveal = true;
  document.addEventListener("click", onClick, true);
  window.addEventListener("hashchange", () => reveal(location.hash));
  const documents = window.document$;
  if (documents && typeof documents.subscribe === "function") {
    documents.subscribe(() => reveal(location.hash));
  } else {
    reveal(location.hash);
  }
}
