// ALL or NOTHING's bids: "Everyone else: NOTHING" gives NOTHING to every player not tapped yet, on the
// phone, at once and offline too; each player so filled is marked "filled in" until their chip is tapped,
// and nothing is saved before "Bids are in". Without this script the button asks the server, which draws
// the form again filled in the same way.
(function () {
  "use strict";

  function fill(button) {
    const form = button.form;
    for (const player of form.querySelectorAll("fieldset.player")) {
      const chips = player.querySelectorAll("input[type=radio][name^='bids.']");
      if (!chips.length || Array.from(chips).some((chip) => chip.checked)) continue;
      const chip = Array.from(chips).find((c) => c.value === button.value);
      if (!chip) continue;
      chip.checked = true;
      chip.dispatchEvent(new Event("change", { bubbles: true }));  // kept on the phone like a tap
      const mark = player.querySelector(".filled");
      if (mark) mark.hidden = false;
    }
    const save = form.querySelector("button[type=submit].primary");
    if (save) save.focus();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("#round-entry button[name=fill]");
    if (!button || button.form.getAttribute("aria-busy")) return;
    event.preventDefault();
    fill(button);
  });

  // A chip tapped by hand is no longer "filled in".
  document.addEventListener("change", (event) => {
    const chip = event.target;
    if (!chip.matches || !chip.matches("#round-entry input[name^='bids.']") || !event.isTrusted) return;
    const mark = chip.closest("fieldset.player") && chip.closest("fieldset.player").querySelector(".filled");
    if (mark) mark.hidden = true;
  });
})();
