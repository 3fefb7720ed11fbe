"""The throttled phone's own cost of a save's answer (a benchmark, not a test): `bench/phone.py`'s save, its
answer recorded once from the real server and then served again by the browser itself (Playwright's
page.route), so neither the network nor the server (nor the load the machine's other work puts on it) is in
the figures: what is left is the page's work from the answer in hand to the frame painted and read.

Variants, one after the other in turn on the same page (so a machine getting busier moves them all):
- "as is": the answer as the server sent it;
- "form kept": the answer without its round form, the page's form left in place (its heading renumbered): the
  most any way of keeping the form's elements could save (nothing of it parsed, set up, styled or laid out
  again);
- "no chart": the answer without the score chart (what that part of it costs); since a save's answer leaves the
  chart out (its place asks for it after: game.html), without that place, and "chart in answer": the chart drawn
  in its place, as the answer was before;
- "no :has()": the answer as is on a page whose style sheets lost every rule with :has() (what those rules
  cost at each swap); "no :root:has()" only that one;
- "no scroll": app.js's move to the next form left out (the style and layout it forces come in the frame);
- "out of band": the board's parts swapped out of band by htmx (hx-swap-oob), as the answer was before static/swap.js
  put them in place itself (data-swap);
- "spaced": a space between every two chips, as the chips macro drew them before (a text node each);
- "place skipped": the chart's empty place drawn only near the view (content-visibility: auto), as before app.css
  said otherwise for it;
- "chips layered": each chip's radio positioned and transparent in a positioned chip, as before (app.css: a layer
  each);
- "contained", "layers": what is under the board given `contain: layout paint` or a layer of its own.

Run: `.venv/bin/python -m bench.phone_replay [ROUNDS] ["VARIANT,..."] [--cpu]` (each variant ROUNDS times, default
12; --cpu: each save traced, and the main thread's CPU time from the answer in hand to the row painted printed:
thread time, which the machine's other work does not lengthen as it does the wall clock).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from . import phone, phone_trace, scenario
from .server import HOST, Server

FORM = re.compile(r'<section id="round-form".*?</section>\s*', re.S)
CHART = re.compile(r'<figure class="chart".*?</figure>', re.S)
PLACE = re.compile(r'<figure class="chart" id="score-chart" hx-get="([^"]+)"')
# the page's round form stays: the swap that would replace it renumbers its heading instead
KEEP_FORM = """
() => { const replace = Element.prototype.replaceWith;
  Element.prototype.replaceWith = function (...nodes) {
    if (this.id !== "round-form") return replace.apply(this, nodes);
    const heading = this.querySelector("h2");
    if (heading) heading.textContent = heading.textContent.replace(/\\d+/, (n) => String(Number(n) + 1));
  };
  return 1;
}
"""
# (a style rule has cssRules too in Chromium since CSS nesting: a rule is told by its selector)
NO_HAS = """
() => { const which = WHICH; let gone = 0;
for (const sheet of document.styleSheets) for (const list of [sheet, ...Array.from(sheet.cssRules)]) {
  const rules = list.cssRules || [];
  for (let i = rules.length - 1; i >= 0; i--) {
    if (rules[i].selectorText && rules[i].selectorText.includes(which)) { list.deleteRule(i); gone += 1; }
  }
} return gone; }
"""
# a rule added to the page's first style sheet (CSSOM: the page's policy refuses inline <style>)
RULE = """
() => { const sheet = document.styleSheets[0];
  for (const rule of CSS.split("|")) sheet.insertRule(rule, sheet.cssRules.length);
  return 1; }
"""
NO_SCROLL = "() => { Element.prototype.scrollIntoView = function () {}; return 1; }"
MOMENTS = ("answered", "swapped", "frame", "painted", "read")


def rule(css: str) -> str:
    """The script adding `css` (rules split by |) to the page's first style sheet."""
    return RULE.replace("CSS", f'"{css}"')


def variants(answer: str, chart: str | None = None) -> dict[str, tuple[str, str | None]]:
    """Each variant's answer and the script the page runs before its tap (None: none); with `chart` (the score
    chart the answer's place for it asks for), "chart in answer" too: the answer as it was before it left it out."""
    drawn = {"chart in answer": (CHART.sub(lambda _: chart, answer, count=1), None)} if chart else {}
    return drawn | {
        "as is": (answer, None),
        "form kept": (FORM.sub("", answer, count=1), KEEP_FORM),
        "no chart": (CHART.sub("", answer, count=1), None),
        "no :has()": (answer, NO_HAS.replace("WHICH", '":has("')),
        "no :root:has()": (answer, NO_HAS.replace("WHICH", '":root:has("')),
        "no scroll": (answer, NO_SCROLL),
        "out of band": (answer.replace(' data-swap="', ' hx-swap-oob="'), None),
        "spaced": (answer.replace("</label><label", "</label>\n    <label"), None),
        "place skipped": (answer, rule("#score-chart:empty { content-visibility: auto; height: auto; }")),
        "chips layered": (
            answer,
            rule(".chip { position: relative; }|.chip input { position: absolute; opacity: 0; }"),
        ),
        "contained": (answer, rule("#share, #game-actions, #game-scoring, #board-tail { contain: layout paint; }")),
        "chart skipped": (
            answer,
            rule("#score-chart { content-visibility: auto; contain-intrinsic-size: auto 204px; }"),
        ),
        "below skipped": (
            answer,
            rule(
                "#score-chart, #share, #game-actions, #game-scoring "
                "{ content-visibility: auto; contain-intrinsic-size: auto 300px; }"
            ),
        ),
        "drawn below": (  # what came before the parts under the board were skipped out of view (app.css)
            answer,
            rule("#score-chart, #game-scoring, #share, #game-actions { content-visibility: visible !important; }"),
        ),
        "layers": (answer, rule("#share, #game-actions, #game-scoring, #board-tail { will-change: transform; }")),
    }


def recorded(page, base: str, game: str) -> str:
    """The answer of one real save (round 6 of `game`), as the page received it."""
    phone.tapped_in(page, base, game)
    page.evaluate(phone.MEASURE)
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/rounds")) as answer:
        page.locator("#round-entry button[type=submit]").click()
    page.evaluate("window.__measure")
    return answer.value.text()


def chart_of(page, base: str, answer: str) -> str | None:
    """The score chart the answer's place for it asks for (game.html), as the server draws it; None: no such place."""
    place = PLACE.search(answer)
    return page.request.get(base + place[1], headers={"HX-Request": "true"}).text() if place else None


# marks in the trace: the answer in hand (htmx's beforeOnLoad) and the board painted (the second frame with the row)
MARK = """
() => { document.addEventListener("htmx:beforeOnLoad", (e) => {
    if (!["poll", "score-chart"].includes(e.detail.elt.id)) performance.mark("sk:answered"); });
  const watch = new MutationObserver(() => {
    if (!document.querySelector("#scoreboard #round-6")) return;
    watch.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("sk:painted")));
  });
  watch.observe(document.body, { childList: true, subtree: true });
}
"""


def replayed(page, base: str, game: str, script: str | None, cdp=None) -> dict:
    """One save of round 6 of `game` answered by the route set up in main(); its moments (phone_trace.MOMENTS),
    and with `cdp` the main thread's CPU from the answer in hand to the board painted (`cpu`, ms)."""
    phone.tapped_in(page, base, game)
    if script and not page.evaluate(script):  # a variant that changed nothing measures nothing
        raise RuntimeError(f"the variant's script changed nothing: {script}")
    page.evaluate(phone_trace.MOMENTS)
    if cdp is None:
        page.locator("#round-entry button[type=submit]").click()
        return page.evaluate("window.__moments")
    page.evaluate(MARK)
    events: list = []
    done: list = []

    def collect(e: dict) -> None:
        events.extend(e["value"])

    def complete(e: dict) -> None:
        done.append(1)

    cdp.on("Tracing.dataCollected", collect)
    cdp.on("Tracing.tracingComplete", complete)
    config = {"includedCategories": phone_trace.CATEGORIES}
    cdp.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
    page.locator("#round-entry button[type=submit]").click()
    found = page.evaluate("window.__moments")
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    cdp.remove_listener("Tracing.dataCollected", collect)
    cdp.remove_listener("Tracing.tracingComplete", complete)
    return {**found, "cpu": cpu(events)}


def cpu(events: list) -> float:
    """The main thread's CPU time (thread time, so not the time other work on the machine took it away) in its
    tasks from the answer in hand to the board painted, ms."""
    pid, tid = phone_trace.main_thread(events)
    marks = {e["name"]: e["ts"] for e in events if e.get("name", "").startswith("sk:")}
    start, end = marks["sk:answered"], marks["sk:painted"]
    top, last = 0.0, -1.0
    for e in phone_trace.self_times(events, pid, tid):
        if e["ts"] < last:  # inside a task already counted
            continue
        last = e["ts"] + e["dur"]
        if e["ts"] + e["dur"] > start and e["ts"] < end:
            top += e.get("tdur", e["dur"]) * (min(end, last) - max(start, e["ts"])) / max(e["dur"], 1)
    return top / 1000


def main(rounds: int = 12, only: str = "", traced: bool = False) -> dict[str, list[dict]]:
    """Replay each variant `rounds` times in turn; print the medians, in ms after the answer was in hand."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-replay-"))
    games = scenario.prepare(folder / "scorekeeper.sqlite", 2).saves
    server = Server(folder)
    base = f"http://{HOST}:{server.port}"
    found: dict[str, list[dict]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=phone.chromium(), args=phone.FLAGS)
            page = phone.scorer_page(browser, base)
            cdp = phone.throttle(page, network=False)
            answer = recorded(page, base, games[0])
            cases = variants(answer, chart_of(page, base, answer))
            if only:
                cases = {k: v for k, v in cases.items() if k in only.split(",")}
            serving = {"body": ""}
            html = {"content-type": "text/html; charset=utf-8"}
            page.route("**/rounds", lambda route: route.fulfill(status=200, body=serving["body"], headers=html))
            page.route("**/poll?*", lambda route: route.abort())  # no news: the page's own save alone
            # the chart a save's answer asks for: on its way for a round trip and more, as on the phone (150 ms), so
            # never answered before the row is painted; left unanswered (the next page's load cancels it)
            page.route("**/chart", lambda route: None)
            for _ in range(rounds):
                for name, (answer, script) in cases.items():
                    serving["body"] = answer
                    found.setdefault(name, []).append(replayed(page, base, games[1], script, cdp if traced else None))
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"ms after the answer in hand, medians of {rounds} (CPU 4x slower, no network, no server):")
    print(f"  {'':16}" + "".join(f"{m:>10}" for m in MOMENTS[1:]))
    for name, runs in found.items():
        after = [
            statistics.median(r[m] - r["answered"] for r in runs if m in r) if all(m in r for r in runs) else None
            for m in MOMENTS[1:]
        ]
        print(f"  {name:16}" + "".join(f"{a:10.1f}" if a is not None else f"{'-':>10}" for a in after), end="")
        print(
            f"  CPU {statistics.median(r['cpu'] for r in runs):6.1f} (least {min(r['cpu'] for r in runs):.1f})"
            if traced
            else ""
        )
    return found


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=12)
    parser.add_argument("only", nargs="?", default="", help="variants by name, comma-separated (default: all)")
    parser.add_argument("--cpu", action="store_true", help="trace each save: the main thread's CPU after the answer")
    args = parser.parse_args()
    main(args.rounds, args.only, traced=args.cpu)
