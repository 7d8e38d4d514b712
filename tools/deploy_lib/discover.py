"""Finding boards: CIRCUITPY drives, UF2 bootloader drives and USB serial ports.

- A mounted volume with ``boot_out.txt`` is a CircuitPython drive (its ``Board ID:`` line
  names the board); one with ``INFO_UF2.TXT`` is a UF2 bootloader.
- Serial ports come from pyserial's port list and are recognised by USB VID:PID
  (``boards.BOARDS``; ESP chips in ROM download mode by Espressif's 0x303A:0x1001).
- A board shows both a drive and a port; they are paired by the UID in boot_out.txt, which
  CircuitPython also uses as the USB serial number.

Where volumes are looked for: ``/media/$USER``, ``/run/media/$USER``, ``/media``, ``/mnt``
(Linux), ``/Volumes`` (macOS), drive letters (Windows). The environment variable
``POCKET_DEPLOY_MOUNT_ROOTS`` (folders separated by the OS path separator) replaces that list,
and ``POCKET_DEPLOY_PORTS`` (``device=VID:PID`` entries separated by ``;``, may be empty)
replaces the port scan: for unusual mount points, and for the tests.
"""

import getpass
import os
import string
import sys
from collections import namedtuple
from pathlib import Path

from . import boards
from .errors import NO_BOARD, DeployError
from .targets import parse_boot_out

Candidate = namedtuple("Candidate", "kind where board_id label uid chip", defaults=(None, None))
# kind: "drive" (CIRCUITPY), "port" (CircuitPython serial), "bootloader" (UF2 drive),
#       "esp-rom" (ESP chip in download mode)


def mount_roots():
    env = os.environ.get("POCKET_DEPLOY_MOUNT_ROOTS")
    if env is not None:
        return [Path(p) for p in env.split(os.pathsep) if p]
    if sys.platform == "win32":
        return None
    if sys.platform == "darwin":
        return [Path("/Volumes")]
    user = getpass.getuser()
    return [Path("/media") / user, Path("/run/media") / user, Path("/media"), Path("/mnt")]


def volumes():
    roots = mount_roots()
    if roots is None:  # Windows: every drive letter that exists
        return [Path(c + ":\\") for c in string.ascii_uppercase if os.path.isdir(c + ":\\")]
    seen, out = set(), []
    for root in roots:
        try:
            children = sorted(root.iterdir())
        except OSError:
            continue
        for child in children:
            try:
                key = child.resolve()
                if child.is_dir() and key not in seen:
                    seen.add(key)
                    out.append(child)
            except OSError:
                continue
    return out


def _read(path):
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def drives():
    """CircuitPython drives and UF2 bootloader drives among the mounted volumes."""
    out = []
    for vol in volumes():
        boot_out = _read(vol / "boot_out.txt")
        if boot_out is not None:
            board_id, version = parse_boot_out(boot_out)
            uid = parse_boot_out(boot_out, "UID")
            out.append(Candidate("drive", str(vol), board_id, "CircuitPython {} drive".format(
                version or "?"), uid))
            continue
        info = _read(vol / "INFO_UF2.TXT")
        if info is not None:
            chip = boards.chip_from_uf2_info(info)
            out.append(Candidate("bootloader", str(vol), None, "UF2 bootloader ({})".format(
                chip or "unknown chip"), chip=chip))
    return out


def ports():
    """Serial ports of known boards, and ESP chips in download mode."""
    env = os.environ.get("POCKET_DEPLOY_PORTS")
    if env is not None:
        listed = []
        for item in env.split(";"):
            if "=" in item:
                device, ids = item.split("=", 1)
                vid, pid = (int(x, 16) for x in ids.split(":"))
                listed.append((device, vid, pid, None))
    else:
        try:
            from serial.tools import list_ports
        except ImportError:
            return []
        listed = [(p.device, p.vid, p.pid, p.serial_number) for p in list_ports.comports()]
    out = []
    for device, vid, pid, serial_number in listed:
        board = boards.board_for_usb(vid, pid) if vid is not None else None
        if board is not None:
            out.append(Candidate("port", device, board.board_id, board.name, serial_number))
        elif (vid, pid) in boards.ESP_DOWNLOAD_MODE_IDS:
            out.append(Candidate("esp-rom", device, None, "ESP chip in download mode", None))
    return out


def _same_board(drive, port):
    """A drive and a port of one board: same USB serial number, else (unknown) same board id."""
    if drive.uid and port.uid:
        return drive.uid.lower() == port.uid.lower()
    return drive.board_id == port.board_id


def boards_connected(board_id=None):
    """Drives and ports of CircuitPython boards, one entry per board (its drive if mounted)."""
    drive_list = [c for c in drives() if c.kind == "drive"]
    found = drive_list + [p for p in ports() if p.kind == "port"
                          and not any(_same_board(d, p) for d in drive_list)]
    if board_id:
        found = [c for c in found if c.board_id in (board_id, None)]
    return found


def describe(c):
    name = c.board_id or "unknown board"
    return "{:<10} {:<40} {} ({})".format(c.kind, c.where, name, c.label)


def choose(candidates, what, hint, ask=None, out=print):
    """The one candidate, or the user's pick among several; never a guess."""
    if not candidates:
        raise DeployError(NO_BOARD, "No {} found.".format(what), hint)
    if len(candidates) == 1:
        return candidates[0]
    out("Several {}s are connected:".format(what))
    for i, c in enumerate(candidates, 1):
        out("  {}. {}".format(i, describe(c)))
    try:
        answer = (ask or input)("Which one? Enter 1-{} (or press Enter to stop): ".format(len(candidates)))
    except (EOFError, OSError):
        answer = ""
    answer = answer.strip()
    if answer.isdigit() and 1 <= int(answer) <= len(candidates):
        return candidates[int(answer) - 1]
    raise DeployError(NO_BOARD, "Several {}s are connected and none was chosen.".format(what),
                      "Name one with --drive PATH or --port PORT (the list above shows them).")
