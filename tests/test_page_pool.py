"""The pages the browser tests use again (tests/support/page_pool.py): a context lent to the next
test is as a new visitor's, and one that cannot be made so is never lent again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.page_pool import PagePool

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


@pytest.fixture()
def pool(browser: Any, site_url: str) -> Any:
    own = PagePool(browser._browser, [site_url.rstrip("/")])
    yield own
    own.close()


def _dirty(page: Any, site_url: str) -> list[str]:
    """Leave in the page everything a test might: storage of every kind, a cookie, a listener, an
    init script, another viewport, another page."""
    heard: list[str] = []
    page.on("console", lambda msg: heard.append(msg.text))
    page.context.add_init_script("window.__left = 'by the last test'")
    page.goto(site_url + "chips/", wait_until="load")
    page.evaluate("""() => new Promise(done => {
        localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1');
        document.cookie = 'left=1; path=/';
        const open = indexedDB.open('left', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => { open.result.close(); caches.open('left').then(() => done()); };
    })""")
    page.set_viewport_size({"width": 800, "height": 600})
    page.context.new_page()
    return heard


def test_a_context_lent_again_is_a_new_visitors(pool: Any, site_url: str) -> None:
    first = pool.new_context(service_workers="block", **PHONE)
    page = first.new_page()
    heard = _dirty(page, site_url)
    first.close()

    again = pool.new_context(service_workers="block", **PHONE)
    assert pool.lent == 1 and pool.made == 1
    page = again.new_page()
    assert page.url == "about:blank" and len(again.pages) == 1
    assert page.viewport_size == PHONE["viewport"]
    page.goto(site_url + "chips/", wait_until="load")
    left = page.evaluate("""async () => ({
        local: localStorage.getItem('left'), session: sessionStorage.getItem('left'), cookie: document.cookie,
        script: window.__left ?? null, caches: (await caches.keys()).length,
        databases: (await indexedDB.databases()).map(d => d.name),
    })""")
    assert left == {"local": None, "session": None, "cookie": "", "script": None, "caches": 0, "databases": []}
    before = len(heard)
    with page.expect_console_message():  # heard here first: the old listener has had its chance too
        page.evaluate("console.log('heard by this test only')")
    assert len(heard) == before, "a listener of the last test still hears this one"
    again.close()


def test_a_context_closed_twice_is_lent_to_one_test_only(pool: Any) -> None:
    ctx = pool.new_context(service_workers="block", **PHONE)
    ctx.close()
    ctx.close()
    one = pool.new_context(service_workers="block", **PHONE)
    two = pool.new_context(service_workers="block", **PHONE)
    assert one.new_page() is not two.new_page()
    assert pool.lent == 1 and pool.made == 2
    one.close()
    two.close()


def test_other_options_get_another_context(pool: Any) -> None:
    phone = pool.new_context(service_workers="block", **PHONE)
    phone.close()
    desk = pool.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    assert pool.made == 2 and pool.lent == 0
    desk.close()


@pytest.mark.parametrize("change", ["clock", "media", "closed"])
def test_a_context_a_reset_cannot_take_back_is_never_lent_again(pool: Any, site_url: str, change: str) -> None:
    ctx = pool.new_context(service_workers="block", **PHONE)
    page = ctx.new_page()
    page.goto(site_url, wait_until="load")
    if change == "clock":
        page.clock.install()
    elif change == "media":
        page.emulate_media(color_scheme="dark")
    else:
        page.close()
    ctx.close()
    pool.new_context(service_workers="block", **PHONE).close()
    assert pool.made == 2 and pool.lent == 0


def test_a_context_that_runs_the_service_worker_is_never_kept(pool: Any) -> None:
    ctx = pool.new_context(service_workers="allow")
    assert not hasattr(ctx, "_kept")
    ctx.close()
    assert pool.made == 0
