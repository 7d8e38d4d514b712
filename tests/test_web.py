"""The web page (web/, built by tools/build_web.py) in a real browser: Debian's chromium driven by
Selenium, the page served by a local http.server. Scripts are played on the page's emulated clock
(``?clock=script``, ``pocket.play``) with the emulator's seed (``?seed=``), so every screen's text
can be compared with the desktop emulator's; the keyboard and the on-screen buttons are driven
in real time."""

import base64
import functools
import http.server
import json
import os
import random
import re
import shutil
import threading
import time

import pytest

from emulator import script as emscript
from tools.micropython_firmware import REPO, emulator_snapshots, run_script, translate

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    pytest.fail("chromium and chromedriver are missing: `make test` installs them", pytrace=False)

SCRIPTS = os.path.join(REPO, "tests", "scripts")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from tools.build_web import build

    out = str(tmp_path_factory.mktemp("web"))
    build(out)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=out))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_port
    server.shutdown()


@pytest.fixture
def browser():
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    driver.set_script_timeout(240)
    yield driver
    driver.quit()


def open_page(driver, site, query):
    driver.get(site + "?" + query)
    end = time.time() + 60
    while time.time() < end:
        state = driver.execute_script("return window.pocket ? [pocket.ready, pocket.error] : [false, null]")
        if state[0] or state[1]:
            assert state[1] is None, state[1]
            return
        time.sleep(0.05)
    raise AssertionError("the page did not boot in 60 s")


def play(driver, text, board):
    """Play an emulator script on the page's emulated clock: [(line, screen text)]."""
    ops = json.loads(json.dumps(translate(emscript.parse(text, "script"), board, snapshots=True)))
    r = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "pocket.play(arguments[0]).then(done, (e) => done({error: String(e)}));", ops)
    assert r.get("error") is None, r["error"]
    return [tuple(s) for s in r["snapshots"]]


def screens(snapshots):
    """The texts in order, a text repeated right after itself once (a reload re-reads a screen),
    free memory masked (the one figure that differs by design)."""
    out = []
    for _, text in snapshots:
        text = re.sub(r"Free memory \d+ KB", "Free memory N KB", text)
        if not out or out[-1] != text:
            out.append(text)
    return out


def _first_difference(page, emu):
    for i, (a, b) in enumerate(zip(page, emu)):
        if a != b:
            return "screen %d\npage:\n%s\n\nemulator:\n%s" % (i, a, b)
    return "page %d screens, emulator %d" % (len(page), len(emu))


def whole_game_parts(name):
    """A computers-only script split where the game goes on by itself: the set-up and 20 s of the
    game, then (after a reload or a power cut) Continue and the rest of the game, its long wait
    ended as soon as the game is over."""
    with open(os.path.join(SCRIPTS, name)) as f:
        lines = f.read().split("\n")
    at = next(i for i, line in enumerate(lines) if re.match(r"wait \d{6}", line))
    first = "\n".join(lines[:at] + ["wait 20000"]) + "\n"
    rest = ["repeat 900 until Game over", "wait 1000", "end"] + lines[at + 1:]
    second = "\n".join(["wait 300", "expect Continue", "key A"] + rest) + "\n"
    return first, second


# Dice Express in the suite (the page keeps a save the same way whatever the game); the card and
# board games' longer ones in the long run (WEB_GAMES=all, README.md)
RELOADED = ["dx_computers.txt"] + (["p10_computers.txt", "p10b_computers.txt"]
                                   if os.environ.get("WEB_GAMES") == "all" else [])


@pytest.mark.parametrize("name", RELOADED)
def test_a_whole_game_reloaded_midway_shows_the_emulators_screens(site, browser, name):
    first, second = whole_game_parts(name)
    open_page(browser, site, "board=pybadge&seed=1&clock=script")
    page = play(browser, first, "pybadge")
    assert browser.execute_script("return localStorage.getItem(pocket.nvmKey)")  # saved
    browser.refresh()
    open_page(browser, site, "board=pybadge&seed=1&clock=script")
    page += play(browser, second, "pybadge")
    emu = emulator_snapshots(first + "powercut\n" + second, board="pybadge", seed=1)
    page, emu = screens(page), screens(emu)
    assert len(page) > 8
    assert page == emu, _first_difference(page, emu)
    assert "Pocket Phase 10" in page[-1]


def test_the_clue_is_played_by_short_and_long_presses(site, browser):
    with open(os.path.join(SCRIPTS, "menus.txt")) as f:
        script = f.read()
    open_page(browser, site, "board=clue_nrf52840_express&seed=3&clock=script")
    page = screens(play(browser, script, "clue_nrf52840_express"))
    emu = screens(emulator_snapshots(script, board="clue_nrf52840_express", seed=3))
    assert page == emu, _first_difference(page, emu)
    # and by hand, in real time: a short press of A moves down a row, a long one chooses it
    browser.execute_script("localStorage.clear()")
    open_page(browser, site, "board=clue_nrf52840_express&power=reload")
    time.sleep(0.5)
    start = browser.execute_script("return pocket.py.screen()")
    ActionChains(browser).key_down("a").pause(0.1).key_up("a").perform()
    time.sleep(0.3)
    assert browser.execute_script("return pocket.py.screen()") == start  # only the cursor moved
    button = browser.find_element("css selector", 'button.key[data-name="A"]')
    ActionChains(browser).click_and_hold(button).pause(0.9).release().perform()
    time.sleep(0.3)
    chosen = browser.execute_script("return pocket.py.screen()")
    want = screens(emulator_snapshots("wait 300\nkey DOWN\nkey A\n", board="clue_nrf52840_express"))
    assert chosen == want[-1]
    assert browser.execute_script("return pocket.error") is None


def test_a_corrupt_save_in_local_storage_gets_the_boards_message_and_nothing_else_is_lost(
        site, browser, tmp_path):
    with open(os.path.join(SCRIPTS, "p10_person.txt")) as f:
        script = f.read()
    open_page(browser, site, "board=pybadge&seed=2&clock=script")
    play(browser, script, "pybadge")  # a game in progress is saved, and the settings
    key = browser.execute_script("return pocket.nvmKey")
    saved = json.loads(browser.execute_script("return localStorage.getItem(arguments[0])", key))
    data = bytearray(base64.b64decode(saved["data"]))
    for i in range(0, len(data), 7):  # every image in the NVM hit
        if data[i] != 0xFF:
            data[i] ^= 0x5A
    saved["data"] = base64.b64encode(bytes(data)).decode()
    other = {"pocket-phase10.nvm.pygamer": "kept", "someone-else": "kept too"}
    browser.execute_script("""
        localStorage.setItem(arguments[0], arguments[1]);
        for (const [k, v] of Object.entries(arguments[2])) localStorage.setItem(k, v);""",
        key, json.dumps(saved), other)
    open_page(browser, site, "board=pybadge&seed=2&clock=script")
    page = screens(play(browser, "wait 300\n", "pybadge"))
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(bytes(data))
    r = run_script("wait 300\n", board="pybadge", heap=4000000, nvm=str(nvm), snapshots=True)
    assert r.status == 0, r.message
    assert page == screens(r.snapshots)
    assert "damaged" in page[-1]
    for k, v in other.items():
        assert browser.execute_script("return localStorage.getItem(arguments[0])", k) == v
    # a value the page never writes (not JSON) reads as a damaged NVM, not as a crash
    browser.execute_script("localStorage.setItem(arguments[0], '{not json')", key)
    open_page(browser, site, "board=pybadge&seed=2&clock=script")
    assert "damaged" in screens(play(browser, "wait 300\n", "pybadge"))[-1]


def test_random_key_mashing_in_real_time_raises_nothing(site, browser):
    open_page(browser, site, "board=pybadge")
    rnd = random.Random(27)
    keys = ["\ue012", "\ue013", "\ue014", "\ue015", "x", "z", " ", "\ue007"]  # arrows, A, B, SELECT, START
    end = time.time() + 5
    steps = browser.execute_script("return pocket.steps")
    while time.time() < end:
        chain = ActionChains(browser)
        for _ in range(10):
            k = rnd.choice(keys)
            chain.key_down(k).pause(rnd.choice((0.01, 0.05, 0.5))).key_up(k)
        chain.perform()
    assert browser.execute_script("return pocket.error") is None
    assert browser.execute_script("return pocket.steps") > steps + 100  # still running
    assert browser.execute_script("return pocket.tones") > 0  # the keys' clicks, through Web Audio


def test_every_board_opens_from_its_link_on_the_main_menu(site, browser):
    from boards import SUPPORTED

    for board in SUPPORTED:
        open_page(browser, site, "board=%s&seed=1&clock=script" % board)
        assert browser.execute_script("return pocket.board.id") == board
        names = browser.execute_script("return [...document.querySelectorAll('#board option')].map(o => o.value)")
        assert names == list(SUPPORTED)
        text = screens(play(browser, "wait 300\nexpect Pocket Phase 10\n", board))[-1]
        assert text == screens(emulator_snapshots("wait 300\n", board=board))[-1]
        w, h = browser.execute_script("return [pocket.board.width, pocket.board.height]")
        size = browser.execute_script("const c = document.getElementById('screen'); return [c.width, c.height]")
        assert size == [w, h]


def test_a_reload_runs_code_py_again_on_the_page(site, browser):
    """``supervisor.reload()`` (the app restarting itself after running out of memory,
    firmware/app.py ``out_of_memory``): the page runs code.py again, as a board does; the NVM and
    the page go on."""
    open_page(browser, site, "board=pybadge&seed=1&clock=script")
    play(browser, "wait 300\nkey DOWN\n", "pybadge")
    browser.execute_script(
        "pocket.mp.runPython('import cphw, webrun, firmware.app\\n"
        "webrun.before = webrun.app\\n"
        "def _reload(self):\\n    raise cphw.Reload()\\n"
        "firmware.app.App.step = _reload')")
    text = screens(play(browser, "wait 300\nexpect Pocket Phase 10\n", "pybadge"))[-1]
    assert text == screens(emulator_snapshots("wait 300\n", board="pybadge"))[-1]  # cursor on top
    assert browser.execute_script(
        "pocket.mp.runPython('import webrun\\nwebrun.same = webrun.app is webrun.before');"
        "return pocket.mp.pyimport('webrun').same") is False
    assert browser.execute_script("return pocket.error") is None


def test_a_key_redraws_only_the_rows_that_changed(site, browser):
    open_page(browser, site, "board=pybadge&seed=1&clock=script")
    play(browser, "wait 300\n", "pybadge")
    before = browser.execute_script("return pocket.pixels")
    play(browser, "key DOWN\n", "pybadge")
    redrawn = browser.execute_script("return pocket.pixels") - before
    assert 0 < redrawn < 160 * 128 // 3
    lit = browser.execute_script("""
        const c = document.getElementById('screen');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] || d[i + 1] || d[i + 2]) n++;
        return n;""")
    assert lit > 1000  # the menu is drawn


def test_the_page_fits_a_phone(site, browser):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    open_page(browser, site, "board=pimoroni_picosystem")
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390
    rect = browser.execute_script("return document.getElementById('screen').getBoundingClientRect().width")
    assert rect >= 240


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express"])
def test_the_canvas_shows_the_emulators_pixels(site, browser, board, tmp_path):
    from emulator.machine import Machine

    script = "wait 300\nkey DOWN\nkey DOWN\nkey DOWN\nkey A\nwait 200\n"  # Settings, over the menu
    open_page(browser, site, "board=%s&seed=1&clock=script" % board)
    play(browser, script, board)
    w, h, rgba = browser.execute_script("""
        const c = document.getElementById('screen');
        return [c.width, c.height, Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data)];""")
    with Machine(board, seed=1, nvm_path=None) as m:
        m.boot()
        emscript.run(m, emscript.parse(script, "pixels"), screenshots=str(tmp_path), name="pixels")
        image = m.image(1).convert("RGB")
    assert image.size == (w, h)
    want = image.tobytes()
    assert sum(1 for i in range(0, len(want), 3) if any(want[i:i + 3])) > w * h // 10  # drawn
    far = sum(1 for i in range(w * h) if max(abs(rgba[4 * i + k] - want[3 * i + k]) for k in range(3)) > 8)
    assert far == 0, "%d of %d pixels differ from the emulator's" % (far, w * h)


@pytest.mark.parametrize("board", ["pybadge", "pimoroni_picosystem"])
def test_saves_are_the_emulators_bytes_and_erases(site, browser, board):
    from emulator.machine import Machine

    with open(os.path.join(SCRIPTS, "p10_person.txt")) as f:
        script = f.read()
    open_page(browser, site, "board=%s&seed=4&clock=script" % board)
    play(browser, script, board)
    saved = json.loads(browser.execute_script("return localStorage.getItem(pocket.nvmKey)"))
    with Machine(board, seed=4, nvm_path=None) as m:
        m.boot()
        emscript.run(m, emscript.parse(script, "saves"), screenshots=None, name="saves")
        data, erases = bytes(m.nvm.data), list(m.nvm.erases)
    assert base64.b64decode(saved["data"]) == data
    assert saved["erases"] == erases
    # the SAMD51 erases its 8 KiB block at every save; the RP2040 appends into erased bytes
    assert (sum(erases) > 0) == (board == "pybadge")
