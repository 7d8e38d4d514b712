"""Headless scripts: a small text format that drives an emulated board (docs/emulator.md).

One command per line; a ``#`` at the start of a line or after a space starts a comment::

    press A          press and release button A (held 60 ms), then 60 ms pass
    press A 900      ... held 900 ms
    hold UP          press UP and keep it down
    release UP       let it go
    key SELECT       make a logical key the way this board does (a long press on small boards)
    wait 500         let 500 ms of emulated time pass
    expect Settings  fail unless this text is on screen (spaces need not match exactly)
    expect-not Continue
    screenshot main.png   save the screen into the --screenshots folder
    powercut         cut the power and boot again (no clean shutdown)
    expect-tone      fail unless a tone was played since the last expect-tone

Button names are the board's own (``A``, ``UP``, ``D1``, ``BOOT`` ...); logical keys are
UP DOWN LEFT RIGHT A B START SELECT.
"""

import os
import re

COMMANDS = ("press", "hold", "release", "key", "wait", "expect", "expect-not", "screenshot",
            "powercut", "expect-tone")


class ScriptError(Exception):
    """A script that cannot be read: names the file and line."""


class ExpectationFailed(Exception):
    """An ``expect`` that did not hold; carries the screen text and a screenshot path."""

    def __init__(self, message, screen="", screenshot=None):
        super().__init__(message)
        self.screen = screen
        self.screenshot = screenshot


def parse(text, name="script"):
    """[(line number, command, argument)] of a script; ScriptError for a bad line."""
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if " #" in line:
            line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        cmd = parts[0].lower()
        arg = parts[1].strip() if len(parts) > 1 else ""
        where = name + " line " + str(number) + ": "
        if cmd not in COMMANDS:
            raise ScriptError(where + "unknown command '" + parts[0] + "' (commands: "
                              + ", ".join(COMMANDS) + ")")
        if cmd in ("press", "hold", "release", "key", "expect", "expect-not", "screenshot") and not arg:
            raise ScriptError(where + "'" + cmd + "' needs an argument")
        if cmd == "wait" and not re.fullmatch(r"\d+", arg):
            raise ScriptError(where + "'wait' needs a whole number of milliseconds, not '" + arg + "'")
        if cmd == "press":
            words = arg.split()
            if len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
                raise ScriptError(where + "use 'press BUTTON' or 'press BUTTON MS'")
        if cmd in ("powercut", "expect-tone") and arg:
            raise ScriptError(where + "'" + cmd + "' takes no argument")
        steps.append((number, cmd, arg))
    return steps


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise ScriptError("cannot read the script " + path + ": " + e.strerror)
    except UnicodeDecodeError:
        raise ScriptError("the script " + path + " is not UTF-8 text")
    return parse(text, os.path.basename(path))


def _norm(text):
    return " ".join(text.split())


def run(machine, steps, *, screenshots="screenshots", scale=1, name="script", advance=None,
        log=None):
    """Run parsed steps on a booted machine. ``advance(ms)`` lets time pass (default
    ``machine.run``; the window passes its own to stay real-time). Raises ExpectationFailed,
    or ScriptError for a step that cannot be done on this board."""
    from emulator import specs

    advance = advance or machine.run
    tones_seen = len(machine.tones)
    for number, cmd, arg in steps:
        where = name + " line " + str(number) + ": "
        if log:
            log(where + cmd + (" " + arg if arg else ""))
        try:
            if cmd in ("press", "key"):
                words = arg.split()
                if cmd == "key":
                    button, hold = machine.how(arg)
                else:
                    button, hold = words[0], int(words[1]) if len(words) > 1 else specs.SHORT
                machine.hold(button)
                advance(hold)
                machine.release(button)
                advance(specs.SHORT)
            elif cmd == "hold":
                machine.hold(arg)
            elif cmd == "release":
                machine.release(arg)
            elif cmd == "wait":
                advance(int(arg))
        except ValueError as e:
            raise ScriptError(where + str(e))
        if cmd in ("expect", "expect-not"):
            screen = machine.screen_text()
            found = _norm(arg) in _norm(screen)
            if found != (cmd == "expect"):
                shot = machine.screenshot(os.path.join(screenshots, "FAILED-line-%d.png" % number), scale)
                raise ExpectationFailed(
                    where + ("expected '" if cmd == "expect" else "did not expect '") + arg
                    + "' on screen", screen, shot)
        elif cmd == "expect-tone":
            if len(machine.tones) == tones_seen:
                shot = machine.screenshot(os.path.join(screenshots, "FAILED-line-%d.png" % number), scale)
                raise ExpectationFailed(where + "expected a tone, none was played",
                                        machine.screen_text(), shot)
            tones_seen = len(machine.tones)
        elif cmd == "screenshot":
            if "/" in arg or "\\" in arg or arg.startswith("."):
                raise ScriptError(where + "a screenshot name is a plain file name, not '" + arg + "'")
            path = arg if arg.lower().endswith(".png") else arg + ".png"
            machine.screenshot(os.path.join(screenshots, path), scale)
        elif cmd == "powercut":
            machine.power_cut()
