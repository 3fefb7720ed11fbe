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

  // A round saved on the phone's own board is answered with the next form (the request's target) and, beside it,
  // the board's parts that changed (views/rounds.py BOARD_PARTS), each saying where it goes in data-swap:
  // "replace" (the element of its id), "innerHTML" (the content of the element of its id) or
  // "beforeend:SELECTOR" (its children added at the end of that element). They are put in place here, as the
  // form is, rather than swapped out of band by htmx, which copies each part first and, after each one, fires
  // an event on every part swapped before it: a few milliseconds more on a slow phone before the row is drawn.
  // Table parts travel in a <template>, where the HTML parser keeps them. What was put in place, for htmx to set
  // up as it sets up the form.
  function placeParts(fragment) {
    const placed = [];
    for (const node of Array.from(fragment.children)) {
      const parts = node.tagName === "TEMPLATE" ? Array.from(node.content.children) : [node];
      for (const part of parts) if (part.hasAttribute("data-swap")) placed.push(...place(part));
      if (node.tagName === "TEMPLATE" && !node.content.childElementCount) node.remove();
    }
    return placed;
  }

  // One part put where its data-swap says; the elements it brought into the page (none: its place is gone).
  function place(part) {
    const how = part.getAttribute("data-swap"), at = how.indexOf(":");
    part.removeAttribute("data-swap");
    part.remove();
    const target = at > 0 ? document.querySelector(how.slice(at + 1)) : document.getElementById(part.id);
    if (!target) return [];
    if (how === "replace") {
      target.replaceWith(part);
      return [part];
    }
    const children = Array.from(part.children);
    if (how === "innerHTML") target.replaceChildren(...part.childNodes);
    else if (how.startsWith("beforeend:")) target.append(...part.childNodes);
    else return [];
    return children;
  }

  window.htmx.defineExtension("replace", {
    isInlineSwap: (style) => style === "replace",  // an out-of-band region brings itself, as with outerHTML
    handleSwap(style, target, fragment, settleInfo) {
      if (style !== "replace") return false;
      const parts = placeParts(fragment);
      const added = Array.from(fragment.childNodes);
      target.replaceWith(fragment);
      // the swap and settle events go to the new region, as after outerHTML, not to the old one
      settleInfo.elts = settleInfo.elts.filter((elt) => elt !== target);
      for (const node of added) if (node.nodeType === Node.ELEMENT_NODE) settleInfo.elts.push(node);
      return added.concat(parts);  // htmx sets each one up (hx-* attributes) and fires htmx:load on it
    },
  });
})();
