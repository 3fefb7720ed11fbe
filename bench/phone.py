"""A throttled phone in Chromium (a benchmark, not a test): tap "save" to the board painted, and the bytes of a
first visit, against the real server (`scorekeeper serve`) on loopback.

The phone: 390x844, CPU 4 times slower (CDP Emulation.setCPUThrottlingRate), 150 ms round trip and 1.6 Mbps
each way (Network.emulateNetworkConditions). Targets: tap "save" to board painted at most 200 ms median (the
round trip plus 50 ms, issue 40; 250 for issue 18); a first visit within 30 KB compressed (what came over the
wire, headers included, the page and every file it loads, nothing cached).

Each measured save is round 6 of its own Tout ou rien game (6 players, the open bids already in): the
scorer's page is opened, the secret bids and the tricks tapped in, then "Save round 6" tapped; the time runs
from the tap's click event to the second animation frame after the new row is in the board (a frame painted
with it). Then, on the same pages, the least any save could take in this setting: the same tap answered by the
smallest request there is (GET /healthz) and a row put in the board (the round trip and two frames, nothing
of ours): what is above it is our own time.
Run: `.venv/bin/python -m bench.phone [SAVES]`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import CDPSession, sync_playwright

from . import scenario
from .server import HOST, Server

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
RTT_MS, KBPS = 150, 1600

MEASURE = """
() => { window.__measure = new Promise((resolve, reject) => {
  const button = document.querySelector("#round-entry button[type=submit]");
  let tapped = 0;
  button.addEventListener("click", () => { tapped = performance.now(); }, { capture: true, once: true });
  const watch = new MutationObserver(() => {
    if (!tapped || !document.querySelector("#scoreboard #round-6")) return;
    watch.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - tapped)));
  });
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => {  // a refused save never puts the round on the board: say why rather than wait for ever
    const form = document.querySelector("#round-form");
    reject(new Error("no round 6 on the board after 20 s: " + (form ? form.innerText.slice(0, 600) : "no form")));
  }, 20000);
}); }
"""


def chromium() -> str | None:
    """The headless shell where installed, as the browser tests: the same engine, half the CPU."""
    return (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


# the least any save could take on this phone, measured as a save is: the same tap on "save", but instead of the
# form's post the smallest request there is (GET /healthz, "ok") and, once it is answered, a row put in the board:
# the round trip, a frame and the next one, and nothing of ours
FLOOR = """
() => {
  const button = document.querySelector("#round-entry button[type=submit]");
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    fetch("/healthz", { cache: "no-store" }).then((r) => r.text()).then(() => {
      const row = document.createElement("tr");
      row.id = "round-6";
      document.querySelector("#scoreboard tbody").append(row);
    });
  }, { capture: true, once: true });
}
"""


def throttle(page, network: bool = True) -> CDPSession:
    """The phone's CPU and network (or its CPU alone), through the Chrome DevTools Protocol; the session, to
    read bytes with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    if not network:
        return cdp
    rate = KBPS * 1000 / 8  # bytes per second
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": RTT_MS, "downloadThroughput": rate, "uploadThroughput": rate},
    )
    return cdp


def first_visit(browser, base: str, game: str) -> dict:
    """What a first visit to the game page downloads, nothing cached: requests and bytes on the wire (a
    request the browser answered from its own cache, as offline.js's copies for the service worker, is none)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "device", "value": scenario.DEVICE, "url": base}])
    page = context.new_page()
    cdp = throttle(page)
    done: dict[str, float] = {}
    urls: dict[str, str] = {}
    cached: set[str] = set()
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on("Network.loadingFinished", lambda e: done.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(f"{base}/games/{game}", wait_until="load")
    page.wait_for_timeout(500)  # the manifest and late scripts
    context.close()
    wire = {urls.get(rid, rid).removeprefix(base): size for rid, size in done.items() if rid not in cached and size}
    return {"requests": len(wire), "kb": sum(wire.values()) / 1024, "files": wire}


def scorer_page(browser, base: str):
    """A page on the phone that started every game here (390x844, its device cookie)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "device", "value": scenario.DEVICE, "url": base}])
    return context.new_page()


def tapped_in(page, base: str, game: str) -> None:
    """Open the scorer's page and tap the secret bids and tricks of round 6 in."""
    page.goto(f"{base}/games/{game}", wait_until="load")
    for name, value in scenario.save_form(scenario.SAVED).items():
        if name.startswith(("bids.", "tricks.")):
            page.locator(f"label.chip:has(input[name='{name}'][value='{value}'])").click()


def save(page, base: str, game: str, floor: bool = False) -> float:
    """Open the scorer's page, tap the secret bids and tricks of round 6 in, tap save; ms from the tap to the
    board painted (`floor`: the same with the least a save could take, FLOOR, instead of the save)."""
    tapped_in(page, base, game)
    page.evaluate(MEASURE)
    if floor:
        page.evaluate(FLOOR)
    page.locator("#round-entry button[type=submit]").click()
    return float(page.evaluate("window.__measure"))


def main(saves: int = 9) -> dict:
    """Print the first visit's bytes and the saves' times."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-phone-"))
    games = scenario.prepare(folder / "scorekeeper.sqlite", 2 * saves + 1).saves  # a save each, then a floor each
    server = Server(folder)
    base = f"http://{HOST}:{server.port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=FLAGS)
            visit = first_visit(browser, base, games[0])
            page = scorer_page(browser, base)
            throttle(page)
            save(page, base, games[0])  # warm: static files cached, as on a phone that played round 5 here
            times = [save(page, base, game) for game in games[1 : saves + 1]]
            least = [save(page, base, game, floor=True) for game in games[saves + 1 :]]
            browser.close()
    finally:
        server.stop()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    print(f"first visit: {visit['requests']} requests, {visit['kb']:.1f} KB on the wire (target ≤ 30 KB)")
    for url, size in visit["files"].items():
        print(f"  {size / 1024:5.1f} KB  {url}")
    print(
        f"tap save to board painted, {len(times)} saves: median {statistics.median(times):.0f} ms, "
        f"min {min(times):.0f}, max {max(times):.0f} (target ≤ {RTT_MS + 50} ms median, issue 40)"
    )
    print(
        f"the least a save could take here (GET /healthz, then a row): median {statistics.median(least):.0f} ms, "
        f"min {min(least):.0f}, max {max(least):.0f}"
    )
    return {"visit": visit, "times": times, "floor": least, "load": load}


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
