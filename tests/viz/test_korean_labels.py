"""Korean step names in a picture are drawn with a font that has Hangul (NanumGothic, shipped in a wheel)."""

import warnings

from handoffs.part1 import STEP_TABLE
from handoffs.viz import plot_step_graph
from handoffs.viz.style import font_families, texts_of


def test_a_korean_step_name_renders_without_missing_glyphs():
    step_table = {**STEP_TABLE, "에스컬레이션": {"prompt": "사람에게 넘깁니다.", "tools": []}}
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        figure = plot_step_graph(step_table, title="단계 그래프")
        figure.canvas.draw()  # glyph lookup happens at draw time
    assert "NanumGothic" in font_families()
    assert "에스컬레이션" in texts_of(figure)
