"""CRC-16/CCITT-FALSE, for save blobs and NVM slots (16-bit arithmetic: no big ints)."""


def crc16(data, crc=0xFFFF):
    """The CRC of ``data`` (bytes-like), continuing from ``crc``."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
