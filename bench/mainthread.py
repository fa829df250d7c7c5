"""Where a page's load spends the main thread (issue 42): a Chromium trace of each page loading on a
phone-sized screen, read by thread time, which other processes on a busy machine do not inflate the
way they inflate Lighthouse's wall-clock figures.

    make build && .venv/bin/python bench/mainthread.py [--site-dir site] [--port 8000]
        [--page chips/ ...] [--runs 5]

For each page: the renderer's main-thread CPU from navigation until 4 s after load, and "blocking",
Lighthouse's total blocking time re-estimated from thread time (each task after the first
contentful paint counted at 4x, Lighthouse's mobile slowdown, less 50 ms); medians of the runs.
Then, for the median run, each task over 30 ms at 4x with what it holds (script evaluation,
event handlers, style and layout), so a long task can be traced to the code that makes it.
Figures, not a test; `make test` never runs it. Served with gzip as bench/lighthouse.py serves.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import os
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lighthouse  # the same gzip server, pages and Chromium

SLOWDOWN = 4  # Lighthouse's simulated mobile CPU
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading"]
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
INSIDE = ("EvaluateScript", "v8.evaluateModule", "FunctionCall", "TimerFire", "FireAnimationFrame",
          "FireIdleCallback", "EventDispatch", "ParseHTML", "Layout", "UpdateLayoutTree", "Paint")


def _main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The renderer main thread that parsed the page (not an about:blank or a browser page)."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    parsed = collections.Counter((e["pid"], e["tid"]) for e in events
                                 if e.get("name") == "ParseHTML" and names.get((e["pid"], e["tid"])) == "CrRendererMain"
                                 and "127.0.0.1" in json.dumps(e.get("args")))
    return parsed.most_common(1)[0][0]


def analyse(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Main-thread CPU, blocking estimate and the long tasks of one trace."""
    main = _main_thread(events)
    mine = [e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"]
    tasks, end = [], -1
    for t in sorted((e for e in mine if e["name"] in TASKS), key=lambda e: e["ts"]):
        if t["ts"] >= end:  # top level only
            tasks.append(t)
            end = t["ts"] + t.get("dur", 0)
    paints = [e["ts"] for e in events if e.get("name") == "firstContentfulPaint"]
    fcp = min(paints) if paints else tasks[0]["ts"]
    inner = [e for e in mine if e["name"] in INSIDE and "tdur" in e]
    long = []
    for t in tasks:
        ms = SLOWDOWN * t.get("tdur", 0) / 1000
        if ms <= 30:
            continue
        held: collections.Counter[str] = collections.Counter()
        for e in inner:
            if t["ts"] <= e["ts"] < t["ts"] + t["dur"]:
                data = e.get("args", {}).get("data") or {}
                what = str(data.get("url") or data.get("type") or data.get("functionName") or "").split("/")[-1]
                held[f"{e['name']} {what}".strip()] += round(SLOWDOWN * e["tdur"] / 1000)
        long.append({"at": round((t["ts"] - fcp) / 1000), "ms": round(ms), "holds": held.most_common(4)})
    return {
        "cpu": sum(t.get("tdur", 0) for t in tasks) / 1000,
        "blocking": sum(SLOWDOWN * t["tdur"] / 1000 - 50 for t in tasks
                        if SLOWDOWN * t.get("tdur", 0) / 1000 > 50 and t["ts"] + t["dur"] > fcp),
        "long": long,
    }


def trace(browser: Any, url: str) -> list[dict[str, Any]]:
    """One load of url in a new phone-sized context (no service worker): its trace events."""
    ctx = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75,
                              is_mobile=True, has_touch=True, service_workers="block")
    try:
        page = ctx.new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(4000)
        events: list[dict[str, Any]] = json.loads(browser.stop_tracing())["traceEvents"]
        return events
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=lighthouse.ROOT / "site")
    parser.add_argument("--port", type=int, default=8000, help="the port of the site_url the site was built for")
    parser.add_argument("--page", action="append", help="a page path such as chips/ (default: all)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if not (args.site_dir / "index.html").is_file():
        print(f"{args.site_dir} holds no built site: run `make build`", file=sys.stderr)
        return 2
    handler = functools.partial(lighthouse._GzipHandler, directory=str(args.site_dir))
    server = lighthouse._Server(("127.0.0.1", args.port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROME_PATH", lighthouse.CHROMIUM),
                                        args=["--no-sandbox"])
            for path in args.page or lighthouse.PAGES:
                runs = sorted((analyse(trace(browser, f"http://127.0.0.1:{args.port}/{path}"))
                               for _ in range(max(1, args.runs))), key=lambda r: r["cpu"])
                mid = runs[len(runs) // 2]
                each = ", ".join(f"{r['cpu']:.0f}" for r in runs)
                print(f"/{path:<20} main-thread CPU {statistics.median(r['cpu'] for r in runs):4.0f} ms "
                      f"(runs {each}), blocking at {SLOWDOWN}x "
                      f"{statistics.median(r['blocking'] for r in runs):4.0f} ms, load {os.getloadavg()[0]:.1f}",
                      flush=True)
                for task in mid["long"]:
                    holds = ", ".join(f"{what} {ms}" for what, ms in task["holds"])
                    print(f"    task {task['ms']:4d} ms at {task['at']:5d} ms from first paint: {holds}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
