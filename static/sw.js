// Scorekeeper's service worker (HTTPS or localhost only): static files from this phone once fetched, and
// each page from the network when it answers, else from the copy kept of it, marked so the page can say
// it is offline. Saves (POST) are never touched: the page keeps and resends them itself (offline.js).
"use strict";

const STATIC = "scorekeeper-static-v2";  // v2: fingerprinted names (v1 kept ?v= URLs)
const PAGES = "scorekeeper-pages-v1";  // offline.js adds pages to it too
const WAIT = 6000;  // a page the network has not sent in 6 s comes from the copy, if there is one
const STATIC_PATH = new URL("static/", self.location).pathname;
const FINGERPRINT = /\.[0-9a-f]{12}\.\w+$/;  // app.<hash of its content>.css: never changes under its name
// pages that show a phone's own games or the admin's list: the server sends them no-store, and any copy an
// older worker kept is dropped here (a game page kept for offline use stays)
const PRIVATE = new RegExp("^" + new URL(".", self.location).pathname + "(history|players/.*|admin)?$");

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  const ours = [STATIC, PAGES];
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("scorekeeper-") && !ours.includes(k)).map((k) => caches.delete(k))))
      .then(() => forgetPrivate())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith(STATIC_PATH)) event.respondWith(asset(request, url));
});

async function forgetPrivate() {
  const cache = await caches.open(PAGES);
  const kept = await cache.keys();
  await Promise.all(kept.filter((r) => PRIVATE.test(new URL(r.url).pathname)).map((r) => cache.delete(r, { ignoreVary: true })));
}

// Fingerprinted static files never change under their URL: the kept copy is the file.
async function asset(request, url) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && FINGERPRINT.test(url.pathname)) cache.put(request, response.clone());
  return response;
}

function slow(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms));
}

async function page(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await Promise.race([fetch(request), slow(WAIT)]);
    const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
    const kept = !(response.headers.get("Cache-Control") || "").includes("no-store");
    if (response.ok && html && kept) keep(cache, request.url, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(request, { ignoreVary: true });
    if (!copy) throw error;
    return marked(copy);
  }
}

// One copy per address: pages vary on headers a navigation and offline.js's fetch send differently.
async function keep(cache, url, response) {
  await cache.delete(url, { ignoreVary: true });
  await cache.put(url, response);
}

// The kept page, with the time it was served written on it for offline.js to show.
async function marked(copy) {
  const seen = Date.parse(copy.headers.get("Date") || "") || "";
  const text = (await copy.text()).replace("<html", `<html data-offline-copy="${seen}"`);
  const headers = new Headers(copy.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(text, { status: 200, headers });
}
