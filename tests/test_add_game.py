"""A fourth game added by following the README's "Adding a game" exactly (issue 26): one YAML file with
a text-only worked example and ruling and its scoring declared, so its other examples are checked
(tests/data/fourth-game/zz-test-fixture-game.yaml, issue 38), one page copied from
docs/chains.md, one nav line. In a temporary copy of the project, `rulebook check` passes and lists the
unchecked example, `rulebook build` (strict) builds it, and no page of the built site has a broken link
(a file or an anchor that is not there)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The tests' own fourth game: an id no author would pick, so a real fourth game never meets it.
FOURTH = Path(__file__).parent / "data" / "fourth-game" / "zz-test-fixture-game.yaml"
GAME_ID, NAME = "zz-test-fixture-game", "Test Fixture Game"
#: Where the fixture's text-only worked example starts (line:column), as `rulebook check` names it.
EXAMPLE_AT = next(f"{n}:5" for n, line in enumerate(FOURTH.read_text(encoding="utf-8").splitlines(), start=1)
                  if line == f"  - id: {GAME_ID}-ex-eight")

pytestmark = pytest.mark.slow


def readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Adding a game\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def test_the_readme_says_the_steps_this_test_takes() -> None:
    # The steps below are the README's; if the README changes them, change this test with it.
    section = " ".join(readme_section().split())
    for words in ("One YAML file, one thin page and one line in `mkdocs.yml`",
                  "`rules-data/<id>.yaml`", "`text_only: <why no engine checks it>`",
                  "instead of `record`, `input` and `claim`", "`text_only:` instead of `engine:`",
                  "Copy `docs/chains.md` to `docs/<id>.md` and replace every `chains` in it with the new id",
                  "delete the `## Check a play` section", "the `## A sample hand` section",
                  "`- <Name>: <id>.md`", "before `- Keep score: keep-score.md`", "`make check`", "`make build`"):
        assert words in section, words


def add_game(project: Path) -> None:
    """The README's steps 1-3, as written."""
    # 1. The game file.
    shutil.copy(FOURTH, project / "rules-data" / f"{GAME_ID}.yaml")
    # 2. The page: docs/chains.md with the new id, without the scorer and the sample round (the game
    #    has neither a scorer nor a sample_round:).
    page = (project / "docs" / "chains.md").read_text(encoding="utf-8").replace("chains", GAME_ID)
    for heading in ("Check a play", "A sample hand"):
        page, n = re.subn(rf"## {heading}\n\n\{{\{{[^}}]*\}}\}}\n\n", "", page)
        assert n == 1, heading
    (project / "docs" / f"{GAME_ID}.md").write_text(page, encoding="utf-8")
    # 3. The nav line.
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert text.count("  - Keep score: keep-score.md\n") == 1
    config.write_text(text.replace("  - Keep score: keep-score.md\n",
                                   f"  - {NAME}: {GAME_ID}.md\n  - Keep score: keep-score.md\n"), encoding="utf-8")


def copy_project(copy: Path) -> Path:
    """What a clone holds of the sources (the engine and generator by symlink; node_modules too)."""
    copy.mkdir(parents=True)
    for name in ("mkdocs.yml", "docs", "overrides", "rules-data", "README.md", "pyproject.toml"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, copy / name)
    for name in ("generator", "node_modules"):
        if (ROOT / name).exists():
            (copy / name).symlink_to(ROOT / name, target_is_directory=True)
    return copy


def rulebook(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(cwd), NO_MKDOCS_2_WARNING="1")
    env.pop("RULEBOOK_SITE_URL", None)
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=1800, check=False)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key) and (key == "id" or tag == "a"):
                self.ids.add(str(a[key]))
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(str(a[key]))


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path, origin: str) -> list[str]:
    """Every link of every page that leads to no file of the site, or to an id its page lacks."""
    pages = {p: _parse(p) for p in sorted(site.rglob("*.html"))}
    broken: list[str] = []
    for page, parsed in pages.items():
        for link in parsed.links:
            if link.startswith(origin):
                link = "/" + link[len(origin):]
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue  # another host: test_site checks that pages request nothing from one
            if parts.path.startswith("/"):
                target = site / unquote(parts.path).lstrip("/")
            else:
                target = (page.parent / unquote(parts.path)) if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            shown = f"{page.relative_to(site)}: {link}"
            if not target.exists():
                broken.append(shown)
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target.resolve()].ids if target.resolve() in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(shown + " (no such id)")
    return broken


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = copy_project(tmp_path_factory.mktemp("add-game") / "project")
    add_game(copy)
    return copy


def test_check_passes_and_lists_the_unchecked_example(project: Path) -> None:
    result = rulebook(project, "check")
    assert result.returncode == 0, result.stderr + result.stdout
    lines = result.stdout.splitlines()
    assert lines[-1] == f"ok: {len(list((ROOT / 'rules-data').glob('*.yaml'))) + 1} game files valid"
    unchecked = [line for line in lines if line.startswith("unchecked: ")]
    assert unchecked == [(f"unchecked: rules-data/{GAME_ID}.yaml:{EXAMPLE_AT}: example `{GAME_ID}-ex-eight` is "
                         f"not checked by an engine (No engine plays this game yet.)")]


@pytest.fixture(scope="module")
def built(project: Path) -> Path:
    result = rulebook(project, "build", "--site-dir", "site")
    assert result.returncode == 0, result.stderr + result.stdout
    assert f"unchecked: rules-data/{GAME_ID}.yaml:{EXAMPLE_AT}" in result.stdout
    return project / "site"


def test_the_fourth_game_is_built_with_no_broken_link(built: Path) -> None:
    assert (built / GAME_ID / "index.html").is_file()
    for pdf in (f"{GAME_ID}.pdf", f"{GAME_ID}-rulebook.pdf"):
        assert (built / "pdf" / pdf).is_file(), pdf
    # Its scoring is declared (issue 38): its blank score sheets, laid out from the declaration.
    assert sorted(p.name for p in (built / "pdf").glob(f"{GAME_ID}-score-*.pdf")) == [
        f"{GAME_ID}-score-a4.pdf", f"{GAME_ID}-score-letter.pdf"]
    assert broken_links(built, "http://127.0.0.1:8000/") == []


def test_rulebook_pdf_makes_the_fourth_games_pdfs(project: Path, tmp_path: Path) -> None:
    # Issue 38: `rulebook pdf <id>` refused a game with no engine ("unknown game", listing the engines).
    result = rulebook(project, "pdf", GAME_ID, "--out", str(tmp_path / "pdf"))
    assert result.returncode == 0, result.stderr
    assert {Path(line).name for line in result.stdout.split()} == {
        f"{GAME_ID}{end}.pdf" for end in ("", "-a4", "-letter", "-bleed", "-rulebook", "-rulebook-a4", "-rulebook-letter")}
    refused = rulebook(project, "pdf", "no-such-game", "--out", str(tmp_path / "other"))
    assert refused.returncode == 2 and "rules-data/ has: chips, chains, 3-chip-stack" in refused.stderr
    assert GAME_ID in refused.stderr and not (tmp_path / "other").exists()


def test_the_home_page_counts_and_links_the_fourth_game(built: Path) -> None:
    home = (built / "index.html").read_text(encoding="utf-8")
    from generator.site.macros import count_in_words

    count = len(list((ROOT / "rules-data").glob("*.yaml"))) + 1  # every game of rules-data/, and this one
    assert f"{count_in_words(count)} games that families play at home" in home
    card = home[home.index(f'data-game="{GAME_ID}"'):]
    card = card[:card.index("</li>\n</ul>") if "</li>\n</ul>" in card else len(card)]
    assert f'href="{GAME_ID}/"' in card and f'href="pdf/{GAME_ID}-rulebook.pdf"' in card
    # Its scoring is declared (issue 38): kept by the score keeper; no practice game.
    assert "/play/" not in card and 'href="keep-score/"' in card


def test_the_fourth_game_page_marks_its_example_unchecked_and_links_no_practice(built: Path) -> None:
    html = (built / GAME_ID / "index.html").read_text(encoding="utf-8")
    assert "Not checked:" in html and "data-unchecked" in html
    assert f"{GAME_ID}/play/" not in html and "rb-quick-start__practice" not in html  # no practice page
    assert "Try a practice game" not in html and not (built / GAME_ID / "play").exists()
    keeper = (built / "keep-score" / "index.html").read_text(encoding="utf-8")
    assert f'value="{GAME_ID}"' in keeper  # its declared scoring gives it a sheet (issue 38)
    assert 'data-widget="declared"' in html  # and a hand counter under its Scoring


#: The test files that loop over the games of rules-data/ and run no browser: with the fourth game in
#: the copy, each runs its cases or skips what the game lacks (an engine, a sample round) by name.
EVERY_GAME_FILES = ("tests/test_rules_data.py", "tests/test_samples.py", "tests/test_rulings.py",
                    "tests/test_house.py", "tests/test_house_engines.py", "tests/test_house_book.py",
                    "tests/test_site_parts.py", "tests/test_rulings_readers.py", "tests/test_summaries.py",
                    "tests/test_own_words.py", "tests/test_page_descriptions.py", "tests/test_site_newcomer.py")


def test_the_tests_of_every_game_take_the_fourth(project: Path) -> None:
    # Issue 38: a fourth game added as an author adds it leaves these tests green, in the copy.
    shutil.copytree(ROOT / "tests", project / "tests", dirs_exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(project))
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-p", "no:xdist",
                             "-m", "not browser and not slow and not port", *EVERY_GAME_FILES],
                            cwd=project, env=env, capture_output=True, text=True, timeout=1800, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert re.search(r"\b\d+ passed", result.stdout) and "error" not in result.stdout.splitlines()[-1]
    assert f"{GAME_ID} has no engine: its examples are" in result.stdout  # skipped by name, with the reason
    assert "rule_ids.txt" not in result.stdout  # its ids need no line there: nothing skips or fails for want of one
