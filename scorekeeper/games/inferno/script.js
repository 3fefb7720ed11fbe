// Inferno's round form: each player's points live, a tap on a red card counts it, − and + buttons,
// and "collected nothing" clears that player's boxes. Without this script the boxes are plain number
// boxes, and the server adds up and checks everything.
(function () {
  "use strict";

  // The whole number in a box; a blank or a typo counts 0 here (the server will say what is wrong).
  function count(input) {
    const value = parseInt(input.value, 10);
    return Number.isNaN(value) ? 0 : value;
  }

  function setCount(input, value) {
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Add `by` to a box, kept within 0 and its data-max; a blank box starts from 0.
  function step(input, by) {
    const max = parseInt(input.dataset.max, 10);
    setCount(input, Math.min(max, Math.max(0, count(input) + by)));
  }

  function nothingBox(player) {
    return player.querySelector("input[name^='nothing.']");
  }

  // "Collected nothing": every box of the player goes to 0 and is greyed.
  function collectedNothing(player, ticked) {
    player.classList.toggle("is-nothing", ticked);
    if (!ticked) return;
    for (const input of player.querySelectorAll("input.count")) {
      input.value = "0";
      input.classList.remove("bad");
    }
  }

  // The player's points and cards, shown next to the name: each box's cards cost what its data-points
  // says (the rules' table); fewer cards than the fieldset's data-least (a pickup) get the warning.
  function showPoints(player) {
    let points = 0, cards = 0;
    for (const input of player.querySelectorAll("input.count")) {
      points += parseInt(input.dataset.points, 10) * count(input);
      cards += count(input);
    }
    player.querySelector(".inf-points").textContent = points;
    player.querySelector(".inf-cards output").textContent = cards;
    player.querySelector(".inf-live").classList.toggle("warn", cards > 0 && cards < parseInt(player.dataset.least, 10));
  }

  // Boxes whose value the deck cannot hold across the table: each kind of card (a red value, or the
  // other cards) adds up over the players to at most its boxes' data-deck.
  function markOver(form) {
    const kinds = new Map();
    for (const box of form.querySelectorAll("fieldset.inferno input.count")) {
      const kind = box.dataset.face || "other";
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(box);
    }
    for (const boxes of kinds.values()) {
      const total = boxes.reduce((sum, box) => sum + count(box), 0);
      for (const box of boxes) box.classList.toggle("over", total > parseInt(box.dataset.deck, 10));
    }
  }

  function refresh(root) {
    const scope = root.querySelectorAll ? root : document;
    for (const hidden of scope.querySelectorAll(".inf-js[hidden]")) hidden.hidden = false;
    for (const player of scope.querySelectorAll("fieldset.inferno")) showPoints(player);
    const forms = scope.matches && scope.matches("form") ? [scope] : scope.querySelectorAll("form");
    for (const form of forms) markOver(form);
  }

  // A tap on a red card (a label: without the script it just opens the box) or on − / +.
  document.addEventListener("click", (event) => {
    const control = event.target.closest("fieldset.inferno [data-step]");
    if (!control) return;
    event.preventDefault();
    const input = document.getElementById(control.getAttribute("for") || control.dataset.for);
    const player = control.closest("fieldset.inferno");
    const by = parseInt(control.dataset.step, 10);
    if (by > 0 && nothingBox(player).checked) {
      nothingBox(player).checked = false;
      collectedNothing(player, false);
    }
    step(input, by);
  });

  // Typing a count means the player collected something; ticking "nothing" clears the boxes.
  document.addEventListener("input", (event) => {
    const player = event.target.closest("fieldset.inferno");
    if (!player) return;
    event.target.classList.remove("bad");  // the server's mark goes once the box is changed
    if (event.target.name.startsWith("nothing.")) {
      collectedNothing(player, event.target.checked);
    } else if (count(event.target) > 0 && nothingBox(player).checked) {
      nothingBox(player).checked = false;
      collectedNothing(player, false);
    }
  }, true);

  (window.scorekeeperGames = window.scorekeeperGames || []).push(refresh);
})();
