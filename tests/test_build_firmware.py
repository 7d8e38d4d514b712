"""tools/build_firmware: CircuitPython with the app frozen in, checked on a small fake source
tree (no real build: a fake ``make`` and a fake ``arm-none-eabi-gcc`` stand in for the real
ones; the real builds' figures are in docs/deploy.md and docs/micropython.md).
"""

import hashlib
import os
import stat
import sys

import pytest

from tools.build_firmware import app, cli, sizes, source, toolchain, variant

PORT, BOARD = "fakeport", "fakeboard"

BOARD_MK = """USB_PRODUCT = "Fake"
CIRCUITPY_STAGE = 1
FROZEN_MPY_DIRS += $(TOP)/frozen/circuitpython-stage/fake
"""

# a fake build: writes where a real one does (its BUILD folder, mpy-cross's build folder, the
# port's folder) and prints what tools/build_memory_info.py prints
FAKE_MAKE = """#!/bin/sh
for a in "$@"; do case "$a" in BUILD=*) BUILD="${a#BUILD=}";; -C) ;; esac; done
while [ $# -gt 0 ]; do if [ "$1" = "-C" ]; then cd "$2"; fi; shift; done
case "$PWD" in */mpy-cross) mkdir -p build && echo mpy > build/mpy-cross && exit 0;; esac
mkdir -p "$BUILD" ../../mpy-cross/build build-leftover
echo mpy > ../../mpy-cross/build/mpy-cross
echo junk > build-leftover/x
grep -q "CIRCUITPY_ULAB = 0" boards/fakeboard/mpconfigboard.mk || { echo "no variant"; exit 1; }
printf 'UF2' > "$BUILD/firmware.uf2"
echo "   text    data     bss     dec     hex filename"
echo "  44549     948   12345   57842    e1f2 $BUILD/firmware.elf"
echo ""
echo "445496 bytes used,  54216 bytes free in flash firmware space out of 499712 bytes (488.0kB)."
echo "150000 bytes used,  46608 bytes free in ram for stack and heap out of 196608 bytes (192.0kB)."
"""


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if mode:
        os.chmod(path, os.stat(path).st_mode | mode)
    return path


@pytest.fixture
def fake_source(tmp_path):
    """A CircuitPython-shaped tree: one port with one board, the shared flags file."""
    root = tmp_path / "circuitpython"
    b = root / "ports" / PORT / "boards" / BOARD
    write(str(b / "mpconfigboard.mk"), BOARD_MK)
    write(str(b / "board.c"), "/* board */\n")
    write(str(b / "pins.c"), "/* pins */\n")
    write(str(root / "ports" / PORT / "Makefile"), "all:\n")
    write(str(root / "ports" / PORT / "mpconfigport.mk"), "CIRCUITPY__EVE ?= 0\n")
    write(str(root / "ports" / PORT / "build-fakeboard" / "old.o"), "old build\n")
    write(str(root / "py" / "circuitpy_mpconfig.mk"), "".join(
        "%s ?= 1\n" % f for f in ("CIRCUITPY_ULAB", "CIRCUITPY_ZLIB", "CIRCUITPY_VECTORIO",
                                  "CIRCUITPY_STAGE", "CIRCUITPY_NEOPIXEL_WRITE",
                                  "CIRCUITPY_BITMAPTOOLS", "CIRCUITPY_KEYPAD")))
    write(str(root / "mpy-cross" / "Makefile"), "all:\n")
    write(str(root / "mpy-cross" / "build" / "mpy-cross"), "built before\n")
    return str(root)


@pytest.fixture
def fake_app(tmp_path):
    """An app in the project's layout whose imports are known."""
    root = tmp_path / "app"
    write(str(root / "firmware" / "__init__.py"), "")
    write(str(root / "firmware" / "code.py"), "import board\nimport boards\n")
    write(str(root / "firmware" / "screen.py"),
          "import displayio\nfrom bitmaptools import blit\nfrom . import code\n"
          "try:\n    from typing import List\nexcept ImportError:\n    pass\n"
          "def later():\n    import vectorio\n    return __import__('keypad')\n")
    write(str(root / "boards" / "__init__.py"), "def load(b):\n    return __import__('boards.' + b)\n")
    write(str(root / "shared_rules" / "__init__.py"), "")
    write(str(root / "shared_rules" / "rules.py"), "from micropython import const\nimport shared_rules\n")
    write(str(root / "firmware" / "README.md"), "import ulab  (not code)\n")
    return str(root)


def tree_state(root):
    """{relative path: (kind, content hash or link target)} of everything under ``root``."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if os.path.islink(path):
                out[rel] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                out[rel] = ("dir", None)
            else:
                with open(path, "rb") as f:
                    out[rel] = ("file", hashlib.sha256(f.read()).hexdigest(), os.stat(path).st_mtime_ns)
    return out


def fake_gcc(folder, version_line):
    return write(os.path.join(folder, "bin", "arm-none-eabi-gcc"),
                 "#!/bin/sh\necho '%s'\n" % version_line, stat.S_IXUSR)


# ---------------------------------------------------------------- the app's imports

def test_imports_are_found_at_any_depth_and_in_literal_dunder_imports(fake_app):
    found = app.external_imports(fake_app)
    assert sorted(found) == ["bitmaptools", "board", "displayio", "keypad", "micropython", "vectorio"]
    assert found["vectorio"] == [("firmware/screen.py", 9)]


def test_the_apps_own_packages_typing_and_relative_imports_are_not_external(fake_app):
    found = app.external_imports(fake_app)
    for name in ("boards", "shared_rules", "firmware", "typing", "code"):
        assert name not in found


def test_only_python_files_of_the_apps_folders_count(fake_app):
    assert "ulab" not in app.external_imports(fake_app)  # the README's text is no import
    # (an empty __init__.py is not frozen: the folder is a namespace package)
    assert [rel for rel, _ in app.app_files(fake_app)] == [
        "boards/__init__.py", "firmware/code.py", "firmware/screen.py", "shared_rules/rules.py"]


def test_the_app_digest_changes_with_any_app_file(fake_app):
    before = app.app_digest(fake_app)
    write(os.path.join(fake_app, "shared_rules", "rules.py"), "X = 1\n")
    assert app.app_digest(fake_app) != before


# ---------------------------------------------------------------- the module list and its check

def test_modules_the_app_never_imports_are_turned_off_and_imported_ones_kept(fake_app):
    settings = variant.module_settings(app.external_imports(fake_app))
    assert settings["CIRCUITPY_ULAB"] == 0 and settings["CIRCUITPY_ZLIB"] == 0
    assert settings["CIRCUITPY_STAGE"] == 0
    for kept in ("CIRCUITPY_VECTORIO", "CIRCUITPY_BITMAPTOOLS"):  # the app imports them
        assert kept not in settings


def test_what_the_link_needs_stays_on_though_the_app_never_imports_it(fake_app):
    assert "neopixel_write" not in app.external_imports(fake_app)
    assert "CIRCUITPY_NEOPIXEL_WRITE" not in variant.module_settings(app.external_imports(fake_app))


def test_what_one_ports_link_needs_stays_on_in_that_port_only(fake_app):
    imports = app.external_imports(fake_app)
    assert variant.module_settings(imports)["CIRCUITPY_BITBANGIO"] == 0
    assert "CIRCUITPY_BITBANGIO" not in variant.module_settings(imports, port="raspberrypi")


def test_only_flags_this_circuitpython_defines_are_set(fake_source, fake_app):
    flags = variant.known_flags(fake_source, PORT)
    assert "CIRCUITPY__EVE" in flags  # the port's own
    assert "CIRCUITPY_AUDIOMP3" not in flags  # not in this (fake) source
    settings = variant.module_settings(app.external_imports(fake_app), flags)
    assert set(settings) == {"CIRCUITPY_ULAB", "CIRCUITPY_ZLIB", "CIRCUITPY_STAGE", "CIRCUITPY__EVE"}


def test_the_check_fails_when_the_app_imports_a_module_the_variant_turns_off(fake_app):
    imports = app.external_imports(fake_app)
    problems = variant.check(imports, {"CIRCUITPY_VECTORIO": 0, "CIRCUITPY_ZLIB": 0})
    assert problems == ["the app imports vectorio (firmware/screen.py line 9), which "
                        "CIRCUITPY_VECTORIO = 0 leaves out"]


def test_turning_off_a_module_the_app_imports_is_refused(fake_source, fake_app):
    with pytest.raises(cli.BuildError) as info:
        cli.module_plan(fake_app, fake_source, PORT, off=["CIRCUITPY_VECTORIO"])
    assert "vectorio" in info.value.args[0]


def test_the_real_app_imports_nothing_its_variant_turns_off():
    """The variant of the app of this tree, with every optional flag the source might define:
    none of the modules it leaves out is imported anywhere in firmware/, boards/, shared_rules/
    (a module the app starts to import is kept on by the derivation; this holds the check)."""
    imports = app.external_imports()
    settings = variant.module_settings(imports, syntax=app.syntax())
    assert settings, "the app imports every optional module?"
    assert variant.check(imports, settings) == []
    for flag in settings:
        assert not set(variant.OPTIONAL[flag]) & set(imports), flag


def test_async_await_stays_with_the_traceback_it_needs_when_the_app_writes_async(fake_app):
    imports = app.external_imports(fake_app)
    assert app.syntax(fake_app) == set()
    off = variant.module_settings(imports, syntax=app.syntax(fake_app))
    assert off["MICROPY_PY_ASYNC_AWAIT"] == 0 and off["CIRCUITPY_TRACEBACK"] == 0
    write(os.path.join(fake_app, "firmware", "later.py"), "async def f():\n    pass\n")
    assert app.syntax(fake_app) == {"async"}
    kept = variant.module_settings(imports, syntax=app.syntax(fake_app))
    assert "MICROPY_PY_ASYNC_AWAIT" not in kept and "CIRCUITPY_TRACEBACK" not in kept


# ---------------------------------------------------------------- the variant

def test_the_variant_is_the_board_with_the_app_frozen_and_modules_off(fake_source, tmp_path):
    dest = str(tmp_path / "variant")
    text = variant.write_variant(fake_source, PORT, BOARD, dest,
                                 {"CIRCUITPY_ULAB": 0, "CIRCUITPY_STAGE": 0}, "/frozen/app")
    assert text.startswith(BOARD_MK)  # the board's own settings first, then the variant's
    lines = text.split(variant.MARK, 1)[1].strip().split("\n")
    assert "FROZEN_MPY_DIRS = /frozen/app" in lines  # replaces the board's stage libraries
    assert "MPY_CROSS_FLAGS = -O3" in lines  # as deploy compiles: the `if __debug__:` blocks left out
    assert "CIRCUITPY_ULAB = 0" in lines and "CIRCUITPY_STAGE = 0" in lines
    assert sorted(os.listdir(dest)) == ["board.c", "mpconfigboard.h", "mpconfigboard.mk", "pins.c"]
    with open(os.path.join(dest, "mpconfigboard.h")) as f:  # "pystack exhausted" otherwise
        assert "#define CIRCUITPY_PYSTACK_SIZE (3072)" in f.read()
    with open(os.path.join(dest, "board.c")) as f:
        assert f.read() == "/* board */\n"


def test_the_app_is_staged_for_freezing_as_its_python_files_only(fake_app, tmp_path):
    dest = variant.stage_app(fake_app, str(tmp_path / "frozen"))
    staged = sorted(os.path.relpath(os.path.join(d, f), dest)
                    for d, _, fs in os.walk(dest) for f in fs)
    assert staged == [rel for rel, _ in app.app_files(fake_app)]


def test_an_unknown_board_is_named(fake_source):
    with pytest.raises(source.SourceError) as info:
        source.find_port(fake_source, "nosuchboard")
    assert "nosuchboard" in info.value.args[0]
    assert source.find_port(fake_source, BOARD) == PORT


# ---------------------------------------------------------------- the toolchain

@pytest.mark.parametrize("line, version", [
    ("arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119", (14, 2, 1)),
    ("arm-none-eabi-gcc (Arm GNU Toolchain 14.2.Rel1 (Build arm-14.52)) 14.2.1 20241119", (14, 2, 1)),
    ("arm-none-eabi-gcc (GNU Arm Embedded Toolchain 10.3-2021.10) 10.3.1 20210824 (release)", (10, 3, 1)),
    ("arm-none-eabi-gcc (15:12.2.rel1-1) 12.2.1 20221205", (12, 2, 1)),
])
def test_the_gcc_version_is_read_from_its_first_line(line, version):
    assert toolchain.parse_version(line + "\nCopyright (C) 2024\n") == version


def test_gcc_older_than_14_is_refused_with_where_to_get_a_newer_one(tmp_path):
    fake_gcc(str(tmp_path), "arm-none-eabi-gcc (15:12.2.rel1-1) 12.2.1 20221205")
    with pytest.raises(toolchain.ToolchainError) as info:
        toolchain.check(str(tmp_path))
    message = info.value.args[0]
    assert "GCC 12.2.1" in message and "GCC 14 or later" in message
    assert "developer.arm.com" in message and "trixie" in message


def test_gcc_14_is_accepted(tmp_path):
    gcc = fake_gcc(str(tmp_path), "arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119")
    assert toolchain.check(str(tmp_path)) == (gcc, (14, 2, 1))


def test_a_missing_toolchain_says_where_to_get_one(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(toolchain.ToolchainError) as info:
        toolchain.check()
    assert "No arm-none-eabi-gcc on PATH" in info.value.args[0]
    assert "--toolchain" in info.value.args[0]


# ---------------------------------------------------------------- sizes

def test_flash_and_ram_are_read_from_the_build_memory_info_lines():
    out = ("LINK build/firmware.elf\n\n445496 bytes used,  54216 bytes free in flash firmware "
           "space out of 499712 bytes (488.0kB).\n150000 bytes used,  46608 bytes free in ram for "
           "stack and heap out of 196608 bytes (192.0kB).\n")
    assert sizes.parse(out) == {"used": 445496, "free": 54216, "total": 499712,
                                "ram_used": 150000, "ram_free": 46608, "ram_total": 196608}


def test_an_overflow_reads_as_negative_free_flash():
    out = "680648 bytes used, -180936 bytes free in flash firmware space out of 499712 bytes (488.0kB).\n"
    assert sizes.parse(out)["free"] == -180936


def test_a_port_that_prints_only_the_size_table_is_measured_against_its_linker_script():
    out = ("   text    data     bss     dec     hex filename\n"
           " 812000    1024   40000  853024   d0420 /x/build-pimoroni_picosystem/firmware.elf\n")
    ld = "firmware_size = DEFINED(firmware_size) ? firmware_size : 1020K ;\nMEMORY\n"
    assert sizes.parse(out, ld) == {"used": 813024, "free": 1020 * 1024 - 813024,
                                    "total": 1020 * 1024, "bss": 40000}


def test_the_linkers_memory_usage_table_gives_the_firmware_region():
    out = ("Memory region         Used Size  Region Size  %age Used\n"
           "  FLASH_FIRMWARE:      676572 B      1020 KB     64.78%\n"
           "             RAM:       57304 B       256 KB     21.86%\n"
           "       SCRATCH_Y:           0 B         4 KB      0.00%\n")
    assert sizes.parse(out) == {"used": 676572, "free": 1020 * 1024 - 676572, "total": 1020 * 1024,
                                "ram_used": 57304, "ram_total": 256 * 1024}


def test_a_flash_overflow_is_read_from_the_linkers_message():
    out = ("ld: region `FLASH_FIRMWARE' overflowed by 180916 bytes\n"
           "collect2: error: ld returned 1 exit status\n")
    assert sizes.overflow(out) == ("FLASH_FIRMWARE", 180916)
    assert sizes.overflow("all fine\n") is None


def test_no_size_figures_give_none():
    assert sizes.parse("make: *** [all] Error 2\n") is None


# ---------------------------------------------------------------- the source is only read

def test_the_overlay_links_the_source_and_has_real_folders_where_builds_write(fake_source, tmp_path):
    dest = str(tmp_path / "tree")
    source.overlay(fake_source, dest, real=("ports/%s/boards" % PORT, "mpy-cross"),
                   skip=("ports/%s/boards/%s" % (PORT, BOARD),))
    assert os.path.islink(os.path.join(dest, "py"))
    for real in ("ports", "ports/" + PORT, "ports/%s/boards" % PORT, "mpy-cross"):
        path = os.path.join(dest, real)
        assert os.path.isdir(path) and not os.path.islink(path)
    assert os.path.islink(os.path.join(dest, "mpy-cross", "Makefile"))
    assert not os.path.lexists(os.path.join(dest, "mpy-cross", "build"))  # its build output
    assert not os.path.lexists(os.path.join(dest, "ports", PORT, "build-fakeboard"))
    assert not os.path.lexists(os.path.join(dest, "ports", PORT, "boards", BOARD))


def test_a_build_never_writes_into_the_given_source(fake_source, fake_app, tmp_path, monkeypatch):
    bin_dir = tmp_path / "fakebin"
    write(str(bin_dir / "make"), FAKE_MAKE, stat.S_IXUSR)
    fake_gcc(str(tmp_path / "arm"), "arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119")
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(app, "REPO", fake_app)
    monkeypatch.setattr(cli, "PYTHON_MODULES", ())
    before = tree_state(fake_source)
    work = str(tmp_path / "work")
    argv = ["--board", BOARD, "--source", fake_source, "--work", work,
            "--toolchain", str(tmp_path / "arm"), "--python", sys.executable, "--jobs", "1"]
    lines = []
    args = cli.argparse.Namespace(board=BOARD, source=fake_source, work=work,
                                  toolchain=str(tmp_path / "arm"), python=sys.executable, jobs=1,
                                  off=None, modules=False, vm=False)
    info = cli.build_board(args, out=lines.append)
    assert tree_state(fake_source) == before
    # what the build wrote went to the work folder
    assert os.path.exists(os.path.join(work, BOARD, "tree", "mpy-cross", "build", "mpy-cross"))
    assert os.path.exists(os.path.join(work, BOARD, "build", "firmware.uf2"))
    assert info["flash"] == {"used": 445496, "free": 54216, "total": 499712, "ram_used": 150000,
                             "ram_free": 46608, "ram_total": 196608}
    assert "flash: 445496 bytes used, 54216 bytes free of 499712 (firmware region)" in lines
    assert os.path.basename(info["image"]) == "circuitpython-10.0.3-fakeboard-app.uf2"
    assert info["app_digest"] == app.app_digest(fake_app)
    # and the command line runs the same, exit 0
    assert cli.main(argv) == 0
    assert tree_state(fake_source) == before


def test_a_failed_build_names_its_log_and_exits_3(fake_source, fake_app, tmp_path, monkeypatch, capsys):
    bin_dir = tmp_path / "fakebin"
    write(str(bin_dir / "make"), "#!/bin/sh\ncase \"$*\" in *mpy-cross*) exit 0;; esac\n"
          "echo 'error: boom'\nexit 2\n", stat.S_IXUSR)
    fake_gcc(str(tmp_path / "arm"), "arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119")
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(app, "REPO", fake_app)
    monkeypatch.setattr(cli, "PYTHON_MODULES", ())
    code = cli.main(["--board", BOARD, "--source", fake_source, "--work", str(tmp_path / "w"),
                     "--toolchain", str(tmp_path / "arm")])
    assert code == 3
    err = capsys.readouterr().err
    assert "build.log" in err and "error: boom" in err


def test_an_old_toolchain_stops_the_build_before_it_starts(fake_source, fake_app, tmp_path, monkeypatch, capsys):
    fake_gcc(str(tmp_path / "arm"), "arm-none-eabi-gcc (15:12.2.rel1-1) 12.2.1 20221205")
    monkeypatch.setattr(app, "REPO", fake_app)
    code = cli.main(["--board", BOARD, "--source", fake_source, "--work", str(tmp_path / "w"),
                     "--toolchain", str(tmp_path / "arm")])
    assert code == 2
    assert "GCC 14 or later" in capsys.readouterr().err
    assert not os.path.exists(str(tmp_path / "w" / BOARD / "build"))


def test_a_build_folder_of_another_variant_starts_again_from_clean(fake_source, fake_app, tmp_path,
                                                                   monkeypatch):
    bin_dir = tmp_path / "fakebin"
    write(str(bin_dir / "make"), FAKE_MAKE, stat.S_IXUSR)
    fake_gcc(str(tmp_path / "arm"), "arm-none-eabi-gcc (15:14.2.rel1-1) 14.2.1 20241119")
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(app, "REPO", fake_app)
    monkeypatch.setattr(cli, "PYTHON_MODULES", ())
    work = tmp_path / "work"
    argv = ["--board", BOARD, "--source", fake_source, "--work", str(work),
            "--toolchain", str(tmp_path / "arm")]
    assert cli.main(argv) == 0
    left = work / BOARD / "build" / "object.o"
    left.write_text("compiled with the first variant\n")
    assert cli.main(argv) == 0
    assert left.exists()  # same variant: an incremental build
    assert cli.main(argv + ["--off", "CIRCUITPY_NEOPIXEL_WRITE"]) == 0
    assert not left.exists()  # another module list: from clean


class Calls:
    """Stands in for subprocess.run: records the commands, answers with exit codes in turn."""

    def __init__(self, *codes):
        self.codes, self.commands = list(codes), []

    def __call__(self, cmd, **kwargs):
        self.commands.append((cmd, kwargs.get("cwd")))
        return type("P", (), {"returncode": self.codes.pop(0) if self.codes else 0,
                              "stdout": "", "stderr": ""})()


def test_without_a_source_the_pinned_tag_is_cloned_with_only_the_boards_submodules(tmp_path):
    run = Calls()
    dest = str(tmp_path / "circuitpython")
    source.clone(dest, "pybadge", "/usr/bin/python3", run=run, out=lambda *a: None)
    (clone_cmd, _), (deps_cmd, cwd) = run.commands
    assert clone_cmd == ["git", "clone", "--depth", "1", "--branch", "10.0.3",
                         "https://github.com/adafruit/circuitpython.git", dest]
    assert deps_cmd == ["/usr/bin/python3", "tools/ci_fetch_deps.py", "pybadge"] and cwd == dest


def test_a_clone_that_fails_says_to_pass_a_source(tmp_path):
    with pytest.raises(source.SourceError) as info:
        source.clone(str(tmp_path / "cp"), "pybadge", "python3", run=Calls(128), out=lambda *a: None)
    assert "--source DIR" in info.value.args[0]


def test_the_version_is_the_checkouts_tag_or_else_the_pinned_one(fake_source):
    assert source.version(fake_source, run=Calls(128)) == "10.0.3"  # not a git checkout
    tagged = lambda cmd, **kw: type("P", (), {"returncode": 0, "stdout": "10.0.2\n"})()  # noqa: E731
    assert source.version(fake_source, run=tagged) == "10.0.2"


def test_the_vm_build_names_the_submodules_it_lacks_before_building(fake_source, fake_app, tmp_path,
                                                                    monkeypatch, capsys):
    bin_dir = tmp_path / "fakebin"
    write(str(bin_dir / "make"), "#!/bin/sh\necho built > \"$HOME/make-ran\"\n", stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(app, "REPO", fake_app)
    os.makedirs(os.path.join(fake_source, "lib", "micropython-lib"))  # as git leaves one not initialised
    write(os.path.join(fake_source, "tools", "huffman", "huffman.py"), "# checked out\n")
    code = cli.main(["--vm", "--source", fake_source, "--work", str(tmp_path / "w")])
    assert code == 2
    err = capsys.readouterr().err
    assert "extmod/ulab, lib/micropython-lib" in err and "tools/huffman" not in err
    assert "submodule update --init extmod/ulab lib/micropython-lib" in err
    assert not (tmp_path / "make-ran").exists() and not (tmp_path / "w" / "vm").exists()
