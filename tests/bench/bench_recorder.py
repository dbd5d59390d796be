"""Recorder figures: event-to-step latency, selector generation on a big page, listener load cost."""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from recorder import RecordingSession
from recorder.browser import launch
from recorder.scripts import listener_script, read_js
from tests.bench.common import isolated_home, report, served_sites

BIG_PAGE = (
    "<!doctype html><title>big</title><body>"
    + "".join(
        f'<div class="row"><span>Row {i}</span><button>Edit</button><a href="#r{i}">Open {i}</a>'
        f'<input placeholder="Note {i}"></div>'
        for i in range(1250)
    )
    + "</body>"
)


def main() -> None:
    isolated_home()
    site_dir = Path(tempfile.mkdtemp())
    (site_dir / "big.html").write_text(BIG_PAGE)
    (site_dir / "plain.html").write_text("<!doctype html><title>plain</title><p>hello</p><button>Go</button>")
    with served_sites(site_dir) as base, sync_playwright() as playwright:
        browser = launch(playwright, headless=True)

        context = browser.new_context()
        page = context.new_page()
        session = RecordingSession(context, title="bench")
        session.start()
        page.goto(f"{base}/big.html")
        buttons = page.locator("button")
        for i in range(200):
            buttons.nth(i * 5).click()
        session.pump(200)
        session.stop()
        report("event to step in Python (5,000-element page)", list(session.latencies_ms)[1:], target_ms=30)

        # As in the listener: one closure for the page's life, shadow roots registered once at install.
        timings = page.evaluate(
            f"""() => {{
                {read_js("selectors.js")}
                smhAllShadowRoots(document);
                const targets = Array.from(document.querySelectorAll('button, a, input')).filter((_, i) => i % 37 === 0);
                return targets.map((el) => {{ const t = performance.now(); smhDescribe(el); return performance.now() - t; }});
            }}"""
        )
        count = page.evaluate("document.getElementsByTagName('*').length")
        report(f"selector generation per click ({count} elements)", timings, target_ms=5)
        context.close()

        def load_times(with_listener: bool) -> list[float]:
            ctx = browser.new_context()
            if with_listener:
                ctx.expose_binding("__smh_bench", lambda source, payload: None)
                ctx.add_init_script(listener_script("__smh_bench", "n" * 32))
            pg = ctx.new_page()
            times = []
            for _ in range(40):
                pg.goto(f"{base}/plain.html")
                times.append(pg.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
            ctx.close()
            return times[5:]

        without, with_ = load_times(False), load_times(True)
        added = statistics.median(with_) - statistics.median(without)
        print(
            f"listener cost on page load: median load {statistics.median(without):.2f} ms without, "
            f"{statistics.median(with_):.2f} ms with, added {added:.2f} ms{'  OK' if added < 5 else '  OVER TARGET 5 ms'}"
        )
        browser.close()


if __name__ == "__main__":
    main()
