"""Answers travel compressed to browsers that accept it: pages, htmx fragments and game files by
Flask-Compress (Brotli first, else gzip); style sheets and scripts by WhiteNoise, under fingerprinted names,
compressed beforehand and cached for good; nothing changes for other clients."""

import gzip
import hashlib
import re
import threading
from pathlib import Path

import brotli

from scorekeeper import ROOT
from tests import pick
from tests.markup import parse
from tests.samples import enter, first, sample, start

from .helpers import HX, post_round, stored

PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd"}
GZIP = {"Accept-Encoding": "gzip"}
GAME = sample(pick.game()).GAME  # any game: its sample's table and rounds


def test_pages_travel_in_brotli_or_gzip_as_the_browser_takes_them(client):
    url = start(client, GAME)
    plain = client.get(url)
    for headers, encoding, unpack in ((PHONE, "br", brotli.decompress), (GZIP, "gzip", gzip.decompress)):
        packed = client.get(url, headers=headers)
        assert packed.headers["Content-Encoding"] == encoding
        assert "Accept-Encoding" in packed.headers["Vary"] and "HX-Request" in packed.headers["Vary"]
        assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 3
        assert unpack(packed.data).decode().count("</html>") == 1
    assert "Content-Encoding" not in plain.headers and b"</html>" in plain.data


def test_an_htmx_round_save_is_compressed(client):
    """A refused round (422) comes back as it is: Flask-Compress compresses 2xx answers only (3 KB)."""
    url = start(client, GAME)
    *before, (step, fields) = pick.posts(GAME, 1)
    for earlier, said in before:
        post_round(client, url, 1, earlier, said)
    wrong = dict.fromkeys(fields, "x")  # not a number, nor a chip of the form
    refused = post_round(client, url, 1, step, wrong, {**HX, **PHONE, "Accept-Language": "en"})
    assert refused.status_code == 422 and "Content-Encoding" not in refused.headers
    saved = post_round(client, url, 1, step, fields, {**HX, **PHONE})
    assert saved.status_code == 200 and saved.headers["Content-Encoding"] == "br"
    assert 'id="scoreboard"' in brotli.decompress(saved.data).decode()


def test_static_files_are_fingerprinted_precompressed_cached_for_good_and_revalidate(client):
    page = parse(brotli.decompress(client.get("/", headers=PHONE).data))
    addresses = [found.attrs.get("href") or found.attrs.get("src", "") for found in page.all()]
    urls = [url for url in addresses if url.startswith("/static/") and url.endswith((".css", ".js"))]
    assert any("bundles/app." in u for u in urls) and any("htmx" in u for u in urls)
    for url in urls:
        name, digest, ext = re.fullmatch(r"/static/(.+)\.([0-9a-f]{12})\.(css|js)", url).groups()
        plain = client.get(url)
        assert digest == hashlib.sha256(plain.data).hexdigest()[:12]  # the name changes with the content
        assert "Content-Encoding" not in plain.headers
        if name.startswith("vendor/"):
            assert plain.data == (ROOT / "static" / f"{name}.{ext}").read_bytes()
        for headers, encoding, unpack in ((PHONE, "br", brotli.decompress), (GZIP, "gzip", gzip.decompress)):
            packed = client.get(url, headers=headers)
            assert packed.headers["Content-Encoding"] == encoding, url
            assert unpack(packed.data) == plain.data and len(packed.data) < len(plain.data)
            assert "immutable" in packed.headers["Cache-Control"] and "Accept-Encoding" in packed.headers["Vary"]
            assert "Access-Control-Allow-Origin" not in packed.headers  # our own pages only: no header for it
            again = client.get(url, headers={**headers, "If-None-Match": packed.headers["ETag"]})
            assert again.status_code == 304
            for response in (packed, again):
                response.close()
        plain.close()


def test_a_changed_file_gets_a_new_name(app, tmp_path):
    from scorekeeper import assets

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.css").write_text("body { color: red }\n" * 50)
    first = assets.build(tmp_path / "src", tmp_path / "out")["a.css"]
    (tmp_path / "src" / "a.css").write_text("body { color: blue }\n" * 50)
    second = assets.build(tmp_path / "src", tmp_path / "out")["a.css"]
    assert first != second and re.fullmatch(r"a\.[0-9a-f]{12}\.css", second)
    kept = sorted(p.name for p in Path(tmp_path / "out").iterdir())
    assert kept == [second, second + ".br", second + ".gz"]  # the old copy went


def test_a_build_waits_while_another_process_builds_into_the_same_folder(tmp_path):
    # processes started together (a test run's three, on a fresh checkout) each compressed every file
    from scorekeeper import assets

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.css").write_text("body { color: red }\n" * 50)
    out, built = tmp_path / "out", []
    with assets.alone(out):  # another process is building there
        builder = threading.Thread(target=lambda: built.append(assets.build(tmp_path / "src", out)))
        builder.start()
        builder.join(0.5)
        assert builder.is_alive() and not list(out.iterdir())  # it waits, writing nothing
    builder.join(10)
    name = built[0]["a.css"]
    assert sorted(p.name for p in out.iterdir()) == [name, name + ".br", name + ".gz"]


def test_small_and_binary_answers_are_left_alone(client):
    ok = client.get("/healthz", headers=PHONE)
    assert ok.data == b"ok" and "Content-Encoding" not in ok.headers
    missing = client.get("/games/nope", headers=PHONE)
    assert missing.status_code == 404
    declined = client.get("/", headers={"Accept-Encoding": "gzip;q=0, br;q=0, identity"})
    assert "Content-Encoding" not in declined.headers


def test_the_watchers_of_a_table_get_its_news_compressed_once(app, client, monkeypatch):
    """A save wakes a table's watching phones together: its news is compressed once per coding, and every
    phone gets the same bytes; nothing else is kept compressed."""
    from flask_compress import flask_compress

    url = start(client, GAME)
    watchers = [app.test_client() for _ in range(3)]
    for watcher in watchers:
        assert watcher.get(url, headers=PHONE).status_code == 200
    seen = stored(app, url).version
    enter(client, first(GAME, 1), url=url)
    packed = []
    compress = flask_compress.brotli.compress
    monkeypatch.setattr(flask_compress.brotli, "compress", lambda *a, **k: packed.append(1) or compress(*a, **k))
    answers = [w.get(f"{url}/poll?version={seen}", headers={**HX, **PHONE}) for w in watchers]
    assert all(a.status_code == 200 and a.headers["Content-Encoding"] == "br" for a in answers)
    assert answers[0].data == answers[1].data == answers[2].data and len(packed) == 1
    assert 'id="round-1"' in brotli.decompress(answers[0].data).decode()
    gzipped = watchers[0].get(f"{url}/poll?version={seen}", headers={**HX, **GZIP})
    assert gzipped.headers["Content-Encoding"] == "gzip" and 'id="round-1"' in gzip.decompress(gzipped.data).decode()
    for _ in range(2):  # a page is compressed each time it is asked for
        assert watchers[0].get(url, headers=PHONE).headers["Content-Encoding"] == "br"
    assert len(packed) == 3
