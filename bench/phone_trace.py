"""Where a throttled phone's save spends its time (a benchmark's profile, not a test): the save of
`bench/phone.py` recorded with Chromium's own tracing (the Chrome DevTools Protocol's Tracing domain, the
events of DevTools' Performance panel), then cut into what the user waits for: the tap's own scripts before the
request leaves, the network (the round trip, the server and the answer's bytes), and after the answer the
main thread's time by kind (scripts, HTML parsing, style, layout, paint) up to the frame that shows the row.

Tracing slows the page (a traced save takes a fifth longer): the kinds of work are to compare with each other and
with another traced run; `--moments` gives the same phases untraced, from htmx's events.

Run: `.venv/bin/python -m bench.phone_trace [SAVES] [--keep DIR] [--moments] [--js]` (DIR: one trace JSON per
save, to open in DevTools' Performance panel; --js: the functions V8's sampling profiler found busiest).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

from . import phone, scenario
from .server import HOST, Server

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "loading",
    "blink.user_timing",
    "v8.execute",
    "toplevel",
]
# a trace event's name, by the kind of work DevTools' summary gives it
KINDS = {  # "" : a task's wrapper, its work counted in its children
    "RunTask": "",
    "ThreadControllerImpl::RunTask": "",
    "FunctionCall": "scripts",
    "EvaluateScript": "scripts",
    "v8.compile": "scripts",
    "V8.Execute": "scripts",
    "EventDispatch": "scripts",
    "TimerFire": "scripts",
    "FireAnimationFrame": "scripts",
    "XHRReadyStateChange": "scripts",
    "XHRLoad": "scripts",
    "RunMicrotasks": "scripts",
    "v8.run": "scripts",
    "ParseHTML": "parse HTML",
    "ParseAuthorStyleSheet": "parse CSS",
    "UpdateLayoutTree": "style",
    "RecalculateStyles": "style",
    "Layout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "PaintImage": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "UpdateLayerTree": "paint",
    "Commit": "paint",
    "CompositeLayers": "paint",
    "HitTest": "other",
    "ScheduleStyleRecalculation": "style",
}
# htmx's moments, as user timing marks in the trace (sk:<event>): the save's, not the watch poll's nor the score
# chart's (asked for once the save's answer is in: game.html)
MARKS = """
() => { for (const name of ["beforeSend", "beforeOnLoad", "afterSwap", "afterSettle"])
  document.addEventListener("htmx:" + name, (e) => {
    if (!["poll", "score-chart"].includes(e.detail.elt.id)) performance.mark(`sk:${name}`); });
}
"""


# the moments of one save, untraced (ms after the tap's click): its request sent (htmx's beforeSend is the last
# thing before it), the answer in hand (htmx's beforeOnLoad), swapped (the last afterSwap), the first animation
# frame after the row is in the board, painted (the second, as bench/phone.py), and read (the frame after the first
# one drawn at the next form's top, where the page goes after a save)
MOMENTS = """
() => { window.__moments = new Promise((resolve) => {
  const button = document.querySelector("#round-entry button[type=submit]"), m = {};
  let tapped = 0;
  const at = (name) => () => { if (tapped && !(name in m)) m[name] = performance.now() - tapped; };  // the first
  const save = (e) => !["poll", "score-chart"].includes(e.detail.elt.id);  // the save's (not the chart asked after)
  document.addEventListener("htmx:afterSwap", (e) => { if (tapped && save(e)) m.swapped = performance.now() - tapped });
  button.addEventListener("click", () => { tapped = performance.now(); }, { capture: true, once: true });
  document.addEventListener("htmx:beforeSend", (e) => { if (save(e)) at("sent")(); });
  document.addEventListener("htmx:beforeOnLoad", (e) => { if (save(e)) at("answered")(); });
  const watch = new MutationObserver(() => {
    if (!tapped || !document.querySelector("#scoreboard #round-6")) return;
    watch.disconnect();
    requestAnimationFrame(() => {
      at("frame")();
      requestAnimationFrame(() => { at("painted")(); setTimeout(() => resolve(m), 300); });
    });
  });
  watch.observe(document.body, { childList: true, subtree: true });
  // and the frame after the first one drawn with the row in the board and the next form's top in view (where
  // the page goes after a save): what the player reads, whatever frames came before it
  const look = () => {
    const form = document.getElementById("round-form");
    const there = form && Math.abs(form.getBoundingClientRect().top) < 20;
    if (tapped && document.querySelector("#scoreboard #round-6") && there) requestAnimationFrame(at("read"));
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}); }
"""


def moments(page, base: str, game: str) -> dict:
    """One save, untraced: its moments (MOMENTS)."""
    phone.tapped_in(page, base, game)
    page.evaluate(MOMENTS)
    page.locator("#round-entry button[type=submit]").click()
    return page.evaluate("window.__moments")


def record(page, cdp, base: str, game: str) -> tuple[float, list]:
    """One save traced: the ms from tap to painted and the trace's events."""
    phone.tapped_in(page, base, game)
    page.evaluate(phone.MEASURE)
    page.evaluate(MARKS)
    page.wait_for_timeout(300)  # the taps' own work done
    events: list = []
    done: list = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(1))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES}, "transferMode": "ReportEvents"})
    page.evaluate("performance.mark('sk:tap')")
    page.locator("#round-entry button[type=submit]").click()
    took = float(page.evaluate("window.__measure"))
    page.wait_for_timeout(200)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    return took, events


def js_profile(page, cdp, base: str, game: str) -> tuple[float, dict]:
    """One save with V8's sampling profiler on: the ms from tap to painted and the profile (Profiler.stop)."""
    phone.tapped_in(page, base, game)
    page.evaluate(phone.MEASURE)
    page.wait_for_timeout(300)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    page.locator("#round-entry button[type=submit]").click()
    took = float(page.evaluate("window.__measure"))
    page.wait_for_timeout(200)
    profile = cdp.send("Profiler.stop")["profile"]
    return took, profile


def js_self(profile: dict) -> dict[str, float]:
    """Self time (ms) of each function in a V8 profile, named by function, file and line."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    out: dict[str, float] = defaultdict(float)
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        frame = nodes[sample]["callFrame"]
        where = f"{frame['url'].rsplit('/', 1)[-1]}:{frame['lineNumber'] + 1}:{frame['columnNumber'] + 1}"
        out[f"{frame['functionName'] or '(anonymous)'} {where}"] += delta / 1000
    return out


def main_thread(events: list) -> tuple[int, int]:
    """The renderer's main thread (pid, tid) of the page."""
    for e in events:
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain":
            # the page's renderer: the one that ran the tap's click
            pid, tid = e["pid"], e["tid"]
            if any(x.get("pid") == pid and x.get("name") == "EventDispatch" for x in events):
                return pid, tid
    raise RuntimeError("no renderer main thread in the trace")


def breakdown(events: list, took: float) -> dict:
    """The save's time cut into phases (ms): the tap's scripts until the request leaves, the wait for the
    answer (the round trip, the server, the bytes), htmx's parse and swap, then the frames up to the one
    painted with the new row; and the main thread's work by kind while waiting and after the answer."""
    pid, tid = main_thread(events)
    marks = {e["name"].removeprefix("sk:"): e["ts"] for e in events if e.get("name", "").startswith("sk:")}
    click = min(
        e["ts"]
        for e in events
        if e.get("name") == "EventDispatch"
        and e.get("args", {}).get("data", {}).get("type") == "click"
        and e["ts"] >= marks["tap"]
    )
    end = click + took * 1000
    post = next(
        e
        for e in events
        if e.get("name") == "ResourceSendRequest"
        and e["args"]["data"].get("requestMethod") == "POST"
        and e["ts"] >= marks["tap"]
    )
    rid = post["args"]["data"]["requestId"]
    size = next(
        e["args"]["data"].get("encodedDataLength", 0)
        for e in events
        if e.get("name") == "ResourceFinish" and e["args"]["data"].get("requestId") == rid
    )
    sent, answered, swapped = post["ts"], marks["beforeOnLoad"], marks["afterSwap"]
    work: dict[str, dict[str, float]] = {"waiting": defaultdict(float), "after": defaultdict(float)}
    for e in self_times(events, pid, tid):
        if not (sent <= e["ts"] < end) or not (kind := KINDS.get(e["name"], "other")):
            continue
        work["waiting" if e["ts"] < answered else "after"][kind] += e["own"] / 1000
    return {
        "total": took,
        "tap to request sent": (sent - click) / 1000,
        "request sent to answer in hand": (answered - sent) / 1000,
        "answer to swapped (htmx)": (swapped - answered) / 1000,
        "swapped to painted": (end - swapped) / 1000,
        "bytes": size,
        "work": {phase: dict(kinds) for phase, kinds in work.items()},
    }


def self_times(events: list, pid: int, tid: int) -> list:
    """The thread's complete events, each with its own time (`own`, µs: its duration less its children's)."""
    mine = sorted(
        (e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    stack: list = []
    for e in mine:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        e["own"] = e["dur"]
        if stack:
            stack[-1]["own"] -= e["dur"]
        stack.append(e)
    return mine


def main() -> None:
    """Trace some saves and print where their time went."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("saves", nargs="?", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="a folder for the traces (DevTools' Performance panel opens them)")
    parser.add_argument("--no-throttle", action="store_true", help="the CPU throttled, the network not")
    parser.add_argument("--js", action="store_true", help="V8's sampling profiler instead of the trace")
    parser.add_argument("--moments", action="store_true", help="no trace: htmx's moments only, as untraced")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-trace-"))
    games = scenario.prepare(folder / "scorekeeper.sqlite", args.saves + 1).saves
    server = Server(folder)
    base = f"http://{HOST}:{server.port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=phone.chromium(), args=phone.FLAGS)
            page = phone.scorer_page(browser, base)
            cdp = phone.throttle(page, network=not args.no_throttle)
            phone.save(page, base, games[0])  # warm
            if args.moments:
                untraced(page, base, games[1:])
            elif args.js:
                hottest(page, cdp, base, games[1:])
            else:
                summary([traced(page, cdp, base, game, n, args.keep) for n, game in enumerate(games[1:])])
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def untraced(page, base: str, games: list[str]) -> None:
    """Print the medians of the saves' moments, untraced (MOMENTS)."""
    found = [moments(page, base, game) for game in games]
    for name in ("sent", "answered", "swapped", "frame", "painted", "read"):
        print(f"  {name:10} {statistics.median(m[name] for m in found):7.1f}")


def hottest(page, cdp, base: str, games: list[str]) -> None:
    """Print the functions that took most of the saves' time, by V8's sampling profiler (ms a save)."""
    totals: dict[str, list[float]] = defaultdict(list)
    for game in games:
        _, profile = js_profile(page, cdp, base, game)
        for name, ms in js_self(profile).items():
            totals[name].append(ms)
    for name, values in sorted(totals.items(), key=lambda kv: -sum(kv[1]))[:40]:
        print(f"{sum(values) / len(games):7.2f} ms  {name}")


def traced(page, cdp, base: str, game: str, n: int, keep: Path | None) -> dict:
    """One save traced, its breakdown printed and returned (its trace kept in `keep`, if given)."""
    took, events = record(page, cdp, base, game)
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"save-{n}.json").write_text(json.dumps({"traceEvents": events}))
    cut = breakdown(events, took)
    print(json.dumps(cut, default=lambda x: round(x, 1)))
    return cut


def summary(results: list) -> None:
    """The medians of each phase and each kind of work."""
    print("medians over", len(results), "saves (ms):")
    for key in (
        "total",
        "tap to request sent",
        "request sent to answer in hand",
        "answer to swapped (htmx)",
        "swapped to painted",
        "bytes",
    ):
        print(f"  {key:32} {statistics.median(r[key] for r in results):7.1f}")
    for phase in ("waiting", "after"):
        every = statistics.median(sum(r["work"].get(phase, {}).values()) for r in results)
        print(f"  {phase:7} {'(all)':20} {every:7.1f}")
        kinds = {k for r in results for k in r["work"].get(phase, {})}
        for kind in sorted(kinds):
            values = [r["work"].get(phase, {}).get(kind, 0.0) for r in results]
            print(f"  {phase:7} {kind:20} {statistics.median(values):7.1f}")


if __name__ == "__main__":
    main()
