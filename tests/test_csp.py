"""The Content-Security-Policy hook (generator/site/csp.py) on small pages: which inline scripts
get a hash, where the meta goes, and what the policy says. The built site: test_browser_csp.py."""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from types import SimpleNamespace

import pytest

from generator.site import csp

PALETTE = 'var palette=__md_get("__palette");'
SCOPE = '__md_scope=new URL("..",location)'
CONFIG = '{"base": "..", "features": ["navigation.instant"]}'


def page(*scripts: str, head: str = "") -> str:
    """A page shaped like Material's: charset first, then the given scripts in the head."""
    return (
        "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"utf-8\">\n"
        f"    <meta name=\"viewport\" content=\"width=device-width\">\n{head}"
        + "".join(f"    {s}\n" for s in scripts)
        + "  </head>\n  <body><p>Chips</p></body>\n</html>\n"
    )


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def meta_content(html: str) -> str:
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert len(found) == 1, found
    return found[0]


def directive(policy: str, name: str) -> list[str]:
    for part in policy.split(";"):
        words = part.split()
        if words and words[0] == name:
            return words[1:]
    raise AssertionError(f"no {name} in {policy!r}")


def test_two_inline_scripts_get_their_hashes_and_json_data_none() -> None:
    html = csp.add_policy(page(
        f"<script>{SCOPE}</script>",
        f'<script id="__config" type="application/json">{CONFIG}</script>',
        f"<script>{PALETTE}</script>",
        '<script src="assets/javascripts/bundle.js"></script>',
    ))
    sources = directive(meta_content(html), "script-src")
    assert sources == ["'self'", sha256(SCOPE), sha256(PALETTE)]
    assert sha256(CONFIG) not in sources  # data, never run


def test_the_hash_is_the_one_a_browser_computes() -> None:
    # The worked example of MDN's script-src page (and the CSP 3 specification).
    assert csp.source_hash("alert('Hello, world.');") == "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"


def test_a_changed_script_changes_its_hash() -> None:
    before = directive(meta_content(csp.add_policy(page(f"<script>{PALETTE}</script>"))), "script-src")
    after = directive(meta_content(csp.add_policy(page(f"<script>{PALETTE} </script>"))), "script-src")
    assert before != after
    assert after == ["'self'", sha256(PALETTE + " ")]


def test_cr_lf_is_hashed_as_the_browser_reads_it() -> None:
    assert csp.source_hash("a()\r\nb()\rc()") == sha256("a()\nb()\nc()")


@pytest.mark.parametrize("script_type", ["module", "text/javascript", "TEXT/JavaScript", " text/javascript; charset=utf-8"])
def test_every_type_that_runs_gets_a_hash(script_type: str) -> None:
    html = csp.add_policy(page(f'<script type="{script_type}">go()</script>'))
    assert sha256("go()") in directive(meta_content(html), "script-src")


@pytest.mark.parametrize("script_type", ["application/json", "application/ld+json", "text/template"])
def test_data_blocks_get_no_hash(script_type: str) -> None:
    html = csp.add_policy(page(f'<script type="{script_type}">{CONFIG}</script>'))
    assert directive(meta_content(html), "script-src") == ["'self'"]


def test_the_same_script_twice_is_one_hash_and_an_empty_one_none() -> None:
    html = csp.add_policy(page("<script>go()</script>", "<script>go()</script>", "<script></script>"))
    assert directive(meta_content(html), "script-src") == ["'self'", sha256("go()")]


def test_a_script_in_a_comment_is_not_hashed() -> None:
    html = csp.add_policy(page("<!-- <script>go()</script> -->"))
    assert directive(meta_content(html), "script-src") == ["'self'"]


def test_an_inline_style_element_gets_a_hash() -> None:
    html = csp.add_policy(page(head="    <style>:root{--x:1}</style>\n"))
    assert directive(meta_content(html), "style-src") == ["'self'", sha256(":root{--x:1}")]


def test_the_meta_comes_right_after_the_charset_with_its_indent() -> None:
    html = csp.add_policy(page(f"<script>{SCOPE}</script>"))
    lines = html.splitlines()
    at = lines.index('    <meta charset="utf-8">')
    assert lines[at + 1].startswith('    <meta http-equiv="Content-Security-Policy" content="')
    assert html.index("Content-Security-Policy") < html.index("<script")


def test_the_policy_names_only_the_sites_own_origin() -> None:
    policy = csp.policy()
    assert policy == (
        "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; "
        "img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; "
        "base-uri 'self'; form-action 'self'; object-src 'none'"
    )
    # Ignored in a <meta> (the browser says so in the console): never written.
    for ignored in ("frame-ancestors", "report-uri", "sandbox"):
        assert ignored not in policy
    assert "unsafe" not in policy and "*" not in policy and "http" not in policy


def test_a_page_without_a_charset_or_with_a_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="no <meta charset>"):
        csp.add_policy("<html><head><title>x</title></head></html>")
    with pytest.raises(ValueError, match="already has"):
        csp.add_policy(csp.add_policy(page()))


def test_a_script_before_the_charset_is_refused() -> None:
    with pytest.raises(ValueError, match="before <meta charset>"):
        csp.add_policy('<html><head><script>go()</script>\n<meta charset="utf-8"></head></html>')


def test_what_the_policy_would_block_is_named() -> None:
    html = page(head='    <a href="javascript:go()" style="color:red" onclick="go()">x</a>\n')
    blocked = csp.blocked_inline(html)
    assert len(blocked) == 3
    assert any("style" in b for b in blocked)
    assert any("onclick" in b for b in blocked)
    assert any("javascript:" in b for b in blocked)
    assert csp.blocked_inline(page("<script>go()</script>")) == []


def test_the_404_template_gets_the_policy_and_the_sitemap_does_not() -> None:
    config = None  # not read by the hook
    html = csp.on_post_template(page("<script>go()</script>"), template_name="404.html", config=config)  # type: ignore[arg-type]
    assert sha256("go()") in directive(meta_content(html), "script-src")
    xml = '<?xml version="1.0" encoding="UTF-8"?><urlset/>'
    assert csp.on_post_template(xml, template_name="sitemap.xml", config=config) == xml  # type: ignore[arg-type]


def test_a_page_with_something_the_policy_blocks_warns_so_a_strict_build_fails(
        caplog: pytest.LogCaptureFixture) -> None:
    page_ = SimpleNamespace(file=SimpleNamespace(src_uri="chips.md"))
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = csp.on_post_page(page(head='    <p style="color:red">x</p>\n'), page=page_, config=None)  # type: ignore[arg-type]
    assert "Content-Security-Policy" in html
    # A child of the "mkdocs" logger: counted by `strict: true`.
    assert [(r.name, r.levelno) for r in caplog.records] == [("mkdocs.hooks.csp", logging.WARNING)]
    assert "chips.md" in caplog.text and 'style="color:red"' in caplog.text


# --- make serve (issue 26): live reload without relaxing the policy -----------------------------


def _served(built: str) -> str:
    """``built`` as `mkdocs serve` sends it: with the reload script generator/site/hooks.py injects."""
    from generator.site import hooks

    server = SimpleNamespace(mount_path="/", builder=lambda: None, root="/nonexistent")
    config = {"config_file_path": "/nonexistent/mkdocs.yml"}
    was = hooks._serving.server
    try:
        hooks.on_serve(server, config=config, builder=server.builder)
    finally:
        hooks._serving.server = was
    served: str = server._inject_js_into_html(built.encode(), 1234).decode()
    return served


def test_the_served_reload_script_is_a_file_the_built_policy_already_allows() -> None:
    built = csp.add_policy(page(f"<script>{PALETTE}</script>"))
    served = _served(built)
    assert served != built and 'data-epoch="1234"' in served
    # The policy is the built one, byte for byte, and nothing in the served page needs more:
    # the reload script is 'self' (a file), with no inline code to hash.
    assert meta_content(served) == meta_content(built)
    assert csp.blocked_inline(served) == []
    assert csp._parse(served).scripts == csp._parse(built).scripts
    assert re.search(r'<script src="/assets/livereload\.js" data-epoch="1234" data-request="\d+"></script></body>',
                     served)


def test_a_build_writes_no_reload_script_and_no_serve_notes(tmp_path: object) -> None:
    from pathlib import Path

    from generator.site import hooks

    site = Path(str(tmp_path))
    hooks.on_startup(command="build", dirty=False)
    hooks._serving.stale.add("chips")
    try:
        keep = ('<div class="rb-keep"><p>x</p><ul class="rb-keep__list"><li><a class="rb-keep__link" '
                'href="../pdf/chips.pdf">Chips</a></li></ul></div>')
        assert hooks.on_page_content(keep) == keep
        hooks.on_post_build({"site_dir": str(site)})
    finally:
        hooks._serving.stale.clear()
    assert not (site / hooks.LIVERELOAD_FILE).exists()
    assert (site / hooks.MARKER).is_file()
