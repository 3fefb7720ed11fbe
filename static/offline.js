// Scorekeeper on bad Wi-Fi. The round being tapped in is kept on this phone until the server has it
// (a reload, a closed tab or a discarded page finds it again); a save that cannot reach the server says
// so beside its button and goes again by itself when the connection returns; a watching phone says when
// it lost the server. Every word comes from the page (this script's data-t-* attributes, in the page's
// language). Without this script the forms post as usual.
(function () {
  "use strict";
  const me = document.currentScript;
  if (!me) return;

  const ENTRY = "#round-form form[hx-post]";  // the round being entered, whatever the game draws in it
  const KEY = "scorekeeper:round:";  // + path | round | step | the players the form is drawn for
  const BACKOFF = [0.5, 1, 2, 4, 8, 15, 30];  // seconds before each automatic retry; then every 30 s
  const UNREACHED = [0, 502, 503, 504];  // no answer, or a proxy saying the app is not there
  const PAGES = "scorekeeper-pages-v1", STATIC = "scorekeeper-static-v2";  // shared with sw.js

  if (window.htmx && me.dataset.timeout) window.htmx.config.timeout = parseFloat(me.dataset.timeout) * 1000;

  function words(key, time) {
    return (me.dataset["t" + key] || "").replace("{time}", time || "");
  }

  function clock(date) {
    return date.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  }

  // -- the taps of the round, kept in localStorage per game, round and step --------------------------

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function read(key) {
    try { return JSON.parse(storage().getItem(key)); } catch (e) { return null; }
  }

  function write(key, value) {
    try { storage().setItem(key, JSON.stringify(value)); } catch (e) { /* full or forbidden: the form still works */ }
  }

  function forget(key) {
    try { storage().removeItem(key); } catch (e) { /* nothing kept */ }
  }

  function hiddenValue(form, name) {
    const input = form.querySelector(`input[type=hidden][name="${name}"]`);
    return input ? input.value : "";
  }

  // A round's fields are named by place (other.0 is the form's first player): taps kept for a form drawn for
  // other players (the table changed on another phone) must never come back on this one, under other names.
  function stepKey(form) {
    return KEY + location.pathname + "|" + hiddenValue(form, "number") + "|" + hiddenValue(form, "step") + "|";
  }

  function keyOf(form) {
    const seated = form.elements && form.elements.namedItem("seated");  // beside the form (its form attribute)
    return stepKey(form) + (seated && typeof seated.value === "string" ? seated.value : "");
  }

  // Taps kept for this round and step on a form drawn for other players: forgotten; whether any were kept.
  function drawnForOthers(form) {
    const store = storage(), prefix = stepKey(form), key = keyOf(form);
    let tapped = false;
    if (!store) return false;
    for (let i = store.length - 1; i >= 0; i--) {
      const other = store.key(i);
      if (!other || !other.startsWith(prefix) || other === key) continue;
      const saved = read(other);
      tapped = tapped || !!(saved && Array.isArray(saved.fields) && saved.fields.length);
      forget(other);
    }
    return tapped;
  }

  function tappable(input) {
    return input.name && !["hidden", "submit", "button", "reset"].includes(input.type);
  }

  function taps(form) {
    const fields = [];
    for (const input of form.querySelectorAll("input, select, textarea")) {
      if (!tappable(input)) continue;
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) continue;
      fields.push([input.name, input.value]);
    }
    return fields;
  }

  function keep(form, pending) {
    const saved = read(keyOf(form)) || {};
    write(keyOf(form), { fields: taps(form), pending: pending === undefined ? !!saved.pending : pending, at: Date.now() });
  }

  // Put the kept taps back, telling the page's own scripts (live counts) as a tap would.
  function restore(form) {
    const saved = read(keyOf(form));
    if (!saved || !Array.isArray(saved.fields)) return null;
    const want = new Map();
    for (const [name, value] of saved.fields) want.set(name, (want.get(name) || []).concat([value]));
    for (const input of form.querySelectorAll("input, select, textarea")) {
      if (!tappable(input)) continue;
      const values = want.get(input.name) || [];
      let changed = false;
      if (input.type === "radio" || input.type === "checkbox") {
        const on = values.includes(input.value);
        changed = input.checked !== on;
        input.checked = on;
      } else if (values.length && input.value !== values[0]) {
        input.value = values[0];
        changed = true;
      }
      if (changed) {
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    return saved;
  }

  // Rounds of this game already behind the form (or every round, once no form is left) are done with.
  function tidy(form) {
    const store = storage();
    if (!store) return;
    const prefix = KEY + location.pathname + "|";
    const current = form ? parseInt(hiddenValue(form, "number"), 10) : Infinity;
    for (let i = store.length - 1; i >= 0; i--) {
      const key = store.key(i);
      if (key && key.startsWith(prefix) && parseInt(key.slice(prefix.length), 10) < current) forget(key);
    }
  }

  // -- what the form says beside its button ---------------------------------------------------------

  function statusOf(form) {
    let out = form.querySelector(".send-status");
    if (!out) {
      out = document.createElement("p");
      out.className = "send-status";
      out.setAttribute("role", "status");
      out.setAttribute("aria-live", "polite");
      const buttons = form.querySelectorAll("button[type=submit]");
      if (buttons.length) buttons[buttons.length - 1].insertAdjacentElement("afterend", out);
      else form.appendChild(out);
    }
    return out;
  }

  function say(form, state, text) {
    const out = statusOf(form);
    out.dataset.state = state;
    out.textContent = text;
  }

  // While a save is on its way the taps wait: what the screen shows is what is sent.
  function lock(form, on) {
    for (const input of form.querySelectorAll("input, select, textarea, button[type=button]")) {
      if (input.type === "hidden") continue;
      if (on && !input.disabled) {
        input.disabled = true;
        input.dataset.sendLock = "1";
      } else if (!on && input.dataset.sendLock) {
        input.disabled = false;
        delete input.dataset.sendLock;
      }
    }
    if (on) form.setAttribute("aria-busy", "true");
    else form.removeAttribute("aria-busy");
  }

  // -- sending again --------------------------------------------------------------------------------

  const retry = { tries: 0, timer: 0 };

  function resend() {
    clearTimeout(retry.timer);
    const form = document.querySelector(ENTRY);
    if (!form || form.getAttribute("aria-busy")) return;
    const saved = read(keyOf(form));
    if (!saved || !saved.pending) return;
    if (form.requestSubmit) form.requestSubmit();
    else window.htmx.trigger(form, "submit");
  }

  function later() {
    clearTimeout(retry.timer);
    const wait = BACKOFF[Math.min(retry.tries, BACKOFF.length - 1)];
    retry.tries += 1;
    retry.timer = setTimeout(resend, wait * 1000);
  }

  function unsent(form) {
    keep(form, true);
    say(form, "unsent", words("Unsent"));
    later();
  }

  function isEntry(elt) {
    return elt && elt.matches && elt.matches(ENTRY);
  }

  // The form is locked as the request leaves (a microtask: after htmx has sent it, before any tap can land),
  // not before: on a slow phone that was a few milliseconds more between the tap and the request.
  document.addEventListener("htmx:beforeSend", (event) => {
    const form = event.detail.elt;
    if (!isEntry(form)) return;
    clearTimeout(retry.timer);
    form.dataset.sent = keyOf(form);
    queueMicrotask(() => {
      lock(form, true);
      say(form, "saving", words("Saving"));
    });
  });

  // A proxy's 502 (the app is restarting) would replace the form with an error page: keep the form.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (isEntry(event.detail.elt) && UNREACHED.includes(event.detail.xhr.status)) event.detail.shouldSwap = false;
  });

  // A form the answer replaced is out of the page by now: htmx then tells its closest ancestor still in the
  // page, and the form that was sent is the request's own element.
  document.addEventListener("htmx:afterRequest", (event) => {
    const sent = event.detail.requestConfig && event.detail.requestConfig.elt;
    const elt = sent || event.detail.elt, xhr = event.detail.xhr;
    const reached = xhr && !UNREACHED.includes(xhr.status);
    if (reached) answered();
    if (elt && elt.id === "poll") {
      if (reached || document.visibilityState !== "hidden") watched(reached);  // hidden: follow.js let it go
      return;
    }
    if (!isEntry(elt)) return;
    lock(elt, false);
    if (!reached) return unsent(elt);
    retry.tries = 0;
    // The server has the round (or said why not, on the form it sent back): nothing more to send.
    const saved = read(elt.dataset.sent);
    if (xhr.status < 300 || xhr.status === 409) forget(elt.dataset.sent);
    else if (saved) write(elt.dataset.sent, { ...saved, pending: false });
    if (elt.isConnected) statusOf(elt).remove();
  });

  // A new board replaces the watch poll's element before htmx:afterRequest (which then goes to an ancestor):
  // its answer is noticed as it arrives, before the board changes.
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    const elt = event.detail.elt, xhr = event.detail.xhr;
    if (elt && elt.id === "poll" && xhr && !UNREACHED.includes(xhr.status)) {
      answered();
      watched(true);
    }
  });

  // Taps on a form whose save is on its way wait (a game's script would otherwise change a box unsent).
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest(ENTRY + "[aria-busy]")) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  document.addEventListener("input", remember);
  document.addEventListener("change", remember);

  // After the game's own script had its say (Inferno's "collected nothing" empties the boxes); a page left
  // before that (a reload, a closed tab, right after the tap) keeps the form as it is then.
  const unkept = new Set();

  function remember(event) {
    const form = event.target.closest && event.target.closest(ENTRY);
    if (!form) return;
    unkept.add(form);
    setTimeout(() => { if (unkept.delete(form) && form.isConnected) keep(form); }, 0);
  }

  window.addEventListener("pagehide", () => {
    for (const form of unkept) if (form.isConnected) keep(form);
    unkept.clear();
  });

  // A new form (the next step, the next round, a refused round): put back what was kept for it.
  function arrived() {
    const form = document.querySelector(ENTRY);
    tidy(form);
    if (!form || form.dataset.restored) return;
    form.dataset.restored = "1";
    const at = `${hiddenValue(form, "number")}|${hiddenValue(form, "step")}`;
    if (drawnForOthers(form)) tell(at, "PlayersElsewhere", hiddenValue(form, "number"));
    const saved = restore(form);
    if (saved && saved.pending) {
      say(form, "unsent", words("Unsent"));
      if (navigator.onLine) later();
    }
  }

  function reconnected() {
    retry.tries = 0;
    if (offlineCopy() && !pendingForm()) location.reload();
    else resend();
  }

  window.addEventListener("online", reconnected);

  // A copy served because the server was slow or down while the phone stayed online: no "online" event
  // will come, so ask the server now and then whether it is back.
  function probe() {
    if (!offlineCopy()) return;
    fetch(location.href.split("#")[0], { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then((response) => (response.ok ? reconnected() : setTimeout(probe, 10000)))
      .catch(() => setTimeout(probe, 10000));
  }

  function pendingForm() {
    const form = document.querySelector(ENTRY);
    const saved = form && read(keyOf(form));
    return saved && saved.pending ? form : null;
  }

  // -- a watching phone: say when the server is out of reach, and since when -------------------------

  let lastContact = new Date();

  function watched(reached) {
    const note = document.getElementById("net-lost");
    if (reached) {
      lastContact = new Date();
      if (note) note.remove();
      return;
    }
    lostNote().textContent = words("Lost", clock(lastContact));
  }

  function lostNote() {
    let note = document.getElementById("net-lost");
    if (!note) {
      note = document.createElement("p");
      note.id = "net-lost";
      note.className = "notice net-lost";
      note.setAttribute("role", "status");
      const board = document.getElementById("scoreboard");
      if (board) board.insertAdjacentElement("beforebegin", note);
    }
    return note;
  }

  window.addEventListener("offline", () => {
    if (document.getElementById("poll")) watched(false);
  });

  // -- a page the service worker served from this phone's copy ---------------------------------------

  function offlineCopy() {
    return document.documentElement.hasAttribute("data-offline-copy");
  }

  function markOfflineCopy() {
    if (!offlineCopy()) return;
    const seen = new Date(parseInt(document.documentElement.dataset.offlineCopy, 10));
    const banner = document.createElement("p");
    banner.id = "offline-copy";
    banner.className = "notice offline-copy";
    banner.setAttribute("role", "status");
    banner.textContent = words("OfflineCopy", Number.isNaN(seen.getTime()) ? "?" : clock(seen));
    const main = document.querySelector("main");
    if (main) main.insertAdjacentElement("afterbegin", banner);
    lastContact = Number.isNaN(seen.getTime()) ? lastContact : seen;
  }

  // The server answered: whatever the page shows from its copy is being brought up to date.
  function answered() {
    if (!offlineCopy()) return;
    document.documentElement.removeAttribute("data-offline-copy");
    const banner = document.getElementById("offline-copy");
    if (banner) banner.remove();
  }

  // -- the service worker (HTTPS or localhost only), and this phone's copy of the page ---------------

  function keepShell() {
    if (!window.caches) return;
    const assets = Array.from(document.querySelectorAll("link[rel=stylesheet][href], script[src]"), (e) => e.href || e.src);
    caches.open(STATIC).then((cache) => Promise.all(assets.map((url) => cache.match(url).then((hit) => hit || cache.add(url)))))
      .catch(() => {});
    if (!navigator.serviceWorker.controller) keepPage();  // this first page did not pass through the worker
  }

  let keepTimer = 0;

  // A page the server says to keep nowhere (this phone's list of games, its history, the admin's list) is not.
  function kept(response) {
    return response.ok && !(response.headers.get("Cache-Control") || "").includes("no-store");
  }

  function keepPage() {
    if (!window.caches || offlineCopy()) return;
    clearTimeout(keepTimer);
    const url = location.href.split("#")[0];
    keepTimer = setTimeout(() => {
      Promise.all([caches.open(PAGES), fetch(url, { credentials: "same-origin" })])
        .then(([cache, response]) => kept(response) && cache.delete(url, { ignoreVary: true }).then(() => cache.put(url, response)))
        .catch(() => { /* offline: the copy stays as it was */ });
    }, 800);
  }

  if (me.dataset.sw && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(me.dataset.sw).then(() => navigator.serviceWorker.ready).then(keepShell)
      .catch(() => { /* no worker (plain HTTP, or refused): everything else still works */ });
  }

  // -- news from another phone (follow.js): the round form moves on, this phone's taps stay -----------
  // News swaps the round form out of band (a phone's own saves swap it as their target). Taps made on the
  // form are this phone's own, put back on the new form (arrived) as after a reload, unless their very step
  // was saved elsewhere: the form then shows what was saved, and says so once.

  let before = null;  // the form's round, step, taps and focus as news was about to replace it
  let told = null;  // what the form said about a step saved elsewhere: it stays while the form is at that step

  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    if (!event.detail.target || event.detail.target.id !== "round-form") return;
    const form = document.querySelector(ENTRY);
    before = null;
    if (!form) return;
    // Back at the bids to change them ("Change the bids"): news drawn at the next step, the bids as they were
    // (the same draft token), is about something else (a rename, another phone's look): the form stays.
    const came = event.detail.fragment, next = came && came.querySelector && came.querySelector("form[hx-post]");
    const token = (root) => { const t = root && root.querySelector("input[name=draft]"); return t ? t.value : null; };
    if (next && hiddenValue(next, "number") === hiddenValue(form, "number") && hiddenValue(next, "step") !== hiddenValue(form, "step")
        && token(came) !== null && token(came) === token(document.getElementById("round-form"))) {
      event.detail.shouldSwap = false;
      return;
    }
    if (unkept.delete(form)) keep(form);  // a tap of this very instant is kept first
    const saved = read(keyOf(form)), focus = document.activeElement;
    before = {
      key: keyOf(form), number: parseInt(hiddenValue(form, "number"), 10), step: hiddenValue(form, "step"),
      tapped: !!(saved && Array.isArray(saved.fields) && saved.fields.length),
      focus: focus && form.contains(focus) && focus.name ? [focus.name, focus.value] : null,
    };
  });

  function followed() {
    const was = before;
    before = null;
    if (!was) return;
    const form = document.querySelector(ENTRY);
    const number = form ? parseInt(hiddenValue(form, "number"), 10) : Infinity;  // no form: the game is over
    const region = document.getElementById("round-form");
    const at = form ? `${number}|${hiddenValue(form, "step")}` : "over";
    if (form && number === was.number && hiddenValue(form, "step") === was.step && keyOf(form) !== was.key) {
      return;  // the players of the round changed on another phone: arrived() forgets the taps and says so
    }
    if (form && number === was.number && hiddenValue(form, "step") === was.step) {
      const again = was.focus && form.querySelector(`[name="${CSS.escape(was.focus[0])}"][value="${CSS.escape(was.focus[1])}"]`);
      if (again) again.focus({ preventScroll: true });
      if (told && told.at === at && region) region.insertAdjacentElement("afterbegin", note(told.text));  // said already
      return;
    }
    told = null;
    forget(was.key);  // its step was saved elsewhere, or its round undone there: those taps are done with
    if (!was.tapped || number < was.number || !region) return;  // an undo says so itself (the form's message)
    tell(at, number === was.number ? "BidsElsewhere" : "RoundElsewhere", was.number);
  }

  // Say once, above the form at `at` (round|step), what became of this phone's taps; by the page's live region
  // too (one already in the page is announced; a new one may not be).
  function tell(at, key, round) {
    const region = document.getElementById("round-form");
    if (!region) return;
    const text = words(key).replace("{round}", round);
    told = { at, text };
    region.insertAdjacentElement("afterbegin", note(text));
    const flash = document.getElementById("flash"), said = document.createElement("p");
    said.className = "sr";
    said.textContent = text;
    if (flash) flash.replaceChildren(said);
  }

  function note(text) {
    const p = document.createElement("p");
    p.id = "saved-elsewhere";
    p.className = "notice";
    p.textContent = text;
    return p;
  }

  document.addEventListener("htmx:afterSettle", () => {
    followed();
    arrived();
    if (navigator.serviceWorker && navigator.serviceWorker.controller) keepPage();  // the board changed
  });

  function start() {
    markOfflineCopy();
    arrived();
    if (offlineCopy()) setTimeout(probe, 10000);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
