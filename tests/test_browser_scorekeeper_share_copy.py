"""Keep score's "Share by link" copies the link it shows, and says so (issue 40: it showed the link
and copied nothing), in Chromium on a phone with touch: by the clipboard API where the page may use
it, and by the browser's copy command on the selected box where the API refuses (an address
without https, an older browser). The link copied is the one shown, which opens the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.scorekeeper import open_keeper, start_game

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: The clipboard API refuses, as it does on a page without a secure origin; every copy command
#: the page runs is kept in window.copied with the text it copied.
REFUSING_CLIPBOARD = """
Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('refused')) } });
window.copied = [];
document.addEventListener('copy', () => window.copied.push(String(document.getSelection() || document.activeElement.value
  .slice(document.activeElement.selectionStart, document.activeElement.selectionEnd))));
"""


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, service_workers="block")
    try:
        yield ctx
    finally:
        ctx.close()


def test_share_by_link_copies_the_link_and_says_link_copied(phone: Any, site_url: str) -> None:
    phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = phone.new_page()
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", ["Ann", "Bo"], tap=True)
    page.tap("#sk-share")
    page.wait_for_function("() => document.querySelector('#sk-share-status')?.textContent.startsWith('Link copied')")
    shown = page.input_value("#sk-share-link")
    assert "#game=" in shown
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    # "Copy the link" copies it again, and says so again.
    page.evaluate("() => navigator.clipboard.writeText('')")
    page.eval_on_selector("#sk-share-status", "e => { e.textContent = ''; }")
    page.tap("#sk-share-copy")
    page.wait_for_function("() => document.querySelector('#sk-share-status').textContent.startsWith('Link copied')")
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    assert not errors, errors


def test_share_by_link_copies_by_the_copy_command_where_the_clipboard_api_refuses(phone: Any, site_url: str) -> None:
    page = phone.new_page()
    page.add_init_script(REFUSING_CLIPBOARD)
    errors: list[str] = []
    open_keeper(page, site_url, errors)
    start_game(page, "chips", ["Ann", "Bo"], tap=True)
    page.tap("#sk-share")
    page.wait_for_function("() => document.querySelector('#sk-share-status')?.textContent !== ''")
    assert page.inner_text("#sk-share-status").startswith("Link copied")
    assert page.evaluate("() => window.copied") == [page.input_value("#sk-share-link")]
    assert not errors, errors
