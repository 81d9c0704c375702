"""Check the built HTML documentation in a real browser (headless Chromium).

Builds nothing: run it after the HTML build (``scripts/check.sh`` does), with
Chromium and the ``playwright`` package installed by ``scripts/install_tools.sh``.

It serves ``docs/_build/html`` on localhost, opens every page at a desktop
width, saves a full-page screenshot of each, and one of each picture as shown
(``picture-<name>.png``), into ``docs/_build/screenshots/``
(build artefacts, git-ignored), and fails, naming the page, if

* an image did not load (``naturalWidth`` 0), or
* a picture (an SVG image) is shown so small that its smallest text is under
  12 px on the page (its ``font-size`` scaled by the shown width over the
  drawn width), or
* a code block (``pre`` or ``.highlight``) is wider than its column
  (``scrollWidth`` > ``clientWidth``). The docs' stylesheet wraps long code
  lines (``docs/_ext/static/remi.css``), so this catches a block that cannot
  wrap, e.g. a stylesheet that stopped loading.

Usage::

    .venv/bin/python scripts/docs_browser_check.py [--html DIR] [--out DIR] [--width 1280]

The pages viewcode generates from the source (``_modules/``) are left out: they
show the code as it is.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The smallest text a picture may show, in CSS px on the page.
SMALLEST_TEXT = 12
SKIPPED = ("_modules/", "_sources/", "_static/", "_images/")
#: Taller pages are shot down to this height only (a full-page shot of the API reference takes minutes).
MAX_HEIGHT = 12000

#: Run in each page: the images that did not load, and the code blocks wider than their column.
PROBLEMS_JS = """
() => {
    const images = [...document.images]
        .filter((img) => !img.complete || img.naturalWidth === 0)
        .map((img) => img.getAttribute("src"));
    const overflows = (block) => block.clientWidth > 0 && block.scrollWidth > block.clientWidth + 1;
    // A highlight box is named by its pre when that is what overflows, so each block counts once.
    const wide = [...document.querySelectorAll("pre, div.highlight")]
        .filter((block) => overflows(block))
        .filter((block) => block.tagName === "PRE" || ![...block.querySelectorAll("pre")].some(overflows))
        .map((block) => {
            const longest = block.innerText.split("\\n").reduce((a, b) => (b.length > a.length ? b : a), "");
            return `${block.scrollWidth}px > ${block.clientWidth}px: ${longest.trim().slice(0, 90)}`;
        });
    return {images, wide};
}
"""


#: Run in each page: every SVG picture's drawn and shown width, and its smallest font size.
PICTURES_JS = """
async () => {
    const found = [];
    for (const img of document.images) {
        const src = img.getAttribute("src") || "";
        if (!src.endsWith(".svg")) continue;
        const text = await (await fetch(img.src)).text();
        const sizes = [...text.matchAll(/font-size="([0-9.]+)"/g)].map((m) => parseFloat(m[1]));
        const drawn = parseFloat((text.match(/<svg[^>]* width="([0-9.]+)"/) || [0, 0])[1]);
        found.push({src, drawn, shown: img.getBoundingClientRect().width, smallest: Math.min(...sizes)});
    }
    return found;
}
"""


def small_text(name: str, pictures: list[dict[str, Any]]) -> list[str]:
    """The pictures of page ``name`` whose smallest text is shown under :data:`SMALLEST_TEXT` px."""
    problems = []
    for picture in pictures:
        if not picture["drawn"] or picture["smallest"] == float("inf"):
            continue
        shown = picture["smallest"] * picture["shown"] / picture["drawn"]
        if shown < SMALLEST_TEXT - 0.05:
            problems.append(f"{name}: {picture['src']} drawn {picture['drawn']:.0f} px wide, shown at "
                            f"{picture['shown']:.0f} px: its smallest text is {shown:.1f} px (< {SMALLEST_TEXT})")
    return problems


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves the built pages without logging every request."""

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing."""


def pages(html: Path) -> list[str]:
    """Every HTML page of the build, as paths relative to its root."""
    found = [path.relative_to(html).as_posix() for path in html.rglob("*.html")]
    return sorted(page for page in found if not page.startswith(SKIPPED))


def check(html: Path, out: Path, width: int) -> tuple[list[str], list[str]]:
    """Open every page and screenshot it; return the images that failed, and the overflowing blocks and small text."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    handler = functools.partial(QuietHandler, directory=str(html))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    images: list[str] = []
    wide: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True)
            page = browser.new_page(viewport={"width": width, "height": 900})
            for name in pages(html):
                page.goto(base + name, wait_until="load")
                found = page.evaluate(PROBLEMS_JS)
                images += [f"{name}: image did not load: {src}" for src in found["images"]]
                wide += [f"{name}: code block overflows its column ({text})" for text in found["wide"]]
                wide += small_text(name, page.evaluate(PICTURES_JS))
                for index, image in enumerate(page.locator("img[src$='.svg']").all()):
                    image.screenshot(path=str(out / f"picture-{name.replace('/', '__').removesuffix('.html')}-"
                                                    f"{index}.png"))
                height = min(page.evaluate("document.documentElement.scrollHeight"), MAX_HEIGHT)
                page.screenshot(path=str(out / (name.replace("/", "__").removesuffix(".html") + ".png")),
                                full_page=True, clip={"x": 0, "y": 0, "width": width, "height": height},
                                timeout=120_000)
            browser.close()
    finally:
        server.shutdown()
    return images, wide


def main(argv: list[str] | None = None) -> int:
    """Check every page; print the problems and return 1 if there are any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "docs/_build/html", help="the built HTML pages")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/_build/screenshots", help="where screenshots go")
    parser.add_argument("--width", type=int, default=1280, help="the browser window's width in pixels")
    args = parser.parse_args(argv)
    if not (args.html / "index.html").is_file():
        print(f"docs_browser_check: no {args.html}/index.html: build the HTML docs first", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).is_file():
        print(f"docs_browser_check: no {CHROMIUM}: run scripts/install_tools.sh", file=sys.stderr)
        return 2
    start = time.perf_counter()
    images, wide = check(args.html, args.out, args.width)
    problems = images + wide
    count = len(pages(args.html))
    for problem in problems:
        print(problem)
    seconds = time.perf_counter() - start
    print(f"docs_browser_check: {count} pages at {args.width}px, screenshots in {args.out}, "
          f"{len(problems)} problem(s), {seconds:.0f}s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
