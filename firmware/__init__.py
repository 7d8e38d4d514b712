"""The CircuitPython app: screens, widgets, input, saving and sound (``code.py`` starts it)."""

VERSION = "0.1.0"


def forget(name):
    """Drop a module from ``sys.modules`` and from its package: once nothing else refers to it,
    its code is garbage; the next import loads it again (``App.forget``, which the desktop
    skips; this one drops it there too, for a module loaded for a moment)."""
    import sys

    del sys.modules[name]
    i = name.rfind(".")
    pkg = sys.modules.get(name[:i]) if i > 0 else None
    if pkg is not None:
        try:
            delattr(pkg, name[i + 1:])
        except (AttributeError, TypeError):
            pass
