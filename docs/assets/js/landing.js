// A page reached by a link opens at its top, or at the part its address names: never at the depth
// the last page was read to (issue 41).
//
// Material's instant navigation keeps each page's scroll offset in history.state, for the Back
// button: it writes the offset 100 ms after the last scroll event (debounced), and when a new page
// arrives it scrolls to history.state.y when there is one. A link followed within 100 ms of a scroll
// (a page that scrolled itself, a reader quick with a thumb) whose page takes longer than that to
// arrive gets the last page's offset written on its own new history entry, and opens that far down:
// the Quick start's "Try a practice game" left the phone two screens below the table (measured: a
// link followed at 2,186 px on /chips/, the next page answered 400 ms later, opened at 1,874 px).
//
// And a link to a part not drawn yet (the practice table, hidden until its script mounts) gave the
// browser nowhere to go, so the page kept the last page's offset.
//
// So a page reached by following a link (not by Back or Forward, whose offsets are the reader's own)
// is placed again once Material has placed it: at the target of the address's hash when it is drawn,
// else at the top (a target drawn later places itself: play/table/common.js tableShell).
// Material's own scroll runs first: it subscribes to the page's arrival before any page script.
// Imported by loader.js, on every page.

/** The address (without its hash) a link is taking the reader to, from the click to the page's arrival. */
let followed = null;

function onClick(event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname) return;
  followed = url.href.split("#")[0];
}

function place() {
  const arrived = followed !== null && location.href.split("#")[0] === followed;
  followed = null;
  if (!arrived) return;
  const id = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  const target = id ? document.getElementById(id) : null;
  if (target && target.getClientRects().length) {
    // Material went to the target, unless its late write left an offset (history.state is null on a new entry).
    if (history.state !== null) target.scrollIntoView();
  } else if (window.scrollY !== 0) {
    // No target, or one not drawn yet (hidden until its script mounts): the browser had nowhere to
    // go, and the page kept the last page's offset, or Material's late write sent it there.
    window.scrollTo(0, 0);
  }
}

if (typeof window !== "undefined" && !window.__rbLanding) {
  window.__rbLanding = true;
  document.addEventListener("click", onClick, true);
  window.addEventListener("popstate", () => { followed = null; });
  const documents = window.document$;
  if (documents && typeof documents.subscribe === "function") documents.subscribe(place);
}
