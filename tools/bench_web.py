"""Figures of the web page (docs/web.md) in Debian's chromium, headless, driven by Selenium:

    python -m tools.bench_web [--repeats 5] [--board pybadge]

- load: from the start of the page's navigation to the app booted, its main menu built (medians
  of fresh loads);
- the WASM heap in use on the main menu (after a collection);
- time per pass of the app's loop at the main menu, and per key (a press and release of DOWN,
  with the 120 ms of passes the emulator's ``key`` takes), both on the page's emulated clock;
- the bytes the page downloads (every file, uncompressed).
"""

import argparse
import functools
import http.server
import shutil
import statistics
import tempfile
import threading
import time


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main(argv=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from emulator import script as emscript
    from tools.build_web import build
    from tools.micropython_firmware import translate

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--board", default="pybadge")
    args = ap.parse_args(argv)
    out = tempfile.mkdtemp(prefix="web-")
    build(out)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=out))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = "http://127.0.0.1:%d/" % server.server_port
    opts = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900"):
        opts.add_argument(arg)
    loads, heaps, passes, keys, sizes = [], [], [], [], []
    idle = translate(emscript.parse("wait 10000\n", "idle"), args.board, True)
    presses = translate(emscript.parse("key DOWN\nkey UP\n" * 10, "keys"), args.board, True)
    play = ("const done = arguments[arguments.length - 1]; const t = performance.now();"
            "pocket.play(arguments[0]).then(() => done([performance.now() - t, pocket.steps]));")
    try:
        for _ in range(args.repeats):
            d = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
            d.set_script_timeout(120)
            try:
                d.get(site + "?board=%s&seed=1&clock=script" % args.board)
                while not d.execute_script("return window.pocket && (pocket.ready || pocket.error)"):
                    time.sleep(0.01)
                d.execute_async_script(play, translate(emscript.parse("wait 300\n", "m"), args.board, True))
                loads.append(d.execute_script("return pocket.readyAt"))
                heaps.append(int(d.execute_script("return pocket.py.heap()").split()[0]))
                steps0 = d.execute_script("return pocket.steps")
                ms, steps = d.execute_async_script(play, idle)
                passes.append(ms / (steps - steps0))
                ms, _ = d.execute_async_script(play, presses)
                keys.append(ms / 20)
                sizes.append(d.execute_script(
                    "return performance.getEntriesByType('navigation').concat("
                    "performance.getEntriesByType('resource')).reduce((a, e) => a + e.decodedBodySize, 0)"))
            finally:
                d.quit()
    finally:
        server.shutdown()
        shutil.rmtree(out, ignore_errors=True)
    med = statistics.median
    print("board %s, %d fresh loads in headless chromium (medians)" % (args.board, args.repeats))
    print("page load to the app booted (main menu built): %.0f ms" % med(loads))
    print("WASM heap in use on the main menu: %.0f KiB" % (med(heaps) / 1024))
    print("a pass of the loop (main menu, idle): %.3f ms" % med(passes))
    print("a key (press and release of DOWN, with its 120 ms of passes): %.1f ms" % med(keys))
    print("downloaded: %.0f KiB (every file, uncompressed)" % (med(sizes) / 1024))


if __name__ == "__main__":
    main()
