"""The board variant: the board's own definition from the CircuitPython source, plus the app
frozen in and the CircuitPython modules the app never imports turned off.

The module list is derived from the app's imports (``app.external_imports``, read at run
time): every module in ``OPTIONAL`` that the app does not import is turned off, unless the
board or the build needs it (``KEEP``). ``check`` refuses a variant that turns off a module the
app imports.
"""

import os
import shutil

from tools.deploy_lib import pystack

# CircuitPython 10 build flags that only give Python code a module, with the module names each
# gives. A flag is turned off when the app imports none of its modules (and it is not kept).
OPTIONAL = {
    "CIRCUITPY_AESIO": ("aesio",),
    "CIRCUITPY_ALARM": ("alarm",),
    "CIRCUITPY_ANALOGBUFIO": ("analogbufio",),
    "CIRCUITPY_ANALOGIO": ("analogio",),
    "CIRCUITPY_ASYNCIO": ("_asyncio", "asyncio"),
    "CIRCUITPY_ATEXIT": ("atexit",),
    "CIRCUITPY_AUDIOBUSIO": ("audiobusio",),
    "CIRCUITPY_AUDIODELAYS": ("audiodelays",),
    "CIRCUITPY_AUDIOFILTERS": ("audiofilters",),
    "CIRCUITPY_AUDIOFREEVERB": ("audiofreeverb",),
    "CIRCUITPY_AUDIOMIXER": ("audiomixer",),
    "CIRCUITPY_AUDIOMP3": ("audiomp3",),
    "CIRCUITPY_BINASCII": ("binascii",),
    "CIRCUITPY_BITBANGIO": ("bitbangio",),
    "CIRCUITPY_BITMAPFILTER": ("bitmapfilter",),
    "CIRCUITPY_BITMAPTOOLS": ("bitmaptools",),
    "CIRCUITPY_BITOPS": ("bitops",),
    "CIRCUITPY_BUSDEVICE": ("adafruit_bus_device",),
    "CIRCUITPY_CANIO": ("canio",),
    "CIRCUITPY_CODEOP": ("codeop",),
    "CIRCUITPY_COUNTIO": ("countio",),
    "CIRCUITPY_EPAPERDISPLAY": ("epaperdisplay",),
    "CIRCUITPY_ERRNO": ("errno",),
    "CIRCUITPY_FLOPPYIO": ("floppyio",),
    "CIRCUITPY_FRAMEBUFFERIO": ("framebufferio",),
    "CIRCUITPY_FREQUENCYIO": ("frequencyio",),
    "CIRCUITPY_FUTURE": ("__future__",),
    "CIRCUITPY_GETPASS": ("getpass",),
    "CIRCUITPY_GIFIO": ("gifio",),
    "CIRCUITPY_I2CDISPLAYBUS": ("i2cdisplaybus",),
    "CIRCUITPY_I2CTARGET": ("i2ctarget",),
    "CIRCUITPY_JPEGIO": ("jpegio",),
    "CIRCUITPY_JSON": ("json",),
    "CIRCUITPY_KEYPAD_DEMUX": ("keypad_demux",),
    "CIRCUITPY_LOCALE": ("locale",),
    "CIRCUITPY_LVFONTIO": ("lvfontio",),
    "CIRCUITPY_MAX3421E": ("max3421e",),
    "CIRCUITPY_MEMORYMAP": ("memorymap",),
    "CIRCUITPY_MEMORYMONITOR": ("memorymonitor",),
    "CIRCUITPY_MSGPACK": ("msgpack",),
    "CIRCUITPY_NEOPIXEL_WRITE": ("neopixel_write",),
    "CIRCUITPY_ONEWIREIO": ("onewireio",),
    "CIRCUITPY_PARALLELDISPLAYBUS": ("paralleldisplaybus",),
    "CIRCUITPY_PIXELBUF": ("adafruit_pixelbuf",),
    "CIRCUITPY_PIXELMAP": ("_pixelmap",),
    "CIRCUITPY_PS2IO": ("ps2io",),
    "CIRCUITPY_PULSEIO": ("pulseio",),
    "CIRCUITPY_QRIO": ("qrio",),
    "CIRCUITPY_RAINBOWIO": ("rainbowio",),
    "CIRCUITPY_RANDOM": ("random",),
    "CIRCUITPY_RE": ("re",),
    "CIRCUITPY_RGBMATRIX": ("rgbmatrix",),
    "CIRCUITPY_ROTARYIO": ("rotaryio",),
    "CIRCUITPY_RTC": ("rtc",),
    "CIRCUITPY_SDCARDIO": ("sdcardio",),
    "CIRCUITPY_SDIOIO": ("sdioio",),
    "CIRCUITPY_SHARPDISPLAY": ("sharpdisplay",),
    "CIRCUITPY_SPITARGET": ("spitarget",),
    "CIRCUITPY_STAGE": ("_stage", "ugame", "stage"),
    "CIRCUITPY_SYNTHIO": ("synthio",),
    "CIRCUITPY_TOUCHIO": ("touchio",),
    "CIRCUITPY_TRACEBACK": ("traceback",),
    "CIRCUITPY_ULAB": ("ulab",),
    "CIRCUITPY_USB_HID": ("usb_hid",),
    "CIRCUITPY_USB_MIDI": ("usb_midi",),
    "CIRCUITPY_USB_VIDEO": ("usb_video",),
    "CIRCUITPY_VECTORIO": ("vectorio",),
    "CIRCUITPY_WARNINGS": ("warnings",),
    "CIRCUITPY_WATCHDOG": ("watchdog",),
    "CIRCUITPY_ZLIB": ("zlib",),
    "CIRCUITPY__EVE": ("_eve",),
    # async/await itself, with asyncio and select: off when the app neither imports those nor
    # writes ``async``/``await`` (``app.syntax``)
    "MICROPY_PY_ASYNC_AWAIT": ("asyncio", "_asyncio", "select"),
}

# A flag that stays on keeps these on too (py/circuitpy_mpconfig.h: "CIRCUITPY_ASYNCIO requires
# CIRCUITPY_TRACEBACK").
NEEDS = {"MICROPY_PY_ASYNC_AWAIT": ("CIRCUITPY_TRACEBACK",)}
# A flag kept on whatever the imports say when the app's code uses this piece of syntax.
SYNTAX = {"MICROPY_PY_ASYNC_AWAIT": "async"}

# Kept whatever the app imports, with the reason: the board's own C code or the link needs them.
KEEP = {
    "CIRCUITPY_NEOPIXEL_WRITE": "the status LED code links against it",
}
# The same, for one port only.
KEEP_IN_PORT = {
    "raspberrypi": {"CIRCUITPY_BITBANGIO": "busio.I2C falls back to bitbangio on the RP2040 "
                                           "(common-hal/busio/I2C.c links against it)"},
}

FLAG_FILES = ("py/circuitpy_mpconfig.mk", "py/mpconfig.h")  # where CircuitPython defines its module flags


def known_flags(source, port):
    """The CIRCUITPY_ flags the source defines (the shared list and the port's own), so that a
    variant never sets one this CircuitPython does not have."""
    text = ""
    for rel in FLAG_FILES + (os.path.join("ports", port, "mpconfigport.mk"),):
        path = os.path.join(source, rel)
        if os.path.exists(path):
            with open(path) as f:
                text += f.read()
    return {flag for flag in OPTIONAL if flag in text}


def module_settings(imports, flags=None, syntax=("async",), port=None):
    """{flag: 0} for every optional flag none of whose modules the app imports (``imports``:
    module names) and whose syntax it does not use (``syntax``, ``app.syntax``), restricted to
    ``flags`` when given; kept flags, and what a flag left on needs, are never turned off."""
    used = set(imports)
    on = set()
    keep = set(KEEP) | set(KEEP_IN_PORT.get(port, ()))
    for flag, modules in OPTIONAL.items():
        if flag in keep or used.intersection(modules) or SYNTAX.get(flag) in syntax:
            on.add(flag)
    for flag in list(on):
        on.update(NEEDS.get(flag, ()))
    if flags is not None:  # a flag this source does not define is on as far as we know
        for flag, needs in NEEDS.items():
            if flag not in flags:
                on.update(needs)
    out = {}
    for flag in sorted(OPTIONAL):
        if flag in on or (flags is not None and flag not in flags):
            continue
        out[flag] = 0
    return out


def check(imports, settings):
    """[message] for every module the app imports that ``settings`` turns off (empty: fine).
    ``imports``: {module: [(file, line)]} (``app.external_imports``) or module names."""
    problems = []
    for flag, value in sorted(settings.items()):
        if value:
            continue
        for module in OPTIONAL.get(flag, ()):
            if module in imports:
                where = ""
                if isinstance(imports, dict) and imports[module]:
                    f, line = imports[module][0]
                    where = " (%s line %d)" % (f, line)
                problems.append("the app imports %s%s, which %s = 0 leaves out" % (module, where, flag))
    return problems


MARK = "# --- added by tools.build_firmware: the app frozen in, unused modules off ---"


def board_dir(source, port, board):
    return os.path.join(source, "ports", port, "boards", board)


def write_variant(source, port, board, dest, settings, frozen_dir):
    """Write the variant of ``board`` into ``dest`` (a new folder): the board's files copied
    from ``source`` untouched but ``mpconfigboard.mk``, which gets the app frozen in (in place
    of the board's own frozen libraries) and ``settings`` appended, and ``mpconfigboard.h``,
    which gets the pystack the games need. Returns the new .mk text."""
    src = board_dir(source, port, board)
    if not os.path.isdir(src):
        raise FileNotFoundError("%s has no board %s (looked in %s)" % (source, board, src))
    if os.path.exists(dest):
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    with open(os.path.join(src, "mpconfigboard.mk")) as f:
        text = f.read()
    lines = [text.rstrip("\n"), "", MARK,
             "# the board's own frozen libraries are replaced by the app (it imports none of them)",
             "FROZEN_MPY_DIRS = %s" % frozen_dir,
             "# compiled as deploy compiles the app's .mpy files (-O3: the modules' `if __debug__:`",
             "# blocks, the constants' public names for the desktop, left out of their RAM tables)",
             "MPY_CROSS_FLAGS = -O3"]
    for flag, value in sorted(settings.items()):
        lines.append("%s = %d" % (flag, value))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(dest, "mpconfigboard.mk"), "w") as f:
        f.write(text)
    with open(os.path.join(dest, "mpconfigboard.h"), "a") as f:  # before the port's default
        f.write("\n// %s\n// the games' deepest calls need more Python stack than the default "
                "(tools/deploy_lib/pystack.py)\n#define CIRCUITPY_PYSTACK_SIZE (%d)\n"
                % (MARK[2:], pystack.SIZE))
    return text


def stage_app(repo, dest):
    """The app's packages copied into ``dest`` for ``FROZEN_MPY_DIRS`` (only ``.py`` files)."""
    from .app import app_files

    if os.path.exists(dest):
        shutil.rmtree(dest)
    for rel, path in app_files(repo):
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copy(path, out)
    return dest
