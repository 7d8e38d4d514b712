"""Test isolation shared by every suite.

The emulator boots the app's own copies of ``shared_rules``, ``firmware`` and ``boards`` (as a
board would) and removes them again. A test that leaves a machine running, or imports part of the
rules core while one runs, could leave the device's copies behind: then a later test's
``RuleError`` would no longer be the class the rules core raises. So every test gets back the
app modules it started with."""

import sys

import pytest

APP_PACKAGES = ("shared_rules", "firmware", "boards")


def _app_modules():
    return {name: mod for name, mod in sys.modules.items() if name.split(".")[0] in APP_PACKAGES}


@pytest.fixture(autouse=True)
def _keep_app_modules():
    before = _app_modules()
    yield
    for name in list(sys.modules):
        if name.split(".")[0] in APP_PACKAGES and sys.modules[name] is not before.get(name):
            del sys.modules[name]
    sys.modules.update(before)
