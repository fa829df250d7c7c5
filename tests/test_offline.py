"""generator/site/offline.py, the hook that makes sw.js with Workbox: what it precaches, what it
caches on first use (under each file's revision), which query parameters it ignores, the 404 page
for unknown addresses, its one-line failures, and a small site's sw.js made twice, byte for byte."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from mkdocs.exceptions import PluginError

from generator.site import offline

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ["chips", "3-chip-stack"]
PDFS = ["chips.pdf", "chips-a4.pdf", "chips-letter.pdf", "chips-rulebook.pdf", "chips-rulebook-a4.pdf",
        "chips-rulebook-letter.pdf", "chips-score-a4.pdf", "chips-score-letter.pdf", "3-chip-stack.pdf",
        "3-chip-stack-a4.pdf", "3-chip-stack-rulebook.pdf", "3-chip-stack-score-a4.pdf",
        "3-chip-stack-score-letter.pdf"]


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for rel in ("index.html", "404.html", "chips/index.html", "assets/css/site.css", "assets/js/offline.js",
                "assets/javascripts/bundle.min.js.map", "assets/javascripts/lunr/min/lunr.de.min.js",
                "assets/fonts/face.woff2", "assets/fonts/face.ttf", "search/search_index.json",
                "sitemap.xml", "manifest.webmanifest", *(f"pdf/{p}" for p in PDFS)):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(f"{rel}\n", encoding="utf-8")
    return site


def test_the_card_box_rules_and_score_sheets_are_precached_and_the_rest_is_not(tmp_path: Path) -> None:
    assert offline.precache_pdfs(_site(tmp_path) / "pdf", GAME_IDS) == [
        "pdf/3-chip-stack-score-a4.pdf", "pdf/3-chip-stack-score-letter.pdf", "pdf/3-chip-stack.pdf",
        "pdf/chips-score-a4.pdf", "pdf/chips-score-letter.pdf", "pdf/chips.pdf"]
    assert offline.precache_pdfs(tmp_path / "no-such-folder", GAME_IDS) == []


def test_a_pdf_the_download_list_does_not_name_is_precached(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "pdf" / "chips-extra.pdf").write_text("x", encoding="utf-8")
    assert "pdf/chips-extra.pdf" in offline.precache_pdfs(site / "pdf", GAME_IDS)


def test_the_plan_comes_from_the_download_list() -> None:
    from generator.print.downloads import downloads

    precached, on_demand = offline.pdf_plan(["chains"])
    # Every download is kept offline one way or the other, but the card printer's (issue 40's bleed
    # version): that one belongs at a print shop, not on a phone at the table.
    assert sorted(precached + on_demand) == sorted(f["name"] for f in downloads("chains") if f["offline"] != "online")
    assert [f["name"] for f in downloads("chains") if f["offline"] == "online"] == ["chains-bleed.pdf"]
    assert "chains.pdf" in precached and "chains-rulebook.pdf" in on_demand
    assert not set(precached) & set(on_demand)


@pytest.mark.parametrize(("url", "cached_on_first_use"), [
    ("http://127.0.0.1:8000/pdf/chips-a4.pdf", True),
    ("https://example.org/rules/pdf/3-chip-stack-letter.pdf", True),
    ("http://127.0.0.1:8000/pdf/chips-rulebook.pdf", True),
    ("http://127.0.0.1:8000/pdf/chips-rulebook-a4.pdf", True),
    ("http://127.0.0.1:8000/pdf/3-chip-stack-rulebook-letter.pdf", True),
    ("http://127.0.0.1:8000/pdf/chips-score-a4.pdf", False),  # precached instead
    ("http://127.0.0.1:8000/pdf/chips.pdf", False),
    ("http://127.0.0.1:8000/pdf/xchips-a4.pdf", False),  # not one of ours: no route
    ("http://127.0.0.1:8000/chips/", False),
])
def test_only_the_print_sheets_and_rulebooks_are_cached_when_first_opened(url: str, cached_on_first_use: bool) -> None:
    assert bool(re.search(offline.cached_on_open_url(GAME_IDS), url)) is cached_on_first_use


def test_a_pdf_cached_when_first_opened_is_kept_under_its_revision(tmp_path: Path) -> None:
    site = _site(tmp_path)
    before = offline.revisions(site / "pdf", GAME_IDS)
    _, on_demand = offline.pdf_plan(GAME_IDS)
    assert sorted(before) == sorted(n for n in on_demand if (site / "pdf" / n).is_file())
    assert "chips-rulebook.pdf" in before and "chips.pdf" not in before  # the precached have their own
    assert all(re.fullmatch(r"[0-9a-f]{16}", r) for r in before.values())
    (site / "pdf" / "chips-rulebook.pdf").write_text("corrected\n", encoding="utf-8")
    after = offline.revisions(site / "pdf", GAME_IDS)
    assert after["chips-rulebook.pdf"] != before["chips-rulebook.pdf"]
    assert {k: v for k, v in after.items() if k != "chips-rulebook.pdf"} == {
        k: v for k, v in before.items() if k != "chips-rulebook.pdf"}
    route = offline.sw_config(site, GAME_IDS)["runtime"][0]
    assert route["revisions"] == after and route["handler"] == "CacheFirst"


@pytest.mark.parametrize("parameter", ["round", "focus", "caller", "question", "seed", "players", "hands", "x",
                                       "utm_source", "v"])
def test_a_page_is_matched_in_the_precache_whatever_its_query(parameter: str) -> None:
    assert any(re.search(p, parameter) for p in offline.IGNORE_PARAMETERS)


def test_an_unknown_address_offline_gets_the_sites_404_page_when_the_build_has_one(tmp_path: Path) -> None:
    site = _site(tmp_path)
    assert offline.sw_config(site, GAME_IDS)["runtime"][-1] == {"navigation": True, "fallback": "404.html"}
    (site / "404.html").unlink()
    assert offline.sw_config(site, GAME_IDS)["runtime"][-1] == {"navigation": True}


def test_a_missing_node_fails_the_build_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(offline.shutil, "which", lambda name: None)
    with pytest.raises(PluginError, match=r"^offline: `node` is not on PATH") as failure:
        offline.find_tools()
    assert "\n" not in str(failure.value)


def test_a_missing_workbox_build_fails_the_build_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"^offline: workbox-build is missing.*run `npm ci`$") as failure:
        offline.find_tools(tmp_path)
    assert "\n" not in str(failure.value)


def test_a_page_missing_from_the_precache_list_is_named(tmp_path: Path) -> None:
    site = _site(tmp_path)
    summary: dict[str, Any] = {"urls": ["index.html", "pdf/chips.pdf"]}
    assert "chips/index.html" in offline.missing(summary, site, GAME_IDS)
    assert "pdf/chips-score-a4.pdf" in offline.missing(summary, site, GAME_IDS)
    assert "index.html" not in offline.missing(summary, site, GAME_IDS)
    # A card-box file the build forgot to write is named too.
    (site / "pdf" / "3-chip-stack.pdf").unlink()
    assert "pdf/3-chip-stack.pdf" in offline.missing(summary, site, GAME_IDS)


def test_no_service_worker_under_mkdocs_serve(tmp_path: Path) -> None:
    site = _site(tmp_path)
    offline.on_startup(command="serve", dirty=False)
    try:
        offline.on_post_build({"site_dir": str(site), "config_file_path": str(ROOT / "mkdocs.yml")})
    finally:
        offline.on_startup(command="build", dirty=False)
    assert not (site / "sw.js").exists()


def test_the_hook_runs_after_the_one_that_copies_the_pdfs() -> None:
    # mkdocs.yml has !ENV tags; only its hooks: list is read here.
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    hooks = yaml.safe_load(text[text.index("\nhooks:"):text.index("\n# --- Markdown")])["hooks"]
    assert hooks.index("generator/site/offline.py") > hooks.index("generator/site/hooks.py")


@pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "node_modules/workbox-build").is_dir(),
                    reason="node or node_modules/workbox-build is missing (`make setup`)")
def test_a_small_site_gets_one_sw_js_the_same_byte_for_byte_each_time(tmp_path: Path) -> None:
    site = _site(tmp_path)
    summary = offline.generate(site, GAME_IDS)
    sw = (site / "sw.js").read_bytes()
    assert offline.missing(summary, site, GAME_IDS) == []
    assert "pdf/chips.pdf" in summary["urls"] and "pdf/chips-score-a4.pdf" in summary["urls"]
    for left_out in ("pdf/chips-a4.pdf", "pdf/chips-rulebook.pdf", "pdf/chips-rulebook-a4.pdf", "assets/fonts/face.ttf", "assets/javascripts/bundle.min.js.map",
                     "assets/javascripts/lunr/min/lunr.de.min.js", "sw.js"):
        assert left_out not in summary["urls"]
    assert summary["urls"] == sorted(summary["urls"])
    text = sw.decode("utf-8")
    assert "SKIP_WAITING" in text and "rulebook-print-sheets" in text
    # Every query ignored, the on-demand PDFs' revisions written in, the 404 page as the fallback.
    assert "ignoreURLParametersMatching:[/.*/]" in text and 'directoryIndex:"index.html"' in text
    revision = offline.revisions(site / "pdf", GAME_IDS)["chips-rulebook.pdf"]
    assert f'"chips-rulebook.pdf":"{revision}"' in text and 'fallbackURL:"404.html"' in text
    assert sorted(p.name for p in site.iterdir() if p.suffix == ".js") == ["sw.js"]  # runtime inlined
    assert not (site / "sw.js.map").exists()
    offline.generate(site, GAME_IDS)
    assert (site / "sw.js").read_bytes() == sw


def test_a_games_pdfs_kept_when_its_page_opens_stay_within_the_stated_budget(tmp_path: Path) -> None:
    """Issue 39: a game page keeps every PDF of its game on the phone, within OFFLINE_BUDGET_BYTES
    (1,048,576 bytes) a game; the built site's are within it, and a build past it is refused."""
    from generator.print.downloads import OFFLINE_BUDGET_BYTES

    assert OFFLINE_BUDGET_BYTES == 1_048_576
    site = _site(tmp_path)
    assert offline.over_budget(site / "pdf", GAME_IDS) == []
    (site / "pdf" / "chips-rulebook.pdf").write_bytes(b"%" * OFFLINE_BUDGET_BYTES)
    assert offline.over_budget(site / "pdf", GAME_IDS) == [f"chips ({OFFLINE_BUDGET_BYTES + _others(site):,} bytes)"]
    # The worker's cache has room for every game's at once.
    route = offline.sw_config(site, GAME_IDS)["runtime"][0]
    assert route["options"]["expiration"]["maxEntries"] >= len(offline.pdf_plan(GAME_IDS)[1])


def _others(site: Path) -> int:
    """The bytes of the Chips PDFs kept when its page opens, the complete rulebook left out."""
    from generator.print.booklets import on_demand_names

    return sum((site / "pdf" / n).stat().st_size for n in on_demand_names("chips") if n != "chips-rulebook.pdf")
