"""Installing the app: the manifest "Add to home screen" reads, our own icons, the service worker's route,
and the words the page hands its offline script in the page's language."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.markup import parse


def test_every_page_links_the_manifest_and_the_apple_touch_icon(client):
    page = parse(client.get("/").get_data())
    assert page.first("link", rel="manifest").attrs["href"] == "/manifest.webmanifest"
    icon = page.first("link", rel="apple-touch-icon").attrs["href"]
    response = client.get(icon)
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert Image.open(io.BytesIO(response.data)).size == (180, 180)


def test_the_manifest_installs_a_standalone_app_with_icons_of_192_and_512_px(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    found = set()
    for icon in manifest["icons"]:
        image = Image.open(io.BytesIO(client.get(icon["src"]).data))
        assert f"{image.width}x{image.height}" == icon["sizes"], icon
        found.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= found


def test_the_manifest_every_first_visit_fetches_comes_light(client):
    """Compressed, and without a page's own headers (a policy for scripts and frames means nothing to it)."""
    response = client.get("/manifest.webmanifest", headers={"Accept-Encoding": "br"})
    assert response.headers["Content-Encoding"] == "br" and len(response.data) < 300
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in response.headers and "X-Frame-Options" not in response.headers
    assert "Content-Security-Policy" in client.get("/").headers  # pages keep theirs


def test_the_service_worker_is_served_from_the_root_and_always_checked_again(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    assert b'addEventListener("fetch"' in response.data


@pytest.mark.parametrize(
    ("lang", "unsent", "lost"),
    [
        ("en", "Not sent: no connection.", "Connection lost; last update {time}."),
        ("fr", "Pas envoyé\u202f: pas de connexion.", "Connexion perdue\u202f; dernière mise à jour à {time}."),
    ],
)
def test_the_offline_script_gets_its_words_in_the_page_language(client, lang, unsent, lost):
    client.set_cookie("lang", lang)
    scripts = parse(client.get("/").get_data()).all("script", defer="")
    (script,) = [s.attrs for s in scripts if re.fullmatch(r"/static/bundles/app\.[0-9a-f]{12}\.js", s.attrs["src"])]
    said = " ".join(script.values())
    assert unsent in said and lost in said
    assert script["data-timeout"] == "10"
