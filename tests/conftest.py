"""Shared fixtures: the project root, a built site, a local server on the site_url origin,
and Debian's Chromium driven by Playwright (never `playwright install`)."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.support.page_pool import PagePool
from tests.support.pdf_build import EPOCH, one_build_at_a_time

# No property test is timed: the machine is shared and noisy, and a slow example is not a wrong
# one (Hypothesis' default 200 ms deadline failed a 3 Chip Stack test at load 20).
settings.register_profile("rulebook", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulebook")

ROOT = Path(__file__).resolve().parent.parent
#: Debian's Chromium, the browser a reader runs (package chromium).
CHROMIUM = "/usr/bin/chromium"
#: The same Chromium built to run headless only (Debian's package chromium-headless-shell, from the same
#: source and of the same version; the build Playwright itself runs headless): the same Blink and V8, with
#: none of the browser's window, so a page loads for about 0.6 CPU-seconds where the browser takes 1.6,
#: and the browser tests take 881 CPU-seconds where they took 1,158 (issue 26). The tests drive it unless
#: RULEBOOK_TEST_CHROMIUM names another (`RULEBOOK_TEST_CHROMIUM=/usr/bin/chromium make test`);
#: tests/test_browser_chromium.py checks that both are one version and lay a page out alike.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
TEST_CHROMIUM = os.environ.get("RULEBOOK_TEST_CHROMIUM") or HEADLESS_SHELL
#: How the tests start either. Text is laid out unhinted, as the browser does: the headless build
#: hints glyph widths by default, which made an eight-player score sheet 2 px wider than on a phone.
CHROMIUM_ARGS = [
    "--font-render-hinting=none",
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: The origin of `site_url` in mkdocs.yml: browser tests must be served here, or Material's
#: instant navigation never intercepts a link.
SITE_HOST = "127.0.0.1"
#: Under pytest-xdist (`make test` runs on both cores) each worker builds and serves a site of its
#: own on ports of its own: worker gw0 from 8765, gw1 from 8775, and so on. A test that needs
#: another server takes SITE_PORT + 1 to + 9 (tests/test_browser_house_scorers.py,
#: tests/test_serve.py).
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
SITE_PORT = int(os.environ.get("RULEBOOK_TEST_PORT", "8765")) + 10 * WORKER
#: Every build the tests make, in the project or in a copy of it, takes its PDFs from the project's
#: .cache/pdf/ and stores them there (an entry is found by the hash of what it is made from, so a
#: copy with an edited game makes that game's PDFs anew). The tests of the cache itself keep their
#: own (tests/test_pdf_cache.py, tests/test_build_cache.py).
os.environ.setdefault("RULEBOOK_PDF_CACHE", str(ROOT / ".cache" / "pdf"))
#: ... and every build prints the same edition (the date of tests/support/pdf_build.py, not the last
#: commit's that `make` exports), so they all find the same entries. A test of dates sets its own.
os.environ["SOURCE_DATE_EPOCH"] = EPOCH
#: The stand-in address of "Suggest a correction" in the test builds.
CORRECTIONS_URL = "https://corrections.example/issues/new"


@pytest.fixture(scope="session")
def project_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site (pages and PDFs) built once per test session into a temporary folder."""
    from generator.build import build

    out = tmp_path_factory.mktemp("site") / "site"
    # mkdocs.yml leaves the correction form's address empty until the project has one; the tests
    # check the link with a stand-in on a reserved domain (RFC 2606), never a real host.
    os.environ.setdefault("RULEBOOK_CORRECTIONS_URL", CORRECTIONS_URL)
    # One worker builds at a time: the first makes the PDFs into .cache/pdf/, and the others then
    # take them from there (their sites differ only in site_url, which no PDF reads).
    with one_build_at_a_time():
        build(ROOT, out, site_url=f"http://{SITE_HOST}:{SITE_PORT}/")
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection before a file is all sent (a page left mid-load) is not
        an error of the site: kept out of the test log (it printed a traceback). Anything else is reported."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over HTTP at the site_url origin."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = _Server((SITE_HOST, SITE_PORT), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{SITE_HOST}:{SITE_PORT}/"
    finally:
        server.shutdown()
        server.server_close()


class _Chromium:
    """The browser the tests drive, whose new contexts block the site's service worker unless a test
    asks for it (`service_workers="allow"`: tests/test_browser_offline.py, test_browser_release.py).
    Left on, every context's worker fetched the whole precache (81 files, 1.8 MB) in the background:
    0.7-1.0 s of CPU per context, about a quarter of a page test's (issue 26). A context is one
    kept from an earlier test with the same options, reset to a new visitor's, when there is one
    (tests/support/page_pool.py: a page loads for a third of the CPU)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.pool = PagePool(browser, [f"http://{SITE_HOST}:{SITE_PORT + i}" for i in range(10)])

    def new_context(self, **options: Any) -> Any:
        """A context for the test, with its service worker blocked: one kept from an earlier test
        with the same options and reset to a new visitor's (tests/support/page_pool.py)."""
        options.setdefault("service_workers", "block")
        return self.pool.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        return self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(TEST_CHROMIUM).exists():
        pytest.fail(f"{TEST_CHROMIUM} is missing: run `make setup` (installs Debian's chromium-headless-shell)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS)
        chromium = _Chromium(b)
        try:
            yield chromium
        finally:
            pool = chromium.pool
            figure(f"browser pages: {pool.made} contexts made, {pool.lent} lent again; closed: {pool.dropped}")
            b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def run_axe(page: Any) -> list[dict[str, Any]]:
    """Inject axe-core from node_modules and return its violations (an empty list is a pass)."""
    # Evaluated, not added as a <script>: the pages' Content-Security-Policy refuses inline scripts.
    page.evaluate(AXE_JS.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate(DRAWN_AXE_RUN)
    return list(result["violations"])


#: axe.run with every block the browser skips for being off screen (`content-visibility: auto`,
#: site.css) drawn for the check and put back after: axe-core cannot read the colours or the
#: tap-target sizes inside a skipped block (axe-core issue 2768), and a reader who scrolls there
#: sees it drawn. Set through the CSSOM, which the pages' Content-Security-Policy allows.
#: Transitions still running are finished first: axe reads colours as they are that instant, and
#: Material's "Back to top" button fading in after a scroll measured as low contrast mid-fade.
#: Every rule runs; only the violations get a selector for each node they were found on (axe-core's
#: `resultTypes`: what passed is listed by rule alone), which makes a run 3-4 times faster.
DRAWN_AXE_RUN = """async () => {
  for (const a of document.getAnimations()) {
    if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) a.finish();
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const skipped = [...document.querySelectorAll("article *")]
    .filter((el) => getComputedStyle(el).contentVisibility === "auto");
  for (const el of skipped) el.style.contentVisibility = "visible";
  try {
    return await axe.run(document, { resultTypes: ["violations"] });
  } finally {
    for (const el of skipped) el.style.removeProperty("content-visibility");
  }
}"""


def describe_violations(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        targets = [", ".join(n["target"]) for n in v["nodes"][:5]]
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} -> {targets}")
    return "\n".join(lines)


#: Counts the tests measured (examples checked, inputs compared), printed after the run.
FIGURES: list[str] = []
#: Figures recorded by the test running now, not yet reported.
_PENDING: list[str] = []


def figure(line: str) -> None:
    """Record a figure for the end-of-run summary (a plain print is hidden by pytest)."""
    _PENDING.append(line.strip())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A test's figures travel with its report: under pytest-xdist (`make test-fast` runs on
    every core) the test ran in a worker, and only reports reach the process that prints."""
    outcome = yield
    if _PENDING:
        report = outcome.get_result()  # type: ignore[attr-defined]
        report.user_properties.extend(("figure", line) for line in _PENDING)
        _PENDING.clear()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    FIGURES.extend(str(value) for key, value in report.user_properties if key == "figure")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    FIGURES.extend(_PENDING)  # recorded after the last test's report (a session fixture's end)
    _PENDING.clear()
    if FIGURES:
        terminalreporter.section("figures")
        for line in FIGURES:
            terminalreporter.write_line(line)


#: Fixtures that build the whole site and its PDFs: a test using one is `slow`, so `make test-fast`
#: (`-m "not browser and not slow"`) never builds (issue 26), whatever marks its file carries.
SITE_FIXTURES = ("built_site", "site_url")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(name in getattr(item, "fixturenames", ()) for name in SITE_FIXTURES):
            item.add_marker(pytest.mark.slow)
        # The differential tests (tests/test_*differential*.py) run the browser's engine under node
        # beside Python, whole practice games at a time: most of the time of the tests without a
        # browser, so `make test-fast` leaves them to `make test` (marker `port`).
        if "differential" in Path(str(item.path)).name:
            item.add_marker(pytest.mark.port)
    # The longest files first: whole files go to one worker each (`make test`: --dist loadfile, in this
    # order: --no-loadscope-reorder), so the short ones fill in around them instead of one worker
    # finishing a long file alone at the end. The differential files (few tests, each of them long)
    # lead, then the files with the most tests (pytest-xdist's own order, which put the 130 s Chips
    # differential last: 160 s of one worker alone at the end of a run). A file's tests keep their order.
    per_file = Counter(str(item.path) for item in items)
    items.sort(key=lambda item: (item.get_closest_marker("port") is None, -per_file[str(item.path)], str(item.path)))
