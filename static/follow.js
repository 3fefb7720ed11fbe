// A game page follows the game, on a watching phone and on a scoring one alike (another phone may save the bids,
// a round, a correction, an undo or new names), finished or not (a correction after the end changes the winner): it
// asks the server for news and the server answers as soon as the game changes, or after a while with
// "nothing new" (long polling, #poll's data-wait seconds), and it asks again at once. While the page is
// hidden it asks nothing; shown again, it asks at once (its #poll carries the version it shows, so whatever
// changed meanwhile comes in one answer). After a failure it waits a little longer each time (or until the
// phone is online again), then asks for an answer at once rather than one that waits for news: the
// connection notice then goes as soon as the server is back, not at the end of a quiet wait. The answers
// are htmx's (#poll is their source), so offline.js's connection notice follows them. Without JavaScript
// a watching page reloads itself instead (a meta refresh in <noscript>). On a scoring phone the news also brings
// the round form, out of band: offline.js keeps the taps made on it (see "news from another phone" there). While
// this phone's own save is on its way (or waits to be sent again) nothing is asked and news is not drawn: the
// save's answer brings the form, and news no newer than the board shown (this phone's own save, told back)
// changes nothing.
(function () {
  "use strict";
  const PAUSES = [1, 2, 4, 8, 15];  // seconds after each failure in a row, then every 15 s
  let running = false, failures = 0, stopped = false, timer = 0, wake = null;

  function poll() {
    return document.getElementById("poll");
  }

  function hidden() {
    return document.visibilityState === "hidden";
  }

  // this phone's own request on its way (a round, an undo...: its answer brings the form, and news drawn
  // first would take the form its answer replaces), or a round not sent and to be sent again (its answer tells
  // whether it was stored, already saved with its answer lost, or beaten by another phone's)
  // (not the score chart a save's answer asks for just after: it brings no form, and news drawn meanwhile has a chart)
  const mine = new Set();
  document.addEventListener("htmx:beforeSend", (event) => {
    const xhr = event.detail.xhr, el = poll(), elt = event.detail.elt;
    if (!xhr || (el && elt === el) || (elt && elt.id === "score-chart")) return;
    mine.add(xhr);
    xhr.addEventListener("loadend", () => mine.delete(xhr));  // answered, failed, timed out or aborted
  });

  function saving() {
    return mine.size > 0 || !!document.querySelector("#round-form .send-status[data-state=unsent]");
  }

  // the game's version a board was drawn at: its #poll asks from there
  function version(text) {
    const found = /id="poll" data-poll="[^"]*[?&](?:amp;)?version=(\d+)/.exec(text || "");
    return found ? parseInt(found[1], 10) : null;
  }

  function pause(seconds) {
    return new Promise((resolve) => { wake = resolve; timer = setTimeout(resolve, seconds * 1000); });
  }

  // The answer's status (0 when nothing came back), taken as it arrives; and news for a board the page no longer
  // shows, dropped unread. Both are heard on the #poll that asked: a new board replaces #poll itself, and the
  // events of one out of the page no longer reach the document. That happens when this phone's own save is
  // answered first (a busy server): the news is that very save told back, or, if newer, what the new board's
  // #poll asks for at once; read, htmx would parse the whole board and look for its places in vain (three errors).
  let status = 0, again = 0;  // again: seconds the server asked to wait before the next ask (it is busy)
  const heard = new WeakSet();
  function hear(el) {
    if (heard.has(el)) return;
    heard.add(el);
    el.addEventListener("htmx:beforeOnLoad", (event) => {
      status = event.detail.xhr.status;
      again = parseFloat(event.detail.xhr.getResponseHeader("Retry-After")) || 0;
    });
    el.addEventListener("htmx:beforeSwap", (event) => { if (!el.isConnected) event.detail.shouldSwap = false; });
  }

  // News is drawn only when it is newer than the board shown, and not over a save on its way (asked again after).
  document.addEventListener("htmx:beforeSwap", (event) => {
    const el = poll();
    if (!el || event.detail.elt !== el || !event.detail.shouldSwap) return;
    const shown = version(el.outerHTML), got = version(event.detail.xhr.responseText);
    if (saving() || (shown !== null && got !== null && got <= shown)) event.detail.shouldSwap = false;
  });

  async function follow() {
    if (running || stopped) return;
    running = true;
    while (!hidden() && !stopped) {
      if (saving()) { await pause(0.5); continue; }  // a save ends within the send timeout (offline.js)
      const el = poll();
      if (!el || !window.htmx) break;
      el.dataset.following = "asking";
      hear(el);
      status = 0; again = 0;
      const started = Date.now(), wait = failures ? 0 : el.dataset.wait;  // after a failure: is it back?
      try {
        await window.htmx.ajax("GET", `${el.dataset.poll}&wait=${wait}`, { source: el, swap: "none" });
      } catch (e) { /* aborted (hidden), timed out or no connection: status says which */ }
      if (status === 286) stopped = true;  // the game was deleted: the notice says so
      else if (status >= 200 && status < 300) failures = 0;
      else if (!hidden()) await pause(PAUSES[Math.min(failures++, PAUSES.length - 1)]);
      // an answer of "nothing new" far sooner than asked (a proxy cutting it short): do not hammer it
      // (or the server has as many phones waiting as it takes from this address or for this game: it says when)
      if (status === 204 && wait && Date.now() - started < 1000) await pause(again || parseFloat(el.dataset.pause) || 3);
    }
    const el = poll();
    if (el) el.dataset.following = hidden() ? "paused" : "stopped";
    running = false;
  }

  // online again: the pause after a failure ends within a second (at a venue whose Wi-Fi comes back, every
  // phone at once would otherwise ask in the same instant)
  window.addEventListener("online", () => {
    clearTimeout(timer);
    const resume = wake;
    if (resume) timer = setTimeout(resume, Math.random() * 1000);
  });

  document.addEventListener("visibilitychange", () => {
    const el = poll();
    if (hidden()) {
      clearTimeout(timer);
      if (wake) wake();  // a pause after a failure ends: the loop sees the page hidden and stops
      if (el && window.htmx) window.htmx.trigger(el, "htmx:abort");  // the request waiting for news goes
    } else {
      failures = 0;
      follow();
    }
  });

  // a deferred script runs before DOMContentLoaded: htmx has set itself up by then
  if (document.readyState === "complete") follow();
  else document.addEventListener("DOMContentLoaded", follow);
})();
