"""Library behind ``tools/deploy.py``: put CircuitPython and the app on a board.

Modules: ``boards`` (facts about the supported boards), ``layout`` (which files the app
consists of), ``targets`` (a mounted drive or a serial raw REPL), ``rawrepl`` (the raw REPL
protocol), ``sync`` (copy only what changed, verify, manifest), ``mpycross`` (CircuitPython's
mpy-cross for the board's version: cached or downloaded), ``libraries`` (library copies
already on the board, ``--bundle``), ``firmware`` (UF2 and ESP images), ``discover`` (find
boards), ``progress`` (bars), ``cli`` (the command).
"""
