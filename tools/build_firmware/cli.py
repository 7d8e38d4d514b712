"""python -m tools.build_firmware: CircuitPython 10.0.3 with the app frozen in.

    python -m tools.build_firmware --board pybadge [--source DIR] [--toolchain DIR]
    python -m tools.build_firmware --vm [--source DIR]
    python -m tools.build_firmware --board pybadge --modules     # the module list only

``--board B`` builds a UF2 for board B: the board's definition with the app frozen in and the
CircuitPython modules the app never imports turned off (a variant in the build's own folder),
then prints flash used and free. ``--vm`` builds CircuitPython's Unix port 32-bit twice
(nothing frozen, and the app frozen) and its mpy-cross, for ``python -m tools.bench_ram --vm
circuitpython32``. Without ``--source`` the pinned tag is cloned with only the submodules the
board needs. Everything is written under ``--work`` (default build/firmware/); a checkout
given with ``--source`` is only read.

Exit codes: 0 built; 2 bad usage or a check failed (toolchain, source, module list); 3 the
build failed (its log is named).
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time

from tools.deploy_lib import pystack

from . import app, source as src, sizes, toolchain, variant

WORK = os.path.join(app.REPO, "build", "firmware")
PYTHON_MODULES = ("cascadetoml", "jinja2", "typer", "intelhex")  # the tag's requirements-dev.txt


class BuildError(Exception):
    pass


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_logged(cmd, log, env=None, cwd=None, out=print):
    """Run ``cmd`` with its output in ``log`` (appended); (exit code, output, wall s, CPU s)."""
    out("running: " + " ".join(cmd))
    t0, c0 = time.monotonic(), _children_cpu()
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        start = f.tell()
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    with open(log) as f:  # the output was written as it came (follow the build with tail -f)
        f.seek(start)
        output = f.read()
    return p.returncode, output, time.monotonic() - t0, _children_cpu() - c0


def check_python(python, modules=None, source="SOURCE"):
    missing = []
    for m in PYTHON_MODULES if modules is None else modules:
        if subprocess.run([python, "-c", "import " + m], capture_output=True).returncode:
            missing.append(m)
    if missing:
        raise BuildError("%s lacks %s, which CircuitPython's build needs: %s -m pip install -r "
                         "%s/requirements-dev.txt (or pass --python with one that has them)."
                         % (python, ", ".join(missing), python, source))


def module_plan(repo, source, port, off=()):
    """(settings, imports): the flags to turn off for the app of ``repo``, checked."""
    imports = app.external_imports(repo)
    settings = variant.module_settings(imports, variant.known_flags(source, port), app.syntax(repo),
                                       port)
    for flag in off:
        settings[flag] = 0
    problems = variant.check(imports, settings)
    if problems:
        raise BuildError("The module list would break the app: " + "; ".join(problems))
    return settings, imports


def image_name(board, version, ext):
    return "circuitpython-%s-%s-app%s" % (version, board, ext)


def build_board(args, out=print):
    work = os.path.abspath(args.work)
    python = os.path.abspath(args.python) if args.python else sys.executable
    if args.source:
        source = os.path.abspath(args.source)
    else:
        source = src.clone(os.path.join(work, "circuitpython"), args.board, python, out=out)
    port = src.find_port(source, args.board)
    settings, imports = module_plan(app.REPO, source, port, args.off or ())
    out("the app imports: " + ", ".join(sorted(imports)))
    out("turned off (%d): %s" % (len(settings), ", ".join(sorted(settings))))
    if args.modules:
        return {"board": args.board, "port": port, "off": sorted(settings)}
    gcc, ver = toolchain.check(args.toolchain)
    out("toolchain: %s (GCC %s)" % (gcc, ".".join(map(str, ver))))
    check_python(python, source=source)
    version = src.version(source)
    if version != src.TAG:
        out("note: %s is CircuitPython %s, not the pinned %s: untested" % (source, version, src.TAG))
    here = os.path.join(work, args.board)
    tree = os.path.join(here, "tree")
    src.overlay(source, tree, real=("ports/%s/boards" % port, "mpy-cross"),
                skip=("ports/%s/boards/%s" % (port, args.board),))
    frozen = variant.stage_app(app.REPO, os.path.join(here, "app"))
    digest = app.app_digest(app.REPO)
    mk = variant.write_variant(source, port, args.board, variant.board_dir(tree, port, args.board),
                               settings, frozen)
    build = os.path.join(here, "build")
    # a build folder made with another variant (or another source) starts again from clean:
    # CircuitPython's makefiles do not rebuild everything a changed module list touches
    stamp = os.path.join(build, "variant.stamp")
    state = source + "\n" + version + "\n" + mk
    if os.path.exists(build):
        old = None
        if os.path.exists(stamp):
            with open(stamp) as f:
                old = f.read()
        if old != state:
            shutil.rmtree(build)
    os.makedirs(build, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(state)
    log = os.path.join(here, "build.log")
    open(log, "w").close()
    # the toolchain, and the scripts of the build's Python (intelhex's hexmerge.py: nordic)
    env = dict(os.environ, CP_VERSION=version, PATH=os.pathsep.join(
        [os.path.dirname(gcc), os.path.dirname(python), os.environ.get("PATH", "")]))
    # mpy-cross first, in the overlay's own mpy-cross/build (a BUILD= given to the port's make
    # would reach mpy-cross's make too)
    code, output, wall0, cpu0 = run_logged(["make", "-C", os.path.join(tree, "mpy-cross"),
                                            "PYTHON=" + python, "-j%d" % args.jobs], log, env, out=out)
    if code != 0:
        raise BuildError("mpy-cross failed to build (exit %d); its log: %s" % (code, log), 3)
    cmd = ["make", "-C", os.path.join(tree, "ports", port), "BOARD=" + args.board, "BUILD=" + build,
           "PYTHON=" + python, "-j%d" % args.jobs]
    code, output, wall, cpu = run_logged(cmd, log, env=env, out=out)
    wall, cpu = wall + wall0, cpu + cpu0
    if code != 0:
        tail = "\n".join(output.strip().split("\n")[-15:])
        over = sizes.overflow(output)
        if over:
            tail = ("the image does not fit: %s overflowed by %d bytes (turn more modules off "
                    "with --off CIRCUITPY_..., see --modules)\n" % over) + tail
        raise BuildError("the build failed (exit %d); its log: %s\n%s" % (code, log, tail), 3)
    ld = ""
    for name in sorted(os.listdir(os.path.join(source, "ports", port))):
        if name.endswith(".ld") and "2040" in name:
            with open(os.path.join(source, "ports", port, name)) as f:
                ld = f.read()
    flash = sizes.parse(output, ld)
    previous = None
    for ext in (".uf2", ".bin"):
        path = os.path.join(here, image_name(args.board, version, ext) + ".json")
        if os.path.exists(path):
            with open(path) as f:
                previous = json.load(f)
    if flash is None and previous and previous.get("flash") and previous.get("off") == sorted(settings):
        flash = dict(previous["flash"], note="from the last link: nothing was linked this time")
    image = None
    for ext in (".uf2", ".bin"):
        path = os.path.join(build, "firmware" + ext)
        if os.path.exists(path):
            image = os.path.join(here, image_name(args.board, version, ext))
            shutil.copy(path, image)
            break
    info = {"board": args.board, "port": port, "circuitpython": version, "app_digest": digest,
            "off": sorted(settings), "flash": flash, "image": image,
            "build_wall_s": round(wall, 1), "build_cpu_s": round(cpu, 1)}
    if image:
        with open(image + ".json", "w") as f:
            json.dump(info, f, indent=1)
    out("")
    out("image: %s" % image)
    if flash:
        out("flash: %d bytes used, %d bytes free of %d (firmware region)" % (
            flash["used"], flash["free"], flash["total"]))
    else:
        out("flash: the build output gave no figures (see %s)" % log)
    out("build: %.0f s wall, %.0f s CPU" % (wall, cpu))
    return info


def check_m32():
    """gcc builds 32-bit programs here (gcc-multilib), or BuildError saying what to install."""
    p = subprocess.run(["gcc", "-m32", "-x", "c", "-", "-o", os.devnull],
                       input="int main(void){return 0;}", capture_output=True, text=True)
    if p.returncode:
        raise BuildError("gcc cannot build 32-bit programs here: install gcc-multilib "
                         "(apt-get install gcc-multilib). %s" % p.stderr.strip()[-300:])


# The VM's C flags: a name's hash takes one byte, as on the CLUE, RP2040 and ESP32-S3 (the Unix
# port's two would overstate the pools of names that imports grow; a SAMD51's take none); the
# Python calls' frames on a stack of their own, as on a board (not on the heap, where the Unix
# port puts them), of the size every board is given (``pystack.SIZE``), so that a call deeper
# than a board holds fails here too ("pystack exhausted").
VM_CFLAGS = ("-DMICROPY_PY_MICROPYTHON_RINGIO=0 -DMICROPY_QSTR_BYTES_IN_HASH=1 "
             "-DMICROPY_ENABLE_PYSTACK=1 -DCIRCUITPY_PYSTACK_SIZE=%d" % pystack.SIZE)
_PYSTACK_ARRAY = "static mp_obj_t pystack[1024];"


def _vm_main(source, tree):
    """The Unix port's ``main.c`` in the overlay as a copy whose pystack has
    ``CIRCUITPY_PYSTACK_SIZE`` bytes (the port's own has 1024 words)."""
    with open(os.path.join(source, "ports", "unix", "main.c")) as f:
        text = f.read()
    if _PYSTACK_ARRAY not in text:
        raise BuildError("%s/ports/unix/main.c does not declare %r, so the VM's pystack cannot be "
                         "given a board's size" % (source, _PYSTACK_ARRAY))
    path = os.path.join(tree, "ports", "unix", "main.c")
    if os.path.lexists(path):
        os.remove(path)
    with open(path, "w") as f:
        f.write(text.replace(_PYSTACK_ARRAY, "static mp_obj_t pystack[CIRCUITPY_PYSTACK_SIZE / "
                                             "sizeof(mp_obj_t)];"))


def _fresh_if_flags_changed(build, flags):
    """Empty a build folder made with other C flags: make would keep its generated headers
    (the names' table, whose hashes the flags size) and the build would fail."""
    stamp = os.path.join(build, "cflags.txt")
    try:
        with open(stamp) as f:
            same = f.read() == flags
    except OSError:
        same = not os.path.exists(build)
    if not same:
        shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(flags)


def build_vm(args, out=print):
    from tools import micropython_firmware as mf

    work = os.path.abspath(args.work)
    python = os.path.abspath(args.python) if args.python else sys.executable
    source = os.path.abspath(args.source) if args.source else src.clone(
        os.path.join(work, "circuitpython"), "tests", python, out=out)  # ci_fetch_deps: the Unix port's
    missing = src.missing_submodules(source, src.VM_SUBMODULES)
    if missing:  # found now, not two minutes into the build
        raise src.SourceError("%s lacks the submodule%s %s, which the Unix port's build needs: "
                              "git -C %s submodule update --init %s"
                              % (source, "s" if len(missing) > 1 else "", ", ".join(missing),
                                 source, " ".join(missing)))
    check_m32()
    version = src.version(source)
    here = os.path.join(work, "vm")
    tree = os.path.join(here, "tree")
    src.overlay(source, tree, real=("ports/unix", "mpy-cross"))
    _vm_main(source, tree)
    frozen = variant.stage_app(app.REPO, os.path.join(here, "app"))
    digest = app.app_digest(app.REPO)
    harness_digest = mf.harness_digest()
    manifests = os.path.join(here, "manifests")
    os.makedirs(manifests, exist_ok=True)
    # Both binaries freeze the benchmarks' runner and stand-ins: a board has its displayio and
    # the rest in C, their code in flash and their names in its firmware's table, not in the
    # pools of names code.py's imports grow (which double in size as they fill).
    harness = "".join('module("%s", base_path="%s")\n' % (os.path.basename(path), os.path.dirname(path))
                      for _, path in mf.harness_files())
    with open(os.path.join(manifests, "empty.py"), "w") as f:
        f.write("# the runner and the stand-ins only\n" + harness)
    with open(os.path.join(manifests, "app.py"), "w") as f:
        f.write(harness)
        for pkg in sorted(os.listdir(frozen)):
            f.write('package("%s", base_path="%s", opt=3)\n' % (pkg, frozen))  # as a board's image
    log = os.path.join(here, "build.log")
    open(log, "w").close()
    env = dict(os.environ, CP_VERSION=version)
    times = {}
    code, output, wall, cpu = run_logged(["make", "-C", os.path.join(tree, "mpy-cross"),
                                          "PYTHON=" + python, "-j%d" % args.jobs], log, env, out=out)
    if code:
        raise BuildError("mpy-cross failed to build (exit %d); its log: %s" % (code, log), 3)
    times["mpy-cross"] = (wall, cpu)
    shutil.copy(os.path.join(tree, "mpy-cross", "build", "mpy-cross"), os.path.join(here, "mpy-cross"))
    for name, manifest in (("circuitpython32", "empty.py"), ("circuitpython32-app", "app.py")):
        build = os.path.join(here, "build-" + name)
        _fresh_if_flags_changed(build, VM_CFLAGS)
        cmd = ["make", "-C", os.path.join(tree, "ports", "unix"), "VARIANT=standard",
               "MICROPY_FORCE_32BIT=1", "MICROPY_PY_FFI=0", "CFLAGS_EXTRA=" + VM_CFLAGS,
               "FROZEN_MANIFEST=" + os.path.join(manifests, manifest),
               "BUILD=" + build, "PROG=" + name, "PYTHON=" + python, "-j%d" % args.jobs]
        code, output, wall, cpu = run_logged(cmd, log, env, out=out)
        if code:
            raise BuildError("the Unix port (%s) failed to build (exit %d); its log: %s"
                             % (name, code, log), 3)
        times[name] = (wall, cpu)
        shutil.copy(os.path.join(here, "build-" + name, name), os.path.join(here, name))
    for name, extra in (("circuitpython32", {}), ("circuitpython32-app", {"app_digest": digest})):
        with open(os.path.join(here, name + ".json"), "w") as f:
            json.dump(dict(extra, circuitpython=version, harness_digest=harness_digest,
                           pystack=pystack.SIZE), f, indent=1)
    for name, (wall, cpu) in times.items():
        out("%s: %.0f s wall, %.0f s CPU" % (name, wall, cpu))
    out("binaries in %s: circuitpython32, circuitpython32-app, mpy-cross" % here)
    return {"dir": here, "times": times}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.build_firmware",
                                 description=__doc__.split("\n")[0].split(": ", 1)[1],
                                 epilog="exit codes: 0 built; 2 bad usage or a check failed "
                                 "(toolchain, source, module list); 3 the build failed (its log "
                                 "is named)")
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--board", help="the board id, e.g. pybadge, pygamer, clue_nrf52840_express, "
                      "pimoroni_picosystem")
    what.add_argument("--vm", action="store_true",
                      help="CircuitPython's Unix port, 32-bit, with and without the app frozen")
    ap.add_argument("--source", help="a CircuitPython %s checkout with the board's submodules "
                    "(only read); default: clone it into WORK/circuitpython" % src.TAG)
    ap.add_argument("--work", default=WORK, help="where everything is written (default %(default)s)")
    ap.add_argument("--toolchain", help="the ARM toolchain's folder (default: arm-none-eabi-gcc on PATH)")
    ap.add_argument("--python", help="the Python the build runs (needs the tag's "
                    "requirements-dev.txt; default: this one)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="make -j (default: the cores)")
    ap.add_argument("--off", action="append", metavar="CIRCUITPY_FLAG",
                    help="turn off one more module flag (refused if the app imports its module)")
    ap.add_argument("--modules", action="store_true",
                    help="print the module list the variant would have, build nothing")
    args = ap.parse_args(argv)
    try:
        if args.vm:
            build_vm(args)
        else:
            build_board(args)
    except (BuildError, toolchain.ToolchainError, src.SourceError, FileNotFoundError) as e:
        print("build_firmware: %s" % e.args[0], file=sys.stderr)
        return e.args[1] if len(e.args) > 1 else 2
    return 0
