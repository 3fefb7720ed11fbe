"""What every page state must pass, checked in one place: axe-core finds nothing in the light and the dark
theme (every rule in the theme the page is shown in, the rules a colour can change in the other, once the page is
shown to have the same markup and the same boxes in both), every control is a 44x44 CSS px target, and at 200%
zoom on a phone (195 CSS px) nothing scrolls sideways, no board name is cut short and no total runs into the next.
An audit leaves the page in its second theme, which the next audit checks first: one change of theme an audit."""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Literal

from playwright.sync_api import Page, ViewportSize

# pinned in package.json / package-lock.json, installed by `make setup-test`
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
ZOOMED: ViewportSize = {"width": 195, "height": 422}  # a 390x844 phone at 200% zoom
TARGET = 44  # CSS px, WCAG 2.5.5

# the theme-free part of the page, taken in each theme: its markup, and each element's box and visibility, so
# that what axe checked once (names, roles, labels, landmarks, target sizes) is shown to be the same page in the
# other theme; the body's background tells that the other theme was drawn at all
# (leaving out what htmx and follow.js set while a request is under way: no style reads them)
SHAPE = """function shape() {
  const elements = [...document.body.querySelectorAll("*")];
  const html = document.documentElement.outerHTML.replace(/ data-following="[^"]*"/g, "")
    .replace(/ class="([^"]*)"/g, (_, names) => {
      const kept = names.split(/\\s+/).filter(n => n && !n.startsWith("htmx-")).join(" ");
      return kept ? ` class="${kept}"` : "";
    });
  return {html, elements, background: getComputedStyle(document.body).backgroundColor,
    boxes: elements.map(e => { const r = e.getBoundingClientRect();
      return `${r.x} ${r.y} ${r.width} ${r.height} ${getComputedStyle(e).visibility}`; })};
}"""

# every control a finger taps, by the box it is tapped on (a hidden radio's label); hidden ones skipped
SMALL_TARGETS = """function smallTargets(limit) {
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

VIOLATIONS = """function violations(result) {
  return result.violations.map(v => `${v.id} (${v.impact}): ` +
    v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(", "));
}"""

# the parts of a page the browser draws only as they come near the view (content-visibility: auto) are all drawn
# while it is audited: axe reads every one of them, and whether one was drawn yet depended on where axe had
# scrolled, so a part's box, and the page's below it, could differ between the two themes (a flaky failure);
# switched on by the first theme's call and off by the zoomed one's (two round trips fewer an audit)
ALL_DRAWN = """function allDrawn(on) {
  const kept = document.getElementById("audit-all-drawn");
  if (on && !kept) document.head.append(Object.assign(document.createElement("style"),
    {id: "audit-all-drawn", textContent: "* { content-visibility: visible !important; }"}));
  if (!on && kept) kept.remove();
}"""

# the first theme, the one the page is shown in: every part drawn, axe injected if this page has none yet (one round
# trip, not two), every rule, the small targets, and the page's shape kept for the second theme
FIRST_THEME = f"""async ({{axeUrl, limit}}) => {{
  {ALL_DRAWN}
  {SHAPE}
  {SMALL_TARGETS}
  {VIOLATIONS}
  allDrawn(true);
  if (!window.axe) await new Promise((loaded, failed) => {{
    const script = Object.assign(document.createElement("script"), {{src: axeUrl, onload: loaded, onerror: failed}});
    document.head.append(script);
  }});
  const result = await axe.run(document, {{resultTypes: ["violations"],
    rules: {{"label-content-name-mismatch": {{enabled: true}}}}}});
  window.auditShape = shape();
  return {{violations: violations(result), small: smallTargets(limit),
    theme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"}};
}}"""

# the second theme: only the rules a colour can change, once the page is shown to be the same but for its colours
SECOND_THEME = f"""async () => {{
  {SHAPE}
  {VIOLATIONS}
  const first = window.auditShape, now = shape(), name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (e.classList.length ? "." + [...e.classList].join(".") : "");
  delete window.auditShape;
  if (now.background === first.background)
    return [`the second theme was not drawn: the body is ${{now.background}} in both`];
  const changed = [];
  if (now.html !== first.html) {{
    let at = 0;
    while (now.html[at] === first.html[at]) at++;
    changed.push(`the markup differs from the first theme's at "${{now.html.slice(Math.max(0, at - 60), at + 40)}}"`);
  }}
  now.elements.forEach((e, k) => {{
    if (first.elements[k] !== e || first.boxes[k] === now.boxes[k] || changed.length >= 6) return;
    const text = e.textContent.trim().replace(/\\s+/g, " ").slice(0, 30);
    changed.push(`${{name(e)}} "${{text}}" at ${{first.boxes[k]}}, now ${{now.boxes[k]}}`);
  }});
  if (changed.length) return changed.map(c => `not the first theme's page: ${{c}}`);
  const result = await axe.run(document, {{resultTypes: ["violations"],
    runOnly: ["color-contrast", "link-in-text-block"]}});
  return violations(result);
}}"""

# at 195 px: the page's width, board names cut short, cells whose text spills over their neighbours, and what a
# test looks for besides (ALSO: a function); then the page is drawn only near the view again, before it is laid
# out at its own size
# the page's width is compared with the width asked for, not innerWidth: a phone (is_mobile) widens its layout
# viewport to whatever overflows, so innerWidth grows with the page and would never tell
ZOOM_PROBLEMS = f"""wanted => {{
  {ALL_DRAWN}
  const problems = [];
  const width = document.documentElement.scrollWidth;
  if (width > wanted) {{
    const out = [...document.body.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > wanted + .5
      && ![...e.children].some(c => c.getBoundingClientRect().right > wanted + .5));
    problems.push(`the page is ${{width}} px wide in ${{wanted}}: ` +
      out.slice(0, 3).map(e => `${{e.tagName.toLowerCase()}}${{e.id ? "#" + e.id : ""}}.${{e.className}}`).join(", "));
  }}
  for (const cell of document.querySelectorAll(".board th, .board td .tot"))
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${{cell.textContent.trim()}}" does not fit its cell`);
  problems.push(...(ALSO)());
  allDrawn(false);
  return problems;
}}"""


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

    def __call__(self, state: str, zoomed: str = "") -> None:
        """Check the page as it is now, under the name `state`: both themes and the zoomed page, with every part of
        the page drawn; `zoomed`, a script's function, finds more problems at 200% zoom (a test's own, in the same
        pass: the page is laid out at 195 px once)."""
        page = self.page
        first = page.evaluate(FIRST_THEME, {"axeUrl": axe_url(), "limit": TARGET})
        self.problems += [f"{state}, {first['theme']}: {v}" for v in first["violations"]]
        small = first["small"]
        self.problems += [f"{state}: target under 44x44: {s} (x{small.count(s)})" for s in dict.fromkeys(small)]
        other: Literal["light", "dark"] = "light" if first["theme"] == "dark" else "dark"
        page.emulate_media(color_scheme=other)
        self.problems += [f"{state}, {other}: {v}" for v in page.evaluate(SECOND_THEME)]
        size = page.viewport_size
        page.set_viewport_size(ZOOMED)
        zoom = ZOOM_PROBLEMS.replace("ALSO", zoomed or "() => []")
        self.problems += [f"{state}, 200% zoom: {p}" for p in page.evaluate(zoom, ZOOMED["width"])]
        if size:
            page.set_viewport_size(size)

    def report(self) -> str:
        """One line a problem, for the assertion message."""
        return "\n".join(self.problems)
