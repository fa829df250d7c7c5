"""This site's localStorage filled to the browser's quota, for the tests of full storage (issue 39:
a page must still show what is saved there, and say "storage is full" when a save fails).

`fill_storage(context, items)` adds an init script to a browser context: on the first page of the
site it opens, the script stores `items` (what the test means the page to find), then fills
localStorage until the browser refuses any more: big values halving down to one character, then
empty values under the shortest keys, so no probe or save a page makes (every key of the site is
longer than these) can find room. It runs once per context: later pages find it done."""

from __future__ import annotations

import json
from typing import Any

#: The item whose presence says the filling is done (and the prefixes of the filler items).
DONE_KEY = "~"

_SCRIPT = """(() => {
  let s;
  try {
    s = window.localStorage;
    if (s.getItem("~") !== null) return;
  } catch {
    return; // a page with no storage of the site's (about:blank)
  }
  for (const [key, value] of Object.entries(ITEMS)) s.setItem(key, value);
  s.setItem("~", "");
  let size = 1 << 21;
  let i = 0;
  while (size >= 1) {
    try {
      s.setItem(`~f${i}`, "x".repeat(size));
      i += 1;
    } catch {
      size = Math.floor(size / 2);
    }
  }
  for (let k = 0; k < 1000000; k += 1) {
    try {
      s.setItem(`!${k.toString(36)}`, "");
    } catch {
      break;
    }
  }
})();"""


def fill_storage(context: Any, items: dict[str, str] | None = None) -> None:
    """Before any page of `context` loads: `items` stored, then the site's localStorage full."""
    context.add_init_script(_SCRIPT.replace("ITEMS", json.dumps(items or {})))


def storage_is_full(page: Any) -> bool:
    """Whether a one-character write under a new key of the site's length is refused."""
    return bool(page.evaluate("""() => {
      try { localStorage.setItem("rulebook-test-room", "1"); localStorage.removeItem("rulebook-test-room"); return false; }
      catch (e) { return e.name === "QuotaExceededError"; }
    }"""))
