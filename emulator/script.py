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

Blocks repeat commands, or do them only when a text is on screen; they nest, and each ends
with ``end``::

    repeat 3                   the block 3 times
    repeat 400 until Game over before each pass: leave the block when the text is on screen;
                               fail if it is not there after 400 passes
    repeat 50 while Paused     before each pass: leave the block when the text is not on
                               screen; fail if it is still there after 50 passes
    if Draw from deck          the block only when the text is on screen
    if-not You drew            ... only when it is not
    end

Button names are the board's own (``A``, ``UP``, ``D1``, ``BOOT`` ...); logical keys are
UP DOWN LEFT RIGHT A B START SELECT.
"""

import os
import re

COMMANDS = ("press", "hold", "release", "key", "wait", "expect", "expect-not", "screenshot",
            "powercut", "expect-tone", "repeat", "if", "if-not", "end")
BLOCKS = ("repeat", "if", "if-not")  # each opens a block that ``end`` closes
MAX_DEPTH = 8  # blocks inside blocks (the MicroPython runner keeps a counter per level)


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
    opened = []  # the line numbers of the blocks not closed yet
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
        if cmd in ("powercut", "expect-tone", "end") and arg:
            raise ScriptError(where + "'" + cmd + "' takes no argument")
        if cmd in ("if", "if-not") and not arg:
            raise ScriptError(where + "'" + cmd + "' needs the text to look for")
        if cmd == "repeat" and repeat_args(arg) is None:
            raise ScriptError(where + "use 'repeat N', 'repeat N until TEXT' or 'repeat N while "
                              "TEXT' (N a whole number of passes, at least 1)")
        if cmd in BLOCKS:
            opened.append(number)
            if len(opened) > MAX_DEPTH:
                raise ScriptError(where + "blocks nest at most %d deep" % MAX_DEPTH)
        elif cmd == "end":
            if not opened:
                raise ScriptError(where + "'end' with no block to close")
            opened.pop()
        steps.append((number, cmd, arg))
    if opened:
        raise ScriptError(name + " line " + str(opened[-1]) + ": a block with no 'end'")
    return steps


def repeat_args(arg):
    """(passes, mode, text) of a ``repeat`` argument: mode None, "until" or "while"; None if
    it is not one."""
    m = re.fullmatch(r"(\d+)(?:\s+(until|while)\s+(\S.*))?", arg)
    if m is None or int(m.group(1)) < 1:
        return None
    return int(m.group(1)), m.group(2), m.group(3)


def blocks(steps):
    """{index of a block's first step: index of its ``end``} and the reverse, for parsed steps."""
    ends = {}
    opened = []
    for i, (_, cmd, _) in enumerate(steps):
        if cmd in BLOCKS:
            opened.append(i)
        elif cmd == "end":
            start = opened.pop()
            ends[start] = i
            ends[i] = start
    return ends


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


def _fail(machine, screenshots, scale, number, message):
    shot = machine.screenshot(os.path.join(screenshots, "FAILED-line-%d.png" % number), scale)
    return ExpectationFailed(message, machine.screen_text(), shot)


def run(machine, steps, *, screenshots="screenshots", scale=1, name="script", advance=None,
        log=None, after=None):
    """Run parsed steps on a booted machine. ``advance(ms)`` lets time pass (default
    ``machine.run``; the window passes its own to stay real-time). ``after(number, cmd, arg)``
    is called after every command done (a block's command included, every pass of a loop).
    Raises ExpectationFailed, or ScriptError for a step that cannot be done on this board."""
    from emulator import specs

    advance = advance or machine.run
    tones_seen = len(machine.tones)
    ends = blocks(steps)
    passes = {}  # index of a repeat: the passes begun since the block was entered
    pc = 0
    while pc < len(steps):
        number, cmd, arg = steps[pc]
        where = name + " line " + str(number) + ": "
        if log:
            log(where + cmd + (" " + arg if arg else ""))
        pc += 1
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
            found = _norm(arg) in _norm(machine.screen_text())
            if found != (cmd == "expect"):
                raise _fail(machine, screenshots, scale, number,
                            where + ("expected '" if cmd == "expect" else "did not expect '") + arg
                            + "' on screen")
        elif cmd == "expect-tone":
            if len(machine.tones) == tones_seen:
                raise _fail(machine, screenshots, scale, number,
                            where + "expected a tone, none was played")
            tones_seen = len(machine.tones)
        elif cmd == "screenshot":
            if "/" in arg or "\\" in arg or arg.startswith("."):
                raise ScriptError(where + "a screenshot name is a plain file name, not '" + arg + "'")
            path = arg if arg.lower().endswith(".png") else arg + ".png"
            machine.screenshot(os.path.join(screenshots, path), scale)
        elif cmd == "powercut":
            machine.power_cut()
        elif cmd in ("if", "if-not"):
            if (_norm(arg) in _norm(machine.screen_text())) != (cmd == "if"):
                pc = ends[pc - 1] + 1  # past its end
        elif cmd == "repeat":
            i = pc - 1
            n, mode, text = repeat_args(arg)
            done = passes.get(i, 0)
            stop = False
            if mode is not None:
                found = _norm(text) in _norm(machine.screen_text())
                stop = found == (mode == "until")
            if not stop and done >= n:
                if mode is not None:
                    raise _fail(machine, screenshots, scale, number, where + "'" + text + "' "
                                + ("still not" if mode == "until" else "still") + " on screen after "
                                + str(n) + " passes")
                stop = True
            if stop:
                passes.pop(i, None)
                pc = ends[i] + 1
            else:
                passes[i] = done + 1
        elif cmd == "end":
            start = ends[pc - 1]
            if steps[start][1] == "repeat":
                pc = start  # the repeat again: its test, then the next pass
        if after is not None:
            after(number, cmd, arg)
