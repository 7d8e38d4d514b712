"""Build the web page that plays the console in a browser (docs/web.md) into one folder.

    python -m tools.build_web [--out build/web] [--serve [--port 8000]]

The folder holds the page (``web/``), the pinned MicroPython WebAssembly build from
``node_modules``, the stand-ins for CircuitPython's modules (those of
``tests/micropython/cpstubs/`` the page shares with the MicroPython runner, and the page's own
in ``web/py/``), and the app of every board exactly as
``tools/deploy.py --py`` installs it (``tools/deploy_lib/layout.py`` ``collect``: ``code.py``,
``lib/firmware``, ``lib/boards`` with that board's module, ``lib/shared_rules``; no desktop
module), listed in ``manifest.json`` with each board's description. Nothing is served from
code: ``--serve`` runs ``python -m http.server`` on the folder.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(REPO, "web")
STUBS = os.path.join(REPO, "tests", "micropython", "cpstubs")
MICROPYTHON = os.path.join(REPO, "node_modules", "@micropython", "micropython-webassembly-pyscript")
OUT = os.path.join(REPO, "build", "web")
# the MicroPython runner's stand-ins the page uses as they are (its own displayio,
# bitmaptools, supervisor and _audioout are in web/py/), and those its own build on, renamed
SHARED_STUBS = ("analogio", "audiocore", "audioio", "audiopwmio", "board", "cphw", "cpos",
                "cptime", "digitalio", "keypad", "microcontroller", "screentext", "storage")
RENAMED_STUBS = (("displayio", "cpdisplayio"), ("bitmaptools", "cpbitmaptools"))


def board_entry(board_id, files):
    """A board's description for the page: its name, screen, buttons (their keyboard keys), how
    each logical key is made, the stand-ins' wiring (as the MicroPython runner's) and its flash."""
    from emulator import specs
    from tools.micropython_firmware import board_config

    spec = specs.spec(board_id)
    cfg = board_config(board_id, 0)
    del cfg["urandom"]
    cfg["nvm"] = "localStorage"
    cfg["flash"] = [spec.flash.kind, spec.flash.unit, spec.flash.nvs_pages]
    return {
        "id": board_id,
        "name": spec.name,
        "width": spec.width,
        "height": spec.height,
        "buttons": [[b.name, b.keyboard] for b in spec.buttons],
        "logical": {k: list(v) for k, v in sorted(spec.logical.items())},
        "speaker": spec.speaker is not None,
        "config": cfg,
        "files": files,  # the board paths collect(board_id) installs
    }


def build(out=OUT):
    """Write the page into ``out`` (emptied first); returns the manifest."""
    from boards import SUPPORTED
    from tools.deploy_lib.layout import collect

    if not os.path.exists(os.path.join(MICROPYTHON, "micropython.wasm")):
        raise SystemExit("MicroPython WebAssembly is not installed: run `make test` or `npm ci`.")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "py"))
    for name in sorted(os.listdir(WEB)):
        if os.path.isfile(os.path.join(WEB, name)):
            shutil.copy(os.path.join(WEB, name), os.path.join(out, name))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy(os.path.join(MICROPYTHON, name), os.path.join(out, name))
    py = []
    for name in SHARED_STUBS:
        shutil.copy(os.path.join(STUBS, name + ".py"), os.path.join(out, "py", name + ".py"))
        py.append(name + ".py")
    for name, renamed in RENAMED_STUBS:
        shutil.copy(os.path.join(STUBS, name + ".py"), os.path.join(out, "py", renamed + ".py"))
        py.append(renamed + ".py")
    for name in sorted(os.listdir(os.path.join(WEB, "py"))):
        if name.endswith(".py"):
            shutil.copy(os.path.join(WEB, "py", name), os.path.join(out, "py", name))
            py.append(name)
    boards = []
    for board_id in SUPPORTED:
        files = collect(board_id)
        for path, host in files:
            dest = os.path.join(out, "app", path.lstrip("/"))
            if not os.path.exists(dest):
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copy(host, dest)
        boards.append(board_entry(board_id, [path for path, _ in files]))
    manifest = {"py": sorted(set(py)), "boards": boards}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT, help="the folder to build into (emptied first)")
    ap.add_argument("--serve", action="store_true", help="then serve it on localhost")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    manifest = build(args.out)
    n = sum(len(b["files"]) for b in manifest["boards"])
    print("built the page in %s (%d boards, %d app files)" % (os.path.relpath(args.out), len(
        manifest["boards"]), n))
    if args.serve:
        print("open http://localhost:%d/ (another board: http://localhost:%d/?board=clue_nrf52840_express);"
              " Ctrl-C stops" % (args.port, args.port), flush=True)
        try:
            subprocess.run([sys.executable, "-m", "http.server", str(args.port), "--bind",
                            "127.0.0.1", "--directory", args.out])
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
