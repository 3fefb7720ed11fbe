// Scorekeeper's own script: live counts while a round is tapped in. Everything also works without it:
// the server checks every round and says what is wrong.
(function () {
  "use strict";

  // The sum of the checked chips and filled boxes whose names start with `prefix`, within `form`.
  function sumOf(form, prefix) {
    let total = 0, filled = 0;
    for (const input of form.querySelectorAll("input")) {
      if (!input.name.startsWith(prefix)) continue;
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) continue;
      const value = parseInt(input.value, 10);
      if (!Number.isNaN(value)) { total += value; filled += 1; }
    }
    return { total, filled };
  }

  // Elements marked data-sum-of show a live total; data-sum-want says what it must come to.
  const plural = new Intl.PluralRules(document.documentElement.lang || "en");
  function refresh(root) {
    for (const out of root.querySelectorAll("[data-sum-of]")) {
      const form = out.closest("form");
      if (!form) continue;
      const { total, filled } = sumOf(form, out.dataset.sumOf);
      const field = out.querySelector("output") || out;
      const word = out.querySelector("[data-plural-other]");  // "1 token", "2 tokens", by the page's language
      if (word) word.textContent = plural.select(total) === "one" ? word.dataset.pluralOne : word.dataset.pluralOther;
      if (out.dataset.sumWant === undefined) { field.textContent = total; continue; }
      // neutral until the scorer has entered something: nothing is missing before anything is tapped
      field.textContent = filled ? total : "–";
      const want = parseInt(out.dataset.sumWant, 10);
      const note = out.querySelector(".sum-note");
      out.classList.toggle("ok", filled > 0 && total === want);
      out.classList.toggle("bad", filled > 0 && total !== want);
      if (note) note.textContent = !filled ? "" : total === want ? note.dataset.ok : total < want ? note.dataset.under : note.dataset.over;
    }
    if (window.scorekeeperGames) for (const hook of window.scorekeeperGames) hook(root);
  }

  document.addEventListener("input", (event) => refresh(event.target.closest("form") || document));
  document.addEventListener("change", (event) => refresh(event.target.closest("form") || document));
  document.addEventListener("DOMContentLoaded", () => refresh(document));
  document.addEventListener("htmx:afterSettle", () => refresh(document));

  // The language and theme menus (each a <details>) close on a tap elsewhere or on Escape, as a menu does.
  function closeMenus(except) {
    for (const menu of document.querySelectorAll("details.lang[open], details.theme[open]")) if (menu !== except) menu.open = false;
  }
  document.addEventListener("click", (event) => closeMenus(event.target.closest("details.lang, details.theme")));
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeMenus(null); });
})();

// After the round form is swapped (a step saved, refused, or a round undone), the page goes where the scorer
// reads next and the focus follows, rather than falling to <body>: the first problem of a refusal (in the
// upper middle of the screen, clear of the sticky save bar), else the news about the game and the form's top (the
// next round's heading and first field), else the winners. One mechanism for every game; without
// JavaScript the form posts to #first-error and the server sets autofocus. A watcher's page, updated by
// polling, never moves. Done as the swap ends, before the browser draws a frame (htmx settles 20 ms later, after
// one): the first frame after the answer is already at the next form, not one at the old place and then a jump.
(function () {
  "use strict";
  let formSwapped = false;
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "round-form") formSwapped = true;
  });
  document.addEventListener("htmx:afterSwap", () => {
    if (!formSwapped) return;
    formSwapped = false;
    const form = document.getElementById("round-form");
    if (!form) return;
    const error = form.querySelector("#first-error");
    const next = error || form.querySelector("#game-message") || form.querySelector("h2");
    if (!next) return;
    if (!next.hasAttribute("tabindex")) next.setAttribute("tabindex", "-1");
    next.focus({ preventScroll: true });
    if (error) error.scrollIntoView({ block: "start" });  // its scroll margin (app.css) puts it mid-screen
    else form.scrollIntoView({ block: "start" });
  });
})();
