#!/usr/bin/env python3
"""Put CircuitPython and the game on a real board, safely: ``python tools/deploy.py --help``.

Everything lives in ``tools/deploy_lib/``; docs/deploy.md explains each step.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from deploy_lib.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
