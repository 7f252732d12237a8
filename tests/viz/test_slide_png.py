"""A kit picture is saved one way, for a notebook and a slide alike: sized to a slide's picture box, its smallest
label's size in pixels written into the PNG (the browser test scales it by what Chromium shows)."""

from __future__ import annotations

import io

from matplotlib.figure import Figure
from PIL import Image

from handoffs.part1 import STEP_TABLE
from handoffs.viz import plot_step_graph
from handoffs.viz.slide_png import LABEL_PX_KEY, PICTURE_BOX, picture_png
from handoffs.viz.style import smallest_text_points


def saved(figure) -> Image.Image:
    return Image.open(io.BytesIO(picture_png(figure)))


def test_a_picture_fills_the_slide_box_and_records_its_smallest_label():
    figure = plot_step_graph(STEP_TABLE)
    png = saved(figure)
    width, height = png.size
    assert width <= PICTURE_BOX[0] and height <= PICTURE_BOX[1]
    assert width >= PICTURE_BOX[0] - 6 or height >= PICTURE_BOX[1] - 6  # as large as the box allows
    dpi = float(png.info[LABEL_PX_KEY]) * 72 / smallest_text_points(figure)
    inches = figure.get_size_inches()
    assert width <= inches[0] * dpi + 1 and height <= inches[1] * dpi + 1  # cropped to what it draws, never grown


def test_the_smallest_label_counts_legends_and_tick_labels_but_not_hidden_axes():
    figure = Figure(figsize=(6, 3))
    shown, hidden = figure.subplots(1, 2)
    shown.plot([1, 2], [1, 2], label="a line")
    shown.tick_params(labelsize=13)
    shown.set_title("title", fontsize=20)
    hidden.set_axis_off()
    hidden.tick_params(labelsize=6)
    assert smallest_text_points(figure) == 13
    figure.legend(prop={"size": 9})
    assert smallest_text_points(figure) == 9  # a small legend is a small label


def test_a_picture_taller_than_a_slide_keeps_a_readable_resolution():
    """A long conversation's picture is not shrunk to the box (a notebook scrolls); a slide would shrink it, and the
    browser test measures the label size it is shown at."""
    figure = Figure(figsize=(4, 12))
    figure.subplots().plot([1, 2], [3, 4])
    png = saved(figure)
    assert png.size[1] > 1.4 * PICTURE_BOX[1]
    assert float(png.info[LABEL_PX_KEY]) >= smallest_text_points(figure) * 100 / 72 - 0.01
    figure.set_size_inches(4, 6.5)  # a little too tall: as tall as the box, or at 100 dpi
    assert PICTURE_BOX[1] - 6 <= saved(figure).size[1] <= 6.5 * 100


def test_a_notebook_shows_a_kit_figure_as_the_slide_png(monkeypatch):
    """The PNG IPython puts in a cell's output is :func:`picture_png`'s: a deck that copies it keeps the label size."""
    import IPython
    from IPython.core.formatters import PNGFormatter

    from handoffs.viz.style import show_in_notebooks

    formatter = PNGFormatter()

    class Shell:  # what show_in_notebooks uses of IPython's shell
        class display_formatter:
            formatters = {"image/png": formatter}

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    show_in_notebooks()
    figure = plot_step_graph(STEP_TABLE)
    assert formatter(figure) == picture_png(figure)
    assert float(Image.open(io.BytesIO(formatter(figure))).info[LABEL_PX_KEY]) >= 20
