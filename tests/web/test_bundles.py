"""A page loads three files besides itself: one style sheet and one script of ours (each the files that page
needs, joined and minified at start) and htmx. A first visit on a slow network pays for three round trips
and three answers' headers, and none of the comments (issue 18: a first visit within 30 KB)."""

import re

import brotli

from scorekeeper import ROOT

from .helpers import start

PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept-Language": "en"}
LOADED = re.compile(r'<(?:link rel="stylesheet" href|script defer src)="(/static/[^"]+)"')


def loaded(client, url) -> list[str]:
    """The style sheets and scripts a page makes the browser fetch, fingerprints left out."""
    html = client.get(url, headers=PHONE)
    assert html.status_code == 200, url
    return [re.sub(r"\.[0-9a-f]{12}\.", ".", u) for u in LOADED.findall(brotli.decompress(html.data).decode())]


def body(client, url_without_fingerprint: str, page: str) -> str:
    """The text of a file the page `page` loads, found by its name without fingerprint."""
    html = brotli.decompress(client.get(page, headers=PHONE).data).decode()
    stem, ext = url_without_fingerprint.rsplit(".", 1)
    url = re.search(rf'"({re.escape(stem)}\.[0-9a-f]{{12}}\.{ext})"', html).group(1)
    return client.get(url).get_data(as_text=True)


def words(name: str, source: str) -> set[str]:
    """What a file must still hold once minified: its class names and ids (CSS), its strings (scripts)."""
    code = re.sub(r"(?m)(?:^|\s)//.*$", "", re.sub(r"/\*.*?\*/", "", source, flags=re.S))
    if name.endswith(".css"):
        return set(re.findall(r"[.#][a-z][\w-]+(?=[\s,:{.\[>)])", code))
    strings = re.finditer(r'"((?:[^"\\\n]|\\.)*)"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', code)
    return {m.group(1) for m in strings if m.group(1) and len(m.group(1)) >= 3}


def test_each_page_loads_one_style_sheet_htmx_and_one_script(client, other_phone):
    assert loaded(client, "/") == ["/static/bundles/app.css", "/static/vendor/htmx.min.js", "/static/bundles/app.js"]
    url = start(client, "all-fours", ["Anne", "Julien"])
    scoring = ["/static/bundles/all-fours.css", "/static/vendor/htmx.min.js", "/static/bundles/all-fours.js"]
    assert loaded(client, url) == scoring
    watch = re.search(r'id="watch-link" href="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)
    watching = loaded(other_phone, watch.replace("http://localhost", ""))
    assert watching == scoring  # scored or watched, a game page follows the game


def test_a_bundle_holds_all_its_files_without_their_comments(client, other_phone):
    url = start(client, "all-fours", ["Anne", "Julien"])
    watch = re.search(r'id="watch-link" href="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)
    watch = watch.replace("http://localhost", "")
    scripts = ["app.js", "swap.js", "offline.js", "share.js", "games/all-fours.js", "follow.js"]
    parts = {
        ("/static/bundles/all-fours.css", url, client): ["app.css", "memory.css", "games/all-fours.css"],
        ("/static/bundles/all-fours.js", url, client): scripts,
        ("/static/bundles/all-fours.js", watch, other_phone): scripts,
    }
    for (name, page, phone), sources in parts.items():
        joined = body(phone, name, page)
        texts = [(ROOT / "static" / source).read_text() for source in sources]
        assert len(joined) < sum(len(t) for t in texts) * 0.8, name  # comments and spaces gone
        assert "/*" not in joined and "\n//" not in joined and "  " not in joined, name
        for source, text in zip(sources, texts, strict=True):
            missing = {w for w in words(source, text) if w not in joined}
            assert not missing, (name, source, sorted(missing)[:5])
    assert '"visibilitychange"' not in body(client, "/static/bundles/app.js", "/")  # follow.js is a game page's only
