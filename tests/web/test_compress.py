"""Answers travel gzipped to browsers that accept it: pages, htmx fragments, style sheets and scripts;
static files keep their year-long cache and still revalidate; nothing changes for other clients."""

import gzip
import re

from .helpers import HX, post_round, seats, start

GZIP = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def test_pages_are_gzipped_for_browsers_that_accept_it(client):
    url = start(client, "tout-ou-rien", ["Anne", "Julien", "Sylvie"])
    packed = client.get(url, headers=GZIP)
    plain = client.get(url)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"] and "HX-Request" in packed.headers["Vary"]
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 3
    assert gzip.decompress(packed.data).decode().count("</html>") == 1
    assert "Content-Encoding" not in plain.headers and b"</html>" in plain.data


def test_an_htmx_round_save_is_gzipped(client):
    url = start(client, "tout-ou-rien", ["Anne", "Julien", "Sylvie"], hands="3 2")
    post_round(client, url, 1, "bids", {**seats("bids", [1, 1, 1]), **seats("open", ["secret"] * 3)})
    response = post_round(client, url, 1, "tricks", seats("tricks", [1, 1, 1]), {**HX, **GZIP})
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    assert 'id="scoreboard"' in gzip.decompress(response.data).decode()


def test_a_refused_round_comes_back_gzipped_with_its_message(client):
    url = start(client, "tout-ou-rien", ["Anne", "Julien", "Sylvie"], hands="3 2")
    post_round(client, url, 1, "bids", {**seats("bids", [1, 1, 1]), **seats("open", ["secret"] * 3)})
    response = post_round(client, url, 1, "tricks", seats("tricks", [1, 1, 0]), {**HX, **GZIP, "Accept-Language": "en"})
    assert response.status_code == 422 and response.headers["Content-Encoding"] == "gzip"
    assert "add up to 2" in gzip.decompress(response.data).decode()


def test_static_files_are_gzipped_cached_for_a_year_and_revalidate(client):
    html = client.get("/", headers=GZIP)
    urls = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js)\?[^"]*)"', gzip.decompress(html.data).decode())
    assert any("app.css" in u for u in urls) and any("htmx" in u for u in urls)
    for url in (u.replace("&amp;", "&") for u in urls):
        packed = client.get(url, headers=GZIP)
        plain = client.get(url)
        assert packed.headers["Content-Encoding"] == "gzip", url
        assert gzip.decompress(packed.data) == plain.data
        assert "immutable" in packed.headers["Cache-Control"] and "max-age=31536000" in packed.headers["Cache-Control"]
        assert packed.headers["ETag"].startswith('W/"')
        again = client.get(url, headers={**GZIP, "If-None-Match": packed.headers["ETag"]})
        assert again.status_code == 304
        for response in (packed, plain, again):
            response.close()


def test_small_and_binary_answers_are_left_alone(client):
    ok = client.get("/healthz", headers=GZIP)
    assert ok.data == b"ok" and "Content-Encoding" not in ok.headers
    missing = client.get("/games/nope", headers=GZIP)
    assert missing.status_code == 404
    declined = client.get("/", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in declined.headers
