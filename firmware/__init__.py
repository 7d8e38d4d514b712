"""The CircuitPython app: screens, widgets, input, saving and sound (``code.py`` starts it)."""

VERSION = "0.1.0"
