"""The CRC every saved byte carries: the save blob's (``shared_rules.save``) and the NVM
images' (``firmware.nvmstore``). A module of its own so that the store, which the device keeps
loaded, does not keep the save's codec (code is RAM on a board)."""


def crc16(data, crc=0xFFFF):
    """The CRC-16/CCITT-FALSE of ``data`` (bytes-like), continuing from ``crc`` (16-bit
    arithmetic: no big ints)."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
