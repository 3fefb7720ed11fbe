// Everest & Abyss: "tapis" when a stake is everything a player holds, folded players' cards set aside, and a
// preview of each number and of the winner. The server decides: this only helps (a stake is a chip: one tap).
(function () {
  "use strict";
  if (window.everestAbyssLoaded) return;
  window.everestAbyssLoaded = true;

  // The number two digits form under a cote, from the rules' table the form carries (data-ea-numbers).
  function number(form, cote, a, b) {
    const table = JSON.parse(form.dataset.eaNumbers || "{}")[cote] || {};
    return table[`${a}${b}`];
  }

  // Whether the highest or the lowest number wins under a cote (data-ea-best).
  function best(form, cote, values) {
    const which = JSON.parse(form.dataset.eaBest || "{}")[cote];
    return which === "lowest" ? Math.min(...values) : Math.max(...values);
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (_, key) => values[key]);
  }

  function checked(form, name) {
    const input = form.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value : "";
  }

  function nameOf(form, seat) {
    const legend = form.querySelector(`#hand-${seat} legend`);
    return legend ? legend.firstChild.textContent.trim() : String(seat);
  }

  // Tapis badges, folded players' pads and winner chips.
  function players(form) {
    for (const fieldset of form.querySelectorAll(".ea-player")) {
      const seat = fieldset.dataset.seat;
      const stake = fieldset.querySelector(".ea-stakes input:checked");
      const folded = fieldset.querySelector("[data-ea-fold]").checked;
      fieldset.querySelector("[data-ea-tapis]").hidden = !stake || stake.value !== fieldset.dataset.held;
      fieldset.classList.toggle("is-folded", folded);
      const hand = form.querySelector(`#hand-${seat}`);
      if (hand) {
        hand.classList.toggle("is-folded", folded);
        hand.querySelector("[data-ea-folded-note]").hidden = !folded;
        // a folded player shows no hand: their digits are not sent
        for (const radio of hand.querySelectorAll("input")) radio.disabled = folded;
      }
      const chip = form.querySelector(`[data-ea-winner="${seat}"]`);
      if (chip) {
        chip.disabled = folded;
        if (folded && chip.checked) chip.checked = false;
      }
    }
  }

  // Each shown number, and who the numbers make the winner (Big Boss on a tie).
  function numbers(form) {
    const cote = checked(form, "cote");
    const order = (form.dataset.eaOrder || "").split(",").filter((s) => s !== "");
    const stillIn = order.filter((seat) => !form.querySelector(`#player-${seat} [data-ea-fold]`).checked);
    const shown = {};
    for (const seat of order) {
      const out = form.querySelector(`#hand-${seat} [data-ea-number]`);
      const a = parseInt(checked(form, `hands.${seat}.0`), 10), b = parseInt(checked(form, `hands.${seat}.1`), 10);
      const ok = cote && stillIn.includes(seat) && !Number.isNaN(a) && !Number.isNaN(b);
      if (ok) shown[seat] = number(form, cote, a, b);
      if (out) { out.textContent = ok ? shown[seat] : ""; out.classList.remove("is-best"); }
    }
    verdict(form, cote, stillIn, shown);
  }

  function verdict(form, cote, stillIn, shown) {
    const box = form.querySelector("[data-ea-verdict]");
    if (!box) return;
    let text = "";
    box.classList.toggle("is-bad", stillIn.length === 0);
    if (stillIn.length === 0) text = box.dataset.tNobody;
    else if (stillIn.length === 1) text = fill(box.dataset.tAlone, { name: nameOf(form, stillIn[0]) });
    else if (cote && stillIn.every((seat) => seat in shown)) {
      const values = stillIn.map((seat) => shown[seat]);
      const top = best(form, cote, values);
      const tied = stillIn.filter((seat) => shown[seat] === top);  // in betting order: the first is Big Boss
      for (const seat of tied) form.querySelector(`#hand-${seat} [data-ea-number]`).classList.add("is-best");
      const name = nameOf(form, tied[0]);
      // two players tied: both have; more: all have. Each its own message (no plural rule says both)
      if (tied.length === 2) text = fill(box.dataset.tBossTwo, { first: name, second: nameOf(form, tied[1]), number: top, name });
      else if (tied.length > 2) text = fill(box.dataset.tBoss, { names: tied.map((s) => nameOf(form, s)).join(", "), number: top, name });
      else text = fill(box.dataset.tBest, { name, number: top });
    }
    box.textContent = text;
    box.hidden = text === "";
  }

  function refresh(root) {
    const forms = root.matches && root.matches(".ea-form") ? [root] : root.querySelectorAll(".ea-form");
    for (const form of forms) {
      players(form);
      numbers(form);
    }
  }

  document.addEventListener("click", (event) => {
    const compute = event.target.closest("[data-ea-compute]");
    if (compute) {
      const cards = compute.closest("form").querySelector(".ea-cards");
      if (cards) cards.open = true;
    }
  });
  (window.scorekeeperGames = window.scorekeeperGames || []).push((root) => {
    refresh(root.closest ? (root.closest(".ea-form") || document) : document);
  });
  document.addEventListener("DOMContentLoaded", () => refresh(document));
})();
