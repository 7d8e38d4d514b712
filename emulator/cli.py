"""``python -m emulator``: the firmware on an emulated board, in a window or headless.

Exit status: 0 done, 1 a script expectation failed or the firmware crashed, 2 bad usage (an
unknown board, an unreadable script, no screen for a window).
"""

import argparse
import os
import sys

HEADLESS_HINT = (
    "Run it headless instead, for example:\n"
    '  make play ARGS="--headless --script tests/scripts/menus.txt --screenshots out/shots"\n'
    "  .venv/bin/python -m emulator --headless --board clue_nrf52840_express "
    "--screenshots out/shots\n"
    "(see docs/emulator.md)"
)


def parse_args(argv):
    from emulator import specs

    p = argparse.ArgumentParser(
        prog="python -m emulator",
        description="Run the Pocket Phase 10 firmware on an emulated board.",
        epilog="Boards: " + ", ".join(specs.SPECS) + ". Script format: docs/emulator.md.",
    )
    p.add_argument("--board", default=specs.DEFAULT_BOARD, help="board id (default: pybadge)")
    p.add_argument("--scale", type=int, default=None,
                   help="pixel scale of the window and screenshots (window default: 3 for "
                        "160x128, else 2; screenshots default: 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the board's random generator")
    p.add_argument("--drive", metavar="DIR",
                   help="boot from a folder laid out like the CIRCUITPY drive (code.py, lib/)")
    p.add_argument("--headless", action="store_true", help="no window; emulated time runs flat out")
    p.add_argument("--script", metavar="FILE", help="drive the board with a script")
    p.add_argument("--screenshots", metavar="DIR",
                   help="folder for screenshots (default: ./screenshots; headless without a "
                        "script: a screenshot of where it ended up is saved only if given)")
    p.add_argument("--record", metavar="FILE.gif", help="record the screen as an animated GIF")
    p.add_argument("--nvm", metavar="FILE",
                   help="file holding the board's NVM (window default: kept in "
                        "~/.local/state/pocket-phase10; headless default: a fresh one)")
    p.add_argument("--echo", action="store_true", help="print the firmware's serial console")
    p.add_argument("--power-on", action="store_true",
                   help="boot as at power-on, with the title screen (the window without a "
                        "script does; otherwise the boot is a reload and the main menu is first)")
    args = p.parse_args(argv)
    if args.board not in specs.SPECS:
        p.error("unknown board '" + args.board + "'; choose one of: " + ", ".join(specs.SPECS))
    if args.scale is not None and not 1 <= args.scale <= 8:
        p.error("--scale must be 1 to 8")
    if args.drive and not os.path.isfile(os.path.join(args.drive, "code.py")):
        p.error("--drive " + args.drive + " holds no code.py")
    if args.record and not args.record.lower().endswith(".gif"):
        p.error("--record needs a .gif file name")
    if args.nvm:
        folder = os.path.dirname(os.path.abspath(args.nvm))
        if os.path.isdir(args.nvm):
            p.error("--nvm needs a file, and " + args.nvm + " is a folder")
        if os.path.exists(folder) and not os.path.isdir(folder):
            p.error("--nvm " + args.nvm + ": " + folder + " is not a folder")
        if os.path.exists(args.nvm) and not os.access(args.nvm, os.R_OK | os.W_OK):
            p.error("--nvm " + args.nvm + " cannot be read and written")
    return args


def have_screen():
    """(True, "") when a window can open, else (False, why)."""
    if os.environ.get("POCKET_EMULATOR_WINDOW") == "1":  # tests drive the window off-screen
        return True, ""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False, "SDL_VIDEODRIVER is '" + driver + "'"
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False, "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return True, ""


class GifRecorder:
    """Frames of every redraw, written as an animated GIF with their emulated timing."""

    MAX_FRAMES = 3000

    def __init__(self, path, machine, scale):
        self.path = path
        self.machine = machine
        self.scale = scale
        self.frames = []

    def __call__(self, display):
        if len(self.frames) < self.MAX_FRAMES:
            self.frames.append((self.machine.clock_us // 1000, display.image(self.scale)))

    def save(self):
        if not self.frames:
            return
        times = [t for t, _ in self.frames] + [self.frames[-1][0] + 1000]
        durations = [max(20, times[i + 1] - times[i]) for i in range(len(self.frames))]
        images = [img for _, img in self.frames]
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        images[0].save(self.path, save_all=True, append_images=images[1:], duration=durations,
                       loop=0)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not args.headless:
        ok, why = have_screen()
        if not ok:
            print("No screen to open the emulator window on (" + why + ").\n" + HEADLESS_HINT,
                  file=sys.stderr)
            return 2
    from emulator import script as script_mod
    from emulator.machine import FirmwareError, Machine, default_nvm_path

    steps = None
    if args.script:
        try:
            steps = script_mod.load(args.script)
        except script_mod.ScriptError as e:
            print("error: " + str(e), file=sys.stderr)
            return 2
    nvm = args.nvm
    if nvm is None and not args.headless:
        nvm = default_nvm_path(args.board)
    machine = Machine(args.board, seed=args.seed, nvm_path=nvm, drive=args.drive, echo=args.echo)
    machine.cold_boot = args.power_on or (not args.headless and not args.script)
    scale = args.scale or 1
    recorder = None
    if args.record:
        recorder = GifRecorder(args.record, machine, scale)
        machine.on_frame = recorder
        machine.set_render_stride(1)  # a frame at every refresh
    name = os.path.basename(args.script) if args.script else "script"
    shots = args.screenshots or "screenshots"
    try:
        machine.boot()
        if args.headless:
            if steps is None:
                machine.run(1000)
                print("\n".join(machine.text()))
                if args.screenshots:
                    machine.screenshot(os.path.join(args.screenshots, args.board + ".png"), scale)
            else:
                script_mod.run(machine, steps, screenshots=shots, scale=scale, name=name)
        else:
            from emulator.window import Window

            Window(machine, args.scale, args.screenshots).run(steps, name)
    except script_mod.ExpectationFailed as e:
        print("FAILED " + str(e) + "\nThe screen shows:\n" + e.screen, file=sys.stderr)
        if e.screenshot:
            print("Screenshot: " + e.screenshot, file=sys.stderr)
        return 1
    except script_mod.ScriptError as e:
        print("error: " + str(e), file=sys.stderr)
        return 2
    except FirmwareError as e:
        print(str(e) + "\n" + e.details, file=sys.stderr)
        if args.screenshots and machine.display is not None:
            shot = machine.screenshot(os.path.join(shots, "FAILED-crash.png"), scale)
            print("Screenshot: " + shot, file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print("error: " + str(e), file=sys.stderr)
        return 2
    finally:
        machine.close()
        if recorder is not None:
            recorder.save()
    return 0
