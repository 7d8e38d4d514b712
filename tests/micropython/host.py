"""Driving real MicroPython from CPython now lives in tools/micropython_host.py (tools do not
import from tests/); this name is kept for the tests that import it from here."""

from tools.micropython_host import REPO, RUNNER, MicroPythonError, Session, node_command, run  # noqa: F401
