// "Share the result": the phone's share sheet where the browser has one, else the text is copied to the
// clipboard. Without this script (or when both fail) the link opens a mail with the same text.
(function () {
  "use strict";

  function say(link, message) {
    const status = document.getElementById("share-result-status");
    if (status) status.textContent = message;
  }

  // Plain HTTP on the table's Wi-Fi has no clipboard API: copy through a selected, off-screen text box.
  function copyByHand(text) {
    const box = document.createElement("textarea");
    box.value = text;
    box.readOnly = true;
    box.className = "sr";
    document.body.appendChild(box);
    box.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    box.remove();
    return done;
  }

  document.addEventListener("click", async (event) => {
    const link = event.target.closest("#share-result");
    if (!link) return;
    const { shareTitle: title, shareText: text, shareUrl: url } = link.dataset;
    if (navigator.share) {
      event.preventDefault();
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        if (error && error.name !== "AbortError") window.location.href = link.href;
      }
      return;
    }
    const whole = text + "\n" + url;
    if (navigator.clipboard && window.isSecureContext) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(whole);
        say(link, link.dataset.copied);
      } catch (error) {
        if (copyByHand(whole)) say(link, link.dataset.copied);
        else window.location.href = link.href;
      }
    } else if (copyByHand(whole)) {
      event.preventDefault();
      say(link, link.dataset.copied);
    }
  });
})();
