// The "replace" swap (hx-swap="replace", hx-swap-oob="replace"): a region of the page (the round form, the
// board) replaced by the server's new one, as htmx's outerHTML does, minus its clean-up walk: before an
// outerHTML swap htmx fires two events on every element of the old region and looks up each one's
// ancestors for extensions (the board and the round form hold about 500 elements: a tenth of a second on a
// slow phone, between the answer and the new board). Nothing in those regions needs that clean-up: their
// htmx elements (the forms, #poll) keep their listeners on themselves and use no timed or `from:`
// triggers, so the old nodes go with what they hold. htmx still sets up the new region (hx-* attributes)
// and fires its swap and settle events on it. <body hx-ext="replace"> puts it in force.
(function () {
  "use strict";
  if (!window.htmx) return;
  window.htmx.defineExtension("replace", {
    isInlineSwap: (style) => style === "replace",  // an out-of-band region brings itself, as with outerHTML
    handleSwap(style, target, fragment, settleInfo) {
      if (style !== "replace") return false;
      const added = Array.from(fragment.childNodes);
      target.replaceWith(fragment);
      // the swap and settle events go to the new region, as after outerHTML, not to the old one
      settleInfo.elts = settleInfo.elts.filter((elt) => elt !== target);
      for (const node of added) if (node.nodeType === Node.ELEMENT_NODE) settleInfo.elts.push(node);
      return added;  // htmx sets each one up (hx-* attributes) and fires htmx:load on it
    },
  });
})();
