"""What every browser test may share, whatever the page: the errors a page reports."""

from __future__ import annotations

from typing import Any


def page_errors(page: Any, errors: list[str] | None = None) -> list[str]:
    """Gathers from now on the page's uncaught errors and its console errors into `errors` (a new
    list if none is given), and returns that list: a test ends by asserting it is empty."""
    kept: list[str] = [] if errors is None else errors
    page.on("pageerror", lambda exc: kept.append(str(exc)))
    page.on("console", lambda msg: kept.append(msg.text) if msg.type == "error" else None)
    return kept
