"""Shared look of the kit's pictures: projector-sized fonts, high-contrast colours, numbered markers.

Every text goes through :func:`label` with ``parse_math=False`` so a price like "$10" in a customer's message is
shown as typed (matplotlib would otherwise read ``$...$`` as math). This module draws nothing by itself.
"""

from __future__ import annotations

from typing import Any

from handoffs.text_safety import readable

INK = "#111827"  # text and lines
MUTED = "#6b7280"  # things that did not happen in this run
PATH = "#1a56db"  # what happened: visited steps, taken edges, messages
PATH_FILL = "#dbeafe"
CURRENT = "#b45309"  # where the conversation is now / the human operator
CURRENT_FILL = "#fde68a"
REFUSED = "#c81e1e"
HANDOFF = "#047857"

# Sizes in points. A picture is saved to fill a slide's 1280x620 picture box (handoffs.viz.slide_png), and reveal.js
# shows a 1280x720 slide at 0.775 of its size on a 1024x768 projector: a FONT_SMALLEST label is 16 px there when the
# picture is at most about 12.9 x 6.2 inches (drawn, after cropping). Nothing under FONT_SMALLEST;
# tests/browser/test_slides.py measures every picture on every slide. A smaller font, or a wider or taller figure,
# fails that test.
FONT_TITLE = 20
FONT_NODE = 18
FONT_TOOL = 15
FONT_EDGE = 15
FONT_NUMBER = 15
FONT_SMALLEST = 15


def font_families() -> list[str]:
    """DejaVu Sans, then any installed font with Korean glyphs or emoji (matplotlib falls back glyph by glyph)."""
    global _FAMILIES
    if _FAMILIES is None:
        from matplotlib import font_manager

        _register_packaged_korean_font(font_manager)
        installed = {f.name for f in font_manager.fontManager.ttflist}
        wanted = ("Noto Sans CJK KR", "NanumGothic", "Noto Sans KR", "Noto Color Emoji", "Noto Emoji")
        _FAMILIES = ["DejaVu Sans"] + [name for name in wanted if name in installed]
    return _FAMILIES


_FAMILIES: list[str] | None = None


def _register_packaged_korean_font(font_manager: Any) -> None:
    """Make NanumGothic (shipped inside the ``koreanize-matplotlib`` wheel) known to matplotlib.

    The package is only a font carrier here: it is located, never imported (importing it would change every
    figure's default font), so Korean step or agent names render instead of empty boxes on any machine.
    """
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return
    for font in sorted(Path(next(iter(spec.submodule_search_locations)), "fonts").glob("NanumGothic*.ttf")):
        font_manager.fontManager.addfont(str(font))


def label(ax: Any, x: float, y: float, text: str, **kwargs: Any) -> Any:
    """``ax.text`` with math parsing off and the kit's defaults (centered, ink colour, fallback fonts).

    Text a font cannot take (a lone surrogate from a paste) is mended first: one bad character must not break a
    whole picture.
    """
    kwargs.setdefault("fontfamily", font_families())
    kwargs.setdefault("ha", "center")
    kwargs.setdefault("va", "center")
    kwargs.setdefault("color", INK)
    kwargs.setdefault("zorder", 5)
    return ax.text(x, y, readable(text), parse_math=False, **kwargs)


def number_marker(ax: Any, x: float, y: float, number: int, colour: str = PATH) -> Any:
    """A filled circle with a white order number (1, 2, ...) — the order things happened in."""
    return label(ax, x, y, str(number), fontsize=FONT_NUMBER, fontweight="bold", color="white", zorder=7,
                 bbox={"boxstyle": "circle,pad=0.25", "facecolor": colour, "edgecolor": colour},
                 gid=f"number-{number}")


def shorten(text: str, limit: int = 40) -> str:
    """One line of at most ``limit`` characters (newlines become spaces, long text ends with '…')."""
    flat = " ".join(readable(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def wrap(text: str, width_inches: float, points: float) -> str:
    """``text`` broken into lines that fit ``width_inches`` at ``points`` (an average character is 0.6 em wide)."""
    import textwrap

    return textwrap.fill(readable(text), max(20, int(width_inches * 72 / (points * 0.6))))


def finish(ax: Any, title: str) -> None:
    """Hide the axes frame, keep aspect free, set a large title (wrapped to the figure's width)."""
    show_in_notebooks()
    ax.set_axis_off()
    ax.set_title(wrap(title, ax.figure.get_figwidth() - 0.3, FONT_TITLE), fontsize=FONT_TITLE, fontweight="bold", color=INK, loc="left", pad=14,
                 fontfamily=font_families(), parse_math=False)


def show_in_notebooks() -> None:
    """Let IPython show a bare ``Figure`` as a PNG (our figures are not registered with pyplot, so they are not
    drawn twice and do not pile up in memory; IPython only needs a formatter for them). The PNG is the one a slide
    shows (:func:`handoffs.viz.slide_png.picture_png`: sized to a slide's picture box, its smallest label's size
    recorded in it), so a deck can copy a cell's committed picture as it is. No-op outside IPython."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None and "image/png" in shell.display_formatter.formatters:
            from matplotlib.figure import Figure

            from .slide_png import picture_png

            formatter = shell.display_formatter.formatters["image/png"]
            if formatter.type_printers.get(Figure) is not picture_png:
                formatter.for_type(Figure, picture_png)
    except ImportError:
        return


def texts_of(fig: Any) -> list[str]:
    """Every text drawn on a figure (titles and labels) — what tests assert on instead of pixels."""
    from matplotlib.text import Text

    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def smallest_text_points(fig: Any) -> float:
    """The smallest font size, in points, of any text drawn on a figure: with the size the figure is shown at,
    it tells how large its smallest label is on a screen (the slide decks check it). Tick labels count only on
    axes that are drawn; legends count."""
    texts = list(fig.texts) + ([fig._suptitle] if getattr(fig, "_suptitle", None) is not None else [])
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    for legend in legends:
        texts += list(legend.get_texts()) + [legend.get_title()]
    for ax in fig.axes:
        texts += list(ax.texts) + [ax.title, ax._left_title, ax._right_title]
        if ax.axison:
            texts += ax.get_xticklabels() + ax.get_yticklabels() + [ax.xaxis.label, ax.yaxis.label]
    sizes = [t.get_fontsize() for t in texts if t.get_visible() and t.get_text().strip()]
    return min(sizes, default=0.0)
