"""microcontroller stand-in (MicroPython): ``nvm`` (kept in a file, as a board keeps it in
flash), ``reset()``."""

import cphw

nvm = cphw.NVM(cphw.cfg["nvm"], cphw.cfg["nvm_size"])


class Reset(Exception):
    pass


def reset():
    raise Reset()
