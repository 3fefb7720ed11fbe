"""A finger's tap in one call: where to tap, checked as Playwright's click checks it, then a real click there."""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

# Where to tap the one element `sel` matches, once a finger there would reach it, tried each frame for up to `wait`
# ms: wholly on screen (scrolled to the middle if not), enabled (a label's control too), not covered (what is hit
# at its middle is it or inside it) and holding still: the same box a frame later, or, while anything animates,
# in two frames running (a just-started animation has not moved by its first frame). Else why not. A guard then
# stops the tap's click if it reaches anything else (the page moved in between: a swap settling, news arriving),
# and the tap is tried again. The checks Playwright's click makes, in two calls instead of several round trips: a
# tap costs 11-13 ms of CPU where locator.click() cost 20-25. With JavaScript off the page runs no frames or timers
# for the script to wait on: Playwright's click does it then.
WHERE_TO_TAP = """async ([sel, wait]) => {
  const end = performance.now() + wait, frame = () => new Promise(done => requestAnimationFrame(done));
  const name = e => !e ? "nothing" : e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (e.getAttribute("class") ? "." + e.getAttribute("class") : "");
  const off = document.createElement("noscript");  // parsed as markup only where scripts are off: no frames to wait for
  off.innerHTML = "<b></b>";
  if (off.firstChild.nodeType === Node.ELEMENT_NODE) return "no scripts";
  const middle = e => e.scrollIntoView({block: "center", inline: "center"});
  // the tap's click reaches `e` (or the control it labels), else it is stopped before it does anything
  const guard = e => {
    const on = event => {
      removeEventListener("click", on, true);
      if (e.contains(event.target) || event.target === e.control) window.tapLanded = "yes";
      else {
        event.preventDefault();
        event.stopImmediatePropagation();
        window.tapLanded = `it went to ${name(event.target)}`;
      }
    };
    if (window.tapGuard) removeEventListener("click", window.tapGuard, true);
    window.tapGuard = on;
    window.tapLanded = "no click came";
    addEventListener("click", on, true);
  };
  const same = (a, b) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  let why = "", before = null, framed = false, now = false;
  for (;;) {
    const all = document.querySelectorAll(sel), e = all[0];
    if (all.length !== 1) why = `${all.length} elements match`;
    else if (visualViewport.scale !== 1) return "zoomed";
    else {
      const r = e.getBoundingClientRect(), control = e.control || e;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (!r.width || !r.height) why = "not visible";
      else if (control.matches(":disabled") || control.closest("[aria-disabled=true]")) why = "disabled";
      else if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
        why = "off screen";
        middle(e);
      } else {
        const hit = document.elementFromPoint(x, y);
        if (hit !== e && !e.contains(hit)) {
          why = `covered by ${name(hit)}`;
          middle(e);  // from under a bar stuck to the screen's edge; not from under anything else
        } else if (before && same(before, r) && (framed || !document.getAnimations().length)) {
          guard(e);
          return [x, y];
        } else why = "moving";
      }
      before = r;
      framed = now;
    }
    if (performance.now() > end) return why;
    await frame();
    now = true;
  }
}"""


# whether the last tap's click reached what it was aimed at (nothing to say on a page the tap left: its guard went),
# and whether the one element `checked` matches (if any) is checked now: a chip's tap is checked in the same call
LANDED = """checked => {
  const landed = window.tapLanded, all = checked ? document.querySelectorAll(checked) : [];
  removeEventListener("click", window.tapGuard, true);
  window.tapGuard = window.tapLanded = undefined;
  return [landed, all.length === 1 && all[0].checked];
}"""


def where_to_tap(page: Page, selector: str, wait: float):
    """WHERE_TO_TAP's answer. A page left while it looked (the tap before took the phone to another page) is looked
    at again once the next one is there, as Playwright's click waits for its element across a page change."""
    for _ in range(PAGES_LEFT):
        try:
            return page.evaluate(WHERE_TO_TAP, [selector, wait])
        except PlaywrightError as error:
            if "context was destroyed" not in error.message:
                raise
    return f"the page changed {PAGES_LEFT} times while it was looked at"


PAGES_LEFT = 3  # pages a tap waits through (a form's answer redirected is two)


def press(page: Page, selector: str, wait: float = 10_000, tries: int = 3, checked: str | None = None) -> bool:
    """Tap the one element `selector` matches at its middle, as a finger would, once nothing stops a finger; say
    whether the one element `checked` matches was checked just after (False when not asked, or not seen)."""
    for _ in range(tries):
        where = where_to_tap(page, selector, wait)
        if where in ("zoomed", "no scripts"):  # the page's coordinates are not the screen's, or it cannot wait a frame
            page.locator(selector).click()
            return False
        assert isinstance(where, list), f"could not tap {selector}: {where}"
        page.mouse.click(*where)
        try:
            landed, done = page.evaluate(LANDED, checked)
        except PlaywrightError:  # the tap took the page elsewhere: it landed, a stopped click goes nowhere
            return False
        if landed in ("yes", None):
            return done
    raise AssertionError(f"the tap on {selector} missed {tries} times: {landed}")
