"""A board whose CircuitPython has the app frozen in (``python -m tools.build_firmware``).

Such an image comes with ``<image>.json`` (the board it is for, the app's digest). Flashed with
``--firmware``, it is checked against the board (the board id, on top of the chip family the
UF2 check reads), and the deploy then installs only:

- ``/code.py``: the one-line stub that imports the frozen ``firmware.code``;
- the app's data files (files of ``firmware/``, ``boards/``, ``shared_rules/`` that are not
  code), and the Adafruit libraries it imports (none today), which are not frozen;
- ``/.frozen-app.json``: which image the board runs, with the first line of its
  ``boot_out.txt`` (CircuitPython's version, build date and board), so that a later files
  deploy knows the board still runs that image.

Frozen modules come before ``/lib`` on ``sys.path`` (``['', '/', '.frozen', '/lib']``), so the
app's copies in ``/lib`` left from a files deploy would never run, yet the app would meet them
(a module dropped from the app still imports from there, and they take the drive's space): a
deploy onto a board running the frozen image removes the ones this tool wrote, and names any it
did not write.
"""

import json
import os

from . import firmware, layout, libraries
from .errors import MISMATCH, DeployError

MARKER = "/.frozen-app.json"
APP_DIRS = ("/lib/firmware", "/lib/boards", "/lib/shared_rules")
CODE_SUFFIXES = (".py", ".mpy")


def _appinfo():
    """tools/build_firmware/app.py, whether this runs as ``tools/deploy.py`` (``tools/`` on
    sys.path) or as part of the ``tools`` package."""
    try:
        from tools.build_firmware import app
    except ImportError:
        from build_firmware import app
    return app


def stub():
    return _appinfo().STUB.encode()


def checkout_digest(repo):
    """The digest of the app in a checkout, as tools.build_firmware records it in an image."""
    return _appinfo().app_digest(str(repo))


def image_info(path, board_id=None):
    """What ``tools.build_firmware`` wrote beside an image (a dict), or None for any other
    image; refuses (exit 4) an image built for another board than ``board_id``."""
    try:
        with open(str(path) + ".json") as f:
            info = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or "board" not in info or "app_digest" not in info:
        return None
    if board_id and info["board"] != board_id:
        raise DeployError(
            MISMATCH,
            "{} is CircuitPython with the app frozen in for {!r} ({}.json), not for {!r}: "
            "refusing to flash it.".format(path, info["board"], path, board_id),
            "Build the image for this board: python -m tools.build_firmware --board {}".format(
                board_id))
    return info


def check_uf2(data, name, chip, label, info):
    """The UF2 family check, except for an image of ours without family ids: CircuitPython's
    atmel-samd build converts without ``-f`` (ports/atmel-samd/Makefile), so its SAMD51 UF2
    says no chip; the image's JSON names the board instead (checked by ``image_info``)."""
    if info is not None and not firmware.uf2_families(data, name):
        return
    firmware.check_uf2(data, name, chip, label)


def _boot_line(target):
    if target.stat(["/boot_out.txt"])["/boot_out.txt"] in (None, -1):
        return None
    text = target.read("/boot_out.txt").decode("utf-8", "replace")
    return text.split("\n", 1)[0].strip() or None


def board_state(target, flashed=None):
    """The frozen image the board runs, as ``MARKER`` records it (a dict), or None.

    ``flashed``: the ``image_info`` of the image just flashed (its boot_out.txt line is read
    now). Otherwise the board's marker counts only while its boot_out.txt still starts with the
    line recorded: another CircuitPython flashed since makes it a files board again."""
    if flashed is None and target.stat([MARKER])[MARKER] in (None, -1):
        return None  # (a files board: nothing more is read from it)
    line = _boot_line(target)
    if flashed is not None:
        return {"board": flashed["board"], "app_digest": flashed["app_digest"],
                "image": flashed.get("image"), "circuitpython": flashed.get("circuitpython"),
                "boot_out": line}
    try:
        state = json.loads(target.read(MARKER).decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(state, dict) or state.get("boot_out") != line or line is None:
        return None
    return state


def app_files(full_app, state):
    """What a board running the frozen image gets, from the files deploy's app: the stub
    ``code.py``, the app's data files, the libraries, and the marker."""
    out = [layout.make_file("/code.py", stub(), None)]
    for f in full_app:
        if f.path == "/code.py":
            continue
        if libraries.library_of(f.path) or not f.path.endswith(CODE_SUFFIXES):
            out.append(f)
    data = json.dumps(state, indent=1, sort_keys=True).encode() + b"\n"
    out.append(layout.make_file(MARKER, data, None))
    return sorted(out, key=lambda f: f.path)


def _walk(target, folder):
    out = []
    for name in target.listdir(folder):
        path = folder + "/" + name
        if target.stat([path])[path] == -1:
            out += _walk(target, path)
        else:
            out.append(path)
    return out


def not_ours(target, app, manifest_files):
    """Copies of the app in ``/lib`` that this tool did not write (not in its manifest): left
    alone, but named."""
    keep = {f.path for f in app} | set(manifest_files)
    return sorted(p for d in APP_DIRS for p in _walk(target, d) if p not in keep)


def describe(state, app, checkout_digest):
    """The lines a deploy onto a frozen board says before its plan."""
    lines = ["the app is frozen into this board's CircuitPython ({}, for {}): installing only "
             "code.py (a one-line stub) and {} other file(s) (data, libraries, {}); copies of the "
             "app in /lib would never run, and those this tool wrote are removed.".format(
                 os.path.basename(state.get("image") or "") or "the image flashed before", state["board"],
                 len(app) - 1, MARKER.lstrip("/"))]
    if state.get("app_digest") != checkout_digest:
        lines.append("note: the frozen app is not this checkout's (the files changed since the "
                     "image was built); to run this checkout's code, rebuild and flash: "
                     "python -m tools.build_firmware --board {} and tools/deploy.py --firmware "
                     "IMAGE".format(state["board"]))
    return lines
