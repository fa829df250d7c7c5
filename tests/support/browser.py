"""What every browser test may share, whatever the page: the errors a page reports, and fresh
pages, each in a context of its own, closed when the test ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


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
