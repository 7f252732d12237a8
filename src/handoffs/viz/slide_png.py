"""One way to turn a kit picture into a PNG, for a notebook and for a slide alike.

:func:`picture_png` saves a figure cropped to what it draws, at the resolution where it just fills
:data:`PICTURE_BOX` (the box ``slides/theme.css`` gives a picture on a 1280x720 slide): one PNG pixel is one slide
pixel, so its smallest label on the slide is its size in points x dpi / 72. That size is written into the PNG as
:data:`LABEL_PX_KEY`, and travels with it: the decks draw their own pictures with this function, a notebook shows
every figure through it (:func:`handoffs.viz.style.show_in_notebooks`), and a deck that shows a notebook cell's
picture copies those committed bytes. ``tests/browser/test_slides.py`` reads the key of every picture on every
slide and scales it by the size Chromium shows it at on a 1024x768 projector.

It saves; it draws nothing and decides no font size (:mod:`handoffs.viz.style` does).
"""

from __future__ import annotations

import io
import struct
from typing import Any

#: the box theme.css gives a picture on a slide (``img.picture``: the slide's width, ``max-height`` 620 px)
PICTURE_BOX = (1280, 620)
#: PNG text key: the height in pixels of the picture's smallest label, at the PNG's own size
LABEL_PX_KEY = "handoffs:smallest-label-px"
PAD_INCHES = 0.1
#: a figure taller than the box (a long conversation's sequence diagram) is not shrunk below matplotlib's usual
#: resolution to fit it: a notebook scrolls; a slide would shrink it, and the browser test says by how much
TALL_DPI = 100.0


def picture_png(figure: Any, box: tuple[int, int] = PICTURE_BOX) -> bytes:
    """``figure`` as PNG bytes, cropped to its drawn content and as large as fits ``box`` (one slide pixel per PNG
    pixel; a figure too tall for it stays at :data:`TALL_DPI`), its smallest label's height in pixels recorded under
    :data:`LABEL_PX_KEY`."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from .style import smallest_text_points

    if not isinstance(figure.canvas, FigureCanvasAgg):
        FigureCanvasAgg(figure)  # a bare Figure has no renderer to measure its texts with
    extent = figure.get_tightbbox(figure.canvas.get_renderer())  # in inches: the one layout pass
    crop = extent.padded(PAD_INCHES)  # saved with this box, not bbox_inches="tight" (a second pass, ~0.07 s a picture)
    dpi = min(box[0] / crop.width, max(box[1] / crop.height, TALL_DPI))
    points = smallest_text_points(figure)
    for _ in range(3):  # the crop's pixels are rounded: if that makes it one too many, shrink until it fits
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=dpi, bbox_inches=crop,
                       facecolor="white", metadata={LABEL_PX_KEY: f"{points * dpi / 72:.2f}"})
        png = buffer.getvalue()
        width, height = png_size(png)
        if width <= box[0] and (height <= box[1] or dpi <= TALL_DPI):
            return png
        dpi *= min(box[0] / width, box[1] / height if dpi > TALL_DPI else 1.0) * 0.998
    return png


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) in pixels, read from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height
