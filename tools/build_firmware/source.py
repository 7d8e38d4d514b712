"""The CircuitPython source: cloned at the pinned tag with only the submodules a board needs,
or a checkout given with ``--source``, which is never written to.

The build runs in an *overlay* of the checkout (``overlay``): a folder of symbolic links to the
checkout's files, with real folders only where a build writes (the port's folder, where its
build folder and the board variant go, and ``mpy-cross/``). So the variant has the board's own
name (its ``board.board_id``) without touching the checkout's board folder.
"""

import os
import subprocess

TAG = "10.0.3"
COMMIT = "799f13ce6f"
URL = "https://github.com/adafruit/circuitpython.git"


# The submodules the Unix port's 32-bit build (``--vm``) and mpy-cross read: ulab (the port
# has CIRCUITPY_ULAB = 1), huffman (the compressed messages), micropython-lib (the frozen
# manifest step refuses to run without it, even for an empty manifest).
VM_SUBMODULES = ("extmod/ulab", "tools/huffman", "lib/micropython-lib")


class SourceError(Exception):
    pass


def missing_submodules(source, paths):
    """The submodules of ``paths`` not checked out in ``source`` (absent or an empty folder, as
    git leaves one it has not initialised)."""
    missing = []
    for p in paths:
        d = os.path.join(source, p)
        if not os.path.isdir(d) or not os.listdir(d):
            missing.append(p)
    return missing


def find_port(source, board):
    """The port whose ``boards/`` holds ``board`` (e.g. 'atmel-samd' for 'pybadge')."""
    ports = os.path.join(source, "ports")
    if not os.path.isdir(ports):
        raise SourceError("%s is not a CircuitPython checkout (no ports/)." % source)
    found = sorted(p for p in os.listdir(ports)
                   if os.path.isfile(os.path.join(ports, p, "boards", board, "mpconfigboard.mk")))
    if not found:
        raise SourceError("No board %s in %s (no ports/*/boards/%s/mpconfigboard.mk)."
                          % (board, source, board))
    return found[0]


def version(source, run=subprocess.run):
    """The CircuitPython version of a checkout: its exact tag if git says so, else the pinned
    tag (a folder without git, e.g. a release archive, is taken to be the pinned one)."""
    try:
        p = run(["git", "-C", source, "describe", "--tags", "--exact-match"],
                capture_output=True, text=True)
    except OSError:
        return TAG
    tag = p.stdout.strip() if p.returncode == 0 else ""
    return tag or TAG


def _is_build_folder(name):
    return name == "build" or name.startswith("build-")


def overlay(source, dest, real=(), skip=()):
    """A tree at ``dest`` that shows ``source`` through symbolic links, with real folders at
    the relative paths ``real`` (and their parents), holding links again; the relative paths
    in ``skip`` are left out (a real folder written there later takes their place)."""
    source = os.path.abspath(source)
    real = {os.path.normpath(r) for r in real}
    parents = set()
    for r in real:
        while r not in ("", "."):
            parents.add(r)
            r = os.path.dirname(r)
    skip = {os.path.normpath(s) for s in skip}

    def fill(rel):
        here = os.path.join(dest, rel) if rel else dest
        os.makedirs(here, exist_ok=True)
        there = os.path.join(source, rel) if rel else source
        for name in sorted(os.listdir(there)):
            sub = os.path.join(rel, name) if rel else name
            if sub in skip or os.path.lexists(os.path.join(here, name)):
                continue
            if sub not in parents and _is_build_folder(name) and os.path.isdir(os.path.join(there, name)):
                continue  # the checkout's own build output: never linked, never written to
            if sub in parents and os.path.isdir(os.path.join(source, sub)):
                fill(sub)
            else:
                os.symlink(os.path.join(source, sub), os.path.join(here, name))

    fill("")
    return dest


def clone(dest, board, python, tag=TAG, url=URL, run=subprocess.run, out=print):
    """Clone CircuitPython at ``tag`` into ``dest`` with only the submodules ``board`` needs
    (CircuitPython's own tools/ci_fetch_deps.py, which its CI uses for the same)."""
    if not os.path.exists(os.path.join(dest, ".git")):
        out("cloning %s at %s into %s" % (url, tag, dest))
        p = run(["git", "clone", "--depth", "1", "--branch", tag, url, dest])
        if p.returncode != 0:
            raise SourceError("git clone of %s at %s failed (exit %d): is GitHub reachable? "
                              "Or pass a checkout with --source DIR." % (url, tag, p.returncode))
    out("fetching the submodules %s needs" % board)
    p = run([python, "tools/ci_fetch_deps.py", board], cwd=dest)
    if p.returncode != 0:
        raise SourceError("tools/ci_fetch_deps.py %s failed (exit %d) in %s." % (board, p.returncode, dest))
    return dest
