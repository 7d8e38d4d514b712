"""The Adafruit libraries the app needs, and the copies a board already has.

A board set up with ``circup`` or the Adafruit library bundle has ``/lib/<library>`` as
``.mpy`` files this tool did not write. For each library the app needs:

- the board's copy (not written by this tool) is **used** when it is usable: every module the
  app's copy has is there, as ``.py`` or as ``.mpy`` whose header is CircuitPython's (``C``)
  with the .mpy version the board's CircuitPython loads. The app's copy is then left off: no
  ``.py`` lands beside the bundle's ``.mpy``, nothing is in the way when deploying ``.mpy``.
  (Library versions are not compared: a bundle for the board's CircuitPython is taken as good.)
- a copy that is **not usable** (``.mpy`` files of another CircuitPython major version, or
  modules missing) is replaced; its files in the way are first saved to
  ``out/deploy-backups/`` (they cannot run on this board, so no ``--force`` is needed).
- the app's copy comes from ``--bundle`` when given (the library bundle for the board's
  CircuitPython: its ``.mpy`` files, version-checked), else from the installed
  ``adafruit-circuitpython-*`` package as ``.mpy`` (``.py`` with ``--py``).
"""

import zipfile
from pathlib import Path

from . import layout
from .errors import USAGE, DeployError

APP_PACKAGES = ("firmware", "boards", "shared_rules")


def library_of(path):
    """The library a board path belongs to (``/lib/adafruit_ticks.py`` -> adafruit_ticks), or
    None for the app's own files."""
    if not path.startswith("/lib/"):
        return None
    first = path[len("/lib/"):].split("/", 1)[0]
    for ext in (".mpy", ".py"):
        if first.endswith(ext):
            first = first[: -len(ext)]
    return None if first in APP_PACKAGES else first


def module_of(path):
    """``/lib/pkg/mod.py`` -> ``pkg/mod`` (the same for .mpy)."""
    rel = path[len("/lib/"):]
    for ext in (".mpy", ".py"):
        if rel.endswith(ext):
            return rel[: -len(ext)]
    return rel


def board_major(version):
    try:
        return int((version or "10").split(".")[0])
    except ValueError:
        return 10


def _board_files(target, name):
    """Board paths of a library: ``/lib/name.py``, ``/lib/name.mpy`` or the files of
    ``/lib/name/`` (and its folders)."""
    base = "/lib/" + name
    sizes = target.stat([base + ".py", base + ".mpy", base])
    found = [p for p in (base + ".py", base + ".mpy") if sizes[p] not in (None, -1)]
    if sizes[base] == -1:
        todo = [base]
        while todo:
            folder = todo.pop()
            names = target.listdir(folder)
            kinds = target.stat([folder + "/" + n for n in names]) if names else {}
            for p, size in sorted(kinds.items()):
                if size == -1:
                    todo.append(p)
                elif size is not None:
                    found.append(p)
    return sorted(found)


def _unusable_reason(target, files, on_board, want_mpy):
    """Why the board's copy of a library cannot serve the app's ``files``, or None."""
    have = {}
    for p in on_board:
        have.setdefault(module_of(p), []).append(p)
    missing = sorted({module_of(f.path) for f in files if f.path.endswith((".py", ".mpy"))}
                     - set(have))
    if missing:
        return "it lacks {}".format(", ".join(m.split("/")[-1] for m in missing))
    mpys = [p for p in on_board if p.endswith(".mpy")]
    for p, head in zip(mpys, target.heads(mpys, 4) if mpys else []):
        if head[:1] != b"C" or len(head) < 2 or head[1] != want_mpy:
            if head[:1] == b"C" and len(head) > 1:
                majors = layout.majors_of_mpy(head[1])
                return ("its .mpy files are version {}{}; the board's CircuitPython loads "
                        "version {}".format(head[1], " (CircuitPython {})".format(majors)
                                            if majors else "", want_mpy))
            return "{} is not a CircuitPython .mpy file".format(p)
    return None


def _bundle_lib(bundle):
    """(kind, root) of a library bundle: a folder (the bundle, or its lib/) or a .zip."""
    path = Path(bundle)
    if path.is_dir():
        lib = path / "lib" if (path / "lib").is_dir() else path
        return "dir", lib
    if path.is_file() and zipfile.is_zipfile(path):
        return "zip", path
    raise DeployError(USAGE, "--bundle {}: not a folder or a .zip of the Adafruit library "
                      "bundle.".format(bundle), BUNDLE_HINT)


BUNDLE_HINT = ("Download the bundle for the board's CircuitPython (circuitpython.org/libraries: "
               "adafruit-circuitpython-bundle-10.x-mpy-<date>.zip) and pass the .zip or its "
               "unpacked folder; or leave out --bundle to copy the libraries as .py.")


def bundle_files(bundle, name, want_mpy, major):
    """The AppFiles of library ``name`` from the bundle (board paths under /lib), checked to
    be .mpy files the board's CircuitPython loads."""
    kind, root = _bundle_lib(bundle)
    found = []
    if kind == "dir":
        single = root / (name + ".mpy")
        if single.is_file():
            found = [("/lib/" + name + ".mpy", single.read_bytes(), single)]
        elif (root / name).is_dir():
            for host in sorted((root / name).rglob("*")):
                if host.is_file() and host.suffix in (".mpy", ".py"):
                    found.append(("/lib/" + host.relative_to(root).as_posix(), host.read_bytes(),
                                  host))
    else:
        with zipfile.ZipFile(root) as z:
            for member in sorted(z.namelist()):
                parts = member.split("/")
                if "lib" not in parts[:-1] or member.endswith("/"):
                    continue
                rel = "/".join(parts[parts.index("lib") + 1:])
                if rel == name + ".mpy" or (rel.startswith(name + "/")
                                            and rel.endswith((".mpy", ".py"))):
                    found.append(("/lib/" + rel, z.read(member), root / member))
    if not found:
        raise DeployError(USAGE, "The bundle {} has no {} (the app needs it).".format(
            bundle, name), BUNDLE_HINT)
    for path, data, _host in found:
        if path.endswith(".mpy") and (data[:1] != b"C" or len(data) < 2 or data[1] != want_mpy):
            majors = layout.majors_of_mpy(data[1]) if data[:1] == b"C" and len(data) > 1 else None
            raise DeployError(
                USAGE,
                "The bundle {} is not for CircuitPython {}: its {} is a .mpy file of version {}"
                "{}; CircuitPython {} loads version {}.".format(
                    bundle, major, path, data[1] if len(data) > 1 else "?",
                    " (CircuitPython {})".format(majors) if majors else "", major, want_mpy),
                BUNDLE_HINT)
    return [layout.make_file(path, data, host) for path, data, host in found]


def resolve(target, app, ours, bundle=None, board_version=None, out=print):
    """(the app's files to deploy, board paths that may be replaced after a backup).

    ``ours``: board paths the manifest lists (written by this tool, or pending)."""
    major = board_major(board_version)
    want_mpy = layout.MPY_VERSION_OF_MAJOR.get(major, 6)
    libs = {}
    for f in app:
        name = library_of(f.path)
        if name:
            libs.setdefault(name, []).append(f)
    keep = [f for f in app if library_of(f.path) is None]
    replaceable = set()
    for name in sorted(libs):
        files = libs[name]
        on_board = _board_files(target, name)
        foreign = [p for p in on_board if p not in ours]
        if foreign:
            why = _unusable_reason(target, files, on_board, want_mpy)
            if why is None:
                out("library {}: using the copy on the board ({} files, not written by this "
                    "tool: the library bundle or circup)".format(name, len(on_board)))
                continue
            replaceable.update(foreign)
            out("library {}: the copy on the board cannot be used ({}); installing {}".format(
                name, why, "the bundle's" if bundle else "the app's"))
        if bundle:
            files = bundle_files(bundle, name, want_mpy, major)
        keep += files
    return sorted(keep), replaceable
