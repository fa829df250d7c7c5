"""The project's stylesheets reach each page as one file (generator/site/styles.py, issue 15):
every built page links the bundle and no other project stylesheet, the bundle holds every part of
extra_css in cascade order, the parts are not shipped a second time, and a bad extra_css entry
fails the build with one line naming it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from generator.site import minify, styles

ROOT = Path(__file__).resolve().parent.parent


def _extra_css() -> list[str]:
    class _Loader(yaml.SafeLoader):
        pass

    _Loader.add_constructor("!ENV", lambda loader, node: None)
    return list(yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["extra_css"])


def test_every_page_links_one_project_stylesheet(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        links = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', page.read_text(encoding="utf-8"))
        ours = [h for h in links if "assets/css/" in h]
        assert len(ours) == 1 and ours[0].endswith(styles.BUNDLE), f"{page.relative_to(built_site)}: {ours}"


def test_the_bundle_holds_every_part_in_cascade_order_and_the_parts_are_not_shipped(built_site: Path) -> None:
    parts = _extra_css()
    assert len(parts) >= 5 and styles.BUNDLE not in parts
    sources = [(name, (ROOT / "docs" / name).read_text(encoding="utf-8")) for name in parts]
    bundle = styles.bundle_text(sources)
    at = -1
    for name, text in sources:
        found = bundle.find(text)
        assert found > at, f"{name} is missing from the bundle or out of order"
        at = found
        assert not (built_site / name).exists(), f"{name} is shipped beside the bundle"
    # The site sends that bundle minified (generator/site/minify.py).
    assert (built_site / styles.BUNDLE).read_text(encoding="utf-8") == minify.minified(bundle, "css")
    # Print rules stay inside @media print: joining must not let them reach the screen.
    print_css = (ROOT / "docs" / "assets" / "css" / "print.css").read_text(encoding="utf-8")
    body = re.sub(r"/\*.*?\*/", "", print_css, flags=re.DOTALL).strip()
    assert body.startswith("@media print {") and body.endswith("}")


def _files(tmp_path: Path, names: list[str]) -> tuple[Files, Any]:
    docs = tmp_path / "docs"
    for n in names:
        (docs / n).parent.mkdir(parents=True, exist_ok=True)
        (docs / n).write_text(f"/* {n} */\n.x {{ color: red; }}\n", encoding="utf-8")
    config: Any = SimpleNamespace(docs_dir=str(docs), site_dir=str(tmp_path / "site"), use_directory_urls=True,
                                  extra_css=list(names), plugins=SimpleNamespace(_current_plugin="styles"))
    files = Files([File(n, str(docs), str(tmp_path / "site"), True) for n in names])
    return files, config


def test_joining_keeps_the_listed_order(tmp_path: Path) -> None:
    names = ["assets/css/b.css", "assets/css/a.css"]
    files, config = _files(tmp_path, names)
    out = styles.on_files(files, config)
    assert config.extra_css == [styles.BUNDLE]
    assert [f.src_uri for f in out] == [styles.BUNDLE]
    text = out.get_file_from_path(styles.BUNDLE).content_string
    assert text.index("/* assets/css/b.css */") < text.index("/* assets/css/a.css */")
    # A rebuild on the same config (it now lists only the bundle) joins the same parts again.
    files2, _ = _files(tmp_path, names)
    again = styles.on_files(files2, config)
    assert again.get_file_from_path(styles.BUNDLE).content_string == text


@pytest.mark.parametrize(("name", "expected"), [
    ("assets/other/x.css", "expected a .css file in assets/css/"),
    ("assets/css/missing.css", "no such file under docs/"),
])
def test_a_bad_extra_css_entry_is_named_in_one_line(tmp_path: Path, name: str, expected: str) -> None:
    files, config = _files(tmp_path, ["assets/css/a.css"])
    config.extra_css = ["assets/css/a.css", name]
    with pytest.raises(PluginError) as err:
        styles.on_files(files, config)
    msg = str(err.value)
    assert "\n" not in msg and name in msg and expected in msg
