"""What every browser test may share, whatever the page: the errors a page reports, and fresh
pages, each in a context of its own, closed when the test ends."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def page_errors(page: Any, errors: list[str] | None = None) -> list[str]:
    """Gathers from now on the page's uncaught errors and its console errors into `errors` (a new
    list if none is given), and returns that list: a test ends by asserting it is empty."""
    kept: list[str] = [] if errors is None else errors
    page.on("pageerror", lambda exc: kept.append(str(exc)))
    page.on("console", lambda msg: kept.append(msg.text) if msg.type == "error" else None)
    return kept


@contextmanager
def fresh_pages(browser: Any) -> Iterator[Callable[..., Any]]:
    """new_page(**options) -> a blank page in a new context of its own (its own storage; `options`
    go to the context: viewport, color_scheme, service_workers...), its errors gathered in
    `page.errors`. Every context made is closed on leaving."""
    contexts: list[Any] = []

    def new_page(**options: Any) -> Any:
        ctx = browser.new_context(**options)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = page_errors(page)
        return page

    try:
        yield new_page
    finally:
        for ctx in contexts:
            ctx.close()


#: True once the page has stood still for `frames` painted frames running: the scroll position, the
#: page's height and the focused element unchanged, the fonts loaded. Counted in frames, not
#: milliseconds, so a loaded machine (fewer frames a second) waits longer, as it must (issue 41). The
#: frames are counted from the first call (under `key`, one count a settle); the calls come on timers,
#: so a page that paints no frame leaves the wait to time out rather than hang.
_STILL = """([frames, key]) => {
  const count = window[key] || (window[key] = (() => {
    const state = { last: null, same: 0, done: false };
    const look = () => {
      const a = document.activeElement;
      const now = [scrollX, scrollY, document.documentElement.scrollHeight, document.fonts.status,
                   a ? a.tagName + '#' + a.id + '.' + a.className : ''].join('|');
      state.same = now === state.last ? state.same + 1 : 0;
      state.last = now;
      if (state.same >= frames) state.done = true; else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    return state;
  })());
  if (count.done) delete window[key];
  return count.done;
}"""


#: Numbers each settle's count of frames in the page.
_SETTLES = itertools.count()


def settle(page: Any, frames: int = 10, timeout_ms: int = 30_000) -> None:
    """Waits until the page stands still (see _STILL): a scroll, a fold opening or a focus move
    has finished, however long the machine takes. In place of a fixed wait before an assertion.
    A page that does not stand still within `timeout_ms` fails the test, saying why (why_stuck):
    awaited in one evaluate, a page that painted no more frames hung the whole run (issue 41: a
    practice page waited there for minutes under load, its scripts answering)."""
    key = f"__rbStill{next(_SETTLES)}"
    try:
        page.wait_for_function(_STILL, arg=[frames, key], polling=20, timeout=timeout_ms)
    except PlaywrightTimeoutError as error:
        raise AssertionError(f"the page did not stand still for {frames} frames: {why_stuck(page, 'body')}") from error


#: What a page did in the frames after an action on `selector` timed out: the first three frames it
#: painted within 2 s (in each, the element's top, left, width and height and the scroll offset, or
#: "gone"), its visibility, whether its table was still placing itself (data-placing), and what takes a
#: tap at the element's middle when it is not the element. Polled on timers, not on frames, so it
#: answers when the page paints none.
_STUCK = """(selector) => {
  const probe = window.__rbStuck || (window.__rbStuck = (() => {
    const seen = { since: performance.now(), frames: [] };
    const look = () => {
      const e = document.querySelector(selector);
      const r = e && e.getBoundingClientRect();
      seen.frames.push(r ? [r.top, r.left, r.width, r.height, scrollY].map(Math.round).join(' ') : 'gone');
      if (seen.frames.length < 3) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    return seen;
  })());
  if (probe.frames.length < 3 && performance.now() - probe.since < 2000) return false;
  delete window.__rbStuck;
  const e = document.querySelector(selector);
  let cover = '';
  if (e) {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && !e.contains(hit)) cover = `<${hit.tagName.toLowerCase()} class="${hit.className}">`;
  }
  return { frames: probe.frames, visibility: document.visibilityState,
           placing: Boolean(e && e.closest('[data-placing]')), cover };
}"""


def why_stuck(page: Any, selector: str) -> str:
    """In words, what held up an action on `selector` that timed out (issue 41). Playwright's log of a
    tap that waited 30 s "to be visible, enabled and stable", with nothing after, reads the same whether
    the page painted no frame (the stability check counts frames) or its scripts stopped answering once
    the element was found; an element moved or made anew every frame logs "not stable" and retries.
    This tells them apart, and says what covers the element and whether its table was still placing
    itself."""
    try:
        seen = page.wait_for_function(_STUCK, arg=selector, polling=100, timeout=5_000).json_value()
    except PlaywrightError:
        return "the page's scripts did not answer for 5 s (its main thread was busy, or the browser stalled)"
    frames = seen["frames"]
    if not frames:
        return (f"the page painted no frame in 2 s, though its scripts answered (visibility {seen['visibility']}): "
                "the browser was not drawing it")
    where = "moved between frames: " + ", ".join(frames) if len(set(frames)) > 1 else f"still at {frames[0]}"
    return (f"{len(frames)} frames painted; the element (top left width height, scroll) {where}; "
            f"{'covered by ' + seen['cover'] if seen['cover'] else 'nothing covers it'}; "
            f"{'its table still placing itself' if seen['placing'] else 'no table placing itself'}; "
            f"visibility {seen['visibility']}")


def wait_until(page: Any, predicate: Callable[[], bool], timeout_ms: int = 30_000, what: str = "") -> None:
    """Waits, letting the page's events arrive, until `predicate()` holds (something the test heard,
    not something the page can be asked), or fails after `timeout_ms`."""
    waited = 0
    while not predicate():
        if waited >= timeout_ms:
            raise AssertionError(f"not within {timeout_ms} ms: {what or predicate}")
        page.wait_for_timeout(25)
        waited += 25


#: Every select option whose text does not fit its box (as a phone cuts it off: "Gentle: gives you
#: time, and says why it c…", issue 40), and every house reading that overflows: a list of what, empty
#: when all fit. The text's own width, laid out in the control's font, against the control's inner
#: width less the select's arrow.
CLIPPED = """() => {
  const out = [];
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-9999px';
  document.body.append(probe);
  for (const s of document.querySelectorAll('select')) {
    if (!s.getClientRects().length) continue;
    const cs = getComputedStyle(s);
    // Each part of the font, not the shorthand: Chromium gives an empty font shorthand for a select, and the
    // probe then measured in the body's font, finding "Whoever has no cards" fits where it was cut.
    for (const k of ['fontStyle', 'fontWeight', 'fontSize', 'fontFamily', 'fontStretch']) probe.style[k] = cs[k];
    probe.style.letterSpacing = cs.letterSpacing;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of s.options) {
      probe.textContent = o.textContent;
      const need = probe.getBoundingClientRect().width;
      if (need > room) out.push(`${s.id || s.name}: "${o.textContent}" needs ${Math.ceil(need)} px of ${Math.floor(room)}`);
    }
  }
  for (const n of document.querySelectorAll('.rb-house__reading, .rb-house__legend, .sk-house__reading, .sk-house__label, .sk-house__option > legend')) {
    if (n.getClientRects().length && n.scrollWidth > n.clientWidth + 1) out.push(`"${n.textContent.trim()}" overflows`);
  }
  probe.remove();
  return out;
}"""
