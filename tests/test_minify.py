"""The built site sends our scripts and stylesheet minified (generator/site/minify.py, issue 15):
each built file is esbuild's minified copy of its source, no source comment reaches the site, the
minified engines answer exactly as the sources do, and a file esbuild refuses fails the build with
one line naming it, with nothing written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from generator.site import minify, styles
from tests import test_differential as diff

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "docs" / "assets" / "js"


def test_every_built_script_is_its_source_minified(built_site: Path) -> None:
    sources = sorted(JS.rglob("*.js"))
    assert len(sources) >= 30
    for src in sources:
        rel = src.relative_to(ROOT / "docs")
        built = (built_site / rel).read_text(encoding="utf-8")
        text = src.read_text(encoding="utf-8")
        assert built == minify.minified(text, "js"), f"{rel} is not its source minified"
        assert len(built) < len(text), f"{rel}: minified is no smaller"
    assert minify.targets(built_site) == sorted(
        [built_site / p.relative_to(ROOT / "docs") for p in sources] + [built_site / styles.BUNDLE])


def test_the_stylesheet_keeps_its_font_urls_and_print_rules_and_loses_its_comments(built_site: Path) -> None:
    # That it is the joined parts minified, in cascade order: tests/test_styles.py.
    built = (built_site / styles.BUNDLE).read_text(encoding="utf-8")
    assert "/*" not in built
    assert "url(../fonts/atkinson-hyperlegible-latin-400-normal.woff2)" in built
    assert "@media print{" in built


def test_the_minified_engines_answer_as_the_sources_do(built_site: Path) -> None:
    rng = random.Random(15)
    lines = [{"fn": fn, "input": rec} for fn, gen in diff.GENERATORS.items() for rec in gen(rng, 500)]
    lines += [{"fn": "chips.describe", "input": rec} for rec in diff.chips_inputs(rng, 300)]
    from_source = diff.js_run(lines)
    from_site = diff.js_run(lines, built_site / "assets" / "js")
    assert len(from_site) == len(lines) > 2000
    assert not any(r.get("thrown") for r in from_site)
    changed = [(ln, a, b) for ln, a, b in zip(lines, from_source, from_site, strict=True) if a != b]
    assert not changed, f"{len(changed)} answers differ, the first: {changed[0]}"


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    site = tmp_path / "site"
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return site


def test_minify_works_in_place_and_leaves_other_files_alone(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "assets/js/a.js": "// why\nexport const SUIT = \"♥\";  /* the heart */\n",
        "assets/js/sub/b.js": "import { SUIT } from \"../a.js\";\nexport function f(x) {\n  return x + SUIT;\n}\n",
        styles.BUNDLE: "/* part */\n.card  {  color : red ; }\n",
        "assets/javascripts/bundle.js": "/* Material's */ var  x = 1;\n",
        "index.html": "<p>  a  </p>\n",
    })
    count, before, after = minify.minify(site)
    assert count == 3 and after < before
    assert (site / "assets/js/a.js").read_text(encoding="utf-8") == 'export const SUIT="♥";\n'
    assert (site / "assets/js/sub/b.js").read_text(encoding="utf-8") == (
        'import{SUIT}from"../a.js";export function f(x){return x+SUIT}\n')
    assert (site / styles.BUNDLE).read_text(encoding="utf-8") == ".card{color:red}\n"
    assert (site / "assets/javascripts/bundle.js").read_text(encoding="utf-8") == "/* Material's */ var  x = 1;\n"
    assert (site / "index.html").read_text(encoding="utf-8") == "<p>  a  </p>\n"


def test_a_script_esbuild_cannot_read_fails_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    good = "export const a = 1;  // kept as it is\n"
    site = _site(tmp_path, {"assets/js/a.js": good, "assets/js/z.js": "let x x\n"})
    with pytest.raises(PluginError) as caught:
        minify.minify(site)
    message = str(caught.value)
    assert message.startswith("minify: esbuild failed: assets/js/z.js:1:6: Expected")
    assert "\n" not in message
    assert (site / "assets/js/a.js").read_text(encoding="utf-8") == good


def test_without_esbuild_the_build_says_what_to_run(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"esbuild is missing from node_modules/ .*run `npm ci`$"):
        minify.find_esbuild(tmp_path)


def test_under_mkdocs_serve_the_files_stay_as_written(tmp_path: Path) -> None:
    text = "// why\nexport const a = 1;\n"
    site = _site(tmp_path, {"assets/js/a.js": text})
    minify.on_startup(command="serve", dirty=False)
    try:
        minify.on_post_build({"site_dir": str(site)})
    finally:
        minify.on_startup(command="build", dirty=False)
    assert (site / "assets/js/a.js").read_text(encoding="utf-8") == text
    minify.on_post_build({"site_dir": str(site)})
    assert (site / "assets/js/a.js").read_text(encoding="utf-8") == "export const a=1;\n"
