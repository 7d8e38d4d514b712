"""``python -m emulator``: see emulator/cli.py and docs/emulator.md."""

import sys

from emulator.cli import main

sys.exit(main())
