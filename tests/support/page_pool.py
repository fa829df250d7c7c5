"""The browser tests' pages, used again from one test to the next (issue 26).

A new context and a new page cost about 1.3 CPU-seconds to load a game page on this machine: a
renderer process started, the scripts compiled again with no cache. A page in a context of the same
options, taken back to a blank state, loads the same page for about 0.4. The browser tests open
some 400 pages a run, so this is the largest single share of `make test`'s time.

`PagePool.new_context(**options)` (the conftest's `browser.new_context`; not `browser.new_page`,
whose context goes with its page) gives a context kept for those options when one is free. Its first `new_page()` is the page kept
with it, blank; further pages are new and closed when the context is handed back. The context's
`close()` hands it back, and the next test with the same options gets it as a new visitor would
find the site:

- every page but the kept one closed; the listeners, routes, init scripts and bindings the test
  added removed; the kept page on about:blank at the context's viewport, the mouse off the page;
- the cookies, permissions, HTTP cache and every storage of the site's origins cleared (local
  and session storage, IndexedDB, Cache Storage, service worker registrations).

What a reset cannot take back, it does not try to: a context whose test installed a fake clock,
emulated a media feature, went offline, set headers, geolocation or a default timeout, or whose
kept page closed or failed to reset, is closed instead, and the next test gets a new one. A context
that lets the site's service worker run (`service_workers="allow"`: the offline, release and CSP
tests) is never kept: a worker outlives its page.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from typing import Any, Self

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api._generated import Clock

#: Calls whose effect a reset cannot take back: the context they touch is closed, not kept.
_LASTING: dict[type, tuple[str, ...]] = {
    Page: ("emulate_media", "set_extra_http_headers", "set_default_timeout", "set_default_navigation_timeout",
           "route_from_har", "route_web_socket", "add_locator_handler", "pause"),
    BrowserContext: ("set_extra_http_headers", "set_geolocation", "set_offline", "set_default_timeout",
                     "set_default_navigation_timeout", "route_from_har", "route_web_socket"),
    Clock: ("install", "fast_forward", "pause_at", "resume", "run_for", "set_fixed_time", "set_system_time"),
}
#: Calls that return what undoes them (a Disposable): undone at the reset.
_UNDONE: dict[type, tuple[str, ...]] = {
    Page: ("add_init_script", "expose_binding", "expose_function"),
    BrowserContext: ("add_init_script", "expose_binding", "expose_function"),
}
#: Contexts kept per set of options, and in all: each holds a renderer.
KEEP_PER_OPTIONS = 2
KEEP = 8
#: A reset that takes longer than this (ms) gives the context up.
RESET_TIMEOUT = 10_000


def _context_impl(obj: Any) -> Any:
    """The context (its implementation object) a page, context or clock call acts on."""
    impl = obj._impl_obj
    if isinstance(obj, Page):
        return impl.context
    if isinstance(obj, Clock):
        return impl._browser_context
    return impl


def _watch() -> None:
    """Marks, on the context, the calls a reset cannot undo and keeps what undoes the others."""
    if getattr(Page, "_pool_watched", False):
        return
    for cls, names in _LASTING.items():
        for name in names:
            original = getattr(cls, name)

            def lasting(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                _context_impl(self)._pool_lasting = True
                return _original(self, *args, **kwargs)

            setattr(cls, name, lasting)
    for cls, names in _UNDONE.items():
        for name in names:
            original = getattr(cls, name)

            def undone(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                result = _original(self, *args, **kwargs)
                context = _context_impl(self)
                context.__dict__.setdefault("_pool_undo", []).append(result)
                return result

            setattr(cls, name, undone)
    Page._pool_watched = True  # type: ignore[attr-defined]


def _listeners(emitter: Any) -> dict[str, list[Any]]:
    return {event: list(emitter.listeners(event)) for event in emitter.event_names()}


def _drop_added_listeners(emitter: Any, before: dict[str, list[Any]]) -> None:
    for event in list(emitter.event_names()):
        for listener in list(emitter.listeners(event)):
            if listener not in before.get(event, ()):
                emitter.remove_listener(event, listener)


class _Kept:
    """A context kept for one set of options, with its page and what they had when made."""

    def __init__(self, browser: Any, key: str, options: dict[str, Any]) -> None:
        self.key = key
        self.viewport = options.get("viewport", {"width": 1280, "height": 720})
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.failure = ""
        self.page_listeners = _listeners(self.page._impl_obj)
        self.context_listeners = _listeners(self.context._impl_obj)

    def reset(self, origins: Iterable[str]) -> bool:
        """The context as a new visitor's, or False when it cannot be (then it is closed)."""
        impl = self.context._impl_obj
        if getattr(impl, "_pool_lasting", False) or self.page.is_closed():
            return False
        try:
            for page in self.context.pages:
                if page is not self.page:
                    page.close()
            for undo in impl.__dict__.pop("_pool_undo", []):
                undo.close()
            _drop_added_listeners(self.page._impl_obj, self.page_listeners)
            _drop_added_listeners(impl, self.context_listeners)
            self.context.unroute_all(behavior="ignoreErrors")
            self.page.unroute_all(behavior="ignoreErrors")
            if self.page.url.startswith("http"):  # the tab's session storage (every frame's origin)
                for frame in self.page.frames:
                    frame.evaluate("() => { try { sessionStorage.clear() } catch (e) {} }")
            self.page.goto("about:blank", timeout=RESET_TIMEOUT)
            for origin in origins:
                self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.cdp.send("Network.clearBrowserCache")
            self.context.clear_cookies()
            self.context.clear_permissions()
            if self.page.viewport_size != self.viewport:
                self.page.set_viewport_size(self.viewport)
            self.page.mouse.move(-1, -1)
        except PlaywrightError as exc:  # a page that cannot be reset is not used again
            self.failure = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
            return False
        return True

    def close(self) -> None:
        with contextlib.suppress(PlaywrightError):  # already gone with its browser
            self.context.close()


class PooledContext:
    """A kept context lent to a test: its first new page is the kept one; `close()` hands it back.
    Everything else is the context's own (`pages`, `cookies()`, `add_init_script()`...)."""

    def __init__(self, pool: PagePool, kept: _Kept) -> None:
        self._pool = pool
        self._kept = kept
        self._lent_page = False
        self._handed_back = False

    def new_page(self) -> Any:
        if not self._lent_page and not self._kept.page.is_closed():
            self._lent_page = True
            return self._kept.page
        return self._kept.context.new_page()

    def close(self, **_: Any) -> None:
        if not self._handed_back:  # closed twice (a test and its fixture): handed back once
            self._handed_back = True
            self._pool.hand_back(self._kept)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._kept.context, name)


class PagePool:
    """Contexts (each with one page) kept by their options for the tests of one worker."""

    def __init__(self, browser: Any, origins: Iterable[str]) -> None:
        _watch()
        self._browser = browser
        self._origins = list(origins)
        self._free: list[_Kept] = []
        self.made = 0
        self.lent = 0
        #: Why contexts were closed rather than kept, with how many of each.
        self.dropped: dict[str, int] = {}

    def new_context(self, **options: Any) -> Any:
        if options.get("service_workers") != "block":
            return self._browser.new_context(**options)
        key = json.dumps(options, sort_keys=True, default=str)
        for i, kept in enumerate(self._free):
            if kept.key == key:
                del self._free[i]
                self.lent += 1
                return PooledContext(self, kept)
        self.made += 1
        return PooledContext(self, _Kept(self._browser, key, options))

    def hand_back(self, kept: _Kept) -> None:
        same = sum(1 for k in self._free if k.key == kept.key)
        if same >= KEEP_PER_OPTIONS or not kept.reset(self._origins):
            why = "enough kept" if same >= KEEP_PER_OPTIONS else kept.failure or "a lasting change"
            self.dropped[why] = self.dropped.get(why, 0) + 1
            kept.close()
            return
        self._free.insert(0, kept)
        for old in self._free[KEEP:]:
            old.close()
        del self._free[KEEP:]

    def close(self) -> None:
        for kept in self._free:
            kept.close()
        self._free.clear()
