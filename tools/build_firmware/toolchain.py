"""The ARM toolchain: found, and new enough for CircuitPython 10 (GCC 14 or later; the source
refuses older ones, py/circuitpy_mpconfig.mk ``CIRCUITPY_MIN_GCC_VERSION``)."""

import os
import re
import shutil
import subprocess

MIN_GCC = 14
GCC = "arm-none-eabi-gcc"

WHERE = (
    "Get GCC %d or later for arm-none-eabi: the Arm GNU Toolchain 14.2.rel1 "
    "(https://developer.arm.com/downloads/-/arm-gnu-toolchain-downloads, "
    "arm-gnu-toolchain-14.2.rel1-x86_64-arm-none-eabi), or Debian trixie's gcc-arm-none-eabi "
    "14.2.rel1 with binutils-arm-none-eabi 2.44 and libnewlib-arm-none-eabi 4.5 "
    "(docs/deploy.md, 'Building the image'); then put its bin/ on PATH or pass --toolchain DIR."
    % MIN_GCC
)


class ToolchainError(Exception):
    pass


def find_gcc(toolchain_dir=None):
    """The path of arm-none-eabi-gcc: in ``toolchain_dir`` (its bin/ or itself), else on PATH."""
    if toolchain_dir:
        for d in (os.path.join(toolchain_dir, "bin"), os.path.join(toolchain_dir, "usr", "bin"),
                  toolchain_dir):
            path = os.path.join(d, GCC)
            if os.path.exists(path):
                return os.path.abspath(path)
        raise ToolchainError("No %s in %s. %s" % (GCC, toolchain_dir, WHERE))
    path = shutil.which(GCC)
    if path is None:
        raise ToolchainError("No %s on PATH. %s" % (GCC, WHERE))
    return path


def parse_version(text):
    """(major, minor, patch) from ``gcc --version``'s first line, e.g.
    'arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119' -> (14, 2, 1)."""
    first = text.strip().split("\n", 1)[0] if text.strip() else ""
    # the version follows the parenthesised package name (which may hold digits too)
    m = (re.search(r"\)\s+(\d+)\.(\d+)(?:\.(\d+))?", first)
         or re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", first))
    if not m:
        raise ToolchainError("Cannot read a version from %r." % first)
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def check_version(version, gcc=GCC):
    if version[0] < MIN_GCC:
        raise ToolchainError(
            "%s is GCC %s; CircuitPython 10 needs GCC %d or later (it refuses older ones as "
            "known to miscompile). %s" % (gcc, ".".join(map(str, version)), MIN_GCC, WHERE))
    return version


def check(toolchain_dir=None, run=subprocess.run):
    """(gcc path, version) of a usable toolchain, or ToolchainError saying what to get."""
    gcc = find_gcc(toolchain_dir)
    try:
        proc = run([gcc, "--version"], capture_output=True, text=True)
    except OSError as exc:
        raise ToolchainError("%s does not run (%s). %s" % (gcc, exc, WHERE))
    if proc.returncode != 0:
        raise ToolchainError("%s --version failed: %s. %s" % (gcc, (proc.stderr or "").strip(), WHERE))
    return gcc, check_version(parse_version(proc.stdout), gcc)
