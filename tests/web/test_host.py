"""The Host header a phone sends: no link another phone receives is made from it, and with a public address
configured a Host that names another is refused."""

import gzip
import http.client
import io
from urllib.parse import urlsplit

import pytest
from pypdf import PdfReader

from scorekeeper import create_app
from tests import pick
from tests.conftest import TEST_CONFIG, fresh_store
from tests.samples import enter, first, sample, start

from .helpers import HX, post_round, stored

GAME = sample(pick.game()).GAME  # any game's sample, played to its end
*EARLIER, LAST = pick.posts(GAME, len(GAME["rounds"]))  # the steps of its last round: the last one ends it
PUBLIC = "https://scores.example.org"
FORGED = {**HX, "Host": "evil.example", "Accept-Encoding": "gzip"}


@pytest.fixture
def url(client):
    """The sample game but the last step of its last round, which ends it."""
    url = enter(client, first(GAME, len(GAME["rounds"]) - 1))
    for step, fields in EARLIER:
        assert post_round(client, url, len(GAME["rounds"]), step, fields).status_code == 303
    return url


def finish(client, url: str):
    """Post the step that ends the game."""
    return post_round(client, url, len(GAME["rounds"]), *LAST)


def test_a_forged_host_never_reaches_another_watcher(app, client, other_phone, url):
    # the news after the last round carries "share the result" (a link and a mail): drawn for the first poll,
    # it is served to every watcher, compressed once; a Host of evil.example must not be what they all get
    seen = stored(app, url).version
    assert finish(client, url).status_code == 303
    forger = app.test_client()
    forger.get(url)  # its own cookie, then its poll with another Host
    assert b"evil.example" not in forger.get(f"{url}/poll?version={seen}", headers=FORGED).data
    for headers in (HX, {**HX, "Accept-Encoding": "gzip"}):  # drawn once, and compressed once
        news = other_phone.get(f"{url}/poll?version={seen}", headers=headers)
        html = gzip.decompress(news.data) if news.content_encoding == "gzip" else news.data
        assert b'id="share-result"' in html and b"evil.example" not in html
        assert f'data-share-url="http://localhost{url}"'.encode() in html  # the server's own address
    # a phone that reached the server at another of its addresses gets its own news, not the laptop's
    lan = other_phone.get(f"{url}/poll?version={seen}", headers=HX, base_url="http://192.168.1.20:8000")
    assert f'data-share-url="http://192.168.1.20:8000{url}"'.encode() in lan.data


def test_the_links_start_with_the_address_the_connection_reached(live_server, url):
    # over a real socket the server knows its own address: the Host a phone names is not asked
    where = urlsplit(live_server)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    connection.request("GET", url, headers={"Host": "evil.example"})
    html = connection.getresponse().read().decode()
    assert f'id="watch-link" href="{live_server}{url}"' in html and "evil.example" not in html


def test_the_printed_sheets_link_is_the_servers_not_the_hosts(client, url):
    # a sheet printed for the table: its link and QR code must open on another phone, whatever Host was asked
    assert finish(client, url).status_code == 303
    response = client.get(f"{url}/sheet.pdf", headers={"Host": "evil.example"})
    printed = "".join("".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.data)).pages)
    assert response.status_code == 200 and f"http://localhost{url}" in printed and "evil" not in printed


def test_a_public_url_refuses_a_host_it_does_not_name(tmp_path, empty_store):
    app = create_app({**TEST_CONFIG, "DATABASE": fresh_store(empty_store, tmp_path), "PUBLIC_URL": PUBLIC})
    client = app.test_client()
    url = start(client, GAME)
    for host in ("evil.example", "scores.example.org.evil.example", "192.168.1.20:8000"):
        answer = client.get(url, headers={"Host": host})
        assert answer.status_code == 400 and host.encode() not in answer.data, host
        assert client.get(f"{url}/poll?version=0", headers={**HX, "Host": host}).status_code == 400, host
        assert client.post(f"{url}/score-link", headers={"Host": host}).status_code == 400, host
    for host in ("scores.example.org", "localhost:8000", "127.0.0.1:8000"):  # its own name; a health check
        assert client.get(url, headers={"Host": host}).status_code == 200, host
    assert f'id="watch-link" href="{PUBLIC}{url}"' in client.get(url).get_data(as_text=True)
