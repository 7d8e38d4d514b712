"""The key-press driver now lives in tools/phase10_driver.py (tools do not import from tests/);
this name is kept for the tests and scripts that import it from here."""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

from tools.phase10_driver import *  # noqa: E402,F401,F403
from tools.phase10_driver import GUARD_MS, main  # noqa: E402,F401

if __name__ == "__main__":
    main()
