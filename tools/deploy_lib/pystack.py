"""The Python call stack the app needs, asked for in the board's ``settings.toml``.

CircuitPython keeps a Python call's frame on a stack of its own, the "pystack": 1,536 bytes on a
SAMD51 (PyBadge, PyGamer) and 2,048 on the other boards, unless ``settings.toml`` sets
``CIRCUITPY_PYSTACK_SIZE`` (read when CircuitPython starts; the bytes come out of the heap). A
call deeper than it holds stops the program with ``RuntimeError: pystack exhausted``. The games'
deepest calls (a text drawn while a turn's screen is made, a computer's decision) take about
1,600 bytes of it, so every deploy makes sure the board asks for ``SIZE`` (the firmware image
of ``tools.build_firmware`` has it built in; the 32-bit VM of the benchmarks runs with it:
docs/micropython.md). A larger value already there is kept; every other line of the file stays
as it is.
"""

import re

PATH = "/settings.toml"
KEY = "CIRCUITPY_PYSTACK_SIZE"
SIZE = 3072
LINE = "{} = {}  # the games' deepest calls (tools/deploy.py)".format(KEY, SIZE)

_SETTING = re.compile(r"^\s*" + KEY + r"\s*=\s*(\S+)")


def updated(text):
    """``settings.toml``'s text (None: no file) with ``KEY`` at least ``SIZE``: the new text,
    or None when it already asks for that much. The setting goes first, where no ``[table]``
    can hold it (CircuitPython reads only the keys at the top of the file); a value that is not
    a number is replaced."""
    if text is None:
        return LINE + "\n"
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    for i, line in enumerate(lines):
        m = _SETTING.match(line)
        if m is None:
            continue
        try:
            if int(m.group(1), 0) >= SIZE:
                return None
        except ValueError:
            pass
        lines[i] = LINE
        return newline.join(lines)
    return LINE + newline + text


def ensure(target, dry_run=False, out=print):
    """Ask for the pystack the app needs in the board's ``settings.toml`` (``updated``): True
    if the file was (or, in a dry run, would be) written. A file that is not UTF-8 is left
    alone, with a note saying what to add by hand."""
    text = None
    if target.stat([PATH])[PATH] not in (None, -1):
        data = target.read(PATH)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            out("settings.toml is not UTF-8 text, so it was left alone: add the line '{}' to it "
                "yourself, or the games can stop with 'pystack exhausted'.".format(LINE))
            return False
    new = updated(text)
    if new is None:
        return False
    if dry_run:
        out("settings.toml: the deploy would set {} = {}".format(KEY, SIZE))
        return True
    target.write(PATH, new.encode("utf-8"))
    out("settings.toml: {} = {} (the games' deepest calls need more than CircuitPython's "
        "default; it takes effect when CircuitPython restarts)".format(KEY, SIZE))
    return True
