"""What every page state must pass, checked in one place: axe-core finds nothing in the light and the dark
theme, every control is a 44x44 CSS px target, and at 200% zoom on a phone (195 CSS px) nothing scrolls
sideways, no board name is cut short and no total runs into the next."""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Page, ViewportSize

# pinned in package.json / package-lock.json, installed by `make setup-test`
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
ZOOMED: ViewportSize = {"width": 195, "height": 422}  # a 390x844 phone at 200% zoom
TARGET = 44  # CSS px, WCAG 2.5.5

# every rule in the first theme; in the second only the rules a colour can change (the markup is the same page)
RUN_AXE = """async colours => {
  const result = await axe.run(document, {resultTypes: ["violations"],
    ...(colours ? {runOnly: ["color-contrast", "link-in-text-block"]}
                : {rules: {"label-content-name-mismatch": {enabled: true}}})});
  return result.violations.map(v => `${v.id} (${v.impact}): ` +
    v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(", "));
}"""

# every control a finger taps, by the box it is tapped on (a hidden radio's label); hidden ones skipped
SMALL_TARGETS = """limit => {
  const small = [], seen = new Set();
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
    '[tabindex]:not([tabindex="-1"])';
  for (let el of document.querySelectorAll(controls)) {
    if (el.labels && el.labels.length && ["radio", "checkbox"].includes(el.type)) el = el.labels[0];
    if (seen.has(el) || !el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    seen.add(el);
    const box = el.getBoundingClientRect();
    if (box.width < limit - 0.5 || box.height < limit - 0.5)
      small.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${el.textContent.trim().slice(0, 30)}" ` +
        `${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return small;
}"""

# at 195 px: the page's width, board names cut short, cells whose text spills over their neighbours
# the page's width is compared with the width asked for, not innerWidth: a phone (is_mobile) widens its layout
# viewport to whatever overflows, so innerWidth grows with the page and would never tell
ZOOM_PROBLEMS = """wanted => {
  const problems = [];
  const width = document.documentElement.scrollWidth;
  if (width > wanted) {
    const out = [...document.body.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > wanted + .5
      && ![...e.children].some(c => c.getBoundingClientRect().right > wanted + .5));
    problems.push(`the page is ${width} px wide in ${wanted}: ` +
      out.slice(0, 3).map(e => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${e.className}`).join(", "));
  }
  for (const cell of document.querySelectorAll(".board th, .board td .tot"))
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${cell.textContent.trim()}" does not fit its cell`);
  return problems;
}"""


class _AxeScript(BaseHTTPRequestHandler):
    """Answers any GET with axe-core, to be kept: the tab's HTTP cache and V8's compiled code then serve it again."""

    def do_GET(self) -> None:
        """axe.min.js, cacheable for a year."""
        body = _axe_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args) -> None:
        """Quiet."""


@functools.cache
def _axe_bytes() -> bytes:
    """axe-core's script, read once."""
    return AXE.read_bytes()


@functools.cache
def axe_url() -> str:
    """Where this test process serves axe-core: one address for all its tests (each live server has a port of its
    own), so a page loads it from the tab's cache (0.03 s) instead of being sent 550 KB to compile (0.14 s)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _AxeScript)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/axe.min.js"


class Audit:
    """Checks page states as a test walks through them; `problems` lists everything found, by state."""

    def __init__(self, page: Page):
        assert AXE.exists(), "axe-core is missing: run make setup-test"
        self.page = page
        self.problems: list[str] = []

    def __call__(self, state: str) -> None:
        """Check the page as it is now, under the name `state`."""
        page = self.page
        if not page.evaluate("!!window.axe"):
            page.add_script_tag(url=axe_url())
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            self.problems += [f"{state}, {scheme}: {v}" for v in page.evaluate(RUN_AXE, scheme == "dark")]
        small = page.evaluate(SMALL_TARGETS, TARGET)
        self.problems += [f"{state}: target under 44x44: {s} (x{small.count(s)})" for s in dict.fromkeys(small)]
        size = page.viewport_size
        page.set_viewport_size(ZOOMED)
        self.problems += [f"{state}, 200% zoom: {p}" for p in page.evaluate(ZOOM_PROBLEMS, ZOOMED["width"])]
        if size:
            page.set_viewport_size(size)

    def report(self) -> str:
        """One line a problem, for the assertion message."""
        return "\n".join(self.problems)
