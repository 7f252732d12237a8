"""Every slide of every deck, in both editions, in headless Chromium: nothing leaves loopback, nothing is missing,
nothing overflows, no text is under 20 px.

The decks are built from the sources (``slides/en`` and the Korean edition ``slides/ko``, whose pictures are drawn
with the kit in Korean) into a temporary folder, served on 127.0.0.1 by the kit's own server, and opened slide by
slide at 1280x720. For each slide: every request the page made went to loopback, no response was
a 4xx/5xx, pictures loaded, no code block is wider or taller than its box, the slide's content stays inside the
slide, the slide has speaker notes, and no text is drawn under 20 px (its computed font size times reveal.js's
scale; the only exceptions are the tables in :data:`TOO_WIDE_TO_READ`). At 1024x768, the smallest label of every
picture on every slide (drawn by the deck or copied from a notebook's output) is at least 16 px
(:func:`test_diagram_labels_are_16px_on_a_1024x768_projector`). One screenshot per slide goes to
``test-artifacts/slides/<lang>/`` (git-ignored): look at them after a change to the decks. Not in CI (``CI`` set:
a fresh clone that nobody looks into): no assertion reads them, and they were a quarter of these tests' time.
"""

from __future__ import annotations

import base64
import html
import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlparse

import pytest

from browser_lab import REPO

pytestmark = pytest.mark.browser

SHOTS = REPO / "test-artifacts" / "slides"
#: screenshots are for a person to look at: taken on a developer's run, not in CI (.ci/run runs with CI=true)
TAKE_SHOTS = os.environ.get("CI", "").strip().lower() in ("", "0", "false", "no")
LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}

SLIDE_REPORT = """() => {
  const slide = Reveal.getCurrentSlide();
  const scale = Reveal.getScale();
  const box = slide.getBoundingClientRect();
  const blocks = [...slide.querySelectorAll('pre code')].map(code => ({
      text: code.textContent.split('\\n')[0].slice(0, 60),
      wide: code.scrollWidth - code.clientWidth, tall: code.scrollHeight - code.clientHeight,
      right: code.getBoundingClientRect().right - box.left}));
  let bottom = 0, widest = 0, widestText = '';
  for (const child of slide.children) {
    if (child.tagName === 'ASIDE') continue;
    bottom = Math.max(bottom, child.getBoundingClientRect().bottom - box.top);
    for (const part of [child, ...child.querySelectorAll('*')]) {
      if (part.closest('.katex-mathml')) continue;  // KaTeX's MathML copy for screen readers is never drawn
      const right = part.getBoundingClientRect().right - box.left;
      if (right > widest) { widest = right; widestText = (part.textContent || '').slice(0, 40); }
    }
  }
  const images = [...slide.querySelectorAll('img')].map(img => ({src: img.getAttribute('src'),
      loaded: img.complete && img.naturalWidth > 0}));
  const small = [];  // text drawn under 20 px on this 1280x720 screen (computed font size x reveal.js's scale)
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, element = node.parentElement;
    if (!node.textContent.replace(/[\\u200b\\s]/g, '') || element.closest('aside, .katex-mathml')) continue;
    const pixels = parseFloat(getComputedStyle(element).fontSize) * scale;
    if (pixels < 20) small.push({pixels: Math.round(pixels * 10) / 10, text: node.textContent.trim().slice(0, 40),
                                 block: (element.closest('pre') || {}).dataset?.source || ''});
  }
  return {blocks, images, small, bottom: bottom / scale, widest: widest / scale, widestText, right: Math.max(0, ...blocks.map(b => b.right)) / scale,
          width: Reveal.getConfig().width, height: Reveal.getConfig().height,
          notes: (Reveal.getSlideNotes() || '').trim().length,
          text: [...slide.children].filter(c => c.tagName !== 'ASIDE').map(c => c.textContent).join(' ')
                + [...slide.querySelectorAll('img')].map(img => img.alt).join(' '),
          title: (slide.querySelector('h1,h2,h3') || {textContent: ''}).textContent};
}"""


#: shows slide ``index`` and resolves once the browser has drawn it (two animation frames: styles, layout and paint
#: done; transition is "none", so nothing moves after that) — not a fixed sleep per slide
SHOW_SLIDE = """async (index) => { Reveal.slide(index);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))); }"""
#: the slide at ``index``, drawn, then :data:`SLIDE_REPORT` on it: one round trip to the page per slide
SLIDE_AT = f"async (index) => {{ await ({SHOW_SLIDE})(index); return ({SLIDE_REPORT})(); }}"

HANGUL = re.compile("[\uac00-\ud7a3]")
#: notebook outputs (tables) wider than 93 columns, which no font of 20 px fits on a slide: they must be reshaped in
#: their notebooks (fewer or narrower columns), not shrunk. Known, and listed so that none is added silently.
TOO_WIDE_TO_READ: set[str] = set()  # notebooks 09 and 10 print their tables wrapped (handoffs.part3.table)


def screenshots(page):
    """``shoot(path)``: a PNG of what the page shows now, taken with Chromium's fast encoder (``optimizeForSpeed``:
    bigger files, about a third less time a shot than ``page.screenshot``, which also injects and removes a style
    each time; the slide is already drawn, see :data:`SHOW_SLIDE`). Does nothing unless :data:`TAKE_SHOTS`."""
    if not TAKE_SHOTS:
        return lambda path: None
    session = page.context.new_cdp_session(page)

    def shoot(path) -> None:
        data = session.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    return shoot


def open_deck(page, url: str) -> None:
    """Open a deck and return once reveal.js is ready and every font the page uses is loaded (not after 500 ms of
    network silence, which is what ``networkidle`` costs per page)."""
    page.goto(url, wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=30_000)
    page.evaluate("() => document.fonts.ready.then(() => true)")


@pytest.fixture(scope="module", params=["en", "ko"])
def built_decks(request, tmp_path_factory):
    if not (REPO / "slides" / "node_modules" / "reveal.js").is_dir():
        pytest.skip("slides/node_modules is missing: ./kit test installs it with npm ci (needs Node.js)")
    from handoffs.workshop.slides import DeckBuild

    out = tmp_path_factory.mktemp(f"slides-{request.param}")
    with ThreadPoolExecutor(1) as thread:  # the build records runs with asyncio.run: not on the thread whose
        pages = thread.submit(DeckBuild(request.param, out).build).result()  # playwright loop is running
    return out, pages, request.param


def test_every_slide_renders_offline_and_fits(built_decks, page):
    from handoffs.workshop.deck_export import serving

    out, pages, lang = built_decks
    shots = SHOTS / lang
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    requests, failures = [], []
    page.on("request", lambda request: requests.append(request.url))
    # A request the browser cancelled because the test moved on to the next deck (a font still loading when the
    # page navigates: net::ERR_ABORTED) is not a missing asset; a missing one answers 404 (below) and an unreachable
    # one fails otherwise (connection refused): both still count.
    page.on("requestfailed", lambda request: "ERR_ABORTED" in (request.failure or "")
            or failures.append(f"failed {request.url} ({request.failure})"))
    page.on("response", lambda response: response.status >= 400 and failures.append(
        f"{response.status} {response.url}"))
    page.set_viewport_size({"width": 1280, "height": 720})
    problems, slides_seen, too_wide = [], 0, set()
    shoot = screenshots(page)
    with serving(out) as base:
        page.goto(f"{base}/{lang}/index.html", wait_until="load")
        links = page.evaluate("() => [...document.querySelectorAll('li a')].map(a => a.getAttribute('href'))")
        assert links == [deck.name for deck in pages]
        assert page.evaluate("() => document.documentElement.lang") == lang
        for deck in pages:
            open_deck(page, f"{base}/{lang}/{deck.name}")
            total = page.evaluate("() => Reveal.getTotalSlides()")
            assert total >= 5, f"{deck.name} has only {total} slides"
            for index in range(total):
                report = page.evaluate(SLIDE_AT, index)
                where = f"{deck.stem} slide {index + 1} ({report['title'][:40]!r})"
                problems += [f"{where}: code block {b['text']!r} overflows by {max(b['wide'], b['tall'])} px"
                             for b in report["blocks"] if b["wide"] > 1 or b["tall"] > 1]
                problems += [f"{where}: picture {i['src']} did not load" for i in report["images"] if not i["loaded"]]
                if report["bottom"] > report["height"] + 2:
                    problems.append(f"{where}: content ends at {report['bottom']:.0f} px of {report['height']}")
                if report["right"] > report["width"] + 2:
                    problems.append(f"{where}: code reaches {report['right']:.0f} px of {report['width']}")
                elif report["widest"] > report["width"] + 2:  # a formula or a table wider than the slide
                    problems.append(f"{where}: {report['widestText']!r} reaches {report['widest']:.0f} px of "
                                    f"{report['width']}")
                for small in report["small"]:
                    if small["block"] not in TOO_WIDE_TO_READ:
                        problems.append(f"{where}: {small['text']!r} is {small['pixels']} px (under 20 px)")
                    too_wide.add(small["block"])
                if report["notes"] == 0:
                    problems.append(f"{where}: no speaker notes")
                if lang == "ko" and not HANGUL.search(report["text"] + report["title"]):
                    problems.append(f"{where}: no Korean on a slide of the Korean deck")
                shoot(shots / f"{deck.stem}-{index + 1:02d}.png")
                slides_seen += 1
            assert page.evaluate("() => document.querySelectorAll('.hljs').length") > 0 or deck.stem == "03_exercises", \
                f"{deck.name}: no highlighted code"
        math = page.goto(f"{base}/{lang}/02_part2_many_agents.html", wait_until="load")
        assert math is not None and math.ok
        page.wait_for_function("() => document.querySelectorAll('.katex').length > 0", timeout=30_000)
    outside = sorted({url for url in requests if urlparse(url).scheme in ("http", "https", "ws", "wss")
                      and urlparse(url).hostname not in LOOPBACK})
    assert outside == [], f"requests left the machine: {outside}"
    assert failures == [], f"missing or failed assets: {failures}"
    assert problems == [], "\n".join(problems)
    assert too_wide - {""} == TOO_WIDE_TO_READ, "update TOO_WIDE_TO_READ: these tables are the ones still too wide"
    assert slides_seen >= 30


PICTURES_REPORT = """() => [...document.querySelectorAll('.reveal .slides section img')].map(img => ({
    src: img.getAttribute('src'), natural: img.naturalWidth,
    slide: [...document.querySelectorAll('.reveal .slides section')].indexOf(img.closest('section')) + 1}))"""
#: shows the slide at ``[index, src]`` and returns the width its picture ``src`` is drawn at
PICTURE_WIDTH = f"""async ([index, src]) => {{ await ({SHOW_SLIDE})(index);
  return [...document.querySelectorAll('.reveal .slides img')].find(img => img.getAttribute('src') === src)
           .getBoundingClientRect().width; }}"""


def test_diagram_labels_are_16px_on_a_1024x768_projector(built_decks, page):
    """Every picture on every slide, whether the deck drew it or copied it from a notebook cell's committed output
    (``output-*.png``): its smallest label, as written into the PNG when it was saved
    (``handoffs:smallest-label-px``, :mod:`handoffs.viz.slide_png`, at the PNG's own size), times how much Chromium
    shrinks the PNG on a 1024x768 screen, is at least 16 px. A picture with no recorded label size fails."""
    from PIL import Image

    from handoffs.viz.slide_png import LABEL_PX_KEY
    from handoffs.workshop.deck_export import serving

    out, pages, lang = built_decks
    page.set_viewport_size({"width": 1024, "height": 768})
    measured, problems, copied = {}, [], 0
    shoot = screenshots(page)
    shots = SHOTS / f"{lang}-1024x768"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    with serving(out) as base:
        for deck in pages:
            open_deck(page, f"{base}/{lang}/{deck.name}")
            pictures = page.evaluate(PICTURES_REPORT)
            expected = html.unescape(deck.read_text(encoding="utf-8")).count("<img ")  # the Markdown's
            assert len(pictures) == expected, f"{deck.name}: {len(pictures)} pictures on its slides, {expected} in it"
            for picture in pictures:
                shown = page.evaluate(PICTURE_WIDTH, [picture["slide"] - 1, picture["src"]])
                where = f"{deck.stem} slide {picture['slide']}: {picture['src']}"
                png = Image.open(out / lang / picture["src"])
                assert png.size[0] == picture["natural"]
                copied += picture["src"].rsplit("/", 1)[-1].startswith("output-")
                if LABEL_PX_KEY not in png.info:
                    problems.append(f"{where} has no recorded label size: save it with handoffs.viz.slide_png "
                                    "(a notebook shows kit figures that way; re-execute its notebook)")
                    continue
                pixels = float(png.info[LABEL_PX_KEY]) * shown / png.size[0]
                measured[where] = pixels
                if pixels < 16:
                    problems.append(f"{where}'s smallest label is {pixels:.1f} px at 1024x768 (shown {shown:.0f} of "
                                    f"{png.size[0]} px)")
                shoot(shots / f"{deck.stem}-{picture['slide']:02d}.png")
    assert problems == [], "\n".join(problems)
    assert len(measured) >= 10 and copied >= 5, f"only {len(measured)} pictures measured, {copied} from notebooks"
    smallest = min(measured, key=measured.get)
    print(f"[{lang}] smallest label of {len(measured)} pictures ({copied} from notebook outputs) at 1024x768: "
          f"{measured[smallest]:.1f} px ({smallest})")


def test_a_deck_prints_to_pdf_one_page_per_slide(built_decks, browser):
    from handoffs.workshop.deck_export import export_pdfs

    out, pages, _lang = built_decks
    exercises = [page for page in pages if page.stem == "03_exercises"]
    (pdf,) = export_pdfs(out, exercises, browser)  # the session's Chromium: playwright's sync API does not nest
    data = pdf.read_bytes()
    slides = exercises[0].read_text(encoding="utf-8").count("\n---\n") + 1
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) == slides
