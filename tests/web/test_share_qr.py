"""The share panel's QR codes: each draws its own link, and each is a file fetched once it is shown (a first
visit goes without them); the score link's by the phones that may score only."""

import io
import re

import pytest
import segno
from PIL import Image

from scorekeeper.views import share
from tests import pick
from tests.markup import Element, parse
from tests.samples import sample, start

from .helpers import links


@pytest.fixture
def url(client):
    """A game started on `client` (any game's sample table)."""
    return start(client, sample(pick.game()).GAME)


def modules(png: bytes) -> list[list[bool]]:
    """A QR code's dark modules read back from its PNG (one pixel a module, a quiet zone of 4 around)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    size, pixels = image.width, image.tobytes()
    return [[pixels[y * size + x] < 128 for x in range(4, size - 4)] for y in range(4, size - 4)]


def drawn(link: str) -> list[list[bool]]:
    """The modules segno draws for `link`."""
    return [[bool(v) for v in row] for row in segno.make(link, error="m").matrix]


def codes(page: Element) -> list[Element]:
    """The QR codes shown, each an image fetched once it is in view."""
    return page.all("img", class_="qr", loading="lazy")


def score_code(html: str) -> str:
    """The address of the score link's QR code."""
    return next(src for code in codes(parse(html)) if "score-link" in (src := code.attrs["src"]))


def test_the_share_panel_shows_both_links_with_their_qr_codes(client, url):
    html = client.get(url).get_data(as_text=True)
    shown = links(client, url)
    assert shown["watch-link"] == f"http://localhost{url}"
    assert re.fullmatch(rf"http://localhost{url}/score/[\w-]{{16}}", shown["score-link"])
    panel = parse(html).first("section", id="share")
    assert not [found for found in panel.all() if "style" in found.attrs] and not panel.all("script")
    # both codes are files, fetched once the panel is in view
    watch, score = codes(panel)
    assert watch.attrs["alt"] and watch.attrs["alt"] != score.attrs["alt"]  # each says which link it draws
    for code, link in ((watch, shown["watch-link"]), (score, shown["score-link"])):
        answer = client.get(code.attrs["src"])
        assert answer.status_code == 200 and answer.mimetype == "image/png"
        assert modules(answer.data) == drawn(link)
        # shown crisp at about 220 px: whole screen pixels per pixel of the PNG (worked out without drawing it)
        width, height = int(code.attrs["width"]), int(code.attrs["height"])
        assert width == height and width % Image.open(io.BytesIO(answer.data)).width == 0 and 200 <= width <= 260


def test_the_watch_links_code_is_for_whoever_sees_the_game(client, other_phone, url):
    html = other_phone.get(url).get_data(as_text=True)  # a phone that only watches
    assert "score-link" not in html
    (src,) = [code.attrs["src"] for code in codes(parse(html))]
    answer = other_phone.get(src)
    assert answer.status_code == 200 and modules(answer.data) == drawn(f"http://localhost{url}")
    assert "max-age" in answer.headers["Cache-Control"]  # the link of a game never changes
    # asked at another address, the code draws that address (the link the page shows there)
    elsewhere = other_phone.get(src, base_url="http://192.168.1.20:8000")
    assert modules(elsewhere.data) == drawn(f"http://192.168.1.20:8000{url}")
    assert other_phone.get(src.replace(url.rsplit("/", 1)[1], "no-such-game")).status_code == 404


def test_the_score_links_code_is_for_scoring_phones_only_and_follows_a_new_link(client, other_phone, url):
    page = client.get(url).get_data(as_text=True)
    src = score_code(page)
    assert other_phone.get(src).status_code == 403  # a watching phone sees no score link, nor its code
    client.post(f"{url}/score-link")
    again = client.get(url).get_data(as_text=True)
    new_src = score_code(again)
    assert new_src != src  # a new address: no cached image shows the replaced link's code
    assert modules(client.get(new_src).data) == drawn(links(client, url)["score-link"])


@pytest.mark.parametrize(
    "link",
    [
        "http://localhost/games/KqmoV9F2wMIEkCCc",
        "https://scores.example.org/games/KqmoV9F2wMIEkCCc/score/aZ09_-bcdefghijk",
        "http://192.168.1.20:8000/games/" + "x" * 120,
        "HTTP://EXAMPLE.ORG/GAMES/ABC",  # capitals only: another encoding than byte by byte
        "http://bücher.example/games/abc",  # not ASCII
        "http://localhost/" + "a" * 300,  # longer than is kept
    ],
)
def test_the_width_worked_out_without_drawing_is_the_drawn_codes(link):
    assert share.qr_width(link) == share.qr_size(segno.make(link, error="m"))


def test_a_link_too_long_for_any_qr_code_is_shown_without_one(app, client, other_phone, url):
    # a link's address comes from the phone's Host header, which may be kilobytes long: no code holds such a
    # link (segno refuses it), and the game page, its codes and a club night's page said 500
    far = "http://" + ".".join(["h" * 60] * 45)  # a host of 2,745 characters
    event = client.post("/events", data={"name": "Thursday club", "day": ""}).headers["Location"]
    for phone, base in ((other_phone, far), (client, None)):  # a watcher at that address; the scorer's phone
        if base is None:
            app.config["PUBLIC_URL"] = far  # at its own address (its cookie), the links made as long
        page = phone.get(url, base_url=base or "http://localhost")
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and f"{far}{url}" in html.replace("<wbr>", "")
        assert 'class="qr"' not in html  # the links, without their codes
        for src in (f"{url}/watch-link.png", f"{url}/score-link.png")[: 2 if base is None else 1]:
            assert phone.get(src, base_url=base or "http://localhost").status_code == 404, src
        assert phone.get(event, base_url=base or "http://localhost").status_code == 200
