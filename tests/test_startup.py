"""Material's start-up restyles the page fewer times (generator/site/startup.py, issue 42): the
palette's switching rule is out of the built palette stylesheet, and only it; a Material release
that writes the rule otherwise fails the build in one line naming the file; and every page puts
`js` and `js-focus-visible` on <html> before its body, as the bundle would. In the browser:
tests/test_browser_startup.py."""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
from mkdocs.exceptions import PluginError

from generator.site import startup

MATERIAL_SHEETS = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"


def _palette(site: Path, text: str) -> Path:
    sheet = site / "assets" / "stylesheets" / "palette.0123abcd.min.css"
    sheet.parent.mkdir(parents=True)
    sheet.write_text(text, encoding="utf-8")
    return sheet


def test_the_installed_material_writes_the_rule_as_the_hook_knows_it() -> None:
    sheets = sorted(MATERIAL_SHEETS.glob("palette.*.min.css"))
    assert len(sheets) == 1
    assert sheets[0].read_text(encoding="utf-8").count(startup.SWITCHING_RULE) == 1


def test_only_the_switching_rule_is_taken_out_and_a_second_build_finds_it_done(tmp_path: Path) -> None:
    before = (next(MATERIAL_SHEETS.glob("palette.*.min.css"))).read_text(encoding="utf-8")
    sheet = _palette(tmp_path, before)
    assert startup.drop_switching_rule(tmp_path) == 1
    after = sheet.read_text(encoding="utf-8")
    assert "data-md-color-switching" not in after
    assert after == before.replace(startup.SWITCHING_RULE, "")
    assert len(before) - len(after) == len(startup.SWITCHING_RULE)
    # Built again into the same folder (the file not copied afresh): nothing to do, no error.
    assert startup.drop_switching_rule(tmp_path) == 0
    assert sheet.read_text(encoding="utf-8") == after


def test_a_switching_rule_written_otherwise_fails_the_build_naming_the_file(tmp_path: Path) -> None:
    _palette(tmp_path, "[data-md-color-switching] *{transition:none!important}")
    with pytest.raises(PluginError) as caught:
        startup.drop_switching_rule(tmp_path)
    message = str(caught.value)
    assert "assets/stylesheets/palette.0123abcd.min.css" in message and "\n" not in message


def test_the_built_site_has_no_switching_rule_and_sets_the_classes_before_its_body(built_site: Path) -> None:
    sheets = list(built_site.glob(startup.PALETTE))
    assert len(sheets) == 1 and "data-md-color-switching" not in sheets[0].read_text(encoding="utf-8")
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 9
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert re.search(r'<html lang="en" class="no-js">', html), page
        head = html.split("<body", 1)[0]
        assert '.replace(/\\bno-js\\b/,"js js-focus-visible")</script>' in head, page
