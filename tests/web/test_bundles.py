"""A page loads three files besides itself: one style sheet and one script of ours (each the files that page
needs, joined and minified at start) and htmx. A first visit on a slow network pays for three round trips
and three answers' headers, and none of the comments (issue 18: a first visit within 30 KB)."""

import json
import re

import brotli

from scorekeeper import ROOT, assets, registry
from tests import pick
from tests.markup import parse
from tests.samples import sample

from .helpers import start

PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept-Language": "en"}
OWN = pick.game(pick.own_script, pick.own_style, pick.players(3))  # a game whose pages bring their own files


def fetched(client, url) -> list[str]:
    """The style sheets and scripts of ours a page makes the browser fetch, in order, as it asks them."""
    html = client.get(url, headers=PHONE)
    assert html.status_code == 200, url
    found = []
    for element in parse(brotli.decompress(html.data)).all():
        if element.tag == "link" and element.attrs.get("rel") == "stylesheet":
            found.append(element.attrs["href"])
        elif element.tag == "script" and "defer" in element.attrs and "src" in element.attrs:
            found.append(element.attrs["src"])
    return [address for address in found if address.startswith("/static/")]


def loaded(client, url) -> list[str]:
    """The style sheets and scripts a page makes the browser fetch, fingerprints left out."""
    return [re.sub(r"\.[0-9a-f]{12}\.", ".", address) for address in fetched(client, url)]


def body(client, url_without_fingerprint: str, page: str) -> str:
    """The text of a file the page `page` loads, found by its name without fingerprint."""
    stem, ext = url_without_fingerprint.rsplit(".", 1)
    named = re.compile(rf"{re.escape(stem)}\.[0-9a-f]{{12}}\.{ext}")
    url = next(address for address in fetched(client, page) if named.fullmatch(address))
    return client.get(url).get_data(as_text=True)


def watch_link(client, url) -> str:
    """The game's watch link, as its page shows it, without the server's address."""
    page = parse(client.get(url).get_data())
    return page.first(id="watch-link").attrs["href"].removeprefix("http://localhost")


def words(name: str, source: str) -> set[str]:
    """What a file must still hold once minified: its class names and ids (CSS), its strings (scripts)."""
    code = re.sub(r"(?m)(?:^|\s)//.*$", "", re.sub(r"/\*.*?\*/", "", source, flags=re.S))
    if name.endswith(".css"):
        return set(re.findall(r"[.#][a-z][\w-]+(?=[\s,:{.\[>)])", code))
    strings = re.finditer(r'"((?:[^"\\\n]|\\.)*)"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', code)
    return {m.group(1) for m in strings if m.group(1) and len(m.group(1)) >= 3}


def test_each_page_loads_one_style_sheet_htmx_and_one_script(client, other_phone):
    assert loaded(client, "/") == ["/static/bundles/app.css", "/static/vendor/htmx.min.js", "/static/bundles/app.js"]
    url = start(client, OWN, ["Anne", "Julien", "Sylvie"])
    scoring = [f"/static/bundles/{OWN}.css", "/static/vendor/htmx.min.js", f"/static/bundles/{OWN}.js"]
    assert loaded(client, url) == scoring
    watching = loaded(other_phone, watch_link(client, url))
    assert watching == scoring  # scored or watched, a game page follows the game


def test_a_bundle_holds_all_its_files_without_their_comments(client, other_phone):
    url = start(client, OWN, ["Anne", "Julien", "Sylvie"])
    watch = watch_link(client, url)
    scripts = ["app.js", "swap.js", "offline.js", "share.js", f"games/{OWN}.js", "follow.js"]
    parts = {
        (f"/static/bundles/{OWN}.css", url, client): ["app.css", "memory.css", f"games/{OWN}.css"],
        ("/static/bundles/app.css", "/", client): ["app.css", "memory.css", "pages.css"],
        (f"/static/bundles/{OWN}.js", url, client): scripts,
        (f"/static/bundles/{OWN}.js", watch, other_phone): scripts,
    }
    for (name, page, phone), sources in parts.items():
        joined = body(phone, name, page)
        texts = [assets.sources(ROOT / "static")[source].read_text() for source in sources]
        assert len(joined) < sum(len(t) for t in texts) * 0.8, name  # comments and spaces gone
        assert "/*" not in joined and "\n//" not in joined and "  " not in joined, name
        for source, text in zip(sources, texts, strict=True):
            missing = {w for w in words(source, text) if w not in joined}
            assert not missing, (name, source, sorted(missing)[:5])
    assert '"visibilitychange"' not in body(client, "/static/bundles/app.js", "/")  # follow.js is a game page's only


def classes_and_ids(html: str) -> set[str]:
    """Every class (.name) and id (#name) a page's elements carry."""
    elements = parse(html).all()
    return {f".{c}" for e in elements for c in e.attrs.get("class", "").split()} | {
        f"#{e.attrs['id']}" for e in elements if "id" in e.attrs
    }


def anchors(css: str) -> set[str]:
    """The class or id each of a style sheet's selectors starts from (`.history` of `.history a`)."""
    rules = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = [s.strip() for head in re.findall(r"([^{}]+)\{", rules) for s in head.split(",")]
    return {m.group(0) for s in selectors if (m := re.match(r"[.#][a-z][\w-]+", s))}


def test_a_games_pages_use_none_of_the_styles_left_to_the_pages_of_no_game(client, other_phone):
    """pages.css (home, setup, history, records) is not in a game's bundle: no game page may need it."""
    kept = set().union(*(words(name, (ROOT / "static" / name).read_text()) for name in ("app.css", "memory.css")))
    left_out = anchors((ROOT / "static" / "pages.css").read_text()) - kept  # styled there only
    games = [start(client, rules_id, ["Anne", "Julien", "Sylvie", "Pierre"]) for rules_id in registry.ids()]
    response = client.post("/games/import", data=json.dumps(sample(pick.game()).GAME), content_type="application/json")
    finished = response.headers["Location"]
    pages = [(client, url) for url in games] + [(client, finished), (client, f"{finished}/rounds/1/edit")]
    pages.append((other_phone, watch_link(client, finished)))
    for phone, url in pages:
        used = classes_and_ids(phone.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True))
        assert not used & left_out, (url, sorted(used & left_out))
    assert {".game-pick", ".history", ".seat-row"} <= left_out  # what the check looks for is found
    home_css = body(client, "/static/bundles/app.css", "/")
    assert ".game-pick" in home_css
    for rules_id, url in zip(registry.ids(), games, strict=True):  # each game's own bundle, whatever the order
        assert ".game-pick" not in body(client, f"/static/bundles/{rules_id}.css", url), rules_id
