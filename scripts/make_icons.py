"""Draw Scorekeeper's home-screen icons (our own artwork: a spade on a score card, from plain shapes).

Run `.venv/bin/python scripts/make_icons.py` after changing the drawing; the PNGs in static/icons/ are
committed, so the app needs neither this script nor Pillow to serve them."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BG = "#14181f"  # the page background (static/app.css --bg): the splash screen matches the app
CARD = "#f2b84b"  # the accent colour of the big buttons
INK = "#14181f"
SCALE = 4  # drawn four times larger, then reduced: smooth edges without an anti-aliasing library


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A spade centred on (cx, cy), `size` wide: the classic heart curve upside down, on a flared stem."""
    k = size / 34  # the curve below is 34 units wide
    body = []
    for step in range(240):
        t = 2 * math.pi * step / 240
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        body.append((cx + k * x, cy - k * 2 - k * -y))  # y flipped: the point goes up
    draw.polygon(body, fill=INK)
    foot = cy + size * 0.55
    draw.polygon(
        [(cx - size * 0.05, cy), (cx + size * 0.05, cy), (cx + size * 0.2, foot),
         (cx - size * 0.2, foot)],
        fill=INK,
    )  # fmt: skip


def icon(size: int, safe: float, rounded: bool) -> Image.Image:
    """The icon at `size` px; the card fills `safe` of it (maskable icons keep to the central circle)."""
    big = size * SCALE
    image = Image.new("RGB", (big, big), BG)
    draw = ImageDraw.Draw(image)
    w, h = big * safe * 0.74, big * safe
    x0, y0 = (big - w) / 2, (big - h) / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=w * 0.12 if rounded else w * 0.08, fill=CARD)
    # two ruled lines at the foot of the card: a score pad
    for k in (0, 1):
        y = y0 + h * (0.78 + 0.09 * k)
        draw.rounded_rectangle((x0 + w * 0.18, y, x0 + w * 0.82, y + h * 0.035), radius=h * 0.02, fill=INK)
    spade(draw, big / 2, y0 + h * 0.4, w * 0.62)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    """Write every icon the manifest and the apple-touch-icon link name."""
    OUT.mkdir(parents=True, exist_ok=True)
    icon(192, 0.86, True).save(OUT / "icon-192.png", optimize=True)
    icon(512, 0.86, True).save(OUT / "icon-512.png", optimize=True)
    icon(512, 0.62, True).save(OUT / "maskable-512.png", optimize=True)  # within the 80% safe circle
    icon(180, 0.8, True).save(OUT / "apple-touch-icon.png", optimize=True)


if __name__ == "__main__":
    main()
