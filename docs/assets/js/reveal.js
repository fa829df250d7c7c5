// Folded reference parts (generator/templates/partials/fold.html, issue 14): a <details> opens when a
// link targets anything inside it, and the page then shows the target itself, not the top of the fold.
//
// Material opens the closed <details> around a hash target on load and on hashchange, and scrolls to the
// <details>; on a long fold (the rulings) that is screens away from the ruling asked for. So:
//  - a click on a link to this page opens the folds around its target before the browser follows it,
//    so the browser (or Material's instant navigation) scrolls straight to the target;
//  - on every page Material swaps in (document$), on load and on hashchange, the target of the
//    address's hash is revealed: its folds opened and the target scrolled into view.
//
// A game page's sections below the round are not drawn while off screen (site.css, issue 15), so the
// page's height above a target is a guess until they are. A link to a rule screens down would land by
// the guess, and the browser's scroll anchoring then carries the page further off as the section
// around the target is drawn at its real size. So the sections from the top down to the target's are
// drawn for one frame first (class rb-drawn): the browser then scrolls by real heights, and each
// keeps that height once skipped again (contain-intrinsic-size: auto).
// Loaded by loader.js on pages that have a fold; subscribing twice is harmless (the listeners are set once).

const FOLD = "details.rb-fold";
const DRAWN = "rb-drawn";

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

/** Draw the skipped sections from the top of the page down to the one holding `element`, for the
 * next frames; the number drawn (0: nothing above the target was a guess). */
function drawDownTo(element) {
  const article = element.closest(".md-typeset");
  if (!article) return 0;
  const drawn = [];
  for (const block of article.children) {
    if (getComputedStyle(block).contentVisibility === "auto") {
      block.classList.add(DRAWN);
      drawn.push(block);
    }
    if (block.contains(element)) break;
  }
  // Two frames: the browser lays them out at their real height and remembers it; skipped again,
  // they keep it.
  if (drawn.length) requestAnimationFrame(() => requestAnimationFrame(() => drawn.forEach((b) => b.classList.remove(DRAWN))));
  return drawn.length;
}

function reveal(hash, { scroll = true } = {}) {
  const target = targetOf(hash);
  if (!target) return;
  const guessed = drawDownTo(target) > 0;
  const opened = target.closest(FOLD) ? openAround(target) : false;
  // Material scrolled to the fold when it opened it, or by guessed heights; the target is what was asked for.
  if ((scroll && (guessed || target.closest(FOLD))) || opened) requestAnimationFrame(() => target.scrollIntoView());
}

function onClick(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
  if (!link) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  const target = targetOf(url.hash);
  if (!target) return;
  // Before the browser scrolls: it then lands on the target itself.
  drawDownTo(target);
  openAround(target);
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
