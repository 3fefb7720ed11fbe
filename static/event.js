// A club night's big screen (a venue's projector, which cannot scroll) shows its leaderboard and its tables a page
// at a time: each page as many rows (or tables) as its frame holds, measured here in the browser, turning by itself
// so that every row and table is shown within data-cycle-seconds (a page stays data-page-seconds at most). The
// frames clip what does not fit (event.css), so without JavaScript the screen shows the first page of each. The
// news that replaces the leaderboard or the tables (follow.js) keeps the page each one shows, and the pages are
// measured again whenever the screen changes size. On the event's page (a phone), the finished tables, folded,
// stay unfolded across the news once the organiser has opened them.
(function () {
  "use strict";
  const PANELS = { "event-leaderboard": "#leaderboard tbody tr", "event-tables": ".event-tables > li" };
  const shown = {};  // each panel's page, by id: kept across the news that replaces the panel
  const turns = {};  // each panel's pages (lists of its items) and the timer turning them

  function screen() {
    return document.getElementById("big-screen");
  }

  // the items, in order, cut into pages that each fit the frame (one item at least: a taller one is clipped)
  function cut(frame, items) {
    for (const item of items) item.hidden = false;
    if (getComputedStyle(frame).overflowY !== "hidden") return [items];  // a narrow screen scrolls: one page
    const bottom = frame.getBoundingClientRect().top + frame.clientHeight;
    const boxes = items.map((item) => item.getBoundingClientRect());
    const room = bottom - (boxes.length ? boxes[0].top : 0), pages = [];
    let start = 0;
    for (let k = 0; k < items.length; k++) {
      if (k > start && boxes[k].bottom - boxes[start].top > room + 0.5) {
        pages.push(items.slice(start, k));
        start = k;
      }
    }
    if (items.length) pages.push(items.slice(start));
    return pages.length ? pages : [[]];
  }

  function draw(id) {
    const panel = document.getElementById(id), turn = turns[id], root = screen();
    if (!panel || !turn || !root) return;
    const page = Math.min(shown[id] || 0, turn.pages.length - 1);
    shown[id] = page;
    turn.pages.forEach((items, k) => { for (const item of items) item.hidden = k !== page; });
    const label = panel.querySelector(".page-no");
    if (label) {
      label.textContent = turn.pages.length > 1
        ? root.dataset.tPage.replace("{page}", page + 1).replace("{pages}", turn.pages.length) : "";
    }
  }

  // a page stays data-page-seconds, or less when there are so many that the cycle would last longer
  function seconds(pages) {
    const root = screen();
    const most = parseFloat(root.dataset.pageSeconds) || 10, cycle = parseFloat(root.dataset.cycleSeconds) || 60;
    return Math.min(most, cycle / Math.max(1, pages));
  }

  function next(id) {
    const turn = turns[id];
    turn.timer = setTimeout(() => {
      shown[id] = ((shown[id] || 0) + 1) % turns[id].pages.length;
      draw(id);
      next(id);
    }, seconds(turn.pages.length) * 1000);
  }

  function measure() {
    for (const [id, selector] of Object.entries(PANELS)) {
      const panel = document.getElementById(id), frame = panel && panel.querySelector(".screen-frame");
      if (!frame) continue;
      const pages = cut(frame, Array.from(panel.querySelectorAll(selector)));
      if (!turns[id]) {
        turns[id] = { pages };
        next(id);
      } else turns[id].pages = pages;
      draw(id);
    }
  }

  // the finished tables a phone unfolded stay unfolded when the news draws them again
  let unfolded = false;
  document.addEventListener("toggle", (event) => {
    if (event.target.id === "event-finished") unfolded = event.target.open;
  }, true);

  // a region the news replaced: the new one drawn as the old one was, at once (before the screen is painted)
  function replaced() {
    const finished = document.getElementById("event-finished");
    if (finished && unfolded) finished.open = true;
    if (screen()) measure();
  }
  document.addEventListener("htmx:oobAfterSwap", replaced);
  document.addEventListener("htmx:load", replaced);

  function start() {
    if (!screen()) return;
    measure();
    window.addEventListener("resize", measure);
    if (document.fonts) document.fonts.ready.then(measure);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
