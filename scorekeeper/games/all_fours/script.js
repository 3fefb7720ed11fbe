// All Fours' hand form: − and + beside the card points, Game computed live from them, and the turn-up rows
// kept in step with the beg. Without this script the boxes are plain number boxes and the server says
// who won Game and what is wrong.
(function () {
  "use strict";

  // The whole number in a box; blank or a typo counts as nothing here (the server will say what is wrong).
  function count(input) {
    const value = parseInt(input.value, 10);
    return Number.isNaN(value) ? null : value;
  }

  // Add `by` to a box, kept within 0 and its data-max; a blank box starts from 0.
  function step(input, by) {
    const max = parseInt(input.dataset.max, 10);
    input.value = String(Math.min(max, Math.max(0, (count(input) || 0) + by)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function check(form, name, value) {
    const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input && !input.checked) {
      input.checked = true;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // Who wins Game from the card points typed: strictly the most, a tie gives nobody the point.
  function showGame(box) {
    const live = box.querySelector(".af-game-live");
    if (!live) return;
    const inputs = Array.from(box.querySelectorAll("input.af-count"));
    const points = inputs.map(count);
    live.classList.remove("tie", "over");
    if (points.every((p) => p === null)) { live.textContent = ""; return; }
    const known = points.map((p) => p || 0);
    const total = known.reduce((a, b) => a + b, 0);
    const best = Math.max(...known);
    const top = known.flatMap((p, side) => (p === best ? [side] : []));
    if (total > parseInt(live.dataset.most, 10)) {  // the card points the deck holds, from the rules
      live.textContent = live.dataset.over;
      live.classList.add("over");
    } else if (top.length > 1) {
      live.textContent = live.dataset.tie;
      live.classList.add("tie");
    } else {
      live.textContent = live.dataset.win.replace("%(side)s", inputs[top[0]].dataset.side);
    }
  }

  // A further turn-up only exists when the cards were run: clear the rows the beg no longer allows.
  function keepTurnUps(form, changed) {
    const run = form.querySelector('input[name="beg"][value="run"]');
    if (!run) return;
    if (changed.name === "beg" && !run.checked) {
      for (const row of form.querySelectorAll(".af-run")) {
        check(form, row.querySelector("input").name, "");
        row.classList.remove("filled");
      }
    }
    if (changed.name === "turn_up.1" && changed.value !== "") check(form, "beg", "run");
  }

  function refresh(root) {
    for (const el of root.querySelectorAll(".af-form .js-only[hidden]")) el.hidden = false;
    for (const box of root.querySelectorAll(".af-game")) showGame(box);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".af-step[data-for]");
    if (!button) return;
    const input = document.getElementById(button.dataset.for);
    if (input) step(input, parseInt(button.dataset.step, 10));
  });

  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!input.matches || !input.matches(".af-form input.af-count")) return;
    const form = input.closest(".af-form");
    if (input.value.trim() !== "") check(form, "game", "points");
  });

  // Once a field is changed, its message from the last save no longer applies to what is on screen.
  function settle(field) {
    if (!field || !field.classList.contains("bad")) return;
    field.classList.remove("bad");
    for (const note of field.querySelectorAll(".field-error")) note.hidden = true;
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest && event.target.closest(".af-form");
    if (!form) return;
    keepTurnUps(form, event.target);
    settle(event.target.closest(".af-field"));
  });

  window.scorekeeperGames = window.scorekeeperGames || [];
  window.scorekeeperGames.push(refresh);
  // app.js may have run its first refresh before this deferred script registered
  if (document.readyState !== "loading") refresh(document);
  else document.addEventListener("DOMContentLoaded", () => refresh(document));
})();
